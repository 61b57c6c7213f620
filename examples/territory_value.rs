//! Fits the Territory leaf value (`solver::value`): a linear prediction of a game's final
//! log2(1 + S0 / SA) from a board in the middle of it, per level cap U, from games of the
//! `mc` player itself at a fixed number of iterations a turn (clock-free). Keep the seeds
//! clear of 0..99 and of the tuning ranges in docs/solver-report.md.
//!
//! `log FIRST_SEED COUNT ITERATIONS EVERY` plays the games (M >= 3 only: seeds with M = 2 are
//! skipped; M=.. and U=.. in the environment force those parameters) and prints one row per
//! sampled turn (turns EVERY, 2 EVERY, ... below 100): `seed M U turn final features...`,
//! the features of the board at the start of that turn as player 0 sees it.
//!
//! `fit FILE...` fits the weights per U by least squares (a small ridge on all but the
//! constant) on the seeds not divisible by 4 and reports, on the held-out seeds (divisible
//! by 4), the root mean squared error and R² of the fit, of the fitted line on r alone and of
//! r itself (the score ratio now, what a rollout's horizon value is), then the weights fitted
//! on all the rows as a Rust array for `value::WEIGHTS`.
//!
//! Usage: cargo run --release --example territory_value -- log 50000 400 100 3 > a.tsv
//!        cargo run --release --example territory_value -- fit a.tsv
use arcade::clock::Budget;
use arcade::game::{play, Game};
use arcade::games::territory::solver::mc::{Config, MonteCarloAgent};
use arcade::games::territory::solver::sim::{Sim, Values};
use arcade::games::territory::solver::value::{features, FEATURES, NAMES};
use arcade::games::territory::{Territory, TURNS};

#[path = "common/mod.rs"]
mod common;

fn log(first: u64, count: u64, iterations: usize, every: usize) {
    for seed in first..first + count {
        let inst = Territory::generate(seed, &common::params_from_env(&["M", "U"]));
        if inst.m < 3 {
            continue;
        }
        let config = Config {
            max_iterations: iterations,
            ..Config::default()
        };
        let mut agent = MonteCarloAgent::with_config(config);
        let (_, state) =
            play::<Territory>(&inst, &mut agent, &mut Budget::new(1e12)).expect("legal play");
        let (s0, sa) = Territory::s0_sa(&inst, &state.board);
        let target = (1.0 + s0 as f64 / sa.max(1) as f64).log2();
        let obs = Territory::observe(&inst, &state);
        let values = Values::new(&inst.values);
        for t in (every..TURNS).step_by(every) {
            let sim = Sim::new(&obs.board_before(t), inst.m, inst.u, &values, t);
            let x: Vec<String> = features(&sim, &values)
                .iter()
                .map(|v| format!("{v:.5}"))
                .collect();
            println!(
                "{seed}\t{}\t{}\t{t}\t{target:.5}\t{}",
                inst.m,
                inst.u,
                x.join("\t")
            );
        }
        eprintln!("seed {seed} M={} U={}: {target:.4}", inst.m, inst.u);
    }
}

/// Least squares of `y` on the columns `use_cols` of `x`, with a ridge `lambda` (times the
/// row count) on all but column 0. Returns the weights over all columns (0 where unused).
fn fit(rows: &[(&[f64], f64)], use_cols: &[usize], lambda: f64) -> Vec<f64> {
    let k = use_cols.len();
    let mut a = vec![vec![0.0; k]; k];
    let mut b = vec![0.0; k];
    for (x, y) in rows {
        for (i, &ci) in use_cols.iter().enumerate() {
            b[i] += x[ci] * y;
            for (j, &cj) in use_cols.iter().enumerate() {
                a[i][j] += x[ci] * x[cj];
            }
        }
    }
    for (i, &ci) in use_cols.iter().enumerate() {
        if ci != 0 {
            a[i][i] += lambda * rows.len() as f64;
        }
    }
    let w = common::solve(a, b);
    let mut full = vec![0.0; FEATURES];
    for (i, &ci) in use_cols.iter().enumerate() {
        full[ci] = w[i];
    }
    full
}

fn predict(w: &[f64], x: &[f64]) -> f64 {
    w.iter().zip(x).map(|(a, b)| a * b).sum()
}

