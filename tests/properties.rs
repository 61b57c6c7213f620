//! Property tests, game by game, over seeded random games (a failure names its case, so it
//! replays exactly): random moves drawn near the rules' own legal moves, played by `apply`,
//! written with `format_output`, must read back as the same moves and replay to the same
//! score and move count; a refused move leaves the state as it was and gives a reason; and
//! mutated outputs never panic, give errors that name a move, and score the same through
//! every path (`output_check`); the score chart's timeline holds the score of every prefix,
//! and its series what the game's view shows. The fuzz targets (`fuzz/`) run the same checks on any text.
#![cfg(not(target_arch = "wasm32"))]

mod output_check;

use arcade::game::{replay, replay_prefix, Game, Params, Series, Session};
use arcade::games::{self, lines, square_remover, strip2048, territory, tiles_matching};
use output_check::check_output;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A move to try in this position: usually a legal one, sometimes not.
trait RandomMove: Game {
    fn random_move(
        instance: &Self::Instance,
        state: &Self::State,
        rng: &mut ChaCha8Rng,
    ) -> Self::Action;

    /// The chart's series as the game's view shows them (`Game::series`, read another way).
    fn view_series(_view: &serde_json::Value) -> Series {
        Series::default()
    }
}

/// The cells of a view's row-major grid that hold `empty`.
fn count(cells: &serde_json::Value, empty: i64) -> Option<i64> {
    let cells = cells.as_array().expect("a grid");
    Some(cells.iter().filter(|v| v.as_i64() == Some(empty)).count() as i64)
}

impl RandomMove for square_remover::SquareRemover {
    fn random_move(
        instance: &Self::Instance,
        _: &Self::State,
        rng: &mut ChaCha8Rng,
    ) -> Self::Action {
        let n = instance.n as i64;
        square_remover::Action {
            row: rng.gen_range(-1..=n),
            col: rng.gen_range(-1..=n),
            dir: rng.gen_range(-1..=4),
        }
    }
}

impl RandomMove for strip2048::Strip2048 {
    fn random_move(_: &Self::Instance, _: &Self::State, rng: &mut ChaCha8Rng) -> Self::Action {
        if rng.gen_bool(0.5) {
            strip2048::Dir::Left
        } else {
            strip2048::Dir::Right
        }
    }
}

impl RandomMove for territory::Territory {
    /// One of the judge's legal targets most of the time, else any cell (or just off the board).
    fn random_move(
        instance: &Self::Instance,
        state: &Self::State,
        rng: &mut ChaCha8Rng,
    ) -> Self::Action {
        let mut legal = Vec::new();
        state.board.candidates(instance.m, 0, &mut legal);
        if legal.is_empty() || rng.gen_bool(0.2) {
            let n = territory::N as i64;
            territory::Action {
                x: rng.gen_range(-1..=n),
                y: rng.gen_range(-1..=n),
            }
        } else {
            territory::Action::to_cell(usize::from(legal[rng.gen_range(0..legal.len())]))
        }
    }

    fn view_series(view: &serde_json::Value) -> Series {
        let scores = view["scores"].as_array().expect("scores");
        Series {
            players: scores.iter().map(|v| v.as_i64().unwrap()).collect(),
            free: None,
        }
    }
}

impl RandomMove for lines::Lines {
    /// A ball to an empty cell most of the time (reachable or not), else any four numbers.
    fn random_move(_: &Self::Instance, state: &Self::State, rng: &mut ChaCha8Rng) -> Self::Action {
        let n = state.n as i32;
        let cell = |full: bool, rng: &mut ChaCha8Rng| {
            let cells: Vec<usize> = (0..state.grid.len())
                .filter(|&k| (state.grid[k] != 0) == full)
                .collect();
            if cells.is_empty() || rng.gen_bool(0.1) {
                (rng.gen_range(-1..=n), rng.gen_range(-1..=n))
            } else {
                let k = cells[rng.gen_range(0..cells.len())] as i32;
                (k / n, k % n)
            }
        };
        let (r1, c1) = cell(true, rng);
        let (r2, c2) = cell(false, rng);
        lines::Action { r1, c1, r2, c2 }
    }

    fn view_series(view: &serde_json::Value) -> Series {
        Series {
            players: Vec::new(),
            free: count(&view["grid"], 0),
        }
    }
}

