//! The beam's row paths on 128-bit registers, written once over `Lanes`: SSE2 natively on
//! x86-64 (`__m128i`) and WebAssembly SIMD (`v128`) in a module built with
//! `-C target-feature=+simd128` (the page loads that module where the browser validates a
//! SIMD probe, the baseline one elsewhere; see docs/ARCHITECTURE.md). Elsewhere the `u128`
//! paths of `beam.rs` play; these give the same results (`check_vector_rows` checks them,
//! natively on SSE2 and under node on simd128).
//!
//! A row is one register, byte `c` holding cell `c`; so one AND over shifted rows tests every
//! 2x2 window of a row pair at once, and a "movemask" turns a row of windows into column bits.

use super::{encode, offset, swap_move, Rows, Sim, CORNER, MAX_N, OUTSIDE, PAIRS, STEPS};

/// The register operations the row paths use (bytes, never crossing into other lanes' meaning).
pub(super) trait Lanes: Copy {
    fn zero() -> Self;
    fn load(x: &u128) -> Self;
    fn store(x: &mut u128, v: Self);
    fn load_bytes(x: &[u8; 16]) -> Self;
    /// A 16-bit pattern repeated over the register.
    fn splat16(x: i16) -> Self;
    fn and(self, y: Self) -> Self;
    fn or(self, y: Self) -> Self;
    fn xor(self, y: Self) -> Self;
    /// `self & !y`.
    fn and_not(self, y: Self) -> Self;
    /// Byte `i` of the result is byte `i + 1` of `self` (`>> 8` on `u128`).
    fn right(self) -> Self;
    /// Byte `i` of the result is byte `i + 2` of `self` (`>> 16` on `u128`).
    fn right2(self) -> Self;
    /// Byte `i` of the result is byte `i - 1` of `self` (`<< 8` on `u128`).
    fn left(self) -> Self;
    /// Bit `c`: byte `c` is non-zero (every byte here is below 0x80: one-hot colours of at
    /// most 7 colours, ORs of them, or small counts).
    fn columns(self) -> u32;
    /// `min(x, 1)` per byte: 1 where a byte is non-zero.
    fn mark(self) -> Self;
    /// Bytewise addition.
    fn add(self, y: Self) -> Self;
    /// `mask`'s bytes from `new`, the others from `old` (mask bytes are 0 or 0xff).
    fn select(mask: Self, new: Self, old: Self) -> Self;
    /// The sum over `k` of `weights[k]` times the sum of the bytes of `sums[k]` (each byte at
    /// most 32: 16 row pairs of 2 counts).
    fn weigh(sums: [Self; 4], weights: [i32; 4]) -> i32;
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::Lanes;
    use std::arch::x86_64::*;

