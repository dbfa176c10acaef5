//! fairylab's extensions after the clocks (`unmoved:`, `conv:`, `phase:`, `pending:`,
//! `strike:`), read into a [`Setup`] whose board, side and rights are already read.

use super::fields::Field;
use super::placement::Placement;
use super::{FenError, FenErrorKind, ids, passant};
use crate::geometry::SquareSet;
use crate::piece::{Piece, PieceId, WHITE};
use crate::position::Setup;
use crate::variant::Variant;

fn ext_err(column: usize, message: impl Into<String>) -> FenError {
    FenError::new(FenErrorKind::Extension, column, message)
}

/// Read the extensions into `setup`, then settle the conversion state of Symmetric Chess's
/// bishops (`conv:`, undecided by default).
pub(super) fn read(
    v: &Variant,
    on: &Placement,
    fields: &[Field],
    setup: &mut Setup,
) -> Result<(), FenError> {
    let g = v.geometry;
    let mut conv: Option<(char, char)> = None;
    for &Field { column: c, text: s } in fields {
        let Some((key, value)) = s.split_once(':') else {
            return Err(ext_err(c, format!("unexpected '{s}' after the clocks")));
        };
        let vc = c + key.chars().count() + 1;
        match key {
            "unmoved" => {
                let mut set = SquareSet::EMPTY;
                if value != "-" {
                    let mut at = vc;
                    for name in value.split(',') {
                        let sq = g
                            .parse_square(name)
                            .ok_or_else(|| ext_err(at, format!("'{name}' is not a square")))?;
                        if on.piece_at(sq).is_none() {
                            return Err(ext_err(at, format!("unmoved: {name} is empty")));
                        }
                        set.insert(sq);
                        at += name.chars().count() + 1;
                    }
                }
                setup.unmoved = set;
            }
            "conv" => {
                let ch: Vec<char> = value.chars().collect();
                if v.conversion.is_none()
                    || ch.len() != 2
                    || !ch.iter().all(|c| matches!(c, 'u' | 'c' | 'n'))
                {
                    return Err(ext_err(
                        vc,
                        "conv: needs two of u, c, n, in a variant with conversion",
                    ));
                }
                conv = Some((ch[0], ch[1]));
            }
            "phase" => {
                let n: u8 = value
                    .parse()
                    .ok()
                    .filter(|&n: &u8| n < v.moves_per_turn)
                    .ok_or_else(|| {
                        ext_err(vc, format!("phase must be below {}", v.moves_per_turn))
                    })?;
                setup.phase = n;
            }
            "pending" => {
                let text = (value, vc, FenErrorKind::Extension);
                setup.pending = passant::read(g, on, text, setup.side, true)?;
            }
            "strike" => {
                let chars: Vec<char> = value.chars().collect();
                let (id, n) = ids::token(&chars).unwrap_or_default();
                let t = (PieceId::new(&id))
                    .filter(|id| id.to_ascii_uppercase() == *id)
                    .and_then(|id| v.type_by_id(id))
                    .filter(|t| v.trade.counter_strike & t.bit() != 0)
                    .ok_or_else(|| {
                        ext_err(vc, "strike: needs a counter-strike type's ID and a square")
                    })?;
                let rest: String = chars[n..].iter().collect();
                let sq = (g.parse_square(&rest))
                    .ok_or_else(|| ext_err(vc + n, format!("strike: '{rest}' is not a square")))?;
                setup.strike = Some((t, sq));
            }
            "imitate" => {
                let t = (PieceId::new(value))
                    .filter(|id| id.to_ascii_uppercase() == *id)
                    .and_then(|id| v.type_by_id(id))
                    .filter(|t| v.imitators != 0 && v.imitators & t.bit() == 0)
                    .ok_or_else(|| {
                        ext_err(
                            vc,
                            "imitate: needs the ID of a type an imitator may move as",
                        )
                    })?;
                setup.imitated = Some(t);
            }
            _ => return Err(ext_err(c, format!("unknown FEN extension '{key}'"))),
        }
    }
    if let Some(cv) = v.conversion {
        let states = conv.unwrap_or(('u', 'u'));
        for (sq, c) in setup.pieces.iter_mut() {
            let colour = c.colour;
            if c.piece_type == cv.base
                && setup.unmoved.contains(*sq)
                && v.types[cv.base].home[colour.index()].contains(sq)
            {
                let state = if colour == WHITE { states.0 } else { states.1 };
                let t = match state {
                    'u' => cv.undecided,
                    'c' => cv.obligated,
                    _ => cv.base,
                };
                *c = Piece::new(t, colour);
            }
        }
    }
    Ok(())
}
