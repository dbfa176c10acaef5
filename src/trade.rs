//! The Interactive Diagram's rules that forbid captures (Chu Shogi's Lion-trading rules,
//! generalised), as type masks:
//! - `iron`: a piece of the type is never taken;
//! - `protected`: a piece of the type that takes only pieces of protected types may not end
//!   where the opponent could take it at once (the Diagram makes it royal for one ply);
//! - `counterStrike`: after a piece of the type is taken by a piece of another type, the
//!   opponent's next move may not take a piece of that type, except the piece that took.
//!
//! The counter-strike ban is part of the position ([`Strike`]): in its hash and its FEN.

use crate::definition::Spec;
use crate::geometry::Square;
use crate::piece::PieceType;
use crate::variant::mix64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TradeRules {
    pub iron: u64,
    pub protected: u64,
    pub counter_strike: u64,
}

/// A counter-strike ban: the type that may not be taken, and the square of the piece that
/// took one (which may be taken).
pub type Strike = Option<(PieceType, Square)>;

impl TradeRules {
    pub fn compile(spec: &Spec) -> TradeRules {
        let mask = |f: &dyn Fn(usize) -> bool| {
            (0..spec.pieces.len())
                .filter(|&t| f(t))
                .fold(0, |m, t| m | PieceType::new(t).bit())
        };
        TradeRules {
            iron: mask(&|t| spec.pieces[t].iron),
            protected: mask(&|t| spec.pieces[t].protected),
            counter_strike: mask(&|t| spec.pieces[t].counter_strike),
        }
    }

    /// Whether any of the rules is in force.
    pub fn any(&self) -> bool {
        self.iron | self.protected | self.counter_strike != 0
    }

    /// The hash of a counter-strike ban (0 for none).
    pub fn key(strike: Strike) -> u64 {
        let Some((t, sq)) = strike else {
            return 0;
        };
        mix64(0x7F4A_7C15_9E37_79B9 ^ ((t.index() as u64) << 8 | sq as u64))
    }
}
