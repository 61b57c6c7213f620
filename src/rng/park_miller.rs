//! The Park-Miller "minimal standard" generator with multiplier 48271, which SquareRemover's
//! tester uses for the buffer of falling colours.

const MODULUS: u64 = 2_147_483_647;
const MULTIPLIER: u64 = 48_271;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParkMiller {
    value: u64,
}

impl ParkMiller {
    pub fn new(start: u64) -> Self {
        ParkMiller { value: start }
    }

    /// The current value A[i]; `advance` moves to A[i+1].
    pub fn value(&self) -> u64 {
        self.value
    }

    pub fn advance(&mut self) {
        self.value = self.value * MULTIPLIER % MODULUS;
    }
}

#[cfg(test)]
mod tests {
    use super::ParkMiller;

    #[test]
    fn follows_the_recurrence() {
        let mut g = ParkMiller::new(1);
        g.advance();
        assert_eq!(g.value(), 48271);
        g.advance();
        assert_eq!(g.value(), 48271u64 * 48271 % 2147483647);
    }
}
