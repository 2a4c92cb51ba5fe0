//! A service [`Reply`] as Matrix message contents: pure functions, no network.
//!
//! The text becomes `m.notice` (the message type the spec keeps for automated
//! clients: shown apart, and never answered by other bots) with an HTML body (light Markdown → `<strong>`/`<code>`,
//! the board in `<pre>`), the players to notify become pills plus `m.mentions`, and
//! buttons become a line of choices to type, since Matrix has no buttons.

use matrix_sdk::ruma::events::relation::{InReplyTo, Thread};
use matrix_sdk::ruma::events::room::message::{
    ImageMessageEventContent, MessageType, Relation, RoomMessageEventContent,
};
use matrix_sdk::ruma::events::room::{ImageInfo, MediaSource};
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::{OwnedEventId, OwnedUserId, UInt};

use super::html::{escape, markdown_html};
use crate::service::{Attachment, Button, ButtonAction, Reply, User};

/// Where in a room a message goes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spot {
    /// The thread root, when the message belongs in a thread.
    pub thread: Option<OwnedEventId>,
    /// The message this one answers (a refusal quotes the offending command).
    pub reply_to: Option<OwnedEventId>,
}

impl Spot {
    /// The relation a message sent here carries.
    #[must_use]
    pub fn relation<C>(&self) -> Option<Relation<C>> {
        match (&self.thread, &self.reply_to) {
            (Some(root), Some(to)) => {
                Some(Relation::Thread(Thread::reply(root.clone(), to.clone())))
            }
            // Not a reply: the fallback for clients without threads points at the root.
            (Some(root), None) => Some(Relation::Thread(Thread::plain(root.clone(), root.clone()))),
            (None, Some(to)) => Some(Relation::Reply(
                matrix_sdk::ruma::events::relation::Reply::new(InReplyTo::new(to.clone())),
            )),
            (None, None) => None,
        }
    }
}

/// The text part of a reply: summary (its command hints in Matrix's `!` form),
/// board, choices, with the mentioned users as pills in front.
#[must_use]
pub fn text_message(
    lang: &crate::i18n::Language,
    reply: &Reply,
    spot: &Spot,
) -> RoomMessageEventContent {
    let mut plain = String::new();
    let mut html = String::new();
    let mut mentioned: Vec<(OwnedUserId, &User)> = Vec::new();
    for user in &reply.mentions {
        if let Ok(id) = OwnedUserId::try_from(user.id.as_str()) {
            if !mentioned.iter().any(|(seen, _)| *seen == id) {
                mentioned.push((id, user));
            }
        }
    }
    if !mentioned.is_empty() {
        let names: Vec<&str> = mentioned.iter().map(|(_, u)| u.name.as_str()).collect();
        plain.push_str(&names.join(", "));
        plain.push_str(": ");
        let pills: Vec<String> = mentioned
            .iter()
            .map(|(id, u)| {
                format!(
                    "<a href=\"https://matrix.to/#/{}\">{}</a>",
                    escape(id.as_str()),
                    escape(&u.name)
                )
            })
            .collect();
        html.push_str(&pills.join(", "));
        html.push_str(": ");
    }
    // A room or thread as its matrix.to address, which clients open.
    let mut text = reply.text_with_places(&matrix_commands(&reply.text), |place| {
        match place.thread.as_deref() {
            Some(thread) => format!("https://matrix.to/#/{}/{thread}", place.channel),
            None => format!("https://matrix.to/#/{}", place.channel),
        }
    });
    // A time in UTC, with how far off it is: Matrix cannot show each reader theirs.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
        });
    for moment in &reply.times {
        let far = crate::play::when::relative(lang, moment.at, now);
        text = text.replace(&moment.text, &format!("{} ({far})", moment.text));
    }
    plain.push_str(&text.replace("**", ""));
    html.push_str(&markdown_html(&text));
    for board in reply.board_text.iter().chain(&reply.table) {
        plain.push_str("\n\n");
        plain.push_str(board.trim_end());
        html.push_str("<pre><code>");
        html.push_str(&escape(board.trim_end()));
        html.push_str("</code></pre>");
    }
    if let Some(choices) = choices_line(lang, &reply.buttons) {
        plain.push_str("\n\n");
        plain.push_str(&choices);
        html.push_str("<p>");
        html.push_str(&markdown_html(&choices));
        html.push_str("</p>");
    }
    let mut content = RoomMessageEventContent::notice_html(plain, html);
    content.mentions = Some(Mentions::with_user_ids(
        mentioned.into_iter().map(|(id, _)| id),
    ));
    content.relates_to = spot.relation();
    content
}

