//! Solver reports by group of instances (issue #15): per seed a game's score, length and time;
//! per group of seeds that share the parameters named in `Game::GROUP_BY`, the full games,
//! mean and median score and length, and deaths per 1,000 moves.
//!
//! The rows come from `arcade bench` natively or from its TSV (`--tsv`, which
//! `scripts/bench-solvers-wasm.mjs` also writes for the wasm build), so that saved runs can be
//! summarised again with `arcade summary`.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// One solved seed.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub seed: u64,
    /// The values of the game's `GROUP_BY` names, in that order.
    pub group: Vec<String>,
    /// `None` when the solver failed on this seed.
    pub score: Option<i64>,
    pub moves: usize,
    pub ms: f64,
    /// Whether the game reached its move limit; `None` for a game without one.
    pub full: Option<bool>,
}

/// What produced a set of records; a TSV carries it on every row so files of different runs
/// are never summarised together by mistake.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Run {
    pub solver: String,
    /// As given (`5000`), kept as text so it compares exactly.
    pub budget_ms: String,
    /// `native` or `wasm`.
    pub runtime: String,
}

/// The values of `names` in a `describe` label such as `N=9 C=4`, in the order of `names`.
pub fn label_values(label: &str, names: &[&str]) -> Result<Vec<String>, String> {
    let pairs: Vec<(&str, &str)> = label
        .split_whitespace()
        .filter_map(|item| item.split_once('='))
        .collect();
    names
        .iter()
        .map(|name| {
            pairs
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.to_string())
                .ok_or_else(|| format!("the instance label '{label}' has no {name}="))
        })
        .collect()
}

/// The median (the mean of the middle two for an even count); NaN when empty.
pub fn median(values: &mut [f64]) -> f64 {
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

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// The summary of one group of records.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupStats {
    /// The group's values (`GROUP_BY` order); `None` for the row of all records.
    pub group: Option<Vec<String>>,
    pub seeds: usize,
    /// Seeds the solver failed on; they count in `seeds` and nowhere else.
    pub errors: usize,
    /// Games that reached the move limit; `None` for a game without one.
    pub full: Option<usize>,
    pub mean_score: f64,
    pub median_score: f64,
    pub mean_moves: f64,
    pub median_moves: f64,
    /// Games that ended before the move limit, per 1,000 moves played by all the group's
    /// games: dying is about equally likely at every move, so this compares groups whose games
    /// last very differently. `None` for a game without a limit or when no move was played.
    pub deaths_per_1000: Option<f64>,
    pub median_ms: f64,
}

/// The statistics of `records` (any subset, e.g. one group).
pub fn group_stats(group: Option<Vec<String>>, records: &[Record]) -> GroupStats {
    let solved: Vec<&Record> = records.iter().filter(|r| r.score.is_some()).collect();
    let scores: Vec<f64> = solved
        .iter()
        .filter_map(|r| r.score.map(|s| s as f64))
        .collect();
    let moves: Vec<f64> = solved.iter().map(|r| r.moves as f64).collect();
    let mut times: Vec<f64> = records.iter().map(|r| r.ms).collect();
    let with_limit = solved.iter().any(|r| r.full.is_some());
    let full = with_limit.then(|| solved.iter().filter(|r| r.full == Some(true)).count());
    let deaths = solved.iter().filter(|r| r.full == Some(false)).count();
    let moves_played: f64 = moves.iter().sum();
    GroupStats {
        group,
        seeds: records.len(),
        errors: records.len() - solved.len(),
        full,
        mean_score: mean(&scores),
        median_score: median(&mut scores.clone()),
        mean_moves: mean(&moves),
        median_moves: median(&mut moves.clone()),
        deaths_per_1000: (with_limit && moves_played > 0.0)
            .then(|| 1000.0 * deaths as f64 / moves_played),
        median_ms: median(&mut times),
    }
}

