//! The evaluating player (default): a static evaluation of boards, and a 2-ply look over
//! the next tile's known distribution (never the tile stream itself), 3-ply while the discard
//! counter is above zero.
//!
//! The evaluation rewards what keeps a game alive and clearing: coverage (how many of the
//! N x N regular tiles fit some frontier cell, once, twice, three times), free space, lines
//! that fill without dead cells (cells no regular tile fits), how soon each line can be
//! filled (the sum over its empty cells of 1 / P(the next tile fits there)), points, and a
//! low discard counter. Remove tiles, wildcards and discards compete with placements under
//! the same evaluation.
//!
//! Each move, every answer to the tile in hand (each legal cell, or DISCARD) gets its static
//! value; the best few then get the expectation, over the next tile (wildcard, remove, or
//! each colour/shape with the statement's odds), of the best static value reachable with it
//! (a discard, or the loss of being stuck). While the counter is above zero the best few of
//! those get a third ply: the expectation over the next tile of its best answer's 2-ply
//! value. A game is lost when bad tiles come faster than placements bring the counter down,
//! which two plies hardly see. The look-ahead runs while this move's share of the budget
//! lasts (a larger share for the third ply), so a 10,000-move game fits the budget. The
//! evaluation is incremental: an `Analysis` of a board prepares each cell once (`Put`), then
//! each tile costs a few mask operations, and a tile is valued only on the cells where it can
//! still beat its best (a wildcard's value on a cell bounds every tile's, `best_cells`).

use crate::clock::Budget;
use crate::game::Agent;
use crate::games::tiles_matching::{
    Action, Board, Observation, Tile, TilesMatching, EMPTY, MOVES, WILD,
};
use crate::rng::SplitMix64;

thread_local! {
    /// Work done by this thread's evaluation (`work_units`).
    static WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

#[inline]
fn add_work(units: usize) {
    WORK.with(|w| w.set(w.get() + units as u64));
}

/// The evaluation work this thread has done so far, in units of about one cell visited:
/// a board analysis counts its cells, preparing a placement its frontier and lines, each
/// tile valued on a prepared cell a few units. A clock-free stand-in for time
/// (`examples/tiles_matching_deaths.rs`, WORK_NS): play repeats exactly, and the same budget
/// is the same work whatever else the machine runs.
pub fn work_units() -> u64 {
    WORK.with(|w| w.get())
}

/// Bit `color * 10 + shape` of a `u128` stands for the regular tile (colour, shape).
type Combos = u128;

/// The static evaluation's weights (see `WEIGHTS`, `TIGHT_WEIGHTS`, `SMALL_WEIGHTS`,
/// `NINE_SMALL_WEIGHTS`, `TEN_TIGHT_WEIGHTS`, and `EIGHT_WEIGHTS`, `EIGHT_SMALL_WEIGHTS` and
/// `SEVEN_WEIGHTS`, the ones with the jam term).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Weights {
    /// Per fraction of regular tiles that fit nowhere.
    uncovered: f64,
    /// Per fraction of regular tiles that fit in at least two / three cells.
    covered_twice: f64,
    covered_thrice: f64,
    /// Per empty cell that no regular tile fits.
    dead_cell: f64,
    /// Per line, times its squared fill fraction while it has no dead cell.
    line_fill: f64,
    /// Per line, times 1 / (1 + expected turns to fill it).
    line_rate: f64,
    empty_cell: f64,
    /// Per unit of the discard counter.
    counter: f64,
    /// Per point scored.
    points: f64,
    /// The value of being stuck (nothing fits, no discard left).
    stuck: f64,
    /// Per squared cell placed beyond `fill_knee` of the board, over the board's cells: the
    /// jam term (a board fuller than this precedes deaths, "Eighth session, branch tiles8").
    fill: f64,
    /// The fill share where the jam term starts.
    fill_knee: f64,
}

/// How many numbers describe a board for the learned hazard (`features`).
pub const FEATURES: usize = 8;

/// The learned hazard's inputs: 1, discards left, ln P(the next tile fits nowhere), their
/// product, the shares of regular tiles that fit at least twice / three times, and the
/// dead and empty cells' shares of the board.
fn features(ctx: &Ctx, counter: u8, cover: &[Combos; 3], dead: i32, empty: i32) -> [f64; FEATURES] {
    let share = |combos: Combos| combos.count_ones() as f64 / ctx.nn;
    let left = (ctx.d - counter.min(ctx.d)) as f64;
    let miss = (ctx.p_regular * (1.0 - share(cover[0]))).max(1e-3).ln();
    let cells = (ctx.side * ctx.side) as f64;
    [
        1.0,
        left,
        miss,
        left * miss,
        share(cover[1]),
        share(cover[2]),
        dead as f64 / cells,
        empty as f64 / cells,
    ]
}

/// The features of a board with the counter at `counter`, for fitting a hazard model
/// offline (`examples/tiles_matching_hazard.rs`). A fitted hazard (P(lost within 25 moves)
/// from the counter features, AUC 0.71) was tried as a leaf term beside and instead of the
/// counter weight and lost (docs/solver-report.md, "Fifth session, branch tiles5"); the
/// evaluation does not use it.
pub fn board_features(n: u8, side: usize, d: u8, board: &Board, counter: u8) -> [f64; FEATURES] {
    let ctx = Ctx::new(n, side, d);
    let a = Analysis::new(&ctx, board);
    let mut cover = [0; 3];
    for &f in &a.frontier {
        add_cover(&mut cover, a.accept[f as usize]);
    }
    features(&ctx, counter, &cover, a.totals.dead, a.totals.empty)
}

/// The static value of each board with its counter (the leaf value of the look-ahead), for
/// offline searches (`examples/tiles_matching_forks.rs`: a search that knows the tile
/// stream, to see whether any play outlives a lost game).
pub fn static_values(n: u8, side: usize, d: u8, boards: &[(&Board, u8)]) -> Vec<f64> {
    let ctx = Ctx::new(n, side, d);
    boards
        .iter()
        .map(|&(board, counter)| Analysis::new(&ctx, board).value(&ctx, counter))
        .collect()
}

/// How many numbers `jam_stats` gives.
pub const JAM_STATS: usize = 9;

/// Plain statistics of a board, to study how a board jams (`examples/tiles_matching_hazard.rs`
/// logs them): its fill (share of cells placed), dead and frontier cells (shares of the
/// board), the number of distinct sockets (different sets of regular tiles that fit one
/// frontier cell), the shares of the N x N regular tiles that fit at least once and at least
/// twice, the fill of the fullest line with no dead cell, ln of the fewest expected turns to
/// fill such a line (ln 1,000 if there is none), and the share of lines with no dead cell.
pub fn jam_stats(n: u8, side: usize, d: u8, board: &Board) -> [f64; JAM_STATS] {
    let ctx = Ctx::new(n, side, d);
    let a = Analysis::new(&ctx, board);
    let cells = (side * side) as f64;
    let mut cover = [0; 3];
    let mut sockets: Vec<Combos> = Vec::new();
    for &f in &a.frontier {
        let accept = a.accept[f as usize];
        add_cover(&mut cover, accept);
        if accept != 0 && !sockets.contains(&accept) {
            sockets.push(accept);
        }
    }
    let t = &a.totals;
    let lines = (0..side).flat_map(|k| {
        [
            (t.row_filled[k], t.row_dead[k], t.row_wait[k]),
            (t.col_filled[k], t.col_dead[k], t.col_wait[k]),
        ]
    });
    let (mut open, mut fullest, mut soonest) = (0, 0.0f64, 1000.0f64);
    for (filled, dead, wait) in lines {
        if dead == 0 {
            open += 1;
            fullest = fullest.max(filled as f64 / side as f64);
            soonest = soonest.min(wait);
        }
    }
    let share = |combos: Combos| combos.count_ones() as f64 / ctx.nn;
    [
        board.occupied() as f64 / cells,
        t.dead as f64 / cells,
        a.frontier.len() as f64 / cells,
        sockets.len() as f64,
        share(cover[0]),
        share(cover[1]),
        fullest,
        soonest.max(1.0).ln(),
        open as f64 / (2 * side) as f64,
    ]
}

/// The parts `explain` splits a static value into, in this order.
pub const TERM_NAMES: [&str; 10] = [
    "points",
    "empty",
    "fill",
    "counter",
    "uncovered",
    "twice",
    "thrice",
    "dead",
    "line_fill",
    "line_rate",
];

/// One answer to a tile, explained (`explain`): the cell (`None` = discard), its static
/// value split into `TERM_NAMES` (they sum to it), its two-ply value and, if asked for, its
/// three-ply value (else NaN).
#[derive(Clone, Debug)]
pub struct Explained {
    pub cell: Option<usize>,
    pub terms: [f64; 10],
    pub two_ply: f64,
    pub three_ply: f64,
}

/// The best `LOOKAHEAD` answers to `tile` by static value, each with its terms and its two-
/// (and with `deep`, three-) ply value, the way the agent's look-ahead values them (without
/// its time limit): to see why a game went the way it did (`examples/tiles_matching_trace.rs`).
pub fn explain(
    n: u8,
    side: usize,
    d: u8,
    board: &Board,
    tile: Tile,
    counter: u8,
    deep: bool,
) -> Vec<Explained> {
    let ctx = &Ctx::new(n, side, d);
    let a = Analysis::new(ctx, board);
    choices(ctx, &a, board, tile, counter)
        .iter()
        .take(LOOKAHEAD)
        .map(|choice| {
            let (next, points, after) = answer(ctx, board, tile, choice.cell, counter);
            let mut terms = Analysis::new(ctx, &next).terms(ctx, after);
            terms[0] = points;
            Explained {
                cell: choice.cell,
                terms,
                two_ply: points + expectation(ctx, &next, after),
                three_ply: match deep {
                    true => points + deep_expectation(ctx, &next, after),
                    false => f64::NAN,
                },
            }
        })
        .collect()
}

/// For N < 7 (and, with the jam term, `SEVEN_WEIGHTS`, N = 7), hand-tuned with 2-ply search
/// at 5 s per game on seeds 1..24 with N forced to 5, 8 and 9. The tight set below plays
/// worse here: without a time limit, N = 7 on seeds 6001..6032 (at most 3,000 moves) loses
/// 4 games instead of 1, and its empty cells worth 2 make N = 4..7 discard more and score
/// 1.52-1.60 points per move instead of 1.85-1.91.
const WEIGHTS: Weights = Weights {
    uncovered: -200.0,
    covered_twice: 30.0,
    covered_thrice: 10.0,
    dead_cell: -5.0,
    line_fill: 1.0,
    line_rate: 10.0,
    empty_cell: 1.0,
    counter: -20.0,
    points: 1.0,
    stuck: -1000.0,
    fill: 0.0,
    fill_knee: 1.0,
};

