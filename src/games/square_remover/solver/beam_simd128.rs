//! The beam's row paths on WebAssembly SIMD (`simd128`): the SSE2 paths of `beam.rs` written
//! with `core::arch::wasm32`, compiled only when the module is built with
//! `-C target-feature=+simd128` (the page loads that module where the browser validates a
//! SIMD probe, the baseline one elsewhere; see docs/ARCHITECTURE.md). Same results as the
//! `u128` paths (`check_vector_rows` checks them, natively on SSE2 and under node on this).
//!
//! Differences from SSE2: a byte shift is a shuffle with a zero vector (engines lower it to one
//! byte-shift or align instruction); "non-zero bytes" is a bitmask after adding 0x7f to each
//! byte (the bytes stay below 0x80); wasm has no sum of absolute differences, so each
//! feature's byte counts are widened pairwise to 16 bits and multiplied by the feature's
//! weight in a 16-bit dot product (`i32x4.dot_i16x8_s`), added up in 32-bit lanes.

use super::{encode, push_window_pairs, Rows, Sim, MAX_N, PAIRS};
use core::arch::wasm32::*;

#[inline(always)]
fn load(x: &u128) -> v128 {
    // SAFETY: the 16 bytes read are those of `x` (wasm loads need no alignment).
    unsafe { v128_load((x as *const u128).cast()) }
}

#[inline(always)]
fn store(x: &mut u128, v: v128) {
    // SAFETY: the 16 bytes written are those of `x`.
    unsafe { v128_store((x as *mut u128).cast(), v) }
}

/// Byte `i` of the result is byte `i + 1` of `x` (`_mm_srli_si128::<1>`; `>> 8` on `u128`).
#[inline(always)]
fn right(x: v128) -> v128 {
    u8x16_shuffle::<1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16>(x, u8x16_splat(0))
}

/// Byte `i` of the result is byte `i + 2` of `x` (`>> 16` on `u128`).
#[inline(always)]
fn right2(x: v128) -> v128 {
    u8x16_shuffle::<2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17>(x, u8x16_splat(0))
}

/// Byte `i` of the result is byte `i - 1` of `x` (`_mm_slli_si128::<1>`; `<< 8` on `u128`).
#[inline(always)]
fn left(x: v128) -> v128 {
    u8x16_shuffle::<16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14>(x, u8x16_splat(0))
}

/// Bit `c`: byte `c` of `x` is non-zero. Every byte here is below 0x80 (one-hot colours of
/// at most 7 colours, or ORs of them), so adding 0x7f sets the top bit exactly then.
#[inline(always)]
fn columns(x: v128) -> u32 {
    u8x16_bitmask(i8x16_add(x, u8x16_splat(0x7f))) as u32
}

/// `min(x, 1)` per byte: 1 where a byte is non-zero.
#[inline(always)]
fn mark(x: v128) -> v128 {
    u8x16_min(x, u8x16_splat(1))
}

/// One byte set per column: byte `c` (`cells` = 1) or bytes `c` and `c + 1` (`cells` = 2).
static BYTE_MASKS: [u8; 64] = {
    let mut m = [0u8; 64];
    m[16] = 0xff;
    m[32 + 16] = 0xff;
    m[32 + 17] = 0xff;
    m
};

#[inline(always)]
fn column_mask(c: usize, cells: usize) -> v128 {
    let start = 32 * (cells - 1) + 16 - c;
    let bytes = &BYTE_MASKS[start..start + 16];
    // SAFETY: the 16 bytes read are those of the slice.
    unsafe { v128_load(bytes.as_ptr().cast()) }
}

/// Pushes one move per set bit (bit `col`) of a row's move mask.
#[inline(always)]
fn push_columns(mut bits: u32, row: usize, vertical: bool, out: &mut Vec<u16>) {
    while bits != 0 {
        let col = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        out.push(encode(row, col, vertical));
    }
}

/// `swap` on whole registers (see `swap_sse2`).
#[inline(always)]
pub(super) fn swap_simd128(rows: &mut Rows, mv: u16) -> (usize, usize) {
    let cell = (mv >> 1) as usize;
    let (r, c) = (cell / MAX_N, cell % MAX_N);
    let mask = column_mask(c, 1);
    if mv & 1 == 0 {
        let x = load(&rows[r + 1]);
        let d = v128_and(v128_xor(x, right(x)), mask);
        store(&mut rows[r + 1], v128_xor(x, v128_or(d, left(d))));
        (r, r)
    } else {
        let (a, b) = (load(&rows[r + 1]), load(&rows[r + 2]));
        let d = v128_and(v128_xor(a, b), mask);
        store(&mut rows[r + 1], v128_xor(a, d));
        store(&mut rows[r + 2], v128_xor(b, d));
        (r, r + 1)
    }
}

