//! Contest text: the input as the tester sends it, the output as 30,000 integers.

use super::{Action, Instance, MOVES};
use crate::game::TurnError;
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

/// Whitespace-separated integers, three per move (row, column, direction). How many moves
/// there must be is the rules' business (`check_end`), so a partial game still reads.
pub fn parse_output(text: &str) -> Result<Vec<Action>, TurnError> {
    let mut numbers = Vec::with_capacity(3 * MOVES);
    for (index, token) in text.split_whitespace().enumerate() {
        let value: i64 = token.parse().map_err(|_| TurnError {
            turn: index / 3,
            reason: format!("'{}' is not an integer", shorten(token)),
        })?;
        numbers.push(value);
    }
    if numbers.len() % 3 != 0 {
        return Err(TurnError {
            turn: numbers.len() / 3,
            reason: format!(
                "the output ends in the middle of a move ({} integers; each move is row, column, direction)",
                numbers.len()
            ),
        });
    }
    Ok(numbers
        .chunks_exact(3)
        .map(|m| Action {
            row: m[0],
            col: m[1],
            dir: m[2],
        })
        .collect())
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

    fn moves_text(count: usize) -> String {
        "0 0 1\n".repeat(count)
    }

    #[test]
    fn reads_exactly_ten_thousand_moves() {
        let actions = parse_output(&moves_text(MOVES)).unwrap();
        assert_eq!(actions.len(), MOVES);
        assert_eq!(format_output(&actions), "0\n0\n1\n".repeat(MOVES));
    }

    #[test]
    fn a_partial_move_names_the_move() {
        let e = parse_output(&(moves_text(41) + "3 4")).unwrap_err();
        assert_eq!(e.turn, 41);
        assert!(
            e.reason.contains("middle of a move (125 integers"),
            "{}",
            e.reason
        );
        assert_eq!(parse_output("").unwrap(), vec![]);
    }

    #[test]
    fn garbage_names_its_move() {
        let mut text = moves_text(MOVES);
        text.replace_range(6 * 41 + 2..6 * 41 + 3, "x");
        let e = parse_output(&text).unwrap_err();
        assert_eq!(e.turn, 41);
        assert!(e.reason.contains("'x' is not an integer"), "{}", e.reason);
        let e = parse_output("1 2 3.5").unwrap_err();
        assert_eq!(e.turn, 0);
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
