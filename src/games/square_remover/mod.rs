//! SquareRemover (TCO'14 Marathon Round 1): swap adjacent tiles to complete one-colour 2x2
//! squares, which vanish and refill from a known buffer. Rules exactly as the official tester.

mod gen;
mod io;
#[cfg(not(target_arch = "wasm32"))]
mod protocol;
pub mod solver;

use crate::contest::{Clock, Contest};
use crate::game::{Agent, Game, ParamSpec, Params, TurnError};
use crate::rng::ParkMiller;
use crate::standings::Standing;
use serde::Serialize;

/// Every game is exactly this many moves.
pub const MOVES: usize = 10_000;
/// Row and column steps of directions 0 = up, 1 = right, 2 = down, 3 = left.
pub const DIRS: [(i64, i64); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    pub colors: u8,
    pub n: usize,
    /// Row-major, `n * n` colours in `0..colors`.
    pub board: Vec<u8>,
    pub start_seed: u64,
}

/// One move as the contest writes it. Kept raw so that bad values are refused by the rules
/// with a reason, not lost in parsing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub row: i64,
    pub col: i64,
    pub dir: i64,
}

impl Action {
    /// The two cells a legal move swaps, as indices; `None` when off the board.
    pub fn cells(&self, n: usize) -> Result<(usize, usize), String> {
        let n = n as i64;
        if !(0..4).contains(&self.dir) {
            return Err(format!("direction {} is not 0..3", self.dir));
        }
        if !(0..n).contains(&self.row) || !(0..n).contains(&self.col) {
            return Err(format!(
                "cell ({}, {}) is off the board",
                self.row, self.col
            ));
        }
        let (dr, dc) = DIRS[self.dir as usize];
        let (r2, c2) = (self.row + dr, self.col + dc);
        if !(0..n).contains(&r2) || !(0..n).contains(&c2) {
            return Err(format!(
                "moving ({}, {}) in direction {} leaves the board",
                self.row, self.col, self.dir
            ));
        }
        Ok(((self.row * n + self.col) as usize, (r2 * n + c2) as usize))
    }
}

/// The falling colours: `A[0] = startSeed`, `A[i+1] = A[i] * 48271 mod (2^31 - 1)`, colour
/// `A[i] mod colors`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Buffer {
    gen: ParkMiller,
    colors: u8,
}

impl Buffer {
    pub fn new(start_seed: u64, colors: u8) -> Self {
        Buffer {
            gen: ParkMiller::new(start_seed),
            colors,
        }
    }

    pub fn take(&mut self) -> u8 {
        let color = (self.gen.value() % self.colors as u64) as u8;
        self.gen.advance();
        color
    }

    /// The next `k` colours, without taking them.
    pub fn peek(&self, k: usize) -> Vec<u8> {
        let mut copy = *self;
        (0..k).map(|_| copy.take()).collect()
    }
}

/// True when the 2x2 window with top-left corner `corner` holds one colour.
#[inline]
pub fn is_square(board: &[u8], n: usize, corner: usize) -> bool {
    let c = board[corner];
    board[corner + 1] == c && board[corner + n] == c && board[corner + n + 1] == c
}

/// Pushes the top-left corners of every 2x2 window that contains `cell`.
#[inline]
pub fn push_corners_around(n: usize, cell: usize, corners: &mut Vec<u16>) {
    let (r, c) = (cell / n, cell % n);
    for rr in r.saturating_sub(1)..=r.min(n - 2) {
        for cc in c.saturating_sub(1)..=c.min(n - 2) {
            corners.push((rr * n + cc) as u16);
        }
    }
}

