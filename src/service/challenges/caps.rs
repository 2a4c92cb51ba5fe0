//! The caps on what one person may have open at once, checked before a challenge
//! or a game is made (the writes count again inside their transactions).

use crate::service::cases::Challenges;
use crate::service::limits::cap_text;
use crate::service::{Platform, ServiceError};
use crate::store::Cap;

impl Challenges<'_> {
    /// Refuses a new game or challenge by `user_id` on `platform` when one of the
    /// caps is reached: its pending challenges (`challenging`), its active games, and
    /// games against the engine (`engine`). An early, friendly check: the writes
    /// count again inside their transactions (see [`Caps::limits`]).
    pub(in crate::service) async fn check_caps(
        &self,
        lang: &crate::i18n::Language,
        platform: Platform,
        user_id: &str,
        challenging: bool,
        engine: bool,
    ) -> Result<(), ServiceError> {
        let caps = self.core.config.caps;
        let refuse =
            |cap, limit, count| Err(ServiceError::Cap(cap_text(lang, cap, limit, Some(count))));
        if challenging {
            let pending = self
                .core
                .store
                .games()
                .pending_challenges_made(platform, user_id, self.core.now())
                .await?;
            if pending >= caps.pending_challenges {
                return refuse(Cap::PendingChallenges, caps.pending_challenges, pending);
            }
        }
        let (active, against_engine) = self
            .core
            .store
            .games()
            .active_games_count(platform, user_id)
            .await?;
        if active >= caps.active_games {
            return refuse(Cap::ActiveGames, caps.active_games, active);
        }
        if engine {
            if against_engine >= caps.engine_games_per_user {
                return refuse(
                    Cap::EngineGamesPerUser,
                    caps.engine_games_per_user,
                    against_engine,
                );
            }
            let total = self.core.store.games().active_engine_games().await?;
            if total >= caps.engine_games {
                return refuse(Cap::EngineGames, caps.engine_games, total);
            }
        }
        Ok(())
    }
}
