//! Incoming messages, pure: mention pills in the HTML body, the reply fallback a
//! client quotes above a reply, mentions as user ids, and the sender's role from the
//! room's power levels. Public so the fuzz tests (`tests/service/fuzz_matrix.rs`) drive the
//! same path as the adapter.

use matrix_sdk::ruma::events::room::power_levels::RoomPowerLevels;
use matrix_sdk::ruma::{Int, UserId};

use crate::service::Role;

/// The power level from which a user administers a room (Element's "Moderator";
/// admins have 100, and from room version 12 the room's creators rank above all).
pub const ADMIN_POWER_LEVEL: u8 = 50;

/// `user`'s role in a room with these power levels: [`Role::Admin`] from
/// [`ADMIN_POWER_LEVEL`] up.
#[must_use]
pub fn role_in(levels: &RoomPowerLevels, user: &UserId) -> Role {
    if levels.for_user(user) >= Int::from(ADMIN_POWER_LEVEL) {
        Role::Admin
    } else {
        Role::Member
    }
}

/// What a message says to the parser: its plain body without a reply fallback and
/// with pills' link texts replaced by their user ids, and the pills (`(user id,
/// link text)`) found in its HTML body.
#[must_use]
pub fn command_text(body: &str, html: Option<&str>) -> (String, Vec<(String, String)>) {
    let pills = html.map(pills).unwrap_or_default();
    (with_pill_ids(strip_reply_fallback(body), &pills), pills)
}

/// The user a typed mention means: a full `@bob:server`, a local `@bob` on
/// `own_server`, else the first user the message mentioned (pill or `m.mentions`).
#[must_use]
pub fn mention_id(mention: &str, mentioned: &[String], own_server: &str) -> Option<String> {
    let m = mention.trim_end_matches([',', '.', ';', '!', '?']);
    if let Ok(id) = <&UserId>::try_from(m) {
        return Some(id.to_string());
    }
    if let Some(local) = m
        .strip_prefix('@')
        .filter(|l| !l.is_empty() && !l.contains(':'))
    {
        return Some(format!("@{local}:{own_server}"));
    }
    mentioned.first().cloned()
}

/// Users linked as pills in HTML: `(user id, link text)` for each
/// `<a href="https://matrix.to/#/@bob:example.org">Bob</a>`.
#[must_use]
pub fn pills(html: &str) -> Vec<(String, String)> {
    html.split("https://matrix.to/#/")
        .skip(1)
        .filter_map(|rest| {
            let end = rest.find(['"', '\'', '?', '>']).unwrap_or(rest.len());
            let id = rest[..end].replace("%40", "@").replace("%3A", ":");
            let text = rest
                .split_once('>')
                .and_then(|(_, after)| after.split_once("</a>"))
                .map(|(text, _)| text.trim().to_string())
                .unwrap_or_default();
            id.starts_with('@').then_some((id, text))
        })
        .collect()
}

/// The plain body with each pill's link text replaced by its user id, so
/// `!oware play Bob Smith` (a pill) reads `!oware play @bob:example.org`.
#[must_use]
pub fn with_pill_ids(body: &str, pills: &[(String, String)]) -> String {
    let mut out = body.to_string();
    for (id, text) in pills {
        if !text.is_empty() && text != id && !text.contains('<') {
            out = out.replacen(text.as_str(), id, 1);
        }
    }
    out
}

/// The body without an old-style reply fallback (`> <@a:b> quoted` lines first).
#[must_use]
pub fn strip_reply_fallback(body: &str) -> &str {
    if !body.starts_with("> ") {
        return body;
    }
    match body.find("\n\n") {
        Some(i) => body[i + 2..].trim_start(),
        None => body,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pills_are_found_decoded_and_put_in_the_body() {
        let html = r#"!oware play <a href="https://matrix.to/#/@bob:localhost">Bob Smith</a> and <a href='https://matrix.to/#/%40carol%3Aexample.org?via=x'>C</a> <a href="https://matrix.to/#/!room:x">r</a>"#;
        let found = pills(html);
        assert_eq!(
            found,
            vec![
                ("@bob:localhost".to_string(), "Bob Smith".to_string()),
                ("@carol:example.org".to_string(), "C".to_string()),
            ]
        );
        assert_eq!(
            with_pill_ids("!oware play Bob Smith first:them", &found[..1]),
            "!oware play @bob:localhost first:them"
        );
    }

    #[test]
    fn power_level_50_or_more_administers_the_room() {
        use matrix_sdk::ruma::events::room::power_levels::{
            RoomPowerLevelsEventContent, RoomPowerLevelsSource,
        };
        use matrix_sdk::ruma::room_version_rules::AuthorizationRules;
        use matrix_sdk::ruma::OwnedUserId;

        let content: RoomPowerLevelsEventContent = serde_json::from_value(serde_json::json!({
            "users": {
                "@admin:x.org": 100,
                "@mod:x.org": 50,
                "@helper:x.org": 49,
            },
            "users_default": 0,
        }))
        .expect("power levels");
        let id = |s: &str| OwnedUserId::try_from(s).expect("a user id");
        let levels = |rules, creators: Vec<OwnedUserId>| {
            RoomPowerLevels::new(
                RoomPowerLevelsSource::Original(content.clone()),
                rules,
                creators,
            )
        };
        let v11 = levels(&AuthorizationRules::V11, Vec::new());
        for (user, role) in [
            ("@admin:x.org", Role::Admin),
            ("@mod:x.org", Role::Admin),
            ("@helper:x.org", Role::Member),
            ("@stranger:x.org", Role::Member),
        ] {
            assert_eq!(role_in(&v11, &id(user)), role, "{user}");
        }
        // From room version 12, a room's creators outrank every power level.
        let v12 = levels(&AuthorizationRules::V12, vec![id("@creator:x.org")]);
        assert_eq!(role_in(&v12, &id("@creator:x.org")), Role::Admin);
        assert_eq!(role_in(&v12, &id("@stranger:x.org")), Role::Member);
    }

    #[test]
    fn reply_fallbacks_are_stripped() {
        assert_eq!(
            strip_reply_fallback("> <@a:b> hi\n> there\n\n!move c"),
            "!move c"
        );
        assert_eq!(strip_reply_fallback("!move c"), "!move c");
    }
}