impl RandomMove for tiles_matching::TilesMatching {
    /// A cell that takes the tile most of the time, sometimes any cell, a discard, or giving up.
    fn random_move(
        instance: &Self::Instance,
        state: &Self::State,
        rng: &mut ChaCha8Rng,
    ) -> Self::Action {
        use tiles_matching::Action;
        let side = instance.side as i64;
        let legal = state.board.legal_cells(state.tile);
        match rng.gen_range(0..1000) {
            0 => Action::GiveUp,
            1..=50 => Action::Discard,
            51..=150 => Action::Place {
                row: rng.gen_range(-1..=side),
                col: rng.gen_range(-1..=side),
            },
            _ if legal.is_empty() => Action::Discard,
            _ => {
                let k = legal[rng.gen_range(0..legal.len())] as i64;
                Action::Place {
                    row: k / side,
                    col: k % side,
                }
            }
        }
    }

    fn view_series(view: &serde_json::Value) -> Series {
        Series {
            players: Vec::new(),
            free: count(&view["board"], -1),
        }
    }
}

/// Random parameter overrides within the game's ranges (each present or not).
fn random_params<G: Game>(rng: &mut ChaCha8Rng) -> Params {
    let mut params = Params::new();
    for p in G::PARAMS {
        if rng.gen_bool(0.5) {
            params.insert(p.name.to_string(), rng.gen_range(p.min..=p.max));
        }
    }
    params
}

/// A random edit of an output: a character deleted, inserted or replaced, a line deleted or
/// repeated, or the text cut short.
fn mutate(text: &str, rng: &mut ChaCha8Rng) -> String {
    const ALPHABET: &[char] = &[
        '0', '1', '2', '9', '-', '+', ' ', '\n', '\r', '\t', 'l', 'r', 'x', '#', 'G', 'D', 'é',
    ];
    let mut chars: Vec<char> = text.chars().collect();
    let at = |rng: &mut ChaCha8Rng, len: usize| rng.gen_range(0..=len);
    let any = |rng: &mut ChaCha8Rng| ALPHABET[rng.gen_range(0..ALPHABET.len())];
    for _ in 0..rng.gen_range(1..=3) {
        match rng.gen_range(0..6) {
            0 if !chars.is_empty() => {
                let i = at(rng, chars.len() - 1);
                chars.remove(i);
            }
            1 => {
                let i = at(rng, chars.len());
                let c = any(rng);
                chars.insert(i, c);
            }
            2 if !chars.is_empty() => {
                let i = at(rng, chars.len() - 1);
                chars[i] = any(rng);
            }
            3 | 4 => {
                let text: String = chars.iter().collect();
                let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
                if !lines.is_empty() {
                    let i = rng.gen_range(0..lines.len());
                    if rng.gen_bool(0.5) {
                        lines.remove(i);
                    } else {
                        lines.insert(i, lines[i]);
                    }
                }
                chars = lines.concat().chars().collect();
            }
            _ => {
                let i = at(rng, chars.len());
                chars.truncate(i);
            }
        }
    }
    chars.into_iter().collect()
}

