//! Rollout throughput of the Territory `mc` player: plays seeds FROM..FROM+COUNT at BUDGET ms
//! per game and prints, per game and in all, rollouts (one option played to the horizon),
//! simulated turns and both per second of search time, with the score.
//!
//! Usage: cargo run --release --example territory_speed -- [FROM COUNT BUDGET_MS]
use arcade::clock::Budget;
use arcade::game::{play, Game, Params};
use arcade::games::territory::solver::mc::MonteCarloAgent;
use arcade::games::territory::Territory;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let from = args.first().copied().unwrap_or(1000);
    let count = args.get(1).copied().unwrap_or(5);
    let budget_ms = args.get(2).copied().unwrap_or(2000) as f64;
    let (mut rollouts, mut steps, mut ms) = (0u64, 0u64, 0.0);
    for seed in from..from + count {
        let inst = Territory::generate(seed, &Params::new());
        let mut agent = MonteCarloAgent::default();
        let (_, state) = play::<Territory>(&inst, &mut agent, &mut Budget::new(budget_ms))
            .expect("legal play");
        let s = agent.stats;
        println!(
            "seed {seed} M={} U={} score {} rollouts {} ({:.0}/s) turns {:.0}/s",
            inst.m,
            inst.u,
            Territory::score(&inst, &state),
            s.rollouts,
            s.rollouts as f64 / s.search_ms * 1000.0,
            s.steps as f64 / s.search_ms * 1000.0
        );
        rollouts += s.rollouts;
        steps += s.steps;
        ms += s.search_ms;
    }
    println!(
        "all: {:.0} rollouts/s, {:.0} simulated turns/s over {:.0} ms of search",
        rollouts as f64 / ms * 1000.0,
        steps as f64 / ms * 1000.0,
        ms
    );
}
