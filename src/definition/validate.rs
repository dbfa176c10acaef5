//! The second stage: a parsed [`Definition`] checked and resolved into a [`Spec`], with every
//! error and warning found as a [`Diagnostic`]. Piece lines are read here, board keys in
//! `board.rs`, the rules that tie pieces together (royalty, promotion, conversion, holdings)
//! in `rules.rs`.

use super::diagnostic::{Diagnostic, Report, Severity};
use super::fields::{parse_hand, parse_morph};
use super::moves::{piece_moves, read_betza};
use super::names::is_hole;
use super::reader::KeyReader;
use super::setup::Setup;
use super::{
    Definition, DefinitionErrors, Field, MAX_PIECE_TYPES, PieceLine, PieceSpec, Pos, Spec, board,
    rules, shuffle,
};
use crate::geometry::{Geometry, Square};
use crate::piece::PieceId;

impl Definition {
    /// Check the definition and resolve names, squares and maps. Collects every error found.
    pub fn validate(&self) -> Result<Spec, DefinitionErrors> {
        let (spec, diagnostics) = self.check();
        spec.ok_or_else(|| {
            DefinitionErrors(
                diagnostics
                    .iter()
                    .filter(|d| d.severity == Severity::Error)
                    .map(Diagnostic::to_error)
                    .collect(),
            )
        })
    }

    /// Check the definition: the [`Spec`] if it has no error, and everything found (errors
    /// and warnings) in text order.
    pub fn check(&self) -> (Option<Spec>, Vec<Diagnostic>) {
        let mut report = Report::default();
        for note in &self.notes {
            report.warning(note.pos, note.message.clone());
        }
        let spec = self.resolve(&mut report);
        let diagnostics = report.into_sorted();
        let ok = !diagnostics.iter().any(|d| d.severity == Severity::Error);
        let spec = spec.filter(|_| ok).map(|mut s| {
            s.warnings = diagnostics.iter().map(Diagnostic::to_error).collect();
            s
        });
        (spec, diagnostics)
    }

    /// Read every key and line into a [`Spec`], or `None` once an error is reported. The
    /// keys are read in a fixed order (board, pieces, rules, shuffle, gates, colours), which
    /// is the order errors at one position come out in.
    fn resolve(&self, report: &mut Report) -> Option<Spec> {
        let mut keys = KeyReader::new(&self.params, report);
        let lines = self.piece_lines(report);
        let board = board::read(&mut keys, report);
        let (ids, written) = type_ids(&lines, report);
        let (geometry, symmetry) = (board.geometry, board.symmetry);
        let setup = Setup::place(&self.pieces, geometry, symmetry, board.first_rank, report);
        let mut pieces = read_pieces(&lines, &ids, &written, &setup.squares, geometry, report);
        let rules = rules::read(
            &mut keys,
            &lines,
            &mut pieces,
            &written,
            board.promo_zone,
            report,
        );
        let shuffle = shuffle::read(&mut keys, &pieces, &written, (geometry, symmetry), report);
        if board.auto_gate {
            gates(
                &lines,
                &pieces,
                geometry,
                rules.conversion.is_some(),
                report,
            );
        }
        if pieces.len() > MAX_PIECE_TYPES {
            report.error(
                &lines[MAX_PIECE_TYPES].name,
                format!("more than {MAX_PIECE_TYPES} piece types"),
            );
        }
        let colours = board::read_colours(&mut keys, report);
        let display = board::display(&self.params);
        keys.finish(report);
        if report.has_errors() {
            return None;
        }
        Some(Spec {
            geometry: geometry.with_holes(setup.holes),
            pieces,
            promo_zone: board.promo_zone,
            promo_choice: rules.promo_choice,
            promo_rules: rules.promo_rules,
            promo_offset: rules.promo_offset,
            holdings: rules.holdings,
            stalemate: board.stalemate,
            trade_threshold: rules.trade_threshold,
            castle_flip: board.castle_flip,
            auto_gate: board.auto_gate,
            extinction: board.extinction,
            symmetry,
            moves_per_turn: board.moves_per_turn,
            first_turn_moves: board.first_turn_moves,
            conversion: rules.conversion,
            shuffle,
            display,
            colours,
            warnings: Vec::new(),
        })
    }

