//! En passant squares: the field (`e3`, `e3g3` in Marseillais, `e3>f3` where the piece that
//! passed the square is not the one found by itself) and the `pending:` extension.

use super::placement::Placement;
use super::{FenError, FenErrorKind};
use crate::geometry::{Geometry, Square};
use crate::piece::{Colour, WHITE};
use crate::position::EpList;

/// The first piece up to three squares beyond `sq` in `mover`'s forward direction, if it is
/// `mover`'s: the pawn that passed `sq` with a double step.
pub(super) fn forward_piece(
    g: Geometry,
    on: &Placement,
    sq: Square,
    mover: Colour,
) -> Option<Square> {
    let dir: i32 = if mover == WHITE { 1 } else { -1 };
    let (q, c) = (1..=3).find_map(|k| {
        let q = g.try_square(g.file(sq) as i32, g.rank(sq) as i32 + dir * k)?;
        on.piece_at(q).map(|c| (q, c))
    })?;
    (c.colour == mover).then_some(q)
}

/// En passant squares; each needs a piece of `mover` just beyond it in `mover`'s direction.
/// The `pending:` ones (`pending`) are the rights of a turn still under way, which later
/// moves of the same turn may cover or uncover: their squares may be occupied and a `>`
/// square may hold anything (at the turn's end only the live ones become rights).
/// `kind` says which field the text is, for its errors.
pub(super) fn read(
    g: Geometry,
    on: &Placement,
    (text, column, kind): (&str, usize, FenErrorKind),
    mover: Colour,
    pending: bool,
) -> Result<EpList, FenError> {
    let mut list = EpList::default();
    if text == "-" {
        return Ok(list);
    }
    let err = |at: usize, message: String| FenError::new(kind, at, message);
    let mut rest = text;
    let mut at = column;
    while !rest.is_empty() {
        let (sq, n) = g
            .parse_prefix(rest)
            .ok_or_else(|| err(at, format!("'{rest}' is not an en passant square")))?;
        if on.piece_at(sq).is_some() && !pending {
            return Err(err(
                at,
                format!("en passant square {} is occupied", g.name(sq)),
            ));
        }
        // `e3>f3`: the piece that passed e3 stands on f3.
        let (pawn, n) = match rest[n..].strip_prefix('>') {
            Some(after) => {
                let (q, m) = g
                    .parse_prefix(after)
                    .ok_or_else(|| err(at + n + 1, format!("'{after}' is not a square")))?;
                if on.piece_at(q).is_none_or(|c| c.colour != mover) && !pending {
                    return Err(err(
                        at + n + 1,
                        format!(
                            "en passant square {}: no piece of the side that moved on {}",
                            g.name(sq),
                            g.name(q)
                        ),
                    ));
                }
                (Some(q), n + 1 + m)
            }
            None => (forward_piece(g, on, sq, mover), n),
        };
        let Some(q) = pawn else {
            return Err(err(
                at,
                format!("en passant square {} has no pawn beyond it", g.name(sq)),
            ));
        };
        list.push(sq, q);
        if list.n as usize >= 4 {
            break;
        }
        rest = &rest[n..];
        at += n;
    }
    Ok(list)
}

/// En passant squares as FEN writes them: the passed square, followed by `>` and the square
/// of the piece that passed it when that is not the one [`read`] finds by itself (the first
/// piece up to three squares beyond it in `mover`'s forward direction), as after a sideways
/// or diagonal initial double step of a fairy piece.
pub(super) fn write(g: Geometry, on: &Placement, l: &EpList, mover: Colour) -> String {
    if l.n == 0 {
        return "-".into();
    }
    l.as_slice()
        .iter()
        .map(|&(passed, pawn)| {
            if forward_piece(g, on, passed, mover) == Some(pawn) {
                g.name(passed).to_string()
            } else {
                format!("{}>{}", g.name(passed), g.name(pawn))
            }
        })
        .collect()
}
