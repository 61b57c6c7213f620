//! One ply, no sampling. Every legal move gets a quick look (the points of a line it makes,
//! or the change of the windows around its two cells); the best `SHORTLIST` get a full
//! evaluation of the position after the move, less the three balls a move without a line
//! lets in. A move that makes a line is always played when there is one (the best of them):
//! holding a line back to value it later only loses balls. The exception is a roomy board
//! less than half full (`LONG_ROOM`), where a move that makes a held line longer competes with
//! the lines. On boards with fewer than 16 cells per colour its evaluation adds the learned
//! survival term (`super::learned`; the expectimax agent only re-ranks its best few moves
//! with it). Deterministic and fast (no clock, no randomness), so benchmarks can replay it.

use super::learned::learned_weight;
use super::{
    clear, feature, lines_through, long_lines_weight, rows_plan, Candidate, Evaluator, Weights,
};
use crate::clock::Budget;
use crate::game::Agent;
use crate::games::lines::{Action, Lines, Observation};

/// How many moves get the full evaluation.
pub const SHORTLIST: usize = 40;

#[derive(Default)]
pub struct GreedyAgent {
    eval: Option<Evaluator>,
    weights: Weights,
}

impl GreedyAgent {
    pub fn with_weights(weights: Weights) -> Self {
        GreedyAgent {
            eval: None,
            weights,
        }
    }
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

/// A move valued as the greedy agent values it.
#[derive(Clone, Copy, Debug)]
pub struct Ranked {
    pub from: u8,
    pub to: u8,
    pub points: i64,
    pub value: f64,
    /// Ranked before the others: a line, or (building long lines) a move that lengthens
    /// the best line one ball could complete.
    pub first: bool,
}

/// The shortlisted moves, best first: any line now (and, building long lines, any move that
/// lengthens a held one) first, then by the value of the position after the move, less the
/// three balls a move without a line brings.
pub fn rank(ev: &mut Evaluator, grid: &[u8], limit: usize) -> Vec<Ranked> {
    let n = ev.geo.n;
    let spawn_due = ev.weights.0[feature::SPAWN_DUE];
    let mut after = grid.to_vec();
    let mut lines = Vec::new();
    let long = ev.builds_long_lines(grid);
    // Building rows, a line shorter than the row is not taken first.
    let rows = ev.builds_rows(grid);
    let row_len = ev.row_plan.len;
    let extra_now = match long {
        true => {
            ev.evaluate(grid);
            ev.last_long_extra
        }
        false => 0.0,
    };
    let mut ranked: Vec<Ranked> = ev
        .shortlist(grid, limit)
        .iter()
        .map(|&Candidate { from, to, .. }| {
            after.copy_from_slice(grid);
            let points = play_move(&mut after, n, from as usize, to as usize, &mut lines);
            let short = rows && points > 0 && lines.len() < row_len;
            let mut value = points as f64 + ev.evaluate(&after);
            if points == 0 {
                value += spawn_due;
            }
            if short {
                value -= ev.short_penalty * (row_len - lines.len()) as f64;
            }
            Ranked {
                from,
                to,
                points,
                value,
                first: (points > 0 && !short) || (long && ev.last_long_extra > extra_now),
            }
        })
        .collect();
    // Stable: among equals the shortlist's order stays. Building long lines, a line of five
    // may wait.
    ranked.sort_by(|a, b| b.first.cmp(&a.first).then(b.value.total_cmp(&a.value)));
    ranked
}

impl Agent<Lines> for GreedyAgent {
    fn act(&mut self, obs: &Observation, _budget: &mut Budget) -> Action {
        let n = obs.n;
        if self.eval.as_ref().is_none_or(|e| e.geo.n != n) {
            self.eval = Some(Evaluator::new(n, self.weights.clone()));
        }
        let ev = self.eval.as_mut().unwrap();
        ev.long_weight = long_lines_weight(n, obs.colors);
        ev.plan_rows(rows_plan(n, obs.colors));
        ev.learned_weight = learned_weight(n, obs.colors);
        let best = rank(ev, &obs.grid, SHORTLIST)[0];
        to_action(n, best.from, best.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{play, Game, Params};

    #[test]
    fn greedy_is_deterministic_and_outlives_the_specs_policies() {
        let inst = Lines::generate(1, &Params::new());
        let (a1, s1) =
            play::<Lines>(&inst, &mut GreedyAgent::default(), &mut Budget::new(1e9)).unwrap();
        let (a2, _) =
            play::<Lines>(&inst, &mut GreedyAgent::default(), &mut Budget::new(1e9)).unwrap();
        assert_eq!(a1, a2);
        // A one-ply greedy (best immediate line score, first move on ties) dies after 32
        // moves with 64 points on seed 1 (tests/data/lines/seed1-greedy.out).
        assert_eq!(s1.moves, 1000);
        assert!(s1.score > 3000, "{} points", s1.score);
    }

    #[test]
    fn roomy_boards_hold_a_line_of_five_back_and_crowded_ones_take_it() {
        use crate::games::lines::solver::{rows_plan, Rows};
        // 9 x 9, three colours: four reds in row 4 and a red that can complete them.
        let n = 9;
        let mut grid = vec![0u8; n * n];
        for c in 0..4 {
            grid[4 * n + c] = 1;
        }
        grid[8 * n + 8] = 1;
        grid[0] = 2;
        grid[n - 1] = 3;
        let mut ev = Evaluator::new(n, Weights::default());
        let best = |ev: &mut Evaluator, grid: &[u8]| rank(ev, grid, SHORTLIST)[0].points;
        // Without rows the line is taken at once.
        assert_eq!(best(&mut ev, &grid), 10);
        // Building rows of 7, a line of five waits while the board is roomy.
        ev.plan_rows(rows_plan(n, 3));
        assert_eq!(ev.row_plan.len, 7);
        assert_eq!(best(&mut ev, &grid), 0);
        // Once no more than `min_empty` cells are empty, it is taken again.
        let plan = ev.row_plan;
        ev.plan_rows(Rows {
            min_empty: grid.iter().filter(|&&x| x == 0).count(),
            ..plan
        });
        assert!(!ev.builds_rows(&grid));
        assert_eq!(best(&mut ev, &grid), 10);
    }
}
