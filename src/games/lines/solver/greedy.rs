//! One ply, no sampling: every legal move gets a quick look (points now, change of the
//! windows around its two cells), the best few a full evaluation of the position after the
//! move; a move that scores nothing is charged for the three balls that will come.
//! Deterministic and fast (no clock, no randomness), so benchmarks can replay it.

use super::{clear, legal_moves, lines_through, quick_value, Evaluator, Weights};
use crate::clock::Budget;
use crate::game::Agent;
use crate::games::lines::{Action, Lines, Observation, SPAWN};

/// How many moves get the full evaluation.
const SHORTLIST: usize = 8;

#[derive(Default)]
pub struct GreedyAgent {
    eval: Option<Evaluator>,
}

/// The `limit` best moves by quick value (points first, then window change), in move order
/// among equals; each with its points.
pub fn shortlist(ev: &Evaluator, grid: &[u8], limit: usize) -> Vec<(u8, u8, i64)> {
    let mut labels = Vec::new();
    let mut moves = Vec::new();
    legal_moves(&ev.geo, grid, &mut labels, &mut moves);
    let mut scratch = grid.to_vec();
    let mut lines = Vec::new();
    let mut ranked: Vec<(f64, usize, i64)> = moves
        .iter()
        .enumerate()
        .map(|(i, &(from, to))| {
            let (points, value) =
                quick_value(ev, &mut scratch, from as usize, to as usize, &mut lines);
            (points as f64 + value, i, points)
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked
        .iter()
        .take(limit)
        .map(|&(_, i, points)| (moves[i].0, moves[i].1, points))
        .collect()
}

/// The grid after a move, with its lines removed; the points.
pub fn play_move(grid: &mut [u8], n: usize, from: usize, to: usize, lines: &mut Vec<u8>) -> i64 {
    grid[to] = grid[from];
    grid[from] = 0;
    lines.clear();
    lines_through(grid, n, to, lines);
    clear(grid, lines)
}

pub fn to_action(n: usize, from: u8, to: u8) -> Action {
    let (from, to, n) = (from as i32, to as i32, n as i32);
    Action {
        r1: from / n,
        c1: from % n,
        r2: to / n,
        c2: to % n,
    }
}

impl Agent<Lines> for GreedyAgent {
    fn act(&mut self, obs: &Observation, _budget: &mut Budget) -> Action {
        let n = obs.n;
        if self.eval.as_ref().is_none_or(|e| e.geo.n != n) {
            self.eval = Some(Evaluator::new(n, Weights::default()));
        }
        let ev = self.eval.as_mut().unwrap();
        let candidates = shortlist(ev, &obs.grid, SHORTLIST);
        let mut best = (f64::NEG_INFINITY, candidates[0].0, candidates[0].1);
        let mut grid = obs.grid.clone();
        let mut lines = Vec::new();
        for &(from, to, _) in &candidates {
            grid.copy_from_slice(&obs.grid);
            let points = play_move(&mut grid, n, from as usize, to as usize, &mut lines);
            let mut value = points as f64 + ev.evaluate(&grid);
            if points == 0 {
                value -= SPAWN as f64 * ev.weights.empty;
            }
            if value > best.0 {
                best = (value, from, to);
            }
        }
        to_action(n, best.1, best.2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{play, Game, Params};

    #[test]
    fn greedy_is_deterministic_and_outlives_the_specs_policies() {
        let inst = Lines::generate(1, &Params::new());
        let (a1, s1) = play::<Lines>(&inst, &mut GreedyAgent::default(), &mut Budget::new(1e9)).unwrap();
        let (a2, _) = play::<Lines>(&inst, &mut GreedyAgent::default(), &mut Budget::new(1e9)).unwrap();
        assert_eq!(a1, a2);
        // The spec's "greedy" policy dies after 32 moves with 64 points on seed 1.
        assert!(s1.moves > 200 && s1.score > 300, "{} moves, {} points", s1.moves, s1.score);
    }
}
