//! The learnt rollout policy's sampler (`policy::sample`) against the slow reference it
//! replaced (`policy::sample_reference`) and the greedy rollout move it competes with, on
//! boards from rollout-like games (M >= 3): whether they draw the same targets from the same
//! random stream, and the nanoseconds of this thread's CPU time per call.
//!
//! Usage: cargo run --release --example territory_sampler -- FROM COUNT ITERATIONS REPS
//!        [TEMPERATURE]
//! Seeds FROM..FROM+COUNT with M >= 3 (M=.. and U=.. in the environment force them), each
//! played by `mc` at ITERATIONS iterations a turn; the boards are those of 10-turn rollouts
//! from every turn of the game (every player by a kind-weighted greedy with random moves);
//! each board is sampled REPS times per sampler (temperature 0.25 unless given).
use arcade::clock::Budget;
use arcade::game::{play, Game};
use arcade::games::territory::solver::mc::{Config, MonteCarloAgent};
use arcade::games::territory::solver::policy;
use arcade::games::territory::solver::sim::{FastRng, Sim, Values};
use arcade::games::territory::{Board, Territory, MAX_PLAYERS, TURNS};
use std::hint::black_box;

#[path = "common/mod.rs"]
mod common;
use common::thread_cpu_seconds as cpu_seconds;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let from: u64 = args[0].parse().unwrap();
    let count: u64 = args[1].parse().unwrap();
    let iterations: usize = args[2].parse().unwrap();
    let reps: usize = args[3].parse().unwrap();
    let temperature: f64 = args.get(4).map_or(0.25, |t| t.parse().unwrap());
    let params = common::params_from_env(&["M", "U"]);
    let mut boards = Vec::new();
    let mut values_of = Vec::new();
    for seed in from..from + count {
        let inst = Territory::generate(seed, &params);
        if inst.m < 3 {
            continue;
        }
        let values = Values::new(&inst.values);
        // The game's boards as `mc` played it at ITERATIONS a turn, and from each the boards
        // of a short rollout (every player by a kind-weighted greedy with random moves).
        let mut agent = MonteCarloAgent::with_config(Config {
            max_iterations: iterations,
            ..Config::default()
        });
        let (_, state) =
            play::<Territory>(&inst, &mut agent, &mut Budget::new(1e9)).expect("legal play");
        let mut game = Sim::new(&Board::start(&inst.starts), inst.m, inst.u, &values, 0);
        let mut rng = FastRng::new(seed);
        let weights = [1.0, 0.5, 0.0, 1.2, 0.6];
        for t in 0..TURNS {
            let mut sim = game.clone();
            for _ in t..(t + 10).min(TURNS) {
                boards.push((values_of.len(), sim.clone()));
                let mut targets = [0u8; MAX_PLAYERS];
                for (p, target) in targets[..inst.m].iter_mut().enumerate() {
                    let eps = if p == 0 { 0.35 } else { 0.2 };
                    *target = sim.ai_move(p, &weights, eps, &values, &mut rng);
                }
                sim.step(&targets, &values);
            }
            game.step(&state.history[t].targets, &values);
        }
        values_of.push(values);
    }
    let weights = |sim: &Sim| &policy::WEIGHTS[sim.u as usize - 1];
    let (mut targets, mut survivors, mut mismatches) = (0usize, 0usize, 0usize);
    for (k, (v, sim)) in boards.iter().enumerate() {
        let values = &values_of[*v];
        let b = sim.ranked_candidates(0, values);
        let w = weights(sim);
        targets += b.count_ones() as usize;
        survivors += policy::survivors(sim, values, b, w, temperature).count_ones() as usize;
        let mut a = FastRng::new(k as u64);
        let mut c = a;
        for _ in 0..reps {
            let x = policy::sample_reference(sim, values, b, w, temperature, &mut a);
            let y = policy::Tables::for_cap(sim.u).sample(sim, values, b, temperature, &mut c);
            mismatches += usize::from(x != y);
        }
    }
    let n = boards.len() as f64;
    println!(
        "boards {} (M >= 3), temperature {temperature}: legal targets {:.1}, within the cut {:.2} a board; {} different draws of {}",
        boards.len(),
        targets as f64 / n,
        survivors as f64 / n,
        mismatches,
        boards.len() * reps
    );
    type Sampler = fn(&Sim, &Values, u128, &[f64; policy::FEATURES], f64, &mut FastRng) -> usize;
    let greedy: Sampler = |sim, values, b, _, _, rng| {
        let policy = [1.0, 0.5, 0.0, 1.2, 0.6, 2.0, 1.0];
        Sim::greedy(&sim.player0_kinds(b), &policy, values, rng) as usize
    };
    let samplers: [(&str, Sampler); 3] = [
        ("greedy", greedy),
        ("reference", policy::sample_reference),
        ("sample", |sim, values, b, _, t, rng| {
            policy::Tables::for_cap(sim.u).sample(sim, values, b, t, rng)
        }),
    ];
    for (name, f) in samplers {
        let mut rng = FastRng::new(1);
        let start = cpu_seconds();
        let mut sum = 0usize;
        for (v, sim) in &boards {
            let values = &values_of[*v];
            let b = sim.ranked_candidates(0, values);
            let w = weights(sim);
            for _ in 0..reps {
                sum += f(black_box(sim), values, b, w, temperature, &mut rng);
            }
        }
        let ns = (cpu_seconds() - start) * 1e9 / (n * reps as f64);
        println!("{name:>10}: {ns:7.1} ns a call (checksum {sum})");
    }
}
