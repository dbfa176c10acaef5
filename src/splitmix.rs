//! SplitMix64: the generator of the Zobrist keys and of the shuffled starts, and its
//! finaliser, the same numbers from the same seed on every platform.

/// SplitMix64: the Zobrist keys' generator, and the shuffled starts' ([`crate::shuffle`]), the
/// same numbers from the same seed on every platform.
pub(crate) struct SplitMix(pub(crate) u64);

impl SplitMix {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix64(self.0)
    }
}

/// SplitMix64's finaliser: a well-spread 64-bit key from any 64-bit value (the hand and
/// counter-strike hash keys, the balance runs' per-game seeds).
pub(crate) fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
