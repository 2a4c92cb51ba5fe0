//! A position (board, scores, side to move), its legal moves and playing one move.

use std::fmt;

use super::sow::{self, BOARD_MASK, ROW_MASK, SCORE_SHIFT, SIDE_SHIFT};
use super::{IllegalMove, Moves, Pit, SetupError, Side, Variant, TOTAL_SEEDS, WINNING_SCORE};

/// A board, both scores and the side to move, packed into one `u128` (see `sow.rs`).
/// Copy and cheap: playing a move makes a new one.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position(u128);

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    /// The pit sown from.
    pub pit: Pit,
    /// How many seeds were sown.
    pub sown: u8,
    /// Whether the sowing went all the way round (12+ seeds, origin skipped).
    pub lap: bool,
    /// Where the last seed landed.
    pub last: Pit,
    /// Seeds captured (0 for a grand slam that captures nothing).
    pub captured: u8,
    /// The pits captured from.
    pub captured_pits: Moves,
    /// The capture would have taken the opponent's whole row and, by the variant's
    /// rule, took nothing.
    pub grand_slam: bool,
}

/// The result of [`Position::apply`].
struct Applied {
    position: Position,
    last: usize,
    captured: u8,
    pits: u16,
    grand_slam: bool,
}

impl Position {
    /// The start: four seeds in every pit, no captures, South to move.
    pub const START: Position = Position(0x0404_0404_0404_0404_0404_0404);

    /// A position from its parts.
    ///
    /// # Errors
    /// [`SetupError::SeedCount`] unless board and scores add up to 48.
    pub fn new(board: [u8; 12], scores: [u8; 2], to_move: Side) -> Result<Self, SetupError> {
        let total: u32 = board.iter().chain(&scores).map(|&s| u32::from(s)).sum();
        if total != u32::from(TOTAL_SEEDS) {
            return Err(SetupError::SeedCount(total));
        }
        let mut packed = 0u128;
        for (i, &s) in board.iter().enumerate() {
            packed |= u128::from(s) << (8 * i);
        }
        packed |= u128::from(scores[0]) << SCORE_SHIFT;
        packed |= u128::from(scores[1]) << (SCORE_SHIFT + 8);
        packed |= (to_move.index() as u128) << SIDE_SHIFT;
        Ok(Position(packed))
    }

    /// The twelve pits in board order.
    #[must_use]
    pub fn board(self) -> [u8; 12] {
        let bytes = self.0.to_le_bytes();
        let mut board = [0; 12];
        board.copy_from_slice(&bytes[..12]);
        board
    }

    /// The seeds in one pit.
    #[must_use]
    pub const fn seeds(self, pit: Pit) -> u8 {
        sow::seeds_at(self.0, pit.index())
    }

    /// Seeds captured, `[South, North]`.
    #[must_use]
    pub const fn scores(self) -> [u8; 2] {
        [self.score(Side::South), self.score(Side::North)]
    }

    /// Seeds captured by one side.
    #[must_use]
    pub const fn score(self, side: Side) -> u8 {
        self.0.to_le_bytes()[12 + side.index()]
    }

    /// The side to move.
    #[must_use]
    pub const fn to_move(self) -> Side {
        if (self.0 >> SIDE_SHIFT) & 1 == 0 {
            Side::South
        } else {
            Side::North
        }
    }

    /// All seeds on one side's row.
    #[must_use]
    pub fn row_seeds(self, side: Side) -> u8 {
        sow::row(self.0, side.index()).to_le_bytes().iter().sum()
    }

    /// The whole position as one number: equal positions, equal keys.
    #[must_use]
    pub const fn key(self) -> u128 {
        self.0
    }

    /// Whether a side has 25 or more: the game is won and no move follows.
    #[must_use]
    #[inline(always)]
    pub const fn is_decided(self) -> bool {
        let [south, north] = self.scores();
        south >= WINNING_SCORE || north >= WINNING_SCORE
    }

    /// Whether the side to move faces an empty row and must sow into it.
    #[must_use]
    pub const fn must_feed(self) -> bool {
        self.0 & ROW_MASK[self.to_move().opponent().index()] == 0
    }

