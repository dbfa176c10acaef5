//! A variant's Zobrist hash keys, drawn once from a fixed seed.

use super::SplitMix;

#[derive(Debug, Clone)]
/// The Zobrist hash keys of a variant.
pub struct Zobrist {
    /// `code * squares + square`.
    pub pieces: Vec<u64>,
    /// Per square: a piece there has not moved.
    pub unmoved: Vec<u64>,
    /// Per square: an en passant target the side to move may take.
    pub ep_capturable: Vec<u64>,
    /// Per square: an en passant target made earlier in the turn.
    pub ep_pending: Vec<u64>,
    /// Black to move.
    pub black: u64,
    /// Per move within a turn.
    pub phase: [u64; 8],
}

impl Zobrist {
    /// The keys of a board of `nsq` squares with `nt` piece types.
    pub(super) fn new(nsq: usize, nt: usize) -> Zobrist {
        let ncodes = 2 * nt + 1;
        let mut rng = SplitMix(0x5EED_F00D_CAFE_BABE ^ (nsq as u64) << 32 ^ nt as u64);
        let mut keys = |n: usize| (0..n).map(|_| rng.next()).collect::<Vec<u64>>();
        Zobrist {
            pieces: keys(ncodes * nsq),
            unmoved: keys(nsq),
            ep_capturable: keys(nsq),
            ep_pending: keys(nsq),
            black: keys(1)[0],
            // Not `try_into().unwrap()`, whose failure would format the Vec with Debug.
            phase: {
                let k = keys(8);
                std::array::from_fn(|i| k[i])
            },
        }
    }
}
