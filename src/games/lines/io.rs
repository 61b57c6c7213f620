//! Contest text. Lines is interactive: the tester sends N and C, then the grid and the next
//! three colours every turn, and reads one line `r1 c1 r2 c2` per move. A whole output is
//! those lines in order, read the way the tester reads them.

use super::{Action, Instance, Lines};
use crate::game::{Game, Moves, TurnError};
use crate::games::text::{java_lines, java_parse_int, java_split_space, shorten};
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

/// The moves of a whole output, one line each: move K is line K + 1, as the tester reads one
/// line per move. Like the tester, reading stops once the game is over (1,000 moves or a full
/// board): whatever follows is never read, so it may be anything, blank lines included.
/// Reading also stops after a move the rules refuse (the replay then reports it). A line that
/// is not a move is an error naming its move and line.
pub fn read_output(instance: &Instance, text: &str) -> Result<Moves<Action>, TurnError> {
    let mut state = Lines::start(instance);
    let mut moves = Moves::default();
    for (turn, line) in java_lines(text).enumerate() {
        if Lines::is_over(instance, &state) {
            break;
        }
        let action =
            parse_action(line).map_err(|reason| TurnError::new(turn, reason).at_line(turn + 1))?;
        moves.push(action, turn + 1);
        if Lines::apply(instance, &mut state, &action).is_err() {
            break;
        }
    }
    Ok(moves)
}

/// One move `r1 c1 r2 c2` as the tester reads it: the line split on single spaces (trailing
/// spaces allowed, as Java's `split(" ")` drops trailing empty fields) must give exactly four
/// fields, each an `Integer.parseInt` integer. A leading space, a double space or a tab is an
/// error there, so it is here.
pub fn parse_action(line: &str) -> Result<Action, String> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    let fields = java_split_space(line);
    if fields.len() != 4 {
        return Err(format!(
            "a move is 'r1 c1 r2 c2' (four integers separated by single spaces), got '{}'",
            shorten(line)
        ));
    }
    let mut values = [0i32; 4];
    for (value, field) in values.iter_mut().zip(&fields) {
        *value = java_parse_int(field)
            .ok_or_else(|| format!("'{}' is not an integer", shorten(field)))?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{replay, Params};

    fn parse_output(inst: &Instance, text: &str) -> Result<Vec<Action>, TurnError> {
        read_output(inst, text).map(|moves| moves.actions)
    }

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
    fn a_bad_line_names_its_move() {
        let inst = Lines::generate(1, &Params::new());
        // Seed 1: balls at (1,6), (4,0), (5,4). Two legal moves, then garbage.
        let e = parse_output(&inst, "1 6 0 0\n4 0 0 1\n4 0 0 1 2\n").unwrap_err();
        assert_eq!((e.turn, e.line), (2, Some(3)));
        assert!(e.reason.contains("got '4 0 0 1 2'"), "{}", e.reason);
        // A blank line before the game is over is a bad move too, as in the tester.
        let e = parse_output(&inst, "1 6 0 0\n\n").unwrap_err();
        assert_eq!((e.turn, e.line), (1, Some(2)));
        // Every line is a move, so a lone CR ends one as in Java: line 2 is blank here too.
        let e = parse_output(&inst, "1 6 0 0\r\r4 0 0 1\n").unwrap_err();
        assert_eq!((e.turn, e.line), (1, Some(2)));
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
