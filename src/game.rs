//! The contract every game implements, and the text-level layer the CLI and the page use.
//!
//! A game is a set of pure functions over its own types (`Game`). Everything outside the game
//! folders goes through `DynGame`, which speaks the contests' own text formats, so the CLI, the
//! tests, the page and share links all score an output the same way.

use crate::clock::Budget;
use crate::contest::Contest;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// A parameter override that the official tester allowed (e.g. SquareRemover's `colors`).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ParamSpec {
    pub name: &'static str,
    pub min: i64,
    pub max: i64,
    pub help: &'static str,
}

/// Parameter overrides by name; an absent name means "as the generator draws it".
pub type Params = BTreeMap<String, i64>;

/// A move the rules refuse, or output that cannot be read, at move `turn` (0-based).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnError {
    pub turn: usize,
    /// The line of the contest output where that move starts (from 1), counted as the game's
    /// own reader counts lines; `None` when no line holds it (the output ended early, a move
    /// played by hand).
    pub line: Option<usize>,
    pub reason: String,
}

impl TurnError {
    pub fn new(turn: usize, reason: impl Into<String>) -> Self {
        TurnError {
            turn,
            line: None,
            reason: reason.into(),
        }
    }

    pub fn at_line(self, line: usize) -> Self {
        TurnError {
            line: Some(line),
            ..self
        }
    }

    /// Names the line of the move from where each move of the output starts, unless it has
    /// one already; a move past the last one (the output ended early) has none.
    pub fn located(self, lines: &[usize]) -> Self {
        match (self.line, lines.get(self.turn)) {
            (None, Some(&line)) => self.at_line(line),
            _ => self,
        }
    }
}

/// A contest output as the official tester reads it: the moves, and for each the line of the
/// text where it starts (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moves<A> {
    pub actions: Vec<A>,
    pub lines: Vec<usize>,
}

impl<A> Default for Moves<A> {
    fn default() -> Self {
        Moves {
            actions: Vec::new(),
            lines: Vec::new(),
        }
    }
}

impl<A> Moves<A> {
    pub fn push(&mut self, action: A, line: usize) {
        self.actions.push(action);
        self.lines.push(line);
    }
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.turn, self.reason)
    }
}

