//! Lines (Topcoder Marathon Match, March 2021): move a ball along a 4-connected path of empty
//! cells; five or more of a colour in a row (any of 4 directions) vanish and score
//! n*n - 7n + 20; a move that scores nothing brings three new balls at random cells. Rules
//! exactly as the official tester, including its random spawn positions, which come from the
//! same Java SHA1PRNG that generated the test and which the player never sees.

mod gen;
mod io;
#[cfg(not(target_arch = "wasm32"))]
mod protocol;
pub mod solver;

use crate::contest::{Clock, Contest};
use crate::game::{Agent, Game, ParamSpec, Params, Series, TurnError};
use crate::rng::JavaSha1Prng;
use crate::standings::Standing;
use serde::Serialize;
use std::collections::VecDeque;

pub const MIN_N: usize = 7;
pub const MAX_N: usize = 11;
pub const MIN_C: u8 = 3;
pub const MAX_C: u8 = 9;
/// A game ends after this many moves (or earlier, on a full board).
pub const MAX_MOVES: usize = 1000;
pub const START_BALLS: usize = 3;
/// Balls per spawn, and upcoming colours shown to the player.
pub const SPAWN: usize = 3;
/// The tester draws (1000 + 1) * 3 colours up front.
pub const COLOURS_AHEAD: usize = (MAX_MOVES + 1) * SPAWN;
/// The shortest run that vanishes.
pub const MIN_LINE: usize = 5;
/// The visualizer's colours 1..9 (java.awt.Color red, cyan, green, blue, orange, magenta,
/// black, pink, gray) as CSS.
pub const PALETTE: [&str; 9] = [
    "#ff0000", "#00ffff", "#00ff00", "#0000ff", "#ffc800", "#ff00ff", "#000000", "#ffafaf",
    "#808080",
];

/// Runs are looked for in these directions: right, down, down-right, down-left.
pub const RUN_DIRS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
/// Path steps in the order the tester retraces a path: left, down, right, up.
const PATH_DIRS: [(isize, isize); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// Points for removing `balls` balls in one go (0 for none).
pub fn line_score(balls: usize) -> i64 {
    if balls == 0 {
        0
    } else {
        let b = balls as i64;
        b * b - 7 * b + 20
    }
}

#[derive(Clone, Debug)]
pub struct Instance {
    pub n: usize,
    pub colors: u8,
    /// Row-major `n * n`, 0 = empty, 1..=colors a ball.
    pub grid: Vec<u8>,
    /// `nextBalls`: the colour of every ball that will spawn, in order.
    pub colours: Vec<u8>,
    /// The tester's generator right after generation; it supplies the spawn positions.
    pub rng: JavaSha1Prng,
}

/// One output line `r1 c1 r2 c2`, kept raw so that bad values are refused by the rules with
/// a reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub r1: i32,
    pub c1: i32,
    pub r2: i32,
    pub c2: i32,
}

/// The cells of every same-colour run of `MIN_LINE` or more, in any direction, over the whole
/// board (their union, ascending), as the tester's `removeLines` collects them.
pub fn lines_on(grid: &[u8], n: usize) -> Vec<usize> {
    let mut marked = vec![false; grid.len()];
    let at = |r: isize, c: isize| {
        (r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n)
            .then(|| r as usize * n + c as usize)
    };
    for start in 0..grid.len() {
        let colour = grid[start];
        if colour == 0 {
            continue;
        }
        let (r0, c0) = ((start / n) as isize, (start % n) as isize);
        for (dr, dc) in RUN_DIRS {
            // Only from the first ball of a run: the rest of it adds nothing new.
            if at(r0 - dr, c0 - dc).is_some_and(|k| grid[k] == colour) {
                continue;
            }
            let mut len = 1;
            while at(r0 + dr * len, c0 + dc * len).is_some_and(|k| grid[k] == colour) {
                len += 1;
            }
            if len as usize >= MIN_LINE {
                for i in 0..len {
                    marked[start.wrapping_add_signed((dr * n as isize + dc) * i)] = true;
                }
            }
        }
    }
    (0..grid.len()).filter(|&k| marked[k]).collect()
}

/// Labels each empty cell with its 4-connected region (1, 2, ... in row-major order of first
/// cells); balls get 0. Two empty cells are mutually reachable iff they share a label.
pub fn empty_regions(grid: &[u8], n: usize) -> Vec<u16> {
    let mut label = vec![0u16; grid.len()];
    let mut next = 0u16;
    let mut stack = Vec::new();
    for start in 0..grid.len() {
        if grid[start] != 0 || label[start] != 0 {
            continue;
        }
        next += 1;
        label[start] = next;
        stack.push(start);
        while let Some(k) = stack.pop() {
            for m in neighbours(k, n) {
                if grid[m] == 0 && label[m] == 0 {
                    label[m] = next;
                    stack.push(m);
                }
            }
        }
    }
    label
}

