//! Onlookers' advice, without storage: who may advise, and the tally of one ply's
//! votes that the players see ("Onlookers suggest: D ×3, B ×1").

use crate::rules::{Moves, Pit};

/// Why an onlooker's advice was not taken. Every message says what to do instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdviceError {
    /// Players may not advise in their own game.
    PlayerInOwnGame,
    /// The game was started with `advice:off`.
    AdviceOff,
    /// The game has ended.
    GameOver,
    /// The pit is not a legal move for the side to move.
    NotLegal {
        /// The pit suggested.
        pit: Pit,
        /// The legal moves of the side to move.
        legal: Moves,
    },
}

impl AdviceError {
    /// Why the advice is refused, in `lang`.
    #[must_use]
    pub fn words(&self, lang: &crate::i18n::Language) -> String {
        match self {
            AdviceError::PlayerInOwnGame => crate::tr!(lang, "advice-player-in-own-game"),
            AdviceError::AdviceOff => crate::tr!(lang, "advice-off"),
            AdviceError::GameOver => crate::tr!(lang, "advice-game-over"),
            AdviceError::NotLegal { pit, legal } => {
                crate::tr!(lang, "advice-not-legal", pit = pit, legal = legal)
            }
        }
    }
}

impl std::fmt::Display for AdviceError {
    /// In English, for logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(&crate::i18n::Language::english()))
    }
}

impl std::error::Error for AdviceError {}

/// Whether a piece of advice may be given: not by a player of the game, not when
/// advice is off, not after the game, and only a legal move for the side to move.
///
/// # Errors
/// The first rule broken, in that order: [`AdviceError::GameOver`],
/// [`AdviceError::PlayerInOwnGame`], [`AdviceError::AdviceOff`],
/// [`AdviceError::NotLegal`].
pub fn check_advice(
    is_player: bool,
    advice_enabled: bool,
    game_over: bool,
    pit: Pit,
    legal: Moves,
) -> Result<(), AdviceError> {
    if game_over {
        Err(AdviceError::GameOver)
    } else if is_player {
        Err(AdviceError::PlayerInOwnGame)
    } else if !advice_enabled {
        Err(AdviceError::AdviceOff)
    } else if !legal.contains(pit) {
        Err(AdviceError::NotLegal { pit, legal })
    } else {
        Ok(())
    }
}

/// The advice for one ply: one vote per onlooker, the latest counting. `K` is the
/// onlooker's identity (such as `(platform, user id)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdviceTally<K> {
    ply: usize,
    votes: Vec<(K, Pit)>,
}

impl<K: PartialEq> AdviceTally<K> {
    /// An empty tally for the ply about to be played (0 before the first move).
    #[must_use]
    pub const fn new(ply: usize) -> Self {
        AdviceTally {
            ply,
            votes: Vec::new(),
        }
    }

    /// A tally for `ply` from stored votes `(ply, onlooker, pit)` in the order they
    /// were given; votes for other plies are left out.
    pub fn from_votes<I>(ply: usize, votes: I) -> Self
    where
        I: IntoIterator<Item = (usize, K, Pit)>,
    {
        let mut tally = AdviceTally::new(ply);
        for (vote_ply, onlooker, pit) in votes {
            tally.vote(vote_ply, onlooker, pit);
        }
        tally
    }

    /// The ply this tally is for.
    #[must_use]
    pub const fn ply(&self) -> usize {
        self.ply
    }

    /// Records `onlooker`'s vote for `pit` at `ply`, replacing their earlier vote.
    /// Returns whether it counts: a vote for another ply is ignored.
    pub fn vote(&mut self, ply: usize, onlooker: K, pit: Pit) -> bool {
        if ply != self.ply {
            return false;
        }
        match self.votes.iter_mut().find(|(who, _)| *who == onlooker) {
            Some(vote) => vote.1 = pit,
            None => self.votes.push((onlooker, pit)),
        }
        true
    }

    /// The number of onlookers who advised.
    #[must_use]
    pub fn len(&self) -> usize {
        self.votes.len()
    }

