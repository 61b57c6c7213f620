//! The score chart's figures as the native crate gives them, kept as golden data for the
//! page's end-to-end tests (`tests/e2e/compare.test.js` reads `tests/data/timeline/points.json`).
//! Each point is an independent replay of a prefix (`replay_prefix`, then the game's own
//! score and series), never the page's one pass; a whole output's last point is what
//! `arcade score` prints. `UPDATE_GOLDEN=1 cargo test --test timeline` writes the file again.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use arcade::game::{replay_prefix, Game, Params};
use arcade::games::{lines, square_remover, strip2048, territory, tiles_matching};
use serde_json::{json, Value};

const GOLDEN: &str = "timeline/points.json";
/// Turns spot-checked per game (0 and the last among them).
const SPOTS: usize = 20;

/// A golden output of each game (tests/data; each folder's README says where it came from).
const OUTPUTS: &[(&str, &str, &str)] = &[
    ("square-remover", "3", "square-remover/3-patterned.out"),
    ("strip2048", "7", "strip2048/seed7-exact.out"),
    ("territory", "3", "territory/seed3-judge.out"),
    ("lines", "5", "lines/seed5-greedy.out"),
    ("tiles-matching", "4", "tiles-matching/seed4-eval.out"),
];

/// Two whole games of one seed for the compare view.
const PAIR: (&str, &str, &str, &str) = (
    "lines",
    "1",
    "lines/seed1-greedy.out",
    "lines/seed1-first.out",
);

/// The moves of an output (it must read).
fn moves<G: Game>(seed: u64, text: &str) -> (G::Instance, Vec<G::Action>) {
    let instance = G::generate(seed, &Params::new());
    let actions = G::parse_output(&instance, text).expect("a golden output reads");
    (instance, actions)
}

/// The score (and the game's series) after `spots` turns spread over the game from 0 to the
/// last (`None`: every turn), each prefix replayed alone.
fn points<G: Game>(seed: &str, file: &str, spots: Option<usize>) -> Value {
    let (instance, actions) = moves::<G>(seed.parse().unwrap(), &common::data(file));
    let last = actions.len();
    let mut turns: Vec<usize> = match spots {
        Some(n) => (0..n).map(|k| k * last / (n - 1)).collect(),
        None => (0..=last).collect(),
    };
    turns.dedup();
    let (mut score, mut players, mut free) = (Vec::new(), Vec::new(), Vec::new());
    for &t in &turns {
        let state = replay_prefix::<G>(&instance, &actions[..t]).expect("a golden prefix plays");
        let series = G::series(&instance, &state);
        score.push(G::score(&instance, &state));
        players.push(series.players);
        free.extend(series.free);
    }
    let mut point = json!({"game": G::ID, "seed": seed, "file": file, "moves": last, "turns": turns, "score": score});
    if players.iter().any(|p| !p.is_empty()) {
        point["players"] = json!(players);
    }
    if !free.is_empty() {
        point["free"] = json!(free);
    }
    point
}

/// The move (from 1) where two games first differ (`null`: the same moves).
fn first_difference<G: Game>(seed: &str, a: &str, b: &str) -> Value {
    let seed = seed.parse().unwrap();
    let (_, a) = moves::<G>(seed, &common::data(a));
    let (_, b) = moves::<G>(seed, &common::data(b));
    let same = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if same == a.len() && same == b.len() {
        Value::Null
    } else {
        json!(same + 1)
    }
}

fn golden_points() -> Value {
    let by_game = |id: &str, seed: &str, file: &str, spots: Option<usize>| match id {
        "square-remover" => points::<square_remover::SquareRemover>(seed, file, spots),
        "strip2048" => points::<strip2048::Strip2048>(seed, file, spots),
        "territory" => points::<territory::Territory>(seed, file, spots),
        "lines" => points::<lines::Lines>(seed, file, spots),
        "tiles-matching" => points::<tiles_matching::TilesMatching>(seed, file, spots),
        _ => panic!("{id}: no golden output here"),
    };
    let games: Vec<Value> = OUTPUTS
        .iter()
        .map(|&(id, seed, file)| by_game(id, seed, file, Some(SPOTS)))
        .collect();
    let (id, seed, a, b) = PAIR;
    assert_eq!(id, lines::Lines::ID);
    // Every turn of both games: the leader at each is read from these.
    json!({
        "games": games,
        "compare": {
            "game": id,
            "seed": seed,
            "a": by_game(id, seed, a, None),
            "b": by_game(id, seed, b, None),
            "firstDifference": first_difference::<lines::Lines>(seed, a, b),
        },
    })
}

#[test]
fn the_charts_golden_points_are_the_native_scores_of_the_prefixes() {
    let computed = golden_points();
    let path = format!("{}{GOLDEN}", common::DATA);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        let text = serde_json::to_string_pretty(&computed).unwrap();
        std::fs::write(&path, text + "\n").unwrap();
    }
    let kept: Value = serde_json::from_str(&common::data(GOLDEN)).expect("the golden file");
    assert_eq!(
        computed, kept,
        "{GOLDEN} differs: UPDATE_GOLDEN=1 writes it again"
    );
    // Every registered game has its spot checks, and a whole game's last point is the
    // score `arcade score` prints.
    let ids: Vec<&str> = arcade::games::ALL.iter().map(|g| g.info().id).collect();
    assert_eq!(
        ids.len(),
        OUTPUTS.len(),
        "a game without a golden output here"
    );
    for game in kept["games"].as_array().unwrap() {
        let (id, seed, file) = (&game["game"], &game["seed"], &game["file"]);
        let out = common::ok(&[
            "score",
            id.as_str().unwrap(),
            "--seed",
            seed.as_str().unwrap(),
            &format!("{}{}", common::DATA, file.as_str().unwrap()),
        ]);
        let printed = format!("{}{}", out.stdout, out.stderr);
        let last = game["score"].as_array().unwrap().last().unwrap();
        assert!(
            printed.trim_end().ends_with(&format!("score: {last}")),
            "{id}: arcade score printed {printed}"
        );
        assert_eq!(game["turns"].as_array().unwrap().len(), SPOTS, "{id}");
    }
}
