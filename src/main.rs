//! `arcade`: the command line over the game registry. Text in, text out; `arcade --help` and
//! `arcade COMMAND --help` describe every option.
//!
//! `score` prints `score: X` as its last line; an invalid output prints
//! `error: move K: reason` on stderr and exits with status 1. Bad arguments exit with status 2
//! and a message naming the option.

use arcade::clock::{now_ms, Budget};
use arcade::game::{DynGame, Error, ParamSpec, Params};
use arcade::games;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "arcade",
    version,
    about = "Marathon Arcade: five optimisation-contest games, exact to the official testers",
    after_help = "Game parameters are options named as the official tools named them, for \
                  example `arcade gen lines --seed 5 --N 9 --C 4`; `arcade list` names the games."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games and their solvers
    List,
    /// Print a test's input exactly as the official tester feeds it, or write many to a folder
    Gen(GenArgs),
    /// Score a contest output as the official tester does; prints `score: X`
    Score(ScoreArgs),
    /// Run a built-in solver: its output on stdout, `score: X` last on stderr
    Solve(SolveArgs),
    /// Built-in solver strength over many seeds, and the simulator's speed
    Bench(BenchArgs),
    /// IPSC 2014 B's own task on its input files (stdin)
    #[command(name = "ipsc2014b")]
    Ipsc2014b {
        #[command(subcommand)]
        task: IpscTask,
    },
}

#[derive(Args)]
#[command(group = clap::ArgGroup::new("which").required(true).args(["seed", "seeds"]))]
struct GenArgs {
    #[arg(value_name = "GAME", value_parser = game)]
    game: &'static dyn DynGame,
    /// The test's seed
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<String>,
    /// Write the inputs of seeds A..B (inclusive) to DIR/<seed>.txt
    #[arg(long, value_name = "A..B", requires = "dir")]
    seeds: Option<String>,
    /// The folder for --seeds (created if missing)
    #[arg(long, value_name = "DIR", requires = "seeds")]
    dir: Option<PathBuf>,
}

#[derive(Args)]
struct ScoreArgs {
    #[arg(value_name = "GAME", value_parser = game)]
    game: &'static dyn DynGame,
    /// The test's seed
    #[arg(long, allow_negative_numbers = true)]
    seed: String,
    /// The contest output (`-` reads stdin)
    #[arg(value_name = "FILE")]
    file: String,
}

#[derive(Args)]
struct SolveArgs {
    #[arg(value_name = "GAME", value_parser = game)]
    game: &'static dyn DynGame,
    /// The test's seed
    #[arg(long, allow_negative_numbers = true)]
    seed: String,
    #[command(flatten)]
    solver: SolverArgs,
}

#[derive(Args)]
struct SolverArgs {
    /// Wall-clock budget of the solver, in milliseconds
    #[arg(long, value_name = "MS", default_value = "5000", value_parser = positive_ms, allow_negative_numbers = true)]
    budget_ms: f64,
    /// The solver (default: the game's first; `arcade list` names them)
    #[arg(long, value_name = "NAME")]
    solver: Option<String>,
}

#[derive(Args)]
struct BenchArgs {
    #[arg(value_name = "GAME", value_parser = game)]
    game: &'static dyn DynGame,
    /// Seeds A..B, inclusive, or one seed (default: the first ten)
    #[arg(long, value_name = "A..B")]
    seeds: Option<String>,
    #[command(flatten)]
    solver: SolverArgs,
    /// Seeds solved at the same time
    #[arg(long, value_name = "J", default_value = "1", value_parser = positive_count, allow_negative_numbers = true)]
    jobs: usize,
}

#[derive(Subcommand)]
enum IpscTask {
    /// B1: print the final strip of each test (stdin: b1.in)
    Easy,
    /// B2: print the maximum score of each test (stdin: b2.in)
    Hard,
    /// Time the exact B2 search on generated strips
    Stress {
        /// How many strips
        #[arg(long, value_name = "C", default_value = "1000", value_parser = positive_count)]
        count: usize,
        /// Their length
        #[arg(long, value_name = "N", default_value = "9", value_parser = strip_length)]
        n: usize,
        /// The first strip's seed
        #[arg(long, value_name = "S", default_value = "1", value_parser = clap::value_parser!(u64).range(1..))]
        seed: u64,
    },
}

