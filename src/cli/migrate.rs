//! `oware-bot migrate-data --from URL --to URL`: copies every table of one database
//! into another, empty one (SQLite to PostgreSQL, back, or SQLite to SQLite), then
//! checks the copy: every table's row count against the source's, and every game
//! replayed from its moves with the rules core against the boards and scores stored.

use std::collections::BTreeSet;
use std::fmt;
use std::io::Write;

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::rules::{Game, Pit, Variant};
use crate::service::end_as_stored;
use crate::store::{redact, CopyProgress, CopySource, Ending, GameRow, MoveRow, Store};

/// Arguments of `oware-bot migrate-data`.
#[derive(Args)]
pub struct MigrateDataArgs {
    /// The database to copy, read only: `sqlite://oware.db` (or a path) or
    /// `postgres://user:password@host/db`.
    #[arg(long, value_name = "URL")]
    pub from: String,
    /// The database to copy into, which must hold no player or game: a new SQLite
    /// file or a newly created PostgreSQL database. Its schema is made first.
    #[arg(long, value_name = "URL")]
    pub to: String,
}

/// Without the passwords: a failed command may be logged with its arguments.
impl fmt::Debug for MigrateDataArgs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MigrateDataArgs")
            .field("from", &redact(&self.from))
            .field("to", &redact(&self.to))
            .finish()
    }
}

/// Copies and checks, printing the summary to `out` and the progress to stderr.
///
/// # Errors
/// Either database cannot be opened; the copy is refused (the target is not empty,
/// the migrations differ) or fails (nothing is written then); or the check finds a
/// difference, which the message lists.
pub fn run(args: &MigrateDataArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(migrate(args, out))
}

async fn migrate(args: &MigrateDataArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let (from, to) = (redact(&args.from), redact(&args.to));
    anyhow::ensure!(
        args.from.trim() != args.to.trim(),
        "--from and --to name the same database: give --to a new, empty one"
    );
    // The source first: a mistyped one must not leave a new target behind.
    let source = CopySource::open(&args.from)
        .await
        .with_context(|| format!("cannot read the source database (--from {from})"))?;
    let target = Store::open(&args.to)
        .await
        .with_context(|| format!("cannot prepare the target database (--to {to})"))?;
    eprintln!("copying {from} into {to}");
    let mut bar = TableBars::default();
    let copied = target
        .copy_from(&source, |p| bar.show(p))
        .await
        .with_context(|| format!("nothing was copied into {to}"))?;
    bar.done();

    let mut problems = Vec::new();
    let source_now = source.row_counts().await?;
    let target_now = target.row_counts().await?;
    source.close().await;
    let tables: BTreeSet<&String> = copied
        .keys()
        .chain(source_now.keys())
        .chain(target_now.keys())
        .collect();
    for table in &tables {
        let [copied, source, target] =
            [&copied, &source_now, &target_now].map(|c| c.get(*table).copied().unwrap_or(0));
        if target != copied {
            problems.push(format!(
                "table {table}: {copied} rows copied but {target} in the target"
            ));
        } else if source != copied {
            problems.push(format!(
                "table {table}: the source has {source} rows now but had {copied} when the \
                 copy began (it changed during the copy: stop every bot using it first)"
            ));
        }
    }
    let games = replay_games(&target, &mut problems).await?;
    target.close().await;

    let rows: i64 = copied.values().sum();
    writeln!(
        out,
        "copied {}, {}, from {from} into {to}",
        plural(copied.len(), "table"),
        plural(rows, "row")
    )?;
    for (table, n) in &copied {
        writeln!(out, "  {table:<20} {n:>9}")?;
    }
    writeln!(out, "replayed {} from their moves", plural(games, "game"))?;
    if problems.is_empty() {
        writeln!(
            out,
            "every table's row count matches the source's and every game replays"
        )?;
        Ok(())
    } else {
        out.flush()?;
        anyhow::bail!(
            "the copy in {to} differs from the source ({} problem{}); do not use it: drop \
             it, fix the cause and migrate again into a new database:\n  - {}",
            problems.len(),
            if problems.len() == 1 { "" } else { "s" },
            problems.join("\n  - ")
        )
    }
}

/// One progress bar per table on stderr; plain lines when stderr is not a terminal.
#[derive(Default)]
struct TableBars {
    bar: Option<ProgressBar>,
}

