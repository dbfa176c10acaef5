//! The Diagram's `shuffle` key: groups of piece types whose start squares are pooled and
//! dealt out again at random for each new game (Chess960-style starts).
//!
//! The value is one or more groups separated by commas (`shuffle=N!BRQK` or
//! `shuffle=NQ,!B`); a group is piece IDs, each perhaps marked: `!` before an ID deals that
//! type's pieces onto squares of alternating shades (a bishop pair on opposite colours), `:`
//! does that too and puts the second of each pair on the file mirroring the first's. How the
//! deal goes is [`crate::shuffle`]'s; here the value is read and checked. IDs are found in a
//! group as the script finds them (it looks each type's ID up: [`super::idlist`], so `GB` or
//! `+P` is one ID). What the script passes over (a letter of no piece, a mark with no ID, an
//! ID twice, which its `split` then shuffles not at all) is passed over with a warning at its
//! character.

use super::diagnostic::Report;
use super::idlist;
use super::reader::KeyReader;
use super::{PieceSpec, Placement, ShuffleGroup, ShuffleMember, Symmetry};
use crate::geometry::{Geometry, SquareSet};
use crate::piece::PieceId;

pub(super) fn read(
    keys: &mut KeyReader,
    pieces: &[PieceSpec],
    ids: &[PieceId],
    (geometry, symmetry): (Geometry, Symmetry),
    report: &mut Report,
) -> Vec<ShuffleGroup> {
    let Some(p) = keys.get("shuffle") else {
        return Vec::new();
    };
    let mut groups = Vec::new();
    let mut start = 0usize;
    for text in p.value.text.split(',') {
        let pos = p.value.pos.offset(start);
        let chars: Vec<char> = text.chars().collect();
        start += chars.len() + 1;
        let is_mark = |c: char| matches!(c, '!' | ':');
        let found = idlist::read("shuffle", text, pos, ids, is_mark, report);
        // A mark counts just before an ID's first place, as the script reads `k[0]`'s last
        // character; one before another mark, or at the group's end, is passed over (one
        // before a character of no ID goes with that character's warning).
        for (i, &c) in chars.iter().enumerate().filter(|&(_, &c)| is_mark(c)) {
            match chars.get(i + 1) {
                Some(&next) if is_mark(next) => report.warning(
                    pos.offset(i + 1),
                    format!(
                        "shuffle: '{next}' follows another mark; the one just before the ID \
                         counts, as in the Diagram"
                    ),
                ),
                None => report.warning(
                    pos.offset(i),
                    format!("shuffle: '{c}' is followed by no piece ID; ignored"),
                ),
                Some(_) => {}
            }
        }
        let mut group: ShuffleGroup = Vec::new();
        for f in &found {
            let at = pos.offset(f.at);
            let id = ids[f.piece];
            if let Some(again) = f.again {
                // The script's split finds the ID twice and leaves the type out of the group.
                report.warning(
                    pos.offset(again),
                    format!(
                        "shuffle: '{id}' is listed twice in one group; as in the Diagram, it is \
                         not shuffled"
                    ),
                );
                continue;
            }
            let placement = match f.at.checked_sub(1).map(|i| chars[i]) {
                Some('!') => Placement::OppositeShades,
                Some(':') => Placement::Mirrored,
                _ => Placement::Any,
            };
            if check_member(
                &pieces[f.piece],
                placement,
                (geometry, symmetry),
                at,
                report,
            ) {
                group.push(ShuffleMember {
                    piece: f.piece,
                    placement,
                });
            }
        }
        if !group.is_empty() {
            groups.push(group);
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
