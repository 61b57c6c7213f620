//! One contest output checked every way the CLI and the page read it, used by the property
//! tests (`tests/properties.rs`) and the fuzz targets (`fuzz/`): whatever the text, nothing
//! panics, every error names a move, and scoring (`DynGame::score`, the CLI's and the page's
//! `score`) agrees with loading it into a session (the page's replay).

use arcade::game::{DynGame, Error, Params, TurnError};

/// Scores `text` for `seed`/`params` (which must be valid) and checks that a session loading
/// the same text agrees; returns the score or the error. Panics on any disagreement.
pub fn check_output(
    game: &dyn DynGame,
    seed: u64,
    params: &Params,
    text: &str,
) -> Result<i64, TurnError> {
    let id = game.info().id;
    let scored = match game.score(seed, params, text) {
        Ok(score) => Ok(score),
        Err(Error::Move(e)) => Err(e),
        Err(Error::Request(e)) => panic!("{id}: a valid request was refused: {e}"),
    };
    if let Err(e) = &scored {
        assert!(
            !e.reason.trim().is_empty() && !e.reason.contains('\n'),
            "{id}: an error must give a one-line reason: {e:?}"
        );
        assert!(
            e.turn <= text.len(),
            "{id}: move {} cannot be in a text of {} bytes",
            e.turn,
            text.len()
        );
        assert!(e.to_string().starts_with(&format!("move {}: ", e.turn)));
        // A named line exists in the text, however the game's reader ends lines.
        if let Some(line) = e.line {
            let most = text.split(['\n', '\r']).count();
            assert!(
                (1..=most).contains(&line),
                "{id}: line {line} of a text of at most {most} lines"
            );
        }
    }

    let mut session = game.session(seed, params).expect("valid seed and params");
    let loaded = session.load_output(text);
    match &loaded {
        Err(Error::Move(e)) => {
            assert_eq!(scored.as_ref(), Err(e), "{id}: score and session disagree");
            // A bad move keeps the valid prefix; an unreadable step at most the moves before
            // it (those on the whole lines before its line, as far as they are legal).
            assert!(
                session.len() <= e.turn,
                "{id}: {} moves kept before the error at move {}",
                session.len(),
                e.turn
            );
            assert_eq!(session.load_error(), Some(e.clone()));
        }
        Err(Error::Request(e)) => panic!("{id}: a session refused an output as a request: {e}"),
        Ok(()) => {
            match session.incomplete() {
                Some(e) => assert_eq!(scored, Err(e), "{id}: an incomplete output must not score"),
                None => assert_eq!(scored, Ok(session.score()), "{id}: the scores differ"),
            }
            assert_eq!(session.cursor(), session.len());
        }
    }

    // What was kept reads back as the same game (the page's download and share link).
    let kept = session.output_text();
    let mut again = game.session(seed, params).unwrap();
    assert_eq!(
        again.load_output(&kept),
        Ok(()),
        "{id}: the kept moves do not reload"
    );
    assert_eq!(
        (again.len(), again.score(), again.is_over()),
        (session.len(), session.score(), session.is_over())
    );

    // Seeking anywhere draws a frame; undo/redo move by one.
    let moves = session.len();
    session.seek(moves / 2);
    assert_eq!(session.cursor(), moves / 2);
    let _ = session.frame();
    if session.undo() {
        assert!(session.redo());
    }
    scored
}
