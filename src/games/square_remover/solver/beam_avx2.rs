//! The child's two hot loops on 256-bit registers (AVX2), natively on x86-64 CPUs that have
//! it (runtime detection in `beam::search`; every other CPU keeps the SSE2 rows of
//! `beam_vector.rs`). A 256-bit register holds two rows side by side, one per 128-bit lane,
//! and AVX2's byte shifts stay within a lane; so one register operation does for two row
//! pairs what the SSE2 path does for one:
//! - `settle` tests row pairs `r` and `r + 1` for a square at once (one movemask of 32 bits:
//!   the lowest set bit is the first square in the tester's order);
//! - `range_bonus` counts the windows of two row pairs per step.
//!
//! The functions here are `#[inline(always)]` without a target feature of their own: they
//! are only called from `search_avx2`, compiled with AVX2, into which they (and the
//! intrinsics) inline. Calling them elsewhere is unsound on a CPU without AVX2; `Avx2`'s
//! methods are only reached through `search_avx2` and the tests (which check the CPU first).
//! They give the same results as the SSE2 path (`avx2_rows_agree` checks).

use super::vector::{column_mask, push_columns};
use super::{
    copy_board_rows, Base, Candidate, Kernel, Node, Rows, Scratch, Sim, MAX_N, NONE, SQUARE_VALUE,
};
use std::arch::x86_64::*;

/// The kernel of `search_avx2`.
pub(super) struct Avx2;

/// `[rows[i] | rows[i + 1]]`: two 128-bit loads (each forwarded from the 128-bit store that
/// wrote its row; one 256-bit load over two such stores would wait for them to retire).
#[inline(always)]
unsafe fn load2(rows: &Rows, i: usize) -> __m256i {
    let lo = _mm_loadu_si128((&rows[i] as *const u128).cast());
    let hi = _mm_loadu_si128((&rows[i + 1] as *const u128).cast());
    _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(lo), hi)
}

/// `[rows[i] | 0]`.
#[inline(always)]
unsafe fn load1(rows: &Rows, i: usize) -> __m256i {
    _mm256_zextsi128_si256(_mm_loadu_si128((&rows[i] as *const u128).cast()))
}

/// Bit `c` (lane 0) and `16 + c` (lane 1): byte `c` of the lane is non-zero.
#[inline(always)]
unsafe fn columns(x: __m256i) -> u32 {
    !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_setzero_si256())) as u32)
}

#[inline(always)]
unsafe fn mark(x: __m256i) -> __m256i {
    _mm256_min_epu8(x, _mm256_set1_epi8(1))
}

/// Where `count_pairs` puts its window counts: triples (0), doubles (1), diagonals (2),
/// ready (3), each a register of bytes that are non-zero where a window has the term (one
/// colour bit, or an OR of them: at most 0x7f, positive as a signed byte).
trait Counts: Sized {
    unsafe fn add(&mut self, k: usize, x: __m256i);
    /// Empty counts of the same kind.
    unsafe fn zero(&self) -> Self;
    /// The weighted count, as `weigh_sim` weighs it.
    unsafe fn weigh(&self, sim: &Sim) -> i32;
}

/// One register of counts per term (`weigh_sim` weighs them).
impl Counts for [__m256i; 4] {
    #[inline(always)]
    unsafe fn add(&mut self, k: usize, x: __m256i) {
        self[k] = _mm256_add_epi8(self[k], mark(x));
    }
    #[inline(always)]
    unsafe fn zero(&self) -> Self {
        [_mm256_setzero_si256(); 4]
    }
    #[inline(always)]
    unsafe fn weigh(&self, sim: &Sim) -> i32 {
        weigh_sim(sim, *self)
    }
}

/// The weighted count in one register: each term adds its weight byte (`Sim::weight_bytes`)
/// where it is found (`sign`: the weight where the byte is positive, 0 where it is 0), so
/// that the weighing is one `sad` (`Weighted::weigh`), not four `maddubs` and their sum.
/// Exact while no byte passes 255: `Weighted::new` checks the bound for up to 4 steps.
struct Weighted {
    acc: __m256i,
    w: [__m256i; 4],
}

impl Weighted {
    /// `None` where the weights are not bytes, or a byte could pass 255 in 4 steps of
    /// `count_pairs` (each adds at most `triple + 2 double + 2 diagonal + ready` to a byte).
    #[inline(always)]
    unsafe fn new(sim: &Sim) -> Option<Self> {
        let (_, b) = sim.weight_bytes?;
        let step = b[0] as i32 + 2 * b[1] as i32 + 2 * b[2] as i32 + b[3] as i32;
        (4 * step <= 255).then(|| Weighted {
            acc: _mm256_setzero_si256(),
            w: b.map(|x| _mm256_set1_epi8(x)),
        })
    }
}

