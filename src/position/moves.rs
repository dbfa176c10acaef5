//! A move that knows itself, as shakmaty's `Move` does: where it goes from and to, its kind
//! ([`MoveKind`]), its promotion, what it captured on its destination, and the other squares
//! it changes ([`Kills`]).

use super::Kills;
use super::kills::KillList;
use crate::geometry::Square;
use crate::piece::{Piece, PieceType};

/// What kind of move a [`Move`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(u8)]
pub enum MoveKind {
    /// The piece on `from` goes to `to`, taking what stands there and its locust victims
    /// ([`Move::locusts`]).
    #[default]
    Normal = 0,
    /// A normal move that passes squares and leaves en passant rights on them (a pawn's
    /// double step).
    DoubleStep = 1,
    /// A castling: the piece on `from` castles towards its partner.
    Castle = 2,
    /// A castling with the piece next to the corner (`j` on castling, `KisjO2`), not the one
    /// in it.
    CastleInner = 3,
    /// An en passant capture: the pawn taken stands on a square the last move passed.
    EnPassant = 4,
    /// A drop from the hand: [`Move::dropped`] says what, `from` is `to`.
    Drop = 5,
    /// An unload (XBetza `u`): the piece taken on `to` is put down on [`Move::unload`].
    Unload = 6,
}

impl MoveKind {
    /// The kind whose discriminant is `code` (Normal for a code no kind has).
    #[inline(always)]
    const fn from_code(code: u8) -> MoveKind {
        match code {
            1 => MoveKind::DoubleStep,
            2 => MoveKind::Castle,
            3 => MoveKind::CastleInner,
            4 => MoveKind::EnPassant,
            5 => MoveKind::Drop,
            6 => MoveKind::Unload,
            _ => MoveKind::Normal,
        }
    }
}

/// A move: from, to, its kind, its promotion (0 or 1 + type; for a drop, 1 + the type
/// dropped), whether it converts (Symmetric Chess's bishops), the piece it captured on `to`
/// (or en passant), and the other squares it changes ([`Kills`]): those of the pieces it
/// takes besides the one on `to` (locust captures: legs of several that end on an enemy and
/// go on), or for an [`MoveKind::Unload`] the empty square where the piece taken on `to` is
/// put down. `to` may be `from` (a move out and back, taking on the way, or none).
///
/// The promotion, the kind, the conversion and the capture are bytes of one word
/// ([`Move::promo`], [`Move::kind`], [`Move::converts`], [`Move::captured`] read them), so
/// that the generator writes a move in four stores, not seven (a store a field; 5a4cb0f's
/// move of four bytes took one). Moves compare as from, to, promotion, kind, conversion,
/// capture and kills, in that order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move {
    /// Where the piece starts (`to` for a drop).
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// From the highest byte: the promotion, the kind, the conversion (0 or 1) and the code
    /// of the piece captured on `to`.
    word: u32,
    /// The other squares it changes: locust victims, or where an unload puts its victim.
    pub kills: Kills,
}

/// The shifts of the parts of [`Move`]'s word.
const PROMO: u32 = 24;
const KIND: u32 = 16;
const CONVERTS: u32 = 8;

impl Move {
    /// No move (a0 to a0), for tables that need a value before they hold a move.
    pub const NONE: Move = Move {
        from: 0,
        to: 0,
        word: 0,
        kills: Kills::NONE,
    };

    /// A move of `kind` from `from` to `to` that takes the piece of code `captured` (0 for
    /// none) there, with `kills`.
    #[inline(always)]
    pub(super) fn new(
        from: Square,
        to: Square,
        kind: MoveKind,
        captured: u8,
        kills: Kills,
    ) -> Move {
        Move {
            from,
            to,
            word: (kind as u32) << KIND | captured as u32,
            kills,
        }
    }

    /// A drop of a piece of type `t` from the hand onto `to`.
    pub fn drop(t: PieceType, to: Square) -> Move {
        Move::new(to, to, MoveKind::Drop, 0, Kills::NONE).with_promo(t.index() as u8 + 1)
    }

    /// 0, or 1 + the type it promotes to (for a drop, 1 + the type dropped).
    #[inline(always)]
    pub fn promo(&self) -> u8 {
        (self.word >> PROMO) as u8
    }
    /// Its kind.
    #[inline(always)]
    pub fn kind(&self) -> MoveKind {
        MoveKind::from_code(self.kind_code())
    }
    /// Is it of kind `kind`? (The hot paths' test: its byte compared, not decoded.)
    #[inline(always)]
    pub fn is(&self, kind: MoveKind) -> bool {
        self.kind_code() == kind as u8
    }
    /// The discriminant of its kind.
    #[inline(always)]
    fn kind_code(&self) -> u8 {
        (self.word >> KIND) as u8
    }
    /// A conversion move (Symmetric Chess): the mover's other undecided pieces stay so.
    #[inline(always)]
    pub fn converts(&self) -> bool {
        self.word >> CONVERTS & 1 != 0
    }
    /// The code of the piece captured on `to` (en passant: beside it), 0 for none.
    #[inline(always)]
    pub(crate) fn captured_code(&self) -> u8 {
        self.word as u8
    }

    /// This move with the promotion `promo` (0, or 1 + a type).
    #[inline(always)]
    pub(super) fn with_promo(self, promo: u8) -> Move {
        Move {
            word: self.word & !(0xff << PROMO) | (promo as u32) << PROMO,
            ..self
        }
    }
    /// This move of kind `kind`.
    #[inline(always)]
    pub(super) fn with_kind(self, kind: MoveKind) -> Move {
        Move {
            word: self.word & !(0xff << KIND) | (kind as u32) << KIND,
            ..self
        }
    }
    /// This move, converting or not.
    #[inline(always)]
    pub(super) fn with_converts(self, converts: bool) -> Move {
        Move {
            word: self.word & !(0xff << CONVERTS) | (converts as u32) << CONVERTS,
            ..self
        }
    }
    /// This move, taking the piece of code `captured` (0 for none) on `to`.
    #[inline(always)]
    pub(super) fn with_captured(self, captured: u8) -> Move {
        Move {
            word: self.word & !0xff | captured as u32,
            ..self
        }
    }