/// A short notice that mentions nobody (thread roots, usage hints, errors).
#[must_use]
pub fn short_message(text: &str, spot: &Spot) -> RoomMessageEventContent {
    let mut content =
        RoomMessageEventContent::notice_html(text.replace("**", ""), markdown_html(text));
    content.mentions = Some(Mentions::new());
    content.relates_to = spot.relation();
    content
}

/// An uploaded image as `m.image`: the alt text is the body, the file name and size
/// (and a PNG's dimensions) go in the metadata.
#[must_use]
pub fn image_message(
    file: &Attachment,
    source: MediaSource,
    spot: &Spot,
) -> RoomMessageEventContent {
    let mut info = ImageInfo::new();
    info.mimetype = Some(file.mime.to_string());
    info.size = UInt::new(file.bytes.len() as u64);
    if let Some((w, h)) = png_size(&file.bytes) {
        info.width = Some(w.into());
        info.height = Some(h.into());
    }
    let body = if file.description.is_empty() {
        file.file_name.clone()
    } else {
        file.description.clone()
    };
    let mut image = ImageMessageEventContent::new(body, source).info(Box::new(info));
    image.filename = Some(file.file_name.clone());
    let mut content = RoomMessageEventContent::new(MessageType::Image(image));
    content.mentions = Some(Mentions::new());
    content.relates_to = spot.relation();
    content
}

/// Buttons as something to type: `Your move: A B D (type !move a)`, or how to
/// answer a challenge.
#[must_use]
pub fn choices_line(lang: &crate::i18n::Language, buttons: &[Button]) -> Option<String> {
    let pits: Vec<char> = buttons
        .iter()
        .filter(|b| b.enabled)
        .filter_map(|b| match b.action {
            ButtonAction::Move { pit, .. } => Some(pit),
            _ => None,
        })
        .collect();
    if let Some(first) = pits.first() {
        let list: Vec<String> = pits.iter().map(char::to_string).collect();
        return Some(crate::tr!(
            lang,
            "matrix-your-move",
            pits = list.join(" "),
            pit = first.to_ascii_lowercase()
        ));
    }
    let accept = buttons
        .iter()
        .any(|b| matches!(b.action, ButtonAction::Accept { .. }));
    let decline = buttons
        .iter()
        .any(|b| matches!(b.action, ButtonAction::Decline { .. }));
    match (accept, decline) {
        (true, true) => Some(crate::tr!(lang, "matrix-type-accept-or-decline")),
        (true, false) => Some(crate::tr!(lang, "matrix-type-accept")),
        (false, true) => Some(crate::tr!(lang, "matrix-type-decline")),
        (false, false) => {
            // Rematch, review, a puzzle's answer: what to type for each.
            let others: Vec<String> = buttons
                .iter()
                .filter(|b| b.enabled)
                .map(|b| format!("`{}`", b.action.typed().replacen('/', "!", 1)))
                .collect();
            (!others.is_empty()).then(|| {
                crate::tr!(
                    lang,
                    "matrix-type",
                    commands = others.join(&crate::tr!(lang, "matrix-or"))
                )
            })
        }
    }
}

/// The service's command hints as typed on Matrix, where clients such as Element
/// take a leading `/` for their own commands: `` `/oware accept` `` becomes
/// `` `!oware accept` ``.
#[must_use]
pub fn matrix_commands(text: &str) -> String {
    text.replace("`/", "`!")
}

/// Width and height from a PNG's IHDR chunk.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || &bytes[..8] != b"\x89PNG\r\n\x1a\n" || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((w, h))
}

#[cfg(test)]
mod tests {
    use super::*;
    use matrix_sdk::ruma::{event_id, owned_event_id, OwnedMxcUri};
    use serde_json::json;

