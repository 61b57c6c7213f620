//! Monte Carlo with learned opponents. Each turn it first updates a particle filter per AI
//! from the moves just reported (`model`), then scores every legal target of player 0 by
//! short rollouts in which the AIs play their own policy with parameters drawn from that
//! posterior. All targets share each rollout's random numbers (common random numbers), the
//! weakest half is dropped at doubling checkpoints (successive halving), and the value of a
//! rollout is log2(1 + S0 / SA) at its horizon, the contest's own score.
//!
//! Player 0's moves inside a rollout follow a greedy policy with its own cell-kind weights
//! (the leading AI's cells count more; with M >= 3 the weights are jittered per iteration
//! and a third of the moves are random, so that an option is valued over varied
//! continuations) and, most of the time, defend: when an AI's greedy
//! move (under the sampled weights) attacks one of player 0's reachable cells, player 0 moves
//! there, so that the owner's piece wins the shared cell and the attacker is sent back.

use super::duel::{self, DuelConfig};
use super::model::{AiModel, MoveSummary};
use super::policy;
use super::sim::{bit, pick, Bits, FastRng, Sim, Values};
use super::value;
use crate::clock::Budget;
use crate::game::Agent;
use crate::games::territory::{Action, Observation, Territory, CELLS, MAX_PLAYERS, TURNS};

/// The player's settings. The defaults are the tuned ones.
#[derive(Clone, Debug)]
pub struct Config {
    /// Particles per AI.
    pub particles: usize,
    /// Metropolis steps per particle when a filter is rejuvenated.
    pub mh_steps: usize,
    /// Rollout length in turns (the current one included).
    pub horizon: usize,
    /// The rollout length against a single AI (M = 2), where holding it in pays off only
    /// over many turns.
    pub duel_horizon: usize,
    /// Options left for the last round of sequential halving.
    pub finalists: usize,
    /// Enough rollouts for any turn; an unlimited budget stops here.
    pub max_iterations: usize,
    /// Player 0's rollout policy: weights of empty, own, own at cap, enemy level 1, enemy
    /// higher cells, then the leading AI's level 1 and higher cells.
    pub policy: [f64; 7],
    /// Settings for some groups of games only, applied in order over the ones above (a
    /// later rule wins). The defaults: when M >= 3, player 0's rollout weight of its own
    /// cells below the cap is 0.5, its random-move rate 0.35 and its weights' jitter 0.4
    /// (M = 2 keeps `policy[1]`, `policy_eps` and no jitter).
    pub groups: Vec<GroupSetting>,
    /// Player 0's random-move rate in rollouts.
    pub policy_eps: f64,
    /// Each iteration's rollouts (the same for every option) scale player 0's policy
    /// weights by exp(this × a standard normal draw), one draw per weight (0: never).
    pub policy_jitter: f64,
    /// In rollouts, how often player 0 defends: moves onto its own cell that an AI's greedy
    /// move attacks (the owner's piece wins a shared cell, the attacker is sent back).
    pub defend: f64,
    /// The rollout's value extrapolates each player's score gain over the rollout to the
    /// end of the game, by this fraction of the turns left (0: the score at the horizon).
    pub extrapolate: f64,
    /// When M >= 3, the rollout's value blends the score ratio at its horizon with the
    /// learnt prediction of the final one (`value::predict`) by this weight (0: the ratio
    /// only, 1: the prediction only). M = 2 never reads it.
    pub leaf_value: f64,
    /// When M >= 3 and this is above 0, player 0's rollout moves that are neither random
    /// nor a defence are drawn from the learnt policy (`policy::WEIGHTS` of the game's U) at
    /// this temperature instead of the kind-weighted greedy (0: the greedy). M = 2 never
    /// reads it.
    pub learnt: f64,
    /// The learnt policy's weights, one row per U, in place of `policy::WEIGHTS` (for
    /// fitting and A/B runs of new weights; `None`: `policy::WEIGHTS`).
    pub learnt_weights: Option<[[f64; policy::FEATURES]; 5]>,
    /// When M >= 3 and this is above 0, the root keeps only this many of player 0's options
    /// before sequential halving: those the learnt policy's logits (`policy::WEIGHTS` of the
    /// game's U, or `learnt_weights`) rank highest, one evaluation per turn (0: all options).
    /// M = 2 never reads it.
    pub prior_keep: usize,
    /// The first halving round's length relative to each later round's (1: all rounds
    /// equal; 0.5: the first round gets half a later round's slice of the turn).
    pub first_share: f64,
    /// When above 0 (M >= 3), a turn's search stops early once, after at least `stop_after`
    /// of its share, the leading option's mean beats the runner-up's by this many standard
    /// errors of their paired (common random numbers) difference; the time it leaves goes to
    /// the turns after it (each turn's share is what is left over the turns left). 0: never.
    pub stop_z: f64,
    /// The fraction of a turn's share spent before `stop_z` is first checked.
    pub stop_after: f64,
    /// With `stop_z` on, each turn's share is this many times what is left over the turns
    /// left (at most what is left), so that the time the early stops save is spent by the
    /// turns that do not stop instead of being left over at the end of the game.
    pub stop_boost: f64,
    /// Each iteration scales the sampled AI weights by exp(s·N(0,1)), one draw per weight
    /// (M >= 3; 0: the particle as drawn).
    pub ai_jitter: f64,
    /// Games with at most this many players (AIs included) are played by the beam search of
    /// `duel` instead of rollouts (0: never).
    pub duel_players: usize,
    /// ... and at least this many levels (U): with U = 1 every attack takes a cell, the AI's
    /// random moves matter more and the beam, which ignores them, lost. U = 2 was a tie
    /// before the frontier term and the cheaper children; with them it gained (2 here).
    pub duel_min_u: u8,
    /// The beam search's settings.
    pub duel: DuelConfig,
    /// The beam's width cap by turn: `duel_opening` times `duel.max_width` on the first
    /// `duel_opening_turns` turns, and less after them so that the caps add up to
    /// `duel.max_width` a turn (1: the same cap on every turn).
    pub duel_opening_turns: usize,
    pub duel_opening: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            particles: 256,
            mh_steps: 2,
            horizon: 13,
            duel_horizon: 20,
            finalists: 2,
            max_iterations: 4000,
            policy: [1.0, 0.8, 0.0, 1.2, 0.6, 2.0, 1.0],
            groups: vec![
                GroupSetting {
                    m: (3, 8),
                    u: (1, 5),
                    knob: Knob::Policy(1),
                    value: 0.5,
                },
                GroupSetting {
                    m: (3, 8),
                    u: (1, 5),
                    knob: Knob::PolicyEps,
                    value: 0.35,
                },
                GroupSetting {
                    m: (3, 8),
                    u: (1, 5),
                    knob: Knob::PolicyJitter,
                    value: 0.4,
                },
            ],
            policy_eps: 0.15,
            policy_jitter: 0.0,
            defend: 0.7,
            extrapolate: 0.0,
            leaf_value: 0.0,
            learnt: 0.0,
            learnt_weights: None,
            prior_keep: 0,
            first_share: 1.0,
            stop_z: 0.0,
            stop_after: 0.125,
            stop_boost: 1.0,
            ai_jitter: 0.0,
            duel_players: 2,
            duel_min_u: 2,
            duel: DuelConfig::default(),
            duel_opening_turns: 0,
            duel_opening: 1.0,
        }
    }
}

