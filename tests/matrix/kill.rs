//! Exactly once across a crash, with the real `oware-bot run` binary: a test-only
//! fault point (`OWARE_FAULT`, debug builds) aborts the process after a command's
//! effect is stored and answered but before it is struck out of the journal of
//! received commands. The restarted bot handles the event again: it changes nothing and is not answered
//! again, in a game between people and in a game against the engine. Between
//! crashes the bot is stopped with SIGTERM, which must exit 0.

use oware_bot::service::GameId;
use std::collections::HashSet;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use matrix_sdk::Room;
use oware_bot::store::Store;

use crate::support::{body, env, login, say, Env, Watch};
use crate::{game_room, temp, ONE_BOT, SKIPPED};
use oware_bot::service::Platform;

const FAULT: &str = "after_effect_before_struck_out";

/// One run of the binary, its log in its own file.
pub(crate) struct Run {
    child: Child,
    log: PathBuf,
}

pub(crate) fn start(env: &Env, dir: &Path, n: u32, fault: bool) -> Run {
    start_via(env, &env.homeserver, dir, n, fault)
}

/// [`start`], reaching the homeserver at `homeserver` (a fault proxy).
pub(crate) fn start_via(env: &Env, homeserver: &str, dir: &Path, n: u32, fault: bool) -> Run {
    let log = dir.join(format!("run-{n}.log"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_oware-bot"));
    // The web pages stay off: tests run side by side, each on its own port or none.
    command.env("WEB_ADDR", "off");
    command
        .arg("run")
        .env("OWARE_TABLES_AUTOBUILD", "off")
        // No `.env` is read from here, and no other network starts.
        .current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("oware.db").display()),
        )
        .env("MATRIX_HOMESERVER", homeserver)
        .env("MATRIX_USER", &env.bot)
        .env("MATRIX_PASSWORD", &env.bot_password)
        .env_remove("MATRIX_ACCESS_TOKEN")
        .env("MATRIX_STORE_DIR", dir.join("matrix-store"))
        .env("MATRIX_STORE_PASSPHRASE", "test passphrase")
        .env("COMMAND_BURST", "0")
        .env("RUST_LOG", "oware_bot=debug,matrix_sdk=warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("log file"));
    if fault {
        command.env("OWARE_FAULT", FAULT);
    } else {
        command.env_remove("OWARE_FAULT");
    }
    Run {
        child: command.spawn().expect("the bot starts"),
        log,
    }
}

/// A run left behind by a failing test must not answer in the next test.
impl Drop for Run {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Run {
    async fn exit(&mut self, within: Duration, what: &str) -> ExitStatus {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().expect("waits") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: still running; log:\n{}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// SIGKILL: no graceful stop at all.
    pub(crate) async fn kill(mut self) {
        self.child.kill().expect("kills the bot");
        let status = self.exit(Duration::from_secs(10), "SIGKILL").await;
        assert_eq!(status.signal(), Some(9), "killed: {status:?}");
    }

    /// SIGTERM: a graceful stop that exits 0.
    pub(crate) async fn terminate(mut self) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let status = self.exit(Duration::from_secs(40), "SIGTERM").await;
        assert!(
            status.success(),
            "SIGTERM exits 0: {status:?}; log:\n{}",
            self.log()
        );
    }

    /// Waits for the fault point's abort.
    async fn crashed(mut self) -> String {
        let status = self.exit(Duration::from_secs(60), "the fault").await;
        assert_eq!(
            status.signal(),
            Some(6),
            "aborted at the fault point: {status:?}; log:\n{}",
            self.log()
        );
        self.log()
    }

    pub(crate) fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

/// The moves stored for `game`.
async fn plies(db: &Path, game: GameId) -> usize {
    let store = Store::open(db.to_str().expect("utf-8"))
        .await
        .expect("opens");
    let n = store.games().moves(game).await.expect("reads").len();
    store.close().await;
    n
}

/// Whether the bot opened a direct room with `user` (for a private answer, such
/// as the refusal a replayed move would get without the inbox).
async fn answered_privately(db: &Path, user: &str) -> bool {
    let store = Store::open(db.to_str().expect("utf-8"))
        .await
        .expect("opens");
    let room = store
        .outbox()
        .dm_room(Platform::Matrix, user)
        .await
        .expect("reads");
    store.close().await;
    room.is_some()
}

fn watch(env: &Env, room: &Room) -> Watch {
    Watch {
        room: room.clone(),
        bot: env.bot.clone(),
        seen: HashSet::new(),
    }
}

/// Waits until the log says the replayed event was ignored.
async fn replay_ignored(run: &Run, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !run.log().contains("event handled before: ignored") {
        assert!(
            Instant::now() < deadline,
            "{what}: no replay seen; log:\n{}",
            run.log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_replayed_after_a_crash_is_applied_and_answered_once() {
    let Some(env) = env() else {
        println!("{SKIPPED}");
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = temp("kill");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = dir.join("oware.db");
    let alice = login(&env, &env.alice).await;
    let bob = login(&env, &env.bob).await;

    // Run 1: a game between Alice and Bob (#1), one against the engine (#2).
    let run = start(&env, &dir, 1, false);
    let (people_a, people_b) = game_room(&env, &alice, &bob, None).await;
    let mut people = watch(&env, &people_a);
    say(&people_a, &format!("!oware play {}", env.bob.0), None).await;
    people.next(1, "challenge").await;
    say(&people_b, "!oware accept", None).await;
    people.until_text("thread root").await;
    people.until_text("first board").await;
    let (engine_room, _) = game_room(&env, &alice, &bob, None).await;
    let mut engine = watch(&env, &engine_room);
    say(
        &engine_room,
        &format!("!oware play {} level:easy", env.bot),
        None,
    )
    .await;
    engine.until_text("thread root").await;
    let first = engine.until_text("first board").await;
    let text = body(first.last().expect("text"));
    assert!(text.contains("against the engine"), "{text}");
    run.terminate().await;

    // Run 2: Alice moves in the game between people; the bot answers, then dies
    // before striking it out of the journal.
    let run = start(&env, &dir, 2, true);
    say(&people_a, "!move c", None).await;
    let answer = people.until_text("alice's move").await;
    assert!(body(answer.last().expect("text")).contains("played C"));
    let log = run.crashed().await;
    assert!(log.contains("aborting at"), "{log}");
    assert_eq!(plies(&db, GameId::new(1)).await, 1);

    // Run 3: the move comes again and changes nothing; Bob's next move still counts.
    let run = start(&env, &dir, 3, false);
    replay_ignored(&run, "the move between people").await;
    people
        .quiet(Duration::from_secs(2), "the replayed move is not answered")
        .await;
    assert_eq!(
        plies(&db, GameId::new(1)).await,
        1,
        "the move is not played twice"
    );
    assert!(!answered_privately(&db, &env.alice.0).await, "nor refused");
    say(&people_b, "!move c", None).await;
    let answer = people.until_text("bob's move").await;
    assert!(body(answer.last().expect("text")).contains("played"));
    assert_eq!(plies(&db, GameId::new(1)).await, 2);
    run.terminate().await;

    // Run 4: Alice moves against the engine; the bot answers, then dies before
    // saving the token (and before the engine's reply, which is a stored job).
    let run = start(&env, &dir, 4, true);
    say(&engine_room, "!move c", None).await;
    let answer = engine.until_text("alice's move").await;
    assert!(body(answer.last().expect("text")).contains("played C"));
    run.crashed().await;

    // Run 5: the move comes again and changes nothing; the engine answers once.
    let run = start(&env, &dir, 5, false);
    replay_ignored(&run, "the move against the engine").await;
    let reply = engine.until_text("the engine's move").await;
    let text = body(reply.last().expect("text"));
    assert!(
        text.contains(" played ") && !text.contains("alice played"),
        "{text}"
    );
    engine
        .quiet(Duration::from_secs(3), "answered and replied once")
        .await;
    assert_eq!(
        plies(&db, GameId::new(2)).await,
        2,
        "Alice's move once, the engine's once"
    );
    assert!(!answered_privately(&db, &env.alice.0).await, "nor refused");
    people.quiet(Duration::ZERO, "the other room").await;
    run.terminate().await;
    let _ = std::fs::remove_dir_all(&dir);
}
