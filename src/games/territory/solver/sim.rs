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

/// `1 << cell` for every cell: a load instead of a variable 128-bit shift (several
/// instructions and branch-free selects on x86-64 and in wasm).
static BITS: [Bits; 128] = {
    let mut bits = [0; 128];
    let mut cell = 0;
    while cell < 128 {
        bits[cell] = 1 << cell;
        cell += 1;
    }
    bits
};

#[inline]
pub fn bit(cell: usize) -> Bits {
    BITS[cell & 127]
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
        // Two steps per test: one branch (often mispredicted) per two spreads.
        let once = spread(region) & mask;
        let twice = spread(once) & mask;
        if twice == once {
            return once;
        }
        region = twice;
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
    // One bit (the usual greedy choice) needs no count: x86-64 without POPCNT counts bits
    // in a dozen instructions.
    if s & (s - 1) == 0 {
        return s.trailing_zeros() as u8;
    }
    nth_bit(s, rng.below(s.count_ones())) as u8
}

/// The cell values, and a second layout of cell masks for "the best value in a set of
/// cells": bit r of a rank mask is the cell of r-th highest value, so the best cells of a
/// set are its lowest bit and the cells of equal value next to it.
#[derive(Clone, Debug)]
pub struct Values {
    pub v: [u32; CELLS],
    /// Rank of each cell (0: highest value) and cell of each rank.
    pub rank: [u8; CELLS],
    pub cell_of: [u8; CELLS],
    /// Value at each rank, and the ranks of that same value.
    pub value_at: [u32; CELLS],
    same: [Bits; CELLS],
    /// Each cell with its four neighbours, in the rank layout.
    pub near: [Bits; CELLS],
    /// `to_rank` by bytes: the rank mask of each byte value at each byte position.
    table: Box<[[Bits; 256]; 13]>,
    /// The value of each set of cells within a row (10 bits), row by row (40 KB).
    row_sums: Box<[[u32; 1 << N]; N]>,
}

impl Values {
    pub fn new(values: &[u32; CELLS]) -> Values {
        let mut order: [u8; CELLS] = std::array::from_fn(|c| c as u8);
        order.sort_by_key(|&c| (std::cmp::Reverse(values[c as usize]), c));
        let mut rank = [0u8; CELLS];
        for (r, &c) in order.iter().enumerate() {
            rank[c as usize] = r as u8;
        }
        let value_at: [u32; CELLS] = std::array::from_fn(|r| values[order[r] as usize]);
        let same = std::array::from_fn(|r| {
            (0..CELLS)
                .filter(|&q| value_at[q] == value_at[r])
                .fold(0, |s, q| s | bit(q))
        });
        let mut table = Box::new([[0; 256]; 13]);
        for (i, row) in table.iter_mut().enumerate() {
            for (byte, entry) in row.iter_mut().enumerate() {
                for j in 0..8 {
                    let cell = i * 8 + j;
                    if byte >> j & 1 == 1 && cell < CELLS {
                        *entry |= bit(rank[cell] as usize);
                    }
                }
            }
        }
        let mut row_sums = Box::new([[0u32; 1 << N]; N]);
        for (x, row) in row_sums.iter_mut().enumerate() {
            for set in 1..1usize << N {
                // The set without its lowest cell, plus that cell.
                row[set] = row[set & (set - 1)] + values[x * N + set.trailing_zeros() as usize];
            }
        }
        let mut values = Values {
            v: *values,
            rank,
            cell_of: order,
            value_at,
            same,
            near: [0; CELLS],
            table,
            row_sums,
        };
        for cell in 0..CELLS {
            values.near[cell] = values.to_rank(spread(bit(cell)));
        }
        values
    }

    /// A cell mask in the rank layout.
    #[inline]
    pub fn to_rank(&self, s: Bits) -> Bits {
        let mut r = 0;
        for (i, row) in self.table.iter().enumerate() {
            r |= row[(s >> (8 * i)) as usize & 0xFF];
        }
        r
    }

    /// The sum of the values of the cells in `s` (cell layout).
    #[inline]
    pub fn sum(&self, s: Bits) -> i64 {
        let mut total = 0;
        for (x, row) in self.row_sums.iter().enumerate() {
            total += row[(s >> (x * N)) as usize & ((1 << N) - 1)] as i64;
        }
        total
    }