    /// The piece lines that define types (`hole` lines mark squares off the board; they are
    /// not piece types), with an error when there is none.
    fn piece_lines(&self, report: &mut Report) -> Vec<&PieceLine> {
        let lines: Vec<&PieceLine> = (self.pieces.iter())
            .filter(|l| !is_hole(&l.name.text))
            .collect();
        if lines.is_empty() {
            report.error(
                Pos { line: 1, col: 1 },
                "no piece lines: a definition needs at least one name:ID:Betza:image:squares line",
            );
        }
        lines
    }
}

/// Each type's ID (as [`piece_ids`] makes them distinct) and the ID its line writes ('?' after
/// an error). Lists of IDs (promoChoice, royal, shuffle, morph, …) name the types by the IDs
/// the text writes, as the Diagram looks them up: two types sharing one are both named.
fn type_ids(lines: &[&PieceLine], report: &mut Report) -> (Vec<PieceId>, Vec<PieceId>) {
    let wanted: Vec<Option<PieceId>> = lines.iter().map(|line| wanted_id(line, report)).collect();
    let ids = piece_ids(lines, &wanted, report);
    let written = (wanted.iter())
        .map(|w| w.unwrap_or(PieceId::from('?')))
        .collect();
    (ids, written)
}

/// Each line's type as far as the line alone says: its moves (written, else by its name), hand,
/// morph map and start squares (`squares`, from [`Setup`]); royalty, promotion and the like
/// are left unset for `rules::read`.
fn read_pieces(
    lines: &[&PieceLine],
    ids: &[PieceId],
    written: &[PieceId],
    squares: &[[Vec<Square>; 2]],
    geometry: Geometry,
    report: &mut Report,
) -> Vec<PieceSpec> {
    let mut pieces = Vec::with_capacity(lines.len());
    for ((line, &id), [white, black]) in lines.iter().zip(ids).zip(squares) {
        let betza_text = piece_moves(line, geometry.files, report);
        let hand = line.hand.as_ref().map_or([0, 0], |h| parse_hand(h, report));
        let morph = (line.morph.as_ref()).map(|m| parse_morph(m, geometry, written, report));
        let (moves, castle_inner) = read_betza(line, &betza_text, report);
        let piece = PieceSpec {
            name: line.name.text.clone(),
            id,
            betza_text,
            moves,
            image: line.image.text.clone(),
            white: white.clone(),
            black: black.clone(),
            morph,
            royal: false,
            bares: false,
            anti_trade: 0,
            iron: false,
            protected: false,
            counter_strike: false,
            promotes: false,
            promoted: None,
            hand,
            castle_inner,
        };
        pieces.push(piece);
    }
    pieces
}

/// Each piece line's ID: the one written, else the name's first letter as a capital (as the
/// Diagram does). IDs must be one capital letter each. The Diagram lets two types share one;
/// fairylab names every type apart in FEN and move text, so a later type whose ID is taken gets
/// a free capital (the first of its name's letters not used by any type, else the first free
/// one). The Diagram says nothing of a shared ID (its promoted forms and Tamerlane's pawns
/// share theirs), so all the renames are named in one warning ([`say_renamed`]).
fn piece_ids(
    lines: &[&PieceLine],
    wanted: &[Option<PieceId>],
    report: &mut Report,
) -> Vec<PieceId> {
    let mut ids: Vec<PieceId> = Vec::with_capacity(lines.len());
    // (line, the ID it asked for, the line that has it first, the ID it gets)
    let mut renamed: Vec<(usize, PieceId, usize, char)> = Vec::new();
    for (i, (line, &id)) in lines.iter().zip(wanted).enumerate() {
        let Some(id) = id else {
            ids.push(PieceId::from('?'));
            continue;
        };
        let Some(first) = ids.iter().position(|&x| x == id) else {
            ids.push(id);
            continue;
        };
        let taken = |c: char| {
            let c = PieceId::from(c);
            wanted.contains(&Some(c)) || ids.contains(&c)
        };
        let free = (line.name.text.chars().map(|c| c.to_ascii_uppercase()))
            .chain('A'..='Z')
            .find(|&c| c.is_ascii_uppercase() && !taken(c));
        let Some(free) = free else {
            let first_name = &lines[first].name;
            report.error(
                id_field(line),
                format!(
                    "piece ID '{id}' is used twice (first by '{}' at {}:{}) and no capital \
                     letter is left for '{}': fairylab needs an ID of its own for each type",
                    first_name.text, first_name.pos.line, first_name.pos.col, line.name.text
                ),
            );
            ids.push(id);
            continue;
        };
        renamed.push((i, id, first, free));
        ids.push(PieceId::from(free));
    }
    say_renamed(lines, &renamed, report);
    ids
}

