//! Who may act on whom: the one place that answers it. Every use case that acts on
//! another person, on a place or on something made at a place asks [`judge`] before
//! it changes anything, with the [`Facts`] it knows (the author's [`Role`], which
//! the platform and the configuration give, and how the target stands towards the
//! place). The rules are [`TABLE`]: one row a deed, the standings it is allowed
//! from; a standing not listed is refused.
//!
//! The principles (DESIGN.md section 12):
//! - a person acts on themselves (their settings, their export, their accounts, their
//!   own erasure everywhere);
//! - a place's admins act on what that place holds (its settings, games, records,
//!   messages) and on its people there: an admin's erasure erases the person's
//!   records at that place, never elsewhere, and only of someone who played there.
//!   A tie comes from play at the place, never from something the admin just did (a
//!   challenge the admin made names the person, but ties them to nothing);
//! - keeping someone out of a place (a ban) is the place's own business: it may name
//!   anyone, and it touches nothing of theirs elsewhere;
//! - the bot's owners act everywhere, except on what is a person's alone (their
//!   export, their links): erasure everywhere is the person's own or the owners'.

use super::Role;

/// What is done, to a person or to a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deed {
    /// Change a place's settings (`/oware settings key:value`).
    ChangePlaceSettings,
    /// Read a place's records: its status, audit log and bans.
    ReadPlaceRecords,
    /// Read the whole bot's status (every place, every network).
    ReadBotStatus,
    /// Abort or adjudicate a game of a place.
    DecideGame,
    /// Send a place's dead messages again.
    Redeliver,
    /// Keep a person from challenging or accepting games at a place.
    Ban,
    /// Lift such a ban.
    Unban,
    /// Erase a person's records at one place (their games there show "deleted
    /// player"); nothing of theirs elsewhere.
    ForgetAtPlace,
    /// Erase a person's identity everywhere.
    ForgetEverywhere,
    /// Read everything the bot keeps about a person.
    Export,
    /// Join an account to a person's identity, or take one out of it.
    Link,
    /// Change a person's own settings (`/oware settings me`).
    ChangeOwnSettings,
    /// Sign a person in to the web pages, or end their web sessions.
    WebSession,
    /// Create a tournament at a place.
    CreateTournament,
    /// Start a tournament.
    StartTournament,
    /// Accept a challenge: one's own to answer (addressed to the author, or open
    /// to anyone at the place), never one addressed to somebody else.
    AcceptChallenge,
}

/// How the author stands towards the target of a deed: what [`TABLE`] is read by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Standing {
    /// The person themselves (an account of their own identity).
    Themselves,
    /// One of the bot's owners (`OWARE_OWNERS`), on anyone or any place.
    Owner,
    /// An admin of the place, on the place itself or on something it holds.
    PlaceAdmin,
    /// An admin of the place, on a person who played a game there.
    AdminOfTheirs,
    /// An admin of the place, on a person who never played there.
    AdminOfStranger,
    /// Someone who made the thing acted on (a tournament's creator).
    Maker,
    /// A member, on the place, where its settings open the deed to anyone.
    OpenToAnyone,
    /// Anyone else.
    Member,
}

/// Who may do what: for each deed, the standings it is allowed from. A reader checks
/// the rules here, and `a_walk_of_every_actor_deed_and_target` checks this table
/// against the principles above.
pub const TABLE: &[(Deed, &[Standing])] = {
    use Standing::{
        AdminOfStranger, AdminOfTheirs, Maker, OpenToAnyone, Owner, PlaceAdmin, Themselves,
    };
    &[
        (Deed::ChangePlaceSettings, &[Owner, PlaceAdmin]),
        (Deed::ReadPlaceRecords, &[Owner, PlaceAdmin]),
        (Deed::ReadBotStatus, &[Owner]),
        (Deed::DecideGame, &[Owner, PlaceAdmin]),
        (Deed::Redeliver, &[Owner, PlaceAdmin]),
        (Deed::Ban, &[Owner, AdminOfTheirs, AdminOfStranger]),
        (Deed::Unban, &[Owner, AdminOfTheirs, AdminOfStranger]),
        (Deed::ForgetAtPlace, &[Owner, AdminOfTheirs]),
        (Deed::ForgetEverywhere, &[Themselves, Owner]),
        (Deed::Export, &[Themselves]),
        (Deed::Link, &[Themselves]),
        (Deed::ChangeOwnSettings, &[Themselves]),
        (Deed::WebSession, &[Themselves]),
        (Deed::CreateTournament, &[Owner, PlaceAdmin, OpenToAnyone]),
        (Deed::StartTournament, &[Owner, PlaceAdmin, Maker]),
        (Deed::AcceptChallenge, &[Themselves]),
    ]
};