    // SSE2 is part of x86-64: every x86-64 CPU runs these.
    impl Lanes for __m128i {
        #[inline(always)]
        fn zero() -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_setzero_si128() }
        }
        #[inline(always)]
        fn load(x: &u128) -> Self {
            // SAFETY: the 16 bytes read are those of `x` (the load needs no alignment).
            unsafe { _mm_loadu_si128((x as *const u128).cast()) }
        }
        #[inline(always)]
        fn store(x: &mut u128, v: Self) {
            // SAFETY: the 16 bytes written are those of `x`.
            unsafe { _mm_storeu_si128((x as *mut u128).cast(), v) }
        }
        #[inline(always)]
        fn load_bytes(x: &[u8; 16]) -> Self {
            // SAFETY: the 16 bytes read are those of `x`.
            unsafe { _mm_loadu_si128(x.as_ptr().cast()) }
        }
        #[inline(always)]
        fn splat16(x: i16) -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_set1_epi16(x) }
        }
        #[inline(always)]
        fn and(self, y: Self) -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_and_si128(self, y) }
        }
        #[inline(always)]
        fn or(self, y: Self) -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_or_si128(self, y) }
        }
        #[inline(always)]
        fn xor(self, y: Self) -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_xor_si128(self, y) }
        }
        #[inline(always)]
        fn and_not(self, y: Self) -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_andnot_si128(y, self) }
        }
        #[inline(always)]
        fn right(self) -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_srli_si128::<1>(self) }
        }
        #[inline(always)]
        fn right2(self) -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_srli_si128::<2>(self) }
        }
        #[inline(always)]
        fn left(self) -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_slli_si128::<1>(self) }
        }
        #[inline(always)]
        fn columns(self) -> u32 {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe {
                (_mm_movemask_epi8(_mm_cmpeq_epi8(self, _mm_setzero_si128())) ^ 0xffff) as u32
            }
        }
        #[inline(always)]
        fn mark(self) -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_min_epu8(self, _mm_set1_epi8(1)) }
        }
        #[inline(always)]
        fn add(self, y: Self) -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_add_epi8(self, y) }
        }
        #[inline(always)]
        fn select(mask: Self, new: Self, old: Self) -> Self {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe { _mm_or_si128(_mm_andnot_si128(mask, old), _mm_and_si128(mask, new)) }
        }
        /// One sum of absolute differences per feature (at most 8 x 32 per 8-byte half, so
        /// four fit in a 64-bit lane, 16 bits each).
        #[inline(always)]
        fn weigh(sums: [Self; 4], weights: [i32; 4]) -> i32 {
            // SAFETY: register arithmetic only; SSE2 is part of x86-64.
            unsafe {
                let sad = |x| _mm_sad_epu8(x, _mm_setzero_si128());
                let packed = _mm_or_si128(
                    _mm_or_si128(sad(sums[0]), _mm_slli_epi64::<16>(sad(sums[1]))),
                    _mm_or_si128(
                        _mm_slli_epi64::<32>(sad(sums[2])),
                        _mm_slli_epi64::<48>(sad(sums[3])),
                    ),
                );
                let total = _mm_add_epi64(packed, _mm_unpackhi_epi64(packed, packed));
                let total = _mm_cvtsi128_si64(total) as u64;
                let field = |k: usize| ((total >> (16 * k)) & 0xffff) as i32;
                (0..4).map(|k| weights[k] * field(k)).sum()
            }
        }
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128 {
    use super::Lanes;
    use core::arch::wasm32::*;

    // Differences from SSE2: a byte shift is a shuffle with a zero vector (engines lower it
    // to one byte-shift or align instruction); "non-zero bytes" is a bitmask after adding
    // 0x7f to each byte (the bytes stay below 0x80); wasm has no sum of absolute differences,
    // so `weigh` widens byte counts pairwise to 16 bits and multiplies them by the weight in
    // a 16-bit dot product (`i32x4.dot_i16x8_s`).
    impl Lanes for v128 {
        #[inline(always)]
        fn zero() -> Self {
            u8x16_splat(0)
        }
        #[inline(always)]
        fn load(x: &u128) -> Self {
            // SAFETY: the 16 bytes read are those of `x` (wasm loads need no alignment).
            unsafe { v128_load((x as *const u128).cast()) }
        }
        #[inline(always)]
        fn store(x: &mut u128, v: Self) {
            // SAFETY: the 16 bytes written are those of `x`.
            unsafe { v128_store((x as *mut u128).cast(), v) }
        }
        #[inline(always)]
        fn load_bytes(x: &[u8; 16]) -> Self {
            // SAFETY: the 16 bytes read are those of `x`.
            unsafe { v128_load(x.as_ptr().cast()) }
        }
        #[inline(always)]
        fn splat16(x: i16) -> Self {
            i16x8_splat(x)
        }
        #[inline(always)]
        fn and(self, y: Self) -> Self {
            v128_and(self, y)
        }
        #[inline(always)]
        fn or(self, y: Self) -> Self {
            v128_or(self, y)
        }
        #[inline(always)]
        fn xor(self, y: Self) -> Self {
            v128_xor(self, y)
        }
        #[inline(always)]
        fn and_not(self, y: Self) -> Self {
            v128_andnot(self, y)
        }
        #[inline(always)]
        fn right(self) -> Self {
            u8x16_shuffle::<1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16>(
                self,
                u8x16_splat(0),
            )
        }
        #[inline(always)]
        fn right2(self) -> Self {
            u8x16_shuffle::<2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17>(
                self,
                u8x16_splat(0),
            )
        }
        #[inline(always)]
        fn left(self) -> Self {
            u8x16_shuffle::<16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14>(
                self,
                u8x16_splat(0),
            )
        }
        #[inline(always)]
        fn columns(self) -> u32 {
            u8x16_bitmask(i8x16_add(self, u8x16_splat(0x7f))) as u32
        }
        #[inline(always)]
        fn mark(self) -> Self {
            u8x16_min(self, u8x16_splat(1))
        }
        #[inline(always)]
        fn add(self, y: Self) -> Self {
            i8x16_add(self, y)
        }
        #[inline(always)]
        fn select(mask: Self, new: Self, old: Self) -> Self {
            v128_bitselect(new, old, mask)
        }
        /// At most 2 x 32 per 16-bit lane: the products fit 32 bits. Weights beyond 16 bits
        /// (no agent's) are applied after the sums.
        #[inline(always)]
        fn weigh(sums: [Self; 4], weights: [i32; 4]) -> i32 {
            let dot = |sum, weight| i32x4_dot_i16x8(u16x8_extadd_pairwise_u8x16(sum), weight);
            let lanes = |x| {
                i32x4_extract_lane::<0>(x)
                    + i32x4_extract_lane::<1>(x)
                    + i32x4_extract_lane::<2>(x)
                    + i32x4_extract_lane::<3>(x)
            };
            match weights.map(|w| i16::try_from(w).ok()) {
                [Some(w0), Some(w1), Some(w2), Some(w3)] => lanes(i32x4_add(
                    i32x4_add(dot(sums[0], i16x8_splat(w0)), dot(sums[1], i16x8_splat(w1))),
                    i32x4_add(dot(sums[2], i16x8_splat(w2)), dot(sums[3], i16x8_splat(w3))),
                )),
                _ => (0..4)
                    .map(|k| weights[k] * lanes(dot(sums[k], i16x8_splat(1))))
                    .sum(),
            }
        }
    }
}

