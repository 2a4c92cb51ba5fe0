//! `oware-bot engine`: the engine behind a line protocol on stdin/stdout, so that
//! other programs (the arena, other engines' tools) can drive it.
//!
//! ```text
//! > isready                        < readyok
//! > position startpos moves F a D  (absolute letters: upper case South, lower North)
//! > go [movetime MS] [depth D] [nodes N]
//! < info depth 9 score 150 nodes 81234 nps 2012345 time 40 pv e
//! < bestmove e                      (or `bestmove none` when the game is over)
//! > newgame                        (forget the transposition table)
//! > quit
//! ```
//! Scores are in hundredths of a seed for the side to move; a won game is worth more
//! than 1 000 000. Errors are answered with `info string error: …` and change nothing.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use clap::{Args, ValueEnum};

use crate::engine::eval::Weights;
use crate::engine::{book, choose_with, Features, Level, Limits, Searcher, Tables};
use crate::rules::{Game, Pit, Variant};

/// Arguments of `oware-bot engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// Playing strength: easy, medium or hard.
    #[arg(long, default_value = "hard", value_parser = super::parse_level)]
    pub level: Level,
    /// Thinking time per move in milliseconds (when `go` names none).
    #[arg(long, default_value_t = 2000)]
    pub movetime: u64,
    /// Rules variant: abapa, forbidden or capture-all.
    #[arg(long, default_value = "abapa", value_parser = super::parse_variant)]
    pub variant: Variant,
    /// Seed for the noisy levels and the choice among book moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Evaluation weights, `mobility,vulnerable,reach,kroo,row` in hundredths of a
    /// seed (default: the tuned ones), for measuring other weights in `arena`.
    #[arg(long, allow_hyphen_values = true)]
    pub weights: Option<Weights>,
    /// Play the hard level without the opening book, for measuring the book.
    #[arg(long)]
    pub no_book: bool,
    /// Switch a part of the search off, for measuring what it is worth in `arena`
    /// (repeat the flag, or separate by commas, for several).
    #[arg(long, value_enum, value_delimiter = ',')]
    pub without: Vec<Feature>,
}

/// A part of the search that `--without` switches off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Feature {
    /// Late-move reductions.
    Reductions,
    /// Aspiration windows at the root.
    Aspiration,
    /// The history heuristic in the move ordering.
    History,
    /// The transposition table kept between the moves of a game (emptied per move).
    KeptTable,
}

/// The search's features with the ones named switched off.
fn features_without(without: &[Feature]) -> Features {
    let mut f = Features::ALL;
    for feature in without {
        match feature {
            Feature::Reductions => f.reductions = false,
            Feature::Aspiration => f.aspiration = false,
            Feature::History => f.history = false,
            Feature::KeptTable => f.kept_table = false,
        }
    }
    f
}

/// A `position` command's game, or why it could not be set up.
fn parse_position(words: &[&str], variant: Variant) -> Result<Game, String> {
    match words.first() {
        Some(&"startpos") => {}
        _ => return Err("expected `position startpos [moves …]`".into()),
    }
    let moves = match words.get(1) {
        None => &[][..],
        Some(&"moves") => &words[2..],
        Some(other) => return Err(format!("unexpected `{other}` after startpos")),
    };
    let mut game = Game::new(variant);
    for (i, word) in moves.iter().enumerate() {
        let pit = {
            let mut chars = word.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Pit::from_letter(c),
                _ => None,
            }
        }
        .ok_or_else(|| format!("move {} `{word}` is not a pit letter", i + 1))?;
        game.play(pit)
            .map_err(|e| format!("move {} `{word}` is illegal: {e}", i + 1))?;
    }
    Ok(game)
}

