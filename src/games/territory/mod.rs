//! Territory (AtCoder AHC061 "Multi-Player Territory Game"): player 0 and up to seven AIs
//! spread over a 10x10 board of valued cells. Rules exactly as the official tester: the
//! judge's BFS order, its AI policy with the relative 1e-9 tie tolerance, conflicts, attacks
//! and piece restoration. The official local tools are https://img.atcoder.jp/ahc061/N52XwIfp.zip
//! (Rust source of the generator) and their Windows build; their inputs and the judge's own
//! records are the golden files in tests/data/territory/ahc061/.

mod gen;
mod io;
#[cfg(not(target_arch = "wasm32"))]
mod protocol;
pub mod solver;

use crate::contest::{Clock, Contest};
use crate::game::{Agent, Game, ParamSpec, Params, Series, TurnError};
use crate::standings::Standing;
use serde::Serialize;

/// Board side.
pub const N: usize = 10;
pub const CELLS: usize = N * N;
/// Every game is exactly this many turns.
pub const TURNS: usize = 100;
pub const MAX_PLAYERS: usize = 8;
/// Neighbour order of the judge's BFS: right, down, left, up (x is the row). The order of the
/// candidate list decides which cell a random index picks, so it must be this one.
pub const STEPS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The row and column of a cell index.
#[inline]
pub fn xy(cell: usize) -> (usize, usize) {
    (cell / N, cell % N)
}

/// The in-board neighbours of a cell, in the judge's order.
#[inline]
pub fn neighbors(cell: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (cell / N, cell % N);
    STEPS.iter().filter_map(move |&(dx, dy)| {
        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
        let inside = (0..N as i32).contains(&nx) && (0..N as i32).contains(&ny);
        inside.then(|| nx as usize * N + ny as usize)
    })
}

/// An AI's hidden parameters: weights of the four kinds of cells, and its random-move rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AiParams {
    pub wa: f64,
    pub wb: f64,
    pub wc: f64,
    pub wd: f64,
    pub eps: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    /// Players, 2..=8; player 0 is the contestant.
    pub m: usize,
    /// Level cap.
    pub u: u8,
    /// Cell values, row-major.
    pub values: [u32; CELLS],
    /// Start cell of each player.
    pub starts: Vec<usize>,
    /// Hidden: `ai[p - 1]` drives player p.
    pub ai: Vec<AiParams>,
    /// Hidden: `[r1, r2]` of player p at turn t is `randoms[t * (m - 1) + p - 1]`.
    pub randoms: Vec<[f64; 2]>,
}

impl Instance {
    /// The two random numbers AI `p` uses at turn `t`.
    pub fn random(&self, t: usize, p: usize) -> [f64; 2] {
        self.randoms[t * (self.m - 1) + p - 1]
    }
}

/// Player 0's target cell. Kept raw so that bad values are refused by the rules with a
/// reason, not lost in parsing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub x: i64,
    pub y: i64,
}

impl Action {
    pub fn to_cell(cell: usize) -> Action {
        let (x, y) = xy(cell);
        Action {
            x: x as i64,
            y: y as i64,
        }
    }

    /// The cell index, or `None` when off the board.
    pub fn cell(&self) -> Option<usize> {
        let inside = |v: i64| (0..N as i64).contains(&v);
        (inside(self.x) && inside(self.y)).then(|| self.x as usize * N + self.y as usize)
    }
}

/// Owners, levels and piece positions: everything that changes during a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// -1 when nobody owns the cell.
    pub owner: [i8; CELLS],
    pub level: [u8; CELLS],
    /// Cell of each player's piece (entries past `m` are unused).
    pub pos: [u8; MAX_PLAYERS],
}

impl Board {
    /// Each player owns its start cell at level 1, with its piece on it.
    pub fn start(starts: &[usize]) -> Board {
        let mut board = Board {
            owner: [-1; CELLS],
            level: [0; CELLS],
            pos: [0; MAX_PLAYERS],
        };
        for (p, &cell) in starts.iter().enumerate() {
            board.owner[cell] = p as i8;
            board.level[cell] = 1;
            board.pos[p] = cell as u8;
        }
        board
    }

