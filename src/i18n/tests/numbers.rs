//! Numbers agree with their nouns: a message that prints a count chooses its words
//! by the count's plural category (`{ $n -> [one] … *[other] … }`), in every language
//! and in both files (`oware.ftl`, `slash.ftl`): « 1 joueur », « 0 point », "1 game".
//!
//! **How a variable is known to be a number.** What a message receives is decided in
//! [`value_of`](super::super::value_of): a value whose text is a whole number
//! written plainly (`3`, `-12`, not `03` or `#3`) becomes a Fluent number, which
//! a selector can put in a plural category, and so does a decimal written in the
//! language's way (`2.5`, « 2,5 »: [`decimal_of`](super::super::decimal_of));
//! anything else is text. So "a number" here
//! means "a variable the code may give a whole number". The Rust types are not visible
//! to a test, so the variables are sorted by hand, by name, in [`NUMBERS`] (may hold a
//! whole number) and [`WORDS`] (never does), with [`MIXED`] for the few names that are
//! a number in some messages and words in others. The sorting is then checked against
//! the code three ways, so that a number cannot hide among the words:
//! - every variable a message prints without a selector must be sorted: a new name
//!   fails this test until someone decides which it is;
//! - [`the_sorting_matches_the_code`] reads every `tr!` call in `src/` and fails when a
//!   variable sorted as words is given an expression that is plainly a number (an
//!   integer literal, `.len()`, a constant, arithmetic);
//! - [`check`] runs inside [`text`](super::super::text) in every unit test: a variable
//!   sorted as words that receives a whole number panics there, naming the message.
//!
//! **Which numbers need no agreement.** A number that names rather than counts (the
//! game in « #12 », a move number, a rating, a year, a score « 25–8 ») or that has no
//! noun after it (« sur 30 », « 5 s ») is listed in [`NO_AGREEMENT`], each entry with
//! its reason, for every language (`*`) or one. Every other number a message prints
//! must have a plural selector on that variable somewhere in the message: the
//! selector may print the number itself (`[one] { $n } jour`) or only the noun after
//! it (`{ $n } { $n -> [one] jour *[other] jours }`). A selector counts only if it
//! has a plural key (`zero`, `one`, `two`, `few`, `many`) or a number key (`[0]`,
//! `[1]`): a `*[other]` alone would choose nothing.

use std::{
    collections::{BTreeMap, BTreeSet},
    sync::OnceLock,
};

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use fluent_templates::fluent_bundle::{FluentResource, FluentValue};

/// Variables that may hold a whole number (in every message that prints them, except
/// as [`MIXED`] says).
#[rustfmt::skip]
const NUMBERS: &[&str] = &[
    "after", "allowance", "answer", "asked", "attempts", "average", "before", "best", "captured",
    "challenge", "change", "changes", "count", "days", "dead", "deviation", "draws", "due",
    "entrant", "first", "game", "hour", "id", "increment", "jobs", "last", "left",
    "length", "lesson", "limit", "link", "losses", "lost", "max", "mention", "min", "mine",
    "minute", "minutes", "more", "move", "move_number", "moves", "n", "next", "north",
    "north_accuracy", "north_score", "now", "number", "option", "page", "pages", "picks",
    "close", "played", "players", "plies", "ply", "points", "puzzle", "rank", "rating",
    "retention", "round", "rounds", "second", "seconds", "seeds", "shard", "shown",
    "solved", "sown", "south", "south_accuracy", "south_score", "streak", "theirs", "top",
    "topic", "total", "typed", "value", "waiting", "wins", "won", "word", "year",
];

/// Variables that never hold a whole number: names, words, lists, durations, dates.
#[rustfmt::skip]
const WORDS: &[&str] = &[
    "action", "admin", "advice", "asker", "init", "author", "away", "back", "base", "bot", "by", "caption", "cause", "challenger", "channels", "choices", "class",
    "clock", "code", "command", "commands", "creator", "date", "day", "default", "effect",
    "engine", "example", "dropped", "expected", "format", "games", "head", "hint", "instead", "kept", "key",
    "keys", "kind", "language", "languages", "leads", "legal", "letter", "level", "line",
    "list", "lower", "mark", "name", "names", "near", "network", "north_clock",
    "north_running", "opponent", "options", "other", "owner", "path", "pit", "pits",
    "place", "platform", "player", "puzzles", "rated", "ratings", "reason", "result",
    "scope", "score", "shape", "side", "solution", "solvers", "south_clock",
    "south_running", "span", "speed", "speeds", "stage", "standings", "start", "state",
    "status", "summary", "tally", "task", "teach", "thread", "time", "title", "turn",
    "until", "url", "usage", "variant", "verdict", "votes", "what", "who", "why", "winner",
    "winners",
];

