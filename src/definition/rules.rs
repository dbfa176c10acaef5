//! The rules that tie a definition's pieces together, read after the piece lines: royalty
//! (`royal=`, morphs into royal types, one royal piece a side), promotion (`promoPieces=`,
//! `promoChoice=`), Symmetric Chess's `conversion=`, and pieces in hand at the start (the
//! holdings rule, not played yet).

use super::diagnostic::Report;
use super::reader::KeyReader;
use super::{ConversionSpec, Param, PieceLine, PieceSpec, Pos};
use crate::betza;

/// What the rules decide beyond the pieces' own flags.
pub(super) struct Rules {
    pub promo_choice: Vec<usize>,
    pub conversion: Option<ConversionSpec>,
}

pub(super) fn read(
    keys: &mut KeyReader,
    lines: &[&PieceLine],
    pieces: &mut [PieceSpec],
    find_id: &dyn Fn(char) -> Option<usize>,
    promo_zone: u8,
    report: &mut Report,
) -> Rules {
    royal(keys, pieces, find_id, report);
    morphs_into_royal(lines, pieces, find_id, report);
    one_royal_a_side(lines, pieces, report);
    holdings(lines, pieces, report);
    let promo_choice = promotion(keys, lines, pieces, find_id, promo_zone, report);
    let conversion = conversion(keys, pieces, find_id, report);
    Rules {
        promo_choice,
        conversion,
    }
}

/// Royal pieces: a 1-based piece number (the Diagram's form), or IDs; by default the last
/// piece line.
fn royal(
    keys: &mut KeyReader,
    pieces: &mut [PieceSpec],
    find_id: &dyn Fn(char) -> Option<usize>,
    report: &mut Report,
) {
    let Some(p) = keys.get("royal") else {
        if let Some(last) = pieces.last_mut() {
            last.royal = true;
        }
        return;
    };
    if p.value.text.is_empty() {
        report.error(
            p.value.pos,
            "royal= is empty: give the royal pieces' IDs (royal=K) or a piece number",
        );
    } else if let Ok(n) = p.value.text.parse::<usize>() {
        if n >= 1 && n <= pieces.len() {
            pieces[n - 1].royal = true;
        } else {
            report.error(&p.value, format!("royal={n}: there is no piece number {n}"));
        }
    } else {
        for (i, c) in p.value.text.chars().enumerate() {
            match find_id(c) {
                Some(t) => pieces[t].royal = true,
                None => report.error(
                    p.value.pos.offset(i),
                    format!("royal: no piece has ID '{c}'"),
                ),
            }
        }
    }
}

/// A non-royal piece that morphs into a royal type would give its side a second royal
/// piece, which fairylab does not support (like a royal promotion choice).
fn morphs_into_royal(
    lines: &[&PieceLine],
    pieces: &[PieceSpec],
    find_id: &dyn Fn(char) -> Option<usize>,
    report: &mut Report,
) {
    for (line, piece) in lines.iter().zip(pieces) {
        let Some(field) = line.morph.as_ref().filter(|_| !piece.royal) else {
            continue;
        };
        if let Some((i, c)) = (field.text.chars().enumerate())
            .find(|&(_, c)| find_id(c).is_some_and(|t| pieces[t].royal))
        {
            report.error(
                field.pos.offset(i),
                format!(
                    "morph: '{c}' is royal and '{}' is not; a side may have only one royal piece",
                    piece.name
                ),
            );
        }
    }
}

/// At most one royal piece per side in the start position.
fn one_royal_a_side(lines: &[&PieceLine], pieces: &[PieceSpec], report: &mut Report) {
    for (side, name) in ["White", "Black"].into_iter().enumerate() {
        let n: usize = (pieces.iter().filter(|p| p.royal))
            .map(|p| [p.white.len(), p.black.len()][side])
            .sum();
        if n > 1 {
            let at = (lines.iter().zip(pieces))
                .find(|(_, p)| p.royal)
                .map(|(l, _)| l.squares.pos);
            report.error(
                at.unwrap_or_default(),
                format!("{name} has {n} royal pieces; fairylab supports at most one per side"),
            );
        }
    }
}

/// Pieces in hand at the start (a piece line's sixth field) are read and kept; playing them
/// is the holdings rule (drops), which fairylab does not play yet: non-zero counts are an
/// error at the field.
fn holdings(lines: &[&PieceLine], pieces: &[PieceSpec], report: &mut Report) {
    for (line, piece) in lines.iter().zip(pieces) {
        let (Some(field), [w, b]) = (&line.hand, piece.hand) else {
            continue;
        };
        if w > 0 || b > 0 {
            report.error(
                field,
                format!(
                    "'{}' starts with {w} in White's hand and {b} in Black's: pieces in hand \
                     (holdings and drops) are a rule fairylab does not play yet",
                    piece.name
                ),
            );
        }
    }
}

/// IDs listed in a key's value, each once.
fn id_list(
    p: &Param,
    what: &str,
    find_id: &dyn Fn(char) -> Option<usize>,
    report: &mut Report,
) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, c) in p.value.text.chars().enumerate() {
        let at = p.value.pos.offset(i);
        match find_id(c) {
            Some(t) if !out.contains(&t) => out.push(t),
            Some(_) => report.error(at, format!("{what}: '{c}' listed twice")),
            None => report.error(at, format!("{what}: no piece has ID '{c}'")),
        }
    }
    out
}

