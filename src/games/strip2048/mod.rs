//! Strip 2048: IPSC 2014 problem B "Beating the game". 2048 on a 1 x n strip, with the spawns
//! drawn from a subtract-with-carry generator whose seed the player knows.
//!
//! Rules, exactly as the statement: a move slides every tile toward the chosen side, the tile
//! nearest that side first; a tile merges with the previous resulting tile when the values are
//! equal and that tile was not itself made by a merge in this move; a merge scores the new
//! value. A move that changes nothing is skipped (no random numbers, no spawn). Otherwise two
//! random numbers place a new tile: `pos = random() % num_empty` among the empty cells from the
//! left, then value 4 if `random() % 10 == 0` else 2. The game ends when neither side changes
//! anything.
//!
//! Tiles are stored as exponents (0 = empty, k = the tile 2^k): B1's tiles reach 2^62 and grow
//! past 2^64. Values and scores are printed exactly (`pow2_decimal`, `u128`).
//!
//! The playground's choices (IPSC published no generator and no checker for move strings):
//! - the instance comes from SplitMix64 (see `gen.rs`), printed in B2's input format;
//! - the output is a string of `l`/`r`; ineffective moves are skipped, as in B1;
//! - any prefix is a valid output: the game need not be over (`check_end` accepts it);
//! - moves after the game is over are refused ("the output has extra moves"), as the shared
//!   replay does for every game. B1 itself would skip them; `arcade ipsc2014b easy` does.

mod gen;
pub mod io;
pub mod ipsc;
#[cfg(not(target_arch = "wasm32"))]
mod protocol;
pub mod solver;

use crate::clock::Budget;
use crate::contest::{Clock, Contest};
use crate::game::{Agent, Game, ParamSpec, Params, TurnError};
use crate::rng::subtract_with_carry::LONG_LAG;
use crate::rng::SubtractWithCarry;
use crate::standings::Standing;
use serde::Serialize;

pub use solver::exact::{best_reachable, best_reachable_within};

/// How many seed words the generator takes (x0..x42).
pub const SEED_WORDS: usize = LONG_LAG;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Dir {
    Left,
    Right,
}

impl Dir {
    pub const BOTH: [Dir; 2] = [Dir::Left, Dir::Right];

