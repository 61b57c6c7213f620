//! Rollout throughput of the Territory `mc` player: plays seeds FROM..FROM+COUNT and prints,
//! per game and in all, rollouts (one option played to the horizon) and simulated turns per
//! second, with the score and the time spent learning the AIs.
//!
//! Usage: cargo run --release --example territory_speed -- [FROM COUNT BUDGET_MS ITERATIONS]
//! With ITERATIONS > 0 every turn does that many iterations (the budget should then be
//! large) and the rates are per second of this thread's CPU time (Linux), which a
//! loaded machine does not distort; otherwise they are per second of wall-clock search.
use arcade::clock::Budget;
use arcade::game::{play, Game, Params};
use arcade::games::territory::solver::mc::{Config, MonteCarloAgent};
use arcade::games::territory::Territory;

#[path = "common/mod.rs"]
mod common;
use common::thread_cpu_seconds as cpu_seconds;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let from = args.first().copied().unwrap_or(1000);
    let count = args.get(1).copied().unwrap_or(5);
    let budget_ms = args.get(2).copied().unwrap_or(2000) as f64;
    let iterations = args.get(3).copied().unwrap_or(0) as usize;
    let (mut rollouts, mut steps, mut seconds) = (0u64, 0u64, 0.0);
    for seed in from..from + count {
        let inst = Territory::generate(seed, &Params::new());
        let mut config = Config::default();
        if iterations > 0 {
            config.max_iterations = iterations;
        }
        let mut agent = MonteCarloAgent::with_config(config);
        let cpu = cpu_seconds();
        let (_, state) =
            play::<Territory>(&inst, &mut agent, &mut Budget::new(budget_ms)).expect("legal play");
        let s = agent.stats;
        let secs = if iterations > 0 {
            cpu_seconds() - cpu
        } else {
            s.search_ms / 1000.0
        };
        println!(
            "seed {seed} M={} U={} score {} rollouts {} ({:.0}/s) turns {:.0}/s, learning {:.0} ms",
            inst.m,
            inst.u,
            Territory::score(&inst, &state),
            s.rollouts,
            s.rollouts as f64 / secs,
            s.steps as f64 / secs,
            s.learn_ms
        );
        rollouts += s.rollouts;
        steps += s.steps;
        seconds += secs;
    }
    println!(
        "all: {:.0} rollouts/s, {:.0} simulated turns/s over {seconds:.1} s ({})",
        rollouts as f64 / seconds,
        steps as f64 / seconds,
        if iterations > 0 {
            "CPU"
        } else {
            "wall-clock search"
        }
    );
}
