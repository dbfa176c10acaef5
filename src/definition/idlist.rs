//! Keys that list piece IDs (`promoChoice`, `royal`, `shuffle`, `baring`, …), read as the
//! Diagram's script reads them: it does not cut the list into IDs, it looks each type's ID up
//! in the list (`list.split(id)`), so an ID of several characters (`GB`, `+P`, `DV`) is found
//! where it is written, and the characters just before and after its first place are its
//! marks (`promoChoice=!P*GB2`). A short ID written inside a longer one is found there too
//! (`B` in `GB`), as by the script; a warning says so. Characters that no ID covers and that
//! are no mark are left out with a warning, as the script passes over them.

use super::Pos;
use super::diagnostic::Report;
use crate::piece::PieceId;

/// A type whose ID a list holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Found {
    /// The type (index into the piece lines).
    pub piece: usize,
    /// Where its ID first stands (in characters).
    pub at: usize,
    /// How many characters its ID has.
    pub len: usize,
    /// How often it stands in the list (the script's `split` makes `count + 1` parts).
    pub count: usize,
    /// Where it stands the second time, if it does.
    pub again: Option<usize>,
}

/// The starts (in characters) of `id`'s places in `text`, left to right and not overlapping,
/// as JavaScript's `split` finds them.
fn places(text: &[char], id: &[char]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut i = 0;
    while !id.is_empty() && i + id.len() <= text.len() {
        if text[i..i + id.len()] == *id {
            out.push(i);
            i += id.len();
        } else {
            i += 1;
        }
    }
    out
}

/// The ID's characters.
fn chars(id: &PieceId) -> Vec<char> {
    id.as_str().chars().collect()
}

/// Every type whose ID stands in `text`, in the order of their first places (ties: the
/// longer ID first).
pub(super) fn find(text: &str, ids: &[PieceId]) -> Vec<Found> {
    let text: Vec<char> = text.chars().collect();
    let mut out: Vec<Found> = (ids.iter().enumerate())
        .filter_map(|(piece, id)| {
            let id = chars(id);
            let at = places(&text, &id);
            at.first().map(|&first| Found {
                piece,
                at: first,
                len: id.len(),
                count: at.len(),
                again: at.get(1).copied(),
            })
        })
        .collect();
    // Through `keyed` (its one shared sort) rather than a stable sort of this type's own: by
    // place, then longer first.
    crate::keyed::sort_keyed(&mut out, |f| {
        (f.at as u64) << 32 | u64::from(u32::MAX - f.len as u32)
    });
    out
}

/// The places (in characters) of `text` that no found ID covers, leaving out those `mark`
/// accepts (a list's own marks: `!`, `*`, digits, …).
pub(super) fn uncovered(
    text: &str,
    ids: &[PieceId],
    found: &[Found],
    mark: impl Fn(char) -> bool,
) -> Vec<(usize, char)> {
    let chars_: Vec<char> = text.chars().collect();
    let mut covered = vec![false; chars_.len()];
    for f in found {
        let id = chars(&ids[f.piece]);
        for at in places(&chars_, &id) {
            covered[at..at + id.len()]
                .iter_mut()
                .for_each(|c| *c = true);
        }
    }
    (chars_.iter().copied().enumerate())
        .filter(|&(i, c)| !covered[i] && !mark(c))
        .collect()
}

/// Is every place of `f`'s ID inside the place of a longer ID the list holds? Then the
/// list named the longer one, and the script finds the shorter one there too.
fn only_inside(text: &[char], ids: &[PieceId], found: &[Found], f: &Found) -> Option<usize> {
    let own = places(text, &chars(&ids[f.piece]));
    found.iter().filter(|g| g.len > f.len).find_map(|g| {
        let long = places(text, &chars(&ids[g.piece]));
        let inside = |a: usize| long.iter().any(|&b| b <= a && a + f.len <= b + g.len);
        own.iter().all(|&a| inside(a)).then_some(g.piece)
    })
}

/// [`find`], with warnings: a character of no ID (not a mark) is passed over, an ID found
/// only inside a longer listed one is named as found there. `key` names the list in them.
pub(super) fn read(
    key: &str,
    text: &str,
    at: Pos,
    ids: &[PieceId],
    mark: impl Fn(char) -> bool,
    report: &mut Report,
) -> Vec<Found> {
    let found = find(text, ids);
    for (i, c) in uncovered(text, ids, &found, mark) {
        report.warning(
            at.offset(i),
            format!(
                "{key}: '{c}' is no piece's ID; ignored, as the Diagram \
                 ignores it"
            ),
        );
    }
    let chars_: Vec<char> = text.chars().collect();
    for f in &found {
        if let Some(long) = only_inside(&chars_, ids, &found, f) {
            report.warning(
                at.offset(f.at),
                format!(
                    "{key}: '{}' is read inside '{}', as the Diagram's script reads the list \
                     (it looks each ID up in it): both are named",
                    ids[f.piece], ids[long]
                ),
            );
        }
    }
    found
}