    /// The moves that obey the feeding rule, before any grand-slam rule.
    #[inline(always)]
    fn candidate_moves(self) -> Moves {
        let side = self.to_move().index();
        let own = sow::row(self.0, side);
        let columns = if self.0 & ROW_MASK[(1 - side) & 1] == 0 {
            sow::reaching(own)
        } else {
            sow::non_empty(own)
        };
        Moves::from_bits(columns << (6 * side))
    }

    /// The legal moves for the side to move, in ascending order. Empty when the game
    /// is decided (a score of 25+) or the side to move cannot feed an empty row.
    #[inline(always)]
    #[must_use]
    pub fn legal_moves(self, variant: Variant) -> Moves {
        if self.is_decided() {
            Moves::EMPTY
        } else if variant == Variant::Forbidden {
            self.without_grand_slams()
        } else {
            self.candidate_moves()
        }
    }

    /// The `forbidden` variant's moves: grand slams only when nothing else is legal.
    #[inline(never)]
    fn without_grand_slams(self) -> Moves {
        let candidates = self.candidate_moves();
        let allowed = candidates
            .into_iter()
            .filter(|&pit| !self.apply(pit.index(), Variant::Forbidden).grand_slam)
            .fold(Moves::EMPTY, Moves::with);
        if allowed.is_empty() {
            candidates
        } else {
            allowed
        }
    }

    /// Checks one move, saying exactly why it is illegal.
    ///
    /// # Errors
    /// The [`IllegalMove`] reason.
    pub fn check(self, pit: Pit, variant: Variant) -> Result<(), IllegalMove> {
        let legal = self.legal_moves(variant);
        if legal.contains(pit) {
            return Ok(());
        }
        let side = self.to_move();
        Err(if legal.is_empty() {
            IllegalMove::GameOver
        } else if pit.owner() != side {
            IllegalMove::NotYourRow { pit, side, legal }
        } else if self.seeds(pit) == 0 {
            IllegalMove::EmptyPit {
                pit,
                legal,
                must_feed: self.must_feed(),
            }
        } else if self.must_feed() {
            IllegalMove::MustFeed { pit, legal }
        } else {
            IllegalMove::GrandSlamForbidden { pit, legal }
        })
    }