impl Counts for Weighted {
    #[inline(always)]
    unsafe fn add(&mut self, k: usize, x: __m256i) {
        self.acc = _mm256_add_epi8(self.acc, _mm256_sign_epi8(self.w[k], x));
    }
    #[inline(always)]
    unsafe fn zero(&self) -> Self {
        Weighted {
            acc: _mm256_setzero_si256(),
            w: self.w,
        }
    }
    /// One `sad` of the bytes: each at most 255 (`Weighted::new`), so 32 of them sum
    /// exactly.
    #[inline(always)]
    unsafe fn weigh(&self, sim: &Sim) -> i32 {
        // `Some`: a `Weighted` is only made from byte weights.
        let (g, _) = sim.weight_bytes.unwrap_unchecked();
        let x = _mm256_sad_epu8(self.acc, _mm256_setzero_si256());
        let x = _mm_add_epi64(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
        let x = _mm_add_epi64(x, _mm_unpackhi_epi64(x, x));
        g * _mm_cvtsi128_si32(x)
    }
}

/// The counts of two row pairs' windows: `a`, `b` their rows, `up`, `down` the rows around
/// them (lane by lane), added to `sums` (triples, doubles, diagonals, ready).
#[inline(always)]
unsafe fn count_pairs<C: Counts>(
    sums: &mut C,
    a: __m256i,
    b: __m256i,
    around: Option<(__m256i, __m256i)>,
) {
    let (a1, b1) = (_mm256_srli_si256::<1>(a), _mm256_srli_si256::<1>(b));
    let (top, bottom) = (_mm256_and_si256(a, a1), _mm256_and_si256(b, b1));
    let triples = _mm256_or_si256(
        _mm256_and_si256(top, _mm256_or_si256(b, b1)),
        _mm256_and_si256(bottom, _mm256_or_si256(a, a1)),
    );
    sums.add(0, triples);
    sums.add(1, top);
    sums.add(1, _mm256_and_si256(a, b));
    sums.add(2, _mm256_and_si256(a, b1));
    sums.add(2, _mm256_and_si256(a1, b));
    if let Some((up, down)) = around {
        // The same masks as `ready_mask` in beam_vector.rs.
        let left = |x| _mm256_slli_si256::<1>(x);
        let right = |x| _mm256_srli_si256::<1>(x);
        let right2 = |x| _mm256_srli_si256::<2>(x);
        let and = |x, y| _mm256_and_si256(x, y);
        let or = |x, y| _mm256_or_si256(x, y);
        let above = and(and(bottom, a1), or(left(a), up));
        let above = or(above, and(and(bottom, a), or(right2(a), right(up))));
        let below = and(and(top, b1), or(left(b), down));
        let below = or(below, and(and(top, b), or(right2(b), right(down))));
        sums.add(3, or(above, below));
    }
}

/// The sum over `k` of `weights[k]` times the sum of the bytes of `sums[k]` (each byte at
/// most 16: 16 row pairs of 2 counts, half of them in each lane).
#[inline(always)]
unsafe fn weigh(sums: [__m256i; 4], weights: [i32; 4]) -> i32 {
    let sad = |x| _mm256_sad_epu8(x, _mm256_setzero_si256());
    // Each 64-bit sum is at most 8 x 16: four fit in a 64-bit lane, 16 bits each.
    let packed = _mm256_or_si256(
        _mm256_or_si256(sad(sums[0]), _mm256_slli_epi64::<16>(sad(sums[1]))),
        _mm256_or_si256(
            _mm256_slli_epi64::<32>(sad(sums[2])),
            _mm256_slli_epi64::<48>(sad(sums[3])),
        ),
    );
    let half = _mm_add_epi64(
        _mm256_castsi256_si128(packed),
        _mm256_extracti128_si256::<1>(packed),
    );
    let total = _mm_add_epi64(half, _mm_unpackhi_epi64(half, half));
    let total = _mm_cvtsi128_si64(total) as u64;
    let field = |k: usize| ((total >> (16 * k)) & 0xffff) as i32;
    (0..4).map(|k| weights[k] * field(k)).sum()
}

/// `weigh` with `sim`'s weights: where they are bytes times a factor (`Sim::weight_bytes`),
/// each count byte is multiplied by its weight byte (`maddubs`: 16-bit sums of two bytes'
/// products, at most 2 x 16 x 127 each and 4 times that over the four counts) and the
/// 16-bit sums added up; the same value as `weigh`.
#[inline(always)]
unsafe fn weigh_sim(sim: &Sim, sums: [__m256i; 4]) -> i32 {
    let Some((g, b)) = sim.weight_bytes else {
        let w = &sim.weights;
        return weigh(sums, [w.triple, w.double, w.diagonal, w.ready]);
    };
    let product = |x, w: i8| _mm256_maddubs_epi16(x, _mm256_set1_epi8(w));
    let words = _mm256_add_epi16(
        _mm256_add_epi16(product(sums[0], b[0]), product(sums[1], b[1])),
        _mm256_add_epi16(product(sums[2], b[2]), product(sums[3], b[3])),
    );
    let dwords = _mm256_madd_epi16(words, _mm256_set1_epi16(1));
    let x = _mm_add_epi32(
        _mm256_castsi256_si128(dwords),
        _mm256_extracti128_si256::<1>(dwords),
    );
    let x = _mm_add_epi32(x, _mm_unpackhi_epi64(x, x));
    let x = _mm_add_epi32(x, _mm_shuffle_epi32::<0b01>(x));
    g * _mm_cvtsi128_si32(x)
}

/// `weigh_sim` of each lane alone: (lane 0's, lane 1's) weighted counts; `None` where the
/// weights are not bytes (`Sim::weight_bytes`).
#[inline(always)]
unsafe fn weigh_lanes(sim: &Sim, sums: [__m256i; 4]) -> Option<(i32, i32)> {
    let (g, b) = sim.weight_bytes?;
    let product = |x, w: i8| _mm256_maddubs_epi16(x, _mm256_set1_epi8(w));
    let words = _mm256_add_epi16(
        _mm256_add_epi16(product(sums[0], b[0]), product(sums[1], b[1])),
        _mm256_add_epi16(product(sums[2], b[2]), product(sums[3], b[3])),
    );
    let x = _mm256_madd_epi16(words, _mm256_set1_epi16(1));
    // Within each lane: dword 0 becomes the sum of the lane's four.
    let x = _mm256_add_epi32(x, _mm256_shuffle_epi32::<0b1110>(x));
    let x = _mm256_add_epi32(x, _mm256_shuffle_epi32::<0b01>(x));
    let lo = _mm_cvtsi128_si32(_mm256_castsi256_si128(x));
    let hi = _mm_cvtsi128_si32(_mm256_extracti128_si256::<1>(x));
    Some((g * lo, g * hi))
}

/// Rows of the padded copy above board row 0 (row `i` of `Rows` is `PAD + i` here): a
/// window starts 3 rows above its move, so up to 2 rows above `Rows`' row 0.
const PAD: usize = 4;

/// A parent as its children read it (`window_child`): its rows with zero rows
/// around them, so that a window of 8 rows around any move stays inside, and the running
/// sums of its pairs' bonuses. Written once per parent (its `n` board rows: the others stay
/// zero, one `Padded` serving a whole search); its children only read it.
pub(super) struct Padded {
    rows: [u128; PAD + 19 + 4],
    /// `sums[j]`: the parent's bonus of board pairs `0..j - 3` (`j - 3` clamped to `0..=16`).
    sums: [i32; 24],
}

impl Padded {
    pub(super) fn new() -> Self {
        Padded {
            rows: [0; PAD + 19 + 4],
            sums: [0; 24],
        }
    }

