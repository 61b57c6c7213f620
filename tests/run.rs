//! `arcade run`: small contestant programs (Node.js, `tests/contestants/`) talk to the tester in
//! each contest's protocol. A run's score is `arcade score` of the output it printed; replays
//! of the official and reference games give their known scores; every fault gets its status
//! and message, and no process is left behind.

mod common;

use common::{arcade, arcade_with_stdin, data, ok, DATA};
use std::sync::atomic::{AtomicUsize, Ordering};

const CONTESTANTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/contestants/");

fn contestant(name: &str) -> String {
    format!("{CONTESTANTS}{name}")
}

/// The words of `text`, as arguments.
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// The last line of stderr, `score: X`, as X.
fn score_line(stderr: &str) -> i64 {
    let last = stderr.lines().last().unwrap_or_default();
    last.strip_prefix("score: ")
        .unwrap_or_else(|| panic!("no score line last: {stderr}"))
        .parse()
        .unwrap()
}

/// `arcade run GAME --seed S -- node PROGRAM ARGS`: the output and the score; checks that
/// `arcade score` gives the same score for that output. The time limit is a generous one:
/// these runs are about the conversation, and the machine may be busy.
fn run_and_rescore(game: &str, seed: &str, program: &[&str]) -> (String, i64) {
    let mut args = vec!["run", game, "--seed", seed, "--time-limit-ms", "60000"];
    args.extend(["--", "node"]);
    args.extend(program);
    let out = ok(&args);
    let score = score_line(&out.stderr);
    let rescored = arcade_with_stdin(&["score", game, "--seed", seed, "-"], &out.stdout);
    assert_eq!(
        rescored.stdout,
        format!("score: {score}\n"),
        "{game} {seed}: {}",
        rescored.stderr
    );
    (out.stdout, score)
}

/// Each game's contestant case: `tests/contestants/<id>.js` talks to `arcade run` in the
/// contest's protocol, and the run scores as `arcade score` scores its output. A game in the
/// registry without a case here fails `every_game_speaks_its_protocol_and_scores_as_arcade_score`.
fn contestant_case(id: &str) -> Option<fn()> {
    Some(match id {
        "lines" => || {
            // The "first" policy reads every grid; its games are the golden files.
            for (seed, golden, score) in [("1", "seed1-first.out", 10), ("3", "seed3-first.out", 0)]
            {
                let (output, got) = run_and_rescore("lines", seed, &[&contestant("lines.js")]);
                assert_eq!(output, data(&format!("lines/{golden}")));
                assert_eq!(got, score);
            }
        },
        "square-remover" => || {
            // The patterned output the official jar scores 5.
            let (output, score) =
                run_and_rescore("square-remover", "3", &[&contestant("square-remover.js")]);
            assert_eq!(output, data("square-remover/3-patterned.out"));
            assert_eq!(score, 5);
        },
        "strip2048" => || {
            // The exact solver's game, B2's optimum.
            let moves = format!("{DATA}strip2048/seed7-exact.out");
            let (_, score) =
                run_and_rescore("strip2048", "7", &[&contestant("strip2048.js"), &moves]);
            assert_eq!(score, 2996);
        },
        "tiles-matching" => || {
            // A player that follows the rules on its own board.
            for seed in ["1", "3", "4"] {
                let (output, score) =
                    run_and_rescore("tiles-matching", seed, &[&contestant("tiles-matching.js")]);
                assert!(
                    score > 0 && output.ends_with("GIVE UP\n"),
                    "seed {seed}: {score}"
                );
            }
        },
        "territory" => || {
            // Without an official record to replay: stays put every turn.
            let (output, _) = run_and_rescore("territory", "25", &[&contestant("territory.js")]);
            assert!(
                output.starts_with("# hello from the contestant\n"),
                "{output}"
            );
        },
        _ => return None,
    })
}

#[test]
fn every_game_speaks_its_protocol_and_scores_as_arcade_score() {
    for game in arcade::games::ALL {
        let id = game.info().id;
        let program = contestant(&format!("{id}.js"));
        assert!(
            std::path::Path::new(&program).is_file(),
            "{id}: no contestant program {program}"
        );
        let case = contestant_case(id)
            .unwrap_or_else(|| panic!("{id}: no contestant case in tests/run.rs"));
        case();
    }
}

#[test]
fn replayed_reference_lines_games_give_their_scores() {
    for (seed, file, score) in [
        ("1", "seed1-greedy.out", 64),
        ("5", "seed5-greedy.out", 3916),
    ] {
        let moves = format!("{DATA}lines/{file}");
        let (output, got) = run_and_rescore("lines", seed, &[&contestant("lines.js"), &moves]);
        assert_eq!((output, got), (data(&format!("lines/{file}")), score));
    }
}

