//! Prints a TilesMatching game of the `eval` agent move by move: the tile, the answer, the
//! counter and the board, to see how a game is lost. Without WORK_NS there is no time
//! limit; with WORK_NS set the game plays on a budget of LIMIT_MS (default 5,000) on the
//! work clock, each `eval::work_units` unit counting WORK_NS ns (as in
//! `tiles_matching_deaths`), so it repeats exactly.
//!
//! CENTRE=1 / CENTRE=0 put the first tile in the middle cell / on the first of the equally
//! valued cells (`EvalAgent::centre_first`; the default is the middle from N = 8).
//!
//! With FORCE=MOVE,ROW,COL (or FORCE=MOVE, a discard) that move's answer is replaced: what
//! if the agent had answered otherwise there.
//!
//! With LAST=K set only the game's last K moves are printed, and with EXPLAIN set each
//! printed move also lists the best answers by static value (`eval::explain`): the cell or
//! DISCARD, the two- and three-ply values (three plies while the counter is above zero), and
//! the static value's terms on the board after the answer.
//!
//! Usage: cargo run --release --example tiles_matching_trace -- SEED [N [S [D [FROM_MOVE]]]]
//! (N alone, or N and S, force those and let the seed draw the rest, as
//! `tiles_matching_deaths` does; forcing a parameter shifts the tile stream; FROM_MOVE comes
//! after all three).
#[path = "common/mod.rs"]
mod common;
use arcade::clock::Budget;
use arcade::game::{Agent, Game, Params};
use arcade::games::tiles_matching::solver::eval::{explain, work_units, EvalAgent, TERM_NAMES};
use arcade::games::tiles_matching::{Action, Observation, TilesMatching, EMPTY, WILD};

fn print_move(obs: &Observation, action: &str, explained: bool) {
    println!(
        "move {} tile {} counter {} -> {}",
        obs.moves, obs.tile, obs.counter, action
    );
    let s = obs.side;
    for r in 0..s {
        let row: Vec<String> = (0..s)
            .map(|c| match obs.board.get(r * s + c) {
                EMPTY => " .".to_string(),
                WILD => " *".into(),
                code => format!("{:02}", code),
            })
            .collect();
        println!("  {}", row.join(" "));
    }
    if !explained {
        return;
    }
    let names: Vec<String> = TERM_NAMES.iter().map(|t| format!("{t:>9}")).collect();
    println!(
        "  {:>8} {:>9} {:>9} {}",
        "answer",
        "2-ply",
        "3-ply",
        names.join(" ")
    );
    let deep = obs.counter > 0;
    for e in explain(obs.n, s, obs.d, &obs.board, obs.tile, obs.counter, deep) {
        let cell = match e.cell {
            Some(c) => format!("{} {}", c / s, c % s),
            None => "DISCARD".into(),
        };
        let terms: Vec<String> = e.terms.iter().map(|t| format!("{t:>9.2}")).collect();
        println!(
            "  {:>8} {:>9.2} {:>9.2} {}",
            cell,
            e.two_ply,
            e.three_ply,
            terms.join(" ")
        );
    }
}

fn main() {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("SEED [N [S [D [FROM_MOVE]]]]"))
        .collect();
    let mut params = Params::new();
    if args.len() >= 2 {
        for (name, &v) in ["n", "s", "d"].iter().zip(&args[1..args.len().min(4)]) {
            params.insert(name.to_string(), v);
        }
    }
    let from = args.get(4).copied().unwrap_or(0) as usize;
    let last: Option<usize> = std::env::var("LAST")
        .ok()
        .map(|v| v.parse().expect("LAST: a number"));
    let explained = std::env::var_os("EXPLAIN").is_some();
    let force = std::env::var("FORCE").ok().map(|v| {
        let v: Vec<usize> = v
            .split(',')
            .map(|x| x.parse().expect("FORCE: MOVE,ROW,COL or MOVE"))
            .collect();
        let action = match v[..] {
            [_, row, col] => Action::Place {
                row: row as i64,
                col: col as i64,
            },
            _ => Action::Discard,
        };
        (v[0], action)
    });
    let instance = TilesMatching::generate(args[0] as u64, &params);
    let mut state = TilesMatching::start(&instance);
    let mut agent = EvalAgent::default();
    agent.centre_first = std::env::var("CENTRE").ok().map(|v| v != "0");
    let mut budget = match std::env::var("WORK_NS") {
        Ok(ns) => {
            let ns: f64 = ns.parse().expect("WORK_NS: a number");
            let limit: f64 = std::env::var("LIMIT_MS")
                .map_or(5000.0, |v| v.parse().expect("LIMIT_MS: a number"));
            Budget::with_clock(limit, Box::new(move || work_units() as f64 * ns * 1e-6))
        }
        Err(_) => Budget::new(1e12),
    };
    let mut kept = std::collections::VecDeque::new();
    while !TilesMatching::is_over(&instance, &state) {
        let obs = TilesMatching::observe(&instance, &state);
        let mut action = agent.act(&obs, &mut budget);
        if let Some((at, forced)) = force {
            if obs.moves == at {
                action = forced;
            }
        }
        if obs.moves >= from {
            match last {
                None => print_move(&obs, &action.to_string(), explained),
                Some(k) => {
                    kept.push_back((obs, action.to_string()));
                    if kept.len() > k {
                        kept.pop_front();
                    }
                }
            }
        }
        TilesMatching::apply(&instance, &mut state, &action).expect("legal");
    }
    for (obs, action) in &kept {
        print_move(obs, action, explained);
    }
    println!(
        "N {} S {} D {} moves {} score {} lost {}",
        instance.n,
        instance.side,
        instance.d,
        state.moves,
        TilesMatching::score(&instance, &state),
        state.gave_up as u8
    );
}
