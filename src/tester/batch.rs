//! Many seeds: runs in parallel, each output in `DIR/<seed>.txt` and the program's stderr
//! (then the tester's verdict) in `DIR/<seed>.err`, and the table of results with the
//! contest's relative score against reference scores.

use super::{DynTester, RunReport, RunSpec, Status};
use crate::game::{DynGame, Params};
use crate::standings::{References, Standing};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Mutex;

/// `DIR/<seed>.<extension>`, the seed zero-padded to four digits as AtCoder's tools name their
/// files (`0000.txt`): names sort by seed below 10,000 and give the seed back.
pub fn seed_file(dir: &Path, seed: u64, extension: &str) -> PathBuf {
    dir.join(format!("{seed:04}.{extension}"))
}

/// The files `<seed>.txt` in `dir`, by seed.
pub fn seed_files(dir: &Path) -> Result<BTreeMap<u64, PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut files = BTreeMap::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(stem) = name.to_str().and_then(|n| n.strip_suffix(".txt")) else {
            continue;
        };
        if !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(seed) = stem.parse() {
                files.insert(seed, entry.path());
            }
        }
    }
    Ok(files)
}

/// The raw score of every `<seed>.txt` in `dir` as `arcade score` gives it; an invalid or
/// unreadable output counts with the contest's invalid score.
pub fn score_folder(
    game: &dyn DynGame,
    params: &Params,
    dir: &Path,
) -> Result<BTreeMap<u64, Result<i64, String>>, String> {
    let mut scores = BTreeMap::new();
    for (seed, path) in seed_files(dir)? {
        let score = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
            .and_then(|text| game.score(seed, params, &text).map_err(|e| e.to_string()));
        scores.insert(seed, score);
    }
    Ok(scores)
}

/// Reference scores from folders of outputs (scored here) or tables of scores (TSV).
pub fn load_references(
    game: &dyn DynGame,
    params: &Params,
    paths: &[PathBuf],
) -> Result<References, String> {
    let invalid = game.info().contest.invalid_score;
    let mut references = References::default();
    for path in paths {
        if path.is_dir() {
            let scores = score_folder(game, params, path)?;
            references.add(scores.into_iter().map(|(s, r)| (s, r.unwrap_or(invalid))));
        } else {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let scores = crate::standings::parse_score_table(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            references.add(scores);
        }
    }
    Ok(references)
}

/// A batch to run.
pub struct Batch<'a> {
    pub tester: &'static dyn DynTester,
    pub params: &'a Params,
    pub seeds: &'a [u64],
    pub command: &'a [String],
    pub time_limit_ms: Option<u64>,
    pub jobs: usize,
    /// Where `<seed>.txt` and `<seed>.err` go; without it the program's stderr is dropped.
    pub out: Option<&'a Path>,
}

/// One seed's result.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// A decimal string: JSON readers may lose a u64's precision.
    #[serde(serialize_with = "crate::game::decimal")]
    pub seed: u64,
    pub instance: String,
    pub score: i64,
    pub moves: usize,
    /// The time counted against the limit.
    pub time_ms: f64,
    pub wall_ms: f64,
    pub status: Status,
    /// `move K: reason` when the run is invalid.
    pub error: Option<String>,
    /// The contest's relative score on this seed (with references).
    pub relative: Option<f64>,
}

/// Progress while a batch runs.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
    pub invalid: usize,
    pub score_sum: i64,
}

impl Batch<'_> {
    /// Runs every seed, `jobs` at a time; the rows by seed. `progress` is called after each
    /// seed. `Err` when the program cannot be started or a file cannot be written.
    pub fn run(&self, progress: impl Fn(Progress) + Sync) -> Result<Vec<Row>, String> {
        if let Some(dir) = self.out {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let total = self.seeds.len();
        let so_far = Mutex::new(Progress {
            done: 0,
            total,
            invalid: 0,
            score_sum: 0,
        });
        crate::parallel::try_map(self.seeds, self.jobs, |&seed| {
            let row = self.run_seed(seed)?;
            let mut p = so_far.lock().unwrap_or_else(|e| e.into_inner());
            p.done += 1;
            p.invalid += usize::from(row.status != Status::Ok);
            p.score_sum += row.score;
            progress(*p);
            Ok(row)
        })
    }

    fn run_seed(&self, seed: u64) -> Result<Row, String> {
        let err_path = self.out.map(|dir| seed_file(dir, seed, "err"));
        let stderr = match &err_path {
            Some(path) => Stdio::from(
                std::fs::File::create(path)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
            ),
            None => Stdio::null(),
        };
        let spec = RunSpec {
            command: self.command,
            time_limit_ms: self.time_limit_ms,
            stderr,
        };
        let report = self
            .tester
            .run(seed, self.params, spec)
            .map_err(|e| e.to_string())?;
        if let (Some(dir), Some(err_path)) = (self.out, &err_path) {
            let path = seed_file(dir, seed, "txt");
            std::fs::write(&path, &report.output)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            // The tester's verdict after the program's own stderr, as `arcade run` prints it.
            let mut err = std::fs::OpenOptions::new()
                .append(true)
                .open(err_path)
                .map_err(|e| format!("cannot write {}: {e}", err_path.display()))?;
            let _ = err.write_all(verdict(&report).as_bytes());
        }
        Ok(Row {
            seed,
            instance: self.tester.game().describe(seed, self.params),
            score: report.score,
            moves: report.moves,
            time_ms: report.time_ms,
            wall_ms: report.wall_ms,
            status: report.status,
            error: report.error.map(|e| e.to_string()),
            relative: None,
        })
    }
}