    /// Whether nobody advised.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.votes.is_empty()
    }

    /// Votes per pit, most votes first, ties in letter order.
    #[must_use]
    pub fn counts(&self) -> Vec<(Pit, usize)> {
        let mut per_pit = [0usize; 12];
        for &(_, pit) in &self.votes {
            per_pit[pit.index()] += 1;
        }
        let mut counts: Vec<(Pit, usize)> = Pit::ALL
            .into_iter()
            .zip(per_pit)
            .filter(|&(_, n)| n > 0)
            .collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.letter().cmp(&b.0.letter())));
        counts
    }

    /// What the players see: `Onlookers suggest: D ×3, B ×1`, or `None` without votes.
    #[must_use]
    pub fn summary(&self, lang: &crate::i18n::Language) -> Option<String> {
        if self.is_empty() {
            return None;
        }
        let parts: Vec<String> = self
            .counts()
            .into_iter()
            .map(|(pit, n)| format!("{pit} ×{n}"))
            .collect();
        Some(crate::tr!(lang, "advice-tally", votes = parts.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Variant};

    fn pit(c: char) -> Pit {
        Pit::from_letter(c).expect("a pit letter")
    }

    #[test]
    fn the_latest_vote_of_each_onlooker_counts() {
        let lang = &crate::i18n::Language::english();
        let mut tally = AdviceTally::new(4);
        assert_eq!(tally.summary(lang), None);
        assert!(tally.vote(4, "ama", pit('B')));
        assert!(tally.vote(4, "kofi", pit('D')));
        assert!(tally.vote(4, "esi", pit('D')));
        assert!(tally.vote(4, "yaw", pit('D')));
        assert!(tally.vote(4, "ama", pit('A')), "ama changes her mind");
        assert!(
            !tally.vote(3, "kwame", pit('F')),
            "a vote for an earlier ply"
        );
        assert_eq!(tally.len(), 4);
        assert_eq!(tally.counts(), vec![(pit('D'), 3), (pit('A'), 1)]);
        assert_eq!(
            tally.summary(lang).as_deref(),
            Some("Onlookers suggest: D ×3, A ×1")
        );
    }

    #[test]
    fn ties_are_listed_in_letter_order() {
        let lang = &crate::i18n::Language::english();
        let votes = [
            (7, 1, pit('f')),
            (7, 2, pit('b')),
            (6, 3, pit('a')),
            (7, 4, pit('d')),
            (7, 5, pit('b')),
            (7, 6, pit('f')),
        ];
        let tally = AdviceTally::from_votes(7, votes);
        assert_eq!(tally.ply(), 7);
        assert_eq!(
            tally.summary(lang).as_deref(),
            Some("Onlookers suggest: b ×2, f ×2, d ×1")
        );
    }

    #[test]
    fn who_may_advise_and_what() {
        let game = Game::new(Variant::Abapa);
        let legal = game.legal_moves();
        let ok = check_advice(false, true, false, pit('C'), legal);
        assert_eq!(ok, Ok(()));
        assert_eq!(
            check_advice(true, true, false, pit('C'), legal),
            Err(AdviceError::PlayerInOwnGame)
        );
        assert_eq!(
            check_advice(false, false, false, pit('C'), legal),
            Err(AdviceError::AdviceOff)
        );
        assert_eq!(
            check_advice(true, false, true, pit('C'), Moves::EMPTY),
            Err(AdviceError::GameOver)
        );
        let err = check_advice(false, true, false, pit('c'), legal).expect_err("North's pit");
        assert_eq!(
            err,
            AdviceError::NotLegal {
                pit: pit('c'),
                legal
            }
        );
        assert_eq!(
            err.to_string(),
            "c is not a legal move now: suggest one of A, B, C, D, E, F"
        );
        assert!(AdviceError::AdviceOff.to_string().contains("advice:on"));
        assert!(AdviceError::PlayerInOwnGame.to_string().contains("/move"));
    }
}