/// A fresh folder under the system's temporary one.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arcade-run-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// TSV rows as maps from the header's names.
fn tsv_rows(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    lines
        .map(|line| {
            header
                .iter()
                .zip(line.split('\t'))
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

#[test]
fn official_ahc061_games_replayed_in_a_batch_give_the_official_scores() {
    let dir = temp_dir("territory");
    let official = format!("{DATA}territory/ahc061");
    // The program checks every report against the official transcripts of seeds 0..4 and
    // exits with status 1 on a difference (a crash here). The time limit is generous: this
    // test is about the conversation, and the machine may be busy.
    let mut args = words("run territory --seeds 0..19 --jobs 2 --time-limit-ms 20000 --format tsv");
    let program = contestant("territory.js");
    args.extend([
        "--out",
        dir.to_str().unwrap(),
        "--",
        "node",
        &program,
        &official,
    ]);
    let out = arcade(&args);
    assert_eq!(out.code, Some(0), "{}{}", out.stdout, out.stderr);
    let rows = tsv_rows(&out.stdout);
    let scores = data("territory/ahc061/judge_golden/scores.txt");
    let expected: Vec<(String, String)> = scores
        .lines()
        .map(|l| {
            let (seed, score) = l.split_once(' ').unwrap();
            (seed.trim_start_matches('0').to_string(), score.to_string())
        })
        .map(|(seed, score)| (if seed.is_empty() { "0".into() } else { seed }, score))
        .collect();
    let got: Vec<(String, String)> = rows
        .iter()
        .map(|r| (r["seed"].clone(), r["score"].clone()))
        .collect();
    assert_eq!(got, expected);
    assert!(rows
        .iter()
        .all(|r| r["status"] == "ok" && r["instance"].starts_with("M=")));
    // The files: the output (comments included, as the official tester echoes them) and the
    // program's stderr with the tester's verdict last.
    let three = std::fs::read_to_string(dir.join("0003.txt")).unwrap();
    assert!(three.starts_with("# hello from the contestant\n"));
    assert_eq!(
        ok(&[
            "score",
            "territory",
            "--seed",
            "3",
            dir.join("0003.txt").to_str().unwrap()
        ])
        .stdout,
        "score: 69875\n"
    );
    let err = std::fs::read_to_string(dir.join("0019.err")).unwrap();
    assert_eq!(err, format!("score: {}\n", expected[19].1));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_batch_table_with_relative_scores_and_a_comparison_of_two_folders() {
    let (a, b) = (temp_dir("lines-a"), temp_dir("lines-b"));
    let (a_dir, b_dir) = (a.to_str().unwrap(), b.to_str().unwrap());
    let first = contestant("lines.js");
    let greedy = format!("{DATA}lines/seed1-greedy.out");
    let mut args = words("run lines --seeds 1..3 --jobs 3 --out");
    args.extend([a_dir, "--", "node", &first]);
    let table = arcade(&args);
    assert_eq!(table.code, Some(0), "{}", table.stderr);
    let text = table.stdout;
    assert!(text.contains("| 1 | N=7 C=3 | 10 | 17 |"), "{text}");
    assert!(
        text.contains("score: sum 10, mean 3.3 over 3 seeds (0 invalid)"),
        "{text}"
    );
    // Seed 1's greedy game replayed on seeds 1..3: right on seed 1, illegal on the others.
    let mut args = words("run lines --seeds 1..3 --format json --out");
    args.extend([b_dir, "--compare", a_dir, "--", "node", &first, &greedy]);
    let replay = arcade(&args);
    assert_eq!(replay.code, Some(1), "invalid runs: status 1");
    let json: serde_json::Value = serde_json::from_str(&replay.stdout).unwrap();
    let runs = json["runs"].as_array().unwrap();
    assert_eq!(runs[0]["seed"], "1");
    assert_eq!(runs[0]["score"], 64);
    assert_eq!(runs[0]["relative"], 1_000_000.0);
    assert_eq!(runs[1]["score"], -1);
    assert_eq!(runs[1]["status"], "illegal-move");
    assert!(runs[1]["error"].as_str().unwrap().starts_with("move "));
    assert_eq!(runs[1]["relative"], 0.0);
    assert_eq!(json["summary"]["invalid"], 2);
    assert_eq!(json["standing"], "topcoder-ratio");

    let text = ok(&["compare", "lines", a_dir, b_dir]).stdout;
    let seed1 = "| 1 | N=7 C=3 | 10 | 64 | 156250.00 | 1000000.00 | B |";
    assert!(text.contains(seed1), "{text}");
    assert!(text.contains("A: 52083.33 · B: 333333.33"), "{text}");
    assert!(
        text.contains("A against B: 2 wins, 0 ties, 1 losses"),
        "{text}"
    );
    // The wrong folder (here the inputs) does not pass as ties: B's seeds 2-3 are invalid
    // and the inputs hold no valid output at all.
    let inputs = temp_dir("lines-inputs");
    let inputs_dir = inputs.to_str().unwrap();
    ok(&["gen", "lines", "--seeds", "1..3", "--dir", inputs_dir]);
    let wrong = arcade(&["compare", "lines", b_dir, inputs_dir]);
    assert_eq!(wrong.code, Some(1), "{}", wrong.stderr);
    assert!(
        wrong
            .stdout
            .contains("Neither folder has a valid output for 2 seeds (counted as ties): 2..3"),
        "{}",
        wrong.stdout
    );
    assert!(
        wrong
            .stderr
            .contains("holds no valid lines output: is it the right folder?"),
        "{}",
        wrong.stderr
    );
    std::fs::remove_dir_all(&inputs).unwrap();

    // Best scores from a TSV.
    let best = a.join("best.tsv");
    std::fs::write(&best, "seed\tscore\n1\t20\n2\t0\n").unwrap();
    let mut args = words("run lines --seeds 1..2 --format tsv --compare");
    args.extend([best.to_str().unwrap(), "--", "node", &first]);
    let rows = tsv_rows(&arcade(&args).stdout);
    assert_eq!(
        (rows[0]["relative"].as_str(), rows[1]["relative"].as_str()),
        ("500000", "0")
    );
    // Two competitors and MM53's rank points: the contestant scores 9 and 20 on seeds 1, 2.
    let (one, two) = (a.join("one.tsv"), a.join("two.tsv"));
    std::fs::write(&one, "1\t5\n2\t20\n").unwrap();
    std::fs::write(&two, "1\t9\n2\t30\n").unwrap();
    let mut args = words("run tiles-matching --seeds 1..2 --compare");
    args.extend([one.to_str().unwrap(), "--compare", two.to_str().unwrap()]);
    let tiles = contestant("tiles-matching.js");
    args.extend(["--", "node", &tiles]);
    let text = arcade(&args).stdout;
    assert!(text.contains("| 1 | N=6 S=11 D=3 | 9 |"), "{text}");
    assert!(text.contains(" ok | 0.750 |\n"), "{text}");
    assert!(text.contains(" ok | 0.250 |\n"), "{text}");
    assert!(
        text.contains("relative: 1.000 (sum over the tests of 1 per competitor beaten"),
        "{text}"
    );
    std::fs::remove_dir_all(&a).unwrap();
    std::fs::remove_dir_all(&b).unwrap();
}

static MARKERS: AtomicUsize = AtomicUsize::new(0);

/// A word to tell this test's processes from any other's.
fn marker() -> String {
    format!(
        "{}{:03}",
        std::process::id(),
        MARKERS.fetch_add(1, Ordering::Relaxed)
    )
}

/// The command lines of the processes running now that hold `marker` (a zombie's is empty).
fn running_now(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if cmdline.contains(marker) {
            found.push(cmdline);
        }
    }
    found
}

/// `running_now`, waiting up to 2 s for killed processes to go.
fn still_running(marker: &str) -> Vec<String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
    loop {
        let found = running_now(marker);
        if found.is_empty() || std::time::Instant::now() > deadline {
            return found;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Misbehaving runs of one game, each `(LIMIT, MODE, REASON, PRINTED)`: `arcade run GAME
/// --seed 1 --time-limit-ms LIMIT -- node faulty.js MODE [MOVES] MARKER` must exit with
/// status 1, the invalid score and `error: move TURN: ...` containing REASON, print PRINTED
/// all the same, and leave nothing running.
fn faults(game: &str, moves: Option<&str>, turn: usize, cases: &[(&str, &str, &str, &str)]) {
    let faulty = contestant("faulty.js");
    let invalid = if game == "territory" { 0 } else { -1 };
    for &(limit, mode, reason, printed) in cases {
        let marker = marker();
        let mut args = vec!["run", game, "--seed", "1", "--time-limit-ms", limit];
        args.extend(["--", "node", &faulty, mode]);
        args.extend(moves);
        args.push(&marker);
        let out = arcade(&args);
        assert_eq!(out.code, Some(1), "{mode}: {}", out.stderr);
        assert_eq!(score_line(&out.stderr), invalid, "{mode}");
        let error = out.stderr.lines().rev().nth(1).unwrap();
        let prefix = format!("error: move {turn}: ");
        assert!(
            error.starts_with(&prefix) && error.contains(reason),
            "{mode}: {error}"
        );
        assert_eq!(out.stdout, printed, "{mode}");
        assert_eq!(still_running(&marker), Vec::<String>::new(), "{mode}");
        // The `sleep` that `spawn` starts carries the marker's digits.
        let sleep = format!("sleep 600.{marker}");
        assert_eq!(still_running(&sleep), Vec::<String>::new(), "{mode}");
    }
}

#[test]
fn interactive_faults_get_a_status_and_leave_nothing_running() {
    let moves = format!("{DATA}lines/seed1-first.out");
    let two = "1 6 0 0\n0 0 0 1\n";
    let (garbage, illegal) = (format!("{two}hello\n"), format!("{two}0 0 0 0\n"));
    let ended = "the program's output ended before the game was over";
    // Time limits leave Node time to start on a busy machine.
    let cases = [
        (
            "2000",
            "overrun",
            "time limit exceeded (2000 ms of thinking time)",
            two,
        ),
        ("2000", "spawn", "time limit exceeded", two),
        ("5000", "crash", "the program crashed (exit status: 3)", two),
        ("5000", "ended", ended, two),
        ("5000", "closed", ended, two),
        ("5000", "garbage", "got 'hello'", &garbage),
        (
            "5000",
            "illegal",
            "source and target are the same cell (0, 0)",
            &illegal,
        ),
        ("20000", "flood", "a line longer than 1 MiB", two),
    ];
    faults("lines", Some(&moves), 2, &cases);
    // A program that never reads its input.
    faults(
        "lines",
        None,
        0,
        &[("1000", "overrun", "time limit exceeded", "")],
    );
    let official = "Your program has terminated unexpectedly";
    faults("territory", None, 0, &[("5000", "ended", official, "")]);
}

#[test]
fn offline_faults_get_a_status_and_leave_nothing_running() {
    let cases = [
        (
            "1000",
            "overrun",
            "time limit exceeded (1000 ms of wall time)",
            "",
        ),
        ("1000", "spawn", "time limit exceeded", ""),
        ("5000", "crash", "the program crashed (exit status: 3)", ""),
        ("5000", "ended", "expected exactly 30000 integers", ""),
        ("20000", "flood", "more than 16 MiB of output", ""),
        // Whatever an overrunning program printed is kept.
        ("2000", "garbage", "time limit exceeded", "hello\n"),
    ];
    faults("square-remover", None, 0, &cases);
}

#[test]
fn a_batch_reports_each_seeds_status() {
    let mut args = words("run lines --seeds 1..2 --format tsv --time-limit-ms 5000 -- node");
    let (faulty, marker) = (contestant("faulty.js"), marker());
    args.extend([faulty.as_str(), "garbage", &marker]);
    let out = arcade(&args);
    assert_eq!(out.code, Some(1));
    let rows = tsv_rows(&out.stdout);
    assert_eq!(rows.len(), 2);
    for row in rows {
        assert_eq!(
            (row["score"].as_str(), row["status"].as_str()),
            ("-1", "garbage")
        );
    }
    // A program that cannot be started is an error of the whole run, in its arguments.
    let out = arcade(&["run", "lines", "--seed", "1", "--", "/no/such/program"]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr.contains("cannot start '/no/such/program'"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_signal_that_ends_the_tester_ends_the_programs_too() {
    // Each program (in its own process group, out of reach of a terminal's Ctrl-C) starts a
    // `sleep` and never answers; the tester gets SIGTERM or SIGINT while they run.
    for signal in ["-TERM", "-INT"] {
        let (faulty, marker) = (contestant("faulty.js"), marker());
        let sleep = format!("sleep 600.{marker}");
        let mut args = words("run lines --seeds 1..2 --jobs 2 -- node");
        args.extend([faulty.as_str(), "spawn", &marker]);
        let mut tester = std::process::Command::new(env!("CARGO_BIN_EXE_arcade"))
            .args(&args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while running_now(&sleep).len() < 2 {
            assert!(
                started.elapsed().as_secs() < 20,
                "the programs did not start"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let pid = tester.id().to_string();
        std::process::Command::new("kill")
            .args([signal, &pid])
            .status()
            .unwrap();
        assert!(!tester.wait().unwrap().success());
        assert_eq!(still_running(&marker), Vec::<String>::new(), "{signal}");
        assert_eq!(still_running(&sleep), Vec::<String>::new(), "{signal}");
    }
}
