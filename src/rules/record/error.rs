//! Why a game record could not be read. Every message says where and what to do.

use crate::rules::{IllegalMove, Pit, VariantParseError};

/// Why a text record was refused. Line numbers count from 1; ply numbers count every
/// move from 1 (South's first move is ply 1, North's reply ply 2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A `[` that does not open a well-formed tag.
    #[error("line {line}: a tag is written [Name \"value\"] (letters, digits or _ in the name, the value in double quotes)")]
    BadTag {
        /// The line of the `[`.
        line: usize,
    },
    /// A comment, variation or tag value that is never closed.
    #[error("line {line}: this {what} is never closed: add the missing `{close}`")]
    Unterminated {
        /// The line where it opens.
        line: usize,
        /// `comment`, `variation` or `tag`.
        what: &'static str,
        /// The character that closes it.
        close: char,
    },
    /// A word in the movetext that is not a move, a move number or a result.
    #[error(
        "line {line}: `{word}` is not a move: write moves as a pit letter (A–F for South, \
         a–f for North) with an optional capture count such as `d+3`, numbered `1.`, `2.`, \
         and end with the result (`25-17`) or `*`"
    )]
    BadWord {
        /// The line of the word.
        line: usize,
        /// The word, shortened.
        word: String,
    },
    /// A move number that does not match the moves before it.
    #[error("line {line}: move number {found} where {expected} was expected: check for a missing or extra move")]
    MoveNumber {
        /// The line of the number.
        line: usize,
        /// The number written.
        found: u32,
        /// The number the moves so far call for.
        expected: usize,
    },
    /// A tag after the first move.
    #[error("line {line}: tags come before the moves: move this tag to the top")]
    TagAfterMoves {
        /// The line of the tag.
        line: usize,
    },
    /// Something after the result, which ends the movetext.
    #[error(
        "line {line}: nothing may follow the result: remove it, or move the result to the end"
    )]
    AfterResult {
        /// The line of the extra word.
        line: usize,
    },
    /// A move the rules refuse.
    #[error("ply {ply} (line {line}), {pit}: {reason}")]
    IllegalMove {
        /// Which move, counting from 1.
        ply: usize,
        /// The line it is on.
        line: usize,
        /// The pit played.
        pit: Pit,
        /// Why the rules refuse it.
        reason: IllegalMove,
    },
    /// A `+n` annotation that the replay contradicts.
    #[error("ply {ply} (line {line}), {pit}: the record says it captures {claimed}, but it captures {actual}: correct or remove the `+{claimed}`")]
    Capture {
        /// Which move, counting from 1.
        ply: usize,
        /// The line it is on.
        line: usize,
        /// The pit played.
        pit: Pit,
        /// The count written.
        claimed: u8,
        /// The count the rules give.
        actual: u8,
    },
    /// The `Variant` tag names no known variant.
    #[error("the Variant tag: {0}")]
    Variant(#[from] VariantParseError),
    /// A `Result` tag that is neither scores nor `*`.
    #[error("the Result tag `{0}` is not a result: write the final scores, South's first (`25-17`), or `*` for an unfinished game")]
    BadResult(String),
    /// A `Reason` tag naming no known ending.
    #[error("the Reason tag `{0}` is not an ending: use score_25, no_feeding_move, repetition, agreement, south_resigned or north_resigned")]
    BadReason(String),
    /// The `Result` tag and the result after the moves disagree.
    #[error("the Result tag says {tag} but the moves end with {movetext}: make them agree")]
    ResultConflict {
        /// The tag's value.
        tag: String,
        /// The movetext's result.
        movetext: String,
    },
    /// The recorded result is not the one the moves lead to.
    #[error("the record gives the result {recorded}, but its moves {actual}: correct the result, or give a Reason tag (agreement, south_resigned, north_resigned) if the game ended early")]
    ResultMismatch {
        /// What the record says.
        recorded: String,
        /// What the replay gives, in words.
        actual: String,
    },
    /// The recorded ending is not the one the moves lead to.
    #[error("the record says the game ended by {recorded}, but its moves {actual}: correct the Reason tag")]
    ReasonMismatch {
        /// The Reason tag's ending.
        recorded: &'static str,
        /// What the replay gives, in words.
        actual: String,
    },
    /// The game starts from a set-up position, which records here do not carry.
    #[error("records of games from a set-up position (a FEN tag) are not supported: record games from the standard start")]
    SetUp,
}