/// Plays `cases` random games of G to their end (or until 200 tries in a row are refused)
/// and checks the properties.
fn check_game<G: RandomMove>(cases: u64) {
    let game = games::find(G::ID).unwrap();
    let mut finished = 0;
    for case in 0..cases {
        let mut rng = ChaCha8Rng::seed_from_u64(case);
        let seed = rng.gen_range(G::MIN_SEED..=G::MAX_SEED.min(G::MIN_SEED + 1_000_000));
        let params = random_params::<G>(&mut rng);
        let name = format!("{} case {case} (seed {seed}, params {params:?})", G::ID);
        let instance = G::generate(seed, &params);
        let mut state = G::start(&instance);
        let mut actions = Vec::new();
        // The score after every prefix, as play reaches it.
        let mut scores = vec![G::score(&instance, &state)];
        let mut refused = 0;
        while !G::is_over(&instance, &state) && refused < 200 {
            let action = G::random_move(&instance, &state, &mut rng);
            let before = state.clone();
            match G::apply(&instance, &mut state, &action) {
                Ok(()) => {
                    actions.push(action);
                    scores.push(G::score(&instance, &state));
                    refused = 0;
                }
                Err(reason) => {
                    refused += 1;
                    assert!(
                        !reason.trim().is_empty(),
                        "{name}: {action:?} refused without a reason"
                    );
                    assert_eq!(
                        serde_json::to_value(G::view(&instance, &state)).unwrap(),
                        serde_json::to_value(G::view(&instance, &before)).unwrap(),
                        "{name}: refusing {action:?} ({reason}) changed the state"
                    );
                }
            }
        }
        let score = G::score(&instance, &state);
        let over = G::is_over(&instance, &state);
        finished += usize::from(over);

        // The text reads back as the same moves, one by one and as a whole.
        let text = G::format_output(&actions);
        assert_eq!(
            G::parse_output(&instance, &text).as_ref(),
            Ok(&actions),
            "{name}"
        );
        for action in &actions {
            let one = G::format_output(std::slice::from_ref(action));
            assert_eq!(
                G::parse_action(&one).as_ref(),
                Ok(action),
                "{name}: {one:?}"
            );
        }
        // ... and replays to the same score and move count, natively and as the page does.
        match replay::<G>(&instance, &actions) {
            Ok(end) => {
                assert!(over, "{name}: an unfinished game replayed as complete");
                assert_eq!(G::score(&instance, &end), score, "{name}");
            }
            Err(e) => {
                assert!(!over, "{name}: a finished game failed to replay: {e}");
                assert_eq!(e.turn, actions.len(), "{name}: the error names the end");
            }
        }
        let mut session = Session::<G>::new(instance.clone());
        session.load_output(&text).unwrap();
        assert_eq!(
            (session.len(), G::score(&instance, session.state())),
            (actions.len(), score),
            "{name}"
        );
        // The chart's one pass: every prefix's score, and at some turns (each replayed on its
        // own) the series the view shows.
        let timeline = session.timeline();
        assert_eq!(
            session.cursor(),
            actions.len(),
            "{name}: the timeline moved the cursor"
        );
        assert_eq!(timeline.score, scores, "{name}: timeline scores");
        for _ in 0..12 {
            let t = rng.gen_range(0..=actions.len());
            let prefix = replay_prefix::<G>(&instance, &actions[..t]).unwrap();
            let view = serde_json::to_value(G::view(&instance, &prefix)).unwrap();
            let series = G::view_series(&view);
            assert_eq!(
                timeline.score[t],
                G::score(&instance, &prefix),
                "{name}: turn {t}"
            );
            let players: Vec<i64> = timeline.players.iter().map(|p| p[t]).collect();
            assert_eq!(players, series.players, "{name}: players at turn {t}");
            let free = timeline.free.as_ref().map(|f| f[t]);
            assert_eq!(free, series.free, "{name}: free cells at turn {t}");
        }
        let expected = if over { Ok(score) } else { Err(actions.len()) };
        assert_eq!(
            check_output(game, seed, &params, &text).map_err(|e| e.turn),
            expected,
            "{name}"
        );

        // Mutated outputs: never a panic, errors that name a move, every path agreeing.
        for _ in 0..8 {
            let _ = check_output(game, seed, &params, &mutate(&text, &mut rng));
        }
    }
    // Some games must end (game over, GIVE UP) for the complete-output path to be tested.
    assert!(finished > 0, "{}: no random game finished", G::ID);
}

/// One game's property check and its number of random games.
struct Check {
    id: &'static str,
    run: fn(u64),
    cases: u64,
}

const fn check<G: RandomMove>(cases: u64) -> Check {
    Check {
        id: G::ID,
        run: check_game::<G>,
        cases,
    }
}

/// Every game's property check. A game in the registry without one here (it needs its
/// `RandomMove`) fails `every_registered_game_passes_its_property_check`.
const CHECKS: &[Check] = &[
    check::<square_remover::SquareRemover>(12),
    check::<strip2048::Strip2048>(40),
    check::<territory::Territory>(24),
    check::<lines::Lines>(24),
    check::<tiles_matching::TilesMatching>(24),
];

#[test]
fn every_registered_game_passes_its_property_check() {
    let checks: Vec<&Check> = games::ALL
        .iter()
        .map(|game| {
            let id = game.info().id;
            CHECKS
                .iter()
                .find(|c| c.id == id)
                .unwrap_or_else(|| panic!("{id}: no property check in tests/properties.rs"))
        })
        .collect();
    // The games side by side (a failure's panic names its game and case).
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    arcade::parallel::map(&checks, jobs, |c| (c.run)(c.cases));
}

/// Every game has its fuzz target in `fuzz/` (built by `scripts/fuzz.sh`, not by CI):
/// `output_<id>` reading any text as the game's output through `arcade_fuzz::output`.
#[test]
fn every_registered_game_has_its_fuzz_target() {
    let fuzz = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/");
    let manifest = std::fs::read_to_string(format!("{fuzz}Cargo.toml")).unwrap();
    for game in games::ALL {
        let id = game.info().id;
        let target = format!("output_{}", id.replace('-', "_"));
        let path = format!("fuzz_targets/{target}.rs");
        let entry = format!("name = \"{target}\"\npath = \"{path}\"");
        assert!(
            manifest.contains(&entry),
            "{id}: fuzz/Cargo.toml has no [[bin]] {target}"
        );
        let source = std::fs::read_to_string(format!("{fuzz}{path}"))
            .unwrap_or_else(|e| panic!("{id}: fuzz/{path}: {e}"));
        assert!(
            source.contains(&format!("arcade_fuzz::output(\"{id}\", ")),
            "{id}: fuzz/{path} does not read its input as a {id} output"
        );
    }
}
