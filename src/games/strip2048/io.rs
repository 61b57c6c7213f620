//! Contest text. The input is printed as a whole B2 file with one test (so `arcade gen` pipes
//! into `arcade ipsc2014b hard`); the output is a string of `l`/`r`, whitespace ignored.

use super::{cell_decimal, Dir, Instance};
use crate::game::{Moves, TurnError};
use crate::games::text::shorten;

/// `1`, a blank line, then the test as B2 gives it: n, the strip, x0..x42.
pub fn format_input(inst: &Instance) -> String {
    let cells: Vec<String> = inst.cells.iter().map(|&e| cell_decimal(e)).collect();
    let words: Vec<String> = inst.seed.iter().map(|w| w.to_string()).collect();
    format!(
        "1\n\n{}\n{}\n{}\n",
        inst.n(),
        cells.join(" "),
        words.join(" ")
    )
}

/// Every non-whitespace character is one move; a move's line is the line its letter is on
/// (`\n` ends a line).
pub fn read_output(text: &str) -> Result<Moves<Dir>, TurnError> {
    let mut moves = Moves::default();
    for (index, line) in text.split('\n').enumerate() {
        for c in line.chars().filter(|c| !c.is_whitespace()) {
            let turn = moves.actions.len();
            let dir =
                letter(c).map_err(|reason| TurnError::new(turn, reason).at_line(index + 1))?;
            moves.push(dir, index + 1);
        }
    }
    Ok(moves)
}

/// The first `moves` moves of an output that cannot be read further (every letter before
/// the unreadable one is a move).
pub fn read_before(text: &str, moves: usize) -> Vec<Dir> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map_while(|c| letter(c).ok())
        .take(moves)
        .collect()
}

/// One move: `l` or `r` (surrounding whitespace ignored).
pub fn parse_action(text: &str) -> Result<Dir, String> {
    let mut chars = text.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => letter(c),
        _ => Err(format!(
            "a move is one letter, l or r, got '{}'",
            shorten(text.trim())
        )),
    }
}

fn letter(c: char) -> Result<Dir, String> {
    match c {
        'l' => Ok(Dir::Left),
        'r' => Ok(Dir::Right),
        _ => Err(format!("'{c}' is not a move (expected l or r)")),
    }
}

/// The moves as one line.
pub fn format_output(actions: &[Dir]) -> String {
    let mut text: String = actions.iter().map(|d| d.letter()).collect();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_output(text: &str) -> Result<Vec<Dir>, TurnError> {
        read_output(text).map(|moves| moves.actions)
    }

    #[test]
    fn letters_with_whitespace_anywhere() {
        let moves = parse_output(" l r\n\trr l ").unwrap();
        assert_eq!(
            moves,
            [Dir::Left, Dir::Right, Dir::Right, Dir::Right, Dir::Left]
        );
        assert_eq!(format_output(&moves), "lrrrl\n");
        assert_eq!(parse_output("").unwrap(), []);
        assert_eq!(parse_output(" \n ").unwrap(), []);
    }

    #[test]
    fn a_bad_letter_names_its_move() {
        let e = parse_output("lr rl\nlx").unwrap_err();
        assert_eq!((e.turn, e.line), (5, Some(2)));
        assert_eq!(read_output("l\n\n r\r\nl").unwrap().lines, [1, 3, 4]);
        assert_eq!(e.reason, "'x' is not a move (expected l or r)");
        // Upper case is not the contest's format.
        assert_eq!(parse_output("L").unwrap_err().turn, 0);
        let e = parse_output("llé").unwrap_err();
        assert_eq!(e.turn, 2);
        assert!(e.reason.contains("'é'"), "{}", e.reason);
    }

    #[test]
    fn single_moves() {
        assert_eq!(parse_action(" l\n"), Ok(Dir::Left));
        assert_eq!(parse_action("r"), Ok(Dir::Right));
        assert!(parse_action("").unwrap_err().contains("one letter"));
        assert!(parse_action("lr").unwrap_err().contains("one letter"));
        assert!(parse_action("left").unwrap_err().contains("'left'"));
        assert!(parse_action("x").unwrap_err().contains("not a move"));
    }

    #[test]
    fn input_is_a_b2_file_with_one_test() {
        let mut seed = [0u32; 43];
        seed[0] = 4_294_967_295;
        seed[42] = 7;
        let inst = Instance {
            cells: vec![0, 2, 0],
            seed,
        };
        let text = format_input(&inst);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[..4], ["1", "", "3", "0 4 0"]);
        assert!(lines[4].starts_with("4294967295 0 0 "));
        assert!(lines[4].ends_with(" 0 7"));
        assert_eq!(lines[4].split(' ').count(), 43);
        assert_eq!(lines.len(), 5);
    }
}
