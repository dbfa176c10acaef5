//! The second stage: a parsed [`Definition`] checked and resolved into a [`Spec`], with every
//! error and warning found as a [`Diagnostic`]. Board keys and piece lines are read here; the
//! rules that tie pieces together (royalty, promotion, conversion, holdings) in `rules.rs`.

use super::diagnostic::{Diagnostic, Report, Severity};
use super::fields::{parse_hand, parse_morph};
use super::moves::{inner_castling_short, piece_moves, read_betza};
use super::names::is_hole;
use super::reader::KeyReader;
use super::setup::Setup;
use super::{
    Colours, Definition, DefinitionErrors, MAX_PIECE_TYPES, PieceLine, PieceSpec, Pos, Spec,
    StalemateRule, Symmetry, keys, rules, shuffle,
};
use crate::geometry::{Geometry, MAX_SIDE};
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

    fn resolve(&self, report: &mut Report) -> Option<Spec> {
        let mut keys = KeyReader::new(&self.params, report);
        // `hole` lines mark squares off the board; they are not piece types.
        let lines: Vec<&PieceLine> = (self.pieces.iter())
            .filter(|l| !is_hole(&l.name.text))
            .collect();
        if lines.is_empty() {
            report.error(
                Pos { line: 1, col: 1 },
                "no piece lines: a definition needs at least one name:ID:Betza:image:squares line",
            );
        }
        let first_rank = keys.int_or("firstRank", 1, -99, 99, report);
        if first_rank != 1
            && let Some(p) = keys.peek("firstRank")
        {
            report.warning(
                &p.value,
                format!(
                    "firstRank={first_rank}: the setup's squares are read with ranks counted from \
                     {first_rank}, as in the Diagram; fairylab names the ranks from 1 in FEN, \
                     move text and on its board"
                ),
            );
        }
        let files = keys.int("files", 8, 1, MAX_SIDE as i64, report) as u8;
        let ranks = keys.int("ranks", 8, 1, MAX_SIDE as i64, report) as u8;
        let geometry = Geometry::new(files, ranks);
        let promo_zone = keys.int_or("promoZone", 1, 0, ranks as i64, report) as u8;
        let moves_per_turn = keys.int("movesPerTurn", 1, 1, 8, report) as u8;
        let first_turn_moves = keys.int(
            "firstTurnMoves",
            moves_per_turn as i64,
            1,
            moves_per_turn as i64,
            report,
        ) as u8;
        let stalemate = choice(
            &mut keys,
            "stalemate",
            StalemateRule::Draw,
            &[
                ("draw", StalemateRule::Draw),
                ("win", StalemateRule::Win),
                ("loss", StalemateRule::Loss),
                ("lose", StalemateRule::Loss),
            ],
        )
        .unwrap_or_else(|what| {
            report.warning(
                what,
                format!(
                    "stalemate={}: the Diagram scores a stalemate as a draw only for 'draw'; \
                     played as stalemate=win",
                    what.text
                ),
            );
            StalemateRule::Win
        });
        let castle_flip = keys.int_or("castleFlip", 0, 0, 1, report) != 0;
        let auto_gate = keys.int_or("autoGate", 0, 0, 1, report) != 0;
        let extinction = keys.int_or("extinction", 3, 0, 3, report);
        let extinction = [extinction & 1 != 0, extinction & 2 != 0];
        let symmetry = choice(
            &mut keys,
            "symmetry",
            Symmetry::Mirror,
            &[
                ("mirror", Symmetry::Mirror),
                ("rotate", Symmetry::Rotate),
                ("none", Symmetry::None),
            ],
        )
        .unwrap_or_else(|what| {
            report.warning(
                what,
                format!(
                    "symmetry={}: the Diagram gives Black no twin of White's squares for a \
                     value other than mirror or rotate; played as symmetry=none",
                    what.text
                ),
            );
            Symmetry::None
        });

        let wanted: Vec<Option<PieceId>> =
            lines.iter().map(|line| wanted_id(line, report)).collect();
        let ids = piece_ids(&lines, &wanted, report);
        // Lists of IDs (promoChoice, royal, shuffle, morph, …) name the types by the IDs the
        // text writes, as the Diagram looks them up: two types sharing one are both named.
        let written: Vec<PieceId> = (wanted.iter())
            .map(|w| w.unwrap_or(PieceId::from('?')))
            .collect();
        let setup = Setup::place(&self.pieces, geometry, symmetry, first_rank, report);
        let mut pieces = Vec::new();
        for (index, line) in lines.iter().enumerate() {
            let betza_text = piece_moves(line, files, report);
            let hand = line.hand.as_ref().map_or([0, 0], |h| parse_hand(h, report));
            let morph = line
                .morph
                .as_ref()
                .map(|m| parse_morph(m, geometry, &written, report));
            let (moves, castle_inner) = read_betza(line, &betza_text, report);
            let [white, black] = setup.squares[index].clone();
            pieces.push(PieceSpec {
                name: line.name.text.clone(),
                id: ids[index],
                betza_text,
                moves,
                image: line.image.text.clone(),
                white,
                black,
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
            });
            inner_castling_short(line, &pieces[index], geometry, report);
        }

        let rules = rules::read(&mut keys, &lines, &mut pieces, &written, promo_zone, report);
        let shuffle = shuffle::read(&mut keys, &pieces, &written, (geometry, symmetry), report);
        if auto_gate {
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
        let colours = read_colours(&mut keys, report);
        let display = self
            .params
            .iter()
            .filter(|p| {
                matches!(
                    keys::kind(&p.key.text),
                    Some(keys::KeyKind::Page(_) | keys::KeyKind::Layout(_) | keys::KeyKind::Colour)
                )
            })
            .map(|p| (p.key.text.clone(), p.value.text.clone()))
            .collect();
        keys.finish(report);
        if report.has_errors() {
            return None;
        }
        Some(Spec {
            geometry: geometry.with_holes(setup.holes),
            pieces,
            promo_zone,
            promo_choice: rules.promo_choice,
            promo_rules: rules.promo_rules,
            promo_offset: rules.promo_offset,
            holdings: rules.holdings,
            stalemate,
            trade_threshold: rules.trade_threshold,
            castle_flip,
            auto_gate,
            extinction,
            symmetry,
            moves_per_turn,
            first_turn_moves,
            conversion: rules.conversion,
            shuffle,
            display,
            colours,
            warnings: Vec::new(),
        })
    }
}