    fn to_json(content: &RoomMessageEventContent) -> serde_json::Value {
        serde_json::to_value(content).expect("serialises")
    }

    fn bob() -> User {
        User {
            id: "@bob:localhost".into(),
            name: "Bob".into(),
            is_bot: false,
        }
    }

    #[test]
    fn a_time_says_how_far_off_it_is() {
        let lang = &crate::i18n::Language::english();
        let in_two_days = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_millis()).unwrap())
            .unwrap()
            + 2 * 86_400_000
            + 60_000;
        let reply = Reply {
            text: "Move by TIME, please.".into(),
            times: vec![crate::service::Moment {
                text: "TIME".into(),
                at: in_two_days,
            }],
            ..Reply::default()
        };
        let spot = Spot {
            thread: None,
            reply_to: None,
        };
        let body = to_json(&text_message(lang, &reply, &spot))["body"].to_string();
        assert!(body.contains("Move by TIME (in 2 days"), "{body}");
    }

    #[test]
    fn a_noted_room_or_thread_is_its_matrix_to_address() {
        let lang = &crate::i18n::Language::english();
        let mut reply = Reply::public("Your turn in `$root`; games start in `!r:x`.");
        reply.note_place(crate::service::PlaceLink::new("!r:x", Some("$root")));
        reply.note_place(crate::service::PlaceLink::new("!r:x", None));
        let v = to_json(&text_message(lang, &reply, &Spot::default()));
        let body = v["body"].as_str().unwrap();
        assert_eq!(
            body,
            "Your turn in https://matrix.to/#/!r:x/$root; games start in https://matrix.to/#/!r:x."
        );
    }

    #[test]
    fn a_board_reply_has_pill_mention_pre_board_and_choices_in_its_thread() {
        let lang = &crate::i18n::Language::english();
        let reply = Reply {
            text: "Alice sowed **C**. <b> is not HTML".into(),
            board_text: Some("  [ 4| 4]\n".into()),
            buttons: ['A', 'B', 'D']
                .into_iter()
                .map(|pit| Button {
                    action: ButtonAction::Move {
                        game: crate::service::GameId::new(1),
                        ply: 2,
                        pit,
                    },
                    label: pit.to_string(),
                    enabled: true,
                    row: 0,
                })
                .collect(),
            mentions: vec![bob(), bob()],
            ..Reply::default()
        };
        let spot = Spot {
            thread: Some(owned_event_id!("$root")),
            reply_to: None,
        };
        let v = to_json(&text_message(lang, &reply, &spot));
        assert_eq!(v["msgtype"], "m.notice");
        assert_eq!(
            v["body"],
            "Bob: Alice sowed C. <b> is not HTML\n\n  [ 4| 4]\n\nYour move: A B D (type `!move a`)"
        );
        let html = v["formatted_body"].as_str().expect("html");
        assert!(html.starts_with("<a href=\"https://matrix.to/#/@bob:localhost\">Bob</a>: "));
        assert!(html.contains("<strong>C</strong>. &lt;b&gt; is not HTML"));
        assert!(html.contains("<pre><code>  [ 4| 4]</code></pre>"));
        assert!(html.contains("<code>!move a</code>"));
        assert_eq!(v["m.mentions"], json!({"user_ids": ["@bob:localhost"]}));
        assert_eq!(v["m.relates_to"]["rel_type"], "m.thread");
        assert_eq!(v["m.relates_to"]["event_id"], "$root");
    }

    #[test]
    fn a_refusal_replies_to_the_command_in_or_out_of_a_thread() {
        let to = event_id!("$cmd").to_owned();
        let main = Spot {
            thread: None,
            reply_to: Some(to.clone()),
        };
        let v = to_json(&short_message("Not your turn.", &main));
        assert_eq!(
            v["m.relates_to"],
            json!({"m.in_reply_to": {"event_id": "$cmd"}})
        );
        assert_eq!(v["m.mentions"], json!({}));

        let threaded = Spot {
            thread: Some(owned_event_id!("$root")),
            reply_to: Some(to),
        };
        let v = to_json(&short_message("Not your turn.", &threaded));
        assert_eq!(v["m.relates_to"]["rel_type"], "m.thread");
        assert_eq!(v["m.relates_to"]["m.in_reply_to"]["event_id"], "$cmd");
        assert!(v["m.relates_to"].get("is_falling_back").is_none());
    }

    #[test]
    fn images_carry_alt_text_name_and_png_size() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend_from_slice(&800u32.to_be_bytes());
        png.extend_from_slice(&360u32.to_be_bytes());
        let file = Attachment {
            file_name: "board-1-2.png".into(),
            mime: "image/png",
            bytes: png,
            description: "South to move; A 4 B 4".into(),
        };
        let url = OwnedMxcUri::from("mxc://localhost/abc");
        let v = to_json(&image_message(
            &file,
            MediaSource::Plain(url),
            &Spot::default(),
        ));
        assert_eq!(v["msgtype"], "m.image");
        assert_eq!(v["body"], "South to move; A 4 B 4");
        assert_eq!(v["filename"], "board-1-2.png");
        assert_eq!(v["url"], "mxc://localhost/abc");
        assert_eq!(v["info"]["w"], 800);
        assert_eq!(v["info"]["h"], 360);
        assert_eq!(v["info"]["mimetype"], "image/png");
    }

    #[test]
    fn challenge_buttons_become_typed_commands_and_disabled_pits_are_hidden() {
        let lang = &crate::i18n::Language::english();
        let b = |action, enabled| Button {
            action,
            label: String::new(),
            enabled,
            row: 0,
        };
        let challenge = [
            b(
                ButtonAction::Accept {
                    challenge: crate::service::ChallengeId::new(1),
                },
                true,
            ),
            b(
                ButtonAction::Decline {
                    challenge: crate::service::ChallengeId::new(1),
                },
                true,
            ),
        ];
        assert_eq!(
            choices_line(lang, &challenge).as_deref(),
            Some("Type `!oware accept` or `!oware decline`.")
        );
        let pits = [
            b(
                ButtonAction::Move {
                    game: crate::service::GameId::new(1),
                    ply: 0,
                    pit: 'a',
                },
                false,
            ),
            b(
                ButtonAction::Move {
                    game: crate::service::GameId::new(1),
                    ply: 0,
                    pit: 'c',
                },
                true,
            ),
        ];
        assert_eq!(
            choices_line(lang, &pits).as_deref(),
            Some("Your move: c (type `!move c`)")
        );
        assert_eq!(choices_line(lang, &[]), None);
    }

    #[test]
    fn command_hints_use_the_bang_prefix() {
        assert_eq!(
            matrix_commands("Accept with `/oware accept`; or `/move c`. a/b"),
            "Accept with `!oware accept`; or `!move c`. a/b"
        );
    }

    #[test]
    fn a_hostile_user_id_cannot_inject_html_into_a_pill() {
        let lang = &crate::i18n::Language::english();
        let id = r#"@x"><h1>pwned</h1>:example.org"#;
        assert!(
            OwnedUserId::try_from(id).is_ok(),
            "a historical user id: Matrix lets it through, so the pill must escape it"
        );
        let reply = Reply {
            text: "Your move".into(),
            mentions: vec![User {
                id: id.into(),
                name: "<b>Mallory</b>".into(),
                is_bot: false,
            }],
            ..Reply::default()
        };
        let v = to_json(&text_message(lang, &reply, &Spot::default()));
        let html = v["formatted_body"].as_str().expect("html");
        assert_eq!(
            html,
            "<a href=\"https://matrix.to/#/@x&quot;&gt;&lt;h1&gt;pwned&lt;/h1&gt;:example.org\">\
             &lt;b&gt;Mallory&lt;/b&gt;</a>: Your move"
        );
        assert!(!html.contains("<h1>") && !html.contains("<b>"));
        assert_eq!(v["m.mentions"]["user_ids"][0], id, "still pinged by id");
    }

    #[test]
    fn every_text_the_bot_sends_is_a_notice() {
        let lang = &crate::i18n::Language::english();
        let v = to_json(&short_message("Not your turn.", &Spot::default()));
        assert_eq!(v["msgtype"], "m.notice");
        let v = to_json(&text_message(lang, &Reply::private("No"), &Spot::default()));
        assert_eq!(v["msgtype"], "m.notice");
    }
}
