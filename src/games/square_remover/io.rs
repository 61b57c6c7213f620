//! Contest text: the input as the tester sends it, the output as 30,000 integers.

use super::{Action, Instance, MOVES};
use crate::game::{Moves, TurnError};
use crate::games::text::{java_lines, java_parse_int, shorten};
use std::fmt::Write;

/// `colors`, `N`, the N rows, `startSeed`, one per line.
pub fn format_input(inst: &Instance) -> String {
    let mut text = format!("{}\n{}\n", inst.colors, inst.n);
    for row in inst.board.chunks(inst.n) {
        text.extend(row.iter().map(|&c| char::from(b'0' + c)));
        text.push('\n');
    }
    let _ = writeln!(text, "{}", inst.start_seed);
    text
}

/// The values as the official jar reads them, each with `Integer.parseInt(readLine())`: one
/// integer per line and nothing else on it (Java's line ends: `\n`, `\r\n` or a lone `\r`), so
/// value K (from 0) is line K + 1 and move M starts on line 3M + 1, the line an error at move
/// M names (its reason names the very line that cannot be read). The jar reads no more than
/// 30,000 values, so whatever follows them is never read. How many moves there must be is the
/// rules' business (`check_end`), so a partial game still reads.
pub fn read_output(text: &str) -> Result<Moves<Action>, TurnError> {
    let mut numbers = Vec::with_capacity(3 * MOVES);
    for (index, line) in java_lines(text).take(3 * MOVES).enumerate() {
        let value = java_parse_int(line).ok_or_else(|| {
            TurnError::new(index / 3, not_one_integer(index, line)).at_line(index / 3 * 3 + 1)
        })?;
        numbers.push(i64::from(value));
    }
    if numbers.len() % 3 != 0 {
        // The cut move starts on line 3M + 1; the moves before it read whole.
        let cut = numbers.len() / 3;
        return Err(TurnError::new(
            cut,
            format!(
                "the output ends in the middle of a move ({} integers; each move is row, column, direction)",
                numbers.len()
            ),
        )
        .at_line(3 * cut + 1));
    }
    let mut moves = Moves::default();
    for (m, chunk) in numbers.chunks_exact(3).enumerate() {
        let action = Action {
            row: chunk[0],
            col: chunk[1],
            dir: chunk[2],
        };
        moves.push(action, 3 * m + 1);
    }
    Ok(moves)
}

/// Why line `index + 1` is refused, in the official jar's terms.
fn not_one_integer(index: usize, line: &str) -> String {
    let shown = match line {
        "" => "empty".to_string(),
        _ => format!("'{}'", shorten(line)),
    };
    format!(
        "line {} is {shown}, not one integer: the official tester reads each of the {} values \
         with Integer.parseInt(readLine()), one integer per line and nothing else on it, and \
         scores this output -1 (Unable to read element {index})",
        index + 1,
        3 * MOVES
    )
}

/// One move as "row col dir".
pub fn parse_action(text: &str) -> Result<Action, String> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() != 3 {
        return Err(format!(
            "a move is 'row column direction', got '{}'",
            shorten(text)
        ));
    }
    let mut values = [0i64; 3];
    for (value, part) in values.iter_mut().zip(&parts) {
        *value = part
            .parse()
            .map_err(|_| format!("'{}' is not an integer", shorten(part)))?;
    }
    Ok(Action {
        row: values[0],
        col: values[1],
        dir: values[2],
    })
}

/// One integer per line, as the tester reads them.
pub fn format_output(actions: &[Action]) -> String {
    let mut text = String::with_capacity(actions.len() * 9);
    for a in actions {
        let _ = write!(text, "{}\n{}\n{}\n", a.row, a.col, a.dir);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves_text(count: usize) -> String {
        "0\n0\n1\n".repeat(count)
    }

    fn parse_output(text: &str) -> Result<Vec<Action>, TurnError> {
        read_output(text).map(|moves| moves.actions)
    }

    #[test]
    fn reads_exactly_ten_thousand_moves() {
        let moves = read_output(&moves_text(MOVES)).unwrap();
        assert_eq!(moves.actions.len(), MOVES);
        assert_eq!(moves.lines[..3], [1, 4, 7]);
        assert_eq!(format_output(&moves.actions), moves_text(MOVES));
    }

    #[test]
    fn nothing_after_the_30000th_value_is_read() {
        let text = moves_text(MOVES) + "garbage\n0 0 1\n";
        assert_eq!(parse_output(&text).unwrap().len(), MOVES);
    }

    #[test]
    fn a_partial_move_names_the_move() {
        let e = parse_output(&(moves_text(41) + "3\n4")).unwrap_err();
        assert_eq!(
            (e.turn, e.line),
            (41, Some(124)),
            "the cut move starts on line 124"
        );
        assert!(
            e.reason.contains("middle of a move (125 integers"),
            "{}",
            e.reason
        );
        assert_eq!(parse_output("").unwrap(), vec![]);
    }

    #[test]
    fn garbage_names_its_move_and_line() {
        let mut text = moves_text(MOVES);
        text.replace_range(6 * 41 + 2..6 * 41 + 3, "x");
        let e = parse_output(&text).unwrap_err();
        assert_eq!((e.turn, e.line), (41, Some(3 * 41 + 1)));
        assert!(
            e.reason.starts_with("line 125 is 'x', not one integer"),
            "{}",
            e.reason
        );
        assert!(
            e.reason.contains("Unable to read element 124"),
            "{}",
            e.reason
        );
        let e = parse_output("1\n2\n3.5\n").unwrap_err();
        assert_eq!((e.turn, e.line), (0, Some(1)));
    }

    #[test]
    fn one_integer_per_line_and_nothing_else() {
        // As `Integer.parseInt(readLine())`: CRLF and a lone CR end lines, signs are fine.
        assert_eq!(parse_output("1\r\n+2\r-0\n").unwrap().len(), 1);
        for (text, line) in [
            ("0 0 1\n", 1),
            ("0\n0 \n1\n", 2),
            (" 0\n0\n1\n", 1),
            ("0\n\n1\n", 2),
            ("0\n0\n1\t\n", 3),
            ("0\n0\n2147483648\n", 3),
        ] {
            let e = parse_output(text).unwrap_err();
            assert_eq!((e.turn, e.line), (0, Some(1)), "{text:?}");
            assert!(
                e.reason.starts_with(&format!("line {line} is ")),
                "{}",
                e.reason
            );
            assert!(e.reason.contains("one integer per line"), "{}", e.reason);
        }
        let e = parse_output("0\n\n1\n").unwrap_err();
        assert!(e.reason.starts_with("line 2 is empty,"), "{}", e.reason);
    }

    #[test]
    fn single_moves() {
        assert_eq!(
            parse_action(" 3 4 2 "),
            Ok(Action {
                row: 3,
                col: 4,
                dir: 2
            })
        );
        assert!(parse_action("3 4").is_err());
        assert!(parse_action("3 4 up").is_err());
    }
}
