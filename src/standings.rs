//! How each contest turned raw scores into standings: one function per contest rule, over
//! raw scores only (an invalid run counts with its contest's invalid score, -1 or 0), so the
//! CLI's batch table and the page can share them.
//!
//! `yours` is one raw score on one test; `others` are the other competitors' raw scores on
//! the same test (a reference folder, a file of best scores, ...).

use serde::Serialize;
use std::collections::BTreeMap;

/// A contest's rule for turning raw scores into standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Standing {
    /// Topcoder marathons (SquareRemover, Lines): 1,000,000 × YOUR / BEST per test, averaged.
    TopcoderRatio,
    /// AtCoder heuristic contests (AHC061): round(1e9 × YOUR / MAX) per test, summed.
    AtcoderRelative,
    /// Topcoder MM53 (TilesMatching): per test 1 point per competitor beaten and 0.5 per tie,
    /// the sum divided by the number of other competitors.
    RankPoints,
    /// IPSC (Strip 2048): a test counts 1 when the output reaches the best known score.
    IpscAccepted,
}

/// Topcoder: `1,000,000 × YOUR / BEST`, BEST the highest score on the test (yours included).
/// A negative raw score (invalid) normalizes to 0. With BEST = 0 nobody scored, and the
/// statements do not say what Topcoder did then: 0 here.
pub fn topcoder_ratio(yours: i64, others: &[i64]) -> f64 {
    let best = others.iter().copied().fold(yours, i64::max);
    if yours <= 0 || best <= 0 {
        return 0.0;
    }
    1_000_000.0 * yours as f64 / best as f64
}

/// AtCoder: `round(1e9 × YOUR / MAX)`, MAX the highest score on the test (yours included).
/// Invalid runs score 0 and so never raise MAX; a 0 MAX gives 0.
pub fn atcoder_relative(yours: i64, others: &[i64]) -> i64 {
    let max = others.iter().copied().fold(yours, i64::max);
    if yours <= 0 || max <= 0 {
        return 0;
    }
    (1e9 * yours as f64 / max as f64).round() as i64
}

/// MM53: 1 for each other competitor beaten, 0.5 for each tie, divided by their number (the
/// statement divides the sum over tests by competitors − 1, the same thing per test). An
/// invalid run has the absolute score 0 and ties with other zeros. No others: 0.
pub fn rank_points(yours: i64, others: &[i64]) -> f64 {
    if others.is_empty() {
        return 0.0;
    }
    let points: f64 = others
        .iter()
        .map(|&other| match yours.cmp(&other) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        })
        .sum();
    points / others.len() as f64
}

/// IPSC: accepted (1) when the output is valid and reaches the best score on the test.
pub fn ipsc_accepted(yours: i64, others: &[i64]) -> f64 {
    let best = others.iter().copied().fold(yours, i64::max);
    if yours >= 0 && yours == best {
        1.0
    } else {
        0.0
    }
}

impl Standing {
    /// One test's relative score under this rule.
    pub fn per_test(self, yours: i64, others: &[i64]) -> f64 {
        match self {
            Standing::TopcoderRatio => topcoder_ratio(yours, others),
            Standing::AtcoderRelative => atcoder_relative(yours, others) as f64,
            Standing::RankPoints => rank_points(yours, others),
            Standing::IpscAccepted => ipsc_accepted(yours, others),
        }
    }

    /// The standings score over many tests: Topcoder averages, the others sum.
    pub fn total(self, per_test: &[f64]) -> f64 {
        let sum: f64 = per_test.iter().sum();
        match self {
            Standing::TopcoderRatio if per_test.is_empty() => 0.0,
            Standing::TopcoderRatio => sum / per_test.len() as f64,
            _ => sum,
        }
    }

    /// The rule's short name.
    pub fn title(self) -> &'static str {
        match self {
            Standing::TopcoderRatio => "Topcoder relative score",
            Standing::AtcoderRelative => "AtCoder relative score",
            Standing::RankPoints => "MM53 rank points",
            Standing::IpscAccepted => "IPSC: accepted answers (not a contest standing)",
        }
    }

    /// How the total is made, for table footers.
    pub fn describe(self) -> &'static str {
        match self {
            Standing::TopcoderRatio => "mean over the tests of 1,000,000 × YOUR / BEST",
            Standing::AtcoderRelative => "sum over the tests of round(10⁹ × YOUR / MAX)",
            Standing::RankPoints => {
                "sum over the tests of 1 per competitor beaten and 0.5 per tie, / (competitors − 1)"
            }
            Standing::IpscAccepted => "the tests whose output reaches the best score",
        }
    }
}

