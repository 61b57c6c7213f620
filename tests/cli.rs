//! The `arcade` command line as tools outside the crate call it: every spelling that worked
//! before the move to clap (`list`, `help`, `gen`, `score`, `solve`, `bench`, `ipsc2014b`, game
//! parameters by their own names, `FILE` or `-`), and errors that name the bad option.

mod common;

use common::{arcade_with_stdin, fails, ok, DATA};

#[test]
fn list_names_every_game_with_its_solvers() {
    let out = ok(&["list"]);
    let ids: Vec<&str> = out
        .stdout
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "square-remover",
            "strip2048",
            "territory",
            "lines",
            "tiles-matching"
        ]
    );
    assert!(
        out.stdout.contains("(solvers: beam, greedy)"),
        "{}",
        out.stdout
    );
}

#[test]
fn help_in_every_spelling() {
    for spelling in [&["help"][..], &["--help"], &["-h"]] {
        let out = ok(spelling);
        for command in ["gen", "score", "solve", "bench", "ipsc2014b"] {
            assert!(out.stdout.contains(command), "{spelling:?}: {}", out.stdout);
        }
    }
}

#[test]
fn gen_takes_the_seed_and_parameters_in_any_order() {
    let out = ok(&["gen", "lines", "--seed", "1"]);
    assert!(out.stdout.starts_with("7 3\n"), "{}", out.stdout);
    for args in [
        &["gen", "lines", "--seed", "5", "--N", "9", "--C", "4"][..],
        &["gen", "lines", "--N", "9", "--C", "4", "--seed", "5"],
    ] {
        assert!(ok(args).stdout.starts_with("9 4\n"), "{args:?}");
    }
    let sr = ok(&[
        "gen",
        "square-remover",
        "--seed",
        "3",
        "--colors",
        "6",
        "--n",
        "16",
    ]);
    assert!(sr.stdout.starts_with("6\n16\n"), "{}", sr.stdout);
    assert_eq!(
        ok(&["gen", "square-remover", "--seed", "3"]).stdout,
        std::fs::read_to_string(format!("{DATA}square-remover/3.in")).unwrap()
    );
    let tiles = ok(&[
        "gen",
        "tiles-matching",
        "--seed",
        "1",
        "--n",
        "5",
        "--s",
        "9",
        "--d",
        "4",
    ]);
    assert!(tiles.stdout.starts_with("5\n9\n4\nW\n"), "{}", tiles.stdout);
    let territory = ok(&["gen", "territory", "--seed", "0", "--M", "3", "--U", "2"]);
    assert!(
        territory.stdout.starts_with("10 3 100 2\n"),
        "{}",
        territory.stdout
    );
    assert_eq!(
        ok(&["gen", "territory", "--seed", "0"]).stdout,
        std::fs::read_to_string(format!("{DATA}territory/ahc061/in/0000.txt")).unwrap()
    );
    let strip = ok(&["gen", "strip2048", "--seed", "7", "--n", "5"]);
    assert!(strip.stdout.starts_with("1\n\n5\n"), "{}", strip.stdout);
}

#[test]
fn score_reads_a_file_or_stdin_with_options_anywhere() {
    let file = format!("{DATA}territory/seed3-judge.out");
    for args in [
        vec!["score", "territory", "--seed", "3", &file],
        vec!["score", "territory", &file, "--seed", "3"],
    ] {
        assert_eq!(ok(&args).stdout, "score: 69875\n", "{args:?}");
    }
    let text = std::fs::read_to_string(&file).unwrap();
    let out = arcade_with_stdin(&["score", "territory", "--seed", "3", "-"], &text);
    assert_eq!((out.code, out.stdout.as_str()), (Some(0), "score: 69875\n"));

    // An invalid output: status 1 and `error: move K: reason`.
    let out = arcade_with_stdin(&["score", "lines", "--seed", "1", "-"], "1 6 0 0\nx\n");
    assert_eq!(out.code, Some(1));
    assert!(out.stderr.starts_with("error: move 1: "), "{}", out.stderr);
    // With parameters.
    let out = arcade_with_stdin(
        &["score", "lines", "--seed", "1", "--N", "9", "-"],
        "9 9 9 9\n",
    );
    assert!(out.stderr.contains("off the 9x9 board"), "{}", out.stderr);
}

