//! A learned term for the evaluation: local patterns of the board counted into a histogram
//! of fixed size (the same for every board size, each count divided by the cells), weighed
//! by a linear model fitted to positions of greedy games (`examples/lines_learn.rs`): the
//! log-odds that the game is still alive 60 moves later. The hand-set features had reached
//! a plateau; this describes the board more finely and lets the data say what each pattern
//! is worth (a ball with no neighbour of its colour counts against survival, one with
//! neighbours of its colour for it).
//!
//! The greedy agent adds it at `LEARNED_WEIGHT` points per unit of log-odds on boards with
//! fewer than 16 cells per colour (`learned_weight`). Its mean game length on held-out seeds
//! (500 from 90001 per range, never trained or tuned on): 9 <= N*N/C < 12 141.5 without,
//! 155.6 with (+10 %); 12 <= N*N/C < 16 623.3 and 679.3 (+9 %, 168 and 209 full games);
//! weights 2 and 10 gained less. Below 9 cells per colour (300 seeds) 38.6 and 40.1.
//!
//! The expectimax agent adds it only where it is cheap: to the greedy look's best 12 moves,
//! before the finalists are chosen (`expectimax::rerank_by_survival`). In every reply too it
//! cost four times as much: at 1 s (100 seeds a group from 80001) mean length went -5 % to
//! +9 % by N and C, and from 12 to 16 cells per colour full games fell from 213 to 186 of
//! 400. Re-ranking, mean length and full games at 5 s (N and C forced, seeds from 80001):
//! N = 10, C = 7 (100 seeds) 857 to 868, 61 to 65 full; N = 11, C = 8 743 to 791, 15 to 21
//! of 50; N = 10, C = 8 314 to 364; N = 11, C = 9 376 to 375; N = 9, C = 6 931 to 928, 41
//! to 44 of 50.

use super::{Evaluator, WINDOW};
use std::sync::OnceLock;

/// Where each group of pattern counts starts.
pub mod pattern {
    /// Balls by (same-colour 8-neighbours 0..=4+, empty 4-neighbours 0..=4): 25.
    pub const BALL: usize = 0;
    /// Empty cells by (empty 4-neighbours 0..=4, size bucket of their empty region:
    /// 1, 2, 3-4, 5-8, 9-16, 17-32, 33+): 35.
    pub const HOLE: usize = 25;
    /// Windows of 5 by (most balls of one colour, the other balls): 16; then one-colour
    /// windows with an empty cell no ball of that colour can reach, by balls 1..=4.
    pub const WINDOW: usize = 60;
    /// 2 x 2 blocks by shape (empty cells and which balls share a colour, up to the
    /// symmetries of the square): 17.
    pub const SQUARE: usize = 80;
    /// Three cells in a row or column centred on a cell (a wall counts), by shape: 18 (two,
    /// walls at both ends, only at the corners of diagonals).
    pub const STRAIGHT: usize = 97;
    /// The same along the diagonals.
    pub const DIAGONAL: usize = 115;
    pub const COUNT: usize = 133;
}

/// A cell outside the board, in a shape.
const WALL: u8 = u8::MAX;
const SIZE_BUCKETS: usize = 7;
/// First window class of each majority count (the empty window is class 0).
const WINDOW_CLASS_START: [usize; 6] = [0, 1, 6, 10, 13, 15];
const BLOCKED_WINDOWS: usize = pattern::WINDOW + 16;

