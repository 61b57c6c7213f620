//! Exact play by a layered search over (strip, k).
//!
//! Whatever the path, the k-th effective move uses the random numbers x[43+2k] and x[44+2k],
//! so the whole future of a position depends only on its strip and k. Layer k holds every
//! strip reachable after k effective moves, each once, with the best score that reaches it
//! (and one move back to a parent that gave that score). Scores never decrease, so the best
//! final score is the best score over the strips where no move is effective. Only effective
//! moves are searched: a skipped move changes nothing.
//!
//! With a width limit the same search is a beam search (each layer cut to its best strips).
//! The `exact` agent runs it uncut on short strips, else widens the beam until no layer needs
//! cutting (then the answer is exact) or its time share is used; long games are planned in
//! pieces of `HORIZON` layers (see `ExactAgent`).

use crate::clock::Budget;
use crate::game::Agent;
use crate::game::Plan;
use crate::games::strip2048::solver::greedy;
use crate::games::strip2048::{slide, spawn, Dir, Instance, Observation, State, Strip2048};
use crate::rng::SubtractWithCarry;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The longest strip the search handles.
pub const MAX_CELLS: usize = 40;

type Cells = [u8; MAX_CELLS];

/// A strip as a hash key: one byte per exponent, in the smallest type that holds n cells.
/// Working strips are whole `Cells` arrays, zero past n, so that every copy has a fixed size.
trait Packed: Copy + Eq + std::hash::Hash + Ord {
    const CELLS: usize;
    fn pack(cells: &Cells) -> Self;
    fn unpack(self, cells: &mut Cells);
}

impl Packed for u64 {
    const CELLS: usize = 8;
    fn pack(cells: &Cells) -> Self {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&cells[..8]);
        u64::from_le_bytes(bytes)
    }
    fn unpack(self, cells: &mut Cells) {
        cells[..8].copy_from_slice(&self.to_le_bytes());
    }
}

impl Packed for u128 {
    const CELLS: usize = 16;
    fn pack(cells: &Cells) -> Self {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&cells[..16]);
        u128::from_le_bytes(bytes)
    }
    fn unpack(self, cells: &mut Cells) {
        cells[..16].copy_from_slice(&self.to_le_bytes());
    }
}

impl Packed for Cells {
    const CELLS: usize = MAX_CELLS;
    fn pack(cells: &Cells) -> Self {
        *cells
    }
    fn unpack(self, cells: &mut Cells) {
        *cells = self;
    }
}

const MIX: u64 = 0x517C_C1B7_2722_0A95;

/// A multiply-rotate hash over 8-byte words: the keys are short runs of small numbers.
#[derive(Default)]
struct StripHasher(u64);

impl Hasher for StripHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(MIX);
    }

    fn write_u128(&mut self, i: u128) {
        self.write_u64(i as u64);
        self.write_u64((i >> 64) as u64);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type Index<K> = HashMap<K, u32, BuildHasherDefault<StripHasher>>;

/// The random numbers from a point of the generator, drawn as far as the search needs.
struct Words {
    rng: SubtractWithCarry,
    drawn: Vec<u32>,
}

impl Words {
    fn new(rng: &SubtractWithCarry) -> Self {
        Words {
            rng: rng.clone(),
            drawn: Vec::new(),
        }
    }

    /// The two numbers of the k-th effective move from here.
    fn pair(&mut self, k: usize) -> (u32, u32) {
        while self.drawn.len() < 2 * k + 2 {
            self.drawn.push(self.rng.next_u32());
        }
        (self.drawn[2 * k], self.drawn[2 * k + 1])
    }
}

/// How far the search may go.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Strips kept per layer; `usize::MAX` keeps all (exact).
    pub width: usize,
    /// Layers explored; past it the line stops at the best strip of the last layer.
    pub max_layers: usize,
    /// Strips stored over all layers (about 20 bytes each); past it the search stops.
    pub max_states: usize,
}

impl Limits {
    /// No limit at all: the answer is exact (memory grows with the strip: n = 9 needs at
    /// most a few hundred thousand strips, n = 12 tens of millions).
    pub const EXACT: Limits = Limits {
        width: usize::MAX,
        max_layers: usize::MAX,
        max_states: usize::MAX,
    };
}

