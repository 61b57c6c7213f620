//! Microbenchmark (sixteenth session, square21): do two window children's cascades run
//! faster side by side in one loop than one after the other? A copy of `beam_avx2.rs`'s
//! `settle_window` (one child) against `settle_two` (two children's windows in one loop, each
//! one's square removed under a mask while it is still active, so that one child's waits are
//! filled by the other's work and the loop's exit mispredicts once per two children).
//!
//! The windows are synthetic but shaped like the search's single-move children: 8 rows of a
//! random board of C colours with no square, one swap on rows 3-4 that makes a square in
//! window pairs 2..=5, and a random position in a random tile stream. Both arms must give
//! the same squares, rows and "fell back" flags (checked every run).
//!
//! Usage: square_remover_pairs COLOURS N WINDOWS REPS RUNS [count]
//! (`count`: each child also counts its window's pairs after the cascade, as the child does.)
#[path = "common/mod.rs"]
mod common;
use common::thread_cpu_ms;
use std::arch::x86_64::*;

const TILES: usize = 1 << 16;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

type Window = [[u8; 16]; 8];

fn squares_in(
    w: &Window,
    n: usize,
    pairs: std::ops::RangeInclusive<usize>,
) -> Option<(usize, usize)> {
    for p in pairs {
        for c in 0..n - 1 {
            let t = w[p][c];
            if t != 0 && w[p][c + 1] == t && w[p + 1][c] == t && w[p + 1][c + 1] == t {
                return Some((p, c));
            }
        }
    }
    None
}

/// Windows of single-move children: (rows, tile index start).
fn windows(colours: usize, n: usize, count: usize, rng: &mut Rng) -> Vec<(Window, u32)> {
    let mut out = Vec::new();
    while out.len() < count {
        let mut w = [[0u8; 16]; 8];
        for row in w.iter_mut() {
            for cell in row.iter_mut().take(n) {
                *cell = 1 << rng.below(colours);
            }
        }
        while let Some((p, c)) = squares_in(&w, n, 0..=6) {
            w[p + rng.below(2)][c + rng.below(2)] = 1 << rng.below(colours);
        }
        let c = rng.below(n - 1);
        let vertical = rng.below(2) == 1;
        let (a, b) = if vertical {
            ((3, c), (4, c))
        } else {
            ((3, c), (3, c + 1))
        };
        if w[a.0][a.1] == w[b.0][b.1] {
            continue;
        }
        let t = w[a.0][a.1];
        w[a.0][a.1] = w[b.0][b.1];
        w[b.0][b.1] = t;
        if squares_in(&w, n, 2..=5).is_none() {
            continue;
        }
        out.push((w, rng.below(TILES / 8) as u32));
    }
    out
}

#[inline(always)]
unsafe fn join(lo: __m128i, hi: __m128i) -> __m256i {
    _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(lo), hi)
}
#[inline(always)]
unsafe fn odd(x: __m256i, y: __m256i) -> __m256i {
    _mm256_permute2x128_si256::<0x21>(x, y)
}
#[inline(always)]
unsafe fn columns(x: __m256i) -> u32 {
    !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_setzero_si256())) as u32)
}
static BYTE_MASKS: [u8; 64] = {
    let mut m = [0u8; 64];
    m[16] = 0xff;
    m[32 + 16] = 0xff;
    m[32 + 17] = 0xff;
    m
};
#[inline(always)]
unsafe fn column_mask2(c: usize) -> __m128i {
    let start = 32 + 16 - c;
    _mm_loadu_si128(BYTE_MASKS[start..start + 16].as_ptr().cast())
}
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

/// `beam_avx2.rs`'s `settle_window` (tiles from `tiles`, without `changed`).
#[inline(always)]
unsafe fn settle_window(tiles: &[u8], y0: __m256i, y: &mut [__m256i; 3], score: &mut u32) -> bool {
    loop {
        let s = |x: __m256i| _mm256_and_si256(x, _mm256_srli_si256::<1>(x));
        let (s0, s1, s2, s3) = (s(y0), s(y[0]), s(y[1]), s(y[2]));
        let h0 = _mm256_and_si256(s1, odd(s1, s2));
        let h1 = _mm256_and_si256(s2, odd(s2, s3));
        let top = _mm256_and_si256(s0, odd(s0, s1));
        let low = _mm256_and_si256(s3, _mm256_permute2x128_si256::<0x01>(s3, s3));
        if columns(_mm256_or_si256(top, low)) != 0 {
            return false;
        }
        let inside = columns(h0) as u64 | (columns(h1) as u64) << 32;
        if inside == 0 {
            return true;
        }
        let first = inside.trailing_zeros() as usize;
        let (p, col) = (2 + first / 16, first % 16);
        let k = 4 * *score as usize;
        let t = &tiles[k..k + 4];
        let rot = 8 * (col as u32 & 1);
        let top = u16::from_le_bytes([t[0], t[1]]).rotate_left(rot);
        let bottom = u16::from_le_bytes([t[2], t[3]]).rotate_left(rot);
        let (even, odd) = match p & 1 {
            0 => (top, bottom),
            _ => (bottom, top),
        };
        let tiles = join(_mm_set1_epi16(even as i16), _mm_set1_epi16(odd as i16));
        let cells = _mm256_broadcastsi128_si256(column_mask2(col));
        let rows = &SQUARE_ROWS[p - 2];
        for (j, x) in y.iter_mut().enumerate() {
            let mask = _mm256_loadu_si256(rows[j].as_ptr().cast());
            *x = _mm256_blendv_epi8(*x, tiles, _mm256_and_si256(mask, cells));
        }
        *score += 1;
    }
}

