//! TilesMatching (Topcoder Marathon Match 53): place each incoming tile next to tiles it
//! matches in colour or shape, fill rows and columns to clear them, and last as long as
//! possible. N, S, D and the per-turn tile stream are drawn exactly as the official tester
//! draws them (see `gen`).

mod gen;
mod io;
#[cfg(not(target_arch = "wasm32"))]
mod protocol;
pub mod solver;

pub use gen::TileSource;

use crate::contest::{Clock, Contest};
use crate::game::{Agent, Game, ParamSpec, Params, Series, TurnError};
use crate::standings::Standing;
use serde::Serialize;
use std::fmt;

/// The game stops after this many replies.
pub const MOVES: usize = 10_000;
/// A board cell holding nothing.
pub const EMPTY: u8 = u8::MAX;
/// A board cell holding a wildcard. Regular tiles are stored as `color * 10 + shape`, the
/// contest's two digits read as a number.
pub const WILD: u8 = u8::MAX - 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    Wild,
    Remove,
    Regular { color: u8, shape: u8 },
}

impl Tile {
    /// The board code of a tile that can be placed (`None` for the remove tile).
    pub fn code(self) -> Option<u8> {
        match self {
            Tile::Wild => Some(WILD),
            Tile::Remove => None,
            Tile::Regular { color, shape } => Some(color * 10 + shape),
        }
    }
}

/// As the tester sends it: `W`, `R` or two digits colour-then-shape.
impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tile::Wild => f.write_str("W"),
            Tile::Remove => f.write_str("R"),
            Tile::Regular { color, shape } => write!(f, "{color}{shape}"),
        }
    }
}

/// True when a regular tile `color`/`shape` may sit next to the board cell `code`.
#[inline]
pub fn matches(code: u8, color: u8, shape: u8) -> bool {
    code == WILD || code / 10 == color || code % 10 == shape
}

/// Which lines a placement filled (and so cleared).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clear {
    pub row: bool,
    pub col: bool,
}

/// The square board, row-major, with the number of occupied cells kept alongside.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    side: usize,
    cells: Vec<u8>,
    occupied: usize,
}

impl Board {
    pub fn new(side: usize) -> Self {
        Board {
            side,
            cells: vec![EMPTY; side * side],
            occupied: 0,
        }
    }

    /// A board from row-major cell codes (`EMPTY`, `WILD` or `color * 10 + shape`).
    pub fn from_cells(side: usize, cells: Vec<u8>) -> Self {
        assert_eq!(cells.len(), side * side, "a board has side * side cells");
        let occupied = cells.iter().filter(|&&c| c != EMPTY).count();
        Board {
            side,
            cells,
            occupied,
        }
    }

    pub fn side(&self) -> usize {
        self.side
    }

    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    pub fn is_empty(&self) -> bool {
        self.occupied == 0
    }

    pub fn occupied(&self) -> usize {
        self.occupied
    }

