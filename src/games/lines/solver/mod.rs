//! Lines agents. They see only the `Observation`: the grid and the next three colours.
//!
//! Shared here: the board geometry, legal moves, the lines a ball makes, spawn sampling and
//! the evaluation of a position, a weighted sum of its `feature`s:
//! - free cells, and free space that is connected (the game is lost when the board fills;
//!   balls can only travel through empty cells),
//! - every 5-cell window that holds balls of one colour only, more the fuller it is (a line
//!   scores n*n - 7n + 20, so longer and crossing lines pay more per ball), more again when
//!   its empty cells can be reached by a ball of that colour,
//! - windows of one colour but for a single ball of another (that ball can move out), worth
//!   less than pure ones (a published entry of the match valued such windows too),
//! - "threats": a window of four whose last cell a fifth ball can reach next move,
//! - per colour, how far its best window is from a line; balls near the walls,
//! - on roomy boards only, per colour, the extra points of the longest line one ball could
//!   complete by filling a hole (see `LONG_ROOM`): lines of 8 pay 3.5 points a ball, lines
//!   of five 2,
//! - with three colours (four from N = 9 on, five at N = 10 and 11), while the board has
//!   room, every row of 6 to 8 cells by how close it is to one colour,
//!   `(2 * majority - balls)^3` (`Rows`; the fourth power on 7 x 7): lines
//!   longer than five are built on purpose, and a shorter line waits,
//! - for the expectimax agent, with three and four colours while long lines or rows are
//!   built, per colour the empty cell where two of its one-colour windows of 5 through the
//!   cell are fullest (`Evaluator::crosses`): two fours there make a cross of 9 balls with
//!   one more, worth 38 points (a line of 8: 28); and with three colours a line taken short
//!   of the row costs 20 a missing ball, 30 on 11 x 11 (`short_line_penalty`),
//! - on boards with fewer than 16 cells per colour, a learned term
//!   (`learned`): the log-odds that the game is still alive 60 moves later, from a histogram
//!   of local patterns (balls by their same-colour and empty neighbours, empty cells by the
//!   size of their region, windows by their mix, 2 x 2 and 1 x 3 shapes), fitted to greedy
//!   games. The greedy agent adds it to every position; expectimax re-ranks its best few
//!   moves with it (`expectimax::rerank_by_survival`), from 11 cells per colour with a
//!   table fitted to its own games, 120 moves ahead (`learned::LEARNED_LONG`).
//!
//! The weights were tuned on greedy games (`examples/tune_lines.rs`, on seeds outside
//! 1..100), then checked with the expectimax agent; see `DEFAULT_WEIGHTS`.

pub mod expectimax;
pub mod greedy;
pub mod learned;

use super::{line_score, MAX_C, MIN_LINE, RUN_DIRS};
use std::cell::Cell;

thread_local! {
    static WORK: Cell<u64> = const { Cell::new(0) };
}

/// Units of work the evaluators of this thread have done so far: a position's features, a
/// shortlist of moves and (two units) a histogram of learned patterns each count. A clock
/// for clock-free measurements (`examples/lines_mid_ab.rs`): the same game always costs the
/// same units, whatever else the machine runs.
pub fn work_done() -> u64 {
    WORK.with(Cell::get)
}

fn add_work(units: u64) {
    WORK.with(|w| w.set(w.get() + units));
}

/// The most cells a board has (11 x 11).
pub const MAX_CELLS: usize = 121;

/// `Evaluator::crosses`' slots per cell: a direction's best window for each colour (colours
/// count from 1).
const CROSS_SLOTS: usize = (MAX_C as usize + 1) * RUN_DIRS.len();
const WINDOW: usize = MIN_LINE;

/// The fixed shape of an `n x n` board: neighbours and every window of 5 cells in a row.
pub struct Geometry {
    pub n: usize,
    pub neighbours: Vec<Vec<u8>>,
    pub windows: Vec<[u8; WINDOW]>,
    /// Each window's direction (index into `RUN_DIRS`).
    pub win_dir: Vec<u8>,
    /// `by_cell[k]`: the windows that contain cell `k`.
    pub by_cell: Vec<Vec<u16>>,
    /// Distance of each cell from the centre, 0 there and 1 in a corner (Chebyshev).
    pub outward: Vec<f64>,
    /// The touching cells that come later in row-major order (each touching pair once).
    pub forward8: Vec<Vec<u8>>,
}

impl Geometry {
    pub fn new(n: usize) -> Self {
        let cells = n * n;
        let neighbours = (0..cells)
            .map(|k| super::neighbours(k, n).map(|m| m as u8).collect())
            .collect();
        let mut windows = Vec::new();
        let mut win_dir = Vec::new();
        let mut by_cell = vec![Vec::new(); cells];
        for r in 0..n as isize {
            for c in 0..n as isize {
                for (dir, (dr, dc)) in RUN_DIRS.into_iter().enumerate() {
                    let (r_end, c_end) = (r + dr * 4, c + dc * 4);
                    if r_end < 0 || c_end < 0 || r_end >= n as isize || c_end >= n as isize {
                        continue;
                    }
                    let mut w = [0u8; WINDOW];
                    for (i, cell) in w.iter_mut().enumerate() {
                        let i = i as isize;
                        *cell = ((r + dr * i) * n as isize + c + dc * i) as u8;
                    }
                    for &cell in &w {
                        by_cell[cell as usize].push(windows.len() as u16);
                    }
                    windows.push(w);
                    win_dir.push(dir as u8);
                }
            }
        }
        let half = (n as f64 - 1.0) / 2.0;
        let outward = (0..cells)
            .map(|k| {
                let (r, c) = ((k / n) as f64, (k % n) as f64);
                (r - half).abs().max((c - half).abs()) / half
            })
            .collect();
        // The run directions all point forward in row-major order.
        let forward8 = (0..cells)
            .map(|k| {
                let (r, c) = ((k / n) as isize, (k % n) as isize);
                RUN_DIRS
                    .iter()
                    .map(|&(dr, dc)| (r + dr, c + dc))
                    .filter(|&(r, c)| r >= 0 && c >= 0 && r < n as isize && c < n as isize)
                    .map(|(r, c)| (r * n as isize + c) as u8)
                    .collect()
            })
            .collect();
        Geometry {
            n,
            neighbours,
            windows,
            win_dir,
            by_cell,
            outward,
            forward8,
        }
    }
}

/// Appends to `out` the cells of every run of `MIN_LINE`+ through `at` (in any of the four
/// directions). On a board that had no lines, these are all the lines a ball at `at` makes.
pub fn lines_through(grid: &[u8], n: usize, at: usize, out: &mut Vec<u8>) {
    let colour = grid[at];
    if colour == 0 {
        return;
    }
    let (r0, c0) = ((at / n) as isize, (at % n) as isize);
    let same = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && r < n as isize
            && c < n as isize
            && grid[r as usize * n + c as usize] == colour
    };
    for (dr, dc) in RUN_DIRS {
        let mut back = 0;
        while same(r0 - dr * (back + 1), c0 - dc * (back + 1)) {
            back += 1;
        }
        let mut ahead = 0;
        while same(r0 + dr * (ahead + 1), c0 + dc * (ahead + 1)) {
            ahead += 1;
        }
        if (back + ahead + 1) as usize >= MIN_LINE {
            for i in -back..=ahead {
                out.push(((r0 + dr * i) * n as isize + c0 + dc * i) as u8);
            }
        }
    }
}

/// Empties the cells of `lines` (duplicates allowed); the points they score.
pub fn clear(grid: &mut [u8], lines: &mut Vec<u8>) -> i64 {
    if lines.is_empty() {
        return 0;
    }
    lines.sort_unstable();
    lines.dedup();
    for &k in lines.iter() {
        grid[k as usize] = 0;
    }
    line_score(lines.len())
}

/// A small, fast generator for the solvers' own sampling (not a contest generator).
#[derive(Clone, Debug)]
pub struct Noise(u64);

