//! Riders' rays as masks: per (colour, type, square), each ray [`Variant::ray_reach`] follows
//! as the set of its squares, so that what a piece reaches on a board is found by one bit scan
//! a ray (its first occupied square) instead of a step at a time. A ray that runs one way
//! through the square numbering (each step's square above the last, or each below) meets
//! its first occupied square at the lowest (or highest) bit of the mask and the board: it
//! reaches its squares up to that one, as `ray_reach` reports them.
//!
//! A type is masked for a colour when every ray of it, from every square, runs one way and
//! allows the same on each of its steps (a quiet move, a capture, or both): the rays of plain
//! riders (rooks, bishops, queens and their kin). The evaluation uses the masks only for the
//! types whose squares it gathers as sets (`Reach::Sets`, no square reported twice), where an
//! ordered walk and a union of masks give the same squares.

use super::leaps::MAX_WORDS;
use crate::geometry::{Square, SquareSet};
use crate::piece::{Colour, PieceType};
use crate::variant::{Step, Variant, step};

/// A ray's bits in [`Lines::meta`]: its squares ascend; its steps allow a quiet move, a
/// capture.
const ASCENDING: u8 = 1;
const QUIET: u8 = 2;
const CAPTURE: u8 = 4;

/// Boards of more words than this (more than 128 squares) get no masks: their rays are
/// followed (each further size would be one more copy of [`Lines::reach_in`] in the wasm).
const MAX_LINE_WORDS: usize = 2;

/// The masks of the masked types' rays.
#[derive(Debug, Clone)]
pub(super) struct Lines {
    words: usize,
    nt: usize,
    nsq: usize,
    /// Per `colour * types + type`: its rays are masked.
    masked: Vec<bool>,
    /// Per `(colour * types + type) * squares + square`: its rays' range in `meta` (and in
    /// `bits`, `words` words a ray), rays of one step left out.
    index: Vec<(u32, u32)>,
    /// From that index times `2 * words`: the squares its rays of one step go to, then those
    /// they take on (`words` words each): reached whatever the board.
    fixed: Vec<u64>,
    bits: Vec<u64>,
    meta: Vec<u8>,
}

/// A ray's squares as a mask with its bits, if it runs one way and allows the same on every
/// step.
fn mask(from: Square, steps: &[Step]) -> Option<(SquareSet, u8)> {
    let allows = |flags: u8| {
        (flags & step::QUIET != 0) as u8 * QUIET + (flags & step::CAPTURE != 0) as u8 * CAPTURE
    };
    let first = steps.first()?;
    let ascending = first.to > from;
    let mut set = SquareSet::EMPTY;
    let mut last = from;
    for s in steps {
        if allows(s.flags) != allows(first.flags) || (s.to > last) != ascending || s.to == last {
            return None;
        }
        set.insert(s.to);
        last = s.to;
    }
    Some((set, allows(first.flags) | (ascending as u8 * ASCENDING)))
}

impl Lines {
    /// The masks for `v`, of the types `wanted` names per colour and type.
    pub fn new(v: &Variant, wanted: impl Fn(Colour, PieceType) -> bool) -> Lines {
        let (nt, nsq, words) = (v.types.len(), v.geometry.len(), v.geometry.words());
        let mut lines = Lines {
            words,
            nt,
            nsq,
            masked: vec![false; 2 * nt],
            index: vec![(0, 0); 2 * nt * nsq],
            fixed: vec![0; 2 * nt * nsq * 2 * words],
            bits: Vec::new(),
            meta: Vec::new(),
        };
        if words > MAX_LINE_WORDS {
            return lines;
        }
        for colour in Colour::ALL {
            for t in v.piece_types().filter(|&t| wanted(colour, t)) {
                let rays: Option<Vec<Vec<(SquareSet, u8)>>> = (0..nsq as Square)
                    .map(|sq| {
                        let rays = v.rays_for(colour, t, sq).iter();
                        rays.map(|r| mask(sq, v.ray_steps(r))).collect()
                    })
                    .collect();
                let Some(rays) = rays else {
                    continue;
                };
                lines.masked[colour.index() * nt + t.index()] = true;
                for (sq, rays) in rays.into_iter().enumerate() {
                    let at = (colour.index() * nt + t.index()) * nsq + sq;
                    let start = lines.meta.len() as u32;
                    for (set, meta) in rays {
                        if set.len() == 1 {
                            let fixed = &mut lines.fixed[at * 2 * words..(at + 1) * 2 * words];
                            let (goes, takes) = fixed.split_at_mut(words);
                            for w in 0..words {
                                goes[w] |= set.0[w] * (meta & QUIET != 0) as u64;
                                takes[w] |= set.0[w] * (meta & CAPTURE != 0) as u64;
                            }
                            continue;
                        }
                        lines.bits.extend_from_slice(&set.0[..words]);
                        lines.meta.push(meta);
                    }
                    lines.index[at] = (start, lines.meta.len() as u32);
                }
            }
        }
        lines
    }

