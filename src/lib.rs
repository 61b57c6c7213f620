//! Marathon Arcade: five optimisation-contest games, exact to the official testers.
//!
//! The crate is compiled twice: natively for the `arcade` CLI, tests and benchmarks, and to
//! wasm for the page (`web`, the only module that knows about JavaScript).

pub mod bench;
pub mod clock;
pub mod contest;
pub mod game;
pub mod games;
/// Scoped threads over a slice (native only: wasm32 has no threads here).
#[cfg(not(target_arch = "wasm32"))]
pub mod parallel;
/// How the official testers talked to a program (native only, with the tester).
#[cfg(not(target_arch = "wasm32"))]
pub mod protocol;
pub mod report;
pub mod rng;
pub mod standings;
/// Runs a contestant's program like the official testers (processes: native only).
#[cfg(not(target_arch = "wasm32"))]
pub mod tester;

#[cfg(target_arch = "wasm32")]
pub mod web;
