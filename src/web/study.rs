//! The study board: `?ply=N&try=cBa` shows the game's position after `N` moves
//! with moves that were not played sown from it in turn (canonical letters: `A`–`F`
//! South's pits, `a`–`f` North's), checked by the rules as any move is. Read-only:
//! the game itself never changes. A `try` that is not pit letters, or longer than
//! [`MOST_TRIED`], is refused with 400; a move the rules refuse is shown as a line
//! on the page (200), with the board as it stood before it.

use maud::{html, Markup};

use crate::i18n::Language;
use crate::rules::{Game, IllegalMove, Pit};

/// The most moves one study tries.
pub(super) const MOST_TRIED: usize = 200;

/// Why a `try` could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum TryError {
    /// More than [`MOST_TRIED`] moves.
    #[error("more than {MOST_TRIED} moves")]
    TooLong,
    /// Something other than pit letters (and spaces).
    #[error("not pit letters")]
    NotLetters,
}

/// The pits of a `try`, in order (spaces between them are allowed).
///
/// # Errors
/// [`TryError`] when it is too long or not pit letters.
pub(super) fn parse(text: &str) -> Result<Vec<Pit>, TryError> {
    if text.chars().filter(|c| *c != ' ').nth(MOST_TRIED).is_some() {
        return Err(TryError::TooLong);
    }
    text.chars()
        .filter(|c| *c != ' ')
        .map(|c| Pit::from_letter(c).ok_or(TryError::NotLetters))
        .collect()
}

/// A move of the study that the rules refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Refused {
    /// Its number in the study, from 1.
    pub(super) number: usize,
    /// Its pit.
    pub(super) pit: Pit,
    /// Why.
    pub(super) why: IllegalMove,
}

/// Moves tried from a position of a game.
#[derive(Clone, Debug)]
pub(super) struct Study {
    /// The moves of the game before them.
    pub(super) from: usize,
    /// The moves tried and played.
    pub(super) tried: Vec<Pit>,
    /// The game as it would stand after them (its history kept, so the repetition
    /// rule applies as in the game).
    pub(super) game: Game,
    /// The first move refused, if any (the moves after it are not tried).
    pub(super) refused: Option<Refused>,
}

impl Study {
    /// `pits` tried after the first `from` moves of `game`.
    ///
    /// # Errors
    /// The game's own moves do not replay (a broken store).
    pub(super) fn of(game: &Game, from: usize, pits: &[Pit]) -> Result<Study, IllegalMove> {
        let mut study = Game::from_position(game.variant(), game.start());
        for pit in game.moves().take(from) {
            study.play(pit)?;
        }
        let mut tried = Vec::with_capacity(pits.len());
        let mut refused = None;
        for (i, &pit) in pits.iter().enumerate() {
            if let Err(why) = study.play(pit) {
                refused = Some(Refused {
                    number: i + 1,
                    pit,
                    why,
                });
                break;
            }
            tried.push(pit);
        }
        Ok(Study {
            from: study.plies().len() - tried.len(),
            tried,
            game: study,
            refused,
        })
    }

    /// The moves tried, as the address writes them: `cBa`.
    pub(super) fn letters(&self) -> String {
        self.tried.iter().map(|p| p.letter()).collect()
    }
}

/// The study's heading: the moves tried from which move, the links back to the
/// game and to take the last try back, and why a move was refused (`refused`,
/// already in words) or the `try` could not be read.
pub(super) fn banner(
    lang: &Language,
    study: &Study,
    back: &str,
    undo: Option<&str>,
    problem: Option<&str>,
) -> Markup {
    let moves: Vec<String> = study.tried.iter().map(|p| p.letter().to_string()).collect();
    let heading = if moves.is_empty() {
        crate::tr!(lang, "web-trying-none", ply = study.from)
    } else {
        crate::tr!(
            lang,
            "web-trying",
            moves = moves.join(" "),
            ply = study.from
        )
    };
    html! {
        div id="study" class="flash" {
            p {
                strong { (heading) } " — "
                a href=(back) { (crate::tr!(lang, "web-try-back")) }
                @if let Some(undo) = undo {
                    " · " a href=(undo) { (crate::tr!(lang, "web-try-undo")) }
                }
            }
            @if let Some(problem) = problem {
                p role="alert" { (problem) }
            }
        }
    }
}

/// Why the `try` of a study was not all played, in words.
pub(super) fn problem(lang: &Language, refused: &Refused) -> String {
    let why = crate::service::ServiceError::Illegal(refused.why).words(lang);
    crate::tr!(
        lang,
        "web-try-refused",
        number = refused.number,
        pit = refused.pit.letter(),
        why = why
    )
}

/// Why a `try` could not be read, in words.
pub(super) fn unreadable(lang: &Language, error: TryError) -> String {
    match error {
        TryError::TooLong => crate::tr!(lang, "web-try-too-long", max = MOST_TRIED),
        TryError::NotLetters => crate::tr!(lang, "web-try-malformed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Side, Variant};

    fn pits(letters: &str) -> Vec<Pit> {
        parse(letters).expect("pit letters")
    }

    #[test]
    fn a_try_is_pit_letters_and_not_too_many() {
        assert_eq!(
            parse("cB a"),
            Ok(vec![
                Pit::of(Side::North, 2),
                Pit::of(Side::South, 1),
                Pit::of(Side::North, 0)
            ])
        );
        assert_eq!(parse(""), Ok(vec![]));
        assert_eq!(parse("cg"), Err(TryError::NotLetters));
        assert_eq!(parse("c;"), Err(TryError::NotLetters));
        assert_eq!(parse(&"Aa".repeat(100)).map(|p| p.len()), Ok(200));
        assert_eq!(parse(&"Aa".repeat(101)), Err(TryError::TooLong));
        assert_eq!(parse(&"é".repeat(1_000)), Err(TryError::TooLong));
    }

    #[test]
    fn a_study_plays_from_the_move_shown_and_stops_at_a_refusal() {
        let game = Game::from_moves(Variant::default(), &pits("CdAa")).expect("legal");
        // From move 2 (North just played d): South tries B, North c.
        let study = Study::of(&game, 2, &pits("Bc")).expect("replays");
        assert_eq!((study.from, study.letters()), (2, "Bc".to_owned()));
        assert_eq!(study.refused, None);
        let expected = Game::from_moves(Variant::default(), &pits("CdBc")).expect("legal");
        assert_eq!(study.game.position(), expected.position());
        // A North pit when South is to move: refused, the moves before it kept.
        let study = Study::of(&game, 2, &pits("Bca")).expect("replays");
        assert_eq!(study.letters(), "Bc");
        let refused = study.refused.expect("refused");
        assert_eq!((refused.number, refused.pit), (3, Pit::of(Side::North, 0)));
        assert!(matches!(refused.why, IllegalMove::NotYourRow { .. }));
        let english = Language::english();
        let line = problem(&english, &refused);
        assert!(line.contains('a') && line.contains("South"), "{line}");
    }
}
