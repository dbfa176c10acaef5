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
/// from the piece's name). `j` on castling (`isjO2`: with the piece next to the corner) is
/// read here: the moves come with whether the piece castles so
/// ([`super::PieceSpec::castle_inner`]).
pub(super) fn read_betza(
    line: &PieceLine,
    text: &str,
    report: &mut Report,
) -> (Vec<betza::Component>, bool) {
    if text.is_empty() {
        return (Vec::new(), false);
    }
    let at = |offset: usize| {
        if line.betza.text.is_empty() {
            line.betza.pos
        } else {
            line.betza.pos.offset(offset)
        }
    };
    let chars: Vec<char> = text.chars().collect();
    // The characters still read (without the castling `j`s), by their offsets in `text`.
    let mut kept: Vec<usize> = (0..chars.len()).collect();
    let inner = castle_inner(&chars, &mut kept, line, text, report);
    let current: String = kept.iter().map(|&i| chars[i]).collect();
    let moves = match betza::read(&current) {
        Ok(m) => m,
        Err(e) => {
            report.error(at(e.offset), format!("Betza '{text}': {}", e.message));
            return (Vec::new(), inner);
        }
    };
    let rest = if moves.components.is_empty() {
        "the piece cannot move"
    } else {
        "its other moves are played"
    };
    for note in &moves.notes {
        let offset = kept.get(note.offset).copied().unwrap_or(chars.len());
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
        report.warning(at(offset), message);
    }
    (moves.components, inner)
}

/// `j` on the castling moves of a Betza text (`KisjO2`): castling with the piece next to the
/// corner, as the Diagram's script reads it. The `j`s are taken out of `kept` (the rest reads
/// as ordinary castling) and the answer is whether the piece castles so. A piece that castles
/// both ways keeps its castling with the corner piece: its `jO` moves are left out with a
/// `not played:` warning.
fn castle_inner(
    chars: &[char],
    kept: &mut Vec<usize>,
    line: &PieceLine,
    text: &str,
    report: &mut Report,
) -> bool {
    let moves = moves_of(chars);
    let castling = |&&(start, end): &&(usize, usize)| {
        chars[start..end]
            .iter()
            .position(|c| !c.is_ascii_lowercase())
            .is_some_and(|a| chars[start + a] == 'O')
    };
    type Stretches<'a> = Vec<&'a (usize, usize)>;
    let (with_j, plain): (Stretches, Stretches) = (moves.iter())
        .filter(castling)
        .partition(|&&(start, end)| chars[start..end].contains(&'j'));
    if with_j.is_empty() || chars.iter().any(|c| matches!(c, '(' | '[' | '{')) {
        return false;
    }
    if !plain.is_empty() {
        for &&(start, end) in &with_j {
            let left_out: String = chars[start..end].iter().collect();
            report.warning(
                if line.betza.text.is_empty() {
                    line.betza.pos
                } else {
                    line.betza.pos.offset(start)
                },
                format!(
                    "not played: '{left_out}' of '{}' (Betza '{text}'): castling with the piece \
                     next to the corner, where the piece also castles with the one in it; its \
                     other moves are played",
                    line.name.text
                ),
            );
            kept.retain(|&i| i < start || i >= end);
        }
        return false;
    }
    for &&(start, end) in &with_j {
        kept.retain(|&i| i < start || i >= end || chars[i] != 'j');
    }
    true
}

/// The stretches `(start, end)` of the moves of a Betza text without brackets, one after
/// another as [`move_around`] finds them.
fn moves_of(chars: &[char]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        let (start, end) = move_around(chars, at);
        if end <= start {
            break;
        }
        out.push((start, end));
        at = end;
    }
    out
}

/// The stretch `(start, end)` of the move around character `offset`: the moves of a Betza
/// text follow one another as modifiers (lower case), one atom, then the atom again (a
/// rider) or its suffixes (digits, `X`, `Y`, `*`, `'`).
fn move_around(chars: &[char], offset: usize) -> (usize, usize) {
    let mut start = 0;
    while start < chars.len() {
        let mut end = start;
        while end < chars.len() && chars[end].is_ascii_lowercase() {
            end += 1;
        }
        if end < chars.len() {
            let atom = chars[end];
            end += 1;
            if chars.get(end) == Some(&atom) {
                end += 1;
            }
            while end < chars.len() && matches!(chars[end], '0'..='9' | 'X' | 'Y' | '*' | '\'') {
                end += 1;
            }
        }
        if offset < end || end >= chars.len() {
            return (start, end);
        }
        start = end;
    }
    (start.min(chars.len()), chars.len())
}
