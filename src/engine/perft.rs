//! Perft: the number of leaf positions a fixed number of plies from a position, the
//! standard check (and benchmark) of a move generator.
//!
//! Positions are counted by the position-level rules: a decided position (25+) has
//! no moves; the repetition ending is not applied (as chess perft ignores repetition).

use crate::rules::{Pit, Position, Variant};

/// Leaf positions `depth` plies below `position`.
#[must_use]
pub fn perft(position: Position, depth: u32, variant: Variant) -> u64 {
    let moves = position.legal_moves(variant);
    match depth {
        0 => 1,
        // Bulk counting: the last ply's leaves are the legal moves, unplayed.
        1 => moves.len() as u64,
        // The two last plies in one loop, without a call per child.
        2 => moves
            .into_iter()
            .map(|pit| position.reply_count(pit, variant) as u64)
            .sum(),
        _ => moves
            .into_iter()
            .map(|pit| perft(position.after(pit, variant), depth - 1, variant))
            .sum(),
    }
}

/// Perft split by first move, for finding where two move generators disagree.
#[must_use]
pub fn divide(position: Position, depth: u32, variant: Variant) -> Vec<(Pit, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves(variant)
        .into_iter()
        .map(|pit| {
            let child = position.after(pit, variant);
            (pit, perft(child, depth - 1, variant))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known leaf counts from the start position, plies 0 to 8.
    const KNOWN: [u64; 9] = [1, 6, 36, 190, 1_014, 5_219, 27_332, 139_157, 711_414];

    #[test]
    fn perft_matches_known_counts_to_depth_8() {
        for (depth, &want) in KNOWN.iter().enumerate() {
            assert_eq!(
                perft(Position::START, depth as u32, Variant::Abapa),
                want,
                "perft({depth})"
            );
        }
    }

    #[test]
    fn divide_adds_up_to_perft() {
        let parts = divide(Position::START, 5, Variant::Abapa);
        assert_eq!(parts.len(), 6);
        assert_eq!(parts.iter().map(|&(_, n)| n).sum::<u64>(), KNOWN[5]);
    }
}
