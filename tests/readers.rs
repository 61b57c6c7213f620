//! Each game reads a contest output as its official tester reads it (the README's table "How
//! each output is read"): what the official reader accepts scores the same here, what it
//! refuses is refused here at the same move, and every error names the line the game's own
//! reader counts. All through `DynGame::score`, the path of `arcade score` and the page.

use arcade::game::{DynGame, Error, Params, TurnError};
use arcade::games;

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn score(id: &str, seed: u64, text: &str) -> Result<i64, TurnError> {
    let game: &dyn DynGame = games::find(id).unwrap();
    match game.score(seed, &Params::new(), text) {
        Ok(score) => Ok(score),
        Err(Error::Move(e)) => Err(e),
        Err(e) => panic!("{id}: {e}"),
    }
}

/// The error's (move from 0, line from 1), checking that its reason has no `move K:` prefix.
fn at(result: Result<i64, TurnError>) -> (usize, Option<usize>) {
    let e = result.expect_err("an error");
    assert!(!e.reason.starts_with("move "), "{}", e.reason);
    (e.turn, e.line)
}

fn reason(result: Result<i64, TurnError>) -> String {
    result.expect_err("an error").reason
}

// SquareRemover: the official jar reads each value with `Integer.parseInt(readLine())`.

const SR_SCORE: i64 = 5; // the jar's score of 3-patterned.out (tests/data/square-remover)

#[test]
fn square_remover_one_integer_per_line_scores() {
    let golden = data("square-remover/3-patterned.out");
    assert_eq!(score("square-remover", 3, &golden), Ok(SR_SCORE));
    // readLine ends a line at \n, \r\n or a lone \r; parseInt takes a sign.
    assert_eq!(
        score("square-remover", 3, &golden.replace('\n', "\r\n")),
        Ok(SR_SCORE)
    );
    assert_eq!(
        score("square-remover", 3, &golden.replace('\n', "\r")),
        Ok(SR_SCORE)
    );
    let signed = golden.replacen("0\n", "+0\n", 1).replacen("1\n", "+1\n", 1);
    assert_eq!(score("square-remover", 3, &signed), Ok(SR_SCORE));
    // The jar reads 30,000 values and stops: what follows is never read.
    let tail = format!("{golden}anything at all\n1 2 3\n");
    assert_eq!(score("square-remover", 3, &tail), Ok(SR_SCORE));
}

#[test]
fn square_remover_all_values_on_one_line_is_unable_to_read_element_0() {
    let golden = data("square-remover/3-patterned.out");
    let one_line = golden.split_whitespace().collect::<Vec<_>>().join(" ") + "\n";
    let e = score("square-remover", 3, &one_line).unwrap_err();
    assert_eq!((e.turn, e.line), (0, Some(1)));
    assert!(e.reason.starts_with("line 1 is '0 0 1 "), "{}", e.reason);
    assert!(
        e.reason
            .contains("Integer.parseInt(readLine()), one integer per line and nothing else on it"),
        "{}",
        e.reason
    );
    assert!(
        e.reason.contains("Unable to read element 0"),
        "{}",
        e.reason
    );
    // Three values a line, as a person might write moves: refused just the same.
    let triples: String = golden
        .lines()
        .collect::<Vec<_>>()
        .chunks(3)
        .map(|m| m.join(" ") + "\n")
        .collect();
    assert_eq!(at(score("square-remover", 3, &triples)), (0, Some(1)));
}

#[test]
fn square_remover_anything_beside_the_integer_is_refused_at_its_line() {
    let golden = data("square-remover/3-patterned.out");
    let lines: Vec<&str> = golden.lines().collect();
    // Value K (from 0) is line K + 1 and belongs to move K / 3, which starts on line
    // 3 (K / 3) + 1; the reason names line K + 1 itself.
    for (k, bad) in [
        (0, "0 "),
        (1, " 0"),
        (4, "0\t"),
        (7, ""),
        (8, "1.0"),
        (29_999, "2147483648"),
        (13, "x"),
    ] {
        let mut edited = lines.clone();
        edited[k] = bad;
        let text = edited.join("\n") + "\n";
        let e = score("square-remover", 3, &text).unwrap_err();
        assert_eq!((e.turn, e.line), (k / 3, Some(k / 3 * 3 + 1)), "{bad:?}");
        assert!(
            e.reason.starts_with(&format!("line {} is ", k + 1)),
            "{bad:?}: {}",
            e.reason
        );
        assert!(
            e.reason.contains(&format!("Unable to read element {k})")),
            "{bad:?}: {}",
            e.reason
        );
    }
}