/// Two windows' cascades in one loop: each step tests both; a window stays active while it
/// has a square inside and none in pair 1 or 6 (then `ok` false, as `settle_window`'s
/// false); an inactive window's removal is masked out (no branch per window).
#[inline(always)]
unsafe fn settle_two(
    tiles: &[u8],
    y0: [__m256i; 2],
    y: &mut [[__m256i; 3]; 2],
    score: &mut [u32; 2],
    ok: &mut [bool; 2],
) {
    let mut active = [true; 2];
    loop {
        let mut firsts = [0usize; 2];
        for w in 0..2 {
            let s = |x: __m256i| _mm256_and_si256(x, _mm256_srli_si256::<1>(x));
            let (s0, s1, s2, s3) = (s(y0[w]), s(y[w][0]), s(y[w][1]), s(y[w][2]));
            let h0 = _mm256_and_si256(s1, odd(s1, s2));
            let h1 = _mm256_and_si256(s2, odd(s2, s3));
            let top = _mm256_and_si256(s0, odd(s0, s1));
            let low = _mm256_and_si256(s3, _mm256_permute2x128_si256::<0x01>(s3, s3));
            let out = columns(_mm256_or_si256(top, low)) != 0;
            let inside = columns(h0) as u64 | (columns(h1) as u64) << 32;
            // Branch-free: `ok` falls where an active window sees pair 1 or 6.
            ok[w] &= !(active[w] & out);
            active[w] &= !out & (inside != 0);
            firsts[w] = (inside.trailing_zeros() & 63) as usize;
        }
        if !(active[0] | active[1]) {
            return;
        }
        for w in 0..2 {
            let first = firsts[w];
            let (p, col) = (2 + ((first / 16) & 3), first % 16);
            let k = 4 * score[w] as usize;
            let t = &tiles[k..k + 4];
            let rot = 8 * (col as u32 & 1);
            let top = u16::from_le_bytes([t[0], t[1]]).rotate_left(rot);
            let bottom = u16::from_le_bytes([t[2], t[3]]).rotate_left(rot);
            let (even, odd) = match p & 1 {
                0 => (top, bottom),
                _ => (bottom, top),
            };
            let tiles = join(_mm_set1_epi16(even as i16), _mm_set1_epi16(odd as i16));
            let on = _mm256_set1_epi8(-(active[w] as i8));
            let cells = _mm256_and_si256(_mm256_broadcastsi128_si256(column_mask2(col)), on);
            let rows = &SQUARE_ROWS[p - 2];
            for (j, x) in y[w].iter_mut().enumerate() {
                let mask = _mm256_loadu_si256(rows[j].as_ptr().cast());
                *x = _mm256_blendv_epi8(*x, tiles, _mm256_and_si256(mask, cells));
            }
            score[w] += active[w] as u32;
        }
    }
}

#[inline(always)]
unsafe fn load(w: &Window) -> (__m256i, [__m256i; 3]) {
    let r = |i: usize| _mm_loadu_si128(w[i].as_ptr().cast());
    (
        join(r(0), r(1)),
        [join(r(2), r(3)), join(r(4), r(5)), join(r(6), r(7))],
    )
}