/// Bytes 16 and 17 set: `BYTE_MASKS[16 - c..]` has byte `c` set (and `c + 1` for
/// `BYTE_MASKS[32 + 16 - c..]`), a one- or two-cell mask for column `c` in one load.
static BYTE_MASKS: [u8; 64] = {
    let mut m = [0u8; 64];
    m[16] = 0xff;
    m[32 + 16] = 0xff;
    m[32 + 17] = 0xff;
    m
};

/// The mask of column `c` (`cells` = 1 or 2 cells from it).
#[inline(always)]
pub(super) fn column_mask<V: Lanes>(c: usize, cells: usize) -> V {
    let start = 32 * (cells - 1) + 16 - c;
    V::load_bytes(BYTE_MASKS[start..start + 16].try_into().unwrap())
}

/// `swap` with the rows loaded and stored as whole registers: the loads that follow (the
/// cascade's scan, the bonus) then read what one store wrote, which the CPU forwards at once.
#[inline(always)]
pub(super) fn swap_vec<V: Lanes>(rows: &mut Rows, mv: u16) -> (usize, usize) {
    let cell = (mv >> 1) as usize;
    let (r, c) = (cell / MAX_N, cell % MAX_N);
    let mask = column_mask::<V>(c, 1);
    if mv & 1 == 0 {
        let x = V::load(&rows[r + 1]);
        let d = x.xor(x.right()).and(mask);
        V::store(&mut rows[r + 1], x.xor(d.or(d.left())));
        (r, r)
    } else {
        let (a, b) = (V::load(&rows[r + 1]), V::load(&rows[r + 2]));
        let d = a.xor(b).and(mask);
        V::store(&mut rows[r + 1], a.xor(d));
        V::store(&mut rows[r + 2], b.xor(d));
        (r, r + 1)
    }
}

/// `to[r] = from[r]` as one load and store.
#[inline(always)]
pub(super) fn restore_row_vec<V: Lanes>(to: &mut Rows, from: &Rows, r: usize) {
    V::store(&mut to[r], V::load(&from[r]));
}

/// Pushes one move per set bit (bit `col`) of a row's move mask.
#[inline(always)]
pub(super) fn push_columns(mut bits: u32, row: usize, vertical: bool, out: &mut Vec<u16>) {
    while bits != 0 {
        let col = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        out.push(encode(row, col, vertical));
    }
}

/// The "ready" windows of the row pair (a, b), `up` the row above a and `down` the row below
/// b: the same masks as `pair_bonus_rows` computes on `u128` (a square one swap away).
#[inline(always)]
fn ready_mask<V: Lanes>(a: V, b: V, up: V, down: V) -> V {
    let (a1, b1) = (a.right(), b.right());
    let (top, bottom) = (a.and(a1), b.and(b1));
    let above = bottom.and(a1).and(a.left().or(up));
    let above = above.or(bottom.and(a).and(a.right2().or(up.right())));
    let below = top.and(b1).and(b.left().or(down));
    let below = below.or(top.and(b).and(b.right2().or(down.right())));
    above.or(below)
}

