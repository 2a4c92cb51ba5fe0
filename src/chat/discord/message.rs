//! Service → Discord: a [`Reply`] becomes the parts of one Discord message (content,
//! attachments, action rows, allowed mentions, ephemeral flag), then whichever builder
//! the sending path needs. Pure; unit-tested here.

use poise::serenity_prelude as serenity;

use crate::service::{Button, ButtonAction, Reply};

/// Discord's limit on a message's content, in characters.
pub const MAX_CONTENT: usize = 2000;
/// Discord's limit on buttons in one action row.
pub const MAX_BUTTONS_PER_ROW: usize = 5;
/// Discord's limit on action rows in one message.
pub const MAX_ROWS: usize = 5;
/// Discord's limit on a thread's name, in characters.
pub const MAX_THREAD_NAME: usize = 100;

/// One Discord message built from a [`Reply`].
#[derive(Clone, Debug)]
pub struct Outgoing {
    /// The text: mentions, the reply's text, the text board when there is no image.
    pub content: String,
    /// The files, each with its description (alt text).
    pub files: Vec<serenity::CreateAttachment>,
    /// Button rows.
    pub components: Vec<serenity::CreateActionRow>,
    /// Only the users the reply mentions may be pinged; never roles or @everyone.
    pub allowed_mentions: serenity::CreateAllowedMentions,
    /// Only the author sees it.
    pub ephemeral: bool,
}

impl Outgoing {
    /// Builds the message for `reply`.
    #[must_use]
    pub fn from_reply(reply: &Reply) -> Outgoing {
        Outgoing {
            content: content(reply),
            files: reply
                .files
                .iter()
                .map(|f| {
                    serenity::CreateAttachment::bytes(f.bytes.clone(), f.file_name.clone())
                        .description(truncate(&f.description, 1024))
                })
                .collect(),
            components: action_rows(&reply.buttons),
            allowed_mentions: allowed_mentions(reply),
            ephemeral: reply.private,
        }
    }

    /// The immediate interaction response.
    #[must_use]
    pub fn response(self) -> serenity::CreateInteractionResponse {
        serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new()
                .content(self.content)
                .files(self.files)
                .components(self.components)
                .allowed_mentions(self.allowed_mentions)
                .ephemeral(self.ephemeral),
        )
    }

    /// A follow-up after the interaction was answered or deferred.
    pub fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        serenity::CreateInteractionResponseFollowup::new()
            .content(self.content)
            .files(self.files)
            .components(self.components)
            .allowed_mentions(self.allowed_mentions)
            .ephemeral(self.ephemeral)
    }

    /// Fills in a deferred public response.
    pub fn edit(self) -> serenity::EditInteractionResponse {
        let mut edit = serenity::EditInteractionResponse::new()
            .content(self.content)
            .components(self.components)
            .allowed_mentions(self.allowed_mentions);
        for file in self.files {
            edit = edit.new_attachment(file);
        }
        edit
    }

    /// A plain channel (or thread) message; `ephemeral` does not apply there.
    pub fn message(self) -> serenity::CreateMessage {
        serenity::CreateMessage::new()
            .content(self.content)
            .files(self.files)
            .components(self.components)
            .allowed_mentions(self.allowed_mentions)
    }
}

/// The content: pings for the mentioned users not already written, the text, and the
/// text board in a code block when no image shows the board.
#[must_use]
pub fn content(reply: &Reply) -> String {
    let mut out = String::new();
    for user in &reply.mentions {
        let tag = format!("<@{}>", user.id);
        if !reply.text.contains(&tag) {
            out.push_str(&tag);
            out.push(' ');
        }
    }
    let pinged: Vec<&str> = reply.mentions.iter().map(|u| u.id.as_str()).collect();
    let marked = super::markdown::discord_markdown(&reply.text, &pinged);
    // A channel or thread as a mention, which Discord shows by its name.
    let mut text = reply.text_with_places(&marked, |place| {
        format!("<#{}>", place.thread.as_deref().unwrap_or(&place.channel))
    });
    // Each reader sees a time in their own time zone, and how far off it is.
    for moment in &reply.times {
        let at = moment.at.div_euclid(1000);
        text = text.replace(&moment.text, &format!("<t:{at}:f> (<t:{at}:R>)"));
    }
    out.push_str(&text);
    // The text board stands in for the board's picture; a table always shows.
    let has_image = reply.files.iter().any(|f| f.mime.starts_with("image/"));
    let board = reply.board_text.as_ref().filter(|_| !has_image);
    for block in board.into_iter().chain(&reply.table) {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str("```\n");
        out.push_str(&block.replace("```", "'''"));
        out.push_str("\n```");
    }
    if out.trim().is_empty() {
        // Discord refuses a message with neither content, files nor components.
        out.push('\u{200b}');
    }
    truncate(&out, MAX_CONTENT)
}

