//! `oware-bot render`: the position after some moves as a board PNG, or the whole
//! game as an animated GIF (`--replay`).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use crate::render::{alt_text, board_png, replay_gif, result_line, BoardView};
use crate::rules::{text_board, Game, IllegalMove, Pit, Side, Variant};

/// Arguments of `oware-bot render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Moves from the start in canonical letters, South first (`A`–`F` South, `a`–`f`
    /// North), separated by spaces or commas: "F a D e".
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Where to write the PNG (or the GIF with --replay).
    #[arg(long)]
    pub out: PathBuf,
    /// Write the whole game as an animated GIF instead of the last position.
    #[arg(long)]
    pub replay: bool,
    /// The players' names, South first: "Ama,Kofi".
    #[arg(long, default_value = "South,North")]
    pub names: String,
    /// A caption for the board image (default: the result once the game is over).
    #[arg(long)]
    pub caption: Option<String>,
    /// Rules variant: abapa, forbidden or capture-all.
    #[arg(long, default_value = "abapa", value_parser = super::parse_variant)]
    pub variant: Variant,
    /// Whose seat the board is seen from: south (the shared view) or north (North's
    /// row at the bottom, as a North player's `board:my-side` setting shows it).
    #[arg(long, default_value = "south", value_parser = parse_seat)]
    pub seat: Side,
}

/// Parses `south` or `north` for clap.
fn parse_seat(text: &str) -> Result<Side, String> {
    match text.to_ascii_lowercase().as_str() {
        "south" | "s" => Ok(Side::South),
        "north" | "n" => Ok(Side::North),
        _ => Err(format!("`{text}` is not a seat: use south or north")),
    }
}

/// Why `render` could not make its picture.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A token that is not a single pit letter.
    #[error("move {ply} (`{token}`) is not a pit: use A-F for South's pits, a-f for North's")]
    NotAPit {
        /// Ply number, from 1.
        ply: usize,
        /// The token as given (shortened).
        token: String,
    },
    /// A move the rules do not allow where it was played. The reason lists the
    /// legal moves (there are none once the game is over).
    #[error("move {ply} ({pit}) is illegal: {reason}")]
    Illegal {
        /// Ply number, from 1.
        ply: usize,
        /// The pit given.
        pit: Pit,
        /// Why the rules refuse it, with the legal moves.
        reason: IllegalMove,
    },
    /// The output file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// Plays `moves` (canonical letters separated by spaces or commas) from the start.
///
/// # Errors
/// [`RenderError::NotAPit`] or [`RenderError::Illegal`] for the first bad move.
pub fn play_moves(moves: &str, variant: Variant) -> Result<Game, RenderError> {
    let mut game = Game::new(variant);
    let tokens = moves
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty());
    for (i, token) in tokens.enumerate() {
        let mut chars = token.chars();
        let pit = match (chars.next().and_then(Pit::from_letter), chars.next()) {
            (Some(pit), None) => pit,
            _ => {
                return Err(RenderError::NotAPit {
                    ply: i + 1,
                    token: token.chars().take(16).collect(),
                })
            }
        };
        game.play(pit).map_err(|reason| RenderError::Illegal {
            ply: i + 1,
            pit,
            reason,
        })?;
    }
    Ok(game)
}

/// Runs the command: writes the image to `--out`, and the plain-text board and the
/// alt text to `out`.
///
/// # Errors
/// A bad move, or when a file or `out` cannot be written.
pub fn run(args: &RenderArgs, out: &mut impl Write) -> anyhow::Result<()> {
    // A picture drawn from the command line is labelled in English.
    let lang = &crate::i18n::Language::english();
    let game = play_moves(&args.moves, args.variant)?;
    let mut parts = args.names.splitn(2, ',').map(str::trim);
    let names = [parts.next().unwrap_or(""), parts.next().unwrap_or("")];
    let result = game.outcome().map(|o| result_line(lang, &o, names));
    let mut view = BoardView::of_game(&game, names);
    view.caption = args.caption.as_deref().or(result.as_deref());
    view.seat = args.seat;
    let bytes = if args.replay {
        replay_gif(lang, &game, names)
    } else {
        board_png(lang, &view)
    };
    std::fs::write(&args.out, &bytes).map_err(|source| RenderError::Write {
        path: args.out.clone(),
        source,
    })?;
    write!(
        out,
        "{}",
        text_board(game.position(), !game.is_over(), args.seat)
    )?;
    writeln!(out, "{}", alt_text(lang, &view))?;
    writeln!(out, "wrote {} ({} bytes)", args.out.display(), bytes.len())?;
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_played_in_order() {
        let game = play_moves("F a, D  e", Variant::Abapa).expect("legal");
        assert_eq!(game.moves().map(Pit::letter).collect::<String>(), "FaDe");
    }

    #[test]
    fn an_illegal_move_names_its_ply_and_the_legal_moves() {
        let err = play_moves("F a a", Variant::Abapa).unwrap_err().to_string();
        assert!(err.starts_with("move 3 (a) is illegal"), "{err}");
        assert!(err.ends_with("(A, B, C, D and E)"), "{err}");
        let err = play_moves("F zz", Variant::Abapa).unwrap_err().to_string();
        assert!(err.starts_with("move 2 (`zz`) is not a pit"), "{err}");
    }
}
