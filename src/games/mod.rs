//! One folder per game, all of the same shape (mod.rs rules, gen.rs, io.rs, solver/), and the
//! registry the CLI and the page dispatch over. A new game is a folder plus one line here.

pub mod lines;
pub mod square_remover;
pub mod strip2048;
pub mod territory;
pub mod text;
pub mod tiles_matching;

use crate::game::{DynGame, Registered};

/// Every game, in the order the page lists them.
pub static ALL: &[&dyn DynGame] = &[
    &Registered::<square_remover::SquareRemover>::GAME,
    &Registered::<strip2048::Strip2048>::GAME,
    &Registered::<territory::Territory>::GAME,
    &Registered::<lines::Lines>::GAME,
    &Registered::<tiles_matching::TilesMatching>::GAME,
];

/// The game with this id (`square-remover`, `lines`, ...).
pub fn find(id: &str) -> Option<&'static dyn DynGame> {
    ALL.iter().copied().find(|g| g.info().id == id)
}

/// The error for an unknown id, listing the known ones.
pub fn unknown(id: &str) -> String {
    let ids: Vec<&str> = ALL.iter().map(|g| g.info().id).collect();
    format!("unknown game '{id}' (known: {})", ids.join(", "))
}
