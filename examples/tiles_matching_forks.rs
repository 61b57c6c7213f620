//! Is a lost TilesMatching game decided by a few choices? Plays one game of the `eval` agent
//! on the work clock (LIMIT_MS, default 5,000; WORK_NS, default 10, as in
//! `tiles_matching_deaths`) and, if it is lost at move T, goes back to moves T - k of its
//! last WINDOW (default 300) moves: every k up to DENSE (default 20), then every STEP-th
//! (default 25, and k = 25, 30, 40, 50, 65, 80 before that). There it replaces the agent's
//! answer by each of the ALTS (default 2) best other answers by two-ply value
//! (`eval::explain`, no time limit, off the game's clock) and plays on with the same tile
//! stream, the agent and its budget exactly as they stood (cloned), until the game ends or
//! reaches T + CAP (default 800) moves. CONTROL=1 also forks with the agent's own answer
//! (it must die at T: the fork repeats the game).
//!
//! Prints one line a fork: `fork SEED N S D T k COUNTER PLACED FILL PLAYED ALT RANK GAP
//! DDEAD DLINE DCOVER LIFE LOST`: PLAYED / ALT are P (a placement) or D (a discard), RANK
//! the alternative's rank among the other answers, GAP the played answer's two-ply value
//! less the alternative's (negative when the agent's time-limited look chose otherwise),
//! DDEAD / DLINE / DCOVER the alternative's static terms less the played one's (dead cells,
//! line fill, the three coverage terms), LIFE the fork's moves beyond T (CAP if it lived
//! on), LOST 1 if it died.
//!
//! Usage: cargo run --release --example tiles_matching_forks -- SEED N [S [D]]
#[path = "common/mod.rs"]
mod common;
use arcade::clock::Budget;
use arcade::game::{Agent, Game, Params};
use arcade::games::tiles_matching::solver::eval::{explain, work_units, EvalAgent};
use arcade::games::tiles_matching::{Action, TilesMatching};
use std::collections::VecDeque;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).map_or(default, |v| {
        v.parse().unwrap_or_else(|_| panic!("{name}: a number"))
    })
}

/// A budget of `limit_ms` on the work clock, starting now.
fn work_budget(limit_ms: f64, ns: f64) -> Budget {
    let base = work_units();
    Budget::with_clock(
        limit_ms,
        Box::new(move || (work_units() - base) as f64 * ns * 1e-6),
    )
}

fn kind(a: &Action) -> char {
    match a {
        Action::Discard => 'D',
        Action::Place { .. } => 'P',
        Action::GiveUp => 'G',
    }
}

fn main() {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("SEED N [S [D]]"))
        .collect();
    let mut params = Params::new();
    for (name, &v) in ["n", "s", "d"].iter().zip(&args[1..]) {
        params.insert(name.to_string(), v);
    }
    let seed = args[0] as u64;
    let (ns, limit) = (env("WORK_NS", 10.0), env("LIMIT_MS", 5000.0));
    let (window, dense, step) = (
        env("WINDOW", 300usize),
        env("DENSE", 20usize),
        env("STEP", 25usize),
    );
    let (alts, cap) = (env("ALTS", 2usize), env("CAP", 800usize));
    let control = std::env::var("CONTROL").is_ok_and(|v| v == "1");
    let instance = TilesMatching::generate(seed, &params);
    let (n, s, d) = (instance.n, instance.side, instance.d);
    let mut state = TilesMatching::start(&instance);
    let mut agent = EvalAgent::default();
    let mut budget = work_budget(limit, ns);
    // The state, the agent and the time spent before each of the last `window` moves, and
    // the answer given.
    let mut kept: VecDeque<(_, EvalAgent, f64, Action)> = VecDeque::new();
    let cpu = common::thread_cpu_ms();
    while !TilesMatching::is_over(&instance, &state) {
        let obs = TilesMatching::observe(&instance, &state);
        let (before, spent) = (agent.clone(), budget.elapsed_ms());
        let action = agent.act(&obs, &mut budget);
        kept.push_back((state.clone(), before, spent, action));
        if kept.len() > window {
            kept.pop_front();
        }
        TilesMatching::apply(&instance, &mut state, &action).expect("legal");
    }
    let t = state.moves;
    println!(
        "game {seed} N {n} S {s} D {d} moves {t} lost {} cpu_ms {:.0}",
        state.gave_up as u8,
        common::thread_cpu_ms() - cpu
    );
    if !state.gave_up {
        return;
    }
    let mut ks: Vec<usize> = (1..=dense).collect();
    ks.extend([25, 30, 40, 50, 65, 80].iter().filter(|&&k| k > dense));
    let mut k = ks.last().map_or(step, |&k| k + step);
    while k <= window {
        ks.push(k);
        k += step;
    }
    for &k in ks.iter().filter(|&&k| k <= kept.len()) {
        let (fork_state, fork_agent, spent, played) = &kept[kept.len() - k];
        let obs = TilesMatching::observe(&instance, fork_state);
        let placed = obs.board.occupied();
        let answers = explain(n, s, d, &obs.board, obs.tile, obs.counter, false);
        let cell_of = |a: &Action| match *a {
            Action::Place { row, col } => Some(row as usize * s + col as usize),
            _ => None,
        };
        let Some(mine) = answers.iter().find(|e| e.cell == cell_of(played)) else {
            continue;
        };
        let mut others: Vec<_> = answers.iter().filter(|e| e.cell != mine.cell).collect();
        others.sort_by(|x, y| y.two_ply.total_cmp(&x.two_ply));
        let mut forks: Vec<(usize, Option<&_>)> = match control {
            true => vec![(0, None)],
            false => vec![],
        };
        forks.extend(
            others
                .iter()
                .take(alts)
                .enumerate()
                .map(|(r, e)| (r + 1, Some(*e))),
        );
        for (rank, alt) in forks {
            let action = match alt.map(|e| e.cell) {
                None => *played,
                Some(None) => Action::Discard,
                Some(Some(c)) => Action::Place {
                    row: (c / s) as i64,
                    col: (c % s) as i64,
                },
            };
            let e = alt.unwrap_or(mine);
            let mut st = fork_state.clone();
            let mut ag = fork_agent.clone();
            let mut b = work_budget(limit - spent, ns);
            TilesMatching::apply(&instance, &mut st, &action).expect("legal");
            while !TilesMatching::is_over(&instance, &st) && st.moves < t + cap {
                let o = TilesMatching::observe(&instance, &st);
                let a = ag.act(&o, &mut b);
                TilesMatching::apply(&instance, &mut st, &a).expect("legal");
            }
            let dt = |i: usize| e.terms[i] - mine.terms[i];
            println!(
                "fork {seed} {n} {s} {d} {t} {k} {} {placed} {:.3} {} {} {rank} {:.2} {:.2} {:.2} {:.2} {} {}",
                obs.counter,
                placed as f64 / (s * s) as f64,
                kind(played),
                kind(&action),
                mine.two_ply - e.two_ply,
                dt(7),
                dt(8),
                dt(4) + dt(5) + dt(6),
                st.moves as i64 - t as i64,
                st.gave_up as u8
            );
        }
    }
}