    /// The letter of the output format.
    pub fn letter(self) -> char {
        match self {
            Dir::Left => 'l',
            Dir::Right => 'r',
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// Exponents from the left: 0 is an empty cell, k the tile 2^k.
    pub cells: Vec<u8>,
    /// x0..x42 of the generator.
    pub seed: [u32; SEED_WORDS],
}

impl Instance {
    pub fn n(&self) -> usize {
        self.cells.len()
    }
}

/// 2^e as an exact number; saturates past u128, which no reachable tile or score comes near
/// (B1's tiles stay below 2^73: its whole strip sums to less than 1000 * 2^62 + 5000 * 4).
pub fn pow2(e: u8) -> u128 {
    1u128.checked_shl(e as u32).unwrap_or(u128::MAX)
}

/// 2^e in decimal, exact for every exponent.
pub fn pow2_decimal(e: u8) -> String {
    if e < 128 {
        return pow2(e).to_string();
    }
    // Little-endian base-10^9 limbs, doubled e times.
    let mut limbs: Vec<u64> = vec![1];
    for _ in 0..e {
        let mut carry = 0;
        for limb in limbs.iter_mut() {
            let v = *limb * 2 + carry;
            *limb = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    let mut text = limbs.last().map(|l| l.to_string()).unwrap_or_default();
    for limb in limbs.iter().rev().skip(1) {
        text.push_str(&format!("{limb:09}"));
    }
    text
}

/// The decimal text of one cell as the formats write it (`0` for an empty cell).
pub fn cell_decimal(e: u8) -> String {
    if e == 0 {
        "0".into()
    } else {
        pow2_decimal(e)
    }
}

/// Slides the strip toward `dir`, calling `on_merge(cell)` where each merged tile lands.
/// Returns the points scored, or `None` (strip untouched) when nothing moves or merges.
#[inline]
pub fn slide_with(cells: &mut [u8], dir: Dir, mut on_merge: impl FnMut(usize)) -> Option<u128> {
    let n = cells.len();
    // Position `i` counted from the target side.
    let at = |i: usize| match dir {
        Dir::Left => i,
        Dir::Right => n - 1 - i,
    };
    let mut write = 0;
    // Whether the tile just before `write` may still take a merge in this move.
    let mut open = false;
    let mut gained = 0u128;
    let mut changed = false;
    for read in 0..n {
        let v = cells[at(read)];
        if v == 0 {
            continue;
        }
        cells[at(read)] = 0;
        if open && cells[at(write - 1)] == v {
            let merged = v.saturating_add(1);
            cells[at(write - 1)] = merged;
            gained = gained.saturating_add(pow2(merged));
            on_merge(at(write - 1));
            open = false;
            changed = true;
        } else {
            cells[at(write)] = v;
            changed |= write != read;
            write += 1;
            open = true;
        }
    }
    changed.then_some(gained)
}

/// `slide_with` without the merge positions.
#[inline]
pub fn slide(cells: &mut [u8], dir: Dir) -> Option<u128> {
    slide_with(cells, dir, |_| {})
}

/// True when moving toward `dir` would change the strip (without touching it).
pub fn can_move(cells: &[u8], dir: Dir) -> bool {
    let n = cells.len();
    let mut previous = 0u8;
    let mut seen_gap = false;
    for i in 0..n {
        let v = cells[match dir {
            Dir::Left => i,
            Dir::Right => n - 1 - i,
        }];
        if v == 0 {
            seen_gap = true;
        } else if seen_gap || v == previous {
            // A tile behind a gap moves; two equal tiles with only gaps between them merge.
            return true;
        } else {
            previous = v;
        }
    }
    false
}

/// True when neither side would change anything: the game is over.
pub fn is_stuck(cells: &[u8]) -> bool {
    !can_move(cells, Dir::Left) && !can_move(cells, Dir::Right)
}

/// The exponent of the spawned tile for the second random number: 4 if `r % 10 == 0`, else 2.
#[inline]
pub fn spawn_exponent(value_word: u32) -> u8 {
    if value_word % 10 == 0 {
        2
    } else {
        1
    }
}

/// Puts the new tile on the `pos_word % num_empty`-th empty cell from the left; returns the
/// cell, or `None` on a full strip (an effective move always leaves an empty cell).
#[inline]
pub fn spawn(cells: &mut [u8], pos_word: u32, value_word: u32) -> Option<usize> {
    let empty = cells.iter().filter(|&&v| v == 0).count();
    if empty == 0 {
        return None;
    }
    let pos = (pos_word as u64 % empty as u64) as usize;
    let cell = cells
        .iter()
        .enumerate()
        .filter(|(_, &v)| v == 0)
        .nth(pos)
        .map(|(i, _)| i)?;
    cells[cell] = spawn_exponent(value_word);
    Some(cell)
}

/// One attempted move with the generator: slide, then (if anything changed) spawn with the
/// next two random numbers. Returns the points scored and the spawn cell, or `None` when the
/// move changed nothing (then nothing is drawn).
pub fn step(
    cells: &mut [u8],
    dir: Dir,
    rng: &mut SubtractWithCarry,
) -> Option<(u128, Option<usize>)> {
    let gained = slide(cells, dir)?;
    let pos_word = rng.next_u32();
    let value_word = rng.next_u32();
    Some((gained, spawn(cells, pos_word, value_word)))
}

/// What the last attempted move did, for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    pub dir: Dir,
    /// False when the move changed nothing and was skipped.
    pub effective: bool,
    pub gained: u128,
    /// Cells where merged tiles landed.
    pub merged: Vec<usize>,
    pub spawned: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub cells: Vec<u8>,
    /// The generator, positioned at the next random number to use.
    pub rng: SubtractWithCarry,
    pub score: u128,
    /// Letters of the output read so far (skipped moves included).
    pub moves: usize,
    /// Moves that changed the strip: the k-th of them uses x[43+2k] and x[44+2k].
    pub effective_moves: usize,
    pub last: Option<LastMove>,
}

/// Everything is known in this game (the contestant is given the seed words), so the
/// observation is the whole position: strip, score and the generator at its current point.
#[derive(Clone, Debug)]
pub struct Observation {
    pub cells: Vec<u8>,
    pub rng: SubtractWithCarry,
    pub score: u128,
    pub effective_moves: usize,
}

#[derive(Serialize)]
pub struct View {
    pub n: usize,
    /// Exponents from the left, 0 for an empty cell.
    pub tiles: Vec<u8>,
    /// Exact decimal values ("0" for an empty cell).
    pub values: Vec<String>,
    /// The exact score with thousands separators (the page shows it instead of the i64 one),
    /// and the same as a float for meters.
    pub score_text: String,
    pub score_value: f64,
    pub moves: usize,
    pub effective_moves: usize,
    /// The two random numbers the next effective move uses (position, then value).
    pub next_random: [u32; 2],
    /// The pairs of the three effective moves after that one.
    pub later_random: Vec<[u32; 2]>,
    /// The exponent (1 or 2) of the tile the next effective move spawns.
    pub next_spawn: u8,
    /// Where that tile lands after a left / right move (`None`: the move changes nothing).
    pub spawn_left: Option<NextSpawn>,
    pub spawn_right: Option<NextSpawn>,
    pub can_left: bool,
    pub can_right: bool,
    /// `l` or `r`, with what it did.
    pub last_move: Option<char>,
    pub last_effective: bool,
    pub last_gained: String,
    pub merged: Vec<usize>,
    pub spawned: Option<usize>,
}

/// Where the next tile would land after one move: the `pos % empty`-th empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct NextSpawn {
    /// Empty cells after the slide.
    pub empty: usize,
    pub cell: usize,
}

impl NextSpawn {
    fn after(cells: &[u8], dir: Dir, pos_word: u32) -> Option<NextSpawn> {
        let mut slid = cells.to_vec();
        slide(&mut slid, dir)?;
        let empty = slid.iter().filter(|&&v| v == 0).count();
        let cell = spawn(&mut slid, pos_word, 1)?;
        Some(NextSpawn { empty, cell })
    }
}

/// Digits in groups of three, as the rest of the page writes numbers ("1,234,567").
pub fn group_digits(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The page's analysis runs on its main thread: at most this long...
const ANALYZE_MS: f64 = 500.0;
/// ... and storing at most this many strips (about 20 bytes each).
const ANALYZE_STATES: usize = 1 << 21;

/// The best final score still reachable from `state` and a move that keeps it reachable, as
/// the page's meter and Hint button show them: `{exact: true, best, gain, next, over}`
/// (scores as decimal strings, `next` "l", "r" or null), or `{exact: false, reason}` when the
/// search would need more than `budget` or `max_states`.
pub fn analysis(
    instance: &Instance,
    state: &State,
    budget: &mut Budget,
    max_states: usize,
) -> serde_json::Value {
    let started = crate::clock::now_ms();
    match best_reachable_within(instance, state, budget, max_states) {
        Some((best, next)) => serde_json::json!({
            "exact": true,
            "best": best.to_string(),
            "gain": (best - state.score).to_string(),
            "next": next.map(|d| d.letter().to_string()),
            "over": is_stuck(&state.cells),
            "ms": crate::clock::now_ms() - started,
        }),
        None => serde_json::json!({
            "exact": false,
            "reason": format!(
                "a strip of {} cells is too long to solve exactly here (the search from this \
                 position needs more than {:.0} ms or {} stored strips)",
                state.cells.len(),
                budget.limit_ms(),
                group_digits(&max_states.to_string())
            ),
        }),
    }
}

pub struct Strip2048;

impl Game for Strip2048 {
    const ID: &'static str = "strip2048";
    const TITLE: &'static str = "Strip 2048 (IPSC 2014 B)";
    /// The contest's limits and scoring (the statement's).
    const CONTEST: Contest = Contest {
        time_limit_ms: 10_000,
        clock: Clock::Wall,
        invalid_score: -1,
        standing: Standing::IpscAccepted,
    };
    const PARAMS: &'static [ParamSpec] = &[ParamSpec {
        name: "n",
        min: 2,
        max: gen::MAX_N as i64,
        help: "strip length (drawn from 2..9 when not set)",
    }];
    const MIN_SEED: u64 = 1;
    const MAX_SEED: u64 = i64::MAX as u64;
    const CAVEAT: Option<&'static str> = Some(
        "IPSC published no generator: instances come from this project's SplitMix64 generator \
         (strip length, start tile, the 43 seed words). The rules and the random numbers are \
         exactly the statement's.",
    );
    const AGENTS: &'static [&'static str] = &["exact", "greedy"];
    // No move limit: a game ends when neither move changes the strip.
    const GROUP_BY: &'static [&'static str] = &["n"];

    type Instance = Instance;
    type Action = Dir;
    type State = State;
    type Observation = Observation;
    type View = View;

    fn generate(seed: u64, params: &Params) -> Instance {
        gen::generate(seed, params)
    }

    fn format_input(instance: &Instance) -> String {
        io::format_input(instance)
    }

    fn read_output(_: &Instance, text: &str) -> Result<crate::game::Moves<Dir>, TurnError> {
        io::read_output(text)
    }

    /// Moves share a line here: the letters before the unreadable one.
    fn read_before(_: &Instance, text: &str, error: &TurnError) -> Vec<Dir> {
        io::read_before(text, error.turn)
    }

    fn format_output(actions: &[Dir]) -> String {
        io::format_output(actions)
    }

    fn parse_action(text: &str) -> Result<Dir, String> {
        io::parse_action(text)
    }

    fn start(instance: &Instance) -> State {
        State {
            cells: instance.cells.clone(),
            rng: SubtractWithCarry::new(instance.seed),
            score: 0,
            moves: 0,
            effective_moves: 0,
            last: None,
        }
    }

    /// Never refuses: a move that changes nothing is skipped, as in B1.
    fn apply(_: &Instance, state: &mut State, action: &Dir) -> Result<(), String> {
        let dir = *action;
        let mut merged = Vec::new();
        let last = match slide_with(&mut state.cells, dir, |cell| merged.push(cell)) {
            Some(gained) => {
                let pos_word = state.rng.next_u32();
                let value_word = state.rng.next_u32();
                let spawned = spawn(&mut state.cells, pos_word, value_word);
                state.score = state.score.saturating_add(gained);
                state.effective_moves += 1;
                LastMove {
                    dir,
                    effective: true,
                    gained,
                    merged,
                    spawned,
                }
            }
            None => LastMove {
                dir,
                effective: false,
                gained: 0,
                merged,
                spawned: None,
            },
        };
        state.moves += 1;
        state.last = Some(last);
        Ok(())
    }

    /// The exact score is `State::score`; this one saturates at i64::MAX, far beyond any
    /// playground game (a strip of n cells never holds a tile above 2^(n+1)).
    fn score(_: &Instance, state: &State) -> i64 {
        state.score.min(i64::MAX as u128) as i64
    }

    fn is_over(_: &Instance, state: &State) -> bool {
        is_stuck(&state.cells)
    }

    /// Any prefix of moves is a valid output: the score is what it reached.
    fn check_end(_: &Instance, _: &State, _: usize) -> Result<(), TurnError> {
        Ok(())
    }

    fn observe(_: &Instance, state: &State) -> Observation {
        Observation {
            cells: state.cells.clone(),
            rng: state.rng.clone(),
            score: state.score,
            effective_moves: state.effective_moves,
        }
    }

    fn view(_: &Instance, state: &State) -> View {
        let next = state.rng.peek(8);
        let last = state.last.as_ref();
        View {
            n: state.cells.len(),
            tiles: state.cells.clone(),
            values: state.cells.iter().map(|&e| cell_decimal(e)).collect(),
            score_text: group_digits(&state.score.to_string()),
            score_value: state.score as f64,
            moves: state.moves,
            effective_moves: state.effective_moves,
            next_random: [next[0], next[1]],
            later_random: next[2..].chunks(2).map(|p| [p[0], p[1]]).collect(),
            next_spawn: spawn_exponent(next[1]),
            spawn_left: NextSpawn::after(&state.cells, Dir::Left, next[0]),
            spawn_right: NextSpawn::after(&state.cells, Dir::Right, next[0]),
            can_left: can_move(&state.cells, Dir::Left),
            can_right: can_move(&state.cells, Dir::Right),
            last_move: last.map(|m| m.dir.letter()),
            last_effective: last.is_some_and(|m| m.effective),
            last_gained: last.map_or(0, |m| m.gained).to_string(),
            merged: last.map(|m| m.merged.clone()).unwrap_or_default(),
            spawned: last.and_then(|m| m.spawned),
        }
    }

    /// The exact best reachable score and an optimal next move, within a budget that keeps
    /// the page responsive (n <= 10 is exact from the start; longer strips once near the end).
    fn analyze(instance: &Instance, state: &State) -> Option<serde_json::Value> {
        let mut budget = Budget::new(ANALYZE_MS);
        Some(analysis(instance, state, &mut budget, ANALYZE_STATES))
    }

    fn instance_params(instance: &Instance) -> Vec<(&'static str, i64)> {
        vec![("n", instance.n() as i64)]
    }

    fn agent(name: &str) -> Option<Box<dyn Agent<Self>>> {
        match name {
            "exact" => Some(Box::new(solver::exact::ExactAgent::default())),
            "greedy" => Some(Box::new(solver::greedy::GreedyAgent)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{replay, Session};

    /// Tile values (0 = empty) to exponents, and back.
    fn strip(values: &[u64]) -> Vec<u8> {
        values
            .iter()
            .map(|&v| if v == 0 { 0 } else { v.trailing_zeros() as u8 })
            .collect()
    }

    fn values(cells: &[u8]) -> Vec<u64> {
        cells
            .iter()
            .map(|&e| if e == 0 { 0 } else { 1 << e })
            .collect()
    }

    fn slid(values_in: &[u64], dir: Dir) -> (Vec<u64>, Option<u128>) {
        let mut cells = strip(values_in);
        let gained = slide(&mut cells, dir);
        (values(&cells), gained)
    }

    #[test]
    fn the_statement_examples() {
        let start = [2, 0, 2, 2, 2, 0, 0, 2];
        // Left: the two new 4s do not merge with each other.
        assert_eq!(
            slid(&start, Dir::Left),
            (vec![4, 4, 2, 0, 0, 0, 0, 0], Some(8))
        );
        // Right: the pairs nearest the right side merge.
        assert_eq!(
            slid(&start, Dir::Right),
            (vec![0, 0, 0, 0, 0, 2, 4, 4], Some(8))
        );
        // Right with no room: the 4s merge, the new 8 does not take the old 8, the 2 shifts.
        assert_eq!(
            slid(&[0, 0, 0, 0, 2, 4, 4, 8], Dir::Right),
            (vec![0, 0, 0, 0, 0, 2, 8, 8], Some(8))
        );
    }

    #[test]
    fn a_merged_tile_does_not_merge_again() {
        assert_eq!(slid(&[2, 2, 4], Dir::Left), (vec![4, 4, 0], Some(4)));
        assert_eq!(slid(&[4, 2, 2], Dir::Right), (vec![0, 4, 4], Some(4)));
        assert_eq!(slid(&[2, 2, 2, 2], Dir::Left), (vec![4, 4, 0, 0], Some(8)));
        assert_eq!(slid(&[2, 2, 2], Dir::Left), (vec![4, 2, 0], Some(4)));
        assert_eq!(slid(&[2, 2, 2], Dir::Right), (vec![0, 2, 4], Some(4)));
        // ... but the tile after it may merge with the next one.
        assert_eq!(
            slid(&[2, 2, 4, 4, 8], Dir::Left),
            (vec![4, 8, 8, 0, 0], Some(12))
        );
        // Gaps do not stop merges.
        assert_eq!(
            slid(&[8, 0, 0, 8], Dir::Right),
            (vec![0, 0, 0, 16], Some(16))
        );
    }

    #[test]
    fn a_move_that_changes_nothing_is_none_and_untouched() {
        for (cells, dir) in [
            (vec![2, 4, 0, 0], Dir::Left),
            (vec![0, 0, 2, 4], Dir::Right),
            (vec![2, 4, 2, 4], Dir::Left),
            (vec![0, 0, 0, 0], Dir::Right),
        ] {
            let (after, gained) = slid(&cells, dir);
            assert_eq!((after, gained), (cells.clone(), None));
            assert!(!can_move(&strip(&cells), dir), "{cells:?}");
        }
        // Moving without merging scores nothing but is effective.
        assert_eq!(slid(&[0, 2, 4, 0], Dir::Left), (vec![2, 4, 0, 0], Some(0)));
        assert!(can_move(&strip(&[2, 2, 0]), Dir::Left));
        assert!(can_move(&strip(&[2, 4, 0]), Dir::Right));
        assert!(is_stuck(&strip(&[2, 4, 2, 4])));
        assert!(!is_stuck(&strip(&[2, 4, 4, 2])));
        assert!(is_stuck(&strip(&[0, 0])));
    }

    #[test]
    fn can_move_agrees_with_slide() {
        // Every strip of 5 cells over exponents 0..=3.
        for code in 0..4u32.pow(5) {
            let cells: Vec<u8> = (0..5).map(|i| (code / 4u32.pow(i) % 4) as u8).collect();
            for dir in Dir::BOTH {
                let mut copy = cells.clone();
                assert_eq!(can_move(&cells, dir), slide(&mut copy, dir).is_some());
            }
        }
    }

    #[test]
    fn spawns_count_empty_cells_from_the_left() {
        let mut cells = strip(&[2, 0, 4, 0, 0]);
        // 7 % 3 empty cells = 1: the second empty cell (index 3); 20 % 10 == 0: a 4.
        assert_eq!(spawn(&mut cells, 7, 20), Some(3));
        assert_eq!(values(&cells), [2, 0, 4, 4, 0]);
        // 4 % 2 = 0: the first empty cell; 21 % 10 != 0: a 2.
        assert_eq!(spawn(&mut cells, 4, 21), Some(1));
        assert_eq!(values(&cells), [2, 2, 4, 4, 0]);
        assert_eq!(spawn(&mut cells, u32::MAX, 9), Some(4));
        assert_eq!(spawn(&mut cells, 0, 0), None);
    }

    #[test]
    fn effective_moves_use_two_numbers_and_skipped_ones_none() {
        let inst = Instance {
            cells: strip(&[2, 4, 0, 0]),
            seed: std::array::from_fn(|i| (i as u32 + 1) * 1_000_003),
        };
        let mut state = Strip2048::start(&inst);
        let mut rng = SubtractWithCarry::new(inst.seed);
        // Left changes nothing: no numbers used, nothing spawns.
        Strip2048::apply(&inst, &mut state, &Dir::Left).unwrap();
        assert_eq!(state.cells, inst.cells);
        assert_eq!((state.moves, state.effective_moves), (1, 0));
        assert_eq!(state.rng, rng);
        assert!(!state.last.as_ref().unwrap().effective);
        // Right slides, then spawns with the next two numbers.
        Strip2048::apply(&inst, &mut state, &Dir::Right).unwrap();
        let (pos, value) = (rng.next_u32(), rng.next_u32());
        let mut expected = strip(&[0, 0, 2, 4]);
        spawn(&mut expected, pos, value);
        assert_eq!(state.cells, expected);
        assert_eq!(state.rng, rng);
        assert_eq!((state.moves, state.effective_moves), (2, 1));
        let last = state.last.clone().unwrap();
        assert_eq!(last.spawned, Some((pos % 2) as usize));
        assert_eq!(state.cells[(pos % 2) as usize], spawn_exponent(value));
    }

    #[test]
    fn merges_score_the_new_value_and_the_view_says_where() {
        let inst = Instance {
            cells: strip(&[2, 2, 4, 4, 0, 0]),
            seed: [5; SEED_WORDS],
        };
        let mut state = Strip2048::start(&inst);
        Strip2048::apply(&inst, &mut state, &Dir::Right).unwrap();
        assert_eq!(state.score, 12);
        let view = Strip2048::view(&inst, &state);
        assert_eq!(view.merged, vec![5, 4]);
        assert_eq!(view.last_move, Some('r'));
        assert!(view.last_effective);
        assert_eq!(view.last_gained, "12");
        assert_eq!(view.score_text, "12");
        assert_eq!(view.score_value, 12.0);
        assert_eq!(view.tiles[4..], [2, 3]);
        assert_eq!(view.values[4..], ["4".to_string(), "8".to_string()]);
        assert_eq!(view.next_random.to_vec(), state.rng.peek(2));
        assert_eq!(view.next_spawn, spawn_exponent(view.next_random[1]));
        assert!(view.spawned.is_some_and(|c| c < 4));
        assert_eq!(view.can_left, can_move(&state.cells, Dir::Left));
        assert_eq!(view.can_right, can_move(&state.cells, Dir::Right));
    }

    #[test]
    fn the_view_says_where_the_next_tile_lands_after_each_move() {
        let inst = Instance {
            cells: strip(&[2, 0, 4, 0, 0]),
            seed: std::array::from_fn(|i| (i as u32 + 1) * 7_919),
        };
        let state = Strip2048::start(&inst);
        let view = Strip2048::view(&inst, &state);
        let words = state.rng.peek(8);
        assert_eq!(view.next_random, [words[0], words[1]]);
        assert_eq!(
            view.later_random,
            vec![
                [words[2], words[3]],
                [words[4], words[5]],
                [words[6], words[7]]
            ]
        );
        // Each side leaves three empty cells; the spawn is what `apply` then does.
        for (dir, next) in [(Dir::Left, view.spawn_left), (Dir::Right, view.spawn_right)] {
            let mut after = state.clone();
            Strip2048::apply(&inst, &mut after, &dir).unwrap();
            let next = next.unwrap();
            assert_eq!(next.empty, 3);
            assert_eq!(Some(next.cell), after.last.unwrap().spawned, "{dir:?}");
        }
        // A move that changes nothing spawns nothing.
        let packed = Instance {
            cells: strip(&[2, 4, 0]),
            ..inst
        };
        let view = Strip2048::view(&packed, &Strip2048::start(&packed));
        assert_eq!(view.spawn_left, None);
        assert!(view.spawn_right.is_some());
    }

    #[test]
    fn digits_are_grouped_in_threes() {
        assert_eq!(group_digits("0"), "0");
        assert_eq!(group_digits("999"), "999");
        assert_eq!(group_digits("1000"), "1,000");
        assert_eq!(group_digits("123456789"), "123,456,789");
    }

    #[test]
    fn analysis_gives_the_exact_best_and_an_optimal_move() {
        let inst = Strip2048::generate(7, &Params::new());
        assert_eq!(inst.n(), 9);
        // The page's own state cap on a clock that never moves: the same answer on any
        // machine (`Game::analyze` adds the page's 500 ms to it).
        let analyzed = |state: &State| {
            let mut frozen = Budget::with_clock(ANALYZE_MS, crate::clock::stepping_clock(0.0));
            analysis(&inst, state, &mut frozen, ANALYZE_STATES)
        };
        let mut state = Strip2048::start(&inst);
        let (best, _) = best_reachable(&inst, &state);
        let first = analyzed(&state);
        assert_eq!(first["exact"], true);
        assert_eq!(first["best"], best.to_string());
        assert_eq!(first["gain"], best.to_string());
        assert_eq!(first["over"], false);
        // Following the suggested moves keeps the best reachable, and ends with it.
        while let Some(letter) = analyzed(&state)["next"].as_str() {
            let dir = parse_action(letter);
            Strip2048::apply(&inst, &mut state, &dir).unwrap();
            let now = analyzed(&state);
            assert_eq!(now["best"], best.to_string());
            assert_eq!(now["gain"], (best - state.score).to_string());
        }
        let end = analyzed(&state);
        assert_eq!(state.score, best);
        assert_eq!(
            (end["over"].clone(), end["next"].clone()),
            (true.into(), serde_json::Value::Null)
        );
        // Over the limits it says so instead of guessing.
        let start = Strip2048::start(&inst);
        let mut frozen = Budget::with_clock(1.0, crate::clock::stepping_clock(0.0));
        let capped = analysis(&inst, &start, &mut frozen, 10);
        assert_eq!(capped["exact"], false);
        assert!(capped["reason"]
            .as_str()
            .unwrap()
            .contains("too long to solve exactly here"));
        let timed_out = analysis(&inst, &start, &mut Budget::new(0.0), usize::MAX);
        assert_eq!(timed_out["exact"], false);
        // The page's own limits give up on a 12-cell strip from the start (8 s natively).
        let long = Strip2048::generate(7, &Params::from([("n".to_string(), 12)]));
        let page = Strip2048::analyze(&long, &Strip2048::start(&long)).unwrap();
        assert_eq!(page["exact"], false);
    }

    fn parse_action(letter: &str) -> Dir {
        Strip2048::parse_action(letter).unwrap()
    }

    #[test]
    fn huge_values_are_exact() {
        assert_eq!(pow2_decimal(1), "2");
        assert_eq!(pow2_decimal(62), "4611686018427387904");
        assert_eq!(pow2_decimal(64), "18446744073709551616");
        assert_eq!(pow2_decimal(127), (1u128 << 127).to_string());
        assert_eq!(pow2_decimal(128), "340282366920938463463374607431768211456");
        assert_eq!(
            pow2_decimal(200),
            "1606938044258990275541962092341162602522202993782792835301376"
        );
        assert_eq!(cell_decimal(0), "0");
        // Two 2^63 tiles: the merge scores 2^64 exactly.
        let mut cells = vec![63, 63, 0];
        assert_eq!(slide(&mut cells, Dir::Left), Some(1u128 << 64));
        assert_eq!(cells, [64, 0, 0]);
        let inst = Instance {
            cells: vec![63, 63, 0],
            seed: [1; SEED_WORDS],
        };
        let mut state = Strip2048::start(&inst);
        Strip2048::apply(&inst, &mut state, &Dir::Left).unwrap();
        let view = Strip2048::view(&inst, &state);
        assert_eq!(view.values[0], "18446744073709551616");
        assert_eq!(view.score_text, "18,446,744,073,709,551,616");
        assert_eq!(Strip2048::score(&inst, &state), i64::MAX);
    }

    #[test]
    fn any_prefix_is_valid_and_moves_after_the_end_are_refused() {
        let inst = Strip2048::generate(3, &Params::new());
        let text = "lrlrrlllrrlrl";
        let moves = Strip2048::parse_output(&inst, text).unwrap();
        for k in 0..=moves.len() {
            assert!(
                replay::<Strip2048>(&inst, &moves[..k]).is_ok(),
                "prefix {k}"
            );
        }
        // Play left/right alternately until the end, then one more.
        let mut state = Strip2048::start(&inst);
        let mut played = Vec::new();
        let mut dir = Dir::Left;
        while !Strip2048::is_over(&inst, &state) {
            Strip2048::apply(&inst, &mut state, &dir).unwrap();
            played.push(dir);
            dir = if dir == Dir::Left {
                Dir::Right
            } else {
                Dir::Left
            };
        }
        assert_eq!(replay::<Strip2048>(&inst, &played).unwrap(), state);
        played.push(Dir::Left);
        let e = replay::<Strip2048>(&inst, &played).unwrap_err();
        assert_eq!(e.turn, played.len() - 1);
        assert!(e.reason.contains("extra moves"), "{}", e.reason);
    }

    #[test]
    fn the_observation_is_the_whole_position() {
        // Nothing is hidden in this game: the observation's generator predicts every spawn.
        let inst = Strip2048::generate(9, &Params::new());
        let mut state = Strip2048::start(&inst);
        for dir in [Dir::Left, Dir::Right, Dir::Right, Dir::Left] {
            let obs = Strip2048::observe(&inst, &state);
            let mut cells = obs.cells.clone();
            let mut rng = obs.rng.clone();
            let gained = step(&mut cells, dir, &mut rng).map_or(0, |(g, _)| g);
            Strip2048::apply(&inst, &mut state, &dir).unwrap();
            assert_eq!(cells, state.cells);
            assert_eq!(obs.score + gained, state.score);
            assert_eq!(rng, state.rng);
        }
    }

    #[test]
    fn a_session_plays_undoes_and_reloads() {
        let inst = Strip2048::generate(5, &Params::new());
        let mut session = Session::<Strip2048>::new(inst.clone());
        session.play(Dir::Left).unwrap();
        session.play(Dir::Right).unwrap();
        let after_two = session.state().clone();
        assert!(session.undo());
        assert!(session.redo());
        assert_eq!(session.state(), &after_two);
        assert_eq!(session.output_text(), "lr\n");
        // Unreadable text names the move; the moves before it stay playable, on its own
        // line too.
        session.load_output("l r x").unwrap_err();
        assert_eq!(session.len(), 2);
        assert_eq!(session.load_error().unwrap().turn, 2);
        session.load_output("l r\nx l").unwrap_err();
        assert_eq!((session.len(), session.cursor()), (2, 2));
        assert_eq!(session.output_text(), "lr\n");
        assert_eq!(session.load_error().unwrap().line, Some(2));
        session.load_output("l r\nl").unwrap();
        assert_eq!((session.len(), session.cursor()), (3, 3));
    }
}
