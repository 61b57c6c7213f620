//! Fits a hazard model for the TilesMatching `eval` agent (the chance of dying within the next K
//! moves as a logistic function of a board's features, `eval::board_features`) from games of
//! the agent itself, without a time limit. Keep the seeds clear of 1..100.
//!
//! `log FIRST_SEED COUNT N S D MAX_MOVES` plays the games and prints one row per move:
//! `seed move length lost counter features... jam_stats...` (length = moves the game lasted,
//! lost = 1 if it ended stuck before MAX_MOVES; the `FEATURES` numbers of `board_features`,
//! then the `JAM_STATS` of `eval::jam_stats`).
//!
//! `fit K FILE...` reads such rows and fits P(lost within K moves) by Newton's method (a
//! small ridge on the coefficients but the first); rows less than K moves before the end of
//! a game cut at MAX_MOVES are left out (their outcome is unknown). Prints the coefficients,
//! the mean log-loss of the fit and of the base rate, and how well the fit ranks the states.
//! With USE=0,1,2,3 in the environment only those features are used (the others get 0).
//!
//! Usage: cargo run --release --example tiles_matching_hazard -- log 9001 20 10 8 2 1500 > a.txt
//!        cargo run --release --example tiles_matching_hazard -- fit 50 a.txt b.txt
use arcade::clock::Budget;
use arcade::game::{Agent, Game, Params};
use arcade::games::tiles_matching::solver::eval::{board_features, jam_stats, EvalAgent, FEATURES};
use arcade::games::tiles_matching::TilesMatching;

fn log(first: u64, count: u64, n: i64, s: i64, d: i64, max_moves: usize) {
    for seed in first..first + count {
        let mut params = Params::new();
        for (name, v) in [("n", n), ("s", s), ("d", d)] {
            params.insert(name.into(), v);
        }
        let instance = TilesMatching::generate(seed, &params);
        let mut state = TilesMatching::start(&instance);
        let mut agent = EvalAgent::default();
        let mut budget = Budget::new(1e12);
        let mut rows = Vec::new();
        while !TilesMatching::is_over(&instance, &state) && state.moves < max_moves {
            let obs = TilesMatching::observe(&instance, &state);
            let mut x = board_features(obs.n, obs.side, obs.d, &obs.board, obs.counter).to_vec();
            x.extend(jam_stats(obs.n, obs.side, obs.d, &obs.board));
            rows.push((obs.moves, obs.counter, x));
            let action = agent.act(&obs, &mut budget);
            TilesMatching::apply(&instance, &mut state, &action).expect("eval plays legal moves");
        }
        for (m, counter, x) in rows {
            let x: Vec<String> = x.iter().map(|v| format!("{v:.5}")).collect();
            println!(
                "{seed} {m} {} {} {counter} {}",
                state.moves,
                state.gave_up as u8,
                x.join(" ")
            );
        }
        eprintln!("seed {seed}: {} moves, lost {}", state.moves, state.gave_up);
    }
}

/// Solves `a x = b` (a symmetric positive definite) by Gaussian elimination.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for i in 0..FEATURES {
        let p = a[i][i];
        for j in i + 1..FEATURES {
            let f = a[j][i] / p;
            let pivot_row = a[i];
            for (x, y) in a[j].iter_mut().zip(pivot_row).skip(i) {
                *x -= f * y;
            }
            b[j] -= f * b[i];
        }
    }
    let mut x = [0.0; FEATURES];
    for i in (0..FEATURES).rev() {
        let s: f64 = (i + 1..FEATURES).map(|k| a[i][k] * x[k]).sum();
        x[i] = (b[i] - s) / a[i][i];
    }
    x
}

