//! The Territory golden tests again, compiled to wasm32 and run by wasm-bindgen's runner
//! (node by default): the generator's floats (powf, exp, sqrt through wasm's libm), the judge
//! and the scores must come out exactly as natively and as the official tools.
//!
//!   CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!     cargo test --target wasm32-unknown-unknown --test territory_wasm
#![cfg(target_arch = "wasm32")]

use arcade::clock::{stepping_clock, Budget};
use arcade::game::{replay, Game, Params};
use arcade::games::territory::{Territory, CELLS, N, TURNS};
use wasm_bindgen_test::wasm_bindgen_test;

const INPUTS: [&str; 20] = [
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0000.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0001.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0002.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0003.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0004.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0005.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0006.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0007.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0008.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0009.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0010.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0011.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0012.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0013.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0014.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0015.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0016.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0017.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0018.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/in/0019.txt"
    )),
];

const MOVES: [&str; 20] = [
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0000.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0001.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0002.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0003.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0004.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0005.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0006.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0007.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0008.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0009.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0010.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0011.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0012.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0013.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0014.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0015.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0016.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0017.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0018.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/moves/0019.txt"
    )),
];

const TRANSCRIPTS: [&str; 5] = [
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/transcripts/0000.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/transcripts/0001.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/transcripts/0002.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/transcripts/0003.txt"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/territory/ahc061/judge_golden/transcripts/0004.txt"
    )),
];

const SCORES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/territory/ahc061/judge_golden/scores.txt"
));

#[wasm_bindgen_test]
fn inputs_match_gen_exe_byte_for_byte() {
    for (seed, expected) in INPUTS.iter().enumerate() {
        let ours = Territory::format_input(&Territory::generate(seed as u64, &Params::new()));
        assert!(ours == *expected, "seed {seed}");
    }
}

#[wasm_bindgen_test]
fn scores_match_tester_exe() {
    for line in SCORES.lines() {
        let (name, score) = line.split_once(' ').unwrap();
        let seed: usize = name.parse().unwrap();
        let inst = Territory::generate(seed as u64, &Params::new());
        let actions = Territory::parse_output(&inst, MOVES[seed]).unwrap();
        let state = replay::<Territory>(&inst, &actions).unwrap();
        assert_eq!(
            Territory::score(&inst, &state),
            score.trim().parse::<i64>().unwrap(),
            "seed {seed}"
        );
    }
}

#[wasm_bindgen_test]
fn transcripts_match_turn_by_turn() {
    for (seed, transcript) in TRANSCRIPTS.iter().enumerate() {
        let inst = Territory::generate(seed as u64, &Params::new());
        let m = inst.m;
        let actions = Territory::parse_output(&inst, MOVES[seed]).unwrap();
        let state = replay::<Territory>(&inst, &actions).unwrap();
        for (t, line) in transcript.lines().enumerate() {
            let numbers: Vec<i32> = line
                .split_whitespace()
                .map(|s| s.parse().unwrap())
                .collect();
            let record = &state.history[t];
            let mut ours = Vec::with_capacity(4 * m + 2 * CELLS);
            for cells in [&record.targets[..m], &record.board.pos[..m]] {
                for &c in cells {
                    ours.extend([(c as usize / N) as i32, (c as usize % N) as i32]);
                }
            }
            ours.extend(record.board.owner.iter().map(|&o| o as i32));
            ours.extend(record.board.level.iter().map(|&l| l as i32));
            assert_eq!(ours, numbers, "seed {seed} turn {t}");
        }
    }
}

#[wasm_bindgen_test]
fn the_solvers_play_whole_legal_games() {
    let inst = Territory::generate(7, &Params::new());
    for name in ["mc", "greedy"] {
        let mut agent = Territory::agent(name).unwrap();
        let mut budget = Budget::with_clock(20.0, stepping_clock(0.01));
        let (actions, _) =
            arcade::game::play::<Territory>(&inst, agent.as_mut(), &mut budget).unwrap();
        assert_eq!(actions.len(), TURNS, "{name}");
    }
}