/// Board row `r + dr` of `rows` (zero off the array, as `colour_at` reads it) with byte `c`
/// holding its cell `c + dc` (zero off the row).
#[inline(always)]
fn cells_at<V: Lanes>(rows: &Rows, r: usize, (dr, dc): (isize, isize)) -> V {
    let i = r as isize + 1 + dr;
    if !(0..=MAX_N as isize + 1).contains(&i) {
        return V::zero();
    }
    let x = V::load(&rows[i as usize]);
    match dc {
        0 => x,
        1 => x.right(),
        2 => x.right2(),
        3 => x.right2().right(),
        -1 => x.left(),
        -2 => x.left().left(),
        _ => unreachable!("no cell of a pair move is further from its window"),
    }
}

/// The three-of-a-colour windows of `hits` (bit c: window (r, c)) whose corner `K` lacks
/// the colour (`need`: byte c that colour): the pairs of `push_three_pairs`, in its order,
/// with the cells it tests one by one tested for every window at once (a column mask per
/// cell; `K` a constant, so that the cells' shifts are too).
#[inline(always)]
fn push_three_hits<V: Lanes, const K: usize>(
    rows: &Rows,
    r: usize,
    hits: u32,
    need: V,
    out: &mut Vec<(u16, u16)>,
) {
    if hits == 0 {
        return;
    }
    // Bit 4 i + j: the corner's outside neighbour i is on the board and the cell one step j
    // from it (not the corner) holds the colour.
    let x = CORNER[K];
    let mut masks = [0u32; 8];
    for i in 0..2 {
        let y = offset(x, OUTSIDE[K][i]);
        let on = cells_at::<V>(rows, r, y).columns();
        for j in 0..4 {
            let z = offset(y, STEPS[j]);
            if z != x {
                masks[4 * i + j] = on & need.and(cells_at::<V>(rows, r, z)).columns();
            }
        }
    }
    let mut hits = hits;
    while hits != 0 {
        let c = hits.trailing_zeros();
        hits &= hits - 1;
        let mut code = 0u32;
        for (b, m) in masks.iter().enumerate() {
            code |= ((m >> c) & 1) << b;
        }
        let x = offset((r as isize, c as isize), x);
        while code != 0 {
            let b = code.trailing_zeros() as usize;
            code &= code - 1;
            let y = offset(x, OUTSIDE[K][b / 4]);
            let z = offset(y, STEPS[b % 4]);
            out.push((swap_move(y, z), swap_move(x, y)));
        }
    }
}

/// The two-of-a-colour windows of `hits` with the colour in corners `PAIRS[P]`'s i and j
/// (`colour`: byte c the colour on a hit window): the pairs of `push_two_pairs`, in its
/// order, its cells tested for every window at once.
#[inline(always)]
fn push_two_hits<V: Lanes, const P: usize>(
    rows: &Rows,
    r: usize,
    hits: u32,
    colour: V,
    out: &mut Vec<(u16, u16)>,
) {
    if hits == 0 {
        return;
    }
    let (_, _, k, l) = PAIRS[P];
    // `near[0][d]` (`near[1][d]`): corner k's (l's) outside neighbour d holds the colour.
    let near = |corner: usize, d: usize| {
        let y = offset(CORNER[corner], OUTSIDE[corner][d]);
        colour.and(cells_at::<V>(rows, r, y)).columns()
    };
    let near = [[near(k, 0), near(k, 1)], [near(l, 0), near(l, 1)]];
    let mut hits = hits;
    while hits != 0 {
        let c = hits.trailing_zeros();
        hits &= hits - 1;
        let window = (r as isize, c as isize);
        let (xk, xl) = (offset(window, CORNER[k]), offset(window, CORNER[l]));
        for (d1, m1) in near[0].iter().enumerate() {
            if (m1 >> c) & 1 == 0 {
                continue;
            }
            let y1 = offset(xk, OUTSIDE[k][d1]);
            for (d2, m2) in near[1].iter().enumerate() {
                if (m2 >> c) & 1 != 0 {
                    let y2 = offset(xl, OUTSIDE[l][d2]);
                    out.push((swap_move(xk, y1), swap_move(xl, y2)));
                }
            }
        }
    }
}