fn game(id: &str) -> Result<&'static dyn DynGame, String> {
    games::find(id).ok_or_else(|| games::unknown(id))
}

fn positive_ms(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|b| b.is_finite() && *b > 0.0)
        .ok_or_else(|| "must be a positive number of milliseconds".into())
}

fn positive_count(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|&j| j >= 1)
        .ok_or_else(|| "must be a whole number of at least 1".into())
}

fn strip_length(text: &str) -> Result<usize, String> {
    use arcade::game::Game;
    let max = games::strip2048::Strip2048::PARAMS[0].max as usize;
    text.parse::<usize>()
        .ok()
        .filter(|n| (2..=max).contains(n))
        .ok_or_else(|| format!("must be a whole number from 2 to {max}"))
}

/// The subcommands that take game parameters.
const WITH_PARAMS: [&str; 4] = ["gen", "score", "solve", "bench"];

/// Every game's parameters, once per name, as options (`--N`, `--colors`, ...); which ones a
/// game accepts is checked after parsing, against that game's own list.
fn with_game_params(mut command: clap::Command) -> clap::Command {
    let mut specs: Vec<(&'static str, Vec<String>)> = Vec::new();
    for g in games::ALL {
        let info = g.info();
        for spec in info.params {
            let ParamSpec {
                name,
                min,
                max,
                help,
                ..
            } = *spec;
            let text = format!("{} {help} ({min}..={max})", info.id);
            match specs.iter_mut().find(|(n, _)| *n == name) {
                Some((_, helps)) => helps.push(text),
                None => specs.push((name, vec![text])),
            }
        }
    }
    for sub in WITH_PARAMS {
        command = command.mut_subcommand(sub, |mut c| {
            for (name, helps) in &specs {
                c = c.arg(
                    clap::Arg::new(*name)
                        .long(*name)
                        .value_name("V")
                        .value_parser(clap::value_parser!(i64))
                        .allow_negative_numbers(true)
                        .help(format!("Game parameter: {}", helps.join("; ")))
                        .help_heading("Game parameters"),
                );
            }
            c
        });
    }
    command
}

/// The game parameters given to a subcommand, checked against the game's own list.
fn game_params(matches: &ArgMatches, game: &dyn DynGame) -> Result<Params, String> {
    let info = game.info();
    let mut params = Params::new();
    for id in matches.ids() {
        let name = id.as_str();
        let Some(&value) = matches.try_get_one::<i64>(name).ok().flatten() else {
            continue;
        };
        if !info.params.iter().any(|p| p.name == name) {
            let known: Vec<String> = info
                .params
                .iter()
                .map(|p| format!("--{}", p.name))
                .collect();
            return Err(match known.is_empty() {
                true => format!(
                    "unknown option --{name} for {}: it takes no parameters",
                    info.id
                ),
                false => format!(
                    "unknown option --{name} for {} (its parameters: {})",
                    info.id,
                    known.join(", ")
                ),
            });
        }
        params.insert(name.to_string(), value);
    }
    arcade::game::validate_params(info.params, &params)?;
    Ok(params)
}

fn main() -> ExitCode {
    let matches = with_game_params(Cli::command()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let params = |game: &dyn DynGame| match matches.subcommand() {
        Some((_, sub)) => game_params(sub, game),
        None => Ok(Params::new()),
    };
    let result = match cli.command {
        Command::List => {
            list();
            Ok(())
        }
        Command::Gen(args) => params(args.game).and_then(|p| gen(&args, &p)),
        Command::Score(args) => params(args.game).and_then(|p| score(&args, &p)),
        Command::Solve(args) => params(args.game).and_then(|p| solve(&args, &p)),
        Command::Bench(args) => params(args.game).and_then(|p| bench(&args, &p)),
        Command::Ipsc2014b { task } => ipsc(task),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn list() {
    for game in games::ALL {
        let info = game.info();
        println!(
            "{:16} {} (solvers: {})",
            info.id,
            info.title,
            info.agents.join(", ")
        );
    }
}

fn seed(game: &dyn DynGame, text: &str) -> Result<u64, String> {
    game.parse_seed(text).map_err(|e| e.to_string())
}

/// The value of `--seed`; errors name the option.
fn seed_option(game: &dyn DynGame, text: &str) -> Result<u64, String> {
    seed(game, text).map_err(|e| format!("--seed {text}: {e}"))
}

/// `A..B` (inclusive) or a single seed.
fn parse_seed_range(game: &dyn DynGame, text: &str) -> Result<Vec<u64>, String> {
    let (a, b) = text.split_once("..").unwrap_or((text, text));
    let first = seed(game, a).map_err(|e| format!("--seeds {text}: {e}"))?;
    let last = seed(game, b).map_err(|e| format!("--seeds {text}: {e}"))?;
    if last < first || last - first >= 100_000 {
        return Err(format!(
            "--seeds {text}: need A..B with A <= B and at most 100000 seeds"
        ));
    }
    Ok((first..=last).collect())
}

/// `DIR/<seed>.txt`, the seed zero-padded to four digits as AtCoder's tools name their files
/// (`0000.txt`), so that names sort by seed below 10,000.
fn seed_file(dir: &Path, seed: u64, extension: &str) -> PathBuf {
    dir.join(format!("{seed:04}.{extension}"))
}

fn gen(args: &GenArgs, params: &Params) -> Result<(), String> {
    let game = args.game;
    let (Some(seeds), Some(dir)) = (&args.seeds, &args.dir) else {
        let text = game
            .input_text(
                seed_option(game, args.seed.as_deref().unwrap_or_default())?,
                params,
            )
            .map_err(|e| e.to_string())?;
        print!("{text}");
        return Ok(());
    };
    let seeds = parse_seed_range(game, seeds)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for s in seeds {
        let text = game.input_text(s, params).map_err(|e| e.to_string())?;
        let path = seed_file(dir, s, "txt");
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
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

fn score(args: &ScoreArgs, params: &Params) -> Result<(), String> {
    let output = read_file(&args.file)?;
    let score = args
        .game
        .score(seed_option(args.game, &args.seed)?, params, &output)
        .map_err(|e| e.to_string())?;
    println!("score: {score}");
    Ok(())
}

impl SolverArgs {
    fn name(&self, game: &dyn DynGame) -> String {
        self.solver
            .clone()
            .unwrap_or_else(|| game.info().agents[0].to_string())
    }
}

fn solve(args: &SolveArgs, params: &Params) -> Result<(), String> {
    let mut budget = Budget::new(args.solver.budget_ms);
    let solution = args
        .game
        .solve(
            seed_option(args.game, &args.seed)?,
            params,
            &args.solver.name(args.game),
            &mut budget,
        )
        .map_err(|e| e.to_string())?;
    print!("{}", solution.output);
    eprintln!("score: {}", solution.score);
    Ok(())
}

fn ipsc(task: IpscTask) -> Result<(), String> {
    use games::strip2048::ipsc;
    let text = match task {
        IpscTask::Easy => ipsc::solve_easy(&read_file("-")?)?,
        IpscTask::Hard => ipsc::solve_hard(&read_file("-")?)?,
        IpscTask::Stress { count, n, seed } => ipsc::stress(count, n, seed).to_string(),
    };
    print!("{text}");
    Ok(())
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

fn bench(args: &BenchArgs, params: &Params) -> Result<(), String> {
    let game = args.game;
    let info = game.info();
    let default_seeds = format!("{}..{}", info.min_seed.max(1), info.min_seed.max(1) + 9);
    let seeds = parse_seed_range(game, args.seeds.as_deref().unwrap_or(&default_seeds))?;
    let solver = args.solver.name(game);
    let budget_ms = args.solver.budget_ms;
    println!(
        "# {} — solver {solver}, budget {budget_ms} ms per seed, {} job(s)",
        info.id, args.jobs
    );
    let run_one = |seed: u64| {
        let start = now_ms();
        let mut budget = Budget::new(budget_ms);
        let result = game.solve(seed, params, &solver, &mut budget);
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
    let chunks: Vec<Vec<u64>> = (0..args.jobs)
        .map(|j| seeds.iter().copied().skip(j).step_by(args.jobs).collect())
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
        let label = game.describe(row.seed, params);
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
        .solve(seed, params, "greedy", &mut Budget::new(f64::MAX))
        .map_err(|e| e.to_string())?;
    let mut rates: Vec<f64> = (0..5)
        .map(|_| {
            let start = now_ms();
            let moves = game
                .replay_throughput(seed, params, &greedy.output, 200.0)
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
