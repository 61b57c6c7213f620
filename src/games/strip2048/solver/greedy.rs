//! One-ply greedy with the known spawn: the effective move leaving more mergeable neighbours,
//! then more empty cells, then left. (Both sides always score the same now: a move pairs off
//! the tiles of each run of equal neighbours, whichever side it goes to.) Deterministic and
//! O(n) per move, so benchmarks can replay it.

use crate::clock::Budget;
use crate::game::Agent;
use crate::games::strip2048::{slide, spawn, Dir, Observation, Strip2048};

pub struct GreedyAgent;

/// Neighbouring tiles (gaps skipped) that could merge at the next move.
pub fn mergeable_pairs(cells: &[u8]) -> usize {
    let mut previous = 0;
    let mut pairs = 0;
    for &v in cells.iter().filter(|&&v| v != 0) {
        pairs += (v == previous) as usize;
        previous = v;
    }
    pairs
}

/// The greedy choice for a strip, given the two random numbers the next effective move uses;
/// `None` when the game is over.
pub fn choose(cells: &[u8], words: [u32; 2]) -> Option<Dir> {
    let mut best: Option<((usize, usize), Dir)> = None;
    let mut work = cells.to_vec();
    for dir in Dir::BOTH {
        work.copy_from_slice(cells);
        if slide(&mut work, dir).is_none() {
            continue;
        }
        spawn(&mut work, words[0], words[1]);
        let empty = work.iter().filter(|&&v| v == 0).count();
        let key = (mergeable_pairs(&work), empty);
        // Strictly better only, so left wins ties.
        if best.as_ref().is_none_or(|(k, _)| key > *k) {
            best = Some((key, dir));
        }
    }
    best.map(|(_, dir)| dir)
}

impl Agent<Strip2048> for GreedyAgent {
    fn act(&mut self, obs: &Observation, _budget: &mut Budget) -> Dir {
        let next = obs.rng.peek(2);
        // `play` only asks while some move is effective; left is a harmless answer otherwise.
        choose(&obs.cells, [next[0], next[1]]).unwrap_or(Dir::Left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{play, Game, Params};

    #[test]
    fn counts_pairs_across_gaps() {
        assert_eq!(mergeable_pairs(&[1, 0, 1, 1, 2, 0, 2]), 3);
        assert_eq!(mergeable_pairs(&[1, 2, 1, 2]), 0);
        assert_eq!(mergeable_pairs(&[]), 0);
    }

    #[test]
    fn prefers_the_move_that_sets_up_a_merge() {
        // Left gives 2 4 2 _ (no pair); right gives 2 _ 2 4 (the 2s can merge).
        assert_eq!(choose(&[0, 1, 2, 0], [0, 1]), Some(Dir::Right));
        // A 4 spawning on the first empty cell: left gives 2 4 4 _, right 4 _ 2 4.
        assert_eq!(choose(&[0, 1, 2, 0], [0, 0]), Some(Dir::Left));
        assert_eq!(choose(&[1, 2, 1, 2], [0, 1]), None);
    }

    #[test]
    fn deterministic_and_plays_to_the_end() {
        for seed in 1..=5 {
            let inst = Strip2048::generate(seed, &Params::new());
            let (a1, s1) =
                play::<Strip2048>(&inst, &mut GreedyAgent, &mut Budget::new(1e9)).unwrap();
            let (a2, _) =
                play::<Strip2048>(&inst, &mut GreedyAgent, &mut Budget::new(1e9)).unwrap();
            assert_eq!(a1, a2);
            assert!(Strip2048::is_over(&inst, &s1));
            assert!(s1.score > 0, "seed {seed}");
        }
    }
}