/// Pings only the reply's mentions (numeric ids; anything else cannot be a Discord user).
pub fn allowed_mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    let users = reply
        .mentions
        .iter()
        .filter_map(|u| u.id.parse::<u64>().ok())
        .filter(|id| *id != 0)
        .map(serenity::UserId::new);
    serenity::CreateAllowedMentions::new()
        .users(users)
        .replied_user(false)
}

/// Buttons grouped by their `row` (in row order), at most five per action row and
/// five rows per message: a row of six becomes two rows.
#[must_use]
pub fn action_rows(buttons: &[Button]) -> Vec<serenity::CreateActionRow> {
    let mut rows: Vec<u8> = buttons.iter().map(|b| b.row).collect();
    rows.sort_unstable();
    rows.dedup();
    let mut out = Vec::new();
    for row in rows {
        let in_row: Vec<&Button> = buttons.iter().filter(|b| b.row == row).collect();
        for chunk in in_row.chunks(MAX_BUTTONS_PER_ROW) {
            out.push(serenity::CreateActionRow::Buttons(
                chunk.iter().map(|b| button(b)).collect(),
            ));
        }
    }
    if out.len() > MAX_ROWS {
        tracing::warn!(
            rows = out.len(),
            "too many button rows for Discord; dropping the rest"
        );
        out.truncate(MAX_ROWS);
    }
    out
}

fn button(b: &Button) -> serenity::CreateButton {
    let style = match b.action {
        ButtonAction::Accept { .. } | ButtonAction::Answer { accept: true, .. } => {
            serenity::ButtonStyle::Success
        }
        ButtonAction::Answer { accept: false, .. } => serenity::ButtonStyle::Danger,
        ButtonAction::Decline { .. } | ButtonAction::Resign { .. } | ButtonAction::ForgetMe => {
            serenity::ButtonStyle::Danger
        }
        ButtonAction::Link { .. } => serenity::ButtonStyle::Primary,
        ButtonAction::Move { .. } => serenity::ButtonStyle::Secondary,
        ButtonAction::Solve { .. } | ButtonAction::Lesson { .. } => {
            serenity::ButtonStyle::Secondary
        }
        ButtonAction::Rematch { .. }
        | ButtonAction::Reissue { .. }
        | ButtonAction::Analyse { .. } => serenity::ButtonStyle::Primary,
    };
    serenity::CreateButton::new(b.action.custom_id())
        .label(truncate(&b.label, 80))
        .style(style)
        .disabled(!b.enabled)
}

/// A thread name within Discord's limit, with no character that makes markup
/// (names in it are the players' own).
#[must_use]
pub fn thread_name(name: &str) -> String {
    let name: String = name
        .chars()
        .filter(|c| {
            !matches!(
                c,
                '*' | '_' | '~' | '|' | '`' | '[' | ']' | '<' | '>' | '\\'
            )
        })
        .collect();
    let name = name.trim();
    if name.is_empty() {
        "Oware".to_owned()
    } else {
        truncate(name, MAX_THREAD_NAME)
    }
}