    #[inline(always)]
    fn fill(&mut self, node: &Node, n: usize) {
        // Rows past the board are zero in every node: one copy of a fixed size.
        let _ = n;
        self.rows[PAD + 1..=PAD + MAX_N].copy_from_slice(&node.rows[1..=MAX_N]);
        // `sums[0..=3]` stay 0 (from `new`); a fixed loop without a branch.
        let mut sum = 0;
        for k in 0..MAX_N {
            sum += node.bonus[k];
            self.sums[k + 4] = sum;
        }
        self.sums[MAX_N + 4..].fill(sum);
    }
}

/// `[rows[i] | rows[i + 1]]` of a padded copy.
#[inline(always)]
unsafe fn load2p(rows: &[u128], i: usize) -> __m256i {
    let lo = _mm_loadu_si128((&rows[i] as *const u128).cast());
    let hi = _mm_loadu_si128((&rows[i + 1] as *const u128).cast());
    _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(lo), hi)
}

/// `[lo | hi]`.
#[inline(always)]
unsafe fn join(lo: __m128i, hi: __m128i) -> __m256i {
    _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(lo), hi)
}

/// `[x.hi | y.lo]`: rows `2j + 1` and `2j + 2` of a window from its registers `j`, `j + 1`.
#[inline(always)]
unsafe fn odd(x: __m256i, y: __m256i) -> __m256i {
    _mm256_permute2x128_si256::<0x21>(x, y)
}

/// The window's rows 2..=7 (`y[j]`: rows `2j + 2`, `2j + 3`) after the cascade of squares
/// in window pairs 2..=5, removed as the tester does (`Sim::settle`: the first square in the
/// tester's order, its cells the next four tiles); `y0` holds rows 0 and 1, which stay.
/// False, with `y` and `score` part-way, when a square is in pair 1 or 6 (its rescan or the
/// touched pairs would leave the window): the caller then scores the child in memory.
#[inline(always)]
unsafe fn settle_window(
    sim: &Sim,
    y0: __m256i,
    y: &mut [__m256i; 3],
    score: &mut u32,
    changed: &mut u32,
) -> bool {
    loop {
        let s = |x: __m256i| _mm256_and_si256(x, _mm256_srli_si256::<1>(x));
        let (s0, s1, s2, s3) = (s(y0), s(y[0]), s(y[1]), s(y[2]));
        // Pairs 2, 3 and 4, 5.
        let h0 = _mm256_and_si256(s1, odd(s1, s2));
        let h1 = _mm256_and_si256(s2, odd(s2, s3));
        // Pairs 0 and 1; pair 6 (in both lanes).
        let top = _mm256_and_si256(s0, odd(s0, s1));
        let low = _mm256_and_si256(s3, _mm256_permute2x128_si256::<0x01>(s3, s3));
        if columns(_mm256_or_si256(top, low)) != 0 {
            return false;
        }
        // Bit 16 k + c: a square at window pair 2 + k, column c.
        let inside = columns(h0) as u64 | (columns(h1) as u64) << 32;
        if inside == 0 {
            return true;
        }
        let first = inside.trailing_zeros() as usize;
        let (p, col) = (2 + first / 16, first % 16);
        let k = 4 * *score as usize;
        let t = &sim.tiles[k..k + 4];
        // Byte `col` takes the left tile, `col + 1` the right one.
        let rot = 8 * (col as u32 & 1);
        let top = u16::from_le_bytes([t[0], t[1]]).rotate_left(rot);
        let bottom = u16::from_le_bytes([t[2], t[3]]).rotate_left(rot);
        // Lane 0 holds even window rows, lane 1 odd ones: the square's top row (p) is in
        // lane 0 when p is even, and its bottom row (p + 1) in the other lane.
        let (even, odd) = match p & 1 {
            0 => (top, bottom),
            _ => (bottom, top),
        };
        let tiles = join(_mm_set1_epi16(even as i16), _mm_set1_epi16(odd as i16));
        let cells = _mm256_broadcastsi128_si256(column_mask::<__m128i>(col, 2));
        let rows = &SQUARE_ROWS[p - 2];
        for (j, x) in y.iter_mut().enumerate() {
            let mask = _mm256_loadu_si256(rows[j].as_ptr().cast());
            *x = _mm256_blendv_epi8(*x, tiles, _mm256_and_si256(mask, cells));
        }
        *score += 1;
        *changed |= 3 << p;
    }
}

/// `SQUARE_ROWS[p - 2][j]`: the lanes of `y[j]` (window rows `2j + 2`, `2j + 3`) that
/// window pair `p`'s rows `p`, `p + 1` are in, all bytes set (a square's removal selects
/// its cells with this and a column mask).
static SQUARE_ROWS: [[[u8; 32]; 3]; 4] = {
    let mut m = [[[0u8; 32]; 3]; 4];
    let mut p = 2;
    while p <= 5 {
        let mut j = 0;
        while j < 3 {
            let mut lane = 0;
            while lane < 2 {
                let row = 2 * j + 2 + lane;
                if row == p || row == p + 1 {
                    let mut b = 0;
                    while b < 16 {
                        m[p - 2][j][16 * lane + b] = 0xff;
                        b += 1;
                    }
                }
                lane += 1;
            }
            j += 1;
        }
        p += 1;
    }
    m
};

/// The window row of each byte of `y[j]`: `2j + 2` in lane 0, `2j + 3` in lane 1.
#[inline(always)]
unsafe fn row_index(j: usize) -> __m256i {
    _mm256_setr_m128i(
        _mm_set1_epi8(2 * j as i8 + 2),
        _mm_set1_epi8(2 * j as i8 + 3),
    )
}

