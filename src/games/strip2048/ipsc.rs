//! The original task, solved: IPSC 2014 B's input files in, its answer files out.
//!
//!   arcade ipsc2014b easy  < b1.in     the final strip of each test (B1)
//!   arcade ipsc2014b hard  < b2.in     the maximum score of each test (B2)
//!   arcade ipsc2014b stress [--count C] [--n N] [--seed S]
//!                                      times the exact B2 search on generated instances
//!
//! Input files: `t`, then t tests, each preceded by a blank line (read as whitespace).

use super::solver::exact::{search, Limits, MAX_CELLS};
use super::{cell_decimal, gen, step, Dir, SEED_WORDS};
use crate::clock::{now_ms, Budget};
use crate::game::Params;
use crate::rng::SubtractWithCarry;
use std::str::SplitWhitespace;

/// Whitespace-separated tokens with errors that say where they are.
struct Tokens<'a> {
    words: SplitWhitespace<'a>,
    /// 1-based test number for messages (0 while reading `t`).
    test: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Self {
        Tokens {
            words: text.split_whitespace(),
            test: 0,
        }
    }

    fn place(&self) -> String {
        if self.test == 0 {
            "the first line".into()
        } else {
            format!("test {}", self.test)
        }
    }

    fn next(&mut self, what: &str) -> Result<&'a str, String> {
        self.words
            .next()
            .ok_or_else(|| format!("{}: the input ends before {what}", self.place()))
    }

    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, String> {
        let token = self.next(what)?;
        token.parse().map_err(|_| {
            format!(
                "{}: {what} must be a whole number in range, got '{}'",
                self.place(),
                shorten(token)
            )
        })
    }

    /// A cell: 0 or a power of two from 2 on, as an exponent.
    fn cell(&mut self, i: usize) -> Result<u8, String> {
        let what = format!("cell {}", i + 1);
        let value: u128 = self.number(&what)?;
        match value {
            0 => Ok(0),
            v if v >= 2 && v.is_power_of_two() => Ok(v.trailing_zeros() as u8),
            v => Err(format!(
                "{}: {what} is {v}, which is neither 0 nor a power of two from 2",
                self.place()
            )),
        }
    }

    fn end(&mut self) -> Result<(), String> {
        match self.words.next() {
            None => Ok(()),
            Some(extra) => Err(format!(
                "unexpected '{}' after the last test",
                shorten(extra)
            )),
        }
    }
}

fn shorten(token: &str) -> String {
    if token.chars().count() > 24 {
        token.chars().take(24).collect::<String>() + "…"
    } else {
        token.to_string()
    }
}

/// One test: the strip (exponents) and the seed words; B1 adds the attempted moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    pub cells: Vec<u8>,
    pub seed: [u32; SEED_WORDS],
    pub moves: Vec<Dir>,
}

/// Reads a B1 (`with_moves`) or B2 input file.
pub fn parse(text: &str, with_moves: bool) -> Result<Vec<Test>, String> {
    let mut tokens = Tokens::new(text);
    let t: usize = tokens.number("the number of tests t")?;
    let mut tests = Vec::with_capacity(t.min(1000));
    for number in 1..=t {
        tokens.test = number;
        let n: usize = tokens.number("the strip length n")?;
        if n == 0 {
            return Err(format!(
                "test {number}: the strip length n must be at least 1"
            ));
        }
        let cells = (0..n)
            .map(|i| tokens.cell(i))
            .collect::<Result<Vec<u8>, String>>()?;
        let mut seed = [0u32; SEED_WORDS];
        for (i, word) in seed.iter_mut().enumerate() {
            *word = tokens.number(&format!("seed word x{i} (0..2^32-1)"))?;
        }
        let mut moves = Vec::new();
        if with_moves {
            let a: usize = tokens.number("the number of moves a")?;
            // The letters are one word in the statement; splitting them is tolerated.
            while moves.len() < a {
                for c in tokens
                    .next(&format!("move {} of {a}", moves.len() + 1))?
                    .chars()
                {
                    moves.push(match c {
                        'l' => Dir::Left,
                        'r' => Dir::Right,
                        _ => {
                            return Err(format!(
                                "test {number}: move {} is '{c}', not l or r",
                                moves.len() + 1
                            ))
                        }
                    });
                }
            }
            if moves.len() != a {
                return Err(format!(
                    "test {number}: a = {a} but the move string has {} letters",
                    moves.len()
                ));
            }
        }
        tests.push(Test { cells, seed, moves });
    }
    tokens.end()?;
    Ok(tests)
}

/// B1: the strip after all attempted moves (ineffective ones are skipped).
pub fn final_strip(test: &Test) -> Vec<u8> {
    let mut cells = test.cells.clone();
    let mut rng = SubtractWithCarry::new(test.seed);
    for &dir in &test.moves {
        step(&mut cells, dir, &mut rng);
    }
    cells
}

