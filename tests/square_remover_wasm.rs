//! The SquareRemover beam's vector row paths against its `u128` paths, in wasm under node:
//! built with `RUSTFLAGS="-C target-feature=+simd128"` this checks the `simd128` path the
//! page's SIMD module plays on (without the flag, the baseline module's `u128` path against
//! itself). Natively the same check runs on SSE2 (`beam::tests::vector_rows_agree`).
//!
//!   RUSTFLAGS="-C target-feature=+simd128" CARGO_TARGET_DIR=target/simd128-test \
//!     CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!     cargo test --target wasm32-unknown-unknown --test square_remover_wasm
#![cfg(target_arch = "wasm32")]

use arcade::games::square_remover::solver::beam::{check_vector_rows, VECTOR_ROWS};
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn the_build_plays_on_the_expected_rows() {
    let expected = match cfg!(target_feature = "simd128") {
        true => "simd128",
        false => "u128",
    };
    assert_eq!(VECTOR_ROWS, expected);
}

#[wasm_bindgen_test]
fn vector_rows_agree_with_u128_rows() {
    let (mut bonuses, mut cascades, mut pairs) = (0, 0, 0);
    for ready in [false, true] {
        for (seed, params) in [
            (3, vec![]),
            (12, vec![("n", 16), ("colors", 4)]),
            (14, vec![("n", 8), ("colors", 6)]),
            (15, vec![("n", 9), ("colors", 5)]),
        ] {
            let check = match check_vector_rows(seed, &params, 150, ready) {
                Ok(check) => check,
                Err(difference) => panic!("{difference}"),
            };
            bonuses += check.bonuses;
            cascades += check.cascades;
            pairs += check.pairs;
        }
    }
    assert!(bonuses > 10_000, "only {bonuses} non-zero bonuses");
    assert!(cascades > 500, "only {cascades} swaps that score");
    assert!(pairs > 1_000, "only {pairs} pairs");
}