impl Config {
    /// Sets a numeric setting by name (for tuning runs); unknown names panic.
    pub fn set(&mut self, name: &str, value: f64) {
        match name {
            "max_iterations" => self.max_iterations = value as usize,
            "defend" => self.defend = value,
            "horizon" => self.horizon = value as usize,
            "duel_horizon" => self.duel_horizon = value as usize,
            "extrapolate" => self.extrapolate = value,
            "leaf_value" => self.leaf_value = value,
            "learnt" => self.learnt = value,
            "prior_keep" => self.prior_keep = value as usize,
            "first_share" => self.first_share = value,
            "ai_jitter" => self.ai_jitter = value,
            "stop_z" => self.stop_z = value,
            "stop_after" => self.stop_after = value,
            "stop_boost" => self.stop_boost = value,
            "own_weight" => self.set("policy1@m3-8", value),
            "duel_players" => self.duel_players = value as usize,
            "duel_min_u" => self.duel_min_u = value as u8,
            "duel_width" => self.duel.max_width = value as usize,
            "duel_depth" => self.duel.depth = value as usize,
            "duel_territory" => self.duel.territory = value,
            "duel_room" => self.duel.room = value,
            "duel_fade" => self.duel.fade = value,
            "duel_prune" => self.duel.prune = value != 0.0,
            "duel_frontier" => self.duel.frontier = value,
            _ => match GroupSetting::parse(name, value) {
                Some(rule) => self.groups.push(rule),
                None => panic!("unknown setting {name}"),
            },
        }
    }

    /// The settings for a game of M players with level cap U: the group rules applied.
    pub fn for_game(&self, m: usize, u: u8) -> Config {
        let mut config = self.clone();
        for rule in &self.groups {
            if (rule.m.0..=rule.m.1).contains(&m) && (rule.u.0..=rule.u.1).contains(&u) {
                match rule.knob {
                    Knob::Policy(k) => config.policy[k] = rule.value,
                    Knob::PolicyEps => config.policy_eps = rule.value,
                    Knob::Defend => config.defend = rule.value,
                    Knob::PolicyJitter => config.policy_jitter = rule.value,
                    Knob::Horizon => config.horizon = rule.value as usize,
                    Knob::MaxIterations => config.max_iterations = rule.value as usize,
                    Knob::Extrapolate => config.extrapolate = rule.value,
                    Knob::LeafValue => config.leaf_value = rule.value,
                    Knob::Learnt => config.learnt = rule.value,
                    Knob::PriorKeep => config.prior_keep = rule.value as usize,
                    Knob::FirstShare => config.first_share = rule.value,
                    Knob::StopZ => config.stop_z = rule.value,
                    Knob::StopAfter => config.stop_after = rule.value,
                    Knob::StopBoost => config.stop_boost = rule.value,
                    Knob::DuelDepth => config.duel.depth = rule.value as usize,
                    Knob::DuelOpeningTurns => config.duel_opening_turns = rule.value as usize,
                    Knob::DuelOpening => config.duel_opening = rule.value,
                }
            }
        }
        config
    }

    /// Whether a game of M players with level cap U is played by the beam of `duel`.
    pub fn plays_beam(&self, m: usize, u: u8) -> bool {
        m <= self.duel_players && u >= self.duel_min_u
    }

    /// The beam's width cap on `turn` (wider in the opening, if so set).
    pub fn beam_width(&self, turn: usize) -> usize {
        let opening = self.duel_opening_turns.min(TURNS - 1);
        let width = self.duel.max_width as f64;
        let scale = if turn < opening {
            self.duel_opening
        } else {
            // The rest of the total width, spread over the other turns.
            (TURNS as f64 - opening as f64 * self.duel_opening) / (TURNS - opening) as f64
        };
        (width * scale).round().max(1.0) as usize
    }

    /// The fraction of the time left that the beam spends on `turn`: the turn's width cap
    /// over the sum of the caps of the turns left (1 / turns left when all caps are equal).
    pub fn beam_share(&self, turn: usize) -> f64 {
        let turn = turn.min(TURNS - 1);
        let left: usize = (turn..TURNS).map(|t| self.beam_width(t)).sum();
        self.beam_width(turn) as f64 / left.max(1) as f64
    }

    /// The rollout length for a game of M players.
    pub fn horizon_for(&self, m: usize) -> usize {
        match m {
            2 => self.duel_horizon,
            _ => self.horizon,
        }
    }

    /// Keeps the `prior_keep` options (cells) of highest learnt logit on the root board
    /// (ties: the lower cell), in increasing order of cell.
    fn prune_by_prior(&self, root: &Sim, values: &Values, options: &mut Vec<u8>) {
        let b = root.ranked_candidates(0, values);
        let context = policy::Context::new(root, values, b);
        let u = root.u as usize - 1;
        let w = match &self.learnt_weights {
            Some(table) => &table[u],
            None => &policy::WEIGHTS[u],
        };
        let logit = |cell: u8| context.logit(w, values, values.rank[cell as usize] as usize);
        let mut scored: Vec<(f64, u8)> = options.iter().map(|&c| (logit(c), c)).collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.truncate(self.prior_keep);
        *options = scored.into_iter().map(|(_, c)| c).collect();
        options.sort_unstable();
    }

    /// Player 0's move inside rollouts: the AI policy's shape with its own weights, the
    /// leading AI's cells weighted apart, and some random moves.
    /// `threatened`: player 0's cells that the AIs' greedy moves attack this turn, in the
    /// rank layout (`Values`).
    #[inline]
    fn choose(
        &self,
        policy: &[f64; 7],
        sim: &Sim,
        values: &Values,
        threatened: Bits,
        rng: &mut FastRng,
    ) -> u8 {
        let b = sim.ranked_candidates(0, values);
        if rng.unit() < self.policy_eps {
            return values.cell_of[pick(b, rng) as usize];
        }
        let defend = b & threatened;
        if defend != 0 && rng.unit() < self.defend {
            let (_, best) = values.top(defend);
            return values.cell_of[pick(best, rng) as usize];
        }
        if self.learnt > 0.0 && sim.m >= 3 {
            if let Some(table) = &self.learnt_weights {
                // Its tables built for each move: for equal-iteration runs of new weights.
                let w = &table[sim.u as usize - 1];
                return values.cell_of[policy::sample(sim, values, b, w, self.learnt, rng)];
            }
            let tables = policy::Tables::for_cap(sim.u);
            return values.cell_of[tables.sample(sim, values, b, self.learnt, rng)];
        }
        Sim::greedy(&sim.player0_kinds(b), policy, values, rng)
    }
}

/// A setting that a group rule can change.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Knob {
    /// `policy[k]`.
    Policy(usize),
    PolicyEps,
    Defend,
    PolicyJitter,
    /// `horizon` (the rollout length when M >= 3; M = 2 uses `duel_horizon`).
    Horizon,
    /// `max_iterations` (for clock-free runs that keep the simulated turns equal).
    MaxIterations,
    /// `extrapolate` (the rollout value's projection of score gains to turn 100).
    Extrapolate,
    /// `leaf_value` (the learnt final-score prediction's weight in the rollout value).
    LeafValue,
    /// `duel.depth` (the beam's plan length, where the beam plays).
    DuelDepth,
    /// `duel_opening_turns` and `duel_opening` (the beam's width cap in the opening).
    DuelOpeningTurns,
    DuelOpening,
    /// `learnt` (the learnt rollout policy's temperature, M >= 3 only).
    Learnt,
    /// `prior_keep` (the root's options kept by the learnt policy's logits, M >= 3 only).
    PriorKeep,
    /// `first_share` (the first halving round's length relative to the others').
    FirstShare,
    /// `stop_z` and `stop_after` (a turn's early stop when its leader is clear).
    StopZ,
    StopAfter,
    StopBoost,
}

/// A setting for the games with M in `m.0..=m.1` and U in `u.0..=u.1`.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupSetting {
    pub m: (usize, usize),
    pub u: (u8, u8),
    pub knob: Knob,
    pub value: f64,
}