/// For N >= 9 on boards of side 10 to 12, and (with the jam term, `EIGHT_WEIGHTS`) N = 8,
/// where a tile rarely fits and survival decides: dead cells cost more, full lines and
/// empty cells are worth more. Tuned without a time limit on seeds from 2001 with
/// N forced; deaths per 1,000 moves against `WEIGHTS` on 4001..4032 (at most 1,500 moves):
/// N = 9 0.60 to 0.17, N = 10 0.90 to 0.29; N = 8 on 5001..5024 (at most 2,000) 0.18 to
/// 0.11, at 1.48 points per move instead of 1.77.
const TIGHT_WEIGHTS: Weights = Weights {
    dead_cell: -60.0,
    line_fill: 6.0,
    empty_cell: 2.0,
    ..WEIGHTS
};

/// For N = 8 on sides 9 to 12 (side 8: `EIGHT_SMALL_WEIGHTS`): `TIGHT_WEIGHTS` with the jam
/// term. Before a death the board fills (mean fill 0.33-0.36 until about 100 moves before
/// it, 0.46 / 0.50 / 0.57 in the last 100 / 50 / 25 moves, N = 8, S = 8, D = 2), and fill
/// predicts a death better than the counter does; a cost of 10 per squared cell placed
/// beyond 35 % of the board, over its cells, kept N = 8, S = 8, D = 2 games alive longer on
/// the work clock (5,000 ms, WORK_NS = 10): seeds 190501..190530 +1,371 ± 619 moves a game,
/// 190531..190560 +946 ± 503 (docs/solver-report.md, "Eighth session, branch tiles8").
const EIGHT_WEIGHTS: Weights = Weights {
    fill: -10.0,
    fill_knee: 0.35,
    ..TIGHT_WEIGHTS
};

/// For N = 8 on boards of side 8: `EIGHT_WEIGHTS` with tiles that fit twice worth a third
/// as much (10 per share instead of 30; N = 9, S = 9 has 15). N = 8, S = 8 is the N = 8
/// group that dies (seeds 1..100: 3 of 32 full in the eighth and ninth sessions' clock
/// runs); on the work clock (5,000 ms, WORK_NS = 10, D drawn) its games lived +679 ± 736
/// moves longer on seeds 270101..270140 (full 4 -> 12 of 40) and +1,305 ± 407 on
/// 270201..270260 (full 8 -> 14 of 60; pooled +1,055 ± 382, 60 longer / 33 shorter);
/// 15 gained less (pooled +621 ± 388, full 12 -> 19 of 100), 20 nothing (-248 ± 595 on the
/// first 40) (docs/solver-report.md, "Tenth session, branch tiles11").
const EIGHT_SMALL_WEIGHTS: Weights = Weights {
    covered_twice: 10.0,
    ..EIGHT_WEIGHTS
};

/// For N = 7: `WEIGHTS` with N = 8's jam term (−10 per squared cell placed beyond 35 % of
/// the board, over its cells). N = 7 loses its games on boards of side 8 (half of them at
/// 5 s); on the work clock (5,000 ms, WORK_NS = 10) the term filled 28 of 40 games of N = 7,
/// S = 8 (seeds 220201..220240, D drawn) instead of 20, and 38 of 40 with S and D drawn
/// (220001..220040) instead of 35 (docs/solver-report.md, "Ninth session, branch tiles10").
const SEVEN_WEIGHTS: Weights = Weights {
    fill: -10.0,
    fill_knee: 0.35,
    ..WEIGHTS
};

/// For N >= 9 on boards of side 8 and 9, where TIGHT_WEIGHTS still lost most games within a
/// few hundred moves: empty cells are worth twice as much, so that a tile that would spoil
/// the board is discarded more often. Without a time limit (at most 2,000 moves, seeds
/// 4001..4016), deaths per 1,000 moves against `TIGHT_WEIGHTS`: N = 10, S = 8, D = 2 3.24
/// to 2.45; N = 10, S = 9, D = 2 1.37 to 1.14; N = 9, S = 8, D = 2 1.47 to 0.87. Checked on
/// 4101..4116: N = 10, S = 8, D = 2 3.83 to 2.41; N = 9, S = 9, D = 3 0.23 to 0.07, at about
/// 1.0-1.2 points per move instead of 1.1-1.4. At 5 s per game (`arcade bench`, seeds
/// 7301..7330): N = 10, S = 8, D = 2 2.61 to 2.47; N = 10, S = 9, D = 2 1.49 to 1.06;
/// N = 9, S = 8, D = 3 1.17 to 0.80; N = 9, S = 9, D = 2 0.49 to 0.39. Not for S = 10:
/// there N = 10, D = 2 went 0.37 to 0.51 (4101..4116) and points per move fell from 1.37 to
/// 1.16. On 4001..4016, 5 measured about as well at fewer points, 6 worse on N = 10, S = 8
/// (5.16), 9 and 15 much worse; adding counter -40 was worse (3.83, 1.37, 1.68).
const SMALL_WEIGHTS: Weights = Weights {
    empty_cell: 4.0,
    ..TIGHT_WEIGHTS
};

/// For N = 9 on boards of side 9: `SMALL_WEIGHTS` with tiles that fit twice worth half as
/// much (15 per share instead of 30). On the work clock (5,000 ms, WORK_NS = 10, D drawn)
/// N = 9, S = 9 games lived +689 ± 506 moves longer on seeds 220301..220340 (full 1 -> 8 of
/// 40) and +923 ± 584 on 220701..220760 (full 11 -> 18 of 60); doubling the weight lost
/// (-1,302 ± 578 on 220701..220760), and halving it lost on N = 10, S = 10 (-947 ± 688)
/// (docs/solver-report.md, "Ninth session, branch tiles10").
const NINE_SMALL_WEIGHTS: Weights = Weights {
    covered_twice: 15.0,
    ..SMALL_WEIGHTS
};

/// For N = 10 on boards of side 10: `TIGHT_WEIGHTS` with empty cells worth 3 instead of 2
/// (`SMALL_WEIGHTS`, for sides 8 and 9, has 4). These games die of jams built over the last
/// 150-300 moves (a board that the tile stream killed, replayed from 5 / 150 moves before
/// the death with other tiles, lives 300 moves more 25 / 70 % of the time, and one other
/// answer in the last 20 moves hardly ever saves it): more room keeps boards from the jam.
/// On the work clock (5,000 ms, WORK_NS = 10, D drawn) games lived +1,775 ± 386 moves
/// longer on seeds 450401..450500 (full 8 -> 24 of 100) and +1,180 ± 364 on 450501..450600
/// (full 4 -> 20), at 1.21 points per move instead of 1.39; line fill 12 instead of 6 lost
/// (-2,958 ± 288) (docs/solver-report.md, "Fourteenth session, branch tiles18").
const TEN_TIGHT_WEIGHTS: Weights = Weights {
    empty_cell: 3.0,
    ..TIGHT_WEIGHTS
};

/// At most this many of the best static choices get the 2-ply look.
const LOOKAHEAD: usize = 8;
/// A move's share of the time left is half of it spread evenly over the moves left and half
/// over at most HORIZON of them: a lost game ends with most of its budget unspent
/// otherwise, and the even half keeps time for a long game's last moves (with all of it
/// over 2,000 moves, costly N = 7 games at 5 s ran out of time near move 7,000 and died).
const HORIZON: usize = 2000;
/// With the counter above zero, this many of the best two-ply answers get three plies
/// (`deep_expectation`), on up to DANGER_SHARE times the move's share of the time.
const DEEP: usize = 3;
/// With N >= 9, every answer that got two plies (up to LOOKAHEAD) may get three: these games
/// die with most of their budget unspent, and without a time limit the third ply for all
/// of them lowered deaths per 1,000 moves (see `docs/solver-report.md`, "TilesMatching:
/// `eval`"). Not with the counter at zero: there a third ply made N = 10, S = 8 games die
/// faster (1.85 to 3.10 per 1,000 moves), turning half the discards into placements.
const DEEP_TIGHT: usize = LOOKAHEAD;
const DANGER_SHARE: f64 = 8.0;
/// For N = 8 on side 8, the third ply compares the best two-ply answers tile by tile and
/// stops once the estimated difference is this many standard errors from zero
/// (`challenger_wins`): a third of the exact third ply's work, the exact choice on 99 % of
/// third-ply moves, so it runs on every counter-above-zero move to the game's end (the exact
/// one cost about 27 two-ply moves and stopped near move 3,000; tiles15 kept it for boards
/// at least 0.40 full only). On the work clock (5,000 ms, WORK_NS = 10, D drawn) full games
/// rose from 31 to 45 of 100 (seeds 440001..440100) and from 36 to 55 of 105 (442001..442105):
/// +0.16 ± 0.04 a game pooled, moves +656 ± 303 (docs/solver-report.md, "Fourteenth session,
/// branch tiles17"). N = 7 on side 8 too: deaths after move 6,000 fell from 46 to 21 and
/// full games rose from 177 to 204 of 266 (seeds 470001..470266, +0.10 ± 0.04 a game) and
/// from 67 to 92 of 120 fresh ones (471001..471120, +0.21 ± 0.06; "Fourteenth session,
/// branch tiles19").
const EIGHT_SMALL_DEEP_STOP: f64 = 3.0;

/// The third ply on a deadline instead of a cost estimate: the best answers compared tile by
/// tile (the early stop at `z`), challengers taken, and each comparison cut, while the move
/// has spent less than `early_shares` of its share before move `early_moves`, and after it less
/// than `late_shares` of its share and less than the even schedule (the budget's pro-rata point
/// at this move), so that the late game keeps its budget.
#[derive(Clone, Copy, Debug, PartialEq)]
struct DeepDeadline {
    z: f64,
    early_moves: usize,
    early_shares: f64,
    late_shares: f64,
}

