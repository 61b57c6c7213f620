//! Learns a survival term for the Lines evaluation from greedy games, and measures it.
//!
//! - `record OUT FROM COUNT [MODEL WEIGHT]`: plays greedy games on the COUNT seeds from FROM
//!   whose cells per colour are in RANGE (default "9,16"), optionally with a learned term
//!   (MODEL: a file of comma-separated pattern weights, at WEIGHT), and appends every
//!   position after a move (before its spawn) to OUT: its pattern counts, the evaluation's
//!   features, and how long its game went on.
//! - `record-x OUT FROM COUNT [MODEL]`: the same with the expectimax player (its survival
//!   term from MODEL when given) on a clock that counts work (`solver::work_done`, BUDGET ms
//!   a game, default 1000, at UNIT_US microseconds a unit, default 6, as `lines_mid_ab`), so
//!   the positions are those the player meets; a game repeats move for move under any load.
//! - `fit LABEL MODEL DATA...`: fits a logistic model of survival by Newton's method with a
//!   ridge (RIDGE, default 1, on standardised inputs) on four games in five, reports the
//!   log-loss on the fifth against a model of board fill and cells per colour alone, and
//!   writes the pattern weights to MODEL (HAND=1 adds the evaluation's features to the
//!   inputs, not to MODEL, so the patterns learn only what those miss). LABEL is `die:H`
//!   (alive H moves later) or `life:CAP` (moves left, capped at CAP, as a share of CAP).
//! - `play FROM COUNT [MODEL WEIGHT...]`: the greedy player's mean game length on those
//!   seeds with the learned term of MODEL at each WEIGHT (0: without it; no MODEL: the
//!   player as it is). One thread.
//! - `rust MODEL`: prints MODEL as the `learned::LEARNED` array.
//!
//! Keep the seeds clear of 1..100 (the solver's measured seeds) and of the training seeds
//! when measuring.
use arcade::clock::Budget;
use arcade::game::{play as play_game, Game, Params};
use arcade::games::lines::solver::expectimax::ExpectimaxAgent;
use arcade::games::lines::solver::greedy::{self, play_move, to_action};
use arcade::games::lines::solver::learned::{learned_weight, pattern};
use arcade::games::lines::solver::work_done;
use arcade::games::lines::solver::{feature, long_lines_weight, Evaluator, Weights};
use arcade::games::lines::{Instance, Lines, MAX_MOVES};
use std::io::{BufWriter, Read, Write};

/// Per record: cells per colour, empty share, move index, game length, died (0/1).
const HEADER: usize = 5;
const RECORD: usize = HEADER + pattern::COUNT + feature::COUNT;
/// Inputs of the fill-only model: bias, fill, fill², room, room², fill * room.
const CONTEXT: usize = 6;

fn seeds_in_range(from: u64, count: usize) -> Vec<u64> {
    let range = std::env::var("RANGE").unwrap_or_else(|_| "9,16".into());
    let (lo, hi) = range.split_once(',').expect("RANGE=lo,hi");
    let (lo, hi): (f64, f64) = (lo.parse().unwrap(), hi.parse().unwrap());
    (from..)
        .filter(|&seed| {
            let instance = Lines::generate(seed, &Params::new());
            (lo..hi).contains(&room(&instance))
        })
        .take(count)
        .collect()
}

fn room(instance: &Instance) -> f64 {
    (instance.n * instance.n) as f64 / instance.colors as f64
}

/// A learned term to play with: the model's weights and what a unit is worth.
#[derive(Clone)]
struct Learned {
    model: Vec<f64>,
    weight: f64,
}

struct Outcome {
    moves: usize,
    score: i64,
}

