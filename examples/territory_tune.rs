//! Side-by-side settings of the Territory `mc` player on the same seeds: each seed is played
//! once per setting, and the means, the mean of log2(1 + S0/SA)-like score differences and
//! wins against the first setting are printed.
//!
//! Usage: cargo run --release --example territory_tune -- FROM COUNT BUDGET_MS ITERATIONS
//!        SETTING [SETTING ...]
//! A SETTING is `base` or comma-separated `name=value` (names as in `mc::Config`; `policy`
//! takes seven values separated by `/`; a group rule such as `policy3@m5-8=1.6` or
//! `defend@u3-5=0.5` sets a value for those M and U only, see `mc::GroupSetting`). ITERATIONS caps the iterations per turn (0: none),
//! so with a large budget the work is fixed whatever the load of the machine.
//! M=.. and U=.. in the environment force those parameters (as gen --M / --U); M_MIN=..
//! and U_MIN=.. skip the seeds with fewer players or a lower level cap, U_MAX=.. those
//! with a higher one.
//! The CPU seconds per game (this thread's) and the rollouts' simulated turns per CPU
//! second are printed per setting.
//! `weights=FILE` plays the learnt policy (`learnt`) with the weights table that
//! `territory_policy fit` printed to FILE instead of `policy::WEIGHTS`.
//! `belief=prior` plays with the particle filter's prior never updated, `belief=oracle` with
//! every AI's true (wa, wb, wc, wd, eps) read from the instance (`mc::Belief`: for measuring
//! what not knowing the AIs costs; never a fair player, and never reachable from the CLI).
//! PREDICT=1 replays each game of the first setting through a fresh filter (the player's
//! particles and Metropolis steps) and prints, by turn, how well it predicts the AIs'
//! moves against the truth and the prior (log-likelihood of the move, greedy kind agreed);
//! PREDICT=P:S adds a second filter of P particles and S Metropolis steps on the same moves.
//! WORK=S plays each game on a work clock instead of the wall clock: the game's budget is S
//! rollout turns simulated (the player's share per turn is what is left over the turns
//! left, as on the clock); BUDGET_MS is then ignored. For clock-free runs of settings that
//! move time between turns (`stop_z`).
//! CLOSE=1 logs every rollout turn's closeness (`mc::Closeness`) for the first setting and
//! prints, at 1/8, 1/4 and 1/2 of the turn, how often the leader then is the cell played, by
//! its lead over the runner-up in paired standard errors; CLOSE=FILE also writes one line a
//! rollout turn to FILE (turn, options, then per checkpoint: leader played 0/1, z, options
//! in, the lead in value, its standard error).
//! `to_end_from=N` (in a setting): from turn N on the beam plans to the game's end;
//! `wide_from=A,wide_to=B,wide_width=W`: the beam's width cap is W on turns A..B (a wrapper
//! agent of this example sets them before each turn; no settings of the player).
//! TSV=prefix writes prefix-K.tsv (seed, M, U, score, thread CPU s) per setting.
//! TRACE=1 prints every 5 turns of each game S0, SA, the first AI's legal targets, the
//! empty cells next to player 0's and to the first AI's cells, and the first AI's random
//! moves so far (the judge's draws: for looking at games only), and player 0's and the AI's
//! moves of those 5 turns by kind (onto empty cells, own cells below the cap, own capped
//! cells, the other's cells).
use arcade::clock::Budget;
use arcade::game::{play, Agent, Game};
use arcade::games::territory::solver::mc::{
    Belief, Closeness, Config, MonteCarloAgent, CHECKPOINTS,
};
use arcade::games::territory::solver::model::{AiModel, MoveSummary};
use arcade::games::territory::solver::sim::FastRng;
use arcade::games::territory::{
    neighbors, Action, Board, Instance, Observation, State, Territory, CELLS, TURNS,
};
use std::io::Write;

#[path = "common/mod.rs"]
mod common;
use common::thread_cpu_seconds as cpu_seconds;

/// Which belief a setting plays with (`belief=` in the setting).
#[derive(Clone, Copy, PartialEq)]
enum Knowing {
    Filter,
    Prior,
    Oracle,
}

fn belief(knowing: Knowing, inst: &Instance) -> Belief {
    match knowing {
        Knowing::Filter => Belief::Filter,
        Knowing::Prior => Belief::PriorOnly,
        Knowing::Oracle => Belief::Known(
            inst.ai
                .iter()
                .map(|a| [a.wa, a.wb, a.wc, a.wd, a.eps])
                .collect(),
        ),
    }
}

