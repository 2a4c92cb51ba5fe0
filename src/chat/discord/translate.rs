//! Discord → service: pure functions that turn serenity's model types (and the options
//! poise has parsed) into platform-neutral [`Command`]s. No I/O; unit-tested here and
//! against real payload fixtures in `tests/discord/discord_fixtures.rs`.

use poise::serenity_prelude as serenity;

use super::options::{RankedChoice, ScopeChoice, SpeedChoice};
use crate::{
    chat::text::{pit_word, ParseError},
    rules::Typed,
    service::{Action, ButtonAction, Command, Place, Platform, Role, Speed, User},
};

/// A Discord user as the service knows them: snowflake id, display name, bot flag.
#[must_use]
pub fn user_of(user: &serenity::User) -> User {
    User {
        id: user.id.get().to_string(),
        name: user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone()),
        is_bot: user.bot,
    }
}

/// The author's role where an interaction happened: a server member whose
/// permissions there include Administrator or Manage Server administers it. Discord
/// sends the member's permissions in the channel with every interaction in a server;
/// in direct messages there is no member and no one administers (the bot's owners
/// are recognised by the service).
#[must_use]
pub fn role_of(member: Option<&serenity::Member>) -> Role {
    let admin = serenity::Permissions::ADMINISTRATOR | serenity::Permissions::MANAGE_GUILD;
    match member.and_then(|m| m.permissions) {
        Some(permissions) if permissions.intersects(admin) => Role::Admin,
        _ => Role::Member,
    }
}

/// Where an interaction happened. In a thread, `channel` is the thread's parent and
/// `thread` the thread itself, so a game keeps its channel when its thread is used.
#[must_use]
pub fn place_of(
    guild: Option<serenity::GuildId>,
    channel_id: serenity::ChannelId,
    channel: Option<&serenity::PartialChannel>,
) -> Place {
    let thread_parent = channel
        .filter(|c| is_thread(c.kind))
        .and_then(|c| c.parent_id);
    let (channel, thread) = match thread_parent {
        Some(parent) => (parent, Some(channel_id.get().to_string())),
        None => (channel_id, None),
    };
    Place {
        platform: Platform::Discord,
        space: guild.map(|g| g.get().to_string()),
        channel: channel.get().to_string(),
        thread,
    }
}

/// Whether a channel of this kind is a thread.
#[must_use]
pub fn is_thread(kind: serenity::ChannelType) -> bool {
    matches!(
        kind,
        serenity::ChannelType::PublicThread
            | serenity::ChannelType::PrivateThread
            | serenity::ChannelType::NewsThread
    )
}

/// The place of a thread the adapter opened in `parent` (for `set_thread`).
#[must_use]
pub fn thread_place(parent: &Place, thread: serenity::ChannelId) -> Place {
    Place {
        thread: Some(thread.get().to_string()),
        ..parent.clone()
    }
}

/// Where a slash command (or autocomplete request) was given, and by whom.
#[must_use]
pub fn origin(interaction: &serenity::CommandInteraction) -> (Place, User) {
    (
        place_of(
            interaction.guild_id,
            interaction.channel_id,
            interaction.channel.as_ref(),
        ),
        user_of(&interaction.user),
    )
}

/// The [`Command`] of a slash command invocation.
#[must_use]
pub fn slash_command(interaction: &serenity::CommandInteraction, action: Action) -> Command {
    let (place, author) = origin(interaction);
    Command::new(place, author, action)
        .with_role(role_of(interaction.member.as_deref()))
        .sent_at(sent_at(interaction.id.get()))
        .with_locale(&interaction.locale)
}

/// When Discord made the interaction whose id is `id` (Unix ms): the time in its
/// snowflake.
#[must_use]
pub fn sent_at(id: u64) -> i64 {
    /// The Discord epoch, 2015-01-01T00:00:00Z, in Unix ms.
    const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;
    i64::try_from(id >> 22).unwrap_or(0) + DISCORD_EPOCH_MS
}

