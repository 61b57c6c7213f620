//! Seed -> instance. IPSC 2014 B has no generator (its inputs were fixed files and the seed
//! words "chosen randomly"), so the playground defines its own, from SplitMix64 seeded with
//! the seed, drawing in this order:
//!
//! 1. `n = 2 + next() % 8` (2..9, B2's range). It is drawn even when the `n` parameter
//!    overrides it, so the same seed keeps its seed words at every strip length.
//! 2. the start cell `next() % n` and its tile: 4 if `next() % 10 == 0`, else 2 (the spawn
//!    rule of the game itself); every other cell is empty, as in B2;
//! 3. the seed words x0..x42: the high 32 bits of 43 more outputs.
//!
//! `% 8` has no bias; `% n` and `% 10` on 64-bit values are biased by less than 2^-60.

use super::{spawn_exponent, Instance, SEED_WORDS};
use crate::game::Params;
use crate::rng::SplitMix64;

/// The longest strip the parameter allows. Exact play is practical up to about 12 cells; the
/// strong search plays longer strips within its budget.
pub const MAX_N: usize = 40;

pub fn generate(seed: u64, params: &Params) -> Instance {
    let mut rnd = SplitMix64::new(seed);
    let drawn_n = 2 + (rnd.next_u64() % 8) as usize;
    let n = params.get("n").map_or(drawn_n, |&v| v as usize);
    let start = (rnd.next_u64() % n as u64) as usize;
    let tile = spawn_exponent((rnd.next_u64() % 10) as u32);
    let mut cells = vec![0u8; n];
    cells[start] = tile;
    let seed_words: [u32; SEED_WORDS] = std::array::from_fn(|_| (rnd.next_u64() >> 32) as u32);
    Instance {
        cells,
        seed: seed_words,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_seeds() {
        // Pinned outputs of the documented recipe: any change to it breaks shared links.
        let got: Vec<(usize, Vec<u8>, u32, u32)> = (1..=4)
            .map(|seed| {
                let inst = generate(seed, &Params::new());
                (inst.n(), inst.cells.clone(), inst.seed[0], inst.seed[42])
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (3, vec![0, 2, 0], 1908508304, 3604900557),
                (8, vec![0, 0, 1, 0, 0, 0, 0, 0], 3287450234, 1873426126),
                (7, vec![0, 0, 0, 1, 0, 0, 0], 312960251, 2461287382),
                (4, vec![1, 0, 0, 0], 2112154380, 2166886535),
            ]
        );
    }

    #[test]
    fn seed_words_follow_splitmix64_high_halves() {
        let inst = generate(1_234_567, &Params::new());
        // The 4th SplitMix64 output for 1234567 is 4593380528125082431 (published vector).
        assert_eq!(inst.seed[0], (4593380528125082431u64 >> 32) as u32);
        assert_eq!(inst.seed[1], (16408922859458223821u64 >> 32) as u32);
    }

    #[test]
    fn lengths_cover_2_to_9_and_one_tile_of_2_or_4() {
        let mut seen = [false; 10];
        for seed in 1..200 {
            let inst = generate(seed, &Params::new());
            seen[inst.n()] = true;
            let tiles: Vec<u8> = inst.cells.iter().copied().filter(|&e| e > 0).collect();
            assert!(
                tiles == [1] || tiles == [2],
                "seed {seed}: {:?}",
                inst.cells
            );
        }
        assert!(seen[2..=9].iter().all(|&s| s), "{seen:?}");
    }

    #[test]
    fn overriding_n_keeps_the_seed_words() {
        let mut params = Params::new();
        params.insert("n".into(), 40);
        let long = generate(7, &params);
        let plain = generate(7, &Params::new());
        assert_eq!(long.n(), 40);
        assert_eq!(long.seed, plain.seed);
    }
}