/// `to[r] = from[r]` as one load and store.
#[inline(always)]
pub(super) fn restore_row_simd128(to: &mut Rows, from: &Rows, r: usize) {
    store(&mut to[r], load(&from[r]));
}

/// The "ready" windows of the row pair (a, b) (see `ready_mask` and `pair_bonus_rows`).
#[inline(always)]
fn ready_mask(a: v128, b: v128, up: v128, down: v128) -> v128 {
    let (a1, b1) = (right(a), right(b));
    let (top, bottom) = (v128_and(a, a1), v128_and(b, b1));
    v128_or(
        v128_or(
            v128_and(v128_and(bottom, a1), v128_or(left(a), up)),
            v128_and(v128_and(bottom, a), v128_or(right2(a), right(up))),
        ),
        v128_or(
            v128_and(v128_and(top, b1), v128_or(left(b), down)),
            v128_and(v128_and(top, b), v128_or(right2(b), right(down))),
        ),
    )
}

impl Sim {
    /// `settle` on whole registers (see `settle_sse2`).
    #[inline(always)]
    pub(super) fn settle_simd128(
        &self,
        rows: &mut Rows,
        mut lo: usize,
        mut hi: usize,
        score: &mut u32,
    ) -> (usize, usize) {
        let n = self.n;
        let mut r = lo.saturating_sub(1);
        while r + 1 < n && r <= hi {
            let (a, b) = (load(&rows[r + 1]), load(&rows[r + 2]));
            let square = v128_and(v128_and(a, right(a)), v128_and(b, right(b)));
            let hits = columns(square);
            if hits == 0 {
                r += 1;
                continue;
            }
            let c = hits.trailing_zeros() as usize;
            let k = 4 * *score as usize;
            let t = &self.tiles[k..k + 4];
            // Byte c takes the left tile, c + 1 the right one: a 16-bit pattern repeated
            // from an even byte, so swapped when c is odd.
            let pair = |left: u8, right: u8| match c & 1 {
                0 => i16x8_splat(i16::from_le_bytes([left, right])),
                _ => i16x8_splat(i16::from_le_bytes([right, left])),
            };
            let mask = column_mask(c, 2);
            store(&mut rows[r + 1], v128_bitselect(pair(t[0], t[1]), a, mask));
            store(&mut rows[r + 2], v128_bitselect(pair(t[2], t[3]), b, mask));
            *score += 1;
            lo = lo.min(r);
            hi = hi.max(r + 1);
            r = r.saturating_sub(1);
        }
        (lo, hi)
    }

    /// The sum of `pair_bonus` over the row pairs `pairs`, each row loaded and shifted once;
    /// the counts are added up in bytes (at most 2 per byte and pair, so 16 pairs fit), then
    /// widened to 16 bits and weighted in one dot product per feature. Weights beyond 16 bits
    /// (no agent's) take the `u128` path.
    #[inline(always)]
    pub(super) fn range_bonus_simd128(
        &self,
        rows: &Rows,
        pairs: std::ops::RangeInclusive<usize>,
    ) -> i32 {
        let (first, last) = (*pairs.start(), *pairs.end());
        if first > last {
            return 0;
        }
        let w = &self.weights;
        let narrow = |x: i32| i16::try_from(x).ok();
        let (Some(triple), Some(double), Some(diagonal), Some(ready)) = (
            narrow(w.triple),
            narrow(w.double),
            narrow(w.diagonal),
            narrow(w.ready),
        ) else {
            return pairs.map(|r| self.pair_bonus_rows(rows, r)).sum();
        };
        let zero = u8x16_splat(0);
        let (mut triples_sum, mut straight_sum, mut diagonal_sum, mut ready_sum) =
            (zero, zero, zero, zero);
        let mut a = load(&rows[first + 1]);
        let mut a1 = right(a);
        for r in first..=last {
            let b = load(&rows[r + 2]);
            let b1 = right(b);
            let (top, bottom) = (v128_and(a, a1), v128_and(b, b1));
            let triples = v128_or(
                v128_and(top, v128_or(b, b1)),
                v128_and(bottom, v128_or(a, a1)),
            );
            triples_sum = i8x16_add(triples_sum, mark(triples));
            straight_sum = i8x16_add(straight_sum, i8x16_add(mark(top), mark(v128_and(a, b))));
            diagonal_sum = i8x16_add(
                diagonal_sum,
                i8x16_add(mark(v128_and(a, b1)), mark(v128_and(a1, b))),
            );
            if ready != 0 {
                let (up, down) = (load(&rows[r]), load(&rows[r + 3]));
                ready_sum = i8x16_add(ready_sum, mark(ready_mask(a, b, up, down)));
            }
            (a, a1) = (b, b1);
        }
        // At most 2 x 16 per byte, 64 per 16-bit lane: the products fit 32 bits.
        let weigh = |sum: v128, weight: i16| {
            i32x4_dot_i16x8(u16x8_extadd_pairwise_u8x16(sum), i16x8_splat(weight))
        };
        let mut total = i32x4_add(
            weigh(triples_sum, triple),
            i32x4_add(weigh(straight_sum, double), weigh(diagonal_sum, diagonal)),
        );
        if ready != 0 {
            total = i32x4_add(total, weigh(ready_sum, ready));
        }
        i32x4_extract_lane::<0>(total)
            + i32x4_extract_lane::<1>(total)
            + i32x4_extract_lane::<2>(total)
            + i32x4_extract_lane::<3>(total)
    }

