//! A check of the beam's vector row paths (SSE2 natively, `simd128` in a wasm module built
//! with it) against the `u128` paths, public so that the wasm tests can run it where the
//! `simd128` path exists (`tests/square_remover_wasm.rs`, under node); the native unit test
//! `vector_rows_agree` runs it on SSE2.

use super::{swap, swap_rows, Node, Rows, Settings, Sim, Weights, NONE, TILE_MARGIN};
use crate::game::{Game, Params};
use crate::games::square_remover::SquareRemover;

/// The row path this build plays on: "sse2", "simd128" or "u128".
pub const VECTOR_ROWS: &str = if cfg!(target_arch = "x86_64") {
    "sse2"
} else if cfg!(all(target_arch = "wasm32", target_feature = "simd128")) {
    "simd128"
} else {
    "u128"
};

/// What `check_vector_rows` compared that could have differed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct VectorCheck {
    /// Non-zero pair bonuses.
    pub bonuses: usize,
    /// Swaps whose cascade scored.
    pub cascades: usize,
    /// Pair moves found.
    pub pairs: usize,
}

/// Walks `steps` moves on the board of `seed` (mostly scoring moves, so that cascades
/// happen; `params` as the generator's) and on every board compares this build's row path
/// with the `u128` one: every pair's bonus, every range of pairs' bonus, every swap and its
/// cascade, the single and pair moves. With `ready`, the weights with "ready" windows.
/// Returns the first difference as an error (a message, which a wasm panic would lose).
pub fn check_vector_rows(
    seed: u64,
    params: &[(&str, i64)],
    steps: usize,
    ready: bool,
) -> Result<VectorCheck, String> {
    let mut check = VectorCheck::default();
    walk_boards(seed, params, steps, ready, |sim, node| {
        compare(sim, node, &mut check)
    })?;
    Ok(check)
}

/// Walks `steps` moves on the board of `seed` as `check_vector_rows` describes and calls
/// `visit` on every board (with its tiles grown), stopping at its first error, which is
/// returned with the seed and step.
pub(super) fn walk_boards(
    seed: u64,
    params: &[(&str, i64)],
    steps: usize,
    ready: bool,
    mut visit: impl FnMut(&Sim, &Node) -> Result<(), String>,
) -> Result<(), String> {
    let params: Params = params.iter().map(|&(k, v)| (k.to_string(), v)).collect();
    let inst = SquareRemover::generate(seed, &params);
    let obs = SquareRemover::observe(&inst, &SquareRemover::start(&inst));
    let weights = match ready {
        true => Weights::for_colors(6),
        false => Weights::default(),
    };
    let settings = Settings {
        weights: Some(weights),
        ..Settings::default()
    };
    let mut sim = Sim::new(&obs, &settings);
    let mut node = sim.root(&obs);
    let mut rng = seed.wrapping_mul(2) | 1;
    let mut next = || {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (rng >> 33) as usize
    };
    let swaps: Vec<u16> = sim.all_swaps().collect();
    for step in 0..steps {
        sim.grow_tiles(node.score, TILE_MARGIN);
        visit(&sim, &node).map_err(|e| format!("seed {seed} step {step}: {e}"))?;
        let mut singles = Vec::new();
        sim.singles(&node.rows, &mut singles);
        let mv = match singles.is_empty() || next() % 4 == 0 {
            true => swaps[next() % swaps.len()],
            false => singles[next() % singles.len()],
        };
        let cand = sim.candidate(&node, 0, [mv, NONE], &mut node.rows.clone());
        node = sim.build(&node, &cand);
    }
    Ok(())
}

/// `assert_eq!` that returns the difference as an error.
macro_rules! same {
    ($left:expr, $right:expr, $($what:tt)+) => {
        let (left, right) = (&$left, &$right);
        if left != right {
            return Err(format!("{}: {:?} != {:?}", format!($($what)+), left, right));
        }
    };
}

fn compare(sim: &Sim, node: &Node, check: &mut VectorCheck) -> Result<(), String> {
    let rows: &Rows = &node.rows;
    for r in 0..sim.n {
        let bonus = sim.pair_bonus_rows(rows, r);
        same!(sim.pair_bonus(rows, r), bonus, "pair {r}");
        check.bonuses += (bonus != 0) as usize;
    }
    // Every range of pairs, the empty one too, as in `candidate`.
    for first in 0..sim.n {
        for last in first.saturating_sub(1)..sim.n {
            let sum: i32 = (first..=last).map(|r| sim.pair_bonus_rows(rows, r)).sum();
            same!(
                sim.range_bonus(rows, first..=last),
                sum,
                "pairs {first}..={last}"
            );
        }
    }
    // Every swap, the cascade after it, and the restore.
    for mv in sim.all_swaps() {
        let (mut fast, mut slow) = (*rows, *rows);
        let (lo, hi) = swap(&mut fast, mv);
        same!(swap_rows(&mut slow, mv), (lo, hi), "swap {mv}");
        same!(fast, slow, "swap {mv}");
        let (mut fast_score, mut slow_score) = (node.score, node.score);
        let touched = sim.settle(&mut fast, lo, hi, &mut fast_score);
        let slow_touched = sim.settle_rows(&mut slow, lo, hi, &mut slow_score);
        same!(
            (touched, fast_score),
            (slow_touched, slow_score),
            "cascade {mv}"
        );
        same!(fast, slow, "cascade after {mv}");
        check.cascades += (fast_score > node.score) as usize;
        for r in touched.0 + 1..=touched.1 + 1 {
            super::restore_row(&mut fast, rows, r);
        }
        same!(&fast, rows, "restore after {mv}");
    }
    let (mut fast, mut slow) = (Vec::new(), Vec::new());
    sim.singles(rows, &mut fast);
    sim.singles_rows(rows, &mut slow);
    same!(fast, slow, "singles");
    let (mut fast, mut slow) = (Vec::new(), Vec::new());
    sim.pairs(rows, &mut fast);
    sim.pairs_rows(rows, &mut slow);
    same!(fast, slow, "pairs");
    check.pairs += fast.len();
    Ok(())
}
