//! `arcade run`: a contestant's program against a game, as the contest's official tester ran
//! it. The conversation is the game's `Protocol`; the rules are the game's own (`apply`,
//! `replay`); the process plumbing is `process`.
//!
//! Whatever goes wrong (overrun, crash, output that ended, garbage, an illegal move, too much
//! output), the run gets the contest's invalid score, a status, and the move it happened at;
//! the program and everything it started are killed; the output read so far is kept.

pub mod batch;
pub mod process;

use crate::clock::now_ms;
use crate::contest::Clock;
use crate::game::{instance, replay, DynGame, Error, Params, Registered, TurnError};
use crate::protocol::Protocol;
use process::{Program, Reading, Received, MAX_LINE_BYTES, MAX_OUTPUT_BYTES};
use serde::Serialize;
use std::process::{ExitStatus, Stdio};

/// How long a program whose time is its thinking time may take to exit once the game is over
/// (it is killed then; that is not a fault).
const EXIT_GRACE_MS: f64 = 1000.0;
/// How long to wait, once a program's output has ended early, for its exit status.
const CRASH_GRACE_MS: f64 = 200.0;

/// What to run and how.
pub struct RunSpec<'a> {
    /// The program and its arguments.
    pub command: &'a [String],
    /// `None`: the contest's own limit.
    pub time_limit_ms: Option<u64>,
    /// Where the program's stderr goes.
    pub stderr: Stdio,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Ok,
    TimeLimit,
    Crashed,
    /// The program's output ended (or it exited normally) before the game was over.
    OutputEnded,
    /// A line (or output) that is not a move.
    Garbage,
    /// A move the rules refuse, or an offline output that does not make a whole game.
    IllegalMove,
    /// A line longer than 1 MiB, or an offline output over 16 MiB.
    TooMuchOutput,
}

impl Status {
    pub fn label(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::TimeLimit => "time limit",
            Status::Crashed => "crashed",
            Status::OutputEnded => "output ended",
            Status::Garbage => "garbage",
            Status::IllegalMove => "illegal move",
            Status::TooMuchOutput => "too much output",
        }
    }
}

/// A finished run.
#[derive(Clone, Debug, Serialize)]
pub struct RunReport {
    /// The contest output the program made (what `arcade score` reads): interactive games,
    /// every line the tester read, the refused one included; offline games, all the output.
    pub output: String,
    pub score: i64,
    pub status: Status,
    pub error: Option<TurnError>,
    /// Moves accepted.
    pub moves: usize,
    /// The time counted against the limit (thinking or wall time, as the contest counted).
    pub time_ms: f64,
    /// Wall time from the start of the program until it was gone.
    pub wall_ms: f64,
}

struct Failure {
    status: Status,
    reason: String,
}

impl Failure {
    fn new(status: Status, reason: impl Into<String>) -> Self {
        Failure {
            status,
            reason: reason.into(),
        }
    }
}

/// The time counted against the limit.
struct Timer {
    clock: Clock,
    limit_ms: f64,
    started: f64,
    thinking_ms: f64,
}

impl Timer {
    /// How long the program may still take to answer a question asked at `asked`.
    fn remaining(&self, asked: f64) -> f64 {
        match self.clock {
            Clock::Thinking => self.limit_ms - self.thinking_ms - (now_ms() - asked),
            Clock::Wall => self.started + self.limit_ms - now_ms(),
        }
    }

    fn deadline(&self) -> f64 {
        self.started + self.limit_ms
    }

    fn counted(&self) -> f64 {
        match self.clock {
            Clock::Thinking => self.thinking_ms,
            Clock::Wall => now_ms() - self.started,
        }
    }

    fn overrun(&self) -> Failure {
        let kind = match self.clock {
            Clock::Thinking => "thinking time",
            Clock::Wall => "wall time",
        };
        Failure::new(
            Status::TimeLimit,
            format!("time limit exceeded ({} ms of {kind})", self.limit_ms),
        )
    }
}

fn crashed(status: ExitStatus) -> Failure {
    Failure::new(Status::Crashed, format!("the program crashed ({status})"))
}

/// Runs `spec.command` on `instance`. `Err` only when the program cannot be started.
pub fn run<G: Protocol>(instance: &G::Instance, spec: RunSpec) -> Result<RunReport, String> {
    let reading = match G::INTERACTIVE {
        true => Reading::Lines {
            java: G::JAVA_LINES,
        },
        false => Reading::Whole,
    };
    let limit_ms = spec.time_limit_ms.unwrap_or(G::CONTEST.time_limit_ms) as f64;
    let mut program = Program::start(spec.command, spec.stderr, reading)?;
    let mut timer = Timer {
        clock: G::CONTEST.clock,
        limit_ms,
        started: now_ms(),
        thinking_ms: 0.0,
    };
    program.send(G::opening(instance));
    let mut output = String::new();
    let mut moves = 0;
    let verdict = match G::INTERACTIVE {
        true => converse::<G>(instance, &mut program, &mut timer, &mut output, &mut moves),
        false => offline::<G>(instance, &mut program, &timer, &mut output, &mut moves),
    };
    program.kill();
    let (score, status, error) = match verdict {
        Ok(score) => (score, Status::Ok, None),
        Err(failure) => (
            G::CONTEST.invalid_score,
            failure.status,
            Some(TurnError::new(moves, failure.reason)),
        ),
    };
    Ok(RunReport {
        output,
        score,
        status,
        error,
        moves,
        time_ms: timer.counted(),
        wall_ms: now_ms() - timer.started,
    })
}

