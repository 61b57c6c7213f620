//! Any text as a tiles-matching output for seed 1 (the seed of the golden outputs in tests/data/tiles-matching/
//! that scripts/fuzz.sh starts the corpus from).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arcade_fuzz::output("tiles-matching", 1, data));
