//! Marathon Arcade: five optimisation-contest games, exact to the official testers.
//!
//! The crate is compiled twice: natively for the `arcade` CLI, tests and benchmarks, and to
//! wasm for the page (`web`, the only module that knows about JavaScript).

pub mod clock;
pub mod game;
pub mod games;
pub mod protocol;
pub mod report;
pub mod rng;
pub mod standings;
/// Runs a contestant's program like the official testers (processes: native only).
#[cfg(not(target_arch = "wasm32"))]
pub mod tester;

#[cfg(target_arch = "wasm32")]
pub mod web;
