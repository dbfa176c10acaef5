//! The squares a move changes besides its origin and destination: the pieces it takes on the
//! way (locust victims, in the order taken), or for an unload ([`super::MoveKind::Unload`]) the one square
//! where the piece taken on the destination is put down.

use crate::betza::MAX_LOCUST;
use crate::geometry::{MAX_SIDE, MAX_SQUARES, Square};

/// The bits of one square in [`Kills`]: a square is below [`MAX_SQUARES`] (1024).
const BITS: u32 = 10;
/// The room of one square, all ones: what an unused room holds.
const UNUSED: u64 = (1 << BITS) - 1;
// The largest board's squares are all below the unused value, and the rooms fit one word.
const _: () = assert!((MAX_SIDE as u64) * (MAX_SIDE as u64) <= UNUSED);
const _: () = assert!(1 << BITS == MAX_SQUARES);
const _: () = assert!(MAX_LOCUST as u32 * BITS <= 64);

/// Up to [`MAX_LOCUST`] squares, in order, packed ten bits a square into one word kept in
/// the move itself (a move stays `Copy`, sixteen bytes): the first square in the highest
/// room, so that kills compare as their squares in order do; the unused rooms hold all ones
/// (past any square), so the count needs no bits of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kills(u64);

impl Default for Kills {
    fn default() -> Self {
        Kills::NONE
    }
}

/// The shift of room `i` (0 the first square's).
#[inline(always)]
const fn shift(i: usize) -> u32 {
    (MAX_LOCUST - 1 - i) as u32 * BITS
}

impl Kills {
    /// No square.
    pub const NONE: Kills = Kills(u64::MAX >> (64 - MAX_LOCUST as u32 * BITS));

    /// The one square `sq`.
    pub fn one(sq: Square) -> Kills {
        Kills::NONE.with(sq).unwrap_or(Kills::NONE)
    }

    /// The square in room `i`, if it is used.
    #[inline(always)]
    fn at(&self, i: usize) -> Option<Square> {
        let room = self.0 >> shift(i) & UNUSED;
        (room != UNUSED).then_some(room as Square)
    }

    /// How many squares.
    #[inline]
    pub fn len(&self) -> usize {
        (0..MAX_LOCUST)
            .position(|i| self.at(i).is_none())
            .unwrap_or(MAX_LOCUST)
    }

    /// These and `sq` after them, or None when there is no room (more than [`MAX_LOCUST`]).
    #[inline]
    pub fn with(self, sq: Square) -> Option<Kills> {
        let i = self.len();
        (i < MAX_LOCUST).then(|| {
            let s = shift(i);
            Kills(self.0 & !(UNUSED << s) | (sq as u64 & UNUSED) << s)
        })
    }

    /// Every square of `squares`, or None when they are more than [`MAX_LOCUST`].
    pub fn of(squares: &[Square]) -> Option<Kills> {
        squares.iter().try_fold(Kills::NONE, |k, &sq| k.with(sq))
    }

    /// The squares, in the order added.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        (0..MAX_LOCUST).map_while(|i| self.at(i))
    }

    /// The squares, in the order added, as a list that reads as a slice.
    pub fn squares(&self) -> KillList {
        let mut list = KillList {
            sq: [0; MAX_LOCUST],
            n: 0,
        };
        for sq in self.iter() {
            list.sq[list.n as usize] = sq;
            list.n += 1;
        }
        list
    }

    #[inline]
    /// Is there no square?
    pub fn is_empty(&self) -> bool {
        *self == Kills::NONE
    }

    /// The first square, if any.
    #[inline]
    pub fn first(&self) -> Option<Square> {
        self.at(0)
    }

    /// Is `sq` among the squares?
    pub fn contains(&self, sq: Square) -> bool {
        self.iter().any(|k| k == sq)
    }

    /// The squares and their order in one number: equal kills, equal keys.
    pub fn key(&self) -> u64 {
        self.0
    }
}

/// The squares of a [`Kills`] unpacked, read as a slice (`Deref`).
#[derive(Clone, Copy)]
pub struct KillList {
    sq: [Square; MAX_LOCUST],
    n: u8,
}

impl std::ops::Deref for KillList {
    type Target = [Square];
    fn deref(&self) -> &[Square] {
        &self.sq[..self.n as usize]
    }
}

impl std::fmt::Debug for KillList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for KillList {
    fn eq(&self, o: &Self) -> bool {
        **self == **o
    }
}

impl PartialEq<[Square]> for KillList {
    fn eq(&self, o: &[Square]) -> bool {
        **self == *o
    }
}

impl PartialEq<&[Square]> for KillList {
    fn eq(&self, o: &&[Square]) -> bool {
        **self == **o
    }
}

impl PartialEq<Vec<Square>> for KillList {
    fn eq(&self, o: &Vec<Square>) -> bool {
        **self == **o
    }
}

impl<const N: usize> PartialEq<[Square; N]> for KillList {
    fn eq(&self, o: &[Square; N]) -> bool {
        **self == o[..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kills_keep_their_order_and_refuse_one_past_the_room() {
        let six = [7, 3, 9, 899, 0, 512];
        let full = Kills::of(&six[..MAX_LOCUST]).unwrap();
        assert_eq!(*full.squares(), six[..MAX_LOCUST]);
        assert_eq!(full.len(), MAX_LOCUST);
        assert_eq!(full.first(), Some(7));
        assert!(full.contains(3) && !full.contains(4));
        assert_eq!(full.with(1), None);
        assert_eq!(Kills::of(&[1; MAX_LOCUST + 1]), None);
        assert!(Kills::NONE.is_empty() && Kills::NONE.first().is_none());
        assert_eq!(Kills::NONE.len(), 0);
        // Equal moves have equal kills: the unused room stays as it was.
        assert_eq!(Kills::one(5), Kills::NONE.with(5).unwrap());
        // The largest board's last square is a square like any other; square 0 too.
        let last = (MAX_SIDE as Square) * (MAX_SIDE as Square) - 1;
        assert_eq!(*Kills::one(last).squares(), [last]);
        assert_eq!(*Kills::of(&[0, 0]).unwrap().squares(), [0, 0]);
        assert_eq!(std::mem::size_of::<super::super::Move>(), 16);
    }

    /// Kills compare as their squares in order do (a prefix after the longer: the unused
    /// room is past any square), so moves sort as they did with the squares in an array.
    #[test]
    fn kills_compare_square_by_square() {
        let k = |s: &[Square]| Kills::of(s).unwrap();
        assert!(k(&[3]) < k(&[4]));
        assert!(k(&[3, 900 - 1]) < k(&[4]));
        assert!(k(&[3, 5]) < k(&[3]));
        assert!(k(&[3]) < Kills::NONE);
        assert!(k(&[2, 9, 9]) < k(&[3, 0]));
    }
}
