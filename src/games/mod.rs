//! One folder per game, all of the same shape (mod.rs rules, gen.rs, io.rs, protocol.rs,
//! solver/), and the registry the CLI and the page dispatch over: the one list below, from
//! which `ALL` (the games), `BENCH` (their simulator benchmark) and, natively, `TESTERS`
//! (`arcade run`) are made.

pub mod lines;
pub mod square_remover;
pub mod strip2048;
pub mod territory;
pub mod text;
pub mod tiles_matching;

use crate::bench::DynBench;
use crate::game::{DynGame, Registered};

/// The registry's lists, one entry per game, in the same order.
macro_rules! registry {
    ($($game:ty),+ $(,)?) => {
        /// Every game, in the order the page lists them.
        pub static ALL: &[&dyn DynGame] = &[$(&Registered::<$game>::GAME),+];
        /// Every game's simulator benchmark, in the same order.
        pub static BENCH: &[&dyn DynBench] = &[$(&Registered::<$game>::GAME),+];
        /// Every game's tester (`arcade run`), in the same order: native only.
        #[cfg(not(target_arch = "wasm32"))]
        pub static TESTERS: &[&dyn crate::tester::DynTester] = &[$(&Registered::<$game>::GAME),+];
    };
}

registry![
    square_remover::SquareRemover,
    strip2048::Strip2048,
    territory::Territory,
    lines::Lines,
    tiles_matching::TilesMatching,
];

/// The game with this id (`square-remover`, `lines`, ...).
pub fn find(id: &str) -> Option<&'static dyn DynGame> {
    ALL.iter().copied().find(|g| g.info().id == id)
}

/// The simulator benchmark of the game with this id.
pub fn bench(id: &str) -> Option<&'static dyn DynBench> {
    BENCH.iter().copied().find(|b| b.game().info().id == id)
}

/// The tester of the game with this id.
#[cfg(not(target_arch = "wasm32"))]
pub fn tester(id: &str) -> Option<&'static dyn crate::tester::DynTester> {
    TESTERS.iter().copied().find(|t| t.game().info().id == id)
}

/// The error for an unknown id, listing the known ones.
pub fn unknown(id: &str) -> String {
    let ids: Vec<&str> = ALL.iter().map(|g| g.info().id).collect();
    format!("unknown game '{id}' (known: {})", ids.join(", "))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn the_lists_hold_the_same_games_in_the_same_order() {
        let ids: Vec<&str> = ALL.iter().map(|g| g.info().id).collect();
        let benches: Vec<&str> = BENCH.iter().map(|b| b.game().info().id).collect();
        let testers: Vec<&str> = TESTERS.iter().map(|t| t.game().info().id).collect();
        assert_eq!(benches, ids);
        assert_eq!(testers, ids);
        let mut unique = ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "an id is listed twice: {ids:?}");
        for id in ids {
            assert_eq!(find(id).unwrap().info().id, id);
            assert_eq!(bench(id).unwrap().game().info().id, id);
            assert_eq!(tester(id).unwrap().game().info().id, id);
        }
        assert!(find("nope").is_none() && unknown("nope").contains("square-remover"));
    }
}
