//! The squares a move changes besides its origin and destination: the pieces it takes on the
//! way (locust victims, in the order taken), or for an unload ([`super::MoveKind::Unload`]) the one square
//! where the piece taken on the destination is put down.

use crate::betza::MAX_LOCUST;
#[cfg(doc)]
use crate::geometry::MAX_SQUARES;
use crate::geometry::Square;

/// Up to [`MAX_LOCUST`] squares, in order, kept in the move itself (a move stays `Copy` and
/// fourteen bytes long): the unused room holds `Kills::UNUSED`, past any square, so the
/// count needs no byte of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kills {
    sq: [Square; MAX_LOCUST],
}

impl Default for Kills {
    fn default() -> Self {
        Kills::NONE
    }
}

impl Kills {
    /// What the unused room holds: no square (squares are below [`MAX_SQUARES`]).
    const UNUSED: Square = Square::MAX;

    /// No square.
    pub const NONE: Kills = Kills {
        sq: [Kills::UNUSED; MAX_LOCUST],
    };

    /// The one square `sq`.
    pub fn one(sq: Square) -> Kills {
        Kills::NONE.with(sq).unwrap_or(Kills::NONE)
    }

    /// How many squares.
    #[inline]
    fn len(&self) -> usize {
        (self.sq.iter()).filter(|&&sq| sq != Kills::UNUSED).count()
    }

    /// These and `sq` after them, or None when there is no room (more than [`MAX_LOCUST`]).
    #[inline]
    pub fn with(self, sq: Square) -> Option<Kills> {
        let mut k = self;
        *k.sq.get_mut(self.len())? = sq;
        Some(k)
    }

    /// Every square of `squares`, or None when they are more than [`MAX_LOCUST`].
    pub fn of(squares: &[Square]) -> Option<Kills> {
        squares.iter().try_fold(Kills::NONE, |k, &sq| k.with(sq))
    }

    #[inline]
    /// The squares, in the order added.
    pub fn as_slice(&self) -> &[Square] {
        &self.sq[..self.len()]
    }

    #[inline]
    /// Is there no square?
    pub fn is_empty(&self) -> bool {
        self.sq[0] == Kills::UNUSED
    }

    /// The first square, if any.
    pub fn first(&self) -> Option<Square> {
        self.as_slice().first().copied()
    }

    /// Is `sq` among the squares?
    pub fn contains(&self, sq: Square) -> bool {
        self.as_slice().contains(&sq)
    }

    /// The squares and their count in one number: equal kills, equal keys (ten bits a
    /// square, as a square is below [`MAX_SQUARES`]).
    pub fn key(&self) -> u32 {
        (self.sq.iter()).fold(self.len() as u32, |k, &sq| k << 10 | (sq & 1023) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kills_keep_their_order_and_refuse_one_past_the_room() {
        let full = Kills::of(&[7, 3, 9][..MAX_LOCUST]).unwrap();
        assert_eq!(full.as_slice(), &[7, 3, 9][..MAX_LOCUST]);
        assert_eq!(full.first(), Some(7));
        assert!(full.contains(3) && !full.contains(4));
        assert_eq!(full.with(1), None);
        assert_eq!(Kills::of(&[1; MAX_LOCUST + 1]), None);
        assert!(Kills::NONE.is_empty() && Kills::NONE.first().is_none());
        // Equal moves have equal kills: the unused room stays zero.
        assert_eq!(Kills::one(5), Kills::NONE.with(5).unwrap());
        // The largest square is a square like any other.
        let last = crate::geometry::MAX_SQUARES as Square - 1;
        assert_eq!(Kills::one(last).as_slice(), &[last]);
        assert_eq!(std::mem::size_of::<super::super::Move>(), 14);
    }
}