/// The weights of `pattern` counts, log-odds of survival (see the module doc), in the order
/// of `pattern`. Fitted by `examples/lines_learn.rs fit die:60` (ridge 1) on four in five of
/// 2,000 greedy games (played without this term) from seeds 50001 and 60001 with
/// 9 <= N*N/C < 16.
#[rustfmt::skip]
pub const LEARNED: [f64; pattern::COUNT] = [
    -5.6758, -6.7421, -6.7766, -4.0435, -1.2770, 7.6563, 6.7658, 6.8767,
    6.3557, 10.3307, 19.0053, 16.7906, 15.6408, 14.4350, 17.8990, 20.1249,
    24.0089, 21.6038, 15.2190, 1.9225, 25.8533, 24.0711, 23.3720, 14.5008,
    26.3546, 1.7939, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000,
    0.0000, 1.1342, 0.0009, -1.6200, -0.5676, 0.3545, -1.1477, 0.0000,
    0.0000, -0.4621, -0.8024, 0.1667, -0.3081, -0.2269, 0.0000, 0.0000,
    6.2759, 2.4406, 0.6144, -0.1906, 0.2545, 0.0000, 0.0000, 0.0000,
    2.9742, 3.3592, 0.6519, -1.2259, 5.2408, 3.0662, 0.9082, -0.9142,
    -1.9441, -2.1004, 5.6697, 1.5377, -0.7996, -1.5685, 12.6933, 7.2106,
    2.9471, 25.1403, 11.0972, 0.0000, -0.3150, -2.3587, -9.7720, -13.1268,
    -0.9842, 0.8818, 7.2255, 1.6375, -9.2301, 0.1298, 9.9366, 9.4149,
    -6.1950, 0.0109, 24.2572, 13.2117, 15.8122, 6.6663, -10.8295, -10.4225,
    -1.6601, -0.0888, -2.4121, -0.2418, 0.9868, -5.5432, -15.3074, 3.4378,
    0.0000, 6.4079, 0.0000, -11.4052, 1.9660, -1.1272, -0.2517, -30.3393,
    -14.0839, 3.5876, 2.8656, -0.2630, -2.0406, 3.5658, 0.7277, 1.0833,
    -2.7800, 3.5146, 40.1783, -6.3734, 49.2373, -9.2344, -3.5630, 6.7244,
    5.2603, 1.1801, -0.4540, 2.9169, 3.5211,
];

/// The same patterns fitted to positions of expectimax games (the player as it was before
/// this table, on the work clock at 1 s a game: `lines_learn record-x`, 500 games from seeds
/// 70001 and 72001 with 11 <= N*N/C < 16, 150 from 75001 with 9 <= N*N/C < 11), for the
/// log-odds of being alive 120 moves later (`fit die:120`, ridge 1): expectimax games live
/// longer than greedy ones, and 60 moves ahead most of their positions survive. On held-out
/// games of those positions this table's log-loss is 0.174 against 0.191 for `LEARNED`
/// (rescaled in the fit) and 0.203 for fill and room alone; for 60 moves ahead a refit
/// gained nothing over `LEARNED` (0.1085 against 0.1083). The expectimax agent re-ranks
/// with it from `LONG_ROOM` cells per colour (`expectimax_model`).
#[rustfmt::skip]
pub const LEARNED_LONG: [f64; pattern::COUNT] = [
    -0.8933, -1.0451, 0.5170, 0.6504, -0.3680, -1.6912, 1.7856, 1.6847,
    1.9649, -1.6336, 1.7716, 3.4468, 3.2829, -2.7346, -15.8827, 17.5574,
    5.9242, -0.3233, -2.1011, -30.8414, 6.4532, 21.9340, 2.2476, -40.9488,
    37.5276, -2.5867, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000,
    0.0000, -1.3492, -0.7154, -2.4147, 0.0324, -1.6041, -1.3147, 0.0000,
    0.0000, -0.6054, 0.4312, 0.5029, 0.9058, 0.6250, 0.0000, 0.0000,
    -0.9219, 2.5212, 1.1775, 0.5904, 0.4693, 0.0000, 0.0000, 0.0000,
    15.5845, -0.7190, -0.8027, -2.1347, -2.3739, -3.1002, -5.3456, -6.6215,
    -7.5788, -6.2237, -1.8090, -4.8515, -8.0926, -8.9926, 1.8836, -1.3000,
    -4.7660, 10.5730, 2.5813, 0.0000, -3.5030, -4.0641, 8.8360, 38.2775,
    -1.0463, -0.5213, -2.9692, 0.8329, 2.7514, -0.7478, -11.8502, -0.7466,
    2.7655, -1.3037, -60.7578, -18.5196, -3.5720, 2.6224, 0.5601, 1.4231,
    -2.0158, -0.0250, -0.1153, -1.0962, 1.6956, -3.6322, 4.1610, -0.0344,
    0.0000, 5.2983, 0.0000, 3.9286, 1.1427, 2.4118, 0.8251, 3.2152,
    3.3905, -2.8649, -0.9240, -3.0074, 6.3063, -1.8294, -5.1690, 6.5940,
    -3.1473, -3.2703, -107.4042, 2.9147, -99.4109, 1.6351, 2.0512, -0.1817,
    -1.3193, 4.9340, -2.4994, -0.1108, -0.8792,
];