/// The [`Command`] of a button press, or `None` for a component this bot did not make.
#[must_use]
pub fn button_command(interaction: &serenity::ComponentInteraction) -> Option<Command> {
    let action = match ButtonAction::from_custom_id(&interaction.data.custom_id)? {
        ButtonAction::Move { game, ply, pit } => Action::Move {
            pit: button_pit(pit)?,
            game: Some(game),
            ply: Some(ply),
        },
        ButtonAction::Accept { challenge } => Action::Accept {
            challenge: Some(challenge),
        },
        ButtonAction::Decline { challenge } => Action::Decline {
            challenge: Some(challenge),
        },
        ButtonAction::Rematch { game } => Action::Rematch { game: Some(game) },
        ButtonAction::Reissue { challenge } => Action::Reissue { challenge },
        ButtonAction::Analyse { game } => Action::Analyse { game: Some(game) },
        ButtonAction::Resign { game } => Action::Resign {
            game: Some(game),
            confirmed: true,
        },
        ButtonAction::Answer {
            game,
            request,
            accept,
        } => Action::answer(request, Some(game), !accept),
        ButtonAction::Lesson { lesson, pit } => Action::Learn {
            lesson: Some(lesson),
            answer: Some(button_pit(pit)?),
        },
        ButtonAction::ForgetMe => Action::ForgetMe { confirmed: true },
        ButtonAction::Link { code } => Action::Link {
            code: Some(crate::service::LinkCode::new(code)),
            confirmed: true,
        },
        ButtonAction::Solve { puzzle, pit } => Action::Solve {
            pit: button_pit(pit)?,
            puzzle: Some(puzzle),
        },
    };
    let place = place_of(
        interaction.guild_id,
        interaction.channel_id,
        interaction.channel.as_ref(),
    );
    let author = user_of(&interaction.user);
    Some(
        Command::new(place, author, action)
            .with_role(role_of(interaction.member.as_ref()))
            .sent_at(sent_at(interaction.id.get()))
            .with_locale(&interaction.locale),
    )
}

/// A button's pit letter (`None`: not one this bot makes).
fn button_pit(pit: char) -> Option<Typed> {
    Typed::parse(pit.encode_utf8(&mut [0; 4])).ok()
}

/// The `/move` action: the typed pit and game.
///
/// # Errors
/// [`ParseError`] when `pit` is not a pit letter, saying what to type.
pub fn move_action(pit: &str, game: Option<i64>) -> Result<Action, ParseError> {
    Ok(Action::Move {
        pit: pit_word("/move", pit.trim())?,
        game: game.map(crate::service::GameId::new),
        ply: None,
    })
}

/// `/oware leaderboard [scope] [page] [of] [speed]`: pages count from 1; no speed
/// is the service's default (correspondence).
#[must_use]
pub fn leaderboard_action(
    scope: Option<ScopeChoice>,
    page: Option<u32>,
    of: Option<RankedChoice>,
    speed: Option<SpeedChoice>,
) -> Action {
    let global = scope == Some(ScopeChoice::Global);
    match of {
        // The advisers' ranking is of every speed.
        Some(RankedChoice::Advisers) => Action::Advisers { global },
        None | Some(RankedChoice::Players) => Action::Leaderboard {
            global,
            page: page.unwrap_or(1).max(1),
            speed: speed.map(Speed::from),
        },
    }
}

