//! Chess-style promotion as the Diagram's script plays it: which types promote (`maxPromote`,
//! by default 1: the first piece line; or fairylab's `promoPieces=`) and what they may become
//! (`promoChoice`, by default `QNRB`: the types whose IDs that list holds, found as the script
//! finds them, [`super::idlist`]), with the marks around an ID's first place: `!` just before
//! it (not on the last rank), `*` just before it (only a piece of the type from the promoting
//! side's hand), and a number just after it (only within that many ranks of the last).

use super::diagnostic::Report;
use super::idlist::{self, Found};
use super::reader::KeyReader;
use super::{ChoiceRule, PieceLine, PieceSpec};
use crate::piece::PieceId;

/// What `promoChoice` is when a text gives none (the script's default).
pub const DEFAULT_CHOICE: &str = "QNRB";

/// The marks a `promoChoice` list has beside its IDs.
fn is_mark(c: char) -> bool {
    matches!(c, '!' | '*') || c.is_ascii_digit()
}

/// The marks of a type found in a `promoChoice` list: the character just before its first
/// place, and the number (digits) just after it, as the script reads them (`k[0]`'s last
/// character, `parseInt(k[1])`).
fn marks(text: &[char], f: &Found) -> ChoiceRule {
    let before = f.at.checked_sub(1).map(|i| text[i]);
    let depth = (text[f.at + f.len..].iter())
        .take_while(|c| c.is_ascii_digit())
        .fold(0u32, |n, c| (n * 10 + c.to_digit(10).unwrap_or(0)).min(255));
    ChoiceRule {
        not_last: before == Some('!'),
        from_hand: before == Some('*'),
        depth: depth as u8,
    }
}

/// Which types promote, and what they may become (with each choice's marks).
pub(super) fn read(
    keys: &mut KeyReader,
    lines: &[&PieceLine],
    pieces: &mut [PieceSpec],
    ids: &[PieceId],
    promo_zone: u8,
    offset: usize,
    report: &mut Report,
) -> (Vec<usize>, Vec<ChoiceRule>) {
    // Not given: 1; given but not a number: none (the script's `type <= NaN`).
    let default = if keys.peek("maxPromote").is_some() {
        0
    } else {
        1
    };
    let max_promote = keys.int_or(
        "maxPromote",
        default,
        0,
        super::MAX_PIECE_TYPES as i64,
        report,
    );
    match keys.get("promoPieces") {
        Some(p) => {
            for t in idlist::tokens("promoPieces", &p.value.text, p.value.pos, ids, report) {
                pieces[t].promotes = true;
            }
        }
        None => {
            for (i, piece) in pieces.iter_mut().enumerate() {
                piece.promotes = (i as i64) < max_promote;
            }
        }
    }
    let given = keys.get("promoChoice");
    if offset > 0 {
        // Shogi promotion: the type is fixed by the offset, the choice list is not used.
        return (Vec::new(), Vec::new());
    }
    let (text, found) = match given {
        Some(p) => {
            let text = p.value.text.as_str();
            let found = idlist::read("promoChoice", text, p.value.pos, ids, is_mark, report);
            for f in found.iter().filter(|f| f.count > 1) {
                report.warning(
                    p.value.pos.offset(f.at),
                    format!(
                        "promoChoice: '{}' listed twice; its first place (and the marks \
                         around it) counts, as in the Diagram",
                        ids[f.piece]
                    ),
                );
            }
            (text, found)
        }
        None => (DEFAULT_CHOICE, idlist::find(DEFAULT_CHOICE, ids)),
    };
    let chars: Vec<char> = text.chars().collect();
    let choice: Vec<usize> = found.iter().map(|f| f.piece).collect();
    let rules = found.iter().map(|f| marks(&chars, f)).collect();
    // (A text with errors is not played: its types may be missing for them.)
    if promo_zone > 0
        && choice.is_empty()
        && !report.has_errors()
        && let Some(first) = pieces.iter().position(|p| p.promotes)
    {
        let pos = given.map_or(lines[first].name.pos, |p| p.value.pos);
        let why = match given {
            Some(_) => "promoChoice names no piece of this text".to_string(),
            None => format!(
                "without promoChoice the Diagram offers {DEFAULT_CHOICE} (the types with \
                     those IDs), and this text has none of them"
            ),
        };
        let which = if keys.peek("maxPromote").is_none() && keys.peek("promoPieces").is_none() {
            format!(
                "'{}' promotes (the first piece line: maxPromote is 1 by default)",
                pieces[first].name
            )
        } else {
            "pieces promote".to_string()
        };
        report.warning(
            pos,
            format!(
                "{which} but there is nothing to promote to ({why}): as in the Diagram, \
                     they cannot move into the promotion zone (promoZone=0 or maxPromote=0 \
                     turns promotion off)"
            ),
        );
    }
    (choice, rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_the_character_before_and_the_number_after() {
        let ids: Vec<PieceId> = ["P", "N", "GB", "Q"]
            .iter()
            .map(|s| PieceId::new(s).unwrap())
            .collect();
        let text = "!P*N!*GB12Q";
        let chars: Vec<char> = text.chars().collect();
        let found = idlist::find(text, &ids);
        let got: Vec<(usize, ChoiceRule)> =
            found.iter().map(|f| (f.piece, marks(&chars, f))).collect();
        let rule = |not_last, from_hand, depth| ChoiceRule {
            not_last,
            from_hand,
            depth,
        };
        assert_eq!(
            got,
            [
                (0, rule(true, false, 0)),
                (1, rule(false, true, 0)),
                // Only the character just before counts: `*`, not `!*`.
                (2, rule(false, true, 12)),
                (3, rule(false, false, 0)),
            ]
        );
    }
}