/// N = 10, S = 10's third ply. The cost estimate that gates the exact third ply goes stale
/// there: it ran on 0.9-2.9 % of moves, all early ("Fifteenth session, branch tiles22"). On
/// this deadline games lasted +1,380 ± 572 moves (60 pairs, seeds 560000..) and +1,516 ± 568
/// on a fresh set (560100..), +1,448 ± 401 over the 120 with points a move unchanged: deaths
/// before move 3,000 fell from 53 to 26; full games 24 -> 33 (+0.075 ± 0.054, not resolved).
/// docs/solver-report.md, "Sixteenth session, branch tiles25".
const TEN_TIGHT_DEEP: DeepDeadline = DeepDeadline {
    z: 3.0,
    early_moves: 3000,
    early_shares: 2.0,
    late_shares: 4.0,
};
/// N = 9, S = 9's third ply: tiles25's deadline with the early shares for the first 5,000
/// moves. The exact third ply there (its cost estimate) spent 66-74 k work a move and its
/// games died early; on this deadline (58-59 k a move), on two fresh sets after the screen,
/// games lasted +789 ± 457 and +1,250 ± 400 moves, full games +0.03 ± 0.06 and +0.11 ± 0.05 a
/// game (200 pairs; docs/solver-report.md, "Seventeenth session, branch tiles29").
const NINE_SMALL_DEEP: DeepDeadline = DeepDeadline {
    early_moves: 5000,
    ..TEN_TIGHT_DEEP
};
/// For N = 8 on side 8, which answers the early-stop third ply compares with the best
/// two-ply one: the discard wherever it ranks among the LOOKAHEAD (its two-ply value is
/// about 18 below the placements' but it wins the third ply a third of the time, also from
/// 4th-8th place, where it got no third ply), and of the next DEEP - 1 placements those within
/// this of the best two-ply value (further ones hardly ever win: 5 of 1,160). About the same
/// third-ply work a move; on the work clock full games rose from 47 to 65 of 120 (seeds
/// 570001..570120) and from 42 to 59 of 100 fresh ones (570121..570220): +0.16 ± 0.04 a game
/// pooled, moves +1,984 ± 302 (docs/solver-report.md, "Sixteenth session, branch tiles26").
const EIGHT_EIGHT_CLOSE: f64 = 1.0;
/// The same rule for N = 7 on side 8: its discard ranks 4th-8th among the two-ply answers on
/// 91 % of the third-ply moves where it is looked at and beats the leader on 36 % of those.
/// On the work clock full games rose from 118 to 135 of 150 (seeds 610001..610150) and from
/// 46 to 58 of 60 fresh ones (611001..611060): +0.14 ± 0.035 a game pooled, deaths after move
/// 6,000 14 -> 4 (docs/solver-report.md, "Seventeenth session, branch tiles30").
const SEVEN_EIGHT_CLOSE: f64 = 1.0;
/// From this N on, the first tile (a wildcard on an empty board) goes to the middle cell.
/// Every cell of an empty board has the same value, and the first of them, (1, 1), starts
/// the game beside a corner, where the first tiles have few free neighbours and few cells
/// take a tile: on the work clock (5,000 ms, WORK_NS = 10, S and D drawn, seeds 311001..311150)
/// 16 of 150 games of N = 10 died within 60 moves, 6 of N = 9 and 3 of N = 8 (none of N = 7);
/// from the middle 3, 4 and 0 (docs/solver-report.md, "Eleventh session, branch tiles12").
/// N = 7 too: 9 of 600 died within 60 moves from the corner, none from the middle (seeds
/// 360201..360800); N = 5-6 lost none of 300 either way, so N = 4-6 keep the corner (and
/// their pinned games) (docs/solver-report.md, "Twelfth session, branch tiles13").
const CENTRE_FROM: u8 = 7;
/// About what a move without look-ahead costs natively.
const STATIC_MOVE_MS: f64 = 0.05;

/// What stays fixed through a game: sizes, odds and per-code masks.
#[derive(Clone)]
struct Ctx {
    n: u8,
    d: u8,
    side: usize,
    /// For each board code, the regular tiles that may sit beside it.
    masks: Vec<Combos>,
    all: Combos,
    w: Weights,
    /// How many answers may get three plies (`DEEP` or `DEEP_TIGHT`).
    deep: usize,
    /// The third ply tile by tile with an early stop at this many standard errors
    /// (`EIGHT_SMALL_DEEP_STOP`, N = 7-8 on side 8), else exact.
    deep_stop: Option<f64>,
    /// The third ply on a deadline (`TEN_TIGHT_DEEP`, N = 10, S = 10; `NINE_SMALL_DEEP`, N = 9,
    /// S = 9), else as `deep_stop` says.
    deep_deadline: Option<DeepDeadline>,
    /// The third ply for the discard wherever it ranks, and for placements only within this
    /// of the best two-ply value (`EIGHT_EIGHT_CLOSE`, `SEVEN_EIGHT_CLOSE`); else for the best
    /// `deep` answers.
    deep_close: Option<f64>,
    /// The first tile (a wildcard on an empty board) goes to the middle cell (`CENTRE_FROM`).
    centre: bool,
    nn: f64,
    /// The board's cells.
    cells: f64,
    p_special: f64,
    p_regular: f64,
    p_lone: f64,
}

impl Ctx {
    fn new(n: u8, side: usize, d: u8) -> Self {
        let mut all: Combos = 0;
        for c in 0..n {
            for s in 0..n {
                all |= 1 << (c * 10 + s);
            }
        }
        let masks = (0..=255u8)
            .map(|code| match code {
                EMPTY | WILD => all,
                code if code / 10 >= n || code % 10 >= n => 0,
                code => {
                    let (color, shape) = (code / 10, code % 10);
                    let mut m: Combos = 0;
                    for k in 0..n {
                        m |= 1 << (color * 10 + k);
                        m |= 1 << (k * 10 + shape);
                    }
                    m
                }
            })
            .collect();
        let nn = n as f64 * n as f64;
        let p_special = 1.0 / (32.0 - n as f64);
        let p_regular = 1.0 - 2.0 * p_special;
        Ctx {
            n,
            d,
            side,
            masks,
            all,
            w: match n {
                9 if side == 9 => NINE_SMALL_WEIGHTS,
                10 if side == 10 => TEN_TIGHT_WEIGHTS,
                9.. if side <= 9 => SMALL_WEIGHTS,
                9.. => TIGHT_WEIGHTS,
                8 if side == 8 => EIGHT_SMALL_WEIGHTS,
                8 => EIGHT_WEIGHTS,
                7 => SEVEN_WEIGHTS,
                _ => WEIGHTS,
            },
            deep: match n {
                9.. => DEEP_TIGHT,
                _ => DEEP,
            },
            deep_stop: match (n, side) {
                (7 | 8, 8) => Some(EIGHT_SMALL_DEEP_STOP),
                _ => None,
            },
            deep_deadline: match (n, side) {
                (10, 10) => Some(TEN_TIGHT_DEEP),
                (9, 9) => Some(NINE_SMALL_DEEP),
                _ => None,
            },
            deep_close: match (n, side) {
                (8, 8) => Some(EIGHT_EIGHT_CLOSE),
                (7, 8) => Some(SEVEN_EIGHT_CLOSE),
                _ => None,
            },
            centre: n >= CENTRE_FROM,
            nn,
            cells: (side * side) as f64,
            p_special,
            p_regular,
            p_lone: p_regular * (2.0 * n as f64 - 1.0) / nn + p_special,
        }
    }

    /// Points for placing a tile that clears these lines.
    fn reward(&self, row: bool, col: bool) -> f64 {
        let s = self.side as f64;
        match (row, col) {
            (true, true) => 1.0 + 3.0 * s,
            (false, false) => 1.0,
            _ => 1.0 + s,
        }
    }
}

/// What one empty cell adds to the evaluation.
#[derive(Clone, Copy, Default)]
struct CellTerms {
    /// Expected turns until a tile fits here.
    wait: f64,
    dead: bool,
}

#[inline]
fn cell_terms(ctx: &Ctx, accept: Combos, count: u8) -> CellTerms {
    if count == 0 {
        return CellTerms {
            wait: 1.0 / ctx.p_lone,
            ..Default::default()
        };
    }
    let fits = accept.count_ones() as f64 / ctx.nn;
    CellTerms {
        wait: 1.0 / (ctx.p_regular * fits + ctx.p_special),
        dead: accept == 0,
    }
}

/// Sums over the board that a placement updates locally.
#[derive(Clone, Copy)]
struct Totals {
    row_filled: [u8; 12],
    col_filled: [u8; 12],
    row_wait: [f64; 12],
    col_wait: [f64; 12],
    row_dead: [u8; 12],
    col_dead: [u8; 12],
    dead: i32,
    empty: i32,
}

impl Totals {
    fn add(&mut self, r: usize, c: usize, t: CellTerms, sign: f64) {
        self.row_wait[r] += sign * t.wait;
        self.col_wait[c] += sign * t.wait;
        if t.dead {
            let k = sign as i32;
            self.dead += k;
            self.row_dead[r] = (self.row_dead[r] as i32 + k) as u8;
            self.col_dead[c] = (self.col_dead[c] as i32 + k) as u8;
        }
    }

    /// Everything but the lines, given the coverage masks (tiles that fit at least once,
    /// twice, three times).
    fn board_value(&self, ctx: &Ctx, counter: u8, cover: &[Combos; 3]) -> f64 {
        let w = &ctx.w;
        let share = |combos: Combos| combos.count_ones() as f64 / ctx.nn;
        let excess = (ctx.cells - self.empty as f64 - w.fill_knee * ctx.cells).max(0.0);
        w.empty_cell * self.empty as f64
            + w.fill * excess * excess / ctx.cells
            + w.counter * counter as f64
            + w.uncovered * (1.0 - share(cover[0]))
            + w.covered_twice * share(cover[1])
            + w.covered_thrice * share(cover[2])
            + w.dead_cell * self.dead as f64
    }

    fn row_value(&self, ctx: &Ctx, k: usize) -> f64 {
        line_value(ctx, self.row_filled[k], self.row_dead[k], self.row_wait[k])
    }

    fn col_value(&self, ctx: &Ctx, k: usize) -> f64 {
        line_value(ctx, self.col_filled[k], self.col_dead[k], self.col_wait[k])
    }

    fn value(&self, ctx: &Ctx, counter: u8, cover: &[Combos; 3]) -> f64 {
        let lines: f64 = (0..ctx.side)
            .map(|k| self.row_value(ctx, k) + self.col_value(ctx, k))
            .sum();
        self.board_value(ctx, counter, cover) + lines
    }
}

/// A row or column: how full it is while it can still be completed, and how soon.
#[inline]
fn line_value(ctx: &Ctx, filled: u8, dead: u8, wait: f64) -> f64 {
    let fill = match dead {
        0 => {
            let x = filled as f64 / ctx.side as f64;
            x * x
        }
        _ => 0.0,
    };
    ctx.w.line_fill * fill + ctx.w.line_rate / (1.0 + wait)
}

#[inline]
fn add_cover(cover: &mut [Combos; 3], accept: Combos) {
    cover[2] |= cover[1] & accept;
    cover[1] |= cover[0] & accept;
    cover[0] |= accept;
}

/// Per-cell facts of one board, so that the value after one more tile is a small update.
#[derive(Clone)]
struct Analysis {
    /// For an empty cell, the regular tiles its placed neighbours allow.
    accept: [Combos; 144],
    /// For an empty cell, how many placed neighbours it has.
    count: [u8; 144],
    /// Empty cells with at least one placed neighbour.
    frontier: Vec<u16>,
    totals: Totals,
    board_empty: bool,
}

