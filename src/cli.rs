//! The `arcade` command line (native only; `main.rs` says why).

use arcade::bench::DynBench;
use arcade::clock::{now_ms, Budget};
use arcade::game::{DynGame, Error, ParamSpec, Params};
use arcade::games;
use arcade::report::{self, median, Record, Run};
use arcade::tester::batch::{self, seed_file, Batch, Summary};
use arcade::tester::{DynTester, RunSpec, Status};
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::{ExitCode, Stdio};

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
    /// The per-group table of `bench --tsv` files (native or wasm runs), summarised again
    Summary(SummaryArgs),
    /// Run your own program like the contest's official tester, on one seed or many
    Run(RunArgs),
    /// Score two folders of outputs (<seed>.txt) seed by seed, with wins, ties and losses
    Compare(CompareArgs),
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
    /// The game's id (`arcade list` names them)
    #[arg(value_name = "GAME", value_parser = game)]
    game: &'static dyn DynGame,
    /// The test's seed
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<String>,
    /// Write the inputs of seeds A..B (inclusive) to DIR/<seed>.txt
    #[arg(long, value_name = "A..B", requires = "dir")]
    seeds: Option<String>,
    /// The folder for --seeds (created if missing)
    #[arg(long, value_name = "DIR", conflicts_with = "seed")]
    dir: Option<PathBuf>,
}

#[derive(Args)]
struct ScoreArgs {
    /// The game's id (`arcade list` names them)
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
    /// The game's id (`arcade list` names them)
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
    /// The game's id (`arcade list` names them)
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
    /// Also write the per-seed rows to FILE as TSV, for `arcade summary`
    #[arg(long, value_name = "FILE")]
    tsv: Option<PathBuf>,
}

#[derive(Args)]
struct SummaryArgs {
    /// The game's id (`arcade list` names them)
    #[arg(value_name = "GAME", value_parser = game)]
    game: &'static dyn DynGame,
    /// TSV files of one run, from `arcade bench --tsv` or scripts/bench-solvers-wasm.mjs
    #[arg(value_name = "FILE.tsv", required = true)]
    files: Vec<PathBuf>,
    /// Group by these names of the instance label instead of the game's own (e.g. `--by U`
    /// for territory): each seed's instance is generated again with the game's default
    /// parameters, so use it only for runs made without parameter overrides
    #[arg(long, value_name = "NAME", value_delimiter = ',')]
    by: Vec<String>,
    /// Another program's scores (a TSV with columns seed and score, such as `arcade run
    /// --format tsv` writes): adds a table of our mean against its mean, their ratio and the
    /// seeds won, tied and lost, by group, on the seeds both have
    #[arg(long, value_name = "TSV")]
    against: Option<PathBuf>,
}

const RUN_HELP: &str = "\
The program talks to the tester over its stdin and stdout in the contest's own protocol. One
seed: the contest output on stdout, the program's stderr, then `error: move K: reason` when the
run is invalid and `score: X` last on stderr (status 1 when invalid). Many seeds: a table.

Examples:
  arcade run lines --seed 1 -- ./my_solution
  arcade run territory --seeds 0..99 --jobs 4 --out out --format tsv -- python3 main.py > a.tsv
  arcade run lines --seeds 1..100 --compare best.tsv -- java -cp bin Lines";

#[derive(Args)]
#[command(group = clap::ArgGroup::new("which").required(true).args(["seed", "seeds"]))]
struct RunArgs {
    /// The game's id (`arcade list` names them)
    #[arg(value_name = "GAME", value_parser = game)]
    game: &'static dyn DynGame,
    /// One seed: the output on stdout, `score: X` last on stderr
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<String>,
    /// Seeds A..B (inclusive): a table of results
    #[arg(long, value_name = "A..B")]
    seeds: Option<String>,
    /// The time limit instead of the contest's
    #[arg(long, value_name = "MS", value_parser = positive_limit, allow_negative_numbers = true)]
    time_limit_ms: Option<u64>,
    /// Seeds run at the same time (default: the number of cores)
    #[arg(long, value_name = "J", value_parser = positive_count, conflicts_with = "seed", allow_negative_numbers = true)]
    jobs: Option<usize>,
    /// Write each output to DIR/<seed>.txt and the program's stderr to DIR/<seed>.err
    #[arg(long, value_name = "DIR", conflicts_with = "seed")]
    out: Option<PathBuf>,
    /// The table's format
    #[arg(long, value_enum, default_value = "table", conflicts_with = "seed")]
    format: Format,
    /// Reference scores, for the contest's relative score: a folder of outputs (<seed>.txt)
    /// or a TSV of scores (columns seed and score); repeat for more competitors
    #[arg(long, value_name = "DIR|TSV", conflicts_with = "seed")]
    compare: Vec<PathBuf>,
    /// The program and its arguments
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// A Markdown table, then the sum and mean
    Table,
    /// Tab-separated values with a header line (they merge with `cat`)
    Tsv,
    /// One JSON object: the runs and the summary
    Json,
}

