//! What player 0 can learn about each AI from its observed moves: a particle filter over
//! (wa, wb, wc, wd, eps) with the statement's prior.
//!
//! The likelihood of a move is exact given the start-of-turn board: with probability eps the
//! AI picks uniformly from B_p, otherwise uniformly among the cells of highest `V * w`. Only
//! the best value of each kind of cell in B_p (and how many cells share it) matters, so every
//! observed turn is kept as a small summary and a particle's likelihood costs O(1) per turn.
//! When the weights degenerate the particles are resampled and moved by Metropolis steps over
//! the whole history (resample-move), so the cloud keeps up as the evidence sharpens.

use super::sim::FastRng;
use crate::games::territory::{Board, Observation, CELLS};

/// Kinds of target cell, as the AI policy sees them: empty, own below the cap, own at the
/// cap (value 0), another player's at level 1, another player's at level 2 or more.
pub const KINDS: usize = 5;
const AT_CAP: usize = 2;

/// Prior box of the weights and of eps (the generator's ranges).
const W_RANGE: (f64, f64) = (0.3, 1.0);
const EPS_RANGE: (f64, f64) = (0.1, 0.5);

/// One AI's move on one turn, reduced to what the likelihood needs.
#[derive(Clone, Copy, Debug)]
pub struct MoveSummary {
    /// Best value among B_p's cells of each kind (0 when none).
    best_value: [u32; KINDS],
    /// How many cells of each kind have that best value (the cap kind: all of them).
    best_count: [u16; KINDS],
    /// The kind of the chosen cell, and whether its value is the best of its kind.
    chosen_kind: u8,
    chosen_is_best: bool,
    options: u16,
}

impl MoveSummary {
    pub fn new(
        values: &[u32; CELLS],
        board: &Board,
        u: u8,
        p: usize,
        candidates: &[u8],
        target: u8,
    ) -> Self {
        let kind = |cell: usize| -> usize {
            let owner = board.owner[cell];
            if owner < 0 {
                0
            } else if owner as usize == p {
                if board.level[cell] < u {
                    1
                } else {
                    AT_CAP
                }
            } else if board.level[cell] == 1 {
                3
            } else {
                4
            }
        };
        let mut best_value = [0u32; KINDS];
        let mut best_count = [0u16; KINDS];
        for &c in candidates {
            let (k, v) = (kind(c as usize), values[c as usize]);
            if k == AT_CAP {
                best_count[k] += 1;
            } else if v > best_value[k] {
                best_value[k] = v;
                best_count[k] = 1;
            } else if v == best_value[k] {
                best_count[k] += 1;
            }
        }
        let chosen_kind = kind(target as usize);
        MoveSummary {
            best_value,
            best_count,
            chosen_kind: chosen_kind as u8,
            chosen_is_best: chosen_kind == AT_CAP
                || values[target as usize] == best_value[chosen_kind],
            options: candidates.len() as u16,
        }
    }

    /// The kind of cell the greedy move takes under `w` (the lowest kind on a tie of kinds),
    /// `None` when there is no candidate.
    pub fn greedy_kind(&self, w: &[f64; 4]) -> Option<usize> {
        let weights = [w[0], w[1], 0.0, w[2], w[3]];
        (0..KINDS)
            .filter(|&k| self.best_count[k] > 0)
            .map(|k| (k, self.best_value[k] as f64 * weights[k]))
            .fold(None, |best: Option<(usize, f64)>, (k, a)| match best {
                Some((_, b)) if b >= a => best,
                _ => Some((k, a)),
            })
            .map(|(k, _)| k)
    }

    /// AI `p`'s move on turn `t` of an observed game, from the board before it (`before`,
    /// `obs.board_before(t)`); `list` is scratch for the AI's candidate cells.
    pub fn observed(
        obs: &Observation,
        before: &Board,
        t: usize,
        p: usize,
        list: &mut Vec<u8>,
    ) -> Self {
        before.candidates(obs.m, p, list);
        Self::new(
            &obs.values,
            before,
            obs.u,
            p,
            list,
            obs.history[t].targets[p],
        )
    }