impl Analysis {
    fn new(ctx: &Ctx, board: &Board) -> Self {
        let s = ctx.side;
        add_work(s * s);
        let cells = board.cells();
        let mut a = Analysis {
            accept: [0; 144],
            count: [0; 144],
            frontier: Vec::with_capacity(64),
            totals: Totals {
                row_filled: [0; 12],
                col_filled: [0; 12],
                row_wait: [0.0; 12],
                col_wait: [0.0; 12],
                row_dead: [0; 12],
                col_dead: [0; 12],
                dead: 0,
                empty: (s * s - board.occupied()) as i32,
            },
            board_empty: board.is_empty(),
        };
        for cell in 0..s * s {
            let (r, c) = (cell / s, cell % s);
            if cells[cell] != EMPTY {
                a.totals.row_filled[r] += 1;
                a.totals.col_filled[c] += 1;
                continue;
            }
            let mut accept = ctx.all;
            let mut count = 0;
            for nb in board.neighbours(cell) {
                let code = cells[nb];
                if code != EMPTY {
                    accept &= ctx.masks[code as usize];
                    count += 1;
                }
            }
            a.accept[cell] = accept;
            a.count[cell] = count;
            if count > 0 {
                a.frontier.push(cell as u16);
            }
            a.totals.add(r, c, cell_terms(ctx, accept, count), 1.0);
        }
        a
    }

    fn value(&self, ctx: &Ctx, counter: u8) -> f64 {
        if self.board_empty {
            let w = &ctx.w;
            return w.empty_cell * self.totals.empty as f64 + w.counter * counter as f64;
        }
        let mut cover = [0; 3];
        for &f in &self.frontier {
            add_cover(&mut cover, self.accept[f as usize]);
        }
        self.totals.value(ctx, counter, &cover)
    }

    /// `value` split into `TERM_NAMES` (points 0).
    fn terms(&self, ctx: &Ctx, counter: u8) -> [f64; 10] {
        let w = &ctx.w;
        let t = &self.totals;
        let mut x = [0.0; 10];
        x[1] = w.empty_cell * t.empty as f64;
        x[3] = w.counter * counter as f64;
        if self.board_empty {
            return x;
        }
        let mut cover = [0; 3];
        for &f in &self.frontier {
            add_cover(&mut cover, self.accept[f as usize]);
        }
        let share = |combos: Combos| combos.count_ones() as f64 / ctx.nn;
        let excess = (ctx.cells - t.empty as f64 - w.fill_knee * ctx.cells).max(0.0);
        x[2] = w.fill * excess * excess / ctx.cells;
        x[4] = w.uncovered * (1.0 - share(cover[0]));
        x[5] = w.covered_twice * share(cover[1]);
        x[6] = w.covered_thrice * share(cover[2]);
        x[7] = w.dead_cell * t.dead as f64;
        for k in 0..ctx.side {
            for (filled, dead, wait) in [
                (t.row_filled[k], t.row_dead[k], t.row_wait[k]),
                (t.col_filled[k], t.col_dead[k], t.col_wait[k]),
            ] {
                let rate = w.line_rate / (1.0 + wait);
                x[8] += line_value(ctx, filled, dead, wait) - rate;
                x[9] += rate;
            }
        }
        x
    }

    /// Prepares putting a tile on the empty `cell`: everything that does not depend on
    /// which tile it is.
    fn put_at<'a>(&'a self, ctx: &Ctx, board: &'a Board, cell: usize) -> Put<'a> {
        let s = ctx.side;
        let (r, c) = (cell / s, cell % s);
        add_work(self.frontier.len() + 2 * s);
        let mut t = self.totals;
        let clears = t.row_filled[r] as usize + 1 == s || t.col_filled[c] as usize + 1 == s;
        t.add(
            r,
            c,
            cell_terms(ctx, self.accept[cell], self.count[cell]),
            -1.0,
        );
        t.row_filled[r] += 1;
        t.col_filled[c] += 1;
        t.empty -= 1;
        let mut neighbours = [(0usize, 0 as Combos, 0u8); 4];
        let mut k = 0;
        for nb in board.neighbours(cell) {
            if board.get(nb) == EMPTY {
                t.add(
                    nb / s,
                    nb % s,
                    cell_terms(ctx, self.accept[nb], self.count[nb]),
                    -1.0,
                );
                neighbours[k] = (nb, self.accept[nb], self.count[nb]);
                k += 1;
            }
        }
        let mut cover = [0; 3];
        for &f in &self.frontier {
            let f = f as usize;
            if f != cell && !neighbours[..k].iter().any(|&(x, _, _)| x == f) {
                add_cover(&mut cover, self.accept[f]);
            }
        }
        // Lines away from the cell keep their value whatever the tile.
        let near = |k: usize, centre: usize| k + 1 >= centre && k <= centre + 1;
        let far_lines: f64 = (0..s)
            .map(|k| {
                let mut v = 0.0;
                if !near(k, r) {
                    v += t.row_value(ctx, k);
                }
                if !near(k, c) {
                    v += t.col_value(ctx, k);
                }
                v
            })
            .sum();
        Put {
            board,
            cell,
            clears,
            totals: t,
            cover,
            neighbours,
            k,
            far_lines,
        }
    }
}

/// Putting a tile on one cell, prepared once for all tiles (see `Analysis::put_at`).
struct Put<'a> {
    board: &'a Board,
    cell: usize,
    clears: bool,
    /// Totals without the cell and its empty neighbours, the cell counted as filled.
    totals: Totals,
    /// Coverage of the frontier cells that the tile leaves alone.
    cover: [Combos; 3],
    /// The empty neighbours as they were: cell, accepted tiles, placed neighbours.
    neighbours: [(usize, Combos, u8); 4],
    k: usize,
    far_lines: f64,
}

impl Put<'_> {
    /// Points plus static value after putting `code` here, the counter then at `counter`.
    fn value(&self, ctx: &Ctx, code: u8, counter: u8) -> f64 {
        if self.clears {
            // A clear reshapes the board: evaluate it from scratch.
            let mut next = self.board.clone();
            let clear = next.put(self.cell, code);
            return ctx.w.points * ctx.reward(clear.row, clear.col)
                + Analysis::new(ctx, &next).value(ctx, counter);
        }
        let s = ctx.side;
        let mut t = self.totals;
        let mut cover = self.cover;
        for &(nb, accept, count) in &self.neighbours[..self.k] {
            let accept = accept & ctx.masks[code as usize];
            t.add(nb / s, nb % s, cell_terms(ctx, accept, count + 1), 1.0);
            add_cover(&mut cover, accept);
        }
        let (r, c) = (self.cell / s, self.cell % s);
        let mut lines = self.far_lines;
        for k in r.saturating_sub(1)..(r + 2).min(s) {
            lines += t.row_value(ctx, k);
        }
        for k in c.saturating_sub(1)..(c + 2).min(s) {
            lines += t.col_value(ctx, k);
        }
        ctx.w.points * ctx.reward(false, false) + t.board_value(ctx, counter, &cover) + lines
    }
}

/// One answer to the tile in hand: the cell (`None` = discard) and its static value.
struct Choice {
    cell: Option<usize>,
    value: f64,
}

/// `Clone` lets a measurement fork a game with the agent as it stands
/// (`examples/tiles_matching_forks.rs`).
#[derive(Clone, Default)]
pub struct EvalAgent {
    /// Made at the first move, when N, S and D are known.
    ctx: Option<Ctx>,
    /// A running mean of what one three-ply value costs (ms; 0 before the first).
    deep_ms: f64,
    /// Paired playouts between the best placement and the discard (off by default).
    pub rollouts: Option<Rollouts>,
    /// The root decisions the playouts settled (for `examples/tiles_matching_deaths.rs`).
    pub log: Vec<RolloutRecord>,
    /// Added to a discard's look-ahead value at the root, by the counter before it.
    pub discard_bonus: [f64; 4],
    /// If set, the empty cells' weight instead of the weight set's.
    pub empty_weight: Option<f64>,
    /// If set, the jam term's weight and knee (`Weights::fill`, `fill_knee`) instead of the
    /// weight set's.
    pub fill_term: Option<(f64, f64)>,
    /// If set, the coverage weights (`Weights::uncovered`, `covered_twice`,
    /// `covered_thrice`) instead of the weight set's.
    pub cover_terms: Option<(f64, f64, f64)>,
    /// If set, the line weights (`Weights::dead_cell`, `line_fill`, `line_rate`) instead of
    /// the weight set's.
    pub line_terms: Option<(f64, f64, f64)>,
    /// If set, whether the first tile (a wildcard, on an empty board) goes to the middle of
    /// the board (else to the first of the equally valued cells) instead of the group's
    /// default (`CENTRE_FROM`).
    pub centre_first: Option<bool>,
}

/// Settings of the paired playouts at close place-or-discard decisions.
#[derive(Clone, Copy, Debug)]
pub struct Rollouts {
    /// Playouts per arm (the same sampled streams for both arms).
    pub samples: usize,
    /// Moves per playout.
    pub horizon: usize,
    /// Only when the two arms' two-ply values differ by less than this.
    pub margin: f64,
    /// On at most this many times the move's time share.
    pub share: f64,
    /// Keep the records of each settled decision in `log`.
    pub record: bool,
    /// Let the playouts decide (else they are only recorded).
    pub decide: bool,
    /// Only on moves that are a multiple of this.
    pub every: usize,
}

/// One decision the playouts looked at: the counter, empty cells, the two-ply values of the
/// best placement and of the discard, and the playouts' mean outcome for each arm (moves
/// survived plus a hundredth of the static value at the end), and the chosen arm.
#[derive(Clone, Debug)]
pub struct RolloutRecord {
    pub moves: usize,
    pub counter: u8,
    pub empty: i32,
    pub place_value: f64,
    pub discard_value: f64,
    pub place_outcome: f64,
    pub discard_outcome: f64,
    pub place_deaths: usize,
    pub discard_deaths: usize,
    pub samples: usize,
    pub discarded: bool,
}

/// Sampled tile streams (our SplitMix64, with the statement's odds): never the judge's stream.
struct Stream(SplitMix64);

impl Stream {
    fn below(&mut self, k: u64) -> u64 {
        self.0.next_u64() % k
    }

    /// A tile with the statement's odds (a wildcard on an empty board).
    fn tile(&mut self, n: u8, board_empty: bool) -> Tile {
        let t = self.below(32 - n as u64);
        if board_empty || t == 0 {
            Tile::Wild
        } else if t == 1 {
            Tile::Remove
        } else {
            Tile::Regular {
                color: self.below(n as u64) as u8,
                shape: self.below(n as u64) as u8,
            }
        }
    }
}

