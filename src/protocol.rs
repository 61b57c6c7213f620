//! How each contest's official tester talked to a solution program (native only, as the
//! tester). Each game implements `Protocol` in its folder (`games/<id>/protocol.rs`) with text
//! only; `tester` runs a program over stdin/stdout with it, and the rules and limits stay the
//! game's own (`Game::apply`, `replay`, `Game::CONTEST`). The contract (`game`) knows neither.

use crate::game::Game;

/// What the program reads and writes, in the official tester's order.
///
/// Interactive games: the tester sends `opening`, then for every move `prompt`, reads one
/// reply line (`reply`), applies it with the game's rules, and sends `report`; the game ends
/// when `Game::is_over` says so. Offline games: the tester sends `opening`, closes the
/// program's input, and reads its whole output (`Game::parse_output`, `replay`).
pub trait Protocol: Game {
    const INTERACTIVE: bool;
    /// The tester reads lines as Java's `BufferedReader.readLine`: `\n`, `\r\n` or a lone `\r`
    /// ends one. Otherwise only `\n` does (a `\r` before it is the reply's business).
    const JAVA_LINES: bool = false;
    /// The reason given when the program's output ends before the game does.
    const OUTPUT_ENDED: &'static str = "the program's output ended before the game was over";

    /// What the program reads first (offline games: all it reads).
    fn opening(instance: &Self::Instance) -> String;

    /// What the program reads before each move. `thinking_ms` is its time so far.
    fn prompt(
        _instance: &Self::Instance,
        _state: &Self::State,
        _thinking_ms: u64,
        _out: &mut String,
    ) {
    }

    /// What the program reads after each move has been applied.
    fn report(_instance: &Self::Instance, _state: &Self::State, _out: &mut String) {}

    /// One line of the program's output (without its line end): a move, a reason it is not
    /// one, or `None` for a line the tester skips (a comment).
    fn reply(line: &str) -> Option<Result<Self::Action, String>> {
        Some(Self::parse_action(line))
    }
}