    /// P(this move | weights, eps), with the judge's relative 1e-9 tie tolerance.
    #[inline]
    pub fn likelihood(&self, w: &[f64; 4], eps: f64) -> f64 {
        let random = eps / self.options as f64;
        if !self.chosen_is_best {
            return random;
        }
        let weights = [w[0], w[1], 0.0, w[2], w[3]];
        let mut a = [f64::NEG_INFINITY; KINDS];
        let mut best = f64::NEG_INFINITY;
        for k in 0..KINDS {
            if self.best_count[k] > 0 {
                a[k] = self.best_value[k] as f64 * weights[k];
                best = best.max(a[k]);
            }
        }
        let floor = best - 1e-9 * best.abs().max(1.0);
        if a[self.chosen_kind as usize] < floor {
            return random;
        }
        let ties: u32 = (0..KINDS)
            .filter(|&k| a[k] >= floor)
            .map(|k| self.best_count[k] as u32)
            .sum();
        random + (1.0 - eps) / ties as f64
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Particle {
    /// wa, wb, wc, wd.
    pub w: [f64; 4],
    pub eps: f64,
    /// Log-likelihood of the whole history.
    log_lik: f64,
    /// Log-weight since the last resampling.
    log_weight: f64,
}

/// The posterior over one AI's parameters.
#[derive(Clone, Debug)]
pub struct AiModel {
    pub particles: Vec<Particle>,
    history: Vec<MoveSummary>,
    /// Normalised weights, recomputed after each update (for sampling).
    cumulative: Vec<f64>,
}

impl AiModel {
    pub fn new(count: usize, rng: &mut FastRng) -> Self {
        let uniform = |rng: &mut FastRng, (lo, hi): (f64, f64)| lo + (hi - lo) * rng.unit();
        let particles = (0..count)
            .map(|_| Particle {
                w: std::array::from_fn(|_| uniform(rng, W_RANGE)),
                eps: uniform(rng, EPS_RANGE),
                log_lik: 0.0,
                log_weight: 0.0,
            })
            .collect();
        let mut model = AiModel {
            particles,
            history: Vec::new(),
            cumulative: Vec::new(),
        };
        model.normalise();
        model
    }

    /// A belief that is certain of (w, eps): one particle (for measurement only: the
    /// oracle arm of `examples/territory_oracle.rs` puts it at an AI's true parameters).
    pub fn certain(w: [f64; 4], eps: f64) -> Self {
        let mut model = AiModel {
            particles: vec![Particle {
                w,
                eps,
                log_lik: 0.0,
                log_weight: 0.0,
            }],
            history: Vec::new(),
            cumulative: Vec::new(),
        };
        model.normalise();
        model
    }

    /// The particles with their normalised weights.
    pub fn weighted(&self) -> impl Iterator<Item = (f64, &Particle)> {
        let mut previous = 0.0;
        self.cumulative
            .iter()
            .zip(&self.particles)
            .map(move |(&c, p)| {
                let weight = c - previous;
                previous = c;
                (weight, p)
            })
    }

    /// The particle of highest likelihood of the whole history (the first on a tie).
    pub fn most_likely(&self) -> &Particle {
        self.particles
            .iter()
            .reduce(|best, p| if p.log_lik > best.log_lik { p } else { best })
            .expect("at least one particle")
    }

    pub fn observations(&self) -> usize {
        self.history.len()
    }

    fn normalise(&mut self) {
        let top = self
            .particles
            .iter()
            .map(|p| p.log_weight)
            .fold(f64::NEG_INFINITY, f64::max);
        let mut total = 0.0;
        self.cumulative.clear();
        for p in &self.particles {
            total += (p.log_weight - top).exp();
            self.cumulative.push(total);
        }
        for c in &mut self.cumulative {
            *c /= total;
        }
    }

    /// Effective sample size of the current weights.
    pub fn ess(&self) -> f64 {
        let mut previous = 0.0;
        let mut sum_sq = 0.0;
        for &c in &self.cumulative {
            sum_sq += (c - previous) * (c - previous);
            previous = c;
        }
        1.0 / sum_sq
    }

    /// A particle drawn by weight.
    #[inline]
    pub fn sample(&self, rng: &mut FastRng) -> &Particle {
        let r = rng.unit();
        let i = self.cumulative.partition_point(|&c| c < r);
        &self.particles[i.min(self.particles.len() - 1)]
    }

    /// The weighted mean of (wa, wb, wc, wd, eps).
    pub fn mean(&self) -> [f64; 5] {
        let mut mean = [0.0; 5];
        let mut previous = 0.0;
        for (p, &c) in self.particles.iter().zip(&self.cumulative) {
            let weight = c - previous;
            previous = c;
            for (sum, x) in mean.iter_mut().zip(p.w.iter().chain([&p.eps])) {
                *sum += weight * x;
            }
        }
        mean
    }

    /// Takes one observed move into account; resamples and moves the particles when their
    /// weights have degenerated (`mh_steps` Metropolis steps each).
    pub fn observe(&mut self, summary: MoveSummary, mh_steps: usize, rng: &mut FastRng) {
        self.history.push(summary);
        for p in &mut self.particles {
            let l = summary.likelihood(&p.w, p.eps).ln();
            p.log_lik += l;
            p.log_weight += l;
        }
        self.normalise();
        if self.ess() < self.particles.len() as f64 * 0.5 {
            self.resample_move(mh_steps, rng);
        }
    }

    fn history_log_lik(&self, w: &[f64; 4], eps: f64) -> f64 {
        self.history.iter().map(|s| s.likelihood(w, eps).ln()).sum()
    }

    fn resample_move(&mut self, mh_steps: usize, rng: &mut FastRng) {
        // Proposal scale from the weighted spread of the cloud.
        let mean = self.mean();
        let mut spread = [0.0; 5];
        let mut previous = 0.0;
        for (p, &c) in self.particles.iter().zip(&self.cumulative) {
            let weight = c - previous;
            previous = c;
            for k in 0..4 {
                spread[k] += weight * (p.w[k] - mean[k]).powi(2);
            }
            spread[4] += weight * (p.eps - mean[4]).powi(2);
        }
        let scale: [f64; 5] = std::array::from_fn(|k| (spread[k].sqrt() * 0.5).max(0.004));
        // Systematic resampling.
        let count = self.particles.len();
        let offset = rng.unit();
        let mut fresh = Vec::with_capacity(count);
        let mut i = 0;
        for j in 0..count {
            let target = (j as f64 + offset) / count as f64;
            while i + 1 < count && self.cumulative[i] < target {
                i += 1;
            }
            let mut p = self.particles[i];
            p.log_weight = 0.0;
            fresh.push(p);
        }
        for p in &mut fresh {
            for _ in 0..mh_steps {
                let mut w = p.w;
                for k in 0..4 {
                    w[k] += scale[k] * rng.normal();
                }
                let eps = p.eps + scale[4] * rng.normal();
                let inside = w.iter().all(|&x| (W_RANGE.0..W_RANGE.1).contains(&x))
                    && (EPS_RANGE.0..EPS_RANGE.1).contains(&eps);
                if !inside {
                    continue;
                }
                let log_lik = self.history_log_lik(&w, eps);
                if log_lik >= p.log_lik || rng.unit() < (log_lik - p.log_lik).exp() {
                    (p.w, p.eps, p.log_lik) = (w, eps, log_lik);
                }
            }
        }
        self.particles = fresh;
        self.normalise();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Params};
    use crate::games::territory::{Action, Territory, TURNS};

    #[test]
    fn likelihood_is_exact_for_a_hand_made_turn() {
        // B = own cell (V 1000, level 1 < U) and three empty cells of V 900, 1200, 1200.
        let mut values = [1000u32; CELLS];
        values[1] = 900;
        values[10] = 1200;
        values[11] = 1200;
        let board = Board::start(&[99, 0]);
        let candidates = [0u8, 1, 10, 11];
        let w = [0.5, 0.9, 0.5, 0.5];
        // Own: 900 beats 600 for the empty ones: greedy takes the own cell.
        let own = MoveSummary::new(&values, &board, 3, 1, &candidates, 0);
        assert!((own.likelihood(&w, 0.2) - (0.05 + 0.8)).abs() < 1e-12);
        assert_eq!(own.greedy_kind(&w), Some(1));
        assert_eq!(own.greedy_kind(&[0.9, 0.5, 0.5, 0.5]), Some(0));
        // An empty 1200 cell: only a random move could have chosen it under w ...
        let empty = MoveSummary::new(&values, &board, 3, 1, &candidates, 10);
        assert!((empty.likelihood(&w, 0.2) - 0.05).abs() < 1e-12);
        // ... but with wa high the two 1200 cells tie for the greedy move.
        let w = [0.9, 0.5, 0.5, 0.5];
        assert!((empty.likelihood(&w, 0.2) - (0.05 + 0.4)).abs() < 1e-12);
        // The 900 cell is never the greedy choice.
        let low = MoveSummary::new(&values, &board, 3, 1, &candidates, 1);
        assert!((low.likelihood(&w, 0.2) - 0.05).abs() < 1e-12);
    }

    #[test]
    fn a_certain_belief_has_one_particle_of_weight_one() {
        let model = AiModel::certain([0.4, 0.5, 0.6, 0.7], 0.3);
        assert_eq!(model.mean(), [0.4, 0.5, 0.6, 0.7, 0.3]);
        assert_eq!(model.most_likely().w, [0.4, 0.5, 0.6, 0.7]);
        let weights: Vec<f64> = model.weighted().map(|(w, _)| w).collect();
        assert_eq!(weights, vec![1.0]);
        let mut rng = FastRng::new(1);
        let prior = AiModel::new(8, &mut rng);
        let total: f64 = prior.weighted().map(|(w, _)| w).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_most_likely_particle_has_the_highest_likelihood() {
        let mut values = [1000u32; CELLS];
        values[10] = 1200;
        let board = Board::start(&[99, 0]);
        // The empty 1200 cell over the own 1000 cell: greedy only when wa * 1200 >= wb * 1000.
        let s = MoveSummary::new(&values, &board, 3, 1, &[0, 10], 10);
        let mut rng = FastRng::new(3);
        let mut model = AiModel::new(64, &mut rng);
        for _ in 0..3 {
            model.observe(s, 0, &mut rng);
        }
        let best = model.most_likely();
        assert!(model.particles.iter().all(|p| p.log_lik <= best.log_lik));
        assert!(best.w[0] * 1200.0 >= best.w[1] * 1000.0);
    }

    #[test]
    fn the_filter_finds_the_hidden_parameters_of_real_games() {
        // Learn from the observation only, then compare with the instance's hidden truth.
        let mut close = 0;
        let mut total = 0;
        for seed in [2u64, 5, 6] {
            let inst = Territory::generate(seed, &Params::new());
            let mut state = Territory::start(&inst);
            let mut rng = FastRng::new(seed);
            let mut models: Vec<AiModel> =
                (1..inst.m).map(|_| AiModel::new(400, &mut rng)).collect();
            let mut list = Vec::new();
            for t in 0..TURNS {
                state.board.candidates(inst.m, 0, &mut list);
                let pick = list[rng.below(list.len() as u32) as usize];
                Territory::apply(&inst, &mut state, &Action::to_cell(pick as usize)).unwrap();
                let obs = Territory::observe(&inst, &state);
                let before = obs.board_before(t);
                for p in 1..inst.m {
                    let s = MoveSummary::observed(&obs, &before, t, p, &mut list);
                    models[p - 1].observe(s, 2, &mut rng);
                }
            }
            for p in 1..inst.m {
                let truth = inst.ai[p - 1];
                let mean = models[p - 1].mean();
                total += 1;
                if (mean[4] - truth.eps).abs() < 0.1 {
                    close += 1;
                }
            }
        }
        assert!(
            close * 4 >= total * 3,
            "eps close for {close} of {total} AIs"
        );
    }
}