/// Plays a greedy game exactly as `GreedyAgent` does (with `learned` in place of its own
/// learned term when given), calling
/// `seen` with each position after a move, before its spawn, and the move's index.
fn play_greedy(
    instance: &Instance,
    learned: Option<&Learned>,
    mut seen: impl FnMut(&mut Evaluator, &[u8], usize),
) -> Outcome {
    let n = instance.n;
    let mut ev = Evaluator::new(n, Weights::default());
    ev.long_weight = long_lines_weight(n, instance.colors);
    ev.learned_weight = learned_weight(n, instance.colors);
    if let Some(learned) = learned {
        ev.learned = learned.model.clone();
        ev.learned_weight = learned.weight;
    }
    let mut state = Lines::start(instance);
    let mut after = state.grid.clone();
    let mut lines = Vec::new();
    while !Lines::is_over(instance, &state) {
        let best = greedy::rank(&mut ev, &state.grid, greedy::SHORTLIST)[0];
        after.copy_from_slice(&state.grid);
        play_move(
            &mut after,
            n,
            best.from as usize,
            best.to as usize,
            &mut lines,
        );
        seen(&mut ev, &after, state.moves);
        Lines::apply(instance, &mut state, &to_action(n, best.from, best.to))
            .expect("greedy plays legal moves");
    }
    Outcome {
        moves: state.moves,
        score: state.score,
    }
}

fn read_model(path: &str) -> Vec<f64> {
    let text = std::fs::read_to_string(path).expect("model file");
    let model: Vec<f64> = text
        .trim()
        .split(',')
        .map(|x| x.trim().parse().expect("model: numbers"))
        .collect();
    assert_eq!(model.len(), pattern::COUNT, "model length");
    model
}

/// Who plays the recorded games.
enum Player {
    Greedy(Option<Learned>),
    /// The expectimax agent on the work clock: ms a game, ms a unit of work, its model.
    Expectimax(f64, f64, Option<Vec<f64>>),
}

/// Plays an expectimax game on a work clock, then calls `seen` with each position after a
/// move (before its spawn) and the move's index, as `play_greedy` does.
fn play_expectimax(
    instance: &Instance,
    budget_ms: f64,
    unit_ms: f64,
    model: Option<Vec<f64>>,
    mut seen: impl FnMut(&mut Evaluator, &[u8], usize),
) -> Outcome {
    let n = instance.n;
    let mut agent = ExpectimaxAgent::default();
    agent.tuning.learned = model;
    let clock = Box::new(move || work_done() as f64 * unit_ms);
    let mut budget = Budget::with_clock(budget_ms, clock);
    let (actions, end) = play_game::<Lines>(instance, &mut agent, &mut budget).expect("legal");
    let mut ev = Evaluator::new(n, Weights::default());
    let mut state = Lines::start(instance);
    let mut after = state.grid.clone();
    let mut lines = Vec::new();
    for action in &actions {
        let cell = |r: i32, c: i32| (r * n as i32 + c) as usize;
        after.copy_from_slice(&state.grid);
        let (from, to) = (cell(action.r1, action.c1), cell(action.r2, action.c2));
        play_move(&mut after, n, from, to, &mut lines);
        seen(&mut ev, &after, state.moves);
        Lines::apply(instance, &mut state, action).expect("a replay of legal moves");
    }
    Outcome {
        moves: end.moves,
        score: end.score,
    }
}

fn record(out: &str, seeds: &[u64], player: &Player) {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .expect("output file");
    let mut out = BufWriter::new(file);
    let mut total_moves = 0;
    for &seed in seeds {
        let instance = Lines::generate(seed, &Params::new());
        let cells = (instance.n * instance.n) as f64;
        let mut rows: Vec<Vec<f32>> = Vec::new();
        let mut seen = |ev: &mut Evaluator, grid: &[u8], moves: usize| {
            let mut counts = [0.0; pattern::COUNT];
            ev.patterns(grid, &mut counts);
            let mut features = [0.0; feature::COUNT];
            ev.features(grid, &mut features);
            let empty = grid.iter().filter(|&&x| x == 0).count() as f64 / cells;
            let mut row = vec![room(&instance) as f32, empty as f32, moves as f32, 0.0, 0.0];
            row.extend(counts.iter().map(|&x| x as f32));
            row.extend(features.iter().map(|&x| x as f32));
            rows.push(row);
        };
        let outcome = match player {
            Player::Greedy(learned) => play_greedy(&instance, learned.as_ref(), &mut seen),
            Player::Expectimax(budget_ms, unit_ms, model) => {
                play_expectimax(&instance, *budget_ms, *unit_ms, model.clone(), &mut seen)
            }
        };
        let died = outcome.moves < MAX_MOVES;
        for row in &mut rows {
            row[3] = outcome.moves as f32;
            row[4] = died as u8 as f32;
            for x in row.iter() {
                out.write_all(&x.to_le_bytes()).unwrap();
            }
        }
        total_moves += outcome.moves;
        eprintln!(
            "seed {seed}: {} moves, {} points",
            outcome.moves, outcome.score
        );
    }
    eprintln!(
        "{} games, mean length {:.1}",
        seeds.len(),
        total_moves as f64 / seeds.len() as f64
    );
}

