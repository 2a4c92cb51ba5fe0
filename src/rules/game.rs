//! A game: the position, the rules variant, the moves so far, the history the
//! repetition rule needs, and how the game ended.

use super::{Effect, IllegalMove, Moves, Pit, Position, Side, Variant, WINNING_SCORE};

/// One move played in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// What the move did.
    pub effect: Effect,
    /// The position before the move.
    pub before: Position,
    /// The position after the move, and after the final sweep if it ended the game.
    pub after: Position,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A side reached 25 seeds; the board is left as it stands.
    WinningScore,
    /// The side to move had no legal move (it could not feed an empty row, or its own
    /// row was emptied); each side took the seeds on its own row.
    NoLegalMove,
    /// The position repeated one seen since the last capture; each side took its own row.
    Repetition,
    /// The players agreed to end the game; each side took its own row.
    Agreement,
    /// The players agreed to a draw (a draw offer accepted, as in chess; a
    /// convenience beyond the abapa text): the board and scores stay as they are.
    DrawAgreed,
    /// This side resigned.
    Resignation(Side),
    /// This side's time ran out; the board and scores stay as they are.
    Timeout(Side),
    /// Abandoned before both sides had moved: no result, no winner.
    Aborted,
    /// Decided by an arbiter (a server's admin): this side wins, or `None` for a
    /// draw; the board and scores stay as they are.
    Adjudicated(Option<Side>),
}

impl EndReason {
    /// The name in replay output and records (the oracle's names where it has them).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::WinningScore => "score_25",
            EndReason::NoLegalMove => "no_feeding_move",
            EndReason::Repetition => "repetition",
            EndReason::Agreement => "agreement",
            EndReason::DrawAgreed => "draw_agreed",
            EndReason::Resignation(_) => "resignation",
            EndReason::Timeout(_) => "timeout",
            EndReason::Aborted => "aborted",
            EndReason::Adjudicated(_) => "adjudicated",
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Why it ended.
    pub reason: EndReason,
    /// Final scores, `[South, North]`.
    pub scores: [u8; 2],
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
}

impl Outcome {
    fn by_score(reason: EndReason, scores: [u8; 2]) -> Outcome {
        let winner = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        Outcome {
            reason,
            scores,
            winner,
        }
    }

    /// `"S"`, `"N"` or `"draw"`, as in the oracle's records.
    #[must_use]
    pub const fn result_str(self) -> &'static str {
        match self.winner {
            Some(Side::South) => "S",
            Some(Side::North) => "N",
            None => "draw",
        }
    }
}

