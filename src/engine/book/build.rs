//! Building the book: from the start position, every position reached by moves
//! within a margin of the best (for both sides) up to a number of plies, each with
//! all of its moves valued by the analysis search at a fixed node budget.
//! Node-limited and breadth-first with one transposition table, so the same settings
//! build the same book on any machine.

use std::collections::HashSet;

use super::{Book, Entry, NO_MOVE};
use crate::engine::analysis::Analyser;
use crate::engine::tables::Tables;
use crate::rules::{Game, Variant};

/// How the book is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildSettings {
    /// Positions up to this many plies from the start are valued.
    pub plies: u32,
    /// Nodes spent on each position.
    pub nodes: u64,
    /// Moves within this much of the best (hundredths of a seed) lead to further
    /// book positions, for both sides.
    pub expand: i32,
}

/// Where a build is, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The ply being valued.
    pub ply: u32,
    /// Positions valued at this ply so far.
    pub done: usize,
    /// Positions to value at this ply.
    pub of: usize,
    /// Positions valued in all.
    pub total: usize,
}

/// Builds a book with `settings`, valuing positions with the endgame tables when
/// given, calling `progress` after each position.
pub fn build(
    settings: BuildSettings,
    tables: Option<&Tables>,
    mut progress: impl FnMut(BuildProgress),
) -> Book {
    let mut analyser = Analyser::new(settings.nodes, tables);
    let mut entries = Vec::new();
    let mut seen = HashSet::new();
    let mut frontier = vec![Game::new(Variant::Abapa)];
    for ply in 0..settings.plies {
        let of = frontier.len();
        let mut next = Vec::new();
        for (done, game) in frontier.into_iter().enumerate() {
            let position = game.position();
            if let Some(scored) = analyser.score(&game) {
                let first = position.to_move().first_pit();
                let mut values = [NO_MOVE; 6];
                for &(pit, v) in &scored.scores {
                    values[pit.index() - first] = clamp(v);
                }
                entries.push(Entry {
                    key: position.key(),
                    depth: u16::try_from(scored.depth).unwrap_or(u16::MAX),
                    values,
                });
                let best = scored.value();
                for &(pit, v) in &scored.scores {
                    if v < best - settings.expand {
                        continue;
                    }
                    let mut child = game.clone();
                    if child.play(pit).is_ok()
                        && !child.is_over()
                        && seen.insert(child.position().key())
                    {
                        next.push(child);
                    }
                }
            }
            progress(BuildProgress {
                ply,
                done: done + 1,
                of,
                total: entries.len(),
            });
        }
        frontier = next;
    }
    Book::new(entries)
}

/// A value as stored: within `i16`, never [`NO_MOVE`].
fn clamp(value: i32) -> i16 {
    i16::try_from(value.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)))
        .expect("clamped into range")
}