    /// The orthogonal neighbours of `cell` inside the board, up to four.
    #[inline]
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> {
        let s = self.side;
        let (r, c) = (cell / s, cell % s);
        [
            (r > 0).then(|| cell - s),
            (c + 1 < s).then(|| cell + 1),
            (r + 1 < s).then(|| cell + s),
            (c > 0).then(|| cell - 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Why `tile` may not go on `cell`, or `None` when it may. The reasons are the sentences
    /// the rules give back to the player.
    pub fn refusal(&self, cell: usize, tile: Tile) -> Option<String> {
        let s = self.side;
        let at = format!("({}, {})", cell / s, cell % s);
        let here = self.cells[cell];
        if tile == Tile::Remove {
            return (here == EMPTY).then(|| {
                format!("the remove tile must go on a placed tile, but cell {at} is empty")
            });
        }
        if here != EMPTY {
            return Some(format!("cell {at} is occupied"));
        }
        if self.is_empty() {
            return None;
        }
        let mut has_neighbour = false;
        for nb in self.neighbours(cell) {
            let code = self.cells[nb];
            if code == EMPTY {
                continue;
            }
            has_neighbour = true;
            if let Tile::Regular { color, shape } = tile {
                if !matches(code, color, shape) {
                    return Some(format!(
                        "tile {tile} at {at} matches neither the colour nor the shape of its \
                         neighbour {code:02} at ({}, {})",
                        nb / s,
                        nb % s
                    ));
                }
            }
        }
        (!has_neighbour).then(|| format!("cell {at} has no placed tile beside it"))
    }

    /// True when `tile` may go on `cell` (the fast form of `refusal`).
    #[inline]
    pub fn accepts(&self, cell: usize, tile: Tile) -> bool {
        let here = self.cells[cell];
        match tile {
            Tile::Remove => here != EMPTY,
            _ if here != EMPTY => false,
            _ if self.is_empty() => true,
            Tile::Wild => self.neighbours(cell).any(|nb| self.cells[nb] != EMPTY),
            Tile::Regular { color, shape } => {
                let mut has_neighbour = false;
                for nb in self.neighbours(cell) {
                    let code = self.cells[nb];
                    if code != EMPTY {
                        if !matches(code, color, shape) {
                            return false;
                        }
                        has_neighbour = true;
                    }
                }
                has_neighbour
            }
        }
    }

    /// Every cell where `tile` may go, in row-major order.
    pub fn legal_cells(&self, tile: Tile) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&i| self.accepts(i, tile))
            .collect()
    }

    /// Puts a placeable tile (its board code) on an empty cell and clears the cell's row and
    /// column if they became full (both at once when both are). The caller checks legality.
    pub fn put(&mut self, cell: usize, code: u8) -> Clear {
        debug_assert_eq!(self.cells[cell], EMPTY);
        self.cells[cell] = code;
        self.occupied += 1;
        let s = self.side;
        let (r, c) = (cell / s, cell % s);
        let clear = Clear {
            row: (0..s).all(|k| self.cells[r * s + k] != EMPTY),
            col: (0..s).all(|k| self.cells[k * s + c] != EMPTY),
        };
        for k in 0..s {
            if clear.row {
                self.take(r * s + k);
            }
            if clear.col {
                self.take(k * s + c);
            }
        }
        clear
    }

    /// Empties a cell (a remove tile, or a clear).
    pub fn take(&mut self, cell: usize) {
        if self.cells[cell] != EMPTY {
            self.cells[cell] = EMPTY;
            self.occupied -= 1;
        }
    }
}

#[derive(Clone, Debug)]
pub struct Instance {
    /// Number of colours, and of shapes (4..=10).
    pub n: u8,
    /// Board side S (8..=12).
    pub side: usize,
    /// Discard limit D (2..=4).
    pub d: u8,
    /// The tile stream where the tester's generator stands after drawing N, S and D.
    pub tiles: TileSource,
}

/// One reply as the contest writes it. Cells are kept raw so that an off-board reply is
/// refused by the rules with a reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Place { row: i64, col: i64 },
    Discard,
    GiveUp,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place { row, col } => write!(f, "{row} {col}"),
            Action::Discard => f.write_str("DISCARD"),
            Action::GiveUp => f.write_str("GIVE UP"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct State {
    pub board: Board,
    /// The tile to play now (the last one drawn once the game is over).
    pub tile: Tile,
    /// Hidden: where the future tiles come from.
    tiles: TileSource,
    pub counter: u8,
    pub moves: usize,
    pub tiles_used: u32,
    pub single_clears: u32,
    pub simultaneous_clears: u32,
    pub gave_up: bool,
    /// Cells emptied by the last move's clears, row-major.
    pub last_cleared: Vec<usize>,
    /// The last reply and the tile it answered.
    pub last_move: Option<(Action, Tile)>,
}

impl State {
    /// Tiles used + S per single clear + 3S per simultaneous clear.
    pub fn score(&self, side: usize) -> i64 {
        let s = side as i64;
        self.tiles_used as i64
            + s * self.single_clears as i64
            + 3 * s * self.simultaneous_clears as i64
    }
}

/// What a contestant saw: the board, the tile in hand and the discard counter. The tile
/// stream is not reachable from here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    pub n: u8,
    pub side: usize,
    pub d: u8,
    pub board: Board,
    pub tile: Tile,
    pub counter: u8,
    pub moves: usize,
    pub score: i64,
}

/// What the page draws. `board` is row-major: -1 empty, -2 wildcard, otherwise
/// `color * 10 + shape`. Cells are `[row, col]`.
#[derive(Serialize)]
pub struct View {
    pub n: u8,
    pub side: usize,
    pub d: u8,
    pub board: Vec<i16>,
    /// The tile in hand as the tester sends it (`W`, `R`, `52`); `None` once the game is over.
    pub tile: Option<String>,
    pub counter: u8,
    pub score: i64,
    pub tiles_used: u32,
    pub single_clears: u32,
    pub simultaneous_clears: u32,
    /// The last reply, the tile it answered, and the cells its clears emptied.
    pub last_move: Option<String>,
    pub last_tile: Option<String>,
    pub cleared: Vec<[usize; 2]>,
    /// Where the tile in hand may go (for highlighting manual play).
    pub legal: Vec<[usize; 2]>,
    pub can_discard: bool,
    /// Nothing is legal but GIVE UP: no cell takes the tile and the counter is at D.
    pub stuck: bool,
    pub over: bool,
    pub over_reason: Option<&'static str>,
    pub moves: usize,
    pub moves_left: usize,
}

pub struct TilesMatching;

impl Game for TilesMatching {
    const ID: &'static str = "tiles-matching";
    const TITLE: &'static str = "TilesMatching";
    /// The contest's limits and scoring (the statement's).
    const CONTEST: Contest = Contest {
        time_limit_ms: 20_000,
        clock: Clock::Thinking,
        invalid_score: 0,
        standing: Standing::RankPoints,
    };
    const PARAMS: &'static [ParamSpec] = &[
        ParamSpec {
            name: "n",
            min: 4,
            max: 10,
            help: "number of colours (and of shapes)",
        },
        ParamSpec {
            name: "s",
            min: 8,
            max: 12,
            help: "board side",
        },
        ParamSpec {
            name: "d",
            min: 2,
            max: 4,
            help: "discard limit",
        },
    ];
    // Java's setSeed(long) ignores 0, so the tester's seeds start at 1.
    const MIN_SEED: u64 = 1;
    const MAX_SEED: u64 = i64::MAX as u64;
    const AGENTS: &'static [&'static str] = &["eval", "greedy"];
    // A GIVE UP is a reply and counts as a move, as the tester counts its 10,000 replies.
    const MOVE_LIMIT: Option<usize> = Some(MOVES);
    const GROUP_BY: &'static [&'static str] = &["N"];

    type Instance = Instance;
    type Action = Action;
    type State = State;
    type Observation = Observation;
    type View = View;

    fn generate(seed: u64, params: &Params) -> Instance {
        gen::generate(seed, params)
    }

    fn format_input(instance: &Instance) -> String {
        io::format_input(instance)
    }

    fn read_output(
        instance: &Instance,
        text: &str,
    ) -> Result<crate::game::Moves<Action>, TurnError> {
        io::read_output(instance, text)
    }

    fn format_output(actions: &[Action]) -> String {
        io::format_output(actions)
    }

    fn parse_action(text: &str) -> Result<Action, String> {
        io::parse_action(text)
    }

    /// The first tile is drawn on the empty board, so it is a wildcard.
    fn start(instance: &Instance) -> State {
        let mut tiles = instance.tiles.clone();
        let board = Board::new(instance.side);
        State {
            tile: tiles.next(board.is_empty()),
            board,
            tiles,
            counter: 0,
            moves: 0,
            tiles_used: 0,
            single_clears: 0,
            simultaneous_clears: 0,
            gave_up: false,
            last_cleared: Vec::new(),
            last_move: None,
        }
    }

    fn apply(instance: &Instance, state: &mut State, action: &Action) -> Result<(), String> {
        if Self::is_over(instance, state) {
            return Err("the game is over".into());
        }
        let side = instance.side;
        let tile = state.tile;
        // Validate everything before touching the state.
        let target = match *action {
            Action::Place { row, col } => {
                let on_board = |v: i64| (0..side as i64).contains(&v);
                if !on_board(row) || !on_board(col) {
                    return Err(format!(
                        "cell ({row}, {col}) is off the {side}x{side} board"
                    ));
                }
                let cell = row as usize * side + col as usize;
                if let Some(reason) = state.board.refusal(cell, tile) {
                    return Err(reason);
                }
                Some(cell)
            }
            Action::Discard if state.counter >= instance.d => {
                return Err(format!(
                    "tile {tile} cannot be discarded: the discard counter is already at its \
                     limit D = {}",
                    instance.d
                ));
            }
            Action::Discard | Action::GiveUp => None,
        };
        state.last_cleared.clear();
        state.last_move = Some((*action, tile));
        state.moves += 1;
        match (action, target) {
            (Action::GiveUp, _) => {
                state.gave_up = true;
                return Ok(());
            }
            (Action::Discard, _) => state.counter += 1,
            (_, Some(cell)) => {
                if let Some(code) = tile.code() {
                    let clear = state.board.put(cell, code);
                    match (clear.row, clear.col) {
                        (true, true) => state.simultaneous_clears += 1,
                        (false, false) => {}
                        _ => state.single_clears += 1,
                    }
                    if clear.row || clear.col {
                        let (r, c) = (cell / side, cell % side);
                        state.last_cleared = (0..side * side)
                            .filter(|&i| {
                                (clear.row && i / side == r) || (clear.col && i % side == c)
                            })
                            .collect();
                    }
                } else {
                    state.board.take(cell);
                }
                state.tiles_used += 1;
                state.counter = state.counter.saturating_sub(1);
            }
            (_, None) => unreachable!("a placement always has a target cell"),
        }
        if state.moves < MOVES {
            state.tile = state.tiles.next(state.board.is_empty());
        }
        Ok(())
    }

    fn score(instance: &Instance, state: &State) -> i64 {
        state.score(instance.side)
    }

    fn is_over(_: &Instance, state: &State) -> bool {
        state.gave_up || state.moves >= MOVES
    }

    /// A game ends with GIVE UP or after 10,000 replies; the tester keeps asking otherwise.
    fn check_end(_: &Instance, state: &State, moves: usize) -> Result<(), TurnError> {
        if state.gave_up || state.moves >= MOVES {
            return Ok(());
        }
        Err(TurnError::new(
            moves,
            format!(
                "the output ends after {moves} repl{}, but a game lasts {MOVES} replies unless \
                 it ends with GIVE UP",
                if moves == 1 { "y" } else { "ies" }
            ),
        ))
    }

    fn observe(instance: &Instance, state: &State) -> Observation {
        Observation {
            n: instance.n,
            side: instance.side,
            d: instance.d,
            board: state.board.clone(),
            tile: state.tile,
            counter: state.counter,
            moves: state.moves,
            score: state.score(instance.side),
        }
    }

    fn view(instance: &Instance, state: &State) -> View {
        let side = instance.side;
        let over = Self::is_over(instance, state);
        let at = |cell: usize| [cell / side, cell % side];
        let legal: Vec<[usize; 2]> = match over {
            true => Vec::new(),
            false => state
                .board
                .legal_cells(state.tile)
                .into_iter()
                .map(at)
                .collect(),
        };
        let can_discard = !over && state.counter < instance.d;
        View {
            n: instance.n,
            side,
            d: instance.d,
            board: state
                .board
                .cells()
                .iter()
                .map(|&code| match code {
                    EMPTY => -1,
                    WILD => -2,
                    c => c as i16,
                })
                .collect(),
            tile: (!over).then(|| state.tile.to_string()),
            counter: state.counter,
            score: state.score(side),
            tiles_used: state.tiles_used,
            single_clears: state.single_clears,
            simultaneous_clears: state.simultaneous_clears,
            last_move: state.last_move.map(|(a, _)| a.to_string()),
            last_tile: state.last_move.map(|(_, t)| t.to_string()),
            cleared: state.last_cleared.iter().map(|&c| at(c)).collect(),
            stuck: !over && legal.is_empty() && !can_discard,
            legal,
            can_discard,
            over,
            over_reason: match (state.gave_up, state.moves >= MOVES) {
                // The tile given up on is still in hand and the board unchanged.
                (true, _)
                    if state.counter >= instance.d
                        && state.board.legal_cells(state.tile).is_empty() =>
                {
                    Some("gave up: the tile fitted nowhere and the discard counter was at D")
                }
                (true, _) => Some("gave up with a legal reply left"),
                (false, true) => Some("all 10,000 moves played"),
                _ => None,
            },
            moves: state.moves,
            moves_left: MOVES - state.moves,
        }
    }

    /// The empty cells: the game ends when no tile fits.
    fn series(instance: &Instance, state: &State) -> Series {
        Series {
            players: Vec::new(),
            free: Some((instance.side * instance.side - state.board.occupied()) as i64),
        }
    }

    fn instance_params(instance: &Instance) -> Vec<(&'static str, i64)> {
        vec![
            ("N", i64::from(instance.n)),
            ("S", instance.side as i64),
            ("D", i64::from(instance.d)),
        ]
    }

    fn agent(name: &str) -> Option<Box<dyn Agent<Self>>> {
        match name {
            "eval" => Some(Box::new(solver::eval::EvalAgent::default())),
            "greedy" => Some(Box::new(solver::greedy::GreedyAgent)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{replay, Game};

    /// Seed 4 is N = 4, S = 10, D = 3; overrides make other shapes.
    fn instance(n: u8, side: usize, d: u8) -> Instance {
        let mut params = Params::new();
        params.insert("n".into(), n as i64);
        params.insert("s".into(), side as i64);
        params.insert("d".into(), d as i64);
        TilesMatching::generate(4, &params)
    }

    /// A state with the given tiles (`(row, col, code)`) and `tile` in hand.
    fn state_with(inst: &Instance, placed: &[(usize, usize, u8)], tile: Tile) -> State {
        let mut state = TilesMatching::start(inst);
        let mut cells = vec![EMPTY; inst.side * inst.side];
        for &(r, c, code) in placed {
            cells[r * inst.side + c] = code;
        }
        state.board = Board::from_cells(inst.side, cells);
        state.tile = tile;
        state
    }

    fn regular(color: u8, shape: u8) -> Tile {
        Tile::Regular { color, shape }
    }

    fn place(row: i64, col: i64) -> Action {
        Action::Place { row, col }
    }

    /// The whole state as text, hidden tile stream included: equal text, equal state.
    fn fingerprint(state: &State) -> String {
        format!("{state:?}")
    }

    #[test]
    fn first_tile_is_a_wildcard_that_goes_anywhere() {
        let inst = TilesMatching::generate(1, &Params::new());
        let mut state = TilesMatching::start(&inst);
        assert_eq!(state.tile, Tile::Wild);
        assert_eq!(state.board.legal_cells(Tile::Wild).len(), 11 * 11);
        TilesMatching::apply(&inst, &mut state, &place(10, 3)).unwrap();
        assert_eq!(state.board.get(10 * 11 + 3), WILD);
        assert_eq!((state.tiles_used, state.moves), (1, 1));
        // Seed 1's tile stream (gen.rs checks its first twelve) goes on: W, then 52.
        assert_eq!(state.tile, regular(5, 2));
    }

    #[test]
    fn a_regular_tile_must_match_every_neighbour_and_wildcards_match_all() {
        let inst = instance(6, 8, 2);
        // (2,2) = 13 with a wildcard at (2,4): cell (2,3) sits between them.
        let base = state_with(
            &inst,
            &[(2, 2, 13), (2, 4, WILD), (1, 3, 55)],
            regular(1, 0),
        );
        let mut state = base.clone();
        let err = TilesMatching::apply(&inst, &mut state, &place(2, 3)).unwrap_err();
        assert!(
            err.contains("tile 10 at (2, 3) matches neither") && err.contains("55 at (1, 3)"),
            "{err}"
        );
        assert_eq!(fingerprint(&state), fingerprint(&base));
        // Colour 1 matches 13, shape 5 matches 55, and the wildcard takes anything.
        let mut state = state_with(
            &inst,
            &[(2, 2, 13), (2, 4, WILD), (1, 3, 55)],
            regular(1, 5),
        );
        TilesMatching::apply(&inst, &mut state, &place(2, 3)).unwrap();
        assert_eq!(state.board.get(2 * 8 + 3), 15);
        // Beside a lone wildcard any tile fits.
        let state = state_with(&inst, &[(5, 5, WILD)], regular(4, 4));
        assert_eq!(
            state.board.legal_cells(state.tile),
            vec![4 * 8 + 5, 5 * 8 + 4, 5 * 8 + 6, 6 * 8 + 5]
        );
        // A shape match alone is enough.
        let state = state_with(&inst, &[(0, 0, 32)], regular(5, 2));
        assert_eq!(state.board.legal_cells(state.tile), vec![1, 8]);
        let state = state_with(&inst, &[(0, 0, 32)], regular(5, 1));
        assert!(state.board.legal_cells(state.tile).is_empty());
    }

    #[test]
    fn placements_need_a_neighbour_and_an_empty_cell_on_the_board() {
        let inst = instance(6, 8, 2);
        let base = state_with(&inst, &[(3, 3, 22)], Tile::Wild);
        for (action, needle) in [
            (place(0, 0), "no placed tile beside it"),
            (place(3, 3), "cell (3, 3) is occupied"),
            (place(8, 0), "cell (8, 0) is off the 8x8 board"),
            (place(0, -1), "off the"),
        ] {
            let mut state = base.clone();
            let err = TilesMatching::apply(&inst, &mut state, &action).unwrap_err();
            assert!(err.contains(needle), "{action:?}: {err}");
            assert_eq!(fingerprint(&state), fingerprint(&base));
        }
        let mut state = base.clone();
        TilesMatching::apply(&inst, &mut state, &place(3, 4)).unwrap();
        let base = state_with(&inst, &[(3, 3, 22)], regular(2, 0));
        let mut state = base.clone();
        let err = TilesMatching::apply(&inst, &mut state, &place(5, 5)).unwrap_err();
        assert!(err.contains("no placed tile beside it"), "{err}");
    }

    #[test]
    fn a_remove_tile_takes_out_a_wildcard_and_counts_as_used() {
        let inst = instance(6, 8, 3);
        let mut state = state_with(&inst, &[(3, 3, 22), (3, 4, WILD)], Tile::Remove);
        state.counter = 2;
        let before = state.score(inst.side);
        TilesMatching::apply(&inst, &mut state, &place(3, 4)).unwrap();
        assert_eq!(state.board.get(3 * 8 + 4), EMPTY);
        assert_eq!(state.board.occupied(), 1);
        assert_eq!(state.tiles_used, 1);
        assert_eq!(state.counter, 1);
        assert_eq!(state.score(inst.side), before + 1);
        // It must land on a tile.
        let base = state_with(&inst, &[(3, 3, 22)], Tile::Remove);
        let mut state = base.clone();
        let err = TilesMatching::apply(&inst, &mut state, &place(0, 0)).unwrap_err();
        assert!(err.contains("cell (0, 0) is empty"), "{err}");
        assert_eq!(fingerprint(&state), fingerprint(&base));
        assert_eq!(base.board.legal_cells(Tile::Remove), vec![3 * 8 + 3]);
    }

    #[test]
    fn a_row_and_a_column_filled_together_clear_simultaneously() {
        let inst = instance(4, 8, 2);
        // Row 2 and column 5 full of colour-0 tiles except their crossing (2, 5).
        let mut placed = Vec::new();
        for k in 0..8 {
            if k != 5 {
                placed.push((2, k, k as u8 % 4));
            }
            if k != 2 {
                placed.push((k, 5, k as u8 % 4));
            }
        }
        placed.push((7, 7, 33));
        let mut state = state_with(&inst, &placed, regular(0, 3));
        TilesMatching::apply(&inst, &mut state, &place(2, 5)).unwrap();
        assert_eq!((state.single_clears, state.simultaneous_clears), (0, 1));
        assert_eq!(state.tiles_used, 1);
        assert_eq!(TilesMatching::score(&inst, &state), 1 + 3 * 8);
        // 15 cells emptied; only (7, 7) is left.
        assert_eq!(state.last_cleared.len(), 15);
        assert!(state.last_cleared.contains(&(2 * 8 + 5)));
        assert_eq!(state.board.occupied(), 1);
        let view = TilesMatching::view(&inst, &state);
        assert_eq!(view.cleared.len(), 15);
        assert_eq!(
            (view.last_move.as_deref(), view.last_tile.as_deref()),
            (Some("2 5"), Some("03"))
        );
    }

    #[test]
    fn a_single_full_line_scores_s_and_empties_only_itself() {
        let inst = instance(4, 8, 2);
        let mut placed: Vec<(usize, usize, u8)> = (1..8).map(|r| (r, 0, 11)).collect();
        placed.push((3, 1, 12));
        let mut state = state_with(&inst, &placed, regular(1, 3));
        TilesMatching::apply(&inst, &mut state, &place(0, 0)).unwrap();
        assert_eq!((state.single_clears, state.simultaneous_clears), (1, 0));
        assert_eq!(TilesMatching::score(&inst, &state), 1 + 8);
        assert_eq!(
            state.last_cleared,
            (0..8).map(|r| r * 8).collect::<Vec<_>>()
        );
        assert_eq!(state.board.occupied(), 1);
    }

    #[test]
    fn an_emptied_board_deals_a_wildcard_next() {
        let inst = instance(4, 8, 2);
        let placed: Vec<(usize, usize, u8)> = (1..8).map(|c| (4, c, 20)).collect();
        let mut state = state_with(&inst, &placed, regular(2, 1));
        TilesMatching::apply(&inst, &mut state, &place(4, 0)).unwrap();
        assert!(state.board.is_empty());
        assert_eq!(state.tile, Tile::Wild);
        assert_eq!(state.board.legal_cells(Tile::Wild).len(), 64);
    }

    #[test]
    fn the_discard_counter_stops_at_d_and_placements_lower_it() {
        let inst = instance(5, 8, 2);
        let mut state = state_with(&inst, &[(0, 0, WILD)], Tile::Wild);
        for expected in [1, 2] {
            TilesMatching::apply(&inst, &mut state, &Action::Discard).unwrap();
            assert_eq!(state.counter, expected);
        }
        let before = fingerprint(&state);
        let err = TilesMatching::apply(&inst, &mut state, &Action::Discard).unwrap_err();
        assert!(err.contains("already at its limit D = 2"), "{err}");
        assert_eq!(fingerprint(&state), before);
        // Placements lower the counter, not below 0.
        for expected in [1, 0, 0] {
            state.tile = Tile::Wild;
            let cell = *state.board.legal_cells(Tile::Wild).last().unwrap();
            let action = place((cell / 8) as i64, (cell % 8) as i64);
            TilesMatching::apply(&inst, &mut state, &action).unwrap();
            assert_eq!(state.counter, expected);
        }
        assert_eq!(state.tiles_used, 3);
        assert_eq!(state.score(inst.side), 3);
    }

    #[test]
    fn give_up_ends_the_game() {
        let inst = instance(5, 8, 2);
        let mut state = state_with(&inst, &[(0, 0, 11)], regular(2, 2));
        // Stuck: nothing fits beside 11 and the counter is at D. Only GIVE UP is left.
        state.counter = 2;
        let view = TilesMatching::view(&inst, &state);
        assert!(view.stuck && view.legal.is_empty() && !view.can_discard);
        TilesMatching::apply(&inst, &mut state, &Action::GiveUp).unwrap();
        assert!(TilesMatching::is_over(&inst, &state));
        assert_eq!(TilesMatching::score(&inst, &state), 0);
        let err = TilesMatching::apply(&inst, &mut state, &Action::Discard).unwrap_err();
        assert!(err.contains("over"), "{err}");
        let view = TilesMatching::view(&inst, &state);
        assert_eq!(
            (view.over, view.over_reason),
            (
                true,
                Some("gave up: the tile fitted nowhere and the discard counter was at D")
            )
        );
        assert_eq!(view.tile, None);
    }

    #[test]
    fn a_give_up_with_a_legal_reply_left_says_so() {
        let inst = instance(5, 8, 2);
        let mut state = state_with(&inst, &[(0, 0, 11)], regular(1, 2));
        TilesMatching::apply(&inst, &mut state, &Action::GiveUp).unwrap();
        assert_eq!(
            TilesMatching::view(&inst, &state).over_reason,
            Some("gave up with a legal reply left")
        );
    }

    #[test]
    fn the_game_stops_after_ten_thousand_moves() {
        let inst = instance(5, 8, 2);
        let mut state = state_with(&inst, &[(0, 0, WILD)], Tile::Wild);
        state.moves = MOVES - 1;
        assert!(!TilesMatching::is_over(&inst, &state));
        TilesMatching::apply(&inst, &mut state, &place(0, 1)).unwrap();
        assert!(TilesMatching::is_over(&inst, &state));
        assert!(TilesMatching::apply(&inst, &mut state, &place(0, 2)).is_err());
        assert_eq!(
            TilesMatching::view(&inst, &state).over_reason,
            Some("all 10,000 moves played")
        );
        assert!(TilesMatching::check_end(&inst, &state, MOVES).is_ok());
    }

    #[test]
    fn outputs_must_end_with_give_up_or_last_ten_thousand_moves() {
        let inst = TilesMatching::generate(1, &Params::new());
        // W at (5, 5), then 52 beside it, then stop without giving up.
        let text = "5 5\n5 6\n";
        let actions = TilesMatching::parse_output(&inst, text).unwrap();
        let e = replay::<TilesMatching>(&inst, &actions).unwrap_err();
        assert_eq!(e.turn, 2);
        assert!(e.reason.contains("GIVE UP"), "{}", e.reason);
        let actions = TilesMatching::parse_output(&inst, "5 5\n5 6\nGIVE UP\n").unwrap();
        let state = replay::<TilesMatching>(&inst, &actions).unwrap();
        assert_eq!(TilesMatching::score(&inst, &state), 2);
        // The tester reads nothing after GIVE UP; replies past the end, given as moves, are
        // one too many.
        let actions = TilesMatching::parse_output(&inst, "5 5\nGIVE UP\nDISCARD\n").unwrap();
        assert_eq!(actions.len(), 2);
        let mut extra = actions.clone();
        extra.push(Action::Discard);
        let e = replay::<TilesMatching>(&inst, &extra).unwrap_err();
        assert_eq!(e.turn, 2);
        // A bad move names its index: the third tile, 41, shares neither colour nor shape
        // with 52, the only neighbour of (5, 7).
        let actions = TilesMatching::parse_output(&inst, "5 5\n5 6\n5 7\n").unwrap();
        let e = replay::<TilesMatching>(&inst, &actions).unwrap_err();
        assert_eq!(e.turn, 2);
        assert!(
            e.reason.contains("tile 41 at (5, 7) matches neither"),
            "{}",
            e.reason
        );
    }

    #[test]
    fn the_observation_hides_the_tile_stream() {
        // Same N, S, D from two seeds: the visible start is identical, the futures are not.
        let (mut params_a, mut params_b) = (Params::new(), Params::new());
        for params in [&mut params_a, &mut params_b] {
            params.insert("n".into(), 6);
            params.insert("s".into(), 10);
            params.insert("d".into(), 3);
        }
        let a = TilesMatching::generate(1, &params_a);
        let b = TilesMatching::generate(2, &params_b);
        let (mut sa, mut sb) = (TilesMatching::start(&a), TilesMatching::start(&b));
        assert_eq!(
            TilesMatching::observe(&a, &sa),
            TilesMatching::observe(&b, &sb)
        );
        let mut differ = false;
        for _ in 0..5 {
            TilesMatching::apply(&a, &mut sa, &place(4, 4)).ok();
            TilesMatching::apply(&b, &mut sb, &place(4, 4)).ok();
            differ |= TilesMatching::observe(&a, &sa) != TilesMatching::observe(&b, &sb);
        }
        assert!(differ, "the two seeds should deal different tiles");
        // The agents' input type carries only these fields (a compile-time list: adding the
        // stream to it would have to change this destructuring).
        let Observation {
            n: _,
            side: _,
            d: _,
            board: _,
            tile: _,
            counter: _,
            moves: _,
            score: _,
        } = TilesMatching::observe(&a, &sa);
    }

    #[test]
    fn the_view_lists_legal_cells_and_score_parts() {
        let inst = instance(6, 8, 3);
        let state = state_with(&inst, &[(0, 0, WILD), (7, 7, 45)], regular(4, 0));
        let view = TilesMatching::view(&inst, &state);
        assert_eq!(view.legal, vec![[0, 1], [1, 0], [6, 7], [7, 6]]);
        assert_eq!(view.board[0], -2);
        assert_eq!(view.board[63], 45);
        assert_eq!(view.board[1], -1);
        assert_eq!(view.tile.as_deref(), Some("40"));
        assert!(view.can_discard && !view.stuck && !view.over);
        assert_eq!((view.counter, view.d, view.moves_left), (0, 3, MOVES));
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["tiles_used"], 0);
        assert_eq!(json["legal"][0], serde_json::json!([0, 1]));
    }
}
