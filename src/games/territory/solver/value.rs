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
pub const WEIGHTS: [[f64; FEATURES]; 5] = [
    [
        0.4653, -0.2181, -0.2181, 1.3121, 3.6254, 0.2626, 0.2626, -1.0905, 0.0349, -0.2112,
        -0.2397, -0.9232,
    ],
    [
        -0.2930, 1.0089, -0.5127, 0.6534, 3.0657, -0.6592, -0.5872, 0.5758, -0.1364, 0.1826,
        -0.8424, -0.5244,
    ],
    [
        -0.0939, 1.0353, 0.0520, 0.1462, 1.4329, -0.3687, -0.1199, 0.1642, -0.1234, -0.2408,
        -0.2085, 0.0049,
    ],
    [
        -0.1205, 1.2418, -0.3871, 0.2651, 1.3384, -0.6820, 0.1533, 0.2109, -0.0698, 0.0285,
        -0.5530, 0.1947,
    ],
    [
        -0.2176, 1.2973, 0.0143, 0.0804, 1.1343, -0.2524, -0.8119, 0.7267, -0.3220, 0.0230,
        -0.3668, 0.1822,
    ],
];

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Params};
    use crate::games::territory::{neighbors, Board, Territory};

    fn game(seed: u64, m: i64, u: i64) -> (crate::games::territory::Instance, Values) {
        let mut params = Params::new();
        params.insert("M".into(), m);
        params.insert("U".into(), u);
        let inst = Territory::generate(seed, &params);
        let values = Values::new(&inst.values);
        (inst, values)
    }

    /// Player 0 owns the empty neighbours of its start cell too (at `level`).
    fn grown(inst: &crate::games::territory::Instance, level: u8) -> Board {
        let mut board = Board::start(&inst.starts);
        for c in neighbors(inst.starts[0]) {
            if board.owner[c] < 0 {
                board.owner[c] = 0;
                board.level[c] = level;
            }
        }
        board
    }

    #[test]
    fn at_the_end_the_prediction_is_the_score_ratio() {
        for (seed, u) in [(1, 1), (2, 3), (3, 5)] {
            let (inst, values) = game(seed, 4, u);
            let sim = Sim::new(&grown(&inst, 1), inst.m, inst.u, &values, TURNS);
            let (s0, sa) = sim.s0_sa();
            let r = (1.0 + s0 as f64 / sa as f64).log2();
            assert_eq!(predict(&sim, &values), r);
            let x = features(&sim, &values);
            assert_eq!((x[0], x[1], x[4]), (1.0, r, 0.0));
        }
    }

    #[test]
    fn more_cells_for_player_0_predict_more_for_every_u() {
        for u in 1..=5 {
            for seed in 0..4 {
                let (inst, values) = game(seed, 5, u);
                let start = Sim::new(&Board::start(&inst.starts), inst.m, inst.u, &values, 30);
                let more = Sim::new(&grown(&inst, 1), inst.m, inst.u, &values, 30);
                assert!(
                    predict(&more, &values) > predict(&start, &values),
                    "U = {u}, seed {seed}"
                );
            }
        }
    }
}
