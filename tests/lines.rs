//! Lines through the registry and the CLI, the way the page and a contestant use it: a
//! manual move through a path, an unreachable target refused, outputs scored as the CLI
//! scores them.

use arcade::clock::Budget;
use arcade::game::{DynGame, DynSession, Error, Game, Params, Session};
use arcade::games::{self, lines::Lines};
use arcade::rng::JavaSha1Prng;
use std::process::Command;

fn lines() -> &'static dyn DynGame {
    games::find("lines").expect("lines is registered")
}

fn data(name: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lines/");
    std::fs::read_to_string(format!("{path}{name}")).unwrap()
}

#[test]
fn the_registry_lists_lines_with_its_overrides_and_solvers() {
    let info = lines().info();
    assert_eq!((info.id, info.title), ("lines", "Lines"));
    let names: Vec<&str> = info.params.iter().map(|p| p.name).collect();
    assert_eq!(names, ["N", "C"]);
    assert_eq!(info.agents[0], "expectimax");
    assert!(info.agents.contains(&"greedy"));
    assert_eq!(lines().describe(2, &Params::new()), "N=11 C=9");
    let mut params = Params::new();
    params.insert("N".into(), 12);
    assert!(matches!(
        lines().input_text(1, &params),
        Err(Error::Request(_))
    ));
}

#[test]
fn the_input_is_n_c_then_the_grid() {
    let text = lines().input_text(8, &Params::new()).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[0], "7 9");
    assert_eq!(rows.len(), 8);
    assert_eq!(rows[1], "4000000");
    assert_eq!(rows[4], "0000500");
    assert_eq!(rows[5], "0000005");
}

/// The reference policies' games ("first", "greedy"; `trace` in src/games/lines/mod.rs), as
/// output files: the same scores through the text.
#[test]
fn the_reference_policies_games_score_through_their_output_files() {
    for (seed, file, score) in [
        (1, "seed1-first.out", 10),
        (2, "seed2-first.out", 0),
        (1, "seed1-greedy.out", 64),
    ] {
        assert_eq!(
            lines().score(seed, &Params::new(), &data(file)),
            Ok(score),
            "{file}"
        );
    }
}

/// `arcade solve lines --seed 5 --solver greedy` (deterministic, any budget) as it played
/// before it built lines longer than five (commit 2392e75), kept for the page's tests: a
/// whole 1,000-move game.
#[test]
fn the_greedy_golden_output_plays_all_1000_moves() {
    let text = data("seed5-greedy.out");
    assert_eq!(lines().score(5, &Params::new(), &text), Ok(3916));
    let mut session = lines().session(5, &Params::new()).unwrap();
    session.load_output(&text).unwrap();
    assert_eq!(session.len(), 1000);
    assert_eq!(session.frame()["view"]["end"], "moves");
}

#[test]
fn the_cli_scores_a_file_and_names_a_bad_move() {
    let exe = env!("CARGO_BIN_EXE_arcade");
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lines/seed1-greedy.out"
    );
    let out = Command::new(exe)
        .args(["score", "lines", "--seed", "1", file])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().last(), Some("score: 64"));

    // The same file scored against seed 3 breaks at some move, with its reason.
    let out = Command::new(exe)
        .args(["score", "lines", "--seed", "3", file])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("error: move "), "{stderr}");

    let out = Command::new(exe)
        .args(["gen", "lines", "--seed", "1"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().lines().next(),
        Some("7 3")
    );
}

#[test]
fn a_manual_move_travels_its_path_and_undo_restores() {
    let mut session = lines().session(1, &Params::new()).unwrap();
    session.play_text("1 6 0 0").unwrap();
    let frame = session.frame();
    assert_eq!(frame["turn"], 1);
    let path = frame["view"]["path"].as_array().unwrap();
    assert_eq!(path.first().unwrap(), &serde_json::json!([1, 6]));
    assert_eq!(path.last().unwrap(), &serde_json::json!([0, 0]));
    assert_eq!(path.len(), 8);
    assert_eq!(frame["view"]["spawned"].as_array().unwrap().len(), 3);
    assert!(session.undo());
    assert_eq!(
        session.frame()["view"]["grid"],
        serde_json::json!(Lines::generate(1, &Params::new()).grid)
    );
    assert!(session.redo());
    assert_eq!(session.cursor(), 1);
}

