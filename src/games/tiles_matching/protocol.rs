//! The official tester's conversation (MM53's `TilesMatchingVis`, Java, recovered and run):
//! N, S and D, each on its own line, then one tile per line (`W`, `R` or the two digits
//! colour-then-shape), each answered by one line `R C`, `DISCARD` or `GIVE UP`. 20 s of
//! thinking time; an invalid run scores 0.

use super::{Instance, State, TilesMatching};
use crate::protocol::Protocol;
use std::fmt::Write;

impl Protocol for TilesMatching {
    const INTERACTIVE: bool = true;
    const JAVA_LINES: bool = true;

    fn opening(instance: &Instance) -> String {
        format!("{}\n{}\n{}\n", instance.n, instance.side, instance.d)
    }

    fn prompt(_: &Instance, state: &State, _: u64, out: &mut String) {
        let _ = writeln!(out, "{}", state.tile);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Params};

    #[test]
    fn the_tester_sends_n_s_d_one_per_line_then_the_tile_in_hand() {
        // As the official tester does: a program reading three lines must get three lines.
        let inst = TilesMatching::generate(1, &Params::new());
        assert_eq!(TilesMatching::opening(&inst), "6\n11\n3\n");
        let mut state = TilesMatching::start(&inst);
        let mut prompt = String::new();
        TilesMatching::prompt(&inst, &state, 0, &mut prompt);
        assert_eq!(prompt, "W\n");
        TilesMatching::apply(
            &inst,
            &mut state,
            &TilesMatching::reply("5 5").unwrap().unwrap(),
        )
        .unwrap();
        prompt.clear();
        TilesMatching::prompt(&inst, &state, 0, &mut prompt);
        assert_eq!(prompt, format!("{}\n", state.tile));
        assert_eq!(prompt.len(), 3);
    }
}