    /// Plays a move after checking it.
    ///
    /// # Errors
    /// The [`IllegalMove`] reason when `pit` is not a legal move here.
    pub fn play(self, pit: Pit, variant: Variant) -> Result<(Position, Effect), IllegalMove> {
        self.check(pit, variant)?;
        Ok(self.play_unchecked(pit, variant))
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]), with a full
    /// account of what it did. An illegal move gives a meaningless (but
    /// seed-conserving) result.
    #[inline]
    #[must_use]
    pub fn play_unchecked(self, pit: Pit, variant: Variant) -> (Position, Effect) {
        let sown = self.seeds(pit);
        let applied = self.apply(pit.index(), variant);
        let effect = Effect {
            pit,
            sown,
            lap: sown >= 12,
            last: Pit::ALL[applied.last % 12],
            captured: applied.captured,
            captured_pits: Moves::from_bits(applied.pits),
            grand_slam: applied.grand_slam,
        };
        (applied.position, effect)
    }

    /// The position after a move known to be legal: the fast path for search.
    #[inline(always)]
    #[must_use]
    pub fn after(self, pit: Pit, variant: Variant) -> Position {
        self.apply(pit.index(), variant).position
    }

    /// How many legal replies the opponent has after `pit` (a legal move) is played:
    /// the last two plies of perft in one step, and mobility for search.
    #[inline(always)]
    #[must_use]
    pub fn reply_count(self, pit: Pit, variant: Variant) -> usize {
        if variant == Variant::Forbidden {
            return self.after(pit, variant).legal_moves(variant).len();
        }
        let mover = self.to_move().index();
        let child = self.apply(pit.index(), variant).position.0;
        // The opponent's score cannot have changed, so only the mover's can decide.
        if child.to_le_bytes()[12 + mover] >= WINNING_SCORE {
            return 0;
        }
        let replies = sow::row(child, 1 - mover);
        let columns = if child & ROW_MASK[mover & 1] == 0 {
            sow::reaching(replies)
        } else {
            sow::non_empty(replies)
        };
        Moves::from_bits(columns).len()
    }

    /// Sowing and capture, on the packed position.
    #[inline(always)]
    fn apply(self, p: usize, variant: Variant) -> Applied {
        let mover = ((self.0 >> SIDE_SHIFT) & 1) as usize;
        let (mut packed, last) = sow::sow(self.0, p);
        let mut applied = Applied {
            position: self,
            last,
            captured: 0,
            pits: 0,
            grand_slam: false,
        };
        let opponent_first = 6 - 6 * mover;
        let bytes = packed.to_le_bytes();
        // One well-predicted branch: most moves capture nothing.
        let in_reach = last.wrapping_sub(opponent_first) < 6;
        let takes = bytes[last & 15].wrapping_sub(2) <= 1;
        if in_reach & takes {
            let mut taken = 0u128;
            let mut seeds = 0u8;
            let mut pits = 0u16;
            let mut i = last;
            loop {
                let s = bytes[i & 15];
                // Only 2 and 3 are taken.
                if s.wrapping_sub(2) > 1 {
                    break;
                }
                seeds += s;
                taken |= sow::BYTE[i & 15];
                pits |= 1 << i;
                if i == opponent_first {
                    break;
                }
                i -= 1;
            }
            if seeds > 0 {
                let remaining = packed & !taken;
                if remaining & ROW_MASK[(1 - mover) & 1] == 0 && variant != Variant::CaptureAll {
                    applied.grand_slam = true;
                } else {
                    let score = u128::from(seeds) << SCORE_SHIFT;
                    packed = remaining + if mover == 0 { score } else { score << 8 };
                    applied.captured = seeds;
                    applied.pits = pits;
                }
            }
        }
        applied.position = Position(packed ^ (1 << SIDE_SHIFT));
        applied
    }

    /// Each side takes the seeds on its own row (the end by agreement, repetition or
    /// an unfeedable row). The side to move is kept.
    #[must_use]
    pub fn swept(self) -> Position {
        let [south, north] = [Side::South, Side::North].map(|s| u128::from(self.row_seeds(s)));
        Position((self.0 & !BOARD_MASK) + (south << SCORE_SHIFT) + (north << (SCORE_SHIFT + 8)))
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::START
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position {{ board: {:?}, scores: {:?}, to_move: {} }}",
            self.board(),
            self.scores(),
            self.to_move()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pit(c: char) -> Pit {
        Pit::from_letter(c).expect("a pit letter")
    }

    #[test]
    fn start_position_is_four_everywhere_south_to_move() {
        let p = Position::START;
        assert_eq!(p.board(), [4; 12]);
        assert_eq!(p.scores(), [0, 0]);
        assert_eq!(p.to_move(), Side::South);
        assert_eq!(p.legal_moves(Variant::Abapa).letters(), "ABCDEF");
        assert_eq!(Position::new([4; 12], [0, 0], Side::South), Ok(p));
    }

    #[test]
    fn first_move_sows_counter_clockwise() {
        let (p, e) = Position::START.play(pit('F'), Variant::Abapa).unwrap();
        assert_eq!(p.board(), [4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4]);
        assert_eq!(p.to_move(), Side::North);
        assert_eq!((e.sown, e.last, e.captured), (4, pit('d'), 0));
        assert_eq!(p.legal_moves(Variant::Abapa).letters(), "abcdef");
    }

    #[test]
    fn setup_rejects_wrong_seed_counts() {
        assert_eq!(
            Position::new([4; 12], [1, 0], Side::South),
            Err(SetupError::SeedCount(49))
        );
    }

    #[test]
    fn sweep_gives_each_side_its_own_row() {
        let p = Position::new([1, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4], [20, 18], Side::North)
            .unwrap()
            .swept();
        assert_eq!(p.board(), [0; 12]);
        assert_eq!(p.scores(), [23, 25]);
        assert_eq!(p.to_move(), Side::North);
    }
}