/// The field where a line's ID is: the ID written, else the name it comes from.
fn id_field(line: &PieceLine) -> &Field {
    if line.id.text.is_empty() {
        &line.name
    } else {
        &line.id
    }
}

/// One warning for all the types [`piece_ids`] gave another ID, at the first of them: per
/// shared ID, the line that keeps it and what each later type is written as.
fn say_renamed(
    lines: &[&PieceLine],
    renamed: &[(usize, PieceId, usize, char)],
    report: &mut Report,
) {
    let Some(&(at, ..)) = renamed.first() else {
        return;
    };
    let mut shared: Vec<(PieceId, usize)> = Vec::new();
    for &(_, id, first, _) in renamed {
        if !shared.contains(&(id, first)) {
            shared.push((id, first));
        }
    }
    let groups: Vec<String> = (shared.iter())
        .map(|&(id, first)| {
            let first_name = &lines[first].name;
            let writes: Vec<String> = (renamed.iter())
                .filter(|r| r.1 == id)
                .map(|&(i, _, _, free)| {
                    let name = &lines[i].name;
                    let at = (name.pos.line, name.pos.col);
                    format!("'{free}' for '{}' at {}:{}", name.text, at.0, at.1)
                })
                .collect();
            format!(
                "'{id}' (first by '{}' at {}:{}): {}",
                first_name.text,
                first_name.pos.line,
                first_name.pos.col,
                writes.join(", ")
            )
        })
        .collect();
    let message = if renamed.len() == 1 {
        let (i, id, first, free) = renamed[0];
        let first_name = &lines[first].name;
        format!(
            "piece ID '{id}' is used twice (first by '{}' at {}:{}), as the Diagram allows; \
             fairylab writes '{free}' for '{}' in FEN and move text",
            first_name.text, first_name.pos.line, first_name.pos.col, lines[i].name.text
        )
    } else {
        format!(
            "{} piece types reuse an earlier type's ID, as the Diagram allows; fairylab \
             writes them apart in FEN and move text: {}",
            renamed.len(),
            groups.join("; ")
        )
    };
    report.warning(id_field(lines[at]), message);
}

/// The ID a piece line asks for: the one written (an error unless one to three capital
/// letters after an optional `+`), else its name's first letter as a capital; `None` after
/// an error.
fn wanted_id(line: &PieceLine, report: &mut Report) -> Option<PieceId> {
    if !line.id.text.is_empty() {
        let id = PieceId::new(&line.id.text).filter(|id| id.to_ascii_uppercase() == *id);
        if id.is_none() {
            report.error(
                &line.id,
                format!(
                    "piece ID '{}' must be one to three capital letters, after an optional '+'",
                    line.id.text
                ),
            );
        }
        return id;
    }
    let c = (line.name.text.chars().next())
        .map(|c| c.to_ascii_uppercase())
        .unwrap_or('?');
    if !c.is_ascii_uppercase() {
        report.error(
            &line.name,
            format!("piece '{}' has no usable ID letter", line.name.text),
        );
        return None;
    }
    Some(PieceId::from(c))
}

/// With `autoGate`, the pieces that start at a gate (the first and last ranks): none royal,
/// and room for each such type's waiting twin ([`crate::gate`]) among the 64 types a variant
/// may have in all.
fn gates(
    lines: &[&PieceLine],
    pieces: &[PieceSpec],
    g: Geometry,
    conversion: bool,
    report: &mut Report,
) {
    let at_gate = |p: &PieceSpec| {
        (p.white.iter().chain(&p.black)).any(|&sq| g.rank(sq) == 0 || g.rank(sq) + 1 == g.ranks)
    };
    let mut twins = 0;
    for (line, p) in lines.iter().zip(pieces).filter(|(_, p)| at_gate(p)) {
        twins += 1;
        if p.royal {
            report.error(
                &line.squares,
                format!(
                    "'{}' is royal and may not wait at a gate (autoGate: the first and last ranks)",
                    p.name
                ),
            );
        }
    }
    if pieces.len() + twins + 2 * conversion as usize > 64 {
        report.error(
            &lines[0].name,
            format!(
                "{} piece types and {twins} waiting at gates: at most 64 in all",
                pieces.len()
            ),
        );
    }
}