/// Cells per colour from which the expectimax agent re-ranks with `LEARNED_LONG` (the
/// middle boards; below, where games last about 120 moves, `LEARNED`).
const LONG_ROOM: f64 = 11.0;

/// The survival model the expectimax agent re-ranks with on a board of `n x n` with
/// `colours` colours.
pub fn expectimax_model(n: usize, colours: u8) -> &'static [f64] {
    let room = (n * n) as f64 / colours.max(1) as f64;
    match room >= LONG_ROOM {
        true => &LEARNED_LONG,
        false => &LEARNED,
    }
}

/// What a unit of survival log-odds is worth in the evaluation, on boards with fewer than
/// `LEARNED_ROOM` cells per colour (roomier boards are all full already).
const LEARNED_WEIGHT: f64 = 5.0;
const LEARNED_ROOM: f64 = 16.0;

/// The `Evaluator::learned_weight` for a board of `n x n` with `colours` colours.
pub fn learned_weight(n: usize, colours: u8) -> f64 {
    let room = (n * n) as f64 / colours.max(1) as f64;
    match room < LEARNED_ROOM {
        true => LEARNED_WEIGHT,
        false => 0.0,
    }
}

/// A shape's key before symmetry: per cell 0 empty, 1 wall, 2 + i for a ball of the colour
/// first met at cell i (so colours are told apart only by being equal or not).
fn shape_key(cells: &[u8]) -> usize {
    cells.iter().fold(0, |key, &x| {
        let code = match x {
            0 => 0,
            WALL => 1,
            _ => 2 + cells.iter().position(|&y| y == x).unwrap(),
        };
        key * 6 + code
    })
}

/// Dense class numbers of the shapes of `len` cells (indexed by `shape_key`), where two
/// shapes that one of `symmetries` maps onto each other share a class; `wall_allowed` says which
/// cells may be walls. The number of classes.
fn shape_classes(
    len: usize,
    symmetries: &[&[usize]],
    wall_allowed: impl Fn(&[u8]) -> bool,
) -> (Vec<u8>, usize) {
    let alphabet = [0u8, WALL, 1, 2, 3, 4];
    let size = 6usize.pow(len as u32);
    let mut representative = vec![usize::MAX; size];
    let mut cells = vec![0u8; len];
    for code in 0..size {
        let mut rest = code;
        for cell in cells.iter_mut().rev() {
            *cell = alphabet[rest % 6];
            rest /= 6;
        }
        if !wall_allowed(&cells) {
            continue;
        }
        let least = symmetries
            .iter()
            .map(|sym| shape_key(&sym.iter().map(|&i| cells[i]).collect::<Vec<u8>>()))
            .min()
            .unwrap();
        representative[shape_key(&cells)] = least;
    }
    let mut distinct: Vec<usize> = representative
        .iter()
        .copied()
        .filter(|&r| r != usize::MAX)
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    let table = representative
        .iter()
        .map(|&r| match r {
            usize::MAX => u8::MAX,
            r => distinct.binary_search(&r).unwrap() as u8,
        })
        .collect();
    (table, distinct.len())
}

struct ShapeTables {
    square: Vec<u8>,
    triple: Vec<u8>,
}

fn shape_tables() -> &'static ShapeTables {
    static TABLES: OnceLock<ShapeTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // Square cells go round the block: (0,0) (0,1) (1,1) (1,0).
        let square_symmetries: [&[usize]; 8] = [
            &[0, 1, 2, 3],
            &[1, 2, 3, 0],
            &[2, 3, 0, 1],
            &[3, 0, 1, 2],
            &[3, 2, 1, 0],
            &[0, 3, 2, 1],
            &[1, 0, 3, 2],
            &[2, 1, 0, 3],
        ];
        let (square, _) = shape_classes(4, &square_symmetries, |c| !c.contains(&WALL));
        let (triple, _) = shape_classes(3, &[&[0, 1, 2], &[2, 1, 0]], |c| c[1] != WALL);
        ShapeTables { square, triple }
    })
}

fn size_bucket(size: u16) -> usize {
    match size {
        0..=1 => 0,
        2 => 1,
        3..=4 => 2,
        5..=8 => 3,
        9..=16 => 4,
        17..=32 => 5,
        _ => 6,
    }
}

