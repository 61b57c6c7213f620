//! A learnt rollout policy for player 0 (M >= 3): a conditional logit over player 0's legal
//! targets, fitted offline to the targets the search itself chose (`examples/
//! territory_policy.rs`, `log` then `fit`). Each target's features are bits and popcounts
//! of the masks `Sim` keeps (rank layout, `Values`): its kind (the 7 of `mc::Config::choose`),
//! its value relative to the best legal target, whether it is next to the leading AI's or
//! any AI's walkable region, its own and empty neighbours, ... Only what the Observation
//! shows (no AI parameter is read).

use super::sim::{bit, Bits, FastRng, Sim, Values};
use crate::games::territory::{CELLS, N};

/// Number of features.
pub const FEATURES: usize = 20;

/// Names of the features, in order (for the fitting example's output).
pub const NAMES: [&str; FEATURES] = [
    "empty",
    "own",
    "own_cap",
    "enemy1",
    "enemy_hi",
    "lead1",
    "lead_hi",
    "v*empty",
    "v*own",
    "v*own_cap",
    "v*enemy1",
    "v*enemy_hi",
    "v*lead1",
    "v*lead_hi",
    "near_lead",
    "near_ai",
    "own_nb",
    "empty_nb",
    "weak_own_near_ai",
    "stay",
];

/// The masks the features of one decision read (rank layout).
pub struct Context {
    /// Player 0's legal targets split by kind (the 7 of `mc::Config::choose`).
    pub kinds: [Bits; 7],
    near_lead: Bits,
    near_ai: Bits,
    own: Bits,
    empty: Bits,
    weak_own: Bits,
    stay: Bits,
    /// 1 / the best value among the legal targets.
    inv_top: f64,
}

impl Context {
    /// The context of player 0's move on `sim` with legal targets `b` (rank layout, non-empty).
    #[inline]
    pub fn new(sim: &Sim, values: &Values, b: Bits) -> Context {
        let near_ai = near_any_ai(sim);
        let own = sim.ranked[0];
        let (top, _) = values.top(b);
        Context {
            kinds: sim.player0_kinds(b),
            near_lead: sim.near_reach[sim.leader()],
            near_ai,
            own,
            empty: !sim.owned,
            weak_own: own & sim.level1,
            stay: bit(values.rank[sim.pos[0] as usize] as usize),
            inv_top: 1.0 / top.max(1) as f64,
        }
    }

    /// The features of the target of rank `r` (one of the legal targets).
    #[inline]
    pub fn features(&self, values: &Values, r: usize) -> [f64; FEATURES] {
        let mut x = [0.0; FEATURES];
        let b = bit(r);
        let kind = self.kinds.iter().position(|&s| s & b != 0).unwrap_or(0);
        let v = values.value_at[r] as f64 * self.inv_top;
        let near = values.near[values.cell_of[r] as usize] & !b;
        x[kind] = 1.0;
        x[7 + kind] = v;
        x[14] = f64::from(u8::from(self.near_lead & b != 0));
        x[15] = f64::from(u8::from(self.near_ai & b != 0));
        x[16] = (near & self.own).count_ones() as f64 * 0.25;
        x[17] = (near & self.empty).count_ones() as f64 * 0.25;
        x[18] = f64::from(u8::from(self.weak_own & self.near_ai & b != 0));
        x[19] = f64::from(u8::from(self.stay & b != 0));
        x
    }

    /// The logit of the target of rank `r` under weights `w` (`features` dotted with `w`,
    /// without building the vector).
    #[inline]
    pub fn logit(&self, w: &[f64; FEATURES], values: &Values, r: usize) -> f64 {
        let b = bit(r);
        let kind = self.kinds.iter().position(|&s| s & b != 0).unwrap_or(0);
        let v = values.value_at[r] as f64 * self.inv_top;
        w[kind] + w[7 + kind] * v + self.extras(w, values, r)
    }