/// Autocomplete for `/move pit`: the legal pits that start with what was typed
/// (case-insensitively), as the canonical letters.
#[must_use]
pub fn pit_choices(legal: &[char], partial: &str) -> Vec<String> {
    let partial = partial.trim();
    legal
        .iter()
        .filter(|pit| {
            partial.is_empty()
                || partial
                    .chars()
                    .next()
                    .is_some_and(|c| c.eq_ignore_ascii_case(pit))
        })
        .map(char::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interaction_was_sent_at_its_snowflakes_time() {
        // Discord's documented example: 175928847299117063 is 2016-04-30 11:18:25.796 UTC.
        assert_eq!(sent_at(175_928_847_299_117_063), 1_462_015_105_796);
    }

    fn channel(kind: serenity::ChannelType, parent: Option<u64>) -> serenity::PartialChannel {
        serde_json::from_value(serde_json::json!({
            "id": "30",
            "type": u8::from(kind),
            "parent_id": parent.map(|p| p.to_string()),
        }))
        .expect("a partial channel")
    }

    #[test]
    fn a_channel_is_a_place_without_thread() {
        let text = channel(serenity::ChannelType::Text, None);
        let place = place_of(
            Some(serenity::GuildId::new(1)),
            serenity::ChannelId::new(30),
            Some(&text),
        );
        assert_eq!(
            place,
            Place {
                platform: Platform::Discord,
                space: Some("1".into()),
                channel: "30".into(),
                thread: None,
            }
        );
        let dm = place_of(None, serenity::ChannelId::new(30), None);
        assert_eq!((dm.space, dm.thread), (None, None));
    }

    #[test]
    fn a_thread_belongs_to_its_parent_channel() {
        let thread = channel(serenity::ChannelType::PublicThread, Some(20));
        let place = place_of(
            Some(serenity::GuildId::new(1)),
            serenity::ChannelId::new(30),
            Some(&thread),
        );
        assert_eq!(place.channel, "20");
        assert_eq!(place.thread.as_deref(), Some("30"));
        let opened = thread_place(
            &place_of(None, serenity::ChannelId::new(20), None),
            31.into(),
        );
        assert_eq!(
            (opened.channel.as_str(), opened.thread.as_deref()),
            ("20", Some("31"))
        );
    }

    #[test]
    fn administrator_or_manage_server_administers_a_server() {
        let member = |permissions: Option<serenity::Permissions>| -> serenity::Member {
            let mut member: serenity::Member = serde_json::from_value(serde_json::json!({
                "user": { "id": "1", "username": "a", "discriminator": "0" },
                "guild_id": "2",
                "roles": [],
                "joined_at": "2025-02-01T12:00:00.000000+00:00",
                "deaf": false,
                "mute": false,
                "flags": 0,
            }))
            .expect("a member");
            member.permissions = permissions;
            member
        };
        let with = |bits| role_of(Some(&member(Some(bits))));
        assert_eq!(with(serenity::Permissions::ADMINISTRATOR), Role::Admin);
        assert_eq!(
            with(serenity::Permissions::MANAGE_GUILD | serenity::Permissions::SEND_MESSAGES),
            Role::Admin
        );
        assert_eq!(
            with(serenity::Permissions::MANAGE_MESSAGES | serenity::Permissions::KICK_MEMBERS),
            Role::Member
        );
        assert_eq!(role_of(Some(&member(None))), Role::Member);
        assert_eq!(role_of(None), Role::Member);
    }

    #[test]
    fn pit_choices_filter_case_insensitively() {
        let legal = ['A', 'C', 'F'];
        assert_eq!(pit_choices(&legal, ""), ["A", "C", "F"]);
        assert_eq!(pit_choices(&legal, "c"), ["C"]);
        assert_eq!(pit_choices(&legal, " f "), ["F"]);
        assert!(pit_choices(&legal, "b").is_empty());
        assert!(pit_choices(&[], "").is_empty());
    }

    #[test]
    fn small_actions() {
        assert_eq!(
            move_action(" c ", Some(4)),
            Ok(Action::Move {
                pit: "c".parse().expect("a pit letter"),
                game: Some(crate::service::GameId::new(4)),
                ply: None
            })
        );
        // Refused before the service, with what to type.
        let lang = crate::i18n::Language::english();
        for (bad, says) in [
            ("g", "`g` is not a pit"),
            ("3", "`3` is a number"),
            (" ", "Which pit?"),
        ] {
            let refusal = move_action(bad, None).expect_err(bad).words(&lang);
            assert!(
                refusal.contains(says) && refusal.contains("/move c"),
                "{refusal}"
            );
        }
        assert_eq!(
            leaderboard_action(None, None, None, None),
            Action::Leaderboard {
                global: false,
                page: 1,
                speed: None
            }
        );
        assert_eq!(
            leaderboard_action(
                Some(ScopeChoice::Global),
                Some(0),
                None,
                Some(SpeedChoice::Live)
            ),
            Action::Leaderboard {
                global: true,
                page: 1,
                speed: Some(Speed::Live)
            }
        );
        assert_eq!(
            leaderboard_action(None, Some(2), None, Some(SpeedChoice::Correspondence)),
            Action::Leaderboard {
                global: false,
                page: 2,
                speed: Some(Speed::Correspondence)
            }
        );
        assert_eq!(
            leaderboard_action(
                Some(ScopeChoice::Global),
                None,
                Some(RankedChoice::Advisers),
                Some(SpeedChoice::Live)
            ),
            Action::Advisers { global: true }
        );
    }
}