fn load(paths: &[String]) -> Vec<Vec<f32>> {
    let mut rows = Vec::new();
    for path in paths {
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .expect("data file")
            .read_to_end(&mut bytes)
            .unwrap();
        for chunk in bytes.chunks_exact(RECORD * 4) {
            rows.push(
                chunk
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
                    .collect(),
            );
        }
    }
    rows
}

/// The survival target of a record (None when the game ended at the move limit too soon
/// to tell).
fn target(label: &str, row: &[f32]) -> Option<f64> {
    let (kind, horizon) = label.split_once(':').expect("LABEL kind:moves");
    let horizon: f64 = horizon.parse().unwrap();
    let (moves, length, died) = (row[2] as f64, row[3] as f64, row[4] > 0.5);
    let left = length - (moves + 1.0);
    if !died && (MAX_MOVES as f64 - (moves + 1.0)) < horizon {
        return None;
    }
    let alive = match kind {
        "die" => (!died || left >= horizon) as u8 as f64,
        "life" => match died {
            true => left.min(horizon) / horizon,
            false => 1.0,
        },
        _ => panic!("LABEL: die:H or life:CAP"),
    };
    Some(alive)
}

fn fixed_model() -> Option<&'static Vec<f64>> {
    static FIXED: std::sync::OnceLock<Option<Vec<f64>>> = std::sync::OnceLock::new();
    FIXED
        .get_or_init(|| std::env::var("FIXED").ok().map(|path| read_model(&path)))
        .as_ref()
}

fn residual() -> bool {
    std::env::var("RESIDUAL").is_ok_and(|v| v == "1")
}

/// The model inputs of a record: the context, then (if `with_patterns`) the patterns.
fn inputs(row: &[f32], with_patterns: bool) -> Vec<f64> {
    let (room, fill) = (row[0] as f64 / 16.0, row[1] as f64);
    let mut x = vec![1.0, fill, fill * fill, room, room * room, fill * room];
    if with_patterns {
        // FIXED=MODEL: one input, that model's score, in place of the patterns (to compare a
        // model with the fit on the same held-out positions); with RESIDUAL=1 before them
        // (the patterns then learn what that model misses, shrunk towards it by the ridge).
        if let Some(fixed) = fixed_model() {
            let counts = &row[HEADER..HEADER + pattern::COUNT];
            x.push(counts.iter().zip(fixed).map(|(&c, w)| c as f64 * w).sum());
            if !residual() {
                return x;
            }
        }
        x.extend(
            row[HEADER..HEADER + pattern::COUNT]
                .iter()
                .map(|&v| v as f64),
        );
        // HAND=1: the evaluation's features too, so the patterns learn what they add.
        if std::env::var("HAND").is_ok_and(|v| v == "1") {
            x.extend(row[HEADER + pattern::COUNT..].iter().map(|&v| v as f64));
        }
    }
    x
}

