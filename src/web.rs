//! The wasm-bindgen exports: a thin shell over the registry (compiled only for wasm32).
//!
//! Seeds cross the boundary as decimal strings (a JS number loses u64 precision), parameters
//! as a plain object `{name: integer}`, results as plain JSON-compatible objects. Nothing here
//! knows a particular game.

use crate::clock::Budget;
use crate::game::{DynGame, DynSession, Error, Params, TurnError};
use crate::games;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// An error at a move as the page reads it: `move` and `line` count from 1 (`line` is null
/// when no line of the output holds the move: the output ended early, a move played by hand),
/// `reason` has no "move K:" prefix. `turn` (from 0) is what the page read before.
#[derive(Serialize)]
struct MoveError<'a> {
    #[serde(rename = "move")]
    move_: usize,
    line: Option<usize>,
    reason: &'a str,
    turn: usize,
}

impl<'a> From<&'a TurnError> for MoveError<'a> {
    fn from(e: &'a TurnError) -> Self {
        MoveError {
            move_: e.turn + 1,
            line: e.line,
            reason: &e.reason,
            turn: e.turn,
        }
    }
}

/// A thrown error: a JS `Error` whose message is the CLI's text (`move K: reason`, K from 0)
/// and which, for an error at a move, also carries `move`, `line`, `reason` and `turn` as
/// `MoveError` does, so the page never parses the message.
fn thrown(e: Error) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    if let Error::Move(turn_error) = &e {
        let fields = to_js(&MoveError::from(turn_error));
        let _ = js_sys::Object::assign(&error, &fields.unchecked_into::<js_sys::Object>());
    }
    error.into()
}

fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .unwrap_or_else(|e| JsValue::from_str(&format!("serialisation failed: {e}")))
}

fn game(id: &str) -> Result<&'static dyn DynGame, JsError> {
    games::find(id).ok_or_else(|| js_error(games::unknown(id)))
}

/// `undefined`, `null` or `{name: integer}`.
fn params(value: JsValue) -> Result<Params, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(Params::new());
    }
    serde_wasm_bindgen::from_value(value)
        .map_err(|e| js_error(format!("parameters must be whole numbers by name: {e}")))
}

fn seed(game: &dyn DynGame, text: &str) -> Result<u64, JsError> {
    game.parse_seed(text).map_err(js_error)
}

/// Every game's id, title, parameters, seed range, solvers and caveat.
#[wasm_bindgen]
pub fn games() -> JsValue {
    let infos: Vec<_> = games::ALL.iter().map(|g| g.info()).collect();
    to_js(&infos)
}

/// The instance as the official tester feeds it to a solution.
#[wasm_bindgen(js_name = inputText)]
pub fn input_text(
    game_id: &str,
    seed_text: &str,
    params_value: JsValue,
) -> Result<String, JsError> {
    let game = game(game_id)?;
    game.input_text(seed(game, seed_text)?, &params(params_value)?)
        .map_err(js_error)
}

/// The game's short label of an instance, its parameters as drawn: `N=9 C=4`, `colors=5 n=14`.
#[wasm_bindgen]
pub fn describe(game_id: &str, seed_text: &str, params_value: JsValue) -> Result<String, JsError> {
    let game = game(game_id)?;
    Ok(game.describe(seed(game, seed_text)?, &params(params_value)?))
}

/// An instance's parameters as drawn, by name in the game's order, the same values as
/// `describe`'s label: `{N: 9, C: 4}`, `{colors: 5, n: 14}`.
#[wasm_bindgen(js_name = instanceParams)]
pub fn instance_params(
    game_id: &str,
    seed_text: &str,
    params_value: JsValue,
) -> Result<JsValue, JsError> {
    let game = game(game_id)?;
    let drawn = game
        .instance_params(seed(game, seed_text)?, &params(params_value)?)
        .map_err(js_error)?;
    Ok(to_js(&InOrder(&drawn)))
}