/// Everything that can go wrong at the text level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Bad request: unknown game, seed out of range, bad parameter, unknown solver.
    Request(String),
    /// The output breaks the rules or cannot be parsed at a given move.
    Move(TurnError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Request(reason) => f.write_str(reason),
            Error::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

impl From<TurnError> for Error {
    fn from(e: TurnError) -> Self {
        Error::Move(e)
    }
}

/// A player. It sees an observation (what a contestant saw), never the hidden state.
pub trait Agent<G: Game + ?Sized> {
    fn act(&mut self, observation: &G::Observation, budget: &mut Budget) -> G::Action;
}

/// One game: its instance, moves, rules, score and agents, as plain functions.
///
/// `apply` must leave the state untouched when it refuses a move, so callers never clone to
/// undo a refusal.
pub trait Game: 'static {
    /// The id used in URLs, the CLI and module names (`square-remover`).
    const ID: &'static str;
    const TITLE: &'static str;
    /// The original contest's time limit, invalid score and standings rule.
    const CONTEST: Contest;
    const PARAMS: &'static [ParamSpec];
    const MIN_SEED: u64;
    const MAX_SEED: u64;
    /// Where the game is not exactly the official one, said plainly (shown in the page).
    const CAVEAT: Option<&'static str> = None;
    /// The solvers by name; the first is the default. `greedy` must exist and be
    /// deterministic: benchmarks replay its output natively and in wasm.
    const AGENTS: &'static [&'static str];
    /// For games that can end early (a full board, a GIVE UP): the most moves a game lasts,
    /// counted as `Solution::moves` counts them. A game that reaches it is a full game; one
    /// that ends sooner is a death. `None` when every game lasts its whole length anyway.
    const MOVE_LIMIT: Option<usize> = None;
    /// The names in `describe`'s label (`N=9 C=4`) that benchmark tables group seeds by
    /// (`report::label_values`).
    const GROUP_BY: &'static [&'static str] = &[];

    type Instance: Clone;
    type Action: Clone + PartialEq + fmt::Debug;
    type State: Clone;
    type Observation;
    type View: Serialize;

    /// The instance for a seed, exactly as the official generator. `params` are validated.
    fn generate(seed: u64, params: &Params) -> Self::Instance;
    /// The instance as the official tester feeds it to a solution.
    fn format_input(instance: &Self::Instance) -> String;

    /// A whole contest output, read exactly as the official tester reads it, with the line
    /// each move starts on; errors name the move and, where there is one, its line.
    fn read_output(instance: &Self::Instance, text: &str)
        -> Result<Moves<Self::Action>, TurnError>;
    /// The moves of `read_output`.
    fn parse_output(instance: &Self::Instance, text: &str) -> Result<Vec<Self::Action>, TurnError> {
        Self::read_output(instance, text).map(|moves| moves.actions)
    }
    /// The moves an unreadable output holds before the step `error` names, for the page to
    /// replay: by default the whole lines before its line, read again (at most the moves
    /// before it; none when they share its line, or when the error names no line). A game
    /// whose moves share lines reads them its own way.
    fn read_before(instance: &Self::Instance, text: &str, error: &TurnError) -> Vec<Self::Action> {
        let Some(line) = error.line else {
            return Vec::new();
        };
        let before: String = text
            .split_inclusive('\n')
            .take(line.saturating_sub(1))
            .collect();
        match Self::read_output(instance, &before) {
            Ok(mut moves) => {
                moves.actions.truncate(error.turn);
                moves.actions
            }
            Err(_) => Vec::new(),
        }
    }
    fn format_output(actions: &[Self::Action]) -> String;
    /// One move as the page sends it: the syntax of one step of the output.
    fn parse_action(text: &str) -> Result<Self::Action, String>;

    fn start(instance: &Self::Instance) -> Self::State;
    fn apply(
        instance: &Self::Instance,
        state: &mut Self::State,
        action: &Self::Action,
    ) -> Result<(), String>;
    fn score(instance: &Self::Instance, state: &Self::State) -> i64;
    fn is_over(instance: &Self::Instance, state: &Self::State) -> bool;

    /// Called when the output has ended after `moves` moves. By default a game must be over.
    fn check_end(
        instance: &Self::Instance,
        state: &Self::State,
        moves: usize,
    ) -> Result<(), TurnError> {
        if Self::is_over(instance, state) {
            Ok(())
        } else {
            Err(TurnError::new(
                moves,
                format!(
                    "the output ends after {moves} move{} but the game is not over",
                    if moves == 1 { "" } else { "s" }
                ),
            ))
        }
    }

    fn observe(instance: &Self::Instance, state: &Self::State) -> Self::Observation;
    /// What the page draws (plain serde data).
    fn view(instance: &Self::Instance, state: &Self::State) -> Self::View;

    fn agent(name: &str) -> Option<Box<dyn Agent<Self>>>;

    /// Facts about the current position that the page may ask for on demand and that may take
    /// a while (e.g. the best final score still reachable and the move that reaches it).
    /// `None` when the game offers none. For people, not for agents.
    fn analyze(_instance: &Self::Instance, _state: &Self::State) -> Option<serde_json::Value> {
        None
    }

    /// What the score chart shows beside the score after a move (`Session::timeline`):
    /// nothing by default.
    fn series(_instance: &Self::Instance, _state: &Self::State) -> Series {
        Series::default()
    }

    /// The instance's parameters as drawn, by name, in the order tables show them (e.g.
    /// `[("N", 9), ("C", 4)]`).
    fn instance_params(_instance: &Self::Instance) -> Vec<(&'static str, i64)> {
        Vec::new()
    }

    /// A short label of the instance for tables, e.g. `colors=5 n=14`: `instance_params`.
    fn describe(instance: &Self::Instance) -> String {
        let pairs: Vec<String> = Self::instance_params(instance)
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        pairs.join(" ")
    }
}

/// A game's own figures of one position for its score chart (`Game::series`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Series {
    /// Every player's score (Territory), player 0 first; empty when the game has one player.
    pub players: Vec<i64>,
    /// The free cells of the board, for games that end when it fills (Lines, TilesMatching).
    pub free: Option<i64>,
}

