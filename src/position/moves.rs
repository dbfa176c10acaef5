//! A move: where it goes from and to, its promotion, its kind (flags) and the other squares
//! it changes ([`Kills`]).

use super::Kills;
use crate::geometry::Square;
use crate::piece::PieceType;

/// Move flags.
pub mod flag {
    /// A castling: the piece on `from` castles towards its partner.
    pub const CASTLE: u8 = 1;
    /// An en passant capture: the pawn taken stands beside `to`.
    pub const EP: u8 = 2;
    /// A conversion move (Symmetric Chess's bishops).
    pub const CONVERT: u8 = 4;
    /// A move that passes squares and leaves en passant rights on them.
    pub const DOUBLE: u8 = 8;
    /// A drop from the hand: `promo` holds the dropped type, `from` is `to`.
    pub const DROP: u8 = 16;
    /// An unload (XBetza `u`): `kill` is where the piece taken on `to` is put down.
    pub const UNLOAD: u8 = 32;
    /// With [`CASTLE`]: the partner is the piece next to the corner (`j` on castling,
    /// `KisjO2`), not the one in it.
    pub const CASTLE_INNER: u8 = 64;
}

/// A move: from, to, promotion (0 or 1 + type), flags, and the other squares it changes
/// ([`Kills`]): those of the pieces it takes besides the one on `to` (locust captures: legs
/// of several that end on an enemy and go on), or with [`flag::UNLOAD`] the empty square where
/// the piece taken on `to` is put down. `to` may be `from` (a move out and back, taking on the
/// way, or none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move {
    /// Where the piece starts (`to` for a drop).
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// 0, or 1 + the type it promotes to (for a drop, 1 + the type dropped).
    pub promo: u8,
    /// Its kind: [`flag`]s.
    pub flags: u8,
    /// The other squares it changes: locust victims, or where an unload puts its victim.
    pub kills: Kills,
}

impl Move {
    /// A drop of a piece of type `t` from the hand onto `to`.
    pub fn drop(t: PieceType, to: Square) -> Move {
        Move {
            from: to,
            to,
            promo: t.index() as u8 + 1,
            flags: flag::DROP,
            kills: Kills::NONE,
        }
    }
    /// The type dropped, for a drop.
    pub fn dropped(&self) -> Option<PieceType> {
        (self.flags & flag::DROP != 0).then(|| PieceType::new(self.promo as usize - 1))
    }
    /// Whether it is a drop from the hand.
    pub fn is_drop(&self) -> bool {
        self.flags & flag::DROP != 0
    }
    /// The type it promotes to, if it promotes (not a drop).
    pub fn promotion(&self) -> Option<PieceType> {
        (self.promo != 0 && self.flags & flag::DROP == 0)
            .then(|| PieceType::new(self.promo as usize - 1))
    }
    /// Whether it is a castling.
    pub fn is_castle(&self) -> bool {
        self.flags & flag::CASTLE != 0
    }
    /// Whether it is an en passant capture.
    pub fn is_ep(&self) -> bool {
        self.flags & flag::EP != 0
    }
    /// The squares of the locust victims, in the order taken: pieces taken besides the one
    /// on `to`.
    #[inline]
    pub fn locusts(&self) -> &[Square] {
        if self.flags & flag::UNLOAD == 0 {
            self.kills.as_slice()
        } else {
            &[]
        }
    }
    /// Whether the move takes a piece on the way (a locust capture).
    #[inline]
    pub fn takes_on_the_way(&self) -> bool {
        self.flags & flag::UNLOAD == 0 && !self.kills.is_empty()
    }
    /// The move as one number, for sorting and searching: origin, destination, promotion
    /// and kills (not the flags: two moves that differ only there are one).
    pub fn key(&self) -> u64 {
        (self.from as u64) << 48
            | (self.to as u64) << 40
            | (self.promo as u64) << 32
            | self.kills.key() as u64
    }
    /// Where the piece taken on `to` is put down, for an unload (`u`).
    #[inline]
    pub fn unload(&self) -> Option<Square> {
        self.kills
            .first()
            .filter(|_| self.flags & flag::UNLOAD != 0)
    }
}
