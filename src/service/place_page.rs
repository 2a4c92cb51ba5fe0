//! A place's page on the web, for places whose pages are `public`: its leaderboard
//! at one speed, its open challenges and the games being played there, each linking
//! to its page. A place with unlisted pages (the default) or none has no such page.
//! What a signed-in visitor can do there is in `web_start`.

use super::{leaderboard::label, settings::Settings, ServiceError, Speed};
use crate::service::cases::Pages;
use crate::service::cases::Preferences;
use crate::service::cases::Tournaments;
use crate::{
    i18n::Language,
    platform::Platform,
    store::{ChallengeRow, Scope, WebPages},
};

/// Players listed on a place's page.
const STANDINGS: i64 = 50;
/// Games in progress listed on a place's page.
const LIVE_GAMES: i64 = 20;
/// Open challenges listed on a place's page.
pub(super) const CHALLENGES: usize = 20;

/// A place's page, as read.
#[derive(Clone, Debug)]
pub struct PlacePage {
    /// The place's language, which the page is written in.
    pub language: Language,
    /// The speed ranked.
    pub speed: Speed,
    /// The leaderboard, best first.
    pub standings: Vec<Standing>,
    /// The games being played there, the most recently played first.
    pub live: Vec<LiveGame>,
    /// Its tournaments: open and running ones, and the last few finished.
    pub tournaments: Vec<super::TournamentSummary>,
    /// Its open challenges (anyone there may accept them), oldest first.
    pub challenges: Vec<ChallengeOffer>,
}

/// A challenge pending at a place, as its page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeOffer {
    /// The challenge.
    pub id: crate::store::ChallengeId,
    /// Who made it.
    pub challenger: String,
    /// Rated or casual.
    pub rated: bool,
    /// The rules variant.
    pub variant: crate::rules::Variant,
    /// The time control.
    pub time: super::TimeControl,
}

impl ChallengeOffer {
    pub(super) fn of(row: &ChallengeRow) -> ChallengeOffer {
        ChallengeOffer {
            id: row.id,
            challenger: row.challenger_name.clone(),
            rated: row.rated,
            variant: row.variant,
            time: row.time_control,
        }
    }
}

/// Where a place's page's `key` puts a command on `platform`: the Discord server
/// (its channel still to find), else the room itself.
pub(super) fn space_of(platform: Platform, key: &str) -> Option<&str> {
    (platform == Platform::Discord).then_some(key)
}

/// Whether challenge `row` was made at the place `key` on `platform` names.
pub(super) fn made_at(platform: Platform, key: &str, row: &ChallengeRow) -> bool {
    row.platform == platform
        && match space_of(platform, key) {
            Some(space) => row.space.as_deref() == Some(space),
            None => row.space.is_none() && row.channel == key,
        }
}

/// One line of a leaderboard.
#[derive(Clone, Debug)]
pub struct Standing {
    /// 1 for the best.
    pub rank: usize,
    /// The slug of the player's page (`/u/<slug>`), if they have one.
    pub page: Option<String>,
    /// The player's name.
    pub name: String,
    /// The rating as the bot shows it (`1623`, `1500?`).
    pub rating: String,
    /// Rated games won, drawn and lost.
    pub record: [i64; 3],
}

/// A game in progress, linked to its page.
#[derive(Clone, Debug)]
pub struct LiveGame {
    /// Its page's slug.
    pub slug: String,
    /// The players, `[South, North]`.
    pub names: [String; 2],
    /// Moves played.
    pub plies: i64,
}

/// Who a place's leaderboard ranks: a Discord server's players, else a room's.
fn ranked(platform: Platform, key: &str) -> Scope<'_> {
    match platform {
        Platform::Discord => Scope::Server(platform, key),
        _ => Scope::Room(platform, key),
    }
}