#[test]
fn score_refuses_what_the_official_square_remover_jar_cannot_read() {
    // All 30,000 values on one line: the jar's "Unable to read element 0", -1. The message
    // names the line and what the jar expects; the CLI keeps the tester's 0-based move.
    let golden = std::fs::read_to_string(format!("{DATA}square-remover/3-patterned.out")).unwrap();
    let one_line = golden.split_whitespace().collect::<Vec<_>>().join(" ") + "\n";
    let out = arcade_with_stdin(&["score", "square-remover", "--seed", "3", "-"], &one_line);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stderr.starts_with("error: move 0: line 1 is '0 0 1 "),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("one integer per line and nothing else on it"),
        "{}",
        out.stderr
    );
    // A value followed by a space, on line 2.
    let spaced = golden.replacen("\n", " \n", 2).replacen(" \n", "\n", 1);
    let out = arcade_with_stdin(&["score", "square-remover", "--seed", "3", "-"], &spaced);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stderr.starts_with("error: move 0: line 2 is '0 '"),
        "{}",
        out.stderr
    );
    let out = arcade_with_stdin(&["score", "square-remover", "--seed", "3", "-"], &golden);
    assert_eq!((out.code, out.stdout.as_str()), (Some(0), "score: 5\n"));
}

#[test]
fn solve_prints_the_output_and_the_score_last_on_stderr() {
    let out = ok(&[
        "solve",
        "strip2048",
        "--seed",
        "7",
        "--solver",
        "exact",
        "--budget-ms",
        "1000",
    ]);
    assert_eq!(
        out.stdout,
        std::fs::read_to_string(format!("{DATA}strip2048/seed7-exact.out")).unwrap()
    );
    assert_eq!(out.stderr.lines().last(), Some("score: 2996"));
    // The default solver and a fractional budget.
    let out = ok(&["solve", "strip2048", "--budget-ms", "20.5", "--seed", "2"]);
    assert!(out.stderr.lines().last().unwrap().starts_with("score: "));
}

#[test]
fn bench_prints_a_table_per_seed() {
    let out = ok(&[
        "bench",
        "strip2048",
        "--seeds",
        "1..3",
        "--budget-ms",
        "20",
        "--solver",
        "greedy",
        "--jobs",
        "2",
        "--n",
        "5",
    ]);
    assert!(out
        .stdout
        .contains("solver greedy, budget 20 ms per seed, 2 job(s)"));
    for seed in 1..=3 {
        assert!(
            out.stdout.contains(&format!("\n| {seed} | n=5 |")),
            "{}",
            out.stdout
        );
    }
    assert!(out.stdout.contains("simulator: median"), "{}", out.stdout);
    let single = ok(&["bench", "strip2048", "--seeds", "4", "--budget-ms", "10"]);
    assert!(single.stdout.contains("\n| 4 | "), "{}", single.stdout);
}

#[test]
fn ipsc2014b_reads_stdin_and_stress_takes_its_options() {
    let input = std::fs::read_to_string(format!("{DATA}strip2048/b2-sample.in")).unwrap();
    let want = std::fs::read_to_string(format!("{DATA}strip2048/b2-sample.out")).unwrap();
    let out = arcade_with_stdin(&["ipsc2014b", "hard"], &input);
    assert_eq!((out.code, out.stdout), (Some(0), want));
    let input = std::fs::read_to_string(format!("{DATA}strip2048/b1-sample.in")).unwrap();
    let want = std::fs::read_to_string(format!("{DATA}strip2048/b1-sample.out")).unwrap();
    assert_eq!(
        arcade_with_stdin(&["ipsc2014b", "easy"], &input).stdout,
        want
    );
    let out = ok(&[
        "ipsc2014b",
        "stress",
        "--count",
        "3",
        "--n",
        "5",
        "--seed",
        "2",
    ]);
    assert!(
        out.stdout
            .contains("3 generated strips of n = 5 (seeds 2..4)"),
        "{}",
        out.stdout
    );
    fails(&["ipsc2014b", "stress", "--n", "99"], &["--n"]);
}

#[test]
fn errors_name_the_bad_option_or_value() {
    fails(
        &["gen", "chess", "--seed", "1"],
        &["chess", "square-remover"],
    );
    fails(
        &["gen", "lines", "--seed", "1", "--colours", "4"],
        &["--colours"],
    );
    fails(&["gen", "lines"], &["--seed"]);
    fails(&["gen", "lines", "--seed", "0"], &["seed", "'0'"]);
    fails(
        &["gen", "lines", "--seed", "1", "--N", "x"],
        &["--N", "'x'"],
    );
    fails(
        &["gen", "lines", "--seed", "1", "--N", "99"],
        &["N", "99", "out of range"],
    );
    // A parameter of another game.
    fails(
        &["gen", "lines", "--seed", "1", "--colors", "4"],
        &["colors"],
    );
    fails(
        &["solve", "lines", "--seed", "1", "--budget-ms", "-5"],
        &["--budget-ms", "-5"],
    );
    fails(
        &["solve", "lines", "--seed", "1", "--budget-ms", "x"],
        &["--budget-ms", "'x'"],
    );
    fails(
        &["solve", "lines", "--seed", "1", "--solver", "magic"],
        &["magic", "expectimax"],
    );
    fails(&["bench", "lines", "--jobs", "0"], &["--jobs", "'0'"]);
    fails(&["bench", "lines", "--seeds", "5..1"], &["--seeds", "5..1"]);
    fails(&["score", "lines", "--seed", "1"], &["FILE"]);
    fails(
        &["score", "lines", "--seed", "1", "/no/such/file"],
        &["/no/such/file"],
    );
}

