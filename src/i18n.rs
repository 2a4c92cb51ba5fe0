//! The bot's words. Every message a person reads is a Fluent message in
//! `locales/<language>/oware.ftl`, embedded at build time: adding a language is
//! adding one file (e.g. `locales/fr/oware.ftl`), and a server picks it with
//! `/oware settings language:fr`.
//!
//! Code names a message with [`tr!`](crate::tr): `tr!("game-over")`, or with its
//! variables, `tr!("game-begins", game = id, south = name)`. The language is the one
//! in force for the task at hand ([`in_language`]): the service sets it from the
//! place's settings for each command and each job. Anywhere else (a tool, a test,
//! delivery) it is English. A message missing from a language falls back to English.

use std::{borrow::Cow, collections::HashMap, future::Future};

use fluent_templates::{fluent_bundle::FluentValue, LanguageIdentifier, Loader};

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Chat clients show the text as is: no Unicode isolation marks around values.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

tokio::task_local! {
    static LANGUAGE: Language;
}

/// A language the bot speaks (one of the files in `locales/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Language(LanguageIdentifier);

impl Default for Language {
    fn default() -> Language {
        Language::english()
    }
}

impl Language {
    /// English, the default and the fallback.
    #[must_use]
    pub fn english() -> Language {
        Language(LOCALES.fallback().clone())
    }

    /// The language tagged `tag` (`en`, `fr`), if the bot has it.
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<Language> {
        let id: LanguageIdentifier = tag.trim().parse().ok()?;
        LOCALES
            .locales()
            .find(|l| **l == id)
            .map(|l| Language(l.clone()))
    }

    /// The language a client's locale names, if the bot has it: the whole tag
    /// (`fr`, `pt-BR`), else its language alone (`fr-CA` is `fr`, `en-US` is `en`).
    #[must_use]
    pub fn from_locale(locale: &str) -> Option<Language> {
        Language::from_tag(locale).or_else(|| {
            let (language, _) = locale.split_once(['-', '_'])?;
            Language::from_tag(language)
        })
    }

    /// Its tag, as stored and typed (`en`).
    #[must_use]
    pub fn tag(&self) -> String {
        self.0.to_string()
    }

    /// The tags of every language the bot has, sorted.
    #[must_use]
    pub fn available() -> Vec<String> {
        let mut tags: Vec<String> = LOCALES.locales().map(ToString::to_string).collect();
        tags.sort();
        tags
    }
}

/// Runs `work` with `language` as the language of its messages.
pub async fn in_language<F: Future>(language: Language, work: F) -> F::Output {
    LANGUAGE.scope(language, work).await
}

/// Runs synchronous `work` with `language` as the language of its messages.
pub fn with_language<R>(language: Language, work: impl FnOnce() -> R) -> R {
    LANGUAGE.sync_scope(language, work)
}

/// `work`, to run on another thread (`spawn_blocking`) in the language of the
/// task at hand: a task-local does not cross threads by itself.
pub fn carry<R>(work: impl FnOnce() -> R) -> impl FnOnce() -> R {
    let language = current();
    move || LANGUAGE.sync_scope(language, work)
}

/// The language of the task at hand (English outside [`in_language`]).
#[must_use]
pub fn current() -> Language {
    LANGUAGE.try_with(Clone::clone).unwrap_or_default()
}

/// A test's pseudo-locale: English in, the pseudo-locale's words out.
#[cfg(test)]
type Pseudo = fn(String) -> String;

#[cfg(test)]
thread_local! {
    /// A test's pseudo-locale on this thread: every message is the English one
    /// passed through this function (see `render::pseudo_tests`).
    static PSEUDO: std::cell::Cell<Option<Pseudo>> = const { std::cell::Cell::new(None) };
}

/// Runs `work` on this thread in a pseudo-locale: each English message passed
/// through `pseudo` (lengthened, bracketed), to find text that does not fit.
#[cfg(test)]
pub(crate) fn with_pseudo<R>(pseudo: Pseudo, work: impl FnOnce() -> R) -> R {
    PSEUDO.with(|p| p.set(Some(pseudo)));
    let out = with_language(Language::english(), work);
    PSEUDO.with(|p| p.set(None));
    out
}

/// Message `id` in English, without variables, whatever the current language: the
/// measure a picture's layout was made for (see `render::labels::in_room`).
#[must_use]
pub fn english(id: &str) -> String {
    LOCALES.lookup(&Language::english().0, id)
}

/// What names the words of the task at hand, for caches of drawn words: the
/// current language's tag (`en-XA` in a test's pseudo-locale).
#[must_use]
pub fn words_key() -> String {
    #[cfg(test)]
    if PSEUDO.with(std::cell::Cell::get).is_some() {
        return "en-XA".to_owned();
    }
    current().tag()
}

/// Message `id` in the current language, with its variables; see [`tr!`](crate::tr).
#[must_use]
pub fn text(id: &str, args: &[(&'static str, String)]) -> String {
    #[cfg(test)]
    if let Some(pseudo) = PSEUDO.with(std::cell::Cell::get) {
        PSEUDO.with(|p| p.set(None));
        let english = text(id, args);
        PSEUDO.with(|p| p.set(Some(pseudo)));
        return pseudo(english);
    }
    let language = current();
    if args.is_empty() {
        return LOCALES.lookup(&language.0, id);
    }
    let args: HashMap<Cow<'static, str>, FluentValue<'_>> = args
        .iter()
        .map(|(key, value)| (Cow::Borrowed(*key), value_of(value)))
        .collect();
    LOCALES.lookup_with_args(&language.0, id, &args)
}

/// Message `id` of `language` itself, without variables and without falling back
/// to English: for texts a platform localizes by itself (Discord's command
/// descriptions), looked up by computed ids.
#[must_use]
pub fn own_text(language: &Language, id: &str) -> Option<String> {
    LOCALES
        .lookup_single_language::<&str>(&language.0, id, None)
        .ok()
}

/// `value` with `places` decimals, written with the current language's decimal
/// mark (`3.5`, `3,5`): message `number-decimal-mark`.
#[must_use]
pub fn decimal(value: f64, places: usize) -> String {
    let text = format!("{value:.places$}");
    let mark = crate::tr!("number-decimal-mark");
    if mark == "." {
        text
    } else {
        text.replace('.', &mark)
    }
}

/// A variable's value: a whole number as a number (so that a message can choose
/// its plural, `{ $n -> [one] … *[other] … }`), anything else as text.
fn value_of(value: &str) -> FluentValue<'_> {
    match value.parse::<i64>() {
        Ok(n) if n.to_string() == value => FluentValue::from(n),
        _ => FluentValue::from(value),
    }
}

/// Message `id` of `locales/<language>/oware.ftl` in the current language:
/// `tr!("id")`, or `tr!("id", name = value, …)` with values that are `Display`.
#[macro_export]
macro_rules! tr {
    ($id:literal) => {
        $crate::i18n::text($id, &[])
    };
    ($id:literal, $($key:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::text($id, &[$((stringify!($key), ($value).to_string())),+])
    };
}

#[cfg(test)]
mod tests;
