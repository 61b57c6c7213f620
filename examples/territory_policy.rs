//! Fits the Territory learnt rollout policy (`solver::policy`): a conditional logit over
//! player 0's legal targets that predicts the target the `mc` search chose, per level cap U,
//! from games of the `mc` player itself at a fixed number of iterations a turn (clock-free).
//! Keep the seeds clear of 0..99 and of the tuning ranges in docs/solver-report.md.
//!
//! `log FIRST_SEED COUNT ITERATIONS [SETTING]` plays the games (M >= 3 only; M=.. and U=..
//! in the environment force those parameters; SETTING as in territory_tune, e.g.
//! `learnt@m3-8=1` to log with the learnt policy in the rollouts, and `weights=FILE` for a
//! weights table printed by `fit`) and prints one row per
//! legal target of player 0 on every turn: `seed M U turn chosen greedy features...`, where
//! chosen is 1 for the search's target and greedy is 1 for the targets today's rollout
//! greedy (`mc::Config::choose` without its random moves and defence) ties on.
//!
//! Each row ends with the target's mean rollout value at the search's first halving (every
//! option had the same rollouts there).
//!
//! `fit FILE...` fits the weights per U by Newton steps on the log-likelihood (a small ridge)
//! on the seeds not divisible by 4 and reports, on the held-out seeds (divisible by 4), the
//! top-1 agreement with the search and the mean log-likelihood of the fit, of today's
//! rollout policy (its greedy with random moves at rate 0.35) and of a uniform draw; then the
//! weights fitted on all the rows as a Rust array for `policy::WEIGHTS`. With SOFT=c in the
//! environment the fit is to soft targets instead of the search's single choice: the
//! softmax of the first-round values at a temperature of c times their standard deviation
//! in the decision (cross-entropy; decisions without values are left out). USED=k fits the
//! first k features only.
//!
//! `recall FILE...` measures priors over the root's options (for `mc::Config::prior_keep`):
//! per U, the legal targets per decision, the share of the search's rollouts spent in its
//! first halving round, and how often the search's choice is among a prior's top K: the
//! learnt policy's logits (`policy::WEIGHTS`), today's rollout greedy's kind-weighted value
//! (M >= 3 weights) and, as a bound, the first round's own mean values (ties share the
//! credit).
//!
//! Usage: cargo run --release --example territory_policy -- log 70000 150 400 > p.tsv
//!        cargo run --release --example territory_policy -- fit p.tsv
//!        cargo run --release --example territory_policy -- recall p.tsv
use arcade::clock::Budget;
use arcade::game::{play, Game};
use arcade::games::territory::solver::mc::{Config, MonteCarloAgent};
use arcade::games::territory::solver::policy::{Context, FEATURES, NAMES, WEIGHTS};
use arcade::games::territory::solver::sim::{bit, Sim, Values};
use arcade::games::territory::{Territory, TURNS};
use std::collections::BTreeMap;

#[path = "common/mod.rs"]
mod common;

fn log(first: u64, count: u64, iterations: usize, setting: Option<&str>) {
    for seed in first..first + count {
        let inst = Territory::generate(seed, &common::params_from_env(&["M", "U"]));
        if inst.m < 3 {
            continue;
        }
        let mut config = Config {
            max_iterations: iterations,
            ..Config::default()
        };
        for kv in setting.iter().flat_map(|s| s.split(',')) {
            let (k, v) = kv.split_once('=').expect("name=value");
            match k {
                "weights" => config.learnt_weights = Some(common::read_weights(v)),
                _ => config.set(k, v.parse().expect("number")),
            }
        }
        let game_config = config.for_game(inst.m, inst.u);
        let mut agent = MonteCarloAgent::with_config(config);
        agent.first_round = Some(Vec::new());
        let (_, state) =
            play::<Territory>(&inst, &mut agent, &mut Budget::new(1e12)).expect("legal play");
        // Each turn's options and their mean values at the search's first halving.
        let mut means: BTreeMap<usize, BTreeMap<u8, f64>> = BTreeMap::new();
        for (turn, list) in agent.first_round.take().unwrap_or_default() {
            means.insert(turn, list.into_iter().collect());
        }
        let obs = Territory::observe(&inst, &state);
        let values = Values::new(&inst.values);
        for t in 0..TURNS {
            let sim = Sim::new(&obs.board_before(t), inst.m, inst.u, &values, t);
            let b = sim.ranked_candidates(0, &values);
            if b.count_ones() < 2 {
                continue;
            }
            let context = Context::new(&sim, &values, b);
            let ties = Sim::greedy_ties(&context.kinds, &game_config.policy, &values);
            let chosen = values.rank[obs.history[t].targets[0] as usize] as usize;
            let mut rest = b;
            while rest != 0 {
                let r = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let x: Vec<String> = context
                    .features(&values, r)
                    .iter()
                    .map(|v| format!("{v:.4}"))
                    .collect();
                let cell = values.cell_of[r];
                let mean = means.get(&t).and_then(|m| m.get(&cell)).copied();
                println!(
                    "{seed}\t{}\t{}\t{t}\t{}\t{}\t{}\t{}",
                    inst.m,
                    inst.u,
                    u8::from(r == chosen),
                    u8::from(ties & bit(r) != 0),
                    x.join("\t"),
                    mean.map_or("nan".to_string(), |v| format!("{v:.5}"))
                );
            }
        }
        eprintln!(
            "seed {seed} M={} U={}: {}",
            inst.m,
            inst.u,
            Territory::score(&inst, &state)
        );
    }
}