    /// The player whose piece stands on `cell`, if any.
    pub fn piece_at(&self, m: usize, cell: usize) -> Option<usize> {
        self.pos[..m].iter().position(|&c| c as usize == cell)
    }

    /// Player p's legal targets B_p in the judge's order: BFS from the piece, expanding only
    /// p's own cells, neighbours right, down, left, up; cells with another piece are left out.
    pub fn candidates(&self, m: usize, p: usize, out: &mut Vec<u8>) {
        out.clear();
        let mut seen = [false; CELLS];
        let mut queue = [0u8; CELLS];
        let (mut head, mut tail) = (0, 1);
        let start = self.pos[p] as usize;
        queue[0] = start as u8;
        seen[start] = true;
        while head < tail {
            let cell = queue[head] as usize;
            head += 1;
            if self.piece_at(m, cell).is_none_or(|q| q == p) {
                out.push(cell as u8);
            }
            if self.owner[cell] != p as i8 {
                continue;
            }
            for next in neighbors(cell) {
                if !seen[next] {
                    seen[next] = true;
                    queue[tail] = next as u8;
                    tail += 1;
                }
            }
        }
    }

    /// S_p for every player: the sum of value x level over the cells p owns.
    pub fn player_scores(&self, values: &[u32; CELLS]) -> [i64; MAX_PLAYERS] {
        let mut scores = [0i64; MAX_PLAYERS];
        for cell in 0..CELLS {
            if self.owner[cell] >= 0 {
                scores[self.owner[cell] as usize] += values[cell] as i64 * self.level[cell] as i64;
            }
        }
        scores
    }
}

/// The contest's absolute score: round(1e5 * log2(1 + S0 / SA)), SA the best AI's score.
pub fn absolute_score(s0: i64, sa: i64) -> i64 {
    (1e5 * (1.0 + s0 as f64 / sa.max(1) as f64).log2()).round() as i64
}

/// An AI's evaluation A of moving to `cell` (the statement's table).
#[inline]
pub fn ai_value(
    values: &[u32; CELLS],
    board: &Board,
    u: u8,
    p: usize,
    w: &AiParams,
    cell: usize,
) -> f64 {
    let v = values[cell] as f64;
    let owner = board.owner[cell];
    if owner < 0 {
        v * w.wa
    } else if owner as usize == p {
        if board.level[cell] < u {
            v * w.wb
        } else {
            0.0
        }
    } else if board.level[cell] == 1 {
        v * w.wc
    } else {
        v * w.wd
    }
}

/// The judge's AI move: random if `r1 < eps` (`B[floor(r2 * |B|)]`), else greedy among the
/// cells within a relative 1e-9 of the best, kept in B order (`ties[floor(r2 * |ties|)]`).
pub fn ai_target(
    values: &[u32; CELLS],
    board: &Board,
    u: u8,
    p: usize,
    w: &AiParams,
    [r1, r2]: [f64; 2],
    candidates: &[u8],
) -> u8 {
    let pick = |list: &[u8]| list[((r2 * list.len() as f64) as usize).min(list.len() - 1)];
    if r1 < w.eps {
        return pick(candidates);
    }
    let scores: Vec<f64> = candidates
        .iter()
        .map(|&c| ai_value(values, board, u, p, w, c as usize))
        .collect();
    let best = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let tolerance = 1e-9 * best.abs().max(1.0);
    let ties: Vec<u8> = candidates
        .iter()
        .zip(&scores)
        .filter(|&(_, &a)| a >= best - tolerance)
        .map(|(&c, _)| c)
        .collect();
    pick(&ties)
}

/// Moves every piece to its target (all chosen from the same start-of-turn board): conflicts,
/// then occupation, reinforcement or attack, then restoration of removed pieces. Returns the
/// set of removed players as a bit mask.
pub fn resolve(board: &mut Board, m: usize, u: u8, targets: &[u8]) -> u32 {
    let mut removed = 0u32;
    for (p, &cell) in targets[..m].iter().enumerate() {
        let shared = (0..m).any(|q| q != p && targets[q] == cell);
        // On a shared cell only its owner survives (and nobody if the owner is not there).
        if shared && board.owner[cell as usize] != p as i8 {
            removed |= 1 << p;
        }
    }
    for (p, &target) in targets[..m].iter().enumerate() {
        if removed >> p & 1 == 1 {
            continue;
        }
        let cell = target as usize;
        let owner = board.owner[cell];
        if owner < 0 {
            board.owner[cell] = p as i8;
            board.level[cell] = 1;
        } else if owner as usize == p {
            board.level[cell] = (board.level[cell] + 1).min(u);
        } else {
            board.level[cell] -= 1;
            if board.level[cell] == 0 {
                board.owner[cell] = p as i8;
                board.level[cell] = 1;
            } else {
                removed |= 1 << p;
                continue;
            }
        }
        board.pos[p] = cell as u8;
    }
    removed
}