/// The swap `mv` at window row `q` (3..=5) of `y` (rows 2..=7), both directions computed and
/// one kept by masks (no branch).
#[inline(always)]
unsafe fn swap_window(y: &mut [__m256i; 3], mv: u16, q: usize) {
    let c = (mv >> 1) as usize % MAX_N;
    let mask = _mm256_broadcastsi128_si256(column_mask::<__m128i>(c, 1));
    let vertical = _mm256_set1_epi8(-((mv & 1) as i8));
    let at = _mm256_set1_epi8(q as i8);
    // Lane of row k: its XOR with row k + 1 (vertical), with its right cell (horizontal).
    // Row 7's lane is never the swap's.
    let below = [odd(y[0], y[1]), odd(y[1], y[2]), odd(y[2], y[2])];
    let mut down = [_mm256_setzero_si256(); 3];
    for j in 0..3 {
        let here = _mm256_and_si256(_mm256_cmpeq_epi8(row_index(j), at), mask);
        let dh = _mm256_and_si256(_mm256_xor_si256(y[j], _mm256_srli_si256::<1>(y[j])), here);
        let dh = _mm256_andnot_si256(vertical, dh);
        let dv = _mm256_and_si256(_mm256_xor_si256(y[j], below[j]), here);
        down[j] = _mm256_and_si256(vertical, dv);
        y[j] = _mm256_xor_si256(y[j], _mm256_xor_si256(dh, _mm256_slli_si256::<1>(dh)));
        y[j] = _mm256_xor_si256(y[j], down[j]);
    }
    // Row q + 1 takes the vertical difference too: lanes moved one row down.
    y[0] = _mm256_xor_si256(y[0], _mm256_permute2x128_si256::<0x08>(down[0], down[0]));
    y[1] = _mm256_xor_si256(y[1], odd(down[0], down[1]));
    y[2] = _mm256_xor_si256(y[2], odd(down[1], down[2]));
}

/// A child (one move, or a pair: `moves[1]` not `NONE`) scored on the rows
/// of a window held in registers, from the swaps to the bonus (nothing stored). The window
/// has 8 rows, row `k` board row `r - 3 + k` for the upper move at board row `r`: a single
/// move is on rows 3 (and 4), a pair's moves start on rows 3..=5. Squares of the cascades are
/// removed in the registers in window pairs 2..=5, and the bonus is taken over window pairs
/// 1..=4, or 1..=6 when a row past 4 changed (`pairs_touched` lies within; most single moves
/// need two steps, not three), against the parent's over the same pairs: pairs the moves did
/// not touch cancel. With "ready" (`READY`: 6 colours) the bonus is
/// `ready_bonus`'s, over the pairs of the rows the swaps and squares changed (`changed`).
/// Anything else (a square in pair 1 or 6, a pair's moves more than 2 rows apart; 1-2% of
/// the children) sends the child to `candidate_with`, on `scratch` (loaded with the
/// parent's rows at the first such child: `loaded`). The counts are of `counts`' kind.
#[inline(always)]
unsafe fn window_child<const READY: bool, C: Counts>(
    sim: &Sim,
    counts: &C,
    parent: &Node,
    pad: &Padded,
    tag: u32,
    moves: [u16; 2],
    (scratch, loaded): (&mut Rows, &mut bool),
) -> Candidate {
    // A function, not a closure: a closure that is not inlined loses the target features
    // (its intrinsics become calls).
    #[inline(always)]
    fn fallback(
        sim: &Sim,
        parent: &Node,
        tag: u32,
        moves: [u16; 2],
        (scratch, loaded): (&mut Rows, &mut bool),
    ) -> Candidate {
        if !*loaded {
            copy_board_rows(scratch, &parent.rows);
            *loaded = true;
        }
        sim.candidate_with::<Avx2>(parent, tag, moves, scratch)
    }
    let pair = moves[1] != NONE;
    let mv = moves[0];
    // (`NONE`'s row is past any board's.)
    let row = |mv: u16| (mv >> 1) as usize / MAX_N;
    let (r, c) = (row(mv).min(row(moves[1])), (mv >> 1) as usize % MAX_N);
    let rows = &pad.rows[r + PAD - 2..r + PAD + 6];
    let load = |i: usize| _mm_loadu_si128((&rows[i] as *const u128).cast());
    let y0 = load2p(rows, 0);
    let mut score = parent.score;
    // Bit k: window row k may differ from the parent's (the swaps' rows, the squares').
    let mut changed;
    let mut y;
    if !pair {
        changed = (1 + 2 * (mv & 1) as u32) << 3;
        // The swap on rows 3 and 4, both ways at once (no branch on the direction), before
        // the rows are paired in registers.
        let (upper, lower) = (load(3), load(4));
        let mask = column_mask::<__m128i>(c, 1);
        let vertical = _mm_set1_epi8(-((mv & 1) as i8));
        let dh = _mm_andnot_si128(
            vertical,
            _mm_and_si128(_mm_xor_si128(upper, _mm_srli_si128::<1>(upper)), mask),
        );
        let dv = _mm_and_si128(vertical, _mm_and_si128(_mm_xor_si128(upper, lower), mask));
        let upper = _mm_xor_si128(
            _mm_xor_si128(upper, dh),
            _mm_xor_si128(_mm_slli_si128::<1>(dh), dv),
        );
        let lower = _mm_xor_si128(lower, dv);
        y = [join(load(2), upper), join(lower, load(5)), load2p(rows, 6)];
    } else {
        y = [load2p(rows, 2), load2p(rows, 4), load2p(rows, 6)];
        // The moves' window rows (the upper one's is 3).
        let (q, q1) = (row(moves[0]) + 3 - r, row(moves[1]) + 3 - r);
        if q.max(q1) > 5 {
            return fallback(sim, parent, tag, moves, (scratch, loaded));
        }
        changed = (1 + 2 * (moves[0] & 1) as u32) << q | (1 + 2 * (moves[1] & 1) as u32) << q1;
        swap_window(&mut y, moves[0], q);
        if !settle_window(sim, y0, &mut y, &mut score, &mut changed) {
            return fallback(sim, parent, tag, moves, (scratch, loaded));
        }
        swap_window(&mut y, moves[1], q1);
    }
    if !settle_window(sim, y0, &mut y, &mut score, &mut changed) {
        return fallback(sim, parent, tag, moves, (scratch, loaded));
    }
    let (bonus, before) = match READY {
        false => {
            // Window pairs 1..=4, two per step: (1, 2), (3, 4); and (5, 6) when a row past
            // 4 changed (pairs `lo - 1..=hi` change; row 3, the upper move's, always does).
            let mut sums = counts.zero();
            count_pairs(&mut sums, odd(y0, y[0]), y[0], None);
            count_pairs(&mut sums, odd(y[0], y[1]), y[1], None);
            let mut end = r + 5;
            if changed >> 5 != 0 {
                count_pairs(&mut sums, odd(y[1], y[2]), y[2], None);
                end = r + 7;
            }
            // The parent's bonus of board pairs r - 2..=r + 1 or r + 3 (window pairs 1..=4
            // or 6).
            (sums.weigh(sim), pad.sums[end] - pad.sums[r + 1])
        }
        true => ready_bonus(sim, counts, pad, r, y0, &y, changed),
    };
    Candidate {
        eval: score as i32 * SQUARE_VALUE
            + parent.bonus_sum
            + (bonus - before)
            + sim.ahead[score as usize],
        parent: tag,
        first: moves[0],
        second: moves[1],
    }
}

