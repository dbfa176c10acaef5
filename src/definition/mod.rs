//! Variant definitions in the Interactive Diagram's text format: parse, then validate.
//!
//! The text is a list of items separated by white space or line breaks:
//! - parameters `key=value` (`files=9`, `promoZone=0`, `stalemate=win`, …);
//! - piece lines `name:ID:Betza:image:white squares,,black squares`, where the name may
//!   contain spaces (`royal pawn:J:fWfcnD:king:`) and an empty square list defines a type that
//!   only appears by morph or promotion;
//! - `morph=` maps, which belong to the piece line before them: ranks separated by `/`, **rank
//!   1 first**, one character per file, `.` (or an empty rank) for "no change", otherwise the ID
//!   of the type the piece becomes on arrival there. The map is the same for both colours.
//!
//! Both the one-item-per-line form and the flattened one-line form load the same. A line whose
//! first non-blank character is `#` is a comment (a fairylab extension).
//! [`parse`] turns text into a [`Definition`] (strings with positions); [`Definition::validate`]
//! checks it and resolves it into a [`Spec`]; `variant::Variant::compile` builds move tables.
//!
//! fairylab's extension keys (documented in the README), for rules the Diagram cannot say:
//! - `movesPerTurn=2`: every turn is that many moves (Marseillais);
//! - `firstTurnMoves=1`: White's first turn has that many moves (balanced Marseillais);
//! - `conversion=B:sfW`: Symmetric Chess's bishop conversion: an unmoved piece of type `B` on
//!   its start square may instead make one of these moves, at most one conversion per side,
//!   and a side whose first such-piece move was normal must convert with the other one (so
//!   the type may have at most two pieces a side);
//! - `promoPieces=PS`: the types that promote (default: non-royal types named "… pawn").

mod fields;
mod keys;
mod parse;

use fields::{check_hand, parse_morph, parse_squares};
pub use parse::{MAX_TEXT_LEN, parse};

pub use keys::{KeyKind, suggestion};

use crate::betza::{self, Component};
use crate::geometry::{Geometry, MAX_SIDE, Square};
use std::fmt;

/// A position in the definition text: 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl Pos {
    fn offset(self, chars: usize) -> Pos {
        Pos {
            line: self.line,
            col: self.col + chars as u32,
        }
    }
}

/// An error in a definition, printed as `LINE:COL: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionError {
    pub pos: Pos,
    pub message: String,
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.pos.line, self.pos.col, self.message)
    }
}

impl std::error::Error for DefinitionError {}

/// All errors found in a definition, in text order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionErrors(pub Vec<DefinitionError>);

impl fmt::Display for DefinitionErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DefinitionErrors {}

fn err(pos: Pos, message: impl Into<String>) -> DefinitionError {
    DefinitionError {
        pos,
        message: message.into(),
    }
}

/// A piece of text with its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub text: String,
    pub pos: Pos,
}

/// A `key=value` parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    pub key: Field,
    pub value: Field,
}

/// A piece line as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceLine {
    pub name: Field,
    pub id: Field,
    pub betza: Field,
    pub image: Field,
    pub squares: Field,
    /// The Diagram's sixth field: pieces in hand at the start (`2`, or White's and Black's
    /// `2,1`).
    pub hand: Option<Field>,
    pub morph: Option<Field>,
}

/// A definition as written: parameters and piece lines in order, nothing interpreted yet.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Definition {
    pub params: Vec<Param>,
    pub pieces: Vec<PieceLine>,
}

/// How a stalemate is scored, for the side that gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StalemateRule {
    Draw,
    /// The stalemating side wins.
    Win,
    /// The stalemating side loses.
    Loss,
}

/// How Black's start squares follow from White's when a piece line gives no `,,` list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    Mirror,
    Rotate,
    None,
}

/// A validated piece type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceSpec {
    pub name: String,
    pub id: char,
    pub betza_text: String,
    pub moves: Vec<Component>,
    pub image: String,
    pub white: Vec<Square>,
    pub black: Vec<Square>,
    /// For every square, the index of the type this piece becomes on arrival, if any.
    pub morph: Option<Vec<Option<usize>>>,
    pub royal: bool,
    pub promotes: bool,
}

/// Symmetric Chess's conversion rule for one piece type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionSpec {
    pub piece: usize,
    pub betza_text: String,
    pub moves: Vec<Component>,
}

