//! Sides and pits, and parsing a pit letter once at the edge.

use std::fmt;

/// One of the two players. South owns `A`–`F` and moves first from the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Owns pits `A`–`F` (indices 0–5), the bottom row.
    South,
    /// Owns pits `a`–`f` (indices 6–11), the top row.
    North,
}

impl Side {
    /// Both sides, South first (the order of scores everywhere).
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into `[South, North]` arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The board index of this side's first pit (`A` or `a`).
    #[must_use]
    pub const fn first_pit(self) -> usize {
        self.index() * 6
    }

    /// `'S'` or `'N'`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// The side owning this letter's row: upper case South, lower case North.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'S' | 's' => Some(Side::South),
            'N' | 'n' => Some(Side::North),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

/// One of the twelve pits, by board index (`A`=0 … `F`=5, `a`=6 … `f`=11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(u8);

/// Why a pit letter typed by a player was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PitParseError {
    /// Nothing was typed.
    #[error("name a pit: a letter from a to f, in your own row")]
    Empty,
    /// Something other than a single letter a–f (what was typed, shortened).
    #[error("`{0}` is not a pit: name one of your pits with a letter from a to f")]
    NotAPit(String),
}

/// A pit as a player types it, parsed once where the text arrives: one letter
/// `a`–`f` in either case, naming a column of the mover's own row. Which pit it is
/// depends on who moves ([`Typed::pit_for`]: South's `c` and `C` are both `C`), so
/// the case typed is kept for the note that capitals mean one's own row too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Typed(u8);

impl Typed {
    /// Parses what a player typed (spaces around it are ignored).
    ///
    /// # Errors
    /// [`PitParseError`] when the text is empty or not a single letter a–f.
    pub fn parse(text: &str) -> Result<Typed, PitParseError> {
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        match (chars.next(), chars.next()) {
            (None, _) => Err(PitParseError::Empty),
            (Some(c @ ('a'..='f' | 'A'..='F')), None) => Ok(Typed(c as u8)),
            _ => Err(PitParseError::NotAPit(shorten(trimmed))),
        }
    }

    /// A pit's canonical letter, as a button sends it: it names that pit for its
    /// owner.
    #[must_use]
    pub const fn of(pit: Pit) -> Typed {
        Typed(pit.letter() as u8)
    }

    /// The pit this letter names when `side` moves: a column of `side`'s row.
    #[must_use]
    pub const fn pit_for(self, side: Side) -> Pit {
        Pit::of(side, (self.0.to_ascii_lowercase() - b'a') as usize)
    }

    /// Whether it was typed as a capital.
    #[must_use]
    pub const fn is_capital(self) -> bool {
        self.0.is_ascii_uppercase()
    }

    /// The letter as typed.
    #[must_use]
    pub const fn letter(self) -> char {
        self.0 as char
    }
}

impl fmt::Display for Typed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl std::str::FromStr for Typed {
    type Err = PitParseError;

    fn from_str(text: &str) -> Result<Typed, PitParseError> {
        Typed::parse(text)
    }
}

impl Pit {
    /// All twelve pits in board (sowing) order.
    pub const ALL: [Pit; 12] = {
        let mut all = [Pit(0); 12];
        let mut i = 0;
        while i < 12 {
            all[i] = Pit(i as u8);
            i += 1;
        }
        all
    };

    /// The pit at a board index, if it is below 12.
    #[must_use]
    pub const fn new(index: usize) -> Option<Pit> {
        if index < 12 {
            Some(Pit(index as u8))
        } else {
            None
        }
    }

    /// The pit in `side`'s row at `column` (0 for `A`/`a` … 5 for `F`/`f`).
    ///
    /// # Panics
    /// If `column` is 6 or more.
    #[must_use]
    pub const fn of(side: Side, column: usize) -> Pit {
        assert!(column < 6, "a row has six pits");
        Pit((side.first_pit() + column) as u8)
    }

    /// Board index 0–11.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The side whose row this pit is in.
    #[must_use]
    pub const fn owner(self) -> Side {
        if self.0 < 6 {
            Side::South
        } else {
            Side::North
        }
    }

    /// Column within its row: 0 for `A`/`a` … 5 for `F`/`f`.
    #[must_use]
    pub const fn column(self) -> usize {
        self.0 as usize % 6
    }

    /// Canonical notation: upper case for South's pits, lower case for North's.
    #[must_use]
    pub const fn letter(self) -> char {
        let base = if self.0 < 6 { b'A' } else { b'a' };
        (base + self.0 % 6) as char
    }

    /// Parses canonical (absolute) notation: `A`–`F` are South's, `a`–`f` North's.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Pit> {
        match c {
            'A'..='F' => Some(Pit(c as u8 - b'A')),
            'a'..='f' => Some(Pit(c as u8 - b'a' + 6)),
            _ => None,
        }
    }
}

/// At most 12 characters of user input, for quoting it back in an error.
fn shorten(text: &str) -> String {
    let mut out: String = text.chars().take(12).collect();
    if text.chars().count() > 12 {
        out.push('…');
    }
    out
}

/// A pit read back in canonical notation (a stored letter): `A`–`F` South's, `a`–`f`
/// North's.
impl TryFrom<String> for Pit {
    type Error = PitParseError;

    fn try_from(text: String) -> Result<Pit, PitParseError> {
        let mut chars = text.chars();
        match (chars.next().and_then(Pit::from_letter), chars.next()) {
            (Some(pit), None) => Ok(pit),
            _ => Err(PitParseError::NotAPit(shorten(&text))),
        }
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for pit in Pit::ALL {
            assert_eq!(Pit::from_letter(pit.letter()), Some(pit));
        }
        assert_eq!(Pit::from_letter('A').map(Pit::index), Some(0));
        assert_eq!(Pit::from_letter('f').map(Pit::index), Some(11));
        assert_eq!(Pit::from_letter('g'), None);
    }

    #[test]
    fn typed_letters_mean_the_movers_own_row_in_either_case() {
        let pit = |side, text| Typed::parse(text).map(|t| t.pit_for(side));
        assert_eq!(pit(Side::South, "c"), Ok(Pit::of(Side::South, 2)));
        assert_eq!(pit(Side::South, "C"), Ok(Pit::of(Side::South, 2)));
        assert_eq!(pit(Side::North, "C").map(Pit::letter), Ok('c'));
        assert_eq!(pit(Side::North, " f ").map(Pit::letter), Ok('f'));
        assert!(Typed::parse("C").is_ok_and(Typed::is_capital));
        assert!(!Typed::parse("c").is_ok_and(Typed::is_capital));
        for p in Pit::ALL {
            assert_eq!(Typed::of(p).pit_for(p.owner()), p, "a button names its pit");
        }
    }

    #[test]
    fn bad_input_is_explained() {
        assert_eq!(Typed::parse("  "), Err(PitParseError::Empty));
        for bad in ["g", "ab", "é", "3", "-"] {
            assert!(
                matches!(Typed::parse(bad), Err(PitParseError::NotAPit(..))),
                "{bad}"
            );
        }
        let long = "x".repeat(10_000);
        let err = Typed::parse(&long).unwrap_err().to_string();
        assert!(
            err.len() < 100,
            "long input is not echoed back whole: {err}"
        );
    }
}
