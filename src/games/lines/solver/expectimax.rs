//! Expectimax over the spawn: the shortlist of moves from the greedy first look, each valued
//! as the mean, over sampled spawn positions of the three known colours, of the points and
//! the evaluation of the position that results (a full board is a lost game). Samples go
//! round-robin over the shortlist until this move's share of the budget is spent.

use super::greedy::{play_move, shortlist, to_action};
use super::{sample_spawn, Evaluator, Noise, Weights};
use crate::clock::Budget;
use crate::game::Agent;
use crate::games::lines::{Action, Lines, Observation, MAX_MOVES};

const SHORTLIST: usize = 12;
/// The value of losing the game (the board filled up).
const LOST: f64 = -5000.0;

pub struct ExpectimaxAgent {
    eval: Option<Evaluator>,
    noise: Noise,
}

impl Default for ExpectimaxAgent {
    fn default() -> Self {
        ExpectimaxAgent {
            eval: None,
            noise: Noise::new(0x11AE5),
        }
    }
}

impl Agent<Lines> for ExpectimaxAgent {
    fn act(&mut self, obs: &Observation, budget: &mut Budget) -> Action {
        let n = obs.n;
        if self.eval.as_ref().is_none_or(|e| e.geo.n != n) {
            self.eval = Some(Evaluator::new(n, Weights::default()));
        }
        let ev = self.eval.as_mut().unwrap();
        let start = budget.elapsed_ms();
        let moves_left = MAX_MOVES.saturating_sub(obs.moves).max(1);
        let share = budget.remaining_ms() / moves_left as f64;

        let candidates = shortlist(ev, &obs.grid, SHORTLIST);
        let mut lines = Vec::new();
        let mut empties = Vec::new();
        // Per candidate: the position after the move, its points, and the running sum and
        // count of sampled values (a scoring move has no spawn: one exact value).
        let mut after: Vec<(Vec<u8>, i64)> = Vec::with_capacity(candidates.len());
        let mut sums = vec![0.0; candidates.len()];
        let mut counts = vec![0u32; candidates.len()];
        for (i, &(from, to, _)) in candidates.iter().enumerate() {
            let mut grid = obs.grid.clone();
            let points = play_move(&mut grid, n, from as usize, to as usize, &mut lines);
            if points > 0 {
                sums[i] = points as f64 + ev.evaluate(&grid);
                counts[i] = 1;
            }
            after.push((grid, points));
        }
        let mut grid = obs.grid.clone();
        let mut round = 0;
        loop {
            for (i, (base, points)) in after.iter().enumerate() {
                if *points > 0 {
                    continue;
                }
                grid.copy_from_slice(base);
                let (spawn_points, full) =
                    sample_spawn(&mut grid, n, &obs.next, &mut self.noise, &mut empties, &mut lines);
                let value = if full {
                    LOST
                } else {
                    spawn_points as f64 + ev.evaluate(&grid)
                };
                sums[i] += value;
                counts[i] += 1;
            }
            round += 1;
            if round >= 2 && (budget.elapsed_ms() - start >= share || budget.should_stop()) {
                break;
            }
            if round >= 10_000 {
                break;
            }
        }
        let mut best = 0;
        for i in 1..candidates.len() {
            if counts[i] > 0 && sums[i] / counts[i] as f64 > sums[best] / counts[best].max(1) as f64 {
                best = i;
            }
        }
        to_action(n, candidates[best].0, candidates[best].1)
    }
}
