//! `oware-bot replay`: games in as move letters, one per line; the state after every
//! ply out as JSON, one game per line, in the oracle's format (see
//! `tests/fixtures/oracle-README.md`).

use std::io::{BufRead, Write};

use clap::Args;
use serde::Serialize;

use crate::rules::{Game, Pit, Ply, Variant};

/// Arguments of `oware-bot replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// Rules variant: abapa, forbidden or capture-all.
    #[arg(long, default_value = "abapa", value_parser = super::parse_variant)]
    pub variant: Variant,
}

/// The state after one ply.
#[derive(Debug, Serialize)]
pub struct PlyRecord {
    /// The move, canonical letter.
    pub m: char,
    /// The board after it.
    pub b: [u8; 12],
    /// Scores `[South, North]`.
    pub s: [u8; 2],
    /// Side to move, `"S"`/`"N"`, or `null` once the game is over.
    pub t: Option<char>,
    /// Legal moves in ascending letter order (`""` once over).
    pub l: String,
    /// Whether the game is over.
    pub o: bool,
    /// 12+ seeds were sown.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub lap: bool,
    /// Seeds captured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cap: Option<u8>,
    /// Pits captured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pits: Option<u32>,
    /// A grand slam that captured nothing.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub gs: bool,
    /// The side to move must feed the opponent's empty row.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub feed: bool,
}

impl PlyRecord {
    /// The record of `ply`, the last one played in `game` so far when `last` is true.
    #[must_use]
    pub fn new(game: &Game, ply: &Ply, last: bool) -> PlyRecord {
        let over = last && game.is_over();
        let e = ply.effect;
        let after = ply.after;
        PlyRecord {
            m: e.pit.letter(),
            b: after.board(),
            s: after.scores(),
            t: (!over).then(|| after.to_move().letter()),
            l: if over {
                String::new()
            } else {
                after.legal_moves(game.variant()).letters()
            },
            o: over,
            lap: e.lap,
            cap: (e.captured > 0).then_some(e.captured),
            pits: (e.captured > 0).then_some(e.captured_pits.len() as u32),
            gs: e.grand_slam,
            feed: !over && after.must_feed(),
        }
    }
}

/// How a replayed game ended.
#[derive(Debug, Serialize)]
pub struct EndRecord {
    /// `score_25`, `no_feeding_move` or `repetition`.
    pub reason: &'static str,
    /// `S`, `N` or `draw`.
    pub result: &'static str,
    /// Final scores `[South, North]`.
    pub scores: [u8; 2],
}

/// The first illegal move of a line.
#[derive(Debug, Serialize)]
pub struct ErrorRecord {
    /// Its ply number, counting from 1.
    pub ply: usize,
    /// The move as given.
    #[serde(rename = "move")]
    pub mv: String,
    /// Why it is illegal.
    pub reason: String,
}

/// One output line.
#[derive(Debug, Serialize)]
pub struct GameRecord {
    /// The state after each legal ply.
    pub plies: Vec<PlyRecord>,
    /// The ending, or `null` if the moves ran out first.
    pub end: Option<EndRecord>,
    /// The first illegal move, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorRecord>,
}

/// Replays one line of whitespace-separated move letters.
#[must_use]
pub fn replay_line(line: &str, variant: Variant) -> GameRecord {
    let mut game = Game::new(variant);
    let mut plies = Vec::new();
    let mut error = None;
    for (i, token) in line.split_whitespace().enumerate() {
        let mut chars = token.chars();
        let pit = match (chars.next().and_then(Pit::from_letter), chars.next()) {
            (Some(pit), None) => pit,
            _ => {
                error = Some(ErrorRecord {
                    ply: i + 1,
                    mv: token.chars().take(16).collect(),
                    reason: "not a pit: use A-F for South, a-f for North".to_owned(),
                });
                break;
            }
        };
        match game.play(pit) {
            Ok(ply) => {
                let ply = *ply;
                plies.push(PlyRecord::new(&game, &ply, true));
            }
            Err(e) => {
                error = Some(ErrorRecord {
                    ply: i + 1,
                    mv: token.to_owned(),
                    reason: e.to_string(),
                });
                break;
            }
        }
    }
    GameRecord {
        plies,
        end: game.outcome().map(|o| EndRecord {
            reason: o.reason.as_str(),
            result: o.result_str(),
            scores: o.scores,
        }),
        error,
    }
}

/// Runs the command: every line of `input` becomes one JSON line on `out`.
///
/// # Errors
/// When reading or writing fails.
pub fn run(args: &ReplayArgs, input: impl BufRead, out: &mut impl Write) -> anyhow::Result<()> {
    for line in input.lines() {
        let record = replay_line(&line?, args.variant);
        serde_json::to_writer(&mut *out, &record)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_illegal_move_stops_the_game_with_the_plies_before_it() {
        let record = replay_line("F a a", Variant::Abapa);
        assert_eq!(record.plies.len(), 2);
        let error = record.error.expect("the third move is illegal");
        assert_eq!((error.ply, error.mv.as_str()), (3, "a"));
        assert!(
            error.reason.contains("a is North's pit"),
            "{}",
            error.reason
        );
        assert!(record.end.is_none());
    }

    #[test]
    fn a_token_that_is_no_pit_is_an_error() {
        let record = replay_line("F zz", Variant::Abapa);
        assert_eq!(record.plies.len(), 1);
        assert_eq!(record.error.map(|e| e.ply), Some(2));
    }

    #[test]
    fn json_uses_the_oracle_field_names() {
        let json = serde_json::to_string(&replay_line("F", Variant::Abapa)).unwrap();
        assert_eq!(
            json,
            r#"{"plies":[{"m":"F","b":[4,4,4,4,4,0,5,5,5,5,4,4],"s":[0,0],"t":"N","l":"abcdef","o":false}],"end":null}"#
        );
    }
}