impl Noise {
    pub fn new(seed: u64) -> Self {
        Noise(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// xorshift64*.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..bound` (bound > 0), by 64x64 multiply.
    pub fn below(&mut self, bound: usize) -> usize {
        (((self.next_u64() >> 32) * bound as u64) >> 32) as usize
    }
}

/// Drops up to three balls of the known colours on random empty cells (a random cell,
/// drawn again while occupied, as the tester does) and removes the lines they make. Returns
/// (points, whether the board is full). Two boards that differ in a few cells get mostly the
/// same cells from the same `noise` state, which makes samples of two moves comparable.
pub fn sample_spawn(
    grid: &mut [u8],
    n: usize,
    colours: &[u8],
    noise: &mut Noise,
    lines: &mut Vec<u8>,
) -> (i64, bool) {
    let cells = n * n;
    let mut empty = grid.iter().filter(|&&x| x == 0).count();
    let mut placed = [0u8; 3];
    let mut count = 0;
    for &colour in colours {
        if empty == 0 {
            break;
        }
        let k = loop {
            let k = noise.below(cells);
            if grid[k] == 0 {
                break k;
            }
        };
        grid[k] = colour;
        placed[count] = k as u8;
        count += 1;
        empty -= 1;
    }
    lines.clear();
    for &k in &placed[..count] {
        lines_through(grid, n, k as usize, lines);
    }
    let points = clear(grid, lines);
    (points, points == 0 && empty == 0)
}

/// The parts of a position the evaluation weighs: its value is the dot product of these
/// features with `Weights`. All are computed on the board after a move, before its spawn.
pub mod feature {
    /// Empty cells.
    pub const EMPTY: usize = 0;
    /// Empty cells squared, over the cells (the last free cells are worth the most).
    pub const EMPTY_SQ: usize = 1;
    /// One-colour windows of 5 with 1..=4 balls whose empty cells a ball of that colour can
    /// reach (index `REACHABLE + balls - 1`).
    pub const REACHABLE: usize = 2;
    /// The same with some empty cell out of reach of that colour.
    pub const BLOCKED: usize = 6;
    /// Fours whose hole a fifth ball of the colour can reach next move (at most 4 counted).
    pub const THREATS: usize = 10;
    /// Colours that have such a four.
    pub const THREAT_COLOURS: usize = 11;
    /// Balls that have an empty neighbour.
    pub const MOBILE: usize = 12;
    /// Share of the empty cells in the largest empty region.
    pub const CONNECTED: usize = 13;
    /// Empty cells outside the largest region.
    pub const DEAD: usize = 14;
    /// Colours on the board whose best reachable window holds 1..=4 balls
    /// (index `COLOUR_BEST + balls - 1`).
    pub const COLOUR_BEST: usize = 15;
    /// Balls that share no one-colour window with another ball of their colour.
    pub const LONELY: usize = 19;
    /// Sum over balls of the distance from the centre (0 there, 1 in a corner).
    pub const OUTWARD: usize = 20;
    /// Touching (8 ways) pairs of balls of one colour.
    pub const PAIRS: usize = 21;
    /// The move made no line, so three balls are about to land (set by the caller).
    pub const SPAWN_DUE: usize = 22;
    /// Windows of 5 with 2..=4 balls of one colour and one ball of another, which can move
    /// out (index `ONE_OFF + majority - 2`).
    pub const ONE_OFF: usize = 23;
    pub const COUNT: usize = 26;
}

/// How much each feature of a position is worth, in points (see `feature`).
#[derive(Clone, Debug, PartialEq)]
pub struct Weights(pub [f64; feature::COUNT]);

impl Default for Weights {
    fn default() -> Self {
        Weights(DEFAULT_WEIGHTS)
    }
}

impl Weights {
    /// The value of a one-colour window with `balls` balls, all of it reachable.
    fn window(&self, balls: u8) -> f64 {
        match balls {
            0 => 0.0,
            b => self.0[feature::REACHABLE + b.min(4) as usize - 1],
        }
    }

    fn value(&self, features: &[f64; feature::COUNT]) -> f64 {
        self.0.iter().zip(features).map(|(w, f)| w * f).sum()
    }
}

/// Tuned by `examples/tune_lines.rs` (a (1+1) evolution strategy over greedy games on 80
/// seeds from 1001 with 8 <= N*N/C < 17), starting from the first, hand-set weights. Mean
/// greedy game length on 80 other such seeds (from 3001): 320 moves by hand, 395 tuned;
/// from 5001: 350 and 366. The expectimax agent at 1 s on 200 seeds with 12 <= N*N/C <= 16:
/// 73 full games by hand, 79 and 73 tuned (mean length 638 and 670 / 665). The one-off
/// windows were set by hand afterwards (0.4, 2, 8 by majority 2, 3, 4): greedy mean length
/// on 120 seeds from 3001 421 to 447, from 5001 367 to 409; expectimax at 1 s on seeds
/// 1001..1150, 75 to 77 full games (deaths per 1,000 moves 0.83 to 0.80). A (1+1) ES run
/// from there gained on its own seeds only.
const DEFAULT_WEIGHTS: [f64; feature::COUNT] = [
    9.858, -0.278, // empty, empty squared
    0.163, 0.967, 6.0, 14.0, // reachable windows
    0.049, 0.29, 1.8, 4.2, // blocked windows
    14.96, 0.0, // threats, threat colours
    0.411, 20.0, 0.0, // mobile, connected, dead
    -1.795, -1.535, 0.0, 0.0, // colour best
    0.0, 4.603, 0.0,   // lonely, outward, pairs
    -27.9, // spawn due
    0.4, 2.0, 8.0, // one off
];

/// Boards with at least this many cells per colour build lines longer than five while less
/// than `LONG_CROWD` of the board is full: a move that makes the best line one ball could
/// complete longer (4 + 3 balls around a hole make a line of 8, worth 28 points instead of
/// 10) ranks with the lines, and a held long line is worth `LONG_WEIGHT` per extra point.
/// Greedy games on dev seeds (16 a group from 3001, N and C forced): mean score N = 9, C = 3
/// 3,868 to 4,658; N = 10, C = 4 3,836 to 4,577; N = 9, C = 5 3,819 to 4,224; N = 11, C = 6
/// 3,798 to 4,240; all games full with and without. Building at any fill lost 3 of 16 games
/// with N = 9, C = 5; on boards with 12-15 cells per colour it lost games too.
const LONG_ROOM: f64 = 16.0;
const LONG_CROWD: f64 = 0.5;
/// Flat between 0.4 and 1.6 (before rows were built).
const LONG_WEIGHT: f64 = 0.8;
/// With the rows of three and four colours (`rows_plan`, power 3), held long lines are worth
/// more: greedy games with the 100-move look, 24 seeds a group from 7001, paired against 0.8
/// (all games full): three colours at 1.6 / 2.4 / 3.2, N = 10 +226 ± 57 / +244 ± 63 / +357 ±
/// 56, N = 11 +287 ± 59 / +273 ± 56 / +346 ± 63; at 3.2 N = 7 / 8 / 9 −0 ± 23, +116 ± 34, +107
/// ± 39, and from 9001 N = 10 / 11 +266 ± 54, +313 ± 58. Four colours at 1.6: N = 9 / 10 / 11
/// +13 ± 19, +67 ± 34, +150 ± 35 (from 9001, N = 11: +34 ± 36). Five colours at 1.6: N = 10
/// +1 ± 13, N = 11 −34 ± 23. Weight 0 lost: −149 ± 20 (N = 11, C = 5), −232 ± 65 (N = 10, C = 3).
const LONG_WEIGHT_3: f64 = 3.2;
const LONG_WEIGHT_4: f64 = 1.6;

/// The `Evaluator::long_weight` for a board of `n x n` with `colours` colours.
pub fn long_lines_weight(n: usize, colours: u8) -> f64 {
    let room = (n * n) as f64 / colours.max(1) as f64;
    match (room >= LONG_ROOM, colours) {
        (false, _) => 0.0,
        (true, 3) => LONG_WEIGHT_3,
        (true, 4) => LONG_WEIGHT_4,
        (true, _) => LONG_WEIGHT,
    }
}

/// Building rows, what a line taken short of the row costs per missing ball
/// (`Evaluator::short_penalty`; the expectimax agent's, the greedy agent takes none).
pub fn short_line_penalty(n: usize, colours: u8) -> f64 {
    match (colours, n) {
        (3, 11..) => SHORT_PENALTY_3_11,
        (3, 9..) => SHORT_PENALTY_3,
        _ => 0.0,
    }
}

/// Expectimax games on the work clock (`examples/lines_mid_ab.rs`, BUDGET=1000, 40 seeds a
/// group from 110001, paired, all games full), against none: N = 9 / 10 / 11 +123 ± 31,
/// +230 ± 51, +363 ± 40; 10 scored less at N = 10, 11 (+215 ± 59, +246 ± 51). With four
/// colours (N = 11) and five (N = 10) it lost a little (8 seeds: -86 ± 56, -28 ± 25). With
/// the crosses on (N = 10, 16 seeds) +140 over crosses alone.
const SHORT_PENALTY_3: f64 = 20.0;

/// On 11 x 11 (seventh session, the same work clock, against 20): 30 gained on two screens
/// and four fresh sets (lines8: 16 seeds +204 ± 64, 30 seeds +62 ± 46; the lead: 145001..060
/// +47 ± 26, 146001..060 +95 ± 29, all games full); 30 on 10 x 10 lost (-48 ± 43).
const SHORT_PENALTY_3_11: f64 = 30.0;

/// While long lines or rows are built, what a point of `Evaluator::crosses` is worth (the
/// expectimax agent's; the greedy agent values no crosses): three and four colours, and five
/// on 11 x 11 at a lower weight.
pub fn cross_lines_weight(n: usize, colours: u8) -> f64 {
    match (colours, n) {
        (3 | 4, _) => CROSS_WEIGHT,
        (5, 11) => CROSS_WEIGHT_5,
        _ => 0.0,
    }
}

/// Five colours on 11 x 11 (work clock as below): weight 6 / 10 / 20 +204 ± 32, +303 ± 59,
/// +171 ± 53 (16 seeds from 110001); 6 on seeds 120001..120030 +314 ± 25, 30-0, all full.
/// On 10 x 10 weight 6 gained nothing (+6 ± 24) and 20 lost.
const CROSS_WEIGHT_5: f64 = 6.0;

/// Expectimax games on the work clock (BUDGET=1000, 16 seeds a group from 110001, paired, all
/// games full): N = 10, C = 3 (with `SHORT_PENALTY_3`) weight 2 / 6 / 12 / 20 / 40 / 80:
/// +257 ± 90, +737 ± 69, +1,085 ± 69, +1,462 ± 83, +1,168 ± 85, +892 ± 61; N = 11, C = 3
/// 6 / 20 / 40: +705 ± 72, +1,377 ± 73, +1,252 ± 99; N = 11, C = 4 6 / 20 / 40: +608 ± 66,
/// +958 ± 84, +545 ± 77. Five colours lost (N = 10: 6 / 20 / 40 +6 ± 24, -198 ± 29, -379 ±
/// 27; but see `CROSS_WEIGHT_5`), six too (N = 11 weight 6: -16 ± 25).
const CROSS_WEIGHT: f64 = 20.0;

/// On the roomiest boards, lines longer than five are built on purpose: every row of `len`
/// cells is valued by how close it is to holding one colour only (`Evaluator::rows_value`),
/// and a line of fewer than `len` balls is not taken first while more than `min_empty` cells
/// are empty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rows {
    pub len: usize,
    pub scale: f64,
    pub min_empty: usize,
    /// The exponent of a row's steps (`Evaluator::rows_value`).
    pub power: i32,
}

impl Rows {
    pub const OFF: Rows = Rows {
        len: 0,
        scale: 0.0,
        min_empty: usize::MAX,
        power: ROW_POWER,
    };
}

/// What a step of a row is worth (`Evaluator::rows_value`): 0.05 and 0.5 scored a little
/// less, 0.01 much less (greedy games, 12 seeds a group from 5001, N = 10, C = 3: 6,241,
/// 6,285 and 5,657 against 6,374).
const ROW_SCALE: f64 = 0.2;
/// The exponent of a row's steps: 3 scored more than 4 on every group but N = 7, C = 3
/// (greedy games with the 100-move look, 24 seeds a group from 7001, N and C forced, paired:
/// N = 10, C = 3 6,636 -> 6,942, +306 ± 64; N = 11, C = 3 +116 ± 64; N = 9, C = 3 +220 ± 82;
/// N = 8, C = 3 +121 ± 42; N = 7, C = 3 -9 ± 17; C = 4 at N = 9 / 10 / 11 +64 ± 21, +90 ± 30,
/// +122 ± 43; 24 other seeds from 9001: N = 10 / 11 / 9 / 8 / 7, C = 3 +328 ± 62, +181 ±
/// 59, +53 ± 41, +87 ± 38, -30 ± 21; C = 4 at N = 9 / 11 +39 ± 23, +246 ± 32). Power 2 scored
/// less (N = 10, C = 3: 6,526; with scale 2, 6,898). N = 7 keeps the fourth power.
const ROW_POWER: i32 = 3;
/// Rows are built while more than this many empty cells per colour beyond the first are
/// left (N = 10, C = 3: 80 balls on the board); 5 lost a game with N = 9, C = 3, 15 scored
/// less.
const ROW_EMPTY_PER_COLOUR: usize = 10;

/// The `Rows` plan for a board of `n x n` with `colours` colours. The lengths measured best
/// with greedy games (12 seeds a group from 5001): one shorter or longer scored less with
/// three colours; with four, rows of 7 beat 6 from N = 10 on (N = 11: 5,245 against 4,958)
/// and lost at N = 9 (4,665 against 4,753). Five colours gained nothing with rows of 6 or
/// 7 then (power 4, the 40-move look); with power 3 and the 100-move look (24 seeds a group,
/// paired, against no rows) rows of 6 at N = 11 scored +242 ± 21 from 7001 and +200 ± 26
/// from 9001 (rows of 7 +199 ± 21 from 7001), all games full. At N = 10 rows of 7 lost a game
/// of 24 from 9001 and rows of 6 one from 7001, both with 40 empty cells left; with 50 rows of 6
/// scored +78 ± 19 and +94 ± 18, all games full. At N = 9, +48 ± 16 with rows of 6, but 6
/// games of 24 lost with 30 empty cells instead of 40: off. Six colours (N = 10, 11) and
/// seven (N = 11): rows of 6 or 7 within noise or less.
pub fn rows_plan(n: usize, colours: u8) -> Rows {
    let len = match (colours, n) {
        (3, 7) => 6,
        (3, 8 | 9) => 7,
        (3, _) => 8,
        (4, 9) => 6,
        (4, 10..) => 7,
        (5, 10 | 11) => 6,
        _ => return Rows::OFF,
    };
    // Five colours on 10 x 10 stop building one step earlier.
    let safety = match (colours, n) {
        (5, 10) => ROW_EMPTY_PER_COLOUR,
        _ => 0,
    };
    Rows {
        len,
        scale: ROW_SCALE,
        min_empty: ROW_EMPTY_PER_COLOUR * (colours as usize - 1) + safety,
        // Rows of 6 on 7 x 7 kept the fourth power: the third scored -9 ± 17 and -30 ± 21.
        power: match n {
            7 => 4,
            _ => ROW_POWER,
        },
    }
}

/// The expectimax agent's rows (the greedy agent keeps `rows_plan`): five colours on
/// 10 x 10 build rows of 6 down to `ROWS_MIN_EMPTY_10_5` empty cells instead of 50, and six
/// colours on 11 x 11 build rows of 6 down to `ROWS_MIN_EMPTY_11_6` (none in `rows_plan`).
pub fn expectimax_rows_plan(n: usize, colours: u8) -> Rows {
    match (colours, n) {
        (5, 10) => Rows {
            min_empty: ROWS_MIN_EMPTY_10_5,
            ..rows_plan(n, colours)
        },
        (6, 11) => Rows {
            len: 6,
            scale: ROW_SCALE,
            min_empty: ROWS_MIN_EMPTY_11_6,
            power: ROW_POWER,
        },
        _ => rows_plan(n, colours),
    }
}

/// Expectimax games on the work clock (`examples/lines_mid_ab.rs`, BUDGET=1000, paired
/// against 50; branch `lines7`): 16 seeds from 130001, 40 / 30 / 20 empty cells +17 ± 24,
/// +45 ± 26, -940 ± 337 (8 of 16 games lost); 30 on seeds 131001..131030 +68 ± 18, 22-8,
/// all games full; on 132001..132030 +64 ± 32 but a game lost (59 of 60 full). 35 on the
/// 60: +38 ± 12, 37-23, all full; 35 is kept (the lead's pick: no game lost, 3 s.e.).
/// With crosses at weight 3 on top, +110 ± 34 on the 16 but a game of 30
/// lost on the fresh seeds. Rows built as long at N = 9, C = 5 (40) and N = 11, C = 6 (40,
/// crosses 3) won most fresh games but lost one and two of 30: not kept.
const ROWS_MIN_EMPTY_10_5: usize = 35;

/// Six colours on 11 x 11 (work clock as above, BUDGET=1000, paired against no rows; branch
/// `lines8`): rows of 6 down to 45 empty cells +27 ± 17 (17-13) on seeds 140001..140030,
/// +32 ± 12 (37-22) on 141001..141060 and +11 ± 11 (31-27) on 143001..143060, all 150 games
/// full; with crosses at weight 3 on top a game of 30 was lost, and down to 40 (`lines7`) two
/// of 30.
const ROWS_MIN_EMPTY_11_6: usize = 45;

/// Every row of `len` cells in a line (the four directions) of an `n x n` board.
fn rows_of(n: usize, len: usize) -> Vec<Vec<u8>> {
    let mut rows = Vec::new();
    for r in 0..n as isize {
        for c in 0..n as isize {
            for (dr, dc) in RUN_DIRS {
                let (r_end, c_end) = (r + dr * (len as isize - 1), c + dc * (len as isize - 1));
                if r_end < 0 || c_end < 0 || r_end >= n as isize || c_end >= n as isize {
                    continue;
                }
                rows.push(
                    (0..len as isize)
                        .map(|i| ((r + dr * i) * n as isize + c + dc * i) as u8)
                        .collect(),
                );
            }
        }
    }
    rows
}

/// A move worth a closer look: cells and its quick value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    pub from: u8,
    pub to: u8,
    pub quick: f64,
}

