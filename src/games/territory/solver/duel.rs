//! A beam search over player 0's move sequences for few AIs (M = 2, maybe 3), as the
//! contest's top entries did: every AI is assumed to play only its predicted greedy move
//! (the posterior mean weights of its filter, random moves ignored), so a sequence of player
//! 0's moves gives one future. Nodes of equal depth are ranked by a board value: the score
//! ratio with each player's potential added (the empty cells it reaches first through empty
//! cells, and the levels its cells can still gain), fading out as the game's end nears.
//!
//! The search is anytime: beams of growing width (1, 2, 4, ... up to `max_width`) are run
//! until the turn's time share is spent; the best plan of the widest finished beam is
//! played. Last turn's plan, shifted by one, is kept in every beam as a candidate.

use super::sim::{FastRng, KindWeights, Peek, Sim, Values};
use crate::games::territory::{CELLS, MAX_PLAYERS, TURNS};

/// The search's settings.
#[derive(Clone, Debug)]
pub struct DuelConfig {
    /// Widest beam tried (the work cap: at most this width is searched each turn).
    pub max_width: usize,
    /// Plan length in turns.
    pub depth: usize,
    /// Weight of the value of empty cells a player reaches first.
    pub territory: f64,
    /// Weight of the levels own cells can still gain (V times the missing levels).
    pub room: f64,
    /// Turns before the end at which the potentials start to fade (linearly to 0).
    pub fade: f64,
    /// Skip player 0's moves onto its own capped cells out of the AIs' reach.
    pub prune: bool,
    /// Weight of each player's frontier: the value of the empty cells next to its cells
    /// (an AI walled in has none), fading like the potentials.
    pub frontier: f64,
}

impl Default for DuelConfig {
    fn default() -> Self {
        DuelConfig {
            max_width: 256,
            depth: 20,
            territory: 0.0,
            room: 0.0,
            fade: 30.0,
            prune: false,
            frontier: 0.5,
        }
    }
}

/// One beam node: its board and where it came from.
#[derive(Clone)]
struct Node {
    sim: Sim,
    /// Index of the parent in the previous layer, and player 0's move from it.
    parent: u32,
    mv: u8,
    value: f64,
    /// Whether this node follows last turn's plan.
    follows_plan: bool,
}

/// What the search found: the plan (player 0's moves from now on) and its value.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub moves: Vec<u8>,
    pub value: f64,
    /// Boards simulated (children made), for measurements.
    pub nodes: u64,
    /// Widest beam completed.
    pub width: usize,
}

/// Sum of the values of the cells in `s` (cell layout).
#[inline]
fn value_sum(mut s: u128, values: &Values) -> i64 {
    let mut total = 0i64;
    while s != 0 {
        total += values.v[s.trailing_zeros() as usize] as i64;
        s &= s - 1;
    }
    total
}