    /// `singles` on whole registers; the moves come out in the same order.
    #[inline(always)]
    pub(super) fn singles_simd128(&self, rows: &Rows, out: &mut Vec<u16>) {
        let n = self.n;
        let and = v128_and;
        let zero = u8x16_splat(0);
        let mut h = [zero; MAX_N + 2];
        let mut v = [zero; MAX_N + 2];
        for r in 0..n - 1 {
            let (up, a, b, down) = (
                load(&rows[r]),
                load(&rows[r + 1]),
                load(&rows[r + 2]),
                load(&rows[r + 3]),
            );
            let (a1, b1) = (right(a), right(b));
            let (top, bottom) = (and(a, a1), and(b, b1));
            let (need_tl, need_tr) = (and(bottom, a1), and(bottom, a));
            let (need_bl, need_br) = (and(top, b1), and(top, b));
            h[r + 1] = v128_or(
                h[r + 1],
                v128_or(right(and(need_tl, left(a))), left(and(need_tr, right2(a)))),
            );
            h[r + 2] = v128_or(
                h[r + 2],
                v128_or(right(and(need_bl, left(b))), left(and(need_br, right2(b)))),
            );
            v[r] = v128_or(
                v[r],
                v128_or(and(need_tl, up), left(and(need_tr, right(up)))),
            );
            v[r + 2] = v128_or(
                v[r + 2],
                v128_or(and(need_bl, down), left(and(need_br, right(down)))),
            );
        }
        for r in 0..n {
            push_columns(columns(h[r + 1]), r, false, out);
            push_columns(columns(v[r + 1]), r, true, out);
        }
    }

    /// `pairs` with the windows found on whole registers; the pairs come out in the same order.
    #[inline(always)]
    pub(super) fn pairs_simd128(&self, rows: &Rows, out: &mut Vec<(u16, u16)>) {
        let (and, or) = (v128_and, v128_or);
        for r in 0..self.n - 1 {
            // Bit c: window (r, c) is a hit, for each corner k (three of a colour, the odd
            // cell at k without an outside neighbour of it) and each pair of PAIRS.
            let mut odd = [0u32; 4];
            let mut two = [0u32; 6];
            let (up, a, b, down) = (
                load(&rows[r]),
                load(&rows[r + 1]),
                load(&rows[r + 2]),
                load(&rows[r + 3]),
            );
            let (a1, b1) = (right(a), right(b));
            let v = [a, a1, b, b1];
            let outside = [
                or(up, left(a)),
                or(right(up), right2(a)),
                or(down, left(b)),
                or(right(down), right2(b)),
            ];
            let (top, bottom) = (and(a, a1), and(b, b1));
            let need = [and(bottom, a1), and(bottom, a), and(top, b1), and(top, b)];
            let triples = or(or(need[0], need[1]), or(need[2], need[3]));
            for k in 0..4 {
                odd[k] = columns(v128_andnot(need[k], outside[k]));
            }
            for (p, &(i, j, k, l)) in PAIRS.iter().enumerate() {
                let colour = v128_andnot(and(v[i], v[j]), triples);
                two[p] = columns(and(colour, and(outside[k], outside[l])));
            }
            push_window_pairs(rows, r, &odd, &two, out);
        }
    }
}