/// A validated definition: everything resolved, nothing compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    pub geometry: Geometry,
    pub pieces: Vec<PieceSpec>,
    pub promo_zone: u8,
    pub promo_choice: Vec<usize>,
    pub max_promote: Option<u32>,
    pub stalemate: StalemateRule,
    pub baring: bool,
    pub symmetry: Symmetry,
    pub moves_per_turn: u8,
    pub first_turn_moves: u8,
    pub conversion: Option<ConversionSpec>,
    /// Display keys (graphicsDir, squareSize, …), kept as written.
    pub display: Vec<(String, String)>,
    /// What loads but deserves a word: unknown keys (ignored, with a suggestion), pieces the
    /// Diagram gives no moves. In text order.
    pub warnings: Vec<DefinitionError>,
}

/// The most piece types a definition may have (the Diagram's own limit is lower); the
/// first type past it is refused at its name.
pub const MAX_PIECE_TYPES: usize = 60;

/// Moves for pieces whose line leaves the Betza field empty, by name (lower-cased), as the
/// Diagram gives them; the king castles three squares on boards wider than 8. `None`: the
/// Diagram knows no moves for that name, and such a piece cannot move.
fn standard_moves(name: &str, files: u8) -> Option<&'static str> {
    Some(match name.to_ascii_lowercase().as_str() {
        "pawn" => "ifmnDfmWfceF",
        "king" if files > 8 => "KisO3",
        "king" => "KisO2",
        "knight" => "N",
        "bishop" => "B",
        "rook" => "R",
        "queen" => "Q",
        "cardinal" | "archbishop" => "BN",
        "chancellor" | "marshall" => "RN",
        "amazon" => "QN",
        "lion" => "KNADcaKcabKmabK",
        "mao" | "horse" => "mafsW",
        "elephant" => "mafF",
        "cannon" | "pao" => "mRcpR",
        "advisor" | "ferz" => "F",
        "lance" => "fR",
        "copper" => "vWfF",
        "silver" | "silvergeneral" => "FfW",
        "gold" | "goldgeneral" => "WfF",
        "man" | "commoner" => "K",
        "camel" => "C",
        "zebra" => "Z",
        "nightrider" => "N0",
        "grasshopper" => "gQ",
        "griffon" | "gryphon" => "yafsF",
        "wizard" => "FC",
        "champion" => "WAD",
        "falcon" => "mafmafsKmafsmafKmaflmafrKmafrmaflK",
        _ => return None,
    })
}

