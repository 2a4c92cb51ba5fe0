//! The ids of stored things, each its own type: a game's number cannot be passed
//! where a challenge's or a tournament's is meant. Each is stored and bound as the
//! integer it wraps, serialized as that number, and written as that number (`#12`
//! is `format!("#{id}")`, `c7` is `format!("c{id}")`).

/// Declares an id type wrapping an `i64`.
macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Clone,
            Copy,
            Debug,
            PartialEq,
            Eq,
            PartialOrd,
            Ord,
            Hash,
            serde::Serialize,
            serde::Deserialize,
            sqlx::Type,
        )]
        #[serde(transparent)]
        #[sqlx(transparent)]
        pub struct $name(i64);

        impl $name {
            /// The one numbered `id`.
            #[must_use]
            pub const fn new(id: i64) -> $name {
                $name(id)
            }

            /// The number.
            #[must_use]
            pub const fn get(self) -> i64 {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl From<$name> for i64 {
            fn from(id: $name) -> i64 {
                id.0
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(text: &str) -> Result<$name, Self::Err> {
                text.parse().map($name)
            }
        }
    };
}

id_type!(
    /// A game's id, the number players name it by (`#12`).
    GameId
);

id_type!(
    /// A challenge's id (`c7`).
    ChallengeId
);

id_type!(
    /// A tournament's id (`T3`).
    TournamentId
);

id_type!(
    /// A player's id: one account on one network (a row of `players`).
    PlayerId
);

id_type!(
    /// An identity's id: one person, whose linked accounts share it.
    IdentityId
);