/// The 4-neighbours of cell `k` on the board.
pub fn neighbours(k: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (k / n, k % n);
    [
        (c > 0).then(|| k - 1),
        (r + 1 < n).then(|| k + n),
        (c + 1 < n).then(|| k + 1),
        (r > 0).then(|| k - n),
    ]
    .into_iter()
    .flatten()
}

/// The way a ball travels from `from` to the empty cell `to` over empty cells, both ends
/// included, or `None` when there is none. A shortest path, with the tester's choice among
/// equals: retracing from the target it steps left, down, right, up, first that fits.
pub fn path(grid: &[u8], n: usize, from: usize, to: usize) -> Option<Vec<usize>> {
    const FAR: u32 = u32::MAX;
    let mut dist = vec![FAR; grid.len()];
    dist[from] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(k) = queue.pop_front() {
        if k == to {
            break;
        }
        for m in neighbours(k, n) {
            if grid[m] == 0 && dist[m] == FAR {
                dist[m] = dist[k] + 1;
                queue.push_back(m);
            }
        }
    }
    if dist[to] == FAR {
        return None;
    }
    let mut way = vec![to];
    let mut k = to;
    for step in (0..dist[to]).rev() {
        let (r, c) = ((k / n) as isize, (k % n) as isize);
        for (dr, dc) in PATH_DIRS {
            let (r2, c2) = (r + dr, c + dc);
            if r2 < 0 || c2 < 0 || r2 as usize >= n || c2 as usize >= n {
                continue;
            }
            let m = r2 as usize * n + c2 as usize;
            if dist[m] == step {
                k = m;
                way.push(m);
                break;
            }
        }
    }
    way.reverse();
    Some(way)
}

/// What the last move did, for drawing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    pub action: Action,
    /// Cells the ball went through, source first, target last.
    pub path: Vec<usize>,
    /// Balls that vanished (cell, colour), from the move's lines then from the spawn's.
    pub vanished: Vec<(usize, u8)>,
    /// Where new balls landed (cell, colour), in order; some may have vanished since.
    pub spawned: Vec<(usize, u8)>,
    pub score: i64,
}

#[derive(Clone, Debug)]
pub struct State {
    pub n: usize,
    pub grid: Vec<u8>,
    pub empty: usize,
    /// The tester's generator, live: it draws the spawn positions.
    rng: JavaSha1Prng,
    /// Colours used so far (`curBall`).
    pub cur: usize,
    pub moves: usize,
    pub score: i64,
    pub last: Option<LastMove>,
}

impl State {
    /// The next `SPAWN` colours (fewer only when the 3,003 run out).
    pub fn next_colours<'a>(&self, instance: &'a Instance) -> &'a [u8] {
        let end = (self.cur + SPAWN).min(instance.colours.len());
        &instance.colours[self.cur.min(end)..end]
    }

    /// Empties every cell of every line; the points.
    fn remove_lines(&mut self, vanished: &mut Vec<(usize, u8)>) -> i64 {
        let cells = lines_on(&self.grid, self.n);
        for &k in &cells {
            vanished.push((k, self.grid[k]));
            self.grid[k] = 0;
        }
        self.empty += cells.len();
        line_score(cells.len())
    }

    /// Up to `SPAWN` balls at random empty cells (row then column, redrawn until empty),
    /// stopping as soon as the board is full. The tester would crash past its 3,003 colours;
    /// here the spawn stops instead (and the game is then over).
    fn spawn(&mut self, instance: &Instance, spawned: &mut Vec<(usize, u8)>) {
        let n = self.n;
        let mut placed = 0;
        while placed < SPAWN && self.empty > 0 && self.cur < instance.colours.len() {
            let r = gen::random_int(&mut self.rng, 0, n as i32 - 1) as usize;
            let c = gen::random_int(&mut self.rng, 0, n as i32 - 1) as usize;
            let k = r * n + c;
            if self.grid[k] == 0 {
                let colour = instance.colours[self.cur];
                self.grid[k] = colour;
                spawned.push((k, colour));
                self.cur += 1;
                self.empty -= 1;
                placed += 1;
            }
        }
    }
}

/// What a contestant saw each turn: the grid and the next three colours (plus N and C from
/// the first lines, and the move count). Never the generator or the colours further ahead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    pub n: usize,
    pub colors: u8,
    pub grid: Vec<u8>,
    pub next: [u8; SPAWN],
    pub moves: usize,
}

