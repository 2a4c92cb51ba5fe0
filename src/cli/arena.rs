//! `oware-bot arena --games N --a SPEC --b SPEC`: plays games between two players,
//! alternating who moves first, and reports wins, draws, losses and the score with a
//! 95% confidence interval. A player is a level (`easy`, `medium`, `hard`) or
//! `cmd:'…'`, an external program speaking the `oware-bot engine` protocol.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use anyhow::{anyhow, bail, Context};
use clap::Args;

use crate::engine::eval::Weights;
use crate::engine::rng::Rng;
use crate::engine::{choose_with, Level, Limits, Searcher, Tables};
use crate::rules::{Game, Pit, Side, Variant};

/// Arguments of `oware-bot arena`.
#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// Games to play (A moves first in the odd-numbered ones).
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Player A: easy, medium, hard or cmd:'program args'.
    #[arg(long)]
    pub a: String,
    /// Player B: easy, medium, hard or cmd:'program args'.
    #[arg(long)]
    pub b: String,
    /// Thinking time per move in milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub movetime: u64,
    /// Random plies at the start of each game (both sides), for variety. Games
    /// come in pairs with the same opening, each player taking each colour once.
    #[arg(long, default_value_t = 0)]
    pub random_plies: u32,
    /// Seed for the random plies and the noisy levels.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game still going after this many plies ends by agreement (each side
    /// takes its own row).
    #[arg(long, default_value_t = 600)]
    pub max_plies: usize,
}

/// Totals for one of our levels over the match: for nodes/s and depth figures.
#[derive(Default, Debug)]
struct Stats {
    moves: u64,
    depth: u64,
    nodes: u64,
    secs: f64,
}

enum Player<'t> {
    Level {
        level: Level,
        searcher: Box<Searcher<'t>>,
        stats: Stats,
    },
    External {
        name: String,
        child: Child,
        stdin: ChildStdin,
        stdout: BufReader<ChildStdout>,
    },
}

impl<'t> Player<'t> {
    fn new(spec: &str, tables: Option<&'t Tables>) -> anyhow::Result<Player<'t>> {
        if let Some(cmd) = spec.strip_prefix("cmd:") {
            let mut child = Command::new("sh")
                .arg("-c")
                .arg(cmd)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .with_context(|| format!("starting `{cmd}`"))?;
            let stdin = child.stdin.take().ok_or_else(|| anyhow!("no stdin"))?;
            let stdout = BufReader::new(child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?);
            let mut p = Player::External {
                name: cmd.to_owned(),
                child,
                stdin,
                stdout,
            };
            p.send("isready")?;
            p.expect(|l| l == "readyok")?;
            Ok(p)
        } else {
            let level: Level = spec.parse()?;
            Ok(Player::Level {
                level,
                // Endgame tables are perfect play: only the hard level uses them.
                searcher: Box::new(Searcher::new(
                    22,
                    Weights::TUNED,
                    tables.filter(|_| level == Level::Hard),
                )),
                stats: Stats::default(),
            })
        }
    }

    fn name(&self) -> String {
        match self {
            Player::Level { level, .. } => level.to_string(),
            Player::External { name, .. } => format!("cmd:{name}"),
        }
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        if let Player::External { stdin, .. } = self {
            writeln!(stdin, "{line}")?;
            stdin.flush()?;
        }
        Ok(())
    }

    /// Reads lines until one satisfies `done`; returns it.
    fn expect(&mut self, done: impl Fn(&str) -> bool) -> anyhow::Result<String> {
        let Player::External { stdout, name, .. } = self else {
            bail!("not an external engine");
        };
        let mut line = String::new();
        loop {
            line.clear();
            if stdout.read_line(&mut line)? == 0 {
                bail!("`{name}` closed its output");
            }
            if done(line.trim()) {
                return Ok(line.trim().to_owned());
            }
        }
    }

    fn new_game(&mut self) -> anyhow::Result<()> {
        match self {
            Player::Level { searcher, .. } => searcher.clear(),
            Player::External { .. } => self.send("newgame")?,
        }
        Ok(())
    }

    fn choose(&mut self, game: &Game, movetime: u64, seed: u64) -> anyhow::Result<Pit> {
        let budget = Duration::from_millis(movetime);
        match self {
            Player::Level {
                level: Level::Hard,
                searcher,
                stats,
            } => {
                let r = searcher
                    .search(game, Limits::time(budget), |_| {})
                    .ok_or_else(|| anyhow!("no move in a live game"))?;
                stats.moves += 1;
                stats.depth += u64::from(r.depth);
                stats.nodes += r.nodes;
                stats.secs += r.elapsed.as_secs_f64();
                Ok(r.best)
            }
            Player::Level {
                level, searcher, ..
            } => choose_with(searcher, game, *level, budget, seed)
                .ok_or_else(|| anyhow!("no move in a live game")),
            Player::External { .. } => {
                let moves: String = game.moves().map(|p| format!(" {p}")).collect();
                self.send(&format!("position startpos moves{moves}"))?;
                self.send(&format!("go movetime {movetime}"))?;
                let line = self.expect(|l| l.starts_with("bestmove"))?;
                let word = line.split_whitespace().nth(1).unwrap_or("");
                let mut chars = word.chars();
                match (chars.next().and_then(Pit::from_letter), chars.next()) {
                    (Some(pit), None) => Ok(pit),
                    _ => bail!("`{line}` names no pit"),
                }
            }
        }
    }
}

impl Drop for Player<'_> {
    fn drop(&mut self) {
        if let Player::External { child, stdin, .. } = self {
            // Best effort: the engine may already have gone.
            let _ = writeln!(stdin, "quit").and_then(|()| stdin.flush());
            let _ = child.wait();
        }
    }
}

