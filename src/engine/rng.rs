//! A seeded generator for the engine's noise, its book's choices and the puzzles'
//! random positions: the same seed, the same game.

/// SplitMix64: a tiny seeded generator, enough for move noise.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `-amplitude..=amplitude`.
    pub fn noise(&mut self, amplitude: i32) -> i32 {
        let span = 2 * amplitude.unsigned_abs() as u64 + 1;
        (self.next_u64() % span) as i32 - amplitude.abs()
    }
}
