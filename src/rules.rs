//! The Oware rules (abapa), pure: no async, no I/O, no allocation on the move path.
//!
//! Board indices 0–11 are the pits `A B C D E F a b c d e f` in sowing order. South
//! owns `A`–`F`, North owns `a`–`f`. A [`Position`] is a board, two scores and the side
//! to move; a [`Game`] adds the rules variant, the history the repetition rule needs
//! and the outcome.

mod game;
mod illegal;
mod moves;
mod pit;
mod position;
mod record;
mod sow;
mod text;
mod variant;

pub use game::{EndReason, Game, Outcome, Ply};
pub use illegal::{IllegalMove, SetupError};
pub use moves::{Moves, MovesIter};
pub use pit::{Pit, PitParseError, Side, Typed};
pub use position::{Effect, Position};
pub use record::{GameRecord, RecordError};
pub use text::{text_board, text_board_with, BoardLabels};
pub use variant::{Variant, VariantParseError};

/// Seeds on the board at the start: four in each of the twelve pits.
pub const TOTAL_SEEDS: u8 = 48;
/// A score that wins outright (more than half of the seeds).
pub const WINNING_SCORE: u8 = 25;