/// Pairs serialised as an object whose keys keep their order.
struct InOrder<'a>(&'a [(&'static str, i64)]);

impl Serialize for InOrder<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct ScoreResult {
    score: Option<i64>,
    /// The moves the output played, when it is valid.
    moves: Option<usize>,
    /// The move the error happened at (from 0), when it is about a move.
    turn: Option<usize>,
    /// `move K: reason`, K from 0, as the CLI prints it.
    error: Option<String>,
    /// The same error as `MoveError`: move and line from 1, the reason alone.
    #[serde(rename = "move")]
    move_: Option<usize>,
    line: Option<usize>,
    reason: Option<String>,
}

/// Scores a contest output as the official tester would: `{score, moves}` (the other fields null) or
/// `{score: null, moves: null, move, line, reason, turn, error}` (see `ScoreResult`).
#[wasm_bindgen]
pub fn score(
    game_id: &str,
    seed_text: &str,
    params_value: JsValue,
    output: &str,
) -> Result<JsValue, JsError> {
    let game = game(game_id)?;
    let result = match game.score_moves(seed(game, seed_text)?, &params(params_value)?, output) {
        Ok((score, moves)) => ScoreResult {
            score: Some(score),
            moves: Some(moves),
            turn: None,
            error: None,
            move_: None,
            line: None,
            reason: None,
        },
        Err(Error::Move(e)) => ScoreResult {
            score: None,
            moves: None,
            turn: Some(e.turn),
            error: Some(e.to_string()),
            move_: Some(e.turn + 1),
            line: e.line,
            reason: Some(e.reason),
        },
        Err(e) => return Err(js_error(e)),
    };
    Ok(to_js(&result))
}

/// Runs a solver under a wall-clock budget; `on_progress({score, turn, elapsed_ms})` is
/// called as it improves. Returns `{output, score, moves}`; throws as `solveFrom`.
#[wasm_bindgen]
pub fn solve(
    game_id: &str,
    seed_text: &str,
    params_value: JsValue,
    agent: &str,
    budget_ms: f64,
    on_progress: Option<js_sys::Function>,
) -> Result<JsValue, JsValue> {
    solve_from(
        game_id,
        seed_text,
        params_value,
        "",
        agent,
        budget_ms,
        on_progress,
    )
}

/// As `solve`, from the position after `prefix` (the first moves in the output format); the
/// output holds the prefix and the solver's moves. A bad prefix or an illegal solver move
/// throws an `Error` carrying `{move, line, reason, turn}` (see `thrown`).
#[wasm_bindgen(js_name = solveFrom)]
pub fn solve_from(
    game_id: &str,
    seed_text: &str,
    params_value: JsValue,
    prefix: &str,
    agent: &str,
    budget_ms: f64,
    on_progress: Option<js_sys::Function>,
) -> Result<JsValue, JsValue> {
    let game = game(game_id)?;
    let (seed, params) = (seed(game, seed_text)?, params(params_value)?);
    let mut budget = Budget::new(budget_ms);
    if let Some(callback) = on_progress {
        budget = budget.on_progress(Box::new(move |p| {
            let _ = callback.call1(&JsValue::NULL, &to_js(p));
        }));
    }
    let solution = game
        .solve_from(seed, &params, prefix, agent, &mut budget)
        .map_err(thrown)?;
    Ok(to_js(&solution))
}

/// A random seed in the game's range, below 2^53 so it survives JS numbers and URLs. Only the
/// seed button uses OS randomness; the games never do.
#[wasm_bindgen(js_name = randomSeed)]
pub fn random_seed(game_id: &str) -> Result<String, JsError> {
    let info = game(game_id)?.info();
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| js_error(format!("no randomness available: {e}")))?;
    let max = info.max_seed.min((1u64 << 53) - 1);
    let span = max - info.min_seed + 1;
    Ok((info.min_seed + u64::from_le_bytes(bytes) % span).to_string())
}

/// Simulator speed: replays `output` for at least `min_ms`, returns the moves applied.
#[wasm_bindgen(js_name = replayThroughput)]
pub fn replay_throughput(
    game_id: &str,
    seed_text: &str,
    params_value: JsValue,
    output: &str,
    min_ms: f64,
) -> Result<f64, JsValue> {
    let game = game(game_id)?;
    let bench = games::bench(game_id).ok_or_else(|| js_error(games::unknown(game_id)))?;
    let moves = bench
        .replay_throughput(
            seed(game, seed_text)?,
            &params(params_value)?,
            output,
            min_ms,
        )
        .map_err(thrown)?;
    Ok(moves as f64)
}

/// A game in the page: manual play with undo/redo, or a loaded output to replay and seek.
#[wasm_bindgen]
pub struct Play {
    session: Box<dyn DynSession>,
}

#[wasm_bindgen]
impl Play {
    #[wasm_bindgen(constructor)]
    pub fn new(game_id: &str, seed_text: &str, params_value: JsValue) -> Result<Play, JsError> {
        let game = game(game_id)?;
        let session = game
            .session(seed(game, seed_text)?, &params(params_value)?)
            .map_err(js_error)?;
        Ok(Play { session })
    }

    /// Plays one move written as one step of the contest output. A refusal throws an `Error`
    /// (message `move K: reason`) carrying `{move, line: null, reason, turn}`.
    pub fn play(&mut self, action: &str) -> Result<(), JsValue> {
        self.session.play_text(action).map_err(thrown)
    }

    /// The view after one step of contest output, without playing it; refusals as `play`.
    pub fn preview(&self, action: &str) -> Result<JsValue, JsValue> {
        let view = self.session.preview_text(action).map_err(thrown)?;
        Ok(to_js(&view))
    }

    /// Loads a contest output; returns `null` or, for the first bad move (the valid prefix
    /// stays loaded), `{move, line, reason, turn}` (`MoveError`).
    #[wasm_bindgen(js_name = loadOutput)]
    pub fn load_output(&mut self, text: &str) -> JsValue {
        match self.session.load_output(text) {
            Ok(()) => JsValue::NULL,
            Err(Error::Move(e)) => to_js(&MoveError::from(&e)),
            // Not about a move (a session refuses none today); shaped the same.
            Err(e) => to_js(&MoveError {
                move_: 1,
                line: None,
                reason: &e.to_string(),
                turn: 0,
            }),
        }
    }

    /// `null`, or `{move, line: null, reason, turn}` when the loaded output is legal but ends
    /// too early for the official tester (`move` is the one that is missing).
    pub fn incomplete(&self) -> JsValue {
        match self.session.incomplete() {
            Some(e) => to_js(&MoveError::from(&e)),
            None => JsValue::NULL,
        }
    }

    pub fn undo(&mut self) -> bool {
        self.session.undo()
    }

    pub fn redo(&mut self) -> bool {
        self.session.redo()
    }

    pub fn seek(&mut self, turn: usize) {
        self.session.seek(turn)
    }

    pub fn cursor(&self) -> usize {
        self.session.cursor()
    }

    /// Moves known (played or loaded), including any redo tail.
    pub fn moves(&self) -> usize {
        self.session.len()
    }

    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.session.is_over()
    }

    #[wasm_bindgen(js_name = inputText)]
    pub fn input_text(&self) -> String {
        self.session.input_text()
    }

    /// The moves up to the cursor, in the contest's output format.
    #[wasm_bindgen(js_name = outputText)]
    pub fn output_text(&self) -> String {
        self.session.output_text()
    }

    /// The game's analysis of the current position (`null` when it offers none).
    pub fn analyze(&self) -> JsValue {
        match self.session.analyze() {
            Some(value) => to_js(&value),
            None => JsValue::NULL,
        }
    }

    /// The score chart's data: `readTimeline` in www/chart/score-chart.js.
    //
    // The score before any move and after each known move, in one pass (`game::timeline`),
    // as one flat array of numbers (one list: little code in the module): `[P, F, N]`, then the N
    // scores, then P rows of N (each player's score), then, when F is 1, N free-cell counts.
    pub fn timeline(&mut self) -> JsValue {
        let t = crate::game::timeline(self.session.as_mut());
        let n = t.score.len() as i64;
        let free = t.free.unwrap_or_default();
        let mut flat = vec![t.players.len() as i64, i64::from(!free.is_empty()), n];
        let rows = std::iter::once(&t.score)
            .chain(&t.players)
            .chain(std::iter::once(&free));
        flat.extend(rows.flatten());
        to_js(&flat)
    }

    /// `{turn, moves, score, over, view}` for the renderer.
    pub fn frame(&self) -> JsValue {
        to_js(&self.session.frame())
    }
}

