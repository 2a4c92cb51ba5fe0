//! French typography in `locales/fr/*.ftl`: a narrow no-break space (U+202F) before
//! « ; », « ! » and « ? », a no-break space (U+00A0) before « : » and inside
//! « guillemets », so that a chat client never wraps a line before the mark.
//!
//! Only what a reader sees is checked: the text of every message, its attributes and
//! every variant of its selectors, read through the Fluent parser (so comments and
//! Fluent syntax are left out), with each placeable standing for an unknown word,
//! and without the code spans in backticks (`/oware play`, `time:3d`). Outside code
//! spans a mark may still follow a letter directly (a URL, a time such as 21:33, an
//! option such as `first:me` written without backticks): only the space before it
//! is checked, never its absence.

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_templates::fluent_bundle::FluentResource;

/// A placeable, seen as one unknown character that is not a space.
const PLACEABLE: char = '\u{FFFC}';

/// Every text a reader may see in `pattern`: the pattern with its placeables
/// (`out[0]`), then each variant of its selectors, each on its own.
fn texts(pattern: &Pattern<&str>, out: &mut Vec<String>) {
    let mut text = String::new();
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => text.push_str(value),
            PatternElement::Placeable { expression } => {
                text.push(PLACEABLE);
                expression_texts(expression, out);
            }
        }
    }
    out.push(text);
}

fn expression_texts(expression: &Expression<&str>, out: &mut Vec<String>) {
    match expression {
        Expression::Select { variants, .. } => {
            for variant in variants {
                texts(&variant.value, out);
            }
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            expression_texts(expression, out);
        }
        Expression::Inline(InlineExpression::StringLiteral { value }) => {
            out.push((*value).to_owned());
        }
        Expression::Inline(_) => {}
    }
}

/// The faults in one text, outside its code spans.
fn faults(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            continue; // a code span
        }
        let chars: Vec<char> = part.chars().collect();
        for (at, &c) in chars.iter().enumerate() {
            let before = at.checked_sub(1).map(|b| chars[b]);
            let after = chars.get(at + 1).copied();
            let wanted = match c {
                ';' | '!' | '?' => Some('\u{202F}'),
                ':' | '»' => Some('\u{A0}'),
                _ => None,
            };
            if let (Some(wanted), Some(space)) = (wanted, before) {
                if space.is_whitespace() && space != wanted {
                    out.push(format!("{space:?} before {c:?}"));
                }
            }
            if c == '«' && after.is_some_and(|s| s.is_whitespace() && s != '\u{A0}') {
                out.push(format!("{:?} after '«'", after.unwrap_or(' ')));
            }
        }
    }
    out
}

#[test]
fn french_marks_are_kept_on_their_line_with_no_break_spaces() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/fr");
    let mut found = Vec::new();
    let mut files = 0;
    for entry in std::fs::read_dir(dir).expect("locales/fr") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        files += 1;
        let source = std::fs::read_to_string(&path).expect("reads");
        let resource = FluentResource::try_new(source).expect("parses");
        for entry in resource.entries() {
            let Entry::Message(message) = entry else {
                continue;
            };
            let mut all = Vec::new();
            let attributes = message.attributes.iter().map(|a| &a.value);
            for pattern in message.value.iter().chain(attributes) {
                texts(pattern, &mut all);
            }
            for text in all {
                for fault in faults(&text) {
                    found.push(format!("{}: {fault}: {text:?}", message.id.name));
                }
            }
        }
    }
    assert_eq!(files, 2, "oware.ftl and slash.ftl");
    assert!(found.is_empty(), "{}", found.join("\n"));
    // The check itself.
    assert_eq!(faults("Bravo !").len(), 1);
    assert_eq!(faults("« joueur supprimé »").len(), 2);
    assert!(faults("Bravo\u{202F}! Tapez `/oware help ?` à 21:33 : ").len() == 1);
    assert!(faults("«\u{A0}oui\u{A0}» ; non\u{202F}?").len() == 1);
}