fn fit(k: usize, files: &[String]) {
    // USE=0,1,2,3 fits on those features only (the others' coefficients stay 0).
    let used: Vec<usize> = match std::env::var("USE") {
        Ok(v) => v
            .split(',')
            .map(|t| t.parse().expect("feature numbers"))
            .collect(),
        Err(_) => (0..FEATURES).collect(),
    };
    let mut data: Vec<([f64; FEATURES], f64)> = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).expect("readable file");
        for line in text.lines() {
            let v: Vec<f64> = line
                .split_whitespace()
                .map(|t| t.parse().expect("numbers"))
                .collect();
            let (m, len, lost) = (v[1] as usize, v[2] as usize, v[3] > 0.5);
            let y = match (lost, len - m <= k) {
                (true, true) => 1.0,
                (false, true) => continue,
                _ => 0.0,
            };
            let mut x = [0.0; FEATURES];
            x.copy_from_slice(&v[5..5 + FEATURES]);
            for (k, x) in x.iter_mut().enumerate() {
                if !used.contains(&k) {
                    *x = 0.0;
                }
            }
            data.push((x, y));
        }
    }
    let sigmoid = |z: f64| 1.0 / (1.0 + (-z).exp());
    let rate = data.iter().map(|d| d.1).sum::<f64>() / data.len() as f64;
    let mut beta = [0.0; FEATURES];
    beta[0] = (rate / (1.0 - rate)).ln();
    let ridge = 1e-5 * data.len() as f64;
    let objective = |beta: &[f64; FEATURES]| -> f64 {
        let ll: f64 = data
            .iter()
            .map(|(x, y)| {
                let z: f64 = x.iter().zip(beta).map(|(a, b)| a * b).sum();
                // log sigmoid(z) and log(1 - sigmoid(z)), stable for large |z|.
                let log_p = -(1.0 + (-z).exp()).ln();
                let log_q = -(1.0 + z.exp()).ln();
                y * log_p + (1.0 - y) * log_q
            })
            .sum();
        ll - 0.5 * ridge * beta[1..].iter().map(|b| b * b).sum::<f64>()
    };
    for _ in 0..30 {
        let mut h = [[0.0; FEATURES]; FEATURES];
        let mut g = [0.0; FEATURES];
        for (x, y) in &data {
            let z: f64 = x.iter().zip(&beta).map(|(a, b)| a * b).sum();
            let p = sigmoid(z);
            let w = (p * (1.0 - p)).max(1e-9);
            for i in 0..FEATURES {
                g[i] += (y - p) * x[i];
                for j in 0..FEATURES {
                    h[i][j] += w * x[i] * x[j];
                }
            }
        }
        for i in 1..FEATURES {
            g[i] -= ridge * beta[i];
            h[i][i] += ridge;
        }
        // Newton's step, halved until the penalised log-likelihood does not fall.
        let step = solve(h, g);
        let before = objective(&beta);
        let mut t = 1.0;
        loop {
            let mut next = beta;
            for i in 0..FEATURES {
                next[i] += t * step[i];
            }
            if objective(&next) >= before || t < 1e-6 {
                beta = next;
                break;
            }
            t *= 0.5;
        }
    }
    let loss = |p: f64, y: f64| -(y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln());
    let mut scored: Vec<(f64, f64)> = data
        .iter()
        .map(|(x, y)| (sigmoid(x.iter().zip(&beta).map(|(a, b)| a * b).sum()), *y))
        .collect();
    let fit_loss = scored.iter().map(|&(p, y)| loss(p, y)).sum::<f64>() / data.len() as f64;
    let base_loss = scored.iter().map(|&(_, y)| loss(rate, y)).sum::<f64>() / data.len() as f64;
    // Rank quality: the chance that a random positive state scores above a random negative
    // one (AUC), from the sorted scores.
    scored.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (mut negatives, mut pairs) = (0.0, 0.0);
    for &(_, y) in &scored {
        match y > 0.5 {
            true => pairs += negatives,
            false => negatives += 1.0,
        }
    }
    let positives = scored.len() as f64 - negatives;
    println!(
        "K {k}: {} states, {:.0} within K of a death ({:.4}); log-loss {:.5} (base rate {:.5}); AUC {:.3}",
        data.len(),
        positives,
        rate,
        fit_loss,
        base_loss,
        pairs / (positives * negatives)
    );
    let b: Vec<String> = beta.iter().map(|v| format!("{v:.4}")).collect();
    println!("coefficients: [{}]", b.join(", "));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize| -> i64 { args[i].parse().expect("a number") };
    match args.first().map(String::as_str) {
        Some("log") if args.len() == 7 => log(
            num(1) as u64,
            num(2) as u64,
            num(3),
            num(4),
            num(5),
            num(6) as usize,
        ),
        Some("fit") if args.len() >= 3 => fit(num(1) as usize, &args[2..]),
        _ => panic!("usage: log FIRST_SEED COUNT N S D MAX_MOVES | fit K FILE..."),
    }
}
