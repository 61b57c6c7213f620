//! Seed -> instance, exactly as the official Lines tester (Java SHA1PRNG through the marathon
//! framework's `randomInt(lo, hi)`).

use super::{Instance, COLOURS_AHEAD, MAX_C, MAX_N, MIN_C, MIN_N, START_BALLS};
use crate::game::Params;
use crate::rng::JavaSha1Prng;

/// The framework's `randomInt(lo, hi)`: `lo` without a draw when `hi <= lo`, otherwise
/// `lo + nextInt(hi - lo + 1)`.
pub fn random_int(rng: &mut JavaSha1Prng, lo: i32, hi: i32) -> i32 {
    if hi <= lo {
        lo
    } else {
        lo + rng.next_int_bounded(hi - lo + 1)
    }
}

/// `N` then `C` are drawn first, even for seeds 1 and 2 whose values are then forced. An
/// override `N`/`C` (a single value, as the page and CLI give it) replaces the value after
/// those draws and makes no draw of its own, as the tester's `randomInt(range)` does for a
/// one-value range. Then the three starting balls (row, column, and a colour only when the
/// cell was empty) and the 3,003 upcoming colours. The generator keeps running during play:
/// the instance carries it to supply the spawn positions.
pub fn generate(seed: u64, params: &Params) -> Instance {
    let mut rng = JavaSha1Prng::new(seed as i64);
    let mut n = random_int(&mut rng, MIN_N as i32, MAX_N as i32);
    let mut c = random_int(&mut rng, MIN_C as i32, MAX_C as i32);
    if seed == 1 {
        (n, c) = (MIN_N as i32, MIN_C as i32);
    } else if seed == 2 {
        (n, c) = (MAX_N as i32, MAX_C as i32);
    }
    if let Some(&v) = params.get("N") {
        let v = (v as i32).clamp(MIN_N as i32, MAX_N as i32);
        n = random_int(&mut rng, v, v);
    }
    if let Some(&v) = params.get("C") {
        let v = (v as i32).clamp(MIN_C as i32, MAX_C as i32);
        c = random_int(&mut rng, v, v);
    }
    let n = n as usize;
    let mut grid = vec![0u8; n * n];
    let mut placed = 0;
    while placed < START_BALLS {
        let r = random_int(&mut rng, 0, n as i32 - 1) as usize;
        let col = random_int(&mut rng, 0, n as i32 - 1) as usize;
        if grid[r * n + col] == 0 {
            grid[r * n + col] = random_int(&mut rng, 1, c) as u8;
            placed += 1;
        }
    }
    let colours = (0..COLOURS_AHEAD)
        .map(|_| random_int(&mut rng, 1, c) as u8)
        .collect();
    Instance {
        n,
        colors: c as u8,
        grid,
        colours,
        rng,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Ball = (usize, usize, u8);

    /// Seeds 1..10 as the official LinesTester's `generate()` draws them from Java's
    /// SHA1PRNG (seeds 1..5 checked against JDK 17's own SecureRandom): N, C, the three
    /// starting balls, nextBalls[0..5].
    const TABLE: [(usize, u8, [Ball; 3], [u8; 6]); 10] = [
        (7, 3, [(5, 4, 3), (4, 0, 2), (1, 6, 1)], [1, 2, 3, 3, 2, 2]),
        (11, 9, [(5, 1, 4), (2, 2, 8), (1, 7, 7)], [4, 2, 8, 2, 7, 5]),
        (10, 8, [(2, 8, 5), (4, 2, 3), (1, 3, 5)], [2, 7, 6, 2, 3, 1]),
        (7, 6, [(6, 5, 5), (4, 1, 1), (6, 6, 3)], [1, 4, 6, 6, 6, 3]),
        (8, 3, [(0, 7, 1), (5, 6, 1), (3, 3, 1)], [2, 1, 2, 2, 2, 3]),
        (8, 8, [(4, 0, 3), (1, 3, 7), (1, 6, 4)], [2, 1, 4, 1, 6, 3]),
        (11, 5, [(5, 8, 1), (4, 5, 2), (2, 4, 3)], [5, 1, 4, 3, 1, 5]),
        (7, 9, [(3, 4, 5), (0, 0, 4), (4, 6, 5)], [6, 1, 3, 2, 6, 7]),
        (9, 4, [(6, 4, 4), (0, 0, 2), (4, 5, 3)], [1, 2, 3, 3, 2, 1]),
        (7, 6, [(4, 0, 6), (1, 0, 4), (5, 1, 5)], [5, 2, 1, 2, 5, 5]),
    ];

    #[test]
    fn seeds_1_to_10_match_the_spec_table() {
        for (i, &(n, c, balls, next)) in TABLE.iter().enumerate() {
            let seed = i as u64 + 1;
            let inst = generate(seed, &Params::new());
            assert_eq!((inst.n, inst.colors), (n, c), "seed {seed}");
            let mut expected = vec![0u8; n * n];
            for (r, col, colour) in balls {
                expected[r * n + col] = colour;
            }
            assert_eq!(inst.grid, expected, "seed {seed}");
            assert_eq!(inst.colours.len(), COLOURS_AHEAD);
            assert_eq!(inst.colours[..6], next, "seed {seed}");
            assert!(inst.colours.iter().all(|&x| (1..=c).contains(&x)));
        }
    }

    #[test]
    fn last_colours_and_first_spawn_candidates() {
        for (seed, last, draws) in [(1, [3, 1, 2], [3, 6, 5, 1]), (2, [1, 4, 9], [6, 9, 1, 7])] {
            let inst = generate(seed, &Params::new());
            assert_eq!(inst.colours[3000..], last, "seed {seed}");
            let mut rng = inst.rng.clone();
            let n = inst.n as i32;
            let got: Vec<i32> = (0..4).map(|_| random_int(&mut rng, 0, n - 1)).collect();
            assert_eq!(got, draws, "seed {seed}");
        }
    }

    #[test]
    fn raw_next_int_vector() {
        let mut rng = JavaSha1Prng::new(1);
        let got: Vec<i32> = (0..6).map(|_| rng.next_int()).collect();
        assert_eq!(
            got,
            [
                -1765061395,
                -958952890,
                1714755920,
                -585300305,
                1432426612,
                554064022
            ]
        );
    }

    #[test]
    fn random_int_makes_no_draw_for_a_single_value() {
        let mut a = JavaSha1Prng::new(9);
        let mut b = JavaSha1Prng::new(9);
        assert_eq!(random_int(&mut a, 5, 5), 5);
        assert_eq!(random_int(&mut a, 5, 2), 5);
        assert_eq!(a.next_int(), b.next_int());
    }

    #[test]
    fn overrides_come_after_the_draws_and_draw_nothing() {
        // Seed 3 draws N=10, C=8. Overriding both with their drawn values must change nothing
        // at all: the N and C draws still happen and the overrides make none.
        let plain = generate(3, &Params::new());
        let mut params = Params::new();
        params.insert("N".into(), 10);
        params.insert("C".into(), 8);
        let same = generate(3, &params);
        assert_eq!(same.grid, plain.grid);
        assert_eq!(same.colours, plain.colours);

        // Seed 1's forced N=7 gives way to an override.
        let mut params = Params::new();
        params.insert("N".into(), 11);
        let big = generate(1, &params);
        assert_eq!((big.n, big.colors, big.grid.len()), (11, 3, 121));
        assert_eq!(big.grid.iter().filter(|&&x| x != 0).count(), 3);
    }
}