impl GroupSetting {
    /// Reads a rule's name: the knob (`policy0`..`policy6`, `policy_eps`, `defend`,
    /// `policy_jitter`, `horizon`, `max_iterations`, `extrapolate`, `leaf_value`,
    /// `duel_depth`, `duel_opening_turns`, `duel_opening`, `learnt`, `prior_keep`,
    /// `first_share`, `stop_z`, `stop_after`, `stop_boost`), then
    /// optionally `@mA-B` or `@mA` and `@uA-B` or `@uA` (all M or U when left out).
    pub fn parse(name: &str, value: f64) -> Option<GroupSetting> {
        let mut parts = name.split('@');
        let knob = match parts.next()? {
            "policy_eps" => Knob::PolicyEps,
            "defend" => Knob::Defend,
            "policy_jitter" => Knob::PolicyJitter,
            "horizon" => Knob::Horizon,
            "max_iterations" => Knob::MaxIterations,
            "extrapolate" => Knob::Extrapolate,
            "leaf_value" => Knob::LeafValue,
            "learnt" => Knob::Learnt,
            "prior_keep" => Knob::PriorKeep,
            "first_share" => Knob::FirstShare,
            "stop_z" => Knob::StopZ,
            "stop_after" => Knob::StopAfter,
            "stop_boost" => Knob::StopBoost,
            "duel_depth" => Knob::DuelDepth,
            "duel_opening_turns" => Knob::DuelOpeningTurns,
            "duel_opening" => Knob::DuelOpening,
            k => {
                let index: usize = k.strip_prefix("policy")?.parse().ok()?;
                (index < 7).then_some(Knob::Policy(index))?
            }
        };
        let range = |s: &str| -> Option<(usize, usize)> {
            match s.split_once('-') {
                Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
                None => s.parse().ok().map(|a| (a, a)),
            }
        };
        let mut rule = GroupSetting {
            m: (2, MAX_PLAYERS),
            u: (1, 5),
            knob,
            value,
        };
        for part in parts {
            if let Some(r) = part.strip_prefix('m') {
                rule.m = range(r)?;
            } else if let Some(r) = part.strip_prefix('u') {
                let (a, b) = range(r)?;
                rule.u = (a as u8, b as u8);
            } else {
                return None;
            }
        }
        Some(rule)
    }
}

/// What player 0 believes about the AIs. Only `Filter` is fair (the player, the CLI and wasm
/// never set anything else); the other two are for measurement only
/// (`examples/territory_tune.rs`, `belief=`): what not knowing the AIs costs.
#[derive(Clone, Debug, Default)]
pub enum Belief {
    /// The particle filter over each AI's parameters, updated from the observed moves.
    #[default]
    Filter,
    /// The filter's prior particles, never updated.
    PriorOnly,
    /// Each AI's (wa, wb, wc, wd, eps) known exactly (read from the instance by a
    /// measuring example; the AIs' random numbers stay unknown), never updated.
    Known(Vec<[f64; 5]>),
}

/// A turn and its root options' cells with their mean rollout values at the first halving.
pub type FirstRound = (usize, Vec<(u8, f64)>);

#[derive(Default)]
pub struct MonteCarloAgent {
    pub config: Config,
    /// `Belief::Filter` in play; the others for measurement only (see `Belief`).
    pub belief: Belief,
    learner: Option<Learner>,
    /// The beam search's plan of the last turn and the turn it was made on.
    plan: (usize, Vec<u8>),
    /// The widest beam finished on that turn.
    plan_width: usize,
    /// The beam's predictions of the AIs' moves made on a turn (the posterior mean's greedy
    /// move), checked on the next turn (for measurements only).
    guesses: (usize, [u8; MAX_PLAYERS]),
    /// Work done so far (for measurements; never read by the play).
    pub stats: Stats,
    /// When `Some`, each rollout turn (M >= 3) appends (turn, each option's cell and mean
    /// rollout value) at the first halving, where every option has had the same rollouts
    /// (at the end of the turn if no option was dropped). For fitting the learnt policy to
    /// the search's values (`examples/territory_policy.rs`); never read by the play.
    pub first_round: Option<Vec<FirstRound>>,
    /// When `Some`, each rollout turn (M >= 3) appends how clear its leader was part way
    /// through (`Closeness`); for measurements only, never read by the play.
    pub closeness: Option<Vec<Closeness>>,
    /// When `Some`, every rollout's simulated turns are added to it: a work clock for
    /// clock-free runs (a measuring example's `Budget` reads it as time); never read by the
    /// play.
    pub work: Option<std::sync::Arc<std::sync::atomic::AtomicU64>>,
}

/// How clear a rollout turn's leader was: at each of `CHECKPOINTS` of the turn's share (the
/// first iteration at or past it), the leading option's cell, its lead over the runner-up in
/// paired standard errors, that lead in value and its standard error, and the options still
/// in; then the cell played.
#[derive(Clone, Debug)]
pub struct Closeness {
    pub turn: usize,
    pub options: usize,
    pub at: Vec<Lead>,
    pub chosen: u8,
}

/// The leading option's cell, its lead over the runner-up in standard errors, in value and
/// that lead's standard error, and the options in.
pub type Lead = (u8, f64, f64, f64, usize);

/// The fractions of a turn's share at which `Closeness` is recorded.
pub const CHECKPOINTS: [f64; 3] = [0.125, 0.25, 0.5];

/// The active option of highest total, its lead over the runner-up in standard errors of
/// their paired difference (infinite when the difference never varies and favours the
/// leader), the lead in value and its standard error (`values[i]`: option i's rollout
/// values, one per iteration, all active options with the same iterations).
fn leader_z(active: &[usize], totals: &[f64], values: &[Vec<f64>]) -> (usize, f64, f64, f64) {
    let mut order = active.to_vec();
    order.sort_by(|&a, &b| totals[b].total_cmp(&totals[a]));
    let (a, b) = (order[0], order[1]);
    let n = values[a].len();
    if n < 2 {
        return (a, 0.0, 0.0, f64::INFINITY);
    }
    let mean = (totals[a] - totals[b]) / n as f64;
    let var = values[a]
        .iter()
        .zip(&values[b])
        .map(|(x, y)| (x - y - mean).powi(2))
        .sum::<f64>()
        / (n - 1) as f64;
    let se = (var / n as f64).sqrt();
    let z = if se > 0.0 {
        mean / se
    } else if mean > 0.0 {
        f64::INFINITY
    } else {
        0.0
    };
    (a, z, mean, se)
}

impl MonteCarloAgent {
    pub fn with_config(config: Config) -> Self {
        MonteCarloAgent {
            config,
            ..Default::default()
        }
    }
}

/// Appends the options' mean values after `runs` rollouts each to `log` (if `Some`).
fn record_first_round(
    log: &mut Option<Vec<FirstRound>>,
    turn: usize,
    options: &[u8],
    totals: &[f64],
    runs: usize,
) {
    if let Some(log) = log {
        let means = options
            .iter()
            .zip(totals)
            .map(|(&c, &t)| (c, t / runs as f64))
            .collect();
        log.push((turn, means));
    }
}

/// Rollouts and simulated turns since the agent was made.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    pub rollouts: u64,
    pub steps: u64,
    pub search_ms: f64,
    /// Boards the beam search simulated.
    pub nodes: u64,
    /// AI moves the beam's prediction was checked on, and how many it named.
    pub predicted: u64,
    pub predicted_right: u64,
    /// The same for the predictions made on turns 0..20 (checked on turns 1..=20).
    pub predicted_early: u64,
    pub predicted_right_early: u64,
    /// Time spent updating the particle filters.
    pub learn_ms: f64,
    /// Rollout turns searched, and how many of them `stop_z` ended early.
    pub searched: u64,
    pub stopped_early: u64,
}

/// Everything learnt so far in one game.
struct Learner {
    models: Vec<AiModel>,
    values: Values,
    /// Reported turns already taken into account.
    seen: usize,
    rng: FastRng,
    /// The models are never updated (`Belief::PriorOnly` and `Belief::Known`).
    frozen: bool,
}

