//! The typed values behind a board's piece codes: a [`Colour`], a [`PieceType`] (which of the
//! variant's types) and a [`Piece`] (the two together).
//!
//! Piece types are data from the variant, so a `PieceType` is an index into
//! [`crate::variant::Variant::types`], not a name. The board stores a piece as a small code
//! ([`Piece::code`]) for speed; everything that reads a square gets a `Piece` back.

/// A side: White moves first.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Colour(u8);

/// The side that moves first.
pub const WHITE: Colour = Colour(0);
/// The side that moves second.
pub const BLACK: Colour = Colour(1);

impl Colour {
    /// White then Black.
    pub const ALL: [Colour; 2] = [WHITE, BLACK];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Colour {
        Colour(self.0 ^ 1)
    }

    /// 0 for White, 1 for Black: the index of arrays kept per colour.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The colour whose [`Colour::index`] is `i` (0 or 1).
    #[inline]
    pub fn from_index(i: usize) -> Colour {
        debug_assert!(i < 2, "colour index {i}");
        Colour((i & 1) as u8)
    }

    /// Black when `black`, else White.
    #[inline]
    pub const fn from_black(black: bool) -> Colour {
        Colour(black as u8)
    }

    #[inline]
    /// Is this White?
    pub const fn is_white(self) -> bool {
        self.0 == 0
    }

    #[inline]
    /// Is this Black?
    pub const fn is_black(self) -> bool {
        self.0 != 0
    }
}

/// One of a variant's piece types: its index into [`crate::variant::Variant::types`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct PieceType(u8);

impl PieceType {
    /// More types than this do not fit a board code (nor the attack probes' type masks).
    pub const MAX: usize = 64;

    /// The type at index `i` of the variant's types.
    #[inline]
    pub fn new(i: usize) -> PieceType {
        debug_assert!(i < PieceType::MAX, "piece type index {i}");
        PieceType(i as u8)
    }

    /// The index into the variant's types.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// This type's bit in a mask of types (`u64`).
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
}

/// A piece type's ID as FEN, move text and the legend write it: one letter (`N`), a letter
/// after a `+` (`+P`, a promoted piece as Shogi writes it), or up to three letters (`GB`,
/// `DV`), as Interactive Diagram texts name pieces. Upper case: Black's pieces are written in
/// lower case ([`PieceId::to_ascii_lowercase`]). Held in place, so that it is `Copy`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceId {
    bytes: [u8; PieceId::MAX_LEN],
    len: u8,
}

impl PieceId {
    /// The longest ID: a `+` and three letters.
    pub const MAX_LEN: usize = 4;

    /// The ID `text` when it is one: an optional `+`, then one to three ASCII letters of
    /// one case.
    pub fn new(text: &str) -> Option<PieceId> {
        let letters = text.strip_prefix('+').unwrap_or(text);
        let one_case = letters.bytes().all(|b| b.is_ascii_uppercase())
            || letters.bytes().all(|b| b.is_ascii_lowercase());
        if letters.is_empty() || letters.len() > 3 || !one_case {
            return None;
        }
        let mut bytes = [0; PieceId::MAX_LEN];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Some(PieceId {
            bytes,
            len: text.len() as u8,
        })
    }

    /// The ID of one letter (or any one ASCII character: callers match it against a
    /// variant's IDs, which are letters).
    pub const fn from_char(c: char) -> PieceId {
        let mut bytes = [0; PieceId::MAX_LEN];
        bytes[0] = if c.is_ascii() { c as u8 } else { b'?' };
        PieceId { bytes, len: 1 }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes are ever stored.
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("?")
    }

    /// Is it one character, written bare in a FEN?
    pub const fn is_letter(&self) -> bool {
        self.len == 1
    }

    /// Its first letter (after a `+`): what stands for it where only one character fits
    /// (a letter disc).
    pub fn letter(&self) -> char {
        self.as_str()
            .trim_start_matches('+')
            .chars()
            .next()
            .unwrap_or('?')
    }

    /// The same ID in lower case (Black's form).
    pub fn to_ascii_lowercase(self) -> PieceId {
        PieceId {
            bytes: self.bytes.map(|b| b.to_ascii_lowercase()),
            len: self.len,
        }
    }

    /// The same ID in upper case (White's form).
    pub fn to_ascii_uppercase(self) -> PieceId {
        PieceId {
            bytes: self.bytes.map(|b| b.to_ascii_uppercase()),
            len: self.len,
        }
    }
}