/// Numbers compare as numbers (`N=10` after `N=9`), anything else as text.
fn compare_values(a: &[String], b: &[String]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        let order = match (x.parse::<f64>(), y.parse::<f64>()) {
            (Ok(x), Ok(y)) => x.total_cmp(&y),
            _ => x.cmp(y),
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    a.len().cmp(&b.len())
}

/// One row per group in the groups' order, then the row of all records.
pub fn summarise(records: &[Record]) -> Vec<GroupStats> {
    let mut groups: Vec<Vec<String>> = records.iter().map(|r| r.group.clone()).collect();
    groups.sort_by(|a, b| compare_values(a, b));
    groups.dedup();
    let mut rows: Vec<GroupStats> = groups
        .into_iter()
        .map(|group| {
            let members: Vec<Record> = records
                .iter()
                .filter(|r| r.group == group)
                .cloned()
                .collect();
            group_stats(Some(group), &members)
        })
        .collect();
    rows.push(group_stats(None, records));
    rows
}

/// `N=9 C=4`, or `all`.
fn group_label(names: &[&str], group: &Option<Vec<String>>) -> String {
    match group {
        None => "all".into(),
        Some(values) => names
            .iter()
            .zip(values)
            .map(|(name, value)| format!("{name}={value}"))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// The per-group Markdown table. Its first column is the group's label (`N=9 C=4`), never a
/// bare number, so tools that pick the per-seed rows (`| 12 | ...`) out of `arcade bench`'s
/// output do not pick these. Full games and deaths appear for games with a move limit, the
/// errors column only when a solver failed.
pub fn group_table(names: &[&str], rows: &[GroupStats]) -> String {
    let with_limit = rows.iter().any(|r| r.full.is_some());
    let with_errors = rows.iter().any(|r| r.errors > 0);
    let mut header = vec!["group", "seeds"];
    if with_errors {
        header.push("errors");
    }
    if with_limit {
        header.push("full games");
    }
    header.extend(["mean score", "median score", "mean length", "median length"]);
    if with_limit {
        header.push("deaths / 1,000 moves");
    }
    header.push("median ms");
    let align: Vec<&str> = header
        .iter()
        .map(|&h| if h == "group" { "---" } else { "---:" })
        .collect();
    let mut text = format!("| {} |\n|{}|\n", header.join(" | "), align.join("|"));
    for row in rows {
        let mut cells = vec![group_label(names, &row.group), row.seeds.to_string()];
        if with_errors {
            cells.push(row.errors.to_string());
        }
        if with_limit {
            cells.push(row.full.map_or(String::new(), |f| f.to_string()));
        }
        cells.extend([
            number(row.mean_score, 1),
            number(row.median_score, 1),
            number(row.mean_moves, 1),
            number(row.median_moves, 1),
        ]);
        if with_limit {
            cells.push(
                row.deaths_per_1000
                    .map_or("—".into(), |d| format!("{d:.3}")),
            );
        }
        cells.push(number(row.median_ms, 0));
        text.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    text
}

/// A statistic, or a dash when there was nothing to take it of.
fn number(value: f64, decimals: usize) -> String {
    match value.is_finite() {
        true => format!("{value:.decimals$}"),
        false => "—".into(),
    }
}

/// The fixed columns of the TSV; the group's columns (named as in `GROUP_BY`) come after
/// `seed`.
const SCORE: &str = "score";
const MOVES: &str = "moves";
const MS: &str = "ms";
const FULL: &str = "full";
const SOLVER: &str = "solver";
const BUDGET_MS: &str = "budget_ms";
const RUNTIME: &str = "runtime";

/// The records as tab-separated values with a header line: `seed`, the group's names, `score`
/// (empty when the solver failed), `moves`, `ms`, `full` (1, 0, or empty for a game without a
/// move limit), then the run's `solver`, `budget_ms` and `runtime` on every row.
pub fn write_tsv(names: &[&str], run: &Run, records: &[Record]) -> String {
    let mut header = vec!["seed"];
    header.extend(names);
    header.extend([SCORE, MOVES, MS, FULL, SOLVER, BUDGET_MS, RUNTIME]);
    let mut text = header.join("\t") + "\n";
    for r in records {
        let mut cells = vec![r.seed.to_string()];
        cells.extend(r.group.iter().cloned());
        cells.extend([
            r.score.map_or(String::new(), |s| s.to_string()),
            r.moves.to_string(),
            format!("{:.1}", r.ms),
            match r.full {
                Some(true) => "1".into(),
                Some(false) => "0".into(),
                None => String::new(),
            },
            run.solver.clone(),
            run.budget_ms.clone(),
            run.runtime.clone(),
        ]);
        text.push_str(&cells.join("\t"));
        text.push('\n');
    }
    text
}

/// Reads `write_tsv`'s format (columns found by name, in any order). Errors name the line.
pub fn read_tsv(names: &[&str], text: &str) -> Result<Vec<(Run, Record)>, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, header) = lines.next().ok_or("the file is empty")?;
    let header: Vec<&str> = header.split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .ok_or_else(|| format!("no column '{name}' in the header"))
    };
    let seed_at = column("seed")?;
    // A missing group column most likely means a run of another game.
    let other_game = |e: String| {
        format!(
            "{e}, which this game's runs have (the file's columns: {}): is it a run of another game?",
            header.join(", ")
        )
    };
    let group_at: Vec<usize> = names
        .iter()
        .map(|n| column(n).map_err(other_game))
        .collect::<Result<_, _>>()?;
    let [score_at, moves_at, ms_at, full_at, solver_at, budget_at, runtime_at] =
        [SCORE, MOVES, MS, FULL, SOLVER, BUDGET_MS, RUNTIME].map(column);
    let (score_at, moves_at, ms_at, full_at) = (score_at?, moves_at?, ms_at?, full_at?);
    let (solver_at, budget_at, runtime_at) = (solver_at?, budget_at?, runtime_at?);
    lines
        .map(|(index, line)| {
            let at = |message: String| format!("line {}: {message}", index + 1);
            let cells: Vec<&str> = line.split('\t').collect();
            if cells.len() != header.len() {
                return Err(at(format!(
                    "{} cells, the header has {}",
                    cells.len(),
                    header.len()
                )));
            }
            let number = |i: usize| -> Result<f64, String> {
                cells[i]
                    .parse::<f64>()
                    .map_err(|_| at(format!("{} '{}' is not a number", header[i], cells[i])))
            };
            let whole = |i: usize| -> Result<u64, String> {
                cells[i].parse::<u64>().map_err(|_| {
                    at(format!(
                        "{} '{}' is not a whole number",
                        header[i], cells[i]
                    ))
                })
            };
            let score = match cells[score_at] {
                "" => None,
                text => Some(
                    text.parse::<i64>()
                        .map_err(|_| at(format!("score '{text}' is not a whole number")))?,
                ),
            };
            let full = match cells[full_at] {
                "" => None,
                "1" => Some(true),
                "0" => Some(false),
                other => return Err(at(format!("full '{other}' is not 1, 0 or empty"))),
            };
            let run = Run {
                solver: cells[solver_at].to_string(),
                budget_ms: cells[budget_at].to_string(),
                runtime: cells[runtime_at].to_string(),
            };
            let record = Record {
                seed: whole(seed_at)?,
                group: group_at.iter().map(|&i| cells[i].to_string()).collect(),
                score,
                moves: whole(moves_at)? as usize,
                ms: number(ms_at)?,
                full,
            };
            Ok((run, record))
        })
        .collect()
}

/// Records of several files as one set: one run only, each seed once, in seed order. With a
/// move limit, `full` must be there and agree with the moves.
pub fn merge(
    rows: Vec<(Run, Record)>,
    move_limit: Option<usize>,
) -> Result<(Run, Vec<Record>), String> {
    let runs: BTreeSet<&Run> = rows.iter().map(|(run, _)| run).collect();
    let run = match runs.len() {
        0 => return Err("no rows to summarise".into()),
        1 => (*runs.first().expect("one run")).clone(),
        _ => {
            let names: Vec<String> = runs
                .iter()
                .map(|r| format!("{} at {} ms ({})", r.solver, r.budget_ms, r.runtime))
                .collect();
            return Err(format!(
                "the files hold different runs: {}; summarise each apart",
                names.join(", ")
            ));
        }
    };
    let mut records: Vec<Record> = rows.into_iter().map(|(_, r)| r).collect();
    records.sort_by_key(|r| r.seed);
    if let Some(twice) = records.windows(2).find(|w| w[0].seed == w[1].seed) {
        return Err(format!("seed {} appears more than once", twice[0].seed));
    }
    for r in records.iter().filter(|r| r.score.is_some()) {
        let expected = move_limit.map(|limit| r.moves >= limit);
        if r.full != expected {
            return Err(format!(
                "seed {}: full is {:?} but {} moves against the game's move limit {:?}",
                r.seed, r.full, r.moves, move_limit
            ));
        }
    }
    Ok((run, records))
}

/// A group's scores against a reference's (a published program's), seed for seed on the seeds
/// both have. A seed our solver failed on counts with score 0.
#[derive(Clone, Debug, PartialEq)]
pub struct AgainstStats {
    /// `None` for the row of all records.
    pub group: Option<Vec<String>>,
    pub seeds: usize,
    pub ours: f64,
    pub theirs: f64,
    pub won: usize,
    pub tied: usize,
    pub lost: usize,
}

impl AgainstStats {
    /// Our mean over theirs (the issue reports' "ratio"); NaN when theirs is 0.
    pub fn ratio(&self) -> f64 {
        if self.theirs == 0.0 {
            f64::NAN
        } else {
            self.ours / self.theirs
        }
    }
}

fn against_stats(
    group: Option<Vec<String>>,
    records: &[&Record],
    reference: &BTreeMap<u64, i64>,
) -> AgainstStats {
    let pairs: Vec<(i64, i64)> = records
        .iter()
        .filter_map(|r| reference.get(&r.seed).map(|&t| (r.score.unwrap_or(0), t)))
        .collect();
    let count = |f: fn(&(i64, i64)) -> bool| pairs.iter().filter(|p| f(p)).count();
    let n = pairs.len().max(1) as f64;
    AgainstStats {
        group,
        seeds: pairs.len(),
        ours: pairs.iter().map(|p| p.0 as f64).sum::<f64>() / n,
        theirs: pairs.iter().map(|p| p.1 as f64).sum::<f64>() / n,
        won: count(|p| p.0 > p.1),
        tied: count(|p| p.0 == p.1),
        lost: count(|p| p.0 < p.1),
    }
}

/// One row per group (as `summarise` orders them), then all: our mean against the reference's
/// on the seeds it has.
pub fn against(records: &[Record], reference: &BTreeMap<u64, i64>) -> Vec<AgainstStats> {
    let mut groups: Vec<Vec<String>> = records.iter().map(|r| r.group.clone()).collect();
    groups.sort_by(|a, b| compare_values(a, b));
    groups.dedup();
    let mut rows: Vec<AgainstStats> = groups
        .into_iter()
        .map(|group| {
            let members: Vec<&Record> = records.iter().filter(|r| r.group == group).collect();
            against_stats(Some(group), &members, reference)
        })
        .collect();
    rows.push(against_stats(
        None,
        &records.iter().collect::<Vec<_>>(),
        reference,
    ));
    rows
}

/// The Markdown table of `against`'s rows.
pub fn against_table(names: &[&str], rows: &[AgainstStats]) -> String {
    let mut text = String::from(
        "| group | seeds | our mean | reference mean | ratio | won-tied-lost |\n|---|---:|---:|---:|---:|---:|\n",
    );
    for row in rows {
        text.push_str(&format!(
            "| {} | {} | {} | {} | {} | {}-{}-{} |\n",
            group_label(names, &row.group),
            row.seeds,
            number(row.ours, 0),
            number(row.theirs, 0),
            number(row.ratio(), 3),
            row.won,
            row.tied,
            row.lost
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(group: &[&str], score: i64, moves: usize, full: Option<bool>) -> Record {
        Record {
            seed: 0,
            group: group.iter().map(|g| g.to_string()).collect(),
            score: Some(score),
            moves,
            ms: 10.0,
            full,
        }
    }

    #[test]
    fn label_values_follow_the_names_order() {
        assert_eq!(
            label_values("N=9 C=4", &["C", "N"]).unwrap(),
            vec!["4".to_string(), "9".to_string()]
        );
        assert_eq!(
            label_values("N=10 S=5 D=3", &["N"]).unwrap(),
            vec!["10".to_string()]
        );
        assert!(label_values("colors=5 n=14", &["N"])
            .unwrap_err()
            .contains("no N="));
        assert_eq!(label_values("", &[]).unwrap(), Vec::<String>::new());
    }

    #[test]
    fn every_game_labels_its_groups() {
        for game in crate::games::ALL {
            let info = game.info();
            let label = game.describe(info.min_seed.max(1), &Default::default());
            let values =
                label_values(&label, info.group_by).unwrap_or_else(|e| panic!("{}: {e}", info.id));
            assert_eq!(values.len(), info.group_by.len(), "{}", info.id);
        }
    }

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&mut [5.0, 1.0, 3.0]), 3.0);
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 10.0]), 3.5);
        assert!(median(&mut []).is_nan());
    }

    #[test]
    fn deaths_are_short_games_per_thousand_moves_played() {
        // Two full games of 1,000 moves and two deaths after 300 and 200: 2 / 2,500 moves.
        let records = [
            record(&["9"], 100, 1000, Some(true)),
            record(&["9"], 10, 300, Some(false)),
            record(&["9"], 20, 200, Some(false)),
            record(&["9"], 200, 1000, Some(true)),
        ];
        let stats = group_stats(None, &records);
        assert_eq!(stats.full, Some(2));
        assert_eq!(stats.deaths_per_1000, Some(0.8));
        assert_eq!(stats.mean_score, 82.5);
        assert_eq!(stats.median_score, 60.0);
        assert_eq!(stats.mean_moves, 625.0);
        assert_eq!(stats.median_moves, 650.0);
    }

    #[test]
    fn failed_seeds_count_only_as_errors() {
        let mut failed = record(&["9"], 0, 0, None);
        failed.score = None;
        let stats = group_stats(None, &[record(&["9"], 7, 5, None), failed]);
        assert_eq!((stats.seeds, stats.errors), (2, 1));
        assert_eq!(stats.mean_score, 7.0);
        assert_eq!(stats.full, None);
        assert_eq!(stats.deaths_per_1000, None);
    }

    #[test]
    fn groups_sort_numerically_and_end_with_all() {
        let records = [
            record(&["10", "4"], 1, 1000, Some(true)),
            record(&["9", "5"], 2, 500, Some(false)),
            record(&["9", "4"], 3, 1000, Some(true)),
            record(&["10", "4"], 5, 1000, Some(true)),
        ];
        let rows = summarise(&records);
        let groups: Vec<String> = rows
            .iter()
            .map(|r| group_label(&["N", "C"], &r.group))
            .collect();
        assert_eq!(groups, ["N=9 C=4", "N=9 C=5", "N=10 C=4", "all"]);
        assert_eq!(rows[2].seeds, 2);
        assert_eq!(rows[2].mean_score, 3.0);
        assert_eq!(rows[3].full, Some(3));
        // One death in 3,500 moves.
        assert!((rows[3].deaths_per_1000.unwrap() - 1000.0 / 3500.0).abs() < 1e-12);
    }

    #[test]
    fn the_table_drops_limit_columns_for_games_without_one() {
        let with = group_table(&["N"], &summarise(&[record(&["9"], 1, 1000, Some(true))]));
        assert!(with.contains("| full games |"), "{with}");
        assert!(with.contains("| N=9 | 1 | 1 | 1.0 |"), "{with}");
        let without = group_table(&["n"], &summarise(&[record(&["5"], 1, 9, None)]));
        assert!(
            !without.contains("full") && !without.contains("deaths"),
            "{without}"
        );
        assert!(without.contains("\n| all | 1 | 1.0 |"), "{without}");
    }

    #[test]
    fn tsv_round_trips_and_merging_checks_the_runs() {
        let run = Run {
            solver: "eval".into(),
            budget_ms: "5000".into(),
            runtime: "wasm".into(),
        };
        let mut failed = record(&["8"], 0, 0, None);
        (failed.seed, failed.score) = (4, None);
        let mut records = vec![record(&["7"], 12, 10000, Some(true)), failed];
        records[0].seed = 3;
        let text = write_tsv(&["N"], &run, &records);
        assert!(text.starts_with("seed\tN\tscore\tmoves\tms\tfull\tsolver\tbudget_ms\truntime\n"));
        let read = read_tsv(&["N"], &text).unwrap();
        assert_eq!(
            read.iter().map(|(_, r)| r.clone()).collect::<Vec<_>>(),
            records
        );
        let (merged_run, merged) = merge(read.clone(), Some(10000)).unwrap();
        assert_eq!((merged_run, merged.len()), (run.clone(), 2));

        assert!(merge([read.clone(), read.clone()].concat(), Some(10000))
            .unwrap_err()
            .contains("seed 3 appears more than once"));
        let mut other = read.clone();
        other[1].0.budget_ms = "1000".into();
        assert!(merge(other, Some(10000))
            .unwrap_err()
            .contains("different runs"));
        // 10,000 moves is full only when the limit is 10,000.
        assert!(merge(read, Some(20000)).unwrap_err().contains("seed 3"));
        assert!(read_tsv(&["C"], &text)
            .unwrap_err()
            .contains("no column 'C'"));
        assert!(read_tsv(&["N"], &text.replace("\t12\t", "\tx\t"))
            .unwrap_err()
            .contains("line 2: score 'x'"));
    }

    #[test]
    fn against_counts_seed_for_seed_on_the_reference_seeds_only() {
        let mut records = vec![
            record(&["2"], 300, 100, None),
            record(&["2"], 100, 100, None),
            record(&["3"], 50, 100, None),
            record(&["3"], 70, 100, None),
        ];
        for (i, r) in records.iter_mut().enumerate() {
            r.seed = i as u64;
        }
        records[3].score = None;
        // Seed 2 is not in the reference: left out everywhere.
        let reference: BTreeMap<u64, i64> = [(0, 200), (1, 100), (3, 10)].into();
        let rows = against(&records, &reference);
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].group, Some(vec!["2".to_string()]));
        assert_eq!(
            (rows[0].seeds, rows[0].won, rows[0].tied, rows[0].lost),
            (2, 1, 1, 0)
        );
        assert_eq!(rows[0].ours, 200.0);
        assert_eq!(rows[0].theirs, 150.0);
        // A failed seed counts as 0, a loss.
        assert_eq!((rows[1].seeds, rows[1].lost, rows[1].ours), (1, 1, 0.0));
        assert_eq!(rows[2].group, None);
        assert_eq!(
            (rows[2].seeds, rows[2].won, rows[2].tied, rows[2].lost),
            (3, 1, 1, 1)
        );
        assert!((rows[2].ratio() - 400.0 / 310.0).abs() < 1e-12);
        let table = against_table(&["M"], &rows);
        assert!(
            table.contains("| M=2 | 2 | 200 | 150 | 1.333 | 1-1-0 |"),
            "{table}"
        );
        assert!(
            table.contains("| all | 3 | 133 | 103 | 1.290 | 1-1-1 |"),
            "{table}"
        );
    }
}
