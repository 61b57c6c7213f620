//! Expectimax over the spawn, two plies deep. With three and four colours on roomy boards (and
//! five on 11 x 11) its evaluation also values crossing lines (`super::cross_lines_weight`) and, with three, makes a line short of
//! the row cost more (`super::short_line_penalty`); the greedy agent does neither. While rows are built (`super::Rows`: three
//! colours, four from N = 9 on, five at N = 10 and 11, six at N = 11, with room left) it plays the greedy look instead, widened
//! as far as the time affords: there sampling the spawn scored less than the greedy look
//! (N = 10, C = 3, 8 seeds at 5 s: 5,280 against 6,371). The greedy look ranks the moves (a line now is
//! always taken when it ranks first; on roomy boards a move lengthening a held line may rank
//! first, and a line among the finalists is then valued without a spawn); the best few are then
//! valued over sampled spawns of the three known colours at unknown cells. On roomy boards each
//! sample is worth the spawn's own points plus the greedy value of the best reply on the board
//! it leaves (a smaller greedy look: a line if there is one, else the best position less the
//! next spawn). On tight boards (fewer than 16 cells per colour), when the move's share of the
//! budget pays for enough rounds, the sample is played one reply further (`playout_value`): the
//! best reply is made, a spawn of random colours follows, and the board after it is valued the
//! same way; a board that one spawn more would choke shows there, where the first reply's value
//! only subtracts an average spawn. A full board is a lost game. Every finalist gets the same
//! draws (common random numbers), round after round, until this move's share of the budget is
//! spent; crowded boards get a bigger share, and a move whose share cannot pay for a couple of
//! rounds is played greedily. The final value of a finalist is halfway between its greedy value
//! and its sampled mean (the evaluation was tuned on the greedy agent, and halfway measured
//! better than the sampled mean alone). On tight boards the learned survival term
//! (`super::learned`) also re-ranks the greedy look's best 12 moves before the finalists are
//! chosen (from 11 cells per colour the table fitted to expectimax games, 120 moves ahead:
//! `learned::expectimax_model`), and stays in their final value; the replies leave it out, as it costs about three
//! evaluations.

use super::greedy::{self, play_move, to_action, Ranked};
use super::learned::{expectimax_model, learned_weight};
use super::{
    cross_lines_weight, expectimax_rows_plan, long_lines_weight, sample_spawn, short_line_penalty,
    Evaluator, Noise, Rows, Weights,
};
use crate::clock::Budget;
use crate::game::Agent;
use crate::games::lines::{Action, Lines, Observation, MAX_MOVES};

/// Moves of the greedy look that get sampled. Fewer finalists get more samples each: 3, 4
/// and 5 played a little better than 8 over 200 games on 12 <= N*N/C <= 16 at 1 s (81 full
/// games against 76 on average; within the noise of such runs, about 7).
const FINALISTS: usize = 4;
/// Building rows (`super::Rows`), the greedy look's widest shortlist: 100 instead of 40
/// scored more in greedy games (12 seeds a group from 5001: N = 10, C = 3 6,374 to 6,568;
/// N = 8, C = 3 5,462 to 5,633; N = 11, C = 4 5,245 to 5,363), 400 about as much.
const ROW_SHORTLIST: usize = 100;
/// The part of a move's even share of the time that the wider look may take (the crowded
/// end of the game needs the rest).
const ROW_LOOK_SHARE: f64 = 0.5;
/// How far the sampled mean moves a finalist's greedy value (1 = sampled mean alone).
const BLEND: f64 = 0.5;
/// Moves of the greedy look that the learned survival term re-ranks on tight boards.
const RERANKED: usize = 12;
/// Moves of the reply (after a sampled spawn) that get the full evaluation.
const REPLY_SHORTLIST: usize = 10;
/// Replies per finalist and round on tight boards: the first is played out
/// (`playout_value`), the second valued.
const PLAYOUT_REPLIES: usize = 2;
/// Rounds of played-out samples a move's share must pay for, else the replies are only
/// valued. The sample has two spawns of noise and needs more rounds: always playing out lost
/// at 1 s (N = 10, C = 7 and N = 11, C = 8, 100 seeds each from 80001: 109 full games
/// without it, 87 with); with 8, 16 and 32 rounds 106, 98 and 105 (noise). At 1 s almost no
/// move plays out; at 5 s the crowded ones, which get the bigger shares (a fifth of the moves
/// with N = 10, C = 7), and they measured about as well as playing out every move.
const PLAYOUT_ROUNDS: usize = 32;
/// A move's share of the time is (remaining / moves left) * (filled share / TYPICAL_FILL)
/// ^ CROWD_POWER, within CROWD_LIMITS, and never more than 1 / MAX_SHARE of what is left.
/// Moves left count at most HORIZON: most lost games end within a few hundred moves with
/// most of their budget unspent, and a long game only runs short near its end.
const HORIZON: usize = 250;
const TYPICAL_FILL: f64 = 0.5;
const CROWD_POWER: f64 = 2.0;
const CROWD_LIMITS: (f64, f64) = (0.2, 4.0);
const MAX_SHARE: f64 = 8.0;
/// Rounds of samples a move needs for the sampling to be worth it; with less time than
/// that (estimated from the greedy look's own time), the greedy move is played.
const MIN_ROUNDS: u32 = 2;
const MAX_ROUNDS: u32 = 4000;
/// The value of losing the game (the board filled up).
const LOST: f64 = -5000.0;