/// The score before any move and after each move of a game, with the game's own series
/// (`Game::series`) at the same points: `score[t]` is the score after `t` moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timeline {
    pub score: Vec<i64>,
    /// `players[p][t]`: player p's score after t moves (empty for one-player games).
    pub players: Vec<Vec<i64>>,
    pub free: Option<Vec<i64>>,
}

impl Timeline {
    fn push(&mut self, score: i64, series: Series) {
        self.score.push(score);
        self.players.resize_with(series.players.len(), Vec::new);
        for (line, value) in self.players.iter_mut().zip(series.players) {
            line.push(value);
        }
        if let Some(free) = series.free {
            self.free.get_or_insert_with(Vec::new).push(free);
        }
    }
}

/// Checks parameter overrides against a game's specs.
pub fn validate_params(specs: &[ParamSpec], params: &Params) -> Result<(), String> {
    for (name, &value) in params {
        let spec = specs.iter().find(|s| s.name == name).ok_or_else(|| {
            let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
            if known.is_empty() {
                format!("unknown parameter '{name}': this game takes none")
            } else {
                format!("unknown parameter '{name}' (known: {})", known.join(", "))
            }
        })?;
        if value < spec.min || value > spec.max {
            return Err(format!(
                "parameter {name} = {value} is out of range: it must be from {} to {}",
                spec.min, spec.max
            ));
        }
    }
    Ok(())
}

/// Parses a decimal seed and checks it against the game's range.
pub fn parse_seed(text: &str, min: u64, max: u64) -> Result<u64, String> {
    let text = text.trim();
    let bad = || format!("seed must be a whole number from {min} to {max}, got '{text}'");
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let seed: u64 = text.parse().map_err(|_| bad())?;
    if seed < min || seed > max {
        return Err(bad());
    }
    Ok(seed)
}

/// The most seeds a range may hold.
pub const MAX_SEEDS: u64 = 100_000;

/// Seeds `A..B` (inclusive) or one seed, each checked against the game's range: the one
/// seed-range reader of the crate (`arcade gen`, `bench`, `run`).
pub fn parse_seed_range(text: &str, min: u64, max: u64) -> Result<Vec<u64>, String> {
    let (a, b) = text.split_once("..").unwrap_or((text, text));
    // "1-5" or "1:5" reads as a bad seed; say how a range is written.
    let hint = |e: String| match text.contains(['-', ':', ',']) {
        true => format!("{e} (a range is written A..B, e.g. 1..100)"),
        false => e,
    };
    let first = parse_seed(a, min, max).map_err(hint)?;
    let last = parse_seed(b, min, max).map_err(hint)?;
    if last < first || last - first >= MAX_SEEDS {
        return Err(format!(
            "need A..B with A <= B and at most {MAX_SEEDS} seeds"
        ));
    }
    Ok((first..=last).collect())
}

/// Replays a whole output from the start; the final state or the first bad move.
pub fn replay<G: Game>(
    instance: &G::Instance,
    actions: &[G::Action],
) -> Result<G::State, TurnError> {
    let state = replay_prefix::<G>(instance, actions)?;
    G::check_end(instance, &state, actions.len())?;
    Ok(state)
}

/// Replays the first moves of a game (it need not be finished).
pub fn replay_prefix<G: Game>(
    instance: &G::Instance,
    actions: &[G::Action],
) -> Result<G::State, TurnError> {
    let mut state = G::start(instance);
    for (turn, action) in actions.iter().enumerate() {
        if G::is_over(instance, &state) {
            return Err(TurnError::new(
                turn,
                "the game is already over; the output has extra moves",
            ));
        }
        G::apply(instance, &mut state, action).map_err(|reason| TurnError::new(turn, reason))?;
    }
    Ok(state)
}

/// Runs an agent through a whole game under a budget.
pub fn play<G: Game>(
    instance: &G::Instance,
    agent: &mut dyn Agent<G>,
    budget: &mut Budget,
) -> Result<(Vec<G::Action>, G::State), TurnError> {
    play_from::<G>(instance, Vec::new(), agent, budget)
}

