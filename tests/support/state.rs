//! The whole database as comparable values, and the oracle the fuzz tests hold every
//! command to: a command changes only the tables its kind may change, a refusal
//! changes nothing, and a move adds exactly one move, by its author.

use std::collections::BTreeMap;

use oware_bot::service::{generic_failure, Action, AdminAction, Command, Reply};
use sqlx::{postgres::PgPool, sqlite::SqliteConnectOptions, Row, SqlitePool};

/// A read-only window on a test database (its own connection, beside the service's):
/// an SQLite file or a PostgreSQL database (see `TempDb`).
pub enum Inspector {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Every table's rows (as JSON text, in rowid order), with `players` cut to the
/// columns that matter (a command may record a new player or refresh a name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DbState {
    pub tables: BTreeMap<String, String>,
    /// `(row id, platform, user id, identity)` of every player, in id order.
    pub players: Vec<(i64, String, String, Option<i64>)>,
}

impl Inspector {
    pub async fn open(url: &str) -> Inspector {
        if url.starts_with("postgres") {
            let pool = sqlx::postgres::PgPoolOptions::new()
                .max_connections(1)
                .connect(url)
                .await
                .expect("the test database opens");
            return Inspector::Postgres(pool);
        }
        let options: SqliteConnectOptions = url.parse().expect("a sqlite URL");
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options.read_only(true))
            .await
            .expect("the test database opens read-only");
        Inspector::Sqlite(pool)
    }

    /// The database now.
    pub async fn state(&self) -> DbState {
        let pool = match self {
            Inspector::Sqlite(pool) => pool,
            Inspector::Postgres(pool) => return postgres_state(pool).await,
        };
        let names: Vec<String> = sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'table'
             AND name NOT LIKE 'sqlite_%' AND name NOT IN ('_sqlx_migrations', 'players')
             ORDER BY name",
        )
        .fetch_all(pool)
        .await
        .expect("the table list");
        let mut tables = BTreeMap::new();
        for name in names {
            let columns: Vec<String> =
                sqlx::query_scalar("SELECT name FROM pragma_table_info(?) ORDER BY cid")
                    .bind(&name)
                    .fetch_all(pool)
                    .await
                    .expect("the table's columns");
            let list = columns
                .iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(", ");
            // Names from the schema itself, quoted: nothing typed by a user.
            let dump: String = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                "SELECT coalesce(json_group_array(json_array({list})), '[]')
                 FROM (SELECT * FROM \"{name}\" ORDER BY rowid)"
            )))
            .fetch_one(pool)
            .await
            .expect("the table's rows");
            tables.insert(name, dump);
        }
        let players =
            sqlx::query("SELECT id, platform, user_id, identity_id FROM players ORDER BY id")
                .fetch_all(pool)
                .await
                .expect("the players")
                .into_iter()
                .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
                .collect();
        DbState { tables, players }
    }

    /// Every table, `players` whole too, as one text: what a person's ids and names
    /// must not appear in once they are forgotten.
    pub async fn dump(&self) -> String {
        let mut text = format!("{:?}", self.state().await.tables);
        let players: Option<String> = match self {
            Inspector::Sqlite(pool) => sqlx::query_scalar(
                "SELECT json_group_array(json_array(id, platform, user_id, name, is_bot,
                     identity_id, away_until)) FROM players",
            )
            .fetch_one(pool)
            .await
            .expect("the players"),
            Inspector::Postgres(pool) => {
                sqlx::query_scalar("SELECT CAST(json_agg(p) AS TEXT) FROM players p")
                    .fetch_one(pool)
                    .await
                    .expect("the players")
            }
        };
        text.push_str(&players.unwrap_or_default());
        text
    }

    /// The platform user id of the player who made the newest stored move.
    pub async fn last_mover(&self) -> Option<String> {
        match self {
            Inspector::Sqlite(pool) => sqlx::query_scalar(
                "SELECT p.user_id FROM moves m JOIN players p ON p.id = m.player_id
                 ORDER BY m.rowid DESC LIMIT 1",
            )
            .fetch_optional(pool)
            .await
            .expect("the last move"),
            // The newest transaction's row (PostgreSQL has no rowid).
            Inspector::Postgres(pool) => sqlx::query_scalar(
                "SELECT p.user_id FROM moves m JOIN players p ON p.id = m.player_id
                 ORDER BY CAST(CAST(m.xmin AS TEXT) AS BIGINT) DESC LIMIT 1",
            )
            .fetch_optional(pool)
            .await
            .expect("the last move"),
        }
    }
}