/// Plays the static player (each tile answered by its best static choice) on a sampled
/// stream for up to `horizon` moves; the moves survived plus a hundredth of the static value
/// at the end, and whether it died.
fn playout(
    ctx: &Ctx,
    board: &Board,
    counter: u8,
    horizon: usize,
    stream: &mut Stream,
) -> (f64, bool) {
    let mut board = board.clone();
    let mut counter = counter;
    for k in 0..horizon {
        let tile = stream.tile(ctx.n, board.is_empty());
        let a = Analysis::new(ctx, &board);
        let choices = choices(ctx, &a, &board, tile, counter);
        let Some(choice) = choices.first() else {
            return (k as f64, true);
        };
        let (next, _, c) = answer(ctx, &board, tile, choice.cell, counter);
        board = next;
        counter = c;
    }
    let end = Analysis::new(ctx, &board).value(ctx, counter);
    (horizon as f64 + 0.01 * end, false)
}

/// The expected static value after the next tile, each tile answered at its best: placed,
/// or else discarded, or else the loss of being stuck.
fn expectation(ctx: &Ctx, board: &Board, counter: u8) -> f64 {
    let a = Analysis::new(ctx, board);
    let after = counter.saturating_sub(1);
    let fallback = match counter < ctx.d {
        true => a.value(ctx, counter + 1),
        false => ctx.w.stuck,
    };
    if a.board_empty {
        // The next tile is a wildcard that may go anywhere.
        return (0..ctx.side * ctx.side)
            .map(|cell| a.put_at(ctx, board, cell).value(ctx, WILD, after))
            .fold(fallback, f64::max);
    }
    // For every regular tile and the wildcard, the best placement, else the fallback.
    let (cells, wild) = best_cells(ctx, &a, board, after);
    let best = cells.map(|(v, _)| v.max(fallback));
    let best_wild = wild.0.max(fallback);
    // Approximation: a remove tile finds a tile to take out at little cost.
    let remove = fallback.max(ctx.w.points + a.value(ctx, after));
    let p_combo = ctx.p_regular / ctx.nn;
    let mut total = ctx.p_special * (best_wild + remove);
    for color in 0..ctx.n {
        for shape in 0..ctx.n {
            total += p_combo * best[(color * 10 + shape) as usize];
        }
    }
    total
}

/// A static value and the cell that reaches it.
type Best = (f64, usize);

/// Each regular tile's best cell by static value (the first cell on a tie), and the
/// wildcard's, with the counter then at `after`; a tile that fits nowhere has value -inf.
/// A wildcard leaves its neighbours as they were, so its value on a cell bounds every
/// tile's there (`Put::value`: fewer tiles fit beside the placed one, never more): cells
/// are tried best bound first, and a tile is valued on a cell only while the bound can
/// beat its best so far.
fn best_cells(ctx: &Ctx, a: &Analysis, board: &Board, after: u8) -> ([Best; 100], Best) {
    let mut best = [(f64::NEG_INFINITY, 0usize); 100];
    let mut best_wild = (f64::NEG_INFINITY, 0usize);
    let beats = |v: f64, cell: usize, old: Best| v > old.0 || (v == old.0 && cell < old.1);
    let mut bounded = Vec::with_capacity(a.frontier.len());
    for &f in &a.frontier {
        let f = f as usize;
        let put = a.put_at(ctx, board, f);
        let bound = put.value(ctx, WILD, after);
        if beats(bound, f, best_wild) {
            best_wild = (bound, f);
        }
        bounded.push((bound, put));
    }
    bounded.sort_by(|x, y| y.0.total_cmp(&x.0));
    let mut valued = 0;
    for (bound, put) in &bounded {
        let f = put.cell;
        let mut bits = a.accept[f];
        while bits != 0 {
            let code = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !beats(*bound, f, best[code]) {
                continue;
            }
            // A clear leaves the same board whatever the tile.
            let v = match put.clears {
                true => *bound,
                false => {
                    valued += 1;
                    put.value(ctx, code as u8, after)
                }
            };
            if beats(v, f, best[code]) {
                best[code] = (v, f);
            }
        }
    }
    add_work(4 * valued);
    (best, best_wild)
}

/// Three plies: the expectation over the next tile of its best answer, each answer valued by
/// `expectation` over the tile after it. Per tile only the best cell by static value is tried
/// (or a discard, valued once for all tiles).
fn deep_expectation(ctx: &Ctx, board: &Board, counter: u8) -> f64 {
    if board.is_empty() {
        return expectation(ctx, board, counter);
    }
    let a = Analysis::new(ctx, board);
    let after = counter.saturating_sub(1);
    let fallback = match counter < ctx.d {
        true => expectation(ctx, board, counter + 1),
        false => ctx.w.stuck,
    };
    let (best, best_wild) = best_cells(ctx, &a, board, after);
    let deep = |code: u8, cell: usize| {
        let mut next = board.clone();
        let clear = next.put(cell, code);
        let v = ctx.w.points * ctx.reward(clear.row, clear.col) + expectation(ctx, &next, after);
        v.max(fallback)
    };
    let wild = match best_wild.0 > f64::NEG_INFINITY {
        true => deep(WILD, best_wild.1),
        false => fallback,
    };
    // As in `expectation`: a remove tile costs little.
    let remove = fallback.max(ctx.w.points + expectation(ctx, board, after));
    let p_combo = ctx.p_regular / ctx.nn;
    let mut total = ctx.p_special * (wild + remove);
    for color in 0..ctx.n {
        for shape in 0..ctx.n {
            let code = color * 10 + shape;
            let (v, cell) = best[code as usize];
            total += p_combo
                * match v > f64::NEG_INFINITY {
                    true => deep(code, cell),
                    false => fallback,
                };
        }
    }
    total
}

/// A third ply's running cost in ms (`EvalAgent::deep_ms`): a moving mean that starts at
/// the first one measured.
fn running_mean(mean: f64, spent: f64) -> f64 {
    match mean > 0.0 {
        true => 0.9 * mean + 0.1 * spent,
        false => spent,
    }
}

/// One candidate's third ply, valued tile by tile on demand: its two-ply value corrected by
/// the third ply's wildcard and remove tile (`base`), and per regular tile the third-ply
/// minus two-ply term (as `deep_expectation` and `expectation` weigh them).
struct LazyDeep {
    board: Board,
    counter: u8,
    best: [Best; 100],
    fallback2: f64,
    fallback3: f64,
    base: f64,
    corr: [f64; 100],
    done: [bool; 100],
}

impl LazyDeep {
    fn new(ctx: &Ctx, board: Board, counter: u8, two: f64) -> Self {
        let a = Analysis::new(ctx, &board);
        let after = counter.saturating_sub(1);
        let (fallback2, fallback3) = match counter < ctx.d {
            true => (
                a.value(ctx, counter + 1),
                expectation(ctx, &board, counter + 1),
            ),
            false => (ctx.w.stuck, ctx.w.stuck),
        };
        let (best, best_wild) = best_cells(ctx, &a, &board, after);
        let mut d = LazyDeep {
            board,
            counter,
            best,
            fallback2,
            fallback3,
            base: two,
            corr: [0.0; 100],
            done: [false; 100],
        };
        if d.board.is_empty() {
            return d;
        }
        let wild3 = match best_wild.0 > f64::NEG_INFINITY {
            true => d.three(ctx, WILD, best_wild.1),
            false => fallback3,
        };
        let wild2 = best_wild.0.max(fallback2);
        let remove3 = fallback3.max(ctx.w.points + expectation(ctx, &d.board, after));
        let remove2 = fallback2.max(ctx.w.points + a.value(ctx, after));
        d.base += ctx.p_special * ((wild3 - wild2) + (remove3 - remove2));
        d
    }

    fn three(&self, ctx: &Ctx, code: u8, cell: usize) -> f64 {
        let mut next = self.board.clone();
        let clear = next.put(cell, code);
        let after = self.counter.saturating_sub(1);
        let v = ctx.w.points * ctx.reward(clear.row, clear.col) + expectation(ctx, &next, after);
        v.max(self.fallback3)
    }

    /// Whether the tile `code` costs a three-ply value here (it fits somewhere).
    fn costly(&self, code: usize) -> bool {
        !self.board.is_empty() && self.best[code].0 > f64::NEG_INFINITY
    }

    /// The tile's weighted third-ply correction.
    fn corr(&mut self, ctx: &Ctx, code: usize) -> f64 {
        if !self.done[code] {
            self.corr[code] = match (self.board.is_empty(), self.best[code]) {
                (true, _) => 0.0,
                (false, (v, cell)) if v > f64::NEG_INFINITY => {
                    self.three(ctx, code as u8, cell) - v.max(self.fallback2)
                }
                _ => self.fallback3 - self.fallback2,
            };
            self.done[code] = true;
        }
        ctx.p_regular / ctx.nn * self.corr[code]
    }
}

/// Whether the challenger's three-ply value beats the leader's, tiles weighed in `order`:
/// the tiles that fit on neither board exactly, the others as a sample without replacement,
/// stopped once the estimated difference is `z` standard errors from zero (at least 8
/// tiles), or exact when all are weighed; cut (the leader kept) once `out()` says the time is
/// up.
fn challenger_wins(
    ctx: &Ctx,
    leader: &mut LazyDeep,
    challenger: &mut LazyDeep,
    order: &[usize],
    z: f64,
    out: &mut dyn FnMut() -> bool,
) -> bool {
    let mut exact = challenger.base - leader.base;
    let mut costly = Vec::with_capacity(order.len());
    for &code in order {
        match leader.costly(code) || challenger.costly(code) {
            true => costly.push(code),
            false => exact += challenger.corr(ctx, code) - leader.corr(ctx, code),
        }
    }
    let total = costly.len() as f64;
    let (mut sum, mut sq) = (0.0, 0.0);
    for (m, &code) in costly.iter().enumerate() {
        if out() {
            return false;
        }
        let d = challenger.corr(ctx, code) - leader.corr(ctx, code);
        sum += d;
        sq += d * d;
        let m = (m + 1) as f64;
        if m >= 8.0 && m < total {
            let mean = sum / m;
            let var = (sq / m - mean * mean).max(0.0) * m / (m - 1.0);
            let se = total * (var / m * (1.0 - m / total)).sqrt();
            let est = exact + total * mean;
            if est.abs() > z * se {
                return est > 0.0;
            }
        }
    }
    exact + sum > 0.0
}

/// Every answer to `tile` (each legal cell, or DISCARD while the counter allows) with its
/// static value, best first; empty when only GIVE UP is left.
fn choices(ctx: &Ctx, a: &Analysis, board: &Board, tile: Tile, counter: u8) -> Vec<Choice> {
    let after = counter.saturating_sub(1);
    let mut choices: Vec<Choice> = Vec::new();
    for cell in board.legal_cells(tile) {
        let value = match tile.code() {
            None => {
                let mut next = board.clone();
                next.take(cell);
                ctx.w.points + Analysis::new(ctx, &next).value(ctx, after)
            }
            Some(code) => a.put_at(ctx, board, cell).value(ctx, code, after),
        };
        choices.push(Choice {
            cell: Some(cell),
            value,
        });
    }
    if counter < ctx.d {
        choices.push(Choice {
            cell: None,
            value: a.value(ctx, counter + 1),
        });
    }
    choices.sort_by(|x, y| y.value.total_cmp(&x.value));
    choices
}