/// The types a list names where the stored script reads no IDs at all (`royal`, `iron`,
/// `protected`, `counterStrike`, `baring` take piece numbers there; fairylab also takes IDs,
/// and fairylab's `promoPieces`): cut into IDs, at each place the longest ID that stands
/// there, each type once, in the order written. A character that starts no ID is ignored, an
/// ID twice listed once; warnings.
pub(super) fn tokens(
    key: &str,
    text: &str,
    at: Pos,
    ids: &[PieceId],
    report: &mut Report,
) -> Vec<usize> {
    let chars_: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars_.len() {
        match longest_at(&chars_, i, ids) {
            Some((t, len)) => {
                if out.contains(&t) {
                    report.warning(at.offset(i), format!("{key}: '{}' listed twice", ids[t]));
                } else {
                    out.push(t);
                }
                i += len;
            }
            None => {
                report.warning(
                    at.offset(i),
                    format!("{key}: '{}' is no piece's ID; ignored", chars_[i]),
                );
                i += 1;
            }
        }
    }
    out
}

/// The type whose ID is the whole of `text`.
pub(super) fn exact(text: &str, ids: &[PieceId]) -> Option<usize> {
    ids.iter().position(|id| id.as_str() == text)
}

/// The type whose ID starts at `text[i..]`, the longest such, and its length in characters
/// (a map of one ID per square: `morph=`).
pub(super) fn longest_at(text: &[char], i: usize, ids: &[PieceId]) -> Option<(usize, usize)> {
    (ids.iter().enumerate())
        .map(|(piece, id)| (piece, chars(id)))
        .filter(|(_, id)| text[i..].starts_with(id))
        .max_by_key(|(piece, id)| (id.len(), usize::MAX - piece))
        .map(|(piece, id)| (piece, id.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &[&str]) -> Vec<PieceId> {
        list.iter().map(|s| PieceId::new(s).unwrap()).collect()
    }

    #[test]
    fn ids_of_several_characters_are_found_where_written() {
        let ids = ids(&["P", "+P", "GB", "B", "Q"]);
        let found = find("Q+PGB", &ids);
        let named: Vec<(usize, usize, usize)> =
            found.iter().map(|f| (f.piece, f.at, f.count)).collect();
        // Q at 0; +P at 1, and P inside it at 2; GB at 3, and B inside it at 4.
        assert_eq!(
            named,
            [(4, 0, 1), (1, 1, 1), (0, 2, 1), (2, 3, 1), (3, 4, 1)]
        );
        assert!(uncovered("Q+PGB", &ids, &found, |_| false).is_empty());
    }

    #[test]
    fn a_character_of_no_id_is_uncovered_and_marks_are_not() {
        let ids = ids(&["P", "N"]);
        let found = find("!N*X2", &ids);
        assert_eq!(found.len(), 1);
        let left = uncovered("!N*X2", &ids, &found, |c| {
            matches!(c, '!' | '*') || c.is_ascii_digit()
        });
        assert_eq!(left, [(3, 'X')]);
    }

    #[test]
    fn an_id_twice_counts_twice_and_places_do_not_overlap() {
        let ids = ids(&["N", "NN"]);
        let found = find("NNN", &ids);
        assert_eq!(
            found[0],
            Found {
                piece: 1,
                at: 0,
                len: 2,
                count: 1,
                again: None,
            }
        );
        assert_eq!(
            found[1],
            Found {
                piece: 0,
                at: 0,
                len: 1,
                count: 3,
                again: Some(1),
            }
        );
    }

    #[test]
    fn only_inside_names_the_longer_id() {
        let ids = ids(&["B", "GB", "G"]);
        let text: Vec<char> = "GBB".chars().collect();
        let found = find("GBB", &ids);
        let b = *found.iter().find(|f| f.piece == 0).unwrap();
        let g = *found.iter().find(|f| f.piece == 2).unwrap();
        // B also stands alone at 2; G only inside GB.
        assert_eq!(only_inside(&text, &ids, &found, &b), None);
        assert_eq!(only_inside(&text, &ids, &found, &g), Some(1));
    }

    #[test]
    fn exact_and_longest_at() {
        let ids = ids(&["P", "+P", "D", "DV"]);
        assert_eq!(exact("+P", &ids), Some(1));
        assert_eq!(exact("+", &ids), None);
        let text: Vec<char> = "DV+PD.".chars().collect();
        assert_eq!(longest_at(&text, 0, &ids), Some((3, 2)));
        assert_eq!(longest_at(&text, 2, &ids), Some((1, 2)));
        assert_eq!(longest_at(&text, 4, &ids), Some((2, 1)));
        assert_eq!(longest_at(&text, 5, &ids), None);
    }
}
