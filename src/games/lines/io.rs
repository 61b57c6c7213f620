//! Contest text. Lines is interactive: the tester sends N and C, then the grid and the next
//! three colours every turn, and reads one line `r1 c1 r2 c2` per move. A whole output is
//! those lines in order, read the way the tester reads them.

use super::{Action, Instance, Lines};
use crate::game::{Game, TurnError};
use std::fmt::Write;

/// The starting position (this project's input text; the tester itself sends N and C on
/// separate lines and the grid cell by cell each turn):
///
/// ```text
/// N C
/// N rows of N digits, 0 = empty, 1..=C a ball's colour; row 0 first
/// ```
pub fn format_input(inst: &Instance) -> String {
    let mut text = format!("{} {}\n", inst.n, inst.colors);
    for row in inst.grid.chunks(inst.n) {
        text.extend(row.iter().map(|&c| char::from(b'0' + c)));
        text.push('\n');
    }
    text
}

/// Lines as Java's `BufferedReader.readLine` splits them: `\n`, `\r\n` or a lone `\r` ends a
/// line, and a final line needs no terminator.
fn java_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let line = &rest[..end];
        let mut skip = end;
        if rest[end..].starts_with("\r\n") {
            skip += 2;
        } else if end < rest.len() {
            skip += 1;
        }
        rest = &rest[skip..];
        Some(line)
    })
}

/// The moves of a whole output, one line each. Like the tester, reading stops once the game
/// is over (1,000 moves or a full board): whatever follows is never read, so it may be
/// anything, blank lines included. Reading also stops after a move the rules refuse (the
/// replay then reports it). A line that is not a move is an error naming its move.
pub fn parse_output(instance: &Instance, text: &str) -> Result<Vec<Action>, TurnError> {
    let mut state = Lines::start(instance);
    let mut actions = Vec::new();
    for (turn, line) in java_lines(text).enumerate() {
        if Lines::is_over(instance, &state) {
            break;
        }
        let action = parse_action(line).map_err(|reason| TurnError { turn, reason })?;
        actions.push(action);
        if Lines::apply(instance, &mut state, &action).is_err() {
            break;
        }
    }
    Ok(actions)
}

/// One move `r1 c1 r2 c2` as the tester reads it: the line split on single spaces (trailing
/// spaces allowed, as Java's `split(" ")` drops trailing empty fields) must give exactly four
/// fields, each an `Integer.parseInt` integer. A leading space, a double space or a tab is an
/// error there, so it is here.
pub fn parse_action(line: &str) -> Result<Action, String> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    let mut fields: Vec<&str> = line.split(' ').collect();
    while fields.last() == Some(&"") {
        fields.pop();
    }
    if fields.len() != 4 {
        return Err(format!(
            "a move is 'r1 c1 r2 c2' (four integers separated by single spaces), got '{}'",
            shorten(line)
        ));
    }
    let mut values = [0i32; 4];
    for (value, field) in values.iter_mut().zip(&fields) {
        *value = field
            .parse()
            .map_err(|_| format!("'{}' is not an integer", shorten(field)))?;
    }
    let [r1, c1, r2, c2] = values;
    Ok(Action { r1, c1, r2, c2 })
}

/// One `r1 c1 r2 c2` line per move.
pub fn format_output(actions: &[Action]) -> String {
    let mut text = String::with_capacity(actions.len() * 9);
    for a in actions {
        let _ = writeln!(text, "{} {} {} {}", a.r1, a.c1, a.r2, a.c2);
    }
    text
}

fn shorten(token: &str) -> String {
    if token.chars().count() > 24 {
        token.chars().take(24).collect::<String>() + "…"
    } else {
        token.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{replay, Params};

    fn act(r1: i32, c1: i32, r2: i32, c2: i32) -> Action {
        Action { r1, c1, r2, c2 }
    }

    #[test]
    fn input_is_n_c_then_the_rows() {
        let inst = Lines::generate(1, &Params::new());
        assert_eq!(
            format_input(&inst),
            "7 3\n0000000\n0000001\n0000000\n0000000\n2000000\n0000300\n0000000\n"
        );
    }

    #[test]
    fn moves_round_trip() {
        let moves = vec![act(1, 6, 0, 0), act(10, 0, 3, 4)];
        let text = format_output(&moves);
        assert_eq!(text, "1 6 0 0\n10 0 3 4\n");
        assert_eq!(
            java_lines(&text)
                .map(parse_action)
                .collect::<Result<Vec<_>, _>>(),
            Ok(moves)
        );
    }

    #[test]
    fn a_move_line_is_read_as_java_reads_it() {
        assert_eq!(parse_action("1 2 3 4"), Ok(act(1, 2, 3, 4)));
        assert_eq!(parse_action("1 2 3 4  "), Ok(act(1, 2, 3, 4)));
        assert_eq!(parse_action("+1 02 -3 4"), Ok(act(1, 2, -3, 4)));
        assert_eq!(parse_action("1 2 3 4\r\n"), Ok(act(1, 2, 3, 4)));
        for bad in [
            " 1 2 3 4",
            "1  2 3 4",
            "1\t2 3 4",
            "1 2 3",
            "1 2 3 4 5",
            "",
            "   ",
        ] {
            let e = parse_action(bad).unwrap_err();
            assert!(e.contains("four integers"), "{bad:?}: {e}");
        }
        let e = parse_action("1 2 x 4").unwrap_err();
        assert!(e.contains("'x' is not an integer"), "{e}");
        let e = parse_action("1 2 3 99999999999").unwrap_err();
        assert!(e.contains("not an integer"), "{e}");
    }

    #[test]
    fn line_ends_are_javas() {
        let got: Vec<&str> = java_lines("a\r\nb\rc\n\nd").collect();
        assert_eq!(got, ["a", "b", "c", "", "d"]);
        assert_eq!(java_lines("a\n").count(), 1);
        assert_eq!(java_lines("").count(), 0);
    }

    #[test]
    fn a_bad_line_names_its_move() {
        let inst = Lines::generate(1, &Params::new());
        // Seed 1: balls at (1,6), (4,0), (5,4). Two legal moves, then garbage.
        let e = parse_output(&inst, "1 6 0 0\n4 0 0 1\n4 0 0 1 2\n").unwrap_err();
        assert_eq!(e.turn, 2);
        assert!(e.reason.contains("got '4 0 0 1 2'"), "{}", e.reason);
        // A blank line before the game is over is a bad move too, as in the tester.
        let e = parse_output(&inst, "1 6 0 0\n\n").unwrap_err();
        assert_eq!(e.turn, 1);
    }

    #[test]
    fn reading_stops_at_a_refused_move_and_replay_names_it() {
        let inst = Lines::generate(1, &Params::new());
        let actions = parse_output(&inst, "1 6 0 0\n1 6 2 2\nnot even a move\n").unwrap();
        assert_eq!(actions.len(), 2);
        let e = replay::<Lines>(&inst, &actions).unwrap_err();
        assert_eq!(e.turn, 1);
        assert!(e.reason.contains("no ball at (1, 6)"), "{}", e.reason);
    }

    #[test]
    fn an_output_that_stops_early_is_invalid() {
        let inst = Lines::generate(1, &Params::new());
        let actions = parse_output(&inst, "1 6 0 0\n").unwrap();
        let e = replay::<Lines>(&inst, &actions).unwrap_err();
        assert_eq!(e.turn, 1);
        assert!(e.reason.contains("not over"), "{}", e.reason);
    }
}