/// What a deed is done to, as the use case knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The place where the command was given, or something it holds (a game of
    /// it, its settings, its records). `open`: the place's settings let anyone do
    /// this deed (e.g. `tournaments:anyone`).
    Place {
        /// Whether the place opens the deed to anyone.
        open: bool,
    },
    /// A person.
    Person {
        /// The author themselves (the same account, or one linked to theirs).
        themselves: bool,
        /// The person played a game at the place (finished or not). A pending
        /// challenge is no tie: anyone can make one to anyone.
        played_here: bool,
    },
    /// Something made at the place by someone (a tournament).
    Made {
        /// The author made it.
        by_author: bool,
    },
}

impl Target {
    /// The author themselves.
    pub const THEMSELVES: Target = Target::Person {
        themselves: true,
        played_here: false,
    };

    /// Another person, who played at the place or not.
    #[must_use]
    pub fn other(played_here: bool) -> Target {
        Target::Person {
            themselves: false,
            played_here,
        }
    }
}

/// How `role` stands towards `target`.
#[must_use]
pub fn standing(role: Role, target: Target) -> Standing {
    let admin = role >= Role::Admin;
    match target {
        Target::Person {
            themselves: true, ..
        } => Standing::Themselves,
        _ if role == Role::Owner => Standing::Owner,
        Target::Person { played_here, .. } if admin => {
            if played_here {
                Standing::AdminOfTheirs
            } else {
                Standing::AdminOfStranger
            }
        }
        Target::Place { .. } | Target::Made { .. } if admin => Standing::PlaceAdmin,
        Target::Made { by_author: true } => Standing::Maker,
        Target::Place { open: true } => Standing::OpenToAnyone,
        _ => Standing::Member,
    }
}

/// A refusal: the deed is not allowed from this standing. The use case turns it
/// into its own error, which says what to do instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused {
    /// What was asked.
    pub deed: Deed,
    /// How the author stood.
    pub standing: Standing,
}

/// Whether `deed` is allowed from `standing`, by [`TABLE`].
#[must_use]
pub fn allows(deed: Deed, standing: Standing) -> bool {
    TABLE
        .iter()
        .find(|(d, _)| *d == deed)
        .is_some_and(|(_, allowed)| allowed.contains(&standing))
}

