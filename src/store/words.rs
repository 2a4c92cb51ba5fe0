//! The status words of the `games`, `challenges` and `tournaments` tables, each
//! spelled once: a macro that expands to the word, so the SQL (`concat!("… status =
//! '", game_active!(), "'")`), the encoders and the decoders (as match patterns) all
//! use the same one, and a query never writes a status by hand.

/// A game being played.
macro_rules! game_active {
    () => {
        "active"
    };
}

/// A game over (its `result` and `reason` say how).
macro_rules! game_finished {
    () => {
        "finished"
    };
}

/// A challenge waiting for an answer.
macro_rules! challenge_pending {
    () => {
        "pending"
    };
}

/// A challenge accepted (its game started).
macro_rules! challenge_accepted {
    () => {
        "accepted"
    };
}

/// A challenge declined by the one challenged.
macro_rules! challenge_declined {
    () => {
        "declined"
    };
}

/// A challenge withdrawn (by the challenger, or for a forgotten person or place).
macro_rules! challenge_cancelled {
    () => {
        "cancelled"
    };
}

/// A challenge not answered in time.
macro_rules! challenge_expired {
    () => {
        "expired"
    };
}

/// A tournament taking entries.
macro_rules! tournament_open {
    () => {
        "open"
    };
}

/// A tournament whose rounds are being played.
macro_rules! tournament_running {
    () => {
        "running"
    };
}

/// A tournament over.
macro_rules! tournament_finished {
    () => {
        "finished"
    };
}

pub(crate) use {
    challenge_accepted, challenge_cancelled, challenge_declined, challenge_expired,
    challenge_pending, game_active, game_finished, tournament_finished, tournament_open,
    tournament_running,
};

#[cfg(test)]
mod tests {
    /// The words of `CHECK (status IN (…))` in the first `CREATE TABLE` named
    /// `table` in `sql`.
    fn checked(sql: &str, table: &str) -> Vec<String> {
        let start = sql
            .find(&format!("CREATE TABLE {table} ("))
            .unwrap_or_else(|| panic!("no table {table}"));
        let check = &sql[start..];
        let words = &check[check.find("CHECK (status IN (").expect("a status check") + 18..];
        let words = &words[..words.find(')').expect("the check ends")];
        words
            .split(',')
            .map(|word| word.trim().trim_matches('\'').to_owned())
            .collect()
    }

    /// Each table's schema allows exactly the status words spelled here, on both
    /// backends: a word added on one side only fails here, not in a query.
    #[test]
    fn the_words_are_the_schemas_words() {
        let games = [game_active!(), game_finished!()];
        let challenges = [
            challenge_pending!(),
            challenge_accepted!(),
            challenge_declined!(),
            challenge_cancelled!(),
            challenge_expired!(),
        ];
        let tournaments = [
            tournament_open!(),
            tournament_running!(),
            tournament_finished!(),
        ];
        let schemas = [
            (
                include_str!("../../migrations/sqlite/0001_players_challenges_games_moves.sql"),
                "games",
                &games[..],
            ),
            (
                include_str!("../../migrations/postgres/0001_players_challenges_games_moves.sql"),
                "games",
                &games[..],
            ),
            (
                include_str!("../../migrations/sqlite/0021_open_challenges.sql"),
                "challenges_new",
                &challenges[..],
            ),
            (
                include_str!("../../migrations/postgres/0001_players_challenges_games_moves.sql"),
                "challenges",
                &challenges[..],
            ),
            (
                include_str!("../../migrations/sqlite/0012_tournaments.sql"),
                "tournaments",
                &tournaments[..],
            ),
            (
                include_str!("../../migrations/postgres/0012_tournaments.sql"),
                "tournaments",
                &tournaments[..],
            ),
        ];
        for (sql, table, words) in schemas {
            assert_eq!(checked(sql, table), words, "{table}");
        }
    }
}
