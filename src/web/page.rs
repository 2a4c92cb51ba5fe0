//! What every page uses: its failures ([`PageError`], a status and one line), a
//! page of one line, the site's address as the request sees it, and the pieces of
//! a form written for one visitor (its nonce, a refusal or question at its top).

use axum::{
    http::{header, HeaderMap, StatusCode},
    response::{Html, IntoResponse, Response},
};
use maud::{html, Markup};

use super::{assets, WebState};
use crate::service::ServiceError;

/// A failure shown as a status and one line, never the details (they are logged).
pub(super) enum PageError {
    /// No such page (or its place turned pages off).
    NotFound,
    /// The service failed.
    Failed(ServiceError),
}

impl From<ServiceError> for PageError {
    fn from(err: ServiceError) -> PageError {
        PageError::Failed(err)
    }
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        // No place is known here: English.
        let lang = &crate::i18n::Language::english();
        match self {
            PageError::NotFound => (
                StatusCode::NOT_FOUND,
                Html(plain(lang, &crate::tr!(lang, "web-not-found")).into_string()),
            )
                .into_response(),
            PageError::Failed(crate::service::ServiceError::PicturesBusy) => {
                super::bounds::busy(lang, 2)
            }
            PageError::Failed(err) => {
                tracing::error!(error = %err, "a web page failed");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    Html(plain(lang, &crate::service::generic_failure(lang)).into_string()),
                )
                    .into_response()
            }
        }
    }
}

/// A page of one line.
pub(super) fn plain(lang: &crate::i18n::Language, line: &str) -> Markup {
    assets::document(
        lang,
        html! {
            meta name="robots" content="noindex";
            title { "Oware" }
        },
        html! { main { p { (line) } } },
    )
}

/// The start of an absolute address for the request: `WEB_PUBLIC_URL`, else the
/// request's own host.
pub(super) fn origin(state: &WebState, headers: &HeaderMap) -> String {
    if let Some(url) = &state.public_url {
        return url.clone();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_graphic()))
        .unwrap_or("localhost");
    format!("http://{host}")
}

/// What a page written for one visitor says at its top.
pub(super) enum Flash {
    /// A request refused: a heading, and why in the service's words.
    Refused {
        /// The heading.
        title: String,
        /// Why.
        text: String,
    },
    /// The resignation's question, with its confirming button.
    Confirm(String),
}

/// A chat answer's text for a page: without its bold marks.
pub(super) fn unmarked(text: &str) -> String {
    text.replace("**", "")
}

/// A form's one-time nonce.
pub(super) fn nonce() -> String {
    format!("{:032x}", rand::random::<u128>())
}