/// The bonus with "ready" of a child's window after its cascade, and the parent's over the
/// same pairs (as `window_child`'s difference). A changed row `k` changes the bonus of
/// window pairs `k - 2..=k + 1` (their rows and the rows around them); the changed rows
/// (`changed`, bit k: window row k; the swaps' rows and the removed squares', a superset of
/// the rows that differ from the parent's) lie in window rows 2..=6, so the pairs in 0..=7.
/// Those pairs are counted two per step (steps of window pairs (0, 1) .. (6, 7); an extra
/// pair of a step cancels too), with the rows around them (window rows -1, 8 and 9 from the
/// padded copy): a single move's child takes three steps as `candidate_with`'s `range_bonus`
/// does, the cascade before it stayed in the registers. The tenth session's window for
/// "ready" (10 rows, a fixed 4 steps of pairs 1..=7) was no faster than `candidate_with`;
/// this one is ×1.07 with 6 colours (thirteenth session).
#[inline(always)]
unsafe fn ready_bonus<C: Counts>(
    sim: &Sim,
    counts: &C,
    pad: &Padded,
    r: usize,
    y0: __m256i,
    y: &[__m256i; 3],
    changed: u32,
) -> (i32, i32) {
    // Window row `k` is `pad.rows[base + k]` (`base + k >= 1` for `k = -1`).
    let base = r + PAD - 2;
    let rows = &pad.rows[..];
    // Steps s0..=s1 (window pairs 2 s .. 2 s + 1) hold pairs lo - 2..=hi + 1.
    let (lo, hi) = (changed.trailing_zeros(), 31 - changed.leading_zeros());
    let (s0, s1) = ((lo - 2) / 2, hi.div_ceil(2));
    // Step s counts pairs 2s and 2s + 1, one per lane: `a` rows 2s, 2s + 1, `b` rows 2s + 1,
    // 2s + 2, `up` rows 2s - 1, 2s, `down` rows 2s + 2, 2s + 3.
    let below = load2p(rows, base + 8);
    let above = load2p(rows, base - 1);
    let mut sums = counts.zero();
    if s0 == 0 {
        count_pairs(&mut sums, y0, odd(y0, y[0]), Some((above, y[0])));
    }
    if s0 <= 1 && s1 >= 1 {
        count_pairs(
            &mut sums,
            y[0],
            odd(y[0], y[1]),
            Some((odd(y0, y[0]), y[1])),
        );
    }
    if s0 <= 2 && s1 >= 2 {
        count_pairs(
            &mut sums,
            y[1],
            odd(y[1], y[2]),
            Some((odd(y[0], y[1]), y[2])),
        );
    }
    if s1 == 3 {
        count_pairs(
            &mut sums,
            y[2],
            odd(y[2], below),
            Some((odd(y[1], y[2]), below)),
        );
    }
    // The parent's bonus of window pairs 2 s0..=2 s1 + 1: board pairs r - 3 + those.
    let (first, last) = (2 * s0 as usize, 2 * s1 as usize + 1);
    let before = pad.sums[r + 1 + last] - pad.sums[r + first];
    (sums.weigh(sim), before)
}

/// `Avx2::children` with the counts of `weighted` (where the weights allow it: each term's
/// weight added as it is found) or one register per term (`weigh_sim`); the same values.
#[inline(always)]
fn children_counted(
    sim: &Sim,
    weighted: Option<&Weighted>,
    parent: &Node,
    tag: u32,
    moves: impl Iterator<Item = [u16; 2]>,
    scratch: &mut Scratch,
    out: &mut Vec<Candidate>,
) {
    // Loops, not closures: a closure would not inherit `search_avx2`'s target features
    // (the intrinsics would become calls).
    // SAFETY (each `unsafe` here): only reached from `search_avx2` or after a check of the
    // CPU.
    let Scratch { rows, pad } = scratch;
    pad.fill(parent, sim.n);
    // The rows are only needed by a child that falls back.
    let mut loaded = false;
    macro_rules! each {
        ($ready:literal, $counts:expr) => {
            for moves in moves {
                let scratch = (&mut *rows, &mut loaded);
                let child = unsafe {
                    window_child::<$ready, _>(sim, $counts, parent, pad, tag, moves, scratch)
                };
                out.push(child);
            }
        };
    }
    let plain = unsafe { [_mm256_setzero_si256(); 4] };
    match (sim.weights.ready != 0, weighted) {
        (true, Some(w)) => each!(true, w),
        (false, Some(w)) => each!(false, w),
        (true, None) => each!(true, &plain),
        (false, None) => each!(false, &plain),
    }
}

impl Kernel for Avx2 {
    /// On a window held in registers (`window_child`), with "ready" (6 colours) too.
    #[inline(always)]
    fn children(
        sim: &Sim,
        parent: &Node,
        tag: u32,
        moves: impl Iterator<Item = [u16; 2]>,
        scratch: &mut Scratch,
        out: &mut Vec<Candidate>,
    ) {
        // SAFETY: only reached from `search_avx2` or after a check of the CPU.
        // The counts weighed as they are made where the weights allow (all the agent's).
        let weighted = unsafe { Weighted::new(sim) };
        children_counted(sim, weighted.as_ref(), parent, tag, moves, scratch, out);
    }

