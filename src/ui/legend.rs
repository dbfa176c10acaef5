//! The piece legend's headless model: which move diagram is shown (a piece type's own moves
//! for one colour, on an otherwise empty board, from the central square, with the squares
//! where its morph map would change it), its marks in the board's terms, the caption and key
//! that explain them, and the piece the pointer rests on in the game (what it attacks, where
//! it may move now, its form and why). The rules answers come from [`crate::designer`]; the
//! board's frame is built by [`super::scene`], and the browser shell paints it and fills the
//! legend table and the captions.
//!
//! The legend's entries do one of two things: outside the position editor a click shows the
//! entry's diagram (a second click on the same entry, or Escape, returns to the game); in the
//! position editor it picks the piece to place ([`super::setup`]). The applet's handlers that
//! drive this are in `applet/diagram.rs`.
//!
//! On a diagram, the square the pointer rests on, or the keyboard cursor reaches (arrow keys,
//! starting on the piece), is focused ([`BoardView::diagram_focus`]): the board draws its way in
//! full (where a screen may stand, where the legs turn, what is taken on the way) and
//! [`focus_text`] says it; the keyboard's square is announced.

use crate::designer::diagram::{self, Kind};
use crate::designer::legend::form_reason;
use crate::designer::with_article;
use crate::geometry::{Square, SquareSet};
use crate::piece::{PieceId, PieceType};
use crate::position::{BLACK, Colour, Position, WHITE};
use crate::variant::Variant;

use super::board::{BoardView, DiagramMark, Inspect, Piece};
use super::layout::Cell;

/// Colours of the morph squares, by what the piece becomes (the n-th morph target of the
/// diagram takes the n-th colour, round again after the last). Shared by the canvas and the
/// key below the board so the two agree.
pub const MORPH_COLOURS: [&str; 6] = [
    "rgba(186, 104, 200, 0.55)",
    "rgba(255, 167, 38, 0.55)",
    "rgba(77, 182, 172, 0.55)",
    "rgba(240, 98, 146, 0.55)",
    "rgba(121, 134, 203, 0.55)",
    "rgba(174, 213, 129, 0.55)",
];

/// A piece's move diagram as the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramView {
    pub letter: PieceId,
    pub colour: Colour,
    pub piece_type: PieceType,
    pub origin: Cell,
    pub marks: Vec<DiagramMark>,
    /// What the diagram shows, in a sentence.
    pub caption: String,
    /// The diagram in words, its text equivalent: the squares of each kind of mark.
    pub squares: String,
    /// The morph colours in use: (colour index, name of the type it stands for).
    pub morph_key: Vec<(usize, String)>,
    /// The empty board with the piece on the origin, marks and all.
    pub board: BoardView,
}

/// "white" or "black" (the page's names) as a colour.
pub fn parse_colour(text: &str) -> Result<Colour, String> {
    match text {
        "white" => Ok(WHITE),
        "black" => Ok(BLACK),
        _ => Err(format!("\"{text}\" is not a colour: white or black")),
    }
}

/// A piece ID (a letter, `+P`, `GB`: either case), as the page gives it.
pub fn parse_letter(text: &str) -> Result<PieceId, String> {
    PieceId::new(text).ok_or_else(|| format!("\"{text}\" is not a piece letter"))
}

fn side(colour: Colour) -> &'static str {
    if colour == WHITE { "White" } else { "Black" }
}

fn cell_of(v: &Variant, sq: Square) -> Cell {
    let g = v.geometry;
    Cell {
        file: u32::from(g.file(sq)),
        rank: u32::from(g.rank(sq)),
    }
}

