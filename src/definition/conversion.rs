//! Symmetric Chess's bishop conversion (`conversion=B:sfW`), a fairylab extension the
//! Diagram cannot say: an unmoved piece of the type on its start square may instead make these
//! moves, at most one conversion per side. Its mistakes are errors (it is fairylab's own key).

use super::diagnostic::Report;
use super::reader::KeyReader;
use super::{ConversionSpec, PieceSpec, idlist};
use crate::betza;
use crate::piece::PieceId;

/// Symmetric Chess's conversion (`conversion=B:sfW`, a fairylab extension).
pub(super) fn read(
    keys: &mut KeyReader,
    pieces: &[PieceSpec],
    ids: &[PieceId],
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
    let Some(piece) = idlist::exact(id, ids) else {
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
            if comp.castling().is_some() {
                return Err(betza::BetzaError {
                    offset: comp.offset,
                    message: "conversion moves cannot castle".into(),
                });
            }
            if comp.ray_leg().is_none() {
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