/// A game of Oware under one rules variant.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    start: Position,
    position: Position,
    plies: Vec<Ply>,
    /// Keys of the positions since the last capture, the current one included.
    /// Scores are part of a key, so no position before a capture can recur.
    seen: Vec<u128>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game from the start position, South to move.
    #[must_use]
    pub fn new(variant: Variant) -> Game {
        Game::from_position(variant, Position::START)
    }

    /// A game from any position (for analysis and tests); the repetition history
    /// starts there.
    #[must_use]
    pub fn from_position(variant: Variant, start: Position) -> Game {
        let mut game = Game {
            variant,
            start,
            position: start,
            plies: Vec::new(),
            seen: vec![start.key()],
            outcome: None,
        };
        if start.is_decided() {
            game.outcome = Some(Outcome::by_score(EndReason::WinningScore, start.scores()));
        } else if start.legal_moves(variant).is_empty() {
            game.position = start.swept();
            game.outcome = Some(Outcome::by_score(
                EndReason::NoLegalMove,
                game.position.scores(),
            ));
        }
        game
    }

    /// Replays moves from the start.
    ///
    /// # Errors
    /// The index of the first illegal move and why.
    pub fn from_moves(variant: Variant, moves: &[Pit]) -> Result<Game, (usize, IllegalMove)> {
        let mut game = Game::new(variant);
        for (i, &pit) in moves.iter().enumerate() {
            game.play(pit).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The rules variant.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The position the game started from.
    #[must_use]
    pub const fn start(&self) -> Position {
        self.start
    }

    /// The current position (after the final sweep if the game has ended).
    #[must_use]
    pub const fn position(&self) -> Position {
        self.position
    }

    /// The side to move, or `None` once the game is over.
    #[must_use]
    pub fn to_move(&self) -> Option<Side> {
        self.outcome.is_none().then(|| self.position.to_move())
    }

    /// Every move played so far.
    #[must_use]
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The pits played so far, in order.
    pub fn moves(&self) -> impl Iterator<Item = Pit> + '_ {
        self.plies.iter().map(|p| p.effect.pit)
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The legal moves now (none once the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> Moves {
        if self.is_over() {
            Moves::EMPTY
        } else {
            self.position.legal_moves(self.variant)
        }
    }

    /// How the game would end if `pit` were played now and brought back a position
    /// already seen since the last capture (a repetition ends the game at once,
    /// each side taking its own row); `None` for a move that would not, or an
    /// illegal one. Pure and allocation-free: a player can be warned beside the pits.
    #[must_use]
    pub fn repetition_after(&self, pit: Pit) -> Option<Outcome> {
        self.check(pit).ok()?;
        let (after, effect) = self.position.play_unchecked(pit, self.variant);
        self.repeats(after, &effect)
            .then(|| Outcome::by_score(EndReason::Repetition, after.swept().scores()))
    }

    /// Whether reaching `after` by a move that did `effect` ends the game by
    /// repetition: it did not win, captured nothing, and `after` was seen since the
    /// last capture. The one statement of the rule, for [`Game::play`] and
    /// [`Game::repetition_after`].
    fn repeats(&self, after: Position, effect: &Effect) -> bool {
        after.score(self.position.to_move()) < WINNING_SCORE
            && effect.captured == 0
            && self.seen.contains(&after.key())
    }

    /// Checks a move without playing it.
    ///
    /// # Errors
    /// Why the move is illegal.
    pub fn check(&self, pit: Pit) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        self.position.check(pit, self.variant)
    }

    /// Plays a move and applies any ending it causes.
    ///
    /// # Errors
    /// Why the move is illegal; the game is unchanged then.
    pub fn play(&mut self, pit: Pit) -> Result<&Ply, IllegalMove> {
        self.check(pit)?;
        let before = self.position;
        let mover = before.to_move();
        let (mut after, effect) = before.play_unchecked(pit, self.variant);
        if after.score(mover) >= WINNING_SCORE {
            self.outcome = Some(Outcome::by_score(EndReason::WinningScore, after.scores()));
        } else if self.repeats(after, &effect) {
            after = after.swept();
            self.outcome = Some(Outcome::by_score(EndReason::Repetition, after.scores()));
        } else {
            if effect.captured > 0 {
                self.seen.clear();
            }
            self.seen.push(after.key());
            if after.legal_moves(self.variant).is_empty() {
                after = after.swept();
                self.outcome = Some(Outcome::by_score(EndReason::NoLegalMove, after.scores()));
            }
        }
        self.position = after;
        self.plies.push(Ply {
            effect,
            before,
            after,
        });
        Ok(self.plies.last().expect("a ply was just pushed"))
    }

    /// Ends the game by agreement: each side takes the seeds on its own row.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] if the game has already ended.
    pub fn end_by_agreement(&mut self) -> Result<Outcome, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        self.position = self.position.swept();
        let outcome = Outcome::by_score(EndReason::Agreement, self.position.scores());
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// The players agree to a draw: no winner, whatever the seeds; the board and
    /// scores stay as they are.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] if the game has already ended.
    pub fn agree_draw(&mut self) -> Result<Outcome, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let outcome = Outcome {
            reason: EndReason::DrawAgreed,
            scores: self.position.scores(),
            winner: None,
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// `side` resigns: the other side wins; the board and scores stay as they are.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] if the game has already ended.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let outcome = Outcome {
            reason: EndReason::Resignation(side),
            scores: self.position.scores(),
            winner: Some(side.opponent()),
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// `side` ran out of time: the other side wins; the board and scores stay as they
    /// are.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] if the game has already ended.
    pub fn lose_on_time(&mut self, side: Side) -> Result<Outcome, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let outcome = Outcome {
            reason: EndReason::Timeout(side),
            scores: self.position.scores(),
            winner: Some(side.opponent()),
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// An arbiter decides the game: `winner` wins, or it is drawn (`None`); the
    /// board and scores stay as they are.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] if the game has already ended.
    pub fn adjudicate(&mut self, winner: Option<Side>) -> Result<Outcome, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let outcome = Outcome {
            reason: EndReason::Adjudicated(winner),
            scores: self.position.scores(),
            winner,
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Abandons the game without a result (a side never moved): no winner, the board
    /// and scores stay as they are.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] if the game has already ended.
    pub fn abort(&mut self) -> Result<Outcome, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let outcome = Outcome {
            reason: EndReason::Aborted,
            scores: self.position.scores(),
            winner: None,
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }
}
