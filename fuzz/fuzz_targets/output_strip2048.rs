//! Any text as a strip2048 output for seed 7 (the seed of the golden outputs in tests/data/strip2048/
//! that scripts/fuzz.sh starts the corpus from).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arcade_fuzz::output("strip2048", 7, data));
