//! What a challenge command did, typed, and its words: the challenges' use case
//! decides (`challenges.rs`), this file says it in the language it is given. A
//! challenge made has the same words in the chat's answer and in the announcement
//! of one made from a web page, which the outbox keeps as a recipe and words when
//! it is sent (see `recipe`), from the challenge as it is then. A game begun is told
//! by `recipe::Began`.

use crate::i18n::Language;
use crate::service::cases::Challenges;
use crate::service::{view, Button, ButtonAction, First, Reply, ServiceError, TimeControl, User};
use crate::store::{ChallengeId, ChallengeRow, ChallengeStatus, PlayerId, RatingRow};

/// A challenge just made, as its announcement tells it.
#[derive(Clone, Debug)]
pub(in crate::service) struct Made {
    /// Its id (`c<id>`).
    pub id: ChallengeId,
    /// The challenger's name, as they are known.
    pub challenger: String,
    /// The one challenged, as they are known; `None` for an open challenge.
    pub opponent: Option<User>,
    /// Who moves first.
    pub first: First,
    /// Rated or casual.
    pub rated: bool,
    /// The rules variant.
    pub variant: crate::rules::Variant,
    /// Whether onlookers may advise.
    pub advice: bool,
    /// The time control.
    pub time: TimeControl,
    /// Whether the player to move is reminded (correspondence games).
    pub reminders: bool,
    /// How long it waits for an answer (ms).
    pub waits_ms: i64,
    /// The players' ratings at the game's speed, the challenger's first.
    pub ratings: Vec<(String, Option<RatingRow>)>,
}

impl Challenges<'_> {
    /// The ratings at `time`'s speed of `players` (id and name), in their order.
    pub(in crate::service) async fn ratings_of(
        &self,
        time: TimeControl,
        players: &[(PlayerId, &str)],
    ) -> Result<Vec<(String, Option<RatingRow>)>, ServiceError> {
        let speed = time.rating_speed();
        let mut ratings = Vec::with_capacity(players.len());
        for (id, name) in players {
            let rating = self
                .core
                .store
                .people()
                .rating_of_player(*id, speed)
                .await?;
            ratings.push(((*name).to_owned(), rating));
        }
        Ok(ratings)
    }

    /// Challenge `c` as its announcement tells it at `now`; `None` once it was
    /// answered, withdrawn or expired (its announcement is moot).
    ///
    /// # Errors
    /// Database failures reading the ratings.
    pub(in crate::service) async fn made(
        &self,
        c: &ChallengeRow,
        now: i64,
    ) -> Result<Option<Made>, ServiceError> {
        if c.status != ChallengeStatus::Pending || c.expires_at <= now {
            return Ok(None);
        }
        let mut players = vec![(c.challenger_id, c.challenger_name.as_str())];
        if let Some(invitee) = &c.opponent.0 {
            players.push((invitee.id, invitee.name.as_str()));
        }
        let ratings = self.ratings_of(c.time_control, &players).await?;
        Ok(Some(Made {
            id: c.id,
            challenger: c.challenger_name.clone(),
            opponent: c.opponent.0.as_ref().map(|invitee| User {
                id: invitee.user.clone(),
                name: invitee.name.clone(),
                is_bot: false,
            }),
            first: c.first,
            rated: c.rated,
            variant: c.variant,
            advice: c.advice,
            time: c.time_control,
            reminders: c.reminders,
            waits_ms: c.expires_at - now,
            ratings,
        }))
    }
}

/// A challenge closed by an answer other than taking it.
#[derive(Clone, Debug)]
pub(in crate::service) enum Closed {
    /// Declined by the one challenged, `by`; the challenger is mentioned.
    Declined {
        /// The challenge.
        id: ChallengeId,
        /// Who declined it.
        by: String,
        /// Who made it.
        challenger: User,
    },
    /// Withdrawn by its challenger.
    Withdrawn {
        /// The challenge.
        id: ChallengeId,
        /// Who made and withdrew it.
        challenger: String,
        /// The one it was addressed to; `None` for an open challenge.
        opponent: Option<String>,
    },
}

impl Closed {
    /// The public answer, in `lang`.
    pub(in crate::service) fn words(self, lang: &Language) -> Reply {
        match self {
            Closed::Declined { id, by, challenger } => {
                let mut reply = Reply::public(crate::tr!(
                    lang,
                    "challenge-declined",
                    opponent = by,
                    challenger = challenger.name,
                    challenge = id
                ));
                reply.mentions.push(challenger);
                reply
            }
            Closed::Withdrawn {
                id,
                challenger,
                opponent,
            } => Reply::public(crate::tr!(
                lang,
                "challenge-withdrawn",
                challenger = challenger,
                challenge = id,
                opponent = opponent.unwrap_or_else(|| crate::tr!(lang, "challenge-anyone"))
            )),
        }
    }
}

impl Made {
    /// The public announcement, in `lang`: what is offered, what is at stake, and
    /// the buttons to answer.
    pub(in crate::service) fn words(&self, lang: &Language) -> Reply {
        let opponent_name = match &self.opponent {
            Some(user) => user.name.clone(),
            None => crate::tr!(lang, "challenge-anyone"),
        };
        let who_first = match self.first {
            First::Challenger => crate::tr!(lang, "challenge-first", name = self.challenger),
            First::Opponent => crate::tr!(lang, "challenge-first", name = opponent_name),
            First::Random => crate::tr!(lang, "challenge-first-random"),
        };
        let time = self.time;
        let time_words = if matches!(time, TimeControl::Correspondence { .. }) && !self.reminders {
            crate::tr!(lang, "challenge-no-reminders", time = time.describe(lang))
        } else {
            time.describe(lang)
        };
        let mut reply = Reply::public(crate::tr!(
            lang,
            "challenge-made",
            challenger = self.challenger,
            opponent = opponent_name,
            open = if self.opponent.is_some() { "no" } else { "yes" },
            challenge = self.id,
            variant = self.variant,
            rated = view::rated_word(lang, self.rated),
            time = time_words,
            advice = if self.advice {
                crate::tr!(lang, "challenge-advice-on")
            } else {
                crate::tr!(lang, "challenge-advice-off")
            },
            first = who_first,
            span = crate::play::when::span(lang, self.waits_ms),
        ));
        // Both players' ratings at the game's speed, to know what is at stake.
        let ratings: Vec<String> = self
            .ratings
            .iter()
            .map(|(name, row)| {
                crate::tr!(
                    lang,
                    "challenge-rating",
                    name = name.as_str(),
                    rating = crate::service::leaderboard::label(row.as_ref())
                )
            })
            .collect();
        reply.text.push('\n');
        reply.text.push_str(&crate::tr!(
            lang,
            "challenge-ratings",
            speed = time.rating_speed().as_str(),
            ratings = crate::i18n::list(lang, &ratings, crate::i18n::Joined::And)
        ));
        reply.buttons = vec![Button {
            action: ButtonAction::Accept { challenge: self.id },
            label: crate::tr!(lang, "challenge-button-accept"),
            enabled: true,
            row: 0,
        }];
        // An open challenge is declined by not accepting it.
        if let Some(user) = &self.opponent {
            reply.mentions.push(user.clone());
            reply.buttons.push(Button {
                action: ButtonAction::Decline { challenge: self.id },
                label: crate::tr!(lang, "challenge-button-decline"),
                enabled: true,
                row: 0,
            });
        }
        reply
    }
}
