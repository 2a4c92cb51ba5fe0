//! A whole game as an animated GIF: the start, one frame per ply with the move in the
//! caption, and the final position with the result, the first and last held longer.
//! A game longer than [`REPLAY_MOVES`] shows only its last moves, from the position
//! before them, so that no game makes a GIF of unbounded size and drawing time.
//!
//! Frames are drawn at 1× (800×360) on the board PNGs' 255-colour palette. After the
//! first, each frame stores only the rectangle that changed, with unchanged pixels
//! transparent over the previous frame, so a 100-ply game stays well under 2 MB.

use gif::{DisposalMethod, Encoder, Frame, Repeat};

use super::canvas::{HEIGHT, WIDTH};
use super::quantize::{Quantizer, COLOURS};
use super::{render_rgba, result_line, BoardView};
use crate::rules::{Effect, Game, Moves, Side};

/// Frame delays in hundredths of a second.
const START_DELAY: u16 = 200;
const PLY_DELAY: u16 = 110;
const FINAL_DELAY: u16 = 500;
/// The palette index that means "unchanged since the previous frame": the one
/// entry the shared palette leaves free.
const TRANSPARENT: u8 = COLOURS as u8;

/// The caption of one move (a player's turn, numbered across both players, as
/// everywhere the bot speaks): `"Move 12: C captures 5 (2 pits)"`.
#[must_use]
pub fn move_caption(lang: &crate::i18n::Language, number: usize, effect: &Effect) -> String {
    let pit = effect.pit;
    if effect.captured > 0 {
        crate::tr!(
            lang,
            "caption-captures",
            number = number,
            pit = pit,
            seeds = effect.captured,
            pits = effect.captured_pits.len()
        )
    } else if effect.grand_slam {
        crate::tr!(lang, "caption-grand-slam", number = number, pit = pit)
    } else if effect.lap {
        crate::tr!(
            lang,
            "caption-lap",
            number = number,
            pit = pit,
            sown = effect.sown
        )
    } else {
        crate::tr!(
            lang,
            "caption-sows",
            number = number,
            pit = pit,
            sown = effect.sown
        )
    }
}

/// The most moves a replay GIF shows: a longer game shows its last ones.
pub const REPLAY_MOVES: usize = 300;

/// The game as an animated GIF (800×360, looping): `plies + 2` frames, or the last
/// [`REPLAY_MOVES`] moves of a longer game (see [`replay_gif_last`]).
#[must_use]
pub fn replay_gif(lang: &crate::i18n::Language, game: &Game, names: [&str; 2]) -> Vec<u8> {
    replay_gif_last(lang, game, names, REPLAY_MOVES)
}