/// A window's content: `MIXED` colour when it holds two colours, 0 when empty.
const MIXED: u8 = u8::MAX;

/// Evaluates positions and ranks moves, with reusable scratch space.
pub struct Evaluator {
    pub geo: Geometry,
    pub weights: Weights,
    /// Empty-region label per cell (0 = ball), region sizes (index 0 unused).
    labels: Vec<u8>,
    sizes: Vec<u16>,
    stack: Vec<u8>,
    /// `adjacent[region * 10 + colour]`: balls of that colour next to that region.
    adjacent: Vec<u8>,
    /// Per window: its colour (0 empty, `MIXED`) and ball count.
    win_colour: Vec<u8>,
    win_balls: Vec<u8>,
    /// Change of window value when the ball at a cell leaves / a ball of colour c arrives.
    leave: Vec<f64>,
    arrive: Vec<f64>,
    /// Balls in the lines a ball of colour c at an empty cell would make (0 = none).
    arrive_line: Vec<u8>,
    region_cells: Vec<Vec<u8>>,
    lines: Vec<u8>,
    /// A copy of the grid being evaluated, for trying a ball in a hole.
    scratch: Vec<u8>,
    /// Holes of one-colour fours (cell, colour) met by the evaluation.
    holes: Vec<(u8, u8)>,
    /// On roomy boards, what a point of `long_extra` is worth (0: off). See
    /// `long_lines_weight` and `builds_long_lines`.
    pub long_weight: f64,
    /// `long_extra` of the last position `evaluate` valued (0 when off).
    pub last_long_extra: f64,
    /// What a unit of the learned survival log-odds is worth (0: off); see `learned`.
    pub learned_weight: f64,
    /// The learned model's weights over `learned::pattern` counts.
    pub learned: Vec<f64>,
    /// Rows of `Rows::len` cells and how they are valued (see `Rows`; empty when off).
    rows: Vec<Vec<u8>>,
    pub row_plan: Rows,
    /// Building rows, what a line taken short of the row's length costs per missing ball
    /// (`greedy::rank`; 0: nothing, as the greedy agent plays).
    pub short_penalty: f64,
    /// While long lines or rows are built, what a point of `crosses` is worth (0: off).
    pub cross_weight: f64,
    /// `crosses` scratch: per cell, colour and direction, the most balls in a one-colour
    /// window of 5 through the (empty) cell.
    cross_best: Vec<u8>,
}