    /// Two row pairs per step, one per lane, each lane weighed alone (where the weights
    /// are bytes; else one pair at a time as `Base`).
    #[inline(always)]
    fn rebonus(sim: &Sim, node: &mut Node, pairs: std::ops::RangeInclusive<usize>) {
        if sim.weight_bytes.is_none() {
            return Base::rebonus(sim, node, pairs);
        }
        let (first, last) = (*pairs.start(), *pairs.end());
        let ready = sim.weights.ready != 0;
        let mut r = first;
        while r <= last {
            let rows = &node.rows;
            // SAFETY: only reached from `search_avx2` or after a check of the CPU; rows up
            // to `r + 4 <= last + 3 <= n + 2 <= MAX_N + 2` exist (`load1` past the last
            // pair: its lane 1 is empty and not read).
            let (x, y) = unsafe {
                let mut sums = [_mm256_setzero_si256(); 4];
                let (a, b, around) = match r < last {
                    true => (
                        load2(rows, r + 1),
                        load2(rows, r + 2),
                        ready.then(|| (load2(rows, r), load2(rows, r + 3))),
                    ),
                    false => (
                        load1(rows, r + 1),
                        load1(rows, r + 2),
                        ready.then(|| (load1(rows, r), load1(rows, r + 3))),
                    ),
                };
                count_pairs(&mut sums, a, b, around);
                weigh_lanes(sim, sums).unwrap_or_default()
            };
            node.bonus_sum += x - node.bonus[r];
            node.bonus[r] = x;
            if r < last {
                node.bonus_sum += y - node.bonus[r + 1];
                node.bonus[r + 1] = y;
            }
            r += 2;
        }
    }

    /// `Sim::singles`, two row pairs per step; the moves come out in the same order.
    #[inline(always)]
    fn singles(sim: &Sim, rows: &Rows, out: &mut Vec<u16>) {
        let n = sim.n;
        // SAFETY: only reached from `search_avx2` or after a check of the CPU; pair r + 1
        // <= n - 1 reads rows up to r + 4 <= n + 2 <= MAX_N + 2 (pair n - 1 has no window:
        // its lower row is empty).
        unsafe {
            // Column masks (bit c: column c) of horizontal and vertical swaps, by board row
            // + 1, taken from each register by one movemask: a byte is non-zero in an OR of
            // registers when it is in one of them, so the masks OR as the rows would.
            let mut h = [0u32; MAX_N + 4];
            let mut v = [0u32; MAX_N + 4];
            let mut r = 0;
            // Rows `r, r + 1` and `r + 1, r + 2`: the next step's `up` and `a` are this
            // step's `b` and `down`.
            let (mut up, mut a) = (load2(rows, 0), load2(rows, 1));
            while r + 1 < n {
                let (b, down) = (load2(rows, r + 2), load2(rows, r + 3));
                let right = |x| _mm256_srli_si256::<1>(x);
                let right2 = |x| _mm256_srli_si256::<2>(x);
                let left = |x| _mm256_slli_si256::<1>(x);
                let and = |x, y| _mm256_and_si256(x, y);
                let or = |x, y| _mm256_or_si256(x, y);
                let (a1, b1) = (right(a), right(b));
                let (top, bottom) = (and(a, a1), and(b, b1));
                let (need_tl, need_tr) = (and(bottom, a1), and(bottom, a));
                let (need_bl, need_br) = (and(top, b1), and(top, b));
                // Lane 0 is pair r's, lane 1 pair r + 1's: each lane's rows one lower (bits
                // 0..16 and 16..32 of a movemask).
                let h1 = columns(or(
                    right(and(need_tl, left(a))),
                    left(and(need_tr, right2(a))),
                ));
                let h2 = columns(or(
                    right(and(need_bl, left(b))),
                    left(and(need_br, right2(b))),
                ));
                let v0 = columns(or(and(need_tl, up), left(and(need_tr, right(up)))));
                let v2 = columns(or(and(need_bl, down), left(and(need_br, right(down)))));
                h[r + 1] |= h1 & 0xffff;
                h[r + 2] |= (h1 >> 16) | (h2 & 0xffff);
                h[r + 3] |= h2 >> 16;
                v[r] |= v0 & 0xffff;
                v[r + 1] |= v0 >> 16;
                v[r + 2] |= v2 & 0xffff;
                v[r + 3] |= v2 >> 16;
                (up, a) = (b, down);
                r += 2;
            }
            for r in 0..n {
                push_columns(h[r + 1], r, false, out);
                push_columns(v[r + 1], r, true, out);
            }
        }
    }

    /// `Sim::settle`, two row pairs per test. Testing pair `hi + 1` beside `hi` changes
    /// nothing: rows past `hi` are as on the settled board, which has no square.
    #[inline(always)]
    fn settle(
        sim: &Sim,
        rows: &mut Rows,
        mut lo: usize,
        mut hi: usize,
        score: &mut u32,
    ) -> (usize, usize) {
        let n = sim.n;
        debug_assert!(n <= MAX_N);
        let mut r = lo.saturating_sub(1);
        while r + 1 < n && r <= hi {
            // Rows r + 1..=r + 3 exist: r + 3 <= n + 1 <= MAX_N + 1.
            // SAFETY: only reached from `search_avx2` or after a check of the CPU.
            let hits = unsafe {
                let (a, b) = (load2(rows, r + 1), load2(rows, r + 2));
                let x = _mm256_and_si256(a, b);
                columns(_mm256_and_si256(x, _mm256_srli_si256::<1>(x)))
            };
            if hits == 0 {
                r += 2;
                continue;
            }
            let first = hits.trailing_zeros() as usize;
            let (p, c) = (r + first / 16, first % 16);
            sim.remove_square_vec::<__m128i>(rows, p, c, score);
            lo = lo.min(p);
            hi = hi.max(p + 1);
            r = p.saturating_sub(1);
        }
        (lo, hi)
    }