/// The search's settings (the constants above by default); examples vary them to measure.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuning {
    pub finalists: usize,
    pub reranked: usize,
    /// What a unit of the learned survival term is worth in the re-ranking (None: the
    /// evaluation's own `learned_weight`).
    pub rerank_weight: Option<f64>,
    pub playout_rounds: usize,
    pub horizon: usize,
    pub crowd_power: f64,
    pub blend: f64,
    /// The greedy look's shortlist when no rows are built.
    pub look: usize,
    /// The horizon grows with the moves already played (a game that has lived long is likely
    /// to live on): moves left count at most the larger of `horizon` and the moves made.
    pub lindy: bool,
    /// The learned survival model's weights over `learned::pattern` counts (None:
    /// `learned::expectimax_model`).
    pub learned: Option<Vec<f64>>,
    /// Building rows, what a line short of the row costs per missing ball
    /// (`Evaluator::short_penalty`; None: `short_line_penalty`).
    pub short_penalty: Option<f64>,
    /// Overrides of `long_lines_weight` and `expectimax_rows_plan` (None: theirs).
    pub long_weight: Option<f64>,
    pub rows: Option<Rows>,
    /// While long lines or rows are built, what a point of crossing lines is worth
    /// (`Evaluator::cross_weight`; None: `cross_lines_weight`).
    pub cross_weight: Option<f64>,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            finalists: FINALISTS,
            reranked: RERANKED,
            rerank_weight: None,
            playout_rounds: PLAYOUT_ROUNDS,
            horizon: HORIZON,
            crowd_power: CROWD_POWER,
            blend: BLEND,
            look: greedy::SHORTLIST,
            lindy: false,
            learned: None,
            short_penalty: None,
            long_weight: None,
            rows: None,
            cross_weight: None,
        }
    }
}

pub struct ExpectimaxAgent {
    pub tuning: Tuning,
    eval: Option<Evaluator>,
    weights: Weights,
    noise: Noise,
    /// Building rows: what the greedy look cost per shortlisted move (ms, smoothed).
    look_ms: f64,
}

impl Default for ExpectimaxAgent {
    fn default() -> Self {
        Self::with_weights(Weights::default())
    }
}

impl ExpectimaxAgent {
    pub fn with_weights(weights: Weights) -> Self {
        ExpectimaxAgent {
            tuning: Tuning::default(),
            eval: None,
            weights,
            noise: Noise::new(0x11AE5),
            look_ms: 0.0,
        }
    }
}

/// This move's share of the remaining time.
fn time_share(obs: &Observation, remaining_ms: f64, tuning: &Tuning) -> f64 {
    let horizon = match tuning.lindy {
        true => tuning.horizon.max(obs.moves),
        false => tuning.horizon,
    };
    let moves_left = MAX_MOVES.saturating_sub(obs.moves).clamp(1, horizon) as f64;
    let filled = obs.grid.iter().filter(|&&x| x != 0).count() as f64 / obs.grid.len() as f64;
    let crowding = (filled / TYPICAL_FILL)
        .powf(tuning.crowd_power)
        .clamp(CROWD_LIMITS.0, CROWD_LIMITS.1);
    (remaining_ms / moves_left * crowding).min(remaining_ms / MAX_SHARE)
}

