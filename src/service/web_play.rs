//! What a signed-in person does from a page, as the chat command of one of their
//! accounts: the checks every such request passes (its session, CSRF token and
//! one-time nonce), and handing the command to [`Dispatch::handle`] once per nonce,
//! whose write announces its public answer at the place (`Command::announce`). A game's page uses them here
//! ([`Sessions::web_move`], [`Sessions::web_act`]); a place's page in `web_start`.

use super::session_port::{MoveOutcome, WebAct, WebDeed, WebMove, WebSession};
use super::signin::same_secret;
use super::{Action, ButtonAction, Command, Place, Reply, ServiceError, User};
use crate::rules::{Side, Typed};
use crate::service::cases::Dispatch;
use crate::service::cases::Preferences;
use crate::service::cases::Sessions;
use crate::store::{Event, GameRow, Seat, WebPages};

impl Sessions<'_> {
    /// A move from a game's page: checked against the session and its CSRF token,
    /// then played as a chat command by the account that plays in that game.
    pub(super) async fn web_move(&self, request: WebMove<'_>) -> Result<MoveOutcome, ServiceError> {
        let checked = self
            .checked(request.session, request.csrf, request.slug, request.nonce)
            .await?;
        let Found {
            session,
            row,
            place,
            seat,
        } = match checked {
            Ok(found) => *found,
            Err(outcome) => return Ok(outcome),
        };
        let Ok(pit) = Typed::parse(request.pit) else {
            let lang = session
                .language
                .unwrap_or_else(crate::i18n::Language::english);
            return Ok(MoveOutcome::Refused(crate::tr!(&lang, "web-move-no-pit")));
        };
        let action = Action::Move {
            pit,
            game: Some(row.id),
            ply: request.ply,
        };
        let reply = self
            .as_player(place, seat_user(&seat), action, request.nonce)
            .await;
        Ok(if reply.private {
            MoveOutcome::Refused(reply.text)
        } else {
            // Played now, or before by the same form (an empty reply).
            MoveOutcome::Played
        })
    }

    /// Any other request from a game's page (resign, draw, takeback, rematch):
    /// checked as a move is, then handed to [`Dispatch::handle`] as the chat
    /// command of the same name by the account that plays in that game; its public
    /// answer is announced at the game's place by its own write
    /// (`Command::announce`).
    pub(super) async fn web_act(&self, request: WebAct<'_>) -> Result<MoveOutcome, ServiceError> {
        let checked = self
            .checked(request.session, request.csrf, request.slug, request.nonce)
            .await?;
        let Found {
            row, place, seat, ..
        } = match checked {
            Ok(found) => *found,
            Err(outcome) => return Ok(outcome),
        };
        let game = Some(row.id);
        let action = match request.deed {
            WebDeed::Resign { confirmed } => Action::Resign { game, confirmed },
            WebDeed::Draw { decline } => Action::Draw { game, decline },
            WebDeed::Takeback { decline } => Action::Takeback { game, decline },
            WebDeed::Rematch => Action::Rematch { game },
        };
        let reply = self
            .as_player(place, seat_user(&seat), action, request.nonce)
            .await;
        if reply.private {
            let asks = reply
                .buttons
                .iter()
                .any(|b| matches!(b.action, ButtonAction::Resign { .. }));
            return Ok(if asks {
                MoveOutcome::Confirm(reply.text)
            } else {
                MoveOutcome::Refused(reply.text)
            });
        }
        // Done now (and announced by its write), or before by the same form.
        Ok(MoveOutcome::Played)
    }

    /// The session of a request from a page, if it is a live one, the form carried
    /// its CSRF token and a plausible one-time nonce: the checks every write from a
    /// page passes before anything else is read.
    pub(super) async fn writer(
        &self,
        session: &str,
        csrf: &str,
        nonce: &str,
    ) -> Result<Option<WebSession>, ServiceError> {
        let Some(session) = self.session(session).await? else {
            return Ok(None);
        };
        Ok((same_secret(&session.csrf, csrf) && plausible_nonce(nonce)).then_some(session))
    }

    /// The checks every request from a game's page passes: [`Sessions::writer`], a
    /// game whose place shows pages, and the seat of the signed-in person in it.
    async fn checked(
        &self,
        session: &str,
        csrf: &str,
        slug: &str,
        nonce: &str,
    ) -> Result<Result<Box<Found>, MoveOutcome>, ServiceError> {
        let Some(session) = self.writer(session, csrf, nonce).await? else {
            return Ok(Err(MoveOutcome::Forbidden));
        };
        let Some(row) = self.core.store.pages().game_by_slug(slug).await? else {
            return Ok(Err(MoveOutcome::NoGame));
        };
        let place = Place {
            platform: row.platform,
            space: row.space.clone(),
            channel: row.channel.clone(),
            thread: row.thread.clone(),
        };
        // A place that turned its pages off has no page to act from.
        if Preferences::new(self.core)
            .place_settings(&place)
            .await?
            .web()
            == WebPages::Off
        {
            return Ok(Err(MoveOutcome::NoGame));
        }
        // The account of this person that plays in the game (linked accounts are
        // one person). Two of their accounts may play each other (unrated): then
        // the side to move (South moves first, so on even plies).
        let to_move = if row.ply % 2 == 0 {
            Side::South
        } else {
            Side::North
        };
        let Some(seat) = [to_move, to_move.opponent()]
            .into_iter()
            .map(|side| row.seat(side))
            .find(|seat| seat.identity == session.identity && !seat.bot)
            .cloned()
        else {
            return Ok(Err(MoveOutcome::NotAPlayer));
        };
        Ok(Ok(Box::new(Found {
            session,
            row,
            place,
            seat,
        })))
    }

    /// `action` handed to [`Dispatch::handle`] as the chat command of `author` (an
    /// account of the signed-in person) at `place`, once per form `nonce`.
    pub(super) async fn as_player(
        &self,
        place: Place,
        author: User,
        action: Action,
        nonce: &str,
    ) -> Reply {
        let platform = place.platform;
        let mut cmd = Command::new(place, author, action);
        cmd.event = Some(Event::new(platform, &format!("web:{nonce}")));
        cmd.announce = true;
        Dispatch::new(self.core).handle(cmd).await
    }
}

/// The chat account in `seat`, as a command's author.
fn seat_user(seat: &Seat) -> User {
    User {
        id: seat.user.clone(),
        name: seat.name.clone(),
        is_bot: false,
    }
}

/// What the checks of a game page's request found: the session, the game, its
/// place and the person's seat in it.
struct Found {
    session: WebSession,
    row: GameRow,
    place: Place,
    seat: Seat,
}

/// Whether a form's nonce is one a page could have made (8 to 64 letters and
/// digits): the event id that makes a double submit act once.
fn plausible_nonce(nonce: &str) -> bool {
    (8..=64).contains(&nonce.len()) && nonce.bytes().all(|b| b.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_nonces_a_page_could_make_are_tried() {
        use super::plausible_nonce;
        assert!(plausible_nonce("abcDEF123"));
        assert!(!plausible_nonce("short"));
        assert!(!plausible_nonce("has space in it"));
        assert!(!plausible_nonce(&"a".repeat(65)));
    }
}