/// The pairs of row pair `r` from column masks (bit c = window (r, c)): `odd[k]` windows
/// with three of a colour whose corner k lacks it (`need[k]`), `two[p]` windows with two of
/// a colour in `PAIRS[p]`'s corners i and j (`v`: the window's corners).
#[inline(always)]
fn push_window_pairs<V: Lanes>(
    rows: &Rows,
    r: usize,
    (odd, need): (&[u32; 4], &[V; 4]),
    (two, v): (&[u32; 6], &[V; 4]),
    out: &mut Vec<(u16, u16)>,
) {
    push_three_hits::<V, 0>(rows, r, odd[0], need[0], out);
    push_three_hits::<V, 1>(rows, r, odd[1], need[1], out);
    push_three_hits::<V, 2>(rows, r, odd[2], need[2], out);
    push_three_hits::<V, 3>(rows, r, odd[3], need[3], out);
    let colour = |p: usize| v[PAIRS[p].0].and(v[PAIRS[p].1]);
    push_two_hits::<V, 0>(rows, r, two[0], colour(0), out);
    push_two_hits::<V, 1>(rows, r, two[1], colour(1), out);
    push_two_hits::<V, 2>(rows, r, two[2], colour(2), out);
    push_two_hits::<V, 3>(rows, r, two[3], colour(3), out);
    push_two_hits::<V, 4>(rows, r, two[4], colour(4), out);
    push_two_hits::<V, 5>(rows, r, two[5], colour(5), out);
}

impl Sim {
    /// Removes the square of row pair `r` at column `c`: its cells take the next four tiles
    /// (TL, TR, BL, BR), stored as whole registers.
    #[inline(always)]
    pub(super) fn remove_square_vec<V: Lanes>(
        &self,
        rows: &mut Rows,
        r: usize,
        c: usize,
        score: &mut u32,
    ) {
        let (a, b) = (V::load(&rows[r + 1]), V::load(&rows[r + 2]));
        let k = 4 * *score as usize;
        let t = &self.tiles[k..k + 4];
        // Byte c takes the left tile, c + 1 the right one: a 16-bit pattern repeated
        // from an even byte, so swapped when c is odd.
        let pair = |left: u8, right: u8| match c & 1 {
            0 => V::splat16(i16::from_le_bytes([left, right])),
            _ => V::splat16(i16::from_le_bytes([right, left])),
        };
        let mask = column_mask::<V>(c, 2);
        V::store(&mut rows[r + 1], V::select(mask, pair(t[0], t[1]), a));
        V::store(&mut rows[r + 2], V::select(mask, pair(t[2], t[3]), b));
        *score += 1;
    }

    /// `settle` on whole registers.
    #[inline(always)]
    pub(super) fn settle_vec<V: Lanes>(
        &self,
        rows: &mut Rows,
        mut lo: usize,
        mut hi: usize,
        score: &mut u32,
    ) -> (usize, usize) {
        let n = self.n;
        let mut r = lo.saturating_sub(1);
        while r + 1 < n && r <= hi {
            let (a, b) = (V::load(&rows[r + 1]), V::load(&rows[r + 2]));
            let hits = a.and(a.right()).and(b.and(b.right())).columns();
            if hits == 0 {
                r += 1;
                continue;
            }
            self.remove_square_vec::<V>(rows, r, hits.trailing_zeros() as usize, score);
            lo = lo.min(r);
            hi = hi.max(r + 1);
            r = r.saturating_sub(1);
        }
        (lo, hi)
    }