impl Agent<Lines> for ExpectimaxAgent {
    fn act(&mut self, obs: &Observation, budget: &mut Budget) -> Action {
        let n = obs.n;
        if self.eval.as_ref().is_none_or(|e| e.geo.n != n) {
            self.eval = Some(Evaluator::new(n, self.weights.clone()));
        }
        let ev = self.eval.as_mut().unwrap();
        ev.long_weight = self
            .tuning
            .long_weight
            .unwrap_or_else(|| long_lines_weight(n, obs.colors));
        let model = match &self.tuning.learned {
            Some(model) => model.as_slice(),
            None => expectimax_model(n, obs.colors),
        };
        if ev.learned != model {
            ev.learned = model.to_vec();
        }
        ev.plan_rows(
            self.tuning
                .rows
                .unwrap_or_else(|| expectimax_rows_plan(n, obs.colors)),
        );
        ev.short_penalty =
            (self.tuning.short_penalty).unwrap_or_else(|| short_line_penalty(n, obs.colors));
        ev.cross_weight =
            (self.tuning.cross_weight).unwrap_or_else(|| cross_lines_weight(n, obs.colors));
        let start = budget.elapsed_ms();
        let tuning = &self.tuning;
        let share = time_share(obs, budget.remaining_ms(), tuning);

        // The greedy look: every shortlisted move valued before the spawn; a shorter look once
        // the budget is spent (the full one overran 1 s budgets by up to 1.7 s on 11 x 11).
        // Building rows, the look widens as far as this move's even share of the time pays
        // for: the quick values that pick the shortlist know only windows of five.
        let rows = ev.builds_rows(&obs.grid);
        let shortlist = match budget.is_spent() {
            true => REPLY_SHORTLIST,
            false if rows => {
                let moves_left = MAX_MOVES.saturating_sub(obs.moves).max(1) as f64;
                let affordable =
                    ROW_LOOK_SHARE * budget.remaining_ms() / moves_left / self.look_ms.max(1e-6);
                (affordable as usize).clamp(greedy::SHORTLIST, ROW_SHORTLIST)
            }
            false => tuning.look,
        };
        let mut ranked = greedy::rank(ev, &obs.grid, shortlist);
        if rows {
            // The look's cost per shortlisted move, smoothed.
            let per_move = (budget.elapsed_ms() - start) / shortlist as f64;
            self.look_ms = match self.look_ms {
                0.0 => per_move,
                ms => 0.8 * ms + 0.2 * per_move,
            };
        }
        let best_now = ranked[0];
        // A round values every finalist's reply, each a smaller greedy look.
        let round_ms = (budget.elapsed_ms() - start) * (tuning.finalists * REPLY_SHORTLIST) as f64
            / shortlist.max(greedy::SHORTLIST) as f64;
        // Building long rows, the greedy look plays better than sampling its best few.
        if best_now.points > 0
            || rows
            || budget.should_stop()
            || share < MIN_ROUNDS as f64 * round_ms
        {
            // A line that ranks first is taken; short of time, the greedy move is played.
            return to_action(n, best_now.from, best_now.to);
        }
        let mut lines = Vec::new();
        let weight = learned_weight(n, obs.colors);
        let rerank_weight = tuning.rerank_weight.unwrap_or(weight);
        // On tight boards (where the learned term is on), with time for enough rounds of
        // them, each sample plays the reply out; a round then costs twice as much.
        let playout =
            weight > 0.0 && share >= (tuning.playout_rounds * PLAYOUT_REPLIES) as f64 * round_ms;
        // On tight boards the learned survival term re-ranks the greedy look's best few.
        let survival = match weight > 0.0 {
            true => rerank_by_survival(ev, &obs.grid, &mut ranked, rerank_weight, tuning.reranked),
            false => vec![0.0; ranked.len()],
        };
        ranked.truncate(tuning.finalists);

        let after: Vec<Vec<u8>> = ranked
            .iter()
            .map(|m| {
                let mut grid = obs.grid.clone();
                play_move(&mut grid, n, m.from as usize, m.to as usize, &mut lines);
                grid
            })
            .collect();
        // Building long lines (roomy boards only, so never played out), a line may be a
        // finalist: no spawn follows it.
        let line_values: Vec<Option<f64>> = ranked
            .iter()
            .zip(&after)
            .map(|(m, grid)| (m.points > 0).then(|| m.points as f64 + reply_value(ev, grid)))
            .collect();
        let mut sums = vec![0.0; ranked.len()];
        let mut grid = obs.grid.clone();
        let mut rounds = 0u32;
        loop {
            // The same draws for every finalist (common random numbers).
            self.noise.next_u64();
            let round_noise = self.noise.clone();
            for ((base, sum), line) in after.iter().zip(sums.iter_mut()).zip(&line_values) {
                if let Some(value) = line {
                    *sum += value;
                    continue;
                }
                grid.copy_from_slice(base);
                let mut noise = round_noise.clone();
                let (points, full) = sample_spawn(&mut grid, n, &obs.next, &mut noise, &mut lines);
                *sum += match (full, playout) {
                    (true, _) => LOST,
                    (false, true) => {
                        points as f64
                            + playout_value(ev, &mut grid, obs.colors, &mut noise, &mut lines)
                    }
                    (false, false) => points as f64 + reply_value(ev, &grid),
                };
            }
            rounds += 1;
            if rounds >= MAX_ROUNDS
                || (rounds >= MIN_ROUNDS
                    && (budget.elapsed_ms() - start >= share || budget.should_stop()))
            {
                break;
            }
        }
        let score = |i: usize| {
            // The sampled mean leaves the survival term out: blend against the value without it.
            let sampled = sums[i] / rounds as f64;
            ranked[i].value + tuning.blend * (sampled - (ranked[i].value - survival[i]))
        };
        let mut best = 0;
        for i in 1..ranked.len() {
            if score(i) > score(best) {
                best = i;
            }
        }
        to_action(n, ranked[best].from, ranked[best].to)
    }
}