#[derive(Serialize)]
pub struct View {
    pub n: usize,
    pub colors: u8,
    /// Row-major, 0 = empty, 1..=colors.
    pub grid: Vec<u8>,
    /// The next colours to spawn, first first.
    pub next: Vec<u8>,
    pub score: i64,
    pub moves: usize,
    pub moves_left: usize,
    /// `[r1, c1, r2, c2]` of the last move.
    pub last_move: Option<[i32; 4]>,
    pub last_score: i64,
    /// `[row, col]` of every cell the last move's ball went through, source first.
    pub path: Vec<[usize; 2]>,
    /// `[row, col, colour]` of the balls the last move made vanish.
    pub vanished: Vec<[usize; 3]>,
    /// `[row, col, colour]` where the last move's new balls landed.
    pub spawned: Vec<[usize; 3]>,
    /// Per cell: 0 for a ball, else the id of its empty region. A ball can go to exactly the
    /// empty cells whose id is one of its 4 neighbours' ids.
    pub regions: Vec<u16>,
    /// CSS colours for 1..=9, the visualizer's palette.
    pub palette: &'static [&'static str],
    /// Why the game is over: "full", "moves" or "colours" (the 3,003 colours ran out).
    pub end: Option<&'static str>,
}

pub struct Lines;

impl Lines {
    fn end_reason(instance: &Instance, state: &State) -> Option<&'static str> {
        if state.empty == 0 {
            Some("full")
        } else if state.moves >= MAX_MOVES {
            Some("moves")
        } else if state.cur + SPAWN > instance.colours.len() {
            Some("colours")
        } else {
            None
        }
    }

    /// Why the rules refuse `action`, or the path the ball would take.
    pub fn check(instance: &Instance, grid: &[u8], action: &Action) -> Result<Vec<usize>, String> {
        let n = instance.n;
        let cell = |r: i32, c: i32| -> Result<usize, String> {
            if r < 0 || c < 0 || r as usize >= n || c as usize >= n {
                Err(format!("cell ({r}, {c}) is off the {n}x{n} board"))
            } else {
                Ok(r as usize * n + c as usize)
            }
        };
        let Action { r1, c1, r2, c2 } = *action;
        let from = cell(r1, c1)?;
        let to = cell(r2, c2)?;
        if from == to {
            return Err(format!("source and target are the same cell ({r1}, {c1})"));
        }
        if grid[from] == 0 {
            return Err(format!("there is no ball at ({r1}, {c1})"));
        }
        if grid[to] != 0 {
            return Err(format!("cell ({r2}, {c2}) is occupied"));
        }
        path(grid, n, from, to)
            .ok_or_else(|| format!("no path of empty cells from ({r1}, {c1}) to ({r2}, {c2})"))
    }
}

