//! Board geometry: size, square names, square colours.
//!
//! A square is a `u8` index `rank * files + file`, both counted from 0 at White's bottom left
//! (`a1`). Boards are at most 16 x 16. Square names are a file letter and a rank number
//! (`a1`, `i9`, `c10`).

use std::fmt;

/// A square index: `rank * files + file`.
pub type Square = u8;

/// The largest board side fairylab handles.
pub const MAX_SIDE: u8 = 16;

/// Board dimensions, and the squares inside them that are not part of the board (the
/// Interactive Diagram's `hole` pieces): no piece stands on them, and no move goes to or
/// through them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// Number of files (columns), 1 to [`MAX_SIDE`].
    pub files: u8,
    /// Number of ranks (rows), 1 to [`MAX_SIDE`].
    pub ranks: u8,
    /// The squares inside the rectangle that are not part of the board.
    pub holes: SquareSet,
}

impl Geometry {
    /// A board of `files` by `ranks` squares, without holes.
    pub fn new(files: u8, ranks: u8) -> Self {
        debug_assert!((1..=MAX_SIDE).contains(&files) && (1..=MAX_SIDE).contains(&ranks));
        Geometry {
            files,
            ranks,
            holes: SquareSet::EMPTY,
        }
    }

    /// The same board with `holes` taken out.
    pub fn with_holes(self, holes: SquareSet) -> Self {
        Geometry { holes, ..self }
    }

    /// Is `sq` a hole (inside the rectangle, not part of the board)?
    pub fn is_hole(&self, sq: Square) -> bool {
        self.holes.contains(sq)
    }

    /// Number of squares.
    pub fn len(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Has the board no square?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The square at (`file`, `rank`), both from 0 (`a1` is 0).
    pub fn square(&self, file: u8, rank: u8) -> Square {
        rank * self.files + file
    }

    /// The square at (file, rank) if it is on the board (inside it, and not a hole).
    pub fn try_square(&self, file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && rank >= 0 && file < self.files as i32 && rank < self.ranks as i32 {
            Some(self.square(file as u8, rank as u8)).filter(|&sq| !self.is_hole(sq))
        } else {
            None
        }
    }

    /// The file of `sq`, from 0.
    pub fn file(&self, sq: Square) -> u8 {
        sq % self.files
    }

    /// The rank of `sq`, from 0.
    pub fn rank(&self, sq: Square) -> u8 {
        sq / self.files
    }

    /// Dark squares: (file + rank) even, so `a1` is dark.
    pub fn is_dark(&self, sq: Square) -> bool {
        (self.file(sq) + self.rank(sq)).is_multiple_of(2)
    }

    /// The square's name, e.g. `e4` or `a10`.
    pub fn name(&self, sq: Square) -> SquareName {
        SquareName {
            file: self.file(sq),
            rank: self.rank(sq),
        }
    }

    /// Parse a square name at the start of `text`; returns the square and the bytes used.
    pub fn parse_prefix(&self, text: &str) -> Option<(Square, usize)> {
        let bytes = text.as_bytes();
        let f = *bytes.first()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let mut i = 1;
        let mut rank: u32 = 0;
        while i < bytes.len() && bytes[i].is_ascii_digit() && i <= 3 {
            rank = rank * 10 + (bytes[i] - b'0') as u32;
            i += 1;
        }
        if i == 1 || rank == 0 || bytes[1] == b'0' {
            return None;
        }
        let file = (f - b'a') as i32;
        let sq = self.try_square(file, rank as i32 - 1)?;
        Some((sq, i))
    }

    /// Parse a whole square name.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        match self.parse_prefix(text) {
            Some((sq, n)) if n == text.len() => Some(sq),
            _ => None,
        }
    }
}

/// A square's name, printed as `e4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareName {
    /// The file, from 0 (`a`).
    pub file: u8,
    /// The rank, from 0 (`1`).
    pub rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

/// A set of squares (up to 256) as four 64-bit words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct SquareSet(pub [u64; 4]);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    #[inline]
    /// Is `sq` in the set?
    pub fn contains(&self, sq: Square) -> bool {
        self.0[(sq >> 6) as usize] >> (sq & 63) & 1 != 0
    }

    #[inline]
    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        self.0[(sq >> 6) as usize] |= 1 << (sq & 63);
    }

    #[inline]
    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0[(sq >> 6) as usize] &= !(1 << (sq & 63));
    }

    #[inline]
    /// Adds `sq` when `on`, else removes it.
    pub fn set(&mut self, sq: Square, on: bool) {
        if on { self.insert(sq) } else { self.remove(sq) }
    }

    /// Is the set empty?
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The number of squares in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Its square when it holds exactly one.
    pub fn only(&self) -> Option<Square> {
        let mut it = self.iter();
        let first = it.next()?;
        it.next().is_none().then_some(first)
    }

    /// The squares in increasing order.
    #[inline]
    pub fn iter(&self) -> SquareIter {
        SquareIter {
            words: self.0,
            word: 0,
        }
    }
}

/// Iterator over a [`SquareSet`].
pub struct SquareIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for SquareIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some((self.word as u32 * 64 + w.trailing_zeros()) as Square);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let g = Geometry::new(9, 12);
        for sq in 0..g.len() as u8 {
            let name = g.name(sq).to_string();
            assert_eq!(g.parse_square(&name), Some(sq), "{name}");
        }
        assert_eq!(g.name(g.square(2, 9)).to_string(), "c10");
        assert_eq!(g.parse_square("j1"), None);
        assert_eq!(g.parse_square("a0"), None);
        assert_eq!(g.parse_square("a13"), None);
        assert_eq!(g.parse_square("a01"), None);
        assert!(g.is_dark(g.square(0, 0)));
        assert!(!g.is_dark(g.square(1, 0)));
    }

    #[test]
    fn square_set() {
        let mut s = SquareSet::EMPTY;
        for sq in [0u8, 63, 64, 200, 255] {
            s.insert(sq);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 63, 64, 200, 255]);
        s.remove(64);
        assert!(!s.contains(64));
        assert_eq!(s.len(), 4);
    }
}
