//! Placeholder while the Monte Carlo agent is written.

use crate::clock::Budget;
use crate::game::Agent;
use crate::games::territory::{Action, Observation, Territory};

#[derive(Default)]
pub struct MonteCarloAgent;

impl Agent<Territory> for MonteCarloAgent {
    fn act(&mut self, obs: &Observation, budget: &mut Budget) -> Action {
        super::greedy::GreedyAgent.act(obs, budget)
    }
}
