//! A whole tournament in the real `oware-bot console` binary, across a SIGKILL and
//! a restart: an admin creates a round-robin of three, the players join, and every
//! move of every game is typed from a script that the engine (the library's easy
//! level, seeded) fills in. The bot is killed as the first round's game ends; the
//! restarted bot starts round 2 by itself, and the event runs to its crosstable.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::{
    io::{BufRead, BufReader, Write},
    path::Path,
    process::{Child, ChildStdin, Command, Stdio},
    sync::mpsc::{self, Receiver},
    time::{Duration, Instant},
};

use oware_bot::{
    engine::{Engine, Level},
    play::tournament::{round_robin, Board},
    rules::{Game, Variant},
};

const PLAYERS: [&str; 3] = ["ann", "ben", "cat"];

struct Console {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    seen: String,
}

impl Console {
    fn start(dir: &Path) -> Console {
        let mut child = Command::new(env!("CARGO_BIN_EXE_oware-bot"))
            .env("WEB_ADDR", "off")
            .arg("console")
            .arg("--db")
            .arg(dir.join("oware.db"))
            .arg("--out-dir")
            .arg(dir.join("boards"))
            .env_remove("DATABASE_URL")
            .env("OWARE_CONSOLE_ADMIN", "mod")
            .env("OWARE_TABLES_AUTOBUILD", "off")
            .env("RUST_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Console {
            child,
            stdin,
            lines,
            seen: String::new(),
        }
    }

    fn say(&mut self, lines: &str) {
        self.stdin.write_all(lines.as_bytes()).expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Reads output until a line contains `what`.
    fn wait_for(&mut self, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no line with {what:?} in:\n{}", self.seen));
            self.seen.push_str(&line);
            self.seen.push('\n');
            if line.contains(what) {
                return;
            }
        }
    }

    fn kill(mut self) -> String {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reaped");
        self.seen
    }

    /// Closes the input and reads the rest until the console exits by itself.
    fn finish(mut self) -> String {
        drop(self.stdin);
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(60)) {
            self.seen.push_str(&line);
            self.seen.push('\n');
        }
        let status = self.child.wait().expect("exits");
        assert!(status.success(), "{status}");
        self.seen
    }
}

/// Every move of game `id` between `south` and `north`, as the players type them:
/// the engine picks each one.
fn script(id: usize, south: &str, north: &str) -> String {
    let mut game = Game::new(Variant::Abapa);
    let mut out = String::new();
    let mut ply = 0_u64;
    while let Some(side) = game.to_move() {
        let pit = Engine::new()
            .choose_move(&game, Level::Easy, Duration::from_millis(50), 7 + ply)
            .expect("a move while the game is on");
        let who = if side.index() == 0 { south } else { north };
        out.push_str(&format!("{who}: /move {pit} #{id}\n"));
        game.play(pit).expect("the engine's move is legal");
        ply += 1;
    }
    out
}

/// The game of each round (three players: one game and one bye a round).
fn games() -> Vec<(&'static str, &'static str)> {
    round_robin(&[1, 2, 3], false)
        .iter()
        .map(|round| {
            round
                .iter()
                .find_map(|board| match board {
                    Board::Game(p) => {
                        Some((PLAYERS[p.south as usize - 1], PLAYERS[p.north as usize - 1]))
                    }
                    Board::Bye(_) => None,
                })
                .expect("a game each round")
        })
        .collect()
}

#[test]
fn a_round_robin_runs_to_its_crosstable_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let games = games();
    assert_eq!(games.len(), 3);

    let mut bot = Console::start(dir.path());
    bot.say(
        "mod: /oware tournament create Console Cup format:round-robin time:1d\n\
         ann: /oware tournament join\nben: /oware tournament join\n\
         cat: /oware tournament join\nmod: /oware tournament start\n",
    );
    bot.wait_for("game #1 begins");
    let (south, north) = games[0];
    bot.say(&script(1, south, north));
    // Killed as the round's only game ends: round 2 is the restarted bot's job.
    bot.wait_for("Game over");
    let before = bot.kill();

    let mut bot = Console::start(dir.path());
    bot.wait_for("game #2 begins");
    for (index, (south, north)) in games.iter().enumerate().skip(1) {
        let id = index + 1;
        if id > 2 {
            bot.wait_for(&format!("game #{id} begins"));
        }
        bot.say(&script(id, south, north));
    }
    bot.wait_for("is over");
    let after = bot.finish();
    let all = format!("{before}{after}");
    for round in 1..=3 {
        assert_eq!(
            all.matches(&format!("round {round} of 3:")).count(),
            1,
            "round {round} announced once:\n{all}"
        );
    }
    assert!(after.contains("Winner"), "{after}");
    assert!(after.contains("R3"), "the crosstable:\n{after}");
    assert!(after.contains("Pts"), "the crosstable:\n{after}");
}