/// Several runs on the same tests, side by side: `scores[run][test]`, `None` for an invalid
/// run (counted as `invalid`, the contest's invalid raw score). Each run is judged against the
/// others on every test. Returns `(per_test[run][test], total[run])`.
pub fn relative_table(
    standing: Standing,
    invalid: i64,
    scores: &[Vec<Option<i64>>],
) -> (Vec<Vec<f64>>, Vec<f64>) {
    let raw: Vec<Vec<i64>> = scores
        .iter()
        .map(|run| run.iter().map(|s| s.unwrap_or(invalid)).collect())
        .collect();
    let per_test: Vec<Vec<f64>> = (0..raw.len())
        .map(|r| {
            (0..raw[r].len())
                .map(|t| {
                    let others: Vec<i64> = (0..raw.len())
                        .filter(|&q| q != r)
                        .filter_map(|q| raw[q].get(t).copied())
                        .collect();
                    standing.per_test(raw[r][t], &others)
                })
                .collect()
        })
        .collect();
    let totals = per_test.iter().map(|p| standing.total(p)).collect();
    (per_test, totals)
}

/// The other competitors' raw scores, per seed.
#[derive(Clone, Debug, Default)]
pub struct References {
    by_seed: BTreeMap<u64, Vec<i64>>,
}

impl References {
    /// One competitor's scores (seed, raw score).
    pub fn add(&mut self, scores: impl IntoIterator<Item = (u64, i64)>) {
        for (seed, score) in scores {
            self.by_seed.entry(seed).or_default().push(score);
        }
    }

    /// The scores on `seed` (none when no reference has it).
    pub fn others(&self, seed: u64) -> &[i64] {
        self.by_seed.get(&seed).map_or(&[], Vec::as_slice)
    }

    pub fn is_empty(&self) -> bool {
        self.by_seed.is_empty()
    }
}

