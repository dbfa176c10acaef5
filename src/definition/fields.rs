//! Fields of a piece line read in validation: the start squares (`a2-h2,,a7-h7`), the
//! `morph=` map and the pieces in hand. They are read as the Diagram's script reads them, and
//! what it would pass over is passed over here too, with a warning: nothing in these fields
//! stops a board from loading.

use super::diagnostic::Report;
use super::idlist::longest_at;
use super::reader::leading_int;
use super::{Field, Pos, Symmetry};
use crate::geometry::{Geometry, Square};
use crate::piece::PieceId;

/// The sixth field of a piece line: pieces in hand at the start, `N` for both sides or `W,B`
/// (White's and Black's), as the Diagram reads it. Read and kept; whether it may be non-zero
/// is the holdings rule's business (`rules.rs`). A count that is not a number is a warning and
/// 0; a third count is a warning and ignored (the Diagram reads two).
pub(super) fn parse_hand(field: &Field, report: &mut Report) -> [u32; 2] {
    let parts: Vec<&str> = field.text.split(',').collect();
    if parts.len() > 2 {
        report.warning(
            field,
            format!(
                "pieces in hand: '{}' has more than White's and Black's counts; the rest is \
                 ignored, as in the Diagram",
                field.text
            ),
        );
    }
    let mut counts = [0u32; 2];
    let mut at = 0;
    for (i, part) in parts.iter().take(2).enumerate() {
        match leading_int(part) {
            Some(n) if n >= 0 => counts[i] = n.min(u32::MAX as i64) as u32,
            _ if part.trim().is_empty() && parts.len() == 1 => {}
            _ => report.warning(
                field.pos.offset(at),
                format!("pieces in hand: '{part}' is not a count; none in hand"),
            ),
        }
        at += part.chars().count() + 1;
    }
    if parts.len() == 1 {
        counts[1] = counts[0];
    }
    counts
}

/// One square a piece line puts a piece on, in the order the Diagram puts them: each item's
/// square for White, then (by the symmetry) Black's twin of it; items after `,,` for Black.
#[derive(Debug, Clone, Copy)]
pub(super) struct Placed {
    pub square: Square,
    /// 0 White, 1 Black.
    pub side: usize,
    /// Where the item that names it stands.
    pub pos: Pos,
}

/// `a2,b2,,a7` or ranges `a2-i2` (or a block `a1-c2`, as the Diagram fills it); an item
/// shorter than a square (the empty one in `,,`) switches to Black's squares. As in the
/// Diagram's script, each of White's squares gives Black its twin by the symmetry (mirrored
/// or rotated; none with `symmetry=none`), and Black's pieces stand on the squares listed
/// after `,,` as well. Ranks count from `first_rank` (`firstRank`). A square off the board is
/// a warning and left out.
pub(super) fn parse_squares(
    field: &Field,
    g: Geometry,
    symmetry: Symmetry,
    first_rank: i64,
    report: &mut Report,
) -> Vec<Placed> {
    let mut listed = Vec::new();
    let text = &field.text;
    // The Diagram takes "0" (or nothing) for no squares.
    if text.is_empty() || text == "0" {
        return listed;
    }
    let mut side = 0;
    let mut at = 0usize;
    // Items shorter than a square switch to Black's (the Diagram's test).
    for item in text.split(',') {
        let pos = field.pos.offset(at);
        at += item.chars().count() + 1;
        if item.chars().count() < 2 {
            side = 1;
            continue;
        }
        for sq in square_item(item, pos, g, first_rank, report) {
            listed.push(Placed {
                square: sq,
                side,
                pos,
            });
        }
    }
    let twins: Vec<Placed> = (listed.iter().filter(|p| p.side == 0))
        .filter_map(|p| {
            let (f, r) = (g.file(p.square), g.rank(p.square));
            let square = match symmetry {
                Symmetry::Mirror => g.square(f, g.ranks - 1 - r),
                Symmetry::Rotate => g.square(g.files - 1 - f, g.ranks - 1 - r),
                Symmetry::None => return None,
            };
            Some(Placed {
                square,
                side: 1,
                pos: p.pos,
            })
        })
        .collect();
    // White's squares each followed by Black's twin, in the Diagram's order (`PutInner`),
    // then the squares listed for Black after `,,` (`PutPiece` with Black's colour, no twin).
    let mut out = Vec::new();
    let mut twins = twins.into_iter();
    for p in listed.iter().filter(|p| p.side == 0) {
        out.push(*p);
        out.extend(twins.next());
    }
    out.extend(listed.into_iter().filter(|p| p.side == 1));
    out
}

