//! The castling field (`KQkq`) and the unmoved pieces it implies (see the module's rule in
//! [`super`]).

use super::fields::Field;
use super::placement::Placement;
use super::{FenError, FenErrorKind};
use crate::geometry::{Geometry, Square, SquareSet};
use crate::piece::{BLACK, Colour, PieceType, WHITE};
use crate::variant::Variant;

/// The corner squares (right, left) of the rank of `sq`.
pub(super) fn corners(g: Geometry, sq: Square) -> (Square, Square) {
    let r = g.rank(sq);
    (g.square(g.files - 1, r), g.square(0, r))
}

/// The castling piece of `colour` standing on one of its type's start squares: the only one
/// the castling field can give rights to.
pub(super) fn home_castler(v: &Variant, on: &Placement, colour: Colour) -> Option<Square> {
    on.occupied(colour).iter().find(|&sq| {
        on.piece_at(sq).is_some_and(|pc| {
            let ty = &v.types[v.display_type(pc.piece_type)];
            !ty.castles.is_empty() && ty.home[colour.index()].contains(&sq)
        })
    })
}

/// The castling field's letter that decides a piece of `colour` and type `t` on `sq`, if any:
/// a castling partner, that is a piece on one of its type's start squares in a corner of a
/// rank where `colour`'s castling piece starts (`K` right, `Q` left).
pub(super) fn partner_letter(
    v: &Variant,
    colour: Colour,
    t: PieceType,
    sq: Square,
) -> Option<char> {
    let g = v.geometry;
    let (right, left) = corners(g, sq);
    let ty = &v.types[v.display_type(t)];
    if (sq != right && sq != left)
        || !ty.castles.is_empty()
        || !ty.home[colour.index()].contains(&sq)
    {
        return None;
    }
    let castling_rank = v.types.iter().any(|k| {
        !k.castles.is_empty()
            && k.home[colour.index()]
                .iter()
                .any(|&s| s != sq && g.rank(s) == g.rank(sq))
    });
    castling_rank.then_some(if sq == right { 'K' } else { 'Q' })
}

/// Read the castling field (`-` when absent): each letter once, each a right the pieces on
/// the board can have (a castling piece on its start square, a partner in that corner).
pub(super) fn read(v: &Variant, on: &Placement, field: Option<Field>) -> Result<String, FenError> {
    let Some(Field { column, text }) = field else {
        return Ok("-".into());
    };
    if text == "-" {
        return Ok(text.into());
    }
    let err =
        |i: usize, message: String| FenError::new(FenErrorKind::Castling, column + i, message);
    for (i, ch) in text.chars().enumerate() {
        if !matches!(ch, 'K' | 'Q' | 'k' | 'q') || text.chars().take(i).any(|x| x == ch) {
            return Err(err(i, format!("castling field: unexpected '{ch}'")));
        }
        let colour = Colour::from_black(ch.is_ascii_lowercase());
        let letter = ch.to_ascii_uppercase();
        let ok = home_castler(v, on, colour).is_some_and(|k| {
            let (right, left) = corners(v.geometry, k);
            let corner = if letter == 'K' { right } else { left };
            on.piece_at(corner).is_some_and(|pc| {
                pc.colour == colour
                    && partner_letter(v, colour, pc.piece_type, corner) == Some(letter)
            })
        });
        if !ok {
            return Err(err(
                i,
                format!(
                    "castling right '{ch}' but no castling piece on its start square with a \
                     castling partner (a piece on its own start square) in that corner"
                ),
            ));
        }
    }
    Ok(text.into())
}

/// The unmoved set a FEN without `unmoved:` implies (see the module's rule).
pub(super) fn infer_unmoved(v: &Variant, on: &Placement, castling: &str) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    for colour in [WHITE, BLACK] {
        let rights: Vec<char> = castling
            .chars()
            .filter(|c| c.is_ascii_uppercase() == (colour == WHITE))
            .map(|c| c.to_ascii_uppercase())
            .collect();
        for sq in on.occupied(colour).iter() {
            let Some(pc) = on.piece_at(sq) else {
                continue;
            };
            let t = pc.piece_type;
            let ty = &v.types[v.display_type(t)];
            let unmoved = if !ty.home[colour.index()].contains(&sq) {
                false
            } else if !ty.castles.is_empty() {
                !rights.is_empty()
            } else if let Some(letter) = partner_letter(v, colour, t, sq) {
                rights.contains(&letter)
            } else {
                true
            };
            set.set(sq, unmoved);
        }
    }
    set
}