/// Runs the protocol until `quit` or the end of `input`.
///
/// # Errors
/// When `input` cannot be read or `out` written.
pub fn run(
    args: &EngineArgs,
    tables: Option<&Tables>,
    input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    // Endgame tables are perfect play: only the hard level uses them.
    let tables = tables.filter(|_| args.level == Level::Hard);
    let mut searcher = Searcher::new(22, args.weights.unwrap_or(Weights::TUNED), tables);
    searcher.set_features(features_without(&args.without));
    let mut game = Game::new(args.variant);
    let mut moves_chosen = 0u64;
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            None => continue,
            Some("quit") => break,
            Some("isready") => writeln!(out, "readyok")?,
            Some("newgame" | "ucinewgame") => {
                searcher.clear();
                game = Game::new(args.variant);
            }
            Some("position") => match parse_position(&words[1..], args.variant) {
                Ok(g) => game = g,
                Err(e) => writeln!(out, "info string error: {e}")?,
            },
            Some("go") => {
                let mut limits = Limits::time(Duration::from_millis(args.movetime));
                let mut pairs = words[1..].chunks(2);
                for pair in &mut pairs {
                    let value = pair.get(1).and_then(|v| v.parse::<u64>().ok());
                    match (pair[0], value) {
                        ("movetime", Some(ms)) => limits.time = Some(Duration::from_millis(ms)),
                        ("depth", Some(d)) => {
                            limits.depth = d.clamp(1, 100) as u32;
                            limits.time = None;
                        }
                        ("nodes", Some(n)) => {
                            limits.nodes = n;
                            limits.time = None;
                        }
                        _ => writeln!(out, "info string ignored `{}`", pair.join(" "))?,
                    }
                }
                moves_chosen += 1;
                let seed = args.seed.wrapping_add(moves_chosen);
                // A `go` with only a time limit asks for a game move: the book's, while
                // in book. Depth and node limits ask for a search.
                let in_book = (args.level == Level::Hard && !args.no_book && limits.time.is_some())
                    .then(|| book::shipped().choose(&game, book::MARGIN, seed))
                    .flatten();
                let best = if let Some(pit) = in_book {
                    writeln!(out, "info string book")?;
                    Some(pit)
                } else if args.level == Level::Hard {
                    let mut lines = Vec::new();
                    let report = searcher.search(&game, limits, |r| {
                        let secs = r.elapsed.as_secs_f64().max(1e-6);
                        lines.push(format!(
                            "info depth {} score {} nodes {} nps {} time {} pv {}",
                            r.depth,
                            r.value,
                            r.nodes,
                            (r.nodes as f64 / secs) as u64,
                            r.elapsed.as_millis(),
                            r.best
                        ));
                    });
                    for l in lines {
                        writeln!(out, "{l}")?;
                    }
                    report.map(|r| r.best)
                } else {
                    let budget = limits.time.unwrap_or(Duration::from_secs(2));
                    choose_with(&mut searcher, &game, args.level, budget, seed)
                };
                match best {
                    Some(pit) => writeln!(out, "bestmove {pit}")?,
                    None => writeln!(out, "bestmove none")?,
                }
            }
            Some(other) => writeln!(out, "info string error: unknown command `{other}`")?,
        }
        out.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(level: Level) -> EngineArgs {
        EngineArgs {
            level,
            movetime: 50,
            variant: Variant::Abapa,
            seed: 1,
            weights: None,
            no_book: false,
            without: Vec::new(),
        }
    }

    fn talk_with(args: &EngineArgs, script: &str) -> String {
        let mut out = Vec::new();
        run(args, None, script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn talk(level: Level, script: &str) -> String {
        talk_with(&args(level), script)
    }

    #[test]
    fn answers_the_protocol() {
        let out = talk(
            Level::Hard,
            "isready\nposition startpos moves F a D\ngo depth 4\nbogus\nquit\ngo\n",
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "readyok");
        assert!(lines[1].starts_with("info depth 1 score "), "{out}");
        let best = lines.iter().find(|l| l.starts_with("bestmove")).unwrap();
        let pit = Pit::from_letter(best.chars().last().unwrap()).unwrap();
        assert!(pit.owner() == crate::rules::Side::North, "{best}");
        assert!(lines.last().unwrap().contains("unknown command `bogus`"));
        assert_eq!(out.matches("bestmove").count(), 1, "nothing after quit");
    }

    #[test]
    fn without_switches_off_the_named_parts_of_the_search() {
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            engine: EngineArgs,
        }
        let parse = |args: &[&str]| {
            let argv = std::iter::once("engine").chain(args.iter().copied());
            <Cli as clap::Parser>::try_parse_from(argv).map(|c| features_without(&c.engine.without))
        };
        assert_eq!(parse(&[]).unwrap(), Features::ALL);
        let f = parse(&["--without", "reductions,kept-table", "--without", "history"]).unwrap();
        let expected = Features {
            reductions: false,
            kept_table: false,
            history: false,
            ..Features::ALL
        };
        assert_eq!(f, expected);
        let f = parse(&["--without", "aspiration"]).unwrap();
        assert!(!f.aspiration && f.history && f.reductions && f.table);
        let err = parse(&["--without", "book"]).err().unwrap().to_string();
        assert!(err.contains("possible values"), "{err}");
        // A searcher without them still plays the protocol.
        let args = EngineArgs {
            no_book: true,
            without: vec![Feature::Reductions, Feature::Aspiration, Feature::KeptTable],
            ..args(Level::Hard)
        };
        let out = talk_with(&args, "go depth 6\ngo movetime 30\n");
        assert_eq!(out.matches("bestmove ").count(), 2, "{out}");
        assert!(out.contains("info depth 6 "), "{out}");
    }

    #[test]
    fn the_hard_level_plays_book_moves_for_a_timed_go() {
        let out = talk(
            Level::Hard,
            "position startpos\ngo movetime 50\ngo depth 2\n",
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "info string book", "{out}");
        assert!(lines[1].starts_with("bestmove "), "{out}");
        assert!(
            lines[2].starts_with("info depth 1 "),
            "a depth limit searches: {out}"
        );
    }

    #[test]
    fn bad_positions_are_refused_and_easy_plays_legal_moves() {
        let out = talk(Level::Easy, "position startpos moves F F\ngo\n");
        assert!(out.contains("move 2 `F` is illegal"), "{out}");
        // The position stayed at the start: South moves.
        let best = out.lines().last().unwrap();
        assert!(best.starts_with("bestmove ") && best.chars().last().unwrap().is_ascii_uppercase());
    }
}