/// A found line of play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Points scored along `moves` (added to the score of the starting position).
    pub gained: u128,
    pub moves: Vec<Dir>,
    /// True when the search saw every reachable position to the end of the game (no layer
    /// cut, no limit or budget hit): then `gained` is the best possible.
    pub exact: bool,
    /// True when the line ends in a position where no move is effective.
    pub finished: bool,
    /// True when the budget or `max_states` stopped the search (the line is the best of the
    /// last complete layer).
    pub stopped: bool,
    /// Strips stored over all layers (after cuts).
    pub states: usize,
    /// The largest layer (before cutting).
    pub widest: usize,
}

/// The layered search from `cells` with the generator at `rng`. `None` only for strips longer
/// than `MAX_CELLS`.
pub fn search(
    cells: &[u8],
    rng: &SubtractWithCarry,
    limits: Limits,
    budget: &mut Budget,
) -> Option<Line> {
    match cells.len() {
        n if n <= u64::CELLS => Some(search_packed::<u64>(cells, rng, limits, budget)),
        n if n <= u128::CELLS => Some(search_packed::<u128>(cells, rng, limits, budget)),
        n if n <= MAX_CELLS => Some(search_packed::<Cells>(cells, rng, limits, budget)),
        _ => None,
    }
}

/// A parent link: the index in the previous layer, with the move in the top bit.
const RIGHT_BIT: u32 = 1 << 31;

fn link(parent: usize, dir: Dir) -> u32 {
    parent as u32 | if dir == Dir::Right { RIGHT_BIT } else { 0 }
}

fn search_packed<K: Packed>(
    cells: &[u8],
    rng: &SubtractWithCarry,
    limits: Limits,
    budget: &mut Budget,
) -> Line {
    let n = cells.len();
    // Layers stay below 2^31 strips: the top bit of a link holds the move.
    let width = limits.width.min(RIGHT_BIT as usize / 2);
    let mut words = Words::new(rng);
    let mut strip: Cells = [0; MAX_CELLS];
    strip[..n].copy_from_slice(cells);
    let mut layer: Vec<K> = vec![K::pack(&strip)];
    let mut scores: Vec<u128> = vec![0];
    // parents[k][i] links node i of layer k + 1 to its parent in layer k.
    let mut parents: Vec<Vec<u32>> = Vec::new();
    let mut index = Index::<K>::default();
    // (score, layer, node) of the best position seen where no move is effective.
    let mut best_end: Option<(u128, usize, usize)> = None;
    let mut cut = false;
    let mut stopped = false;
    let mut states = 1;
    let mut widest = 1;

    let mut k = 0;
    'layers: while !layer.is_empty() && k < limits.max_layers {
        let (pos_word, value_word) = words.pair(k);
        let mut next: Vec<K> = Vec::with_capacity(layer.len() * 2);
        let mut next_scores: Vec<u128> = Vec::with_capacity(layer.len() * 2);
        let mut back: Vec<u32> = Vec::with_capacity(layer.len() * 2);
        let mut layer_ends: Option<(u128, usize, usize)> = None;
        index.clear();
        for (i, &key) in layer.iter().enumerate() {
            if budget.should_stop() || states + next.len() > limits.max_states {
                stopped = true;
                break 'layers;
            }
            key.unpack(&mut strip);
            let mut any = false;
            for dir in Dir::BOTH {
                let mut work = strip;
                let Some(gained) = slide(&mut work[..n], dir) else {
                    continue;
                };
                any = true;
                spawn(&mut work[..n], pos_word, value_word);
                let score = scores[i].saturating_add(gained);
                match index.entry(K::pack(&work)) {
                    Entry::Occupied(found) => {
                        let j = *found.get() as usize;
                        if score > next_scores[j] {
                            next_scores[j] = score;
                            back[j] = link(i, dir);
                        }
                    }
                    Entry::Vacant(slot) => {
                        next.push(*slot.key());
                        slot.insert(next.len() as u32 - 1);
                        next_scores.push(score);
                        back.push(link(i, dir));
                    }
                }
            }
            if !any && layer_ends.is_none_or(|(s, _, _)| scores[i] > s) {
                layer_ends = Some((scores[i], k, i));
            }
        }
        // Ends of a layer count only once the layer is complete, so that a stopped search
        // still compares like with like.
        if let Some(end) = layer_ends {
            if best_end.is_none_or(|(s, _, _)| end.0 > s) {
                best_end = Some(end);
            }
        }
        widest = widest.max(next.len());
        if next.len() > width {
            cut = true;
            keep_best(&mut next, &mut next_scores, &mut back, width, n);
        }
        states += next.len();
        parents.push(back);
        layer = next;
        scores = next_scores;
        k += 1;
    }
    let complete = layer.is_empty() && !cut && !stopped;

    // An unfinished line: the best strip of the last complete layer, if it beats every
    // finished line (it can only gain more).
    let mut end = best_end;
    let mut finished = best_end.is_some();
    let last = (0..layer.len()).max_by(|&a, &b| scores[a].cmp(&scores[b]).then(b.cmp(&a)));
    if let Some(i) = last {
        if end.is_none_or(|(s, _, _)| scores[i] > s) {
            end = Some((scores[i], k, i));
            finished = false;
        }
    }
    let (gained, mut layer_k, mut node) = end.unwrap_or((0, 0, 0));
    let mut moves = Vec::with_capacity(layer_k);
    while layer_k > 0 {
        let step = parents[layer_k - 1][node];
        moves.push(if step & RIGHT_BIT != 0 {
            Dir::Right
        } else {
            Dir::Left
        });
        node = (step & !RIGHT_BIT) as usize;
        layer_k -= 1;
    }
    moves.reverse();
    Line {
        gained,
        moves,
        exact: complete,
        finished,
        stopped,
        states,
        widest,
    }
}

