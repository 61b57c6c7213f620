//! The evaluating player (default).

use crate::clock::Budget;
use crate::game::Agent;
use crate::games::tiles_matching::{Action, Board, Observation, TilesMatching, EMPTY, WILD};

/// Bit `color * 10 + shape` of a `u128` stands for the regular tile (colour, shape).
type Combos = u128;

/// For each board code, the regular tiles that may sit beside it.
fn combo_masks(n: u8) -> Vec<Combos> {
    let mut all: Combos = 0;
    for c in 0..n {
        for s in 0..n {
            all |= 1 << (c * 10 + s);
        }
    }
    (0..=255u8)
        .map(|code| match code {
            EMPTY | WILD => all,
            code => {
                let (color, shape) = (code / 10, code % 10);
                let mut m: Combos = 0;
                for k in 0..n {
                    m |= 1 << (color * 10 + k);
                    m |= 1 << (k * 10 + shape);
                }
                m
            }
        })
        .collect()
}

#[derive(Clone, Debug)]
pub struct Weights {
    pub uncovered: f64,
    pub twice: f64,
    pub thrice: f64,
    pub dead: f64,
    pub line: f64,
    pub empty: f64,
    pub counter: f64,
    pub score: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            uncovered: 200.0,
            twice: 30.0,
            thrice: 10.0,
            dead: 5.0,
            line: 1.0,
            empty: 0.3,
            counter: 20.0,
            score: 0.2,
        }
    }
}

#[derive(Default)]
pub struct EvalAgent {
    masks: Vec<Combos>,
    weights: Weights,
}

impl EvalAgent {
    fn evaluate(&self, board: &Board, counter: u8, n: u8) -> f64 {
        let w = &self.weights;
        if board.is_empty() {
            return w.empty * (board.side() * board.side()) as f64 - w.counter * counter as f64;
        }
        let s = board.side();
        let cells = board.cells();
        let all = self.masks[EMPTY as usize];
        let (mut c1, mut c2, mut c3): (Combos, Combos, Combos) = (0, 0, 0);
        let mut dead = 0;
        let mut row_filled = [0u32; 12];
        let mut col_filled = [0u32; 12];
        let mut row_dead = [false; 12];
        let mut col_dead = [false; 12];
        for cell in 0..s * s {
            let (r, c) = (cell / s, cell % s);
            if cells[cell] != EMPTY {
                row_filled[r] += 1;
                col_filled[c] += 1;
                continue;
            }
            let mut accept = all;
            let mut has = false;
            for nb in board.neighbours(cell) {
                let code = cells[nb];
                if code != EMPTY {
                    accept &= self.masks[code as usize];
                    has = true;
                }
            }
            if !has {
                continue;
            }
            if accept == 0 {
                dead += 1;
                row_dead[r] = true;
                col_dead[c] = true;
                continue;
            }
            c3 |= c2 & accept;
            c2 |= c1 & accept;
            c1 |= accept;
        }
        let nn = (n as f64) * (n as f64);
        let uncovered = nn - c1.count_ones() as f64;
        let twice = c2.count_ones() as f64 / nn;
        let thrice = c3.count_ones() as f64 / nn;
        let mut lines = 0.0;
        for k in 0..s {
            for (filled, is_dead) in [(row_filled[k], row_dead[k]), (col_filled[k], col_dead[k])] {
                if !is_dead {
                    let f = filled as f64 / s as f64;
                    lines += f * f;
                }
            }
        }
        -w.uncovered * uncovered / nn + w.twice * twice + w.thrice * thrice - w.dead * dead as f64
            + w.line * lines
            + w.empty * (s * s - board.occupied()) as f64
            - w.counter * counter as f64
    }
}

impl Agent<TilesMatching> for EvalAgent {
    fn act(&mut self, obs: &Observation, _budget: &mut Budget) -> Action {
        if self.masks.is_empty() {
            self.masks = combo_masks(obs.n);
        }
        let s = obs.side;
        let mut best: Option<(f64, Action)> = None;
        let mut consider = |value: f64, action: Action| {
            if best.as_ref().is_none_or(|(v, _)| value > *v) {
                best = Some((value, action));
            }
        };
        let after = obs.counter.saturating_sub(1);
        for cell in obs.board.legal_cells(obs.tile) {
            let mut board = obs.board.clone();
            let reward = match obs.tile.code() {
                None => {
                    board.take(cell);
                    1
                }
                Some(code) => {
                    let clear = board.put(cell, code);
                    match (clear.row, clear.col) {
                        (true, true) => 1 + 3 * s,
                        (false, false) => 1,
                        _ => 1 + s,
                    }
                }
            };
            let value = self.weights.score * reward as f64 + self.evaluate(&board, after, obs.n);
            consider(
                value,
                Action::Place {
                    row: (cell / s) as i64,
                    col: (cell % s) as i64,
                },
            );
        }
        if obs.counter < obs.d {
            consider(
                self.evaluate(&obs.board, obs.counter + 1, obs.n),
                Action::Discard,
            );
        }
        best.map_or(Action::GiveUp, |(_, a)| a)
    }
}
