//! perft(11) from the start: our rules core against a straightforward copy-make
//! move generator on a `[u8; 12]` board (the baseline the issue measures against),
//! both counting the last ply without playing it, in the same run.
//!
//! `cargo bench --bench perft`

#![allow(clippy::unwrap_used)] // a benchmark: a failed unwrap is a failed run
#![allow(missing_docs)] // criterion_main! makes an undocumented `main`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use oware_bot::engine::perft;
use oware_bot::rules::{Position, Variant};

const DEPTH: u32 = 11;
const LEAVES: u64 = 91_558_687;

/// The baseline: copy the board, sow seed by seed skipping the origin, capture
/// backwards, and generate moves pit by pit.
mod baseline {
    #[derive(Clone, Copy)]
    pub struct Pos {
        pub board: [u8; 12],
        pub scores: [u8; 2],
        pub side: usize,
    }

    pub const START: Pos = Pos {
        board: [4; 12],
        scores: [0, 0],
        side: 0,
    };

    fn legal(p: &Pos, out: &mut [usize; 6]) -> usize {
        if p.scores[0] >= 25 || p.scores[1] >= 25 {
            return 0;
        }
        let own = p.side * 6;
        let opp = (1 - p.side) * 6;
        let starving = p.board[opp..opp + 6].iter().all(|&s| s == 0);
        let mut n = 0;
        for k in 0..6 {
            let seeds = p.board[own + k] as usize;
            if seeds > 0 && (!starving || seeds >= 6 - k) {
                out[n] = own + k;
                n += 1;
            }
        }
        n
    }

    fn play(p: &Pos, pit: usize) -> Pos {
        let mut q = *p;
        let mut seeds = q.board[pit];
        q.board[pit] = 0;
        let mut at = pit;
        while seeds > 0 {
            at = (at + 1) % 12;
            if at != pit {
                q.board[at] += 1;
                seeds -= 1;
            }
        }
        let opp = (1 - p.side) * 6;
        if at >= opp && at < opp + 6 {
            let saved = q.board;
            let mut captured = 0;
            let mut i = at;
            while i >= opp && (q.board[i] == 2 || q.board[i] == 3) {
                captured += q.board[i];
                q.board[i] = 0;
                if i == 0 {
                    break;
                }
                i -= 1;
            }
            if q.board[opp..opp + 6].iter().all(|&s| s == 0) {
                q.board = saved; // grand slam: captures nothing
            } else {
                q.scores[p.side] += captured;
            }
        }
        q.side = 1 - p.side;
        q
    }

    pub fn perft(p: &Pos, depth: u32) -> u64 {
        let mut moves = [0; 6];
        let n = legal(p, &mut moves);
        if depth == 1 {
            return n as u64;
        }
        moves[..n]
            .iter()
            .map(|&m| perft(&play(p, m), depth - 1))
            .sum()
    }
}

fn bench_perft(c: &mut Criterion) {
    assert_eq!(perft(Position::START, DEPTH, Variant::Abapa), LEAVES);
    assert_eq!(baseline::perft(&baseline::START, DEPTH), LEAVES);

    let mut group = c.benchmark_group("perft11");
    group.sample_size(10);
    group.throughput(Throughput::Elements(LEAVES));
    group.bench_function("oware-bot", |b| {
        b.iter(|| perft(std::hint::black_box(Position::START), DEPTH, Variant::Abapa));
    });
    group.bench_function("baseline-copy-make", |b| {
        b.iter(|| baseline::perft(std::hint::black_box(&baseline::START), DEPTH));
    });
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
