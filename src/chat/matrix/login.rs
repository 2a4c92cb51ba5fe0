//! Logging in: an access token from the environment, else the session saved by an
//! earlier run, else a password login whose session is saved for next time.
//!
//! The client keeps its encryption keys (the device's Olm account, Olm and Megolm
//! sessions) and the room state in the SDK's SQLite stores under
//! `MATRIX_STORE_DIR/sdk`, encrypted with `MATRIX_STORE_PASSPHRASE`. Those keys
//! belong to one device: a new login (a new device) starts them afresh. Once logged
//! in, the bot's cross-signing identity is created if it has none.

use std::time::Duration;

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::ruma::api::client::uiaa;
use matrix_sdk::ruma::api::error::ErrorKind;
use matrix_sdk::ruma::{OwnedDeviceId, OwnedUserId};
use matrix_sdk::{Client, SessionMeta, SessionTokens};

use super::{Files, MatrixConfig, Secret};

/// How many times the SDK sends a request the homeserver failed.
const REQUEST_RETRIES: usize = 3;

/// Why the bot could not log in.
#[derive(Debug, thiserror::Error)]
pub enum LoginError {
    /// `MATRIX_USER` must be a full id (`@bot:example.org`) with an access token.
    #[error("MATRIX_USER must be a full user id like @bot:example.org: {0}")]
    BadUser(String),
    /// Neither a password nor a token is configured and no session is saved.
    #[error("set MATRIX_PASSWORD or MATRIX_ACCESS_TOKEN")]
    NoCredentials,
    /// The homeserver URL is unusable.
    #[error("cannot use homeserver {url}: {source}")]
    Homeserver {
        /// The configured URL.
        url: String,
        /// Why.
        source: matrix_sdk::ClientBuildError,
    },
    /// The server does not say which device the access token belongs to.
    #[error("the homeserver does not say which device MATRIX_ACCESS_TOKEN belongs to")]
    NoDevice,
    /// The store directory failed.
    #[error("matrix store: {0}")]
    Files(#[from] std::io::Error),
    /// The homeserver refused or failed.
    #[error("matrix login: {0}")]
    Matrix(#[from] matrix_sdk::Error),
}

/// A logged-in client.
///
/// # Errors
/// [`LoginError`]: bad configuration, an unreachable server, refused credentials.
pub async fn connect(cfg: &MatrixConfig, store: &Files) -> Result<Client, LoginError> {
    if let Some(token) = &cfg.access_token {
        let user_id = OwnedUserId::try_from(cfg.user.as_str())
            .map_err(|_| LoginError::BadUser(cfg.user.clone()))?;
        let tokens = SessionTokens {
            access_token: token.expose().to_string(),
            refresh_token: None,
        };
        // The keys belong to the token's device: ask the server which one it is,
        // on a client without a store, before opening the store for it.
        let probe = build(cfg, None).await?;
        probe
            .restore_session(MatrixSession {
                meta: SessionMeta {
                    user_id: user_id.clone(),
                    device_id: OwnedDeviceId::from("UNKNOWN"),
                },
                tokens: tokens.clone(),
            })
            .await?;
        let whoami = probe.whoami().await.map_err(matrix_sdk::Error::from)?;
        let device_id = whoami.device_id.ok_or(LoginError::NoDevice)?;
        if store.device()?.as_ref() != Some(&device_id) {
            store.forget_session()?;
            store.save_device(&device_id)?;
        }
        let client = build(cfg, Some(store)).await?;
        let session = MatrixSession {
            meta: SessionMeta { user_id, device_id },
            tokens,
        };
        client.restore_session(session).await?;
        bootstrap_identity(&client, cfg).await;
        return Ok(client);
    }

    if let Some(saved) = store.session()? {
        if same_user(&saved, &cfg.user) {
            let client = build(cfg, Some(store)).await?;
            client.restore_session(saved).await?;
            match client.whoami().await {
                Ok(_) => {
                    tracing::info!("matrix: resumed the saved session");
                    bootstrap_identity(&client, cfg).await;
                    return Ok(client);
                }
                Err(e) if is_unknown_token_http(&e) => {
                    tracing::warn!("matrix: the saved session was logged out; logging in again");
                    store.forget_session()?;
                }
                Err(e) => return Err(matrix_sdk::Error::from(e).into()),
            }
        } else {
            store.forget_session()?;
        }
    }

    let password = cfg.password.as_ref().ok_or(LoginError::NoCredentials)?;
    // A new login is a new device: its keys start afresh.
    store.forget_session()?;
    let client = build(cfg, Some(store)).await?;
    client
        .matrix_auth()
        .login_username(&cfg.user, password.expose())
        .initial_device_display_name("oware-bot")
        .send()
        .await?;
    if let Some(session) = client.matrix_auth().session() {
        store.save_session(&session)?;
    }
    tracing::info!("matrix: logged in with the password; session saved");
    bootstrap_identity(&client, cfg).await;
    Ok(client)
}

/// A client for the homeserver, with the SDK's SQLite stores in `store` (or only
/// in memory).
async fn build(cfg: &MatrixConfig, store: Option<&Files>) -> Result<Client, LoginError> {
    // The SDK's default room-key recipients are every member's devices, verified
    // or not: trust on first use, as most bots do (see README, "Matrix"). Its
    // `CollectStrategy` is not re-exported by matrix-sdk 0.18, so that default is
    // relied on rather than spelled out.
    // A request the homeserver fails (a 502 from its proxy while it is down) is
    // retried a few times, not for the SDK's default quarter of an hour: the sync
    // loop and the outbox have their own backoff, and an outage must show soon so
    // that the games' clocks stop (see `Receipt::Reachable`).
    let requests = matrix_sdk::config::RequestConfig::new()
        .retry_limit(REQUEST_RETRIES)
        .max_retry_time(Duration::from_secs(4));
    let mut builder = Client::builder()
        .homeserver_url(&cfg.homeserver)
        .request_config(requests);
    if let Some(store) = store {
        let passphrase = cfg.store_passphrase.as_ref().map(Secret::expose);
        builder = builder.sqlite_store(store.sdk_dir(), passphrase);
    }
    let client = builder
        .build()
        .await
        .map_err(|source| LoginError::Homeserver {
            url: cfg.homeserver.clone(),
            source,
        })?;
    if store.is_some() {
        forget_sdk_sync_token(&client).await;
    }
    Ok(client)
}

/// Makes the SDK forget the sync token it saved itself, before a session is
/// restored (which loads it). The bot resumes from its own token, saved only once
/// a batch is handled; but the SDK drops a response whose `next_batch` equals the
/// token it saved ("the same sync response twice"). After a crash between the SDK
/// saving a batch and the bot handling it, that would silently lose the batch's
/// commands instead of handling them again (the inbox then keeps them from being
/// applied twice).
async fn forget_sdk_sync_token(client: &Client) {
    use matrix_sdk::store::StateStoreDataKey;
    if let Err(e) = client
        .state_store()
        .remove_kv_data(StateStoreDataKey::SyncToken)
        .await
    {
        tracing::warn!(error = %e, "matrix: cannot reset the SDK's own sync token");
    }
}

/// Creates the bot's cross-signing identity if it has none, answering the
/// homeserver's interactive auth with the password. Players may then verify the
/// bot once rather than each of its devices. A failure is logged, not fatal:
/// encryption works without it.
async fn bootstrap_identity(client: &Client, cfg: &MatrixConfig) {
    let encryption = client.encryption();
    let Err(e) = encryption.bootstrap_cross_signing_if_needed(None).await else {
        return;
    };
    let (Some(info), Some(password)) = (e.as_uiaa_response(), &cfg.password) else {
        tracing::warn!(error = %e, "matrix: cannot create the bot's cross-signing identity");
        return;
    };
    let user = client
        .user_id()
        .map_or_else(|| cfg.user.clone(), ToString::to_string);
    let mut auth = uiaa::Password::new(
        uiaa::UserIdentifier::Matrix(uiaa::MatrixUserIdentifier::new(user)),
        password.expose().to_owned(),
    );
    auth.session.clone_from(&info.session);
    if let Err(e) = encryption
        .bootstrap_cross_signing(Some(uiaa::AuthData::Password(auth)))
        .await
    {
        tracing::warn!(error = %e, "matrix: cannot create the bot's cross-signing identity");
    }
}

/// Whether a saved session belongs to the configured user (`@bot:server` or `bot`).
fn same_user(saved: &MatrixSession, user: &str) -> bool {
    let id = &saved.meta.user_id;
    id.as_str() == user || id.localpart() == user.trim_start_matches('@')
}

fn is_unknown_token_http(e: &matrix_sdk::HttpError) -> bool {
    matches!(
        e.client_api_error_kind(),
        Some(ErrorKind::UnknownToken { .. })
    )
}

/// Whether the server says the access token is no longer valid.
pub fn is_unknown_token(e: &matrix_sdk::Error) -> bool {
    matches!(
        e.client_api_error_kind(),
        Some(ErrorKind::UnknownToken { .. })
    )
}

#[cfg(test)]
mod tests {
    use matrix_sdk::store::{StateStoreDataKey, StateStoreDataValue};

    use super::*;

    fn cfg(dir: &std::path::Path) -> MatrixConfig {
        MatrixConfig {
            // Never contacted: building a client with a store makes no request.
            homeserver: "http://127.0.0.1:9".into(),
            user: "@bot:localhost".into(),
            password: None,
            access_token: None,
            store_dir: dir.to_path_buf(),
            // Unencrypted: the passphrase's key derivation is slow unoptimised.
            store_passphrase: None,
            invites: crate::chat::matrix::InvitePolicy::default(),
        }
    }

    #[tokio::test]
    async fn a_client_with_a_store_forgets_the_sdks_own_sync_token() {
        let dir = std::env::temp_dir().join(format!("oware-sdk-token-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Files::open(&dir).expect("opens");
        let key = StateStoreDataKey::SyncToken;
        {
            let client = build(&cfg(&dir), Some(&store)).await.expect("builds");
            client
                .state_store()
                .set_kv_data(key, StateStoreDataValue::SyncToken("s42".into()))
                .await
                .expect("writes");
            let saved = client.state_store().get_kv_data(key).await.expect("reads");
            assert!(saved.is_some());
        }
        let client = build(&cfg(&dir), Some(&store)).await.expect("builds again");
        let saved = client.state_store().get_kv_data(key).await.expect("reads");
        assert!(saved.is_none(), "the SDK would drop a replayed batch");
        drop(client);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