/// The survival log-odds of `weights` for pattern counts `counts`.
pub fn score(weights: &[f64], counts: &[f64; pattern::COUNT]) -> f64 {
    weights.iter().zip(counts).map(|(w, x)| w * x).sum()
}

impl Evaluator {
    /// The learned log-odds that the game on `grid` is still alive 60 moves later.
    pub fn survival(&mut self, grid: &[u8]) -> f64 {
        let mut counts = [0.0; pattern::COUNT];
        self.patterns(grid, &mut counts);
        score(&self.learned, &counts)
    }

    /// The pattern counts of `grid` (see `pattern`).
    pub fn patterns(&mut self, grid: &[u8], out: &mut [f64; pattern::COUNT]) {
        let mut features = [0.0; super::feature::COUNT];
        self.features(grid, &mut features);
        self.patterns_of_labelled(grid, out);
    }

    /// The pattern counts, with the regions and their neighbours already labelled by
    /// `features` on this grid.
    pub(super) fn patterns_of_labelled(&self, grid: &[u8], out: &mut [f64; pattern::COUNT]) {
        super::add_work(2);
        out.fill(0.0);
        let n = self.geo.n as isize;
        let at = |r: isize, c: isize| match r >= 0 && c >= 0 && r < n && c < n {
            true => grid[(r * n + c) as usize],
            false => WALL,
        };
        let tables = shape_tables();
        for (k, &x) in grid.iter().enumerate() {
            let (r, c) = (k as isize / n, k as isize % n);
            let empty4 = self.geo.neighbours[k]
                .iter()
                .filter(|&&m| grid[m as usize] == 0)
                .count();
            if x == 0 {
                let bucket = size_bucket(self.sizes[self.labels[k] as usize]);
                out[pattern::HOLE + empty4 * SIZE_BUCKETS + bucket] += 1.0;
            } else {
                let mut same8 = 0;
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        if (dr, dc) != (0, 0) && at(r + dr, c + dc) == x {
                            same8 += 1;
                        }
                    }
                }
                out[pattern::BALL + same8.min(4) * 5 + empty4] += 1.0;
            }
            if r + 1 < n && c + 1 < n {
                let cells = [at(r, c), at(r, c + 1), at(r + 1, c + 1), at(r + 1, c)];
                out[pattern::SQUARE + tables.square[shape_key(&cells)] as usize] += 1.0;
            }
            for (group, dirs) in [
                (pattern::STRAIGHT, [(0, 1), (1, 0)]),
                (pattern::DIAGONAL, [(1, 1), (1, -1)]),
            ] {
                for (dr, dc) in dirs {
                    let cells = [at(r - dr, c - dc), x, at(r + dr, c + dc)];
                    out[group + tables.triple[shape_key(&cells)] as usize] += 1.0;
                }
            }
        }
        for win in &self.geo.windows {
            let mut counts = [0u8; 10];
            let mut balls = 0;
            for &k in win {
                let x = grid[k as usize];
                if x != 0 {
                    counts[x as usize] += 1;
                    balls += 1;
                }
            }
            let (colour, most) = counts
                .iter()
                .enumerate()
                .max_by_key(|&(_, &count)| count)
                .map(|(colour, &count)| (colour, count as usize))
                .unwrap();
            let others = balls - most;
            out[pattern::WINDOW + WINDOW_CLASS_START[most] + others] += 1.0;
            if most > 0 && others == 0 && most < WINDOW {
                let reachable = win.iter().all(|&k| {
                    let region = self.labels[k as usize] as usize;
                    region == 0 || self.adjacent[region * 10 + colour] > 0
                });
                if !reachable {
                    out[BLOCKED_WINDOWS + most - 1] += 1.0;
                }
            }
        }
        let cells = grid.len() as f64;
        for x in out.iter_mut() {
            *x /= cells;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lines::solver::Weights;

    #[test]
    fn shapes_fall_into_the_expected_number_of_classes() {
        // Worked out by hand: 17 colourings of a square up to symmetry, 18 of a triple.
        let square_symmetries: [&[usize]; 2] = [&[0, 1, 2, 3], &[1, 2, 3, 0]];
        let (_, rotations_only) = shape_classes(4, &square_symmetries, |c| !c.contains(&WALL));
        assert!(rotations_only > 17);
        let tables = shape_tables();
        let classes = |t: &[u8]| t.iter().filter(|&&x| x != u8::MAX).max().unwrap() + 1;
        assert_eq!(classes(&tables.square), 17);
        assert_eq!(classes(&tables.triple), 18);
        // Colours are told apart only by being equal: 1 2 and 3 4 are the same shape.
        assert_eq!(
            tables.square[shape_key(&[1, 2, 0, 0])],
            tables.square[shape_key(&[0, 3, 4, 0])]
        );
        assert_ne!(
            tables.square[shape_key(&[1, 1, 0, 0])],
            tables.square[shape_key(&[1, 0, 1, 0])]
        );
    }

    #[test]
    fn the_model_prefers_runs_of_a_colour_to_lone_balls_along_the_walls() {
        // The same twelve balls (four of each of three colours) on a 9 x 9 board: in runs of
        // four, or alone and mixed along the walls, as boards look shortly before they die.
        let n = 9;
        let mut ev = Evaluator::new(n, Weights::default());
        let cell = |r: usize, c: usize| r * n + c;
        let mut runs = vec![0u8; n * n];
        for i in 0..4 {
            runs[cell(0, i)] = 1;
            runs[cell(8, i)] = 2;
            runs[cell(2 + i, 8)] = 3;
        }
        let mut lone = vec![0u8; n * n];
        let walls = [(0, 0), (0, 2), (0, 4), (0, 6), (0, 8), (2, 0)];
        let more = [(4, 0), (6, 0), (8, 0), (8, 2), (8, 4), (8, 6)];
        for (i, &(r, c)) in walls.iter().chain(&more).enumerate() {
            lone[cell(r, c)] = 1 + (i % 3) as u8;
        }
        // Both models: the greedy games' and the expectimax games' (120 moves ahead).
        for model in [&LEARNED, &LEARNED_LONG] {
            let mut value = |grid: &[u8]| {
                let mut counts = [0.0; pattern::COUNT];
                ev.patterns(grid, &mut counts);
                score(model, &counts)
            };
            let (tidy, scattered) = (value(&runs), value(&lone));
            assert!(tidy > scattered + 0.5, "{tidy} {scattered}");
        }
    }

    #[test]
    fn expectimax_reranks_the_middle_boards_with_the_long_model() {
        assert_eq!(expectimax_model(11, 8), &LEARNED_LONG[..]); // 15.1 cells a colour
        assert_eq!(expectimax_model(10, 9), &LEARNED_LONG[..]); // 11.1
        assert_eq!(expectimax_model(9, 8), &LEARNED[..]); // 10.1
        assert_eq!(expectimax_model(7, 7), &LEARNED[..]);
    }

    #[test]
    fn the_learned_term_is_off_on_roomy_boards() {
        assert!(learned_weight(9, 7) > 0.0 && learned_weight(8, 5) > 0.0);
        assert_eq!(learned_weight(8, 4), 0.0);
        assert_eq!(learned_weight(11, 3), 0.0);
    }

    #[test]
    fn every_group_counts_each_of_its_places_once() {
        let n = 8;
        let mut ev = Evaluator::new(n, Weights::default());
        let mut grid = vec![0u8; n * n];
        for (k, cell) in grid.iter_mut().enumerate() {
            if k % 3 != 0 {
                *cell = 1 + (k % 5) as u8;
            }
        }
        let mut out = [0.0; pattern::COUNT];
        ev.patterns(&grid, &mut out);
        let total = |range: std::ops::Range<usize>| -> f64 {
            out[range].iter().sum::<f64>() * (n * n) as f64
        };
        let balls = grid.iter().filter(|&&x| x != 0).count() as f64;
        assert!((total(pattern::BALL..pattern::HOLE) - balls).abs() < 1e-9);
        let empty = (n * n) as f64 - balls;
        assert!((total(pattern::HOLE..pattern::WINDOW) - empty).abs() < 1e-9);
        let windows = ev.geo.windows.len() as f64;
        assert!((total(pattern::WINDOW..BLOCKED_WINDOWS) - windows).abs() < 1e-9);
        assert!((total(pattern::SQUARE..pattern::STRAIGHT) - 49.0).abs() < 1e-9);
        let cells = (n * n) as f64;
        assert!((total(pattern::STRAIGHT..pattern::DIAGONAL) - 2.0 * cells).abs() < 1e-9);
        assert!((total(pattern::DIAGONAL..pattern::COUNT) - 2.0 * cells).abs() < 1e-9);
    }
}