#[derive(Args)]
struct CompareArgs {
    /// The game's id (`arcade list` names them)
    #[arg(value_name = "GAME", value_parser = game)]
    game: &'static dyn DynGame,
    /// The first folder of outputs
    #[arg(value_name = "DIR_A")]
    a: PathBuf,
    /// The second folder of outputs
    #[arg(value_name = "DIR_B")]
    b: PathBuf,
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

/// Why a command failed: a bad argument exits with status 2 (as clap's own errors do), any
/// other failure (an invalid output, a file that cannot be read) with status 1, so a script
/// can tell them apart.
#[derive(Debug)]
enum Failure {
    Usage(String),
    Other(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Other(message)
    }
}

impl From<arcade::game::Error> for Failure {
    fn from(error: arcade::game::Error) -> Self {
        match error {
            arcade::game::Error::Request(reason) => Failure::Usage(reason),
            move_error => Failure::Other(move_error.to_string()),
        }
    }
}

fn game(id: &str) -> Result<&'static dyn DynGame, String> {
    games::find(id).ok_or_else(|| games::unknown(id))
}

/// The game's tester (`arcade run`) and simulator benchmark, from the registry's own lists.
fn tester(game: &dyn DynGame) -> Result<&'static dyn DynTester, String> {
    games::tester(game.info().id).ok_or_else(|| games::unknown(game.info().id))
}

fn bench_of(game: &dyn DynGame) -> Result<&'static dyn DynBench, String> {
    games::bench(game.info().id).ok_or_else(|| games::unknown(game.info().id))
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

fn positive_limit(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .filter(|&t| t >= 1)
        .ok_or_else(|| "must be a whole number of milliseconds, at least 1".into())
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
const WITH_PARAMS: [&str; 6] = ["gen", "score", "solve", "bench", "run", "compare"];

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
            let text = format!("{} {help} ({min} to {max})", info.id);
            match specs.iter_mut().find(|(n, _)| *n == name) {
                Some((_, helps)) => helps.push(text),
                None => specs.push((name, vec![text])),
            }
        }
    }
    let limits: Vec<String> = games::ALL
        .iter()
        .map(|g| {
            let info = g.info();
            let clock = match info.contest.clock {
                arcade::contest::Clock::Thinking => "thinking",
                arcade::contest::Clock::Wall => "wall",
            };
            let seconds = info.contest.time_limit_ms as f64 / 1000.0;
            format!("{} {seconds} s of {clock} time", info.id)
        })
        .collect();
    // `run`'s help ends with every contest's time limit, as the registry has it.
    command = command.mut_subcommand("run", |c| {
        c.after_help(format!(
            "{RUN_HELP}\n\nTime limits (--time-limit-ms overrides): {}.",
            limits.join(", ")
        ))
    });
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
fn game_params(matches: &ArgMatches, game: &dyn DynGame) -> Result<Params, Failure> {
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
            return Err(Failure::Usage(match known.is_empty() {
                true => format!(
                    "unknown option --{name} for {}: it takes no parameters",
                    info.id
                ),
                false => format!(
                    "unknown option --{name} for {} (its parameters: {})",
                    info.id,
                    known.join(", ")
                ),
            }));
        }
        params.insert(name.to_string(), value);
    }
    arcade::game::validate_params(info.params, &params).map_err(Failure::Usage)?;
    Ok(params)
}

