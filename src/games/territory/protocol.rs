//! AHC061's judge, as the statement's Input and Output section and the official tester give
//! it: the initial input (`N M T U`, the values, the start cells; not the hidden part), then
//! per turn the program's line `tx ty` and the judge's report: every player's target, every
//! piece's position, the owners and the levels. Blank lines and lines starting with `#` are
//! skipped (and kept in the output, as the tester echoes them). 2 s of wall time; an invalid
//! run scores 0, with the official tester's messages.

use super::{io, xy, Action, Instance, State, Territory, N};
use crate::protocol::Protocol;
use std::fmt::Write;

impl Protocol for Territory {
    const INTERACTIVE: bool = true;
    const OUTPUT_ENDED: &'static str = "Your program has terminated unexpectedly";

    fn opening(instance: &Instance) -> String {
        io::format_public_input(instance)
    }

    fn report(instance: &Instance, state: &State, out: &mut String) {
        let Some(record) = state.history.last() else {
            return;
        };
        let m = instance.m;
        for &cell in record.targets[..m].iter().chain(&record.board.pos[..m]) {
            let (x, y) = xy(cell as usize);
            let _ = writeln!(out, "{x} {y}");
        }
        for row in record.board.owner.chunks(N) {
            write_row(out, row.iter().map(|&o| o as i32));
        }
        for row in record.board.level.chunks(N) {
            write_row(out, row.iter().map(|&l| l as i32));
        }
    }

    fn reply(line: &str) -> Option<Result<Action, String>> {
        io::read_move_line(line)
    }
}

fn write_row(out: &mut String, values: impl Iterator<Item = i32>) {
    for (i, v) in values.enumerate() {
        let _ = write!(out, "{}{v}", if i == 0 { "" } else { " " });
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Params};

    #[test]
    fn the_opening_is_the_input_without_its_hidden_part() {
        let inst = Territory::generate(0, &Params::new());
        let opening = Territory::opening(&inst);
        assert_eq!(opening.lines().count(), 1 + N + inst.m);
        assert!(Territory::format_input(&inst).starts_with(&opening));
    }

    #[test]
    fn the_report_is_targets_positions_owners_levels() {
        let inst = Territory::generate(0, &Params::new());
        let mut state = Territory::start(&inst);
        let start = inst.starts[0];
        let (x, y) = xy(start);
        let stay = Territory::reply(&format!("{x} {y}")).unwrap().unwrap();
        Territory::apply(&inst, &mut state, &stay).unwrap();
        let mut report = String::new();
        Territory::report(&inst, &state, &mut report);
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(lines.len(), 2 * inst.m + 2 * N);
        assert_eq!(lines[0], format!("{x} {y}"));
        assert_eq!(lines[2 * inst.m].split(' ').count(), N);
        // Player 0 reinforced its start cell to level 2 (or it stays 1 when U = 1).
        let level_row: Vec<&str> = lines[2 * inst.m + N + x].split(' ').collect();
        assert_eq!(level_row[y], (inst.u.min(2)).to_string());
        assert_eq!(Territory::reply("# thinking"), None);
        assert_eq!(Territory::reply("   "), None);
    }
}
