//! A contest's limits and scoring as its statement gives them: the time limit and which time
//! counts, the score of an invalid run, and the standings rule (`standings`). Facts about a
//! game (`Game::CONTEST`), shown in the page and used by the CLI; the tester (`tester`,
//! native only) enforces the limit.

use crate::standings::Standing;
use serde::Serialize;

/// Which time counts against the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Clock {
    /// Only the program's thinking time: from the moment the tester has sent what the program
    /// needs until its reply arrives, summed over the moves (Topcoder's interactive testers).
    Thinking,
    /// Wall time from the start of the program until it has ended.
    Wall,
}

/// A contest's limits and scoring, as its statement gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Contest {
    pub time_limit_ms: u64,
    pub clock: Clock,
    /// The raw score of a run that is invalid for any reason (overrun, crash, bad output).
    pub invalid_score: i64,
    pub standing: Standing,
}
