//! `arcade`: the command line over the game registry. Text in, text out:
//!
//!   arcade list
//!   arcade gen GAME --seed S [--PARAM V ...]
//!   arcade score GAME --seed S [--PARAM V ...] FILE        (FILE `-` is stdin)
//!   arcade solve GAME --seed S [--budget-ms B] [--solver NAME] [--PARAM V ...]
//!   arcade bench GAME [--seeds A..B] [--budget-ms B] [--solver NAME] [--jobs J]
//!   arcade ipsc2014b easy|hard|stress ...   (IPSC 2014 B's own task, see strip2048::ipsc)
//!
//! `score` prints `score: X` as its last line; an invalid output prints
//! `error: move K: reason` on stderr and exits with status 1.

use arcade::clock::{now_ms, Budget};
use arcade::game::{DynGame, Error, Params};
use arcade::games;
use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "usage:
  arcade list
  arcade gen GAME --seed S [--PARAM V ...]
  arcade score GAME --seed S [--PARAM V ...] FILE   (FILE - reads stdin)
  arcade solve GAME --seed S [--budget-ms B] [--solver NAME] [--PARAM V ...]
  arcade bench GAME [--seeds A..B] [--budget-ms B] [--solver NAME] [--jobs J] [--PARAM V ...]
  arcade ipsc2014b easy|hard < FILE | arcade ipsc2014b stress [--count C] [--n N] [--seed S]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Command-line options common to every subcommand.
struct Options {
    game: &'static dyn DynGame,
    seed: Option<String>,
    seeds: Option<String>,
    budget_ms: f64,
    solver: Option<String>,
    jobs: usize,
    params: Params,
    files: Vec<String>,
}

fn parse_options(game_id: Option<&String>, rest: &[String]) -> Result<Options, String> {
    let game_id = game_id.ok_or_else(|| format!("missing GAME\n{USAGE}"))?;
    let game = games::find(game_id).ok_or_else(|| games::unknown(game_id))?;
    let info = game.info();
    let mut options = Options {
        game,
        seed: None,
        seeds: None,
        budget_ms: 5000.0,
        solver: None,
        jobs: 1,
        params: Params::new(),
        files: Vec::new(),
    };
    let mut i = 0;
    while i < rest.len() {
        let arg = &rest[i];
        let Some(name) = arg.strip_prefix("--") else {
            options.files.push(arg.clone());
            i += 1;
            continue;
        };
        let value = rest
            .get(i + 1)
            .ok_or_else(|| format!("option --{name} needs a value"))?;
        match name {
            "seed" => options.seed = Some(value.clone()),
            "seeds" => options.seeds = Some(value.clone()),
            "budget-ms" => {
                options.budget_ms = value
                    .parse::<f64>()
                    .ok()
                    .filter(|b| b.is_finite() && *b > 0.0)
                    .ok_or_else(|| {
                        format!("--budget-ms must be a positive number, got '{value}'")
                    })?
            }
            "solver" => options.solver = Some(value.clone()),
            "jobs" => {
                options.jobs = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&j| j >= 1)
                    .ok_or_else(|| format!("--jobs must be a positive integer, got '{value}'"))?
            }
            _ if info.params.iter().any(|p| p.name == name) => {
                let v: i64 = value
                    .parse()
                    .map_err(|_| format!("--{name} must be an integer, got '{value}'"))?;
                options.params.insert(name.to_string(), v);
            }
            _ => return Err(format!("unknown option --{name} for {}", info.id)),
        }
        i += 2;
    }
    Ok(options)
}

impl Options {
    fn seed(&self) -> Result<u64, String> {
        let text = self.seed.as_ref().ok_or("missing --seed S")?;
        self.game.parse_seed(text).map_err(|e| e.to_string())
    }

