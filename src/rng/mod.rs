//! The random generators of the official tools, bit for bit.
//!
//! Each game takes its randomness from one of these, seeded from the test seed; nothing in a
//! game ever reads OS randomness or the clock.

pub mod java_sha1prng;
pub mod park_miller;
mod sha1;
pub mod splitmix64;
pub mod subtract_with_carry;

pub use java_sha1prng::JavaSha1Prng;
pub use park_miller::ParkMiller;
pub use splitmix64::SplitMix64;
pub use subtract_with_carry::SubtractWithCarry;
