//! Piece IDs in a FEN: a letter (`N`, `n` for Black), a promoted piece as Shogi writes it
//! (`+P`, `+p`), and any longer ID in braces as Game Courier writes it (`{GB}`, `{gb}`,
//! `{+GB}`).

use crate::piece::{Colour, PieceId, PieceType};
use crate::variant::Variant;

/// The piece text at the start of `chars`: one character (`N`, or anything else, which
/// then names no piece), a `+` and the character after it, or a brace and everything up to
/// the closing brace. Returns the text (braces taken off) and the characters used; `None`
/// for a `{` with no `}`.
pub(super) fn token(chars: &[char]) -> Option<(String, usize)> {
    match chars {
        ['{', rest @ ..] => {
            let close = rest.iter().position(|&c| c == '}')?;
            Some((rest[..close].iter().collect(), close + 2))
        }
        ['+', c, ..] => Some((format!("+{c}"), 2)),
        [c, ..] => Some((c.to_string(), 1)),
        [] => None,
    }
}

/// The colour and type of a piece written `text` (White's ID in upper case, Black's in lower
/// case).
pub(super) fn piece(v: &Variant, text: &str) -> Option<(Colour, PieceType)> {
    let id = PieceId::new(text)?;
    let colour = Colour::from_black(id != id.to_ascii_uppercase());
    Some((colour, v.type_by_id(id.to_ascii_uppercase())?))
}

/// How a FEN writes `id` (already in its colour's case): bare when it is one letter or a `+`
/// and one letter, else in braces.
pub(super) fn write(out: &mut String, id: PieceId) {
    if id.is_letter() || (id.len() == 2 && id.starts_with('+')) {
        out.push_str(&id);
    } else {
        out.push('{');
        out.push_str(&id);
        out.push('}');
    }
}