/// Keeps the best `keep` moves of the greedy look `ranked` and adds to each the learned
/// survival term of the board it leaves, at `weight` points per unit of log-odds (a line
/// leaves no spawn and gets none); sorts them again, lines first. The terms added, in the new
/// order. Only the best few: the patterns cost about three evaluations, and the replies leave
/// the term out for the same reason.
fn rerank_by_survival(
    ev: &mut Evaluator,
    grid: &[u8],
    ranked: &mut Vec<Ranked>,
    weight: f64,
    keep: usize,
) -> Vec<f64> {
    let n = ev.geo.n;
    ranked.truncate(keep);
    let mut after = grid.to_vec();
    let mut lines = Vec::new();
    let mut moves: Vec<(Ranked, f64)> = ranked
        .iter()
        .map(|&m| {
            if m.points > 0 {
                return (m, 0.0);
            }
            after.copy_from_slice(grid);
            play_move(&mut after, n, m.from as usize, m.to as usize, &mut lines);
            let bonus = weight * ev.survival(&after);
            let value = m.value + bonus;
            (Ranked { value, ..m }, bonus)
        })
        .collect();
    // Stable, as in `greedy::rank`.
    moves.sort_by(|(a, _), (b, _)| b.first.cmp(&a.first).then(b.value.total_cmp(&a.value)));
    *ranked = moves.iter().map(|&(m, _)| m).collect();
    moves.iter().map(|&(_, bonus)| bonus).collect()
}

/// What `grid` is worth to the player about to move, one reply deeper than `reply_value`:
/// the best reply of a greedy look is played and, if it makes no line, followed by a spawn
/// sampled like the first but of random colours (the known three are spent), and the board
/// then left is worth its `reply_value`; a spawn that fills the board loses the game. The
/// sampled second reply shows a board that one spawn more would choke, which the greedy value
/// of the first reply (less an average spawn) misses.
fn playout_value(
    ev: &mut Evaluator,
    grid: &mut [u8],
    colours: u8,
    noise: &mut Noise,
    lines: &mut Vec<u8>,
) -> f64 {
    let n = ev.geo.n;
    let reply = greedy::rank(ev, grid, REPLY_SHORTLIST)[0];
    let mut points = play_move(grid, n, reply.from as usize, reply.to as usize, lines);
    if points == 0 {
        let next = [(); 3].map(|_| 1 + noise.below(colours as usize) as u8);
        let (spawned, full) = sample_spawn(grid, n, &next, noise, lines);
        if full {
            return LOST;
        }
        points = spawned;
    }
    points as f64 + reply_value(ev, grid)
}

