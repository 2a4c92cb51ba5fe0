//! The packed board and table-driven sowing: the hot path of the rules and engine.
//!
//! A position is one `u128`: byte `i` (0–11) holds pit `i`, byte 12 South's score,
//! byte 13 North's score, byte 14 the side to move (0 South, 1 North). No pit ever
//! holds more than 48 seeds, so bytes never carry into each other, which lets a
//! whole sowing be one precomputed addition and lets rows be tested a word at a time.

/// Bit shift of South's score byte; North's is eight bits above.
pub(super) const SCORE_SHIFT: u32 = 96;
/// Bit shift of the side-to-move byte.
pub(super) const SIDE_SHIFT: u32 = 112;
/// The twelve pit bytes.
pub(super) const BOARD_MASK: u128 = (1 << 96) - 1;
/// Each side's six pit bytes, South first.
pub(super) const ROW_MASK: [u128; 2] = [(1 << 48) - 1, ((1 << 48) - 1) << 48];

/// The most seeds one pit can hold.
const MAX_SEEDS: usize = 48;

// Tables are padded to 16 pits × 64 seed counts so that indexing with `p & 15` and
// `n & 63` needs no bounds check on the hot path.

/// `SOW[p][n]`: added (wrapping) to a position whose pit `p` holds `n` seeds, it
/// empties `p` and drops the seeds one by one into the following pits, skipping `p`.
static SOW: [[u128; 64]; 16] = sow_table();
/// `LAST[p][n]`: the board index where the last of `n` seeds from pit `p` lands.
static LAST: [[u8; 64]; 16] = last_table();
/// `BYTE[i]`: the mask of pit `i`'s byte.
pub(super) static BYTE: [u128; 16] = {
    let mut t = [0u128; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = 0xFF << (8 * i);
        i += 1;
    }
    t
};

const fn last_table() -> [[u8; 64]; 16] {
    let mut table = [[0u8; 64]; 16];
    let mut p = 0;
    while p < 12 {
        table[p][0] = p as u8;
        let mut at = p;
        let mut n = 1;
        while n <= MAX_SEEDS {
            at = (at + 1) % 12;
            if at == p {
                // The origin pit is skipped on every lap.
                at = (at + 1) % 12;
            }
            table[p][n] = at as u8;
            n += 1;
        }
        p += 1;
    }
    table
}

const fn sow_table() -> [[u128; 64]; 16] {
    let last = last_table();
    let mut table = [[0u128; 64]; 16];
    let mut p = 0;
    while p < 12 {
        let mut added = 0u128;
        let mut n = 1;
        while n <= MAX_SEEDS {
            added += 1u128 << (8 * last[p][n] as u32);
            // Subtracting n from byte p cannot borrow, because it holds exactly n.
            table[p][n] = added.wrapping_sub((n as u128) << (8 * p));
            n += 1;
        }
        p += 1;
    }
    table
}

/// The seeds in pit `i` of a packed position.
#[inline(always)]
pub(super) const fn seeds_at(packed: u128, i: usize) -> u8 {
    packed.to_le_bytes()[i & 15]
}

/// Sows every seed from pit `p`; returns the new packed value and the last pit.
/// The origin ends empty; nothing is captured and the side to move is unchanged.
#[inline(always)]
pub(super) fn sow(packed: u128, p: usize) -> (u128, usize) {
    let n = seeds_at(packed, p) as usize;
    (
        packed.wrapping_add(SOW[p & 15][n & 63]),
        LAST[p & 15][n & 63] as usize,
    )
}

/// The six bytes of `side`'s row as a `u64` (byte `k` = column `k`).
#[inline(always)]
pub(super) const fn row(packed: u128, side: usize) -> u64 {
    // Two constant shifts and a select are cheaper than a variable u128 shift.
    let word = if side == 0 {
        packed as u64
    } else {
        (packed >> 48) as u64
    };
    word & 0xFFFF_FFFF_FFFF
}

/// Gathers the top bit of each of a row's six bytes into bits 0–5.
#[inline(always)]
const fn gather(high_bits: u64) -> u16 {
    ((((high_bits >> 7) & 0x0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u16
        & 0x3F
}

/// Columns of a row holding at least one seed, as bits 0–5.
#[inline(always)]
pub(super) const fn non_empty(row: u64) -> u16 {
    // Bytes are at most 48, so adding 0x7F sets the top bit exactly when non-zero
    // and never carries into the next byte.
    gather((row + 0x7F7F_7F7F_7F7F) & 0x8080_8080_8080)
}

/// Columns of a row whose seeds reach the opponent's row: column k needs 6 - k.
#[inline(always)]
pub(super) const fn reaching(row: u64) -> u16 {
    // Byte k gets 0x80 - (6 - k) added: its top bit is set iff it holds ≥ 6 - k.
    gather((row + 0x7F7E_7D7C_7B7A) & 0x8080_8080_8080)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(board: [u8; 12]) -> u128 {
        board
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &s)| acc | (u128::from(s) << (8 * i)))
    }

    fn naive_sow(board: [u8; 12], p: usize) -> ([u8; 12], usize) {
        let mut b = board;
        let mut n = b[p];
        b[p] = 0;
        let mut at = p;
        while n > 0 {
            at = (at + 1) % 12;
            if at != p {
                b[at] += 1;
                n -= 1;
            }
        }
        (b, at)
    }

    #[test]
    fn table_sowing_matches_seed_by_seed_sowing() {
        for p in 0..12 {
            for n in 0..=40u8 {
                let mut board = [1u8; 12];
                board[p] = n;
                let (expected, last) = naive_sow(board, p);
                let (packed, got_last) = sow(pack(board), p);
                assert_eq!(packed, pack(expected), "pit {p}, {n} seeds");
                if n > 0 {
                    assert_eq!(got_last, last, "pit {p}, {n} seeds");
                }
            }
        }
    }

    #[test]
    fn row_masks_match_a_loop() {
        let rows: [[u8; 6]; 5] = [
            [0; 6],
            [1, 0, 2, 0, 48, 0],
            [5, 5, 4, 3, 2, 1],
            [6, 4, 3, 2, 1, 0],
            [48, 48, 48, 48, 48, 48],
        ];
        for r in rows {
            let word = r
                .iter()
                .enumerate()
                .fold(0u64, |acc, (i, &s)| acc | (u64::from(s) << (8 * i)));
            let want_non_empty = (0..6).filter(|&k| r[k] > 0).fold(0, |m, k| m | 1 << k);
            let want_reach = (0..6)
                .filter(|&k| r[k] as usize >= 6 - k)
                .fold(0, |m, k| m | 1 << k);
            assert_eq!(non_empty(word), want_non_empty, "{r:?}");
            assert_eq!(reaching(word), want_reach, "{r:?}");
        }
    }
}
