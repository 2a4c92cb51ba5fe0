//! Why a move or a position is refused: every message says what to do instead.

use std::fmt;

use super::{Moves, Pit, Side};

/// The legal moves as a list whose last item joins the others with `and` ("A, B
/// and C": all of them are legal) or `or` ("D or E": play one of them).
struct Listed(Moves, &'static str);

impl fmt::Display for Listed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Listed(moves, joined) = *self;
        if moves.is_empty() {
            return f.write_str("none");
        }
        let last = moves.len() - 1;
        for (i, pit) in moves.into_iter().enumerate() {
            match i {
                0 => {}
                i if i == last => write!(f, " {joined} ")?,
                _ => f.write_str(", ")?,
            }
            write!(f, "{pit}")?;
        }
        Ok(())
    }
}

/// Why a move cannot be played. Every message says what to do instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended; no move can be played.
    #[error("the game is over: no more moves can be played")]
    GameOver,
    /// The pit belongs to the other player.
    #[error(
        "{pit} is {owner}'s pit: {side} sows from its own row ({})",
        Listed(*legal, "and"), owner = pit.owner()
    )]
    NotYourRow {
        /// The pit asked for.
        pit: Pit,
        /// The side to move.
        side: Side,
        /// The legal moves.
        legal: Moves,
    },
    /// The pit has no seeds.
    #[error(
        "pit {pit} is empty: your legal pits are {}{}",
        Listed(*legal, "and"),
        if *must_feed {
            " (the other row is empty, and only these give it seeds)"
        } else {
            ""
        }
    )]
    EmptyPit {
        /// The pit asked for.
        pit: Pit,
        /// The legal moves.
        legal: Moves,
        /// Whether the legal moves are only those that feed the empty other row.
        must_feed: bool,
    },
    /// The opponent's row is empty and this pit's seeds do not reach it.
    #[error(
        "{opponent}'s row is empty, so you must give them seeds, and {pit} does not reach \
         their row: sow from {}", Listed(*legal, "or"), opponent = pit.owner().opponent()
    )]
    MustFeed {
        /// The pit asked for.
        pit: Pit,
        /// The moves that feed the opponent.
        legal: Moves,
    },
    /// A grand slam in the `forbidden` variant while another move exists.
    #[error(
        "{pit} would capture every seed on {opponent}'s row (a grand slam), which this \
         game's rules forbid: play {} instead", Listed(*legal, "or"),
        opponent = pit.owner().opponent()
    )]
    GrandSlamForbidden {
        /// The pit asked for.
        pit: Pit,
        /// The legal moves.
        legal: Moves,
    },
}

/// Why a position given from outside (a record, a test, the render command) is not
/// a possible Oware position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Board and scores must hold exactly 48 seeds.
    #[error("a position holds 48 seeds in all (board and scores), this one holds {0}")]
    SeedCount(u32),
}
