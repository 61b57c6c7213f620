//! What the fuzz targets share: an input read as a contest output and checked every way the
//! CLI and the page read one (the same checks as the property tests in `tests/properties.rs`).

use arcade::game::Params;
use arcade::games;

#[path = "../../tests/output_check/mod.rs"]
mod output_check;

/// Reads `data` as an output of game `id` for `seed` (bytes decoded as the page decodes a
/// file: invalid UTF-8 replaced) and checks it: scoring, loading, reloading, seeking, and its
/// first line played and previewed as one move from the page.
pub fn output(id: &str, seed: u64, data: &[u8]) {
    let game = games::find(id).expect("a registered game");
    let text = String::from_utf8_lossy(data);
    let _ = output_check::check_output(game, seed, &Params::new(), &text);
    let first = text.lines().next().unwrap_or_default();
    let mut session = game.session(seed, &Params::new()).unwrap();
    let _ = session.preview_text(first);
    if session.play_text(first).is_ok() {
        assert_eq!(session.len(), 1);
    }
}