/// Solves `a x = b` for a symmetric positive definite `a` (Cholesky), of which only the
/// lower triangle is read.
fn solve(mut a: Vec<Vec<f64>>, b: &[f64]) -> Vec<f64> {
    let d = b.len();
    for j in 0..d {
        for k in 0..j {
            let l = a[j][k];
            for row in a.iter_mut().skip(j) {
                row[j] -= row[k] * l;
            }
        }
        let pivot = a[j][j].sqrt();
        for row in a.iter_mut().skip(j) {
            row[j] /= pivot;
        }
    }
    let mut y = b.to_vec();
    for i in 0..d {
        for k in 0..i {
            y[i] -= a[i][k] * y[k];
        }
        y[i] /= a[i][i];
    }
    for i in (0..d).rev() {
        for k in i + 1..d {
            y[i] -= a[k][i] * y[k];
        }
        y[i] /= a[i][i];
    }
    y
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Logistic regression (soft targets allowed) by Newton's method on standardised inputs
/// (the bias, input 0, is left alone and not penalised). Weights on the raw inputs.
fn fit_logistic(xs: &[Vec<f64>], ys: &[f64], ridge: f64) -> Vec<f64> {
    let d = xs[0].len();
    let count = xs.len() as f64;
    let mut mean = vec![0.0; d];
    let mut sd = vec![1.0; d];
    for j in 1..d {
        mean[j] = xs.iter().map(|x| x[j]).sum::<f64>() / count;
        let var = xs.iter().map(|x| (x[j] - mean[j]).powi(2)).sum::<f64>() / count;
        sd[j] = var.sqrt().max(1e-9);
    }
    let scaled: Vec<Vec<f64>> = xs
        .iter()
        .map(|x| (0..d).map(|j| (x[j] - mean[j]) / sd[j]).collect())
        .collect();
    let mut w = vec![0.0; d];
    for _ in 0..12 {
        let mut grad = vec![0.0; d];
        let mut hess = vec![vec![0.0; d]; d];
        for (x, &y) in scaled.iter().zip(ys) {
            let p = sigmoid(x.iter().zip(&w).map(|(a, b)| a * b).sum());
            let s = p * (1.0 - p);
            for i in 0..d {
                grad[i] += (y - p) * x[i];
                let sx = s * x[i];
                for (h, &xj) in hess[i][..=i].iter_mut().zip(x) {
                    *h += sx * xj;
                }
            }
        }
        // Only the lower triangle was summed; `solve` reads no more.
        for i in 1..d {
            grad[i] -= ridge * w[i];
            hess[i][i] += ridge;
        }
        hess[0][0] += 1e-9;
        let step = solve(hess, &grad);
        for (wi, si) in w.iter_mut().zip(&step) {
            *wi += si;
        }
    }
    // Back to raw inputs.
    let mut raw: Vec<f64> = (0..d).map(|j| w[j] / sd[j]).collect();
    raw[0] = w[0] - (1..d).map(|j| w[j] * mean[j] / sd[j]).sum::<f64>();
    raw
}

fn log_loss(w: &[f64], xs: &[Vec<f64>], ys: &[f64]) -> f64 {
    let total: f64 = xs
        .iter()
        .zip(ys)
        .map(|(x, &y)| {
            let p = sigmoid(x.iter().zip(w).map(|(a, b)| a * b).sum()).clamp(1e-12, 1.0 - 1e-12);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / xs.len() as f64
}

fn fit(label: &str, model_out: &str, data: &[String]) {
    let rows = load(data);
    let ridge: f64 = std::env::var("RIDGE").map_or(1.0, |r| r.parse().unwrap());
    // Hold out one game in five (a game's records are consecutive, its move index rising).
    let mut game = 0;
    let mut train = (Vec::new(), Vec::new(), Vec::new());
    let mut test = (Vec::new(), Vec::new(), Vec::new());
    for (i, row) in rows.iter().enumerate() {
        if i > 0 && row[2] <= rows[i - 1][2] {
            game += 1;
        }
        let Some(y) = target(label, row) else {
            continue;
        };
        let set = match game % 5 == 0 {
            true => &mut test,
            false => &mut train,
        };
        set.0.push(inputs(row, false));
        set.1.push(inputs(row, true));
        set.2.push(y);
    }
    let base_rate = train.2.iter().sum::<f64>() / train.2.len() as f64;
    eprintln!(
        "{} positions ({} held out), mean survival target {base_rate:.3}",
        train.2.len(),
        test.2.len()
    );
    let context = fit_logistic(&train.0, &train.2, ridge);
    let full = fit_logistic(&train.1, &train.2, ridge);
    eprintln!(
        "log-loss, held out: fill and room {:.4}, with patterns {:.4} (train {:.4} / {:.4})",
        log_loss(&context, &test.0, &test.2),
        log_loss(&full, &test.1, &test.2),
        log_loss(&context, &train.0, &train.2),
        log_loss(&full, &train.1, &train.2)
    );
    let patterns: Vec<f64> = match fixed_model() {
        Some(fixed) => {
            eprintln!("FIXED: its score weighs {:.3} in the fit", full[CONTEXT]);
            if !residual() {
                return;
            }
            let rest = &full[CONTEXT + 1..CONTEXT + 1 + pattern::COUNT];
            fixed
                .iter()
                .zip(rest)
                .map(|(w, r)| full[CONTEXT] * w + r)
                .collect()
        }
        None => full[CONTEXT..CONTEXT + pattern::COUNT].to_vec(),
    };
    let patterns: Vec<String> = patterns.iter().map(|w| format!("{w:.4}")).collect();
    std::fs::write(model_out, patterns.join(",")).expect("model file");
}

fn play(seeds: &[u64], model: Option<Vec<f64>>, weights: &[f64]) {
    // Without a model, the player as it is.
    let runs: Vec<Option<Learned>> = match model {
        None => vec![None],
        Some(model) => weights
            .iter()
            .map(|&weight| {
                Some(Learned {
                    model: model.clone(),
                    weight,
                })
            })
            .collect(),
    };
    for learned in &runs {
        let (mut lengths, mut score, mut full) = (Vec::new(), 0, 0);
        for &seed in seeds {
            let instance = Lines::generate(seed, &Params::new());
            let outcome = play_greedy(&instance, learned.as_ref(), |_, _, _| {});
            lengths.push(outcome.moves as f64);
            score += outcome.score;
            full += (outcome.moves == MAX_MOVES) as usize;
        }
        let count = seeds.len() as f64;
        let mean = lengths.iter().sum::<f64>() / count;
        let variance = lengths.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (count - 1.0);
        println!(
            "weight {:6.2}: {} seeds, mean length {mean:.1} (± {:.1}), full games {full}, mean \
             score {:.0}",
            learned.as_ref().map_or(f64::NAN, |l| l.weight),
            seeds.len(),
            (variance / count).sqrt(),
            score as f64 / count
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize| -> u64 { args[i].parse().expect("a number") };
    match args.get(1).map(String::as_str) {
        Some("record") => {
            let seeds = seeds_in_range(number(3), number(4) as usize);
            let learned = (args.len() > 6).then(|| Learned {
                model: read_model(&args[5]),
                weight: args[6].parse().unwrap(),
            });
            record(&args[2], &seeds, &Player::Greedy(learned));
        }
        Some("record-x") => {
            let seeds = seeds_in_range(number(3), number(4) as usize);
            let var = |name: &str, default: f64| {
                std::env::var(name).map_or(default, |v| v.parse().expect("a number"))
            };
            let model = args.get(5).map(|path| read_model(path));
            let player =
                Player::Expectimax(var("BUDGET", 1000.0), var("UNIT_US", 6.0) / 1000.0, model);
            record(&args[2], &seeds, &player);
        }
        Some("fit") => fit(&args[2], &args[3], &args[4..]),
        Some("play") => {
            let seeds = seeds_in_range(number(2), number(3) as usize);
            let model = args.get(4).map(|path| read_model(path));
            let weights: Vec<f64> = args
                .iter()
                .skip(5)
                .map(|w| w.parse().expect("weights"))
                .collect();
            play(&seeds, model, &weights);
        }
        Some("rust") => {
            let model = read_model(&args[2]);
            println!("pub const LEARNED: [f64; pattern::COUNT] = [");
            for chunk in model.chunks(8) {
                let line: Vec<String> = chunk.iter().map(|w| format!("{w:.4}")).collect();
                println!("    {},", line.join(", "));
            }
            println!("];");
        }
        _ => eprintln!("usage: see the doc comment of examples/lines_learn.rs"),
    }
}
