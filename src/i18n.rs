//! The bot's words. Every message a person reads is a Fluent message in
//! `locales/<language>/oware.ftl`, embedded at build time: adding a language is
//! adding one file (e.g. `locales/fr/oware.ftl`), and a server picks it with
//! `/oware settings language:fr`.
//!
//! Code names a message and the language to write it in with [`tr!`](crate::tr):
//! `tr!(lang, "game-over")`, or with its variables, `tr!(lang, "game-begins", game =
//! id, south = name)`. The language is always an argument: the service resolves it
//! once per command (the place's, or the person's) and once per job and passes it
//! down to whatever writes words; nothing reads it from the surroundings. A message
//! missing from a language falls back to English.

use std::{borrow::Cow, collections::HashMap};

use fluent_templates::{fluent_bundle::FluentValue, LanguageIdentifier, Loader};

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Chat clients show the text as is: no Unicode isolation marks around values.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language the bot speaks (one of the files in `locales/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Language {
    id: LanguageIdentifier,
    /// The pseudo-locale: English, accented and lengthened ([`pseudo`]).
    pseudo: bool,
}

impl Default for Language {
    fn default() -> Language {
        Language::english()
    }
}

impl Language {
    /// English, the default and the fallback.
    #[must_use]
    pub fn english() -> Language {
        Language::of(LOCALES.fallback().clone())
    }

    fn of(id: LanguageIdentifier) -> Language {
        Language { id, pseudo: false }
    }

    /// The language tagged `tag` (`en`, `fr`), if the bot has it; `en-XA` is the
    /// pseudo-locale ([`pseudo`]), for checking that every text is translated.
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<Language> {
        if tag.trim().eq_ignore_ascii_case(PSEUDO_TAG) {
            return Some(pseudo());
        }
        let id: LanguageIdentifier = tag.trim().parse().ok()?;
        LOCALES
            .locales()
            .find(|l| **l == id)
            .map(|l| Language::of(l.clone()))
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
        if self.pseudo {
            return PSEUDO_TAG.to_owned();
        }
        self.id.to_string()
    }

    /// The tags of every language the bot has, sorted.
    #[must_use]
    pub fn available() -> Vec<String> {
        let mut tags: Vec<String> = LOCALES.locales().map(ToString::to_string).collect();
        tags.sort();
        tags
    }
}

/// The pseudo-locale's tag: `/oware settings language:en-XA`.
const PSEUDO_TAG: &str = "en-XA";

/// The pseudo-locale (`en-XA`, listed by no [`Language::available`]): every message
/// is the English one accented, bracketed and 40% longer (`[Ŝóûţĥ~~]`), as a long
/// translation would be. Text that does not fit shows (see `render::pseudo_tests`),
/// and so does text that is no message: it stays plain English (see
/// `tests/service/pseudo.rs`).
#[must_use]
pub fn pseudo() -> Language {
    Language {
        pseudo: true,
        ..Language::english()
    }
}

/// The pseudo-locale's version of an English message whose variables' values are
/// marked ([`VALUE_START`] … [`VALUE_END`]): the message's own words are accented,
/// the values are not (a value the code wrote in plain English stays plain English).
fn pseudo_text(english: &str) -> String {
    let mut inside = 0_u32;
    let accented: String = english
        .chars()
        .filter_map(|c| match c {
            VALUE_START => {
                inside += 1;
                None
            }
            VALUE_END => {
                inside = inside.saturating_sub(1);
                None
            }
            c if inside > 0 => Some(c),
            'a' => Some('á'),
            'e' => Some('é'),
            'i' => Some('î'),
            'o' => Some('ö'),
            'u' => Some('û'),
            'A' => Some('Å'),
            'E' => Some('É'),
            'O' => Some('Ö'),
            'S' => Some('Ŝ'),
            'N' => Some('Ň'),
            c => Some(c),
        })
        .collect();
    let extra = (accented.chars().count() * 2).div_ceil(5);
    format!("[{accented}{}]", "~".repeat(extra))
}

/// Around a variable's value in a pseudo-locale message (private-use characters).
const VALUE_START: char = '\u{E000}';
const VALUE_END: char = '\u{E001}';

/// Message `id` in the pseudo-locale: the English one with `args`, each value that
/// the message shows marked (one it only chooses a variant by, a number or a key
/// such as `draw`, is left unmarked: marking it would change the choice).
fn pseudo_message(id: &str, args: &[(&'static str, String)]) -> String {
    let english = Language::english();
    let plain = text(&english, id, args);
    let unmarked = |s: &str| s.replace([VALUE_START, VALUE_END], "");
    let mut marked = args.to_vec();
    for i in 0..args.len() {
        let mut trial = marked.clone();
        trial[i].1 = format!("{VALUE_START}{}{VALUE_END}", args[i].1);
        if unmarked(&text(&english, id, &trial)) == plain {
            marked = trial;
        }
    }
    pseudo_text(&text(&english, id, &marked))
}

/// Message `id` in English, without variables, whatever the language: the
/// measure a picture's layout was made for (see `render::labels::in_room`).
#[must_use]
pub fn english(id: &str) -> String {
    LOCALES.lookup(&Language::english().id, id)
}

/// Message `id` in `language`, with its variables; see [`tr!`](crate::tr).
#[must_use]
pub fn text(language: &Language, id: &str, args: &[(&'static str, String)]) -> String {
    if language.pseudo {
        return pseudo_message(id, args);
    }
    if args.is_empty() {
        return LOCALES.lookup(&language.id, id);
    }
    // Decimals as Fluent prints them, and as the language writes them.
    let mut rewrite = Vec::new();
    let args: HashMap<Cow<'static, str>, FluentValue<'_>> = args
        .iter()
        .map(|(key, value)| {
            let value = match decimal_of(language, value) {
                Some((number, printed)) => {
                    rewrite.push((printed, value));
                    number
                }
                None => value_of(value),
            };
            // Unit tests check that a whole number goes only where one is expected.
            #[cfg(test)]
            tests::numbers::check(id, key, &value);
            (Cow::Borrowed(*key), value)
        })
        .collect();
    let mut text = LOCALES.lookup_with_args(&language.id, id, &args);
    for (printed, written) in rewrite {
        if &printed != written {
            text = text.replace(&printed, written);
        }
    }
    text
}

/// Message `id` of `language` itself, without variables and without falling back
/// to English: for texts a platform localizes by itself (Discord's command
/// descriptions), looked up by computed ids.
#[must_use]
pub fn own_text(language: &Language, id: &str) -> Option<String> {
    LOCALES
        .lookup_single_language::<&str>(&language.id, id, None)
        .ok()
}

/// How a list's last item joins the others: "A, B and C", "A, B or C".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// All of them (messages `list-and`).
    And,
    /// One of them (message `list-or`).
    Or,
}

/// `items` as a list in `language`: "A", "A and B", "A, B and C" (« A, B et C »),
/// the last joined by `joined`.
#[must_use]
pub fn list(language: &Language, items: &[String], joined: Joined) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => {
            let init = init.join(", ");
            match joined {
                Joined::And => crate::tr!(language, "list-and", init = init, last = last),
                Joined::Or => crate::tr!(language, "list-or", init = init, last = last),
            }
        }
    }
}

/// `value` with `places` decimals, written with `language`'s decimal mark (`3.5`,
/// `3,5`): message `number-decimal-mark`.
#[must_use]
pub fn decimal(language: &Language, value: f64, places: usize) -> String {
    let text = format!("{value:.places$}");
    let mark = crate::tr!(language, "number-decimal-mark");
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

/// A decimal written in `language`'s way, as [`decimal`] writes it (`2.5`, « 0,8 »):
/// the number a message's selector puts in its plural category (« 0,8 graine »,
/// « 1,5 graine », "2.5 seeds"), and how Fluent will print it (`0.8`), which is then
/// written back in the language's way. `None` for anything else.
fn decimal_of(language: &Language, value: &str) -> Option<(FluentValue<'static>, String)> {
    // Most values are names and words: only one with a mark is worth looking up
    // the language's.
    if !value.bytes().any(|b| b == b'.' || b == b',') {
        return None;
    }
    let mark = text(language, "number-decimal-mark", &[]);
    let (whole, fraction) = value.split_once(mark.as_str())?;
    let digits = whole.strip_prefix('-').unwrap_or(whole);
    let plain = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !plain(digits) || !plain(fraction) {
        return None;
    }
    let printed = format!("{whole}.{fraction}");
    let number: fluent_templates::fluent_bundle::types::FluentNumber = printed.parse().ok()?;
    Some((FluentValue::Number(number), printed))
}

/// Message `id` of `locales/<language>/oware.ftl` in `language` (a
/// `&Language`): `tr!(language, "id")`, or `tr!(language, "id", name = value, …)`
/// with values that are `Display`.
#[macro_export]
macro_rules! tr {
    ($language:expr, $id:literal) => {
        $crate::i18n::text($language, $id, &[])
    };
    ($language:expr, $id:literal, $($key:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::text($language, $id, &[$((stringify!($key), ($value).to_string())),+])
    };
}

#[cfg(test)]
mod tests;
