//! Clock-free A/B of the Lines expectimax agent (`solver::expectimax`), for the boards where
//! the sampling decides (fewer than 16 cells per colour): the agent plays on a clock that
//! counts work (`solver::work_done`, at UNIT_US microseconds a unit), so a game repeats move
//! for move whatever else the machine runs. N and C forced, one seed after another on one
//! thread. Prints one line per seed (seed, score, moves, thread CPU s) and the summary, with
//! the CPU milliseconds one unit of work took on this run (to check UNIT_US).
//!
//! Usage: cargo run --release --example lines_mid_ab -- N C SEEDS_FROM COUNT
//! BUDGET=ms per game on the work clock (default 5000); UNIT_US (default 6);
//! overrides of `expectimax::Tuning`: FINALISTS, RERANKED, RERANK_WEIGHT, PLAYOUT_ROUNDS,
//! HORIZON, CROWD_POWER, BLEND, LOOK, LINDY (1: on), SHORT_PENALTY, LONG_WEIGHT, CROSS,
//! LEN (a row plan: 0 none; with SCALE, MIN_EMPTY, POWER), MODEL (a file of the survival term's
//! weights, as `lines_learn fit` writes them). TRACE=1 prints (stderr) the budget left at
//! every 100th move and 50 moves before the end. HIST=1 adds per game and in all the removals by
//! their size (balls removed at once, a cross counted once) and the mean balls on the board.
use arcade::clock::Budget;
use arcade::game::{play, Agent, Game, Params};
use arcade::games::lines::solver::expectimax::ExpectimaxAgent;
use arcade::games::lines::solver::{learned, work_done, Rows};
use arcade::games::lines::{Action, Lines, Observation, State};

/// The agent, recording the budget left as each move starts (TRACE=1).
struct Traced {
    agent: ExpectimaxAgent,
    left: Vec<f64>,
}

impl Agent<Lines> for Traced {
    fn act(&mut self, obs: &Observation, budget: &mut Budget) -> Action {
        self.left.push(budget.remaining_ms());
        self.agent.act(obs, budget)
    }
}

