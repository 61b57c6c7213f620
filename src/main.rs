//! `arcade`: the command line over the game registry. Text in, text out; `arcade --help` and
//! `arcade COMMAND --help` describe every option.
//!
//! `score` prints `score: X` as its last line; an invalid output prints
//! `error: move K: reason` on stderr and exits with status 1. Bad arguments exit with status 2
//! and a message naming the option.

// The CLI runs programs and reads files: native only. The wasm32 build still compiles this
// binary (cargo builds every binary for the wasm integration tests), as an empty program.
#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