/// Turn buckets of the prediction table.
const BUCKETS: [usize; 7] = [0, 5, 10, 20, 40, 70, TURNS];

/// Per bucket: moves, then for filter / oracle / prior / second filter the summed
/// log-likelihood of the observed move, and the (weighted) share of particles whose greedy
/// kind is the truth's.
#[derive(Clone, Copy, Default)]
struct Predict {
    moves: f64,
    log_lik: [f64; 4],
    kind: [f64; 4],
    /// The player's filter's posterior mean's and most likely particle's greedy kind is
    /// the truth's.
    point: [f64; 2],
}

/// Replays a finished game's AI moves through a fresh filter (as the player's Learner
/// does) and adds, before each move is observed, how well the filter, the truth and the
/// prior predict it.
fn predict(
    inst: &Instance,
    state: &State,
    config: &Config,
    second: (usize, usize),
    table: &mut [Predict],
) {
    let obs = Territory::observe(inst, state);
    let mut rng = FastRng::new(inst.m as u64 * 7919 + inst.u as u64);
    let mut models: Vec<AiModel> = (1..inst.m)
        .map(|_| AiModel::new(config.particles, &mut rng))
        .collect();
    let prior = models.clone();
    let mut seconds: Vec<AiModel> = (1..inst.m)
        .map(|_| AiModel::new(second.0, &mut rng))
        .collect();
    let mut list = Vec::new();
    for t in 0..TURNS {
        let bucket = BUCKETS.iter().rposition(|&b| b <= t).unwrap();
        let before = obs.board_before(t);
        for p in 1..inst.m {
            let s = MoveSummary::observed(&obs, &before, t, p, &mut list);
            let a = inst.ai[p - 1];
            let truth = [a.wa, a.wb, a.wc, a.wd];
            let true_kind = s.greedy_kind(&truth);
            let row = &mut table[bucket];
            row.moves += 1.0;
            for (j, model) in [
                &models[p - 1],
                &models[p - 1],
                &prior[p - 1],
                &seconds[p - 1],
            ]
            .into_iter()
            .enumerate()
            {
                if j == 1 {
                    row.log_lik[1] += s.likelihood(&truth, a.eps).ln();
                    row.kind[1] += 1.0;
                    continue;
                }
                let (mut lik, mut agree) = (0.0, 0.0);
                for (weight, q) in model.weighted() {
                    lik += weight * s.likelihood(&q.w, q.eps);
                    agree += weight * f64::from(u8::from(s.greedy_kind(&q.w) == true_kind));
                }
                row.log_lik[j] += lik.ln();
                row.kind[j] += agree;
            }
            let mean = models[p - 1].mean();
            let most = models[p - 1].most_likely().w;
            row.point[0] += f64::from(u8::from(
                s.greedy_kind(&[mean[0], mean[1], mean[2], mean[3]]) == true_kind,
            ));
            row.point[1] += f64::from(u8::from(s.greedy_kind(&most) == true_kind));
            models[p - 1].observe(s, config.mh_steps, &mut rng);
            seconds[p - 1].observe(s, second.1, &mut rng);
        }
    }
}

/// A setting's knobs by turn, set on the agent's config before each turn by this example's
/// wrapper (measurements, no settings of the player): `to_end_from=N` (from turn N on the
/// beam plans to the game's end), `wide_from=A,wide_to=B,wide_width=W` (the beam's width
/// cap W on turns A..B).
#[derive(Clone, Copy, Default)]
struct TurnKnobs {
    to_end_from: Option<usize>,
    wide: Option<(usize, usize, usize)>,
}

fn turn_knobs(setting: &str) -> Option<TurnKnobs> {
    let get = |name: &str| {
        setting
            .split(',')
            .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
            .map(|v| v.parse::<usize>().expect("a whole number"))
    };
    let knobs = TurnKnobs {
        to_end_from: get("to_end_from"),
        wide: get("wide_width").map(|w| {
            (
                get("wide_from").unwrap_or(0),
                get("wide_to").unwrap_or(TURNS),
                w,
            )
        }),
    };
    (knobs.to_end_from.is_some() || knobs.wide.is_some()).then_some(knobs)
}

