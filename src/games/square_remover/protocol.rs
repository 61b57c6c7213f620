//! SquareRemover was a function call (`playIt(colors, board, startSeed)` returning 30,000
//! integers); as a program it reads what `arcade gen` prints (colors, N, the N rows and
//! startSeed, one per line) and prints the integers. 30 s; an invalid run scores -1.

use super::{Instance, SquareRemover};
use crate::game::Game;
use crate::protocol::Protocol;

impl Protocol for SquareRemover {
    const INTERACTIVE: bool = false;

    fn opening(instance: &Instance) -> String {
        Self::format_input(instance)
    }
}
