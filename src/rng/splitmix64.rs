//! SplitMix64 (Steele, Lea and Flood 2014; the form in Vigna's `splitmix64.c`): the playground's
//! own generator where a contest has none (IPSC 2014 B). State `s += 0x9E3779B97F4A7C15`, then
//! the output is `s` through two xor-shift-multiply rounds and a final xor-shift.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn published_sequence_for_seed_1234567() {
        // The widely published reference sequence (e.g. Rosetta Code's SplitMix64 task).
        let mut g = SplitMix64::new(1_234_567);
        let got: Vec<u64> = (0..5).map(|_| g.next_u64()).collect();
        assert_eq!(
            got,
            [
                6457827717110365317,
                3203168211198807973,
                9817491932198370423,
                4593380528125082431,
                16408922859458223821
            ]
        );
    }
}
