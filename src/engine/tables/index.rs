//! A combinatorial ranking of seed distributions: every way of putting `n` seeds in
//! the twelve pits gets a dense index `0..count(n)`, in lexicographic board order.
//!
//! Boards are seen from the side to move: pits 0–5 are the mover's row.

/// The twelve pits.
const PITS: usize = 12;
/// The most seeds a table can hold (the whole board).
pub const MAX_SEEDS: usize = 48;

/// `WAYS[k][m]`: ways to put `m` seeds in `k` pits, `C(m + k - 1, k - 1)`.
const WAYS: [[u64; MAX_SEEDS + 1]; PITS + 1] = {
    let mut w = [[0u64; MAX_SEEDS + 1]; PITS + 1];
    w[0][0] = 1;
    let mut k = 1;
    while k <= PITS {
        let mut m = 0;
        while m <= MAX_SEEDS {
            // Either the first pit is empty (all m in k-1 pits) or it holds one more.
            w[k][m] = w[k - 1][m] + if m > 0 { w[k][m - 1] } else { 0 };
            m += 1;
        }
        k += 1;
    }
    w
};

/// How many boards hold exactly `n` seeds.
#[must_use]
pub const fn count(n: usize) -> u64 {
    WAYS[PITS][n]
}

/// The index of `board` among the boards with the same number of seeds.
#[inline]
#[must_use]
pub fn rank(board: &[u8; 12]) -> u64 {
    let mut left: usize = board.iter().map(|&s| usize::from(s)).sum();
    let mut r = 0u64;
    for (i, &s) in board.iter().enumerate().take(PITS - 1) {
        let pits_after = PITS - 1 - i;
        // Boards that put fewer seeds in pit i come first: each leaves more for the rest.
        for v in 0..usize::from(s) {
            r += WAYS[pits_after][left - v];
        }
        left -= usize::from(s);
    }
    r
}

/// The board with `n` seeds at index `r` (the inverse of [`rank`]).
#[must_use]
pub fn unrank(n: usize, mut r: u64) -> [u8; 12] {
    let mut board = [0u8; 12];
    let mut left = n;
    for (i, pit) in board.iter_mut().enumerate().take(PITS - 1) {
        let pits_after = PITS - 1 - i;
        let mut v = 0;
        while r >= WAYS[pits_after][left - v] {
            r -= WAYS[pits_after][left - v];
            v += 1;
        }
        *pit = v as u8;
        left -= v;
    }
    board[PITS - 1] = left as u8;
    board
}

/// Steps `board` to the next board with the same seeds in rank order; `false` after
/// the last one.
#[must_use]
pub fn next(board: &mut [u8; 12]) -> bool {
    // The last pit holds what the others leave. The next board moves one seed from
    // the tail into the rightmost earlier pit that has a non-empty tail after it.
    let mut tail = u32::from(board[PITS - 1]);
    for i in (0..PITS - 1).rev() {
        if tail > 0 {
            board[i] += 1;
            for pit in &mut board[i + 1..PITS - 1] {
                *pit = 0;
            }
            board[PITS - 1] = (tail - 1) as u8;
            return true;
        }
        tail += u32::from(board[i]);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_binomials() {
        assert_eq!(count(0), 1);
        assert_eq!(count(1), 12);
        assert_eq!(count(2), 78);
        assert_eq!(count(20), 84_672_315);
        assert_eq!((0..=20).map(count).sum::<u64>(), 225_792_840);
    }

    #[test]
    fn next_walks_every_board_in_rank_order() {
        for n in 0..=5 {
            let mut board = [0u8; 12];
            board[PITS - 1] = n as u8;
            let mut r = 0;
            loop {
                assert_eq!(rank(&board), r, "{board:?}");
                assert_eq!(unrank(n, r), board);
                r += 1;
                if !next(&mut board) {
                    break;
                }
            }
            assert_eq!(r, count(n));
        }
    }
}
