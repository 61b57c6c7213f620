//! Marathon Arcade: five optimisation-contest games, exact to the official testers.
//!
//! The crate is compiled twice: natively for the `arcade` CLI, tests and benchmarks, and to
//! wasm for the page (`web`, the only module that knows about JavaScript).

pub mod clock;
pub mod game;
pub mod games;
pub mod rng;

#[cfg(target_arch = "wasm32")]
pub mod web;