/// Runs an agent through the rest of a game whose first moves are `prefix`. The agent sees
/// only observations from there on, as a contestant joining the game at that move would.
pub fn play_from<G: Game>(
    instance: &G::Instance,
    prefix: Vec<G::Action>,
    agent: &mut dyn Agent<G>,
    budget: &mut Budget,
) -> Result<(Vec<G::Action>, G::State), TurnError> {
    let mut state = replay_prefix::<G>(instance, &prefix)?;
    let mut actions = prefix;
    while !G::is_over(instance, &state) {
        let observation = G::observe(instance, &state);
        let action = agent.act(&observation, budget);
        G::apply(instance, &mut state, &action).map_err(|reason| {
            TurnError::new(
                actions.len(),
                format!("the solver made an illegal move: {reason}"),
            )
        })?;
        actions.push(action);
        budget.report(G::score(instance, &state), actions.len());
    }
    Ok((actions, state))
}

/// The rest of a game planned in one go, for agents of fully known games: they plan at the
/// first call (or when the plan runs out) and then hand out one move per call.
pub struct Plan<A> {
    moves: std::collections::VecDeque<A>,
}

impl<A> Default for Plan<A> {
    fn default() -> Self {
        Plan {
            moves: Default::default(),
        }
    }
}

impl<A> Plan<A> {
    /// The next planned move, planning with `make` first when nothing is left.
    pub fn next(&mut self, make: impl FnOnce() -> Vec<A>) -> Option<A> {
        if self.moves.is_empty() {
            self.moves = make().into();
        }
        self.moves.pop_front()
    }
}

/// Moves between snapshots in a session: seeking replays at most this many moves.
const SNAPSHOT_EVERY: usize = 64;

/// A game in progress for the page: manual moves with undo/redo, or a loaded output to replay.
/// Seeking to any turn is cheap thanks to snapshots every `SNAPSHOT_EVERY` moves.
pub struct Session<G: Game> {
    instance: G::Instance,
    /// Every accepted move; those past `cursor` are the redo tail.
    actions: Vec<G::Action>,
    cursor: usize,
    state: G::State,
    /// `snapshots[k]` is the state after `k * SNAPSHOT_EVERY` moves of `actions`.
    snapshots: Vec<G::State>,
    /// The first bad move of a loaded output (the valid prefix is kept).
    load_error: Option<TurnError>,
    /// Why a loaded, legal output is still not complete.
    incomplete: Option<TurnError>,
}

impl<G: Game> Session<G> {
    pub fn new(instance: G::Instance) -> Self {
        let state = G::start(&instance);
        Session {
            snapshots: vec![state.clone()],
            state,
            instance,
            actions: Vec::new(),
            cursor: 0,
            load_error: None,
            incomplete: None,
        }
    }

