//! The gating a move brings under `autoGate` ([`crate::gate`]).

use super::{Move, Position};
use crate::gate::Gate;
use crate::geometry::Square;
use crate::variant::{code, code_colour, code_type};

impl Position {
    /// The gating `m` brings: when it moves an unmoved piece off its back rank and a piece of
    /// the mover's side waits at the gate behind, (the gate, the square the waiting piece
    /// steps onto, its code there). A castling gates behind the castling piece, or with
    /// nothing there, behind its partner.
    #[inline]
    pub(super) fn gating(&self, m: Move) -> Option<(Square, Square, u8)> {
        self.v.gate.as_ref()?;
        self.gating_at(m)
    }

    /// [`Position::gating`] for a variant with gates.
    #[cold]
    fn gating_at(&self, m: Move) -> Option<(Square, Square, u8)> {
        if m.is_drop() || !self.unmoved.contains(m.from) {
            return None;
        }
        let g = self.v.geometry;
        let waiting = |sq: Square| {
            let gate = Gate::behind(g, sq)?;
            let c = self.board[gate as usize];
            (c != 0 && code_colour(c) == self.side)
                .then(|| (gate, sq, code(self.v.types[code_type(c)].base, self.side)))
        };
        waiting(m.from).or_else(|| {
            m.is_castle()
                .then(|| waiting(self.castle_partner(m).0))
                .flatten()
        })
    }
}