/// The agent with its knobs set by turn (`TurnKnobs`).
struct ByTurn<'a> {
    agent: &'a mut MonteCarloAgent,
    knobs: TurnKnobs,
    /// The width cap of the setting itself (outside the wide turns).
    width: usize,
}

impl Agent<Territory> for ByTurn<'_> {
    fn act(&mut self, obs: &Observation, budget: &mut Budget) -> Action {
        let turn = obs.turn();
        if self.knobs.to_end_from.is_some_and(|from| turn >= from) {
            self.agent.config.duel.depth = TURNS;
        }
        self.agent.config.duel.max_width = match self.knobs.wide {
            Some((from, to, w)) if (from..to).contains(&turn) => w,
            _ => self.width,
        };
        self.agent.act(obs, budget)
    }
}

fn parse(setting: &str, iterations: usize) -> (Config, Knowing) {
    let mut knowing = Knowing::Filter;
    let mut c = Config::default();
    if iterations > 0 {
        c.max_iterations = iterations;
    }
    for kv in setting.split(',').filter(|s| *s != "base" && !s.is_empty()) {
        let (k, v) = kv.split_once('=').expect("name=value");
        let f = |v: &str| v.parse::<f64>().expect("number");
        match k {
            "particles" => c.particles = f(v) as usize,
            "mh_steps" => c.mh_steps = f(v) as usize,
            "finalists" => c.finalists = f(v) as usize,
            "policy" => {
                let w: Vec<f64> = v.split('/').map(f).collect();
                c.policy.copy_from_slice(&w);
            }
            "weights" => c.learnt_weights = Some(common::read_weights(v)),
            // Read by `to_end_from` (the example's wrapper agent), not by `Config`.
            "to_end_from" | "wide_from" | "wide_to" | "wide_width" => {}
            "belief" => {
                knowing = match v {
                    "filter" => Knowing::Filter,
                    "prior" => Knowing::Prior,
                    "oracle" => Knowing::Oracle,
                    _ => panic!("belief: filter, prior or oracle"),
                }
            }
            _ => c.set(k, f(v)),
        }
    }
    (c, knowing)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let from: u64 = args[0].parse().unwrap();
    let count: u64 = args[1].parse().unwrap();
    let budget_ms: f64 = args[2].parse().unwrap();
    let iterations: usize = args[3].parse().unwrap();
    let settings: Vec<(String, (Config, Knowing))> = args[4..]
        .iter()
        .map(|s| (s.clone(), parse(s, iterations)))
        .collect();
    let mut scores = vec![Vec::new(); settings.len()];
    let mut cpu = vec![0.0; settings.len()];
    let mut steps = vec![0u64; settings.len()];
    let mut predicted = vec![(0u64, 0u64); settings.len()];
    let mut predicted_early = vec![(0u64, 0u64); settings.len()];
    let mut greedy = (0u64, 0u64);
    let work_steps: Option<f64> = std::env::var("WORK").ok().map(|v| v.parse().unwrap());
    let mut closeness: Vec<Closeness> = Vec::new();
    let mut stopped = vec![(0u64, 0u64); settings.len()];
    let mut table = [Predict::default(); BUCKETS.len() - 1];
    let mut files: Vec<Option<std::fs::File>> = settings
        .iter()
        .enumerate()
        .map(|(k, _)| {
            std::env::var("TSV")
                .ok()
                .map(|p| std::fs::File::create(format!("{p}-{k}.tsv")).unwrap())
        })
        .collect();
    for seed in from..from + count {
        let inst = Territory::generate(seed, &common::params_from_env(&["M", "U"]));
        let below =
            |name: &str, x: usize| std::env::var(name).is_ok_and(|v| x < v.parse().unwrap());
        let above =
            |name: &str, x: usize| std::env::var(name).is_ok_and(|v| x > v.parse().unwrap());
        if below("M_MIN", inst.m)
            || below("U_MIN", inst.u as usize)
            || above("U_MAX", inst.u as usize)
        {
            continue;
        }
        // The judge's own draws (read for this measurement only, never by a player): how
        // many AI moves of the turns the beam's prediction is checked on were greedy.
        for t in 0..TURNS - 1 {
            for p in 1..inst.m {
                greedy.0 += u64::from(inst.random(t, p)[0] >= inst.ai[p - 1].eps);
                greedy.1 += 1;
            }
        }
        let mut line = format!("seed {seed} M={} U={}:", inst.m, inst.u);
        for (k, (_, (config, knowing))) in settings.iter().enumerate() {
            let mut agent = MonteCarloAgent::with_config(config.clone());
            agent.belief = belief(*knowing, &inst);
            if k == 0 && std::env::var("CLOSE").is_ok() {
                agent.closeness = Some(Vec::new());
            }
            let mut budget = match work_steps {
                Some(total) => {
                    let work = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
                    agent.work = Some(work.clone());
                    Budget::with_clock(
                        total / 1000.0,
                        Box::new(move || {
                            work.load(std::sync::atomic::Ordering::Relaxed) as f64 / 1000.0
                        }),
                    )
                }
                None => Budget::new(budget_ms),
            };
            let cpu_start = cpu_seconds();
            let (_, state) = match turn_knobs(&settings[k].0) {
                Some(knobs) => {
                    let width = agent.config.duel.max_width;
                    let mut wrapped = ByTurn {
                        agent: &mut agent,
                        knobs,
                        width,
                    };
                    play::<Territory>(&inst, &mut wrapped, &mut budget)
                }
                None => play::<Territory>(&inst, &mut agent, &mut budget),
            }
            .expect("legal play");
            closeness.extend(agent.closeness.take().unwrap_or_default());
            stopped[k].0 += agent.stats.stopped_early;
            stopped[k].1 += agent.stats.searched;
            let game_cpu = cpu_seconds() - cpu_start;
            cpu[k] += game_cpu;
            steps[k] += agent.stats.steps;
            predicted[k].0 += agent.stats.predicted_right;
            predicted[k].1 += agent.stats.predicted;
            predicted_early[k].0 += agent.stats.predicted_right_early;
            predicted_early[k].1 += agent.stats.predicted_early;
            let score = Territory::score(&inst, &state);
            if k == 0 {
                if let Ok(v) = std::env::var("PREDICT") {
                    let (a, b) = v.split_once(':').unwrap_or(("256", "2"));
                    let second = (a.parse().unwrap(), b.parse().unwrap());
                    predict(&inst, &state, config, second, &mut table);
                }
            }
            if std::env::var("TRACE").is_ok() {
                // Per 5 turns: S0, SA, the AI's legal targets, the empty cells next to each
                // player's cells, and the AI's random moves so far (the judge's draws).
                let mut randoms = 0;
                let mut list = Vec::new();
                // Player 0's and the first AI's moves of the last 5 turns by kind: onto an
                // empty cell, its own below the cap, its own at the cap, the other's cell.
                let mut kinds = [[0u32; 4]; 2];
                for t in 0..TURNS {
                    randoms += u32::from(inst.random(t, 1)[0] < inst.ai[0].eps);
                    let before = if t == 0 {
                        Board::start(&inst.starts)
                    } else {
                        state.history[t - 1].board
                    };
                    for (p, kind) in kinds.iter_mut().enumerate() {
                        let c = state.history[t].targets[p] as usize;
                        let k = match before.owner[c] {
                            -1 => 0,
                            o if o as usize == p && before.level[c] < inst.u => 1,
                            o if o as usize == p => 2,
                            _ => 3,
                        };
                        kind[k] += 1;
                    }
                    if t % 5 == 4 {
                        let b = state.history[t].board;
                        let (s0, sa) = Territory::s0_sa(&inst, &b);
                        b.candidates(inst.m, 1, &mut list);
                        let open = |p: i8| {
                            (0..CELLS)
                                .filter(|&c| {
                                    b.owner[c] < 0 && neighbors(c).any(|n| b.owner[n] == p)
                                })
                                .count()
                        };
                        eprintln!(
                            "  setting {k} turn {} S0 {s0} SA {sa} ratio {:.2} |B_A| {} open0 {} openA {} random {randoms} moves0 e/r/c/x {:?} movesA {:?}",
                            t + 1,
                            s0 as f64 / sa as f64,
                            list.len(),
                            open(0),
                            open(1),
                            kinds[0],
                            kinds[1]
                        );
                        kinds = [[0; 4]; 2];
                    }
                }
            }
            scores[k].push(score);
            line += &format!(" {score}");
            if let Some(f) = &mut files[k] {
                writeln!(f, "{seed}\t{}\t{}\t{score}\t{game_cpu:.3}", inst.m, inst.u).unwrap();
            }
        }
        eprintln!("{line}");
    }
    println!(
        "greedy AI moves (the judge's draws) on turns 0..{}: {:.3}",
        TURNS - 1,
        greedy.0 as f64 / greedy.1.max(1) as f64
    );
    if std::env::var("PREDICT").is_ok() {
        println!(
            "turns\tAI moves\tlog-lik filter\toracle\tprior\tsecond filter\tgreedy kind filter\toracle\tprior\tsecond filter\tmean's\tmost likely's"
        );
        for (b, row) in table.iter().enumerate() {
            let n = row.moves.max(1.0);
            println!(
                "{}..{}\t{}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{:.3}\t{:.3}",
                BUCKETS[b],
                BUCKETS[b + 1] - 1,
                row.moves,
                row.log_lik[0] / n,
                row.log_lik[1] / n,
                row.log_lik[2] / n,
                row.log_lik[3] / n,
                row.kind[0] / n,
                row.kind[1] / n,
                row.kind[2] / n,
                row.kind[3] / n,
                row.point[0] / n,
                row.point[1] / n
            );
        }
    }
    if std::env::var("CLOSE").is_ok() {
        // z buckets: the leader's lead over the runner-up in paired standard errors.
        let edges = [0.0, 1.0, 2.0, 3.0, 4.0, f64::INFINITY];
        println!("rollout turns logged: {}", closeness.len());
        let path = std::env::var("CLOSE").unwrap();
        if path != "1" {
            let mut f = std::fs::File::create(path).unwrap();
            for c in &closeness {
                let mut line = format!("{}\t{}", c.turn, c.options);
                for &(leader, z, lead, se, active) in &c.at {
                    let same = u8::from(leader == c.chosen);
                    line += &format!("\t{same}\t{z:.3}\t{active}\t{lead:.6}\t{se:.6}");
                }
                writeln!(f, "{line}").unwrap();
            }
        }
        println!("share of turn\tleader played\tz in [0,1)\t[1,2)\t[2,3)\t[3,4)\t>= 4 (turns, leader played)\tmean options in");
        for (j, f) in CHECKPOINTS.iter().enumerate() {
            let rows: Vec<&Closeness> = closeness.iter().filter(|c| c.at.len() > j).collect();
            let n = rows.len().max(1) as f64;
            let same = rows.iter().filter(|c| c.at[j].0 == c.chosen).count() as f64;
            let mut line = format!("{f}\t{:.3}", same / n);
            for w in edges.windows(2) {
                let bucket: Vec<_> = rows
                    .iter()
                    .filter(|c| c.at[j].1 >= w[0] && c.at[j].1 < w[1])
                    .collect();
                let agree = bucket.iter().filter(|c| c.at[j].0 == c.chosen).count();
                line += &format!(
                    "\t{:.3} ({:.3})",
                    bucket.len() as f64 / n,
                    agree as f64 / bucket.len().max(1) as f64
                );
            }
            let active: f64 = rows.iter().map(|c| c.at[j].4 as f64).sum::<f64>() / n;
            line += &format!("\t{active:.1}");
            println!("{line}");
        }
    }
    for (k, (name, _)) in settings.iter().enumerate() {
        println!(
            "{name}: rollout turns stopped early {} of {}",
            stopped[k].0, stopped[k].1
        );
    }
    let n = scores[0].len() as f64;
    let count = scores[0].len();
    for (k, (name, _)) in settings.iter().enumerate() {
        let mean = scores[k].iter().sum::<i64>() as f64 / n;
        let diffs: Vec<f64> = (0..count)
            .map(|i| (scores[k][i] - scores[0][i]) as f64)
            .collect();
        let d = diffs.iter().sum::<f64>() / n;
        let sd = (diffs.iter().map(|x| (x - d).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt();
        let wins = diffs.iter().filter(|&&x| x > 0.0).count();
        let losses = diffs.iter().filter(|&&x| x < 0.0).count();
        println!(
            "{name}: mean {mean:.0}  vs first {d:+.0} ± {:.0}  won {wins} lost {losses}  \
             CPU {:.2} s/game ({:.0} simulated turns / CPU s, {:.0} a game)  AI moves predicted {:.3} \
             (on turns 0..20 {:.3})",
            sd / n.sqrt(),
            cpu[k] / n,
            steps[k] as f64 / cpu[k],
            steps[k] as f64 / n,
            predicted[k].0 as f64 / predicted[k].1.max(1) as f64,
            predicted_early[k].0 as f64 / predicted_early[k].1.max(1) as f64
        );
    }
}
