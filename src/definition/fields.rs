//! Fields of a piece line read in validation: the start squares (`a2-h2,,a7-h7`), the
//! `morph=` map and the pieces in hand.

use super::{DefinitionError, Field, Pos, Symmetry, err};
use crate::geometry::{Geometry, Square};

/// The sixth field of a piece line: pieces in hand at the start, `N` for both sides or `W,B`
/// (White's and Black's), as the Diagram reads it. Read and kept; whether it may be non-zero
/// is the holdings rule's business (`rules.rs`). A field that is not `N` or `N,N` is an error.
pub(super) fn parse_hand(field: &Field, errors: &mut Vec<DefinitionError>) -> [u32; 2] {
    let parts: Vec<&str> = field.text.split(',').collect();
    if parts.len() > 2 {
        errors.push(err(
            field.pos,
            format!("pieces in hand: '{}' is not N or N,N", field.text),
        ));
        return [0, 0];
    }
    let mut counts = [0u32; 2];
    let mut at = 0;
    for (i, part) in parts.iter().enumerate() {
        match part.trim().parse::<u32>() {
            Ok(n) => counts[i] = n,
            Err(_) => errors.push(err(
                field.pos.offset(at),
                format!("pieces in hand: '{part}' is not a whole number"),
            )),
        }
        at += part.chars().count() + 1;
    }
    if parts.len() == 1 {
        counts[1] = counts[0];
    }
    counts
}

/// Squares with the position of the list item that names them.
pub(super) type PlacedSquares = Vec<(Square, Pos)>;

/// `a2,b2,,a7` or ranges `a2-i2`; `,,` switches from White's squares to Black's. Each square
/// comes with the position of the item that names it (for Black's mirrored squares, White's).
pub(super) fn parse_squares(
    field: &Field,
    g: Geometry,
    symmetry: Symmetry,
    errors: &mut Vec<DefinitionError>,
) -> (PlacedSquares, PlacedSquares) {
    let mut lists: [PlacedSquares; 2] = [Vec::new(), Vec::new()];
    let mut side = 0;
    let text = &field.text;
    let mut explicit_black = false;
    // The Diagram takes "0" for no squares, as it takes an empty list.
    if !text.is_empty() && text != "0" {
        let items: Vec<&str> = text.split(',').collect();
        let mut at = 0usize;
        let mut i = 0;
        while i < items.len() {
            let item = items[i];
            let pos = field.pos.offset(at);
            if item.is_empty() {
                if side == 0 && i + 1 < items.len() && i > 0 {
                    side = 1;
                    explicit_black = true;
                } else if side == 0 && i == 0 && items.len() > 1 && items[1].is_empty() {
                    // ",,b8": no White squares, Black's given.
                    side = 1;
                    explicit_black = true;
                    i += 1;
                    at += 1;
                } else {
                    errors.push(err(
                        pos,
                        "empty square in the list (use ,, once to start Black's squares)",
                    ));
                }
            } else {
                match parse_square_item(item, g) {
                    Ok(sqs) => lists[side].extend(sqs.into_iter().map(|sq| (sq, pos))),
                    Err((off, msg)) => errors.push(err(pos.offset(off), msg)),
                }
            }
            at += item.chars().count() + 1;
            i += 1;
        }
    }
    let [white, mut black] = lists;
    if !explicit_black {
        black = white
            .iter()
            .filter_map(|&(sq, pos)| {
                let (f, r) = (g.file(sq), g.rank(sq));
                match symmetry {
                    Symmetry::Mirror => Some((g.square(f, g.ranks - 1 - r), pos)),
                    Symmetry::Rotate => Some((g.square(g.files - 1 - f, g.ranks - 1 - r), pos)),
                    Symmetry::None => None,
                }
            })
            .collect();
    }
    (white, black)
}

fn parse_square_item(item: &str, g: Geometry) -> Result<Vec<Square>, (usize, String)> {
    let bad = |off: usize, s: &str| {
        (
            off,
            format!(
                "'{s}' is not a square of this {}x{} board",
                g.files, g.ranks
            ),
        )
    };
    match item.split_once('-') {
        None => g
            .parse_square(item)
            .map(|s| vec![s])
            .ok_or_else(|| bad(0, item)),
        Some((a, b)) => {
            let sa = g.parse_square(a).ok_or_else(|| bad(0, a))?;
            let sb = g.parse_square(b).ok_or_else(|| bad(a.len() + 1, b))?;
            let (fa, ra, fb, rb) = (g.file(sa), g.rank(sa), g.file(sb), g.rank(sb));
            if ra == rb {
                Ok((fa.min(fb)..=fa.max(fb)).map(|f| g.square(f, ra)).collect())
            } else if fa == fb {
                Ok((ra.min(rb)..=ra.max(rb)).map(|r| g.square(fa, r)).collect())
            } else {
                Err((
                    0,
                    format!("range '{item}' must stay on one rank or one file"),
                ))
            }
        }
    }
}

pub(super) fn parse_morph(
    field: &Field,
    g: Geometry,
    find_id: &dyn Fn(char) -> Option<usize>,
    errors: &mut Vec<DefinitionError>,
) -> Vec<Option<usize>> {
    let mut map = vec![None; g.len()];
    let rows: Vec<&str> = field.text.split('/').collect();
    if rows.len() > g.ranks as usize {
        errors.push(err(
            field.pos,
            format!("morph map has {} ranks, the board {}", rows.len(), g.ranks),
        ));
        return map;
    }
    let mut at = 0usize;
    for (rank, row) in rows.iter().enumerate() {
        let n = row.chars().count();
        if n > g.files as usize {
            errors.push(err(
                field.pos.offset(at),
                format!(
                    "morph rank {} has {n} squares, the board {} files",
                    rank + 1,
                    g.files
                ),
            ));
        }
        for (file, c) in row.chars().enumerate().take(g.files as usize) {
            if c == '.' {
                continue;
            }
            match find_id(c) {
                Some(t) => map[g.square(file as u8, rank as u8) as usize] = Some(t),
                None => errors.push(err(
                    field.pos.offset(at + file),
                    format!("morph: no piece has ID '{c}'"),
                )),
            }
        }
        at += n + 1;
    }
    map
}
