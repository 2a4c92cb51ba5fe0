//! The opening book: positions near the start with every legal move valued by a deep
//! search, built offline (`oware-bot book build`, see [`build`]) and shipped in the
//! binary from `assets/opening-book.bin`. The hard level plays from it while the game
//! is in book, choosing at random among the moves within [`MARGIN`] of the best so
//! its games vary.
//!
//! File format (little-endian): the magic `OWAREBK1`, one byte for the variant
//! (0 = abapa), three zero bytes, the entry count (`u32`), the FNV-1a 64 checksum of
//! the payload, then the entries sorted by position key: the key (`u128`, exact, so
//! no collisions), the depth searched (`u16`) and six values (`i16`, hundredths of a
//! seed for the side to move, its pits from its left; [`NO_MOVE`] where the move is
//! not legal).

use std::sync::OnceLock;

use super::rng::Rng;
use super::table_file::{fnv1a, FNV_OFFSET};
use crate::rules::{Game, Pit, Position, Variant};

mod build;

pub use build::{build, BuildProgress, BuildSettings};

/// The book shipped in the binary.
const SHIPPED: &[u8] = include_bytes!("../../assets/opening-book.bin");

/// The hard level plays any book move within this much of the best (hundredths of a
/// seed): a quarter of a seed, well inside the search's own noise at this depth, so
/// the variety costs nothing measurable (see `docs/engine.md`).
pub const MARGIN: i32 = 25;

/// The value stored for a move that is not legal.
pub const NO_MOVE: i16 = i16::MIN;

const MAGIC: &[u8; 8] = b"OWAREBK1";
const HEADER: usize = 24;
const ENTRY: usize = 16 + 2 + 12;

/// One book position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position's key ([`Position::key`]).
    pub key: u128,
    /// The depth of the search that valued the moves.
    pub depth: u16,
    /// Each of the mover's pits, from its left: the move's value for the mover in
    /// hundredths of a seed, or [`NO_MOVE`].
    pub values: [i16; 6],
}

/// Why a book could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// Not a book, or a damaged one.
    #[error("not a usable opening book ({0}): rebuild it with `oware-bot book build`")]
    Invalid(&'static str),
}

/// An opening book: entries sorted by key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    entries: Vec<Entry>,
}

impl Book {
    /// A book of `entries` (any order; a later entry for the same key wins).
    #[must_use]
    pub fn new(mut entries: Vec<Entry>) -> Book {
        entries.reverse();
        entries.sort_by_key(|e| e.key);
        entries.dedup_by_key(|e| e.key);
        Book { entries }
    }

    /// The entries, sorted by key.
    #[must_use]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry for `position`, if it is in book.
    #[must_use]
    pub fn entry(&self, position: Position) -> Option<&Entry> {
        let key = position.key();
        self.entries
            .binary_search_by_key(&key, |e| e.key)
            .ok()
            .map(|i| &self.entries[i])
    }

    /// The legal moves of `game`'s position that the book values, with their values.
    #[must_use]
    pub fn moves(&self, game: &Game) -> Vec<(Pit, i32)> {
        if game.variant() != Variant::Abapa || game.is_over() {
            return Vec::new();
        }
        let position = game.position();
        let Some(entry) = self.entry(position) else {
            return Vec::new();
        };
        let first = position.to_move().first_pit();
        game.legal_moves()
            .into_iter()
            .filter_map(|pit| {
                let v = entry.values[pit.index() - first];
                (v != NO_MOVE).then_some((pit, i32::from(v)))
            })
            .collect()
    }

    /// A move for `game` from the book: any of the moves within `margin` of the
    /// best, picked with a generator seeded by `seed` and the ply number. `None`
    /// when the position is not in book.
    #[must_use]
    pub fn choose(&self, game: &Game, margin: i32, seed: u64) -> Option<Pit> {
        let moves = self.moves(game);
        let best = moves.iter().map(|&(_, v)| v).max()?;
        let near: Vec<Pit> = moves
            .iter()
            .filter(|&&(_, v)| v >= best - margin)
            .map(|&(pit, _)| pit)
            .collect();
        let plies = game.plies().len() as u64;
        let mut rng = Rng::new(seed ^ plies.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xB00C);
        let pick = rng.next_u64() % near.len() as u64;
        near.get(usize::try_from(pick).ok()?).copied()
    }

    /// The book as its file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(self.entries.len() * ENTRY);
        for e in &self.entries {
            payload.extend_from_slice(&e.key.to_le_bytes());
            payload.extend_from_slice(&e.depth.to_le_bytes());
            for v in e.values {
                payload.extend_from_slice(&v.to_le_bytes());
            }
        }
        let mut bytes = Vec::with_capacity(HEADER + payload.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&[0, 0, 0, 0]);
        let count = u32::try_from(self.entries.len()).expect("fewer than 2^32 entries");
        bytes.extend_from_slice(&count.to_le_bytes());
        bytes.extend_from_slice(&fnv1a(payload.iter().copied(), FNV_OFFSET).to_le_bytes());
        bytes.extend_from_slice(&payload);
        bytes
    }

    /// Reads a book from its file's bytes, checking its checksum.
    ///
    /// # Errors
    /// When the bytes are not a whole, undamaged book.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let (header, payload) = bytes
            .split_at_checked(HEADER)
            .ok_or(BookError::Invalid("too short"))?;
        if &header[..8] != MAGIC {
            return Err(BookError::Invalid("wrong magic"));
        }
        if header[8] != 0 {
            return Err(BookError::Invalid("unknown variant"));
        }
        let count = u32::from_le_bytes(header[12..16].try_into().expect("4 bytes")) as usize;
        let checksum = u64::from_le_bytes(header[16..24].try_into().expect("8 bytes"));
        if payload.len() != count * ENTRY {
            return Err(BookError::Invalid("wrong length"));
        }
        if fnv1a(payload.iter().copied(), FNV_OFFSET) != checksum {
            return Err(BookError::Invalid("checksum mismatch"));
        }
        let entries = payload
            .chunks_exact(ENTRY)
            .map(|c| {
                let mut values = [0i16; 6];
                for (i, v) in values.iter_mut().enumerate() {
                    *v = i16::from_le_bytes([c[18 + 2 * i], c[19 + 2 * i]]);
                }
                Entry {
                    key: u128::from_le_bytes(c[..16].try_into().expect("16 bytes")),
                    depth: u16::from_le_bytes([c[16], c[17]]),
                    values,
                }
            })
            .collect();
        Ok(Book::new(entries))
    }
}

/// The book shipped in the binary (`assets/opening-book.bin`). Its checksum is
/// checked by the test suite, so it is whole in any build that passed it.
///
/// # Panics
/// If the shipped file is damaged, which the tests rule out.
#[must_use]
pub fn shipped() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| Book::from_bytes(SHIPPED).expect("the shipped opening book is whole"))
}

#[cfg(test)]
mod tests;