    /// `Sim::range_bonus`, two row pairs per step, the odd one last with an empty lane.
    #[inline(always)]
    fn range_bonus(sim: &Sim, rows: &Rows, pairs: std::ops::RangeInclusive<usize>) -> i32 {
        let (first, last) = (*pairs.start(), *pairs.end());
        if first > last {
            return 0;
        }
        let w = &sim.weights;
        let ready = w.ready != 0;
        // SAFETY: only reached from `search_avx2` or after a check of the CPU; rows up to
        // `last + 3 <= n + 2 <= MAX_N + 2` exist.
        unsafe {
            let mut sums = [_mm256_setzero_si256(); 4];
            let mut r = first;
            while r < last {
                let (a, b) = (load2(rows, r + 1), load2(rows, r + 2));
                let around = ready.then(|| (load2(rows, r), load2(rows, r + 3)));
                count_pairs(&mut sums, a, b, around);
                r += 2;
            }
            if r == last {
                let (a, b) = (load1(rows, r + 1), load1(rows, r + 2));
                let around = ready.then(|| (load1(rows, r), load1(rows, r + 3)));
                count_pairs(&mut sums, a, b, around);
            }
            weigh_sim(sim, sums)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::check::walk_boards;
    use super::super::{has_avx2, search, swap, Node, Settings, Weights, NONE};
    use super::*;
    use crate::clock::Budget;
    use crate::game::{Game, Params};
    use crate::games::square_remover::SquareRemover;

    /// Every range of pairs' bonus and every swap's cascade, on AVX2 and on the `u128` rows
    /// (the reference of `check_vector_rows`), each child's evaluation against `Base`'s, the
    /// single moves. Returns (non-zero bonuses, cascades, single moves).
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    fn compare(sim: &Sim, node: &Node) -> (usize, usize, usize) {
        let rows = &node.rows;
        let mut counts = (0, 0, 0);
        for first in 0..sim.n {
            // The empty range too, as in `candidate`.
            for last in first.saturating_sub(1)..sim.n {
                let slow: i32 = (first..=last).map(|r| sim.pair_bonus_rows(rows, r)).sum();
                assert_eq!(Avx2::range_bonus(sim, rows, first..=last), slow);
                assert_eq!(Base::range_bonus(sim, rows, first..=last), slow);
                counts.0 += (slow != 0) as usize;
            }
        }
        // The build's bonuses of every range of pairs, over bonuses that are all wrong.
        for first in 0..sim.n {
            for last in first.saturating_sub(1)..sim.n {
                let mut stale = node.clone();
                for (r, b) in stale.bonus.iter_mut().enumerate() {
                    *b = *b * 3 - 7 * r as i32;
                }
                let (mut fast, mut slow) = (stale.clone(), stale);
                Avx2::rebonus(sim, &mut fast, first..=last);
                Base::rebonus(sim, &mut slow, first..=last);
                assert_eq!(fast.bonus, slow.bonus, "rebonus {first}..={last}");
                assert_eq!(fast.bonus_sum, slow.bonus_sum, "rebonus {first}..={last}");
                counts.0 += (first <= last) as usize;
            }
        }
        let mut scratch = *rows;
        for mv in sim.all_swaps() {
            let (mut fast, mut slow) = (*rows, *rows);
            let (lo, hi) = swap(&mut fast, mv);
            swap(&mut slow, mv);
            let (mut fast_score, mut slow_score) = (node.score, node.score);
            let touched = Avx2::settle(sim, &mut fast, lo, hi, &mut fast_score);
            let slow_touched = sim.settle_rows(&mut slow, lo, hi, &mut slow_score);
            assert_eq!((touched, fast_score), (slow_touched, slow_score), "{mv}");
            assert_eq!(fast, slow, "cascade after {mv}");
            counts.1 += (fast_score > node.score) as usize;
            // The child's evaluation, and the scratch rows restored after it.
            let fast_child = sim.candidate_with::<Avx2>(node, 0, [mv, NONE], &mut scratch);
            let slow_child = sim.candidate(node, 0, [mv, NONE], &mut rows.clone());
            assert_eq!(fast_child.eval, slow_child.eval, "child {mv}");
            assert_eq!(&scratch, rows, "restore after {mv}");
        }
        // Every swap as a single move's child (`children`, in registers),
        // against `Base`'s evaluation; the scratch rows left as they were.
        let swaps: Vec<[u16; 2]> = sim.all_swaps().map(|mv| [mv, NONE]).collect();
        check_children(sim, node, &swaps);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        Avx2::singles(sim, rows, &mut fast);
        sim.singles_rows(rows, &mut slow);
        assert_eq!(fast, slow, "singles");
        counts.2 += fast.len();
        let mut pairs = Vec::new();
        sim.pairs(rows, &mut pairs);
        let pair_moves: Vec<[u16; 2]> = pairs.iter().map(|&(a, b)| [a, b]).collect();
        check_children(sim, node, &pair_moves);
        // Any two swaps at most 5 rows apart (most leave the window or score nothing).
        let some: Vec<[u16; 2]> = (0..200)
            .map(|i| {
                [
                    swaps[(i * 7) % swaps.len()][0],
                    swaps[(i * 13 + 5) % swaps.len()][0],
                ]
            })
            .collect();
        check_children(sim, node, &some);
        let (mut fast, mut slow) = (*rows, *rows);
        for &(a, b) in &pairs {
            let fast_child = sim.candidate_with::<Avx2>(node, 0, [a, b], &mut fast);
            let slow_child = sim.candidate(node, 0, [a, b], &mut slow);
            assert_eq!(fast_child.eval, slow_child.eval, "child {a} {b}");
            assert_eq!(&fast, rows, "restore after {a} {b}");
        }
        counts
    }

    /// `Avx2::children` against `Base`'s evaluation of each child, with the weighted counts
    /// (`Weighted`: the walk's weights allow them) and with a register per term. The scratch
    /// space starts with another board's rows and a padded copy of yet another (a search's
    /// scratch holds the last parent's): the children load what they read, and the rows are
    /// the parent's after them if any child fell back to them.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    fn check_children(sim: &Sim, node: &Node, moves: &[[u16; 2]]) {
        let weighted = unsafe { Weighted::new(sim) };
        assert!(weighted.is_some());
        for counts in [weighted.as_ref(), None] {
            check_children_counted(sim, counts, node, moves);
        }
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    fn check_children_counted(
        sim: &Sim,
        counts: Option<&Weighted>,
        node: &Node,
        moves: &[[u16; 2]],
    ) {
        let mut scratch = Scratch::new();
        let mut other = node.clone();
        other.rows.swap(1, 2);
        other.rows.swap(1, sim.n);
        scratch.pad.fill(&other, sim.n);
        other.rows.swap(2, 3);
        scratch.rows = other.rows;
        let mut children = Vec::new();
        children_counted(
            sim,
            counts,
            node,
            7,
            moves.iter().copied(),
            &mut scratch,
            &mut children,
        );
        let stale = scratch.rows == other.rows;
        assert!(stale || scratch.rows == node.rows, "children");
        assert_eq!(children.len(), moves.len());
        for (child, &moves) in children.iter().zip(moves) {
            let slow = sim.candidate(node, 7, moves, &mut node.rows.clone());
            assert_eq!(child.eval, slow.eval, "child {moves:?}");
            let got = (child.parent, [child.first, child.second]);
            assert_eq!(got, (7, moves), "child {moves:?}");
        }
    }

    /// The AVX2 kernel against the `u128` rows on walked boards of four sizes, with and
    /// without "ready" (the walk of `check_vector_rows`: mostly scoring moves).
    #[test]
    fn avx2_rows_agree() {
        if !has_avx2() {
            eprintln!("this CPU has no AVX2: nothing to compare");
            return;
        }
        let (mut bonuses, mut cascades, mut singles_found) = (0, 0, 0);
        for ready in [false, true] {
            for (seed, params) in [
                (3, &[][..]),
                (12, &[("n", 16), ("colors", 4)][..]),
                (14, &[("n", 8), ("colors", 6)][..]),
                (15, &[("n", 9), ("colors", 5)][..]),
            ] {
                walk_boards(seed, params, 150, ready, |sim, node| {
                    // SAFETY: the CPU has AVX2 (checked above).
                    let (b, c, s) = unsafe { compare(sim, node) };
                    bonuses += b;
                    cascades += c;
                    singles_found += s;
                    Ok(())
                })
                .unwrap();
            }
        }
        // Enough that a difference anywhere would show.
        assert!(bonuses > 50_000, "{bonuses}");
        assert!(cascades > 800, "{cascades}");
        assert!(singles_found > 500, "{singles_found}");
    }

    /// The default weights with these four window terms.
    fn terms(triple: i32, double: i32, diagonal: i32, ready: i32) -> Weights {
        Weights {
            triple,
            double,
            diagonal,
            ready,
            ..Weights::default()
        }
    }

    /// A simulator of seed 4's game that weighs with `weights`.
    fn sim_weighing(weights: Weights) -> Sim {
        let inst = SquareRemover::generate(4, &Params::new());
        let obs = SquareRemover::observe(&inst, &SquareRemover::start(&inst));
        let settings = Settings {
            weights: Some(weights),
            ..Settings::default()
        };
        Sim::new(&obs, &settings)
    }

    /// `weigh_sim` (byte weights where the weights allow, else `weigh`) against `weigh` on
    /// count bytes up to their bound (16), for the agent's weights of every colour count and
    /// for weights without a byte factor.
    #[test]
    fn byte_weights_weigh_as_the_weights() {
        if !has_avx2() {
            eprintln!("this CPU has no AVX2: nothing to compare");
            return;
        }
        let mut x = 7u64;
        let mut byte = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Mostly the bound, so that the largest sums are reached.
            match (x >> 33) % 4 {
                0 => 16,
                _ => ((x >> 40) % 17) as i8,
            }
        };
        let cases = [
            (Weights::for_colors(4), true),
            (Weights::for_colors(5), true),
            (Weights::for_colors(6), true),
            (Weights::for_board(4, 16), true),
            (Weights::default(), true),
            (terms(127, 127, 127, 127), true),
            (terms(254, 2, 0, 0), true),
            (terms(255, 80, 60, 100), true),
            (terms(251, 80, 60, 100), false),
            (terms(150, 80, 60, -100), false),
            (terms(131, 7, 1, 0), false),
        ];
        for (weights, bytes) in cases {
            let sim = sim_weighing(weights);
            assert_eq!(sim.weight_bytes.is_some(), bytes, "{weights:?}");
            let w = [
                weights.triple,
                weights.double,
                weights.diagonal,
                weights.ready,
            ];
            for _ in 0..200 {
                let mut cells = [[0i8; 32]; 4];
                for k in cells.iter_mut().flatten() {
                    *k = byte();
                }
                // SAFETY: the CPU has AVX2 (checked above).
                unsafe {
                    let sums = cells.map(|c| _mm256_loadu_si256(c.as_ptr().cast()));
                    let slow: i32 = (0..4)
                        .map(|k| w[k] * cells[k].iter().map(|&b| b as i32).sum::<i32>())
                        .sum();
                    assert_eq!(weigh(sums, w), slow, "{weights:?}");
                    assert_eq!(weigh_sim(&sim, sums), slow, "{weights:?}");
                }
            }
        }
    }

    /// The weighted counts (`Weighted`) serve the agent's weights of every colour count,
    /// and not weights whose bytes could pass 255 in a window child's 4 steps.
    #[test]
    fn weighted_counts_take_the_agents_weights() {
        if !has_avx2() {
            eprintln!("this CPU has no AVX2: nothing to compare");
            return;
        }
        // SAFETY: the CPU has AVX2 (checked above).
        let fits = |weights| unsafe { Weighted::new(&sim_weighing(weights)).is_some() };
        for colors in 4..=6 {
            for n in 8..=16 {
                assert!(fits(Weights::for_board(colors, n)), "{colors} colours, {n}");
            }
        }
        assert!(fits(Weights::default()));
        // 4 x (13 + 2 x 20 + 2 x 5 + 0) = 252; one more is 256.
        assert!(fits(terms(13, 20, 5, 0)));
        assert!(!fits(terms(14, 20, 5, 0)));
        assert!(!fits(terms(251, 80, 60, 100)));
    }

    /// The whole search on AVX2 and on SSE2 at a fixed width: the same moves and score.
    #[test]
    fn avx2_search_plays_the_same_moves() {
        if !has_avx2() {
            eprintln!("this CPU has no AVX2: nothing to compare");
            return;
        }
        for seed in [4, 5, 6] {
            let inst = SquareRemover::generate(seed, &Params::new());
            let obs = SquareRemover::observe(&inst, &SquareRemover::start(&inst));
            let run = |avx2: bool| {
                let settings = Settings {
                    width: Some(12),
                    avx2,
                    ..Settings::default()
                };
                let (plan, score, stats) = search(&obs, &mut Budget::new(1e12), settings);
                (plan, score, stats.evaluated)
            };
            let ((wide_plan, wide_score, wide_children), (plan, score, children)) =
                (run(true), run(false));
            assert_eq!(
                (wide_score, wide_children),
                (score, children),
                "seed {seed}"
            );
            assert!(wide_plan == plan, "seed {seed}: the plans differ");
        }
    }
}
