//! Lines agents. They see only the `Observation`: the grid and the next three colours.
//!
//! Shared here: the board geometry, legal moves, the lines a ball makes, spawn sampling and
//! the evaluation of a position. The evaluation values
//! - free cells (the game is lost when the board fills),
//! - every 5-cell window that holds balls of one colour only, more the fuller it is (a line
//!   scores n*n - 7n + 20, so longer and crossing lines pay more per ball), more again when
//!   its empty cells can be reached by a ball of that colour,
//! - "threats": a window of four whose last cell a fifth ball can reach next move,
//! - free space that is connected (balls can only travel through empty cells).

pub mod expectimax;
pub mod greedy;

use super::{line_score, MIN_LINE, RUN_DIRS};

/// The most cells a board has (11 x 11).
pub const MAX_CELLS: usize = 121;
const WINDOW: usize = MIN_LINE;

/// The fixed shape of an `n x n` board: neighbours and every window of 5 cells in a row.
pub struct Geometry {
    pub n: usize,
    pub neighbours: Vec<Vec<u8>>,
    pub windows: Vec<[u8; WINDOW]>,
    /// `by_cell[k]`: the windows that contain cell `k`.
    pub by_cell: Vec<Vec<u16>>,
}

impl Geometry {
    pub fn new(n: usize) -> Self {
        let cells = n * n;
        let neighbours = (0..cells)
            .map(|k| super::neighbours(k, n).map(|m| m as u8).collect())
            .collect();
        let mut windows = Vec::new();
        let mut by_cell = vec![Vec::new(); cells];
        for r in 0..n as isize {
            for c in 0..n as isize {
                for (dr, dc) in RUN_DIRS {
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
                }
            }
        }
        Geometry {
            n,
            neighbours,
            windows,
            by_cell,
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
        ((self.next_u64() >> 32) * bound as u64 >> 32) as usize
    }
}

/// Drops up to three balls of the known colours on random empty cells (uniform over the
/// empty cells at each step, as the tester's redraw-until-empty is) and removes the lines
/// they make. Returns (points, whether the board is full). `empties` is scratch.
pub fn sample_spawn(
    grid: &mut [u8],
    n: usize,
    colours: &[u8],
    noise: &mut Noise,
    empties: &mut Vec<u8>,
    lines: &mut Vec<u8>,
) -> (i64, bool) {
    empties.clear();
    empties.extend((0..n * n).filter(|&k| grid[k] == 0).map(|k| k as u8));
    let mut placed = [0u8; 3];
    let mut count = 0;
    for &colour in colours {
        if empties.is_empty() {
            break;
        }
        let i = noise.below(empties.len());
        let k = empties.swap_remove(i);
        grid[k as usize] = colour;
        placed[count] = k;
        count += 1;
    }
    lines.clear();
    for &k in &placed[..count] {
        lines_through(grid, n, k as usize, lines);
    }
    let points = clear(grid, lines);
    (points, points == 0 && empties.is_empty())
}

/// How much each part of a position is worth.
#[derive(Clone, Debug)]
pub struct Weights {
    pub empty: f64,
    /// Value of a one-colour window by its number of balls (0..=4).
    pub window: [f64; WINDOW],
    /// Share of a window's value kept when some of its empty cells cannot be reached by a
    /// ball of its colour.
    pub blocked: f64,
    pub threat: f64,
    /// Per ball that has an empty neighbour.
    pub mobile: f64,
    /// Times the share of empty cells in the largest empty region.
    pub connected: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            empty: 12.0,
            window: [0.0, 0.5, 2.0, 6.0, 14.0],
            blocked: 0.3,
            threat: 12.0,
            mobile: 0.5,
            connected: 20.0,
        }
    }
}

/// Evaluates positions with reusable scratch space.
pub struct Evaluator {
    pub geo: Geometry,
    pub weights: Weights,
    labels: Vec<u8>,
    stack: Vec<u8>,
    sizes: Vec<u16>,
    /// `adjacent[region * 10 + colour]`: balls of that colour next to that region.
    adjacent: Vec<u8>,
}