impl Evaluator {
    pub fn new(n: usize, weights: Weights) -> Self {
        let cells = n * n;
        let geo = Geometry::new(n);
        let windows = geo.windows.len();
        Evaluator {
            geo,
            weights,
            labels: vec![0; cells],
            sizes: Vec::with_capacity(cells + 1),
            stack: Vec::with_capacity(cells),
            adjacent: vec![0; (cells + 1) * 10],
            win_colour: vec![0; windows],
            win_balls: vec![0; windows],
            leave: vec![0.0; cells],
            arrive: vec![0.0; cells * 10],
            arrive_line: vec![0; cells * 10],
            region_cells: Vec::new(),
            lines: Vec::new(),
            scratch: vec![0; cells],
            holes: Vec::new(),
            long_weight: 0.0,
            last_long_extra: 0.0,
            learned_weight: 0.0,
            learned: learned::LEARNED.to_vec(),
            rows: Vec::new(),
            row_plan: Rows::OFF,
            short_penalty: 0.0,
            cross_weight: 0.0,
            cross_best: vec![0; cells * CROSS_SLOTS],
        }
    }

    /// Values rows as `plan` says (`Rows::OFF`: not at all).
    pub fn plan_rows(&mut self, plan: Rows) {
        if plan == self.row_plan {
            return;
        }
        self.row_plan = plan;
        self.rows = match plan.len {
            0 => Vec::new(),
            len => rows_of(self.geo.n, len),
        };
    }

    /// Whether `grid` has room for the long rows of `row_plan`.
    pub fn builds_rows(&self, grid: &[u8]) -> bool {
        self.row_plan.len > 0 && grid.iter().filter(|&&x| x == 0).count() > self.row_plan.min_empty
    }

    /// The rows' value: per row of one colour but for `others` balls, with `majority` balls
    /// of its main colour, `(2 * majority - balls)^power` (a ball of another colour costs two
    /// steps, as one must move out and one come in).
    fn rows_value(&self, grid: &[u8]) -> f64 {
        let mut total = 0.0;
        for row in &self.rows {
            let mut count = [0u8; 10];
            for &k in row {
                count[grid[k as usize] as usize] += 1;
            }
            let balls = row.len() as i32 - count[0] as i32;
            let majority = *count[1..].iter().max().unwrap() as i32;
            let steps = 2 * majority - balls;
            if steps > 0 {
                total += (steps as f64).powi(self.row_plan.power);
            }
        }
        self.row_plan.scale * total
    }

    /// Labels the empty regions; the number of empty cells.
    fn label_regions(&mut self, grid: &[u8]) -> usize {
        self.labels.fill(0);
        self.sizes.clear();
        self.sizes.push(0);
        let mut empty = 0;
        for start in 0..grid.len() {
            if grid[start] != 0 || self.labels[start] != 0 {
                continue;
            }
            let id = self.sizes.len() as u8;
            self.sizes.push(0);
            self.labels[start] = id;
            self.stack.push(start as u8);
            while let Some(k) = self.stack.pop() {
                self.sizes[id as usize] += 1;
                for &m in &self.geo.neighbours[k as usize] {
                    if grid[m as usize] == 0 && self.labels[m as usize] == 0 {
                        self.labels[m as usize] = id;
                        self.stack.push(m);
                    }
                }
            }
            empty += self.sizes[id as usize] as usize;
        }
        empty
    }