/// Names in [`NUMBERS`] that hold a number only in these messages (words elsewhere).
#[rustfmt::skip]
const MIXED: &[(&str, &[&str])] = &[
    // A rating ("1523?") or its change, else the tournament's stage in words.
    ("after", &[
        "ending-rating-change", "puzzle-result", "puzzle-skipped",
    ]),
    ("before", &[
        "ending-rating-change", "puzzle-result", "puzzle-skipped",
    ]),
    // A streak in the stats; elsewhere the better pit.
    ("best", &[
        "standings-stats",
    ]),
    // How often the lead changed; elsewhere the list of changes.
    ("changes", &[
        "graph-alt-seesaw",
    ]),
    // A move, game or shard number; elsewhere who moves first, or the first unit.
    ("first", &[
        "error-which-challenge", "error-which-game", "forget-me-playing",
        "replay-gif-last", "status-shards-range", "web-player-chart",
    ]),
    ("last", &[
        "graph-alt-blunders", "graph-alt-mistakes", "list-and", "list-or",
        "status-shards-range", "web-player-chart",
    ]),
    // Minutes in the privacy text; elsewhere where a game is played.
    ("link", &[
        "privacy",
    ]),
    // The next move's number; elsewhere the next part of a sentence.
    ("next", &[
        "view-moves-played-next",
    ]),
    // Seeds or scores; elsewhere names.
    ("south", &[
        "conclude-would-draw", "listing-game", "listing-game-engine", "listing-live-game",
        "puzzle-shown", "result-draw", "view-result-head-draw", "view-summary-drawn",
    ]),
    ("north", &[
        "conclude-would-draw", "listing-game", "listing-game-engine", "listing-live-game",
        "puzzle-shown", "result-draw", "view-result-head-draw", "view-summary-drawn",
    ]),
    // A count of players; elsewhere their names.
    ("players", &[
        "error-tournament-too-few", "tournament-list-line", "tournament-started",
        "tournament-too-many",
    ]),
    // A count of moves; elsewhere a list of move numbers.
    ("plies", &[
        "graph-alt-over", "judge-verdict", "judge-verdict-best", "replay-gif",
        "replay-gif-last", "replay-text", "ending-too-short",
        // One move number alone, where several are a list.
        "graph-alt-blunders", "graph-alt-mistakes",
    ]),
    // A count of seeds; elsewhere the list of every pit's seeds.
    ("seeds", &[
        "alt-captured", "caption-captures", "graph-alt-seeds", "graph-alt-swing",
        "puzzle-task-seeds", "report-blunder-caption", "report-mistake-line",
        "report-turning-point", "report-turning-point-close", "standings-stats",
        "view-button-repeats", "view-captured", "web-review-note",
        // A decimal (« 2,5 »), which chooses its plural as a whole number does.
        "graph-alt-seeds-fraction", "web-engine-seen",
    ]),
    // A count of moves, or the last move's number; elsewhere « 12 moves played ».
    ("moves", &[
        "analysis-started", "caption-after", "error-no-such-move", "games-board-after",
        "games-board-after-start", "report-title", "takeback-done", "web-place-moves",
    ]),
    // Points ("1", "1½"); elsewhere the points in words.
    ("points", &[
        "tournament-points",
    ]),
];