/// Scores from a table of tab-separated values: the columns `seed` and `score` when the first
/// line names them (as `arcade run --format tsv` writes), else the first two columns. Blank
/// lines and lines starting with `#` are skipped; a repeated header line too (TSVs merged
/// with `cat`). Errors name the line (from 1).
pub fn parse_score_table(text: &str) -> Result<Vec<(u64, i64)>, String> {
    let mut columns = (0, 1);
    let mut header: Option<&str> = None;
    let mut scores = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') || Some(line) == header {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
        let find = |name: &str| fields.iter().position(|f| f.eq_ignore_ascii_case(name));
        if header.is_none() && scores.is_empty() {
            if let (Some(seed), Some(score)) = (find("seed"), find("score")) {
                columns = (seed, score);
                header = Some(line);
                continue;
            }
        }
        let field = |i: usize, what: &str| {
            fields
                .get(i)
                .ok_or_else(|| format!("line {}: no {what} column", index + 1))
        };
        let seed = field(columns.0, "seed")?;
        let score = field(columns.1, "score")?;
        let seed = seed.parse().map_err(|_| {
            format!(
                "line {}: the seed '{seed}' is not a whole number",
                index + 1
            )
        })?;
        let score = score
            .parse()
            .map_err(|_| format!("line {}: the score '{score}' is not an integer", index + 1))?;
        scores.push((seed, score));
    }
    Ok(scores)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_table_of_runs_judges_each_run_against_the_others() {
        let (per_test, totals) = super::relative_table(
            super::Standing::TopcoderRatio,
            -1,
            &[
                vec![Some(100), Some(30), None],
                vec![Some(50), Some(60), Some(10)],
            ],
        );
        assert_eq!(per_test, vec![vec![1e6, 5e5, 0.0], vec![5e5, 1e6, 1e6]]);
        assert_eq!(totals, vec![1.5e6 / 3.0, 2.5e6 / 3.0]);
        let (_, ranks) = super::relative_table(
            super::Standing::RankPoints,
            0,
            &[vec![Some(4), Some(4)], vec![Some(3), Some(4)]],
        );
        assert_eq!(ranks, vec![1.5, 0.5]);
    }

    use super::*;

    #[test]
    fn topcoder_ratio_is_your_share_of_the_best() {
        assert_eq!(topcoder_ratio(50, &[100]), 500_000.0);
        assert_eq!(topcoder_ratio(100, &[50, 80]), 1_000_000.0);
        assert_eq!(topcoder_ratio(100, &[]), 1_000_000.0);
        // Invalid (-1) and zero scores give nothing; an invalid reference is ignored.
        assert_eq!(topcoder_ratio(-1, &[100]), 0.0);
        assert_eq!(topcoder_ratio(0, &[0]), 0.0);
        assert_eq!(topcoder_ratio(30, &[-1]), 1_000_000.0);
        let mean = Standing::TopcoderRatio.total(&[500_000.0, 1_000_000.0, 0.0]);
        assert_eq!(mean, 500_000.0);
        assert_eq!(Standing::TopcoderRatio.total(&[]), 0.0);
    }

    #[test]
    fn atcoder_relative_rounds_a_billionth_share() {
        assert_eq!(atcoder_relative(100, &[300]), 333_333_333);
        assert_eq!(atcoder_relative(200, &[300]), 666_666_667);
        assert_eq!(atcoder_relative(300, &[100, 200]), 1_000_000_000);
        assert_eq!(atcoder_relative(0, &[300]), 0);
        assert_eq!(atcoder_relative(5, &[0, 0]), 1_000_000_000);
        let sum = Standing::AtcoderRelative.total(&[333_333_333.0, 1e9]);
        assert_eq!(sum, 1_333_333_333.0);
    }

    #[test]
    fn rank_points_count_beaten_and_half_ties() {
        assert_eq!(rank_points(10, &[5]), 1.0);
        assert_eq!(rank_points(10, &[10]), 0.5);
        assert_eq!(rank_points(10, &[11]), 0.0);
        assert_eq!(
            rank_points(10, &[5, 10, 20, 1]),
            (1.0 + 0.5 + 0.0 + 1.0) / 4.0
        );
        // An invalid run scores 0 and ties with another 0.
        assert_eq!(rank_points(0, &[0, 7]), 0.25);
        assert_eq!(rank_points(3, &[]), 0.0);
        assert_eq!(Standing::RankPoints.total(&[1.0, 0.5, 0.0]), 1.5);
    }

    #[test]
    fn ipsc_accepts_only_the_best() {
        assert_eq!(ipsc_accepted(2996, &[2996]), 1.0);
        assert_eq!(ipsc_accepted(2995, &[2996]), 0.0);
        assert_eq!(ipsc_accepted(0, &[]), 1.0);
        assert_eq!(ipsc_accepted(-1, &[-1]), 0.0);
        assert_eq!(Standing::IpscAccepted.total(&[1.0, 0.0, 1.0]), 2.0);
    }

    #[test]
    fn score_tables_by_header_or_first_columns() {
        let tsv = "seed\tinstance\tscore\tstatus\n1\tN=7 C=3\t10\tok\n2\tN=11 C=9\t-1\tgarbage\n";
        assert_eq!(parse_score_table(tsv), Ok(vec![(1, 10), (2, -1)]));
        // Merged with cat: the second header is skipped.
        let merged = format!("{tsv}seed\tinstance\tscore\tstatus\n3\tN=7 C=4\t5\tok\n");
        assert_eq!(parse_score_table(&merged).unwrap().len(), 3);
        assert_eq!(
            parse_score_table("# best\n\n7\t120\r\n8\t99\n"),
            Ok(vec![(7, 120), (8, 99)])
        );
        let e = parse_score_table("7\t120\nx\t3\n").unwrap_err();
        assert!(e.starts_with("line 2: the seed 'x'"), "{e}");
        let e = parse_score_table("7\n").unwrap_err();
        assert!(e.contains("line 1: no score column"), "{e}");
        let mut refs = References::default();
        refs.add(parse_score_table(tsv).unwrap());
        refs.add([(1, 12)]);
        assert_eq!(refs.others(1), [10, 12]);
        assert_eq!(refs.others(5), [] as [i64; 0]);
    }
}