/// The file and rank (from 0) of a square name as the Diagram reads it: a letter, then the
/// number in the next two characters, counted from `first_rank`. Files past `z` are the
/// characters after it (`{`, `|`, `}`, `~`), as the script counts a file from `a`.
fn coordinates(name: &str, first_rank: i64) -> Option<(i64, i64)> {
    let mut chars = name.chars();
    let letter = chars.next()?;
    if !('a'..=crate::geometry::file_letter(crate::geometry::MAX_SIDE - 1)).contains(&letter) {
        return None;
    }
    let digits: String = chars.take(2).collect();
    let number = leading_int(&digits)?;
    Some((i64::from(letter as u8 - b'a'), number - first_rank))
}

/// The squares of one item (`e4`, or a range `a2-h2`, or a block `a1-b2`); what lies off the
/// board is a warning and left out.
fn square_item(
    item: &str,
    pos: Pos,
    g: Geometry,
    first_rank: i64,
    report: &mut Report,
) -> Vec<Square> {
    let (a, b) = item.split_once('-').unwrap_or((item, item));
    let (Some((fa, ra)), Some((fb, rb))) = (coordinates(a, first_rank), coordinates(b, first_rank))
    else {
        report.warning(
            pos,
            format!("'{item}' is not a square; ignored, as the Diagram ignores it"),
        );
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut off = false;
    for r in ra.min(rb)..=ra.max(rb) {
        for f in fa.min(fb)..=fa.max(fb) {
            if (0..i64::from(g.files)).contains(&f) && (0..i64::from(g.ranks)).contains(&r) {
                out.push(g.square(f as u8, r as u8));
            } else {
                off = true;
            }
        }
    }
    if off {
        report.warning(
            pos,
            format!(
                "'{item}' is (partly) off this {}x{} board; the squares off it are left out",
                g.files, g.ranks
            ),
        );
    }
    out
}

/// A `morph=` map: ranks separated by `/`, rank 1 first, one ID per file (an ID of several
/// characters, `+P` or `GB`, takes as many: the longest ID that stands there), `.` for no
/// change. What the map cannot say on this board (ranks or files past its edge) is a warning
/// and left out; a character that starts no piece's ID is a `not played:` warning and leaves
/// the piece as it is there.
pub(super) fn parse_morph(
    field: &Field,
    g: Geometry,
    ids: &[PieceId],
    report: &mut Report,
) -> Vec<Option<usize>> {
    let mut map = vec![None; g.len()];
    let rows: Vec<&str> = field.text.split('/').collect();
    if rows.len() > g.ranks as usize {
        report.warning(
            field,
            format!(
                "morph map has {} ranks, the board {}; the ranks past it are left out",
                rows.len(),
                g.ranks
            ),
        );
    }
    let mut at = 0usize;
    for (rank, row) in rows.iter().enumerate().take(g.ranks as usize) {
        let chars: Vec<char> = row.chars().collect();
        // The squares of the rank: where each starts, and the type (or the character of none).
        let mut squares: Vec<(usize, Option<Result<usize, char>>)> = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let (piece, len) = match chars[i] {
                '.' => (None, 1),
                c => match longest_at(&chars, i, ids) {
                    Some((t, len)) => (Some(Ok(t)), len),
                    None => (Some(Err(c)), 1),
                },
            };
            squares.push((i, piece));
            i += len;
        }
        if squares.len() > g.files as usize {
            report.warning(
                field.pos.offset(at),
                format!(
                    "morph rank {} has {} squares, the board {} files; those past it are left out",
                    rank + 1,
                    squares.len(),
                    g.files
                ),
            );
        }
        for (file, &(i, piece)) in squares.iter().enumerate().take(g.files as usize) {
            let sq = g.square(file as u8, rank as u8);
            match piece {
                None => {}
                Some(Ok(t)) => map[sq as usize] = Some(t),
                Some(Err(c)) => report.warning(
                    field.pos.offset(at + i),
                    format!(
                        "not played: morph mark '{c}' on {} (no piece has that ID; later versions \
                         of the Diagram's script give marks such as '!' and '+' meanings of \
                         their own, stated in no script or page fairylab could read): a piece \
                         arriving there stays as it is",
                        g.name(sq)
                    ),
                ),
            }
        }
        at += chars.len() + 1;
    }
    map
}
