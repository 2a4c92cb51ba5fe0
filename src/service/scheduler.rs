//! The scheduler: jobs are rows (see `store::jobs`); this task only executes them
//! (the work of each kind is in `jobs`). It sleeps until the next one falls due, wakes
//! early when a change writes a new one, and on start-up runs whatever fell due while
//! the bot was down.

use crate::service::cases::Delivery;
use crate::service::cases::Learning;
use crate::service::cases::Preferences;
use crate::service::cases::Records;
use crate::service::cases::Scheduler;
use crate::service::cases::Tournaments;
use std::{sync::Arc, time::Duration};

use super::core::Core;

use tokio::task::JoinSet;

use super::ServiceError;
use crate::store::{Backend, JobKind, JobRequest, JobRow, StoreError};

/// How long a runner holds a claimed job before another may take it, on SQLite (one
/// process; claims are released at start-up).
const LEASE_MS: i64 = 5 * 60 * 1000;
/// The same on PostgreSQL, where a crashed process's claims must lapse soon for the
/// others to take its jobs over; a runner renews its claim while the job runs.
const SHARED_LEASE_MS: i64 = 30 * 1000;
/// Jobs claimed per round.
const ROUND: i64 = 64;
/// How long the scheduler lets the jobs it runs finish when the service stops.
const JOB_GRACE: Duration = Duration::from_secs(5);
/// The longest the scheduler sleeps without looking again.
const IDLE_WAKE: Duration = Duration::from_secs(3600);

