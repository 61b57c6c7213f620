//! A learnt rollout policy for player 0 (M >= 3): a conditional logit over player 0's legal
//! targets, fitted offline to the targets the search itself chose (`examples/
//! territory_policy.rs`, `log` then `fit`). Each target's features are bits and popcounts
//! of the masks `Sim` keeps (rank layout, `Values`): its kind (the 7 of `mc::Config::choose`),
//! its value relative to the best legal target, whether it is next to the leading AI's or
//! any AI's walkable region, its own and empty neighbours, ... Only what the Observation
//! shows (no AI parameter is read).

use super::sim::{bit, Bits, FastRng, Sim, Values};

/// Number of features.
pub const FEATURES: usize = 22;

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
    "weak_own_near_lead",
    "top_value",
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
    /// The legal targets of the best value.
    top: Bits,
    /// 1 / the best value among the legal targets.
    inv_top: f64,
}

impl Context {
    /// The context of player 0's move on `sim` with legal targets `b` (rank layout, non-empty).
    #[inline]
    pub fn new(sim: &Sim, values: &Values, b: Bits) -> Context {
        let mut near_ai = 0;
        for p in 1..sim.m {
            near_ai |= sim.near_reach[p];
        }
        let own = sim.ranked[0];
        let (top, top_targets) = values.top(b);
        Context {
            kinds: sim.player0_kinds(b),
            near_lead: sim.near_reach[sim.leader()],
            near_ai,
            own,
            empty: !sim.owned,
            weak_own: own & sim.level1,
            stay: bit(values.rank[sim.pos[0] as usize] as usize),
            top: top_targets,
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
        x[20] = f64::from(u8::from(self.weak_own & self.near_lead & b != 0));
        x[21] = f64::from(u8::from(self.top & b != 0));
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
            + flag(self.weak_own & self.near_lead, 20)
            + flag(self.top, 21)
    }
}

/// Targets whose logit is this many temperatures below the best one are never drawn (their
/// chance, e^-8 each, is left out).
const CUT: f64 = 8.0;

/// Player 0's move by the learnt policy: a target of `b` (rank layout, non-empty) drawn from
/// the softmax of its logits divided by `temperature` (returns a rank). Each kind's targets
/// are visited from the highest value down and the visit stops where even the largest
/// `extras` could not bring a target within `CUT` temperatures of the best logit so far.
#[inline]
pub fn sample(
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
/// The last two features (`weak_own_near_lead`, `top_value`) were appended later (eighth
/// session) and have weight 0 here.
#[rustfmt::skip]
pub const WEIGHTS: [[f64; FEATURES]; 5] = [
    [-1.238, 0.000, -4.524, 2.541, 0.000, 3.221, 0.000, 3.932, 0.000, 1.640, 0.358, 0.000, -0.046, 0.000, -0.003, -0.202, 0.185, -0.093, 4.313, -1.045, 0.000, 0.000],
    [-2.257, -2.105, -1.598, 1.453, 0.377, 2.820, 1.309, 5.450, 4.466, -0.240, 1.686, 1.018, 0.591, 1.458, 0.203, -0.041, -0.065, -0.007, 1.793, 0.233, 0.000, 0.000],
    [-2.863, -1.448, -0.790, 1.609, 0.852, 1.587, 1.055, 6.376, 5.138, 0.017, 1.143, -0.459, 2.519, 1.438, -0.068, 0.814, -0.115, 0.086, 0.766, 0.489, 0.000, 0.000],
    [-2.654, -0.918, -0.773, 0.710, -0.396, 2.762, 1.269, 6.467, 5.114, -0.460, 2.490, 0.947, 1.263, 1.102, 0.072, 0.741, -0.499, 0.111, 0.443, 0.584, 0.000, 0.000],
    [-1.609, -0.153, -1.459, 0.441, -0.795, 1.710, 1.864, 5.639, 4.923, 0.097, 3.204, 2.381, 2.974, 1.521, -0.017, 0.675, -0.930, -0.128, 0.123, 0.682, 0.000, 0.000],
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
        let mut tops = 0;
        while rest != 0 {
            let r = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let x = context.features(&values, r);
            assert_eq!(x[..7].iter().sum::<f64>(), 1.0);
            let dot: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            assert!((dot - context.logit(&w, &values, r)).abs() < 1e-12);
            // The leader is one of the AIs; the best-valued targets have relative value 1.
            assert!(x[20] <= x[18]);
            assert_eq!(
                x[21] == 1.0,
                (x[7..14].iter().sum::<f64>() - 1.0).abs() < 1e-9
            );
            tops += x[21] as usize;
        }
        assert!(tops >= 1);
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
