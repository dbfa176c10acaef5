//! The pieces in hand after the board (`[Qn]`, `/Qn`), White's upper case. A count may stand
//! before a piece (`[120P3n]`: 120 White pawns, three Black knights), as a hand of a hundred
//! pieces is more than anyone reads letter by letter; IDs longer than a letter are written as
//! on the board (`+P`, `{GB}`).

use super::{FenError, FenErrorKind, ids};
use crate::hands::{HandRules, MAX_IN_HAND};
use crate::piece::PieceId;
use crate::variant::Variant;

/// The smallest count [`write`] writes as a number: below it, letters repeated, as
/// Fairy-Stockfish and every other FEN reader read them.
const COUNTED: u16 = 100;

/// The pieces in hand of a FEN (`Qn`, `-` or nothing for none), the text starting at column
/// `col`, as counts indexed by [`HandRules::index`].
pub(super) fn read(v: &Variant, col: usize, text: &str) -> Result<Vec<u16>, FenError> {
    let err = |at: usize, message: String| FenError::new(FenErrorKind::Hands, at, message);
    let nt = v.types.len();
    let mut hands = vec![0u16; 2 * nt];
    let chars: Vec<char> = text.chars().collect();
    let mut j = 0;
    while j < chars.len() {
        if chars[j] == '-' {
            j += 1;
            continue;
        }
        let count_at = col + j;
        let digits = chars[j..].iter().take_while(|c| c.is_ascii_digit()).count();
        let count: Option<u32> = (digits > 0).then(|| {
            chars[j..j + digits].iter().fold(0u32, |n, c| {
                n.saturating_mul(10)
                    .saturating_add(c.to_digit(10).unwrap_or(0))
            })
        });
        j += digits;
        let at = col + j;
        let Some((piece, n)) = ids::token(&chars[j..]) else {
            let message = match count {
                Some(_) if j == chars.len() => "a count in the hands must be followed by a piece",
                _ => "'{' opens a piece ID and no '}' closes it in the hands",
            };
            return Err(err(at, message.into()));
        };
        let (colour, t) = ids::piece(v, &piece).ok_or_else(|| {
            err(
                at,
                format!("'{piece}' in the hands is not a piece of this variant"),
            )
        })?;
        if !v.hands.any() {
            return Err(err(at, "this variant has no pieces in hand".into()));
        }
        // A royal piece is in hand only where the rules put one there (it starts there, or
        // one taken goes there): the legality test then watches its drops.
        if v.types[t].royal && !v.royalty_changes {
            return Err(err(
                at,
                format!("'{piece}' is royal: a royal piece is never in hand in this variant"),
            ));
        }
        let i = HandRules::index(nt, colour, t);
        let total = hands[i] as u32 + count.unwrap_or(1);
        if count == Some(0) || total > MAX_IN_HAND as u32 {
            let message = format!(
                "a hand holds 1 to {MAX_IN_HAND} pieces of a type, not {}",
                if count == Some(0) { 0 } else { total }
            );
            return Err(err(count_at, message));
        }
        hands[i] = total as u16;
        j += n;
    }
    Ok(hands)
}

/// Write `n` pieces `id` (in its colour's case) of a hand: the ID `n` times, or from
/// [`COUNTED`] on the count and the ID once.
pub(super) fn write(out: &mut String, id: PieceId, n: u16) {
    if n >= COUNTED {
        out.push_str(&n.to_string());
        ids::write(out, id);
    } else {
        (0..n).for_each(|_| ids::write(out, id));
    }
}
