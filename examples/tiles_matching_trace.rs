//! Prints a TilesMatching game of the `eval` agent move by move (no time limit): the tile,
//! the answer, the counter and the board, to see how a game is lost.
//!
//! Usage: cargo run --release --example tiles_matching_trace -- SEED [N S D] [FROM_MOVE]
use arcade::clock::Budget;
use arcade::game::{Agent, Game, Params};
use arcade::games::tiles_matching::solver::eval::EvalAgent;
use arcade::games::tiles_matching::{TilesMatching, EMPTY, WILD};

fn main() {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("SEED [N S D] [FROM_MOVE]"))
        .collect();
    let mut params = Params::new();
    if args.len() >= 4 {
        for (name, &v) in ["n", "s", "d"].iter().zip(&args[1..4]) {
            params.insert(name.to_string(), v);
        }
    }
    let from = args.get(4).copied().unwrap_or(0) as usize;
    let instance = TilesMatching::generate(args[0] as u64, &params);
    let mut state = TilesMatching::start(&instance);
    let mut agent = EvalAgent::default();
    let mut budget = Budget::new(1e12);
    while !TilesMatching::is_over(&instance, &state) {
        let obs = TilesMatching::observe(&instance, &state);
        let action = agent.act(&obs, &mut budget);
        if obs.moves >= from {
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
        }
        TilesMatching::apply(&instance, &mut state, &action).expect("legal");
    }
    println!(
        "moves {} score {}",
        state.moves,
        TilesMatching::score(&instance, &state)
    );
}
