//! Territory agents. They see only the `Observation` (what the judge sends player 0): the AI
//! parameters and random numbers stay in the `Instance`, out of their reach.

pub mod duel;
pub mod greedy;
pub mod mc;
pub mod model;
pub mod policy;
pub mod sim;
pub mod value;