/// Cuts a layer to its `width` best strips: higher score first, then more mergeable
/// neighbours, then more empty cells, then the strip itself (so the cut is deterministic).
fn keep_best<K: Packed>(
    strips: &mut Vec<K>,
    scores: &mut Vec<u128>,
    back: &mut Vec<u32>,
    width: usize,
    n: usize,
) {
    let ranks: Vec<(u128, usize, usize)> = strips
        .iter()
        .zip(scores.iter())
        .map(|(&key, &score)| {
            let mut cells = [0u8; MAX_CELLS];
            key.unpack(&mut cells);
            let cells = &cells[..n];
            let empty = cells.iter().filter(|&&v| v == 0).count();
            (score, greedy::mergeable_pairs(cells), empty)
        })
        .collect();
    let mut order: Vec<usize> = (0..strips.len()).collect();
    order.select_nth_unstable_by(width - 1, |&a, &b| {
        ranks[b].cmp(&ranks[a]).then(strips[a].cmp(&strips[b]))
    });
    order.truncate(width);
    order.sort_unstable();
    *strips = order.iter().map(|&i| strips[i]).collect();
    *scores = order.iter().map(|&i| scores[i]).collect();
    *back = order.iter().map(|&i| back[i]).collect();
}

/// The best final score still reachable from `state` and a move that reaches it (`None` when
/// the game is over). Exact, with no limit: milliseconds for n <= 9; past about 11 cells use
/// `best_reachable_within`.
pub fn best_reachable(instance: &Instance, state: &State) -> (u128, Option<Dir>) {
    let mut unlimited = Budget::new(f64::INFINITY);
    best_reachable_within(instance, state, &mut unlimited, usize::MAX)
        .expect("an unlimited search always completes")
}

/// `best_reachable` under a budget and a cap on stored strips (memory): `None` when either
/// runs out before the exact answer, or the strip is longer than `MAX_CELLS`.
pub fn best_reachable_within(
    _instance: &Instance,
    state: &State,
    budget: &mut Budget,
    max_states: usize,
) -> Option<(u128, Option<Dir>)> {
    let limits = Limits {
        max_states,
        ..Limits::EXACT
    };
    let line = search(&state.cells, &state.rng, limits, budget)?;
    line.exact.then(|| {
        (
            state.score.saturating_add(line.gained),
            line.moves.first().copied(),
        )
    })
}

/// Layers planned at once; a longer game is planned in pieces (rolling horizon).
const HORIZON: usize = 1024;
/// Strips stored by one search (4 bytes of links each, plus the layers in hand).
const STATE_CAP: usize = 1 << 23;
/// The first beam width; each retry doubles it.
const FIRST_WIDTH: usize = 64;
/// Strips this short get a plain exact search first.
const EXACT_FIRST: usize = 10;