impl Scheduler<'_> {
    /// Runs the scheduler until [`Service::stop`]: first what fell due while the bot
    /// was down, then each job as it falls due. Once per process, started with
    /// [`Service::start_scheduler`] (tests may spawn it themselves).
    pub(in crate::service) async fn run_scheduler(core: Arc<Core>) {
        let this = Scheduler::new(&core);
        // Subscribed first, so a job written while recovering still wakes the loop.
        let mut changed = this.core.jobs_changed.subscribe();
        core.background
            .spawn(Scheduler::relay_changes(Arc::clone(&core)));
        // Time the bot was away is given back to the clocks before any deadline runs,
        // and before any command is judged (commands wait for it).
        let crediting = core.background.crediting();
        let (_, away) = Delivery::new(this.core).credit_time_away().await;
        drop(crediting);
        core.background
            .spawn(Delivery::heartbeat(Arc::clone(&core)));
        // Old sent messages and handled events, now and every hour.
        core.background
            .spawn(Scheduler::prune_periodically(Arc::clone(&core), away));
        this.recover().await;
        // Puzzles ahead of the first asker, beside the jobs, when the tables are ready.
        let service = Arc::clone(&core);
        core.background.spawn(async move {
            match service.store.learning().puzzle_counts().await {
                Ok((_, from_tables)) if from_tables < 50 => {
                    if let Err(err) = Learning::new(&service).refill_puzzles().await {
                        tracing::error!(error = %err, "could not generate puzzles");
                    }
                }
                Ok(_) => {}
                Err(err) => tracing::error!(error = %err, "cannot count the puzzles"),
            }
        });
        let mut running = JoinSet::new();
        while !this.core.background.is_stopping() {
            // A read first: most wake-ups (a job written for later, a move) find
            // nothing due, and a claim is a write that would queue behind the
            // commands' writes.
            let mut next = this.core.store.jobs().next_job_due().await;
            if matches!(next, Ok(Some(due)) if due <= this.core.now()) {
                let now = this.core.now();
                match this
                    .core
                    .store
                    .jobs()
                    .claim_due_jobs(now, now + this.lease_ms(), ROUND)
                    .await
                {
                    Ok(jobs) => {
                        for job in jobs {
                            let core = Arc::clone(&core);
                            running.spawn(async move { Scheduler::new(&core).run_job(job).await });
                        }
                    }
                    Err(err) => {
                        tracing::error!(error = %err, "scheduler: cannot claim jobs");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        continue;
                    }
                }
                next = this.core.store.jobs().next_job_due().await;
            }
            while running.try_join_next().is_some() {}
            // An instant, not a duration: the time the query took (real I/O, while a
            // test's paused clock may move) must not push the wake-up later.
            let idle = tokio::time::Instant::now() + IDLE_WAKE;
            let wake_at = match next {
                Ok(Some(due)) => this.core.instant_at(due).min(idle),
                Ok(None) => idle,
                Err(err) => {
                    tracing::error!(error = %err, "scheduler: cannot read the next job");
                    tokio::time::Instant::now() + Duration::from_secs(1)
                }
            };
            tokio::select! {
                () = tokio::time::sleep_until(wake_at) => {}
                _ = changed.changed() => {}
                Some(_) = running.join_next() => {}
                () = this.core.background.stopping() => {}
            }
        }
        // Stopping: the jobs in hand may finish; one cut short rolls back and runs
        // again after its lease.
        let finished = tokio::time::timeout(JOB_GRACE, async {
            while running.join_next().await.is_some() {}
        })
        .await;
        if finished.is_err() {
            tracing::warn!(jobs = running.len(), "stopping: jobs cut short");
            running.shutdown().await;
        }
    }

    /// On a shared database, wakes this process's scheduler and deliverers when
    /// another process writes a job or an outbox message (PostgreSQL `LISTEN`), so
    /// no process polls. Ends at once on SQLite.
    async fn relay_changes(core: Arc<Core>) {
        let this = Scheduler::new(&core);
        let mut changes = loop {
            match this.core.store.changes().await {
                Ok(Some(changes)) => break changes,
                Ok(None) => return,
                Err(err) => {
                    tracing::error!(error = %err, "cannot listen for other processes' jobs");
                    tokio::time::sleep(Duration::from_secs(5)).await;
                }
            }
        };
        loop {
            if let Err(err) = changes.next().await {
                tracing::warn!(error = %err, "lost the database's notifications; retrying");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            this.core.wake();
        }
    }

    /// Runs every job due now, and those they make due now (an engine move after a
    /// move), until none is left; returns how many ran. For tests and tools that
    /// drive time themselves; the bot runs `Scheduler::run_scheduler`.
    pub async fn run_due_jobs(&self) -> usize {
        let mut ran = 0;
        loop {
            let now = self.core.now();
            let jobs = match self
                .core
                .store
                .jobs()
                .claim_due_jobs(now, now + self.lease_ms(), ROUND)
                .await
            {
                Ok(jobs) => jobs,
                Err(err) => {
                    tracing::error!(error = %err, "cannot claim jobs");
                    return ran;
                }
            };
            if jobs.is_empty() {
                return ran;
            }
            ran += jobs.len();
            let mut running = JoinSet::new();
            for job in jobs {
                let core = Arc::clone(self.core);
                running.spawn(async move { Scheduler::new(&core).run_job(job).await });
            }
            while running.join_next().await.is_some() {}
        }
    }

    /// When the earliest pending job is due (whether or not a runner holds it).
    ///
    /// # Errors
    /// Database failures.
    pub async fn earliest_job(&self) -> Result<Option<i64>, ServiceError> {
        Ok(self.core.store.jobs().earliest_job().await?)
    }

    /// At start-up: the runners of claimed jobs are gone, and a game whose engine is
    /// to move but has no job (left by an older version) gets one.
    async fn recover(&self) {
        match self.core.store.jobs().release_job_claims().await {
            Ok(0) => {}
            Ok(n) => tracing::info!(jobs = n, "resuming jobs a stopped run had started"),
            Err(err) => tracing::error!(error = %err, "cannot release job claims"),
        }
        let games = match self.core.store.jobs().engine_games_without_job().await {
            Ok(games) => games,
            Err(err) => {
                tracing::error!(error = %err, "cannot look for stalled engine games");
                return;
            }
        };
        let now = self.core.now();
        for (game, version) in games {
            let job = crate::store::NewJob {
                kind: JobKind::EngineMove,
                game_id: None,
                challenge_id: None,
                due_at: now,
                request: None,
            };
            if let Err(err) = self
                .core
                .store
                .jobs()
                .schedule(Some((game, version)), &[job], now)
                .await
            {
                tracing::error!(%game, error = %err, "cannot resume an engine game");
            }
        }
    }

    /// How long a claim holds (see [`LEASE_MS`], [`SHARED_LEASE_MS`]).
    fn lease_ms(&self) -> i64 {
        match self.core.store.backend() {
            Backend::Sqlite => LEASE_MS,
            Backend::Postgres => SHARED_LEASE_MS,
        }
    }

    /// Runs `job` in the language of its place, renewing its claim while it runs.
    async fn run_job(&self, job: JobRow) {
        let language = self.job_language(&job).await;
        self.run_job_here(&language, job).await;
    }

    /// The language of the place `job` is about: its game's, its challenge's or its
    /// tournament's (English for the others).
    async fn job_language(&self, job: &JobRow) -> crate::i18n::Language {
        let place = if let Some(game) = job.game_id {
            self.core
                .store
                .games()
                .game(game)
                .await
                .ok()
                .flatten()
                .map(|g| (g.platform, g.space.unwrap_or(g.channel)))
        } else if let Some(challenge) = job.challenge_id {
            self.core
                .store
                .challenges()
                .challenge(challenge)
                .await
                .ok()
                .flatten()
                .map(|c| (c.platform, c.space.unwrap_or(c.channel)))
        } else if job.kind == JobKind::Tournament {
            match job.request {
                Some(JobRequest::Tournament(id)) => self
                    .core
                    .store
                    .tournaments()
                    .tournament(id)
                    .await
                    .ok()
                    .flatten()
                    .map(|t| (t.platform, t.place)),
                _ => None,
            }
        } else {
            None
        };
        match place {
            Some((platform, place)) => {
                Preferences::new(self.core)
                    .language_at(platform, &place)
                    .await
            }
            None => crate::i18n::Language::english(),
        }
    }

    async fn run_job_here(&self, lang: &crate::i18n::Language, job: JobRow) {
        self.holding_claim(job.id, self.do_job(lang, &job)).await;
    }

    /// Runs `work` for claimed job `id`, renewing the claim every third of a lease
    /// until it ends, on either backend: a long job (a review, a puzzle refill) must
    /// not lapse and be started a second time.
    async fn holding_claim(&self, id: i64, work: impl std::future::Future<Output = ()>) {
        let lease = self.lease_ms();
        let renew = async {
            let every = Duration::from_millis(lease.unsigned_abs() / 3);
            loop {
                tokio::time::sleep(every).await;
                let until = self.core.now() + lease;
                if let Err(err) = self.core.store.jobs().renew_job_claim(id, until).await {
                    tracing::warn!(job = id, error = %err, "cannot renew a job's claim");
                }
            }
        };
        tokio::select! {
            () = work => {}
            () = renew => {}
        }
    }

    async fn do_job(&self, lang: &crate::i18n::Language, job: &JobRow) {
        let result = match &job.kind {
            JobKind::EngineMove => self.engine_job(job).await,
            JobKind::Timeout => self.timeout_job(lang, job).await,
            JobKind::Reminder => self.reminder_job(lang, job).await,
            JobKind::IdleAbort => self.idle_job(lang, job).await,
            JobKind::ChallengeExpiry => self.expiry_job(lang, job).await,
            JobKind::Analysis => Learning::new(self.core).analysis_job(lang, job).await,
            JobKind::Tournament => Tournaments::new(self.core).tournament_job(lang, job).await,
            JobKind::ArchiveThread => Records::new(self.core).archive_thread_job(lang, job).await,
            // Done (or not possible yet): either way the job is over.
            JobKind::Puzzles => Learning::new(self.core)
                .refill_puzzles()
                .await
                .map(|_| false),
            JobKind::Unknown(other) => Err(ServiceError::Internal(format!(
                "unknown job kind {other:?}"
            ))),
        };
        match result {
            Ok(true) => self.core.wake(),
            Ok(false) => {
                // Nothing to do any more (the game moved on): drop the job.
                if let Err(err) = self.core.store.jobs().delete_job(job.id).await {
                    tracing::error!(job = job.id, error = %err, "cannot drop a stale job");
                }
            }
            Err(ServiceError::Db(StoreError::Replayed)) => {
                // Its write found the job taken: another runner did it, or a change
                // to its game dropped it.
                tracing::info!(job = job.id, kind = %job.kind, "job done already");
            }
            Err(err) => {
                // The claim lapses and the job is tried again later.
                tracing::error!(job = job.id, kind = %job.kind, error = %err, "job failed");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{NewJob, Store};

    /// A job that runs for three leases on SQLite keeps its claim all along: no other
    /// round can claim it and start it a second time.
    #[tokio::test]
    async fn a_long_job_keeps_its_claim_while_it_runs() {
        let dir = tempfile::tempdir().expect("a directory");
        let url = format!("sqlite://{}", dir.path().join("oware.db").display());
        let store = Store::open(&url).await.expect("the store opens");
        let service = crate::service::Service::new(store, super::super::ServiceConfig::default());
        let scheduler = Scheduler::new(&service.core);
        // A paused clock moves only with `advance` while a task keeps the runtime
        // busy (otherwise it jumps ahead whenever a query waits on SQLite's thread).
        tokio::time::pause();
        let busy = tokio::spawn(async {
            loop {
                tokio::task::yield_now().await;
            }
        });
        let now = service.now();
        let job = NewJob {
            kind: JobKind::Puzzles,
            game_id: None,
            challenge_id: None,
            due_at: now,
            request: None,
        };
        service
            .core
            .store
            .jobs()
            .schedule(None, &[job], now)
            .await
            .expect("scheduled");
        let lease = scheduler.lease_ms();
        let claimed = service
            .core
            .store
            .jobs()
            .claim_due_jobs(now, now + lease, 10)
            .await
            .expect("claimed");
        assert_eq!(claimed.len(), 1);
        let (done, finished) = tokio::sync::oneshot::channel::<()>();
        let run = scheduler.holding_claim(claimed[0].id, async {
            let _ = finished.await;
        });
        let check = async {
            // Steps well under the pool's 30 s acquire timeout, which runs on the
            // same paused clock.
            let step = Duration::from_millis(lease.unsigned_abs() / 30);
            for _ in 0..90 {
                tokio::time::advance(step).await;
                // Let a renewal that fell due write before looking (a sleep would
                // never end: the clock moves only with `advance`).
                for _ in 0..200 {
                    tokio::task::yield_now().await;
                }
                let again = service
                    .core
                    .store
                    .jobs()
                    .claim_due_jobs(service.now(), service.now() + lease, 10)
                    .await
                    .expect("a claim round");
                assert!(
                    again.is_empty(),
                    "the job was claimed again {} ms into its run",
                    service.now() - now
                );
            }
            let _ = done.send(());
        };
        tokio::join!(run, check);
        // Once the job is over, its claim lapses as before (it was not deleted here).
        tokio::time::advance(Duration::from_millis(lease.unsigned_abs())).await;
        let later = service
            .core
            .store
            .jobs()
            .claim_due_jobs(service.now(), service.now() + lease, 10)
            .await
            .expect("a claim round");
        assert_eq!(later.len(), 1, "an ended run's claim lapses");
        busy.abort();
    }
}
