//! `oware-bot render` end to end: the binary writes a PNG or a GIF that decodes,
//! and an illegal move fails with the ply and the legal moves.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use std::path::PathBuf;
use std::process::Command;

use image::AnimationDecoder;

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-render-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

fn render(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_oware-bot"))
        .arg("render")
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn writes_a_board_png_and_prints_the_text_board() {
    let dir = out_dir("png");
    let path = dir.join("board.png");
    let out = render(&[
        "--moves",
        "F a D e",
        "--names",
        "Ama, Kofi",
        "--out",
        path.to_str().expect("utf-8 path"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("f  e  d  c  b  a"), "{stdout}");
    assert!(stdout.contains("Kofi last played e sowing"), "{stdout}");
    let img = image::open(&path).expect("a PNG that decodes");
    assert_eq!((img.width(), img.height()), (800, 360));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn writes_a_replay_gif() {
    let dir = out_dir("gif");
    let path = dir.join("game.gif");
    let out = render(&[
        "--replay",
        "--moves",
        "F a D e B f",
        "--out",
        path.to_str().expect("utf-8 path"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = std::io::BufReader::new(std::fs::File::open(&path).expect("the GIF was written"));
    let frames = image::codecs::gif::GifDecoder::new(file)
        .expect("a GIF")
        .into_frames()
        .collect_frames()
        .expect("frames decode");
    assert_eq!(frames.len(), 6 + 2);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn an_illegal_move_is_a_clear_error() {
    let dir = out_dir("bad");
    let path = dir.join("never.png");
    let out = render(&[
        "--moves",
        "F a a",
        "--out",
        path.to_str().expect("utf-8 path"),
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("move 3 (a) is illegal"), "{stderr}");
    assert!(stderr.contains("(A, B, C, D and E)"), "{stderr}");
    assert!(!path.exists(), "nothing is written for a bad game");
    std::fs::remove_dir_all(dir).ok();
}