/// What `grid` is worth to the player about to move: the greedy value of their best move
/// among the `REPLY_SHORTLIST` best by quick value (a line, or else the position after the
/// move less the spawn it lets in), so the two plies compare.
pub fn reply_value(ev: &mut Evaluator, grid: &[u8]) -> f64 {
    greedy::rank(ev, grid, REPLY_SHORTLIST)[0].value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::stepping_clock;
    use crate::game::{play, Game, Params};
    use crate::games::lines::{path, MIN_LINE};

    fn cell(n: usize, r: usize, c: usize) -> usize {
        r * n + c
    }

    /// The agent sees only an Observation built here by hand: no instance, no generator.
    fn observe(n: usize, colors: u8, grid: Vec<u8>, next: [u8; 3]) -> Observation {
        Observation {
            n,
            colors,
            grid,
            next,
            moves: 10,
        }
    }

    #[test]
    fn it_sets_up_a_four_that_the_next_move_completes() {
        // Three reds in row 4 (cols 0..2) and two more reds far away; a few blues and greens
        // that can make nothing. Nothing scores now, and the best plan is two moves: a red
        // next to the three (a four with a reachable hole), then the fifth.
        let n = 9;
        let mut grid = vec![0u8; n * n];
        for c in 0..3 {
            grid[cell(n, 4, c)] = 1;
        }
        grid[cell(n, 0, 8)] = 1;
        grid[cell(n, 8, 8)] = 1;
        grid[cell(n, 0, 0)] = 2;
        grid[cell(n, 8, 0)] = 3;
        grid[cell(n, 2, 5)] = 2;
        grid[cell(n, 6, 4)] = 3;
        let obs = observe(n, 3, grid.clone(), [2, 3, 2]);
        let mut agent = ExpectimaxAgent::default();
        // A mock clock (0.001 ms per reading) gives about a hundred rounds of samples.
        let mut budget = Budget::with_clock(1000.0, stepping_clock(0.001));
        let a = agent.act(&obs, &mut budget);
        let (from, to) = (
            cell(n, a.r1 as usize, a.c1 as usize),
            cell(n, a.r2 as usize, a.c2 as usize),
        );
        assert_eq!(grid[from], 1, "{a:?} moves a red");
        assert!(path(&grid, n, from, to).is_some(), "{a:?} is legal");
        let mut after = grid.clone();
        after[to] = 1;
        after[from] = 0;
        // Row 4 now holds four reds in a window whose hole a remaining red can reach.
        let reds: usize = (0..MIN_LINE).filter(|&c| after[cell(n, 4, c)] == 1).count();
        assert_eq!(reds, 4, "{a:?}");
    }

    #[test]
    fn a_four_left_by_the_spawn_is_worth_its_line() {
        // Four blues in a column and a blue that can reach the hole: the reply completes it.
        let n = 7;
        let mut ev = Evaluator::new(n, Weights::default());
        let mut grid = vec![0u8; n * n];
        for r in 0..4 {
            grid[cell(n, r, 3)] = 2;
        }
        grid[cell(n, 6, 0)] = 2;
        // All five blues leave: the board is empty.
        let line = 10.0 + ev.evaluate(&vec![0u8; n * n]);
        assert_eq!(reply_value(&mut ev, &grid), line);
        // Wall the fifth blue in: no line, so the reply lets a spawn in and is worth less.
        grid[cell(n, 5, 0)] = 1;
        grid[cell(n, 6, 1)] = 1;
        assert!(reply_value(&mut ev, &grid) < line - 10.0);
    }

    #[test]
    fn the_playout_loses_when_the_second_spawn_fills_the_board() {
        // Nine colours laid out so that no window of five can hold five of one colour, even
        // with three more balls: no move or spawn makes a line.
        let n = 7;
        let mut ev = Evaluator::new(n, Weights::default());
        let mut grid: Vec<u8> = (0..n * n)
            .map(|k| ((k / n * 3 + k % n) % 9 + 1) as u8)
            .collect();
        let holes = [cell(n, 0, 0), cell(n, 3, 3), cell(n, 6, 6)];
        for &k in &holes {
            grid[k] = 0;
        }
        let mut lines = Vec::new();
        for seed in 1..20 {
            // Three empty cells: the reply moves a ball and the spawn after it fills the board.
            let mut noise = Noise::new(seed);
            let mut tight = grid.clone();
            let value = playout_value(&mut ev, &mut tight, 9, &mut noise, &mut lines);
            assert_eq!(value, LOST, "seed {seed}");
            // One more empty cell: the board survives the spawn and the second reply is valued.
            let mut roomier = grid.clone();
            roomier[cell(n, 6, 0)] = 0;
            let mut noise = Noise::new(seed);
            let value = playout_value(&mut ev, &mut roomier, 9, &mut noise, &mut lines);
            assert!(value > LOST / 2.0, "seed {seed}: {value}");
            assert_eq!(
                roomier.iter().filter(|&&x| x == 0).count(),
                1,
                "seed {seed}"
            );
        }
    }

    #[test]
    fn the_survival_term_reranks_the_best_few_and_spares_lines() {
        // A crowded 8 x 8 board with 7 colours (a tight board) and a red line one move away.
        let n = 8;
        let mut noise = Noise::new(7);
        let mut grid = vec![0u8; n * n];
        for x in grid.iter_mut() {
            if noise.below(10) < 6 {
                *x = 2 + noise.below(6) as u8;
            }
        }
        for c in 0..4 {
            grid[cell(n, 0, c)] = 1;
        }
        grid[cell(n, 0, 4)] = 0;
        grid[cell(n, 1, 4)] = 0;
        grid[cell(n, 2, 4)] = 1;
        let mut ev = Evaluator::new(n, Weights::default());
        let plain = greedy::rank(&mut ev, &grid, greedy::SHORTLIST);
        assert!(plain[0].points > 0, "the line ranks first");
        let mut ranked = plain.clone();
        let bonus = rerank_by_survival(&mut ev, &grid, &mut ranked, 5.0, 12);
        assert_eq!((ranked.len(), bonus.len()), (12, 12));
        assert_eq!(
            (ranked[0].from, ranked[0].to, bonus[0]),
            (plain[0].from, plain[0].to, 0.0)
        );
        let mut reordered = false;
        for (i, (m, b)) in ranked.iter().zip(&bonus).enumerate() {
            // Each kept move is one of the plain look's best 12, valued plus its term.
            let old = plain[..12]
                .iter()
                .position(|p| (p.from, p.to) == (m.from, m.to));
            let old = old.unwrap_or_else(|| panic!("{m:?} was not among the best 12"));
            reordered |= old != i;
            let mut after = grid.clone();
            play_move(
                &mut after,
                n,
                m.from as usize,
                m.to as usize,
                &mut Vec::new(),
            );
            let expected = match m.points > 0 {
                true => 0.0,
                false => 5.0 * ev.survival(&after),
            };
            assert_eq!(*b, expected);
            assert_eq!(m.value, plain[old].value + b);
            if i > 0 {
                assert!(m.first <= ranked[i - 1].first);
                assert!(m.first != ranked[i - 1].first || m.value <= ranked[i - 1].value);
            }
        }
        assert!(reordered, "the term changes the order on this board");
    }

    #[test]
    fn it_never_plays_an_illegal_move_even_with_almost_no_time() {
        // Many colours on small boards fill up fast and end in crowded, awkward positions.
        for seed in [2u64, 8, 20, 27, 49] {
            let inst = Lines::generate(seed, &Params::new());
            for limit in [0.0, 3.0, 60.0] {
                // A mock clock: 0.01 ms per reading, the same every run.
                let mut budget = Budget::with_clock(limit, stepping_clock(0.01));
                let result = play::<Lines>(&inst, &mut ExpectimaxAgent::default(), &mut budget);
                let (actions, state) = result.unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                assert!(!actions.is_empty() && state.moves == actions.len());
            }
        }
    }
}