    fn solver(&self) -> &str {
        self.solver.as_deref().unwrap_or(self.game.info().agents[0])
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let Some(command) = args.first() else {
        return Err(format!("missing command\n{USAGE}"));
    };
    if command == "list" {
        for game in games::ALL {
            let info = game.info();
            println!(
                "{:16} {} (solvers: {})",
                info.id,
                info.title,
                info.agents.join(", ")
            );
        }
        return Ok(());
    }
    if command == "help" || command == "--help" || command == "-h" {
        println!("{USAGE}");
        return Ok(());
    }
    if command == "ipsc2014b" {
        print!(
            "{}",
            games::strip2048::ipsc::cli(&args[1..], || read_file("-"))?
        );
        return Ok(());
    }
    let options = parse_options(args.get(1), &args[2.min(args.len())..])?;
    match command.as_str() {
        "gen" => {
            let text = options
                .game
                .input_text(options.seed()?, &options.params)
                .map_err(|e| e.to_string())?;
            print!("{text}");
            Ok(())
        }
        "score" => score(&options),
        "solve" => solve(&options),
        "bench" => bench(&options),
        _ => Err(format!("unknown command '{command}'\n{USAGE}")),
    }
}

fn read_file(path: &str) -> Result<String, String> {
    let mut text = String::new();
    if path == "-" {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
    } else {
        text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    }
    Ok(text)
}

fn score(options: &Options) -> Result<(), String> {
    let [path] = options.files.as_slice() else {
        return Err("score needs exactly one FILE (or - for stdin)".into());
    };
    let output = read_file(path)?;
    match options
        .game
        .score(options.seed()?, &options.params, &output)
    {
        Ok(score) => {
            println!("score: {score}");
            Ok(())
        }
        Err(e) => Err(e.to_string()),
    }
}

fn solve(options: &Options) -> Result<(), String> {
    let mut budget = Budget::new(options.budget_ms);
    let solution = options
        .game
        .solve(
            options.seed()?,
            &options.params,
            options.solver(),
            &mut budget,
        )
        .map_err(|e| e.to_string())?;
    print!("{}", solution.output);
    eprintln!("score: {}", solution.score);
    Ok(())
}

/// `A..B` (inclusive) or a single seed.
fn parse_seed_range(game: &dyn DynGame, text: &str) -> Result<Vec<u64>, String> {
    let (a, b) = text.split_once("..").unwrap_or((text, text));
    let first = game.parse_seed(a).map_err(|e| e.to_string())?;
    let last = game.parse_seed(b).map_err(|e| e.to_string())?;
    if last < first || last - first >= 100_000 {
        return Err(format!(
            "--seeds {text}: need A..B with A <= B and at most 100000 seeds"
        ));
    }
    Ok((first..=last).collect())
}

struct BenchRow {
    seed: u64,
    score: Result<i64, Error>,
    moves: usize,
    ms: f64,
}

fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(|a, b| a.total_cmp(b));
    let m = values.len() / 2;
    if values.len() % 2 == 1 {
        values[m]
    } else {
        (values[m - 1] + values[m]) / 2.0
    }
}

fn bench(options: &Options) -> Result<(), String> {
    let game = options.game;
    let info = game.info();
    let default_seeds = format!("{}..{}", info.min_seed.max(1), info.min_seed.max(1) + 9);
    let seeds = parse_seed_range(game, options.seeds.as_deref().unwrap_or(&default_seeds))?;
    let solver = options.solver().to_string();
    println!(
        "# {} — solver {solver}, budget {} ms per seed, {} job(s)",
        info.id, options.budget_ms, options.jobs
    );
    let run_one = |seed: u64| {
        let start = now_ms();
        let mut budget = Budget::new(options.budget_ms);
        let result = game.solve(seed, &options.params, &solver, &mut budget);
        let ms = now_ms() - start;
        match result {
            Ok(s) => BenchRow {
                seed,
                score: Ok(s.score),
                moves: s.moves,
                ms,
            },
            Err(e) => BenchRow {
                seed,
                score: Err(e),
                moves: 0,
                ms,
            },
        }
    };
    let mut rows: Vec<BenchRow> = Vec::new();
    let chunks: Vec<Vec<u64>> = (0..options.jobs)
        .map(|j| {
            seeds
                .iter()
                .copied()
                .skip(j)
                .step_by(options.jobs)
                .collect()
        })
        .collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| scope.spawn(|| chunk.iter().map(|&s| run_one(s)).collect::<Vec<_>>()))
            .collect();
        for h in handles {
            rows.extend(h.join().expect("a bench thread panicked"));
        }
    });
    rows.sort_by_key(|r| r.seed);

    println!("| seed | instance | score | moves | ms |");
    println!("|---:|---|---:|---:|---:|");
    for row in &rows {
        let label = game.describe(row.seed, &options.params);
        match &row.score {
            Ok(s) => println!(
                "| {} | {label} | {s} | {} | {:.0} |",
                row.seed, row.moves, row.ms
            ),
            Err(e) => println!("| {} | {label} | error: {e} | | {:.0} |", row.seed, row.ms),
        }
    }
    let mut scores: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.score.as_ref().ok().map(|&s| s as f64))
        .collect();
    let mut moves: Vec<f64> = rows.iter().map(|r| r.moves as f64).collect();
    let times: Vec<f64> = rows.iter().map(|r| r.ms).collect();
    let mean = scores.iter().sum::<f64>() / scores.len().max(1) as f64;
    println!(
        "\nscore: mean {mean:.1}, median {:.1}, sum {:.0} over {} seeds ({} errors)",
        median(&mut scores.clone()),
        scores.iter().sum::<f64>(),
        rows.len(),
        rows.len() - scores.len()
    );
    println!(
        "moves: median {:.0}; time: median {:.0} ms, max {:.0} ms",
        median(&mut moves),
        median(&mut times.clone()),
        times.iter().cloned().fold(0.0, f64::max)
    );
    scores.clear();

    // Simulator throughput: replay the deterministic greedy output of the first seed.
    let seed = seeds[0];
    let greedy = game
        .solve(seed, &options.params, "greedy", &mut Budget::new(f64::MAX))
        .map_err(|e| e.to_string())?;
    let mut rates: Vec<f64> = (0..5)
        .map(|_| {
            let start = now_ms();
            let moves = game
                .replay_throughput(seed, &options.params, &greedy.output, 200.0)
                .unwrap_or(0);
            moves as f64 / ((now_ms() - start) / 1000.0)
        })
        .collect();
    println!(
        "simulator: median {:.0} moves/s (seed {seed}, greedy output of {} moves, 5 runs of 200 ms)",
        median(&mut rates),
        greedy.moves
    );
    Ok(())
}
