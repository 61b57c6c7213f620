//! Any text as a territory output for seed 3 (the seed of the golden outputs in tests/data/territory/
//! that scripts/fuzz.sh starts the corpus from).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arcade_fuzz::output("territory", 3, data));
