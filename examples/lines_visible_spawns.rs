//! What seeing the spawn cells is worth. The strong Color Lines players the issue cites saw
//! where the next balls would land; a Lines contestant saw only their colours. This plays
//! games with two players that differ only in that: both rank the moves with the greedy look
//! and value its best K by the board after the spawn, each board worth the best greedy
//! reply. `fair` averages R sampled spawns of the known colours (common random numbers);
//! `visible` uses the spawn that will actually come (the tester's generator, cloned). A
//! measurement only: no agent of the crate ever sees the generator.
//!
//! Usage: cargo run --release --example lines_visible_spawns -- N C FROM COUNT [K R THREADS]
//! Prints per player the full games, mean length and mean score over seeds FROM.. (N and C
//! forced; 0 0 draws them from the seed), and with TSV=prefix writes each game's seed, N,
//! C, moves and score to prefix-visible.tsv / prefix-fair.tsv. ONLY=visible or ONLY=fair
//! plays one of the two.
use arcade::game::{Game, Params};
use arcade::games::lines::solver::expectimax::reply_value;
use arcade::games::lines::solver::greedy::{self, play_move, to_action};
use arcade::games::lines::solver::learned::learned_weight;
use arcade::games::lines::solver::{long_lines_weight, sample_spawn, Evaluator, Noise, Weights};
use arcade::games::lines::{Instance, Lines, State, MAX_MOVES};

/// The value of a board that filled up.
const LOST: f64 = -5000.0;

#[derive(Clone, Copy, PartialEq)]
enum Sight {
    Fair,
    Visible,
}

impl Sight {
    fn tag(self) -> &'static str {
        match self {
            Sight::Fair => "fair",
            Sight::Visible => "visible",
        }
    }
}

/// One game's row: seed, N, C, moves, score.
type Row = (u64, usize, u8, usize, i64);

/// One game: (moves, score).
fn play(instance: &Instance, sight: Sight, finalists: usize, rounds: usize) -> (usize, i64) {
    let n = instance.n;
    let weight = learned_weight(n, instance.colors);
    let mut ev = Evaluator::new(n, Weights::default());
    ev.long_weight = long_lines_weight(n, instance.colors);
    let mut noise = Noise::new(0x5EE);
    let mut lines = Vec::new();
    let mut state = Lines::start(instance);
    while !Lines::is_over(instance, &state) {
        let obs = Lines::observe(instance, &state);
        ev.learned_weight = weight;
        let ranked = greedy::rank(&mut ev, &obs.grid, greedy::SHORTLIST);
        ev.learned_weight = 0.0;
        let mut best = (f64::NEG_INFINITY, ranked[0]);
        if ranked[0].points == 0 {
            for &m in ranked.iter().take(finalists) {
                let action = to_action(n, m.from, m.to);
                let value = match sight {
                    Sight::Visible => {
                        let mut next: State = state.clone();
                        Lines::apply(instance, &mut next, &action).expect("a legal move");
                        match next.empty == 0 {
                            true => LOST,
                            false => {
                                (next.score - state.score) as f64 + reply_value(&mut ev, &next.grid)
                            }
                        }
                    }
                    Sight::Fair => {
                        let mut after = obs.grid.clone();
                        play_move(&mut after, n, m.from as usize, m.to as usize, &mut lines);
                        let mut sum = 0.0;
                        let mut round_noise = noise.clone();
                        for _ in 0..rounds {
                            let mut grid = after.clone();
                            let (points, full) =
                                sample_spawn(&mut grid, n, &obs.next, &mut round_noise, &mut lines);
                            sum += match full {
                                true => LOST,
                                false => points as f64 + reply_value(&mut ev, &grid),
                            };
                        }
                        sum / rounds as f64
                    }
                };
                if value > best.0 {
                    best = (value, m);
                }
            }
            noise.next_u64();
        }
        let action = to_action(n, best.1.from, best.1.to);
        Lines::apply(instance, &mut state, &action).expect("a legal move");
    }
    (state.moves, state.score)
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("N C FROM COUNT [K R THREADS]"))
        .collect();
    let (n, c, from, count) = (args[0], args[1], args[2], args[3]);
    let finalists = args.get(4).copied().unwrap_or(4) as usize;
    let rounds = args.get(5).copied().unwrap_or(20) as usize;
    let threads = args.get(6).copied().unwrap_or(2);
    // N = C = 0: as the seed draws them.
    let mut params = Params::new();
    if n > 0 {
        params.insert("N".into(), n as i64);
        params.insert("C".into(), c as i64);
    }
    let only = std::env::var("ONLY").unwrap_or_default();
    let sights = [Sight::Visible, Sight::Fair]
        .into_iter()
        .filter(|&s| only.is_empty() || only == s.tag());
    for sight in sights {
        let seeds: Vec<u64> = (from..from + count).collect();
        let results: Vec<Row> = arcade::parallel::map(&seeds, threads as usize, |&seed| {
            let instance = Lines::generate(seed, &params);
            let (moves, score) = play(&instance, sight, finalists, rounds);
            (seed, instance.n, instance.colors, moves, score)
        });
        let games = results.len() as f64;
        let full = results.iter().filter(|r| r.3 >= MAX_MOVES).count();
        let length = results.iter().map(|r| r.3 as f64).sum::<f64>() / games;
        let score = results.iter().map(|r| r.4 as f64).sum::<f64>() / games;
        let name = match sight {
            Sight::Fair => format!("fair ({rounds} sampled spawns)"),
            Sight::Visible => "visible spawn cells".to_string(),
        };
        if let Ok(prefix) = std::env::var("TSV") {
            let mut text = String::from("seed\tN\tC\tmoves\tscore\n");
            for (seed, n, colours, moves, score) in &results {
                text += &format!("{seed}\t{n}\t{colours}\t{moves}\t{score}\n");
            }
            std::fs::write(format!("{prefix}-{}.tsv", sight.tag()), text).expect("the TSV file");
        }
        println!(
            "N={n} C={c} seeds {from}..{} K={finalists}: {name}: full {full} of {}, mean length {length:.1}, mean score {score:.0}",
            from + count - 1,
            results.len()
        );
    }
}