impl TableBars {
    fn show(&mut self, progress: CopyProgress<'_>) {
        match progress {
            CopyProgress::Started { table, rows } => {
                self.done();
                let bar = ProgressBar::new(u64::try_from(rows).unwrap_or(0)).with_style(
                    ProgressStyle::with_template("{msg:>20} [{bar:30}] {pos}/{len} rows")
                        .expect("a valid template")
                        .progress_chars("=> "),
                );
                bar.set_message(table.to_owned());
                self.bar = Some(bar);
            }
            CopyProgress::Copied { rows, .. } => {
                if let Some(bar) = &self.bar {
                    bar.set_position(u64::try_from(rows).unwrap_or(0));
                }
            }
            CopyProgress::Finished { table, rows } => {
                if self.bar.as_ref().is_some_and(ProgressBar::is_hidden) {
                    eprintln!("copied {table}: {}", plural(rows, "row"));
                }
                self.done();
            }
        }
    }

    fn done(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish();
        }
    }
}

/// Replays every game of `store`, adding what differs to `problems`; returns how many
/// games were replayed.
async fn replay_games(store: &Store, problems: &mut Vec<String>) -> anyhow::Result<usize> {
    let ids = store.game_ids().await?;
    let bar = ProgressBar::new(ids.len() as u64).with_style(
        ProgressStyle::with_template("{msg:>20} [{bar:30}] {pos}/{len} games")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.set_message("replaying");
    for &id in &ids {
        let Some(row) = store.game(id).await? else {
            problems.push(format!("game #{id} cannot be read back with its players"));
            continue;
        };
        let moves = store.moves(id).await?;
        if let Err(why) = check_game(&row, &moves) {
            problems.push(format!("game #{id}: {why}"));
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(ids.len())
}

/// Replays a stored game with the rules core, as the service does: its moves from
/// the start position, then the ending stored without a move (resignation, timeout,
/// abort, agreement). Every move's board and scores, the game's scores and its
/// result must be the stored ones.
fn check_game(row: &GameRow, moves: &[MoveRow]) -> Result<(), String> {
    let variant: Variant = row.variant;
    if i64::try_from(moves.len()).ok() != Some(row.ply) {
        return Err(format!(
            "{} moves stored, but the game is at move {}",
            moves.len(),
            row.ply
        ));
    }
    let pits = moves
        .iter()
        .zip(1..)
        .map(|(m, ply)| {
            let mut letters = m.pit.chars();
            match (letters.next().and_then(Pit::from_letter), letters.next()) {
                (Some(pit), None) if m.ply == ply => Ok(pit),
                (Some(_), None) => Err(format!("move {ply} is stored as ply {}", m.ply)),
                _ => Err(format!("move {ply}: {:?} is not a pit", m.pit)),
            }
        })
        .collect::<Result<Vec<Pit>, String>>()?;
    let mut game = Game::from_moves(variant, &pits)
        .map_err(|(i, e)| format!("move {} ({}) does not replay: {e}", i + 1, pits[i].letter()))?;
    for (ply, stored) in game.plies().iter().zip(moves) {
        let board = ply.after.board().map(i64::from);
        let scores = ply.after.scores().map(i64::from);
        let stored_board: Vec<i64> = stored
            .board_after
            .split(',')
            .map(|n| n.trim().parse().unwrap_or(-1))
            .collect();
        if stored_board != board || [stored.south_score, stored.north_score] != scores {
            return Err(format!(
                "after move {} the replay has board {} and scores {}–{}, but {} and {}–{} \
                 are stored",
                stored.ply,
                join(&board),
                scores[0],
                scores[1],
                stored.board_after,
                stored.south_score,
                stored.north_score
            ));
        }
    }
    if row.is_active() && game.is_over() {
        return Err("stored as active, but its moves end it".to_owned());
    }
    end_as_stored(row, &mut game).map_err(|e| e.to_string())?;
    let scores = game.position().scores().map(i64::from);
    if [row.south_score, row.north_score] != scores {
        return Err(format!(
            "the replay ends {}–{}, but the game is stored at {}–{}",
            scores[0], scores[1], row.south_score, row.north_score
        ));
    }
    if let (Some(outcome), Some(stored)) = (game.outcome(), row.state.ending()) {
        let replayed = Ending::from(outcome);
        if replayed != stored {
            return Err(format!(
                "the replay ends by {} with result {}, but {} with {} is stored",
                replayed.reason_column(),
                replayed.result_column().unwrap_or("none"),
                stored.reason_column(),
                stored.result_column().unwrap_or("none")
            ));
        }
    }
    Ok(())
}

/// `1 game`, `2 games`.
fn plural(n: impl std::fmt::Display, word: &str) -> String {
    let n = n.to_string();
    let s = if n == "1" { "" } else { "s" };
    format!("{n} {word}{s}")
}

fn join(numbers: &[i64]) -> String {
    numbers
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::GameState;

    fn row(ply: i64, scores: [i64; 2], status: &str, reason: Option<&str>) -> GameRow {
        GameRow {
            id: 1,
            platform: "console".into(),
            space: None,
            channel: "c".into(),
            thread: None,
            south_id: 1,
            south_user: "a".into(),
            south_name: "a".into(),
            south_identity: 1,
            south_bot: false,
            north_id: 2,
            north_user: "b".into(),
            north_name: "b".into(),
            north_identity: 2,
            north_bot: false,
            variant: Variant::Abapa,
            rated: false,
            advice: false,
            state: if status == "active" {
                GameState::Active
            } else {
                GameState::Over(Ending::decode(reason.map(|_| "N"), reason).expect("an ending"))
            },
            south_score: scores[0],
            north_score: scores[1],
            ply,
            pits: crate::store::Pits::default(),
            end_proposed_by: None,
            version: 0,
            time_control: crate::play::clock::TimeControl::None,
            reminders: true,
            south_left_ms: 0,
            north_left_ms: 0,
            turn_started_at: None,
            deadline_at: None,
            tournament_id: None,
            created_at: 0,
            updated_at: 0,
        }
    }

    fn stored(pits: &str) -> Vec<MoveRow> {
        let pits: Vec<Pit> = pits.chars().filter_map(Pit::from_letter).collect();
        let game = Game::from_moves(Variant::Abapa, &pits).expect("legal");
        game.plies()
            .iter()
            .zip(1..)
            .map(|(p, ply)| MoveRow {
                ply,
                player_id: 1,
                pit: p.effect.pit.letter().to_string(),
                sown: 0,
                captured: 0,
                captured_pits: String::new(),
                grand_slam: false,
                board_after: join(&p.after.board().map(i64::from)),
                south_score: i64::from(p.after.scores()[0]),
                north_score: i64::from(p.after.scores()[1]),
                played_at: 0,
            })
            .collect()
    }

    #[test]
    fn a_faithful_game_replays() {
        let moves = stored("Cf");
        assert_eq!(check_game(&row(2, [0, 0], "active", None), &moves), Ok(()));
        // South resigned after two moves: North wins, the scores stay.
        assert_eq!(
            check_game(&row(2, [0, 0], "finished", Some("resignation")), &moves),
            Ok(())
        );
    }

    #[test]
    fn a_changed_board_score_or_move_is_reported() {
        let mut moves = stored("Cf");
        moves[1].board_after = "4,4,0,5,5,5,5,4,4,4,4,0".into();
        let why = check_game(&row(2, [0, 0], "active", None), &moves).unwrap_err();
        assert!(
            why.starts_with("after move 2 the replay has board"),
            "{why}"
        );

        let moves = stored("Cf");
        let why = check_game(&row(2, [0, 3], "active", None), &moves).unwrap_err();
        assert!(why.contains("stored at 0–3"), "{why}");

        let why = check_game(&row(3, [0, 0], "active", None), &moves).unwrap_err();
        assert!(why.contains("2 moves stored"), "{why}");

        let mut moves = stored("Cf");
        moves[1].pit = "C".into();
        let why = check_game(&row(2, [0, 0], "active", None), &moves).unwrap_err();
        assert!(why.contains("move 2 (C) does not replay"), "{why}");
    }

    #[test]
    fn debug_hides_the_passwords() {
        let args = MigrateDataArgs {
            from: "sqlite://old.db".into(),
            to: "postgres://oware:secret@db/oware".into(),
        };
        let shown = format!("{args:?}");
        assert!(
            !shown.contains("secret") && shown.contains("oware:***@db"),
            "{shown}"
        );
    }
}
