//! Board geometry: size, square names, square colours.
//!
//! A square is a `u16` index `rank * files + file`, both counted from 0 at White's bottom left
//! (`a1`). Boards are at most [`MAX_SIDE`] squares a side. Square names are a file letter and a
//! rank number (`a1`, `i9`, `c10`); files past `z` are named by the characters after it, as the
//! Interactive Diagram's script names them (`{`, `|`, `}`, `~`: `{1` is the 27th file's first
//! square).

use std::fmt;

/// A square index: `rank * files + file`.
pub type Square = u16;

/// The largest board side fairylab handles: the Interactive Diagram's script names files by the
/// characters from `a` on, and `~` (the 30th) is the last printable one.
pub const MAX_SIDE: u8 = 30;

/// Room for every square of the largest board, a power of two: a [`Board`] or [`SquareSet`]
/// indexed by a square masked with `MAX_SQUARES - 1` needs no bounds check.
pub const MAX_SQUARES: usize = 1024;

/// The 64-bit words of a [`SquareSet`].
const WORDS: usize = MAX_SQUARES / 64;

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

    /// The 64-bit words a [`SquareSet`] of this board's squares uses.
    #[inline]
    pub fn words(&self) -> usize {
        self.len().div_ceil(64)
    }

    /// Has the board no square?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The square at (`file`, `rank`), both from 0 (`a1` is 0).
    pub fn square(&self, file: u8, rank: u8) -> Square {
        rank as Square * self.files as Square + file as Square
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
        (sq % self.files as Square) as u8
    }

    /// The rank of `sq`, from 0.
    pub fn rank(&self, sq: Square) -> u8 {
        (sq / self.files as Square) as u8
    }

    /// Dark squares: (file + rank) even, so `a1` is dark.
    pub fn is_dark(&self, sq: Square) -> bool {
        (self.file(sq) as u32 + self.rank(sq) as u32).is_multiple_of(2)
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
        if !(b'a'..=LAST_FILE).contains(&f) {
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

/// The letter of the last file a board may have (`~`, the 30th).
const LAST_FILE: u8 = b'a' + MAX_SIDE - 1;

/// A file's letter: `a` to `z`, then `{`, `|`, `}` and `~` as the Interactive Diagram's script
/// names the 27th to 30th files.
pub fn file_letter(file: u8) -> char {
    (b'a' + file) as char
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
        write!(f, "{}{}", file_letter(self.file), self.rank as u32 + 1)
    }
}

/// A board of piece codes (0 empty), indexed by square: room for [`MAX_SQUARES`], the index
/// masked so that it needs no bounds check.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board(pub [u8; MAX_SQUARES]);

impl Board {
    /// No piece anywhere.
    pub const EMPTY: Board = Board([0; MAX_SQUARES]);
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.0.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
        f.debug_list().entries(&self.0[..last]).finish()
    }
}

impl std::ops::Index<usize> for Board {
    type Output = u8;
    #[inline(always)]
    fn index(&self, sq: usize) -> &u8 {
        &self.0[sq & (MAX_SQUARES - 1)]
    }
}

impl std::ops::IndexMut<usize> for Board {
    #[inline(always)]
    fn index_mut(&mut self, sq: usize) -> &mut u8 {
        &mut self.0[sq & (MAX_SQUARES - 1)]
    }
}

/// A set of squares (up to [`MAX_SQUARES`]) as 64-bit words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquareSet(pub [u64; WORDS]);

impl Default for SquareSet {
    fn default() -> Self {
        SquareSet::EMPTY
    }
}

/// The word of `sq` in a [`SquareSet`], masked so that it needs no bounds check.
#[inline(always)]
fn word(sq: Square) -> usize {
    (sq as usize >> 6) & (WORDS - 1)
}

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet([0; WORDS]);
    /// Every square of the largest board.
    pub const FULL: SquareSet = SquareSet([!0; WORDS]);

    #[inline]
    /// Is `sq` in the set?
    pub fn contains(&self, sq: Square) -> bool {
        self.0[word(sq)] >> (sq & 63) & 1 != 0
    }

    #[inline]
    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        self.0[word(sq)] |= 1 << (sq & 63);
    }

    #[inline]
    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0[word(sq)] &= !(1 << (sq & 63));
    }

    #[inline]
    /// Adds `sq` when `on`, else removes it.
    pub fn set(&mut self, sq: Square, on: bool) {
        if on { self.insert(sq) } else { self.remove(sq) }
    }

    /// Is the set empty?
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
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
    pub fn iter(&self) -> SquareIter<'_> {
        self.iter_in(WORDS)
    }

    /// The squares in increasing order, of a set on a board of `words` 64-bit words
    /// ([`Geometry::words`]): the words past them, empty, are not looked at.
    #[inline]
    pub fn iter_in(&self, words: usize) -> SquareIter<'_> {
        let words = &self.0[..words.clamp(1, WORDS)];
        SquareIter {
            words,
            word: 0,
            bits: words[0],
        }
    }
}

/// Iterator over a [`SquareSet`].
pub struct SquareIter<'a> {
    words: &'a [u64],
    word: usize,
    bits: u64,
}

impl Iterator for SquareIter<'_> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.bits == 0 {
            self.word += 1;
            self.bits = *self.words.get(self.word)?;
        }
        let w = self.bits;
        self.bits = w & (w - 1);
        Some((self.word as u32 * 64 + w.trailing_zeros()) as Square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let g = Geometry::new(9, 12);
        for sq in 0..g.len() as Square {
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
        for sq in [0, 63, 64, 200, 255, 1023] {
            s.insert(sq);
        }
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![0, 63, 64, 200, 255, 1023]
        );
        s.remove(64);
        assert!(!s.contains(64));
        assert_eq!(s.len(), 5);
    }
}