/// [`Inspector::state`] on PostgreSQL: each table's rows as JSON, in a stable order.
async fn postgres_state(pool: &PgPool) -> DbState {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT CAST(table_name AS TEXT) FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
           AND table_name NOT IN ('_sqlx_migrations', 'players')
         ORDER BY 1",
    )
    .fetch_all(pool)
    .await
    .expect("the table list");
    let mut tables = BTreeMap::new();
    for name in names {
        // Names from the schema itself, quoted: nothing typed by a user.
        let dump: String = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT COALESCE(CAST(json_agg(t ORDER BY CAST(t AS TEXT)) AS TEXT), '[]')
             FROM \"{name}\" t"
        )))
        .fetch_one(pool)
        .await
        .expect("the table's rows");
        tables.insert(name, dump);
    }
    let players = sqlx::query("SELECT id, platform, user_id, identity_id FROM players ORDER BY id")
        .fetch_all(pool)
        .await
        .expect("the players")
        .into_iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect();
    DbState { tables, players }
}

/// The tables a command of this kind may change when it is carried out. Any
/// command whose reply shows a board may also record, in `user_settings`, that its
/// author has been shown the board's legend.
pub fn may_change(action: &Action) -> &'static [&'static str] {
    match action {
        // A challenge, or straight away a game against the engine (its turn a job).
        Action::Play { .. } | Action::Open { .. } => {
            &["challenges", "games", "jobs", "outbox", "user_settings"]
        }
        Action::Accept { .. } => &["challenges", "games", "jobs", "outbox", "user_settings"],
        // A pending challenge has its expiry job.
        Action::Decline { .. } | Action::Cancel { .. } => &["challenges", "jobs", "outbox"],
        Action::Rematch { .. } | Action::Reissue { .. } => {
            &["challenges", "games", "jobs", "outbox", "user_settings"]
        }
        // A move may also record a once-a-game note (North typed a capital).
        Action::Move { .. } | Action::Resign { .. } | Action::End { .. } | Action::Draw { .. } => {
            &[
                "games",
                "game_notes",
                "moves",
                "ratings",
                "rating_history",
                "jobs",
                "outbox",
                "user_settings",
            ]
        }
        // A takeback also deletes the advice given after the moves it takes back.
        Action::Takeback { .. } => &[
            "games",
            "moves",
            "advice",
            "jobs",
            "outbox",
            "user_settings",
        ],
        Action::Abort { .. } => &["games", "jobs", "outbox", "user_settings"],
        Action::Advise { .. } => &["advice"],
        // An analysis is a job (and its result, later, an outbox message).
        Action::Analyse { .. } => &["jobs"],
        // Giving a puzzle records it (and may make a batch from the tables).
        Action::Puzzle { .. } => &["puzzle_attempts", "puzzles", "daily_puzzles", "jobs"],
        Action::Solve { .. } => &["puzzle_attempts", "puzzle_ratings", "puzzles"],
        Action::Link { .. } => &["link_codes", "ratings"],
        Action::Unlink => &["ratings", "rating_history"],
        // A sign-in link, or every session ended.
        Action::Web { .. } => &["web_signins", "web_sessions"],
        Action::Learn { .. } => &["lessons_done", "user_settings"],
        // Going away or coming back moves the clocks of the author's games (their
        // jobs too) and tells their opponents.
        Action::Vacation(_) => &["vacations", "players", "games", "jobs", "outbox"],
        Action::Board { .. } => &["user_settings"],
        // Forgetting someone touches every table that names them.
        Action::ForgetMe { .. } => FORGETTING,
        Action::Admin(admin) if matches!(**admin, AdminAction::Forget { .. }) => FORGETTING,
        Action::Games
        | Action::Live
        | Action::Rules
        | Action::Help
        | Action::HelpPlay
        | Action::HelpMore
        | Action::Leaderboard { .. }
        | Action::Stats { .. }
        | Action::History { .. }
        | Action::Replay { .. }
        | Action::Advisers { .. }
        | Action::Misunderstood { .. }
        | Action::Export
        | Action::Privacy
        | Action::Status => &[],
        Action::Settings { .. } => &["settings"],
        Action::MySettings { .. } => &["user_settings"],
        // An admin's abort or decision ends a game (rated like any result); a ban
        // or an unban changes the bans; each is written in the audit log.
        Action::Admin(_) => &[
            "user_settings",
            "games",
            "ratings",
            "rating_history",
            "jobs",
            "outbox",
            "bans",
            "audit",
        ],
        Action::Report { .. } => &["audit"],
        // Starting a tournament starts its first round's games.
        Action::Tournament(_) => &[
            "user_settings",
            "tournaments",
            "tournament_players",
            "tournament_boards",
            "games",
            "jobs",
            "outbox",
        ],
    }
}

