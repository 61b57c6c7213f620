//! Measures the TilesMatching `eval` agent without a time limit (a budget it never reaches,
//! so every move gets its full look-ahead and runs repeat exactly): games on consecutive
//! seeds, N forced, each cut after MAX_MOVES moves. The chance of dying is about flat over a
//! game, so deaths per 1,000 moves played compare players on few, short games; points per
//! move show what survival costs in score. Keep the seeds clear of 1..100, the
//! seeds the solver is reported on. THREADS (default 2) is 1 on a shared machine. S and D,
//! if given, force the board side and the discard limit too (else each seed draws its own;
//! S alone forces the side and lets each seed draw D).
//!
//! With LOST set in the environment it also names each lost game: seed, S, D and its length.
//! With GAMES set it prints every game as `game SEED MOVES LOST SCORE CPU_MS WORK` (LOST is 0
//! or 1; CPU_MS the thread's CPU time, WORK `eval::work_units`) followed by the work spent by
//! moves 3,000 / 6,000 / 8,000 / 9,000 (0 if not reached), to compare two players seed for
//! seed. Run with THREADS = 1 to have them in seed order.
//!
//! With WORK_NS set the games play on a budget of LIMIT_MS (default 5,000) on the work clock
//! instead (each work unit counts WORK_NS ns; about 10 on the sixth session's machine, where
//! 5,000 then buys what about 5 s of CPU does): clock-free, so runs repeat exactly.
//!
//! With TAIL=K it also prints each game's last K moves (lost or not) as `tail SEED S D LOST
//! MOVES_BEFORE_END COUNTER ANSWER FITS JAM_STATS... WORK` (ANSWER 0 place, 1 discard, 2
//! other; FITS 0 if the tile fitted no cell; the board before the move, `eval::jam_stats`;
//! the work units the move spent), the statistics taken
//! after the game so that the work clock does not count them.
//!
//! Usage: cargo run --release --example tiles_matching_deaths -- FIRST_SEED COUNT N MAX_MOVES [THREADS [S [D]]]
#[path = "common/mod.rs"]
mod common;
use arcade::clock::Budget;
use arcade::game::{Agent, Game, Params};
use arcade::games::tiles_matching::solver::eval::{jam_stats, work_units, EvalAgent, Rollouts};
use arcade::games::tiles_matching::{Action, Board, Tile, TilesMatching};

/// One move kept for TAIL: its number, the counter, the answer (0 place, 1 discard, 2 other),
/// whether the tile fitted somewhere, the board before it, and the work units the move spent.
type TailRow = (usize, u8, u8, bool, Board, u64);