/// At most `max` characters, ending in `…` when cut.
#[must_use]
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::service::{Attachment, User};

    fn pit(pit: char, row: u8, enabled: bool) -> Button {
        Button {
            action: ButtonAction::Move {
                game: crate::service::GameId::new(7),
                ply: 3,
                pit,
            },
            label: format!("{pit} (4)"),
            enabled,
            row,
        }
    }

    fn bob() -> User {
        User {
            id: "222".into(),
            name: "Bob".into(),
            is_bot: false,
        }
    }

    #[test]
    fn six_pits_make_two_rows_of_three_in_row_order() {
        let buttons = vec![
            pit('D', 1, true),
            pit('E', 1, false),
            pit('F', 1, true),
            pit('A', 0, true),
            pit('B', 0, true),
            pit('C', 0, true),
        ];
        let rows = serde_json::to_value(action_rows(&buttons)).unwrap();
        let ids: Vec<Vec<&str>> = rows
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                r["components"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b["custom_id"].as_str().unwrap())
                    .collect()
            })
            .collect();
        assert_eq!(
            ids,
            [
                ["mv:7:3:A", "mv:7:3:B", "mv:7:3:C"],
                ["mv:7:3:D", "mv:7:3:E", "mv:7:3:F"]
            ]
        );
        assert_eq!(rows[1]["components"][1]["disabled"], json!(true));
        assert_eq!(rows[1]["components"][0]["disabled"], json!(false));
    }

    #[test]
    fn a_row_never_holds_more_than_five_buttons() {
        let buttons: Vec<Button> = "ABCDEFG".chars().map(|c| pit(c, 0, true)).collect();
        let rows = serde_json::to_value(action_rows(&buttons)).unwrap();
        let sizes: Vec<usize> = rows
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["components"].as_array().unwrap().len())
            .collect();
        assert_eq!(sizes, [5, 2]);
    }

    #[test]
    fn content_pings_mentions_once_and_shows_the_text_board_without_an_image() {
        let mut reply = Reply {
            text: "Your move".into(),
            board_text: Some("f e d\nA B C".into()),
            mentions: vec![bob()],
            ..Reply::default()
        };
        assert_eq!(content(&reply), "<@222> Your move\n```\nf e d\nA B C\n```");
        reply.text = "Your move, <@222>".into();
        reply.files.push(Attachment {
            file_name: "board.png".into(),
            mime: "image/png",
            bytes: vec![1, 2, 3],
            description: "The board".into(),
        });
        assert_eq!(content(&reply), "Your move, <@222>");
    }

    #[test]
    fn a_noted_channel_or_thread_is_a_mention_and_a_name_cannot_forge_one() {
        let mut reply = Reply {
            text: "Your turn in `55`. <#99> `77`".into(),
            ..Reply::default()
        };
        reply.note_place(crate::service::PlaceLink::new("44", Some("55")));
        // Not in the text: not noted.
        reply.note_place(crate::service::PlaceLink::new("66", None));
        assert_eq!(reply.places.len(), 1);
        // A name's `<#99>` stays text; an unnoted code span stays code.
        assert_eq!(content(&reply), "Your turn in <#55>. \\<#99> `77`");
    }

    #[test]
    fn a_time_shows_in_each_readers_own_time_zone() {
        let reply = Reply {
            text: "Move by 2026-11-30 10:05 UTC, please.".into(),
            times: vec![crate::service::Moment {
                text: "2026-11-30 10:05 UTC".into(),
                at: 1_764_497_100_000,
            }],
            ..Reply::default()
        };
        assert_eq!(
            content(&reply),
            "Move by <t:1764497100:f> (<t:1764497100:R>), please."
        );
    }

    #[test]
    fn only_reply_mentions_may_ping() {
        let reply = Reply {
            mentions: vec![bob()],
            ..Reply::public("@everyone hi")
        };
        let allowed: Value = serde_json::to_value(allowed_mentions(&reply)).unwrap();
        assert_eq!(allowed["parse"], json!([]));
        assert_eq!(allowed["users"], json!(["222"]));
        let none: Value = serde_json::to_value(allowed_mentions(&Reply::public("x"))).unwrap();
        assert_eq!(none["users"], json!([]));
    }

    #[test]
    fn long_text_and_names_are_cut_to_discord_limits() {
        let long = "x".repeat(3000);
        let c = content(&Reply::public(long));
        assert_eq!(c.chars().count(), MAX_CONTENT);
        assert!(c.ends_with('…'));
        assert_eq!(
            thread_name(&"é".repeat(150)).chars().count(),
            MAX_THREAD_NAME
        );
        assert_eq!(thread_name("  "), "Oware");
        assert_eq!(truncate("short", 10), "short");
    }

    #[test]
    fn names_in_the_text_and_the_thread_title_make_no_markup() {
        let name = "[Claim prize](https://evil.example)";
        let reply = Reply {
            text: format!("{name} sowed C."),
            ..Reply::default()
        };
        assert!(
            !content(&reply).contains("[Claim prize]("),
            "{}",
            content(&reply)
        );
        assert_eq!(
            thread_name(&format!("Oware: {name} vs **Bob**")),
            "Oware: Claim prize(https://evil.example) vs Bob"
        );
    }

    #[test]
    fn private_replies_are_ephemeral_and_files_carry_descriptions() {
        let mut reply = Reply::private("No");
        reply.files.push(Attachment {
            file_name: "board.png".into(),
            mime: "image/png",
            bytes: vec![1],
            description: "Alt".into(),
        });
        let out = Outgoing::from_reply(&reply);
        assert!(out.ephemeral);
        assert_eq!(out.files[0].description.as_deref(), Some("Alt"));
        assert_eq!(out.files[0].filename, "board.png");
    }
}
