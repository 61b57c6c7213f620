//! IPSC 2014 B was solved offline on input files; as a program a solution reads the hard
//! subproblem's text for one test (what `arcade gen` prints: `1`, a blank line, n, the strip
//! and the 43 seed words) and prints its moves as `l`/`r` (whitespace ignored). 10 s. IPSC
//! gave no score to a wrong answer: an invalid run scores -1 here.

use super::{Instance, Strip2048};
use crate::game::Game;
use crate::protocol::Protocol;

impl Protocol for Strip2048 {
    const INTERACTIVE: bool = false;

    fn opening(instance: &Instance) -> String {
        Self::format_input(instance)
    }
}
