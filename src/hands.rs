//! Hands and drops as data ([`HandRules`], compiled from the definition's `holdingsType`,
//! pieces in hand and promotion), and the promotion by offset that Shogi-like games pair with
//! them ([`OffsetPromotion`]).
//!
//! Drop limits are small rules that compose, each a plain field:
//! - a piece is never dropped where it could not move again (`stuck` squares: a Shogi pawn or
//!   lance on the last rank, a knight on the last two);
//! - with promotion by choice (Crazyhouse), a promoting piece is not dropped in its promotion
//!   zone nor on its side's first rank;
//! - with promotion by offset (Shogi), a pawn is not dropped on a file that holds an
//!   unpromoted pawn of its side, nor to give mate.
//!
//! "Pawn" is a type whose name ends in pawn, as for the 50-move rule.

use crate::definition::{CaptureTo, Spec};
use crate::geometry::{Geometry, Square, SquareSet};
use crate::piece::{Colour, PieceType};
use crate::splitmix::mix64;

/// The most pieces of one type a hand may hold, at the start (a piece line's sixth field)
/// or in a FEN. The Interactive Diagram reads any whole number; hands count in `u16`, and this
/// leaves room for every piece of the largest board to be captured into one hand.
pub const MAX_IN_HAND: u16 = 65_000;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
/// The hands' rules of a variant: where captured pieces go, and whether pieces in hand are dropped.
pub struct HandRules {
    /// Where captured pieces go.
    pub capture: CaptureTo,
    /// Pieces in hand may be dropped.
    pub drops: bool,
    /// Per type: the type a captured piece goes to the hand as (itself, or with `demote` the
    /// type it promoted from).
    pub demoted: Vec<PieceType>,
    /// Per type, per colour: where a piece of it may be dropped on an empty board.
    pub zone: Vec<[SquareSet; 2]>,
    /// Types of which a side may have one unpromoted piece a file, at most, after a drop.
    pub one_a_file: u64,
    /// Types whose drop may not give mate.
    pub no_drop_mate: u64,
    /// Pieces in hand at the start, indexed by [`HandRules::index`].
    pub start: Vec<u16>,
    /// Zobrist seed per hand entry ([`HandRules::key`]).
    pub zobrist: Vec<u64>,
}

impl HandRules {
    /// Whether the variant has hands at all (captures go to one, or pieces start in one).
    pub fn any(&self) -> bool {
        self.capture != CaptureTo::Nowhere || self.start.iter().any(|&n| n > 0)
    }

    /// The index of (colour, type) in a hand vector of `types` types.
    #[inline]
    pub fn index(types: usize, colour: Colour, t: PieceType) -> usize {
        colour.index() * types + t.index()
    }

    /// The hash of holding `n` pieces of hand entry `i` (0 for none, so empty hands add
    /// nothing).
    #[inline]
    pub fn key(&self, i: usize, n: u16) -> u64 {
        if n == 0 {
            return 0;
        }
        mix64(self.zobrist[i].wrapping_add((n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
    }

    /// The rules of `spec`, whose types (the spec's, then `hidden` more that never reach a
    /// hand) have the `stuck` squares given, and whose promoting types promote in `promo_zone`.
    pub fn compile(
        spec: &Spec,
        types: usize,
        stuck: &[[SquareSet; 2]],
        promo_zone: &[SquareSet; 2],
        seed: &mut dyn FnMut() -> u64,
    ) -> HandRules {
        let g = spec.geometry;
        let n = spec.pieces.len();
        let demote = matches!(spec.holdings.capture, CaptureTo::Capturer { demote: true });
        let offset = spec.promo_offset;
        let demoted = (0..types)
            .map(|t| {
                if demote && offset > 0 && t >= offset && t < n {
                    PieceType::new(t - offset)
                } else {
                    PieceType::new(t)
                }
            })
            .collect();
        let board = on_board(g);
        let mut one_a_file = 0;
        let mut no_drop_mate = 0;
        let zone = (0..types)
            .map(|t| {
                let piece = spec.pieces.get(t);
                let pawn = piece.is_some_and(|p| p.name.to_ascii_lowercase().ends_with("pawn"));
                let promotes = piece.is_some_and(|p| p.promotes);
                if pawn && offset > 0 {
                    one_a_file |= PieceType::new(t).bit();
                    no_drop_mate |= PieceType::new(t).bit();
                }
                [0, 1].map(|c| {
                    let mut z = SquareSet(std::array::from_fn(|i| board.0[i] & !stuck[t][c].0[i]));
                    if promotes && offset == 0 {
                        let first = if c == 0 { 0 } else { g.ranks - 1 };
                        for f in 0..g.files {
                            z.remove(g.square(f, first));
                        }
                        for sq in promo_zone[c].iter() {
                            z.remove(sq);
                        }
                    }
                    z
                })
            })
            .collect();
        let mut start = vec![0; 2 * types];
        for (t, p) in spec.pieces.iter().enumerate() {
            start[t] = p.hand[0] as u16;
            start[types + t] = p.hand[1] as u16;
        }
        HandRules {
            capture: spec.holdings.capture,
            drops: spec.holdings.drops,
            demoted,
            zone,
            one_a_file,
            no_drop_mate,
            start,
            zobrist: (0..2 * types).map(|_| seed()).collect(),
        }
    }
}

/// The squares of the board that are not holes.
fn on_board(g: Geometry) -> SquareSet {
    let mut s = SquareSet::EMPTY;
    for sq in 0..g.len() {
        if !g.is_hole(sq as Square) {
            s.insert(sq as Square);
        }
    }
    s
}

/// Promotion by offset (`promoOffset`): per type, the type it may promote to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OffsetPromotion {
    /// Per type, the type it promotes to, if it promotes.
    pub to: Vec<Option<PieceType>>,
    /// With hands, a move that starts or ends in the zone may promote; without, one that
    /// enters it, or a capture inside it.
    pub with_hands: bool,
}

impl OffsetPromotion {
    /// The promotions `spec`'s `promoOffset` gives, for `types` piece types.
    pub fn compile(spec: &Spec, types: usize) -> OffsetPromotion {
        let to = (0..types)
            .map(|t| {
                spec.pieces
                    .get(t)
                    .and_then(|p| p.promoted)
                    .map(PieceType::new)
            })
            .collect();
        OffsetPromotion {
            to,
            with_hands: spec.holdings.capture != CaptureTo::Nowhere,
        }
    }
}