/// The default agent: exact whenever the whole game fits the limits, else the widest beam
/// the budget affords. A beam that widens past every layer without a cut is exact.
///
/// Strips of up to `EXACT_FIRST` cells are first searched with no cut at all (n = 9 takes
/// milliseconds). Otherwise, or if that does not complete in half the remaining budget, the
/// beam widens from `FIRST_WIDTH`. On long strips games last thousands of moves: each call
/// plans `HORIZON` moves with half the remaining budget, keeps the first half of the line and
/// plans again; once the whole budget is spent, greedy finishes the game (it ends games fast).
#[derive(Default)]
pub struct ExactAgent {
    plan: Plan<Dir>,
}

impl ExactAgent {
    fn make_plan(obs: &Observation, budget: &mut Budget) -> Vec<Dir> {
        if budget.is_spent() {
            return Self::greedy_move(obs);
        }
        if obs.cells.len() <= EXACT_FIRST {
            let half = 0.5 * budget.remaining_ms();
            let mut share = budget.share(half);
            let limits = Limits {
                max_states: STATE_CAP,
                ..Limits::EXACT
            };
            if let Some(line) = search(&obs.cells, &obs.rng, limits, &mut share) {
                if line.exact {
                    return line.moves;
                }
            }
        }
        let half = 0.5 * budget.remaining_ms();
        let mut share = budget.share(half);
        let mut best: Option<Line> = None;
        let mut width = FIRST_WIDTH;
        loop {
            let started = share.elapsed_ms();
            let limits = Limits {
                width,
                max_layers: HORIZON,
                max_states: STATE_CAP,
            };
            let Some(line) = search(&obs.cells, &obs.rng, limits, &mut share) else {
                break;
            };
            let (done, stopped) = (line.widest <= width, line.stopped);
            // More points first; among equals, a line that can still go on.
            let better = match &best {
                None => true,
                Some(b) => (line.gained, !line.finished) > (b.gained, !b.finished),
            };
            if better && !line.moves.is_empty() {
                best = Some(line);
            }
            // Twice the width costs about twice the time and memory.
            let spent = share.elapsed_ms() - started;
            if done
                || stopped
                || 2 * width * HORIZON > STATE_CAP
                || 2.5 * spent > share.remaining_ms()
            {
                break;
            }
            width *= 2;
        }
        match best {
            Some(mut line) => {
                if !line.finished {
                    line.moves.truncate(HORIZON / 2);
                }
                line.moves
            }
            // No time left even for the narrowest beam: one greedy move, then plan again.
            None => Self::greedy_move(obs),
        }
    }

    fn greedy_move(obs: &Observation) -> Vec<Dir> {
        let next = obs.rng.peek(2);
        greedy::choose(&obs.cells, [next[0], next[1]])
            .into_iter()
            .collect()
    }
}

