//! Logging in: an access token from the environment, else the session saved by an
//! earlier run, else a password login whose session is saved for next time.

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::ruma::api::error::ErrorKind;
use matrix_sdk::ruma::{OwnedDeviceId, OwnedUserId};
use matrix_sdk::{Client, SessionMeta, SessionTokens};

use super::{MatrixConfig, Store};

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
    /// The store directory failed.
    #[error("matrix store: {0}")]
    Store(#[from] std::io::Error),
    /// The homeserver refused or failed.
    #[error("matrix login: {0}")]
    Matrix(#[from] matrix_sdk::Error),
}

/// A logged-in client.
///
/// # Errors
/// [`LoginError`]: bad configuration, an unreachable server, refused credentials.
pub async fn connect(cfg: &MatrixConfig, store: &Store) -> Result<Client, LoginError> {
    if let Some(token) = &cfg.access_token {
        let user_id = OwnedUserId::try_from(cfg.user.as_str())
            .map_err(|_| LoginError::BadUser(cfg.user.clone()))?;
        let client = build(cfg).await?;
        let session = MatrixSession {
            meta: SessionMeta {
                user_id,
                // Without end-to-end encryption the device id only names the login.
                device_id: OwnedDeviceId::from("OWAREBOT"),
            },
            tokens: SessionTokens {
                access_token: token.expose().to_string(),
                refresh_token: None,
            },
        };
        client.restore_session(session).await?;
        client.whoami().await.map_err(matrix_sdk::Error::from)?;
        return Ok(client);
    }

    if let Some(saved) = store.session()? {
        if same_user(&saved, &cfg.user) {
            let client = build(cfg).await?;
            client.restore_session(saved).await?;
            match client.whoami().await {
                Ok(_) => {
                    tracing::info!("matrix: resumed the saved session");
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
    let client = build(cfg).await?;
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
    Ok(client)
}

async fn build(cfg: &MatrixConfig) -> Result<Client, LoginError> {
    Client::builder()
        .homeserver_url(&cfg.homeserver)
        .build()
        .await
        .map_err(|source| LoginError::Homeserver {
            url: cfg.homeserver.clone(),
            source,
        })
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