    /// The best value in a non-empty rank mask `r` and the ranks of `r` that have it.
    #[inline]
    pub fn top(&self, r: Bits) -> (u32, Bits) {
        let i = r.trailing_zeros() as usize;
        (self.value_at[i], r & self.same[i])
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

/// The part of a board after a turn that `Sim::peek` computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peek {
    pub own: [Bits; MAX_PLAYERS],
    pub pos: [u8; MAX_PLAYERS],
    pub scores: [i64; MAX_PLAYERS],
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
    /// In the rank layout (`Values`): the cells next to each reach, the cells under pieces.
    pub near_reach: [Bits; MAX_PLAYERS],
    pub pieces_ranked: Bits,
    /// In the rank layout (`Values`): each player's cells, the owned cells (by anyone),
    /// those at level 1, those at the cap.
    pub ranked: [Bits; MAX_PLAYERS],
    pub owned: Bits,
    pub level1: Bits,
    pub capped: Bits,
    pub turn: usize,
}

impl Sim {
    pub fn new(board: &Board, m: usize, u: u8, values: &Values, turn: usize) -> Sim {
        let mut own = [0; MAX_PLAYERS];
        for cell in 0..CELLS {
            if board.owner[cell] >= 0 {
                own[board.owner[cell] as usize] |= bit(cell);
            }
        }
        let mut reach = [0; MAX_PLAYERS];
        let mut pieces = 0;
        let (mut owned, mut level1, mut capped) = (0, 0, 0);
        let mut ranked = [0; MAX_PLAYERS];
        for cell in 0..CELLS {
            if board.owner[cell] >= 0 {
                let r = bit(values.rank[cell] as usize);
                ranked[board.owner[cell] as usize] |= r;
                owned |= r;
                if board.level[cell] == 1 {
                    level1 |= r;
                }
                if board.level[cell] == u {
                    capped |= r;
                }
            }
        }
        let mut near_reach = [0; MAX_PLAYERS];
        let mut pieces_ranked = 0;
        for p in 0..m {
            reach[p] = flood(bit(board.pos[p] as usize), own[p]);
            near_reach[p] = values.to_rank(spread(reach[p]));
            pieces |= bit(board.pos[p] as usize);
            pieces_ranked |= bit(values.rank[board.pos[p] as usize] as usize);
        }
        Sim {
            m,
            u,
            owner: board.owner,
            level: board.level,
            own,
            reach,
            pos: board.pos,
            scores: board.player_scores(&values.v),
            pieces,
            near_reach,
            pieces_ranked,
            ranked,
            owned,
            level1,
            capped,
            turn,
        }
    }

    /// B_p (a rank mask) split by `Kind` (indexed by it).
    #[inline]
    pub fn kind_masks(&self, p: usize, b: Bits) -> [Bits; 5] {
        let mine = self.ranked[p];
        let enemy = self.owned & !mine;
        [
            b & !self.owned,
            b & mine & !self.capped,
            b & mine & self.capped,
            b & enemy & self.level1,
            b & enemy & !self.level1,
        ]
    }

    /// Player 0's targets `b` by the seven kinds of its rollout policy: `kind_masks`, with
    /// the enemy cells split into other AIs' (level 1, higher) and the leading AI's.
    #[inline]
    pub fn player0_kinds(&self, b: Bits) -> [Bits; 7] {
        let k = self.kind_masks(0, b);
        let lead = self.ranked[self.leader()];
        [
            k[0],
            k[1],
            k[2],
            k[3] & !lead,
            k[4] & !lead,
            k[3] & lead,
            k[4] & lead,
        ]
    }

    /// The greedy choice over rank masks with weights `w`: a cell of highest `V * w`, ties
    /// drawn uniformly (every cell of a set with weight 0 is worth 0).
    #[inline]
    pub fn greedy<const K: usize>(
        masks: &[Bits; K],
        w: &[f64; K],
        values: &Values,
        rng: &mut FastRng,
    ) -> u8 {
        values.cell_of[pick(Self::greedy_ties(masks, w, values), rng) as usize]
    }

    /// The cells `greedy` draws from: those of highest `V * w` (rank layout).
    #[inline(always)]
    pub fn greedy_ties<const K: usize>(masks: &[Bits; K], w: &[f64; K], values: &Values) -> Bits {
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
        ties
    }

    /// Sets the level masks of one owned cell from its level.
    #[inline]
    fn mark(&mut self, cell: usize, values: &Values) {
        let b = bit(values.rank[cell] as usize);
        let level = self.level[cell];
        self.level1 = if level == 1 {
            self.level1 | b
        } else {
            self.level1 & !b
        };
        self.capped = if level == self.u {
            self.capped | b
        } else {
            self.capped & !b
        };
    }

    /// Player p's legal targets B_p as a mask.
    #[inline]
    pub fn candidates(&self, p: usize) -> Bits {
        spread(self.reach[p]) & !(self.pieces & !bit(self.pos[p] as usize))
    }

    /// `candidates` in the rank layout, kept up to date by `step` (no conversion).
    #[inline]
    pub fn ranked_candidates(&self, p: usize, values: &Values) -> Bits {
        let own_piece = bit(values.rank[self.pos[p] as usize] as usize);
        self.near_reach[p] & !(self.pieces_ranked & !own_piece)
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
        let b = self.ranked_candidates(p, values);
        if rng.unit() < eps {
            return values.cell_of[pick(b, rng) as usize];
        }
        Sim::greedy(&self.kind_masks(p, b), w, values, rng)
    }

