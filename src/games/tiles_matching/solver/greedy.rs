//! The baseline: every tile is used if it can be: a regular tile or wildcard where its row,
//! column and neighbours are the most crowded (closest to a clear), a remove tile on the
//! loneliest tile; what fits nowhere is discarded while the counter allows, else it gives up.
//! Deterministic and fast (benchmarks replay its output).

use crate::clock::Budget;
use crate::game::Agent;
use crate::games::tiles_matching::{Action, Board, Observation, Tile, TilesMatching, EMPTY};

pub struct GreedyAgent;

/// Occupied cells in the row and the column of `cell`, and beside it.
fn crowding(board: &Board, cell: usize) -> usize {
    let s = board.side();
    let (r, c) = (cell / s, cell % s);
    let cells = board.cells();
    let in_row = (0..s).filter(|&k| cells[r * s + k] != EMPTY).count();
    let in_col = (0..s).filter(|&k| cells[k * s + c] != EMPTY).count();
    let beside = board
        .neighbours(cell)
        .filter(|&nb| cells[nb] != EMPTY)
        .count();
    in_row + in_col + beside
}

impl Agent<TilesMatching> for GreedyAgent {
    fn act(&mut self, obs: &Observation, _budget: &mut Budget) -> Action {
        let board = &obs.board;
        let s = board.side();
        let cells = board.legal_cells(obs.tile);
        let best = match obs.tile {
            // A remove tile takes out the loneliest tile, which costs the least.
            Tile::Remove => cells.into_iter().min_by_key(|&c| crowding(board, c)),
            // Earliest cell among the most crowded: the closest to clearing something.
            _ => cells.into_iter().rev().max_by_key(|&c| crowding(board, c)),
        };
        match best {
            Some(cell) => Action::Place {
                row: (cell / s) as i64,
                col: (cell % s) as i64,
            },
            None if obs.counter < obs.d => Action::Discard,
            None => Action::GiveUp,
        }
    }
}