/// Moves played, whether the game was lost, and the score.
fn play(seed: u64, n: i64, sd: (Option<i64>, Option<i64>), max_moves: usize) -> (usize, bool, i64) {
    let mut params = Params::new();
    params.insert("n".into(), n);
    if let Some(s) = sd.0 {
        params.insert("s".into(), s);
    }
    if let Some(d) = sd.1 {
        params.insert("d".into(), d);
    }
    let instance = TilesMatching::generate(seed, &params);
    let name_lost = std::env::var_os("LOST").is_some();
    let mut state = TilesMatching::start(&instance);
    let mut agent = EvalAgent::default();
    agent.rollouts = rollouts();
    if let Ok(v) = std::env::var("EMPTY") {
        agent.empty_weight = Some(v.parse().expect("EMPTY: a number"));
    }
    if let Ok(v) = std::env::var("FILL") {
        let v: Vec<f64> = v
            .split(',')
            .map(|x| x.parse().expect("FILL: WEIGHT,KNEE"))
            .collect();
        agent.fill_term = Some((v[0], v[1]));
    }
    if let Ok(v) = std::env::var("COVER") {
        let v: Vec<f64> = v
            .split(',')
            .map(|x| x.parse().expect("COVER: UNCOVERED,TWICE,THRICE"))
            .collect();
        agent.cover_terms = Some((v[0], v[1], v[2]));
    }
    if let Ok(v) = std::env::var("LINES") {
        let v: Vec<f64> = v
            .split(',')
            .map(|x| x.parse().expect("LINES: DEAD,FILL,RATE"))
            .collect();
        agent.line_terms = Some((v[0], v[1], v[2]));
    }
    if let Ok(v) = std::env::var("CENTRE") {
        agent.centre_first = Some(v != "0");
    }
    if let Ok(v) = std::env::var("BONUS") {
        for (k, x) in v.split(',').enumerate().take(4) {
            agent.discard_bonus[k] = x.parse().expect("BONUS: numbers by counter");
        }
    }
    let mut budget = work_budget().unwrap_or_else(|| Budget::new(1e12));
    let tail: usize = std::env::var("TAIL").map_or(0, |v| v.parse().expect("TAIL: moves"));
    let mut kept: std::collections::VecDeque<TailRow> = std::collections::VecDeque::new();
    let (cpu, work) = (common::thread_cpu_ms(), work_units());
    // Work spent by these moves (0 if the game did not get there).
    const MARKS: [usize; 4] = [3000, 6000, 8000, 9000];
    let mut marks = [0u64; 4];
    while !TilesMatching::is_over(&instance, &state) && state.moves < max_moves {
        let obs = TilesMatching::observe(&instance, &state);
        if let Some(k) = MARKS.iter().position(|&m| m == obs.moves) {
            marks[k] = work_units() - work;
        }
        let before = work_units();
        let action = agent.act(&obs, &mut budget);
        let spent = work_units() - before;
        if tail > 0 {
            // Only the board is kept here: its statistics (`jam_stats`) count work units,
            // so they are taken after the game, off its clock.
            let kind = match action {
                Action::Place { .. } => 0,
                Action::Discard => 1,
                _ => 2,
            };
            let fits = obs.tile == Tile::Remove || !obs.board.legal_cells(obs.tile).is_empty();
            kept.push_back((obs.moves, obs.counter, kind, fits, obs.board.clone(), spent));
            if kept.len() > tail {
                kept.pop_front();
            }
        }
        TilesMatching::apply(&instance, &mut state, &action).expect("eval plays legal moves");
    }
    if std::env::var_os("GAMES").is_some() {
        println!(
            "game {seed} {} {} {} {:.0} {} {} {} {} {}",
            state.moves,
            state.gave_up as u8,
            TilesMatching::score(&instance, &state),
            common::thread_cpu_ms() - cpu,
            work_units() - work,
            marks[0],
            marks[1],
            marks[2],
            marks[3]
        );
    }
    for (m, counter, kind, fits, board, spent) in &kept {
        let x: Vec<String> = jam_stats(instance.n, instance.side, instance.d, board)
            .iter()
            .map(|v| format!("{v:.4}"))
            .collect();
        println!(
            "tail {seed} {} {} {} {} {counter} {kind} {} {} {spent}",
            instance.side,
            instance.d,
            state.gave_up as u8,
            state.moves - m,
            *fits as u8,
            x.join(" ")
        );
    }
    for r in &agent.log {
        println!(
            "pair {seed} {} {} {} {:.2} {:.2} {:.2} {:.2} {} {} {} {}",
            r.moves,
            r.counter,
            r.empty,
            r.place_value,
            r.discard_value,
            r.place_outcome,
            r.discard_outcome,
            r.place_deaths,
            r.discard_deaths,
            r.samples,
            r.discarded as u8
        );
    }
    if name_lost && state.gave_up {
        let (s, d) = (instance.side, instance.d);
        println!("lost: seed {seed} S {s} D {d} at move {}", state.moves);
    }
    (
        state.moves,
        state.gave_up,
        TilesMatching::score(&instance, &state),
    )
}

