//! The official tester's conversation (Topcoder's Java tester for Lines): `N` and `C`, one per
//! line; before every move the grid in row-major order, the next three colours and the
//! program's thinking time so far in ms, one value per line; one reply line `r1 c1 r2 c2` per
//! move, read as Java reads a line. 10 s of thinking time; an invalid run scores -1.

use super::{Instance, Lines, State};
use crate::protocol::Protocol;
use std::fmt::Write;

impl Protocol for Lines {
    const INTERACTIVE: bool = true;
    const JAVA_LINES: bool = true;

    fn opening(instance: &Instance) -> String {
        format!("{}\n{}\n", instance.n, instance.colors)
    }

    fn prompt(instance: &Instance, state: &State, thinking_ms: u64, out: &mut String) {
        for &cell in state.grid.iter().chain(state.next_colours(instance)) {
            out.push(char::from(b'0' + cell));
            out.push('\n');
        }
        let _ = writeln!(out, "{thinking_ms}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Params};

    #[test]
    fn the_tester_sends_n_c_then_grid_colours_and_time_one_per_line() {
        let inst = Lines::generate(1, &Params::new());
        assert_eq!(Lines::opening(&inst), "7\n3\n");
        let mut prompt = String::new();
        Lines::prompt(&inst, &Lines::start(&inst), 42, &mut prompt);
        let lines: Vec<&str> = prompt.lines().collect();
        assert_eq!(lines.len(), 49 + 3 + 1);
        // Seed 1: balls (1,6) = 1, (4,0) = 2, (5,4) = 3; next colours 1 2 3.
        assert_eq!(lines[13], "1");
        assert_eq!(lines[28], "2");
        assert_eq!(lines[39], "3");
        assert_eq!(lines.iter().filter(|&&l| l != "0").count(), 3 + 3 + 1);
        assert_eq!(&lines[49..], ["1", "2", "3", "42"]);
    }
}