/// What the judge sent player 0 after one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    /// Each player's chosen target, failed ones included.
    pub targets: [u8; MAX_PLAYERS],
    /// The board at the end of the turn.
    pub board: Board,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub board: Board,
    /// One record per turn played.
    pub history: Vec<TurnRecord>,
}

impl State {
    pub fn turn(&self) -> usize {
        self.history.len()
    }
}

/// Exactly what the judge sends player 0: the initial input without its hidden part (no AI
/// parameters, no random numbers) and every turn's report so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Observation {
    pub m: usize,
    pub u: u8,
    pub values: [u32; CELLS],
    pub starts: Vec<usize>,
    pub history: Vec<TurnRecord>,
}

impl Observation {
    pub fn turn(&self) -> usize {
        self.history.len()
    }

    /// The board now (after the last reported turn).
    pub fn board(&self) -> Board {
        self.history
            .last()
            .map_or_else(|| Board::start(&self.starts), |r| r.board)
    }

    /// The board at the start of turn `t`.
    pub fn board_before(&self, t: usize) -> Board {
        match t {
            0 => Board::start(&self.starts),
            _ => self.history[t - 1].board,
        }
    }
}

#[derive(Serialize)]
pub struct View {
    pub n: usize,
    pub m: usize,
    pub u: u8,
    pub turn: usize,
    pub turns: usize,
    /// Row-major cell values, owners (-1 = nobody) and levels.
    pub values: Vec<u32>,
    pub owner: Vec<i8>,
    pub level: Vec<u8>,
    /// `[x, y]` of each player's piece.
    pub positions: Vec<[u8; 2]>,
    /// Last turn's target of each player (empty before the first turn).
    pub targets: Vec<[u8; 2]>,
    /// Where each piece stood when last turn began (empty before the first turn).
    pub from: Vec<[u8; 2]>,
    /// Whose move failed last turn (conflict or attack that did not capture): the piece was
    /// put back where it started.
    pub failed: Vec<bool>,
    /// S_p of each player.
    pub scores: Vec<i64>,
    pub s0: i64,
    /// The best AI's score.
    pub sa: i64,
    /// The absolute score if the game ended now.
    pub score: i64,
    /// Player 0's legal targets B_0 in the judge's order (its own cell included: stay and
    /// reinforce); empty when the game is over.
    pub legal: Vec<[u8; 2]>,
}

fn cell_xy(cell: u8) -> [u8; 2] {
    [cell / N as u8, cell % N as u8]
}

pub struct Territory;

impl Territory {
    /// S0 and SA of a board.
    pub fn s0_sa(instance: &Instance, board: &Board) -> (i64, i64) {
        let scores = board.player_scores(&instance.values);
        let sa = scores[1..instance.m].iter().copied().max().unwrap_or(0);
        (scores[0], sa)
    }
}

