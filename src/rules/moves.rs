//! A set of pits as a bit mask: the legal moves, captured pits.

use std::fmt;

use super::Pit;

/// A set of pits (bit `i` is board index `i`). Copy, allocation-free, iterates in
/// ascending board order, which is also ascending letter order within a row.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Moves(u16);

/// `BITS_SET[m]`: how many bits are set in the 6-bit mask `m`.
const BITS_SET: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut m = 0;
    while m < 64 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

impl Moves {
    /// The empty set.
    pub const EMPTY: Moves = Moves(0);

    /// A set from a bit mask (bit `i` = board index `i`; bits 12 and up are ignored).
    #[must_use]
    pub const fn from_bits(bits: u16) -> Moves {
        Moves(bits & 0x0FFF)
    }

    /// The bit mask.
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether `pit` is in the set.
    #[must_use]
    pub const fn contains(self, pit: Pit) -> bool {
        self.0 & (1 << pit.index()) != 0
    }

    /// The set with `pit` added.
    #[must_use]
    pub const fn with(self, pit: Pit) -> Moves {
        Moves(self.0 | 1 << pit.index())
    }

    /// The number of pits.
    #[inline(always)]
    #[must_use]
    pub const fn len(self) -> usize {
        // A table beats `count_ones` on CPUs targeted without `popcnt` (the default).
        (BITS_SET[(self.0 & 63) as usize] + BITS_SET[(self.0 >> 6 & 63) as usize]) as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The letters in canonical notation, ascending: `"ABDF"`.
    #[must_use]
    pub fn letters(self) -> String {
        self.into_iter().map(Pit::letter).collect()
    }
}

impl IntoIterator for Moves {
    type Item = Pit;
    type IntoIter = MovesIter;

    fn into_iter(self) -> MovesIter {
        MovesIter(self.0)
    }
}

/// The pits of a [`Moves`], ascending.
#[derive(Clone, Debug)]
pub struct MovesIter(u16);

impl Iterator for MovesIter {
    type Item = Pit;

    #[inline]
    fn next(&mut self) -> Option<Pit> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Pit::new(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for MovesIter {}

impl fmt::Debug for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Moves({})", self.letters())
    }
}

/// `A, C, D` (or `none`).
impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (i, pit) in self.into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{pit}")?;
        }
        Ok(())
    }
}