/// One decision: the features of every legal target, the search's choice, and today's
/// greedy ties.
struct Decision {
    seed: u64,
    x: Vec<[f64; FEATURES]>,
    chosen: usize,
    greedy: Vec<bool>,
    /// Each target's mean rollout value at the search's first halving (NaN if not logged).
    value: Vec<f64>,
    /// The distribution fitted to: the search's choice alone, or with `SOFT` the softmax of
    /// the first-round values.
    target: Vec<f64>,
}

fn read(files: &[String]) -> BTreeMap<u8, Vec<Decision>> {
    let mut by_u: BTreeMap<u8, Vec<Decision>> = BTreeMap::new();
    let mut current: Option<(u64, usize, u8, Decision)> = None;
    // USED=k fits the first k features only (the others read as 0 and keep weight 0).
    let used: usize = std::env::var("USED").map_or(FEATURES, |v| v.parse().unwrap());
    for file in files {
        let text = std::fs::read_to_string(file).expect("readable file");
        for line in text.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            let seed: u64 = f[0].parse().unwrap();
            let u: u8 = f[2].parse().unwrap();
            let turn: usize = f[3].parse().unwrap();
            let mut x = [0.0; FEATURES];
            for (k, v) in x.iter_mut().enumerate().take(used) {
                *v = f[6 + k].parse().unwrap();
            }
            let same = matches!(&current, Some((s, t, _, _)) if *s == seed && *t == turn);
            if !same {
                if let Some((_, _, u, d)) = current.take() {
                    by_u.entry(u).or_default().push(d);
                }
                current = Some((
                    seed,
                    turn,
                    u,
                    Decision {
                        seed,
                        x: Vec::new(),
                        chosen: usize::MAX,
                        greedy: Vec::new(),
                        value: Vec::new(),
                        target: Vec::new(),
                    },
                ));
            }
            let d = &mut current.as_mut().unwrap().3;
            if f[4] == "1" {
                d.chosen = d.x.len();
            }
            d.greedy.push(f[5] == "1");
            d.value
                .push(f.get(6 + FEATURES).map_or(f64::NAN, |v| v.parse().unwrap()));
            d.x.push(x);
        }
    }
    if let Some((_, _, u, d)) = current.take() {
        by_u.entry(u).or_default().push(d);
    }
    let soft: Option<f64> = std::env::var("SOFT").ok().map(|v| v.parse().unwrap());
    for list in by_u.values_mut() {
        list.retain(|d| d.chosen != usize::MAX);
        for d in list.iter_mut() {
            d.target = soft_target(d, soft);
        }
        if soft.is_some() {
            list.retain(|d| !d.target.is_empty());
        }
    }
    by_u
}