    pub fn instance(&self) -> &G::Instance {
        &self.instance
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn len(&self) -> usize {
        self.actions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    pub fn load_error(&self) -> Option<&TurnError> {
        self.load_error.as_ref()
    }

    /// Plays a move at the cursor. Playing the move that redo would replay keeps the redo
    /// tail; any other move replaces it.
    pub fn play(&mut self, action: G::Action) -> Result<(), TurnError> {
        let turn = self.cursor;
        if G::is_over(&self.instance, &self.state) {
            return Err(TurnError::new(turn, "the game is over"));
        }
        if self.actions.get(turn) == Some(&action) {
            self.seek(turn + 1);
            return Ok(());
        }
        G::apply(&self.instance, &mut self.state, &action)
            .map_err(|reason| TurnError::new(turn, reason))?;
        self.actions.truncate(turn);
        self.snapshots.truncate(turn / SNAPSHOT_EVERY + 1);
        self.actions.push(action);
        self.cursor = turn + 1;
        self.load_error = None;
        self.incomplete = None;
        self.remember();
        Ok(())
    }

    /// The view after `action` at the cursor, without playing it: the page previews a move
    /// (a ball's path, say) through the rules instead of re-implementing them.
    pub fn preview(&self, action: &G::Action) -> Result<G::View, TurnError> {
        let turn = self.cursor;
        if G::is_over(&self.instance, &self.state) {
            return Err(TurnError::new(turn, "the game is over"));
        }
        let mut state = self.state.clone();
        G::apply(&self.instance, &mut state, action)
            .map_err(|reason| TurnError::new(turn, reason))?;
        Ok(G::view(&self.instance, &state))
    }

    fn remember(&mut self) {
        if self.cursor % SNAPSHOT_EVERY == 0 && self.snapshots.len() == self.cursor / SNAPSHOT_EVERY
        {
            self.snapshots.push(self.state.clone());
        }
    }

    /// Moves the cursor to turn `t` (clamped to the known moves).
    pub fn seek(&mut self, t: usize) {
        let t = t.min(self.actions.len());
        if t < self.cursor || t - self.cursor > SNAPSHOT_EVERY {
            let k = (t / SNAPSHOT_EVERY).min(self.snapshots.len() - 1);
            self.state = self.snapshots[k].clone();
            self.cursor = k * SNAPSHOT_EVERY;
        }
        while self.cursor < t {
            let action = &self.actions[self.cursor];
            // Every stored move was accepted from this very state before.
            if G::apply(&self.instance, &mut self.state, action).is_err() {
                unreachable!("a stored move was refused on replay");
            }
            self.cursor += 1;
            self.remember();
        }
    }

    pub fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.seek(self.cursor - 1);
        true
    }

    pub fn redo(&mut self) -> bool {
        if self.cursor == self.actions.len() {
            return false;
        }
        self.seek(self.cursor + 1);
        true
    }

    /// Replaces the moves with a contest output, leaving the cursor at its end. An illegal
    /// move stops the load there: the valid prefix stays playable and the error is kept. An
    /// unreadable step too: the moves before it stay playable as far as they are legal
    /// (`Game::read_before`). A legal output that ends early
    /// is loaded, and `incomplete` says why the official tester would still reject it.
    pub fn load_output(&mut self, text: &str) -> Result<(), TurnError> {
        let mut fresh = Session::<G>::new(self.instance.clone());
        let result = match G::read_output(&self.instance, text) {
            Ok(moves) => {
                let lines = moves.lines;
                moves.actions.into_iter().try_for_each(|action| {
                    let over = G::is_over(&fresh.instance, &fresh.state);
                    fresh
                        .play(action)
                        .map_err(|e| match over {
                            true => TurnError {
                                reason: "the game is already over; the output has extra moves"
                                    .into(),
                                ..e
                            },
                            false => e,
                        })
                        .map_err(|e| e.located(&lines))
                })
            }
            Err(error) => {
                for action in G::read_before(&self.instance, text, &error) {
                    if fresh.play(action).is_err() {
                        break;
                    }
                }
                Err(error)
            }
        };
        fresh.incomplete = match result {
            Ok(()) => G::check_end(&fresh.instance, &fresh.state, fresh.len()).err(),
            Err(_) => None,
        };
        fresh.load_error = result.clone().err();
        *self = fresh;
        result
    }

    /// For a loaded output: why the official tester would reject it although every move is
    /// legal (it ends before the game does). `None` when complete or not loaded.
    pub fn incomplete(&self) -> Option<&TurnError> {
        self.incomplete.as_ref()
    }

    pub fn output_text(&self) -> String {
        G::format_output(&self.actions[..self.cursor])
    }

    /// The score chart of every known move: `timeline`.
    pub fn timeline(&mut self) -> Timeline {
        timeline(self)
    }
}

/// A finished solve: the output text and its score.
#[derive(Clone, Debug, Serialize)]
pub struct Solution {
    pub output: String,
    pub score: i64,
    pub moves: usize,
}

/// What the page and the CLI need to know about a game.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    pub id: &'static str,
    pub title: &'static str,
    pub params: &'static [ParamSpec],
    /// Seeds are decimal strings outside Rust: JS numbers lose u64 precision.
    #[serde(serialize_with = "decimal")]
    pub min_seed: u64,
    #[serde(serialize_with = "decimal")]
    pub max_seed: u64,
    pub agents: &'static [&'static str],
    pub caveat: Option<&'static str>,
    /// `Game::MOVE_LIMIT`: a game that reaches it is a full game.
    pub move_limit: Option<usize>,
    /// `Game::GROUP_BY`: the instance label's names benchmark tables group by.
    pub group_by: &'static [&'static str],
    /// Time limit, invalid score and standings rule of the original contest.
    pub contest: Contest,
}

