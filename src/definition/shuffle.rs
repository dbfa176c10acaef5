//! The Diagram's `shuffle` key: groups of piece types whose start squares are pooled and
//! dealt out again at random for each new game (Chess960-style starts).
//!
//! The value is one or more groups separated by commas (`shuffle=N!BRQK` or
//! `shuffle=NQ,!B`); a group is piece IDs, each perhaps marked: `!` before an ID deals that
//! type's pieces onto squares of alternating shades (a bishop pair on opposite colours), `:`
//! does that too and puts the second of each pair on the file mirroring the first's. How the
//! deal goes is [`crate::shuffle`]'s; here the value is read and checked. What the Diagram's
//! script passes over (a letter of no piece, a mark with no ID, an ID twice, which its
//! `split` then shuffles not at all) is passed over with a warning at its character.

use super::diagnostic::Report;
use super::reader::KeyReader;
use super::{PieceSpec, Placement, ShuffleGroup, ShuffleMember, Symmetry};
use crate::geometry::{Geometry, SquareSet};

pub(super) fn read(
    keys: &mut KeyReader,
    pieces: &[PieceSpec],
    find_id: &dyn Fn(char) -> Option<usize>,
    (geometry, symmetry): (Geometry, Symmetry),
    report: &mut Report,
) -> Vec<ShuffleGroup> {
    let Some(p) = keys.get("shuffle") else {
        return Vec::new();
    };
    let mut groups = Vec::new();
    let mut group: ShuffleGroup = Vec::new();
    // The mark waiting for its ID, and where it is.
    let mut mark: Option<(Placement, usize, char)> = None;
    // Types listed twice in a group (its index): left out of it.
    let mut twice: Vec<(usize, usize)> = Vec::new();
    let chars: Vec<char> = p.value.text.chars().collect();
    for (i, &c) in chars.iter().chain(Some(&',')).enumerate() {
        let at = p.value.pos.offset(i);
        let placement = match c {
            '!' => Some(Placement::OppositeShades),
            ':' => Some(Placement::Mirrored),
            _ => None,
        };
        if let Some(placement) = placement {
            if mark.is_some() {
                report.warning(
                    at,
                    format!(
                        "shuffle: '{c}' follows another mark; the one just before the ID counts, \
                         as in the Diagram"
                    ),
                );
            }
            mark = Some((placement, i, c));
            continue;
        }
        if c == ',' {
            if let Some((_, j, m)) = mark.take() {
                report.warning(
                    p.value.pos.offset(j),
                    format!("shuffle: '{m}' is followed by no piece ID; ignored"),
                );
            }
            let index = groups.len();
            group.retain(|m| !twice.contains(&(index, m.piece)));
            if !group.is_empty() {
                groups.push(std::mem::take(&mut group));
            }
            continue;
        }
        let placement = mark.take().map_or(Placement::Any, |(m, _, _)| m);
        match find_id(c) {
            Some(piece) if group.iter().any(|m| m.piece == piece) => {
                // The script finds the ID twice in the group and leaves the type out of it.
                report.warning(
                    at,
                    format!(
                        "shuffle: '{c}' is listed twice in one group; as in the Diagram, it is \
                         not shuffled"
                    ),
                );
                twice.push((groups.len(), piece));
            }
            Some(piece) => {
                if check_member(&pieces[piece], placement, (geometry, symmetry), at, report) {
                    group.push(ShuffleMember { piece, placement });
                }
            }
            None => report.warning(
                at,
                format!(
                    "shuffle: '{c}' is no piece's ID; ignored, as the Diagram ignores it (a \
                     group is IDs, each perhaps after ! or :, and groups are separated by commas)"
                ),
            ),
        }
    }
    groups
}

/// Whether a member can be dealt: Black's pieces must stand where the symmetry puts White's
/// (the deal moves Black's with White's), else the type is not shuffled (`not played:`); a
/// mark asks for a pair, which one piece a side is not (a warning).
fn check_member(
    piece: &PieceSpec,
    placement: Placement,
    (g, symmetry): (Geometry, Symmetry),
    at: super::Pos,
    report: &mut Report,
) -> bool {
    let id = piece.id;
    if symmetry != Symmetry::None {
        let (mut mirrored, mut black) = (SquareSet::EMPTY, SquareSet::EMPTY);
        for &sq in &piece.white {
            mirrored.insert(crate::shuffle::partner(g, symmetry, sq));
        }
        piece.black.iter().for_each(|&sq| black.insert(sq));
        if mirrored != black {
            let word = if symmetry == Symmetry::Mirror {
                "mirror"
            } else {
                "rotate"
            };
            report.warning(
                at,
                format!(
                    "not played: shuffle of '{id}': Black's pieces do not stand where \
                     symmetry={word} puts White's, so fairylab cannot deal them alike and \
                     leaves them where they are (symmetry=none shuffles each side on its own)"
                ),
            );
            return false;
        }
    }
    if placement != Placement::Any && piece.white.len().max(piece.black.len()) < 2 {
        report.warning(
            at,
            format!("shuffle: the mark before '{id}' asks for a pair, and a side has fewer than two (the mark does nothing)"),
        );
    }
    true
}