/// The board value: log2(1 + E0 / max EA), where E is the score plus faded potentials.
pub fn evaluate(sim: &Sim, values: &Values, config: &DuelConfig) -> f64 {
    let m = sim.m;
    let left = TURNS.saturating_sub(sim.turn) as f64;
    let fade = (left / config.fade).min(1.0);
    let mut estimate = [0f64; MAX_PLAYERS];
    for (p, e) in estimate.iter_mut().enumerate().take(m) {
        *e = sim.scores[p] as f64;
    }
    add_frontier(&mut estimate, m, &sim.own, fade, values, config);
    if fade > 0.0 && (config.territory != 0.0 || config.room != 0.0) {
        let mut owned = 0u128;
        for p in 0..m {
            owned |= sim.own[p];
        }
        let empty = super::sim::FULL & !owned;
        // Multi-source flood through empty cells: a cell reached first by one player only
        // is that player's; cells reached by two at once are nobody's.
        let mut front = [0u128; MAX_PLAYERS];
        let mut claimed = [0u128; MAX_PLAYERS];
        front[..m].copy_from_slice(&sim.reach[..m]);
        let mut taken = owned;
        loop {
            let mut grown = [0u128; MAX_PLAYERS];
            let mut any = 0u128;
            let mut twice = 0u128;
            for p in 0..m {
                grown[p] = super::sim::spread(front[p]) & empty & !taken;
                twice |= any & grown[p];
                any |= grown[p];
            }
            if any == 0 {
                break;
            }
            for p in 0..m {
                front[p] = grown[p] & !twice;
                claimed[p] |= front[p];
            }
            taken |= any;
        }
        let u = sim.u as i64;
        for p in 0..m {
            let territory = value_sum(claimed[p], values) as f64;
            let mut room = 0i64;
            let mut s = sim.own[p];
            while s != 0 {
                let c = s.trailing_zeros() as usize;
                room += values.v[c] as i64 * (u - sim.level[c] as i64);
                s &= s - 1;
            }
            estimate[p] += fade * (config.territory * territory + config.room * room as f64);
        }
    }
    let sa = estimate[1..m].iter().copied().fold(1.0, f64::max);
    (1.0 + estimate[0].max(0.0) / sa).log2()
}

/// The AIs' predicted targets on `sim`: each AI's greedy move under `ais` (one weight set
/// per AI; ties broken by a draw fixed per turn, so the same board always gives the same
/// targets).
#[inline]
fn predict(sim: &Sim, ais: &[KindWeights], values: &Values, targets: &mut [u8; MAX_PLAYERS]) {
    let mut rng = FastRng::new(sim.turn as u64);
    for (p, target) in targets.iter_mut().enumerate().take(sim.m).skip(1) {
        *target = sim.ai_move(p, &ais[p - 1], 0.0, values, &mut rng);
    }
}

/// Player 0's legal moves, without those onto its own cells at the cap that no AI can
/// reach (such a move gains nothing and blocks nothing), keeping at least one.
#[inline]
fn moves_worth_trying(sim: &Sim) -> u128 {
    let legal = sim.candidates(0);
    let mut capped = 0u128;
    let mut s = legal & sim.own[0];
    while s != 0 {
        let c = s.trailing_zeros() as usize;
        s &= s - 1;
        if sim.level[c] == sim.u {
            capped |= 1 << c;
        }
    }
    let mut near_ais = 0u128;
    for p in 1..sim.m {
        near_ais |= super::sim::spread(sim.reach[p]);
    }
    let useful = legal & !(capped & !near_ais);
    if useful != 0 {
        useful
    } else {
        legal & legal.wrapping_neg()
    }
}

/// A quick fingerprint of a board (to drop duplicate nodes): its territories, pieces and
/// scores.
#[inline]
fn fingerprint(m: usize, own: &[u128], pos: &[u8], scores: &[i64]) -> u64 {
    let mut h = 0xCBF2_9CE4_8422_2325u64;
    let mut mix = |x: u64| {
        h = (h ^ x).wrapping_mul(0x0100_0000_01B3);
        h ^= h >> 29;
    };
    for p in 0..m {
        mix(own[p] as u64);
        mix((own[p] >> 64) as u64);
        mix(pos[p] as u64);
        mix(scores[p] as u64);
    }
    h
}

/// Adds `config.frontier` times `fade` times the value of each player's frontier (the
/// empty cells next to its cells) to its estimate.
#[inline]
fn add_frontier(
    estimate: &mut [f64; MAX_PLAYERS],
    m: usize,
    own: &[u128; MAX_PLAYERS],
    fade: f64,
    values: &Values,
    config: &DuelConfig,
) {
    if config.frontier == 0.0 || fade <= 0.0 {
        return;
    }
    let owned = own[..m].iter().fold(0, |a, &s| a | s);
    let empty = super::sim::FULL & !owned;
    for p in 0..m {
        let open = super::sim::spread(own[p]) & empty;
        estimate[p] += fade * config.frontier * values.sum(open) as f64;
    }
}

