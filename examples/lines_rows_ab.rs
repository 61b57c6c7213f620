//! Clock-free A/B of the Lines row plan (`solver::Rows`) on roomy boards: greedy games with
//! the look that expectimax plays while rows are built (`ROW_SHORTLIST` moves), N and C
//! forced, one seed after another on one thread. Prints one line per seed (seed, score,
//! moves) and the mean with the CPU seconds per game.
//!
//! Usage: cargo run --release --example lines_rows_ab -- N C SEEDS_FROM COUNT
//! Overrides of the plan `rows_plan(N, C)` (unset: the solver's own):
//! LEN=row length (0: no rows), SCALE=value of a step, MIN_EMPTY=empty cells below which rows
//! stop, POWER=exponent of the steps, SHORT=shortlist (default 100). LEARNED=weight of the
//! learned survival term; above DANGER (a share of the cells full) it weighs DANGER_LEARNED.
use arcade::clock::Budget;
use arcade::game::{play, Agent, Game, Params};
use arcade::games::lines::solver::greedy::{rank, to_action};
use arcade::games::lines::solver::learned::learned_weight;
use arcade::games::lines::solver::{long_lines_weight, rows_plan, Evaluator, Rows, Weights};
use arcade::games::lines::{Action, Lines, Observation};

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().map(|s| {
        s.parse()
            .unwrap_or_else(|_| panic!("{name}: not a number: {s}"))
    })
}

struct Look {
    eval: Option<Evaluator>,
    shortlist: usize,
}

impl Agent<Lines> for Look {
    fn act(&mut self, obs: &Observation, _budget: &mut Budget) -> Action {
        let n = obs.n;
        let ev = self
            .eval
            .get_or_insert_with(|| Evaluator::new(n, Weights::default()));
        ev.long_weight = long_lines_weight(n, obs.colors);
        if let Some(weight) = env("LONG_WEIGHT") {
            ev.long_weight = weight;
        }
        let mut plan = rows_plan(n, obs.colors);
        if let Some(len) = env::<usize>("LEN") {
            plan = match len {
                0 => Rows::OFF,
                len => Rows {
                    len,
                    scale: 0.2,
                    min_empty: 10 * (obs.colors as usize - 1),
                    ..plan
                },
            };
        }
        if let Some(scale) = env("SCALE") {
            plan.scale = scale;
        }
        if let Some(min_empty) = env("MIN_EMPTY") {
            plan.min_empty = min_empty;
        }
        if let Some(power) = env("POWER") {
            plan.power = power;
        }
        ev.plan_rows(plan);
        ev.learned_weight = learned_weight(n, obs.colors);
        if let Some(weight) = env("LEARNED") {
            ev.learned_weight = weight;
        }
        // Above the fill DANGER (a share of the cells), the learned term weighs DANGER_LEARNED.
        if let Some(fill) = env::<f64>("DANGER") {
            let balls = obs.grid.iter().filter(|&&x| x != 0).count() as f64;
            if balls > fill * obs.grid.len() as f64 {
                ev.learned_weight = env("DANGER_LEARNED").unwrap_or(ev.learned_weight);
            }
        }
        let shortlist = match ev.builds_rows(&obs.grid) {
            true => self.shortlist,
            false => arcade::games::lines::solver::greedy::SHORTLIST,
        };
        let best = rank(ev, &obs.grid, shortlist)[0];
        to_action(n, best.from, best.to)
    }
}

#[path = "common/mod.rs"]
mod common;
use common::thread_cpu_seconds as cpu_seconds;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| -> u64 { args[i].parse().expect("N C SEEDS_FROM COUNT") };
    let (n, c, from, count) = (arg(1), arg(2), arg(3), arg(4));
    let mut params = Params::new();
    params.insert("N".into(), n as i64);
    params.insert("C".into(), c as i64);
    let (mut total, mut full) = (0i64, 0);
    let start = cpu_seconds();
    for seed in from..from + count {
        let instance = Lines::generate(seed, &params);
        let mut agent = Look {
            eval: None,
            shortlist: env("SHORT").unwrap_or(100),
        };
        let (_, state) =
            play::<Lines>(&instance, &mut agent, &mut Budget::new(1e9)).expect("legal moves");
        println!("{seed}\t{}\t{}", state.score, state.moves);
        total += state.score;
        full += (state.moves == 1000) as usize;
    }
    let cpu = (cpu_seconds() - start) / count as f64;
    println!(
        "# N={n} C={c} seeds {from}..{}: mean {:.1}, {full} full, {cpu:.2} CPU s a game",
        from + count - 1,
        total as f64 / count as f64
    );
}