    /// The part of the logit beyond the kind and value terms (each at most its weight).
    #[inline]
    fn extras(&self, w: &[f64; FEATURES], values: &Values, r: usize) -> f64 {
        let b = bit(r);
        let near = values.near[values.cell_of[r] as usize] & !b;
        let flag = |s: Bits, k: usize| if s & b != 0 { w[k] } else { 0.0 };
        flag(self.near_lead, 14)
            + flag(self.near_ai, 15)
            + w[16] * (near & self.own).count_ones() as f64 * 0.25
            + w[17] * (near & self.empty).count_ones() as f64 * 0.25
            + flag(self.weak_own & self.near_ai, 18)
            + flag(self.stay, 19)
    }
}

/// The cells next to any AI's walkable region (rank layout).
#[inline]
fn near_any_ai(sim: &Sim) -> Bits {
    sim.near_reach[1..sim.m].iter().fold(0, |a, &s| a | s)
}

/// Targets whose logit is this many temperatures below the best one are never drawn (their
/// chance, e^-8 each, is left out).
const CUT: f64 = 8.0;

/// The four neighbours of each cell (right, down, left, up), `CELLS` where the board ends.
const NEIGHBOURS: [[u8; 4]; CELLS] = {
    let mut table = [[CELLS as u8; 4]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (x, y) = (c / N, c % N);
        if y + 1 < N {
            table[c][0] = (c + 1) as u8;
        }
        if x + 1 < N {
            table[c][1] = (c + N) as u8;
        }
        if y > 0 {
            table[c][2] = (c - 1) as u8;
        }
        if x > 0 {
            table[c][3] = (c - N) as u8;
        }
        c += 1;
    }
    table
};

/// e^x for x <= 0 (x >= -700) to a relative error below 3e-7 (far below the cut's e^-8):
/// x = k ln 2 + r with |r| <= ln 2 / 2 (k rounded by adding 1.5 * 2^52), e^r by its Taylor
/// series to r^6, 2^k by the exponent bits. No libm call, no branch and no conversion to an
/// integer, so that a loop over many is vectorised.
#[inline(always)]
pub fn exp_neg(x: f64) -> f64 {
    const ROUND: f64 = 6_755_399_441_055_744.0;
    let x = x.max(-700.0);
    let shifted = x * std::f64::consts::LOG2_E + ROUND;
    let k = shifted - ROUND;
    let r = x - k * std::f64::consts::LN_2;
    let mut p = 1.0 / 720.0;
    for d in [120.0, 24.0, 6.0, 2.0, 1.0, 1.0] {
        p = p * r + 1.0 / d;
    }
    // The low bits of `shifted` hold k (two's complement): k + 1023 is the exponent field.
    p * f64::from_bits(shifted.to_bits().wrapping_add(1023) << 52)
}

/// What the learnt policy's logits take from its weights alone, built once per weight
/// vector: the terms beyond kind and value (`Context::extras`) for each combination of flags
/// and neighbour counts, by the same floating-point operations as the reference.
pub struct Tables {
    w: [f64; FEATURES],
    /// By flag index (1 next to the leader, 2 next to an AI, 4 a weak own cell there), own
    /// neighbours and empty neighbours: the flags' and the counts' terms.
    extras: [[[f64; 5]; 5]; 8],
    /// By flag index: the most `extras` can be (a margin for rounding: never below it).
    bound: [f64; 8],
}

impl Tables {
    pub fn new(w: &[f64; FEATURES]) -> Tables {
        let flag = |on: bool, k: usize| if on { w[k] } else { 0.0 };
        let counted = |k: usize, o: usize| w[k] * o as f64 * 0.25;
        let extras = std::array::from_fn(|i| {
            std::array::from_fn(|o| {
                std::array::from_fn(|e| {
                    flag(i & 1 != 0, 14)
                        + flag(i & 2 != 0, 15)
                        + counted(16, o)
                        + counted(17, e)
                        + flag(i & 4 != 0, 18)
                })
            })
        });
        let bound = std::array::from_fn(|i| {
            let all: &[[f64; 5]; 5] = &extras[i];
            all.iter()
                .flatten()
                .fold(f64::NEG_INFINITY, |a, &x| a.max(x))
                + 1e-9
        });
        Tables {
            w: *w,
            extras,
            bound,
        }
    }