/// E0 / max EA of `evaluate` from the scores and territories after a turn (`Sim::peek`),
/// for boards without the other potentials: `evaluate` is log2(1 + this), so children are
/// ranked by this and the log is taken only for the nodes kept.
#[inline]
fn peek_ratio(m: usize, turn: usize, peek: &Peek, values: &Values, config: &DuelConfig) -> f64 {
    let mut estimate = [0f64; MAX_PLAYERS];
    for (e, &s) in estimate.iter_mut().zip(&peek.scores).take(m) {
        *e = s as f64;
    }
    let fade = (TURNS.saturating_sub(turn) as f64 / config.fade).min(1.0);
    add_frontier(&mut estimate, m, &peek.own, fade, values, config);
    let sa = estimate[1..m].iter().copied().fold(1.0, f64::max);
    estimate[0].max(0.0) / sa
}

/// What a beam searches from: the board now, the AIs' predicted weights, last turn's plan.
#[derive(Clone, Copy)]
struct Problem<'a> {
    root: &'a Sim,
    ais: &'a [KindWeights],
    values: &'a Values,
    config: &'a DuelConfig,
    previous: &'a [u8],
}

/// One beam of `width` over `depth` turns. `previous`: last turn's plan from now on, kept in
/// the beam while it stays legal. `stop` is asked after each layer; when it says so the
/// search gives up and returns None.
fn beam(
    problem: &Problem,
    width: usize,
    nodes: &mut u64,
    used: &mut dyn FnMut(u64) -> f64,
) -> Option<Plan> {
    let Problem {
        root,
        ais,
        values,
        config,
        previous,
    } = *problem;
    let depth = config.depth.min(TURNS - root.turn).max(1);
    // Without potentials a child's value needs its scores only (`Sim::peek`).
    let fast = config.territory == 0.0 && config.room == 0.0;
    let mut layers: Vec<Vec<(u32, u8)>> = Vec::with_capacity(depth);
    let mut beam = vec![Node {
        sim: root.clone(),
        parent: 0,
        mv: 0,
        value: 0.0,
        follows_plan: true,
    }];
    // Children are kept as (parent, move, value, fingerprint, follows the plan); only the
    // chosen ones are simulated again, so no board is stored for the others.
    let mut children: Vec<(u32, u8, f64, u64, bool)> = Vec::new();
    let mut order: Vec<u32> = Vec::new();
    let mut seen: Vec<u64> = Vec::new();
    // The AIs' targets of each node (they do not depend on player 0's move).
    let mut node_targets: Vec<[u8; MAX_PLAYERS]> = Vec::new();
    for d in 0..depth {
        children.clear();
        node_targets.clear();
        for node in &beam {
            let mut targets = [0u8; MAX_PLAYERS];
            predict(&node.sim, ais, values, &mut targets);
            node_targets.push(targets);
        }
        for (i, node) in beam.iter().enumerate() {
            let planned = if node.follows_plan {
                previous.get(d).copied()
            } else {
                None
            };
            let from = &node.sim;
            let mut options = if config.prune {
                moves_worth_trying(from)
            } else {
                from.candidates(0)
            };
            let mut t = node_targets[i];
            while options != 0 {
                let cell = options.trailing_zeros() as u8;
                options &= options - 1;
                t[0] = cell;
                let (value, print) = if fast {
                    // Scores and territories only; the board is made for kept nodes.
                    let peek = from.peek(&t, values);
                    (
                        peek_ratio(from.m, from.turn + 1, &peek, values, config),
                        fingerprint(from.m, &peek.own, &peek.pos, &peek.scores),
                    )
                } else {
                    let mut sim = from.clone();
                    sim.step(&t, values);
                    (
                        evaluate(&sim, values, config),
                        fingerprint(sim.m, &sim.own, &sim.pos, &sim.scores),
                    )
                };
                children.push((i as u32, cell, value, print, planned == Some(cell)));
            }
        }
        *nodes += children.len() as u64;
        // Best first; the plan's node always stays. Only the best few children are
        // sorted (the rest only if duplicates use them up): the order is that of a stable
        // sort of all of them (ties by index).
        order.clear();
        order.extend(0..children.len() as u32);
        let better = |a: &u32, b: &u32| {
            let (x, y) = (&children[*a as usize], &children[*b as usize]);
            y.4.cmp(&x.4).then(y.2.total_cmp(&x.2)).then(a.cmp(b))
        };
        let sorted = (2 * width + 2).min(order.len());
        if sorted < order.len() {
            order.select_nth_unstable_by(sorted - 1, better);
        }
        order[..sorted].sort_unstable_by(better);
        seen.clear();
        let mut next = Vec::with_capacity(width + 1);
        for k in 0..order.len() {
            if k == sorted {
                order[sorted..].sort_unstable_by(better);
            }
            let c = order[k];
            let (parent, mv, value, f, follows_plan) = children[c as usize];
            if next.len() >= width.max(1) + usize::from(follows_plan) {
                break;
            }
            if seen.contains(&f) {
                continue;
            }
            seen.push(f);
            let from = &beam[parent as usize];
            let p = parent as usize;
            let mut t = node_targets[p];
            t[0] = mv;
            let mut sim = from.sim.clone();
            sim.step(&t, values);
            next.push(Node {
                sim,
                parent,
                mv,
                value: if fast { (1.0 + value).log2() } else { value },
                follows_plan,
            });
        }
        layers.push(next.iter().map(|n| (n.parent, n.mv)).collect());
        beam = next;
        if d + 1 < depth && used(*nodes) >= 1.0 {
            return None;
        }
    }
    let (mut index, best) = beam
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.value.total_cmp(&b.1.value))
        .map(|(i, n)| (i, n.value))
        .expect("a legal move always exists");
    let mut moves = vec![0u8; depth];
    for d in (0..depth).rev() {
        let (parent, mv) = layers[d][index];
        moves[d] = mv;
        index = parent as usize;
    }
    Some(Plan {
        moves,
        value: best,
        nodes: *nodes,
        width,
    })
}

