//! SquareRemover agents. The game is fully known, so both plan the whole game at once.

pub mod beam;
pub mod greedy;