pub fn main() -> ExitCode {
    let matches = with_game_params(Cli::command()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let params = |game: &dyn DynGame| match matches.subcommand() {
        Some((_, sub)) => game_params(sub, game),
        None => Ok(Params::new()),
    };
    let done = |result: Result<(), Failure>| result.map(|()| ExitCode::SUCCESS);
    let result = match cli.command {
        Command::List => {
            list();
            Ok(ExitCode::SUCCESS)
        }
        Command::Gen(args) => done(params(args.game).and_then(|p| gen(&args, &p))),
        Command::Score(args) => done(params(args.game).and_then(|p| score(&args, &p))),
        Command::Solve(args) => done(params(args.game).and_then(|p| solve(&args, &p))),
        Command::Bench(args) => done(params(args.game).and_then(|p| bench(&args, &p))),
        Command::Summary(args) => done(summary(&args).map_err(Failure::from)),
        Command::Run(args) => params(args.game).and_then(|p| run(&args, &p)),
        Command::Compare(args) => done(params(args.game).and_then(|p| compare(&args, &p))),
        Command::Ipsc2014b { task } => done(ipsc(task).map_err(Failure::from)),
    };
    match result {
        Ok(code) => code,
        Err(Failure::Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Other(message)) => {
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
fn seed_option(game: &dyn DynGame, text: &str) -> Result<u64, Failure> {
    seed(game, text).map_err(|e| Failure::Usage(format!("--seed {text}: {e}")))
}

/// The value of `--seeds`: `A..B` (inclusive) or a single seed; errors name the option.
fn parse_seed_range(game: &dyn DynGame, text: &str) -> Result<Vec<u64>, Failure> {
    let info = game.info();
    arcade::game::parse_seed_range(text, info.min_seed, info.max_seed)
        .map_err(|e| Failure::Usage(format!("--seeds {text}: {e}")))
}

fn gen(args: &GenArgs, params: &Params) -> Result<(), Failure> {
    let game = args.game;
    let (Some(seeds), Some(dir)) = (&args.seeds, &args.dir) else {
        let text = game.input_text(
            seed_option(game, args.seed.as_deref().unwrap_or_default())?,
            params,
        )?;
        print!("{text}");
        return Ok(());
    };
    let seeds = parse_seed_range(game, seeds)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for s in seeds {
        let text = game.input_text(s, params)?;
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

fn score(args: &ScoreArgs, params: &Params) -> Result<(), Failure> {
    let output = read_file(&args.file)?;
    let score = args
        .game
        .score(seed_option(args.game, &args.seed)?, params, &output)?;
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

fn solve(args: &SolveArgs, params: &Params) -> Result<(), Failure> {
    let mut budget = Budget::new(args.solver.budget_ms);
    let solution = args.game.solve(
        seed_option(args.game, &args.seed)?,
        params,
        &args.solver.name(args.game),
        &mut budget,
    )?;
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

/// `arcade run`: one seed (status 1 when invalid) or many (status 1 when any is invalid).
fn run(args: &RunArgs, params: &Params) -> Result<ExitCode, Failure> {
    let game = args.game;
    let Some(seeds) = &args.seeds else {
        let seed = seed_option(game, args.seed.as_deref().unwrap_or_default())?;
        let spec = RunSpec {
            command: &args.command,
            time_limit_ms: args.time_limit_ms,
            stderr: Stdio::inherit(),
        };
        let report = tester(game)?.run(seed, params, spec)?;
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(report.output.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write the output: {e}"))?;
        eprint!("{}", batch::verdict(&report));
        return Ok(exit_code(report.status == Status::Ok));
    };
    let seeds = parse_seed_range(game, seeds)?;
    let standing = game.info().contest.standing;
    let references = batch::load_references(game, params, &args.compare)?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let batch = Batch {
        tester: tester(game)?,
        params,
        seeds: &seeds,
        command: &args.command,
        time_limit_ms: args.time_limit_ms,
        jobs,
        out: args.out.as_deref(),
    };
    let live = std::io::stderr().is_terminal();
    let mut rows = batch.run(|p| {
        if live {
            eprint!(
                "\r{}/{} seeds done, {} invalid, mean score {:.1}\x1b[K",
                p.done,
                p.total,
                p.invalid,
                p.score_sum as f64 / p.done as f64
            );
        }
    })?;
    if live {
        eprint!("\r\x1b[K");
    }
    let relative =
        (!args.compare.is_empty()).then(|| batch::add_relative(&mut rows, standing, &references));
    let summary = Summary::of(&rows, relative);
    let text = match args.format {
        Format::Table => batch::table(&rows, &summary, standing),
        Format::Tsv => batch::tsv(&rows),
        Format::Json => {
            let json = serde_json::json!({
                "game": game.info().id,
                "command": args.command,
                "time_limit_ms": args.time_limit_ms.unwrap_or(game.info().contest.time_limit_ms),
                "runs": rows,
                "summary": summary,
                "standing": standing,
            });
            format!("{json:#}\n")
        }
    };
    print!("{text}");
    Ok(exit_code(summary.invalid == 0))
}

fn exit_code(ok: bool) -> ExitCode {
    match ok {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    }
}

/// `arcade compare`: both folders scored seed by seed (a missing or invalid output counts
/// with the contest's invalid score), the relative score of each against the other, and
/// A's wins, ties and losses.
fn compare(args: &CompareArgs, params: &Params) -> Result<(), Failure> {
    let game = args.game;
    let contest = game.info().contest;
    let a = batch::score_folder(game, params, &args.a)?;
    let b = batch::score_folder(game, params, &args.b)?;
    let mut seeds: Vec<u64> = a.keys().chain(b.keys()).copied().collect();
    seeds.sort_unstable();
    seeds.dedup();
    let raw =
        |scores: &std::collections::BTreeMap<u64, Result<i64, String>>, seed: u64| match scores
            .get(&seed)
        {
            Some(Ok(score)) => (*score, score.to_string()),
            Some(Err(e)) => (
                contest.invalid_score,
                format!("{} (invalid: {e})", contest.invalid_score),
            ),
            None => (contest.invalid_score, "missing".to_string()),
        };
    let standing = contest.standing;
    let (mut rel_a, mut rel_b) = (Vec::new(), Vec::new());
    let [mut wins, mut ties, mut losses] = [0; 3];
    println!("| seed | instance | A | B | relative A | relative B | |");
    println!("|---:|---|---:|---:|---:|---:|---|");
    for &seed in &seeds {
        let ((sa, ta), (sb, tb)) = (raw(&a, seed), raw(&b, seed));
        let (ra, rb) = (standing.per_test(sa, &[sb]), standing.per_test(sb, &[sa]));
        rel_a.push(ra);
        rel_b.push(rb);
        let mark = match sa.cmp(&sb) {
            std::cmp::Ordering::Greater => {
                wins += 1;
                "A"
            }
            std::cmp::Ordering::Equal => {
                ties += 1;
                "="
            }
            std::cmp::Ordering::Less => {
                losses += 1;
                "B"
            }
        };
        println!(
            "| {seed} | {} | {} | {} | {} | {} | {mark} |",
            game.describe(seed, params),
            ta.replace('|', "\\|"),
            tb.replace('|', "\\|"),
            batch::relative_text(standing, ra),
            batch::relative_text(standing, rb)
        );
    }
    println!(
        "\nA: {} · B: {} — {}: {}, {} seeds",
        batch::relative_text(standing, standing.total(&rel_a)),
        batch::relative_text(standing, standing.total(&rel_b)),
        standing.title(),
        standing.describe(),
        seeds.len()
    );
    println!("A against B: {wins} wins, {ties} ties, {losses} losses");
    // Seeds without a valid output count, but a wrong folder should not pass as ties.
    let valid = |scores: &std::collections::BTreeMap<u64, Result<i64, String>>, seed| {
        matches!(scores.get(&seed), Some(Ok(_)))
    };
    let neither: Vec<u64> = seeds
        .iter()
        .copied()
        .filter(|&s| !valid(&a, s) && !valid(&b, s))
        .collect();
    if !neither.is_empty() {
        println!(
            "Neither folder has a valid output for {} (counted as ties): {}",
            plural_seeds(neither.len()),
            seed_ranges(&neither)
        );
    }
    for (name, folder, scores) in [("A", &args.a, &a), ("B", &args.b, &b)] {
        if !seeds.iter().any(|&s| valid(scores, s)) {
            return Err(Failure::Other(format!(
                "{name} ({}) holds no valid {} output: is it the right folder?",
                folder.display(),
                game.info().id
            )));
        }
    }
    Ok(())
}

fn plural_seeds(count: usize) -> String {
    format!("{count} seed{}", if count == 1 { "" } else { "s" })
}

/// Seeds as short ranges: `1..3, 7, 9..12`.
fn seed_ranges(seeds: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < seeds.len() {
        let mut j = i;
        while j + 1 < seeds.len() && seeds[j + 1] == seeds[j] + 1 {
            j += 1;
        }
        parts.push(match j > i {
            true => format!("{}..{}", seeds[i], seeds[j]),
            false => seeds[i].to_string(),
        });
        i = j + 1;
    }
    parts.join(", ")
}

struct BenchRow {
    seed: u64,
    label: String,
    score: Result<i64, Error>,
    moves: usize,
    ms: f64,
}

/// A bench row as a report record: its group from the instance label, and whether it is a
/// full game by the game's move limit.
fn record(info: &arcade::game::GameInfo, row: &BenchRow) -> Result<Record, String> {
    let solved = row.score.is_ok();
    Ok(Record {
        seed: row.seed,
        group: report::label_values(&row.label, info.group_by)?,
        score: row.score.as_ref().ok().copied(),
        moves: row.moves,
        ms: row.ms,
        full: info
            .move_limit
            .filter(|_| solved)
            .map(|limit| row.moves >= limit),
    })
}

fn bench(args: &BenchArgs, params: &Params) -> Result<(), Failure> {
    let game = args.game;
    let info = game.info();
    let default_seeds = format!("{}..{}", info.min_seed.max(1), info.min_seed.max(1) + 9);
    let seeds = parse_seed_range(game, args.seeds.as_deref().unwrap_or(&default_seeds))?;
    let solver = args.solver.name(game);
    let budget_ms = args.solver.budget_ms;
    // Opened first: a path that cannot be written fails now, not after every seed is solved.
    let mut tsv_file = match &args.tsv {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        ),
        None => None,
    };
    println!(
        "# {} — solver {solver}, budget {budget_ms} ms per seed, {} job(s)",
        info.id, args.jobs
    );
    let run_one = |seed: u64| {
        let start = now_ms();
        let mut budget = Budget::new(budget_ms);
        let result = game.solve(seed, params, &solver, &mut budget);
        let ms = now_ms() - start;
        let label = game.describe(seed, params);
        match result {
            Ok(s) => BenchRow {
                seed,
                label,
                score: Ok(s.score),
                moves: s.moves,
                ms,
            },
            Err(e) => BenchRow {
                seed,
                label,
                score: Err(e),
                moves: 0,
                ms,
            },
        }
    };
    let rows: Vec<BenchRow> = arcade::parallel::map(&seeds, args.jobs, |&s| run_one(s));

    println!("| seed | instance | score | moves | ms |");
    println!("|---:|---|---:|---:|---:|");
    for row in &rows {
        let label = &row.label;
        match &row.score {
            Ok(s) => println!(
                "| {} | {label} | {s} | {} | {:.0} |",
                row.seed, row.moves, row.ms
            ),
            Err(e) => println!("| {} | {label} | error: {e} | | {:.0} |", row.seed, row.ms),
        }
    }
    let records: Vec<Record> = rows
        .iter()
        .map(|row| record(&info, row))
        .collect::<Result<_, _>>()?;
    println!();
    print!(
        "{}",
        report::group_table(info.group_by, &report::summarise(&records))
    );
    if let (Some(file), Some(path)) = (tsv_file.as_mut(), &args.tsv) {
        let run = Run {
            solver: solver.clone(),
            budget_ms: budget_ms.to_string(),
            runtime: "native".into(),
        };
        file.write_all(report::write_tsv(info.group_by, &run, &records).as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
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
    let simulator = bench_of(game)?;
    let seed = seeds[0];
    let greedy = game.solve(seed, params, "greedy", &mut Budget::new(f64::MAX))?;
    let mut rates: Vec<f64> = (0..5)
        .map(|_| {
            let start = now_ms();
            let moves = simulator
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

/// `arcade summary`: the per-group table of saved runs.
fn summary(args: &SummaryArgs) -> Result<(), String> {
    let info = args.game.info();
    let mut rows = Vec::new();
    for path in &args.files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        rows.extend(
            report::read_tsv(info.group_by, &text)
                .map_err(|e| format!("{}: {e}", path.display()))?,
        );
    }
    let (run, records) = report::merge(rows, info.move_limit)?;
    let (names, records) = match args.by.is_empty() {
        true => (info.group_by.to_vec(), records),
        false => {
            let names: Vec<&str> = args.by.iter().map(String::as_str).collect();
            let params = Params::new();
            let regrouped = records
                .into_iter()
                .map(|mut r| {
                    let label = args.game.describe(r.seed, &params);
                    r.group = report::label_values(&label, &names)
                        .map_err(|e| format!("--by: seed {}: {e}", r.seed))?;
                    Ok(r)
                })
                .collect::<Result<Vec<_>, String>>()?;
            (names, regrouped)
        }
    };
    println!(
        "# {} — solver {}, budget {} ms per seed, {}; {} seeds from {} file(s)",
        info.id,
        run.solver,
        run.budget_ms,
        run.runtime,
        records.len(),
        args.files.len()
    );
    print!(
        "{}",
        report::group_table(&names, &report::summarise(&records))
    );
    if let Some(path) = &args.against {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let reference: std::collections::BTreeMap<u64, i64> =
            arcade::standings::parse_score_table(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?
                .into_iter()
                .collect();
        let rows = report::against(&records, &reference);
        let all = rows.last().expect("the row of all");
        println!(
            "\n# against {} ({} of our {} seeds are in it)",
            path.display(),
            all.seeds,
            records.len()
        );
        print!("{}", report::against_table(&names, &rows));
    }
    Ok(())
}
