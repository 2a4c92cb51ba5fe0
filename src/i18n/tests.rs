//! The catalogue is complete and consistent: every message the code names exists in
//! English with the variables the code gives it, every English message is used, and
//! every other language has only messages English has, with no other variables.

use std::{
    collections::{BTreeMap, BTreeSet},
    path::Path,
};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_templates::fluent_bundle::FluentResource;

use super::*;

/// Message id → the variables its patterns use, for one language's directory.
fn catalogue(dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut text = String::new();
    for entry in std::fs::read_dir(dir).expect("the language's directory") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "ftl") {
            text.push_str(&std::fs::read_to_string(&path).expect("the file reads"));
            text.push('\n');
        }
    }
    let path = dir;
    let resource = FluentResource::try_new(text)
        .unwrap_or_else(|(_, errors)| panic!("{}: {errors:?}", path.display()));
    let mut out = BTreeMap::new();
    for entry in resource.entries() {
        if let Entry::Message(message) = entry {
            let mut vars = BTreeSet::new();
            if let Some(value) = &message.value {
                variables(value, &mut vars);
            }
            for attribute in &message.attributes {
                variables(&attribute.value, &mut vars);
            }
            out.insert(message.id.name.to_owned(), vars);
        }
    }
    out
}

fn variables(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        Expression::Inline(inline) => inline_variables(inline, out),
        Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                variables(&variant.value, out);
            }
        }
    }
}

fn inline_variables(inline: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

/// Every `tr!(lang, "id", key = …)` in the sources: id → the keys given (all calls).
fn uses() -> BTreeMap<String, Vec<BTreeSet<String>>> {
    let mut out: BTreeMap<String, Vec<BTreeSet<String>>> = BTreeMap::new();
    for (id, args) in call_sites() {
        out.entry(id)
            .or_default()
            .push(args.into_iter().map(|(key, _)| key).collect());
    }
    out
}

/// Every `tr!(lang, "id", key = value, …)` in the sources: its id, and each key with
/// the text of the expression given for it.
fn call_sites() -> Vec<(String, Vec<(String, String)>)> {
    let mut out = Vec::new();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("reads") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("reads");
                // Comments may show examples: only code counts.
                let code: String = text
                    .lines()
                    .filter(|line| !line.trim_start().starts_with("//"))
                    .map(|line| format!("{line}\n"))
                    .collect();
                out.extend(calls(&code));
            }
        }
    }
    out
}

/// The `tr!` calls in `text`: their ids and the keys given, each with its value's
/// expression.
fn calls(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("tr!(") {
        rest = rest[at + 4..].trim_start();
        // The language first, then the id.
        if let Some(comma) = rest.find(',') {
            let language = &rest[..comma];
            if !language.contains(['"', '(', ';', '\n']) {
                rest = rest[comma + 1..].trim_start();
            }
        }
        let Some(quoted) = rest.strip_prefix('"') else {
            continue;
        };
        rest = quoted;
        let Some(end) = rest.find('"') else { break };
        let id = rest[..end].to_owned();
        let is_id = id.starts_with(|c: char| c.is_ascii_lowercase())
            && id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !is_id {
            // Not a message id (this scanner's own source, for one).
            continue;
        }
        // The call's arguments, up to its closing parenthesis.
        let mut depth = 1;
        let mut args = String::new();
        for c in rest[end + 1..].chars() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                // Only the call's own arguments, not those of calls inside them.
                _ if depth == 1 => args.push(c),
                _ => {}
            }
            if depth == 0 {
                break;
            }
        }
        let keys = args
            .split(',')
            .filter_map(|part| {
                let (key, _) = part.split_once('=')?;
                let key = key.trim();
                (!key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || c == '_'))
                    .then(|| key.to_owned())
            })
            .collect::<Vec<_>>();
        let values = expressions(&rest[end + 1..]);
        let pairs = keys
            .into_iter()
            .map(|key| {
                let value = values
                    .iter()
                    .find_map(|(k, v)| (*k == key).then(|| v.clone()))
                    .unwrap_or_default();
                (key, value)
            })
            .collect();
        out.push((id, pairs));
    }
    out
}