/// Serializes a u64 as a decimal string.
pub(crate) fn decimal<S: serde::Serializer>(value: &u64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// The text-level face of a game, object-safe so the registry can list them.
pub trait DynGame: Sync {
    fn info(&self) -> GameInfo;
    fn parse_seed(&self, text: &str) -> Result<u64, Error>;
    fn input_text(&self, seed: u64, params: &Params) -> Result<String, Error>;
    fn score(&self, seed: u64, params: &Params, output: &str) -> Result<i64, Error> {
        self.score_moves(seed, params, output)
            .map(|(score, _)| score)
    }
    /// The score and the number of moves the output played (a batch shows which games ended
    /// early).
    fn score_moves(&self, seed: u64, params: &Params, output: &str) -> Result<(i64, usize), Error>;
    fn solve(
        &self,
        seed: u64,
        params: &Params,
        agent: &str,
        budget: &mut Budget,
    ) -> Result<Solution, Error> {
        self.solve_from(seed, params, "", agent, budget)
    }
    /// Runs a solver from the position after `prefix` (the first moves, in the output
    /// format); the solution's output holds the prefix and the solver's moves.
    fn solve_from(
        &self,
        seed: u64,
        params: &Params,
        prefix: &str,
        agent: &str,
        budget: &mut Budget,
    ) -> Result<Solution, Error>;
    fn session(&self, seed: u64, params: &Params) -> Result<Box<dyn DynSession>, Error>;
    /// The game's short label of an instance (empty when the seed or params are bad).
    fn describe(&self, seed: u64, params: &Params) -> String;
    /// The instance's parameters as drawn (`Game::instance_params`).
    fn instance_params(
        &self,
        seed: u64,
        params: &Params,
    ) -> Result<Vec<(&'static str, i64)>, Error>;
}

/// The object-safe face of a `Session`.
pub trait DynSession {
    fn play_text(&mut self, action: &str) -> Result<(), Error>;
    /// The view after one step of contest output, without playing it.
    fn preview_text(&self, action: &str) -> Result<serde_json::Value, Error>;
    fn load_output(&mut self, text: &str) -> Result<(), Error>;
    fn load_error(&self) -> Option<TurnError>;
    fn incomplete(&self) -> Option<TurnError>;
    fn undo(&mut self) -> bool;
    fn redo(&mut self) -> bool;
    fn seek(&mut self, turn: usize);
    fn cursor(&self) -> usize;
    fn len(&self) -> usize;
    /// No moves yet (clippy's len_without_is_empty asks for it on a public trait).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn score(&self) -> i64;
    fn is_over(&self) -> bool;
    fn input_text(&self) -> String;
    fn output_text(&self) -> String;
    /// The frame to draw: `{turn, moves, score, over, view}` with the game's own view inside.
    fn frame(&self) -> serde_json::Value;
    /// `Game::analyze` of the current position.
    fn analyze(&self) -> Option<serde_json::Value>;
    /// `Game::series` of the current position.
    fn series(&self) -> Series;
}

/// The score chart of every known move of a session (the redo tail too), in one pass from
/// the start: a 10,000-move output costs one replay, never one per prefix. It steps with
/// `seek` and leaves the cursor where it was. Written once over `DynSession`, so the module
/// holds one copy for every game.
pub fn timeline(session: &mut dyn DynSession) -> Timeline {
    let shown = session.cursor();
    let mut timeline = Timeline::default();
    for t in 0..=session.len() {
        session.seek(t);
        timeline.push(session.score(), session.series());
    }
    session.seek(shown);
    timeline
}

/// The instance of a seed, its range and the parameters checked first.
pub fn instance<G: Game>(seed: u64, params: &Params) -> Result<G::Instance, Error> {
    if seed < G::MIN_SEED || seed > G::MAX_SEED {
        return Err(Error::Request(format!(
            "seed must be a whole number from {} to {}, got {seed}",
            G::MIN_SEED,
            G::MAX_SEED
        )));
    }
    validate_params(G::PARAMS, params).map_err(Error::Request)?;
    Ok(G::generate(seed, params))
}

/// Adapts a `Game` to the registry (`games::ALL`). The benchmark (`bench::DynBench`) and,
/// natively, the tester (`tester::DynTester`) adapt the same type in their own modules.
pub struct Registered<G: Game>(std::marker::PhantomData<fn() -> G>);

impl<G: Game> Registered<G> {
    pub const GAME: Self = Registered(std::marker::PhantomData);

    fn instance(&self, seed: u64, params: &Params) -> Result<G::Instance, Error> {
        instance::<G>(seed, params)
    }
}

impl<G: Game> DynGame for Registered<G> {
    fn info(&self) -> GameInfo {
        GameInfo {
            id: G::ID,
            title: G::TITLE,
            params: G::PARAMS,
            min_seed: G::MIN_SEED,
            max_seed: G::MAX_SEED,
            agents: G::AGENTS,
            caveat: G::CAVEAT,
            move_limit: G::MOVE_LIMIT,
            group_by: G::GROUP_BY,
            contest: G::CONTEST,
        }
    }

    fn parse_seed(&self, text: &str) -> Result<u64, Error> {
        parse_seed(text, G::MIN_SEED, G::MAX_SEED).map_err(Error::Request)
    }

    fn input_text(&self, seed: u64, params: &Params) -> Result<String, Error> {
        Ok(G::format_input(&self.instance(seed, params)?))
    }

    fn score_moves(&self, seed: u64, params: &Params, output: &str) -> Result<(i64, usize), Error> {
        let instance = self.instance(seed, params)?;
        let moves = G::read_output(&instance, output)?;
        let state = replay::<G>(&instance, &moves.actions).map_err(|e| e.located(&moves.lines))?;
        Ok((G::score(&instance, &state), moves.actions.len()))
    }

    fn solve_from(
        &self,
        seed: u64,
        params: &Params,
        prefix: &str,
        agent: &str,
        budget: &mut Budget,
    ) -> Result<Solution, Error> {
        let instance = self.instance(seed, params)?;
        let mut player = G::agent(agent).ok_or_else(|| {
            Error::Request(format!(
                "unknown solver '{agent}' for {} (known: {})",
                G::ID,
                G::AGENTS.join(", ")
            ))
        })?;
        let prefix = if prefix.trim().is_empty() {
            Moves::default()
        } else {
            G::read_output(&instance, prefix)?
        };
        let lines = prefix.lines;
        let (actions, state) = play_from::<G>(&instance, prefix.actions, player.as_mut(), budget)
            .map_err(|e| e.located(&lines))?;
        Ok(Solution {
            output: G::format_output(&actions),
            score: G::score(&instance, &state),
            moves: actions.len(),
        })
    }

    fn session(&self, seed: u64, params: &Params) -> Result<Box<dyn DynSession>, Error> {
        Ok(Box::new(Session::<G>::new(self.instance(seed, params)?)))
    }

    fn describe(&self, seed: u64, params: &Params) -> String {
        self.instance(seed, params)
            .map(|i| G::describe(&i))
            .unwrap_or_default()
    }

    fn instance_params(
        &self,
        seed: u64,
        params: &Params,
    ) -> Result<Vec<(&'static str, i64)>, Error> {
        Ok(G::instance_params(&self.instance(seed, params)?))
    }
}

impl<G: Game> DynSession for Session<G> {
    fn play_text(&mut self, action: &str) -> Result<(), Error> {
        let parsed =
            G::parse_action(action).map_err(|reason| TurnError::new(self.cursor, reason))?;
        Ok(self.play(parsed)?)
    }

    fn preview_text(&self, action: &str) -> Result<serde_json::Value, Error> {
        let parsed =
            G::parse_action(action).map_err(|reason| TurnError::new(self.cursor, reason))?;
        let view = self.preview(&parsed)?;
        serde_json::to_value(view).map_err(|e| Error::Request(e.to_string()))
    }

    fn load_output(&mut self, text: &str) -> Result<(), Error> {
        Ok(Session::load_output(self, text)?)
    }

    fn load_error(&self) -> Option<TurnError> {
        self.load_error.clone()
    }

    fn incomplete(&self) -> Option<TurnError> {
        self.incomplete.clone()
    }

    fn undo(&mut self) -> bool {
        Session::undo(self)
    }

    fn redo(&mut self) -> bool {
        Session::redo(self)
    }

    fn seek(&mut self, turn: usize) {
        Session::seek(self, turn)
    }

    fn cursor(&self) -> usize {
        self.cursor
    }

    fn len(&self) -> usize {
        self.actions.len()
    }

    fn score(&self) -> i64 {
        G::score(&self.instance, &self.state)
    }

    fn is_over(&self) -> bool {
        G::is_over(&self.instance, &self.state)
    }

    fn input_text(&self) -> String {
        G::format_input(&self.instance)
    }

    fn output_text(&self) -> String {
        Session::output_text(self)
    }

    fn frame(&self) -> serde_json::Value {
        serde_json::json!({
            "turn": self.cursor,
            "moves": self.actions.len(),
            "score": G::score(&self.instance, &self.state),
            "over": G::is_over(&self.instance, &self.state),
            "view": G::view(&self.instance, &self.state),
        })
    }

    fn analyze(&self) -> Option<serde_json::Value> {
        G::analyze(&self.instance, &self.state)
    }

    fn series(&self) -> Series {
        G::series(&self.instance, &self.state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_decimal_and_in_range() {
        assert_eq!(parse_seed("42", 1, 100), Ok(42));
        assert_eq!(parse_seed(" 7 ", 1, 100), Ok(7));
        for bad in [
            "",
            "0",
            "101",
            "-3",
            "1e3",
            "4.0",
            "abc",
            "99999999999999999999999",
        ] {
            let err = parse_seed(bad, 1, 100).unwrap_err();
            assert!(err.contains("from 1 to 100"), "{bad}: {err}");
        }
        assert_eq!(
            parse_seed("18446744073709551615", 0, u64::MAX),
            Ok(u64::MAX)
        );
    }

    #[test]
    fn seed_ranges_are_inclusive_checked_and_capped() {
        assert_eq!(parse_seed_range("3..5", 1, 100), Ok(vec![3, 4, 5]));
        assert_eq!(parse_seed_range("7", 1, 100), Ok(vec![7]));
        assert_eq!(parse_seed_range(" 0..0", 0, 9), Ok(vec![0]));
        assert!(parse_seed_range("5..3", 1, 100)
            .unwrap_err()
            .contains("A <= B"));
        assert!(parse_seed_range("0..3", 1, 100)
            .unwrap_err()
            .contains("from 1 to 100"));
        assert!(parse_seed_range("1..", 1, 100).is_err());
        assert!(parse_seed_range("1...3", 1, 100).is_err());
        let max = u64::MAX;
        assert!(parse_seed_range("1..100000", 1, max).is_ok());
        assert!(parse_seed_range("1..100001", 1, max)
            .unwrap_err()
            .contains("at most 100000"));
    }

    #[test]
    fn params_are_checked_by_name_and_range() {
        const SPECS: &[ParamSpec] = &[ParamSpec {
            name: "n",
            min: 8,
            max: 16,
            help: "",
        }];
        let mut p = Params::new();
        assert!(validate_params(SPECS, &p).is_ok());
        p.insert("n".into(), 16);
        assert!(validate_params(SPECS, &p).is_ok());
        p.insert("n".into(), 17);
        assert!(validate_params(SPECS, &p)
            .unwrap_err()
            .contains("out of range"));
        let mut q = Params::new();
        q.insert("colours".into(), 4);
        assert!(validate_params(SPECS, &q)
            .unwrap_err()
            .contains("unknown parameter"));
    }

    #[test]
    fn turn_errors_name_the_move() {
        let e = Error::Move(TurnError::new(12, "out of the board").at_line(13));
        assert_eq!(e.to_string(), "move 12: out of the board");
    }
}
