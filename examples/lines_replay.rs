//! A trivial Lines contestant for measuring `arcade run`'s own overhead (scripts/bench.sh
//! run-overhead): it reads each turn's lines and answers with the next move of a file.
//!
//!   cargo build --release --example lines_replay
//!   arcade run lines --seed 5 -- target/release/examples/lines_replay tests/data/lines/seed5-greedy.out

use std::io::{BufRead, Write};

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: lines_replay MOVES_FILE");
    let moves = std::fs::read_to_string(&path).expect("the moves file can be read");
    let mut input = std::io::stdin().lock().lines().map_while(Result::ok);
    let mut output = std::io::stdout().lock();
    let n: usize = input
        .next()
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(0);
    input.next(); // C
    for answer in moves.lines() {
        // The grid, the next three colours and the time so far; none when the game is over.
        if input.by_ref().take(n * n + 4).count() < n * n + 4 {
            return;
        }
        if writeln!(output, "{answer}")
            .and_then(|()| output.flush())
            .is_err()
        {
            return;
        }
    }
}