/// The `key = expression` arguments after a `tr!` call's id, up to the call's end:
/// each expression whole, with the calls and blocks inside it.
fn expressions(after_id: &str) -> Vec<(String, String)> {
    let mut parts = Vec::new();
    let mut depth = 1;
    let mut part = String::new();
    let mut in_string = false;
    for c in after_id.chars() {
        if in_string {
            in_string = c != '"';
            part.push(c);
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
        if depth == 0 || (depth == 1 && c == ',') {
            parts.push(std::mem::take(&mut part));
            if depth == 0 {
                break;
            }
            continue;
        }
        part.push(c);
    }
    parts
        .iter()
        .filter_map(|part| {
            let (key, value) = part.split_once('=')?;
            let key = key.trim();
            let value = value.split_whitespace().collect::<Vec<_>>().join(" ");
            (!key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || c == '_'))
                .then(|| (key.to_owned(), value))
        })
        .collect()
}

fn locale_files() -> Vec<(String, std::path::PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(root).expect("locales/") {
        let path = entry.expect("entry").path();
        if !path.is_dir() {
            continue; // locales/README.md, for translators
        }
        let tag = path.file_name().unwrap().to_string_lossy().into_owned();
        out.push((tag, path));
    }
    out.sort();
    out
}

fn english() -> BTreeMap<String, BTreeSet<String>> {
    catalogue(&Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/en"))
}

#[test]
fn every_message_the_code_names_exists_with_the_variables_it_is_given() {
    let english = english();
    for (id, calls) in uses() {
        let wanted = english
            .get(&id)
            .unwrap_or_else(|| panic!("`{id}` is not in locales/en/oware.ftl"));
        for given in calls {
            assert_eq!(
                &given, wanted,
                "`{id}`: the code gives {given:?}, the message uses {wanted:?}"
            );
        }
    }
}

#[test]
fn every_english_message_is_used() {
    let used = uses();
    let english = english();
    let unused: Vec<&String> = english
        .keys()
        // Discord's command descriptions are looked up by computed ids
        // (src/chat/discord/localize.rs, which tests them).
        .filter(|id| !used.contains_key(*id) && !id.starts_with("slash-"))
        .collect();
    assert!(unused.is_empty(), "not used anywhere: {unused:?}");
}

#[test]
fn every_language_has_only_english_messages_and_variables() {
    let english = english();
    for (tag, file) in locale_files() {
        assert!(Language::from_tag(&tag).is_some(), "{tag} is loaded");
        for (id, vars) in catalogue(&file) {
            let wanted = english
                .get(&id)
                .unwrap_or_else(|| panic!("{tag}: `{id}` is not an English message"));
            assert!(
                vars.is_subset(wanted),
                "{tag}: `{id}` uses {vars:?}, English {wanted:?}"
            );
        }
    }
}

#[test]
fn whole_numbers_choose_plurals() {
    assert!(matches!(value_of("3"), FluentValue::Number(_)));
    assert!(matches!(value_of("03"), FluentValue::String(_)));
    assert!(matches!(value_of("#3"), FluentValue::String(_)));
    assert!(matches!(value_of("2.5"), FluentValue::String(_)));
    // A number reads as written: no grouping, no decimals.
    let lang = &Language::english();
    let text = crate::tr!(
        lang,
        "tournament-state-round",
        round = 1_234_567,
        rounds = 9
    );
    assert!(text.contains(" 1234567 "), "{text:?}");
    let text = crate::tr!(lang, "tournament-state-round", round = -12, rounds = 9);
    assert!(text.contains(" -12 "), "{text:?}");
}

#[test]
fn decimals_choose_plurals_and_keep_the_languages_mark() {
    let french = &Language::from_tag("fr").expect("French");
    let english = &Language::english();
    let note = |lang, seeds: &str| {
        crate::tr!(
            lang,
            "web-review-note",
            player = "alice",
            class = "x",
            seeds = seeds,
            best = "a"
        )
    };
    // French: below 2 the noun is singular, decimals too (CLDR's « one »: i = 0, 1).
    for (seeds, want) in [
        ("0,8", "0,8 graine perdue"),
        ("1,5", "1,5 graine perdue"),
        ("2,5", "2,5 graines perdues"),
        ("1", "1 graine perdue"),
    ] {
        let text = note(french, seeds);
        assert!(text.contains(want), "{want} in {text:?}");
    }
    // English: any decimal is plural; a decimal in another language's way is text.
    for (seeds, want) in [("0.8", "0.8 seeds"), ("1.5", "1.5 seeds"), ("1", "1 seed:")] {
        let text = note(english, seeds);
        assert!(text.contains(want), "{want} in {text:?}");
    }
    assert!(decimal_of(english, "0,8").is_none());
    assert!(decimal_of(english, "-2.50").is_some());
    for text in ["2.", ".5", "1.2.3", "a.5", "#2.5", ""] {
        assert!(decimal_of(english, text).is_none(), "{text}");
    }
}

#[test]
fn languages_are_found_by_tag_and_locale() {
    assert_eq!(Language::from_tag("en"), Some(Language::english()));
    assert_eq!(Language::from_tag("xx"), None);
    assert_eq!(Language::from_locale("en-US"), Some(Language::english()));
    assert_eq!(
        Language::from_locale("fr").map(|l| l.tag()).as_deref(),
        Some("fr")
    );
    assert_eq!(
        Language::from_locale("fr-CA").map(|l| l.tag()).as_deref(),
        Some("fr")
    );
    assert_eq!(Language::from_locale("es-ES"), None);
    assert!(Language::available().contains(&"en".to_owned()));
    // No isolation marks around values.
    let lang = &Language::english();
    let text = crate::tr!(lang, "language-changed", language = "en");
    assert!(
        text.contains("en") && !text.contains('\u{2068}'),
        "{text:?}"
    );
}

#[test]
fn every_language_is_complete_with_the_same_variables() {
    let english = english();
    for (tag, file) in locale_files() {
        let other = catalogue(&file);
        let missing: Vec<&String> = english
            .keys()
            .filter(|id| !other.contains_key(*id))
            .collect();
        assert!(missing.is_empty(), "{tag} lacks {missing:?}");
        for (id, vars) in &english {
            assert_eq!(
                &other[id], vars,
                "{tag}: `{id}` uses {:?}, English {vars:?}",
                other[id]
            );
        }
    }
}

/// Every message of every language formats without error, whatever the numbers
/// its plurals select on (0, 1, 2, 5) and with words for the other variables.
#[test]
fn every_message_formats_in_every_language() {
    for (tag, file) in locale_files() {
        let language = Language::from_tag(&tag).expect("loaded");
        for (id, vars) in catalogue(&file) {
            for n in [0, 1, 2, 5] {
                let mut args = HashMap::new();
                for var in &vars {
                    args.insert(Cow::Owned(var.clone()), FluentValue::from(n));
                }
                let text = LOCALES.lookup_with_args(&language.id, &id, &args);
                assert!(
                    !text.is_empty()
                        && !text.contains("{$")
                        && !text.starts_with("Unknown localization"),
                    "{tag}: `{id}` with {n}: {text:?}"
                );
            }
        }
    }
}
pub(super) mod numbers;
#[test]
fn a_list_ends_with_the_languages_and_or_or() {
    use super::{list, Joined};
    let items = |xs: &[&str]| xs.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>();
    let en = Language::english();
    let fr = Language::from_tag("fr").expect("French");
    assert_eq!(list(&en, &items(&[]), Joined::And), "");
    assert_eq!(list(&en, &items(&["b"]), Joined::And), "b");
    assert_eq!(list(&en, &items(&["b", "c"]), Joined::And), "b and c");
    assert_eq!(list(&en, &items(&["A", "B", "C"]), Joined::Or), "A, B or C");
    assert_eq!(list(&fr, &items(&["b", "c"]), Joined::And), "b et c");
    assert_eq!(list(&fr, &items(&["D", "E", "F"]), Joined::Or), "D, E ou F");
}

mod typography;