/// Numbers printed without a plural selector on purpose: (language or `*`, variable,
/// messages or `*`, why).
#[rustfmt::skip]
const NO_AGREEMENT: &[(&str, &str, &[&str], &str)] = &[
    ("*", "game", &["*"], "a game's number, « #12 »: it names, it does not count"),
    ("*", "challenge", &["*"], "a challenge's number, « c7 »"),
    ("*", "puzzle", &["*"], "a puzzle's number, « #3 »"),
    ("*", "id", &["*"], "a tournament's number « T2 », or an id as typed"),
    ("*", "lesson", &["*"], "a lesson's number"),
    ("*", "entrant", &["*"], "a player's number in a tournament"),
    ("*", "rank", &["*"], "a place in a table, « 1. »"),
    ("*", "number", &["*"], "a move's number, or the number a person typed, quoted"),
    ("*", "move", &["*"], "a move's number, « after move 12 »"),
    ("*", "move_number", &["*"], "a move's number, « move 12 »"),
    ("*", "ply", &["*"], "a move's number, « at move 12 »"),
    ("*", "next", &["*"], "a move's number, « move 13 next »"),
    ("*", "now", &["*"], "a move's number, « at move 12 »"),
    ("*", "first", &["*"], "a move, game, challenge or shard number, or a rating"),
    ("*", "last", &["*"], "a move or shard number, or a rating"),
    ("*", "shown", &["error-stale-board"], "a move's number"),
    ("*", "round", &["*"], "a round's number, « round 2 »"),
    ("*", "rounds", &["tournament-round", "tournament-state-round"],
        "« round 2 of 5 »: the noun comes before"),
    ("*", "page", &["*"], "a page's number"),
    ("*", "moves", &["games-board-after", "games-board-after-start"],
        "« move 3 of 12 »: the noun comes before"),
    ("*", "pages", &["standings-leaderboard"], "« page 2 of 3 »: the noun comes before"),
    ("*", "shard", &["*"], "a shard's number"),
    ("*", "total", &["*"], "« 2 of 16 »: the noun comes before"),
    ("*", "rating", &["*"], "a rating, « 1523 »: a measure, not a count"),
    ("*", "deviation", &["*"], "a rating's deviation, a measure"),
    ("*", "before", &["*"], "a rating"),
    ("*", "after", &["*"], "a rating"),
    ("*", "change", &["*"], "a rating's change, « -12 »"),
    ("*", "south_accuracy", &["*"], "a percentage, « 85 % »"),
    ("*", "north_accuracy", &["*"], "a percentage, « 85 % »"),
    ("*", "won", &["*"], "a score, « 25–8 »"),
    ("*", "lost", &["*"], "a score, « 25–8 »"),
    ("*", "mine", &["*"], "a score, « 25–8 »"),
    ("*", "theirs", &["*"], "a score, « 25–8 »"),
    ("*", "south", &["*"], "a score, « 25–8 » or « South 3, North 5 »"),
    ("*", "north", &["*"], "a score, « 25–8 » or « South 3, North 5 »"),
    ("*", "south_score", &["*"], "seeds captured after « has », no noun"),
    ("*", "north_score", &["*"], "seeds captured after « has », no noun"),
    ("*", "year", &["*"], "a date's year"),
    ("*", "hour", &["*"], "a time's hour"),
    ("*", "minute", &["*"], "a time's minute"),
    ("*", "second", &["*"], "a time's second"),
    ("*", "n", &["*"], "before a unit symbol (h, min, s; « j » in French), which does not agree"),
    ("*", "seconds", &["limits-too-fast"], "before the unit symbol « s »"),
    ("*", "increment", &["clock-live"], "before the unit symbol « s »"),
    ("*", "link", &["privacy"], "before the unit symbol « min »"),
    ("*", "sown", &["alt-last-move", "caption-lap", "caption-sows"],
        "after « sows », no noun: « C sows 4 »"),
    ("en", "sown", &["view-move", "view-move-lap"], "« (sowed 4) », no noun"),
    ("*", "seeds", &["alt-captured", "caption-captures", "graph-alt-swing", "report-blunder-caption", "report-mistake-line", "view-button-repeats"],
        "no noun: « captures 3 », « (−3) », « C (4) »"),
    ("*", "points", &["tournament-points"],
        "its plural is chosen by `$half`, the points doubled (½ point is 1)"),
    ("*", "best", &["standings-stats"], "a streak's length after its label, « best streak 3 »"),
    ("*", "streak", &["standings-stats"], "a streak's length after its label, « (current 1) »"),
    ("en", "wins", &["standings-leaderboard-line", "standings-stats", "standings-h2h"],
        "English participles (won, drawn, lost) do not agree"),
    ("en", "draws", &["standings-leaderboard-line", "standings-stats", "standings-h2h"],
        "English participles (won, drawn, lost) do not agree"),
    ("en", "losses", &["standings-leaderboard-line", "standings-stats", "standings-h2h"],
        "English participles (won, drawn, lost) do not agree"),
    ("en", "solved", &["standings-puzzles"], "« 3 solved of 5 »: an English participle"),
    ("en", "dead", &["status-dead"], "« undeliverable » does not agree in English"),
    ("*", "jobs", &["status-jobs-figure"], "a figure in the status table, its label beside it"),
    ("*", "due", &["status-jobs-figure"], "a figure in the status table, « (2 due now) »"),
    ("*", "waiting", &["status-dead"], "a figure in the status table, its label beside it"),
    ("*", "close", &["judge-leaderboard-line"], "« 3 of 5 within a seed »: a fraction"),
    ("*", "picks", &["judge-leaderboard-line"], "« 3 of 5 within a seed »: a fraction"),
    ("*", "attempts", &["standings-puzzles"], "« 3 solved of 5 »: the noun comes before"),
    ("*", "allowance", &["error-vacation-days-left", "vacation-status-away", "vacation-status-here"],
        "« of 30 »: the noun comes before"),
    ("*", "asked", &["*"], "« not 40 »: what the person asked, quoted"),
    ("*", "days", &["*"], "« not 40 »: what the person asked, quoted"),
    ("*", "count", &["error-no-such-lesson", "lesson-shown", "tournament-joined"],
        "« 1 to 5 », « 1 of 5 », « (3) »: no noun after"),
    ("*", "min", &["ending-too-short", "parse-bad-range"],
        "« fewer than 10 », « from 1 to 30 »: the noun comes before"),
    ("*", "max", &["*"], "« at most 300 », « to 30 »: the noun comes before"),
    ("*", "more", &["table-more"], "« … and 3 more »: no noun"),
    ("*", "played", &["*"], "« the players 3 »: the noun is the one before, « 7 seeds »"),
    ("*", "players", &["tournament-too-many"], "« not 65 »: the noun comes before"),
    ("*", "plies", &["graph-alt-blunders", "graph-alt-mistakes"], "move numbers, « at moves 14 and 20 »"),
    ("*", "plies", &["replay-gif-last"],
        "written only past REPLAY_MOVES (300) moves, so always plural"),
    ("*", "shown", &["replay-gif-last"], "REPLAY_MOVES (300), so always plural"),
    ("*", "answer", &["*"], "what the person typed, quoted"),
    ("*", "typed", &["*"], "what the person typed, quoted"),
    ("*", "value", &["*"], "what the person typed, quoted"),
    ("*", "word", &["*"], "what the person typed, quoted"),
    ("*", "option", &["*"], "what the person typed, quoted"),
    ("*", "topic", &["*"], "what the person typed, quoted"),
    ("*", "mention", &["*"], "what the person typed, quoted"),
];

