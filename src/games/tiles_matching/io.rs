//! Contest text. The tester talks to a solution turn by turn (N, S and D one per line, then
//! one tile per line, each answered by one reply per line); the output is the list of replies.

use super::{Action, Instance, TilesMatching, MOVES};
use crate::game::{Game, Moves, TurnError};
use crate::games::text::{java_lines, shorten};
use std::fmt::Write;

/// N, S and D, one per line as the official tester sends them, then the tiles, one per line,
/// for a whole game of 10,000 turns.
///
/// The stream depends on play: a turn that starts on an empty board gets a wildcard (and
/// draws no colour or shape). This listing assumes the board is empty only before the first
/// tile, so it is exactly what a game sees until a clear or a remove tile leaves the board
/// empty; from that turn on, the real game differs. Listing the tiles of one particular
/// player's game instead would make the input depend on a solver.
pub fn format_input(inst: &Instance) -> String {
    let mut text = format!("{}\n{}\n{}\n", inst.n, inst.side, inst.d);
    let mut tiles = inst.tiles.clone();
    for turn in 0..MOVES {
        let _ = writeln!(text, "{}", tiles.next(turn == 0));
    }
    text
}

/// One reply per line, as the tester reads them (Java's `readLine`: `\n`, `\r\n` or a lone `\r`
/// ends a line), so reply K is line K + 1 and a blank line is a reply, which is refused. Like
/// the tester, reading stops once the game is over (a GIVE UP, or 10,000 replies): whatever
/// follows is never read. Reading also stops after a reply the rules refuse (the replay then
/// reports it).
pub fn read_output(instance: &Instance, text: &str) -> Result<Moves<Action>, TurnError> {
    let mut state = TilesMatching::start(instance);
    let mut moves = Moves::default();
    for (turn, line) in java_lines(text).enumerate() {
        if TilesMatching::is_over(instance, &state) {
            break;
        }
        let action =
            parse_action(line).map_err(|reason| TurnError::new(turn, reason).at_line(turn + 1))?;
        moves.push(action, turn + 1);
        if TilesMatching::apply(instance, &mut state, &action).is_err() {
            break;
        }
    }
    Ok(moves)
}

/// One reply: `R C` (row and column, 0-based), `DISCARD` or `GIVE UP`, in capitals as the
/// statement writes them. Spaces around and between the words do not matter.
pub fn parse_action(text: &str) -> Result<Action, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["DISCARD"] => Ok(Action::Discard),
        ["GIVE", "UP"] => Ok(Action::GiveUp),
        [row, col] => {
            let number = |w: &str| {
                w.parse::<i64>()
                    .map_err(|_| format!("'{}' is not a row or column number", shorten(w)))
            };
            Ok(Action::Place {
                row: number(row)?,
                col: number(col)?,
            })
        }
        [] => Err("empty reply: expected 'R C', 'DISCARD' or 'GIVE UP'".into()),
        _ => Err(format!(
            "'{}' is not a reply: expected 'R C', 'DISCARD' or 'GIVE UP'",
            shorten(text.trim())
        )),
    }
}

/// One reply per line.
pub fn format_output(actions: &[Action]) -> String {
    let mut text = String::with_capacity(actions.len() * 6);
    for action in actions {
        let _ = writeln!(text, "{action}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Params;

    /// Replies read for seed 1 (tiles W 52 41 31 ..., N = 6, S = 11, D = 3).
    fn parse_output(text: &str) -> Result<Vec<Action>, TurnError> {
        read_output(&TilesMatching::generate(1, &Params::new()), text).map(|moves| moves.actions)
    }

    #[test]
    fn input_starts_with_the_parameters_then_the_tiles() {
        let inst = TilesMatching::generate(1, &Params::new());
        let text = format_input(&inst);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3 + MOVES);
        assert_eq!(lines[..3], ["6", "11", "3"]);
        assert_eq!(lines[3..15].join(" "), "W 52 41 31 51 02 35 55 52 01 20 43");
        let tile_like = |l: &&str| {
            *l == "W" || *l == "R" || (l.len() == 2 && l.bytes().all(|b| (b'0'..b'6').contains(&b)))
        };
        assert!(lines[3..].iter().all(tile_like));
    }

    #[test]
    fn replies_round_trip() {
        // W at (5, 10), 52 beside it, 41 discarded, GIVE UP on 31.
        let actions = vec![
            Action::Place { row: 5, col: 10 },
            Action::Place { row: 5, col: 9 },
            Action::Discard,
            Action::GiveUp,
        ];
        let text = format_output(&actions);
        assert_eq!(text, "5 10\n5 9\nDISCARD\nGIVE UP\n");
        assert_eq!(parse_output(&text).unwrap(), actions);
        assert_eq!(parse_output("").unwrap(), vec![]);
    }

    #[test]
    fn a_line_is_a_reply_as_java_reads_lines_and_nothing_after_the_end_is_read() {
        let inst = TilesMatching::generate(1, &Params::new());
        // A lone CR ends a line; after GIVE UP the tester reads nothing more.
        let moves = read_output(&inst, "  4   5 \r GIVE  UP\n\n\ngarbage\n").unwrap();
        assert_eq!(
            moves.actions,
            [Action::Place { row: 4, col: 5 }, Action::GiveUp]
        );
        assert_eq!(moves.lines, [1, 2]);
        // A blank line before the end is a reply, refused at its line.
        let e = read_output(&inst, "4 5\r\n\r\nGIVE UP\n").unwrap_err();
        assert_eq!((e.turn, e.line), (1, Some(2)));
        assert!(e.reason.contains("empty reply"), "{}", e.reason);
        // Reading stops after a refused reply: 41 at (0, 0) touches nothing.
        let moves = read_output(&inst, "5 5\n5 6\n0 0\nnot a reply\n").unwrap();
        assert_eq!(moves.actions.len(), 3);
    }

    #[test]
    fn bad_replies_name_their_move() {
        for (text, turn, needle) in [
            (
                "1 2\nDISCARD\nx 3\n",
                2,
                "'x' is not a row or column number",
            ),
            ("1 2\n\n3 4\n", 1, "empty reply"),
            ("discard\n", 0, "'discard' is not a reply"),
            ("GIVEUP\n", 0, "'GIVEUP' is not a reply"),
            ("1 2 3\n", 0, "'1 2 3' is not a reply"),
            ("0 0\n1.5 2\n", 1, "'1.5' is not"),
            ("0 0\n99999999999999999999 0\n", 1, "is not a row"),
        ] {
            let e = parse_output(text).unwrap_err();
            assert_eq!((e.turn, e.line), (turn, Some(turn + 1)), "{text:?}");
            assert!(e.reason.contains(needle), "{text:?}: {}", e.reason);
        }
    }

    #[test]
    fn single_replies() {
        assert_eq!(
            parse_action(" -1 7 "),
            Ok(Action::Place { row: -1, col: 7 })
        );
        assert_eq!(parse_action("GIVE UP"), Ok(Action::GiveUp));
        assert!(parse_action("3").is_err());
        assert!(parse_action("give up").is_err());
    }
}
