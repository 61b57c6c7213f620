//! Seed -> instance, exactly as the TCO'14 SquareRemover tester (Java SHA1PRNG).

use super::Instance;
use crate::game::Params;
use crate::rng::JavaSha1Prng;

/// `colors = nextInt(3) + 4`, `N = nextInt(9) + 8`, `startSeed = nextInt(2^31 - 2) + 1`, then the
/// board row by row with `nextInt(colors)`. An overridden parameter is not drawn, as in
/// Topcoder's marathon framework (the 2014 tester's own override rule is not known).
pub fn generate(seed: u64, params: &Params) -> Instance {
    let mut rnd = JavaSha1Prng::new(seed as i64);
    let colors = match params.get("colors") {
        Some(&c) => c as u8,
        None => (rnd.next_int_bounded(3) + 4) as u8,
    };
    let n = match params.get("n") {
        Some(&n) => n as usize,
        None => (rnd.next_int_bounded(9) + 8) as usize,
    };
    let start_seed = (rnd.next_int_bounded(2_147_483_646) + 1) as u64;
    let board = (0..n * n)
        .map(|_| rnd.next_int_bounded(colors as i32) as u8)
        .collect();
    Instance {
        colors,
        n,
        board,
        start_seed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::square_remover::Buffer;

    fn row_text(inst: &Instance, row: usize) -> String {
        inst.board[row * inst.n..(row + 1) * inst.n]
            .iter()
            .map(|c| char::from(b'0' + c))
            .collect()
    }

    #[test]
    fn seeds_1_to_10_reproduce_the_statement_examples() {
        // (colors, N, startSeed, last row, sum of all cells) from the official tester.
        let table: [(u8, usize, u64, &str, u32); 10] = [
            (5, 14, 857377961, "02034041313410", 391),
            (4, 11, 55004692, "32113021103", 173),
            (5, 8, 257017653, "03422243", 121),
            (4, 8, 373353050, "32200100", 97),
            (6, 11, 104364742, "42252402301", 317),
            (4, 11, 1329682683, "13121231031", 160),
            (4, 16, 656773882, "1331133303123311", 396),
            (5, 14, 1086656358, "43012300141244", 402),
            (5, 14, 1786703902, "23224113014012", 396),
            (5, 12, 45966541, "410013102010", 288),
        ];
        for (i, &(colors, n, start, last, sum)) in table.iter().enumerate() {
            let seed = i as u64 + 1;
            let inst = generate(seed, &Params::new());
            assert_eq!(
                (inst.colors, inst.n, inst.start_seed),
                (colors, n, start),
                "seed {seed}"
            );
            assert_eq!(row_text(&inst, n - 1), last, "seed {seed}");
            let total: u32 = inst.board.iter().map(|&c| c as u32).sum();
            assert_eq!(total, sum, "seed {seed}");
        }
    }

    #[test]
    fn seed_1_full_board_and_buffer() {
        let inst = generate(1, &Params::new());
        let rows: Vec<String> = (0..inst.n).map(|r| row_text(&inst, r)).collect();
        assert_eq!(rows[0], "01110301124204");
        assert_eq!(rows[6], "14443123422433");
        assert_eq!(rows[12], "30420121014442");
        let mut buffer = Buffer::new(inst.start_seed, inst.colors);
        let colors: String = (0..12).map(|_| char::from(b'0' + buffer.take())).collect();
        assert_eq!(colors, "120114020233");
    }

    #[test]
    fn seed_3_board_and_buffer() {
        let inst = generate(3, &Params::new());
        let rows: Vec<String> = (0..inst.n).map(|r| row_text(&inst, r)).collect();
        assert_eq!(
            rows.join("/"),
            "30421131/40044240/01342042/41231002/21220000/40110402/04423124/03422243"
        );
        let mut buffer = Buffer::new(inst.start_seed, inst.colors);
        let colors: String = (0..12).map(|_| char::from(b'0' + buffer.take())).collect();
        assert_eq!(colors, "342324143334");
    }

    #[test]
    fn overrides_replace_the_draws() {
        let mut params = Params::new();
        params.insert("colors".into(), 6);
        params.insert("n".into(), 16);
        let inst = generate(5, &params);
        assert_eq!((inst.colors, inst.n, inst.board.len()), (6, 16, 256));
        assert!(inst.board.iter().all(|&c| c < 6));
    }
}
