//! A server owner's first start never fails silently: with part of a network's
//! settings, or with no network and no terminal (a container), `oware-bot run`
//! refuses at once and says what to set; `oware-bot health` tells a container
//! whether the bot is running.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use oware_bot::store::{now_ms, Store, BOT_HEARTBEAT, BOT_STOPPED};

/// The binary in `dir`, with only `vars` set (no `.env`, no inherited settings).
fn bot(dir: &Path, args: &[&str], vars: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_oware-bot"));
    // The web pages stay off: tests run side by side, each on its own port or none.
    command.env("WEB_ADDR", "off");
    command
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", dir)
        .env("OWARE_TABLES_AUTOBUILD", "off")
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null());
    for (name, value) in vars {
        command.env(name, value);
    }
    command.output().expect("the binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn partial_settings_name_what_is_missing_instead_of_starting_the_console() {
    let dir = tempfile::tempdir().expect("a directory");
    for (vars, missing) in [
        (
            vec![("MATRIX_HOMESERVER", "https://matrix.example.org")],
            "MATRIX_USER is not set",
        ),
        (
            vec![
                ("MATRIX_HOMESERVER", "https://matrix.example.org"),
                ("MATRIX_USER", "@oware:example.org"),
            ],
            "MATRIX_PASSWORD is not set",
        ),
        (vec![("DISCORD_GUILD_ID", "42")], "DISCORD_TOKEN is not set"),
    ] {
        let output = bot(dir.path(), &["run"], &vars);
        assert!(!output.status.success(), "{vars:?}: refused");
        assert!(
            !dir.path().join("oware.db").exists(),
            "{vars:?}: a refused start writes no database"
        );
        assert!(
            stderr(&output).contains(missing),
            "{vars:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn no_network_and_no_terminal_is_refused_with_what_to_do() {
    let dir = tempfile::tempdir().expect("a directory");
    let output = bot(dir.path(), &["run"], &[]);
    assert!(!output.status.success());
    assert!(!dir.path().join("oware.db").exists(), "nothing written");
    let said = stderr(&output);
    assert!(
        said.contains("no chat network is configured")
            && said.contains("DISCORD_TOKEN")
            && said.contains("oware-bot console"),
        "{said}"
    );
    // The console itself still reads a pipe.
    let console = bot(dir.path(), &["console"], &[]);
    assert!(console.status.success(), "{}", stderr(&console));
}

#[tokio::test]
async fn health_is_a_recent_heartbeat() {
    let dir = tempfile::tempdir().expect("a directory");
    let url = format!("sqlite://{}", dir.path().join("oware.db").display());
    let health = |within: &str| {
        bot(
            dir.path(),
            &["health", "--db", &url, "--within", within],
            &[],
        )
    };

    let never = health("45");
    assert!(!never.status.success());
    assert!(stderr(&never).contains("never run"), "{}", stderr(&never));

    let store = Store::open(&url).await.expect("opens");
    store
        .jobs()
        .beat(BOT_HEARTBEAT, now_ms() - 20_000)
        .await
        .expect("beats");
    store.close().await;
    let recent = health("45");
    assert!(recent.status.success(), "{}", stderr(&recent));
    assert!(String::from_utf8_lossy(&recent.stdout).contains("healthy"));
    let stale = health("10");
    assert!(!stale.status.success());
    assert!(
        stderr(&stale).contains("s ago (more than 10 s)"),
        "{}",
        stderr(&stale)
    );
    // A start that failed after its first beat: the beat is recent, but the bot is
    // not running.
    let store = Store::open(&url).await.expect("opens");
    store
        .jobs()
        .beat(BOT_STOPPED, now_ms() - 10_000)
        .await
        .expect("stops");
    store.close().await;
    let failed = health("45");
    assert!(!failed.status.success());
    assert!(
        stderr(&failed).contains("unhealthy: the bot stopped")
            && stderr(&failed).contains("its start failed"),
        "{}",
        stderr(&failed)
    );
    // Started again: healthy.
    let store = Store::open(&url).await.expect("opens");
    store
        .jobs()
        .beat(BOT_HEARTBEAT, now_ms())
        .await
        .expect("beats");
    store.close().await;
    assert!(health("45").status.success());
}

/// An unreachable PostgreSQL is said at once, not after 30 s of silence, and tried
/// again with backoff before the start gives up.
#[test]
fn an_unreachable_postgres_is_said_at_once_and_tried_again() {
    use std::io::{BufRead, BufReader};
    // Nothing listens on a port just released.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let dir = tempfile::tempdir().expect("a directory");
    let url = format!("postgres://oware:secret@127.0.0.1:{port}/oware");
    let mut child = Command::new(env!("CARGO_BIN_EXE_oware-bot"))
        .args(["health", "--db", &url])
        .current_dir(dir.path())
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let started = std::time::Instant::now();
    let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
    let first = lines.next().expect("a line").expect("text");
    let second = lines.next().expect("a line").expect("text");
    let waited = started.elapsed();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        first.contains("cannot reach PostgreSQL yet; trying again in")
            && second.contains("cannot reach PostgreSQL yet"),
        "{first}\n{second}"
    );
    assert!(!first.contains("secret"), "no password in the log: {first}");
    assert!(waited < std::time::Duration::from_secs(20), "{waited:?}");
}
