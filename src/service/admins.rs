//! Who administers what beyond what the platforms say: the bot's owners
//! (`OWARE_OWNERS`), who administer every place, and the console's admin
//! (`OWARE_CONSOLE_ADMIN`). The adapters report the platform's own admins (Discord's
//! Manage Server, Matrix power levels) on each [`Command`]; [`Admins::recognise`]
//! completes the [`Role`] when the command reaches the service.

use super::{Command, Platform};

/// What the author of a command may do at its place beyond playing. The adapter says
/// what the platform says; the service adds the bot's owners (`OWARE_OWNERS`) and the
/// console's admin (`OWARE_CONSOLE_ADMIN`) when the command arrives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// Plays, watches and asks, like everyone.
    #[default]
    Member,
    /// Administers this place: Manage Server (or Administrator) in a Discord server,
    /// power level 50 or more in a Matrix room, `OWARE_CONSOLE_ADMIN` on the console.
    Admin,
    /// Runs the bot (`OWARE_OWNERS`): administers every place.
    Owner,
}

/// One of the bot's owners: an account on one network. An id matches on its own
/// network only, so a console name `123` is not the Discord account `123`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    /// Their network.
    pub platform: Platform,
    /// Their user id there.
    pub id: String,
}

impl Owner {
    /// An `OWARE_OWNERS` entry: `discord:…`, `matrix:…` or `console:…`, or a bare id
    /// whose form says its network (digits: Discord; `@name:server`: Matrix;
    /// anything else: a console name, lowercase as console ids are).
    #[must_use]
    pub fn parse(entry: &str) -> Owner {
        if let Some((network, id)) = entry.split_once(':') {
            if let Some(platform) = Platform::from_name(&network.to_ascii_lowercase()) {
                return Owner::on(platform, id);
            }
        }
        let platform = if !entry.is_empty() && entry.bytes().all(|b| b.is_ascii_digit()) {
            Platform::Discord
        } else if entry.starts_with('@') && entry.contains(':') {
            Platform::Matrix
        } else {
            Platform::Console
        };
        Owner::on(platform, entry)
    }

    fn on(platform: Platform, id: &str) -> Owner {
        let id = match platform {
            Platform::Console => id.trim_start_matches('@').to_lowercase(),
            Platform::Discord | Platform::Matrix => id.to_owned(),
        };
        Owner { platform, id }
    }
}

/// The owners and the console's admin, from the configuration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Admins {
    /// The bot's owners, each an account on one network.
    pub owners: Vec<Owner>,
    /// The console user (lowercase, as console ids are) who administers the console.
    pub console: Option<String>,
}

impl Admins {
    /// The command with its author's full role: an owner is [`Role::Owner`]
    /// anywhere, the console's admin [`Role::Admin`] on the console; anyone else
    /// keeps the role the adapter gave.
    #[must_use]
    pub fn recognise(&self, cmd: Command) -> Command {
        let id = cmd.author.id.as_str();
        let platform = cmd.place.platform;
        let owner = |o: &Owner| o.platform == platform && o.id == id;
        let role = if self.owners.iter().any(owner) {
            Role::Owner
        } else if cmd.place.platform == Platform::Console && self.console.as_deref() == Some(id) {
            cmd.role.max(Role::Admin)
        } else {
            cmd.role
        };
        cmd.with_role(role)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Action, Place, User};

    fn cmd(platform: Platform, id: &str, role: Role) -> Command {
        let place = Place {
            platform,
            space: None,
            channel: "here".into(),
            thread: None,
        };
        let author = User {
            id: id.into(),
            name: id.into(),
            is_bot: false,
        };
        Command::new(place, author, Action::Status).with_role(role)
    }

    #[test]
    fn owners_everywhere_the_console_admin_on_the_console() {
        let admins = Admins {
            owners: [
                "111",
                "@root:example.org",
                "matrix:@ops:example.org",
                "Console:Bob",
            ]
            .map(Owner::parse)
            .to_vec(),
            console: Some("alice".into()),
        };
        let role = |platform, id, said| admins.recognise(cmd(platform, id, said)).role;
        assert_eq!(role(Platform::Discord, "111", Role::Member), Role::Owner);
        assert_eq!(
            role(Platform::Matrix, "@root:example.org", Role::Admin),
            Role::Owner
        );
        assert_eq!(role(Platform::Console, "alice", Role::Member), Role::Admin);
        assert_eq!(
            role(Platform::Matrix, "@ops:example.org", Role::Member),
            Role::Owner
        );
        assert_eq!(role(Platform::Console, "bob", Role::Member), Role::Owner);
        // An id is an owner on its own network only (L12 of the security review).
        assert_eq!(role(Platform::Console, "111", Role::Member), Role::Member);
        assert_eq!(role(Platform::Discord, "bob", Role::Member), Role::Member);
        assert_eq!(
            role(Platform::Console, "@root:example.org", Role::Member),
            Role::Member
        );
        // The console's admin is nobody special elsewhere.
        assert_eq!(role(Platform::Matrix, "alice", Role::Member), Role::Member);
        // The platform's own admins stay admins; members stay members.
        assert_eq!(role(Platform::Discord, "222", Role::Admin), Role::Admin);
        assert_eq!(role(Platform::Discord, "222", Role::Member), Role::Member);
        assert_eq!(
            Admins::default()
                .recognise(cmd(Platform::Console, "alice", Role::Member))
                .role,
            Role::Member
        );
    }
}