impl Evaluator {
    pub fn new(n: usize, weights: Weights) -> Self {
        Evaluator {
            geo: Geometry::new(n),
            weights,
            labels: vec![0; n * n],
            stack: Vec::with_capacity(n * n),
            sizes: Vec::with_capacity(n * n + 1),
            adjacent: vec![0; (n * n + 1) * 10],
        }
    }

    /// The value of a position (higher is better), without any points already scored.
    pub fn evaluate(&mut self, grid: &[u8]) -> f64 {
        let cells = grid.len();
        let w = &self.weights;
        // Regions of empty cells; label 0 = ball.
        self.labels.fill(0);
        self.sizes.clear();
        self.sizes.push(0);
        let mut empty = 0usize;
        for start in 0..cells {
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
        if empty == 0 {
            return 0.0;
        }
        let regions = self.sizes.len();
        self.adjacent[..regions * 10].fill(0);
        let mut mobile = 0;
        for k in 0..cells {
            let colour = grid[k];
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
        let largest = self.sizes.iter().copied().max().unwrap_or(0) as f64;

        let mut windows = 0.0;
        let mut threats = 0;
        for win in &self.geo.windows {
            let mut colour = 0u8;
            let mut balls = 0;
            let mut mixed = false;
            for &k in win {
                let x = grid[k as usize];
                if x != 0 {
                    if colour == 0 {
                        colour = x;
                    } else if x != colour {
                        mixed = true;
                        break;
                    }
                    balls += 1;
                }
            }
            if mixed || balls == 0 {
                continue;
            }
            let mut reachable = true;
            for &k in win {
                let r = self.labels[k as usize];
                if r != 0 && self.adjacent[r as usize * 10 + colour as usize] == 0 {
                    reachable = false;
                    break;
                }
            }
            let value = w.window[balls];
            if balls == 4 && reachable {
                // A fifth ball must come from outside the window.
                let hole = win.iter().find(|&&k| grid[k as usize] == 0).copied();
                if let Some(hole) = hole {
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
                    }
                }
            }
            windows += if reachable { value } else { value * w.blocked };
        }
        w.empty * empty as f64
            + windows
            + w.threat * (threats.min(4) as f64)
            + w.mobile * mobile as f64
            + w.connected * largest / empty as f64
    }
}

/// Every legal move (from, to) of a grid: a ball may go to any empty cell of a region that
/// touches it.
pub fn legal_moves(geo: &Geometry, grid: &[u8], labels: &mut Vec<u16>, out: &mut Vec<(u8, u8)>) {
    *labels = super::empty_regions(grid, geo.n);
    out.clear();
    let cells = grid.len();
    let mut by_region: Vec<Vec<u8>> = Vec::new();
    for k in 0..cells {
        let r = labels[k] as usize;
        if r != 0 {
            if by_region.len() <= r {
                by_region.resize(r + 1, Vec::new());
            }
            by_region[r].push(k as u8);
        }
    }
    for from in 0..cells {
        if grid[from] == 0 {
            continue;
        }
        let mut seen = [0u16; 4];
        let mut count = 0;
        for &m in &geo.neighbours[from] {
            let r = labels[m as usize];
            if r != 0 && !seen[..count].contains(&r) {
                seen[count] = r;
                count += 1;
                for &to in &by_region[r as usize] {
                    out.push((from as u8, to));
                }
            }
        }
    }
}

/// Quick first look at a move: its points now and the change of window value around the two
/// cells (a scoring move is valued by its points and freed cells only).
pub fn quick_value(ev: &Evaluator, grid: &mut [u8], from: usize, to: usize, lines: &mut Vec<u8>) -> (i64, f64) {
    let w = &ev.weights;
    let window_sum = |grid: &[u8], cells: [usize; 2]| -> f64 {
        let mut sum = 0.0;
        let mut last = u16::MAX;
        let (a, b) = (&ev.geo.by_cell[cells[0]], &ev.geo.by_cell[cells[1]]);
        // Merge the two sorted lists so a window holding both cells counts once.
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            let id = if j >= b.len() || (i < a.len() && a[i] <= b[j]) {
                i += 1;
                a[i - 1]
            } else {
                j += 1;
                b[j - 1]
            };
            if id == last {
                continue;
            }
            last = id;
            let mut colour = 0u8;
            let mut balls = 0;
            let mut mixed = false;
            for &k in &ev.geo.windows[id as usize] {
                let x = grid[k as usize];
                if x != 0 {
                    if colour == 0 {
                        colour = x;
                    } else if x != colour {
                        mixed = true;
                        break;
                    }
                    balls += 1;
                }
            }
            if !mixed {
                sum += w.window[balls.min(4)];
            }
        }
        sum
    };
    let before = window_sum(grid, [from, to]);
    grid[to] = grid[from];
    grid[from] = 0;
    lines.clear();
    lines_through(grid, ev.geo.n, to, lines);
    lines.sort_unstable();
    lines.dedup();
    let (points, value) = if lines.is_empty() {
        (0, window_sum(grid, [from, to]) - before)
    } else {
        (line_score(lines.len()), w.empty * lines.len() as f64)
    };
    grid[from] = grid[to];
    grid[to] = 0;
    (points, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lines::{empty_regions, lines_on};

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
            for k in 0..n * n {
                if noise.below(3) > 0 {
                    grid[k] = 1 + noise.below(2) as u8;
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
    fn legal_moves_are_exactly_the_reachable_pairs() {
        let n = 7;
        let geo = Geometry::new(n);
        let mut grid = vec![0u8; n * n];
        for c in 0..7 {
            grid[2 * n + c] = 1; // a wall across row 2
        }
        grid[0] = 2;
        grid[6 * n + 6] = 3;
        let mut labels = Vec::new();
        let mut moves = Vec::new();
        legal_moves(&geo, &grid, &mut labels, &mut moves);
        for from in 0..n * n {
            for to in 0..n * n {
                let legal = grid[from] != 0
                    && grid[to] == 0
                    && crate::games::lines::path(&grid, n, from, to).is_some();
                assert_eq!(moves.contains(&(from as u8, to as u8)), legal, "{from} {to}");
            }
        }
        assert_eq!(labels, empty_regions(&grid, n));
    }

    #[test]
    fn spawn_samples_place_the_known_colours_on_empty_cells() {
        let n = 7;
        let mut noise = Noise::new(1);
        let (mut empties, mut lines) = (Vec::new(), Vec::new());
        for _ in 0..100 {
            let mut grid = vec![0u8; n * n];
            grid[10] = 4;
            let (points, full) =
                sample_spawn(&mut grid, n, &[1, 2, 3], &mut noise, &mut empties, &mut lines);
            assert_eq!((points, full), (0, false));
            let mut placed: Vec<u8> = grid.iter().copied().filter(|&x| x != 0).collect();
            placed.sort();
            assert_eq!(placed, [1, 2, 3, 4]);
        }
        // One empty cell: the board fills.
        let mut grid: Vec<u8> = (0..49).map(|k| ((k / 7 + 2 * (k % 7)) % 4) as u8 + 1).collect();
        grid[24] = 0;
        let (points, full) = sample_spawn(&mut grid, n, &[9, 9, 9], &mut noise, &mut empties, &mut lines);
        assert_eq!((points, full, grid[24]), (0, true, 9));
    }

    #[test]
    fn threats_and_free_space_raise_the_value() {
        let n = 7;
        let mut ev = Evaluator::new(n, Weights::default());
        let mut grid = vec![0u8; n * n];
        for c in 0..4 {
            grid[c] = 1;
        }
        grid[3 * n + 3] = 2;
        grid[5 * n + 5] = 3;
        let without = ev.evaluate(&grid);
        grid[5 * n + 5] = 1; // a fifth 1 that can reach (0,4)
        let with = ev.evaluate(&grid);
        assert!(with >= without + ev.weights.threat, "{with} {without}");
        let mut crowded = grid.clone();
        crowded[6 * n] = 3;
        assert!(ev.evaluate(&crowded) < ev.evaluate(&grid));
    }
}