#[path = "common/mod.rs"]
mod common;
use common::thread_cpu_seconds as cpu_seconds;

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().map(|s| {
        s.parse()
            .unwrap_or_else(|_| panic!("{name}: not a number: {s}"))
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| -> u64 { args[i].parse().expect("N C SEEDS_FROM COUNT") };
    let (n, c, from, count) = (arg(1), arg(2), arg(3), arg(4));
    let budget_ms: f64 = env("BUDGET").unwrap_or(5000.0);
    let unit_ms = env::<f64>("UNIT_US").unwrap_or(6.0) / 1000.0;
    let mut params = Params::new();
    params.insert("N".into(), n as i64);
    params.insert("C".into(), c as i64);
    // MODEL=file: the survival term's weights (comma-separated, as `lines_learn fit` writes).
    let model: Option<Vec<f64>> = std::env::var("MODEL").ok().map(|path| {
        let text = std::fs::read_to_string(&path).expect("MODEL: a file");
        text.trim()
            .split(',')
            .map(|x| x.trim().parse().expect("MODEL: numbers"))
            .collect::<Vec<f64>>()
    });
    if let Some(model) = &model {
        assert_eq!(
            model.len(),
            learned::pattern::COUNT,
            "MODEL: one weight a pattern"
        );
    }
    let trace_on = env::<u8>("TRACE").is_some_and(|x| x != 0);
    let hist_on = env::<u8>("HIST").is_some_and(|x| x != 0);
    // Removals by size (index = balls, 13 = 13 or more) and the balls on the board summed.
    let mut hist_all = [0usize; 14];
    let mut balls_all = 0usize;
    let (mut total, mut moves, mut full) = (0i64, 0usize, 0);
    let (start, work_start) = (cpu_seconds(), work_done());
    for seed in from..from + count {
        let instance = Lines::generate(seed, &params);
        let mut agent = ExpectimaxAgent::default();
        let t = &mut agent.tuning;
        t.finalists = env("FINALISTS").unwrap_or(t.finalists);
        t.reranked = env("RERANKED").unwrap_or(t.reranked);
        t.rerank_weight = env("RERANK_WEIGHT").or(t.rerank_weight);
        t.playout_rounds = env("PLAYOUT_ROUNDS").unwrap_or(t.playout_rounds);
        t.horizon = env("HORIZON").unwrap_or(t.horizon);
        t.crowd_power = env("CROWD_POWER").unwrap_or(t.crowd_power);
        t.blend = env("BLEND").unwrap_or(t.blend);
        t.look = env("LOOK").unwrap_or(t.look);
        t.lindy = env::<u8>("LINDY").map_or(t.lindy, |x| x != 0);
        t.learned = model.clone();
        t.short_penalty = env("SHORT_PENALTY").or(t.short_penalty);
        t.long_weight = env("LONG_WEIGHT").or(t.long_weight);
        t.cross_weight = env("CROSS").or(t.cross_weight);
        if let Some(len) = env::<usize>("LEN") {
            t.rows = Some(match len {
                0 => Rows::OFF,
                len => Rows {
                    len,
                    scale: env("SCALE").unwrap_or(0.2),
                    min_empty: env("MIN_EMPTY").unwrap_or(10 * (c as usize - 1)),
                    power: env("POWER").unwrap_or(3),
                },
            });
        }
        let game_start = cpu_seconds();
        let clock = Box::new(move || work_done() as f64 * unit_ms);
        let mut budget = Budget::with_clock(budget_ms, clock);
        let mut traced = Traced {
            agent,
            left: Vec::new(),
        };
        let (actions, state) =
            play::<Lines>(&instance, &mut traced, &mut budget).expect("legal moves");
        if trace_on {
            // The budget left at every 100th move and 50 moves before the end.
            let left = &traced.left;
            let at: Vec<String> = (0..left.len())
                .step_by(100)
                .chain([left.len().saturating_sub(50)])
                .map(|i| format!("{i}:{:.0}", left[i]))
                .collect();
            eprintln!("{seed}\tleft\t{}", at.join(" "));
            if state.moves < 1000 {
                death(&instance, &actions);
            }
        }
        let cpu_game = cpu_seconds() - game_start;
        if hist_on {
            let (hist, balls) = removals(&instance, &actions);
            for (all, h) in hist_all.iter_mut().zip(hist) {
                *all += h;
            }
            balls_all += balls;
            println!(
                "{seed}\t{}\t{}\t{cpu_game:.2}\t{}\t{:.1}",
                state.score,
                state.moves,
                show(&hist),
                balls as f64 / state.moves.max(1) as f64
            );
        } else {
            println!("{seed}\t{}\t{}\t{cpu_game:.2}", state.score, state.moves);
        }
        total += state.score;
        moves += state.moves;
        full += (state.moves == 1000) as usize;
    }
    let cpu = cpu_seconds() - start;
    let units = (work_done() - work_start) as f64;
    println!(
        "# N={n} C={c} seeds {from}..{}: mean {:.1}, mean length {:.1}, {full} full, {:.2} CPU s a game, {:.2} us a unit",
        from + count - 1,
        total as f64 / count as f64,
        moves as f64 / count as f64,
        cpu / count as f64,
        cpu * 1e6 / units.max(1.0)
    );
    if hist_on {
        println!(
            "# removals by size {}, {:.1} balls on the board a move",
            show(&hist_all),
            balls_all as f64 / moves.max(1) as f64
        );
    }
}

/// Replays `actions`: removals counted by their size (13 and more together), and the balls
/// on the board before each move, summed.
fn removals(
    instance: &<Lines as Game>::Instance,
    actions: &[<Lines as Game>::Action],
) -> ([usize; 14], usize) {
    let mut state: State = Lines::start(instance);
    let (mut hist, mut balls) = ([0usize; 14], 0);
    for action in actions {
        balls += state.grid.iter().filter(|&&x| x != 0).count();
        Lines::apply(instance, &mut state, action).expect("a legal move");
        let last = state.last.as_ref().expect("a move");
        if last.score > 0 {
            hist[last.vanished.len().min(13)] += 1;
            if std::env::var("HIST").as_deref() == Ok("2") {
                let empty = state.grid.iter().filter(|&&x| x == 0).count() - last.vanished.len();
                let by = if last.spawned.is_empty() {
                    "move"
                } else {
                    "spawn"
                };
                eprintln!("removal\t{}\t{by}\t{empty}", last.vanished.len());
            }
        }
    }
    (hist, balls)
}

fn show(hist: &[usize; 14]) -> String {
    (5..14)
        .filter(|&n| hist[n] > 0)
        .map(|n| format!("{n}:{}", hist[n]))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A lost game's last 60 moves, 5 at a time: the balls on the board at their start and the
/// lines made by the move and by the spawn; then the board the last move left (TRACE=1).
fn death(instance: &<Lines as Game>::Instance, actions: &[<Lines as Game>::Action]) {
    let mut state: State = Lines::start(instance);
    let from = actions.len().saturating_sub(60);
    let (mut by_move, mut by_spawn, mut balls) = (0, 0, 0);
    let mut out = Vec::new();
    for (i, action) in actions.iter().enumerate() {
        if i >= from && (i - from) % 5 == 0 {
            balls = state.grid.iter().filter(|&&x| x != 0).count();
        }
        Lines::apply(instance, &mut state, action).expect("a legal move");
        let last = state.last.as_ref().expect("a move");
        if i >= from && last.score > 0 {
            match last.spawned.is_empty() {
                true => by_move += 1,
                false => by_spawn += 1,
            }
        }
        if i >= from && (i - from) % 5 == 4 {
            out.push(format!("{balls}/{by_move}/{by_spawn}"));
            (by_move, by_spawn) = (0, 0);
        }
    }
    eprintln!(
        "  last 60 moves (balls/lines by move/by spawn, 5 moves each): {}",
        out.join(" ")
    );
    let n = state.n;
    for r in 0..n {
        let row: String = state.grid[r * n..(r + 1) * n]
            .iter()
            .map(|&x| match x {
                0 => '.',
                x => (b'0' + x) as char,
            })
            .collect();
        eprintln!("  {row}");
    }
}