#[test]
fn a_bad_argument_exits_with_status_2_and_any_other_failure_with_1() {
    // Status 2 as clap's own errors, also for what only the game can judge.
    for (args, needles) in [
        (&["gen", "chess", "--seed", "1"][..], &["chess"][..]),
        (&["gen", "lines"], &["--seed"]),
        (&["gen", "lines", "--seed", "-1"], &["--seed -1"]),
        (&["gen", "lines", "--seed", "abc"], &["--seed abc"]),
        (&["gen", "lines", "--seed", "0"], &["'0'"]),
        (
            &["gen", "lines", "--seed", "1", "--N", "20"],
            &["N = 20", "from 7 to 11"],
        ),
        (&["gen", "lines", "--seed", "1", "--n", "9"], &["--n"]),
        (
            &["solve", "lines", "--seed", "1", "--solver", "beam"],
            &["beam"],
        ),
        (&["bench", "lines", "--seeds", "5..1"], &["--seeds 5..1"]),
        (
            &["bench", "lines", "--seeds", "1-5"],
            &["'1-5'", "a range is written A..B"],
        ),
    ] {
        common::fails_with(2, args, needles);
    }
    // An output the rules refuse, or a file that is not there: status 1.
    let out = arcade_with_stdin(&["score", "lines", "--seed", "3", "-"], "1 2\n");
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    common::fails_with(
        1,
        &["score", "lines", "--seed", "1", "/no/such/file"],
        &["/no/such/file"],
    );
}

#[test]
fn clap_adds_help_per_command_and_names_what_is_wrong() {
    for command in [
        "gen",
        "score",
        "solve",
        "bench",
        "run",
        "compare",
        "list",
        "ipsc2014b",
    ] {
        let out = ok(&[command, "--help"]);
        assert!(
            out.stdout.contains("Usage: arcade"),
            "{command}: {}",
            out.stdout
        );
    }
    // `run` lists every contest's time limit.
    let help = ok(&["run", "--help"]).stdout;
    assert!(help.contains("lines 10 s of thinking time"), "{help}");
    assert!(help.contains("territory 2 s of wall time"), "{help}");
    // Game parameters are listed with the games that take them.
    let help = ok(&["gen", "--help"]).stdout;
    assert!(help.contains("--colors <V>"), "{help}");
    assert!(help.contains("lines grid size (7 to 11)"), "{help}");
    // Options may come before GAME.
    assert!(ok(&["gen", "--seed", "5", "lines", "--C", "4", "--N", "9"])
        .stdout
        .starts_with("9 4\n"));
    fails(&["ipsc2014b", "medium"], &["medium"]);
    fails(&["frobnicate"], &["frobnicate"]);
    fails(&[], &["Usage"]);
    fails(&["gen", "lines", "--sed", "3"], &["--sed", "--seed"]);
    fails(&["gen", "lines", "--seed", "-3"], &["--seed", "'-3'"]);
    fails(&["gen", "lines", "--seeds", "1..3"], &["--dir"]);
    fails(
        &["gen", "lines", "--seed", "1", "--dir", "x"],
        &["--dir", "--seed"],
    );
    for batch_only in [
        &["--jobs", "2"][..],
        &["--out", "x"],
        &["--format", "tsv"],
        &["--compare", "x"],
    ] {
        let mut args = vec!["run", "lines", "--seed", "1"];
        args.extend(batch_only);
        args.extend(["--", "true"]);
        fails(&args, &[batch_only[0], "--seed"]);
    }
    fails(
        &["gen", "strip2048", "--seed", "1", "--N", "3"],
        &["--N", "--n"],
    );
}

