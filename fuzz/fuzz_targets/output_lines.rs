//! Any text as a lines output for seed 1 (the seed of the golden outputs in tests/data/lines/
//! that scripts/fuzz.sh starts the corpus from).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arcade_fuzz::output("lines", 1, data));