/// The mean score (draws count ½) and its 95% Wilson interval, which unlike the
/// plain normal interval stays honest for clean sweeps and small matches.
fn score_interval(results: &[f64]) -> (f64, f64, f64) {
    const Z: f64 = 1.96;
    let n = results.len() as f64;
    let p = results.iter().sum::<f64>() / n;
    let z2n = Z * Z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = Z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// The generator of game `g`'s random opening: the same for games 2k and 2k + 1,
/// which the players play with colours swapped.
fn opening_rng(seed: u64, g: u32) -> Rng {
    Rng::new(seed ^ u64::from(g / 2).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Runs the match, printing one line per game and a summary to `out`.
///
/// # Errors
/// When a player cannot be started, answers nonsense or an illegal move, or `out`
/// cannot be written.
pub fn run(args: &ArenaArgs, tables: Option<&Tables>, out: &mut impl Write) -> anyhow::Result<()> {
    let mut players = [Player::new(&args.a, tables)?, Player::new(&args.b, tables)?];
    let names = [players[0].name(), players[1].name()];
    let mut rng = Rng::new(args.seed);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut results = Vec::new();
    for g in 0..args.games {
        // Player index for South: A in even games (numbered from 0), B in odd ones.
        let south = (g % 2) as usize;
        for p in &mut players {
            p.new_game()?;
        }
        let mut game = Game::new(Variant::Abapa);
        let mut opening = opening_rng(args.seed, g);
        while !game.is_over() {
            let side = game.position().to_move();
            let who = if side == Side::South {
                south
            } else {
                1 - south
            };
            let pit = if (game.plies().len() as u32) < args.random_plies {
                let legal: Vec<Pit> = game.legal_moves().into_iter().collect();
                legal[(opening.next_u64() % legal.len() as u64) as usize]
            } else {
                players[who].choose(&game, args.movetime, rng.next_u64())?
            };
            game.play(pit)
                .map_err(|e| anyhow!("{} played {pit} in game {}: {e}", names[who], g + 1))?;
            if game.plies().len() >= args.max_plies && !game.is_over() {
                game.end_by_agreement()?;
            }
        }
        let outcome = game.outcome().expect("the loop ends when the game does");
        let a_side = if south == 0 { Side::South } else { Side::North };
        let result = match outcome.winner {
            Some(w) if w == a_side => {
                wins += 1;
                1.0
            }
            Some(_) => {
                losses += 1;
                0.0
            }
            None => {
                draws += 1;
                0.5
            }
        };
        results.push(result);
        writeln!(
            out,
            "game {:>3}: South {} vs North {}: {}-{} {} ({}, {} plies)",
            g + 1,
            names[south],
            names[1 - south],
            outcome.scores[0],
            outcome.scores[1],
            outcome.result_str(),
            outcome.reason.as_str(),
            game.plies().len()
        )?;
        out.flush()?;
    }
    if results.is_empty() {
        return Ok(());
    }
    let (mean, low, high) = score_interval(&results);
    writeln!(
        out,
        "A = {} vs B = {}: {} games, A {wins} wins, {draws} draws, {losses} losses; \
         A scores {:.1}% (95% CI {:.1}%–{:.1}%), movetime {} ms",
        names[0],
        names[1],
        results.len(),
        100.0 * mean,
        100.0 * low,
        100.0 * high,
        args.movetime
    )?;
    for (name, p) in names.iter().zip(&players) {
        if let Player::Level { stats, .. } = p {
            if stats.moves > 0 {
                writeln!(
                    out,
                    "{name}: {} searched moves, average depth {:.1}, {:.0} nodes/s",
                    stats.moves,
                    stats.depth as f64 / stats.moves as f64,
                    stats.nodes as f64 / stats.secs.max(1e-9)
                )?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_match_between_levels_reports_a_score() {
        let args = ArenaArgs {
            games: 2,
            a: "medium".into(),
            b: "easy".into(),
            movetime: 20,
            random_plies: 2,
            seed: 3,
            max_plies: 60,
        };
        let mut out = Vec::new();
        run(&args, None, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("game ").count(), 2, "{text}");
        assert!(text.contains("A = medium vs B = easy: 2 games"), "{text}");
        assert!(text.contains("(95% CI "));
    }

    #[test]
    fn each_opening_is_played_twice_then_another_comes() {
        let firsts = |g| {
            let mut r = opening_rng(5, g);
            [r.next_u64(), r.next_u64()]
        };
        assert_eq!(firsts(0), firsts(1));
        assert_eq!(firsts(6), firsts(7));
        assert_ne!(firsts(1), firsts(2));
    }

    #[test]
    fn wilson_intervals_stay_honest_for_clean_sweeps() {
        // 27 wins out of 27: the score is 100% but the interval reaches down to 87.5%.
        let (m, low, high) = score_interval(&[1.0; 27]);
        assert_eq!((m, high), (1.0, 1.0));
        assert!((low - 0.8754).abs() < 1e-3, "{low}");
        let (m, low, high) = score_interval(&[1.0, 0.0]);
        assert!((m - 0.5).abs() < 1e-12 && low < 0.1 && high > 0.9);
    }
}