#[test]
fn square_remover_fewer_values_are_refused_with_no_line() {
    let golden = data("square-remover/3-patterned.out");
    let short: String = golden
        .lines()
        .take(29_997)
        .map(|l| format!("{l}\n"))
        .collect();
    let e = score("square-remover", 3, &short).unwrap_err();
    assert_eq!((e.turn, e.line), (9_999, None));
    assert!(
        e.reason.contains("expected exactly 30000 integers"),
        "{}",
        e.reason
    );
}

// Lines: the official tester splits each line with Java's `split(" ")` into four fields.

const LINES_SCORE: i64 = 64; // seed1-greedy.out (tests/data/lines), a whole game

#[test]
fn lines_single_and_trailing_spaces_score() {
    let golden = data("lines/seed1-greedy.out");
    assert_eq!(score("lines", 1, &golden), Ok(LINES_SCORE));
    let trailing = golden.replace('\n', "   \r\n");
    assert_eq!(score("lines", 1, &trailing), Ok(LINES_SCORE));
    // The game is over after the last line: the tester reads nothing more.
    let tail = format!("{golden}\n\nnot a move\n");
    assert_eq!(score("lines", 1, &tail), Ok(LINES_SCORE));
}

#[test]
fn lines_empty_fields_are_refused_at_their_line() {
    let golden = data("lines/seed1-greedy.out");
    let lines: Vec<&str> = golden.lines().collect();
    // Every line is a move: move K is line K + 1.
    for (k, bad) in [
        (0, " 1 6 0 0"),           // a leading space: an empty first field
        (3, "0  0 0 1"),           // a double space: an empty field, five in all
        (5, "4\t5 6 5"),           // a tab is not a separator
        (9, ""),                   // a blank line is a move, and not a valid one
        (10, "0 1 0 0 7"),         // five fields
        (11, "0 2 0 3.0"),         // not an integer
        (12, "0 1 0 99999999999"), // beyond Java's int
    ] {
        let mut edited = lines.clone();
        edited[k] = bad;
        let text = edited.join("\n") + "\n";
        assert_eq!(at(score("lines", 1, &text)), (k, Some(k + 1)), "{bad:?}");
    }
    // A lone CR ends a line in Java, so it makes an extra (blank) move line.
    let cr = golden.replacen('\n', "\r\r", 1);
    assert_eq!(at(score("lines", 1, &cr)), (1, Some(2)));
}

// AHC061: the official Rust tools trim each line, skip blank and `#` lines and split the rest
// on whitespace into exactly two tokens.

const TERRITORY_SCORE: i64 = 69_875; // tester.exe's score of seed3-judge.out

#[test]
fn territory_whitespace_and_comments_as_the_official_tools() {
    let golden = data("territory/seed3-judge.out");
    assert_eq!(score("territory", 3, &golden), Ok(TERRITORY_SCORE));
    let spaced: String = golden
        .lines()
        .map(|l| match l.starts_with('#') {
            true => format!("{l}\r\n"),
            false => format!("\t {} \r\n\n  # a comment\n", l.replace(' ', " \t  ")),
        })
        .collect();
    assert_eq!(score("territory", 3, &spaced), Ok(TERRITORY_SCORE));
}

