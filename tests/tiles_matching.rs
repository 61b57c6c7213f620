//! TilesMatching through the registry, as the CLI and the page use it: the statement's
//! examples, golden outputs, solver outputs that score as reported, and a page session.

use arcade::clock::{stepping_clock, Budget};
use arcade::game::{DynGame, Error, Params};
use arcade::games;

/// The statement's ten examples ("seed = 1 N = 6 S = 11 D = 3", ...): seed, N, S, D.
const STATEMENT_EXAMPLES: [(u64, u32, u32, u32); 10] = [
    (1, 6, 11, 3),
    (2, 10, 8, 2),
    (3, 9, 9, 4),
    (4, 4, 10, 3),
    (5, 7, 10, 2),
    (6, 7, 9, 4),
    (7, 8, 10, 2),
    (8, 8, 12, 4),
    (9, 7, 8, 2),
    (10, 8, 8, 2),
];

fn data(name: &str) -> String {
    let path = format!(
        "{}/tests/data/tiles-matching/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn game() -> &'static dyn DynGame {
    games::find("tiles-matching").expect("tiles-matching is registered")
}

#[test]
fn registered_with_its_solvers_and_no_caveat() {
    let info = game().info();
    assert_eq!(info.title, "TilesMatching");
    assert_eq!(info.agents, ["eval", "greedy"]);
    // The generator is the official tester's (tests/data/tiles-matching/official/).
    assert_eq!(info.caveat, None);
    assert_eq!(info.min_seed, 1);
}

#[test]
fn the_statements_ten_examples_open_the_input() {
    for (seed, n, s, d) in STATEMENT_EXAMPLES {
        // One value a line, as the official tester sends them.
        let input = game().input_text(seed, &Params::new()).unwrap();
        let head: Vec<&str> = input.lines().take(3).collect();
        assert_eq!(
            head,
            [n.to_string(), s.to_string(), d.to_string()],
            "seed {seed}"
        );
    }
}

/// `official/scores.tsv`: seed and the official MM53 tester's score of `official/NNNN.txt`.
fn official_scores() -> Vec<(u64, i64)> {
    let table = data("official/scores.tsv");
    let rows: Vec<(u64, i64)> = table
        .lines()
        .skip(1)
        .map(|line| {
            let (seed, score) = line.split_once('\t').expect("seed<TAB>score");
            (seed.parse().unwrap(), score.parse().unwrap())
        })
        .collect();
    assert_eq!(rows.len(), 20, "seeds 1..20");
    rows
}

#[test]
fn the_official_testers_scores_of_a_published_program() {
    // `arcade score`'s path: the official tester gave exactly these scores to these replies.
    for (seed, official) in official_scores() {
        let replies = data(&format!("official/{seed:04}.txt"));
        let score = game().score(seed, &Params::new(), &replies);
        assert_eq!(score, Ok(official), "seed {seed}");
    }
}

#[test]
fn golden_outputs_score_or_fail_at_their_move() {
    let params = Params::new();
    assert_eq!(game().score(1, &params, &data("seed1-give-up.out")), Ok(10));
    match game().score(1, &params, &data("seed1-bad-match.out")) {
        Err(Error::Move(e)) => {
            assert_eq!(e.turn, 10);
            assert!(
                e.reason.contains("tile 20 at (3, 3) matches neither"),
                "{}",
                e.reason
            );
        }
        other => panic!("expected a bad move, got {other:?}"),
    }
    // Solver outputs kept as golden files for the page's tests (see the data README).
    assert_eq!(
        game().score(1, &params, &data("seed1-greedy.out")),
        Ok(5927)
    );
    assert_eq!(game().score(4, &params, &data("seed4-eval.out")), Ok(19134));
    // Ending without GIVE UP is not a finished game.
    let short: String = data("seed1-give-up.out")
        .lines()
        .take(11)
        .collect::<Vec<_>>()
        .join("\n");
    let e = game().score(1, &params, &short).unwrap_err();
    assert!(e.to_string().starts_with("move 11:"), "{e}");
}

#[test]
fn greedy_is_deterministic_and_its_output_scores_as_reported() {
    let params = Params::new();
    for seed in [1, 2, 4] {
        let a = game()
            .solve(seed, &params, "greedy", &mut Budget::new(1e9))
            .unwrap();
        let b = game()
            .solve(seed, &params, "greedy", &mut Budget::new(1e9))
            .unwrap();
        assert_eq!(a.output, b.output, "seed {seed}");
        assert_eq!(game().score(seed, &params, &a.output), Ok(a.score));
        assert_eq!(a.output.lines().count(), a.moves);
    }
}

#[test]
fn eval_outputs_score_as_reported_and_beat_greedy() {
    let params = Params::new();
    // Seeds 2, 3, 5: N = 10, 9, 7, where greedy dies within a few dozen moves.
    let (mut eval_total, mut greedy_total) = (0, 0);
    for seed in [2, 3, 5] {
        let eval = game()
            // A mock clock (0.01 ms a reading): the same look-ahead on any machine.
            .solve(
                seed,
                &params,
                "eval",
                &mut Budget::with_clock(300.0, stepping_clock(0.01)),
            )
            .unwrap();
        assert_eq!(game().score(seed, &params, &eval.output), Ok(eval.score));
        let greedy = game()
            .solve(seed, &params, "greedy", &mut Budget::new(1e9))
            .unwrap();
        eval_total += eval.score;
        greedy_total += greedy.score;
    }
    assert!(
        eval_total > 2 * greedy_total,
        "eval {eval_total} vs greedy {greedy_total}"
    );
}

#[test]
fn a_page_session_plays_undoes_and_reports_the_view() {
    let mut session = game().session(1, &Params::new()).unwrap();
    let frame = session.frame();
    assert_eq!(frame["view"]["tile"], "W");
    assert_eq!(frame["view"]["legal"].as_array().unwrap().len(), 121);
    session.play_text("5 5").unwrap();
    let frame = session.frame();
    assert_eq!(frame["view"]["tile"], "52");
    assert_eq!(
        frame["view"]["legal"],
        serde_json::json!([[4, 5], [5, 4], [5, 6], [6, 5]])
    );
    let e = session.play_text("0 0").unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 1: cell (0, 0) has no placed tile beside it"
    );
    let e = session.play_text("5 x").unwrap_err();
    assert!(e.to_string().starts_with("move 1: 'x'"), "{e}");
    session.play_text("DISCARD").unwrap();
    assert_eq!(session.frame()["view"]["counter"], 1);
    assert!(session.undo());
    assert_eq!(session.frame()["view"]["counter"], 0);
    assert!(session.redo());
    session.play_text("GIVE UP").unwrap();
    assert!(session.is_over());
    assert_eq!(session.score(), 1);
    assert_eq!(session.output_text(), "5 5\nDISCARD\nGIVE UP\n");
    // A loaded output keeps its valid prefix and names the bad move.
    let e = session
        .load_output(&data("seed1-bad-match.out"))
        .unwrap_err();
    assert!(e.to_string().starts_with("move 10:"), "{e}");
    assert_eq!(session.cursor(), 10);
    assert_eq!(session.score(), 10);
}