/// The diagram of the piece with ID `letter` for `colour` on `board`'s shape and orientation.
pub fn diagram(
    v: &Variant,
    letter: impl Into<PieceId>,
    colour: Colour,
    board: &BoardView,
) -> Result<DiagramView, String> {
    let letter = letter.into();
    let d = diagram::piece_moves(v, letter, colour)?;
    let name = |t: PieceType| (v.types.get(t.index())).map_or("piece", |ty| ty.name.as_str());
    // A colour for each type the piece would become, in the order of the squares.
    let mut targets: Vec<PieceType> = Vec::new();
    for &(_, t) in &d.morphs {
        if !targets.contains(&t) {
            targets.push(t);
        }
    }
    let colour_of = |t: PieceType| {
        let i = targets.iter().position(|&u| u == t).unwrap_or(0);
        i % MORPH_COLOURS.len()
    };
    let morph_key: Vec<(usize, String)> = (targets.iter().enumerate())
        .map(|(i, &t)| (i % MORPH_COLOURS.len(), name(t).to_string()))
        .collect();
    let marks: Vec<DiagramMark> = (d.marks.iter())
        .map(|m| {
            let becomes = m.becomes.map(|t| (t, colour_of(t)));
            let cells = |squares: &[Square]| squares.iter().map(|&sq| cell_of(v, sq)).collect();
            DiagramMark {
                cell: cell_of(v, m.square),
                kind: m.kind,
                action: m.action,
                path: cells(&m.path),
                becomes,
                promotes: m.promotes,
                quiet_hop: m.quiet_hop,
                capture_hop: m.capture_hop,
                screens: cells(&m.screens),
                via: cells(&m.via),
                locust: cells(&m.locust),
                locust_only: m.locust_only,
                unload: cells(&m.unload),
                route: cells(&m.route),
            }
        })
        .collect();
    let origin = cell_of(v, d.origin);
    let mut caption = format!(
        "{} {} ({}) from {origin}",
        side(colour),
        name(d.piece_type),
        letter.to_ascii_uppercase()
    );
    let morphs: Vec<(Cell, PieceType)> = (d.morphs.iter())
        .map(|&(sq, t)| (cell_of(v, sq), t))
        .collect();
    caption.push_str(". ");
    if let Some(sentence) = morph_sentence(&morphs, &|t| name(t).to_string()) {
        caption.push_str(&sentence);
        caption.push(' ');
    }
    caption.push_str("Escape or a second click returns to the game.");
    let mut view = BoardView::new(board.size);
    view.flipped = board.flipped;
    view.pieces = vec![Piece {
        cell: origin,
        piece_type: d.piece_type,
        colour,
    }];
    view.diagram_morphs = (morphs.iter())
        .map(|&(cell, t)| (cell, colour_of(t)))
        .collect();
    view.selected = Some(origin);
    // Every square where a piece may be taken on the way, in square order.
    let mut locust = SquareSet::EMPTY;
    for &sq in d.marks.iter().flat_map(|m| &m.locust) {
        locust.insert(sq);
    }
    let locust: Vec<Cell> = locust.iter().map(|sq| cell_of(v, sq)).collect();
    let squares = squares_text(&marks, origin, &locust, &|t| name(t).to_string());
    view.diagram = marks;
    let marks = view.diagram.clone();
    Ok(DiagramView {
        letter: letter.to_ascii_uppercase(),
        colour,
        piece_type: d.piece_type,
        origin,
        marks,
        caption,
        squares,
        morph_key,
        board: view,
    })
}

/// Where the diagram's piece would morph, a sentence (None where it never does): "It would
/// become a pawn on a5, b5, h5 or i5, an archbishop on c5 or g5 and an amazon on e5 (the
/// tinted squares)." A type it becomes on more than eight squares says how many.
fn morph_sentence(
    morphs: &[(Cell, PieceType)],
    name: &dyn Fn(PieceType) -> String,
) -> Option<String> {
    let mut groups: Vec<(PieceType, Vec<Cell>)> = Vec::new();
    for &(cell, t) in morphs {
        match groups.iter_mut().find(|(u, _)| *u == t) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((t, vec![cell])),
        }
    }
    let parts: Vec<String> = (groups.iter())
        .map(|(t, cells)| {
            let on = match cells.len() {
                n if n > 8 => format!("{n} squares"),
                _ => or_list(cells),
            };
            format!("{} on {on}", with_article(&name(*t)))
        })
        .collect();
    let list = match parts.as_slice() {
        [] => return None,
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    Some(format!("It would become {list} (the tinted squares)."))
}