#[test]
fn territory_refusals_name_their_line() {
    let golden = data("territory/seed3-judge.out");
    let lines: Vec<&str> = golden.lines().collect();
    // Line 1 is a comment, so move K is line K + 2.
    let mut three = lines.clone();
    three[6] = "3 4 5";
    let text = three.join("\n") + "\n";
    assert_eq!(at(score("territory", 3, &text)), (5, Some(7)));
    assert!(reason(score("territory", 3, &text)).starts_with("Too many tokens in line"));
    let extra = format!("{golden}\n# still a comment\n0 0\n");
    let e = score("territory", 3, &extra).unwrap_err();
    assert_eq!((e.turn, e.line), (100, Some(104)));
    assert!(e.reason.starts_with("Too many moves"), "{}", e.reason);
}

// TilesMatching: the tester reads one reply per line (Java's readLine); the statement gives the
// replies `R C`, `DISCARD` and `GIVE UP`.

const TILES_SCORE: i64 = 10; // seed1-give-up.out (tests/data/tiles-matching)

#[test]
fn tiles_matching_replies_line_by_line() {
    let golden = data("tiles-matching/seed1-give-up.out");
    assert_eq!(score("tiles-matching", 1, &golden), Ok(TILES_SCORE));
    let spaced = golden
        .replace('\n', " \r\n")
        .replace("GIVE UP", " GIVE  UP");
    assert_eq!(score("tiles-matching", 1, &spaced), Ok(TILES_SCORE));
    assert_eq!(
        score("tiles-matching", 1, &golden.replace('\n', "\r")),
        Ok(TILES_SCORE)
    );
    // After GIVE UP the tester reads nothing more.
    let tail = format!("{golden}\nDISCARD\nnot a reply\n");
    assert_eq!(score("tiles-matching", 1, &tail), Ok(TILES_SCORE));
}

#[test]
fn tiles_matching_a_blank_line_is_a_reply_and_is_refused() {
    let golden = data("tiles-matching/seed1-give-up.out");
    let lines: Vec<&str> = golden.lines().collect();
    for (k, bad) in [(3, ""), (4, "discard"), (10, "GIVEUP"), (6, "6 6 6")] {
        let mut edited = lines.clone();
        edited[k] = bad;
        let text = edited.join("\n") + "\n";
        assert_eq!(
            at(score("tiles-matching", 1, &text)),
            (k, Some(k + 1)),
            "{bad:?}"
        );
    }
    // A blank line inserted before the 4th reply: it is move 3, on line 4.
    let mut blank = lines.clone();
    blank.insert(3, "");
    let e = score("tiles-matching", 1, &(blank.join("\n") + "\n")).unwrap_err();
    assert_eq!((e.turn, e.line), (3, Some(4)));
    assert!(e.reason.contains("empty reply"), "{}", e.reason);
}

// Strip 2048: IPSC had no move reader; B1's move string, `l` and `r`, whitespace ignored.

#[test]
fn strip2048_letters_with_whitespace_anywhere() {
    let golden = data("strip2048/seed7-exact.out");
    let best = score("strip2048", 7, &golden).unwrap();
    assert_eq!(best, 2996);
    let spread: String = golden
        .trim()
        .chars()
        .enumerate()
        .map(|(i, c)| match i % 7 {
            0 => format!("{c}\r\n"),
            3 => format!(" {c}\t"),
            _ => c.to_string(),
        })
        .collect();
    assert_eq!(score("strip2048", 7, &spread), Ok(best));
    // A bad letter: its move, and the line it is on.
    let bad = format!("lr\n\n r{}", "L");
    assert_eq!(at(score("strip2048", 7, &bad)), (3, Some(3)));
}

#[test]
fn the_pages_bad_outputs_name_the_move_and_line_the_page_expects() {
    // tests/e2e/state.test.js's cases (seed 1), through the same library path.
    for (id, text, at_move, at_line) in [
        ("square-remover", "0\n0\n1\n0\n0\nx\n", 1, 4),
        ("strip2048", "l\nr\n\nq\n", 2, 4),
        ("territory", "# hello\n0 0\n\nzz\n", 1, 4),
        ("lines", "\n", 0, 1),
        ("tiles-matching", "DISCARD\n\nfoo\n", 1, 2),
    ] {
        assert_eq!(at(score(id, 1, text)), (at_move, Some(at_line)), "{id}");
    }
}