/// A key whose value is one of a few words: the value's meaning, `default` when the key is
/// not given, or `Err` with the value's field (for the caller's error) for another word.
fn choice<'a, T: Copy>(
    keys: &mut KeyReader<'a>,
    key: &str,
    default: T,
    words: &[(&str, T)],
) -> Result<T, &'a super::Field> {
    let Some(p) = keys.get(key) else {
        return Ok(default);
    };
    words
        .iter()
        .find(|(w, _)| *w == p.value.text)
        .map(|&(_, v)| v)
        .ok_or(&p.value)
}

/// Each piece line's ID: the one written, else the name's first letter as a capital (as the
/// Diagram does). IDs must be one capital letter each. The Diagram lets two types share one;
/// fairylab names every type apart in FEN and move text, so a later type whose ID is taken gets
/// a free capital (the first of its name's letters not used by any type, else the first free
/// one), with a warning naming it.
fn piece_ids(
    lines: &[&PieceLine],
    wanted: &[Option<PieceId>],
    report: &mut Report,
) -> Vec<PieceId> {
    let mut ids: Vec<PieceId> = Vec::with_capacity(lines.len());
    for (line, &id) in lines.iter().zip(wanted) {
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
        let at = if line.id.text.is_empty() {
            &line.name
        } else {
            &line.id
        };
        let first_name = &lines[first].name;
        let Some(free) = free else {
            report.error(
                at,
                format!(
                    "piece ID '{id}' is used twice (first by '{}' at {}:{}) and no capital \
                     letter is left for '{}': fairylab needs an ID of its own for each type",
                    first_name.text, first_name.pos.line, first_name.pos.col, line.name.text
                ),
            );
            ids.push(id);
            continue;
        };
        report.warning(
            at,
            format!(
                "piece ID '{id}' is used twice (first by '{}' at {}:{}); fairylab writes \
                 '{free}' for '{}' in FEN and move text",
                first_name.text, first_name.pos.line, first_name.pos.col, line.name.text
            ),
        );
        ids.push(PieceId::from(free));
    }
    ids
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

/// The board's colours, each a `#` and 3, 4, 6 or 8 hex digits or a colour's name; another
/// value is a warning and left out.
fn read_colours(keys: &mut KeyReader, report: &mut Report) -> Colours {
    let mut read = |key: &str| -> Option<String> {
        let p = keys.get(key)?;
        let v = p.value.text.as_str();
        let hex = v.strip_prefix('#').is_some_and(|h| {
            matches!(h.len(), 3 | 4 | 6 | 8) && h.chars().all(|c| c.is_ascii_hexdigit())
        });
        let name = !v.is_empty() && v.chars().all(|c| c.is_ascii_alphabetic());
        if hex || name {
            Some(v.to_string())
        } else {
            report.warning(
                &p.value,
                format!("{key}: '{v}' is not a colour (#RGB, #RRGGBB or a colour's name); ignored"),
            );
            None
        }
    };
    Colours {
        light: read("lightShade"),
        dark: read("darkShade"),
        start: read("startShade"),
        rim: read("rimColor"),
        coordinates: read("coordColor"),
        highlight: read("hlColor"),
    }
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