#[test]
fn an_unreachable_target_is_refused_with_its_reason() {
    // A ball boxed in the corner by a wall of others.
    let mut inst = Lines::generate(1, &Params::new());
    inst.grid = vec![0; 49];
    inst.grid[0] = 1;
    inst.grid[1] = 2;
    inst.grid[7] = 3;
    inst.rng = JavaSha1Prng::new(5);
    let mut session: Box<dyn DynSession> = Box::new(Session::<Lines>::new(inst));
    let e = session.play_text("0 0 3 3").unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 0: no path of empty cells from (0, 0) to (3, 3)"
    );
    assert_eq!(session.len(), 0);
    let e = session.play_text("0 0  3 3").unwrap_err();
    assert!(e.to_string().contains("single spaces"), "{e}");
    session.play_text("0 1 3 3").unwrap();
}

#[test]
fn a_preview_shows_the_move_without_playing_it() {
    let mut session = lines().session(1, &Params::new()).unwrap();
    let before = session.frame();
    // Seed 1: the ball at (5, 4) to (0, 0), then a refused one from an empty cell.
    let preview = session.preview_text("5 4 0 0").unwrap();
    assert_eq!(session.frame(), before, "a preview changes nothing");
    assert_eq!(preview["path"][0], serde_json::json!([5, 4]));
    let e = session.preview_text("0 0 1 1").unwrap_err();
    assert!(e.to_string().starts_with("move 0: "), "{e}");
    session.play_text("5 4 0 0").unwrap();
    assert_eq!(
        session.frame()["view"],
        preview,
        "the preview is what the move does"
    );
}

#[test]
fn a_pasted_solver_output_scores_as_the_cli_scores_it() {
    let params = Params::new();
    let solution = lines()
        .solve(5, &params, "greedy", &mut Budget::new(1e9))
        .unwrap();
    assert_eq!(
        lines().score(5, &params, &solution.output),
        Ok(solution.score)
    );
    let mut session = lines().session(5, &params).unwrap();
    session.load_output(&solution.output).unwrap();
    assert_eq!(session.score(), solution.score);
    assert!(session.is_over());
    assert_eq!(session.output_text(), solution.output);
    // The tester reads no further once the game is over.
    let padded = solution.output.clone() + "0 0 0 0\n\nwhatever\n";
    assert_eq!(lines().score(5, &params, &padded), Ok(solution.score));
    // A cut output is not finished.
    let cut: String = solution
        .output
        .lines()
        .take(10)
        .map(|l| format!("{l}\n"))
        .collect();
    let e = lines().score(5, &params, &cut).unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 10: the output ends after 10 moves but the game is not over"
    );
}

#[test]
fn a_solve_from_a_prefix_keeps_the_prefix_and_plays_on_from_it() {
    let params = Params::new();
    // A prefix the rules refuse is named like any bad output.
    let prefix = "0 0 0 1\n";
    let e = lines()
        .solve_from(5, &params, prefix, "greedy", &mut Budget::new(1e9))
        .unwrap_err();
    assert!(e.to_string().starts_with("move 0: "), "{e}");
    // The first three moves of greedy's own game: greedy plays on from the position after
    // them, and the output starts with the prefix.
    let whole = lines()
        .solve(5, &params, "greedy", &mut Budget::new(1e9))
        .unwrap();
    let prefix: String = whole
        .output
        .lines()
        .take(3)
        .map(|l| l.to_owned() + "\n")
        .collect();
    let from = lines()
        .solve_from(5, &params, &prefix, "greedy", &mut Budget::new(1e9))
        .unwrap();
    assert!(from.output.starts_with(&prefix));
    assert_eq!(lines().score(5, &params, &from.output), Ok(from.score));
    // Greedy is deterministic and sees only the position: the same game as from the start.
    assert_eq!(from.output, whole.output);
    // An empty prefix is a solve from the start.
    let empty = lines()
        .solve_from(5, &params, "", "greedy", &mut Budget::new(1e9))
        .unwrap();
    assert_eq!(empty.output, whole.output);
}
