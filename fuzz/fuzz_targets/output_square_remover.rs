//! Any text as a square-remover output for seed 3 (the seed of the golden outputs in tests/data/square-remover/
//! that scripts/fuzz.sh starts the corpus from).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arcade_fuzz::output("square-remover", 3, data));
