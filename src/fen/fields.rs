//! The FEN's fields, each with the 1-based character column it starts at.

use super::{FenError, FenErrorKind};

/// One whitespace-separated field of a FEN and the column of its first character.
#[derive(Debug, Clone, Copy)]
pub(super) struct Field<'a> {
    /// The 1-based character column of its first character.
    pub column: usize,
    /// Its text.
    pub text: &'a str,
}

/// The fields of `fen`. Columns count characters, not bytes (a non-ASCII space before a field
/// must not move its errors past the end of the text). Fairy-Stockfish's form for games
/// without castling and en passant (Shogi's `... w 0 1`: the clocks straight after the side
/// to move) gets its two `-` fields back.
pub(super) fn split(fen: &str) -> Result<Vec<Field<'_>>, FenError> {
    let mut fields = Vec::new();
    let mut start = None;
    for (n, (i, ch)) in fen.char_indices().enumerate() {
        if ch.is_whitespace() {
            if let Some((s, c)) = start.take() {
                fields.push(Field {
                    column: c + 1,
                    text: &fen[s..i],
                });
            }
        } else if start.is_none() {
            start = Some((i, n));
        }
    }
    if let Some((s, c)) = start {
        fields.push(Field {
            column: c + 1,
            text: &fen[s..],
        });
    }
    if fields.is_empty() {
        return Err(FenError::new(FenErrorKind::Empty, 1, "empty FEN"));
    }
    let number = |f: &Field| f.text.bytes().all(|b| b.is_ascii_digit());
    if fields.len() == 4 && number(&fields[2]) && number(&fields[3]) {
        let column = fields[2].column;
        let dash = Field { column, text: "-" };
        fields.splice(2..2, [dash, dash]);
    }
    Ok(fields)
}