impl Game for Territory {
    const ID: &'static str = "territory";
    const TITLE: &'static str = "Territory (AHC061)";
    /// The contest's limits and scoring (the statement's).
    const CONTEST: Contest = Contest {
        time_limit_ms: 2_000,
        clock: Clock::Wall,
        invalid_score: 0,
        standing: Standing::AtcoderRelative,
    };
    const PARAMS: &'static [ParamSpec] = &[
        ParamSpec {
            name: "M",
            min: 2,
            max: MAX_PLAYERS as i64,
            help: "number of players (as gen --M)",
        },
        ParamSpec {
            name: "U",
            min: 1,
            max: 5,
            help: "level cap (as gen --U)",
        },
    ];
    const MIN_SEED: u64 = 0;
    const MAX_SEED: u64 = u64::MAX;
    const AGENTS: &'static [&'static str] = &["mc", "greedy"];
    // No move limit to report against: every game lasts exactly TURNS turns.
    const GROUP_BY: &'static [&'static str] = &["M"];

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

    fn start(instance: &Instance) -> State {
        State {
            board: Board::start(&instance.starts),
            history: Vec::with_capacity(TURNS),
        }
    }

    /// One whole turn: player 0's target, then every AI's choice from the same board.
    fn apply(instance: &Instance, state: &mut State, action: &Action) -> Result<(), String> {
        let turn = state.turn();
        if turn >= TURNS {
            return Err(format!("the game has only {TURNS} turns"));
        }
        let Some(target) = action.cell() else {
            return Err(format!(
                "Player 0 attempted to move to out-of-bounds position ({}, {})",
                action.x, action.y
            ));
        };
        let m = instance.m;
        let board = &state.board;
        let mut candidates = Vec::with_capacity(CELLS);
        board.candidates(m, 0, &mut candidates);
        if !candidates.contains(&(target as u8)) {
            let (px, py) = xy(board.pos[0] as usize);
            return Err(format!(
                "Player 0 attempted invalid move from ({px}, {py}) to ({}, {})",
                action.x, action.y
            ));
        }
        let mut targets = [0u8; MAX_PLAYERS];
        targets[0] = target as u8;
        for (p, target) in targets.iter_mut().enumerate().take(m).skip(1) {
            board.candidates(m, p, &mut candidates);
            *target = ai_target(
                &instance.values,
                board,
                instance.u,
                p,
                &instance.ai[p - 1],
                instance.random(turn, p),
                &candidates,
            );
        }
        resolve(&mut state.board, m, instance.u, &targets[..m]);
        state.history.push(TurnRecord {
            targets,
            board: state.board,
        });
        Ok(())
    }

    fn score(instance: &Instance, state: &State) -> i64 {
        let (s0, sa) = Territory::s0_sa(instance, &state.board);
        absolute_score(s0, sa)
    }

    fn is_over(_: &Instance, state: &State) -> bool {
        state.turn() >= TURNS
    }

    /// The official vis: "Incomplete: k/100 turns".
    fn check_end(_: &Instance, state: &State, moves: usize) -> Result<(), TurnError> {
        if state.turn() >= TURNS {
            Ok(())
        } else {
            Err(TurnError::new(
                moves,
                format!("Incomplete: {moves}/{TURNS} turns"),
            ))
        }
    }

    fn observe(instance: &Instance, state: &State) -> Observation {
        Observation {
            m: instance.m,
            u: instance.u,
            values: instance.values,
            starts: instance.starts.clone(),
            history: state.history.clone(),
        }
    }

    fn view(instance: &Instance, state: &State) -> View {
        let m = instance.m;
        let board = &state.board;
        let scores = board.player_scores(&instance.values);
        let (s0, sa) = Territory::s0_sa(instance, board);
        let (targets, failed) = match state.history.last() {
            Some(record) => (
                record.targets[..m].iter().map(|&c| cell_xy(c)).collect(),
                (0..m).map(|p| record.targets[p] != board.pos[p]).collect(),
            ),
            None => (Vec::new(), vec![false; m]),
        };
        let from = match state.turn() {
            0 => Vec::new(),
            1 => instance.starts.iter().map(|&c| cell_xy(c as u8)).collect(),
            t => state.history[t - 2].board.pos[..m]
                .iter()
                .map(|&c| cell_xy(c))
                .collect(),
        };
        let mut legal = Vec::new();
        if state.turn() < TURNS {
            board.candidates(m, 0, &mut legal);
        }
        View {
            n: N,
            m,
            u: instance.u,
            turn: state.turn(),
            turns: TURNS,
            values: instance.values.to_vec(),
            owner: board.owner.to_vec(),
            level: board.level.to_vec(),
            positions: board.pos[..m].iter().map(|&c| cell_xy(c)).collect(),
            targets,
            from,
            failed,
            scores: scores[..m].to_vec(),
            s0,
            sa,
            score: absolute_score(s0, sa),
            legal: legal.into_iter().map(cell_xy).collect(),
        }
    }

    /// Every player's score (the view's `scores`), player 0 first.
    fn series(instance: &Instance, state: &State) -> Series {
        Series {
            players: state.board.player_scores(&instance.values)[..instance.m].to_vec(),
            free: None,
        }
    }

    fn instance_params(instance: &Instance) -> Vec<(&'static str, i64)> {
        vec![("M", instance.m as i64), ("U", i64::from(instance.u))]
    }

    fn agent(name: &str) -> Option<Box<dyn Agent<Self>>> {
        match name {
            "mc" => Some(Box::new(solver::mc::MonteCarloAgent::default())),
            "greedy" => Some(Box::new(solver::greedy::GreedyAgent)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::replay;

    fn cell(x: usize, y: usize) -> usize {
        x * N + y
    }

    const W: AiParams = AiParams {
        wa: 0.5,
        wb: 0.5,
        wc: 0.5,
        wd: 0.5,
        eps: 0.3,
    };

    /// Every value 1000, given starts, every AI with `W`, every random number `r`.
    fn instance(u: u8, starts: &[usize], r: [f64; 2]) -> Instance {
        let m = starts.len();
        Instance {
            m,
            u,
            values: [1000; CELLS],
            starts: starts.to_vec(),
            ai: vec![W; m - 1],
            randoms: vec![r; TURNS * (m - 1)],
        }
    }

    #[test]
    fn candidates_follow_the_judge_bfs_order_right_down_left_up() {
        let mut board = Board::start(&[cell(5, 5), cell(4, 6)]);
        board.owner[cell(5, 6)] = 0;
        board.owner[cell(6, 5)] = 0;
        let mut b = Vec::new();
        board.candidates(2, 0, &mut b);
        let expected = [
            (5, 5),
            (5, 6),
            (6, 5),
            (5, 4),
            (4, 5),
            (5, 7),
            (6, 6),
            // (4, 6) holds player 1's piece: reached but left out.
            (7, 5),
            (6, 4),
        ];
        let got: Vec<(usize, usize)> = b.iter().map(|&c| xy(c as usize)).collect();
        assert_eq!(got, expected);
        // Corner: only in-board neighbours, and the own cell comes first.
        let board = Board::start(&[cell(0, 0), cell(9, 9)]);
        board.candidates(2, 1, &mut b);
        assert_eq!(b, vec![99, 98, 89]);
    }

    #[test]
    fn random_move_needs_r1_strictly_below_eps() {
        let board = Board::start(&[cell(0, 0), cell(5, 5)]);
        let mut values = [1000; CELLS];
        values[cell(5, 6)] = 2000;
        let mut b = Vec::new();
        board.candidates(2, 1, &mut b);
        assert_eq!(b, vec![55, 56, 65, 54, 45]);
        // Random: B[floor(r2 * 5)] = B[4].
        assert_eq!(ai_target(&values, &board, 3, 1, &W, [0.29, 0.9], &b), 45);
        // r1 == eps is a greedy move: the 2000 cell.
        assert_eq!(ai_target(&values, &board, 3, 1, &W, [0.3, 0.9], &b), 56);
    }

    #[test]
    fn greedy_ties_are_relative_1e9_and_kept_in_b_order() {
        let board = Board::start(&[cell(0, 0), cell(5, 5)]);
        let values = [1000; CELLS];
        let mut b = Vec::new();
        board.candidates(2, 1, &mut b);
        // Own cell (5,5) scores V * wb; the four empty neighbours V * wa.
        for (gap, own_ties) in [(0.9e-9, true), (1.1e-9, false)] {
            let w = AiParams {
                wa: 0.5,
                wb: 0.5 * (1.0 + gap),
                ..W
            };
            // r2 = 0.0 picks the first tie, which is the own cell when it is best.
            assert_eq!(ai_target(&values, &board, 3, 1, &w, [0.9, 0.0], &b), 55);
            let last = ai_target(&values, &board, 3, 1, &w, [0.9, 0.99], &b);
            assert_eq!(last == 45, own_ties, "gap {gap}");
            // floor(0.3 * 5) = 1: the second tie in B order.
            let second = ai_target(&values, &board, 3, 1, &w, [0.9, 0.3], &b);
            assert_eq!(second, if own_ties { 56 } else { 55 }, "gap {gap}");
        }
        // An own cell at the cap scores 0; all-zero boards still choose (mx = 0 ties all).
        let mut board = Board::start(&[cell(0, 0), cell(5, 5)]);
        board.level[cell(5, 5)] = 3;
        let w = AiParams { wa: 0.3, ..W };
        assert_eq!(ai_target(&values, &board, 3, 1, &w, [0.9, 0.0], &b), 56);
    }

    #[test]
    fn conflicts_keep_only_the_owner() {
        // Players 0 and 1 both enter empty (2,2): both removed and put back.
        let mut board = Board::start(&[cell(2, 1), cell(2, 3), cell(8, 8)]);
        let before = board;
        let removed = resolve(&mut board, 3, 3, &[cell(2, 2) as u8, cell(2, 2) as u8, 88]);
        assert_eq!(removed, 0b011);
        assert_eq!(board.owner[cell(2, 2)], -1);
        assert_eq!(&board.pos[..2], &before.pos[..2]);
        assert_eq!(board.level[88], 2);
        // Player 0 owns (2,2); 0 and 1 both enter it: 0 stays and reinforces, 1 goes back.
        let mut board = before;
        board.owner[cell(2, 2)] = 0;
        board.level[cell(2, 2)] = 1;
        let removed = resolve(&mut board, 3, 3, &[cell(2, 2) as u8, cell(2, 2) as u8, 88]);
        assert_eq!(removed, 0b010);
        assert_eq!((board.owner[cell(2, 2)], board.level[cell(2, 2)]), (0, 2));
        assert_eq!(board.pos[0] as usize, cell(2, 2));
        assert_eq!(board.pos[1] as usize, cell(2, 3));
        // Player 2 owns (2,2) but is elsewhere: both entrants removed, the cell untouched.
        let mut board = before;
        board.owner[cell(2, 2)] = 2;
        board.level[cell(2, 2)] = 1;
        let removed = resolve(&mut board, 3, 3, &[cell(2, 2) as u8, cell(2, 2) as u8, 88]);
        assert_eq!(removed, 0b011);
        assert_eq!((board.owner[cell(2, 2)], board.level[cell(2, 2)]), (2, 1));
    }

    #[test]
    fn attack_reinforce_and_occupy() {
        let mut board = Board::start(&[cell(0, 0), cell(0, 2)]);
        board.owner[cell(0, 1)] = 1;
        board.level[cell(0, 1)] = 2;
        // Attack on a level-2 cell: level 1, attacker goes back; player 1 reinforces to the cap.
        let removed = resolve(&mut board, 2, 2, &[1, 2]);
        assert_eq!(removed, 0b01);
        assert_eq!((board.owner[1], board.level[1], board.pos[0]), (1, 1, 0));
        assert_eq!(board.level[2], 2);
        let removed = resolve(&mut board, 2, 2, &[0, 2]);
        assert_eq!((removed, board.level[0], board.level[2]), (0, 2, 2));
        // Attack on a level-1 cell captures it at level 1 and the piece moves there.
        let removed = resolve(&mut board, 2, 2, &[1, 3]);
        assert_eq!(removed, 0);
        assert_eq!((board.owner[1], board.level[1], board.pos[0]), (0, 1, 1));
        assert_eq!((board.owner[3], board.level[3], board.pos[1]), (1, 1, 3));
    }

    #[test]
    fn absolute_score_formula() {
        assert_eq!(absolute_score(5000, 5000), 100_000);
        assert_eq!(absolute_score(0, 5000), 0);
        assert_eq!(absolute_score(15000, 5000), 200_000);
        assert_eq!(absolute_score(1, 2), 58_496);
    }

    #[test]
    fn illegal_moves_are_refused_with_a_reason_and_change_nothing() {
        let inst = instance(3, &[cell(4, 4), cell(4, 5), cell(9, 9)], [0.9, 0.5]);
        let mut state = Territory::start(&inst);
        let before = state.clone();
        for (x, y, needle) in [
            (10, 0, "out-of-bounds position (10, 0)"),
            (-1, 3, "out-of-bounds position (-1, 3)"),
            (4, 6, "invalid move from (4, 4) to (4, 6)"),
            // Player 1's piece stands there.
            (4, 5, "invalid move from (4, 4) to (4, 5)"),
        ] {
            let err = Territory::apply(&inst, &mut state, &Action { x, y }).unwrap_err();
            assert!(err.contains(needle), "({x}, {y}): {err}");
            assert_eq!(state, before);
        }
        Territory::apply(&inst, &mut state, &Action { x: 4, y: 4 }).unwrap();
        assert_eq!(state.board.level[cell(4, 4)], 2);
    }

    #[test]
    fn a_short_or_long_output_is_refused() {
        let inst = instance(3, &[cell(4, 4), cell(0, 0)], [0.9, 0.5]);
        let stay = vec![Action { x: 4, y: 4 }; 30];
        let e = replay::<Territory>(&inst, &stay).unwrap_err();
        assert_eq!(
            (e.turn, e.reason.as_str()),
            (30, "Incomplete: 30/100 turns")
        );
        let stay = vec![Action { x: 4, y: 4 }; TURNS];
        let state = replay::<Territory>(&inst, &stay).unwrap();
        assert!(Territory::is_over(&inst, &state));
        let mut more = state.clone();
        assert!(Territory::apply(&inst, &mut more, &stay[0]).is_err());
    }

    #[test]
    fn observation_holds_no_hidden_data() {
        // Same public input, different AI parameters and random numbers.
        let a = instance(3, &[cell(1, 1), cell(7, 7), cell(3, 8)], [0.9, 0.5]);
        let mut b = a.clone();
        b.ai = vec![
            AiParams {
                wa: 0.9,
                wb: 0.31,
                wc: 0.7,
                wd: 0.4,
                eps: 0.45,
            };
            2
        ];
        b.randoms = vec![[0.05, 0.77]; TURNS * 2];
        let (sa, sb) = (Territory::start(&a), Territory::start(&b));
        assert_eq!(Territory::observe(&a, &sa), Territory::observe(&b, &sb));
        // The observation of a real instance is its public input and nothing else: the input
        // text rebuilt from it is the first 1 + N + M lines of the tester's file.
        let inst = Territory::generate(3, &Params::new());
        let obs = Territory::observe(&inst, &Territory::start(&inst));
        let mut public = format!("{N} {} {TURNS} {}\n", obs.m, obs.u);
        for row in obs.values.chunks(N) {
            let row: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            public += &(row.join(" ") + "\n");
        }
        for &s in &obs.starts {
            public += &format!("{} {}\n", s / N, s % N);
        }
        let full = Territory::format_input(&inst);
        let head: String = full
            .lines()
            .take(1 + N + inst.m)
            .map(|l| l.to_string() + "\n")
            .collect();
        assert_eq!(public, head);
        assert!(full.len() > head.len());
    }

    #[test]
    fn view_shows_legal_targets_and_failed_moves() {
        // Both AIs start next to (5,5) and, with wa high, race player 0 for it.
        let mut inst = instance(3, &[cell(5, 4), cell(5, 6), cell(4, 5)], [0.9, 0.0]);
        inst.values[cell(5, 5)] = 5000;
        let mut state = Territory::start(&inst);
        let view = Territory::view(&inst, &state);
        assert_eq!(view.legal[0], [5, 4]);
        assert_eq!(view.legal.len(), 5);
        assert!(view.targets.is_empty());
        assert!(view.from.is_empty());
        Territory::apply(&inst, &mut state, &Action { x: 5, y: 5 }).unwrap();
        let view = Territory::view(&inst, &state);
        assert_eq!(view.targets, vec![[5, 5]; 3]);
        assert_eq!(view.failed, vec![true; 3]);
        assert_eq!(view.positions, vec![[5, 4], [5, 6], [4, 5]]);
        assert_eq!(view.from, view.positions);
        assert_eq!(view.owner[cell(5, 5)], -1);
        assert_eq!((view.s0, view.sa, view.score), (1000, 1000, 100_000));
        assert_eq!(view.scores, vec![1000; 3]);
        // `from` is where last turn began: player 0 steps down from (5,4) to (6,4).
        Territory::apply(&inst, &mut state, &Action { x: 6, y: 4 }).unwrap();
        let view = Territory::view(&inst, &state);
        assert_eq!(view.from, vec![[5, 4], [5, 6], [4, 5]]);
        assert_eq!(view.positions[0], [6, 4]);
        assert_eq!(view.targets[0], [6, 4]);
        assert!(!view.failed[0]);
    }
}