/// B1's answer file: one line of n exact numbers per test.
pub fn solve_easy(text: &str) -> Result<String, String> {
    let mut out = String::new();
    for test in parse(text, true)? {
        let line: Vec<String> = final_strip(&test).into_iter().map(cell_decimal).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    Ok(out)
}

/// B2: the best final score from the test's strip (exact layered search).
pub fn max_score(test: &Test) -> Result<u128, String> {
    if test.cells.len() > MAX_CELLS {
        return Err(format!(
            "a strip of {} cells is too long for the exact search (at most {MAX_CELLS})",
            test.cells.len()
        ));
    }
    let rng = SubtractWithCarry::new(test.seed);
    let mut unlimited = Budget::new(f64::INFINITY);
    let line = search(&test.cells, &rng, Limits::EXACT, &mut unlimited)
        .filter(|line| line.exact)
        .ok_or("the search was stopped")?;
    Ok(line.gained)
}

/// B2's answer file: one maximum score per test.
pub fn solve_hard(text: &str) -> Result<String, String> {
    let mut out = String::new();
    for (i, test) in parse(text, false)?.iter().enumerate() {
        let best = max_score(test).map_err(|e| format!("test {}: {e}", i + 1))?;
        out.push_str(&format!("{best}\n"));
    }
    Ok(out)
}

/// Timings of the exact B2 search over generated instances.
#[derive(Clone, Debug)]
pub struct StressReport {
    pub count: usize,
    pub n: usize,
    pub max_ms: f64,
    pub median_ms: f64,
    pub mean_ms: f64,
    pub slowest_seed: u64,
    pub max_states: usize,
    pub max_layers: usize,
    pub min_score: u128,
    pub max_score: u128,
}

/// Solves `count` generated instances of length `n` (seeds `first..`) exactly and times each.
pub fn stress(count: usize, n: usize, first: u64) -> StressReport {
    let mut params = Params::new();
    params.insert("n".into(), n as i64);
    let mut times = Vec::with_capacity(count);
    let mut report = StressReport {
        count,
        n,
        max_ms: 0.0,
        median_ms: 0.0,
        mean_ms: 0.0,
        slowest_seed: first,
        max_states: 0,
        max_layers: 0,
        min_score: u128::MAX,
        max_score: 0,
    };
    for seed in first..first + count as u64 {
        let instance = gen::generate(seed, &params);
        let started = now_ms();
        let rng = SubtractWithCarry::new(instance.seed);
        let mut unlimited = Budget::new(f64::INFINITY);
        let Some(line) = search(&instance.cells, &rng, Limits::EXACT, &mut unlimited) else {
            continue;
        };
        assert!(line.exact, "an unlimited search completes");
        let ms = now_ms() - started;
        if ms > report.max_ms {
            report.max_ms = ms;
            report.slowest_seed = seed;
        }
        times.push(ms);
        report.max_states = report.max_states.max(line.states);
        report.max_layers = report.max_layers.max(line.moves.len());
        report.min_score = report.min_score.min(line.gained);
        report.max_score = report.max_score.max(line.gained);
    }
    times.sort_by(|a, b| a.total_cmp(b));
    if !times.is_empty() {
        report.median_ms = times[times.len() / 2];
        report.mean_ms = times.iter().sum::<f64>() / times.len() as f64;
    }
    report
}

const USAGE: &str = "usage:
  arcade ipsc2014b easy < b1.in     prints the final strips (IPSC 2014 B1)
  arcade ipsc2014b hard < b2.in     prints the maximum scores (IPSC 2014 B2)
  arcade ipsc2014b stress [--count C] [--n N] [--seed S]
                                    times the exact search on C generated strips of length N";

/// The `arcade ipsc2014b ...` subcommand: its output text. `stdin` is read only by easy/hard.
pub fn cli(
    args: &[String],
    stdin: impl FnOnce() -> Result<String, String>,
) -> Result<String, String> {
    match args.first().map(String::as_str) {
        Some("easy") if args.len() == 1 => solve_easy(&stdin()?),
        Some("hard") if args.len() == 1 => solve_hard(&stdin()?),
        Some("stress") => {
            let (mut count, mut n, mut seed) = (1000usize, 9usize, 1u64);
            let mut rest = args[1..].iter();
            while let Some(flag) = rest.next() {
                let value = rest
                    .next()
                    .ok_or_else(|| format!("option {flag} needs a value"))?;
                let bad = || format!("{flag} must be a positive whole number, got '{value}'");
                match flag.as_str() {
                    "--count" => count = value.parse().ok().filter(|&c| c > 0).ok_or_else(bad)?,
                    "--n" => {
                        n = value
                            .parse()
                            .ok()
                            .filter(|&n| (2..=gen::MAX_N).contains(&n))
                            .ok_or_else(|| {
                                format!("--n must be 2..={}, got '{value}'", gen::MAX_N)
                            })?
                    }
                    "--seed" => seed = value.parse().ok().filter(|&s| s > 0).ok_or_else(bad)?,
                    _ => return Err(format!("unknown option {flag}\n{USAGE}")),
                }
            }
            let r = stress(count, n, seed);
            Ok(format!(
                "exact search on {} generated strips of n = {} (seeds {}..{}):\n\
                 time: max {:.2} ms (seed {}), median {:.2} ms, mean {:.2} ms\n\
                 largest search: {} states, {} effective moves; best scores {}..{}\n",
                r.count,
                r.n,
                seed,
                seed + count as u64 - 1,
                r.max_ms,
                r.slowest_seed,
                r.median_ms,
                r.mean_ms,
                r.max_states,
                r.max_layers,
                r.min_score,
                r.max_score
            ))
        }
        _ => Err(USAGE.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "1 2 3 ... 43" and "43 42 ... 1" as the samples abbreviate them.
    fn up() -> String {
        (1..=43)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn down() -> String {
        (1..=43)
            .rev()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn sample_b1() -> String {
        format!(
            "3\n\n2\n2 4\n{}\n2\nrl\n\n5\n2 2 4 8 0\n{}\n3\nlrl\n\n5\n2 2 4 8 0\n{}\n3\nlrl\n",
            up(),
            up(),
            down()
        )
    }

    pub fn sample_b2() -> String {
        format!("2\n\n4\n0 0 4 0\n{}\n\n3\n2 0 0\n{}\n", up(), down())
    }

    #[test]
    fn statement_sample_b1() {
        assert_eq!(
            solve_easy(&sample_b1()).unwrap(),
            "2 4\n2 16 2 0 2\n2 16 2 2 0\n"
        );
    }

    #[test]
    fn statement_sample_b2() {
        assert_eq!(solve_hard(&sample_b2()).unwrap(), "136\n20\n");
    }

    #[test]
    fn huge_tiles_print_exactly() {
        // Two 2^62 tiles merge into 2^63, then with a 2^63 into 2^64: past u64.
        let big = 1u64 << 62;
        let text = format!("1\n\n4\n{big} {big} {} 0\n{}\n2\nll\n", 1u64 << 63, up());
        let out = solve_easy(&text).unwrap();
        let first = out.split(' ').next().unwrap();
        assert_eq!(first, "18446744073709551616");
    }

    #[test]
    fn malformed_files_say_where() {
        let cases = [
            (
                "",
                "the first line: the input ends before the number of tests t",
            ),
            (
                "x",
                "the first line: the number of tests t must be a whole number",
            ),
            (
                "1\n\n2\n2 3\n",
                "test 1: cell 2 is 3, which is neither 0 nor a power of two",
            ),
            ("1\n\n2\n2 1\n", "test 1: cell 2 is 1"),
            (
                "1\n\n2\n2 0\n1 2",
                "test 1: the input ends before seed word x2",
            ),
            ("1\n\n0\n", "test 1: the strip length n must be at least 1"),
        ];
        for (text, needle) in cases {
            let e = parse(text, false).unwrap_err();
            assert!(e.contains(needle), "{text:?}: {e}");
        }
        let seeds = up();
        let e = parse(&format!("1\n\n2\n2 0\n{seeds}\n3\nlr\n"), true).unwrap_err();
        assert!(e.contains("ends before move 3 of 3"), "{e}");
        let e = parse(&format!("1\n\n2\n2 0\n{seeds}\n2\nlx\n"), true).unwrap_err();
        assert!(e.contains("move 2 is 'x'"), "{e}");
        let e = parse(&format!("1\n\n2\n2 0\n{seeds}\n2\nlrl\n"), true).unwrap_err();
        assert!(e.contains("a = 2 but the move string has 3"), "{e}");
        let e = parse(&format!("1\n\n2\n2 0\n{seeds} 9\n"), false).unwrap_err();
        assert!(e.contains("unexpected '9'"), "{e}");
        let e = parse(&format!("1\n\n2\n2 0\n4294967296 {seeds}\n"), false).unwrap_err();
        assert!(e.contains("seed word x0"), "{e}");
    }

    #[test]
    fn the_cli_dispatches() {
        let easy = cli(&["easy".into()], || Ok(sample_b1())).unwrap();
        assert!(easy.starts_with("2 4\n"));
        let stress_out = cli(
            &[
                "stress".into(),
                "--count".into(),
                "3".into(),
                "--n".into(),
                "5".into(),
            ],
            || unreachable!(),
        )
        .unwrap();
        assert!(
            stress_out.contains("3 generated strips of n = 5"),
            "{stress_out}"
        );
        assert!(cli(&["medium".into()], || Ok(String::new()))
            .unwrap_err()
            .contains("usage"));
        assert!(cli(
            &["stress".into(), "--n".into(), "1".into()],
            || unreachable!()
        )
        .unwrap_err()
        .contains("--n must be"));
    }
}
