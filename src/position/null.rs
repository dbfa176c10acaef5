//! The null move: the side to move passes, for the search's null-move pruning (a position
//! where even passing keeps the score above beta needs no deeper look).

use super::{EpList, Position, Undo, WHITE};

impl Position {
    /// Whether [`Position::make_null`] is meaningful here: one move a turn and at its start,
    /// no counter-strike ban to carry (the search also asks that the side not be in check).
    pub fn null_allowed(&self) -> bool {
        self.phase == 0 && self.turn_length() == 1 && self.v.trade.counter_strike == 0
    }

    /// Pass the turn: no piece moves, en passant rights lapse, the clocks run. Take it back
    /// with [`Position::unmake`]. Only where [`Position::null_allowed`].
    pub fn make_null(&mut self) -> Undo {
        let u = self.undo_record();
        self.hash ^= self.ep_hash();
        self.capturable = EpList::default();
        self.pending = EpList::default();
        self.halfmove += 1;
        self.side = self.side.other();
        self.hash ^= self.v.zobrist.black;
        if self.side == WHITE {
            self.fullmove += 1;
        }
        u
    }
}

#[cfg(test)]
mod tests {
    use crate::bundled;
    use crate::fen;

    /// A null move flips the side, drops en passant and keeps the hash consistent; unmake
    /// restores the position exactly.
    #[test]
    fn a_null_move_passes_and_comes_back() {
        let v = bundled::load("chess").unwrap();
        let fen = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
        let mut p = fen::from_fen(&v, fen).unwrap();
        let before = p.clone();
        assert!(p.null_allowed());
        let u = p.make_null();
        assert_eq!(p.side_to_move(), crate::position::BLACK);
        assert_eq!(p.hash(), p.compute_hash());
        assert!(p.ep_capturable().as_slice().is_empty());
        p.unmake(&u);
        assert!(p == before);
    }
}
