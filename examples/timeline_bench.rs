//! How long the score chart's one pass (`game::timeline`) takes on the golden
//! 10,000-move outputs (a benchmark, not a test): median of 21 runs, natively.
//!
//!   cargo run --release --example timeline_bench

use arcade::game::Params;
use arcade::games;
use std::time::Instant;

const RUNS: usize = 21;

fn main() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
    println!("game\tseed\tmoves\tmedian ms\tmin ms");
    for (id, seed, file) in [
        ("square-remover", 3, "square-remover/3-patterned.out"),
        ("tiles-matching", 4, "tiles-matching/seed4-eval.out"),
        ("lines", 5, "lines/seed5-greedy.out"),
        ("territory", 3, "territory/seed3-judge.out"),
    ] {
        let text = std::fs::read_to_string(format!("{data}{file}")).expect("a golden output");
        let game = games::find(id).expect("a registered game");
        let mut session = game.session(seed, &Params::new()).expect("a seed");
        session.load_output(&text).expect("a valid output");
        let mut ms: Vec<f64> = (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                let timeline = arcade::game::timeline(session.as_mut());
                assert_eq!(timeline.score.len(), session.len() + 1);
                start.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        ms.sort_by(f64::total_cmp);
        println!(
            "{id}\t{seed}\t{}\t{:.3}\t{:.3}",
            session.len(),
            ms[RUNS / 2],
            ms[0]
        );
    }
}
