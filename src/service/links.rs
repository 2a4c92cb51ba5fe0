//! Links: the addresses of the web pages that messages carry (a game's page, a
//! place's), when the bot has a public address and the place shows its pages.

use crate::service::cases::Links;
use crate::service::cases::Preferences;

use super::{place_page::path_segment, settings::scope, Place, Reply, ServiceError, Speed};
use crate::store::{GameRow, WebPages};

impl Links<'_> {
    /// The public address of game `game_id`'s page, when the bot has one
    /// (`WEB_PUBLIC_URL`) and the game's place has not turned its pages off.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_link(&self, row: &GameRow) -> Result<Option<String>, ServiceError> {
        let Some(base) = self.core.config.web_url.as_deref() else {
            return Ok(None);
        };
        if Preferences::new(self.core)
            .place_settings(&place_of(row))
            .await?
            .web()
            == WebPages::Off
        {
            return Ok(None);
        }
        let slug = self.game_slug(row.id).await?;
        Ok(slug.map(|slug| format!("{}/g/{slug}", base.trim_end_matches('/'))))
    }

    /// Adds the link to the page of the game stored as `row` to `reply`, when the bot
    /// links to pages. A link that cannot be made is logged and left out: it never
    /// fails the command.
    pub(in crate::service) async fn link_page(
        &self,
        lang: &crate::i18n::Language,
        reply: &mut Reply,
        row: &GameRow,
    ) {
        match Links::new(self.core).game_link(row).await {
            Ok(Some(url)) => {
                reply.text.push('\n');
                reply
                    .text
                    .push_str(&crate::tr!(lang, "web-link", url = url));
            }
            Ok(None) => {}
            Err(err) => tracing::warn!(error = %err, game = %row.id, "cannot link a game's page"),
        }
    }

    /// Game `game_id`'s page slug (given when the game was created: a read).
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_slug(
        &self,
        game_id: crate::store::GameId,
    ) -> Result<Option<String>, ServiceError> {
        Ok(self.core.store.pages().web_slug(game_id).await?)
    }

    /// The address of `place`'s page at `speed`, when the bot links to pages and
    /// the place made its pages public.
    pub(in crate::service) async fn place_link(
        &self,
        place: &Place,
        speed: Speed,
    ) -> Option<String> {
        let base = self.core.config.web_url.as_deref()?;
        let web = match Preferences::new(self.core).place_settings(place).await {
            Ok(settings) => settings.web(),
            Err(err) => {
                tracing::warn!(error = %err, "cannot read a place's web setting");
                return None;
            }
        };
        (web == WebPages::Public).then(|| {
            format!(
                "{}/p/{}/{}?speed={speed}",
                base.trim_end_matches('/'),
                place.platform.as_str(),
                path_segment(scope(place)),
            )
        })
    }
}

/// The place a game belongs to, for its settings.
pub(super) fn place_of(row: &GameRow) -> Place {
    Place {
        platform: row.platform,
        space: row.space.clone(),
        channel: row.channel.clone(),
        thread: None,
    }
}
