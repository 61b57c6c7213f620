//! Contest text: the tester's input file (hidden part included) and the output of 100 lines
//! `x y`, where lines starting with `#` are comments, as the official tester and vis read it.

use super::{xy, Action, Instance, N, TURNS};
use crate::game::{Moves, TurnError};
use crate::games::text::shorten;
use std::fmt::Write;

/// `N M T U`, the values, the start cells, then the hidden part the judge reads: one line of
/// AI parameters per AI and `T * (M - 1)` lines `r1 r2`, turn-major. Floats in Rust's `{}`.
pub fn format_input(inst: &Instance) -> String {
    let mut text = format_public_input(inst);
    text.reserve(inst.randoms.len() * 40);
    for w in &inst.ai {
        let _ = writeln!(text, "{} {} {} {} {}", w.wa, w.wb, w.wc, w.wd, w.eps);
    }
    for [r1, r2] in &inst.randoms {
        let _ = writeln!(text, "{r1} {r2}");
    }
    text
}

/// What the solution reads first: `N M T U`, the values and the start cells (the input
/// without its hidden part).
pub fn format_public_input(inst: &Instance) -> String {
    let mut text = String::with_capacity(4096);
    let _ = writeln!(text, "{N} {} {TURNS} {}", inst.m, inst.u);
    for row in inst.values.chunks(N) {
        let line: Vec<String> = row.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(text, "{}", line.join(" "));
    }
    for &cell in &inst.starts {
        let (x, y) = xy(cell);
        let _ = writeln!(text, "{x} {y}");
    }
    text
}

/// One line of output as the tester reads it: `None` for a blank line or a comment (starting
/// with `#` after leading spaces), else the move it holds or why it holds none.
pub fn read_move_line(line: &str) -> Option<Result<Action, String>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    Some(parse_action(line))
}

/// Exactly `T` moves, one `x y` per line, lines as Rust's `str::lines` splits them (the
/// official tools are Rust); blank lines and lines starting with `#` are skipped, and still
/// counted when naming a move's line.
pub fn read_output(text: &str) -> Result<Moves<Action>, TurnError> {
    let mut moves = Moves::default();
    for (index, line) in text.lines().enumerate() {
        let Some(read) = read_move_line(line) else {
            continue;
        };
        let turn = moves.actions.len();
        let error = |reason| TurnError::new(turn, reason).at_line(index + 1);
        if turn == TURNS {
            return Err(error(format!(
                "Too many moves: the output has more than {TURNS} lines of moves"
            )));
        }
        moves.push(read.map_err(error)?, index + 1);
    }
    Ok(moves)
}

/// One move: `x y`.
pub fn parse_action(text: &str) -> Result<Action, String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    match tokens.len() {
        2 => {}
        0 | 1 => {
            return Err(format!(
                "a move is a line 'x y', got '{}'",
                shorten(text.trim())
            ))
        }
        _ => {
            return Err(format!(
                "Too many tokens in line: '{}'",
                shorten(text.trim())
            ))
        }
    }
    let number = |token: &str| {
        token
            .parse::<i64>()
            .map_err(|_| format!("'{}' is not an integer", shorten(token)))
    };
    Ok(Action {
        x: number(tokens[0])?,
        y: number(tokens[1])?,
    })
}

pub fn format_output(actions: &[Action]) -> String {
    let mut text = String::with_capacity(actions.len() * 4);
    for a in actions {
        let _ = writeln!(text, "{} {}", a.x, a.y);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_output(text: &str) -> Result<Vec<Action>, TurnError> {
        read_output(text).map(|moves| moves.actions)
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let text = "# a comment\n3 4\n\n  # indented comment\n5 6\n#7 8\n";
        let moves = read_output(text).unwrap();
        assert_eq!(moves.lines, [2, 5]);
        let actions = moves.actions;
        assert_eq!(actions, vec![Action { x: 3, y: 4 }, Action { x: 5, y: 6 }]);
        assert_eq!(format_output(&actions), "3 4\n5 6\n");
    }

    #[test]
    fn bad_lines_name_their_move() {
        let e = parse_output("1 1\n# c\n2 x\n").unwrap_err();
        assert_eq!((e.turn, e.line), (1, Some(3)));
        assert!(e.reason.contains("'x' is not an integer"), "{}", e.reason);
        let e = parse_output("1 1\n2 2\n3 3 3\n").unwrap_err();
        assert_eq!(e.turn, 2);
        assert!(e.reason.contains("Too many tokens in line"), "{}", e.reason);
        let e = parse_output("7\n").unwrap_err();
        assert_eq!(e.turn, 0);
        assert!(e.reason.contains("'x y'"), "{}", e.reason);
        let e = parse_output("1.5 2\n").unwrap_err();
        assert!(e.reason.contains("'1.5' is not an integer"), "{}", e.reason);
    }

    #[test]
    fn more_than_t_moves_is_an_error_at_the_extra_move() {
        let e = parse_output(&"0 0\n".repeat(TURNS + 1)).unwrap_err();
        assert_eq!(e.turn, TURNS);
        assert!(e.reason.contains("Too many moves"), "{}", e.reason);
        assert_eq!(parse_output(&"0 0\n".repeat(TURNS)).unwrap().len(), TURNS);
    }

    #[test]
    fn out_of_board_numbers_parse_and_are_left_to_the_rules() {
        assert_eq!(parse_action("-1 10"), Ok(Action { x: -1, y: 10 }));
        assert!(parse_action("99999999999999999999 0").is_err());
    }
}
