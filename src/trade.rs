//! The Interactive Diagram's rules that forbid captures (Chu Shogi's Lion-trading rules,
//! generalised), as type masks:
//! - `iron`: a piece of the type is never taken;
//! - `protected`: a piece of the type that takes a piece of a protected type may not end where
//!   the opponent could take it at once (the Diagram makes it royal for one ply), unless
//!   `tradeThreshold` names a type and what else it takes is worth more than that type (Chu
//!   Shogi's Lion that takes a piece other than a pawn on its way to a protected Lion);
//! - `antiTrade`: pieces of one group never take each other (before the piece lines
//!   `antiTrade=N` puts type N in the first group; after a piece line, `antiTrade=G` puts that
//!   piece in group G, 0 to 3);
//! - `counterStrike`: after a piece of the type is taken by a piece of another type, the
//!   opponent's next move may not take a piece of that type, except the piece that took.
//!
//! The counter-strike ban is part of the position ([`Strike`]): in its hash and its FEN.

use crate::definition::Spec;
use crate::geometry::Square;
use crate::piece::PieceType;
use crate::splitmix::mix64;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
/// The capture rules of a variant (`iron`, `protected`, `counterStrike`, `antiTrade`), types as [`PieceType::bit`]s.
pub struct TradeRules {
    /// `iron` types: never taken.
    pub iron: u64,
    /// `protected` types.
    pub protected: u64,
    /// `counterStrike` types.
    pub counter_strike: u64,
    /// Per `antiTrade` group, its types.
    pub anti: [u64; ANTI_GROUPS],
    /// `tradeThreshold`: the type whose value a protected piece's other captures must exceed.
    pub threshold: Option<PieceType>,
    /// The engine's piece values, filled in when there is a threshold ([`crate::eval`]).
    pub values: Vec<i32>,
}

/// `antiTrade`'s groups: the one before the piece lines, then 0 to 3.
pub const ANTI_GROUPS: usize = 5;

/// A counter-strike ban: the type that may not be taken, and the square of the piece that
/// took one (which may be taken).
pub type Strike = Option<(PieceType, Square)>;

impl TradeRules {
    /// The rules of `spec`; `iron` adds the types in `iron_too` (pieces waiting at a gate).
    pub fn compile(spec: &Spec, iron_too: u64) -> TradeRules {
        let mask = |f: &dyn Fn(usize) -> bool| {
            (0..spec.pieces.len())
                .filter(|&t| f(t))
                .fold(0, |m, t| m | PieceType::new(t).bit())
        };
        TradeRules {
            iron: mask(&|t| spec.pieces[t].iron) | iron_too,
            protected: mask(&|t| spec.pieces[t].protected),
            counter_strike: mask(&|t| spec.pieces[t].counter_strike),
            anti: std::array::from_fn(|g| mask(&|t| spec.pieces[t].anti_trade & 1 << g != 0)),
            threshold: spec.trade_threshold.map(PieceType::new),
            values: Vec::new(),
        }
    }

    /// Do `a` and `b` share an `antiTrade` group?
    pub fn anti(&self, a: PieceType, b: PieceType) -> bool {
        let both = a.bit() | b.bit();
        self.anti.iter().any(|&g| g & both == both)
    }

    /// Is what a protected `mover` takes beside the protected victim (`gain` in all) worth
    /// more than the threshold type, so the trade is allowed?
    pub fn above_threshold(&self, mover: PieceType, gain: i32) -> bool {
        let value = |t: PieceType| self.values.get(t.index()).copied().unwrap_or(0);
        // The Diagram's test, in its units: gain >= mover + threshold + 30.
        self.threshold
            .is_some_and(|n| gain >= value(mover) + value(n) + 30)
    }

    /// Whether any of the rules is in force.
    pub fn any(&self) -> bool {
        self.iron | self.protected | self.counter_strike != 0 || self.anti.iter().any(|&g| g != 0)
    }

    /// The hash of a counter-strike ban (0 for none).
    pub fn key(strike: Strike) -> u64 {
        let Some((t, sq)) = strike else {
            return 0;
        };
        mix64(0x7F4A_7C15_9E37_79B9 ^ ((t.index() as u64) << 8 | sq as u64))
    }
}