/// The tables forgetting someone may change.
const FORGETTING: &[&str] = &[
    "players",
    "ratings",
    "rating_history",
    "advice",
    "advice_judgments",
    "link_codes",
    "vacations",
    "challenges",
    "puzzle_attempts",
    "puzzle_ratings",
    "user_settings",
    "lessons_done",
    "dm_rooms",
    "delivery_backoff",
    "bans",
    "settings",
    "audit",
    "outbox",
    "jobs",
    "anchors",
    // An admin's forget re-points the person's games there to a stand-in.
    "games",
    "moves",
    "tournaments",
    "tournament_players",
    "web_signins",
    "web_sessions",
];

/// Commands whose success is a private reply (so privacy does not mean refusal).
fn succeeds_privately(action: &Action) -> bool {
    matches!(
        action,
        Action::Link { .. }
            | Action::Unlink
            | Action::Web { .. }
            | Action::Abort { .. }
            | Action::Advise { .. }
            | Action::Status
            | Action::Settings { .. }
            | Action::MySettings { .. }
            | Action::Admin(_)
            | Action::Report { .. }
            | Action::Learn { .. }
            | Action::Vacation(_)
            | Action::Misunderstood { .. }
            | Action::Export
            | Action::ForgetMe { .. }
    )
}

/// Checks one command's effect: `before` and `after` the service handled `cmd` and
/// answered `reply`. Returns what went wrong, if anything.
pub async fn check_effect(
    inspector: &Inspector,
    cmd: &Command,
    reply: &Reply,
    before: &DbState,
    after: &DbState,
) -> Result<(), String> {
    let lang = &oware_bot::i18n::Language::english();
    if reply.text == generic_failure(lang) {
        return Err(format!("an internal failure for {cmd:?}"));
    }
    let changed: Vec<&str> = after
        .tables
        .iter()
        .filter(|(name, rows)| before.tables.get(*name) != Some(rows))
        .map(|(name, _)| name.as_str())
        .collect();
    // Players may be added, never changed or dropped, except by linking.
    let known = &after.players[..before.players.len().min(after.players.len())];
    let players_changed = known != before.players.as_slice();
    let forgets = match &cmd.action {
        Action::ForgetMe { .. } => true,
        Action::Admin(admin) => matches!(**admin, AdminAction::Forget { .. }),
        _ => false,
    };
    if players_changed && !matches!(cmd.action, Action::Link { .. } | Action::Unlink) && !forgets {
        return Err(format!("{cmd:?} changed a player's identity"));
    }
    if reply.private && !succeeds_privately(&cmd.action) && (!changed.is_empty() || players_changed)
    {
        return Err(format!(
            "a refusal ({}) changed {changed:?} for {cmd:?}",
            reply.text
        ));
    }
    let allowed = may_change(&cmd.action);
    if let Some(table) = changed.iter().find(|t| !allowed.contains(t)) {
        return Err(format!("{cmd:?} changed {table}, which it may not"));
    }
    if changed.contains(&"moves") {
        let count = |state: &DbState| {
            serde_json::from_str::<Vec<serde_json::Value>>(&state.tables["moves"])
                .map(|rows| rows.len())
                .unwrap_or(0)
        };
        let (was, now) = (count(before), count(after));
        // A takeback removes the asker's last move, and the reply to it if any.
        if matches!(cmd.action, Action::Takeback { .. }) {
            if now + 1 != was && now + 2 != was {
                return Err(format!("{cmd:?} took the moves from {was} back to {now}"));
            }
            return Ok(());
        }
        if !matches!(cmd.action, Action::Move { .. }) {
            return Err(format!("{cmd:?} stored a move"));
        }
        if now != was + 1 {
            return Err(format!("{cmd:?} took the moves from {was} to {now}"));
        }
        let mover = inspector.last_mover().await;
        if mover.as_deref() != Some(cmd.author.id.as_str()) {
            return Err(format!("{cmd:?} stored a move by {mover:?}"));
        }
    }
    Ok(())
}
