//! The wasm-bindgen exports: a thin shell over the registry (compiled only for wasm32).
//!
//! Seeds cross the boundary as decimal strings (a JS number loses u64 precision), parameters
//! as a plain object `{name: integer}`, results as plain JSON-compatible objects. Nothing here
//! knows a particular game.

use crate::clock::Budget;
use crate::game::{DynGame, DynSession, Error, Params};
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

#[derive(Serialize)]
struct ScoreResult {
    score: Option<i64>,
    /// The move the error happened at, when it is about a move.
    turn: Option<usize>,
    error: Option<String>,
}

/// Scores a contest output as the official tester would: `{score}` or `{turn, error}`.
#[wasm_bindgen]
pub fn score(
    game_id: &str,
    seed_text: &str,
    params_value: JsValue,
    output: &str,
) -> Result<JsValue, JsError> {
    let game = game(game_id)?;
    let result = match game.score(seed(game, seed_text)?, &params(params_value)?, output) {
        Ok(score) => ScoreResult {
            score: Some(score),
            turn: None,
            error: None,
        },
        Err(Error::Move(e)) => ScoreResult {
            score: None,
            turn: Some(e.turn),
            error: Some(e.to_string()),
        },
        Err(e) => return Err(js_error(e)),
    };
    Ok(to_js(&result))
}

/// Runs a solver under a wall-clock budget; `on_progress({score, turn, elapsed_ms})` is
/// called as it improves. Returns `{output, score, moves}`.
#[wasm_bindgen]
pub fn solve(
    game_id: &str,
    seed_text: &str,
    params_value: JsValue,
    agent: &str,
    budget_ms: f64,
    on_progress: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
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
/// output holds the prefix and the solver's moves.
#[wasm_bindgen(js_name = solveFrom)]
pub fn solve_from(
    game_id: &str,
    seed_text: &str,
    params_value: JsValue,
    prefix: &str,
    agent: &str,
    budget_ms: f64,
    on_progress: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
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
        .map_err(js_error)?;
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
) -> Result<f64, JsError> {
    let game = game(game_id)?;
    let bench = games::bench(game_id).ok_or_else(|| js_error(games::unknown(game_id)))?;
    let moves = bench
        .replay_throughput(
            seed(game, seed_text)?,
            &params(params_value)?,
            output,
            min_ms,
        )
        .map_err(js_error)?;
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

    /// Plays one move written as one step of the contest output; refusals name the reason.
    pub fn play(&mut self, action: &str) -> Result<(), JsError> {
        self.session.play_text(action).map_err(js_error)
    }

    /// The view after one step of contest output, without playing it; refusals as `play`.
    pub fn preview(&self, action: &str) -> Result<JsValue, JsError> {
        let view = self.session.preview_text(action).map_err(js_error)?;
        Ok(to_js(&view))
    }

    /// Loads a contest output; returns `null` or `{turn, reason}` for the first bad move (the
    /// valid prefix stays loaded).
    #[wasm_bindgen(js_name = loadOutput)]
    pub fn load_output(&mut self, text: &str) -> JsValue {
        match self.session.load_output(text) {
            Ok(()) => JsValue::NULL,
            Err(Error::Move(e)) => to_js(&e),
            Err(e) => to_js(&serde_json::json!({"turn": 0, "reason": e.to_string()})),
        }
    }

    /// `null`, or `{turn, reason}` when the loaded output is legal but ends too early for the
    /// official tester.
    pub fn incomplete(&self) -> JsValue {
        match self.session.incomplete() {
            Some(e) => to_js(&e),
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
