//! The squares a move changes besides its origin and destination: the pieces it takes on the
//! way (locust victims, in the order taken), or for an unload ([`super::MoveKind::Unload`]) the one square
//! where the piece taken on the destination is put down.

use crate::betza::MAX_LOCUST;
#[cfg(doc)]
use crate::geometry::MAX_SQUARES;
use crate::geometry::Square;

/// Up to [`MAX_LOCUST`] squares, in order, kept in the move itself (a move stays `Copy` and
/// sixteen bytes long).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Kills {
    n: u8,
    sq: [Square; MAX_LOCUST],
}

impl Kills {
    /// No square.
    pub const NONE: Kills = Kills {
        n: 0,
        sq: [0; MAX_LOCUST],
    };

    /// The one square `sq`.
    pub fn one(sq: Square) -> Kills {
        Kills::NONE.with(sq).unwrap_or(Kills::NONE)
    }

    /// These and `sq` after them, or None when there is no room (more than [`MAX_LOCUST`]).
    #[inline]
    pub fn with(self, sq: Square) -> Option<Kills> {
        let mut k = self;
        *k.sq.get_mut(k.n as usize)? = sq;
        k.n += 1;
        Some(k)
    }

    /// Every square of `squares`, or None when they are more than [`MAX_LOCUST`].
    pub fn of(squares: &[Square]) -> Option<Kills> {
        squares.iter().try_fold(Kills::NONE, |k, &sq| k.with(sq))
    }

    #[inline]
    /// The squares, in the order added.
    pub fn as_slice(&self) -> &[Square] {
        &self.sq[..self.n as usize]
    }

    #[inline]
    /// Is there no square?
    pub fn is_empty(&self) -> bool {
        self.n == 0
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
        (self.sq.iter()).fold(self.n as u32, |k, &sq| k << 10 | sq as u32)
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
    }
}
