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

mod check;

use check::replay_games;

use crate::store::{redact, CopyProgress, CopySource, Store};

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