#[derive(Serialize)]
struct RelativeScores {
    title: &'static str,
    formula: &'static str,
    #[serde(rename = "perTest")]
    per_test: Vec<Vec<f64>>,
    totals: Vec<f64>,
}

/// The contest's relative scores of several runs on the same tests (`scores[run][test]`, null
/// for an invalid output): `{title, formula, perTest, totals}`, by the rules of `standings`,
/// the same ones `arcade run --compare` and `arcade compare` use.
#[wasm_bindgen(js_name = relativeScores)]
pub fn relative_scores(game_id: &str, scores: JsValue) -> Result<JsValue, JsError> {
    let contest = game(game_id)?.info().contest;
    let scores: Vec<Vec<Option<i64>>> = serde_wasm_bindgen::from_value(scores).map_err(|e| {
        js_error(format!(
            "scores must be lists of whole numbers or null: {e}"
        ))
    })?;
    let (per_test, totals) =
        crate::standings::relative_table(contest.standing, contest.invalid_score, &scores);
    Ok(to_js(&RelativeScores {
        title: contest.standing.title(),
        formula: contest.standing.describe(),
        per_test,
        totals,
    }))
}

/// One SquareRemover beam search at a fixed width (the clock is not read for the width), for
/// scripts/bench-square-wasm.mjs: at equal width every module plays the same squares, so the
/// SIMD and baseline modules compare by the children they evaluate per CPU second.
#[derive(Serialize)]
struct BeamRun {
    score: i64,
    colors: u8,
    n: usize,
    evaluated: f64,
    layers: usize,
}

#[doc(hidden)]
#[wasm_bindgen(js_name = squareBeamAtWidth)]
pub fn square_beam_at_width(seed_text: &str, width: usize) -> Result<JsValue, JsValue> {
    use crate::game::Game;
    use crate::games::square_remover::solver::beam::{search, Settings};
    use crate::games::square_remover::SquareRemover;
    let seed = seed(game("square-remover")?, seed_text)?;
    let inst = SquareRemover::generate(seed, &Params::new());
    let obs = SquareRemover::observe(&inst, &SquareRemover::start(&inst));
    let settings = Settings {
        width: Some(width.max(1)),
        ..Settings::default()
    };
    let (_, score, stats) = search(&obs, &mut Budget::new(1e12), settings);
    let run = BeamRun {
        score,
        colors: inst.colors,
        n: inst.n,
        evaluated: stats.evaluated as f64,
        layers: stats.layers,
    };
    Ok(to_js(&run))
}
