//! Seeds and parameter overrides as the CLI and the page hand them over: a game, a seed as
//! text, then `name=value` lines. A seed is refused with a reason or lies in the game's range;
//! parameters are refused with a reason or give an instance whose input and session work.
#![no_main]
use arcade::game::{Error, Params};
use arcade::games;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let game = games::ALL[usize::from(pick) % games::ALL.len()];
    let info = game.info();
    let text = String::from_utf8_lossy(rest);
    let mut lines = text.split('\n');
    let seed = match game.parse_seed(lines.next().unwrap_or_default()) {
        Ok(seed) => seed,
        Err(Error::Request(reason)) => {
            assert!(reason.starts_with("seed must be"), "{reason}");
            return;
        }
        Err(e) => panic!("a seed refused as a move: {e}"),
    };
    assert!((info.min_seed..=info.max_seed).contains(&seed));
    let params: Params = lines
        .filter_map(|line| line.split_once('='))
        .filter_map(|(name, value)| Some((name.to_string(), value.trim().parse().ok()?)))
        .collect();
    match game.input_text(seed, &params) {
        Ok(input) => {
            assert!(!input.is_empty());
            let session = game.session(seed, &params).expect("the same request again");
            assert_eq!(session.input_text(), input);
            let _ = session.frame();
        }
        Err(Error::Request(reason)) => assert!(reason.contains("parameter"), "{reason}"),
        Err(e) => panic!("a request refused as a move: {e}"),
    }
});
