//! Calibration for M = 2 (the beam of `duel.rs`): where is the loss made? Each seed is
//! played once by the default player (clock-free: the beam at its width cap); then, from the
//! position that game reached at each of the turns T0 given, the game is finished by a fresh
//! agent of each setting (the first moves replayed, the agent joining there: it learns the
//! AI's moves so far from the history, as the player's filter would have). The first setting
//! is the control (usually `base`: the same player joined at T0, which differs from the
//! unswitched game only in last turn's plan), the others are paired against it per T0.
//!
//! Usage: territory_finish FROM COUNT T0[/T0...] SETTING [SETTING ...]
//! A SETTING is as in `territory_tune` (`name=value` of `mc::Config`, comma-separated;
//! `belief=oracle` finishes with the AI's true weights: a measurement, never a player).
//! M=.., U=.., U_MIN=.. as in `territory_tune`. TSV=prefix writes prefix.tsv: seed, U, T0,
//! setting, score, thread CPU s of the finish, S0/SA at T0.
use arcade::clock::Budget;
use arcade::game::{play, play_from, Game};
use arcade::games::territory::solver::mc::{Belief, Config, MonteCarloAgent};
use arcade::games::territory::{Territory, TURNS};
use std::io::Write;

#[path = "common/mod.rs"]
mod common;
use common::thread_cpu_seconds as cpu_seconds;

fn parse(setting: &str) -> (Config, bool) {
    let mut oracle = false;
    let mut c = Config {
        max_iterations: 400,
        ..Config::default()
    };
    for kv in setting.split(',').filter(|s| *s != "base" && !s.is_empty()) {
        let (k, v) = kv.split_once('=').expect("name=value");
        match k {
            "belief" => oracle = v == "oracle",
            _ => c.set(k, v.parse::<f64>().expect("number")),
        }
    }
    (c, oracle)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let from: u64 = args[0].parse().unwrap();
    let count: u64 = args[1].parse().unwrap();
    let starts: Vec<usize> = args[2].split('/').map(|s| s.parse().unwrap()).collect();
    let settings: Vec<(String, (Config, bool))> =
        args[3..].iter().map(|s| (s.clone(), parse(s))).collect();
    let mut file = std::env::var("TSV")
        .ok()
        .map(|p| std::fs::File::create(format!("{p}.tsv")).unwrap());
    // scores[t0][setting] per seed; base scores per seed.
    let mut scores = vec![vec![Vec::<f64>::new(); settings.len()]; starts.len()];
    let mut cpu = vec![vec![0.0; settings.len()]; starts.len()];
    let mut base_scores = Vec::new();
    for seed in from..from + count {
        let inst = Territory::generate(seed, &common::params_from_env(&["M", "U"]));
        let below =
            |name: &str, x: usize| std::env::var(name).is_ok_and(|v| x < v.parse().unwrap());
        if below("U_MIN", inst.u as usize) || below("M_MIN", inst.m) {
            continue;
        }
        let mut base = MonteCarloAgent::with_config(parse("base").0);
        let mut budget = Budget::new(1e9);
        let (actions, state) = play::<Territory>(&inst, &mut base, &mut budget).unwrap();
        let base_score = Territory::score(&inst, &state);
        base_scores.push(base_score as f64);
        let mut line = format!("seed {seed} U={} base {base_score}", inst.u);
        for (i, &t0) in starts.iter().enumerate() {
            let t0 = t0.min(TURNS - 1);
            let (s0, sa) = Territory::s0_sa(&inst, &state.history[t0 - 1].board);
            let ratio = s0 as f64 / sa as f64;
            line += &format!(" | t{t0} r{ratio:.2}");
            for (k, (_, (config, oracle))) in settings.iter().enumerate() {
                let mut agent = MonteCarloAgent::with_config(config.clone());
                if *oracle {
                    agent.belief = Belief::Known(
                        inst.ai
                            .iter()
                            .map(|a| [a.wa, a.wb, a.wc, a.wd, a.eps])
                            .collect(),
                    );
                }
                let mut budget = Budget::new(1e9);
                let start = cpu_seconds();
                let (_, end) =
                    play_from::<Territory>(&inst, actions[..t0].to_vec(), &mut agent, &mut budget)
                        .unwrap();
                let used = cpu_seconds() - start;
                let score = Territory::score(&inst, &end);
                scores[i][k].push(score as f64);
                cpu[i][k] += used;
                line += &format!(" {score}");
                if let Some(f) = &mut file {
                    writeln!(
                        f,
                        "{seed}\t{}\t{t0}\t{k}\t{score}\t{used:.3}\t{ratio:.3}",
                        inst.u
                    )
                    .unwrap();
                }
            }
        }
        eprintln!("{line}");
    }
    let n = base_scores.len() as f64;
    println!(
        "games {n}, base mean {:.0}",
        base_scores.iter().sum::<f64>() / n
    );
    for (i, &t0) in starts.iter().enumerate() {
        for (k, (name, _)) in settings.iter().enumerate() {
            let mean = scores[i][k].iter().sum::<f64>() / n;
            let diffs: Vec<f64> = (0..scores[i][k].len())
                .map(|j| scores[i][k][j] - scores[i][0][j])
                .collect();
            let d = diffs.iter().sum::<f64>() / n;
            let sd =
                (diffs.iter().map(|x| (x - d).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt();
            let won = diffs.iter().filter(|&&x| x > 0.0).count();
            let lost = diffs.iter().filter(|&&x| x < 0.0).count();
            println!(
                "T0 {t0} {name}: mean {mean:.0}  vs first {d:+.0} ± {:.0}  won {won} lost {lost}  CPU {:.2} s/finish",
                sd / n.sqrt(),
                cpu[i][k] / n
            );
        }
    }
}