    /// The piece it captured on its destination (en passant: the pawn taken), as the
    /// position it was generated in held it; not its locust victims ([`Move::locusts`]).
    #[inline]
    pub fn captured(&self) -> Option<Piece> {
        Piece::from_code(self.captured_code())
    }
    /// The type dropped, for a drop.
    pub fn dropped(&self) -> Option<PieceType> {
        self.is_drop()
            .then(|| PieceType::new(self.promo() as usize - 1))
    }
    /// Whether it is a drop from the hand.
    #[inline]
    pub fn is_drop(&self) -> bool {
        self.is(MoveKind::Drop)
    }
    /// The type it promotes to, if it promotes (not a drop).
    pub fn promotion(&self) -> Option<PieceType> {
        (self.promo() != 0 && !self.is_drop()).then(|| PieceType::new(self.promo() as usize - 1))
    }
    /// Whether it is a castling.
    #[inline]
    pub fn is_castle(&self) -> bool {
        self.is(MoveKind::Castle) || self.is(MoveKind::CastleInner)
    }
    /// Whether it is an en passant capture.
    #[inline]
    pub fn is_ep(&self) -> bool {
        self.is(MoveKind::EnPassant)
    }
    /// The squares of the locust victims, in the order taken: pieces taken besides the one
    /// on `to`.
    #[inline]
    pub fn locusts(&self) -> KillList {
        match self.is(MoveKind::Unload) {
            true => Kills::NONE.squares(),
            false => self.kills.squares(),
        }
    }
    /// The squares of the locust victims, in the order taken ([`Move::locusts`] one by one).
    #[inline]
    pub fn victims(&self) -> impl Iterator<Item = Square> + '_ {
        let kills = match self.is(MoveKind::Unload) {
            true => &Kills::NONE,
            false => &self.kills,
        };
        kills.iter()
    }
    /// Whether the move takes a piece on the way (a locust capture).
    #[inline]
    pub fn takes_on_the_way(&self) -> bool {
        !self.is(MoveKind::Unload) && !self.kills.is_empty()
    }
    /// The move as one number, for sorting and searching: origin, destination, promotion
    /// and kills (not the kind nor the capture: two moves that differ only there are one).
    pub fn key(&self) -> u128 {
        (self.from as u128) << 90
            | (self.to as u128) << 80
            | (self.promo() as u128) << 64
            | self.kills.key() as u128
    }
    /// Where the piece taken on `to` is put down, for an unload (`u`).
    #[inline]
    pub fn unload(&self) -> Option<Square> {
        self.kills.first().filter(|_| self.is(MoveKind::Unload))
    }
}

#[cfg(test)]
mod tests {
    use super::MoveKind;
    use crate::piece::{BLACK, Piece};
    use crate::{bundled, fen};

    /// Worked out by hand: each kind of move says what it is and what it took.
    #[test]
    fn moves_know_their_kind_and_what_they_took() {
        let v = bundled::load("chess").unwrap();
        let at = |s: &str| v.geometry.parse_square(s).unwrap();
        let piece = |id: char, colour| Piece {
            piece_type: v.type_by_id(id).unwrap(),
            colour,
        };
        // After 1. e4 d5 2. e5 f5, White's f1 and g1 cleared: e5xf6 en passant takes the pawn
        // on f5, the king may castle short, Nc3 is a plain move, d2-d4 a double step.
        let pos = fen::from_fen(
            &v,
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQK2R w KQkq f6 0 3",
        )
        .unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let find = |from: &str, to: &str| {
            *(moves.iter())
                .find(|m| m.from == at(from) && m.to == at(to))
                .unwrap()
        };
        let ep = find("e5", "f6");
        assert_eq!(
            (ep.kind(), ep.captured()),
            (MoveKind::EnPassant, Some(piece('P', BLACK)))
        );
        let castle = find("e1", "g1");
        assert_eq!((castle.kind(), castle.captured()), (MoveKind::Castle, None));
        let double = find("d2", "d4");
        assert_eq!(
            (double.kind(), double.captured()),
            (MoveKind::DoubleStep, None)
        );
        let quiet = find("b1", "c3");
        assert_eq!((quiet.kind(), quiet.captured()), (MoveKind::Normal, None));
        // A capture: after 3. Bd3 Qd6, the pawn on e5 takes the queen.
        let pos = fen::from_fen(
            &v,
            "rnb1kbnr/ppp1p1pp/3q4/3pPp2/8/3B4/PPPP1PPP/RNBQK2R w KQkq - 2 4",
        )
        .unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let take = (moves.iter())
            .find(|m| m.from == at("e5") && m.to == at("d6"))
            .unwrap();
        assert_eq!(
            (take.kind(), take.captured()),
            (MoveKind::Normal, Some(piece('Q', BLACK)))
        );
        // A drop in Crazyhouse.
        let text = std::fs::read_to_string("tests/perft/fsf/defs/crazyhouse.txt").unwrap();
        let v = bundled::compile("crazyhouse", &text).unwrap();
        let pos = fen::from_fen(&v, "2k5/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let drop = moves.iter().find(|m| m.is_drop()).unwrap();
        assert_eq!((drop.kind(), drop.captured()), (MoveKind::Drop, None));
        assert_eq!(drop.dropped(), v.type_by_id('N'));
    }
}
