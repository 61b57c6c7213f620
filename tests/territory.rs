//! Golden tests against the official AHC061 tools' records in tests/data/territory/ahc061 (copied from the official
//! local tools, see that folder's README): the inputs
//! gen.exe wrote, the scores tester.exe printed and its per-turn messages to player 0.

use arcade::game::{replay, Game, Params};
use arcade::games::territory::{Territory, CELLS, N, TURNS};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/territory/ahc061");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{DATA}/{path}"))
        .unwrap_or_else(|e| panic!("cannot read {DATA}/{path}: {e}"))
}

#[test]
fn every_official_input_is_reproduced_byte_for_byte() {
    for seed in 0..20u64 {
        let expected = read(&format!("in/{seed:04}.txt"));
        let ours = Territory::format_input(&Territory::generate(seed, &Params::new()));
        assert!(
            ours == expected,
            "seed {seed}: input differs from gen.exe's"
        );
    }
}

#[test]
fn every_official_score_is_reproduced() {
    let scores = read("judge_golden/scores.txt");
    let mut checked = 0;
    for line in scores.lines() {
        let (name, score) = line.split_once(' ').unwrap();
        let seed: u64 = name.parse().unwrap();
        let expected: i64 = score.trim().parse().unwrap();
        let inst = Territory::generate(seed, &Params::new());
        let moves = read(&format!("judge_golden/moves/{name}.txt"));
        let actions = Territory::parse_output(&inst, &moves).unwrap();
        let state = replay::<Territory>(&inst, &actions).unwrap();
        assert_eq!(Territory::score(&inst, &state), expected, "seed {seed}");
        checked += 1;
    }
    assert_eq!(checked, 20);
}

#[test]
fn every_transcript_line_is_reproduced_turn_by_turn() {
    for seed in 0..5u64 {
        let inst = Territory::generate(seed, &Params::new());
        let m = inst.m;
        let moves = read(&format!("judge_golden/moves/{seed:04}.txt"));
        let actions = Territory::parse_output(&inst, &moves).unwrap();
        let state = replay::<Territory>(&inst, &actions).unwrap();
        let transcript = read(&format!("judge_golden/transcripts/{seed:04}.txt"));
        let lines: Vec<&str> = transcript.lines().collect();
        assert_eq!(lines.len(), TURNS, "seed {seed}");
        for (t, line) in lines.iter().enumerate() {
            let numbers: Vec<i32> = line
                .split_whitespace()
                .map(|s| s.parse().unwrap())
                .collect();
            assert_eq!(numbers.len(), 4 * m + 2 * CELLS, "seed {seed} turn {t}");
            let record = &state.history[t];
            let mut ours = Vec::with_capacity(numbers.len());
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

#[test]
fn the_cli_face_scores_a_commented_output_like_the_vis() {
    let game = arcade::games::find("territory").unwrap();
    let moves = read("judge_golden/moves/0003.txt");
    let commented = format!("# player 0\n{}", moves.replace('\n', "\n# turn done\n"));
    assert_eq!(game.score(3, &Params::new(), &commented), Ok(69875));
    let short: String = moves.lines().take(40).map(|l| format!("{l}\n")).collect();
    let err = game.score(3, &Params::new(), &short).unwrap_err();
    assert_eq!(err.to_string(), "move 40: Incomplete: 40/100 turns");
}
