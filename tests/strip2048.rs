//! Strip 2048 end to end through the `arcade` binary and the registry: the IPSC subcommand on
//! the statement's samples and on known-answer files, and gen/solve/score agreeing.

mod common;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/strip2048/");

/// stdout, stderr and success of `arcade ARGS < stdin`.
fn arcade(args: &[&str], stdin: &str) -> (String, String, bool) {
    let out = common::arcade_with_stdin(args, stdin);
    (out.stdout, out.stderr, out.code == Some(0))
}

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{DATA}{name}")).unwrap()
}

#[test]
fn ipsc_samples_and_known_answers() {
    for (mode, file) in [
        ("easy", "b1-sample"),
        ("hard", "b2-sample"),
        ("easy", "b1-random"),
        ("hard", "b2-random"),
    ] {
        let (out, err, ok) = arcade(&["ipsc2014b", mode], &data(&format!("{file}.in")));
        assert!(ok, "{file}: {err}");
        assert_eq!(out, data(&format!("{file}.out")), "{file}");
    }
}

#[test]
fn ipsc_errors_exit_with_a_reason() {
    let (_, err, ok) = arcade(&["ipsc2014b", "hard"], "1\n\n3\n2 0 6\n");
    assert!(!ok);
    assert!(err.contains("test 1: cell 3 is 6"), "{err}");
    let (_, err, ok) = arcade(&["ipsc2014b"], "");
    assert!(!ok);
    assert!(err.contains("Usage"), "{err}");
}

#[test]
fn gen_feeds_hard_and_solve_reaches_its_answer() {
    for seed in ["1", "17", "123456789"] {
        let (input, _, ok) = arcade(&["gen", "strip2048", "--seed", seed], "");
        assert!(ok);
        let (best, err, ok) = arcade(&["ipsc2014b", "hard"], &input);
        assert!(ok, "{err}");
        let (moves, err, ok) = arcade(
            &["solve", "strip2048", "--seed", seed, "--budget-ms", "3000"],
            "",
        );
        assert!(ok, "{err}");
        assert_eq!(err.trim(), format!("score: {}", best.trim()), "seed {seed}");
        let (scored, err, ok) = arcade(&["score", "strip2048", "--seed", seed, "-"], &moves);
        assert!(ok, "{err}");
        assert_eq!(
            scored.lines().last().unwrap(),
            format!("score: {}", best.trim())
        );
    }
}

#[test]
fn score_reports_bad_letters_by_move() {
    let (_, err, ok) = arcade(&["score", "strip2048", "--seed", "4", "-"], "lr\nrq");
    assert!(!ok);
    assert!(
        err.contains("move 3: 'q' is not a move (expected l or r)"),
        "{err}"
    );
    // A prefix is fine, whitespace anywhere.
    let (out, err, ok) = arcade(&["score", "strip2048", "--seed", "4", "-"], " l\nr ");
    assert!(ok, "{err}");
    assert!(out.starts_with("score: "), "{out}");
}

#[test]
fn the_registry_serves_the_game() {
    let game = arcade::games::find("strip2048").expect("registered");
    let info = game.info();
    assert_eq!(info.agents, ["exact", "greedy"]);
    let mut params = arcade::game::Params::new();
    params.insert("n".into(), 41);
    assert!(game.input_text(1, &params).is_err());
    params.insert("n".into(), 12);
    let text = game.input_text(1, &params).unwrap();
    assert_eq!(text.lines().nth(2), Some("12"));
    let mut session = game.session(8, &arcade::game::Params::new()).unwrap();
    session.play_text("l").unwrap();
    assert!(session.play_text("x").is_err());
    let frame = session.frame();
    let view = &frame["view"];
    assert_eq!(view["last_move"], "l");
    assert!(view["next_random"].as_array().unwrap().len() == 2);
    assert!(view["values"]
        .as_array()
        .unwrap()
        .iter()
        .all(|v| v.is_string()));
}

#[test]
fn the_page_golden_files_match_the_cli() {
    // The wasm and end-to-end tests check the page against these (see the data README).
    let (input, _, ok) = arcade(&["gen", "strip2048", "--seed", "7"], "");
    assert!(ok);
    assert_eq!(input, data("seed7.in"));
    let (best, _, ok) = arcade(&["ipsc2014b", "hard"], &input);
    assert!(ok);
    assert_eq!(best, "2996\n");
    let (scored, err, ok) = arcade(
        &["score", "strip2048", "--seed", "7", "-"],
        &data("seed7-exact.out"),
    );
    assert!(ok, "{err}");
    assert_eq!(scored.lines().last().unwrap(), "score: 2996");
    let (input, _, _) = arcade(&["gen", "strip2048", "--seed", "4"], "");
    let (best, _, _) = arcade(&["ipsc2014b", "hard"], &input);
    assert_eq!(best, "68\n");
}