impl Learner {
    fn new(obs: &Observation, particles: usize, belief: &Belief) -> Self {
        let mut seed = obs.m as u64 * 31 + obs.u as u64;
        for &v in &obs.values {
            seed = seed.wrapping_mul(0x100_0000_01B3) ^ v as u64;
        }
        let mut rng = FastRng::new(seed);
        let models = match belief {
            Belief::Known(truth) => truth
                .iter()
                .map(|t| AiModel::certain([t[0], t[1], t[2], t[3]], t[4]))
                .collect(),
            _ => (1..obs.m)
                .map(|_| AiModel::new(particles, &mut rng))
                .collect(),
        };
        Learner {
            models,
            values: Values::new(&obs.values),
            seen: 0,
            rng,
            frozen: !matches!(belief, Belief::Filter),
        }
    }

    /// Feeds the filters every AI move reported since the last call.
    fn learn(&mut self, obs: &Observation, mh_steps: usize) {
        if self.frozen {
            self.seen = obs.turn();
            return;
        }
        let mut list = Vec::with_capacity(CELLS);
        for t in self.seen..obs.turn() {
            let before = obs.board_before(t);
            for p in 1..obs.m {
                let summary = MoveSummary::observed(obs, &before, t, p, &mut list);
                self.models[p - 1].observe(summary, mh_steps, &mut self.rng);
            }
        }
        self.seen = obs.turn();
    }
}

/// An AI as a rollout plays it: kind weights (0 at the cap) and random rate.
#[derive(Clone, Copy)]
struct SampledAi {
    weights: [f64; 5],
    eps: f64,
}

/// log2(1 + S0 / SA) of the scores at the horizon, each moved on by `extrapolate` times its
/// gain per turn since `root` for every turn left in the game.
fn rollout_value(root: &Sim, sim: &Sim, extrapolate: f64) -> f64 {
    if extrapolate == 0.0 {
        let (s0, sa) = sim.s0_sa();
        return (1.0 + s0 as f64 / sa as f64).log2();
    }
    let steps = (sim.turn - root.turn).max(1) as f64;
    let factor = extrapolate * (TURNS - sim.turn) as f64 / steps;
    let projected = |p: usize| {
        let now = sim.scores[p] as f64;
        (now + factor * (now - root.scores[p] as f64)).max(0.0)
    };
    let sa = (1..sim.m).map(projected).fold(1.0, f64::max);
    (1.0 + projected(0) / sa).log2()
}