/// Anytime search: beams of width `start`, twice that, ... up to `config.max_width`.
/// `used(nodes)` says which fraction of the search's time is spent; a beam is not started
/// when twice the last one's time would not fit, and one that runs out is dropped. Returns
/// the widest finished plan. The first beam always finishes (pass a small `start` when time
/// is short). `ais`: each AI's predicted weights (it plays their greedy move).
pub fn search(
    root: &Sim,
    ais: &[KindWeights],
    values: &Values,
    config: &DuelConfig,
    previous: &[u8],
    start: usize,
    used: &mut dyn FnMut(u64) -> f64,
) -> Plan {
    let mut nodes = 0u64;
    let mut best = Plan::default();
    let mut width = start.clamp(1, config.max_width.max(1));
    let first = width;
    let mut before = used(0);
    loop {
        // The first beam always finishes, so there is always a plan.
        let mut never = |_: u64| 0.0;
        let used_here: &mut dyn FnMut(u64) -> f64 = if width == first {
            &mut never
        } else {
            &mut *used
        };
        let problem = Problem {
            root,
            ais,
            values,
            config,
            previous,
        };
        match beam(&problem, width, &mut nodes, used_here) {
            Some(plan) => best = plan,
            None => break,
        }
        let now = used(nodes);
        // The next beam is twice as wide: about twice this one's time.
        if width >= config.max_width || now + 2.0 * (now - before) >= 1.0 {
            break;
        }
        before = now;
        width = (width * 2).min(config.max_width);
    }
    best.nodes = nodes;
    debug_assert!((best.moves[0] as usize) < CELLS);
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Params};
    use crate::games::territory::{Board, Territory};

    fn duel_instance(seed: u64) -> crate::games::territory::Instance {
        let mut params = Params::new();
        params.insert("M".into(), 2);
        params.insert("U".into(), 3);
        Territory::generate(seed, &params)
    }

    #[test]
    fn with_no_time_the_plan_is_legal_along_the_predicted_future() {
        let inst = duel_instance(7);
        let values = Values::new(&inst.values);
        let root = Sim::new(&Board::start(&inst.starts), inst.m, inst.u, &values, 0);
        let ais = [[0.9, 0.5, 0.0, 0.7, 0.4]];
        // Plain ratio (children valued by `Sim::peek`), with the frontier term (the same),
        // and with the potentials (children simulated in full).
        for config in [
            DuelConfig {
                frontier: 0.0,
                ..DuelConfig::default()
            },
            DuelConfig::default(),
            DuelConfig {
                territory: 1.0,
                room: 0.5,
                ..DuelConfig::default()
            },
        ] {
            let mut asked = 0;
            let plan = search(&root, &ais, &values, &config, &[], 1, &mut |_| {
                asked += 1;
                1.0
            });
            // Only the first beam (width 1) ran, to the full depth.
            assert_eq!(plan.width, 1);
            assert_eq!(plan.moves.len(), config.depth);
            assert!(asked >= 1);
            // Replaying the plan against the predicted AI moves: every move is legal.
            let mut sim = root.clone();
            let mut targets = [0u8; MAX_PLAYERS];
            for &mv in &plan.moves {
                assert_ne!(sim.candidates(0) & (1u128 << mv), 0, "turn {}", sim.turn);
                predict(&sim, &ais, &values, &mut targets);
                targets[0] = mv;
                sim.step(&targets, &values);
            }
            // The plan's value is that of the board it reaches.
            assert_eq!(plan.value, evaluate(&sim, &values, &config), "{config:?}");
        }
    }

    #[test]
    fn the_frontier_term_changes_the_plans_value() {
        let plan = |u: i64, frontier: f64| {
            let mut params = Params::new();
            params.insert("M".into(), 2);
            params.insert("U".into(), u);
            let inst = Territory::generate(3, &params);
            let values = Values::new(&inst.values);
            let root = Sim::new(&Board::start(&inst.starts), inst.m, inst.u, &values, 0);
            let ais = [[0.9, 0.5, 0.0, 0.7, 0.4]];
            let config = DuelConfig {
                max_width: 8,
                frontier,
                ..DuelConfig::default()
            };
            let plan = search(&root, &ais, &values, &config, &[], 8, &mut |_| 0.0);
            (plan.moves, plan.value)
        };
        for u in 1..=5 {
            // The term changes the plan's value (and so the ranking) on these boards.
            assert_ne!(plan(u, 0.5).1, plan(u, 0.0).1, "U = {u}");
        }
    }

    #[test]
    fn a_wider_beam_finds_a_plan_at_least_as_good_and_keeps_the_last_plan() {
        let inst = duel_instance(11);
        let values = Values::new(&inst.values);
        let root = Sim::new(&Board::start(&inst.starts), inst.m, inst.u, &values, 0);
        let ais = [[0.6, 0.8, 0.0, 0.5, 0.9]];
        let config = DuelConfig {
            max_width: 16,
            ..DuelConfig::default()
        };
        let narrow = search(&root, &ais, &values, &config, &[], 1, &mut |_| 1.0);
        // Given the narrow plan as last turn's plan, the wide beam keeps it as a candidate,
        // so it cannot end below it.
        let wide = search(&root, &ais, &values, &config, &narrow.moves, 1, &mut |_| {
            0.0
        });
        assert_eq!(wide.width, 16);
        assert!(
            wide.value >= narrow.value,
            "{} < {}",
            wide.value,
            narrow.value
        );
        assert!(wide.nodes > narrow.nodes);
    }
}