impl From<char> for PieceId {
    fn from(c: char) -> PieceId {
        PieceId::from_char(c)
    }
}

impl std::ops::Deref for PieceId {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for PieceId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for PieceId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

/// IDs one after another (`"PNBRQK"`, `"P+PGB"`).
impl FromIterator<PieceId> for String {
    fn from_iter<I: IntoIterator<Item = PieceId>>(ids: I) -> String {
        let mut s = String::new();
        s.extend(ids);
        s
    }
}

impl Extend<PieceId> for String {
    fn extend<I: IntoIterator<Item = PieceId>>(&mut self, ids: I) {
        ids.into_iter().for_each(|id| self.push_str(&id));
    }
}

impl PartialEq<char> for PieceId {
    fn eq(&self, c: &char) -> bool {
        self.len == 1 && self.bytes[0] as char == *c
    }
}

impl PartialEq<&str> for PieceId {
    fn eq(&self, s: &&str) -> bool {
        self.as_str() == *s
    }
}

/// A piece: a type and a colour.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Piece {
    /// Its type.
    pub piece_type: PieceType,
    /// Its side.
    pub colour: Colour,
}

impl Piece {
    #[inline]
    /// A piece of `piece_type` for `colour`.
    pub const fn new(piece_type: PieceType, colour: Colour) -> Piece {
        Piece { piece_type, colour }
    }

    /// Its code on the board: `1 + 2 * type + colour` (never 0, which is an empty square).
    #[inline]
    pub const fn code(self) -> u8 {
        1 + 2 * self.piece_type.0 + self.colour.0
    }

    /// The piece a board code stands for; `None` for 0 (an empty square).
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            None
        } else {
            Some(Piece {
                piece_type: PieceType((code - 1) >> 1),
                colour: Colour((code - 1) & 1),
            })
        }
    }

    /// The same type in the other colour.
    #[inline]
    pub const fn flipped(self) -> Piece {
        Piece::new(self.piece_type, self.colour.other())
    }
}

/// Piece code on the board: 0 for empty, else `1 + 2 * type + colour` ([`Piece::code`]).
#[inline]
pub fn code(t: PieceType, colour: Colour) -> u8 {
    Piece::new(t, colour).code()
}

/// The type of a piece code (not 0).
#[inline]
pub fn code_type(code: u8) -> PieceType {
    PieceType::new(((code - 1) >> 1) as usize)
}

/// The colour of a piece code (not 0).
#[inline]
pub fn code_colour(code: u8) -> Colour {
    Colour::from_index(((code - 1) & 1) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        assert_eq!(Piece::from_code(0), None);
        for t in 0..PieceType::MAX {
            for c in Colour::ALL {
                let p = Piece::new(PieceType::new(t), c);
                assert_eq!(p.code() as usize, 1 + 2 * t + c.index());
                assert_eq!(Piece::from_code(p.code()), Some(p));
            }
        }
    }

    #[test]
    fn piece_ids() {
        for text in ["N", "+P", "GB", "DVX", "+GBX", "n", "+p", "gb"] {
            let id = PieceId::new(text).unwrap();
            assert_eq!(id.as_str(), text);
            assert_eq!(id.to_string(), text);
        }
        for bad in ["", "+", "++P", "GBXY", "Gb", "G1", "P+", "é"] {
            assert_eq!(PieceId::new(bad), None, "{bad}");
        }
        let id = PieceId::new("+GB").unwrap();
        assert_eq!(id.to_ascii_lowercase(), PieceId::new("+gb").unwrap());
        assert_eq!(id.to_ascii_lowercase().to_ascii_uppercase(), id);
        assert_eq!((id.letter(), id.is_letter(), id.len()), ('G', false, 3));
        assert_eq!(PieceId::from('Q'), 'Q');
        assert!(PieceId::from('Q').is_letter());
        assert_ne!(PieceId::new("QQ").unwrap(), 'Q');
    }

    #[test]
    fn colours() {
        assert_eq!(WHITE.other(), BLACK);
        assert_eq!(BLACK.other(), WHITE);
        assert_eq!((WHITE.index(), BLACK.index()), (0, 1));
        assert_eq!(Colour::from_index(1), BLACK);
        assert_eq!(Colour::from_black(false), WHITE);
        assert_eq!(Colour::default(), WHITE);
    }
}