    /// Whether the rays of a `colour` piece of type `t` are masked.
    #[inline]
    pub fn masked(&self, colour: Colour, t: PieceType) -> bool {
        self.masked[colour.index() * self.nt + t.index()]
    }

    /// Add to `goes` the squares a masked `colour` piece of type `t` on `sq` moves to when
    /// they are empty, and to `takes` those it takes on, the occupied squares being `all`:
    /// each ray up to and with its first occupied square.
    #[inline]
    pub fn reach(
        &self,
        colour: Colour,
        t: PieceType,
        sq: Square,
        all: &SquareSet,
        goes: &mut [u64; MAX_WORDS],
        takes: &mut [u64; MAX_WORDS],
    ) {
        let at = (colour.index() * self.nt + t.index()) * self.nsq + sq as usize;
        let (a, b) = self.index[at];
        let rays = (at, a as usize..b as usize);
        // One body a board's number of words, its loops unrolled.
        if self.words == 1 {
            self.reach_in::<1>(rays, all, goes, takes);
        } else {
            self.reach_in::<MAX_LINE_WORDS>(rays, all, goes, takes);
        }
    }

    /// [`Lines::reach`] for the entry `at`, its rays `rays`, on a board of `W` words.
    #[inline(always)]
    fn reach_in<const W: usize>(
        &self,
        (at, rays): (usize, std::ops::Range<usize>),
        all: &SquareSet,
        goes: &mut [u64; MAX_WORDS],
        takes: &mut [u64; MAX_WORDS],
    ) {
        let all: [u64; W] = std::array::from_fn(|w| all.0[w]);
        let fixed = &self.fixed[at * 2 * W..(at + 1) * 2 * W];
        let mut g: [u64; W] = std::array::from_fn(|w| fixed[w]);
        let mut k: [u64; W] = std::array::from_fn(|w| fixed[W + w]);
        for r in rays {
            let meta = self.meta[r];
            let mask: [u64; W] = std::array::from_fn(|w| self.bits[r * W + w]);
            // Each word up to the first blocker's whole, that one's bits up to (ascending: the
            // lowest blocker's bit and below) or from (descending) the blocker, none past it.
            let mut reached = [0u64; W];
            let mut blocked = false;
            for i in 0..W {
                let w = if meta & ASCENDING != 0 { i } else { W - 1 - i };
                let blockers = mask[w] & all[w];
                reached[w] = if blocked {
                    0
                } else if blockers == 0 {
                    mask[w]
                } else if meta & ASCENDING != 0 {
                    blocked = true;
                    mask[w] & (blockers ^ (blockers - 1))
                } else {
                    blocked = true;
                    mask[w] & !((1u64 << (63 - blockers.leading_zeros())) - 1)
                };
            }
            let quiet = 0u64.wrapping_sub((meta & QUIET != 0) as u64);
            let capture = 0u64.wrapping_sub((meta & CAPTURE != 0) as u64);
            for w in 0..W {
                g[w] |= reached[w] & quiet;
                k[w] |= reached[w] & capture;
            }
        }
        for w in 0..W {
            goes[w] |= g[w];
            takes[w] |= k[w];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;

    /// The letters of the types masked for White and for Black, in the definition's order,
    /// every type wanted.
    fn masked(text: &str) -> [String; 2] {
        let v = bundled::compile("lines", text).unwrap();
        let lines = Lines::new(&v, |_, _| true);
        Colour::ALL.map(|c| {
            (v.piece_types().filter(|&t| lines.masked(c, t)))
                .map(|t| v.types[t].id.to_string())
                .collect()
        })
    }

    /// Riders (a rook, a nightrider, a forward-only rook, a Capablanca archbishop with its
    /// knight's leaps) and leapers are masked; a piece whose steps on a ray allow different
    /// things (a rook that moves one step and takes farther) is not, nor the pawn whose first
    /// move is a double step for an unmoved piece only (its ray's steps differ).
    #[test]
    fn straight_rays_that_allow_the_same_are_masked() {
        let text = "files=8 ranks=8\n\
            piece:R:R:rook:a1\npiece:N:NN:piece:b1\npiece:F:fR:piece:c1\n\
            piece:A:BN:piece:d1\npiece:M:mWcR:piece:f1\npiece:L:N:piece:g1\n\
            pawn:P:fmWfceFifmnD:pawn:a2,b2\nking:K:K:king:e1";
        let [white, black] = masked(text);
        assert_eq!(white, "RNFALK");
        assert_eq!(black, "RNFALK");
    }
}
