//! Late moves: which moves after the first at a node are searched shallower
//! (late-move reductions), and how any move after the first is searched (a null
//! window first, then again as far and as wide as its value calls for).

use super::Searcher;
use crate::engine::ordering::NOT_LATE;

impl Searcher<'_> {
    /// How many plies less to search the `i`-th move (ordering key `key`) of a
    /// node searched to `depth`: quiet moves late in the order, not near the leaves.
    pub(super) fn reduction(&self, i: usize, key: u32, depth: u32) -> u32 {
        if !self.features.reductions || i < 2 || depth < 3 || key >= NOT_LATE {
            0
        } else if i >= 4 && depth >= 6 {
            2
        } else {
            1
        }
    }
}

/// The value of a move after the first at a node, for the mover, `depth` being the
/// move's full depth: a null-window search `reduction` plies shallower; if that
/// beats `alpha`, again at full depth (the reduction was wrong to doubt the move);
/// then, if the value falls inside the window, with the full window (PVS).
/// `search(depth, alpha, beta)` searches the move, `None` once the search is
/// aborted (then so is this).
pub(super) fn late_move_value(
    depth: u32,
    reduction: u32,
    alpha: i32,
    beta: i32,
    mut search: impl FnMut(u32, i32, i32) -> Option<i32>,
) -> Option<i32> {
    let mut v = search(depth - reduction, alpha, alpha + 1)?;
    if reduction > 0 && v > alpha {
        v = search(depth, alpha, alpha + 1)?;
    }
    if v > alpha && v < beta {
        v = search(depth, alpha, beta)?;
    }
    Some(v)
}