/// "a", "a or b", "a, b or c".
fn or_list(items: &[Cell]) -> String {
    let names: Vec<String> = items.iter().map(Cell::to_string).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// What a mark's piece does there, the heading of its group of squares (lower case): "moves
/// or captures", "moves, or captures by jumping over a piece", "captures only, taking a piece
/// on the way".
fn label(m: &DiagramMark) -> String {
    let (quiet, capture) = (m.quiet_hop, m.capture_hop);
    let (base, hop) = match m.action {
        Kind::Both => match (quiet, capture) {
            (true, false) => ("captures, or moves", true),
            (false, true) => ("moves, or captures", true),
            (hop, _) => ("moves or captures", hop),
        },
        Kind::Capture => ("captures only", capture),
        Kind::Initial => ("first move only", quiet || capture),
        Kind::Castle => ("castles", false),
        Kind::Move | Kind::Morph => ("moves only", quiet),
    };
    let mut text = base.to_string();
    if hop {
        text.push_str(if m.action == Kind::Both { " " } else { ", " });
        text.push_str("by jumping over a piece");
    }
    if m.locust_only {
        text.push_str(", taking a piece on the way");
    }
    text
}

/// `text` with its first letter in capitals (ASCII).
fn capitalised(text: &str) -> String {
    let mut out = text.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// One square in words, with how the piece gets there beyond its group's heading (nothing
/// more for a plain step, leap or ride): "e4 (its own square)", "e8 (over e5, e6 or e7)" (the
/// screen), "f8 (via f5)" (where a leg turns), "g6 (taking on f5 first)" (a locust capture;
/// "e7 (taking on e5 and e6 first)" for two on one way),
/// "c5 (becomes archbishop)", "d5 (a piece taken there can go to d4)" (an unload). Locust
/// squares that only give another way there are left to the sentence on them unless `all`
/// (the square pointed at).
fn square_words(
    m: &DiagramMark,
    origin: Cell,
    all: bool,
    name: &dyn Fn(PieceType) -> String,
) -> String {
    let mut out = m.cell.to_string();
    // One more detail in the brackets: its words, one after the other.
    let part = |out: &mut String, words: &[&str]| {
        if out.ends_with(')') {
            out.pop();
            out.push_str("; ");
        } else {
            out.push_str(" (");
        }
        for w in words {
            out.push_str(w);
        }
        out.push(')');
    };
    if m.cell == origin {
        part(&mut out, &["its own square"]);
    }
    if !m.screens.is_empty() {
        part(&mut out, &["over ", &or_list(&m.screens)]);
    }
    if !m.via.is_empty() {
        // One way's turns, in order, read as a sequence; other squares are alternatives.
        let one_way = m.via.len() == m.route.len() && m.via.iter().all(|c| m.route.contains(c));
        let via = if one_way {
            let names: Vec<String> = m.route.iter().map(Cell::to_string).collect();
            names.join(", then ")
        } else {
            or_list(&m.via)
        };
        part(&mut out, &["via ", &via]);
    }
    if m.locust_only || (all && !m.locust.is_empty()) {
        let or = if m.locust_only { "" } else { "or " };
        // The victims of one way, taken one after the other, or squares of other ways.
        let one_way = m.locust.len() > 1
            && m.locust.len() == m.route.len()
            && m.locust.iter().all(|c| m.route.contains(c));
        let victims = if one_way {
            let names: Vec<String> = m.route.iter().map(Cell::to_string).collect();
            names.join(" and ")
        } else {
            or_list(&m.locust)
        };
        part(&mut out, &[or, "taking on ", &victims, " first"]);
    }
    if !m.unload.is_empty() {
        part(
            &mut out,
            &["a piece taken there can go to ", &or_list(&m.unload)],
        );
    }
    if let Some((t, _)) = m.becomes {
        part(&mut out, &["becomes ", &name(t)]);
    }
    out
}

/// The marks in words, a sentence a kind in the order the kinds first appear: "Moves or
/// captures: d4, e5. Moves only: e4." Squares where the piece changes type say into what;
/// hops say over which squares, moves of several legs where they turn, and a last sentence
/// names the squares where a piece can be taken on the way (the crosses on the board).
fn squares_text(
    marks: &[DiagramMark],
    origin: Cell,
    locust: &[Cell],
    name: &dyn Fn(PieceType) -> String,
) -> String {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for m in marks {
        let square = square_words(m, origin, false, name);
        let label = label(m);
        match groups.iter_mut().find(|(k, _)| *k == label) {
            Some((_, squares)) => squares.push(square),
            None => groups.push((label, vec![square])),
        }
    }
    if groups.is_empty() {
        return "No moves from here.".to_string();
    }
    let mut sentences: Vec<String> = (groups.iter())
        .map(|(k, squares)| format!("{}: {}.", capitalised(k), squares.join(", ")))
        .collect();
    if !locust.is_empty() {
        sentences.push(format!(
            "Takes on the way, then moves again: a piece on {} can be taken on the way to a \
             square marked.",
            or_list(locust)
        ));
    }
    sentences.join(" ")
}

/// The diagram's square `cell` in words, in full (every way there): "e7 (over e5 or e6):
/// moves, or captures by jumping over a piece", "f5: not reached", or for the piece's own
/// square when no move comes back to it, "e4: the piece stands here".
pub fn focus_text(d: &DiagramView, cell: Cell, name: &dyn Fn(PieceType) -> String) -> String {
    match d.marks.iter().find(|m| m.cell == cell) {
        Some(m) => format!("{}: {}", square_words(m, d.origin, true, name), label(m)),
        None if cell == d.origin => format!("{cell}: the piece stands here"),
        None => format!("{cell}: not reached"),
    }
}

/// What the piece on `cell` of `pos` attacks and where it may move (`legal`: the position's
/// legal moves, used when the piece's side is to move). `None` for an empty square.
pub fn inspect(pos: &Position, cell: Cell, legal: &[crate::position::Move]) -> Option<Inspect> {
    let v = pos.variant();
    let g = v.geometry;
    if cell.file >= u32::from(g.files) || cell.rank >= u32::from(g.ranks) {
        return None;
    }
    let sq = g.square(cell.file as u8, cell.rank as u8);
    let c = pos.piece_at(sq)?;
    let (t, colour) = (c.piece_type, c.colour);
    // Rays, hops and moves of several legs: where it takes, or would take an enemy.
    let attacks = pos.attacks_from(sq);
    let mut moves = pos.targets_from(sq);
    if pos.side_to_move() == colour {
        moves = legal
            .iter()
            .filter(|m| m.from == sq)
            .map(|m| m.to)
            .collect();
    }
    let cells = |mut sqs: Vec<Square>| {
        crate::keyed::sort_keyed(&mut sqs, |&s| s.into());
        sqs.dedup();
        sqs.into_iter().map(|s| cell_of(v, s)).collect::<Vec<_>>()
    };
    let (moves, attacks) = (cells(moves), cells(attacks));
    let shown = v.display_type(t);
    let mut text = format!("{} {} on {cell}", side(colour), v.types[shown].name);
    if let Some(reason) = form_reason(pos, sq) {
        text.push_str(&format!(": {reason}"));
    }
    let now = if pos.side_to_move() == colour {
        "now"
    } else {
        "on its turn"
    };
    text.push_str(&format!(
        ". It attacks {} and may move to {} {now}.",
        count(attacks.len()),
        count(moves.len())
    ));
    Some(Inspect {
        cell,
        moves,
        attacks,
        text,
    })
}

fn count(n: usize) -> String {
    match n {
        0 => "no square".to_string(),
        1 => "1 square".to_string(),
        n => format!("{n} squares"),
    }
}

#[cfg(test)]
mod tests;