/// Root mean squared error and R² of `f` over the rows.
fn quality(rows: &[(&[f64], f64)], f: impl Fn(&[f64]) -> f64) -> (f64, f64) {
    let n = rows.len() as f64;
    let mean = rows.iter().map(|r| r.1).sum::<f64>() / n;
    let sse: f64 = rows.iter().map(|(x, y)| (f(x) - y).powi(2)).sum();
    let sst: f64 = rows.iter().map(|(_, y)| (y - mean).powi(2)).sum();
    ((sse / n).sqrt(), 1.0 - sse / sst)
}

fn fit_files(files: &[String]) {
    // (seed, M, U, turn, final, features)
    let mut data: Vec<(u64, usize, u8, usize, f64, Vec<f64>)> = Vec::new();
    for file in files {
        for line in std::fs::read_to_string(file).expect("readable").lines() {
            let f: Vec<&str> = line.split('\t').collect();
            let x: Vec<f64> = f[5..].iter().map(|v| v.parse().unwrap()).collect();
            assert_eq!(x.len(), FEATURES, "feature count");
            data.push((
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
                f[4].parse().unwrap(),
                x,
            ));
        }
    }
    let lambda: f64 = std::env::var("LAMBDA").map_or(1e-4, |v| v.parse().unwrap());
    let all: Vec<usize> = (0..FEATURES).collect();
    let mut weights = Vec::new();
    for u in 1..=5u8 {
        let of_u: Vec<_> = data.iter().filter(|d| d.2 == u).collect();
        let train: Vec<(&[f64], f64)> = of_u
            .iter()
            .filter(|d| d.0 % 4 != 0)
            .map(|d| (d.5.as_slice(), d.4))
            .collect();
        let test: Vec<(&[f64], f64)> = of_u
            .iter()
            .filter(|d| d.0 % 4 == 0)
            .map(|d| (d.5.as_slice(), d.4))
            .collect();
        let games = of_u
            .iter()
            .map(|d| d.0)
            .collect::<std::collections::BTreeSet<_>>();
        println!(
            "U={u}: {} games, {} rows ({} train, {} held out)",
            games.len(),
            of_u.len(),
            train.len(),
            test.len()
        );
        if train.len() < 2 * FEATURES || test.is_empty() {
            weights.push(vec![0.0; FEATURES]);
            continue;
        }
        let w = fit(&train, &all, lambda);
        let line = fit(&train, &[0, 1], lambda);
        let (e_fit, r2_fit) = quality(&test, |x| predict(&w, x));
        let (e_line, r2_line) = quality(&test, |x| predict(&line, x));
        let (e_r, r2_r) = quality(&test, |x| x[1]);
        println!(
            "  held out: fit rmse {e_fit:.4} R2 {r2_fit:.3} | a+b*r rmse {e_line:.4} R2 {r2_line:.3} \
             | r rmse {e_r:.4} R2 {r2_r:.3}"
        );
        // By part of the game (the leaf is 13 turns after the root).
        for (lo, hi) in [(0, 34), (34, 67), (67, 100)] {
            let part: Vec<(&[f64], f64)> = of_u
                .iter()
                .filter(|d| d.0 % 4 == 0 && (lo..hi).contains(&d.3))
                .map(|d| (d.5.as_slice(), d.4))
                .collect();
            if part.len() < 2 {
                continue;
            }
            let (e_fit, _) = quality(&part, |x| predict(&w, x));
            let (e_line, _) = quality(&part, |x| predict(&line, x));
            let (e_r, _) = quality(&part, |x| x[1]);
            println!(
                "  turns {lo}..{hi}: rmse fit {e_fit:.4}  a+b*r {e_line:.4}  r {e_r:.4} ({} rows)",
                part.len()
            );
        }
        let rows: Vec<(&[f64], f64)> = of_u.iter().map(|d| (d.5.as_slice(), d.4)).collect();
        weights.push(fit(&rows, &all, lambda));
    }
    common::print_weights(&NAMES, weights, 4);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("log") => {
            let n = |i: usize| args[i].parse::<u64>().expect("a number");
            log(n(1), n(2), n(3) as usize, n(4) as usize);
        }
        Some("fit") => fit_files(&args[1..]),
        _ => eprintln!("usage: territory_value log FIRST COUNT ITERATIONS EVERY | fit FILE..."),
    }
}