impl Game for Lines {
    const ID: &'static str = "lines";
    const TITLE: &'static str = "Lines";
    /// The contest's limits and scoring (the statement's).
    const CONTEST: Contest = Contest {
        time_limit_ms: 10_000,
        clock: Clock::Thinking,
        invalid_score: -1,
        standing: Standing::TopcoderRatio,
    };
    const PARAMS: &'static [ParamSpec] = &[
        ParamSpec {
            name: "N",
            min: MIN_N as i64,
            max: MAX_N as i64,
            help: "grid size",
        },
        ParamSpec {
            name: "C",
            min: MIN_C as i64,
            max: MAX_C as i64,
            help: "number of colours",
        },
    ];
    // Java's setSeed(long) ignores 0, so the tester's seeds start at 1.
    const MIN_SEED: u64 = 1;
    const MAX_SEED: u64 = i64::MAX as u64;
    const AGENTS: &'static [&'static str] = &["expectimax", "greedy"];
    // A game that runs out of the 3,003 colours first (only moves that empty the board spawn
    // twice) also ends before the limit and counts with the deaths.
    const MOVE_LIMIT: Option<usize> = Some(MAX_MOVES);
    const GROUP_BY: &'static [&'static str] = &["N", "C"];

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

    fn start(instance: &Instance) -> State {
        State {
            n: instance.n,
            empty: instance.grid.iter().filter(|&&x| x == 0).count(),
            grid: instance.grid.clone(),
            rng: instance.rng.clone(),
            cur: 0,
            moves: 0,
            score: 0,
            last: None,
        }
    }

    /// The tester's `makeMove`: move, remove lines; if nothing vanished or the board is
    /// empty, spawn and remove the spawn's lines; if that emptied the board, spawn again.
    fn apply(instance: &Instance, state: &mut State, action: &Action) -> Result<(), String> {
        if let Some(end) = Self::end_reason(instance, state) {
            return Err(format!("the game is over ({end})"));
        }
        let way = Self::check(instance, &state.grid, action)?;
        let (from, to) = (way[0], way[way.len() - 1]);
        state.grid[to] = state.grid[from];
        state.grid[from] = 0;
        let mut vanished = Vec::new();
        let mut spawned = Vec::new();
        let all = instance.n * instance.n;
        let mut points = state.remove_lines(&mut vanished);
        if points == 0 || state.empty == all {
            state.spawn(instance, &mut spawned);
            points += state.remove_lines(&mut vanished);
            if state.empty == all {
                state.spawn(instance, &mut spawned);
            }
        }
        state.moves += 1;
        state.score += points;
        state.last = Some(LastMove {
            action: *action,
            path: way,
            vanished,
            spawned,
            score: points,
        });
        Ok(())
    }

    fn score(_: &Instance, state: &State) -> i64 {
        state.score
    }

    fn is_over(instance: &Instance, state: &State) -> bool {
        Self::end_reason(instance, state).is_some()
    }

    fn observe(instance: &Instance, state: &State) -> Observation {
        let mut next = [0u8; SPAWN];
        for (slot, &colour) in next.iter_mut().zip(state.next_colours(instance)) {
            *slot = colour;
        }
        Observation {
            n: instance.n,
            colors: instance.colors,
            grid: state.grid.clone(),
            next,
            moves: state.moves,
        }
    }

    fn view(instance: &Instance, state: &State) -> View {
        let n = instance.n;
        let rc = |k: usize| [k / n, k % n];
        let rcc = |&(k, colour): &(usize, u8)| [k / n, k % n, colour as usize];
        let last = state.last.as_ref();
        View {
            n,
            colors: instance.colors,
            grid: state.grid.clone(),
            next: state.next_colours(instance).to_vec(),
            score: state.score,
            moves: state.moves,
            moves_left: MAX_MOVES - state.moves,
            last_move: last.map(|l| [l.action.r1, l.action.c1, l.action.r2, l.action.c2]),
            last_score: last.map_or(0, |l| l.score),
            path: last.map_or(Vec::new(), |l| l.path.iter().map(|&k| rc(k)).collect()),
            vanished: last.map_or(Vec::new(), |l| l.vanished.iter().map(rcc).collect()),
            spawned: last.map_or(Vec::new(), |l| l.spawned.iter().map(rcc).collect()),
            regions: empty_regions(&state.grid, n),
            palette: &PALETTE,
            end: Self::end_reason(instance, state),
        }
    }

    /// The empty cells: the game ends when they run out.
    fn series(_: &Instance, state: &State) -> Series {
        Series {
            players: Vec::new(),
            free: Some(state.empty as i64),
        }
    }

    fn instance_params(instance: &Instance) -> Vec<(&'static str, i64)> {
        vec![("N", instance.n as i64), ("C", i64::from(instance.colors))]
    }

    fn agent(name: &str) -> Option<Box<dyn Agent<Self>>> {
        match name {
            "expectimax" => Some(Box::new(solver::expectimax::ExpectimaxAgent::default())),
            "greedy" => Some(Box::new(solver::greedy::GreedyAgent::default())),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::replay;

    /// A hand-made instance: `balls` as (row, col, colour), spawn colours, spawn generator.
    fn board(
        n: usize,
        colors: u8,
        balls: &[(usize, usize, u8)],
        colours: &[u8],
        seed: i64,
    ) -> Instance {
        let mut grid = vec![0u8; n * n];
        for &(r, c, colour) in balls {
            grid[r * n + c] = colour;
        }
        Instance {
            n,
            colors,
            grid,
            colours: colours.to_vec(),
            rng: JavaSha1Prng::new(seed),
        }
    }

    /// A full 7x7 board where no two neighbours in any of the 8 directions share a colour
    /// (colour (r + 2c) mod 4 + 1), except the cells listed.
    fn dense(holes: &[(usize, usize)], changes: &[(usize, usize, u8)]) -> Vec<(usize, usize, u8)> {
        let mut balls = Vec::new();
        for r in 0..7 {
            for c in 0..7 {
                if holes.contains(&(r, c)) {
                    continue;
                }
                let colour = changes
                    .iter()
                    .find(|&&(rr, cc, _)| (rr, cc) == (r, c))
                    .map_or(((r + 2 * c) % 4) as u8 + 1, |&(_, _, x)| x);
                balls.push((r, c, colour));
            }
        }
        balls
    }

    fn mv(r1: i32, c1: i32, r2: i32, c2: i32) -> Action {
        Action { r1, c1, r2, c2 }
    }

    fn next_draw(state: &State) -> i32 {
        state.rng.clone().next_int()
    }

    #[test]
    fn line_scores() {
        let got: Vec<i64> = (5..=13).map(line_score).collect();
        assert_eq!(got, [10, 14, 20, 28, 38, 50, 64, 80, 98]);
        assert_eq!(line_score(0), 0);
    }

    #[test]
    fn lines_are_runs_of_five_or_more_in_four_directions() {
        let n = 7;
        let mut grid = vec![0u8; n * n];
        // A run of 6 across row 0, a run of 4 down column 0 from it, a down-left diagonal
        // of 5 from (1,6), and a colour-3 run broken by another colour.
        grid[..6].fill(1);
        for r in 1..4 {
            grid[r * n] = 1;
        }
        for i in 0..5 {
            grid[(1 + i) * n + 6 - i] = 2;
        }
        for c in 1..6 {
            grid[6 * n + c] = 3;
        }
        grid[6 * n + 3] = 2;
        let mut expected: Vec<usize> = (0..6).collect();
        expected.extend((0..5).map(|i| (1 + i) * n + 6 - i));
        expected.sort();
        assert_eq!(lines_on(&grid, n), expected);
    }

    #[test]
    fn the_ball_takes_the_testers_path() {
        let inst = board(7, 3, &[(0, 0, 1)], &[1, 1, 1], 5);
        // Shortest paths from (0,0) to (2,2) tie; retracing left-first gives down, down,
        // right, right.
        assert_eq!(path(&inst.grid, 7, 0, 16), Some(vec![0, 7, 14, 15, 16]));
        // Around a wall: (1,0)..(1,5) are balls.
        let wall: Vec<(usize, usize, u8)> = (0..6).map(|c| (1, c, 2)).collect();
        let mut balls = wall.clone();
        balls.push((0, 0, 1));
        let inst = board(7, 3, &balls, &[1, 1, 1], 5);
        let way = path(&inst.grid, 7, 0, 14).unwrap();
        assert_eq!(way, [0, 1, 2, 3, 4, 5, 6, 13, 20, 19, 18, 17, 16, 15, 14]);
        // Sealed off: no path.
        balls.push((0, 6, 2));
        let inst = board(7, 3, &balls, &[1, 1, 1], 5);
        assert_eq!(path(&inst.grid, 7, 0, 14), None);
        assert_eq!(path(&inst.grid, 7, 0, 1), Some(vec![0, 1]));
    }

    #[test]
    fn refused_moves_name_the_reason_and_change_nothing() {
        let mut balls: Vec<(usize, usize, u8)> = (0..7).map(|c| (1, c, 2)).collect();
        balls.push((0, 0, 1));
        let inst = board(7, 3, &balls, &[1, 2, 3, 1, 2, 3], 5);
        let mut state = Lines::start(&inst);
        let before = (state.grid.clone(), state.cur, next_draw(&state));
        for (action, needle) in [
            (mv(0, 0, 7, 0), "(7, 0) is off the 7x7 board"),
            (mv(-1, 0, 0, 1), "(-1, 0) is off"),
            (mv(0, 0, 0, 0), "the same cell (0, 0)"),
            (mv(0, 1, 0, 2), "no ball at (0, 1)"),
            (mv(0, 0, 1, 3), "(1, 3) is occupied"),
            (
                mv(0, 0, 4, 4),
                "no path of empty cells from (0, 0) to (4, 4)",
            ),
        ] {
            let err = Lines::apply(&inst, &mut state, &action).unwrap_err();
            assert!(err.contains(needle), "{action:?}: {err}");
            assert_eq!((state.grid.clone(), state.cur, next_draw(&state)), before);
            assert_eq!((state.moves, state.score), (0, 0));
        }
        // A ball of the wall may step up into the top row.
        Lines::apply(&inst, &mut state, &mv(1, 3, 0, 6)).unwrap();
        assert_eq!(state.moves, 1);
    }

    #[test]
    fn a_non_scoring_move_spawns_three_with_the_testers_draws() {
        let inst = Lines::generate(1, &Params::new());
        let mut state = Lines::start(&inst);
        Lines::apply(&inst, &mut state, &mv(1, 6, 0, 0)).unwrap();
        // After `generate()`, seed 1's SHA1PRNG (checked against JDK 17) draws the spawn
        // candidates rows/cols 3 6 5 1, so the first new
        // ball (colour nextBalls[0] = 1) lands at (3,6), the second (colour 2) at (5,1).
        assert_eq!(state.grid[3 * 7 + 6], 1);
        assert_eq!(state.grid[5 * 7 + 1], 2);
        let last = state.last.as_ref().unwrap();
        assert_eq!(last.path, [13, 12, 11, 10, 9, 8, 7, 0]);
        assert_eq!(&last.spawned[..2], &[(27, 1), (36, 2)]);
        assert_eq!(last.spawned.len(), 3);
        assert_eq!(state.cur, 3);
        assert_eq!(state.empty, 49 - 6);
        assert_eq!(Lines::observe(&inst, &state).next, [3, 2, 2]);
    }

    #[test]
    fn a_crossing_line_scores_its_union_once_and_spawns_nothing() {
        // An L of colour 3 meeting at (2,2), closed by a ball from (0,0); (6,6) stays.
        let mut balls = vec![(0, 0, 3), (6, 6, 1)];
        balls.extend((3..7).map(|c| (2, c, 3)));
        balls.extend((3..7).map(|r| (r, 2, 3)));
        let inst = board(7, 3, &balls, &[1, 1, 1, 1, 1, 1], 11);
        let mut state = Lines::start(&inst);
        let draw = next_draw(&state);
        Lines::apply(&inst, &mut state, &mv(0, 0, 2, 2)).unwrap();
        assert_eq!(state.score, 38, "9 balls score 38, not 2 x 10");
        assert_eq!(state.cur, 0);
        assert_eq!(
            next_draw(&state),
            draw,
            "no spawn draws after a scoring move"
        );
        assert_eq!(state.empty, 48);
        assert_eq!(state.last.as_ref().unwrap().vanished.len(), 9);
    }

    #[test]
    fn clearing_the_board_spawns_three_balls() {
        let mut balls: Vec<(usize, usize, u8)> = (0..4).map(|c| (0, c, 2)).collect();
        balls.push((5, 5, 2));
        let inst = board(7, 3, &balls, &[1, 2, 3, 1, 2, 3], 3);
        let mut state = Lines::start(&inst);
        Lines::apply(&inst, &mut state, &mv(5, 5, 0, 4)).unwrap();
        assert_eq!(state.score, 10);
        assert_eq!(state.cur, 3);
        assert_eq!(state.empty, 46);
        let last = state.last.as_ref().unwrap();
        assert_eq!(last.vanished.len(), 5);
        assert_eq!(
            last.spawned.iter().map(|s| s.1).collect::<Vec<_>>(),
            [1, 2, 3]
        );
    }

    #[test]
    fn a_spawn_that_clears_the_board_spawns_again() {
        // After the move, row 0 holds four 1s; the generator of seed 18059 then puts the
        // three new 1s on (0,5), (0,6), (0,4): a run of 7 clears the board, and three more
        // balls come (6 colours used in one move).
        let balls = [(0, 0, 1), (0, 1, 1), (0, 2, 1), (3, 3, 1)];
        let inst = board(7, 3, &balls, &[1, 1, 1, 2, 3, 2, 1, 1, 1], 18059);
        let mut state = Lines::start(&inst);
        Lines::apply(&inst, &mut state, &mv(3, 3, 0, 3)).unwrap();
        let last = state.last.as_ref().unwrap();
        assert_eq!(last.spawned[..3], [(5, 1), (6, 1), (4, 1)]);
        assert_eq!(last.vanished.len(), 7);
        assert_eq!(state.score, 20);
        assert_eq!(state.cur, 6);
        assert_eq!(state.empty, 46);
        let mut left: Vec<u8> = state.grid.iter().copied().filter(|&x| x != 0).collect();
        left.sort();
        assert_eq!(left, [2, 2, 3]);
        // Only 3 colours are left: the game stops rather than read past the list.
        assert!(!Lines::is_over(&inst, &state));
        let inst_short = Instance {
            colours: inst.colours[..8].to_vec(),
            ..inst.clone()
        };
        let mut short = Lines::start(&inst_short);
        Lines::apply(&inst_short, &mut short, &mv(3, 3, 0, 3)).unwrap();
        assert!(Lines::is_over(&inst_short, &short));
        assert_eq!(Lines::view(&inst_short, &short).end, Some("colours"));
    }

    #[test]
    fn a_full_board_ends_the_game_with_fewer_than_three_spawned() {
        // One hole at (3,3); the ball from (3,4) fills it and its cell is the only empty one.
        let inst = board(7, 4, &dense(&[(3, 3)], &[]), &[1, 2, 3], 1);
        let mut state = Lines::start(&inst);
        assert_eq!(lines_on(&state.grid, 7), Vec::<usize>::new());
        Lines::apply(&inst, &mut state, &mv(3, 4, 3, 3)).unwrap();
        assert_eq!(state.empty, 0);
        assert_eq!(state.cur, 1, "only one ball could land");
        assert_eq!(state.grid[3 * 7 + 4], 1);
        assert!(Lines::is_over(&inst, &state));
        assert_eq!(Lines::view(&inst, &state).end, Some("full"));
        let e = Lines::apply(&inst, &mut state, &mv(0, 0, 3, 4)).unwrap_err();
        assert!(e.contains("over"), "{e}");
    }

    #[test]
    fn a_spawn_that_fills_the_board_but_makes_a_line_goes_on() {
        // Column 4 holds 5s at rows 0, 1, 2, 4; the one new ball (a 5) lands on (3,4).
        let fives = [(0, 4, 5), (1, 4, 5), (2, 4, 5), (4, 4, 5)];
        let inst = board(7, 5, &dense(&[(3, 3)], &fives), &[5, 1, 1, 1], 1);
        let mut state = Lines::start(&inst);
        Lines::apply(&inst, &mut state, &mv(3, 4, 3, 3)).unwrap();
        assert_eq!(state.score, 10);
        assert_eq!(state.empty, 5);
        assert_eq!(state.cur, 1);
        assert!(!Lines::is_over(&inst, &state));
    }

    #[test]
    fn a_spawn_can_remove_lines_of_two_colours_at_once() {
        // Holes (0,4) and (6,6) complete a row of 5s and a row of 6s; the ball at (3,3)
        // moves to the hole (3,4), and the spawn fills the three empty cells. Which new
        // ball lands where depends on the generator, so ask it first.
        let (h1, h2, source) = (4, 6 * 7 + 6, 3 * 7 + 3);
        let mut changes: Vec<(usize, usize, u8)> = (0..4).map(|c| (0, c, 5)).collect();
        changes.extend((2..6).map(|c| (6, c, 6)));
        let balls = dense(&[(0, 4), (6, 6), (3, 4)], &changes);
        let mut rng = JavaSha1Prng::new(77);
        let mut order = Vec::new();
        while order.len() < 3 {
            let r = gen::random_int(&mut rng, 0, 6) as usize;
            let c = gen::random_int(&mut rng, 0, 6) as usize;
            let k = r * 7 + c;
            if [h1, h2, source].contains(&k) && !order.contains(&k) {
                order.push(k);
            }
        }
        let colour_for = |k: usize| {
            if k == h1 {
                5
            } else if k == h2 {
                6
            } else {
                1
            }
        };
        let mut colours: Vec<u8> = order.iter().map(|&k| colour_for(k)).collect();
        colours.extend([1, 2, 3]);
        let inst = board(7, 6, &balls, &colours, 77);
        let mut state = Lines::start(&inst);
        assert_eq!(lines_on(&state.grid, 7), Vec::<usize>::new());
        Lines::apply(&inst, &mut state, &mv(3, 3, 3, 4)).unwrap();
        assert_eq!(
            state.score, 50,
            "5 + 5 balls of two colours score as 10 balls"
        );
        assert_eq!(state.empty, 10);
        assert!(
            !Lines::is_over(&inst, &state),
            "the board was full before the lines went"
        );
    }

    #[test]
    fn the_thousandth_move_ends_the_game() {
        let inst = board(7, 3, &[(0, 0, 1)], &[1; COLOURS_AHEAD], 4);
        let mut state = Lines::start(&inst);
        state.moves = MAX_MOVES - 1;
        Lines::apply(&inst, &mut state, &mv(0, 0, 0, 1)).unwrap();
        assert!(Lines::is_over(&inst, &state));
        assert_eq!(Lines::view(&inst, &state).end, Some("moves"));
    }

    /// Every legal move in the reference policies' order: sources row-major, then targets
    /// row-major.
    fn legal_moves(grid: &[u8], n: usize) -> Vec<(usize, usize)> {
        let regions = empty_regions(grid, n);
        let mut moves = Vec::new();
        for from in (0..n * n).filter(|&k| grid[k] != 0) {
            let near: Vec<u16> = neighbours(from, n).map(|m| regions[m]).collect();
            for to in (0..n * n).filter(|&k| grid[k] == 0) {
                if near.contains(&regions[to]) {
                    moves.push((from, to));
                }
            }
        }
        moves
    }

    fn as_action(n: usize, (from, to): (usize, usize)) -> Action {
        let n = n as i32;
        let (from, to) = (from as i32, to as i32);
        mv(from / n, from % n, to / n, to % n)
    }

    /// Plays the reference "first" (the first legal move) or "greedy" (the best immediate
    /// line score, first on ties) policy to the end: (moves, score, cur, end). Their games
    /// are tests/data/lines/seed*-first.out and seed*-greedy.out.
    fn trace(seed: u64, greedy: bool) -> (usize, i64, usize, &'static str, Vec<Action>) {
        let inst = Lines::generate(seed, &Params::new());
        let n = inst.n;
        let mut state = Lines::start(&inst);
        let mut actions = Vec::new();
        while !Lines::is_over(&inst, &state) {
            let moves = legal_moves(&state.grid, n);
            let mut best = (0, moves[0]);
            if greedy {
                for &(from, to) in &moves {
                    let mut grid = state.grid.clone();
                    grid[to] = grid[from];
                    grid[from] = 0;
                    let points = line_score(lines_on(&grid, n).len());
                    if points > best.0 {
                        best = (points, (from, to));
                    }
                }
            }
            let action = as_action(n, best.1);
            Lines::apply(&inst, &mut state, &action).unwrap();
            actions.push(action);
        }
        let end = Lines::end_reason(&inst, &state).unwrap();
        (state.moves, state.score, state.cur, end, actions)
    }

    #[test]
    fn the_specs_own_policy_traces() {
        for (seed, greedy, expected) in [
            (1, false, (17, 10, 51, "full")),
            (2, false, (40, 0, 118, "full")),
            (3, false, (33, 0, 97, "full")),
            (1, true, (32, 64, 77, "full")),
        ] {
            let (moves, score, cur, end, actions) = trace(seed, greedy);
            // tests/data/lines holds these outputs for the CLI and registry tests.
            let name = format!(
                "{}/tests/data/lines/seed{seed}-{}.out",
                env!("CARGO_MANIFEST_DIR"),
                if greedy { "greedy" } else { "first" }
            );
            assert_eq!(
                std::fs::read_to_string(name).unwrap(),
                Lines::format_output(&actions)
            );
            assert_eq!(
                (moves, score, cur, end),
                expected,
                "seed {seed} greedy {greedy}"
            );
            // The same game through the text layer scores the same; anything after the end
            // is never read.
            let inst = Lines::generate(seed, &Params::new());
            let text = Lines::format_output(&actions) + "\n\ntrailing words are ignored\n";
            let parsed = Lines::parse_output(&inst, &text).unwrap();
            assert_eq!(parsed, actions);
            assert_eq!(replay::<Lines>(&inst, &parsed).unwrap().score, score);
        }
    }

    /// The agents' side of the boundary: an observation holds the grid, the next three
    /// colours, N, C and the move count. Two games that differ only in what the player
    /// cannot see (the generator's state, the colours after the next three) look the same,
    /// so any agent plays them the same.
    #[test]
    fn hidden_data_does_not_reach_the_observation() {
        let inst = Lines::generate(4, &Params::new());
        let mut other = inst.clone();
        other.rng.next_int();
        for colour in &mut other.colours[3..] {
            *colour = *colour % inst.colors + 1;
        }
        let a = Lines::start(&inst);
        let b = Lines::start(&other);
        let (oa, ob) = (Lines::observe(&inst, &a), Lines::observe(&other, &b));
        assert_eq!(oa, ob);
        let Observation {
            n,
            colors,
            grid,
            next,
            moves,
        } = oa;
        assert_eq!(
            (n, colors, grid.len(), next, moves),
            (7, 6, 49, [1, 4, 6], 0)
        );
        for name in Lines::AGENTS {
            let budget =
                || crate::clock::Budget::with_clock(1000.0, crate::clock::stepping_clock(0.01));
            let mut first = Lines::agent(name).unwrap();
            let mut second = Lines::agent(name).unwrap();
            assert_eq!(
                first.act(&ob, &mut budget()),
                second.act(&Lines::observe(&inst, &a), &mut budget()),
                "{name}"
            );
        }
        // The games themselves do differ: the spawn goes elsewhere.
        let (mut a, mut b) = (a, b);
        let action = mv(6, 5, 0, 0);
        Lines::apply(&inst, &mut a, &action).unwrap();
        Lines::apply(&other, &mut b, &action).unwrap();
        assert_ne!(a.grid, b.grid);
    }

    #[test]
    fn the_view_has_what_the_page_draws() {
        let inst = Lines::generate(1, &Params::new());
        let mut state = Lines::start(&inst);
        let view = Lines::view(&inst, &state);
        assert_eq!((view.n, view.colors, view.moves_left), (7, 3, 1000));
        assert_eq!(view.next, [1, 2, 3]);
        assert!(view.last_move.is_none() && view.path.is_empty());
        assert_eq!(view.regions.iter().filter(|&&x| x == 1).count(), 46);
        Lines::apply(&inst, &mut state, &mv(1, 6, 0, 0)).unwrap();
        let view = Lines::view(&inst, &state);
        assert_eq!(view.last_move, Some([1, 6, 0, 0]));
        assert_eq!(view.path.first(), Some(&[1, 6]));
        assert_eq!(view.path.last(), Some(&[0, 0]));
        assert_eq!(view.spawned[0], [3, 6, 1]);
        assert_eq!(view.next, [3, 2, 2]);
        let json = serde_json::to_value(&view).unwrap();
        for key in [
            "grid", "next", "path", "vanished", "spawned", "regions", "palette",
        ] {
            assert!(json.get(key).is_some(), "{key}");
        }
    }
}