/// A stand-in for the child's bonus after its cascade: pair terms of window pairs 1..=4,
/// summed by one `sad` (the same in both arms).
#[inline(always)]
unsafe fn count(y0: __m256i, y: &[__m256i; 3]) -> u64 {
    #[inline(always)]
    unsafe fn pairs(a: __m256i, b: __m256i) -> __m256i {
        let (a1, b1) = (_mm256_srli_si256::<1>(a), _mm256_srli_si256::<1>(b));
        let (top, bottom) = (_mm256_and_si256(a, a1), _mm256_and_si256(b, b1));
        let t = _mm256_or_si256(
            _mm256_and_si256(top, _mm256_or_si256(b, b1)),
            _mm256_and_si256(bottom, _mm256_or_si256(a, a1)),
        );
        let d = _mm256_or_si256(_mm256_and_si256(a, b1), _mm256_and_si256(a1, b));
        _mm256_add_epi8(
            _mm256_min_epu8(t, _mm256_set1_epi8(1)),
            _mm256_min_epu8(d, _mm256_set1_epi8(1)),
        )
    }
    let s = _mm256_add_epi8(pairs(odd(y0, y[0]), y[0]), pairs(odd(y[0], y[1]), y[1]));
    let x = _mm256_sad_epu8(s, _mm256_setzero_si256());
    let x = _mm_add_epi64(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
    _mm_cvtsi128_si64(_mm_add_epi64(x, _mm_unpackhi_epi64(x, x))) as u64
}

#[inline(always)]
unsafe fn digest(y: &[__m256i; 3], score: u32, ok: bool) -> u64 {
    let x = _mm256_xor_si256(_mm256_xor_si256(y[0], y[1]), y[2]);
    let x = _mm_xor_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
    let h = _mm_cvtsi128_si64(x) as u64 ^ _mm_extract_epi64::<1>(x) as u64;
    h.rotate_left(score) ^ (score as u64) << 1 ^ ok as u64
}

#[target_feature(enable = "avx2")]
unsafe fn one_by_one(tiles: &[u8], ws: &[(Window, u32)], with_count: bool) -> (u64, u64) {
    let (mut h, mut squares) = (0u64, 0u64);
    for (w, start) in ws {
        let (y0, mut y) = load(w);
        let mut score = *start;
        let ok = settle_window(tiles, y0, &mut y, &mut score);
        squares += (score - start) as u64;
        h = h.wrapping_mul(31) ^ digest(&y, score, ok);
        if with_count {
            h = h.wrapping_add(count(y0, &y));
        }
    }
    (h, squares)
}

#[target_feature(enable = "avx2")]
unsafe fn two_at_once(tiles: &[u8], ws: &[(Window, u32)], with_count: bool) -> (u64, u64) {
    let (mut h, mut squares) = (0u64, 0u64);
    for two in ws.chunks_exact(2) {
        let (a0, a) = load(&two[0].0);
        let (b0, b) = load(&two[1].0);
        let mut y = [a, b];
        let mut score = [two[0].1, two[1].1];
        let mut ok = [true; 2];
        settle_two(tiles, [a0, b0], &mut y, &mut score, &mut ok);
        for w in 0..2 {
            squares += (score[w] - two[w].1) as u64;
            h = h.wrapping_mul(31) ^ digest(&y[w], score[w], ok[w]);
            if with_count {
                h = h.wrapping_add(count([a0, b0][w], &y[w]));
            }
        }
    }
    (h, squares)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "COLOURS N WINDOWS REPS RUNS [count]";
    let num = |i: usize| -> usize { args.get(i).expect(usage).parse().expect(usage) };
    let (colours, n, count, reps, runs) = (num(0), num(1), num(2), num(3), num(4));
    let with_count = args.get(5).is_some_and(|a| a == "count");
    assert!(is_x86_feature_detected!("avx2"));
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (colours * 1000 + n) as u64);
    let tiles: Vec<u8> = (0..TILES).map(|_| 1 << rng.below(colours)).collect();
    let ws = windows(colours, n, count & !1, &mut rng);
    let mut ratios = Vec::new();
    for run in 0..runs {
        let mut times = [0.0; 2];
        let mut results = [(0, 0); 2];
        // Arms interleaved, the order alternating per run.
        for arm in [run % 2, 1 - run % 2] {
            let t = thread_cpu_ms();
            for _ in 0..reps {
                results[arm] = unsafe {
                    match arm {
                        0 => one_by_one(&tiles, &ws, with_count),
                        _ => two_at_once(&tiles, &ws, with_count),
                    }
                };
            }
            times[arm] = thread_cpu_ms() - t;
        }
        assert_eq!(results[0], results[1], "the two arms differ");
        let children = (ws.len() * reps) as f64;
        println!(
            "run {run} colours {colours} n {n} squares/child {:.3} one {:.1} ns two {:.1} ns ratio {:.3}",
            results[0].1 as f64 / ws.len() as f64,
            times[0] * 1e6 / children,
            times[1] * 1e6 / children,
            times[0] / times[1]
        );
        ratios.push(times[0] / times[1]);
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "median speed ratio (one/two) {:.3}",
        ratios[ratios.len() / 2]
    );
}
