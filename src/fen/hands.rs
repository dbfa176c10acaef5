//! The pieces in hand after the board (`[Qn]`, `/Qn`), White's upper case.

use super::{FenError, FenErrorKind};
use crate::hands::HandRules;
use crate::piece::Colour;
use crate::variant::Variant;

/// The pieces in hand of a FEN (`Qn`, `-` or nothing for none), the text starting at column
/// `col`, as counts indexed by [`HandRules::index`].
pub(super) fn read(v: &Variant, col: usize, text: &str) -> Result<Vec<u16>, FenError> {
    let err = |at: usize, message: String| FenError::new(FenErrorKind::Hands, at, message);
    let nt = v.types.len();
    let mut hands = vec![0u16; 2 * nt];
    for (j, ch) in text.chars().enumerate() {
        if ch == '-' {
            continue;
        }
        let t = (v.type_by_id(ch.to_ascii_uppercase()))
            .filter(|_| ch.is_ascii_alphabetic())
            .ok_or_else(|| {
                err(
                    col + j,
                    format!("'{ch}' in the hands is not a piece of this variant"),
                )
            })?;
        if !v.hands.any() {
            return Err(err(col + j, "this variant has no pieces in hand".into()));
        }
        if v.types[t].royal {
            return Err(err(
                col + j,
                format!("'{ch}' is royal: a royal piece is never in hand"),
            ));
        }
        let colour = Colour::from_black(!ch.is_ascii_uppercase());
        let i = HandRules::index(nt, colour, t);
        hands[i] = hands[i].saturating_add(1);
    }
    Ok(hands)
}
