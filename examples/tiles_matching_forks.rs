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
//! With MODE=beam it instead asks whether any play outlives the game from each of the moves
//! T - k for k in KS (default 5,10,20,50,100): a beam search of WIDTH (default 64) boards
//! that knows the tile stream (every answer to each tile, the best WIDTH distinct boards by
//! the static value kept; WIDTH may list several) plays on from there to T + CAP at most, and prints `beam SEED N S
//! D T k WIDTH REACHED` (REACHED = the furthest move less T). With MODE=strong the agent
//! plays on from T - k (KS) without a time limit (its full look-ahead every move): `strong
//! SEED N S D T k LIFE LOST`.
//!
//! With MODE=streams the agent (cloned, on its budget as it stood) plays on from T - k (KS)
//! with the tile in hand and then R (default 10) other tile streams (those of seeds
//! 1,000,000 + SEED * 100 + r with the same N): how often a board that the real stream
//! killed survives other tiles to T + CAP. Prints `streams SEED N S D T k R SURVIVED
//! MEAN_LIFE` (life beyond T, at most CAP).
//!
//! Usage: cargo run --release --example tiles_matching_forks -- SEED N [S [D]]
#[path = "common/mod.rs"]
mod common;
use arcade::clock::Budget;
use arcade::game::{Agent, Game, Params};
use arcade::games::tiles_matching::solver::eval::{explain, static_values, work_units, EvalAgent};
use arcade::games::tiles_matching::{Action, Instance, Observation, State, TilesMatching};
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

/// The furthest move any play reaches from `start` up to move `until`, knowing the tile
/// stream: a beam of `width` distinct boards (and counters), best static value first.
fn beam(instance: &Instance, start: &State, width: usize, until: usize) -> usize {
    let (n, s, d) = (instance.n, instance.side, instance.d);
    let mut beam = vec![start.clone()];
    let mut reached = start.moves;
    while !beam.is_empty() && reached < until {
        let mut seen = std::collections::HashSet::new();
        let mut next: Vec<State> = Vec::new();
        for st in &beam {
            let mut actions: Vec<Action> = st
                .board
                .legal_cells(st.tile)
                .into_iter()
                .map(|c| Action::Place {
                    row: (c / s) as i64,
                    col: (c % s) as i64,
                })
                .collect();
            if st.counter < d {
                actions.push(Action::Discard);
            }
            for a in actions {
                let mut child = st.clone();
                TilesMatching::apply(instance, &mut child, &a).expect("legal");
                if seen.insert((child.board.clone(), child.counter)) {
                    next.push(child);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        reached = next[0].moves;
        let keys: Vec<_> = next.iter().map(|st| (&st.board, st.counter)).collect();
        let values = static_values(n, s, d, &keys);
        let mut order: Vec<usize> = (0..next.len()).collect();
        order.sort_by(|&x, &y| values[y].total_cmp(&values[x]));
        beam = order.iter().take(width).map(|&i| next[i].clone()).collect();
    }
    reached
}

/// The agent plays on from `start` with other tiles (after the one in hand) from `tiles`,
/// up to move `until`: the move reached and whether it died.
fn play_on(
    instance: &Instance,
    start: &State,
    agent: &mut EvalAgent,
    budget: &mut Budget,
    tiles: &mut arcade::games::tiles_matching::TileSource,
    until: usize,
) -> (usize, bool) {
    let (mut board, mut tile, mut counter) = (start.board.clone(), start.tile, start.counter);
    let until = until.min(arcade::games::tiles_matching::MOVES);
    let mut moves = start.moves;
    while moves < until {
        let obs = Observation {
            n: instance.n,
            side: instance.side,
            d: instance.d,
            board: board.clone(),
            tile,
            counter,
            moves,
            score: 0,
        };
        match agent.act(&obs, budget) {
            Action::GiveUp => return (moves, true),
            Action::Discard => counter += 1,
            Action::Place { row, col } => {
                let cell = row as usize * instance.side + col as usize;
                match tile.code() {
                    Some(code) => {
                        board.put(cell, code);
                    }
                    None => board.take(cell),
                }
                counter = counter.saturating_sub(1);
            }
        }
        moves += 1;
        tile = tiles.next(board.is_empty());
    }
    (moves, false)
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
    let mode = std::env::var("MODE").unwrap_or_default();
    if mode == "streams" {
        let ks: Vec<usize> = std::env::var("KS")
            .unwrap_or("5,10,20,50,100".into())
            .split(',')
            .map(|k| k.parse().expect("KS: numbers"))
            .collect();
        let r_count = env("R", 10u64);
        for &k in ks.iter().filter(|&&k| k <= kept.len()) {
            let (fork_state, fork_agent, spent, _) = &kept[kept.len() - k];
            let (mut survived, mut life) = (0, 0i64);
            for r in 0..r_count {
                let mut p = Params::new();
                p.insert("n".into(), n as i64);
                let mut tiles = TilesMatching::generate(1_000_000 + seed * 100 + r, &p).tiles;
                let mut ag = fork_agent.clone();
                let mut b = work_budget(limit - spent, ns);
                let (reached, died) =
                    play_on(&instance, fork_state, &mut ag, &mut b, &mut tiles, t + cap);
                survived += !died as usize;
                life += reached as i64 - t as i64;
            }
            println!(
                "streams {seed} {n} {s} {d} {t} {k} {r_count} {survived} {:.0}",
                life as f64 / r_count as f64
            );
        }
        return;
    }
    if mode == "beam" || mode == "strong" {
        let ks: Vec<usize> = std::env::var("KS")
            .unwrap_or("5,10,20,50,100".into())
            .split(',')
            .map(|k| k.parse().expect("KS: numbers"))
            .collect();
        let widths: Vec<usize> = std::env::var("WIDTH")
            .unwrap_or("64".into())
            .split(',')
            .map(|w| w.parse().expect("WIDTH: numbers"))
            .collect();
        for &k in ks.iter().filter(|&&k| k <= kept.len()) {
            let (fork_state, fork_agent, _, _) = &kept[kept.len() - k];
            if mode == "beam" {
                for &width in &widths {
                    let reached = beam(&instance, fork_state, width, t + cap);
                    println!(
                        "beam {seed} {n} {s} {d} {t} {k} {width} {}",
                        reached as i64 - t as i64
                    );
                }
                continue;
            }
            let (mut st, mut ag) = (fork_state.clone(), fork_agent.clone());
            let mut b = Budget::new(1e12);
            while !TilesMatching::is_over(&instance, &st) && st.moves < t + cap {
                let o = TilesMatching::observe(&instance, &st);
                let a = ag.act(&o, &mut b);
                TilesMatching::apply(&instance, &mut st, &a).expect("legal");
            }
            println!(
                "strong {seed} {n} {s} {d} {t} {k} {} {}",
                st.moves as i64 - t as i64,
                st.gave_up as u8
            );
        }
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
