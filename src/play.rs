//! The pure parts of play around the board, beside [`crate::rules`]: clocks and
//! time controls, durations in words, ratings, the players' pending requests, the
//! onlookers' advice tally, and tournament pairing, standings and crosstables. No async, no I/O, no database:
//! the service calls these with values it read, and the store keeps their values.

pub mod advice;
pub mod archive;
pub mod clock;
pub mod lessons;
pub mod level;
pub mod proposal;
pub mod rating;
pub mod review;
pub mod start;
pub mod tournament;
pub mod when;
