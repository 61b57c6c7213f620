//! Strip 2048 agents. The game is fully known (the seed words are given), so both agents plan
//! from the observation alone.

pub mod exact;
pub mod greedy;
