//! The subtract-with-carry generator of IPSC 2014 problem B, with (r, s, m) = (43, 22, 2^32).
//!
//! `x[0..43]` is the seed. For i >= 43, `d = x[i-22] - x[i-43] - c(i-1)` in exact integer
//! arithmetic, `x[i] = d mod 2^32` and the carry `c(i)` is 1 exactly when `d < 0` (the borrow of
//! this very subtraction), with `c(42) = 0`. The first output is `x[43]`.

/// The lag `r`: how many words the state keeps.
pub const LONG_LAG: usize = 43;
/// The short lag `s`.
pub const SHORT_LAG: usize = 22;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractWithCarry {
    /// The last 43 words, `ring[head]` being the oldest, `x[i-43]` for the next output `x[i]`.
    ring: [u32; LONG_LAG],
    head: usize,
    carry: bool,
    /// How many outputs were taken so far (the next output is `x[43 + taken]`).
    taken: u64,
}

impl SubtractWithCarry {
    /// The generator seeded with `x0..x42`.
    pub fn new(seed: [u32; LONG_LAG]) -> Self {
        SubtractWithCarry {
            ring: seed,
            head: 0,
            carry: false,
            taken: 0,
        }
    }

    /// The next value of the sequence (`x43` first).
    pub fn next_u32(&mut self) -> u32 {
        let oldest = self.ring[self.head];
        // x[i-22] sits 43 - 22 = 21 places after x[i-43] in the ring.
        let short = self.ring[(self.head + LONG_LAG - SHORT_LAG) % LONG_LAG];
        let (partial, borrow_a) = short.overflowing_sub(oldest);
        let (value, borrow_b) = partial.overflowing_sub(self.carry as u32);
        // d < 0 exactly when one of the two subtractions borrowed (they cannot both).
        self.carry = borrow_a || borrow_b;
        self.ring[self.head] = value;
        self.head = (self.head + 1) % LONG_LAG;
        self.taken += 1;
        value
    }

    /// The next `k` values, without taking them.
    pub fn peek(&self, k: usize) -> Vec<u32> {
        let mut copy = self.clone();
        (0..k).map(|_| copy.next_u32()).collect()
    }

    /// How many values were taken so far.
    pub fn taken(&self) -> u64 {
        self.taken
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube_seed() -> [u32; LONG_LAG] {
        std::array::from_fn(|i| (999_999_999u64 * (i as u64).pow(3) % (1 << 32)) as u32)
    }

    #[test]
    fn statement_check_values_and_their_continuation() {
        let mut g = SubtractWithCarry::new(cube_seed());
        let got: Vec<u32> = (0..10).map(|_| g.next_u32()).collect();
        // The first three are the statement's; the third one catches a missing carry
        // (4242540161 without it).
        assert_eq!(
            got,
            [
                1050500563, 4071029865, 4242540160, 1565031450, 333471031, 547858901, 2208195061,
                1019512215, 1276777658, 2979991393
            ]
        );
        assert_eq!(g.taken(), 10);
    }

    #[test]
    fn matches_the_formula_in_exact_arithmetic_over_a_long_run() {
        // Straight from the definition, with i64 and an explicit list of all x.
        let seed: [u32; LONG_LAG] = std::array::from_fn(|i| (i as u32).wrapping_mul(2_654_435_761));
        let mut x: Vec<i64> = seed.iter().map(|&v| v as i64).collect();
        let mut carry = 0i64;
        let mut g = SubtractWithCarry::new(seed);
        for i in LONG_LAG..5000 {
            let d = x[i - SHORT_LAG] - x[i - LONG_LAG] - carry;
            carry = (d < 0) as i64;
            x.push(d.rem_euclid(1 << 32));
            assert_eq!(g.next_u32() as i64, x[i], "x{i}");
        }
    }

    #[test]
    fn peek_does_not_advance() {
        let mut g = SubtractWithCarry::new(cube_seed());
        assert_eq!(g.peek(2), vec![1050500563, 4071029865]);
        assert_eq!(g.next_u32(), 1050500563);
        assert_eq!(g.peek(1), vec![4071029865]);
    }
}