    /// `ai_move` that also returns the greedy target (the move without its random part),
    /// drawn even when the AI moves at random.
    #[inline]
    pub fn ai_move_and_greedy(
        &self,
        p: usize,
        w: &KindWeights,
        eps: f64,
        values: &Values,
        rng: &mut FastRng,
    ) -> (u8, u8) {
        let b = self.ranked_candidates(p, values);
        let random = rng.unit() < eps;
        let greedy = Sim::greedy(&self.kind_masks(p, b), w, values, rng);
        if random {
            (values.cell_of[pick(b, rng) as usize], greedy)
        } else {
            (greedy, greedy)
        }
    }

    /// One turn with every target chosen: the judge's conflict, update and restore rules.
    /// Returns the removed players as a bit mask.
    pub fn step(&mut self, targets: &[u8; MAX_PLAYERS], values: &Values) -> u32 {
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
            let v = values.v[cell] as i64;
            let r = bit(values.rank[cell] as usize);
            let owner = self.owner[cell];
            if owner < 0 {
                self.owner[cell] = p as i8;
                self.level[cell] = 1;
                self.own[p] |= bit(cell);
                self.ranked[p] |= r;
                self.owned |= r;
                self.mark(cell, values);
                self.scores[p] += v;
                gained |= 1 << p;
            } else if owner as usize == p {
                if self.level[cell] < self.u {
                    self.level[cell] += 1;
                    self.mark(cell, values);
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
                    self.ranked[q] &= !r;
                    self.ranked[p] |= r;
                    self.scores[p] += v;
                    self.mark(cell, values);
                    if self.reach[q] & bit(cell) != 0 {
                        lost |= 1 << q;
                    }
                    gained |= 1 << p;
                } else {
                    self.mark(cell, values);
                    removed |= 1 << p;
                    continue;
                }
            }
            self.pieces &= !bit(self.pos[p] as usize);
            self.pieces_ranked &= !bit(values.rank[self.pos[p] as usize] as usize);
            self.pos[p] = cell as u8;
            self.pieces |= bit(cell);
            self.pieces_ranked |= r;
        }
        for p in 0..m {
            if lost >> p & 1 == 1 {
                self.reach[p] = flood(bit(self.pos[p] as usize), self.own[p]);
                self.near_reach[p] = values.to_rank(spread(self.reach[p]));
            } else if gained >> p & 1 == 1 {
                // The new cell may join own cells that were cut off before.
                let pos = self.pos[p] as usize;
                let cell = bit(pos);
                let cut_off = self.own[p] & !self.reach[p] & !cell;
                if cut_off & spread(cell) != 0 {
                    self.reach[p] = flood(self.reach[p] | cell, self.own[p]);
                    self.near_reach[p] = values.to_rank(spread(self.reach[p]));
                } else {
                    self.reach[p] |= cell;
                    self.near_reach[p] |= values.near[pos];
                }
            }
        }
        self.turn += 1;
        removed
    }