impl Pages<'_> {
    /// The page of place `key` (a Discord server id, else a room id; as settings
    /// name places) on `platform`, or `None` unless the place made its pages public.
    ///
    /// # Errors
    /// Database failures.
    pub async fn place_page(
        &self,
        platform: &str,
        key: &str,
        speed: Speed,
    ) -> Result<Option<PlacePage>, ServiceError> {
        let Some((platform, language)) = self.public_place(platform, key).await? else {
            return Ok(None);
        };
        Ok(Some(
            self.place_page_of(language, platform, key, speed).await?,
        ))
    }

    /// The platform named `platform` and the language of its place `key`, if that
    /// place made its pages public.
    ///
    /// # Errors
    /// Database failures.
    pub(super) async fn public_place(
        &self,
        platform: &str,
        key: &str,
    ) -> Result<Option<(Platform, Language)>, ServiceError> {
        let Some(platform) = Platform::from_name(platform) else {
            return Ok(None);
        };
        // Checked before any lookup: a key that cannot name a place is no page.
        if !plausible_place(platform, key) {
            return Ok(None);
        }
        let Some(row) = Preferences::new(self.core)
            .stored_settings_at(platform, key)
            .await?
        else {
            return Ok(None);
        };
        let settings = Settings::from_row(row);
        Ok((settings.web() == WebPages::Public).then(|| (platform, settings.language())))
    }

    /// `Pages::place_page` of a public place, in `language`.
    async fn place_page_of(
        &self,
        language: Language,
        platform: Platform,
        key: &str,
        speed: Speed,
    ) -> Result<PlacePage, ServiceError> {
        let (rows, _) = self
            .core
            .store
            .people()
            .leaderboard(ranked(platform, key), speed, STANDINGS, 0)
            .await?;
        let identities: Vec<i64> = rows.iter().map(|row| row.identity_id.get()).collect();
        let players = self
            .core
            .page_reads
            .pages()
            .player_slugs(&identities)
            .await?;
        let standings = rows
            .iter()
            .enumerate()
            .map(|(i, row)| Standing {
                rank: i + 1,
                page: players.get(&row.identity_id.get()).cloned(),
                name: row.name.clone(),
                rating: label(Some(row)),
                record: [row.wins, row.draws, row.losses],
            })
            .collect();
        let space = space_of(platform, key);
        let games = self
            .core
            .store
            .games()
            .live_games(platform, space, key, LIVE_GAMES)
            .await?;
        let ids: Vec<i64> = games.iter().map(|row| row.id.get()).collect();
        let mut slugs = self.core.page_reads.pages().web_slugs(&ids).await?;
        let live = games
            .into_iter()
            .filter_map(|row| {
                Some(LiveGame {
                    slug: slugs.remove(&row.id.get())?,
                    names: [row.south.name, row.north.name],
                    plies: row.ply,
                })
            })
            .collect();
        let tournaments = Tournaments::new(self.core)
            .tournament_summaries(&language, platform, key)
            .await?;
        let challenges = self
            .core
            .store
            .challenges()
            .open_challenges_at(platform, space, key, self.core.now())
            .await?
            .iter()
            .take(CHALLENGES)
            .map(ChallengeOffer::of)
            .collect();
        Ok(PlacePage {
            language,
            speed,
            standings,
            live,
            tournaments,
            challenges,
        })
    }
}

/// Whether `key` could name a place on `platform` (as settings name places): a
/// Discord server or channel id (a snowflake: 15 to 20 digits), a Matrix room id
/// (`!opaque:server`, at most 255 bytes), a console room name (letters, digits,
/// `#`, `-`, `_`, `.`, at most 64). Checked before any lookup.
#[must_use]
pub fn plausible_place(platform: Platform, key: &str) -> bool {
    match platform {
        Platform::Discord => {
            (15..=20).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_digit())
        }
        Platform::Matrix => {
            key.len() <= 255
                && key
                    .strip_prefix('!')
                    .and_then(|rest| rest.split_once(':'))
                    .is_some_and(|(opaque, server)| {
                        !opaque.is_empty()
                            && !server.is_empty()
                            && key.bytes().all(|b| b.is_ascii_graphic())
                    })
        }
        Platform::Console => {
            (1..=64).contains(&key.len())
                && key
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'#' | b'-' | b'_' | b'.'))
        }
    }
}

/// `text` as one path segment of an address (Matrix room ids hold `!` and `:`).
#[must_use]
pub fn path_segment(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_keys_that_could_name_a_place_are_looked_up() {
        use super::{plausible_place, Platform};
        assert!(plausible_place(Platform::Discord, "123456789012345678"));
        assert!(!plausible_place(Platform::Discord, "12345"));
        assert!(!plausible_place(Platform::Discord, &"1".repeat(60_000)));
        assert!(!plausible_place(Platform::Discord, "12345678901234567x"));
        assert!(plausible_place(Platform::Matrix, "!abc:example.org"));
        assert!(!plausible_place(Platform::Matrix, "abc:example.org"));
        assert!(!plausible_place(Platform::Matrix, "!abc"));
        assert!(!plausible_place(Platform::Matrix, "!a b:example.org"));
        assert!(!plausible_place(
            Platform::Matrix,
            &format!("!{}:x", "a".repeat(300))
        ));
        assert!(plausible_place(Platform::Console, "console"));
        assert!(plausible_place(Platform::Console, "back-room"));
        assert!(!plausible_place(Platform::Console, ""));
        assert!(!plausible_place(Platform::Console, &"a".repeat(65)));
    }

    #[test]
    fn room_ids_are_one_path_segment() {
        assert_eq!(
            super::path_segment("!abc:example.org"),
            "%21abc%3Aexample.org"
        );
        assert_eq!(super::path_segment("123456"), "123456");
    }
}
