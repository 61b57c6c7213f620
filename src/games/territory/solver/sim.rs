//! A fast copy of the rules for rollouts: territories as 100-bit masks, reachable regions
//! cached per player, scores kept up to date. Candidate order is not the judge's (a rollout
//! only needs the same distribution of moves), everything else is the same rule.

use crate::games::territory::{Board, CELLS, MAX_PLAYERS, N};

pub type Bits = u128;

pub const FULL: Bits = (1 << CELLS) - 1;
const fn column(y: usize) -> Bits {
    let mut mask = 0;
    let mut x = 0;
    while x < N {
        mask |= 1 << (x * N + y);
        x += 1;
    }
    mask
}
const FIRST_COLUMN: Bits = column(0);
const LAST_COLUMN: Bits = column(N - 1);

#[inline]
pub fn bit(cell: usize) -> Bits {
    1 << cell
}

/// The cells of `s` and their four neighbours.
#[inline]
pub fn spread(s: Bits) -> Bits {
    (s | ((s << 1) & !FIRST_COLUMN) | ((s >> 1) & !LAST_COLUMN) | (s << N) | (s >> N)) & FULL
}

/// Grows `seed` (inside `mask`) to its connected region in `mask`.
#[inline]
pub fn flood(seed: Bits, mask: Bits) -> Bits {
    let mut region = seed & mask;
    loop {
        let grown = spread(region) & mask;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The `k`-th set bit (0-based) of `s` (k < popcount).
#[inline]
pub fn nth_bit(s: Bits, k: u32) -> usize {
    let low = s as u64;
    let count = low.count_ones();
    if k < count {
        select64(low, k)
    } else {
        64 + select64((s >> 64) as u64, k - count)
    }
}

#[inline]
fn select64(mut x: u64, mut k: u32) -> usize {
    let mut base = 0;
    loop {
        let c = (x & 0xFFFF).count_ones();
        if k < c {
            break;
        }
        k -= c;
        x >>= 16;
        base += 16;
    }
    for _ in 0..k {
        x &= x - 1;
    }
    base + x.trailing_zeros() as usize
}

/// A uniformly drawn set bit of a non-empty `s`.
#[inline]
pub fn pick(s: Bits, rng: &mut FastRng) -> u8 {
    let count = s.count_ones();
    if count == 1 {
        return s.trailing_zeros() as u8;
    }
    nth_bit(s, rng.below(count)) as u8
}

/// The cell values with an index for "the best value in a set of cells": the distinct values
/// highest first, and for each the cells worth at least that much.
#[derive(Clone, Debug)]
pub struct Values {
    pub v: [u32; CELLS],
    pub f: [f64; CELLS],
    distinct: [u32; CELLS],
    count: usize,
    at_least: [Bits; CELLS],
    exactly: [Bits; CELLS],
}

impl Values {
    pub fn new(values: &[u32; CELLS]) -> Values {
        let mut sorted = *values;
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let mut distinct = [0u32; CELLS];
        let mut count = 0;
        for v in sorted {
            if count == 0 || distinct[count - 1] != v {
                distinct[count] = v;
                count += 1;
            }
        }
        let mut exactly = [0; CELLS];
        let mut at_least = [0; CELLS];
        for j in 0..count {
            for (cell, &v) in values.iter().enumerate() {
                if v == distinct[j] {
                    exactly[j] |= bit(cell);
                }
            }
            at_least[j] = exactly[j] | if j > 0 { at_least[j - 1] } else { 0 };
        }
        Values {
            v: *values,
            f: std::array::from_fn(|c| values[c] as f64),
            distinct,
            count,
            at_least,
            exactly,
        }
    }

    /// The best value in a non-empty `s` and the cells of `s` that have it.
    #[inline]
    pub fn top(&self, s: Bits) -> (u32, Bits) {
        let (mut lo, mut hi) = (0, self.count - 1);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.at_least[mid] & s != 0 {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        (self.distinct[lo], s & self.exactly[lo])
    }
}

/// Small fast generator for rollouts (xorshift64*).
#[derive(Clone, Copy, Debug)]
pub struct FastRng(u64);

impl FastRng {
    pub fn new(seed: u64) -> Self {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        FastRng((z ^ (z >> 31)) | 1)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in [0, 1).
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in 0..n (n >= 1).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// Standard normal (Box-Muller).
    pub fn normal(&mut self) -> f64 {
        let u1 = 1.0 - self.unit();
        let u2 = self.unit();
        (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
    }
}

/// Weights of the five kinds of target cell, in `Kind` order.
pub type KindWeights = [f64; 5];

/// What a target cell is for the player moving: the AI policy's five cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    Empty = 0,
    Own = 1,
    OwnAtCap = 2,
    EnemyLevel1 = 3,
    EnemyHigher = 4,
}

#[derive(Clone, Debug)]
pub struct Sim {
    pub m: usize,
    pub u: u8,
    pub owner: [i8; CELLS],
    pub level: [u8; CELLS],
    pub own: [Bits; MAX_PLAYERS],
    /// Own cells connected to the piece (the region the piece can walk).
    pub reach: [Bits; MAX_PLAYERS],
    pub pos: [u8; MAX_PLAYERS],
    pub scores: [i64; MAX_PLAYERS],
    pub pieces: Bits,
    /// Owned cells (by anyone), those at level 1, those at the cap.
    pub owned: Bits,
    pub level1: Bits,
    pub capped: Bits,
    pub turn: usize,
}

impl Sim {
    pub fn new(board: &Board, m: usize, u: u8, values: &[u32; CELLS], turn: usize) -> Sim {
        let mut own = [0; MAX_PLAYERS];
        for cell in 0..CELLS {
            if board.owner[cell] >= 0 {
                own[board.owner[cell] as usize] |= bit(cell);
            }
        }
        let mut reach = [0; MAX_PLAYERS];
        let mut pieces = 0;
        let (mut owned, mut level1, mut capped) = (0, 0, 0);
        for cell in 0..CELLS {
            if board.owner[cell] >= 0 {
                owned |= bit(cell);
                if board.level[cell] == 1 {
                    level1 |= bit(cell);
                }
                if board.level[cell] == u {
                    capped |= bit(cell);
                }
            }
        }
        for p in 0..m {
            reach[p] = flood(bit(board.pos[p] as usize), own[p]);
            pieces |= bit(board.pos[p] as usize);
        }
        Sim {
            m,
            u,
            owner: board.owner,
            level: board.level,
            own,
            reach,
            pos: board.pos,
            scores: board.player_scores(values),
            pieces,
            owned,
            level1,
            capped,
            turn,
        }
    }

    /// B_p split by `Kind` (indexed by it).
    #[inline]
    pub fn kind_masks(&self, p: usize, b: Bits) -> [Bits; 5] {
        let mine = self.own[p];
        let enemy = self.owned & !mine;
        [
            b & !self.owned,
            b & mine & !self.capped,
            b & mine & self.capped,
            b & enemy & self.level1,
            b & enemy & !self.level1,
        ]
    }

    /// The greedy choice over cell sets with weights `w`: the cells of highest `V * w`, ties
    /// drawn uniformly (every cell of a set with weight 0 is worth 0).
    #[inline]
    pub fn greedy<const K: usize>(
        masks: &[Bits; K],
        w: &[f64; K],
        values: &Values,
        rng: &mut FastRng,
    ) -> u8 {
        let mut best = -1.0;
        let mut ties: Bits = 0;
        for k in 0..K {
            let s = masks[k];
            if s == 0 {
                continue;
            }
            let (a, cells) = if w[k] == 0.0 {
                (0.0, s)
            } else {
                let (v, cells) = values.top(s);
                (v as f64 * w[k], cells)
            };
            if a > best {
                best = a;
                ties = cells;
            } else if a == best {
                ties |= cells;
            }
        }
        pick(ties, rng)
    }

    /// Sets the level masks of one owned cell from its level.
    #[inline]
    fn mark(&mut self, cell: usize) {
        let b = bit(cell);
        let level = self.level[cell];
        self.level1 = if level == 1 { self.level1 | b } else { self.level1 & !b };
        self.capped = if level == self.u { self.capped | b } else { self.capped & !b };
    }

    /// Player p's legal targets B_p as a mask.
    #[inline]
    pub fn candidates(&self, p: usize) -> Bits {
        spread(self.reach[p]) & !(self.pieces & !bit(self.pos[p] as usize))
    }

    #[inline]
    pub fn kind(&self, p: usize, cell: usize) -> Kind {
        let owner = self.owner[cell];
        if owner < 0 {
            Kind::Empty
        } else if owner as usize == p {
            if self.level[cell] < self.u {
                Kind::Own
            } else {
                Kind::OwnAtCap
            }
        } else if self.level[cell] == 1 {
            Kind::EnemyLevel1
        } else {
            Kind::EnemyHigher
        }
    }

    /// The AI policy with weights `w` (index by `Kind`; `OwnAtCap` is 0) and random rate
    /// `eps`: uniform over B with probability eps, else the best `V * w` (ties uniformly).
    #[inline]
    pub fn ai_move(
        &self,
        p: usize,
        w: &KindWeights,
        eps: f64,
        values: &Values,
        rng: &mut FastRng,
    ) -> u8 {
        let b = self.candidates(p);
        if rng.unit() < eps {
            return pick(b, rng);
        }
        Sim::greedy(&self.kind_masks(p, b), w, values, rng)
    }

    /// One turn with every target chosen: the judge's conflict, update and restore rules.
    /// Returns the removed players as a bit mask.
    pub fn step(&mut self, targets: &[u8; MAX_PLAYERS], values: &[u32; CELLS]) -> u32 {
        let m = self.m;
        let mut removed = 0u32;
        let (mut seen, mut shared): (Bits, Bits) = (0, 0);
        for &cell in &targets[..m] {
            let b = bit(cell as usize);
            shared |= seen & b;
            seen |= b;
        }
        if shared != 0 {
            for (p, &cell) in targets[..m].iter().enumerate() {
                if shared & bit(cell as usize) != 0 && self.owner[cell as usize] != p as i8 {
                    removed |= 1 << p;
                }
            }
        }
        let mut lost = 0u32;
        let mut gained = 0u32;
        for (p, &target) in targets[..m].iter().enumerate() {
            if removed >> p & 1 == 1 {
                continue;
            }
            let cell = target as usize;
            let v = values[cell] as i64;
            let owner = self.owner[cell];
            if owner < 0 {
                self.owner[cell] = p as i8;
                self.level[cell] = 1;
                self.own[p] |= bit(cell);
                self.owned |= bit(cell);
                self.mark(cell);
                self.scores[p] += v;
                gained |= 1 << p;
            } else if owner as usize == p {
                if self.level[cell] < self.u {
                    self.level[cell] += 1;
                    self.mark(cell);
                    self.scores[p] += v;
                }
            } else {
                let q = owner as usize;
                self.level[cell] -= 1;
                self.scores[q] -= v;
                if self.level[cell] == 0 {
                    self.owner[cell] = p as i8;
                    self.level[cell] = 1;
                    self.own[q] &= !bit(cell);
                    self.own[p] |= bit(cell);
                    self.scores[p] += v;
                    self.mark(cell);
                    if self.reach[q] & bit(cell) != 0 {
                        lost |= 1 << q;
                    }
                    gained |= 1 << p;
                } else {
                    self.mark(cell);
                    removed |= 1 << p;
                    continue;
                }
            }
            self.pieces &= !bit(self.pos[p] as usize);
            self.pos[p] = cell as u8;
            self.pieces |= bit(cell);
        }
        for p in 0..m {
            if lost >> p & 1 == 1 {
                self.reach[p] = flood(bit(self.pos[p] as usize), self.own[p]);
            } else if gained >> p & 1 == 1 {
                // The new cell may join own cells that were cut off before.
                let cell = bit(self.pos[p] as usize);
                let cut_off = self.own[p] & !self.reach[p] & !cell;
                self.reach[p] = if cut_off & spread(cell) != 0 {
                    flood(self.reach[p] | cell, self.own[p])
                } else {
                    self.reach[p] | cell
                };
            }
        }
        self.turn += 1;
        removed
    }

    /// The AI with the highest score (the first one on a tie).
    #[inline]
    pub fn leader(&self) -> usize {
        let mut lead = 1;
        for p in 2..self.m {
            if self.scores[p] > self.scores[lead] {
                lead = p;
            }
        }
        lead
    }

    /// S0 and the best AI score.
    #[inline]
    pub fn s0_sa(&self) -> (i64, i64) {
        let sa = self.scores[1..self.m].iter().copied().max().unwrap_or(1);
        (self.scores[0], sa.max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Params};
    use crate::games::territory::{ai_value, AiParams, Territory, TURNS};

    #[test]
    fn masks_match_the_judge_bfs_as_sets() {
        for seed in 0..6 {
            let inst = Territory::generate(seed, &Params::new());
            let mut state = Territory::start(&inst);
            let mut rng = FastRng::new(seed);
            let mut list = Vec::new();
            for _ in 0..TURNS {
                let sim = Sim::new(&state.board, inst.m, inst.u, &inst.values, state.turn());
                for p in 0..inst.m {
                    state.board.candidates(inst.m, p, &mut list);
                    let judge: Bits = list.iter().fold(0, |s, &c| s | bit(c as usize));
                    assert_eq!(sim.candidates(p), judge, "seed {seed} player {p}");
                }
                state.board.candidates(inst.m, 0, &mut list);
                let pick = list[rng.below(list.len() as u32) as usize];
                Territory::apply(
                    &inst,
                    &mut state,
                    &crate::games::territory::Action::to_cell(pick as usize),
                )
                .unwrap();
            }
        }
    }

    #[test]
    fn steps_match_the_judge_when_given_the_judge_targets() {
        for seed in 0..8 {
            let inst = Territory::generate(seed, &Params::new());
            let mut state = Territory::start(&inst);
            let mut sim = Sim::new(&state.board, inst.m, inst.u, &inst.values, 0);
            let mut rng = FastRng::new(seed + 100);
            let mut list = Vec::new();
            for t in 0..TURNS {
                state.board.candidates(inst.m, 0, &mut list);
                let pick = list[rng.below(list.len() as u32) as usize];
                Territory::apply(
                    &inst,
                    &mut state,
                    &crate::games::territory::Action::to_cell(pick as usize),
                )
                .unwrap();
                sim.step(&state.history[t].targets, &inst.values);
                assert_eq!(sim.owner, state.board.owner, "seed {seed} turn {t}");
                assert_eq!(sim.level, state.board.level, "seed {seed} turn {t}");
                assert_eq!(sim.pos, state.board.pos, "seed {seed} turn {t}");
                assert_eq!(sim.scores, state.board.player_scores(&inst.values));
                let fresh = Sim::new(&state.board, inst.m, inst.u, &inst.values, t + 1);
                assert_eq!(sim.reach, fresh.reach, "seed {seed} turn {t}");
            }
        }
    }

    #[test]
    fn greedy_ai_move_agrees_with_the_judge_values() {
        let inst = Territory::generate(4, &Params::new());
        let board = Board::start(&inst.starts);
        let sim = Sim::new(&board, inst.m, inst.u, &inst.values, 0);
        let values = Values::new(&inst.values);
        let w = AiParams {
            wa: 0.9,
            wb: 0.4,
            wc: 0.6,
            wd: 0.5,
            eps: 0.0,
        };
        let weights = [w.wa, w.wb, 0.0, w.wc, w.wd];
        let mut rng = FastRng::new(1);
        for p in 1..inst.m {
            let cell = sim.ai_move(p, &weights, 0.0, &values, &mut rng) as usize;
            let mut list = Vec::new();
            board.candidates(inst.m, p, &mut list);
            let best = list
                .iter()
                .map(|&c| ai_value(&inst.values, &board, inst.u, p, &w, c as usize))
                .fold(0.0, f64::max);
            assert_eq!(ai_value(&inst.values, &board, inst.u, p, &w, cell), best);
        }
    }
}