impl Agent<Territory> for MonteCarloAgent {
    fn act(&mut self, obs: &Observation, budget: &mut Budget) -> Action {
        let config = &self.config.for_game(obs.m, obs.u);
        if self.learner.as_ref().is_none_or(|l| l.seen > obs.turn()) {
            self.learner = Some(Learner::new(obs, config.particles, &self.belief));
        }
        let learner = self.learner.as_mut().expect("set above");
        let learn_start = budget.elapsed_ms();
        learner.learn(obs, config.mh_steps);
        self.stats.learn_ms += budget.elapsed_ms() - learn_start;

        let turn = obs.turn();
        let board = obs.board();
        let values = &learner.values;
        let root = Sim::new(&board, obs.m, obs.u, values, turn);
        let mut options = Vec::new();
        let mut rest = root.candidates(0);
        while rest != 0 {
            options.push(rest.trailing_zeros() as u8);
            rest &= rest - 1;
        }
        let fallback = config.choose(
            &config.policy,
            &root,
            values,
            0,
            &mut FastRng::new(turn as u64),
        );
        if options.len() == 1 {
            return Action::to_cell(options[0] as usize);
        }

        // An equal share of what is left for each remaining turn.
        let turns_left = (TURNS - turn).max(1) as f64;
        let start_ms = budget.elapsed_ms();
        let share = budget.remaining_ms() / turns_left;

        let duel = config.plays_beam(obs.m, obs.u);
        if duel {
            // The beam's share: what is left split in proportion to the turns' width caps.
            let share = budget.remaining_ms() * config.beam_share(turn);
            // The AIs as the beam predicts them: the greedy policy of the posterior mean.
            let ais: Vec<_> = learner
                .models
                .iter()
                .map(|model| {
                    let w = model.mean();
                    [w[0], w[1], 0.0, w[2], w[3]]
                })
                .collect();
            // How often last turn's predictions (made before its AI moves were seen) named
            // them.
            if turn > 0 && self.guesses.0 + 1 == turn {
                for p in 1..obs.m {
                    let actual = obs.history[turn - 1].targets[p];
                    let right = u64::from(self.guesses.1[p] == actual);
                    self.stats.predicted += 1;
                    self.stats.predicted_right += right;
                    if turn <= 20 {
                        self.stats.predicted_early += 1;
                        self.stats.predicted_right_early += right;
                    }
                }
            }
            let mut guesses = [0u8; MAX_PLAYERS];
            let mut rng = FastRng::new(turn as u64);
            for p in 1..obs.m {
                guesses[p] = root.ai_move(p, &ais[p - 1], 0.0, values, &mut rng);
            }
            self.guesses = (turn, guesses);
            let previous: &[u8] = if self.plan.0 + 1 == turn && self.plan.1.len() > 1 {
                &self.plan.1[1..]
            } else {
                &[]
            };
            let mut used = |_: u64| {
                if share > 0.0 {
                    (budget.elapsed_ms() - start_ms) / share
                } else {
                    f64::INFINITY
                }
            };
            // Half the width the last turn reached first (its widest beam ran out of time or
            // hit the cap), then doubling.
            let start = if self.plan.0 + 1 == turn {
                self.plan_width / 2
            } else {
                1
            };
            let mut duel_config = config.duel.clone();
            duel_config.max_width = config.beam_width(turn);
            let plan = duel::search(
                &root,
                &ais,
                values,
                &duel_config,
                previous,
                start,
                &mut used,
            );
            self.stats.nodes += plan.nodes;
            self.plan_width = plan.width;
            self.plan = (turn, plan.moves);
            self.stats.search_ms += budget.elapsed_ms() - start_ms;
            return Action::to_cell(self.plan.1[0] as usize);
        }
        if obs.m >= 3 && config.prior_keep > 0 && options.len() > config.prior_keep {
            config.prune_by_prior(&root, values, &mut options);
        }
        // With the early stop on, a larger share for each turn (the stopped turns leave theirs
        // to the others).
        let share = if obs.m >= 3 && config.stop_z > 0.0 {
            let left = budget.remaining_ms();
            (share * config.stop_boost).min(left)
        } else {
            share
        };
        // Sequential halving on time: each round gets a slice (equal ones unless
        // `first_share` shortens the first), then the worse half of the options is dropped.
        let finalists = config.finalists;
        let rounds = (options.len() as f64 / finalists as f64)
            .log2()
            .ceil()
            .max(1.0);
        let mut round = 1.0;
        let horizon = config.horizon_for(obs.m).min(TURNS - turn);
        let m = obs.m;
        let leaf_value = if m >= 3 { config.leaf_value } else { 0.0 };
        let mut totals = vec![0.0; options.len()];
        // Each option's rollout values, one per iteration (for the early stop and the
        // closeness log only).
        let keep_values = m >= 3 && (config.stop_z > 0.0 || self.closeness.is_some());
        let mut values_of: Vec<Vec<f64>> = vec![Vec::new(); options.len()];
        let mut checkpoint = 0;
        let mut closeness = Closeness {
            turn,
            options: options.len(),
            at: Vec::new(),
            chosen: 0,
        };
        let mut active: Vec<usize> = (0..options.len()).collect();
        let mut runs = 0usize;
        let mut ais = [SampledAi {
            weights: [0.0; 5],
            eps: 0.0,
        }; MAX_PLAYERS];
        // How far the search is, by time or by the iteration cap, whichever is further.
        let progress = |runs: usize, budget: &mut Budget| {
            ((budget.elapsed_ms() - start_ms) / share)
                .max(runs as f64 / config.max_iterations as f64)
        };
        while progress(runs, budget) < 1.0 {
            let rng = &mut learner.rng;
            for (ai, model) in ais[1..m].iter_mut().zip(&learner.models) {
                let particle = model.sample(rng);
                let mut w = particle.w;
                if config.ai_jitter > 0.0 && m >= 3 {
                    for x in &mut w {
                        *x *= (config.ai_jitter * rng.normal()).exp();
                    }
                }
                *ai = SampledAi {
                    weights: [w[0], w[1], 0.0, w[2], w[3]],
                    eps: particle.eps,
                };
            }
            let mut policy = config.policy;
            if config.policy_jitter > 0.0 {
                for w in &mut policy {
                    *w *= (config.policy_jitter * rng.normal()).exp();
                }
            }
            let seed = rng.next_u64();
            // The AIs choose this turn's targets from the current board, whatever player 0
            // does: draw them once for all options.
            let mut first = [0u8; MAX_PLAYERS];
            let mut first_rng = FastRng::new(seed);
            for p in 1..m {
                first[p] = root.ai_move(p, &ais[p].weights, ais[p].eps, values, &mut first_rng);
            }
            for &i in &active {
                let mut sim = root.clone();
                let mut targets = first;
                targets[0] = options[i];
                sim.step(&targets, values);
                let mut rng = FastRng::new(seed ^ 0x5DEE_CE66_D1CE_4E5B);
                for t in 1..horizon {
                    let mut threatened: Bits = 0;
                    if config.defend > 0.0 {
                        for p in 1..m {
                            let ai = &ais[p];
                            let (target, greedy) =
                                sim.ai_move_and_greedy(p, &ai.weights, ai.eps, values, &mut rng);
                            targets[p] = target;
                            threatened |= bit(values.rank[greedy as usize] as usize);
                        }
                        threatened &= sim.ranked[0];
                    } else {
                        for p in 1..m {
                            let ai = &ais[p];
                            targets[p] = sim.ai_move(p, &ai.weights, ai.eps, values, &mut rng);
                        }
                    }
                    targets[0] = config.choose(&policy, &sim, values, threatened, &mut rng);
                    if t + 1 == horizon && leaf_value == 0.0 {
                        // The last turn: the value reads only the scores (and the turn),
                        // which `peek` gives without the levels and regions.
                        sim.scores = sim.peek(&targets, values).scores;
                        sim.turn += 1;
                    } else {
                        sim.step(&targets, values);
                    }
                }
                let mut value = rollout_value(&root, &sim, config.extrapolate);
                if leaf_value > 0.0 {
                    value += leaf_value * (value::predict(&sim, values) - value);
                }
                totals[i] += value;
                if keep_values {
                    values_of[i].push(value);
                }
            }
            self.stats.rollouts += active.len() as u64;
            self.stats.steps += (active.len() * horizon) as u64;
            if let Some(work) = &self.work {
                let steps = (active.len() * horizon) as u64;
                work.fetch_add(steps, std::sync::atomic::Ordering::Relaxed);
            }
            runs += 1;
            if keep_values {
                let done = progress(runs, budget);
                if self.closeness.is_some()
                    && checkpoint < CHECKPOINTS.len()
                    && done >= CHECKPOINTS[checkpoint]
                {
                    let (leader, z, lead, se) = leader_z(&active, &totals, &values_of);
                    closeness
                        .at
                        .push((options[leader], z, lead, se, active.len()));
                    checkpoint += 1;
                }
                // The early stop: checked every 8 iterations once `stop_after` is spent.
                if config.stop_z > 0.0
                    && done >= config.stop_after
                    && runs % 8 == 0
                    && leader_z(&active, &totals, &values_of).1 >= config.stop_z
                {
                    self.stats.stopped_early += 1;
                    break;
                }
            }
            // Round k of R ends at (k - 1 + s) / (R - 1 + s) of the turn, s = `first_share`
            // (k / R when s = 1).
            let first_share = config.first_share;
            if active.len() > finalists
                && progress(runs, budget)
                    >= (round - 1.0 + first_share) / (rounds - 1.0 + first_share)
            {
                if round == 1.0 {
                    record_first_round(&mut self.first_round, turn, &options, &totals, runs);
                }
                // Every active option has had every rollout, so totals compare fairly.
                active.sort_by(|&a, &b| totals[b].total_cmp(&totals[a]));
                active.truncate((active.len() / 2).max(finalists));
                round += 1.0;
            }
        }
        self.stats.search_ms += budget.elapsed_ms() - start_ms;
        if round == 1.0 && runs > 0 {
            record_first_round(&mut self.first_round, turn, &options, &totals, runs);
        }
        if runs == 0 {
            return Action::to_cell(fallback as usize);
        }
        let best = active
            .iter()
            .copied()
            .max_by(|&a, &b| totals[a].total_cmp(&totals[b]))
            .expect("at least two options");
        self.stats.searched += 1;
        if let Some(log) = &mut self.closeness {
            closeness.chosen = options[best];
            log.push(closeness);
        }
        Action::to_cell(options[best] as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::stepping_clock;
    use crate::game::{play, Game, Params};
    use crate::games::territory::solver::greedy::GreedyAgent;

    #[test]
    fn monte_carlo_beats_greedy_even_with_few_rollouts() {
        let (mut mc, mut greedy) = (0, 0);
        for seed in 0..3 {
            let inst = Territory::generate(seed, &Params::new());
            let mut agent = MonteCarloAgent::default();
            // A mock clock that advances 0.01 ms per reading: about 10,000 readings in all
            // (roughly one per rollout batch), the same on a loaded machine as on an idle one.
            let mut budget = Budget::with_clock(100.0, stepping_clock(0.01));
            let (actions, state) = play::<Territory>(&inst, &mut agent, &mut budget).unwrap();
            assert_eq!(actions.len(), TURNS);
            mc += Territory::score(&inst, &state);
            let (_, state) =
                play::<Territory>(&inst, &mut GreedyAgent, &mut Budget::new(1e9)).unwrap();
            greedy += Territory::score(&inst, &state);
        }
        // Greedy totals about 253k on these three seeds; the bound leaves room for noise.
        assert!(mc > greedy * 13 / 10, "mc {mc} vs greedy {greedy}");
    }

    /// M = 2, U = 4 on seeds 0..8, 100 rollouts a turn against a beam of width 16: the beam
    /// totals 3,111,356, the rollouts 3,021,659 (+3.0 %; without the frontier term in the
    /// beam's value 3,278,213, +8.5 %).
    const BEAM_SEEDS: std::ops::Range<u64> = 0..8;
    const BEAM_MARGIN_PERCENT: i64 = 102;

    /// Game `seed` with M = `m` and U = `u`.
    fn game(seed: u64, m: i64, u: i64) -> crate::games::territory::Instance {
        let mut params = Params::new();
        params.insert("M".into(), m);
        params.insert("U".into(), u);
        Territory::generate(seed, &params)
    }

    fn duel_game(seed: u64, u: i64) -> crate::games::territory::Instance {
        game(seed, 2, u)
    }

    #[test]
    fn the_beam_plays_legally_with_no_time_and_only_where_it_is_meant_to() {
        let mut agent = MonteCarloAgent::default();
        for (seed, u) in [(3, 3), (8, 1)] {
            let inst = duel_game(seed, u);
            let (actions, _) = play::<Territory>(&inst, &mut agent, &mut Budget::new(0.0)).unwrap();
            assert_eq!(actions.len(), TURNS);
        }
        // U = 3: the beam played (and checked its predictions); U = 1: rollouts only.
        assert!(agent.stats.nodes > 0);
        assert!(agent.stats.predicted > 0 && agent.stats.predicted <= 99);
        // The early ones (made on turns 0..20) are a part of them.
        let early = agent.stats.predicted_early;
        assert!(early > 0 && early <= 20 && early < agent.stats.predicted);
        assert!(agent.stats.predicted_right_early <= early);
    }

    #[test]
    fn against_one_ai_the_beam_beats_rollouts_at_small_fixed_work() {
        let (mut beam, mut rollouts) = (0, 0);
        for seed in BEAM_SEEDS {
            let inst = duel_game(seed, 4);
            for (total, duel_players) in [(&mut beam, 2), (&mut rollouts, 0)] {
                let mut config = Config {
                    duel_players,
                    max_iterations: 100,
                    ..Config::default()
                };
                config.duel.max_width = 16;
                let mut agent = MonteCarloAgent::with_config(config);
                // A mock clock that never runs out: the work is set by the caps alone.
                let mut budget = Budget::with_clock(1e9, stepping_clock(0.001));
                let (_, state) = play::<Territory>(&inst, &mut agent, &mut budget).unwrap();
                *total += Territory::score(&inst, &state);
            }
        }
        assert!(
            beam > rollouts * BEAM_MARGIN_PERCENT / 100,
            "beam {beam} vs rollouts {rollouts}"
        );
    }

    #[test]
    fn the_beam_plays_m_2_with_u_2_or_more_only() {
        let config = Config::default();
        assert!(!config.plays_beam(2, 1));
        for u in 2..=5 {
            assert!(config.plays_beam(2, u), "U = {u}");
        }
        for m in 3..=8 {
            for u in 1..=5 {
                assert!(!config.plays_beam(m, u), "M = {m}, U = {u}");
            }
        }
        // The agent asks the same question: U = 2 plays the beam, U = 1 the rollouts.
        for (seed, u, beam) in [(5, 2, true), (8, 1, false)] {
            let mut agent = MonteCarloAgent::default();
            let inst = duel_game(seed, u);
            play::<Territory>(&inst, &mut agent, &mut Budget::new(0.0)).unwrap();
            assert_eq!(agent.stats.nodes > 0, beam, "U = {u}");
        }
    }

    #[test]
    fn the_own_weight_replaces_the_policy_s_only_when_m_is_3_or_more() {
        let mut config = Config::default();
        config.set("own_weight", 0.25);
        for u in 1..=5 {
            assert_eq!(config.for_game(2, u).policy, config.policy);
            for m in 3..=8 {
                let mut expected = config.policy;
                expected[1] = 0.25;
                assert_eq!(config.for_game(m, u).policy, expected, "M = {m}");
            }
        }
    }

    #[test]
    fn m_2_keeps_the_base_settings_and_m_3_or_more_has_its_own() {
        let config = Config::default();
        for u in 1..=5 {
            let duel = config.for_game(2, u);
            assert_eq!(duel.policy, config.policy);
            assert_eq!(duel.policy_eps, 0.15);
            assert_eq!(duel.policy_jitter, 0.0);
            for m in 3..=8 {
                let game = config.for_game(m, u);
                assert_eq!(game.policy[1], 0.5);
                assert_eq!(game.policy_eps, 0.35);
                assert_eq!(game.policy_jitter, 0.4);
            }
        }
    }

    #[test]
    fn group_rules_apply_to_their_games_only_and_the_last_one_wins() {
        let mut config = Config::default();
        config.set("policy3@m5-8", 1.6);
        config.set("defend@u3-5", 0.4);
        config.set("policy_eps@m6@u2", 0.3);
        config.set("policy3@m8", 1.4);
        config.set("policy_jitter@m4-5@u1-2", 0.5);
        config.set("horizon@m3-8@u5", 20.0);
        config.set("max_iterations@u5", 130.0);
        config.set("extrapolate@m3-8@u3-4", 0.3);
        config.set("leaf_value@m4-8@u3", 0.5);
        config.set("duel_depth@m2@u4", 15.0);
        let base = Config::default();
        assert_eq!(config.for_game(4, 2).policy[3], base.policy[3]);
        assert_eq!(config.for_game(5, 2).policy[3], 1.6);
        assert_eq!(config.for_game(7, 1).policy[3], 1.6);
        assert_eq!(config.for_game(8, 1).policy[3], 1.4);
        assert_eq!(config.for_game(3, 2).defend, base.defend);
        assert_eq!(config.for_game(3, 3).defend, 0.4);
        assert_eq!(config.for_game(6, 2).policy_eps, 0.3);
        assert_eq!(config.for_game(6, 3).policy_eps, 0.35);
        assert_eq!(config.for_game(2, 2).policy_eps, base.policy_eps);
        assert_eq!(config.for_game(5, 2).policy_eps, 0.35);
        assert_eq!(config.for_game(6, 2).policy_jitter, 0.4);
        assert_eq!(config.for_game(4, 2).policy_jitter, 0.5);
        assert_eq!(config.for_game(4, 3).policy_jitter, 0.4);
        assert_eq!(config.for_game(2, 2).policy_jitter, 0.0);
        assert_eq!(config.for_game(3, 5).horizon, 20);
        assert_eq!(config.for_game(3, 5).horizon_for(3), 20);
        assert_eq!(config.for_game(8, 4).horizon, base.horizon);
        assert_eq!(config.for_game(2, 5).horizon, base.horizon);
        assert_eq!(config.for_game(2, 5).max_iterations, 130);
        assert_eq!(config.for_game(6, 3).max_iterations, base.max_iterations);
        assert_eq!(config.for_game(3, 3).extrapolate, 0.3);
        assert_eq!(config.for_game(8, 4).extrapolate, 0.3);
        assert_eq!(config.for_game(8, 5).extrapolate, base.extrapolate);
        assert_eq!(config.for_game(2, 3).extrapolate, base.extrapolate);
        assert_eq!(config.for_game(4, 3).leaf_value, 0.5);
        assert_eq!(config.for_game(3, 3).leaf_value, base.leaf_value);
        assert_eq!(config.for_game(8, 4).leaf_value, base.leaf_value);
        assert_eq!(config.for_game(2, 4).duel.depth, 15);
        assert_eq!(config.for_game(2, 3).duel.depth, base.duel.depth);
        assert_eq!(config.for_game(3, 4).duel.depth, base.duel.depth);
        for bad in ["policy7", "policy3@x5", "defend@m5-", "speed"] {
            assert_eq!(GroupSetting::parse(bad, 1.0), None, "{bad}");
        }
    }

    #[test]
    fn a_wide_opening_applies_to_its_group_only_at_the_same_total_width() {
        let base = Config::default();
        for (m, u) in [(2, 2), (2, 3), (2, 5), (3, 4)] {
            let game = base.for_game(m, u);
            for turn in [0, 19, 20, 60, TURNS - 1] {
                assert_eq!(game.beam_width(turn), 256, "M = {m}, U = {u}");
                // An equal share of what is left for each turn left.
                let expected = 1.0 / (TURNS - turn) as f64;
                assert!(
                    (game.beam_share(turn) - expected).abs() < 1e-12,
                    "turn {turn}"
                );
            }
        }
        // Twice as wide on the first 20 turns for M = 2, U = 3..5 (as measured by duel5).
        let mut config = Config::default();
        config.set("duel_opening_turns@m2@u3-5", 20.0);
        config.set("duel_opening@m2@u3-5", 2.0);
        for u in 3..=5 {
            let duel = config.for_game(2, u);
            assert_eq!(duel.beam_width(0), 512, "U = {u}");
            assert_eq!(duel.beam_width(19), 512, "U = {u}");
            assert_eq!(duel.beam_width(20), 192, "U = {u}");
            assert_eq!(duel.beam_width(TURNS - 1), 192, "U = {u}");
            // Twice an even share on the first turn; the same total width as 256 throughout.
            assert!((duel.beam_share(0) - 2.0 / TURNS as f64).abs() < 1e-12);
            let total: usize = (0..TURNS).map(|t| duel.beam_width(t)).sum();
            assert_eq!(total, 256 * TURNS);
            assert!((duel.beam_share(TURNS - 1) - 1.0).abs() < 1e-12);
            // Turn 10: 512 of 10 × 512 + 80 × 192 left; from turn 20 on, equal shares again.
            assert!((duel.beam_share(10) - 512.0 / 20480.0).abs() < 1e-12);
            assert!((duel.beam_share(20) - 1.0 / (TURNS - 20) as f64).abs() < 1e-12);
        }
        for (m, u) in [(2, 1), (2, 2), (3, 3), (5, 4)] {
            assert_eq!(config.for_game(m, u).beam_width(0), 256, "M = {m}, U = {u}");
        }
    }

    /// Player 0's moves in game `seed` with M = `m`, U = `u`, played by `config` on a mock
    /// clock that never runs out (the iteration cap sets the work), and the agent's
    /// first-round log if `log`.
    fn fixed_work_game(
        seed: u64,
        (m, u): (i64, i64),
        config: Config,
        log: bool,
    ) -> (Vec<Action>, Option<Vec<FirstRound>>) {
        let inst = game(seed, m, u);
        let mut agent = MonteCarloAgent::with_config(config);
        if log {
            agent.first_round = Some(Vec::new());
        }
        let mut budget = Budget::with_clock(1e9, stepping_clock(0.001));
        let actions = play::<Territory>(&inst, &mut agent, &mut budget).unwrap().0;
        (actions, agent.first_round)
    }

    #[test]
    fn the_leaf_value_changes_the_play_with_3_players_or_more_only() {
        let moves = |m: i64, u: i64, leaf_value: f64| {
            let config = Config {
                max_iterations: 20,
                leaf_value,
                ..Config::default()
            };
            fixed_work_game(7, (m, u), config, false).0
        };
        assert_ne!(moves(4, 3, 0.0), moves(4, 3, 1.0));
        // M = 2 (U = 1 plays rollouts, not the beam) never reads it.
        assert_eq!(moves(2, 1, 0.0), moves(2, 1, 1.0));
    }

    #[test]
    fn the_ai_jitter_changes_the_play_with_3_players_or_more_only() {
        let moves = |m: i64, u: i64, ai_jitter: f64| {
            let config = Config {
                max_iterations: 20,
                ai_jitter,
                ..Config::default()
            };
            fixed_work_game(7, (m, u), config, false).0
        };
        assert_ne!(moves(4, 3, 0.0), moves(4, 3, 0.4));
        // M = 2 (U = 1 plays rollouts, not the beam) never reads it.
        assert_eq!(moves(2, 1, 0.0), moves(2, 1, 0.4));
    }

    #[test]
    fn the_prior_keeps_the_options_of_highest_logit_in_cell_order() {
        let inst = game(21, 5, 3);
        let values = Values::new(&inst.values);
        let (_, state) = play::<Territory>(&inst, &mut GreedyAgent, &mut Budget::new(1e9)).unwrap();
        let obs = Territory::observe(&inst, &state);
        let mut checked = 0;
        for t in [10, 40, 70] {
            let sim = Sim::new(&obs.board_before(t), inst.m, inst.u, &values, t);
            let all: Vec<u8> = (0..CELLS as u8)
                .filter(|&c| sim.candidates(0) & bit(c as usize) != 0)
                .collect();
            let b = sim.ranked_candidates(0, &values);
            let context = policy::Context::new(&sim, &values, b);
            let logit = |c: u8| {
                context.logit(
                    &policy::WEIGHTS[2],
                    &values,
                    values.rank[c as usize] as usize,
                )
            };
            let config = Config {
                prior_keep: 6,
                ..Config::default()
            };
            let mut kept = all.clone();
            config.prune_by_prior(&sim, &values, &mut kept);
            if all.len() <= 6 {
                continue;
            }
            checked += 1;
            assert_eq!(kept.len(), 6);
            assert!(kept.windows(2).all(|w| w[0] < w[1]));
            let worst_kept = kept.iter().map(|&c| logit(c)).fold(f64::MAX, f64::min);
            for &c in all.iter().filter(|c| !kept.contains(c)) {
                assert!(logit(c) <= worst_kept, "turn {t}, cell {c}");
            }
        }
        assert!(checked > 0);
    }

    #[test]
    fn the_lead_is_counted_in_standard_errors_of_the_paired_difference() {
        // Option 1 leads option 0 by 0.1 with paired differences 0.0, 0.1, 0.2 (s.d. 0.1,
        // s.e. 0.1 / sqrt 3); option 2 trails; the common part of the values cancels.
        let values = vec![
            vec![1.0, 2.0, 3.0],
            vec![1.0, 2.1, 3.2],
            vec![-1.0, 0.0, 1.0],
        ];
        let totals: Vec<f64> = values.iter().map(|v| v.iter().sum()).collect();
        let (leader, z, lead, se) = leader_z(&[0, 1, 2], &totals, &values);
        assert_eq!(leader, 1);
        assert!((lead - 0.1).abs() < 1e-12);
        assert!((se - 0.1 / 3f64.sqrt()).abs() < 1e-12);
        assert!((z - 3f64.sqrt()).abs() < 1e-9);
        // Only the active options count: without option 1, option 0 leads option 2 by the
        // same 2.0 every time (no spread: infinitely clear); equal options are not clear.
        assert_eq!(leader_z(&[0, 2], &totals, &values).1, f64::INFINITY);
        let same = vec![vec![0.5, 0.7], vec![0.5, 0.7]];
        assert_eq!(leader_z(&[0, 1], &[1.2, 1.2], &same).1, 0.0);
    }

    /// Player 0's moves, the agent's stats and the simulated turns of a game with M = `m`,
    /// U = `u` (seed 13) on a work clock: a game's budget of `total` simulated rollout turns,
    /// each turn's share what is left over the turns left (times `stop_boost` if `stop_z`).
    fn work_clock_game(
        (m, u): (i64, i64),
        stop_z: f64,
        stop_boost: f64,
        total: u64,
    ) -> (Vec<Action>, Stats, u64) {
        let inst = game(13, m, u);
        let config = Config {
            stop_z,
            stop_after: 0.125,
            stop_boost,
            max_iterations: 1_000_000,
            ..Config::default()
        };
        let mut agent = MonteCarloAgent::with_config(config);
        let work = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        agent.work = Some(work.clone());
        let reading = work.clone();
        let clock = Box::new(move || reading.load(std::sync::atomic::Ordering::Relaxed) as f64);
        let mut budget = Budget::with_clock(total as f64, clock);
        let actions = play::<Territory>(&inst, &mut agent, &mut budget).unwrap().0;
        let steps = work.load(std::sync::atomic::Ordering::Relaxed);
        (actions, agent.stats, steps)
    }

    #[test]
    fn an_early_stop_leaves_its_rollouts_to_the_later_turns_with_3_players_or_more_only() {
        let total = 400_000;
        let (base_moves, base, base_steps) = work_clock_game((4, 3), 0.0, 2.0, total);
        let (moves, stopped, steps) = work_clock_game((4, 3), 1.0, 1.0, total);
        let (_, boosted, boosted_steps) = work_clock_game((4, 3), 1.0, 2.0, total);
        // The boost is read only with the early stop on: the base spends the game's budget
        // (each turn overshoots its share by at most one iteration).
        assert_eq!(base.stopped_early, 0);
        assert!(base_steps >= total * 95 / 100 && base_steps <= total * 11 / 10);
        for stats in [&stopped, &boosted] {
            assert!(stats.stopped_early > 0 && stats.stopped_early < stats.searched);
        }
        assert_ne!(moves, base_moves);
        // What the stopped turns leave goes to the turns after them, but the last turns stop
        // early too and leave some unspent; the boost spends more of it.
        assert!(steps < base_steps, "{steps} vs {base_steps}");
        assert!(boosted_steps > steps, "{boosted_steps} vs {steps}");
        assert!(boosted_steps <= total * 11 / 10);
        // The work clock counts what the stats count.
        for (s, stats) in [
            (base_steps, &base),
            (steps, &stopped),
            (boosted_steps, &boosted),
        ] {
            assert_eq!(s, stats.steps);
        }
        // M = 2 with U = 1 plays rollouts and never reads it.
        let (duel_base, _, _) = work_clock_game((2, 1), 0.0, 1.0, total);
        let (duel, duel_stats, _) = work_clock_game((2, 1), 1.0, 2.0, total);
        assert_eq!(duel_stats.stopped_early, 0);
        assert_eq!(duel, duel_base);
        let mut config = Config::default();
        config.set("stop_z@m3-8@u2-5", 2.0);
        config.set("stop_after@m3-8", 0.25);
        assert_eq!(config.for_game(4, 2).stop_z, 2.0);
        assert_eq!(config.for_game(4, 1).stop_z, 0.0);
        assert_eq!(config.for_game(5, 1).stop_after, 0.25);
        assert_eq!(config.for_game(2, 3).stop_z, 0.0);
        assert_eq!(config.for_game(2, 3).stop_after, 0.125);
        config.set("stop_boost@m3-8", 2.2);
        assert_eq!(config.for_game(3, 1).stop_boost, 2.2);
        assert_eq!(config.for_game(2, 1).stop_boost, 1.0);
    }

    #[test]
    fn the_prior_and_the_first_round_share_apply_where_meant_and_m_2_is_untouched() {
        let moves = |m: i64, u: i64, prior_keep: usize, first_share: f64| {
            let config = Config {
                max_iterations: 20,
                prior_keep,
                first_share,
                ..Config::default()
            };
            fixed_work_game(11, (m, u), config, false).0
        };
        let today = moves(5, 4, 0, 1.0);
        assert_ne!(moves(5, 4, 4, 1.0), today);
        assert_ne!(moves(5, 4, 0, 0.25), today);
        // M = 2 (U = 1 plays rollouts, not the beam) never reads the prior.
        assert_eq!(moves(2, 1, 4, 1.0), moves(2, 1, 0, 1.0));
        let mut config = Config::default();
        config.set("prior_keep@m3-8@u3-5", 12.0);
        config.set("first_share@m3-8", 0.5);
        assert_eq!(config.for_game(4, 3).prior_keep, 12);
        assert_eq!(config.for_game(4, 2).prior_keep, 0);
        assert_eq!(config.for_game(6, 1).first_share, 0.5);
        for u in 1..=5 {
            assert_eq!(config.for_game(2, u).prior_keep, 0);
            assert_eq!(config.for_game(2, u).first_share, 1.0);
        }
    }

    #[test]
    fn the_learnt_rollout_policy_changes_the_play_with_3_players_or_more_only() {
        let moves = |m: i64, u: i64, learnt: f64| {
            let config = Config {
                max_iterations: 20,
                learnt,
                ..Config::default()
            };
            fixed_work_game(11, (m, u), config, false).0
        };
        assert_ne!(moves(5, 4, 0.0), moves(5, 4, 1.0));
        // M = 2 (U = 1 plays rollouts, not the beam) never reads it.
        assert_eq!(moves(2, 1, 0.0), moves(2, 1, 1.0));
        let mut config = Config::default();
        config.set("learnt@m3-8@u4", 0.5);
        assert_eq!(config.for_game(3, 4).learnt, 0.5);
        assert_eq!(config.for_game(3, 3).learnt, 0.0);
        assert_eq!(config.for_game(2, 4).learnt, 0.0);
    }

    /// Player 0's moves on a game with M = 5, U = 4 (seed 11) at 20 iterations a turn with
    /// the learnt policy at 0.25, and the agent's first-round log.
    fn learnt_game(
        learnt_weights: Option<[[f64; policy::FEATURES]; 5]>,
        log: bool,
    ) -> (Vec<Action>, Option<Vec<FirstRound>>) {
        let config = Config {
            max_iterations: 20,
            learnt: 0.25,
            learnt_weights,
            ..Config::default()
        };
        fixed_work_game(11, (5, 4), config, log)
    }

    #[test]
    fn a_weights_table_replaces_the_learnt_weights_and_the_first_round_log_is_play_free() {
        let (today, _) = learnt_game(None, false);
        assert_eq!(learnt_game(Some(policy::WEIGHTS), false).0, today);
        // Flat weights (a uniform draw) play otherwise.
        assert_ne!(
            learnt_game(Some([[0.0; policy::FEATURES]; 5]), false).0,
            today
        );
        let (logged, log) = learnt_game(None, true);
        assert_eq!(logged, today);
        let log = log.unwrap();
        // One entry per turn with two options or more (in increasing turns), each option
        // once (cells in increasing order), values finite and above 0 (player 0 always
        // holds a cell).
        assert!(log.len() > 50 && log.len() <= TURNS);
        for window in log.windows(2) {
            assert!(window[0].0 < window[1].0);
        }
        for (_, options) in &log {
            assert!(options.len() >= 2);
            assert!(options.windows(2).all(|w| w[0].0 < w[1].0));
            assert!(options.iter().all(|o| o.1 > 0.0 && o.1.is_finite()));
        }
    }

    #[test]
    fn the_horizon_depends_on_m() {
        let config = Config {
            horizon: 11,
            duel_horizon: 21,
            ..Config::default()
        };
        assert_eq!(config.horizon_for(2), 21);
        assert_eq!(config.horizon_for(3), 11);
        assert_eq!(config.horizon_for(8), 11);
    }

    #[test]
    fn a_reused_agent_starts_over_on_a_new_game_and_plays_legally_with_no_time() {
        let mut agent = MonteCarloAgent::default();
        for seed in [4, 9] {
            let inst = Territory::generate(seed, &Params::new());
            // A spent budget still gives legal moves (play checks every one).
            let (actions, _) = play::<Territory>(&inst, &mut agent, &mut Budget::new(0.0)).unwrap();
            assert_eq!(actions.len(), TURNS);
            let learner = agent.learner.as_ref().unwrap();
            assert_eq!(learner.models.len(), inst.m - 1);
            assert_eq!(learner.models[0].observations(), TURNS - 1);
        }
    }

    #[test]
    fn a_measuring_belief_is_the_truth_or_the_prior_and_is_never_updated() {
        let inst = Territory::generate(6, &Params::new());
        let truth: Vec<[f64; 5]> = inst
            .ai
            .iter()
            .map(|a| [a.wa, a.wb, a.wc, a.wd, a.eps])
            .collect();
        let config = Config {
            max_iterations: 2,
            ..Config::default()
        };
        let mut seen = Vec::new();
        for belief in [
            Belief::Filter,
            Belief::PriorOnly,
            Belief::Known(truth.clone()),
        ] {
            let mut agent = MonteCarloAgent::with_config(config.clone());
            agent.belief = belief.clone();
            let (actions, _) = play::<Territory>(&inst, &mut agent, &mut Budget::new(1e9)).unwrap();
            assert_eq!(actions.len(), TURNS);
            let learner = agent.learner.as_ref().unwrap();
            assert_eq!(learner.models.len(), inst.m - 1);
            for (model, t) in learner.models.iter().zip(&truth) {
                match belief {
                    Belief::Filter => assert_eq!(model.observations(), TURNS - 1),
                    Belief::PriorOnly => {
                        assert_eq!(model.observations(), 0);
                        assert_eq!(model.particles.len(), config.particles);
                    }
                    Belief::Known(_) => {
                        assert_eq!(model.observations(), 0);
                        assert_eq!(&model.mean(), t);
                    }
                }
            }
            seen.push(actions);
        }
        // The three beliefs play differently.
        assert!(seen[0] != seen[1] && seen[0] != seen[2] && seen[1] != seen[2]);
    }
}