#[test]
fn gen_writes_a_folder_of_inputs_named_by_seed() {
    let dir = std::env::temp_dir().join(format!("arcade-gen-{}", std::process::id()));
    ok(&[
        "gen",
        "lines",
        "--seeds",
        "8..11",
        "--dir",
        dir.to_str().unwrap(),
        "--C",
        "5",
    ]);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["0008.txt", "0009.txt", "0010.txt", "0011.txt"]);
    let ten = std::fs::read_to_string(dir.join("0010.txt")).unwrap();
    assert_eq!(
        ten,
        ok(&["gen", "lines", "--seed", "10", "--C", "5"]).stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_groups_seeds_and_summary_reads_its_tsv_again() {
    let dir = std::env::temp_dir().join(format!("arcade-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tsv = dir.join("lines.tsv");
    let tsv = tsv.to_str().unwrap();
    // Greedy is deterministic, so nothing here depends on the machine's speed.
    let bench = ok(&[
        "bench",
        "lines",
        "--seeds",
        "1..2",
        "--solver",
        "greedy",
        "--budget-ms",
        "60000",
        "--tsv",
        tsv,
    ]);
    let header = "| group | seeds | full games | mean score | median score | mean length \
                  | median length | deaths / 1,000 moves | median ms |";
    assert!(bench.stdout.contains(header), "{}", bench.stdout);
    // Seeds 1 and 2 are N=7 C=3 and N=11 C=9.
    assert!(
        bench.stdout.contains("\n| N=7 C=3 | 1 | "),
        "{}",
        bench.stdout
    );
    assert!(bench.stdout.contains("\n| all | 2 | "), "{}", bench.stdout);
    let saved = std::fs::read_to_string(tsv).unwrap();
    assert!(
        saved.starts_with(
            "seed\tN\tC\tscore\tmoves\tms\tfull\tsolver\tbudget_ms\truntime\n1\t7\t3\t"
        ),
        "{saved}"
    );
    let summary = ok(&["summary", "lines", tsv]);
    assert!(
        summary
            .stdout
            .starts_with("# lines — solver greedy, budget 60000 ms per seed, native; 2 seeds"),
        "{}",
        summary.stdout
    );
    // The same group rows as bench printed (the table is rebuilt from the file).
    let rows = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("| N=") || l.starts_with("| all"))
            .map(|l| l.rsplit_once(" | ").unwrap().0.to_string()) // without the ms column
            .collect()
    };
    assert_eq!(rows(&summary.stdout), rows(&bench.stdout));
    fails(
        &["summary", "lines", tsv, tsv],
        &["seed 1 appears more than once"],
    );
    fails(&["summary", "strip2048", tsv], &["no column 'n'"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn summary_regroups_by_a_label_name_and_compares_with_a_reference() {
    let dir = std::env::temp_dir().join(format!("arcade-against-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ours = dir.join("ours.tsv");
    let theirs = dir.join("theirs.tsv");
    // Seeds 0 and 1 are M=4 U=3 and M=4 U=4 (the anchor files say so too); seed 5 is not in
    // the reference.
    let run = "mc\t2000\tnative";
    std::fs::write(
        &ours,
        format!(
            "seed\tM\tscore\tmoves\tms\tfull\tsolver\tbudget_ms\truntime\n\
             0\t4\t200000\t100\t1990\t\t{run}\n1\t4\t150000\t100\t1990\t\t{run}\n\
             5\t{m5}\t90000\t100\t1990\t\t{run}\n",
            m5 = ok(&["gen", "territory", "--seed", "5"])
                .stdout
                .split_whitespace()
                .nth(1)
                .unwrap()
        ),
    )
    .unwrap();
    std::fs::write(
        &theirs,
        "seed\tinstance\tscore\n0\tM=4 U=3\t100000\n1\tM=4 U=4\t150000\n",
    )
    .unwrap();
    let (ours, theirs) = (ours.to_str().unwrap(), theirs.to_str().unwrap());
    let out = ok(&[
        "summary",
        "territory",
        ours,
        "--by",
        "U",
        "--against",
        theirs,
    ])
    .stdout;
    assert!(out.contains("\n| U=3 | 1 | "), "{out}");
    assert!(out.contains("(2 of our 3 seeds are in it)"), "{out}");
    assert!(
        out.contains("| U=3 | 1 | 200000 | 100000 | 2.000 | 1-0-0 |"),
        "{out}"
    );
    assert!(
        out.contains("| U=4 | 1 | 150000 | 150000 | 1.000 | 0-1-0 |"),
        "{out}"
    );
    assert!(
        out.contains("| all | 2 | 175000 | 125000 | 1.400 | 1-1-0 |"),
        "{out}"
    );
    fails(
        &["summary", "territory", ours, "--by", "Q"],
        &["--by: seed 0: the instance label 'M=4 U=3' has no Q="],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