/// Whether an author with `role` may do `deed` to `target`.
///
/// # Errors
/// [`Refused`] when [`TABLE`] does not allow it.
pub fn judge(deed: Deed, role: Role, target: Target) -> Result<(), Refused> {
    let standing = standing(role, target);
    if allows(deed, standing) {
        Ok(())
    } else {
        Err(Refused { deed, standing })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEEDS: [Deed; 16] = [
        Deed::ChangePlaceSettings,
        Deed::ReadPlaceRecords,
        Deed::ReadBotStatus,
        Deed::DecideGame,
        Deed::Redeliver,
        Deed::Ban,
        Deed::Unban,
        Deed::ForgetAtPlace,
        Deed::ForgetEverywhere,
        Deed::Export,
        Deed::Link,
        Deed::ChangeOwnSettings,
        Deed::WebSession,
        Deed::CreateTournament,
        Deed::StartTournament,
        Deed::AcceptChallenge,
    ];

    #[test]
    fn every_deed_has_exactly_one_row() {
        for deed in DEEDS {
            assert_eq!(
                TABLE.iter().filter(|(d, _)| *d == deed).count(),
                1,
                "{deed:?}"
            );
        }
        assert_eq!(TABLE.len(), DEEDS.len());
    }

    /// Every target a use case can name.
    fn targets() -> Vec<Target> {
        vec![
            Target::Place { open: false },
            Target::Place { open: true },
            Target::THEMSELVES,
            Target::other(true),
            Target::other(false),
            Target::Made { by_author: true },
            Target::Made { by_author: false },
        ]
    }

    /// The principles of the module, written as a second, independent statement of
    /// the rules: the table must agree with it for every actor, deed and target.
    fn principle(deed: Deed, role: Role, target: Target) -> bool {
        // On themselves, an owner is a person like any other.
        let owner = role == Role::Owner && target != Target::THEMSELVES;
        let admin = role >= Role::Admin;
        match (deed, target) {
            // What is a person's alone: only they, wherever they are.
            (
                Deed::Export
                | Deed::Link
                | Deed::ChangeOwnSettings
                | Deed::WebSession
                | Deed::AcceptChallenge,
                t,
            ) => t == Target::THEMSELVES,
            // Erasure everywhere: the person's own choice, or the owners'.
            (Deed::ForgetEverywhere, t) => t == Target::THEMSELVES || owner,
            // An admin erases at their place only someone who played there.
            (
                Deed::ForgetAtPlace,
                Target::Person {
                    themselves: false,
                    played_here,
                },
            ) => owner || (admin && played_here),
            (Deed::ForgetAtPlace, _) => owner,
            // A place keeps out whom it wants; it changes nothing elsewhere.
            (
                Deed::Ban | Deed::Unban,
                Target::Person {
                    themselves: false, ..
                },
            ) => admin,
            (Deed::Ban | Deed::Unban, _) => owner,
            (Deed::ReadBotStatus, _) => owner,
            (Deed::CreateTournament, Target::Place { open }) => admin || open,
            (Deed::StartTournament, Target::Made { by_author }) => admin || by_author,
            (Deed::CreateTournament | Deed::StartTournament, Target::Person { .. }) => owner,
            (Deed::CreateTournament | Deed::StartTournament, _) => admin,
            (
                Deed::ChangePlaceSettings
                | Deed::ReadPlaceRecords
                | Deed::DecideGame
                | Deed::Redeliver,
                Target::Place { .. } | Target::Made { .. },
            ) => admin,
            (
                Deed::ChangePlaceSettings
                | Deed::ReadPlaceRecords
                | Deed::DecideGame
                | Deed::Redeliver,
                Target::Person { .. },
            ) => owner,
        }
    }

    #[test]
    fn a_walk_of_every_actor_deed_and_target() {
        for role in [Role::Member, Role::Admin, Role::Owner] {
            for deed in DEEDS {
                for target in targets() {
                    assert_eq!(
                        judge(deed, role, target).is_ok(),
                        principle(deed, role, target),
                        "{role:?} doing {deed:?} to {target:?} ({:?})",
                        standing(role, target)
                    );
                }
            }
        }
    }

    /// The holes the security review found, each one closed here.
    #[test]
    fn the_reviews_holes_stay_closed() {
        // H1: an admin (on Matrix, anyone who made a room) erases someone
        // everywhere, or at a place where they only were challenged.
        assert!(judge(Deed::ForgetEverywhere, Role::Admin, Target::other(true)).is_err());
        assert_eq!(
            judge(Deed::ForgetAtPlace, Role::Admin, Target::other(false)),
            Err(Refused {
                deed: Deed::ForgetAtPlace,
                standing: Standing::AdminOfStranger
            })
        );
        assert!(judge(Deed::ForgetAtPlace, Role::Admin, Target::other(true)).is_ok());
        // L5 and M5: another person's export or accounts, even for an owner.
        for role in [Role::Member, Role::Admin, Role::Owner] {
            assert!(judge(Deed::Export, role, Target::other(true)).is_err());
            assert!(judge(Deed::Link, role, Target::other(true)).is_err());
        }
        // A challenge addressed to someone else is theirs to answer, even for an
        // owner or an admin (from chat or from a place's page).
        for role in [Role::Member, Role::Admin, Role::Owner] {
            assert!(judge(Deed::AcceptChallenge, role, Target::other(true)).is_err());
            assert!(judge(Deed::AcceptChallenge, role, Target::THEMSELVES).is_ok());
        }
        // A person's own: always theirs, whatever their role.
        for role in [Role::Member, Role::Admin, Role::Owner] {
            assert!(judge(Deed::ForgetEverywhere, role, Target::THEMSELVES).is_ok());
            assert!(judge(Deed::Export, role, Target::THEMSELVES).is_ok());
        }
        // Members administer nothing; owners everything that is not a person's own.
        assert!(judge(Deed::Ban, Role::Member, Target::other(true)).is_err());
        assert!(judge(Deed::ForgetEverywhere, Role::Owner, Target::other(false)).is_ok());
        assert!(judge(
            Deed::ReadBotStatus,
            Role::Admin,
            Target::Place { open: false }
        )
        .is_err());
    }
}