/// What `arcade run` prints on stderr after the program's own: `error: move K: reason` when
/// invalid, then `score: X`.
pub fn verdict(report: &RunReport) -> String {
    match &report.error {
        Some(e) => format!("error: {e}\nscore: {}\n", report.score),
        None => format!("score: {}\n", report.score),
    }
}

/// Fills in every row's relative score; the standings total.
pub fn add_relative(rows: &mut [Row], standing: Standing, references: &References) -> f64 {
    let per_test: Vec<f64> = rows
        .iter_mut()
        .map(|row| {
            let relative = standing.per_test(row.score, references.others(row.seed));
            row.relative = Some(relative);
            relative
        })
        .collect();
    standing.total(&per_test)
}

/// Sum and mean of the raw scores, and how many runs were invalid.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Summary {
    pub seeds: usize,
    pub invalid: usize,
    pub sum: i64,
    pub mean: f64,
    /// The contest's standings score over these seeds (with references).
    pub relative: Option<f64>,
}

impl Summary {
    pub fn of(rows: &[Row], relative: Option<f64>) -> Summary {
        let sum: i64 = rows.iter().map(|r| r.score).sum();
        Summary {
            seeds: rows.len(),
            invalid: rows.iter().filter(|r| r.status != Status::Ok).count(),
            sum,
            mean: sum as f64 / rows.len().max(1) as f64,
            relative,
        }
    }
}

/// The rows as a Markdown table, then the summary.
pub fn table(rows: &[Row], summary: &Summary, standing: Standing) -> String {
    let with_relative = summary.relative.is_some();
    let mut text = String::from("| seed | instance | score | moves | ms | status |");
    text.push_str(if with_relative { " relative |\n" } else { "\n" });
    text.push_str("|---:|---|---:|---:|---:|---|");
    text.push_str(if with_relative { "---:|\n" } else { "\n" });
    for row in rows {
        let status = match &row.error {
            Some(e) => format!("{}: {e}", row.status.label()),
            None => row.status.label().to_string(),
        };
        text.push_str(&format!(
            "| {} | {} | {} | {} | {:.0} | {} |",
            row.seed,
            row.instance,
            row.score,
            row.moves,
            row.time_ms,
            status.replace('|', "\\|")
        ));
        match row.relative {
            Some(r) => text.push_str(&format!(" {} |\n", relative_text(standing, r))),
            None => text.push('\n'),
        }
    }
    text.push_str(&format!(
        "\nscore: sum {}, mean {:.1} over {} seeds ({} invalid)\n",
        summary.sum, summary.mean, summary.seeds, summary.invalid
    ));
    if let Some(total) = summary.relative {
        text.push_str(&format!(
            "relative: {} ({})\n",
            relative_text(standing, total),
            standing.describe()
        ));
    }
    text
}

/// Whole numbers for AtCoder's and IPSC's scores, two decimals for Topcoder's and rank points.
pub fn relative_text(standing: Standing, value: f64) -> String {
    match standing {
        Standing::AtcoderRelative | Standing::IpscAccepted => format!("{value:.0}"),
        Standing::TopcoderRatio => format!("{value:.2}"),
        Standing::RankPoints => format!("{value:.3}"),
    }
}

/// The rows as tab-separated values with a header line (no summary, so that the files of
/// several machines merge with `cat`).
pub fn tsv(rows: &[Row]) -> String {
    let with_relative = rows.iter().any(|r| r.relative.is_some());
    let mut text = String::from("seed\tinstance\tscore\tmoves\ttime_ms\twall_ms\tstatus\terror");
    text.push_str(if with_relative { "\trelative\n" } else { "\n" });
    for row in rows {
        let error = row
            .error
            .as_deref()
            .unwrap_or("")
            .replace(['\t', '\n'], " ");
        text.push_str(&format!(
            "{}\t{}\t{}\t{}\t{:.0}\t{:.0}\t{}\t{error}",
            row.seed,
            row.instance,
            row.score,
            row.moves,
            row.time_ms,
            row.wall_ms,
            row.status.label()
        ));
        match row.relative {
            Some(r) => text.push_str(&format!("\t{r}\n")),
            None => text.push('\n'),
        }
    }
    text
}
