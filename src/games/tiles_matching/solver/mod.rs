//! TilesMatching agents. Both see only the observation: the board, the tile in hand and the
//! discard counter; future tiles are unknown to them.

pub mod eval;
pub mod greedy;
