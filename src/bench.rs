//! The simulator's speed, natively (`arcade bench`) and in wasm (the page's module,
//! `replayThroughput`, for `scripts/bench.sh`): a benchmark, kept out of the registry's
//! `DynGame` and listed beside it (`games::BENCH`).

use crate::clock::now_ms;
use crate::game::{instance, replay, DynGame, Error, Game, Params, Registered};

/// A game's simulator benchmark, object-safe.
pub trait DynBench: Sync {
    /// The game it measures.
    fn game(&self) -> &'static dyn DynGame;
    /// Replays `output` (valid) until at least `min_ms` have passed; returns moves applied.
    fn replay_throughput(
        &self,
        seed: u64,
        params: &Params,
        output: &str,
        min_ms: f64,
    ) -> Result<u64, Error>;
}

impl<G: Game> DynBench for Registered<G> {
    fn game(&self) -> &'static dyn DynGame {
        &Registered::<G>::GAME
    }

    fn replay_throughput(
        &self,
        seed: u64,
        params: &Params,
        output: &str,
        min_ms: f64,
    ) -> Result<u64, Error> {
        let instance = instance::<G>(seed, params)?;
        let actions = G::parse_output(&instance, output)?;
        replay::<G>(&instance, &actions)?;
        let start = now_ms();
        let mut moves = 0u64;
        while now_ms() - start < min_ms {
            let mut state = G::start(&instance);
            for action in &actions {
                let _ = G::apply(&instance, &mut state, action);
            }
            moves += actions.len() as u64;
        }
        Ok(moves)
    }
}
