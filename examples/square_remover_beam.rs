//! Measures the SquareRemover beam: moves evaluated per second of CPU time (this thread's,
//! so other programs on a shared machine do not count) and the scores it reaches, either at
//! a fixed beam width (the clock is not read for the width, so a run repeats exactly and
//! variants of the evaluation compare without noise) or under a wall-clock budget as the
//! agent plays. Seeds 1..10 also print the ratio to Psyho's TCO'14 program (spec §1.5).
//!
//! The evaluation's weights and the pair share can be overridden from the environment:
//! SR_TRIPLE, SR_DOUBLE, SR_DIAGONAL, SR_READY, SR_NEXT, SR_AFTER, SR_PAIRS; SR_AVX2=0 plays
//! on the SSE2 rows where the CPU has AVX2.
//!
//! `cpu MS` is a budget of this thread's CPU time: the width then follows the program's own
//! speed as on a quiet machine, so that two versions compare at equal CPU on a loaded one.
//!
//! Usage: cargo run --release --example square_remover_beam -- FIRST LAST (width W | budget MS | cpu MS)
use arcade::clock::Budget;
use arcade::game::{Game, Params};
use arcade::games::square_remover::solver::beam::{search, Settings, Weights};
use arcade::games::square_remover::SquareRemover;

/// Psyho's scores on seeds 1..10 (spec §1.5).
const PSYHO: [i64; 10] = [
    14817, 20237, 13088, 18055, 11406, 20161, 21650, 15121, 14934, 14730,
];

#[path = "common/mod.rs"]
mod common;
use common::thread_cpu_ms;

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "FIRST LAST (width W | budget MS | cpu MS)";
    let [first, last, mode, value] = &args[..] else {
        panic!("usage: {usage}");
    };
    let (first, last): (u64, u64) = (first.parse().expect(usage), last.parse().expect(usage));
    let value: f64 = value.parse().expect(usage);
    let (settings, budget_ms) = match mode.as_str() {
        "width" => (
            Settings {
                width: Some(value as usize),
                ..Settings::default()
            },
            1e12,
        ),
        "budget" => (Settings::default(), value),
        "cpu" => (Settings::default(), value),
        _ => panic!("usage: {usage}"),
    };
    let mut settings = settings;
    settings.pair_fraction = env("SR_PAIRS");
    // SR_AVX2=0: the SSE2 rows on a CPU with AVX2 (the same moves; for speed comparisons).
    settings.avx2 = env::<u8>("SR_AVX2").is_none_or(|v| v != 0);
    eprintln!("{settings:?}");
    println!("seed\tcolors\tn\tscore\tpsyho_ratio\tmean_width\tcpu_ms\twall_ms\tevaluated\tevaluated_per_cpu_s\texpanded_per_cpu_s\tmax_width\thurried_at\tlayers");
    let (mut total_eval, mut total_cpu, mut ratios) = (0u64, 0.0, Vec::new());
    let mut scores = 0i64;
    for seed in first..=last {
        let inst = SquareRemover::generate(seed, &Params::new());
        let obs = SquareRemover::observe(&inst, &SquareRemover::start(&inst));
        // The agent's weights for this seed's colours, with any override.
        let d = Weights::for_board(inst.colors, inst.n);
        let settings = Settings {
            weights: Some(Weights {
                triple: env("SR_TRIPLE").unwrap_or(d.triple),
                double: env("SR_DOUBLE").unwrap_or(d.double),
                diagonal: env("SR_DIAGONAL").unwrap_or(d.diagonal),
                ready: env("SR_READY").unwrap_or(d.ready),
                next: env("SR_NEXT").unwrap_or(d.next),
                after_next: env("SR_AFTER").unwrap_or(d.after_next),
            }),
            ..settings
        };
        let mut budget = match mode.as_str() {
            // The clock is this thread's CPU time: the width follows this program's own speed,
            // as on a quiet machine, whatever else runs.
            "cpu" => Budget::with_clock(budget_ms, Box::new(thread_cpu_ms)),
            _ => Budget::new(budget_ms),
        };
        let (cpu0, wall0) = (thread_cpu_ms(), arcade::clock::now_ms());
        let (_, score, stats) = search(&obs, &mut budget, settings);
        let (cpu, wall) = (thread_cpu_ms() - cpu0, arcade::clock::now_ms() - wall0);
        let ratio = match seed {
            1..=10 => {
                let r = score as f64 / PSYHO[seed as usize - 1] as f64;
                ratios.push(r);
                format!("{r:.3}")
            }
            _ => "-".into(),
        };
        scores += score;
        total_eval += stats.evaluated;
        total_cpu += cpu;
        println!(
            "{seed}\t{}\t{}\t{score}\t{ratio}\t{:.0}\t{cpu:.0}\t{wall:.0}\t{}\t{:.0}\t{:.0}\t{}\t{}\t{}",
            inst.colors,
            inst.n,
            stats.width_sum as f64 / stats.layers.max(1) as f64,
            stats.evaluated,
            stats.evaluated as f64 / cpu * 1e3,
            stats.expanded as f64 / cpu * 1e3,
            stats.max_width,
            stats.hurried_at.map_or("-".into(), |l| l.to_string()),
            stats.layers,
        );
    }
    let mean_ratio = match ratios.len() {
        0 => "-".to_string(),
        k => format!("{:.4}", ratios.iter().sum::<f64>() / k as f64),
    };
    println!(
        "total score {scores}, mean ratio to Psyho {mean_ratio}, {:.0} evaluated per CPU second",
        total_eval as f64 / total_cpu * 1e3
    );
}