    /// The sum of `pair_bonus` over the row pairs `pairs`, each row loaded and shifted once;
    /// each feature's counts are added up in bytes (at most 2 per byte and pair, so 16 pairs
    /// fit) and weighed once at the end. The bonus is linear in the counts, so this equals
    /// the pairs' bonuses added up (a test checks it).
    #[inline(always)]
    pub(super) fn range_bonus_vec<V: Lanes>(
        &self,
        rows: &Rows,
        pairs: std::ops::RangeInclusive<usize>,
    ) -> i32 {
        let (first, last) = (*pairs.start(), *pairs.end());
        if first > last {
            return 0;
        }
        let w = &self.weights;
        let mut sums = [V::zero(); 4];
        let mut a = V::load(&rows[first + 1]);
        let mut a1 = a.right();
        for r in first..=last {
            let b = V::load(&rows[r + 2]);
            let b1 = b.right();
            let (top, bottom) = (a.and(a1), b.and(b1));
            let triples = top.and(b.or(b1)).or(bottom.and(a.or(a1)));
            sums[0] = sums[0].add(triples.mark());
            sums[1] = sums[1].add(top.mark().add(a.and(b).mark()));
            sums[2] = sums[2].add(a.and(b1).mark().add(a1.and(b).mark()));
            if w.ready != 0 {
                let (up, down) = (V::load(&rows[r]), V::load(&rows[r + 3]));
                sums[3] = sums[3].add(ready_mask(a, b, up, down).mark());
            }
            (a, a1) = (b, b1);
        }
        V::weigh(sums, [w.triple, w.double, w.diagonal, w.ready])
    }

    /// `singles` on whole registers; the moves come out in the same order.
    #[inline(always)]
    pub(super) fn singles_vec<V: Lanes>(&self, rows: &Rows, out: &mut Vec<u16>) {
        let n = self.n;
        // Masks of horizontal and vertical swaps, by board row + 1.
        let mut h = [V::zero(); MAX_N + 2];
        let mut v = [V::zero(); MAX_N + 2];
        for r in 0..n - 1 {
            let (up, a, b, down) = (
                V::load(&rows[r]),
                V::load(&rows[r + 1]),
                V::load(&rows[r + 2]),
                V::load(&rows[r + 3]),
            );
            let (a1, b1) = (a.right(), b.right());
            let (top, bottom) = (a.and(a1), b.and(b1));
            // Byte c: the colour the window at (r, c) needs in its TL, TR, BL or BR cell.
            let (need_tl, need_tr) = (bottom.and(a1), bottom.and(a));
            let (need_bl, need_br) = (top.and(b1), top.and(b));
            h[r + 1] = h[r + 1]
                .or(need_tl.and(a.left()).right())
                .or(need_tr.and(a.right2()).left());
            h[r + 2] = h[r + 2]
                .or(need_bl.and(b.left()).right())
                .or(need_br.and(b.right2()).left());
            v[r] = v[r].or(need_tl.and(up)).or(need_tr.and(up.right()).left());
            v[r + 2] = v[r + 2]
                .or(need_bl.and(down))
                .or(need_br.and(down.right()).left());
        }
        for r in 0..n {
            push_columns(h[r + 1].columns(), r, false, out);
            push_columns(v[r + 1].columns(), r, true, out);
        }
    }

    /// `pairs` with the windows found on whole registers (as column masks); the pairs come
    /// out in the same order.
    #[inline(always)]
    pub(super) fn pairs_vec<V: Lanes>(&self, rows: &Rows, out: &mut Vec<(u16, u16)>) {
        for r in 0..self.n - 1 {
            // Bit c: window (r, c) is a hit, for each corner k (three of a colour, the odd
            // cell at k without an outside neighbour of it) and each pair of PAIRS.
            let mut odd = [0u32; 4];
            let mut two = [0u32; 6];
            let (up, a, b, down) = (
                V::load(&rows[r]),
                V::load(&rows[r + 1]),
                V::load(&rows[r + 2]),
                V::load(&rows[r + 3]),
            );
            let (a1, b1) = (a.right(), b.right());
            let v = [a, a1, b, b1];
            let outside = [
                up.or(a.left()),
                up.right().or(a.right2()),
                down.or(b.left()),
                down.right().or(b.right2()),
            ];
            let (top, bottom) = (a.and(a1), b.and(b1));
            let need = [bottom.and(a1), bottom.and(a), top.and(b1), top.and(b)];
            let triples = need[0].or(need[1]).or(need[2].or(need[3]));
            for k in 0..4 {
                odd[k] = need[k].and_not(outside[k]).columns();
            }
            for (p, &(i, j, k, l)) in PAIRS.iter().enumerate() {
                let colour = v[i].and(v[j]).and_not(triples);
                two[p] = colour.and(outside[k].and(outside[l])).columns();
            }
            push_window_pairs(rows, r, (&odd, &need), (&two, &v), out);
        }
    }
}
