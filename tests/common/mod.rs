//! Helpers shared by the integration tests (each test crate uses a subset).
#![allow(dead_code)]

use std::io::Read;

use serde_json::Value;

/// The 600 oracle games (OpenSpiel's `oware`), from the gzipped fixture copied from
/// `../shared/oracle/vectors.jsonl`.
pub fn oracle_games() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/oracle-vectors.jsonl.gz"
    );
    let file = std::fs::File::open(path).expect("the oracle fixture is in tests/fixtures");
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .expect("the oracle fixture is valid gzip");
    let games: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("each oracle line is JSON"))
        .collect();
    assert_eq!(games.len(), 600, "the fixture holds all 600 oracle games");
    games
}

/// A JSON array of small numbers as bytes.
pub fn bytes<const N: usize>(value: &Value) -> [u8; N] {
    let items = value.as_array().expect("an array");
    assert_eq!(items.len(), N);
    let mut out = [0; N];
    for (o, v) in out.iter_mut().zip(items) {
        *o = u8::try_from(v.as_u64().expect("a number")).expect("a small number");
    }
    out
}