/// An interactive game to its end; the score.
fn converse<G: Protocol>(
    instance: &G::Instance,
    program: &mut Program,
    timer: &mut Timer,
    output: &mut String,
    moves: &mut usize,
) -> Result<i64, Failure> {
    let mut state = G::start(instance);
    let mut text = String::new();
    while !G::is_over(instance, &state) {
        text.clear();
        G::prompt(instance, &state, timer.thinking_ms as u64, &mut text);
        let asked = now_ms();
        program.send(std::mem::take(&mut text));
        let answer = loop {
            match program.receive(timer.remaining(asked)) {
                Received::Line(line) => match G::reply(&line) {
                    // A comment: kept in the output, as the tester echoes it.
                    None => {
                        output.push_str(&line);
                        output.push('\n');
                    }
                    Some(reply) => break Ok((line, reply)),
                },
                Received::TimedOut => break Err(timer.overrun()),
                Received::Ended | Received::Whole(_) => {
                    break Err(Failure::new(Status::OutputEnded, G::OUTPUT_ENDED))
                }
                Received::TooLong => {
                    break Err(Failure::new(
                        Status::TooMuchOutput,
                        format!("a line longer than {} MiB", MAX_LINE_BYTES >> 20),
                    ))
                }
            }
        };
        if timer.clock == Clock::Thinking {
            timer.thinking_ms += now_ms() - asked;
        }
        let (line, reply) = match answer {
            Ok(answer) => answer,
            Err(failure) if failure.status == Status::OutputEnded => {
                let until = now_ms() + CRASH_GRACE_MS;
                return Err(match program.wait_exit(until) {
                    Some(status) if !status.success() => crashed(status),
                    _ => failure,
                });
            }
            Err(failure) => return Err(failure),
        };
        output.push_str(&line);
        output.push('\n');
        if timer.remaining(now_ms()) < 0.0 {
            return Err(timer.overrun());
        }
        let action = reply.map_err(|reason| Failure::new(Status::Garbage, reason))?;
        G::apply(instance, &mut state, &action)
            .map_err(|reason| Failure::new(Status::IllegalMove, reason))?;
        *moves += 1;
        G::report(instance, &state, &mut text);
        program.send(std::mem::take(&mut text));
    }
    // The game is over: the program may end now. Wall time counts until it has.
    program.close_input();
    let until = match timer.clock {
        Clock::Thinking => now_ms() + EXIT_GRACE_MS,
        Clock::Wall => timer.deadline(),
    };
    let ended = loop {
        match program.receive(until - now_ms()) {
            Received::Ended | Received::TooLong => break program.wait_exit(until),
            Received::TimedOut => break None,
            Received::Line(_) | Received::Whole(_) => {}
        }
    };
    if timer.clock == Clock::Wall {
        match ended {
            None => return Err(timer.overrun()),
            Some(status) if !status.success() => return Err(crashed(status)),
            Some(_) => {}
        }
    }
    Ok(G::score(instance, &state))
}

/// An offline game: the whole output, then the game's own reading and replay; the score.
fn offline<G: Protocol>(
    instance: &G::Instance,
    program: &mut Program,
    timer: &Timer,
    output: &mut String,
    moves: &mut usize,
) -> Result<i64, Failure> {
    program.close_input();
    let (bytes, fault) = match program.receive(timer.remaining(timer.started)) {
        Received::Whole(bytes) => match program.wait_exit(timer.deadline()) {
            None => (bytes, Some(timer.overrun())),
            Some(status) if !status.success() => (bytes, Some(crashed(status))),
            Some(_) => (bytes, None),
        },
        Received::TooLong => {
            let reason = format!("more than {} MiB of output", MAX_OUTPUT_BYTES >> 20);
            return Err(Failure::new(Status::TooMuchOutput, reason));
        }
        _ => {
            // Overrun: what it printed until it was killed.
            program.kill();
            match program.receive(CRASH_GRACE_MS) {
                Received::Whole(bytes) => (bytes, Some(timer.overrun())),
                _ => (Vec::new(), Some(timer.overrun())),
            }
        }
    };
    *output = String::from_utf8_lossy(&bytes).into_owned();
    let actions = G::parse_output(instance, output);
    if let Some(fault) = fault {
        *moves = actions.map_or_else(|e| e.turn, |a| a.len());
        return Err(fault);
    }
    let actions = actions.map_err(|e| {
        *moves = e.turn;
        Failure::new(Status::Garbage, e.reason)
    })?;
    let state = replay::<G>(instance, &actions).map_err(|e| {
        *moves = e.turn;
        Failure::new(Status::IllegalMove, e.reason)
    })?;
    *moves = actions.len();
    Ok(G::score(instance, &state))
}

/// A game's tester, object-safe: what `arcade run` dispatches over (`games::TESTERS`).
pub trait DynTester: Sync {
    /// The game it runs.
    fn game(&self) -> &'static dyn DynGame;
    /// Runs a contestant's program on a test like the official tester (`run`).
    fn run(&self, seed: u64, params: &Params, spec: RunSpec) -> Result<RunReport, Error>;
}

impl<G: Protocol> DynTester for Registered<G> {
    fn game(&self) -> &'static dyn DynGame {
        &Registered::<G>::GAME
    }

    fn run(&self, seed: u64, params: &Params, spec: RunSpec) -> Result<RunReport, Error> {
        run::<G>(&instance::<G>(seed, params)?, spec).map_err(Error::Request)
    }
}
