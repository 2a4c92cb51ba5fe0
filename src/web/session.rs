//! Signing in and out (`/signin/<token>`, `/signout`) and the checks every write
//! from a page passes: the session cookie, the form's CSRF token, and the
//! `Origin` header. A sign-in link shows a page with a button (GET changes
//! nothing, so a chat's link preview cannot spend the link); its POST spends the
//! token and sets the session cookie: `HttpOnly`, `SameSite=Lax`, `Path=/`, and
//! `Secure` when the public address is https.

use axum::{
    extract::{Path, State},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{Html, IntoResponse, Redirect, Response},
    Form,
};
use maud::{html, Markup};
use serde::Deserialize;

use super::page::PageError;
use super::{assets, WebState};
use crate::service::{SessionPort, WebSession};

/// The session cookie's name.
pub(super) const COOKIE: &str = "oware_session";

/// A signed-in visitor: their session.
pub(super) struct Visitor {
    pub(super) session: WebSession,
}

impl Visitor {
    /// The language of what the visitor alone reads: theirs, else `fallback`.
    pub(super) fn language<'a>(
        &'a self,
        fallback: &'a crate::i18n::Language,
    ) -> &'a crate::i18n::Language {
        self.session.language.as_ref().unwrap_or(fallback)
    }
}

/// The session id in the request's cookies, if any.
pub(super) fn cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_owned())
}

/// The signed-in visitor of this request, if any (none when the web has no session
/// port).
///
/// # Errors
/// The service failed.
pub(super) async fn visitor(
    state: &WebState,
    headers: &HeaderMap,
) -> Result<Option<Visitor>, PageError> {
    let (Some(port), Some(id)) = (state.sessions.as_ref(), cookie(headers)) else {
        return Ok(None);
    };
    Ok(port.session(&id).await?.map(|session| Visitor { session }))
}

/// The session port, or 404 when this server has none.
fn port(state: &WebState) -> Result<&dyn SessionPort, PageError> {
    state.sessions.as_deref().ok_or(PageError::NotFound)
}

/// Whether a write's `Origin` header, when present, is this site's: the public
/// address's origin, else the request's own host. A browser sends it with every
/// cross-site POST, so a forged form from another site is refused here even
/// before its CSRF token is checked.
pub(super) fn same_origin(state: &WebState, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    match &state.public_url {
        Some(url) => origin == origin_of(url),
        None => {
            let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
            let origin_host = origin
                .strip_prefix("http://")
                .or_else(|| origin.strip_prefix("https://"));
            host.is_some() && origin_host == host
        }
    }
}

/// The origin (`scheme://host[:port]`) of an address.
fn origin_of(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    match url[after_scheme..].find('/') {
        Some(slash) => &url[..after_scheme + slash],
        None => url,
    }
}

/// The refusal of a write that failed the checks: 403, applying nothing.
pub(super) fn forbidden(lang: &crate::i18n::Language) -> Response {
    (
        StatusCode::FORBIDDEN,
        [(header::CACHE_CONTROL, "no-store")],
        Html(one_line(lang, &crate::tr!(lang, "web-forbidden"), None).into_string()),
    )
        .into_response()
}

/// [`forbidden`], in the language of the request's session person when the cookie
/// names a live session (a forged form posted with a real cookie), else the
/// default.
///
/// # Errors
/// The service failed.
pub(super) async fn forbidden_here(
    state: &WebState,
    headers: &HeaderMap,
) -> Result<Response, PageError> {
    let english = crate::i18n::Language::english();
    let visitor = visitor(state, headers).await?;
    Ok(forbidden(
        visitor.as_ref().map_or(&english, |v| v.language(&english)),
    ))
}

/// The first checks of every write from a page, before the service sees it: a
/// session cookie and this site's `Origin`. `Err` holds the refusal to answer
/// with (403); a server without sessions has no such page (404).
///
/// # Errors
/// The service failed, or the server signs nobody in.
pub(super) async fn writer<'s>(
    state: &'s WebState,
    headers: &HeaderMap,
) -> Result<Result<(&'s dyn SessionPort, String), Response>, PageError> {
    let port = port(state)?;
    let Some(session) = cookie(headers) else {
        return Ok(Err(forbidden(&crate::i18n::Language::english())));
    };
    if !same_origin(state, headers) {
        return Ok(Err(forbidden_here(state, headers).await?));
    }
    Ok(Ok((port, session)))
}

/// A small page: a title, one line, and a form when given.
fn one_line(lang: &crate::i18n::Language, line: &str, form: Option<Markup>) -> Markup {
    assets::document(
        lang,
        html! {
            meta name="robots" content="noindex, nofollow";
            meta name="referrer" content="same-origin";
            title { (crate::tr!(lang, "web-signin-title")) }
        },
        html! {
            main {
                h1 { (crate::tr!(lang, "web-signin-title")) }
                p role="status" { (line) }
                @if let Some(form) = form { (form) }
            }
        },
    )
}

/// The sign-out form of `visitor`.
pub(super) fn signout_form(lang: &crate::i18n::Language, visitor: &Visitor) -> Markup {
    html! {
        form method="post" action="/signout" class="signout" {
            (crate::tr!(lang, "web-signed-in", name = visitor.session.name.as_str())) " "
            input type="hidden" name="csrf" value=(visitor.session.csrf);
            button type="submit" { (crate::tr!(lang, "web-signout-button")) }
        }
    }
}