    /// The tables of `WEIGHTS` for level cap `u` (built on first use).
    pub fn for_cap(u: u8) -> &'static Tables {
        static TABLES: std::sync::OnceLock<Vec<Tables>> = std::sync::OnceLock::new();
        &TABLES.get_or_init(|| WEIGHTS.iter().map(Tables::new).collect())[u as usize - 1]
    }

    /// Player 0's move by the learnt policy: a target of `b` (rank layout, non-empty) drawn
    /// from the softmax of its logits divided by `temperature` (returns a rank), targets more
    /// than `CUT` temperatures below the best logit left out. The same distribution as
    /// `sample_reference`, and the same draws from the same random stream (the same logits by
    /// the same floating-point operations, added up in the same order: kind by kind, ranks
    /// ascending), except that e^x is `exp_neg` (relative error below 3e-7), at a fraction of
    /// its cost: each kind's targets are split by their flag features (next to the leading
    /// AI, next to another AI, a weak own cell there), so that within a part a target's logit
    /// is its value term plus at most the part's bound; each part is visited from its highest
    /// value term down and left at the first target whose bound is out of the cut. The
    /// neighbour counts are read from the owner of each of the four neighbours.
    #[inline]
    pub fn sample(
        &self,
        sim: &Sim,
        values: &Values,
        b: Bits,
        temperature: f64,
        rng: &mut FastRng,
    ) -> usize {
        let w = &self.w;
        let near_ai = near_any_ai(sim);
        let near_lead = sim.near_reach[sim.leader()];
        let weak = sim.ranked[0] & sim.level1 & near_ai;
        let stay = values.rank[sim.pos[0] as usize] as usize;
        // The piece's own cell is taken apart (its logit has the `stay` term).
        let kinds = sim.player0_kinds(b & !bit(stay));
        let inv_top = 1.0 / values.value_at[b.trailing_zeros() as usize].max(1) as f64;
        // The owners with one more cell past the board that is neither own nor empty.
        let mut owner = [1i8; CELLS + 1];
        owner[..CELLS].copy_from_slice(&sim.owner);
        let extras = |r: usize, i: usize| {
            let (mut o, mut e) = (0, 0);
            for &next in &NEIGHBOURS[values.cell_of[r] as usize] {
                let x = owner[next as usize];
                o += usize::from(x == 0);
                e += usize::from(x < 0);
            }
            self.extras[i][o.min(4)][e.min(4)]
        };
        let base = |k: usize, r: usize| w[k] + w[7 + k] * values.value_at[r] as f64 * inv_top;
        let cut = CUT * temperature;
        let (stay_kind, stay_logit) = if b >> stay & 1 == 1 {
            let own_kind = if sim.capped >> stay & 1 == 1 { 2 } else { 1 };
            let on = |s: Bits| (s >> stay & 1) as usize;
            let i = on(near_lead) | on(near_ai) << 1 | on(weak) << 2;
            (own_kind, base(own_kind, stay) + (extras(stay, i) + w[19]))
        } else {
            (usize::MAX, f64::NEG_INFINITY)
        };
        let mut best = stay_logit;
        // The parts: far from the AIs, next to an AI only, next to the leader; for own cells
        // each of the last two split by the weak own cells.
        let far = !near_ai;
        let ai_only = near_ai & !near_lead;
        let parts = [
            (far, 0),
            (ai_only & !weak, 2),
            (near_lead & !weak, 3),
            (ai_only & weak, 6),
            (near_lead & weak, 7),
        ];
        // The targets visited, in visiting order, and by kind (the reference's order).
        let mut logits = [0.0f64; CELLS];
        let mut ranks = [0u8; CELLS];
        let mut visited = [0 as Bits; 7];
        let mut n = 0;
        if stay_kind < 7 {
            logits[0] = stay_logit;
            ranks[0] = stay as u8;
            visited[stay_kind] = bit(stay);
            n = 1;
        }
        for (k, &mask) in kinds.iter().enumerate() {
            if mask == 0 {
                continue;
            }
            let (a, slope) = (w[k], w[7 + k]);
            let parts = if k == 1 || k == 2 {
                &parts[..]
            } else {
                &parts[..3]
            };
            for &(part, i) in parts {
                let mut rest = mask & part;
                let high = a + self.bound[i];
                while rest != 0 {
                    // Highest value term first.
                    let one = if slope >= 0.0 {
                        rest & rest.wrapping_neg()
                    } else {
                        1 << (127 - rest.leading_zeros())
                    };
                    rest &= !one;
                    let r = one.trailing_zeros() as usize;
                    if high + slope * values.value_at[r] as f64 * inv_top < best - cut {
                        // No target left in this part comes within the cut.
                        break;
                    }
                    let l = base(k, r) + extras(r, i);
                    best = best.max(l);
                    logits[n] = l;
                    ranks[n] = r as u8;
                    visited[k] |= one;
                    n += 1;
                }
            }
        }
        let inv_t = 1.0 / temperature;
        let floor = best - cut;
        for l in &mut logits[..n] {
            let p = exp_neg((*l - best) * inv_t);
            *l = if *l < floor { 0.0 } else { p };
        }
        let mut weight = [0.0f64; CELLS];
        for (&p, &r) in logits[..n].iter().zip(&ranks[..n]) {
            weight[r as usize] = p;
        }
        // Added up and drawn kind by kind, ranks ascending.
        let mut total = 0.0;
        for &set in &visited {
            let mut rest = set;
            while rest != 0 {
                total += weight[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
        }
        let mut u = rng.unit() * total;
        let mut last = 0;
        for &set in &visited {
            let mut rest = set;
            while rest != 0 {
                let r = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                u -= weight[r];
                if u < 0.0 {
                    return r;
                }
                if weight[r] > 0.0 {
                    last = r;
                }
            }
        }
        last
    }
}

/// `Tables::sample` with weights `w` (its tables built for this call: for tests and
/// measurements; the rollouts use `Tables::for_cap`).
pub fn sample(
    sim: &Sim,
    values: &Values,
    b: Bits,
    w: &[f64; FEATURES],
    temperature: f64,
    rng: &mut FastRng,
) -> usize {
    Tables::new(w).sample(sim, values, b, temperature, rng)
}

/// The targets of `b` (rank layout) within the cut of the best logit: those `sample` draws.
pub fn survivors(
    sim: &Sim,
    values: &Values,
    b: Bits,
    w: &[f64; FEATURES],
    temperature: f64,
) -> Bits {
    let context = Context::new(sim, values, b);
    let logit = |r: usize| context.logit(w, values, r);
    let mut best = f64::NEG_INFINITY;
    let mut rest = b;
    while rest != 0 {
        let r = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        best = best.max(logit(r));
    }
    let mut within = 0;
    let mut rest = b;
    while rest != 0 {
        let r = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if logit(r) >= best - CUT * temperature {
            within |= bit(r);
        }
    }
    within
}

/// The first sampler of the learnt policy, kept as the reference `sample` must agree with
/// (tests and `examples/territory_sampler.rs`): a target of `b` (rank layout, non-empty) drawn from
/// the softmax of its logits divided by `temperature` (returns a rank). Each kind's targets
/// are visited from the highest value down and the visit stops where even the largest
/// `extras` could not bring a target within `CUT` temperatures of the best logit so far.
#[inline]
pub fn sample_reference(
    sim: &Sim,
    values: &Values,
    b: Bits,
    w: &[f64; FEATURES],
    temperature: f64,
    rng: &mut FastRng,
) -> usize {
    let context = Context::new(sim, values, b);
    let cut = CUT * temperature;
    let bonus: f64 = w[14..].iter().map(|x| x.max(0.0)).sum();
    let mut logits = [0.0f64; 128];
    let mut ranks = [0u8; 128];
    let mut n = 0;
    let mut best = f64::NEG_INFINITY;
    for (k, &mask) in context.kinds.iter().enumerate() {
        let (a, slope) = (w[k], w[7 + k]);
        let mut rest = mask;
        while rest != 0 {
            let r = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let base = a + slope * values.value_at[r] as f64 * context.inv_top;
            if base + bonus < best - cut {
                if slope >= 0.0 {
                    // The rest of this kind is worth no more.
                    break;
                }
                continue;
            }
            let l = base + context.extras(w, values, r);
            best = best.max(l);
            logits[n] = l;
            ranks[n] = r as u8;
            n += 1;
        }
    }
    let inv_t = 1.0 / temperature;
    let mut total = 0.0;
    for l in &mut logits[..n] {
        *l = if *l < best - cut {
            0.0
        } else {
            ((*l - best) * inv_t).exp()
        };
        total += *l;
    }
    let mut u = rng.unit() * total;
    for i in 0..n {
        u -= logits[i];
        if u < 0.0 {
            return ranks[i] as usize;
        }
    }
    let last = logits[..n].iter().rposition(|&p| p > 0.0).unwrap_or(0);
    ranks[last] as usize
}

/// The weights fitted by `examples/territory_policy.rs fit`, one row per level cap U.
/// Data: `territory_policy log 70000 150 400` (the 130 games with M >= 3, 13,000 decisions);
/// U = 1 has no own-below-cap and no enemy-above-level-1 targets (their weights stay 0).
#[rustfmt::skip]
pub const WEIGHTS: [[f64; FEATURES]; 5] = [
    [-1.238, 0.000, -4.524, 2.541, 0.000, 3.221, 0.000, 3.932, 0.000, 1.640, 0.358, 0.000, -0.046, 0.000, -0.003, -0.202, 0.185, -0.093, 4.313, -1.045],
    [-2.257, -2.105, -1.598, 1.453, 0.377, 2.820, 1.309, 5.450, 4.466, -0.240, 1.686, 1.018, 0.591, 1.458, 0.203, -0.041, -0.065, -0.007, 1.793, 0.233],
    [-2.863, -1.448, -0.790, 1.609, 0.852, 1.587, 1.055, 6.376, 5.138, 0.017, 1.143, -0.459, 2.519, 1.438, -0.068, 0.814, -0.115, 0.086, 0.766, 0.489],
    [-2.654, -0.918, -0.773, 0.710, -0.396, 2.762, 1.269, 6.467, 5.114, -0.460, 2.490, 0.947, 1.263, 1.102, 0.072, 0.741, -0.499, 0.111, 0.443, 0.584],
    [-1.609, -0.153, -1.459, 0.441, -0.795, 1.710, 1.864, 5.639, 4.923, 0.097, 3.204, 2.381, 2.974, 1.521, -0.017, 0.675, -0.930, -0.128, 0.123, 0.682],
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Params};
    use crate::games::territory::{Board, Territory};

    #[test]
    fn logits_are_the_features_dotted_with_the_weights() {
        let mut params = Params::new();
        params.insert("M".into(), 4);
        let inst = Territory::generate(3, &params);
        let values = Values::new(&inst.values);
        let sim = Sim::new(&Board::start(&inst.starts), inst.m, inst.u, &values, 0);
        let b = sim.ranked_candidates(0, &values);
        let context = Context::new(&sim, &values, b);
        let w: [f64; FEATURES] = std::array::from_fn(|k| (k as f64 * 0.37).sin());
        let mut rest = b;
        while rest != 0 {
            let r = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let x = context.features(&values, r);
            assert_eq!(x[..7].iter().sum::<f64>(), 1.0);
            let dot: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            assert!((dot - context.logit(&w, &values, r)).abs() < 1e-12);
        }
    }

    #[test]
    fn exp_neg_is_e_to_the_x_within_3e_7() {
        let mut worst: f64 = 0.0;
        for i in 0..=20_000 {
            let x = -12.0 * i as f64 / 20_000.0;
            worst = worst.max((exp_neg(x) / x.exp() - 1.0).abs());
        }
        assert!(worst < 3e-7, "{worst}");
        assert!(worst > 0.0);
        assert_eq!(exp_neg(0.0), 1.0);
    }

    /// Boards of games with M >= 3 whose players move by a kind-weighted greedy with random
    /// moves, every third turn, for each U.
    fn rollout_boards() -> Vec<(Values, Sim)> {
        let mut boards = Vec::new();
        for u in 1..=5 {
            let mut params = Params::new();
            params.insert("M".into(), 3 + u % 4);
            params.insert("U".into(), u);
            let inst = Territory::generate(40 + u as u64, &params);
            let values = Values::new(&inst.values);
            let mut sim = Sim::new(&Board::start(&inst.starts), inst.m, inst.u, &values, 0);
            let mut rng = FastRng::new(u as u64);
            for t in 0..crate::games::territory::TURNS {
                if t % 3 == 0 {
                    boards.push((values.clone(), sim.clone()));
                }
                let mut targets = [0u8; crate::games::territory::MAX_PLAYERS];
                for (p, target) in targets[..inst.m].iter_mut().enumerate() {
                    *target = sim.ai_move(p, &[1.0, 0.5, 0.0, 1.2, 0.6], 0.3, &values, &mut rng);
                }
                sim.step(&targets, &values);
            }
        }
        boards
    }

    #[test]
    fn the_sampler_draws_what_the_reference_draws_from_the_same_stream() {
        let (mut draws, mut spread) = (0, 0);
        for (k, (values, sim)) in rollout_boards().iter().enumerate() {
            let b = sim.ranked_candidates(0, values);
            let w = &WEIGHTS[sim.u as usize - 1];
            for temperature in [0.25, 1.0] {
                let mut a = FastRng::new(k as u64);
                let mut c = a;
                let mut drawn: Bits = 0;
                for _ in 0..30 {
                    let r = sample_reference(sim, values, b, w, temperature, &mut a);
                    assert_eq!(sample(sim, values, b, w, temperature, &mut c), r);
                    drawn |= bit(r);
                    draws += 1;
                }
                assert_eq!(drawn & !survivors(sim, values, b, w, temperature), 0);
                spread += drawn.count_ones() as usize;
            }
        }
        // Many boards, and more than one target drawn on most.
        assert!(draws > 5_000, "{draws}");
        assert!(spread > draws / 15, "{spread}");
    }

    #[test]
    fn samples_are_legal_targets_and_a_cold_policy_takes_the_best_logit() {
        let mut params = Params::new();
        params.insert("M".into(), 5);
        params.insert("U".into(), 4);
        let inst = Territory::generate(8, &params);
        let values = Values::new(&inst.values);
        let sim = Sim::new(&Board::start(&inst.starts), inst.m, inst.u, &values, 0);
        let b = sim.ranked_candidates(0, &values);
        let w = &WEIGHTS[3];
        let context = Context::new(&sim, &values, b);
        let mut best = (f64::NEG_INFINITY, 0);
        let mut rest = b;
        while rest != 0 {
            let r = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let l = context.logit(w, &values, r);
            if l > best.0 {
                best = (l, r);
            }
        }
        let mut rng = FastRng::new(5);
        let mut drawn: Bits = 0;
        for _ in 0..200 {
            let r = sample(&sim, &values, b, w, 1.0, &mut rng);
            assert!(b & bit(r) != 0);
            drawn |= bit(r);
            assert_eq!(sample(&sim, &values, b, w, 1e-3, &mut rng), best.1);
        }
        // At temperature 1 more than one target is drawn.
        assert!(drawn.count_ones() > 1);
    }
}