/// With ROLL=SAMPLES,HORIZON,MARGIN,SHARE[,EVERY] set, the agent settles close place-or-discard
/// decisions by paired playouts of the static player on sampled streams (`eval::Rollouts`);
/// with RECORD set too it prints each such decision as `pair SEED MOVE COUNTER EMPTY
/// PLACE_V DISCARD_V PLACE_OUT DISCARD_OUT PLACE_DEATHS DISCARD_DEATHS SAMPLES DISCARDED`;
/// with OBSERVE set too the playouts only record and the agent plays as without them.
fn rollouts() -> Option<Rollouts> {
    let v: Vec<f64> = std::env::var("ROLL")
        .ok()?
        .split(',')
        .map(|x| x.parse().expect("ROLL: SAMPLES,HORIZON,MARGIN,SHARE"))
        .collect();
    Some(Rollouts {
        samples: v[0] as usize,
        horizon: v[1] as usize,
        margin: v[2],
        share: v[3],
        record: std::env::var_os("RECORD").is_some(),
        decide: std::env::var_os("OBSERVE").is_none(),
        every: v.get(4).map_or(1, |&e| e as usize),
    })
}

/// With EMPTY=W set, empty cells are worth W (instead of the weight set's).
/// With FILL=W,KNEE set, the jam term: W times the squared cells placed beyond KNEE of the
/// board, over its cells (W < 0 is a cost).
/// With COVER=U,C2,C3 set, the coverage weights (`uncovered`, `covered_twice`,
/// `covered_thrice`) instead of the weight set's.
/// With LINES=D,F,R set, the line weights (`dead_cell`, `line_fill`, `line_rate`) instead
/// of the weight set's.
/// With CENTRE=1 the first tile goes to the middle cell, with CENTRE=0 to the first of the
/// equally valued cells (`EvalAgent::centre_first`; the default is the middle from N = 8).
/// With BONUS=B0,B1,.. set, a discard at counter k is worth Bk more at the root.
///
/// With WORK_NS set, a budget of LIMIT_MS (default 5,000) on the work clock: each unit of
/// `work_units` counts WORK_NS nanoseconds, so the same budget buys the same work on any
/// machine and under any load, and runs repeat exactly.
fn work_budget() -> Option<Budget> {
    let ns: f64 = std::env::var("WORK_NS")
        .ok()?
        .parse()
        .expect("WORK_NS: a number");
    let limit: f64 =
        std::env::var("LIMIT_MS").map_or(5000.0, |v| v.parse().expect("LIMIT_MS: a number"));
    Some(Budget::with_clock(
        limit,
        Box::new(move || work_units() as f64 * ns * 1e-6),
    ))
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("FIRST_SEED COUNT N MAX_MOVES [THREADS [S [D]]]")
        })
        .collect();
    let (first, count, n, max_moves) = match args[..] {
        [first, count, n, max_moves, ..] => (first, count, n, max_moves),
        _ => panic!("usage: FIRST_SEED COUNT N MAX_MOVES [THREADS [S [D]]]"),
    };
    let threads = args.get(4).map_or(2, |&t| t.max(1));
    let sd = match args[..] {
        [_, _, _, _, _, s, d] => (Some(s as i64), Some(d as i64)),
        [_, _, _, _, _, s] => (Some(s as i64), None),
        [_, _, _, _] | [_, _, _, _, _] => (None, None),
        _ => panic!("usage: FIRST_SEED COUNT N MAX_MOVES [THREADS [S [D]]]"),
    };
    let seeds: Vec<u64> = (first..first + count).collect();
    let games = arcade::parallel::map(&seeds, threads as usize, |&seed| {
        play(seed, n as i64, sd, max_moves as usize)
    });
    let moves: usize = games.iter().map(|g| g.0).sum();
    let deaths = games.iter().filter(|g| g.1).count();
    let points: i64 = games.iter().map(|g| g.2).sum();
    println!(
        "{deaths} of {} games lost, {moves} moves: {:.3} deaths per 1,000 moves, {:.3} points per move",
        games.len(),
        1000.0 * deaths as f64 / moves as f64,
        points as f64 / moves as f64
    );
}