    /// Counts, per region and colour, the balls touching it; the number of balls that can
    /// move at all.
    fn count_adjacent(&mut self, grid: &[u8]) -> usize {
        let regions = self.sizes.len();
        self.adjacent[..regions * 10].fill(0);
        let mut mobile = 0;
        for (k, &colour) in grid.iter().enumerate() {
            if colour == 0 {
                continue;
            }
            let mut seen = [0u8; 4];
            let mut count = 0;
            for &m in &self.geo.neighbours[k] {
                let r = self.labels[m as usize];
                if r != 0 && !seen[..count].contains(&r) {
                    seen[count] = r;
                    count += 1;
                    self.adjacent[r as usize * 10 + colour as usize] += 1;
                }
            }
            if count > 0 {
                mobile += 1;
            }
        }
        mobile
    }

    /// The value of a position (higher is better), not counting points already scored,
    /// as if no spawn were due (the caller adds `SPAWN_DUE`).
    pub fn evaluate(&mut self, grid: &[u8]) -> f64 {
        let mut features = [0.0; feature::COUNT];
        self.features(grid, &mut features);
        let mut value = self.weights.value(&features);
        self.last_long_extra = 0.0;
        if self.long_weight > 0.0 && !self.holes.is_empty() {
            self.last_long_extra = self.long_extra(grid);
            value += self.long_weight * self.last_long_extra;
        }
        if self.cross_weight != 0.0 && (self.builds_rows(grid) || self.builds_long_lines(grid)) {
            value += self.cross_weight * self.crosses(grid);
        }
        if self.builds_rows(grid) {
            value += self.rows_value(grid);
        }
        if self.learned_weight != 0.0 && features[feature::EMPTY] > 0.0 {
            let mut counts = [0.0; learned::pattern::COUNT];
            self.patterns_of_labelled(grid, &mut counts);
            value += self.learned_weight * learned::score(&self.learned, &counts);
        }
        value
    }

    /// Whether moves that lengthen a held line rank with the lines on `grid`: on roomy boards
    /// less than `LONG_CROWD` full (at any fill, games with 5 or 6 colours died).
    pub fn builds_long_lines(&self, grid: &[u8]) -> bool {
        self.long_weight > 0.0
            && (grid.iter().filter(|&&x| x != 0).count() as f64) < LONG_CROWD * grid.len() as f64
    }

    /// Per colour, the most that one ball of it can add to a line of five by filling a hole
    /// that a ball of that colour outside the line can reach: a hole between runs (4 + 3
    /// balls make a line of 8, worth 28 points instead of 10) or where two lines cross.
    /// Summed over the colours. Uses the holes and regions `features` left.
    fn long_extra(&mut self, grid: &[u8]) -> f64 {
        let n = self.geo.n;
        let mut best = [0i64; 10];
        self.scratch.copy_from_slice(grid);
        self.holes.sort_unstable();
        self.holes.dedup();
        for i in 0..self.holes.len() {
            let (hole, colour) = self.holes[i];
            let (hole, c) = (hole as usize, colour as usize);
            self.scratch[hole] = colour;
            self.lines.clear();
            lines_through(&self.scratch, n, hole, &mut self.lines);
            self.scratch[hole] = 0;
            self.lines.sort_unstable();
            self.lines.dedup();
            let extra = line_score(self.lines.len()) - line_score(WINDOW);
            if extra <= best[c] {
                continue;
            }
            // The filling ball must come from outside the line.
            let region = self.labels[hole];
            let inside = self
                .lines
                .iter()
                .filter(|&&k| {
                    k as usize != hole
                        && self.geo.neighbours[k as usize]
                            .iter()
                            .any(|&m| self.labels[m as usize] == region)
                })
                .count();
            if self.adjacent[region as usize * 10 + c] as usize > inside {
                best[c] = extra;
            }
        }
        best.iter().sum::<i64>() as f64
    }

    /// Per colour, the best empty cell where two lines of it could cross: the balls `a >= b`
    /// of the two fullest one-colour windows of 5 through the cell in two directions give
    /// `(a * b)^2 / 16` (16 for two fours: one ball makes a cross of 9, worth 38 points).
    /// Summed over the colours.
    fn crosses(&mut self, grid: &[u8]) -> f64 {
        self.cross_best.fill(0);
        // The highest colour met: the colours above it need no look.
        let mut top = 0u8;
        for (wi, win) in self.geo.windows.iter().enumerate() {
            let mut colour = 0u8;
            let mut balls = 0u8;
            for &k in win {
                let x = grid[k as usize];
                if x != 0 {
                    if colour != 0 && x != colour {
                        colour = MIXED;
                        break;
                    }
                    colour = x;
                    balls += 1;
                }
            }
            if colour == 0 || colour == MIXED || balls >= WINDOW as u8 {
                continue;
            }
            top = top.max(colour);
            let dir = self.geo.win_dir[wi] as usize;
            for &k in win {
                if grid[k as usize] == 0 {
                    let slot = k as usize * CROSS_SLOTS + colour as usize * RUN_DIRS.len() + dir;
                    self.cross_best[slot] = self.cross_best[slot].max(balls);
                }
            }
        }
        let mut best = [0u32; MAX_C as usize + 1];
        for (k, _) in grid.iter().enumerate().filter(|&(_, &x)| x == 0) {
            for (c, best) in best.iter_mut().enumerate().take(top as usize + 1).skip(1) {
                let first = k * CROSS_SLOTS + c * RUN_DIRS.len();
                let d = &self.cross_best[first..first + RUN_DIRS.len()];
                let (mut a, mut b) = (0u32, 0u32);
                for &x in d {
                    let x = x as u32;
                    if x > a {
                        b = a;
                        a = x;
                    } else if x > b {
                        b = x;
                    }
                }
                *best = (*best).max(a * b);
            }
        }
        best.iter().map(|&p| (p * p) as f64 / 16.0).sum()
    }

    /// The features of a position (`feature`), `SPAWN_DUE` left at 0.
    pub fn features(&mut self, grid: &[u8], out: &mut [f64; feature::COUNT]) {
        use feature::*;
        add_work(1);
        out.fill(0.0);
        self.holes.clear();
        let empty = self.label_regions(grid);
        if empty == 0 {
            return;
        }
        let cells = grid.len() as f64;
        let mobile = self.count_adjacent(grid);
        let largest = self.sizes.iter().copied().max().unwrap_or(0) as f64;
        let mut threats = 0;
        let mut threat_colours = 0u16;
        // Per colour: the most balls in one reachable window.
        let mut best = [0u8; 10];
        let mut accompanied = [false; MAX_CELLS];
        for win in &self.geo.windows {
            let mut colour = 0u8;
            let mut balls = 0;
            // The first other colour met and how many balls it has.
            let (mut other, mut others) = (0u8, 0);
            for &k in win {
                let x = grid[k as usize];
                if x == 0 {
                    continue;
                }
                if colour == 0 || x == colour {
                    colour = x;
                    balls += 1;
                } else if other == 0 || x == other {
                    other = x;
                    others += 1;
                } else {
                    others = 5;
                }
            }
            if others > 0 {
                // Mixed: worth something only with one ball of a second colour.
                let majority = match (balls, others) {
                    (1, b) if (2..5).contains(&b) => b,
                    (b, 1) => b,
                    _ => 0,
                };
                if majority >= 2 {
                    out[ONE_OFF + majority - 2] += 1.0;
                }
                continue;
            }
            if balls == 0 {
                continue;
            }
            let reachable = win.iter().all(|&k| {
                let r = self.labels[k as usize];
                r == 0 || self.adjacent[r as usize * 10 + colour as usize] > 0
            });
            if balls >= 2 {
                for &k in win {
                    accompanied[k as usize] = true;
                }
            }
            if balls == 4 && reachable {
                // The fifth ball must come from outside the window.
                if let Some(&hole) = win.iter().find(|&&k| grid[k as usize] == 0) {
                    self.holes.push((hole, colour));
                    let r = self.labels[hole as usize];
                    let inside = win
                        .iter()
                        .filter(|&&k| {
                            grid[k as usize] != 0
                                && self.geo.neighbours[k as usize]
                                    .iter()
                                    .any(|&m| self.labels[m as usize] == r)
                        })
                        .count();
                    if self.adjacent[r as usize * 10 + colour as usize] as usize > inside {
                        threats += 1;
                        threat_colours |= 1u16 << colour;
                    }
                }
            }
            if reachable {
                out[REACHABLE + balls - 1] += 1.0;
                best[colour as usize] = best[colour as usize].max(balls as u8);
            } else {
                out[BLOCKED + balls - 1] += 1.0;
            }
        }
        for &balls in best.iter().filter(|&&b| b > 0) {
            out[COLOUR_BEST + balls as usize - 1] += 1.0;
        }
        let mut lonely = 0;
        let mut outward = 0.0;
        let mut pairs = 0;
        for (k, &x) in grid.iter().enumerate() {
            if x == 0 {
                continue;
            }
            if !accompanied[k] {
                lonely += 1;
            }
            outward += self.geo.outward[k];
            for &m in &self.geo.forward8[k] {
                if grid[m as usize] == x {
                    pairs += 1;
                }
            }
        }
        let empty = empty as f64;
        out[EMPTY] = empty;
        out[EMPTY_SQ] = empty * empty / cells;
        out[THREATS] = threats.min(4) as f64;
        out[THREAT_COLOURS] = threat_colours.count_ones() as f64;
        out[MOBILE] = mobile as f64;
        out[CONNECTED] = largest / empty;
        out[DEAD] = empty - largest;
        out[LONELY] = lonely as f64;
        out[OUTWARD] = outward;
        out[PAIRS] = pairs as f64;
    }

