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
    /// The instances are seeds `first_seed..first_seed + count`.
    pub first_seed: u64,
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
        first_seed: first,
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
    if !times.is_empty() {
        report.mean_ms = times.iter().sum::<f64>() / times.len() as f64;
        report.median_ms = crate::report::median(&mut times);
    }
    report
}

/// The report as `arcade ipsc2014b stress` prints it.
impl std::fmt::Display for StressReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "exact search on {} generated strips of n = {} (seeds {}..{}):",
            self.count,
            self.n,
            self.first_seed,
            self.first_seed + self.count as u64 - 1
        )?;
        writeln!(
            f,
            "time: max {:.2} ms (seed {}), median {:.2} ms, mean {:.2} ms",
            self.max_ms, self.slowest_seed, self.median_ms, self.mean_ms
        )?;
        writeln!(
            f,
            "largest search: {} states, {} effective moves; best scores {}..{}",
            self.max_states, self.max_layers, self.min_score, self.max_score
        )
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
}