/// The Diagram's marks in a `promoChoice` list beside the IDs, each a rule of its own: `!`
/// before an ID (that choice is not allowed on the last rank, only on promoting short of it),
/// `*` before an ID (only a piece of that type from the promoting side's hand), and a number
/// after one (that choice only on the last N ranks). None is played yet: the first of each
/// kind is an error. The rest of the value, IDs only, is returned with its offsets.
fn promo_choice_marks(p: &Param, report: &mut Report) -> Vec<(usize, char)> {
    let mut ids = Vec::new();
    let mut seen = [false; 3];
    for (i, c) in p.value.text.chars().enumerate() {
        let (kind, what) = match c {
            '!' => (0, "'!' before an ID: a choice not allowed on the last rank"),
            '*' => (
                1,
                "'*' before an ID: a choice only of a piece from the hand",
            ),
            '0'..='9' => (2, "a number after an ID: a choice only on the last ranks"),
            _ => {
                ids.push((i, c));
                continue;
            }
        };
        if !std::mem::replace(&mut seen[kind], true) {
            report.error(
                p.value.pos.offset(i),
                format!("promoChoice: {what} is a rule fairylab does not play yet"),
            );
        }
    }
    ids
}

/// Which types promote, and what they may become.
fn promotion(
    keys: &mut KeyReader,
    lines: &[&PieceLine],
    pieces: &mut [PieceSpec],
    find_id: &dyn Fn(char) -> Option<usize>,
    promo_zone: u8,
    report: &mut Report,
) -> Vec<usize> {
    match keys.get("promoPieces") {
        Some(p) => {
            for t in id_list(p, "promoPieces", find_id, report) {
                pieces[t].promotes = true;
            }
        }
        None => {
            for piece in pieces.iter_mut() {
                piece.promotes = !piece.royal && piece.name.to_ascii_lowercase().ends_with("pawn");
            }
        }
    }
    let given = keys.get("promoChoice");
    let choice = match given {
        Some(p) => {
            let mut list = Vec::new();
            for (i, c) in promo_choice_marks(p, report) {
                let at = p.value.pos.offset(i);
                match find_id(c) {
                    Some(t) if list.contains(&t) => {
                        report.error(at, format!("promoChoice: '{c}' listed twice"))
                    }
                    Some(t) if pieces[t].royal => {
                        report.error(at, format!("promoChoice: '{c}' is royal"));
                        list.push(t);
                    }
                    Some(t) => list.push(t),
                    // The Diagram skips what matches no ID; a letter is likely a typo.
                    None if c.is_ascii_alphabetic() => {
                        report.error(at, format!("promoChoice: no piece has ID '{c}'"))
                    }
                    None => {
                        report.warning(at, format!("promoChoice: '{c}' is no piece's ID (ignored)"))
                    }
                }
            }
            list
        }
        None => (0..pieces.len())
            .filter(|&t| !pieces[t].royal && !pieces[t].promotes && !pieces[t].white.is_empty())
            .collect(),
    };
    if promo_zone > 0 && pieces.iter().any(|p| p.promotes) && choice.is_empty() {
        // The promoChoice value, or else the first piece line that promotes.
        let first_promoting = pieces.iter().position(|p| p.promotes);
        let pos = given
            .map(|p| p.value.pos)
            .or_else(|| first_promoting.map(|i| lines[i].name.pos))
            .unwrap_or(Pos { line: 1, col: 1 });
        report.error(
            pos,
            "pieces promote but there is nothing to promote to (promoChoice)",
        );
    }
    choice
}

/// Symmetric Chess's conversion (`conversion=B:sfW`, a fairylab extension).
fn conversion(
    keys: &mut KeyReader,
    pieces: &[PieceSpec],
    find_id: &dyn Fn(char) -> Option<usize>,
    report: &mut Report,
) -> Option<ConversionSpec> {
    let p = keys.get("conversion")?;
    let Some((id, moves)) = p.value.text.split_once(':') else {
        report.error(
            &p.value,
            "conversion must be ID:Betza, e.g. conversion=B:sfW",
        );
        return None;
    };
    let Some(piece) = (id.chars().next())
        .filter(|_| id.chars().count() == 1)
        .and_then(find_id)
    else {
        report.error(p.value.pos, format!("conversion: no piece has ID '{id}'"));
        return None;
    };
    // The rule is for a pair ("the other one must convert"); more would also overflow what a
    // move records for unmaking.
    for (side, list) in [
        ("White", &pieces[piece].white),
        ("Black", &pieces[piece].black),
    ] {
        if list.len() > 2 {
            report.error(
                p.value.pos,
                format!(
                    "conversion: {side} has {} pieces '{id}', the rule is for at most two",
                    list.len()
                ),
            );
            return None;
        }
    }
    let betza_pos = p.value.pos.offset(id.chars().count() + 1);
    let parsed = betza::parse(moves).and_then(|c| {
        for comp in &c {
            comp.vectors()?;
            if matches!(comp.atom, betza::Atom::Castle { .. }) {
                return Err(betza::BetzaError {
                    offset: comp.offset,
                    message: "conversion moves cannot castle".into(),
                });
            }
            if matches!(comp.atom, betza::Atom::Path(_)) {
                return Err(betza::BetzaError {
                    offset: comp.offset,
                    message: "a conversion move has one leg (no a, p, g or d)".into(),
                });
            }
        }
        Ok(c)
    });
    match parsed {
        Ok(c) => Some(ConversionSpec {
            piece,
            betza_text: moves.to_string(),
            moves: c,
        }),
        Err(e) => {
            report.error(
                betza_pos.offset(e.offset),
                format!("conversion Betza '{moves}': {}", e.message),
            );
            None
        }
    }
}
