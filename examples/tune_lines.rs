//! Tunes the Lines evaluation weights (`solver::Weights`) with a (1+1) evolution strategy:
//! change one to three weights at random, play greedy games on the same seeds, keep the
//! change when the mean game length does not drop. Greedy is deterministic and fast (a game
//! in a few ms), so a candidate costs about 2 s on two cores for 80 seeds.
//!
//! The seeds are the ones where play is decided, 8 <= N*N/C < 17 (fewer cells per colour
//! always lose early, more always survive), taken from SEEDS_FROM on; keep them clear of
//! 1..100, the seeds the solver is measured on. Check a result on seeds it was not tuned on
//! (`0` iterations only reports the start).
//!
//! Usage: cargo run --release --example tune_lines -- ITERATIONS [SEEDS_FROM] [COUNT] [MIN_N]
//! START="w0,w1,..." starts from these weights instead of the defaults.
use arcade::clock::Budget;
use arcade::game::{play, Game, Params};
use arcade::games::lines::solver::greedy::GreedyAgent;
use arcade::games::lines::solver::{feature, Noise, Weights};
use arcade::games::lines::Lines;

/// Mean length of the greedy games on `seeds`, two threads.
fn mean_length(weights: &Weights, seeds: &[u64]) -> f64 {
    let moves = arcade::parallel::map(seeds, 2, |&seed| {
        let instance = Lines::generate(seed, &Params::new());
        let mut agent = GreedyAgent::with_weights(weights.clone());
        let mut budget = Budget::new(1e9);
        let (_, state) =
            play::<Lines>(&instance, &mut agent, &mut budget).expect("greedy plays legal moves");
        state.moves
    });
    moves.iter().sum::<usize>() as f64 / seeds.len() as f64
}

fn decided_seeds(from: u64, count: usize, min_n: usize) -> Vec<u64> {
    // RANGE="lo,hi" narrows the cells per colour (default 8..17).
    let range = std::env::var("RANGE").unwrap_or_else(|_| "8,17".into());
    let (lo, hi) = range.split_once(',').expect("RANGE=lo,hi");
    let (lo, hi): (f64, f64) = (lo.parse().unwrap(), hi.parse().unwrap());
    (from..)
        .filter(|&seed| {
            let instance = Lines::generate(seed, &Params::new());
            let cells_per_colour = (instance.n * instance.n) as f64 / instance.colors as f64;
            instance.n >= min_n && (lo..hi).contains(&cells_per_colour)
        })
        .take(count)
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, default: u64| args.get(i).map_or(default, |s| s.parse().unwrap());
    let iterations = arg(1, 50);
    let seeds = decided_seeds(arg(2, 1001), arg(3, 80) as usize, arg(4, 7) as usize);
    let mut best = Weights::default();
    if let Ok(text) = std::env::var("START") {
        for (w, x) in best.0.iter_mut().zip(text.split(',')) {
            *w = x.trim().parse().expect("START: comma-separated numbers");
        }
    }
    let mut best_length = mean_length(&best, &seeds);
    eprintln!("start: mean length {best_length:.1}");
    let mut noise = Noise::new(seeds[0] ^ 77);
    for iteration in 0..iterations {
        let mut candidate = best.clone();
        for _ in 0..1 + noise.below(3) {
            let i = noise.below(feature::COUNT);
            let step = noise.below(1 << 20) as f64 / (1 << 20) as f64 * 2.0 - 1.0;
            let w = &mut candidate.0[i];
            if *w == 0.0 {
                *w = 5.0 * step;
            } else if noise.below(10) == 0 {
                *w = 0.0;
            } else {
                *w *= (0.9 * step).exp();
            }
        }
        let length = mean_length(&candidate, &seeds);
        if length >= best_length {
            best_length = length;
            best = candidate;
            eprintln!("{iteration}: mean length {best_length:.1}");
        }
    }
    let text: Vec<String> = best.0.iter().map(|w| format!("{w:.3}")).collect();
    println!("{best_length:.1} {}", text.join(","));
}