impl Definition {
    /// Check the definition and resolve names, squares and maps. Collects every error found.
    pub fn validate(&self) -> Result<Spec, DefinitionErrors> {
        let mut errors = Vec::new();
        if self.pieces.is_empty() {
            errors.push(err(
                Pos { line: 1, col: 1 },
                "no piece lines: a definition needs at least one name:ID:Betza:image:squares line",
            ));
        }
        let mut seen: Vec<&str> = Vec::new();
        let get = |key: &str| -> Option<&Param> { self.params.iter().find(|p| p.key.text == key) };
        let mut warnings = Vec::new();
        for p in &self.params {
            let k = p.key.text.as_str();
            let kind = keys::kind(k);
            match kind {
                None => warnings.push(err(
                    p.key.pos,
                    match keys::suggestion(k) {
                        Some(s) => format!("unknown key '{k}', did you mean '{s}'? (ignored)"),
                        None => format!("unknown key '{k}' (ignored)"),
                    },
                )),
                Some(KeyKind::Unplayed(what)) => errors.push(err(
                    p.key.pos,
                    format!("'{k}' ({what}) is a rule fairylab does not play yet"),
                )),
                Some(KeyKind::Display) if k == "firstRank" && p.value.text.trim() != "1" => errors
                    .push(err(
                        p.value.pos,
                        format!(
                            "firstRank={} numbers the setup's ranks from {0}: fairylab \
                             reads them from 1 only, for now",
                            p.value.text
                        ),
                    )),
                Some(_) => {}
            }
            if kind.is_none() {
                continue;
            } else if seen.contains(&k) {
                errors.push(err(p.key.pos, format!("'{k}' given twice")));
            } else {
                seen.push(k);
            }
        }
        let int_param =
            |key: &str, default: i64, lo: i64, hi: i64, errors: &mut Vec<DefinitionError>| -> i64 {
                match get(key) {
                    None => default,
                    Some(p) => match p.value.text.parse::<i64>() {
                        Ok(v) if (lo..=hi).contains(&v) => v,
                        _ => {
                            errors.push(err(
                                p.value.pos,
                                format!(
                                    "{key} must be a whole number from {lo} to {hi}, not '{}'",
                                    p.value.text
                                ),
                            ));
                            default
                        }
                    },
                }
            };
        let files = int_param("files", 8, 1, MAX_SIDE as i64, &mut errors) as u8;
        let ranks = int_param("ranks", 8, 1, MAX_SIDE as i64, &mut errors) as u8;
        let geometry = Geometry::new(files, ranks);
        let promo_zone = int_param("promoZone", 1, 0, ranks as i64, &mut errors) as u8;
        let moves_per_turn = int_param("movesPerTurn", 1, 1, 8, &mut errors) as u8;
        let first_turn_moves = int_param(
            "firstTurnMoves",
            moves_per_turn as i64,
            1,
            moves_per_turn as i64,
            &mut errors,
        ) as u8;
        let max_promote =
            get("maxPromote").map(|_| int_param("maxPromote", 0, 0, 1000, &mut errors) as u32);
        let stalemate = match get("stalemate") {
            None => StalemateRule::Draw,
            Some(p) => match p.value.text.as_str() {
                "draw" => StalemateRule::Draw,
                "win" => StalemateRule::Win,
                "loss" | "lose" => StalemateRule::Loss,
                other => {
                    errors.push(err(
                        p.value.pos,
                        format!("stalemate must be win, draw or loss, not '{other}'"),
                    ));
                    StalemateRule::Draw
                }
            },
        };
        let baring = match get("baring") {
            None => false,
            Some(p) => match p.value.text.as_str() {
                "0" => true,
                "off" | "-1" => false,
                other => {
                    errors.push(err(
                        p.value.pos,
                        format!(
                            "baring must be 0 (a bare royal piece loses) or off, not '{other}'"
                        ),
                    ));
                    false
                }
            },
        };
        let symmetry = match get("symmetry") {
            None => Symmetry::Mirror,
            Some(p) => match p.value.text.as_str() {
                "mirror" => Symmetry::Mirror,
                "rotate" => Symmetry::Rotate,
                "none" => Symmetry::None,
                other => {
                    errors.push(err(
                        p.value.pos,
                        format!("symmetry must be mirror, rotate or none, not '{other}'"),
                    ));
                    Symmetry::Mirror
                }
            },
        };

        // Piece IDs first, so morph maps and parameters can refer to any piece.
        let mut ids: Vec<char> = Vec::new();
        for line in &self.pieces {
            let id = if line.id.text.is_empty() {
                line.name
                    .text
                    .chars()
                    .next()
                    .map(|c| c.to_ascii_uppercase())
                    .unwrap_or('?')
            } else {
                let mut chars = line.id.text.chars();
                let c = chars.next().unwrap();
                if chars.next().is_some() || !c.is_ascii_uppercase() {
                    errors.push(err(
                        line.id.pos,
                        format!("piece ID '{}' must be one capital letter", line.id.text),
                    ));
                }
                c
            };
            if !id.is_ascii_uppercase() {
                // A written ID has its error already; one taken from the name gets it here.
                if line.id.text.is_empty() {
                    errors.push(err(
                        line.name.pos,
                        format!("piece '{}' has no usable ID letter", line.name.text),
                    ));
                }
            } else if ids.contains(&id) {
                errors.push(err(
                    if line.id.text.is_empty() {
                        line.name.pos
                    } else {
                        line.id.pos
                    },
                    format!("piece ID '{id}' is used twice"),
                ));
            }
            ids.push(id);
        }
        let find_id = |c: char| ids.iter().position(|&x| x == c);

        let mut pieces = Vec::new();
        let mut occupied: Vec<Option<Pos>> = vec![None; geometry.len()];
        for (index, line) in self.pieces.iter().enumerate() {
            let betza_text = if line.betza.text.is_empty() {
                match standard_moves(&line.name.text, files) {
                    Some(s) => s.to_string(),
                    None => {
                        warnings.push(err(
                            line.betza.pos,
                            format!(
                                "piece '{}' has no Betza moves, and its name is none the \
                                 Diagram gives moves to: it cannot move",
                                line.name.text
                            ),
                        ));
                        String::new()
                    }
                }
            } else {
                line.betza.text.clone()
            };
            let moves = if betza_text.is_empty() {
                Vec::new()
            } else {
                match betza::parse(&betza_text).and_then(|c| {
                    for comp in &c {
                        comp.vectors()?;
                    }
                    Ok(c)
                }) {
                    Ok(c) => c,
                    Err(e) => {
                        let pos = if line.betza.text.is_empty() {
                            line.betza.pos
                        } else {
                            line.betza.pos.offset(e.offset)
                        };
                        errors.push(err(pos, format!("Betza '{}': {}", betza_text, e.message)));
                        Vec::new()
                    }
                }
            };
            if let Some(hand) = &line.hand {
                check_hand(hand, &mut errors);
            }
            let (white, black) = parse_squares(&line.squares, geometry, symmetry, &mut errors);
            for &(sq, at) in white.iter().chain(&black) {
                if let Some(prev) = occupied[sq as usize] {
                    errors.push(err(
                        at,
                        format!(
                            "square {} already holds a piece (from line {})",
                            geometry.name(sq),
                            prev.line
                        ),
                    ));
                } else {
                    occupied[sq as usize] = Some(at);
                }
            }
            let (white, black): (Vec<Square>, Vec<Square>) = (
                white.into_iter().map(|(sq, _)| sq).collect(),
                black.into_iter().map(|(sq, _)| sq).collect(),
            );
            let morph = line
                .morph
                .as_ref()
                .map(|m| parse_morph(m, geometry, &find_id, &mut errors));
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
                promotes: false,
            });
        }

        // Royal pieces: a 1-based piece number, or IDs; by default the last piece line.
        match get("royal") {
            None => {
                if let Some(last) = pieces.last_mut() {
                    last.royal = true;
                }
            }
            Some(p) if p.value.text.is_empty() => errors.push(err(
                p.value.pos,
                "royal= is empty: give the royal pieces' IDs (royal=K) or a piece number",
            )),
            Some(p) => {
                if let Ok(n) = p.value.text.parse::<usize>() {
                    if n >= 1 && n <= pieces.len() {
                        pieces[n - 1].royal = true;
                    } else {
                        errors.push(err(
                            p.value.pos,
                            format!("royal={n}: there is no piece number {n}"),
                        ));
                    }
                } else {
                    for (i, c) in p.value.text.chars().enumerate() {
                        match find_id(c) {
                            Some(t) => pieces[t].royal = true,
                            None => errors.push(err(
                                p.value.pos.offset(i),
                                format!("royal: no piece has ID '{c}'"),
                            )),
                        }
                    }
                }
            }
        }

        // A non-royal piece that morphs into a royal type would give its side a second royal
        // piece, which fairylab does not support (like a royal promotion choice).
        for (line, piece) in self.pieces.iter().zip(&pieces) {
            let Some(field) = line.morph.as_ref().filter(|_| !piece.royal) else {
                continue;
            };
            for (i, c) in field.text.chars().enumerate() {
                if find_id(c).is_some_and(|t| pieces[t].royal) {
                    errors.push(err(
                        field.pos.offset(i),
                        format!(
                            "morph: '{c}' is royal and '{}' is not; a side may have only one royal piece",
                            piece.name
                        ),
                    ));
                    break;
                }
            }
        }

        let id_list = |p: &Param, what: &str, errors: &mut Vec<DefinitionError>| -> Vec<usize> {
            let mut out = Vec::new();
            for (i, c) in p.value.text.chars().enumerate() {
                match find_id(c) {
                    Some(t) if !out.contains(&t) => out.push(t),
                    Some(_) => errors.push(err(
                        p.value.pos.offset(i),
                        format!("{what}: '{c}' listed twice"),
                    )),
                    None => errors.push(err(
                        p.value.pos.offset(i),
                        format!("{what}: no piece has ID '{c}'"),
                    )),
                }
            }
            out
        };
        match get("promoPieces") {
            Some(p) => {
                for t in id_list(p, "promoPieces", &mut errors) {
                    pieces[t].promotes = true;
                }
            }
            None => {
                for piece in pieces.iter_mut() {
                    piece.promotes =
                        !piece.royal && piece.name.to_ascii_lowercase().ends_with("pawn");
                }
            }
        }
        let promo_choice = match get("promoChoice") {
            Some(p) => {
                let list = id_list(p, "promoChoice", &mut errors);
                for (i, &t) in list.iter().enumerate() {
                    if pieces[t].royal {
                        errors.push(err(
                            p.value.pos.offset(i),
                            format!("promoChoice: '{}' is royal", pieces[t].id),
                        ));
                    }
                }
                list
            }
            None => (0..pieces.len())
                .filter(|&t| !pieces[t].royal && !pieces[t].promotes && !pieces[t].white.is_empty())
                .collect(),
        };
        if promo_zone > 0 && pieces.iter().any(|p| p.promotes) && promo_choice.is_empty() {
            // The promoChoice value, or else the first piece line that promotes.
            let first_promoting = pieces.iter().position(|p| p.promotes);
            let pos = get("promoChoice")
                .map(|p| p.value.pos)
                .or_else(|| first_promoting.map(|i| self.pieces[i].name.pos))
                .unwrap_or(Pos { line: 1, col: 1 });
            errors.push(err(
                pos,
                "pieces promote but there is nothing to promote to (promoChoice)",
            ));
        }

        let conversion = get("conversion").and_then(|p| {
            let text = &p.value.text;
            let (id, moves) = match text.split_once(':') {
                Some(x) => x,
                None => {
                    errors.push(err(
                        p.value.pos,
                        "conversion must be ID:Betza, e.g. conversion=B:sfW",
                    ));
                    return None;
                }
            };
            let piece = match id
                .chars()
                .next()
                .filter(|_| id.chars().count() == 1)
                .and_then(find_id)
            {
                Some(t) => t,
                None => {
                    errors.push(err(
                        p.value.pos,
                        format!("conversion: no piece has ID '{id}'"),
                    ));
                    return None;
                }
            };
            // The rule is for a pair ("the other one must convert"); more would also
            // overflow what a move records for unmaking.
            for (side, list) in [
                ("White", &pieces[piece].white),
                ("Black", &pieces[piece].black),
            ] {
                if list.len() > 2 {
                    errors.push(err(
                        p.value.pos,
                        format!(
                            "conversion: {side} has {} pieces '{id}', the rule is for at most two",
                            list.len()
                        ),
                    ));
                    return None;
                }
            }
            let betza_pos = p.value.pos.offset(id.chars().count() + 1);
            match betza::parse(moves).and_then(|c| {
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
            }) {
                Ok(c) => Some(ConversionSpec {
                    piece,
                    betza_text: moves.to_string(),
                    moves: c,
                }),
                Err(e) => {
                    errors.push(err(
                        betza_pos.offset(e.offset),
                        format!("conversion Betza '{moves}': {}", e.message),
                    ));
                    None
                }
            }
        });

        // At most one royal piece per side in the start position.
        for side in 0..2 {
            let n: usize = pieces
                .iter()
                .filter(|p| p.royal)
                .map(|p| {
                    if side == 0 {
                        p.white.len()
                    } else {
                        p.black.len()
                    }
                })
                .sum();
            if n > 1 {
                let line = self
                    .pieces
                    .iter()
                    .zip(&pieces)
                    .find(|(_, p)| p.royal)
                    .map(|(l, _)| l.squares.pos);
                errors.push(err(
                    line.unwrap_or_default(),
                    format!(
                        "{} has {n} royal pieces; fairylab supports at most one per side",
                        ["White", "Black"][side]
                    ),
                ));
            }
        }
        if pieces.len() > MAX_PIECE_TYPES {
            errors.push(err(
                self.pieces[MAX_PIECE_TYPES].name.pos,
                format!("more than {MAX_PIECE_TYPES} piece types"),
            ));
        }

        let display = self
            .params
            .iter()
            .filter(|p| keys::kind(&p.key.text) == Some(KeyKind::Display))
            .map(|p| (p.key.text.clone(), p.value.text.clone()))
            .collect();
        // The crate's one shared sort (crate::keyed), stable.
        fn by_position(e: &DefinitionError) -> u64 {
            (u64::from(e.pos.line) << 32) | u64::from(e.pos.col)
        }
        if !errors.is_empty() {
            crate::keyed::sort_keyed(&mut errors, by_position);
            return Err(DefinitionErrors(errors));
        }
        crate::keyed::sort_keyed(&mut warnings, by_position);
        Ok(Spec {
            geometry,
            pieces,
            promo_zone,
            promo_choice,
            max_promote,
            stalemate,
            baring,
            symmetry,
            moves_per_turn,
            first_turn_moves,
            conversion,
            display,
            warnings,
        })
    }
}

/// Parse and validate in one step.
pub fn load(text: &str) -> Result<Spec, DefinitionErrors> {
    parse(text)?.validate()
}