/// Each message of one catalogue file: the variables it prints, and those it
/// chooses a plural for.
struct Shape {
    printed: BTreeSet<String>,
    agreed: BTreeSet<String>,
}

fn shapes(text: &str) -> BTreeMap<String, Shape> {
    let resource = FluentResource::try_new(text.to_owned()).expect("the catalogue parses");
    let mut out = BTreeMap::new();
    for entry in resource.entries() {
        if let Entry::Message(message) = entry {
            let mut shape = Shape {
                printed: BTreeSet::new(),
                agreed: BTreeSet::new(),
            };
            let attributes = message.attributes.iter().map(|a| &a.value);
            for pattern in message.value.iter().chain(attributes) {
                walk(pattern, &mut shape);
            }
            out.insert(message.id.name.to_owned(), shape);
        }
    }
    out
}

fn walk(pattern: &Pattern<&str>, shape: &mut Shape) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_walk(expression, shape);
        }
    }
}

fn expression_walk(expression: &Expression<&str>, shape: &mut Shape) {
    match expression {
        Expression::Inline(inline) => inline_walk(inline, shape),
        Expression::Select { selector, variants } => {
            let plural = variants.iter().any(|v| match &v.key {
                VariantKey::NumberLiteral { .. } => true,
                VariantKey::Identifier { name } => {
                    ["zero", "one", "two", "few", "many"].contains(name)
                }
            });
            if let (InlineExpression::VariableReference { id }, true) = (selector, plural) {
                shape.agreed.insert(id.name.to_owned());
            }
            for variant in variants {
                walk(&variant.value, shape);
            }
        }
    }
}

fn inline_walk(inline: &InlineExpression<&str>, shape: &mut Shape) {
    match inline {
        InlineExpression::VariableReference { id } => {
            shape.printed.insert(id.name.to_owned());
        }
        InlineExpression::Placeable { expression } => expression_walk(expression, shape),
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_walk(argument, shape);
            }
        }
        _ => {}
    }
}

/// Whether `var` may hold a whole number in `message`: `None` if it is not sorted.
fn is_number(message: &str, var: &str) -> Option<bool> {
    if let Some((_, messages)) = MIXED.iter().find(|(name, _)| *name == var) {
        return Some(messages.contains(&message));
    }
    if NUMBERS.contains(&var) {
        Some(true)
    } else if WORDS.contains(&var) {
        Some(false)
    } else {
        None
    }
}

fn needs_no_agreement(tag: &str, message: &str, var: &str) -> bool {
    NO_AGREEMENT.iter().any(|(language, name, messages, _)| {
        (*language == "*" || *language == tag)
            && *name == var
            && (messages.contains(&"*") || messages.contains(&message))
    })
}