/// The response headers of a page made for one visitor: never cached, and its
/// address (a sign-in link's token) never sent to another site. `same-origin`,
/// not `no-referrer`: under `no-referrer` a browser sends `Origin: null` with the
/// page's own forms, which [`same_origin`] rightly refuses.
pub(super) const PRIVATE: [(header::HeaderName, &str); 2] = [
    (header::CACHE_CONTROL, "private, no-store"),
    (header::REFERRER_POLICY, "same-origin"),
];

/// `GET /signin/<token>`: the button that signs in. Changes nothing.
pub(super) async fn signin_page(
    State(state): State<WebState>,
    Path(token): Path<String>,
) -> Result<Response, PageError> {
    // In the language of the person the link names (read, not spent).
    let lang = &port(&state)?
        .signin_language(&token)
        .await?
        .unwrap_or_else(crate::i18n::Language::english);
    // The form posts to this same address: the token stays in the path.
    let form = html! {
        form method="post" {
            button type="submit" { (crate::tr!(lang, "web-signin-button")) }
        }
    };
    let page = one_line(lang, &crate::tr!(lang, "web-signin-prompt"), Some(form));
    Ok((PRIVATE, Html(page.into_string())).into_response())
}

/// `POST /signin/<token>`: spends the token, sets the session cookie and goes
/// home; a token spent, expired or unknown gets 410 and says what to do.
pub(super) async fn signin(
    State(state): State<WebState>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Result<Response, PageError> {
    let port = port(&state)?;
    let english = crate::i18n::Language::english();
    if !same_origin(&state, &headers) {
        return Ok(forbidden(&english));
    }
    let Some(signed) = port.sign_in(&token).await? else {
        // A spent or expired link names nobody any more: the default language.
        let lang = &english;
        let page = one_line(lang, &crate::tr!(lang, "web-signin-invalid"), None);
        return Ok((StatusCode::GONE, PRIVATE, Html(page.into_string())).into_response());
    };
    let secure = state
        .public_url
        .as_deref()
        .is_some_and(|url| url.starts_with("https://"));
    let cookie = format!(
        "{COOKIE}={}; Max-Age={}; Path=/; HttpOnly; SameSite=Lax{}",
        signed.expose(),
        signed.lasts_ms / 1000,
        if secure { "; Secure" } else { "" }
    );
    let mut response = Redirect::to("/").into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::SET_COOKIE,
        HeaderValue::from_str(&cookie).map_err(|_| PageError::NotFound)?,
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// A form that carries only the CSRF token.
#[derive(Debug, Deserialize)]
pub(super) struct CsrfForm {
    csrf: String,
}

/// `POST /signout`: ends this session (with its CSRF token) and clears the cookie.
pub(super) async fn signout(
    State(state): State<WebState>,
    headers: HeaderMap,
    Form(form): Form<CsrfForm>,
) -> Result<Response, PageError> {
    let port = port(&state)?;
    let english = crate::i18n::Language::english();
    let Some(id) = cookie(&headers) else {
        return Ok(forbidden(&english));
    };
    // Read before it ends: the page after is in the person's language.
    let person = visitor(&state, &headers).await?;
    let lang = person.as_ref().map_or(&english, |v| v.language(&english));
    if !same_origin(&state, &headers) || !port.sign_out(&id, &form.csrf).await? {
        return Ok(forbidden(lang));
    }
    let page = one_line(lang, &crate::tr!(lang, "web-signed-out"), None);
    let clear = format!("{COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    let mut response = (PRIVATE, Html(page.into_string())).into_response();
    response.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_str(&clear).map_err(|_| PageError::NotFound)?,
    );
    Ok(response)
}

/// `/`: what the site is, and, for a signed-in visitor, who they are and the
/// sign-out button.
pub(super) async fn home(
    State(state): State<WebState>,
    headers: HeaderMap,
) -> Result<Response, PageError> {
    let english = crate::i18n::Language::english();
    let Some(visitor) = visitor(&state, &headers).await? else {
        return Ok(Html(
            super::page::plain(&english, &crate::tr!(&english, "web-home")).into_string(),
        )
        .into_response());
    };
    let lang = visitor.language(&english);
    let page = assets::document(
        lang,
        html! {
            meta name="robots" content="noindex, nofollow";
            title { "Oware" }
        },
        html! {
            main {
                p { (crate::tr!(lang, "web-home")) }
                (signout_form(lang, &visitor))
            }
        },
    );
    Ok((PRIVATE, Html(page.into_string())).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_and_cookies_are_read_strictly() {
        assert_eq!(
            origin_of("https://oware.example/base"),
            "https://oware.example"
        );
        assert_eq!(origin_of("http://127.0.0.1:8080"), "http://127.0.0.1:8080");
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; oware_session=abc ; oware_session_x=no"),
        );
        assert_eq!(cookie(&headers).as_deref(), Some("abc"));
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("xoware_session=abc"),
        );
        assert_eq!(cookie(&headers), None);
    }
}