/// Removes squares until none is left, as the tester does: always the first square in
/// row-major order of top-left corners (its scan restarts at (0,0) after each removal), whose
/// cells TL, TR, BL, BR take the next colours in that order. `candidates` must hold every
/// corner that may be a square; all others must be known not to be. Returns squares removed.
#[inline]
pub fn settle(
    board: &mut [u8],
    n: usize,
    candidates: &mut Vec<u16>,
    mut next_color: impl FnMut() -> u8,
    mut on_remove: impl FnMut(usize),
) -> u32 {
    let mut removed = 0;
    loop {
        candidates.retain(|&k| is_square(board, n, k as usize));
        let Some(&corner) = candidates.iter().min() else {
            return removed;
        };
        let corner = corner as usize;
        removed += 1;
        on_remove(corner);
        for cell in [corner, corner + 1, corner + n, corner + n + 1] {
            board[cell] = next_color();
        }
        let (r, c) = (corner / n, corner % n);
        for rr in r.saturating_sub(1)..=(r + 1).min(n - 2) {
            for cc in c.saturating_sub(1)..=(c + 1).min(n - 2) {
                candidates.push((rr * n + cc) as u16);
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub board: Vec<u8>,
    pub buffer: Buffer,
    pub score: i64,
    pub moves: usize,
    /// Top-left corners of the squares the last move removed, in removal order.
    pub last_removed: Vec<usize>,
    pub last_move: Option<Action>,
}

/// Everything is known in SquareRemover, so the observation is the whole state.
#[derive(Clone, Debug)]
pub struct Observation {
    pub n: usize,
    pub colors: u8,
    pub board: Vec<u8>,
    pub buffer: Buffer,
    pub score: i64,
    pub moves: usize,
}

#[derive(Serialize)]
pub struct View {
    pub n: usize,
    pub colors: u8,
    pub board: Vec<u8>,
    /// The next colours to fall, first first.
    pub next: Vec<u8>,
    /// `[row, col]` of each square the last move removed (top-left corners, in order).
    pub removed: Vec<[usize; 2]>,
    pub last_move: Option<[i64; 3]>,
    pub moves_left: usize,
}

pub struct SquareRemover;

impl Game for SquareRemover {
    const ID: &'static str = "square-remover";
    const TITLE: &'static str = "SquareRemover";
    /// The contest's limits and scoring (the statement's).
    const CONTEST: Contest = Contest {
        time_limit_ms: 30_000,
        clock: Clock::Wall,
        invalid_score: -1,
        standing: Standing::TopcoderRatio,
    };
    const PARAMS: &'static [ParamSpec] = &[
        ParamSpec {
            name: "colors",
            min: 4,
            max: 6,
            help: "number of colours",
        },
        ParamSpec {
            name: "n",
            min: 8,
            max: 16,
            help: "board side",
        },
    ];
    // Java's setSeed(long) ignores 0, so the tester's seeds start at 1.
    const MIN_SEED: u64 = 1;
    const MAX_SEED: u64 = i64::MAX as u64;
    const AGENTS: &'static [&'static str] = &["beam", "greedy"];
    // No move limit to report against: every game lasts exactly MOVES moves.
    const GROUP_BY: &'static [&'static str] = &["colors"];

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

    fn read_output(_: &Instance, text: &str) -> Result<crate::game::Moves<Action>, TurnError> {
        io::read_output(text)
    }

    fn format_output(actions: &[Action]) -> String {
        io::format_output(actions)
    }

    fn parse_action(text: &str) -> Result<Action, String> {
        io::parse_action(text)
    }

    /// The initial cascade runs before move 0; its squares count.
    fn start(instance: &Instance) -> State {
        let n = instance.n;
        let mut state = State {
            board: instance.board.clone(),
            buffer: Buffer::new(instance.start_seed, instance.colors),
            score: 0,
            moves: 0,
            last_removed: Vec::new(),
            last_move: None,
        };
        let mut candidates: Vec<u16> = (0..n - 1)
            .flat_map(|r| (0..n - 1).map(move |c| (r * n + c) as u16))
            .collect();
        let buffer = &mut state.buffer;
        let removed = &mut state.last_removed;
        state.score = settle(
            &mut state.board,
            n,
            &mut candidates,
            || buffer.take(),
            |k| removed.push(k),
        ) as i64;
        state
    }

    fn apply(instance: &Instance, state: &mut State, action: &Action) -> Result<(), String> {
        let n = instance.n;
        if state.moves >= MOVES {
            return Err(format!("the game has only {MOVES} moves"));
        }
        let (a, b) = action.cells(n)?;
        state.board.swap(a, b);
        let mut candidates = Vec::with_capacity(8);
        push_corners_around(n, a, &mut candidates);
        push_corners_around(n, b, &mut candidates);
        state.last_removed.clear();
        let buffer = &mut state.buffer;
        let removed = &mut state.last_removed;
        state.score += settle(
            &mut state.board,
            n,
            &mut candidates,
            || buffer.take(),
            |k| removed.push(k),
        ) as i64;
        state.moves += 1;
        state.last_move = Some(*action);
        Ok(())
    }

    fn score(_: &Instance, state: &State) -> i64 {
        state.score
    }

    fn is_over(_: &Instance, state: &State) -> bool {
        state.moves >= MOVES
    }

    /// The tester reads exactly 30,000 integers.
    fn check_end(_: &Instance, state: &State, moves: usize) -> Result<(), TurnError> {
        if state.moves == MOVES {
            return Ok(());
        }
        Err(TurnError::new(
            moves,
            format!(
                "expected exactly {} integers ({MOVES} moves of row, column, direction), got {}",
                3 * MOVES,
                3 * moves
            ),
        ))
    }

    fn observe(instance: &Instance, state: &State) -> Observation {
        Observation {
            n: instance.n,
            colors: instance.colors,
            board: state.board.clone(),
            buffer: state.buffer,
            score: state.score,
            moves: state.moves,
        }
    }

    fn view(instance: &Instance, state: &State) -> View {
        let n = instance.n;
        View {
            n,
            colors: instance.colors,
            board: state.board.clone(),
            next: state.buffer.peek(8),
            removed: state.last_removed.iter().map(|&k| [k / n, k % n]).collect(),
            last_move: state.last_move.map(|a| [a.row, a.col, a.dir]),
            moves_left: MOVES - state.moves,
        }
    }

    fn instance_params(instance: &Instance) -> Vec<(&'static str, i64)> {
        vec![
            ("colors", i64::from(instance.colors)),
            ("n", instance.n as i64),
        ]
    }

    fn agent(name: &str) -> Option<Box<dyn Agent<Self>>> {
        match name {
            "beam" => Some(Box::<solver::beam::BeamAgent>::default()),
            "greedy" => Some(Box::new(solver::greedy::GreedyAgent)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{replay, Game};

    fn instance(seed: u64) -> Instance {
        SquareRemover::generate(seed, &Params::new())
    }

    /// Scores of the official jar for seeds 1..10: (initial cascade, 10,000 x (0,0,right),
    /// move i = ((7i) mod N, (13i) mod (N-1), right)).
    const JAR: [(i64, i64, i64); 10] = [
        (0, 0, 0),
        (2, 2, 36),
        (1, 1, 5),
        (0, 0, 5),
        (0, 0, 4),
        (1, 1, 35),
        (6, 6, 137),
        (2, 2, 2),
        (6, 6, 6),
        (2, 2, 23),
    ];

    #[test]
    fn an_output_cut_in_a_move_keeps_the_whole_moves_before_it() {
        let mut session = crate::game::Session::<SquareRemover>::new(instance(1));
        let error = session.load_output("0\n0\n1\n0\n0\n").unwrap_err();
        assert_eq!((error.turn, error.line), (1, Some(4)));
        assert_eq!(
            session.len(),
            1,
            "the first move stays for the page to replay"
        );
    }

    #[test]
    fn initial_cascade_matches_the_jar() {
        for (i, &(initial, _, _)) in JAR.iter().enumerate() {
            let inst = instance(i as u64 + 1);
            assert_eq!(SquareRemover::start(&inst).score, initial, "seed {}", i + 1);
        }
    }

    #[test]
    fn always_zero_zero_right_matches_the_jar() {
        for (i, &(_, expected, _)) in JAR.iter().enumerate() {
            let inst = instance(i as u64 + 1);
            let actions = vec![
                Action {
                    row: 0,
                    col: 0,
                    dir: 1
                };
                MOVES
            ];
            let state = replay::<SquareRemover>(&inst, &actions).unwrap();
            assert_eq!(state.score, expected, "seed {}", i + 1);
        }
    }

    #[test]
    fn patterned_moves_match_the_jar() {
        for (i, &(_, _, expected)) in JAR.iter().enumerate() {
            let inst = instance(i as u64 + 1);
            let n = inst.n as i64;
            let actions: Vec<Action> = (0..MOVES as i64)
                .map(|k| Action {
                    row: (7 * k) % n,
                    col: (13 * k) % (n - 1),
                    dir: 1,
                })
                .collect();
            let text = SquareRemover::format_output(&actions);
            let parsed = SquareRemover::parse_output(&inst, &text).unwrap();
            let state = replay::<SquareRemover>(&inst, &parsed).unwrap();
            assert_eq!(state.score, expected, "seed {}", i + 1);
        }
    }

    #[test]
    fn illegal_moves_are_refused_with_a_reason_and_change_nothing() {
        let inst = instance(3);
        let mut state = SquareRemover::start(&inst);
        let before = state.clone();
        for (action, needle) in [
            ((0, 0, 0), "leaves the board"),
            ((7, 7, 1), "leaves the board"),
            ((8, 0, 1), "off the board"),
            ((-1, 0, 2), "off the board"),
            ((2, 2, 4), "direction 4"),
        ] {
            let (row, col, dir) = action;
            let err =
                SquareRemover::apply(&inst, &mut state, &Action { row, col, dir }).unwrap_err();
            assert!(err.contains(needle), "{action:?}: {err}");
            assert_eq!(state, before);
        }
    }

    #[test]
    fn a_swap_that_completes_a_square_scores_and_refills_in_order() {
        // Hand-made 8x8 board with colours 0..3 and no squares; swapping (0,2) left completes
        // the square at (0,0).
        let mut board = vec![0u8; 64];
        for (i, cell) in board.iter_mut().enumerate() {
            *cell = ((i / 8) % 2 * 2 + (i % 8) % 2) as u8 + 1; // checkerboard of 1..4
        }
        board[0] = 0;
        board[1] = 0;
        board[8] = 0;
        board[9] = 2;
        board[10] = 0;
        let inst = Instance {
            colors: 4,
            n: 8,
            board,
            start_seed: 7,
        };
        let mut state = SquareRemover::start(&inst);
        assert_eq!(state.score, 0);
        let mut buffer = state.buffer;
        SquareRemover::apply(
            &inst,
            &mut state,
            &Action {
                row: 1,
                col: 2,
                dir: 3,
            },
        )
        .unwrap();
        assert!(state.score >= 1);
        assert_eq!(state.last_removed[0], 0);
        assert_eq!(
            [
                state.board[0],
                state.board[1],
                state.board[8],
                state.board[9]
            ],
            [buffer.take(), buffer.take(), buffer.take(), buffer.take()]
        );
    }

    #[test]
    fn too_few_or_too_many_moves_are_invalid() {
        let inst = instance(2);
        let one = "0\n0\n1\n";
        let e = replay::<SquareRemover>(
            &inst,
            &SquareRemover::parse_output(&inst, &one.repeat(9_999)).unwrap(),
        )
        .unwrap_err();
        assert_eq!(e.turn, 9_999);
        assert!(e.reason.contains("got 29997"), "{}", e.reason);
        // The jar reads 30,000 values and no more, so a longer output is never over-long...
        let read = SquareRemover::parse_output(&inst, &one.repeat(10_001)).unwrap();
        assert_eq!(read.len(), 10_000);
        // ... but 10,001 moves given as moves are one too many.
        let e = replay::<SquareRemover>(&inst, &vec![read[0]; 10_001]).unwrap_err();
        assert_eq!(e.turn, 10_000);
        assert!(e.reason.contains("extra moves"), "{}", e.reason);
    }

    #[test]
    fn a_short_output_is_invalid() {
        let inst = instance(2);
        let actions = vec![
            Action {
                row: 0,
                col: 0,
                dir: 1
            };
            10
        ];
        let e = replay::<SquareRemover>(&inst, &actions).unwrap_err();
        assert_eq!(e.turn, 10);
    }
}