impl Agent<Strip2048> for ExactAgent {
    fn act(&mut self, obs: &Observation, budget: &mut Budget) -> Dir {
        self.plan
            .next(|| Self::make_plan(obs, budget))
            .unwrap_or(Dir::Left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{play, replay, Game, Params};
    use std::collections::HashMap;

    fn instance(seed: u64, n: usize) -> Instance {
        let mut params = Params::new();
        params.insert("n".into(), n as i64);
        Strip2048::generate(seed, &params)
    }

    fn unlimited() -> Budget {
        Budget::new(f64::INFINITY)
    }

    /// Every sequence of effective moves, through the game's own `apply`: no sharing at all.
    fn brute_force(state: &State, inst: &Instance) -> u128 {
        let mut best = state.score;
        for dir in Dir::BOTH {
            let mut next = state.clone();
            Strip2048::apply(inst, &mut next, &dir).unwrap();
            if next.effective_moves > state.effective_moves {
                best = best.max(brute_force(&next, inst));
            }
        }
        best
    }

    /// The best points still to come from a position, memoised on (strip, effective moves).
    fn memo_best(
        state: &State,
        inst: &Instance,
        memo: &mut HashMap<(Vec<u8>, usize), u128>,
    ) -> u128 {
        let key = (state.cells.clone(), state.effective_moves);
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut best = 0;
        for dir in Dir::BOTH {
            let mut next = state.clone();
            Strip2048::apply(inst, &mut next, &dir).unwrap();
            if next.effective_moves > state.effective_moves {
                let gained = next.score - state.score;
                best = best.max(gained + memo_best(&next, inst, memo));
            }
        }
        memo.insert(key, best);
        best
    }

    fn exact_gain(inst: &Instance) -> Line {
        let line = search(
            &inst.cells,
            &SubtractWithCarry::new(inst.seed),
            Limits::EXACT,
            &mut unlimited(),
        )
        .unwrap();
        assert!(line.exact && line.finished);
        line
    }

    /// The line replays to its claimed score and ends the game.
    fn check_line(inst: &Instance, line: &Line) {
        let state = replay::<Strip2048>(inst, &line.moves).unwrap();
        assert_eq!(state.score, line.gained);
        assert_eq!(
            state.effective_moves,
            line.moves.len(),
            "only effective moves"
        );
        assert_eq!(Strip2048::is_over(inst, &state), line.finished);
    }

    #[test]
    fn matches_brute_force_on_tiny_strips() {
        for n in 2..=3 {
            for seed in 1..=150 {
                let inst = instance(seed, n);
                let line = exact_gain(&inst);
                check_line(&inst, &line);
                let brute = brute_force(&Strip2048::start(&inst), &inst);
                assert_eq!(line.gained, brute, "n {n} seed {seed}");
            }
        }
    }

    #[test]
    fn matches_a_memoised_recursion_on_small_strips() {
        for n in 4..=7 {
            for seed in 1..=25 {
                let inst = instance(seed, n);
                let line = exact_gain(&inst);
                check_line(&inst, &line);
                let best = memo_best(&Strip2048::start(&inst), &inst, &mut HashMap::new());
                assert_eq!(line.gained, best, "n {n} seed {seed}");
            }
        }
    }

    #[test]
    fn long_strips_use_the_wide_key() {
        // n = 17 takes the array key: an exact search from a nearly full, stuck-ish strip.
        let mut cells = vec![0u8; 17];
        for (i, c) in cells.iter_mut().enumerate().take(15) {
            *c = (i % 2 + 1) as u8 + 2 * (i % 3 == 0) as u8;
        }
        let inst = Instance {
            cells,
            seed: instance(3, 9).seed,
        };
        let line = search(
            &inst.cells,
            &SubtractWithCarry::new(inst.seed),
            Limits {
                width: 256,
                max_layers: 200,
                max_states: usize::MAX,
            },
            &mut unlimited(),
        )
        .unwrap();
        let state = replay::<Strip2048>(&inst, &line.moves).unwrap();
        assert_eq!(state.score, line.gained);
        assert!(!line.moves.is_empty());
        assert!(search(
            &[0; 41],
            &SubtractWithCarry::new(inst.seed),
            Limits::EXACT,
            &mut unlimited()
        )
        .is_none());
    }

    #[test]
    fn a_narrow_beam_is_valid_and_not_better_than_exact() {
        for seed in 1..=10 {
            let inst = instance(seed, 9);
            let exact = exact_gain(&inst);
            let beam = search(
                &inst.cells,
                &SubtractWithCarry::new(inst.seed),
                Limits {
                    width: 8,
                    max_layers: usize::MAX,
                    max_states: usize::MAX,
                },
                &mut unlimited(),
            )
            .unwrap();
            check_line(&inst, &beam);
            assert!(!beam.exact, "seed {seed}: a width of 8 must cut n = 9");
            assert!(beam.gained <= exact.gained);
        }
    }

    #[test]
    fn horizon_and_limits_stop_the_search() {
        let inst = instance(4, 9);
        let rng = SubtractWithCarry::new(inst.seed);
        let short = search(
            &inst.cells,
            &rng,
            Limits {
                max_layers: 10,
                ..Limits::EXACT
            },
            &mut unlimited(),
        )
        .unwrap();
        assert_eq!(short.moves.len(), 10);
        assert!(!short.exact && !short.finished && !short.stopped);
        let capped = search(
            &inst.cells,
            &rng,
            Limits {
                max_states: 100,
                ..Limits::EXACT
            },
            &mut unlimited(),
        )
        .unwrap();
        assert!(capped.stopped && !capped.exact);
        check_line(&inst, &capped);
        let mut spent = Budget::new(0.0);
        let none = search(&inst.cells, &rng, Limits::EXACT, &mut spent).unwrap();
        assert!(none.stopped && !none.exact);
    }

    #[test]
    fn best_reachable_follows_the_optimal_line() {
        for seed in 1..=6 {
            let inst = instance(seed, 8);
            let mut state = Strip2048::start(&inst);
            let (target, _) = best_reachable(&inst, &state);
            assert_eq!(target, exact_gain(&inst).gained);
            // Playing the suggested move keeps the target reachable, to the end.
            while let (best, Some(dir)) = best_reachable(&inst, &state) {
                assert_eq!(best, target, "seed {seed}");
                Strip2048::apply(&inst, &mut state, &dir).unwrap();
            }
            assert!(Strip2048::is_over(&inst, &state));
            assert_eq!(state.score, target);
            assert_eq!(best_reachable(&inst, &state), (target, None));
        }
    }

    #[test]
    fn best_reachable_after_a_bad_move_is_lower_and_exact_from_there() {
        let inst = instance(11, 9);
        let mut state = Strip2048::start(&inst);
        let (start_best, _) = best_reachable(&inst, &state);
        // Always left for a while, then ask again.
        for _ in 0..30 {
            Strip2048::apply(&inst, &mut state, &Dir::Left).unwrap();
        }
        let (best, next) = best_reachable(&inst, &state);
        assert!(best <= start_best);
        assert!(best >= state.score);
        let from_here = memo_best(&state, &inst, &mut HashMap::new());
        assert_eq!(best, state.score + from_here);
        assert!(next.is_some() || Strip2048::is_over(&inst, &state));
    }

    #[test]
    fn best_reachable_within_gives_up_cleanly() {
        let inst = instance(5, 9);
        let state = Strip2048::start(&inst);
        assert_eq!(
            best_reachable_within(&inst, &state, &mut Budget::new(0.0), usize::MAX),
            None
        );
        assert_eq!(
            best_reachable_within(&inst, &state, &mut unlimited(), 50),
            None
        );
        assert_eq!(
            best_reachable_within(&inst, &state, &mut unlimited(), usize::MAX),
            Some(best_reachable(&inst, &state))
        );
    }

    #[test]
    fn the_agent_is_exact_on_default_instances() {
        for seed in 1..=8 {
            let inst = Strip2048::generate(seed, &Params::new());
            // A clock that never moves: the search is never cut, however loaded the machine.
            let mut frozen = Budget::with_clock(1.0, crate::clock::stepping_clock(0.0));
            let (moves, state) =
                play::<Strip2048>(&inst, &mut ExactAgent::default(), &mut frozen).unwrap();
            assert_eq!(state.score, exact_gain(&inst).gained, "seed {seed}");
            assert_eq!(replay::<Strip2048>(&inst, &moves).unwrap(), state);
        }
    }

    /// A 40-cell strip lasts thousands of moves, far more than the beam can plan in 300 ms:
    /// the agent plans while its budget lasts, then greedy ends the game. The clock is a mock
    /// one (0.1 ms a reading), so the budget runs out at the same point on any machine.
    #[test]
    fn the_agent_plays_long_strips_to_the_end_when_its_budget_runs_out() {
        use std::cell::Cell;
        use std::rc::Rc;
        let inst = instance(2, 40);
        let now = Rc::new(Cell::new(0.0));
        let clock = now.clone();
        let mut budget = Budget::with_clock(
            300.0,
            Box::new(move || {
                clock.set(clock.get() + 0.1);
                clock.get()
            }),
        );
        let (moves, state) =
            play::<Strip2048>(&inst, &mut ExactAgent::default(), &mut budget).unwrap();
        assert!(Strip2048::is_over(&inst, &state));
        assert!(
            now.get() > 300.0,
            "the budget was not spent: {} ms",
            now.get()
        );
        let (_, greedy_end) =
            play::<Strip2048>(&inst, &mut greedy::GreedyAgent, &mut unlimited()).unwrap();
        assert!(
            state.score > greedy_end.score,
            "{} vs greedy {}",
            state.score,
            greedy_end.score
        );
        assert!(moves.len() > 100);
    }
}