/// The distribution a decision is fitted to: with `soft` = Some(c), the softmax of the
/// first-round values at a temperature of c times their standard deviation in the decision
/// (every decision about equally sharp, whatever the stakes of its turn); else the search's
/// choice. Empty when the values are missing or all equal.
fn soft_target(d: &Decision, soft: Option<f64>) -> Vec<f64> {
    let Some(c) = soft else {
        return (0..d.x.len())
            .map(|i| f64::from(u8::from(i == d.chosen)))
            .collect();
    };
    if d.value.iter().any(|v| v.is_nan()) {
        return Vec::new();
    }
    let n = d.value.len() as f64;
    let mean = d.value.iter().sum::<f64>() / n;
    let sd = (d.value.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt();
    if sd <= 0.0 {
        return Vec::new();
    }
    let best = d.value.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = d
        .value
        .iter()
        .map(|v| ((v - best) / (c * sd)).exp())
        .collect();
    let total: f64 = e.iter().sum();
    e.iter().map(|v| v / total).collect()
}

fn probabilities(w: &[f64; FEATURES], d: &Decision) -> Vec<f64> {
    let logits: Vec<f64> =
        d.x.iter()
            .map(|x| x.iter().zip(w).map(|(a, b)| a * b).sum())
            .collect();
    let best = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = logits.iter().map(|l| (l - best).exp()).collect();
    let total: f64 = e.iter().sum();
    e.iter().map(|v| v / total).collect()
}

/// Maximum likelihood of the conditional logit with a ridge `lambda` (Newton steps).
fn fit(decisions: &[&Decision], lambda: f64) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    for _ in 0..25 {
        let mut g = vec![0.0; FEATURES];
        let mut h = vec![vec![0.0; FEATURES]; FEATURES];
        for d in decisions {
            let p = probabilities(&w, d);
            let mut mean = [0.0; FEATURES];
            for (x, &pi) in d.x.iter().zip(&p) {
                for k in 0..FEATURES {
                    mean[k] += pi * x[k];
                }
            }
            for (x, &q) in d.x.iter().zip(&d.target) {
                for k in 0..FEATURES {
                    g[k] += q * (x[k] - mean[k]);
                }
            }
            for (x, &pi) in d.x.iter().zip(&p) {
                for i in 0..FEATURES {
                    let di = x[i] - mean[i];
                    for j in 0..FEATURES {
                        h[i][j] += pi * di * (x[j] - mean[j]);
                    }
                }
            }
        }
        for k in 0..FEATURES {
            g[k] -= lambda * w[k];
            h[k][k] += lambda;
        }
        let step = common::solve(h, g);
        let mut size = 0.0;
        for k in 0..FEATURES {
            w[k] += step[k];
            size += step[k].abs();
        }
        if size < 1e-6 {
            break;
        }
    }
    w
}

/// Top-1 agreement and mean log-likelihood of the search's choice under a policy given as
/// probabilities per decision, and the policy's mean log-likelihood of the fitted target
/// distribution (minus its cross-entropy).
fn quality(decisions: &[&Decision], p: impl Fn(&Decision) -> Vec<f64>) -> (f64, f64, f64) {
    let (mut top, mut ll, mut ce) = (0.0, 0.0, 0.0);
    for d in decisions {
        let q = p(d);
        let best = q.iter().copied().fold(0.0, f64::max);
        let ties = q.iter().filter(|&&v| v >= best - 1e-12).count() as f64;
        if q[d.chosen] >= best - 1e-12 {
            top += 1.0 / ties;
        }
        ll += q[d.chosen].max(1e-12).ln();
        ce += d
            .target
            .iter()
            .zip(&q)
            .map(|(t, v)| t * v.max(1e-12).ln())
            .sum::<f64>();
    }
    let n = decisions.len().max(1) as f64;
    (top / n, ll / n, ce / n)
}

fn today(d: &Decision, eps: f64) -> Vec<f64> {
    let n = d.x.len() as f64;
    let ties = d.greedy.iter().filter(|&&g| g).count().max(1) as f64;
    d.greedy
        .iter()
        .map(|&g| eps / n + if g { (1.0 - eps) / ties } else { 0.0 })
        .collect()
}