    fn window_value(&self, colour: u8, balls: u8) -> f64 {
        if colour == MIXED {
            0.0
        } else {
            self.weights.window(balls)
        }
    }

    /// Every legal move with a quick value: the points and freed cells of the lines it makes,
    /// or else the change of window value where the ball leaves plus where it arrives (the
    /// two taken apart). The best `limit` by that value, and every move that seems to score,
    /// best first (ties: source, then target, row-major).
    pub fn shortlist(&mut self, grid: &[u8], limit: usize) -> Vec<Candidate> {
        add_work(1);
        let cells = grid.len();
        self.label_regions(grid);
        // Window contents.
        for (i, win) in self.geo.windows.iter().enumerate() {
            let mut colour = 0u8;
            let mut balls = 0u8;
            for &k in win {
                let x = grid[k as usize];
                if x != 0 {
                    balls += 1;
                    colour = if colour == 0 || colour == x { x } else { MIXED };
                }
            }
            self.win_colour[i] = colour;
            self.win_balls[i] = balls;
        }
        let mut scratch = grid.to_vec();
        let mut colours_present = 0u16;
        for k in 0..cells {
            if grid[k] != 0 {
                colours_present |= 1 << grid[k];
                // Window change when this ball leaves.
                let mut delta = 0.0;
                for &wi in &self.geo.by_cell[k] {
                    let wi = wi as usize;
                    let before = self.window_value(self.win_colour[wi], self.win_balls[wi]);
                    let mut colour = 0u8;
                    let mut balls = 0u8;
                    for &m in &self.geo.windows[wi] {
                        let x = grid[m as usize];
                        if m as usize != k && x != 0 {
                            balls += 1;
                            colour = if colour == 0 || colour == x { x } else { MIXED };
                        }
                    }
                    delta += self.window_value(colour, balls) - before;
                }
                self.leave[k] = delta;
            }
        }
        for k in 0..cells {
            if grid[k] != 0 {
                continue;
            }
            // One pass over the cell's windows: a ball of any colour gains an empty window
            // and spoils a one-colour window of another colour; one of the window's own
            // colour extends it instead. `fours` marks the colours that complete a window.
            let mut common = 0.0;
            let mut own = [0.0f64; 10];
            let mut fours = 0u16;
            for &wi in &self.geo.by_cell[k] {
                let wi = wi as usize;
                let (colour, balls) = (self.win_colour[wi], self.win_balls[wi]);
                if colour == 0 {
                    common += self.window_value(1, 1);
                } else if colour != MIXED {
                    let before = self.window_value(colour, balls);
                    common -= before;
                    own[colour as usize] += self.window_value(colour, balls + 1);
                    if balls as usize == WINDOW - 1 {
                        fours |= 1 << colour;
                    }
                }
            }
            for c in 1..10u8 {
                if colours_present & (1 << c) == 0 {
                    continue;
                }
                let slot = k * 10 + c as usize;
                self.arrive[slot] = common + own[c as usize];
                self.arrive_line[slot] = 0;
                if fours & (1 << c) != 0 {
                    // A line: how many balls it removes.
                    scratch[k] = c;
                    self.lines.clear();
                    lines_through(&scratch, self.geo.n, k, &mut self.lines);
                    scratch[k] = 0;
                    self.lines.sort_unstable();
                    self.lines.dedup();
                    self.arrive_line[slot] = self.lines.len() as u8;
                }
            }
        }
        // Cells of each region.
        let regions = self.sizes.len();
        if self.region_cells.len() < regions {
            self.region_cells.resize(regions, Vec::new());
        }
        for list in &mut self.region_cells[..regions] {
            list.clear();
        }
        for k in 0..cells {
            let r = self.labels[k] as usize;
            if r != 0 {
                self.region_cells[r].push(k as u8);
            }
        }
        let w = &self.weights;
        let mut all: Vec<Candidate> = Vec::new();
        for (from, &colour) in grid.iter().enumerate() {
            let colour = colour as usize;
            if colour == 0 {
                continue;
            }
            let mut seen = [0u8; 4];
            let mut count = 0;
            for &m in &self.geo.neighbours[from] {
                let r = self.labels[m as usize];
                if r == 0 || seen[..count].contains(&r) {
                    continue;
                }
                seen[count] = r;
                count += 1;
                for &to in &self.region_cells[r as usize] {
                    let slot = to as usize * 10 + colour;
                    let line = self.arrive_line[slot] as usize;
                    let quick = if line > 0 {
                        line_score(line) as f64
                            + (line as f64 * w.0[feature::EMPTY] - w.0[feature::SPAWN_DUE])
                    } else {
                        self.leave[from] + self.arrive[slot]
                    };
                    all.push(Candidate {
                        from: from as u8,
                        to,
                        quick,
                    });
                }
            }
        }
        // Moves that seem to score first, then by value, then row-major by source and target.
        let scores = |c: &Candidate| {
            self.arrive_line[c.to as usize * 10 + grid[c.from as usize] as usize] > 0
        };
        // A total order, so the partial selection below is deterministic.
        let order = |a: &Candidate, b: &Candidate| {
            scores(b)
                .cmp(&scores(a))
                .then(b.quick.total_cmp(&a.quick))
                .then((a.from, a.to).cmp(&(b.from, b.to)))
        };
        let keep = limit.max(all.iter().filter(|c| scores(c)).count());
        if keep < all.len() {
            // Only the kept moves need sorting (a full sort of thousands of moves was a
            // fifth of the greedy agent's time).
            all.select_nth_unstable_by(keep, order);
            all.truncate(keep);
        }
        all.sort_unstable_by(order);
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lines::lines_on;

    #[test]
    fn the_work_counter_counts_evaluations_shortlists_and_patterns() {
        // Tests run on their own threads: the counter starts at 0 here.
        let n = 9;
        let mut grid = vec![0u8; n * n];
        grid[0] = 1;
        grid[40] = 2;
        let mut ev = Evaluator::new(n, Weights::default());
        let start = work_done();
        ev.evaluate(&grid);
        assert_eq!(work_done() - start, 1, "an evaluation");
        ev.shortlist(&grid, 10);
        assert_eq!(work_done() - start, 2, "and a shortlist");
        ev.survival(&grid);
        assert_eq!(
            work_done() - start,
            5,
            "and the features and patterns of survival"
        );
        ev.learned_weight = 5.0;
        ev.evaluate(&grid);
        assert_eq!(
            work_done() - start,
            8,
            "an evaluation with the learned term"
        );
    }

    #[test]
    fn windows_cover_every_line_of_five() {
        // 7x7: 3 horizontal and 3 vertical windows per row/column, 3 x 3 per diagonal way.
        let geo = Geometry::new(7);
        assert_eq!(geo.windows.len(), 7 * 3 * 2 + 9 * 2);
        let geo = Geometry::new(11);
        assert_eq!(geo.windows.len(), 11 * 7 * 2 + 49 * 2);
        assert!(geo.by_cell.iter().all(|w| w.len() <= 20));
    }

    #[test]
    fn lines_through_a_cell_match_the_whole_board_scan() {
        let mut noise = Noise::new(3);
        let n = 8;
        for _ in 0..2000 {
            // A random sparse board with no lines, then one more ball.
            let mut grid = vec![0u8; n * n];
            for cell in grid.iter_mut() {
                if noise.below(3) > 0 {
                    *cell = 1 + noise.below(2) as u8;
                }
            }
            for k in lines_on(&grid.clone(), n) {
                grid[k] = 0;
            }
            let empties: Vec<usize> = (0..n * n).filter(|&k| grid[k] == 0).collect();
            let at = empties[noise.below(empties.len())];
            grid[at] = 1;
            let mut got = Vec::new();
            lines_through(&grid, n, at, &mut got);
            got.sort();
            got.dedup();
            let want: Vec<u8> = lines_on(&grid, n).iter().map(|&k| k as u8).collect();
            assert_eq!(got, want);
        }
    }

    #[test]
    fn the_shortlist_can_hold_exactly_the_legal_moves() {
        let n = 7;
        let mut ev = Evaluator::new(n, Weights::default());
        let mut grid = vec![0u8; n * n];
        for c in 0..7 {
            grid[2 * n + c] = 1; // a wall across row 2
        }
        grid[0] = 2;
        grid[6 * n + 6] = 3;
        grid[6 * n + 5] = 3;
        let moves: Vec<(u8, u8)> = ev
            .shortlist(&grid, usize::MAX)
            .iter()
            .map(|c| (c.from, c.to))
            .collect();
        for from in 0..n * n {
            for to in 0..n * n {
                let legal = grid[from] != 0
                    && grid[to] == 0
                    && crate::games::lines::path(&grid, n, from, to).is_some();
                assert_eq!(
                    moves.contains(&(from as u8, to as u8)),
                    legal,
                    "{from} {to}"
                );
            }
        }
        assert_eq!(ev.shortlist(&grid, 1).len(), 1);
    }

    #[test]
    fn arrival_values_match_their_definition_window_by_window() {
        // The shortlist values a ball's arrival in one pass over a cell's windows; here each
        // window's value is taken before and after, for every colour, on random boards.
        let mut noise = Noise::new(9);
        for n in [7, 9, 11] {
            let mut ev = Evaluator::new(n, Weights::default());
            for _ in 0..50 {
                let mut grid: Vec<u8> = (0..n * n)
                    .map(|_| match noise.below(2) {
                        0 => 0,
                        _ => 1 + noise.below(4) as u8,
                    })
                    .collect();
                for k in lines_on(&grid.clone(), n) {
                    grid[k] = 0;
                }
                ev.shortlist(&grid, 1);
                for k in (0..n * n).filter(|&k| grid[k] == 0) {
                    for c in 1..=4u8 {
                        if !grid.contains(&c) {
                            continue;
                        }
                        let value = |g: &[u8], w: &[u8; WINDOW]| {
                            let balls: Vec<u8> = w
                                .iter()
                                .map(|&m| g[m as usize])
                                .filter(|&x| x != 0)
                                .collect();
                            match balls.iter().all(|&x| x == balls[0]) {
                                true if !balls.is_empty() => ev.weights.window(balls.len() as u8),
                                _ => 0.0,
                            }
                        };
                        let mut after = grid.clone();
                        after[k] = c;
                        let want: f64 = ev.geo.by_cell[k]
                            .iter()
                            .map(|&wi| {
                                let w = &ev.geo.windows[wi as usize];
                                value(&after, w) - value(&grid, w)
                            })
                            .sum();
                        let got = ev.arrive[k * 10 + c as usize];
                        assert!((got - want).abs() < 1e-9, "n {n} cell {k} colour {c}");
                        let line = lines_on(&after, n).len() as u8;
                        assert_eq!(ev.arrive_line[k * 10 + c as usize], line);
                    }
                }
            }
        }
    }

    #[test]
    fn moves_that_score_are_always_shortlisted() {
        let n = 9;
        let mut ev = Evaluator::new(n, Weights::default());
        let mut grid = vec![0u8; n * n];
        for c in 0..4 {
            grid[c] = 1;
            grid[8 * n + c] = 2;
        }
        grid[4 * n + 4] = 1;
        grid[5 * n + 5] = 2;
        // The lone 1 and the lone 2 complete their rows at (0,4) and (8,4). A ball of a row
        // moving to its hole only seems to (it leaves a gap): the shortlist keeps those too,
        // the full look tells them apart.
        let list: Vec<(u8, u8)> = ev
            .shortlist(&grid, 1)
            .iter()
            .map(|c| (c.from, c.to))
            .collect();
        assert!(
            list.contains(&(40, 4)) && list.contains(&(50, 76)),
            "{list:?}"
        );
        assert!(list.len() <= 10);
        let best = greedy::rank(&mut ev, &grid, 1);
        assert!([(40, 4), (50, 76)].contains(&(best[0].from, best[0].to)));
        assert_eq!(best[0].points, 10);
    }

    #[test]
    fn spawn_samples_place_the_known_colours_on_empty_cells() {
        let n = 7;
        let mut noise = Noise::new(1);
        let mut lines = Vec::new();
        for _ in 0..100 {
            let mut grid = vec![0u8; n * n];
            grid[10] = 4;
            let (points, full) = sample_spawn(&mut grid, n, &[1, 2, 3], &mut noise, &mut lines);
            assert_eq!((points, full), (0, false));
            let mut placed: Vec<u8> = grid.iter().copied().filter(|&x| x != 0).collect();
            placed.sort();
            assert_eq!(placed, [1, 2, 3, 4]);
        }
        // One empty cell: the board fills.
        let mut grid: Vec<u8> = (0..49)
            .map(|k| ((k / 7 + 2 * (k % 7)) % 4) as u8 + 1)
            .collect();
        grid[24] = 0;
        let (points, full) = sample_spawn(&mut grid, n, &[9, 9, 9], &mut noise, &mut lines);
        assert_eq!((points, full, grid[24]), (0, true, 9));
    }

    #[test]
    fn features_of_a_small_board_by_hand() {
        use feature::*;
        // Four 1s along the top row, a fifth 1 in the far corner that can reach (0,4), and a
        // lone 2 in the centre.
        let n = 7;
        let mut ev = Evaluator::new(n, Weights::default());
        let mut grid = vec![0u8; n * n];
        grid[..4].fill(1);
        grid[6 * n + 6] = 1;
        grid[3 * n + 3] = 2;
        let mut f = [0.0; COUNT];
        ev.features(&grid, &mut f);
        assert_eq!(f[EMPTY], 43.0);
        assert_eq!(f[EMPTY_SQ], 43.0 * 43.0 / 49.0);
        // Row 0 has one window with four 1s, one with three (cols 1..5), one with two.
        assert_eq!(f[REACHABLE + 3], 1.0);
        assert!(f[REACHABLE + 2] >= 1.0 && f[REACHABLE + 1] >= 1.0);
        assert_eq!(f[BLOCKED..BLOCKED + 4], [0.0; 4]);
        assert_eq!((f[THREATS], f[THREAT_COLOURS]), (1.0, 1.0));
        assert_eq!((f[MOBILE], f[CONNECTED], f[DEAD]), (6.0, 1.0, 0.0));
        // Colour 1's best window holds four, colour 2's one.
        assert_eq!(f[COLOUR_BEST..COLOUR_BEST + 4], [1.0, 0.0, 0.0, 1.0]);
        // The corner 1 and the centre 2 share no window with a ball of their colour.
        assert_eq!(f[LONELY], 2.0);
        // Row 0 and the corner are at distance 1 from the centre, the 2 at 0.
        assert_eq!(f[OUTWARD], 5.0);
        assert_eq!(f[PAIRS], 3.0);
        assert_eq!(f[SPAWN_DUE], 0.0);
        let value: f64 = ev.weights.0.iter().zip(&f).map(|(w, x)| w * x).sum();
        assert_eq!(ev.evaluate(&grid), value);
        // A full board has no features.
        let full = vec![1u8; n * n];
        ev.features(&full, &mut f);
        assert!(f.iter().all(|&x| x == 0.0));
    }

    #[test]
    fn threats_and_free_space_raise_the_value() {
        let n = 7;
        let mut ev = Evaluator::new(n, Weights::default());
        let mut grid = vec![0u8; n * n];
        grid[..4].fill(1);
        grid[3 * n + 3] = 2;
        grid[5 * n + 5] = 3;
        let without = ev.evaluate(&grid);
        grid[5 * n + 5] = 1; // a fifth 1 that can reach (0,4)
        let with = ev.evaluate(&grid);
        assert!(
            with >= without + ev.weights.0[feature::THREATS],
            "{with} {without}"
        );
        let mut crowded = grid.clone();
        crowded[6 * n] = 3;
        assert!(ev.evaluate(&crowded) < ev.evaluate(&grid));
    }

    #[test]
    fn a_hole_between_two_runs_is_worth_the_longer_line() {
        // Row 4 of a 9x9: four reds, a hole, two reds (X X X X _ X X), and a free red.
        let n = 9;
        let mut ev = Evaluator::new(n, Weights::default());
        ev.long_weight = 1.0;
        let mut grid = vec![0u8; n * n];
        for c in [0, 1, 2, 3, 5, 6] {
            grid[4 * n + c] = 1;
        }
        grid[8 * n + 8] = 1;
        let with_long = ev.evaluate(&grid);
        // Filling the hole makes a line of 7: 20 points, 10 more than a line of five.
        assert_eq!(ev.last_long_extra, (line_score(7) - line_score(5)) as f64);
        ev.long_weight = 0.0;
        assert_eq!(with_long - ev.evaluate(&grid), 10.0);
        // Without the free red only a ball of the line could fill it: worth nothing more.
        ev.long_weight = 1.0;
        grid[8 * n + 8] = 0;
        ev.evaluate(&grid);
        assert_eq!(ev.last_long_extra, 0.0);
    }

    #[test]
    fn two_fours_through_one_empty_cell_are_a_cross() {
        // 9 x 9: reds at (4, 0..4) and (0..4, 4); the empty (4, 4) completes both (a cross of
        // 9 balls). Windows of 4 reds through one cell in two directions: (4 * 4)^2 / 16.
        let n = 9;
        let mut grid = vec![0u8; n * n];
        for i in 0..4 {
            grid[4 * n + i] = 1;
            grid[i * n + 4] = 1;
        }
        let mut ev = Evaluator::new(n, Weights::default());
        assert_eq!(ev.crosses(&grid), 16.0);
        // A blue beyond the crossing cell leaves it (the row's window (4, 0..4) holds no
        // blue); a lone ball crosses nothing (two lines through it meet only at its cell).
        grid[4 * n + 5] = 2;
        assert_eq!(ev.crosses(&grid), 16.0);
        // A second blue below the first: the empty cell left of the lower one lies in a row
        // window and a diagonal window holding a blue each.
        grid[5 * n + 5] = 2;
        assert_eq!(ev.crosses(&grid), 16.0 + 1.0 / 16.0);
        grid[5 * n + 5] = 0;
        // A blue in the row instead of its last red: (4, 4) now completes the column only.
        grid[4 * n + 5] = 0;
        grid[4 * n + 3] = 2;
        assert!(ev.crosses(&grid) < 16.0);
        // Off (the greedy agent) or on, only while long lines or rows are built.
        grid[4 * n + 3] = 1;
        let plain = ev.evaluate(&grid);
        ev.cross_weight = 2.0;
        assert_eq!(ev.evaluate(&grid), plain, "no long lines on this board");
        ev.long_weight = 1.0;
        let with = ev.evaluate(&grid);
        ev.cross_weight = 0.0;
        assert!((with - ev.evaluate(&grid) - 2.0 * 16.0).abs() < 1e-9);
    }

    #[test]
    fn rows_are_valued_by_their_steps_cubed_and_planned_by_board() {
        // Five colours build rows of 6 at N = 10 (stopping at 50 empty cells) and 11 (40).
        assert_eq!((rows_plan(10, 5).len, rows_plan(10, 5).min_empty), (6, 50));
        assert_eq!((rows_plan(11, 5).len, rows_plan(11, 5).min_empty), (6, 40));
        assert_eq!(rows_plan(9, 5), Rows::OFF);
        // The expectimax agent builds them at N = 10 down to 35 empty cells; elsewhere as planned.
        assert_eq!(
            expectimax_rows_plan(10, 5),
            Rows {
                min_empty: 35,
                ..rows_plan(10, 5)
            }
        );
        assert_eq!(expectimax_rows_plan(11, 5), rows_plan(11, 5));
        assert_eq!(expectimax_rows_plan(10, 3), rows_plan(10, 3));
        assert_eq!(expectimax_rows_plan(9, 5), Rows::OFF);
        assert_eq!(rows_plan(11, 6), Rows::OFF);
        // And six colours on 11 x 11, rows of 6 down to 45 empty cells (the greedy agent none).
        assert_eq!(
            expectimax_rows_plan(11, 6),
            Rows {
                min_empty: 45,
                ..rows_plan(10, 5)
            }
        );
        assert_eq!(expectimax_rows_plan(10, 6), Rows::OFF);
        assert_eq!((rows_plan(10, 3).power, rows_plan(7, 3).power), (3, 4));
        // 7 x 7, rows of 6: three reds at (0, 1..=3) lie in the two rows of row 0, each
        // (2 * 3 - 3)^3 = 27, and alone in three columns' rows and one diagonal's, 1 each. A
        // blue at (0, 6) leaves the second row (2 * 3 - 4)^3 = 8 and is alone in two rows.
        let n = 7;
        let mut ev = Evaluator::new(n, Weights::default());
        ev.plan_rows(Rows {
            power: 3,
            ..rows_plan(n, 3)
        });
        assert_eq!(ev.row_plan.len, 6);
        let mut grid = vec![0u8; n * n];
        grid[1..4].fill(1);
        let scale = ev.row_plan.scale;
        assert!((ev.rows_value(&grid) - scale * 58.0).abs() < 1e-9);
        grid[6] = 2;
        assert!((ev.rows_value(&grid) - scale * (27.0 + 8.0 + 4.0 + 2.0)).abs() < 1e-9);
    }

    #[test]
    fn short_lines_cost_with_three_colours_from_9_and_most_on_11() {
        assert_eq!(short_line_penalty(8, 3), 0.0);
        assert_eq!(short_line_penalty(9, 3), SHORT_PENALTY_3);
        assert_eq!(short_line_penalty(10, 3), SHORT_PENALTY_3);
        assert_eq!(short_line_penalty(11, 3), SHORT_PENALTY_3_11);
        assert!(short_line_penalty(11, 3) > short_line_penalty(10, 3));
        assert_eq!(short_line_penalty(11, 4), 0.0);
    }

    #[test]
    fn roomy_boards_build_longer_lines_and_tight_ones_do_not() {
        use crate::game::{play, Game, Params};
        assert_eq!(long_lines_weight(9, 7), 0.0);
        assert!(long_lines_weight(9, 3) > 0.0);
        // Held long lines count most with three colours' rows, less with four's, least with none.
        assert!(long_lines_weight(10, 3) > long_lines_weight(10, 4));
        assert!(long_lines_weight(10, 4) > long_lines_weight(10, 6));
        let mut params = Params::new();
        params.insert("N".into(), 9);
        params.insert("C".into(), 3);
        let inst = crate::games::lines::Lines::generate(5, &params);
        let (_, state) = play::<crate::games::lines::Lines>(
            &inst,
            &mut greedy::GreedyAgent::default(),
            &mut crate::clock::Budget::new(1e9),
        )
        .unwrap();
        // A full game of lines of five scores about 3,900 (10 points per 5 balls out).
        assert_eq!(state.moves, 1000);
        assert!(state.score > 4300, "{} points", state.score);
    }
}
