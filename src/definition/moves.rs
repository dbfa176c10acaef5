//! A piece line's moves: its Betza text (or the Diagram's moves for its name), parsed. What
//! fairylab cannot read yet is left out with a `not played:` warning, and the rest of the
//! piece's moves are played.

use super::PieceLine;
use super::diagnostic::Report;
use super::names::standard_moves;
use crate::betza;

/// The Betza text of a piece line: as written, or by the piece's name when the field is empty.
pub(super) fn piece_moves(line: &PieceLine, files: u8, report: &mut Report) -> String {
    if !line.betza.text.is_empty() {
        return line.betza.text.clone();
    }
    match standard_moves(&line.name.text, files) {
        Some(s) => s.to_string(),
        None => {
            report.warning(
                line.betza.pos,
                format!(
                    "piece '{}' has no Betza moves, and its name is none the Diagram gives \
                     moves to: it cannot move",
                    line.name.text
                ),
            );
            String::new()
        }
    }
}

/// The parsed moves ([`betza::read`]): where the text holds a move fairylab cannot play yet,
/// that move is left out with a `not played:` warning at it naming the move, the piece and
/// why, and the others are played; what the Diagram's script passes over is a warning too.
/// Warnings point into the line's own Betza field (or at the empty field when the moves came
/// from the piece's name).
pub(super) fn read_betza(
    line: &PieceLine,
    text: &str,
    report: &mut Report,
) -> Vec<betza::Component> {
    if text.is_empty() {
        return Vec::new();
    }
    let at = |offset: usize| {
        if line.betza.text.is_empty() {
            line.betza.pos
        } else {
            line.betza.pos.offset(offset)
        }
    };
    let moves = match betza::read(text) {
        Ok(m) => m,
        Err(e) => {
            report.error(at(e.offset), format!("Betza '{text}': {}", e.message));
            return Vec::new();
        }
    };
    let rest = if moves.components.is_empty() {
        "the piece cannot move"
    } else {
        "its other moves are played"
    };
    for note in &moves.notes {
        let message = match note.message.strip_prefix(betza::NOT_PLAYED) {
            // `not played: 'MOVE': why`.
            Some(what) => match what.strip_prefix('\'').and_then(|w| w.split_once("': ")) {
                Some((left_out, why)) => format!(
                    "{}'{left_out}' of '{}' (Betza '{text}'): {why}; {rest}",
                    betza::NOT_PLAYED,
                    line.name.text
                ),
                None => format!(
                    "{}{what} (piece '{}', Betza '{text}'); {rest}",
                    betza::NOT_PLAYED,
                    line.name.text
                ),
            },
            None => format!("Betza '{text}': {}", note.message),
        };
        report.warning(at(note.offset), message);
    }
    moves.components
}