/// The game as an animated GIF showing at most its last `most` moves: from the
/// start, or from the position before them (captioned so), then one frame per move
/// and the final position: `min(plies, most) + 2` frames.
#[must_use]
pub fn replay_gif_last(
    lang: &crate::i18n::Language,
    game: &Game,
    names: [&str; 2],
    most: usize,
) -> Vec<u8> {
    let (w, h) = (WIDTH as u16, HEIGHT as u16);
    let plies = game.plies();
    let skipped = plies.len().saturating_sub(most);
    let (start, start_caption) = match skipped.checked_sub(1).and_then(|i| plies.get(i)) {
        Some(before) => (
            before.after,
            crate::tr!(
                lang,
                "caption-from",
                number = skipped,
                shown = plies.len() - skipped
            ),
        ),
        None => (game.start(), crate::tr!(lang, "caption-start")),
    };
    let mut views: Vec<(String, BoardView<'_>, u16)> =
        Vec::with_capacity(plies.len() - skipped + 2);
    let start_view = BoardView {
        position: start,
        names,
        last: None,
        ring: None,
        legal: Moves::EMPTY,
        to_move: Some(start.to_move()),
        caption: None,
        clocks: None,
        seat: Side::South,
    };
    views.push((start_caption, start_view, START_DELAY));
    for (i, ply) in plies.iter().enumerate().skip(skipped) {
        let ended_here = i + 1 == plies.len() && game.is_over();
        let view = BoardView {
            position: ply.after,
            names,
            last: Some(ply.effect),
            ring: None,
            // No legal-move rings: they would flip rows every frame, adding noise to
            // the animation and bytes to every frame.
            legal: Moves::EMPTY,
            to_move: (!ended_here).then(|| ply.after.to_move()),
            caption: None,
            clocks: None,
            seat: Side::South,
        };
        views.push((move_caption(lang, i + 1, &ply.effect), view, PLY_DELAY));
    }
    let final_caption = match game.outcome() {
        Some(outcome) => result_line(lang, &outcome, names),
        None => crate::tr!(lang, "caption-after", moves = plies.len()),
    };
    let mut final_view = BoardView::of_game(game, names);
    final_view.last = None;
    final_view.legal = Moves::EMPTY;
    views.push((final_caption, final_view, FINAL_DELAY));

    let frames = views.into_iter().map(|(caption, mut view, delay)| {
        view.caption = Some(&caption);
        (render_rgba(lang, &view, 1), delay)
    });
    encode(frames, w, h)
}

/// Encodes opaque RGBA frames of `w × h` pixels, each with its delay.
fn encode(mut frames: impl Iterator<Item = (Vec<u8>, u16)>, w: u16, h: u16) -> Vec<u8> {
    let mut out = Vec::with_capacity(512 * 1024);
    let Some((first, first_delay)) = frames.next() else {
        return out;
    };
    let quantizer = Quantizer::get();
    let mut global = quantizer.palette().to_vec();
    global.resize(256 * 3, 0);
    {
        // Invariant for the `expect`s: the encoder writes into a Vec (which cannot
        // fail), with a 256-entry palette and frames inside the w × h screen.
        let mut encoder = Encoder::new(&mut out, w, h, &global).expect("GIF header into memory");
        encoder
            .set_repeat(Repeat::Infinite)
            .expect("loop extension into memory");
        let mut frame = delta_frame(quantizer, None, &first, w);
        frame.delay = first_delay;
        encoder.write_frame(&frame).expect("GIF frame into memory");
        let mut previous = first;
        for (rgba, delay) in frames {
            let mut frame = delta_frame(quantizer, Some(&previous), &rgba, w);
            frame.delay = delay;
            encoder.write_frame(&frame).expect("GIF frame into memory");
            previous = rgba;
        }
    }
    out
}

/// The frame for `rgba`: whole when there is no previous frame, else only the
/// changed rectangle with unchanged pixels transparent.
fn delta_frame(q: &Quantizer, previous: Option<&[u8]>, rgba: &[u8], width: u16) -> Frame<'static> {
    let w = usize::from(width);
    let h = rgba.len() / 4 / w;
    let (mut x0, mut y0, mut x1, mut y1) = (0, 0, w, h);
    if let Some(prev) = previous {
        let changed = |i: usize| rgba[4 * i..4 * i + 4] != prev[4 * i..4 * i + 4];
        let rows: Vec<usize> = (0..h)
            .filter(|&y| rgba[4 * y * w..4 * (y + 1) * w] != prev[4 * y * w..4 * (y + 1) * w])
            .collect();
        match (rows.first(), rows.last()) {
            (Some(&top), Some(&bottom)) => {
                let cols = |x: usize| (top..=bottom).any(|y| changed(y * w + x));
                x0 = (0..w).find(|&x| cols(x)).unwrap_or(0);
                x1 = (0..w).rev().find(|&x| cols(x)).map_or(w, |x| x + 1);
                (y0, y1) = (top, bottom + 1);
            }
            // Nothing changed: a single transparent pixel keeps the frame's delay.
            _ => (x0, y0, x1, y1) = (0, 0, 1, 1),
        }
    }
    let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
    for y in y0..y1 {
        for x in x0..x1 {
            let i = 4 * (y * w + x);
            let px = &rgba[i..i + 4];
            let same = previous.is_some_and(|p| &p[i..i + 4] == px);
            buffer.push(if same { TRANSPARENT } else { q.index(px) });
        }
    }
    // Frames are at most 800×360, so every coordinate fits in u16.
    let dim = |v: usize| u16::try_from(v).unwrap_or(u16::MAX);
    Frame {
        left: dim(x0),
        top: dim(y0),
        width: dim(x1 - x0),
        height: dim(y1 - y0),
        buffer: buffer.into(),
        transparent: Some(TRANSPARENT),
        dispose: DisposalMethod::Keep,
        ..Frame::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Pit;

    fn effect(pit: char, sown: u8, captured: u8, pits: &str) -> Effect {
        let at = |c| Pit::from_letter(c).expect("a pit letter");
        Effect {
            pit: at(pit),
            sown,
            lap: sown >= 12,
            last: at('a'),
            captured,
            captured_pits: pits.chars().map(at).fold(Moves::EMPTY, Moves::with),
            grand_slam: false,
        }
    }

    #[test]
    fn captions_say_what_the_move_did() {
        let lang = &crate::i18n::Language::english();
        assert_eq!(
            move_caption(lang, 3, &effect('f', 4, 0, "")),
            "Move 3: f sows 4"
        );
        assert_eq!(
            move_caption(lang, 12, &effect('C', 5, 5, "de")),
            "Move 12: C captures 5 (2 pits)"
        );
        assert_eq!(
            move_caption(lang, 7, &effect('C', 3, 2, "d")),
            "Move 7: C captures 2 (1 pit)"
        );
        assert_eq!(
            move_caption(lang, 40, &effect('A', 14, 0, "")),
            "Move 40: A sows 14 (a full lap)"
        );
        let mut slam = effect('B', 5, 0, "");
        slam.grand_slam = true;
        assert_eq!(
            move_caption(lang, 9, &slam),
            "Move 9: B, a grand slam that captures nothing"
        );
    }

    #[test]
    fn unchanged_frames_are_one_transparent_pixel() {
        let rgba = vec![200u8; 4 * 8 * 2];
        let q = Quantizer::get();
        let first = delta_frame(q, None, &rgba, 8);
        assert_eq!((first.width, first.height), (8, 2));
        let same = delta_frame(q, Some(&rgba), &rgba, 8);
        assert_eq!(
            (same.width, same.height, &*same.buffer),
            (1, 1, &[TRANSPARENT][..])
        );
        let mut next = rgba.clone();
        next[4 * 9..4 * 9 + 3].copy_from_slice(&[0, 0, 0]);
        let delta = delta_frame(q, Some(&rgba), &next, 8);
        assert_eq!(
            (delta.left, delta.top, delta.width, delta.height),
            (1, 1, 1, 1)
        );
        assert_ne!(delta.buffer[0], TRANSPARENT);
    }
}
