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

/// The parsed moves. Where the text holds a move fairylab cannot read yet, that move (the
/// atom with its modifiers and suffixes, as the Diagram's script reads them one after another)
/// is left out with a `not played:` warning at it, and the others are played; a text with
/// brackets or parentheses fairylab cannot read is left out whole. Warnings point into the
/// line's own Betza field (or at the empty field when the moves came from the piece's name).
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
    let chars: Vec<char> = text.chars().collect();
    // The characters still read, by their offsets in `text`.
    let mut kept: Vec<usize> = (0..chars.len()).collect();
    if chars.len() > betza::MAX_LEN {
        report.warning(
            at(betza::MAX_LEN),
            format!(
                "not played: the moves of '{}' after its first {} characters of Betza (the \
                 most fairylab reads)",
                line.name.text,
                betza::MAX_LEN
            ),
        );
        kept.truncate(betza::MAX_LEN);
    }
    // Each round leaves out one move; a text with more moves fairylab cannot read than
    // this is left out whole.
    for _ in 0..MAX_LEFT_OUT {
        let current: String = kept.iter().map(|&i| chars[i]).collect();
        let error = match checked(&current) {
            Ok(comps) => {
                for note in comps.iter().flat_map(|c| &c.notes) {
                    let offset = kept.get(note.offset).copied().unwrap_or(chars.len());
                    report.warning(at(offset), format!("Betza '{text}': {}", note.message));
                }
                return comps;
            }
            Err(e) => e,
        };
        let whole = current.contains(['(', '[', '{']);
        let (start, end) = match whole {
            false => move_around(
                &kept.iter().map(|&i| chars[i]).collect::<Vec<_>>(),
                error.offset,
            ),
            true => (0, kept.len()),
        };
        // Nothing found around the offset: leave out everything rather than loop.
        let (start, end) = if start < end {
            (start, end)
        } else {
            (0, kept.len())
        };
        let offset = kept.get(error.offset).copied().unwrap_or(chars.len());
        let left_out: String = kept[start..end].iter().map(|&i| chars[i]).collect();
        let rest = if end - start == kept.len() {
            "the piece cannot move".to_string()
        } else {
            "its other moves are played".to_string()
        };
        report.warning(
            at(offset),
            format!(
                "not played: '{left_out}' of '{}' (Betza '{text}'): {}; {rest}",
                line.name.text, error.message
            ),
        );
        kept.drain(start..end);
        if kept.is_empty() {
            return Vec::new();
        }
    }
    report.warning(
        at(0),
        format!(
            "not played: the moves of '{}': more than {MAX_LEFT_OUT} of them fairylab cannot \
             read; the piece cannot move",
            line.name.text
        ),
    );
    Vec::new()
}

/// The most moves of one Betza text left out one by one before the whole text is.
const MAX_LEFT_OUT: usize = 16;

/// The text parsed, with every component's vectors checked.
fn checked(text: &str) -> Result<Vec<betza::Component>, betza::BetzaError> {
    betza::parse(text).and_then(|c| {
        for comp in &c {
            comp.vectors()?;
        }
        Ok(c)
    })
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
