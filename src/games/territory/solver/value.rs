//! A leaf value learnt offline: a linear prediction of the game's final log2(1 + S0 / SA)
//! (the contest's score of a game, up to its scale) from a board in the middle of the game.
//! The features are what player 0 sees (scores, cells, frontiers, turns left); the weights
//! were fitted by least squares on games of the `mc` player itself (`examples/
//! territory_value.rs`, `log` then `fit`), one set per level cap U.

use super::sim::{spread, Sim, Values};
use crate::games::territory::TURNS;

/// Number of features.
pub const FEATURES: usize = 12;

/// Names of the features, in order (for the fitting example's output).
pub const NAMES: [&str; FEATURES] = [
    "1", "r", "w", "g", "tau", "r*tau", "w*tau", "g*tau", "reach0", "m", "m*tau", "tau^2",
];

/// log2(1 + a / b), b at least 1.
#[inline]
fn log_ratio(a: f64, b: f64) -> f64 {
    (1.0 + a / b.max(1.0)).log2()
}

/// The features of a board, from player 0's side. With S the score, W the value of the
/// cells owned (each counted once, whatever its level), F the value of the empty cells next
/// to the region a player's piece can walk, and the AI side taken as the best AI in each
/// quantity: r = log2(1 + S0/SA), w = log2(1 + W0/WA), g = log2(1 + (W0+F0)/(WA+FA)),
/// tau = the fraction of the game left, reach0 = the share of player 0's cell value its
/// piece can walk, m = (M - 2) / 6.
pub fn features(sim: &Sim, values: &Values) -> [f64; FEATURES] {
    let mut owned = 0;
    for p in 0..sim.m {
        owned |= sim.own[p];
    }
    let quantities = |p: usize| {
        let w = values.sum(sim.own[p]) as f64;
        let f = values.sum(spread(sim.reach[p]) & !owned) as f64;
        (sim.scores[p] as f64, w, w + f)
    };
    let (s0, w0, g0) = quantities(0);
    let (mut sa, mut wa, mut ga) = (1.0f64, 1.0f64, 1.0f64);
    for p in 1..sim.m {
        let (s, w, g) = quantities(p);
        sa = sa.max(s);
        wa = wa.max(w);
        ga = ga.max(g);
    }
    let r = log_ratio(s0, sa);
    let w = log_ratio(w0, wa);
    let g = log_ratio(g0, ga);
    let tau = TURNS.saturating_sub(sim.turn) as f64 / TURNS as f64;
    let reach0 = if w0 > 0.0 {
        values.sum(sim.reach[0]) as f64 / w0
    } else {
        0.0
    };
    let m = (sim.m as f64 - 2.0) / 6.0;
    [
        1.0,
        r,
        w,
        g,
        tau,
        r * tau,
        w * tau,
        g * tau,
        reach0,
        m,
        m * tau,
        tau * tau,
    ]
}

/// The fitted weights per level cap U (index U - 1).
pub const WEIGHTS: [[f64; FEATURES]; 5] = [[0.0; FEATURES]; 5];

/// The predicted final log2(1 + S0 / SA) of a board; at the end of the game, the score
/// itself.
pub fn predict(sim: &Sim, values: &Values) -> f64 {
    let x = features(sim, values);
    if sim.turn >= TURNS {
        return x[1];
    }
    let w = &WEIGHTS[(sim.u.clamp(1, 5) - 1) as usize];
    x.iter().zip(w).map(|(a, b)| a * b).sum()
}
