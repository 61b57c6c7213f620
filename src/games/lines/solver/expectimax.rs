//! Expectimax over the spawn. The greedy look ranks the moves (a line now is always taken);
//! the best few without a line are then valued over sampled spawns of the three known
//! colours at unknown cells: the mean of the spawn's own points and the evaluation of the
//! position it leaves (a full board is a lost game). Every finalist gets the same draws
//! (common random numbers), round after round, until this move's share of the budget
//! (remaining time / remaining moves) is spent. The sampled mean alone played slightly worse
//! than the greedy value in our runs (the evaluation was tuned on the greedy agent), so the
//! final value is halfway between the two. Out of time, the greedy move is played.

use super::greedy::{self, play_move, to_action};
use super::{sample_spawn, Evaluator, Noise, Weights};
use crate::clock::Budget;
use crate::game::Agent;
use crate::games::lines::{Action, Lines, Observation, MAX_MOVES};

/// Moves of the greedy look that get sampled.
const FINALISTS: usize = 6;
/// How far the sampled mean moves a finalist's greedy value (1 = sampled mean alone).
const BLEND: f64 = 0.5;
const MIN_ROUNDS: u32 = 4;
const MAX_ROUNDS: u32 = 4000;
/// The value of losing the game (the board filled up).
const LOST: f64 = -5000.0;

pub struct ExpectimaxAgent {
    eval: Option<Evaluator>,
    weights: Weights,
    noise: Noise,
}

impl Default for ExpectimaxAgent {
    fn default() -> Self {
        Self::with_weights(Weights::default())
    }
}

impl ExpectimaxAgent {
    pub fn with_weights(weights: Weights) -> Self {
        ExpectimaxAgent {
            eval: None,
            weights,
            noise: Noise::new(0x11AE5),
        }
    }
}

impl Agent<Lines> for ExpectimaxAgent {
    fn act(&mut self, obs: &Observation, budget: &mut Budget) -> Action {
        let n = obs.n;
        if self.eval.as_ref().is_none_or(|e| e.geo.n != n) {
            self.eval = Some(Evaluator::new(n, self.weights.clone()));
        }
        let ev = self.eval.as_mut().unwrap();
        let start = budget.elapsed_ms();
        let moves_left = MAX_MOVES.saturating_sub(obs.moves).max(1);
        let share = budget.remaining_ms() / moves_left as f64;

        // The greedy look: every shortlisted move valued before the spawn.
        let mut ranked = greedy::rank(ev, &obs.grid, greedy::SHORTLIST);
        let best_now = ranked[0];
        if best_now.points > 0 || budget.should_stop() {
            // A line now is always taken; out of time, the greedy move is played.
            return to_action(n, best_now.from, best_now.to);
        }
        ranked.truncate(FINALISTS);

        // Mean over sampled spawns of the points they make and the position they leave.
        let mut lines = Vec::new();
        let after: Vec<Vec<u8>> = ranked
            .iter()
            .map(|m| {
                let mut grid = obs.grid.clone();
                play_move(&mut grid, n, m.from as usize, m.to as usize, &mut lines);
                grid
            })
            .collect();
        let mut sums = vec![0.0; ranked.len()];
        let mut grid = obs.grid.clone();
        let mut rounds = 0u32;
        loop {
            // The same draws for every finalist (common random numbers).
            self.noise.next_u64();
            let round_noise = self.noise.clone();
            for (base, sum) in after.iter().zip(sums.iter_mut()) {
                grid.copy_from_slice(base);
                let mut noise = round_noise.clone();
                let (points, full) = sample_spawn(&mut grid, n, &obs.next, &mut noise, &mut lines);
                *sum += if full {
                    LOST
                } else {
                    points as f64 + ev.evaluate(&grid)
                };
            }
            rounds += 1;
            if rounds >= MAX_ROUNDS
                || (rounds >= MIN_ROUNDS
                    && (budget.elapsed_ms() - start >= share || budget.should_stop()))
            {
                break;
            }
        }
        let score = |i: usize| {
            let sampled = sums[i] / rounds as f64;
            ranked[i].value + BLEND * (sampled - ranked[i].value)
        };
        let mut best = 0;
        for i in 1..ranked.len() {
            if score(i) > score(best) {
                best = i;
            }
        }
        to_action(n, ranked[best].from, ranked[best].to)
    }
}
