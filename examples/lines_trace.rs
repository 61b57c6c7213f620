//! How a greedy Lines game is lost: every 10 moves, the balls on the board, how many of the
//! last 10 moves made a line, a few evaluation features, then the last three boards (a lost
//! game of 7+ colours shows the walls clogged with lone balls of mixed colours). A game
//! survives when about 3 moves in 8 make a line (5 balls out for 3 in).
//!
//! Usage: cargo run --release --example lines_trace -- SEED [N C]
use arcade::clock::Budget;
use arcade::game::{Agent, Game, Params};
use arcade::games::lines::solver::greedy::GreedyAgent;
use arcade::games::lines::solver::{feature, Evaluator, Weights};
use arcade::games::lines::Lines;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args[1].parse().unwrap();
    let mut params = Params::new();
    if args.len() > 3 {
        params.insert("N".into(), args[2].parse().unwrap());
        params.insert("C".into(), args[3].parse().unwrap());
    }
    let inst = Lines::generate(seed, &params);
    let mut state = Lines::start(&inst);
    let mut agent = GreedyAgent::default();
    let mut budget = Budget::new(1e9);
    let mut ev = Evaluator::new(inst.n, Weights::default());
    let mut scored = 0;
    let mut boards = Vec::new();
    while !Lines::is_over(&inst, &state) {
        let obs = Lines::observe(&inst, &state);
        let a = agent.act(&obs, &mut budget);
        let before = state.score;
        Lines::apply(&inst, &mut state, &a).unwrap();
        if state.score > before {
            scored += 1;
        }
        if state.moves % 10 == 0 {
            let o = Lines::observe(&inst, &state);
            let balls = o.grid.iter().filter(|&&x| x != 0).count();
            let mut f = [0.0; feature::COUNT];
            ev.features(&o.grid, &mut f);
            println!(
                "{:4} balls {:3} scored {:2}/10  threats {} reach3 {} reach4 {} mobile {} connected {:.2}",
                state.moves, balls, scored, f[feature::THREATS], f[feature::REACHABLE + 2],
                f[feature::REACHABLE + 3], f[feature::MOBILE], f[feature::CONNECTED]
            );
            scored = 0;
            boards.push(o.grid.clone());
        }
    }
    let n = inst.n;
    for g in boards.iter().rev().take(3).rev() {
        for r in 0..n {
            let row: String = g[r * n..r * n + n]
                .iter()
                .map(|&x| if x == 0 { '.' } else { (b'0' + x) as char })
                .collect();
            println!("{row}");
        }
        println!();
    }
}