/// Every catalogue file: its language's tag, its name and its messages.
fn files() -> Vec<(String, String, BTreeMap<String, Shape>)> {
    let mut out = Vec::new();
    for (tag, dir) in super::locale_files() {
        for entry in std::fs::read_dir(&dir).expect("the language's directory") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "ftl") {
                let text = std::fs::read_to_string(&path).expect("the file reads");
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                out.push((tag.clone(), name, shapes(&text)));
            }
        }
    }
    out.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    out
}

#[test]
fn every_number_a_message_prints_chooses_its_plural() {
    let mut unsorted = BTreeSet::new();
    let mut faults = Vec::new();
    let mut files_seen = BTreeSet::new();
    for (tag, file, messages) in files() {
        files_seen.insert(format!("{tag}/{file}"));
        for (id, shape) in messages {
            for var in shape.printed.difference(&shape.agreed) {
                match is_number(&id, var) {
                    None => {
                        unsorted.insert(var.clone());
                    }
                    Some(true) if !needs_no_agreement(&tag, &id, var) => {
                        faults.push(format!(
                            "{tag}/{file}: `{id}` prints `${var}` without a plural selector"
                        ));
                    }
                    Some(_) => {}
                }
            }
        }
    }
    for wanted in [
        "en/oware.ftl",
        "en/slash.ftl",
        "fr/oware.ftl",
        "fr/slash.ftl",
    ] {
        assert!(files_seen.contains(wanted), "{wanted} was not read");
    }
    assert!(
        unsorted.is_empty(),
        "add these variables to NUMBERS or WORDS in {}: {unsorted:?}",
        file!()
    );
    assert!(
        faults.is_empty(),
        "numbers that do not agree:\n{}",
        faults.join("\n")
    );
}

/// An expression that is plainly a whole number: an integer literal, a length, a
/// count, a constant, or arithmetic.
fn plainly_a_number(expression: &str) -> bool {
    let e = expression.trim();
    let literal = e.trim_start_matches('-').replace('_', "");
    let last = e.rsplit("::").next().unwrap_or(e);
    (!literal.is_empty() && literal.chars().all(|c| c.is_ascii_digit()))
        || e.ends_with(".len()")
        || e.ends_with(".count()")
        || (last.chars().any(|c| c.is_ascii_uppercase())
            && last
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
        || [" + ", " - ", " * ", " / ", " % "]
            .iter()
            .any(|op| e.contains(op))
            && !e.contains('"')
            && !e.contains("lang")
}

/// The sorting in [`NUMBERS`], [`WORDS`] and [`MIXED`] against the code: no variable
/// sorted as words, and printed without a selector, is given a plain number by a
/// `tr!` call.
#[test]
fn the_sorting_matches_the_code() {
    let mut wrong = Vec::new();
    for (id, args) in super::call_sites() {
        let printed_bare = bare().get(&id);
        for (key, expression) in args {
            let words = is_number(&id, &key) == Some(false);
            let bare = printed_bare.is_some_and(|vars| vars.contains(&key));
            if words && bare && plainly_a_number(&expression) {
                wrong.push(format!("`{id}`: `${key}` = `{expression}`"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "sorted as words, but given numbers (move them to NUMBERS or MIXED): {wrong:?}"
    );
    assert!(plainly_a_number("names.len()") && plainly_a_number("lessons::COUNT"));
    assert!(plainly_a_number("i + 1") && plainly_a_number("1_234_567"));
    assert!(!plainly_a_number("row.name(side)") && !plainly_a_number("span(lang, a - b)"));
}

/// The variables each message prints without a plural selector, in some language.
fn bare() -> &'static BTreeMap<String, BTreeSet<String>> {
    static BARE: OnceLock<BTreeMap<String, BTreeSet<String>>> = OnceLock::new();
    BARE.get_or_init(|| {
        let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (_, _, messages) in files() {
            for (id, shape) in messages {
                out.entry(id)
                    .or_default()
                    .extend(shape.printed.difference(&shape.agreed).cloned());
            }
        }
        out
    })
}

/// Called by [`text`](super::super::text) in unit tests: a variable sorted as words
/// that a message prints bare must not receive a whole number.
pub(in crate::i18n) fn check(id: &str, var: &str, value: &FluentValue<'_>) {
    let FluentValue::Number(number) = value else {
        return;
    };
    let printed_bare = bare().get(id).is_some_and(|vars| vars.contains(var));
    assert!(
        !printed_bare || is_number(id, var) != Some(false),
        "`{id}` was given the number {} for `${var}`, which {} sorts as words: \
         sort it as a number there (MIXED), and give it a plural selector or a reason \
         in NO_AGREEMENT",
        number.value,
        file!()
    );
}