fn fit_files(files: &[String]) {
    let by_u = read(files);
    let lambda = 1.0;
    let mut rows = Vec::new();
    println!("| U | decisions (train / held out) | mean targets | top-1 learnt | top-1 today's greedy | log-lik learnt | log-lik today (eps 0.35) | log-lik uniform | target log-lik learnt / uniform |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for (&u, list) in &by_u {
        let train: Vec<&Decision> = list.iter().filter(|d| d.seed % 4 != 0).collect();
        let held: Vec<&Decision> = list.iter().filter(|d| d.seed % 4 == 0).collect();
        let w = fit(&train, lambda);
        let (top, ll, ce) = quality(&held, |d| probabilities(&w, d));
        let (gtop, gll, _) = quality(&held, |d| today(d, 0.35));
        let (_, ull, uce) = quality(&held, |d| today(d, 1.0));
        let targets =
            held.iter().map(|d| d.x.len()).sum::<usize>() as f64 / held.len().max(1) as f64;
        println!(
            "| {u} | {} / {} | {targets:.1} | {top:.3} | {gtop:.3} | {ll:.3} | {gll:.3} | {ull:.3} | {ce:.3} / {uce:.3} |",
            train.len(),
            held.len()
        );
        let all: Vec<&Decision> = list.iter().collect();
        rows.push((u, fit(&all, lambda)));
    }
    println!();
    let by_cap = (1..=5u8).map(|u| {
        rows.iter()
            .find(|(v, _)| *v == u)
            .map_or([0.0; FEATURES], |(_, w)| *w)
    });
    common::print_weights(&NAMES, by_cap, 3);
}

/// The chance that target `chosen` is among the K highest `scores` when ties are broken at
/// random.
fn in_top(scores: &[f64], chosen: usize, k: usize) -> f64 {
    let s = scores[chosen];
    let above = scores.iter().filter(|&&v| v > s).count() as f64;
    let equal = scores.iter().filter(|&&v| v == s).count() as f64;
    ((k as f64 - above) / equal).clamp(0.0, 1.0)
}

/// The rollouts per iteration of `mc`'s sequential halving over n options (two finalists,
/// equal rounds), and the share of them spent in the first round.
fn first_round_share(n: usize) -> f64 {
    let rounds = ((n as f64 / 2.0).log2().ceil() as usize).max(1);
    let (mut active, mut total) = (n, 0);
    for _ in 0..rounds {
        total += active;
        active = (active / 2).max(2);
    }
    n as f64 / total as f64
}

/// A prior's score of a target from its features.
type Prior = dyn Fn(&[f64; FEATURES]) -> f64;

fn recall_files(files: &[String]) {
    const KS: [usize; 6] = [2, 4, 6, 8, 12, 16];
    let by_u = read(files);
    println!("| U | decisions | mean targets | first round's share | prior | K = {KS:?} |");
    println!("|---|---:|---:|---:|---|---|");
    for (&u, list) in &by_u {
        let greedy = Config::default().for_game(3, u).policy;
        let n = list.len().max(1) as f64;
        let targets = list.iter().map(|d| d.x.len()).sum::<usize>() as f64 / n;
        let share = list
            .iter()
            .map(|d| first_round_share(d.x.len()))
            .sum::<f64>()
            / n;
        let priors: [(&str, Box<Prior>); 3] = [
            (
                "learnt",
                Box::new(move |x| {
                    x.iter()
                        .zip(&WEIGHTS[u as usize - 1])
                        .map(|(a, b)| a * b)
                        .sum()
                }),
            ),
            (
                "greedy",
                Box::new(move |x| (0..7).map(|k| x[k] * greedy[k] * x[7 + k]).sum()),
            ),
            ("first round", Box::new(|_| 0.0)),
        ];
        for (name, prior) in &priors {
            let mut hits = [0.0; KS.len()];
            let mut count = 0.0;
            for d in list {
                let scores: Vec<f64> = if *name == "first round" {
                    d.value.clone()
                } else {
                    d.x.iter().map(prior).collect()
                };
                if scores.iter().any(|v| v.is_nan()) {
                    continue;
                }
                count += 1.0;
                for (h, &k) in hits.iter_mut().zip(&KS) {
                    *h += in_top(&scores, d.chosen, k);
                }
            }
            let cells: Vec<String> = hits.iter().map(|h| format!("{:.3}", h / count)).collect();
            println!(
                "| {u} | {} | {targets:.1} | {share:.2} | {name} | {} |",
                list.len(),
                cells.join(" ")
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("log") => log(
            args[1].parse().unwrap(),
            args[2].parse().unwrap(),
            args[3].parse().unwrap(),
            args.get(4).map(String::as_str),
        ),
        Some("fit") => fit_files(&args[1..]),
        Some("recall") => recall_files(&args[1..]),
        _ => {
            eprintln!(
                "usage: territory_policy log FIRST COUNT ITERATIONS [SETTING] | fit FILE... | recall FILE..."
            )
        }
    }
}