/// The board, points and counter after answering `tile` with `cell` (`None` = discard).
fn answer(
    ctx: &Ctx,
    board: &Board,
    tile: Tile,
    cell: Option<usize>,
    counter: u8,
) -> (Board, f64, u8) {
    let mut next = board.clone();
    let after = counter.saturating_sub(1);
    match (cell, tile.code()) {
        (None, _) => (next, 0.0, counter + 1),
        (Some(cell), None) => {
            next.take(cell);
            (next, ctx.w.points, after)
        }
        (Some(cell), Some(code)) => {
            let clear = next.put(cell, code);
            (next, ctx.w.points * ctx.reward(clear.row, clear.col), after)
        }
    }
}

impl Agent<TilesMatching> for EvalAgent {
    fn act(&mut self, obs: &Observation, budget: &mut Budget) -> Action {
        let (empty_weight, fill_term, cover_terms, line_terms, centre_first) = (
            self.empty_weight,
            self.fill_term,
            self.cover_terms,
            self.line_terms,
            self.centre_first,
        );
        let ctx = self.ctx.get_or_insert_with(|| {
            let mut ctx = Ctx::new(obs.n, obs.side, obs.d);
            if let Some(w) = empty_weight {
                ctx.w.empty_cell = w;
            }
            if let Some((w, knee)) = fill_term {
                ctx.w.fill = w;
                ctx.w.fill_knee = knee;
            }
            if let Some((u, twice, thrice)) = cover_terms {
                (ctx.w.uncovered, ctx.w.covered_twice, ctx.w.covered_thrice) = (u, twice, thrice);
            }
            if let Some((dead, fill, rate)) = line_terms {
                (ctx.w.dead_cell, ctx.w.line_fill, ctx.w.line_rate) = (dead, fill, rate);
            }
            if let Some(centre) = centre_first {
                ctx.centre = centre;
            }
            ctx
        });
        let board = &obs.board;
        let s = obs.side;
        if ctx.centre && board.is_empty() && obs.tile == Tile::Wild {
            let mid = s / 2;
            return Action::Place {
                row: mid as i64,
                col: mid as i64,
            };
        }
        let a = Analysis::new(ctx, board);
        let choices = choices(ctx, &a, board, obs.tile, obs.counter);
        if choices.is_empty() {
            return Action::GiveUp;
        }
        let mut best = (f64::NEG_INFINITY, choices[0].cell);
        // This move's share of the time left, less what a static-only move costs (so that
        // moves after a spent budget still fit); look ahead while it lasts.
        let moves_left = (MOVES - obs.moves.min(MOVES - 1)) as f64;
        let share =
            0.5 * budget.remaining_ms() * (1.0 / moves_left + 1.0 / moves_left.min(HORIZON as f64))
                - STATIC_MOVE_MS;
        let start = budget.elapsed_ms();
        if choices.len() > 1 && share > 0.0 {
            // Two plies for the best few static choices, best first.
            let mut looked = Vec::with_capacity(LOOKAHEAD);
            for (i, choice) in choices.iter().take(LOOKAHEAD).enumerate() {
                if i >= 2 && budget.elapsed_ms() > start + share {
                    break;
                }
                let (next, points, counter) =
                    answer(ctx, board, obs.tile, choice.cell, obs.counter);
                let bonus = match choice.cell {
                    None => self.discard_bonus[obs.counter.min(3) as usize],
                    Some(_) => 0.0,
                };
                looked.push((
                    points + bonus + expectation(ctx, &next, counter),
                    choice.cell,
                ));
            }
            looked.sort_by(|x, y| y.0.total_cmp(&x.0));
            best = looked[0];
            // With the counter up, a few bad tiles in a row end the game, which two plies
            // do not see: three plies for the best two-ply answers, on a larger share of the
            // time left (the deaths this catches leave the rest of the budget unspent).
            if obs.counter > 0 && looked.len() > 1 {
                // One three-ply value costs about one two-ply value per tile. Only as many
                // as should end within the share (without this, long games had spent their
                // budget by move 2,500 and died on static moves), and at least two: a single
                // one would not change the answer.
                let now = budget.elapsed_ms();
                let estimate = match self.deep_ms > 0.0 {
                    true => self.deep_ms,
                    false => (now - start) / looked.len() as f64 * ctx.nn,
                };
                let room = ((start + DANGER_SHARE * share - now) / estimate) as usize;
                let fit = match room {
                    fit if fit >= 2 => fit.min(ctx.deep),
                    _ => 0,
                };
                let (deep_stop, fit, deadline) = match ctx.deep_deadline {
                    Some(d) if obs.moves < d.early_moves => {
                        (Some(d.z), ctx.deep, start + d.early_shares * share)
                    }
                    Some(d) => {
                        let even = budget.limit_ms() * (obs.moves + 1) as f64 / MOVES as f64;
                        let deadline = (start + d.late_shares * share).min(even);
                        (Some(d.z), ctx.deep, deadline)
                    }
                    None => (ctx.deep_stop, fit, f64::INFINITY),
                };
                match deep_stop {
                    // The best answers compared tile by tile, stopped once the choice is
                    // clear (`challenger_wins`) or the deadline has passed.
                    Some(z) if fit >= 2 && budget.elapsed_ms() < deadline => {
                        // The same random order of the next tiles for every answer, so that
                        // the paired differences are sampled alike.
                        let t = budget.elapsed_ms();
                        let mut order: Vec<(u64, usize)> = (0..ctx.n)
                            .flat_map(|c| (0..ctx.n).map(move |s| (c * 10 + s) as usize))
                            .map(|code| {
                                let seed = (obs.moves as u64) << 8 ^ code as u64 ^ 0x5EED_0000;
                                (SplitMix64::new(seed).next_u64(), code)
                            })
                            .collect();
                        order.sort_unstable();
                        let order: Vec<usize> = order.into_iter().map(|x| x.1).collect();
                        let lazy = |&(two, cell): &(f64, Option<usize>)| {
                            let (next, _, counter) =
                                answer(ctx, board, obs.tile, cell, obs.counter);
                            (LazyDeep::new(ctx, next, counter, two), cell)
                        };
                        let top = looked[0].0;
                        let challengers: Vec<_> = match ctx.deep_close {
                            Some(close) => looked
                                .iter()
                                .enumerate()
                                .skip(1)
                                .filter(|(k, x)| {
                                    x.1.is_none() || (*k < ctx.deep && top - x.0 <= close)
                                })
                                .map(|x| x.1)
                                .take(room.min(ctx.deep + 1).saturating_sub(1))
                                .collect(),
                            None => looked.iter().take(fit).skip(1).collect(),
                        };
                        if !challengers.is_empty() {
                            let mut leader = lazy(&looked[0]);
                            let timed = deadline < f64::INFINITY;
                            let mut out = || timed && budget.elapsed_ms() >= deadline;
                            for x in &challengers {
                                if out() {
                                    break;
                                }
                                let mut challenger = lazy(x);
                                let (lead, other) = (&mut leader.0, &mut challenger.0);
                                if challenger_wins(ctx, lead, other, &order, z, &mut out) {
                                    leader = challenger;
                                }
                            }
                            let answers = match ctx.deep_close {
                                Some(_) => challengers.len() + 1,
                                None => fit,
                            };
                            let spent = (budget.elapsed_ms() - t) / answers as f64;
                            self.deep_ms = running_mean(self.deep_ms, spent);
                            best.1 = leader.1;
                        }
                    }
                    Some(_) => {}
                    // Each of the best answers' exact three-ply value.
                    None => {
                        let mut deep = (f64::NEG_INFINITY, best.1);
                        for &(_, cell) in looked.iter().take(fit) {
                            let t = budget.elapsed_ms();
                            let (next, points, counter) =
                                answer(ctx, board, obs.tile, cell, obs.counter);
                            let bonus = match cell {
                                None => self.discard_bonus[obs.counter.min(3) as usize],
                                Some(_) => 0.0,
                            };
                            let v = points + bonus + deep_expectation(ctx, &next, counter);
                            self.deep_ms = running_mean(self.deep_ms, budget.elapsed_ms() - t);
                            if v > deep.0 {
                                deep = (v, cell);
                            }
                        }
                        best.1 = deep.1;
                    }
                }
            }
            if let Some(r) = self.rollouts {
                if obs.counter < ctx.d && obs.moves % r.every.max(1) == 0 {
                    let place = looked.iter().find(|x| x.1.is_some()).copied();
                    let discard = looked.iter().find(|x| x.1.is_none()).copied();
                    if let (Some(place), Some(discard)) = (place, discard) {
                        if (place.0 - discard.0).abs() < r.margin {
                            let (place_board, _, place_counter) =
                                answer(ctx, board, obs.tile, place.1, obs.counter);
                            let seed = (obs.moves as u64 * 0x1000_0000_01B3)
                                ^ board.occupied() as u64
                                ^ ((obs.score as u64) << 32);
                            let mut rec = RolloutRecord {
                                moves: obs.moves,
                                counter: obs.counter,
                                empty: a.totals.empty,
                                place_value: place.0,
                                discard_value: discard.0,
                                place_outcome: 0.0,
                                discard_outcome: 0.0,
                                place_deaths: 0,
                                discard_deaths: 0,
                                samples: 0,
                                discarded: false,
                            };
                            for k in 0..r.samples {
                                if k >= 2 && budget.elapsed_ms() > start + r.share * share {
                                    break;
                                }
                                let s0 = seed.wrapping_add(k as u64 * 0x9E37_79B9);
                                let (p, pd) = playout(
                                    ctx,
                                    &place_board,
                                    place_counter,
                                    r.horizon,
                                    &mut Stream(SplitMix64::new(s0)),
                                );
                                let (d, dd) = playout(
                                    ctx,
                                    board,
                                    obs.counter + 1,
                                    r.horizon,
                                    &mut Stream(SplitMix64::new(s0)),
                                );
                                rec.place_outcome += p;
                                rec.discard_outcome += d;
                                rec.place_deaths += pd as usize;
                                rec.discard_deaths += dd as usize;
                                rec.samples += 1;
                            }
                            if rec.samples > 0 {
                                rec.place_outcome /= rec.samples as f64;
                                rec.discard_outcome /= rec.samples as f64;
                                rec.discarded = rec.discard_outcome > rec.place_outcome;
                                if r.decide {
                                    best.1 = match rec.discarded {
                                        true => None,
                                        false => place.1,
                                    };
                                }
                                if r.record {
                                    self.log.push(rec);
                                }
                            }
                        }
                    }
                }
            }
        }
        match best.1 {
            Some(cell) => Action::Place {
                row: (cell / s) as i64,
                col: (cell % s) as i64,
            },
            None => Action::Discard,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{play, Game, Params};

    fn analysed(ctx: &Ctx, board: &Board) -> Analysis {
        Analysis::new(ctx, board)
    }

    #[test]
    fn the_incremental_value_equals_a_fresh_analysis() {
        let ctx = &Ctx::new(6, 8, 3);
        let mut cells = vec![EMPTY; 64];
        for (cell, code) in [(27, 12), (28, 13), (29, WILD), (35, 52), (20, 44)] {
            cells[cell] = code;
        }
        let board = Board::from_cells(8, cells);
        let a = analysed(ctx, &board);
        let mut checked = 0;
        for &f in &a.frontier {
            let put = a.put_at(ctx, &board, f as usize);
            for code in [0u8, 12, 15, 33, 52, 55, WILD] {
                let tile = match code {
                    WILD => Tile::Wild,
                    c => Tile::Regular {
                        color: c / 10,
                        shape: c % 10,
                    },
                };
                if !board.accepts(f as usize, tile) {
                    continue;
                }
                let mut next = board.clone();
                next.put(f as usize, code);
                let fresh = ctx.w.points + analysed(ctx, &next).value(ctx, 1);
                let quick = put.value(ctx, code, 1);
                assert!(
                    (fresh - quick).abs() < 1e-9,
                    "cell {f} code {code}: {fresh} vs {quick}"
                );
                checked += 1;
            }
        }
        assert!(checked > 10);
    }

    /// `best_cells` tries only the cells whose wildcard bound can still win; here every tile
    /// is valued on every cell it fits, on boards from static games (N = 9 and 10, S = 8..12).
    #[test]
    fn the_bounded_search_finds_each_tiles_best_cell() {
        let mut checked = 0;
        for (seed, n, side) in [(11, 9, 8), (12, 10, 10), (13, 10, 12), (14, 8, 9)] {
            let mut params = Params::new();
            for (name, v) in [("n", n), ("s", side), ("d", 3)] {
                params.insert(name.into(), v);
            }
            let inst = TilesMatching::generate(seed, &params);
            let mut state = TilesMatching::start(&inst);
            let mut agent = EvalAgent::default();
            let mut budget = Budget::new(0.0);
            while !TilesMatching::is_over(&inst, &state) && state.moves < 400 {
                let obs = TilesMatching::observe(&inst, &state);
                if obs.moves % 7 == 0 && !obs.board.is_empty() {
                    let ctx = Ctx::new(obs.n, obs.side, obs.d);
                    let a = analysed(&ctx, &obs.board);
                    let (best, best_wild) = best_cells(&ctx, &a, &obs.board, 1);
                    let mut every = [(f64::NEG_INFINITY, 0usize); 100];
                    let mut every_wild = (f64::NEG_INFINITY, 0usize);
                    for &f in &a.frontier {
                        let f = f as usize;
                        let put = a.put_at(&ctx, &obs.board, f);
                        let v = put.value(&ctx, WILD, 1);
                        if v > every_wild.0 {
                            every_wild = (v, f);
                        }
                        for code in 0..100u8 {
                            if a.accept[f] >> code & 1 == 1 {
                                let v = put.value(&ctx, code, 1);
                                if v > every[code as usize].0 {
                                    every[code as usize] = (v, f);
                                }
                            }
                        }
                    }
                    assert_eq!(best, every, "seed {seed} move {}", obs.moves);
                    assert_eq!(best_wild, every_wild, "seed {seed} move {}", obs.moves);
                    checked += 1;
                }
                let action = agent.act(&obs, &mut budget);
                TilesMatching::apply(&inst, &mut state, &action).unwrap();
            }
        }
        assert!(checked > 40, "{checked} boards");
    }

    /// One tile on an 8 x 8 board with N = 9: its four neighbours each take the 17 tiles
    /// that share its colour or shape, no cell is dead, 63 are empty.
    #[test]
    fn the_hazard_features_of_a_lone_tile() {
        let mut cells = vec![EMPTY; 64];
        cells[27] = 34;
        let board = Board::from_cells(8, cells);
        let x = board_features(9, 8, 2, &board, 1);
        let share: f64 = 17.0 / 81.0;
        let miss = ((1.0 - 2.0 / 23.0) * (1.0 - share)).ln();
        let want = [1.0, 1.0, miss, miss, share, share, 0.0, 63.0 / 64.0];
        for (k, (x, w)) in x.iter().zip(want).enumerate() {
            assert!((x - w).abs() < 1e-12, "feature {k}: {x} vs {w}");
        }
        // At the limit no discard is left.
        let x = board_features(9, 8, 2, &board, 2);
        assert_eq!((x[1], x[3]), (0.0, 0.0));
    }

    /// Three tiles, 00, 11 and 22, around cell 9 of an 8 x 8 board with N = 9: no tile
    /// shares a colour or shape with all three, so cell 9 is dead and its row and column
    /// cannot be completed.
    fn three_tiles() -> Board {
        let mut cells = vec![EMPTY; 64];
        (cells[1], cells[8], cells[10]) = (0, 11, 22);
        Board::from_cells(8, cells)
    }

    #[test]
    fn the_jam_statistics_of_three_tiles() {
        let x = jam_stats(9, 8, 2, &three_tiles());
        // Frontier: 0 takes {01, 10}, 2 takes {02, 20}, 16 the 17 tiles beside 11, 11 and 18
        // the 17 beside 22, 9 none: four sockets. Tiles beside 11 or 22: 17 + 17 - 2 (12 and
        // 21); at least twice: the 17 beside 22 and 01, 10. Open lines: all but row and
        // column 1; the fullest hold one tile of eight.
        let want = [
            3.0 / 64.0,
            1.0 / 64.0,
            6.0 / 64.0,
            4.0,
            32.0 / 81.0,
            19.0 / 81.0,
            1.0 / 8.0,
        ];
        for (k, (x, w)) in x.iter().zip(want).enumerate() {
            assert!((x - w).abs() < 1e-12, "statistic {k}: {x} vs {w}");
        }
        assert!(x[7] > 0.0 && x[7] < 1000f64.ln(), "{}", x[7]);
        assert_eq!(x[8], 14.0 / 16.0);
    }

    /// The jam term is on for N = 7 and 8 only, tiles that fit twice are worth less for
    /// N = 9, S = 9 and N = 8, S = 8 only, the first tile goes to the middle from N = 7 on,
    /// the third ply stops early on side 8 for N = 7-8 and runs on a deadline for N = 10,
    /// S = 10 and N = 9, S = 9, and every other weight of every group is what it was.
    #[test]
    fn each_group_has_its_weight_set() {
        for n in 4..=10u8 {
            for side in 8..=12 {
                for d in 2..=4u8 {
                    let ctx = Ctx::new(n, side, d);
                    // The first tile goes to the middle from N = 7 on.
                    assert_eq!(ctx.centre, n >= 7, "N {n} S {side} D {d}");
                    // The third ply stops early for N = 7-8 on side 8 only.
                    let stop = match (n, side) {
                        (7 | 8, 8) => Some(3.0),
                        _ => None,
                    };
                    assert_eq!(ctx.deep_stop, stop, "N {n} S {side} D {d}");
                    // The third ply runs on a deadline for N = 10, S = 10 and N = 9, S = 9
                    // only, with the early shares for 3,000 and 5,000 moves.
                    let deadline = match (n, side) {
                        (10, 10) => Some(3000),
                        (9, 9) => Some(5000),
                        _ => None,
                    };
                    assert_eq!(
                        ctx.deep_deadline.map(|d| d.early_moves),
                        deadline,
                        "N {n} S {side} D {d}"
                    );
                    // N = 7-8, S = 8's third ply picks the discard and close placements.
                    let close = match (n, side) {
                        (7 | 8, 8) => Some(1.0),
                        _ => None,
                    };
                    assert_eq!(ctx.deep_close, close, "N {n} S {side} D {d}");
                    let w = ctx.w;
                    let want = if n == 7 || n == 8 {
                        (-10.0, 0.35)
                    } else {
                        (0.0, 1.0)
                    };
                    assert_eq!((w.fill, w.fill_knee), want, "N {n} S {side} D {d}");
                    // The rest of the set is the one the group had before the jam term and
                    // N = 9, S = 9's coverage weight.
                    let base = match n {
                        9.. if side <= 9 => SMALL_WEIGHTS,
                        8.. => TIGHT_WEIGHTS,
                        _ => WEIGHTS,
                    };
                    // Empty cells are worth 3 for N = 10, S = 10 (between the tight set's 2
                    // and the small set's 4).
                    let empty = match (n, side) {
                        (10, 10) => 3.0,
                        _ => base.empty_cell,
                    };
                    assert_eq!(w.empty_cell, empty, "N {n} S {side} D {d}");
                    // Tiles that fit twice are worth less for N = 9, S = 9 and N = 8,
                    // S = 8 only.
                    let twice = match (n, side) {
                        (9, 9) => 15.0,
                        (8, 8) => 10.0,
                        _ => 30.0,
                    };
                    assert_eq!(w.covered_twice, twice, "N {n} S {side} D {d}");
                    let strip = |w: Weights| Weights {
                        fill: 0.0,
                        fill_knee: 1.0,
                        covered_twice: 30.0,
                        empty_cell: base.empty_cell,
                        ..w
                    };
                    assert_eq!(strip(w), base, "N {n} S {side}");
                }
            }
        }
    }

    #[test]
    fn the_jam_term_costs_the_squared_cells_beyond_its_knee() {
        let board = three_tiles();
        let plain = Ctx::new(9, 8, 2);
        let mut jam = Ctx::new(9, 8, 2);
        (jam.w.fill, jam.w.fill_knee) = (-10.0, 1.0 / 64.0);
        let (v0, v1) = (
            analysed(&plain, &board).value(&plain, 1),
            analysed(&jam, &board).value(&jam, 1),
        );
        // Two cells beyond the knee's one.
        assert!((v1 - v0 - (-10.0 * 4.0 / 64.0)).abs() < 1e-9, "{v0} {v1}");
        // A placement's incremental value sees the term too.
        let a = analysed(&jam, &board);
        let next = {
            let mut b = board.clone();
            b.put(16, 13);
            b
        };
        let want = analysed(&jam, &next).value(&jam, 0) + jam.w.points;
        let got = a.put_at(&jam, &board, 16).value(&jam, 13, 0);
        assert!((got - want).abs() < 1e-9, "{got} vs {want}");
    }

    #[test]
    fn the_work_counter_counts_an_analysis_by_its_cells() {
        let ctx = Ctx::new(9, 10, 2);
        let mut cells = vec![EMPTY; 100];
        cells[44] = 34;
        let board = Board::from_cells(10, cells);
        let before = work_units();
        let a = analysed(&ctx, &board);
        assert_eq!(work_units() - before, 100);
        let before = work_units();
        a.put_at(&ctx, &board, 45);
        // Four frontier cells and two lines of ten.
        assert_eq!(work_units() - before, 4 + 20);
    }

    /// On the work clock a game repeats exactly, and a smaller budget buys less look-ahead.
    #[test]
    fn a_game_on_the_work_clock_repeats() {
        let mut params = Params::new();
        for (name, v) in [("n", 10), ("s", 8), ("d", 2)] {
            params.insert(name.into(), v);
        }
        let inst = TilesMatching::generate(21, &params);
        let game = |limit_ms: f64| {
            let clock = Box::new(|| work_units() as f64 * 1e-5);
            let mut budget = Budget::with_clock(limit_ms, clock);
            let mut state = TilesMatching::start(&inst);
            let mut agent = EvalAgent::default();
            let start = work_units();
            let mut actions = Vec::new();
            while !TilesMatching::is_over(&inst, &state) && state.moves < 100 {
                let action = agent.act(&TilesMatching::observe(&inst, &state), &mut budget);
                TilesMatching::apply(&inst, &mut state, &action).unwrap();
                actions.push(action);
            }
            (actions, work_units() - start)
        };
        let (first, work) = game(5000.0);
        assert_eq!(game(5000.0), (first.clone(), work));
        let (_, less) = game(20.0);
        assert!(less < work, "{less} vs {work}");
    }

    /// `explain`'s terms add up to each answer's static value, in the order `choices` gives,
    /// and its plies are the look-ahead's values.
    #[test]
    fn explained_terms_add_up_to_the_static_value() {
        let ctx = Ctx::new(8, 8, 2);
        let board = three_tiles();
        let tile = Tile::Regular { color: 1, shape: 2 };
        let a = analysed(&ctx, &board);
        let want = choices(&ctx, &a, &board, tile, 1);
        let got = explain(8, 8, 2, &board, tile, 1, true);
        assert_eq!(got.len(), want.len().min(LOOKAHEAD));
        assert!(
            got.iter().any(|e| e.cell.is_none()),
            "a discard is explained"
        );
        for (e, c) in got.iter().zip(&want) {
            assert_eq!(e.cell, c.cell);
            let sum: f64 = e.terms.iter().sum();
            assert!(
                (sum - c.value).abs() < 1e-9,
                "{:?}: {sum} vs {}",
                e.cell,
                c.value
            );
            let (next, points, after) = answer(&ctx, &board, tile, e.cell, 1);
            assert_eq!(e.two_ply, points + expectation(&ctx, &next, after));
            assert_eq!(e.three_ply, points + deep_expectation(&ctx, &next, after));
        }
        assert!(explain(8, 8, 2, &board, tile, 1, false)[0]
            .three_ply
            .is_nan());
    }

    /// The tile-by-tile third ply (`LazyDeep`) sums to `deep_expectation`'s value, and
    /// without an early stop `challenger_wins` makes the exact comparison.
    #[test]
    fn the_tile_by_tile_third_ply_adds_up_to_the_three_ply_value() {
        let ctx = Ctx::new(8, 8, 2);
        let board = three_tiles();
        let tile = Tile::Regular { color: 1, shape: 2 };
        let a = analysed(&ctx, &board);
        let order: Vec<usize> = (0..8)
            .flat_map(|c| (0..8).map(move |s| c * 10 + s))
            .rev()
            .collect();
        let mut lazies = Vec::new();
        for choice in choices(&ctx, &a, &board, tile, 1).iter().take(4) {
            let (next, points, after) = answer(&ctx, &board, tile, choice.cell, 1);
            let two = points + expectation(&ctx, &next, after);
            let three = points + deep_expectation(&ctx, &next, after);
            let mut lazy = LazyDeep::new(&ctx, next, after, two);
            let sum: f64 = lazy.base + order.iter().map(|&c| lazy.corr(&ctx, c)).sum::<f64>();
            assert!(
                (sum - three).abs() < 1e-6,
                "{:?}: {sum} vs {three}",
                choice.cell
            );
            lazies.push((lazy, three));
        }
        // Without an early stop the comparison is the exact one.
        let (first, rest) = lazies.split_at_mut(1);
        for (other, three) in rest {
            let wins = challenger_wins(
                &ctx,
                &mut first[0].0,
                other,
                &order,
                f64::INFINITY,
                &mut || false,
            );
            assert_eq!(wins, *three > first[0].1 + 1e-6);
            // Cut by its deadline, a comparison keeps the leader: the exact winner, as the
            // challenger, loses when the time is up from the start.
            let (lead, challenger) = match wins {
                true => (&mut first[0].0, other),
                false => (other, &mut first[0].0),
            };
            let mut asked = 0;
            let mut out = || {
                asked += 1;
                true
            };
            assert!(!challenger_wins(
                &ctx,
                lead,
                challenger,
                &order,
                f64::INFINITY,
                &mut out
            ));
            assert_eq!(asked, 1, "asked once, before the first costly tile");
        }
    }

    /// The first tile, a wildcard on an empty board, goes to the first of the equally valued
    /// cells, (1, 1) beside the corner, or with `centre_first` (the default from N = 7) to
    /// the middle.
    #[test]
    fn the_first_wildcard_goes_to_the_middle_with_centre_first() {
        let mut params = Params::new();
        for (name, v) in [("n", 8), ("s", 9), ("d", 2)] {
            params.insert(name.into(), v);
        }
        let inst = TilesMatching::generate(1, &params);
        let obs = TilesMatching::observe(&inst, &TilesMatching::start(&inst));
        assert!(obs.board.is_empty() && obs.tile == Tile::Wild);
        let first = |centre_first: Option<bool>| {
            let mut agent = EvalAgent {
                centre_first,
                ..EvalAgent::default()
            };
            agent.act(&obs, &mut Budget::new(1e9))
        };
        assert_eq!(first(Some(false)), Action::Place { row: 1, col: 1 });
        assert_eq!(first(Some(true)), Action::Place { row: 4, col: 4 });
        assert_eq!(first(None), Action::Place { row: 4, col: 4 });
    }

    #[test]
    fn it_discards_what_fits_nowhere_and_gives_up_only_when_stuck() {
        let inst = TilesMatching::generate(3, &Params::new());
        let board = Board::from_cells(9, {
            let mut cells = vec![EMPTY; 81];
            cells[40] = 11;
            cells
        });
        let mut obs = TilesMatching::observe(&inst, &TilesMatching::start(&inst));
        obs.board = board;
        obs.tile = Tile::Regular { color: 2, shape: 2 };
        let mut agent = EvalAgent::default();
        let mut budget = Budget::new(1e9);
        assert_eq!(agent.act(&obs, &mut budget), Action::Discard);
        obs.counter = obs.d;
        assert_eq!(agent.act(&obs, &mut budget), Action::GiveUp);
        obs.tile = Tile::Regular { color: 1, shape: 2 };
        assert!(matches!(agent.act(&obs, &mut budget), Action::Place { .. }));
    }

    /// A discard bonus at the root turns a placement into a discard; it applies only at
    /// its own counter.
    #[test]
    fn a_large_discard_bonus_turns_a_placement_into_a_discard() {
        let inst = TilesMatching::generate(3, &Params::new());
        let mut obs = TilesMatching::observe(&inst, &TilesMatching::start(&inst));
        obs.board = Board::from_cells(9, {
            let mut cells = vec![EMPTY; 81];
            cells[40] = 11;
            cells
        });
        obs.tile = Tile::Regular { color: 1, shape: 2 };
        let act = |bonus: [f64; 4], obs: &Observation| {
            let mut agent = EvalAgent {
                discard_bonus: bonus,
                ..EvalAgent::default()
            };
            agent.act(obs, &mut Budget::new(1e9))
        };
        assert!(matches!(act([0.0; 4], &obs), Action::Place { .. }));
        assert_eq!(act([1e6, 0.0, 0.0, 0.0], &obs), Action::Discard);
        assert!(matches!(
            act([0.0, 1e6, 0.0, 0.0], &obs),
            Action::Place { .. }
        ));
    }

    /// Playouts that only observe leave the play as it was, and record both arms of each
    /// close decision; letting them decide changes some answer.
    #[test]
    fn observing_playouts_record_without_changing_play() {
        let mut params = Params::new();
        for (name, v) in [("n", 10), ("s", 8), ("d", 2)] {
            params.insert(name.into(), v);
        }
        let inst = TilesMatching::generate(31, &params);
        let game = |rollouts: Option<Rollouts>| {
            let mut agent = EvalAgent {
                rollouts,
                ..EvalAgent::default()
            };
            let mut budget = Budget::new(1e9);
            let mut state = TilesMatching::start(&inst);
            let mut actions = Vec::new();
            while !TilesMatching::is_over(&inst, &state) && state.moves < 40 {
                let action = agent.act(&TilesMatching::observe(&inst, &state), &mut budget);
                TilesMatching::apply(&inst, &mut state, &action).unwrap();
                actions.push(action);
            }
            (actions, agent.log)
        };
        let r = Rollouts {
            samples: 4,
            horizon: 30,
            margin: 1e9,
            share: 1e9,
            record: true,
            decide: false,
            every: 1,
        };
        let (plain, none) = game(None);
        let (observed, log) = game(Some(r));
        assert!(none.is_empty());
        assert_eq!(plain, observed);
        assert!(log.len() > 5, "{} records", log.len());
        assert!(log.iter().all(|x| x.samples == 4 && x.counter < 2));
        assert!(log.iter().all(|x| x.place_outcome <= 30.0 + 0.01 * 2000.0));
        let (decided, _) = game(Some(Rollouts {
            decide: true,
            record: false,
            ..r
        }));
        assert_ne!(plain, decided);
    }

    #[test]
    fn it_outlives_greedy_where_tiles_rarely_match() {
        // N = 9 and 10: one tile in five fits beside a given one.
        let mut params = Params::new();
        let (mut eval_moves, mut greedy_moves) = (0, 0);
        for (seed, n) in [(2, 10), (3, 9), (13, 9)] {
            params.insert("n".into(), n);
            let inst = TilesMatching::generate(seed, &params);
            // A mock clock, 0.01 ms a reading: the look-ahead each move gets is the same on
            // any machine (what a real budget buys is `arcade bench`'s figure).
            let mut budget = Budget::with_clock(200.0, crate::clock::stepping_clock(0.01));
            let (eval, _) =
                play::<TilesMatching>(&inst, &mut EvalAgent::default(), &mut budget).unwrap();
            let (greedy, _) = play::<TilesMatching>(
                &inst,
                &mut super::super::greedy::GreedyAgent,
                &mut Budget::new(1e9),
            )
            .unwrap();
            eval_moves += eval.len();
            greedy_moves += greedy.len();
        }
        assert!(
            eval_moves > 3 * greedy_moves,
            "{eval_moves} vs {greedy_moves}"
        );
    }
}
