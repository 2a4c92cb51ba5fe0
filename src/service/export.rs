//! `/oware settings export`: everything the bot stores about the author's identity
//! and its linked accounts, sent to them privately (a direct message on Matrix, an
//! ephemeral reply on Discord, files in the console): one JSON file, table by
//! table, and their games as game records.

use super::{replay::record_of, when, Attachment, Command, Reply, ServiceError};
use crate::service::cases::Games;
use crate::service::cases::Moderation;
use crate::store::Account;

/// The export's format, named in the file so a later version can read it.
const FORMAT: &str = "oware-bot export 1";

impl Moderation<'_> {
    /// The author's data, as two private files.
    pub(super) async fn export(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
    ) -> Result<Reply, ServiceError> {
        let platform = cmd.place.platform;
        let identity = self
            .core
            .store
            .people()
            .identity_of(platform, &cmd.author.id)
            .await?;
        let accounts = match identity {
            Some(identity) => self.core.store.people().accounts_of(identity).await?,
            None => vec![Account {
                id: None,
                platform: platform.as_str().to_owned(),
                user_id: cmd.author.id.clone(),
            }],
        };
        let now = self.core.now();
        let tables = self
            .core
            .store
            .people()
            .export(identity.map(crate::store::IdentityId::get), &accounts)
            .await?;
        if tables.as_object().is_some_and(|t| {
            t.values()
                .all(|rows| rows.as_array().is_some_and(Vec::is_empty))
        }) {
            return Ok(Reply::private(crate::tr!(lang, "export-nothing")));
        }
        let document = serde_json::json!({
            "format": FORMAT,
            "exported_at": when::iso_time(now),
            "accounts": accounts
                .iter()
                .map(|a| serde_json::json!({ "platform": a.platform, "user_id": a.user_id }))
                .collect::<Vec<_>>(),
            "tables": tables,
        });
        let json = serde_json::to_vec_pretty(&document)
            .map_err(|e| ServiceError::Internal(format!("export: {e}")))?;
        let mut records = String::new();
        let games = match identity {
            Some(identity) => self.core.store.people().games_of_identity(identity).await?,
            None => Vec::new(),
        };
        for row in &games {
            let game = Games::new(self.core).load(row).await?;
            records.push_str(&record_of(row, &game)?.to_text());
            records.push('\n');
        }
        let mut reply = Reply::private(crate::tr!(lang, "export-ready", games = games.len()));
        reply.secret = true;
        reply.files = vec![
            Attachment {
                file_name: "oware-export.json".to_owned(),
                mime: "application/json",
                bytes: json,
                description: crate::tr!(lang, "export-json"),
            },
            Attachment {
                file_name: "oware-games.txt".to_owned(),
                mime: "text/plain",
                bytes: records.into_bytes(),
                description: crate::tr!(lang, "export-records", games = games.len()),
            },
        ];
        Ok(reply)
    }
}