    /// What `step(targets)` would do to the scores, the territories and the piece positions,
    /// without changing the board (no levels, no reachable regions): the cheap look at a
    /// child that a search ranks before simulating only the children it keeps.
    pub fn peek(&self, targets: &[u8; MAX_PLAYERS], values: &Values) -> Peek {
        let m = self.m;
        let mut peek = Peek {
            own: self.own,
            pos: self.pos,
            scores: self.scores,
        };
        let (mut seen, mut shared): (Bits, Bits) = (0, 0);
        for &cell in &targets[..m] {
            let b = bit(cell as usize);
            shared |= seen & b;
            seen |= b;
        }
        for (p, &target) in targets[..m].iter().enumerate() {
            let cell = target as usize;
            let b = bit(cell);
            let owner = self.owner[cell];
            if shared & b != 0 && owner != p as i8 {
                continue;
            }
            let v = values.v[cell] as i64;
            if owner < 0 {
                peek.own[p] |= b;
                peek.scores[p] += v;
            } else if owner as usize == p {
                if self.level[cell] < self.u {
                    peek.scores[p] += v;
                }
            } else {
                let q = owner as usize;
                peek.scores[q] -= v;
                if self.level[cell] == 1 {
                    peek.own[q] &= !b;
                    peek.own[p] |= b;
                    peek.scores[p] += v;
                } else {
                    continue;
                }
            }
            peek.pos[p] = target;
        }
        peek
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
                let values = Values::new(&inst.values);
                let sim = Sim::new(&state.board, inst.m, inst.u, &values, state.turn());
                for p in 0..inst.m {
                    state.board.candidates(inst.m, p, &mut list);
                    let judge: Bits = list.iter().fold(0, |s, &c| s | bit(c as usize));
                    assert_eq!(sim.candidates(p), judge, "seed {seed} player {p}");
                    assert_eq!(
                        sim.ranked_candidates(p, &values),
                        values.to_rank(judge),
                        "seed {seed} player {p}"
                    );
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
            let values = Values::new(&inst.values);
            let mut sim = Sim::new(&state.board, inst.m, inst.u, &values, 0);
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
                let peek = sim.peek(&state.history[t].targets, &values);
                sim.step(&state.history[t].targets, &values);
                assert_eq!(
                    peek,
                    Peek {
                        own: sim.own,
                        pos: sim.pos,
                        scores: sim.scores
                    },
                    "seed {seed} turn {t}"
                );
                assert_eq!(sim.owner, state.board.owner, "seed {seed} turn {t}");
                assert_eq!(sim.level, state.board.level, "seed {seed} turn {t}");
                assert_eq!(sim.pos, state.board.pos, "seed {seed} turn {t}");
                assert_eq!(sim.scores, state.board.player_scores(&inst.values));
                let fresh = Sim::new(&state.board, inst.m, inst.u, &values, t + 1);
                assert_eq!(sim.reach, fresh.reach, "seed {seed} turn {t}");
                assert_eq!(sim.near_reach, fresh.near_reach, "seed {seed} turn {t}");
                assert_eq!(
                    sim.pieces_ranked, fresh.pieces_ranked,
                    "seed {seed} turn {t}"
                );
                assert_eq!(sim.ranked, fresh.ranked, "seed {seed} turn {t}");
                assert_eq!(
                    (sim.owned, sim.level1, sim.capped),
                    (fresh.owned, fresh.level1, fresh.capped),
                    "seed {seed} turn {t}"
                );
            }
        }
    }

    #[test]
    fn flood_bit_and_pick_agree_with_plain_versions() {
        let mut rng = FastRng::new(7);
        for c in 0..CELLS {
            assert_eq!(bit(c), 1u128 << c);
        }
        for trial in 0..300 {
            // Random masks with half or three quarters of the cells: regions of every shape.
            let mut mask = ((rng.next_u64() as u128) << 64 | rng.next_u64() as u128) & FULL;
            if trial % 2 == 0 {
                mask |= ((rng.next_u64() as u128) << 64 | rng.next_u64() as u128) & FULL;
            }
            let seed_cell = (trial * 37) % CELLS;
            // Breadth-first search over the cells of `mask` from `seed_cell`.
            let mut region: Bits = 0;
            if mask >> seed_cell & 1 == 1 {
                let mut queue = vec![seed_cell];
                region = bit(seed_cell);
                while let Some(c) = queue.pop() {
                    for n in crate::games::territory::neighbors(c) {
                        if mask >> n & 1 == 1 && region >> n & 1 == 0 {
                            region |= bit(n);
                            queue.push(n);
                        }
                    }
                }
            }
            assert_eq!(flood(bit(seed_cell), mask), region, "trial {trial}");
            // `pick` draws nothing for one bit and `nth_bit` of a uniform index otherwise.
            if mask != 0 {
                let single = bit(mask.trailing_zeros() as usize);
                let before = rng.next_u64();
                let mut a = FastRng::new(before);
                let mut b = a;
                assert_eq!(pick(single, &mut a) as u32, single.trailing_zeros());
                assert_eq!(a.next_u64(), b.next_u64(), "no draw for one bit");
                let mut a = FastRng::new(before ^ 1);
                let mut b = a;
                let k = b.below(mask.count_ones());
                assert_eq!(pick(mask, &mut a) as usize, nth_bit(mask, k));
                assert_eq!(mask >> nth_bit(mask, k) & 1, 1);
            }
        }
    }

    #[test]
    fn sums_of_cell_sets_agree_with_adding_the_values() {
        let inst = Territory::generate(12, &Params::new());
        let values = Values::new(&inst.values);
        let mut rng = FastRng::new(3);
        for _ in 0..200 {
            let s = ((rng.next_u64() as u128) << 64 | rng.next_u64() as u128) & FULL;
            let expected: i64 = (0..CELLS)
                .filter(|&c| s >> c & 1 == 1)
                .map(|c| inst.values[c] as i64)
                .sum();
            assert_eq!(values.sum(s), expected);
        }
        assert_eq!(
            values.sum(FULL),
            inst.values.iter().map(|&v| v as i64).sum::<i64>()
        );
        assert_eq!(values.sum(0), 0);
    }

    #[test]
    fn greedy_ai_move_agrees_with_the_judge_values() {
        let inst = Territory::generate(4, &Params::new());
        let board = Board::start(&inst.starts);
        let values = Values::new(&inst.values);
        let sim = Sim::new(&board, inst.m, inst.u, &values, 0);
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
