//! The piece legend's headless model: which move diagram is shown (a piece type and colour on
//! an otherwise empty board, from the central square), its marks in the board's terms, the
//! caption and key that explain them, and the piece the pointer rests on in the game (what it
//! attacks, where it may move now, its form and why). The rules answers come from
//! [`crate::designer`]; the browser shell draws the marks (`web/render.rs`) and fills the
//! legend table and the captions.
//!
//! The legend's entries do one of two things: outside the setup editor a click shows the
//! entry's diagram (a second click on the same entry, or Escape, returns to the game); in the
//! setup editor it picks the piece to place ([`super::setup`]).
//!
//! On a diagram, the square the pointer rests on, or the keyboard cursor reaches (arrow keys,
//! starting on the piece), is focused ([`BoardView::diagram_focus`]): the board draws its way in
//! full (where a screen may stand, where the legs turn, what is taken on the way) and
//! [`focus_text`] says it; the keyboard's square is announced.

use crate::designer::diagram::{self, Kind};
use crate::designer::legend::form_reason;
use crate::designer::with_article;
use crate::geometry::{Square, SquareSet};
use crate::piece::PieceType;
use crate::position::{BLACK, Colour, Position, WHITE};
use crate::variant::Variant;

use super::applet::{Applet, Effect};
use super::board::{BoardView, Piece};
use super::input::{Input, Key};
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

/// One square of a move diagram, as the board draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramMark {
    pub cell: Cell,
    /// The kind the page reports (`Morph` where arriving changes the type).
    pub kind: Kind,
    /// What the move does there, morph aside: move, capture, both, initial or castle.
    pub action: Kind,
    /// The squares a ride passes over (a line is drawn along them); empty for a leap.
    pub path: Vec<Cell>,
    /// For a morph square: what the piece becomes, and the index of its colour.
    pub becomes: Option<(PieceType, usize)>,
    /// The piece promotes on arrival.
    pub promotes: bool,
    /// The quiet move there needs a piece to jump over (a screen) on the way.
    pub quiet_hop: bool,
    /// The capture there needs a screen.
    pub capture_hop: bool,
    /// Where the screen may stand (any way here that hops).
    pub screens: Vec<Cell>,
    /// The empty squares where a leg ends and the next begins (any way here).
    pub via: Vec<Cell>,
    /// Where a piece may be taken on the way here (a locust capture).
    pub locust: Vec<Cell>,
    /// Every way here takes a piece on the way.
    pub locust_only: bool,
    /// Where the piece taken here is put down (an unload, `u`).
    pub unload: Vec<Cell>,
    /// One way here leg by leg: the squares its legs but the last end on (the line is drawn
    /// through them); empty for a step, leap or ride.
    pub route: Vec<Cell>,
}

impl DiagramMark {
    /// Something done there needs a piece to jump over.
    pub fn is_hop(&self) -> bool {
        self.quiet_hop || self.capture_hop
    }
}

/// The diagram being shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    pub letter: char,
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

/// The piece the pointer rests on in the game: what it attacks and where it may go now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inspect {
    pub cell: Cell,
    /// Where it may move now (legal moves when its side is to move, else as if it were).
    pub moves: Vec<Cell>,
    /// The squares it attacks (could capture on), empty or held by the other side.
    pub attacks: Vec<Cell>,
    /// "White knight on e5: moves as an amazon here — on e5 this piece moves as ...".
    pub text: String,
}

/// The legend's state in an applet (the piece inspected is on the game's board view).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Legend {
    pub diagram: Option<Diagram>,
}

/// "white" or "black" (the page's names) as a colour.
pub fn parse_colour(text: &str) -> Result<Colour, String> {
    match text {
        "white" => Ok(WHITE),
        "black" => Ok(BLACK),
        _ => Err(format!("\"{text}\" is not a colour: white or black")),
    }
}

/// One letter, as the page gives it.
pub fn parse_letter(text: &str) -> Result<char, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(format!("\"{text}\" is not a piece letter")),
    }
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
    letter: char,
    colour: Colour,
    board: &BoardView,
) -> Result<Diagram, String> {
    let d = diagram::piece_moves(v, letter, colour)?;
    let mut morph_key: Vec<(usize, String)> = Vec::new();
    let mut targets: Vec<PieceType> = Vec::new();
    let marks: Vec<DiagramMark> = (d.marks.iter())
        .map(|m| {
            let becomes = m.becomes.map(|t| {
                let index = match targets.iter().position(|&u| u == t) {
                    Some(i) => i,
                    None => {
                        targets.push(t);
                        let name = v.types.get(t.index()).map_or("?", |ty| ty.name.as_str());
                        morph_key.push((targets.len() - 1, name.to_string()));
                        targets.len() - 1
                    }
                };
                (t, index % MORPH_COLOURS.len())
            });
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
    let name = |t: PieceType| (v.types.get(t.index())).map_or("piece", |ty| ty.name.as_str());
    let mut caption = format!(
        "{} {} ({}) from {origin}",
        side(colour),
        name(d.piece_type),
        letter.to_ascii_uppercase()
    );
    if d.form != d.piece_type {
        caption.push_str(&format!(
            ", where it moves as {}",
            with_article(name(d.form))
        ));
    }
    caption.push_str(". Escape or a second click returns to the game.");
    let mut view = BoardView::new(board.size);
    view.flipped = board.flipped;
    view.pieces = vec![Piece {
        cell: origin,
        piece_type: d.form,
        colour,
    }];
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
    Ok(Diagram {
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
pub fn focus_text(d: &Diagram, cell: Cell, name: &dyn Fn(PieceType) -> String) -> String {
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

impl Applet {
    /// The board drawn now: the setup editor's, a diagram's, or the game's.
    pub fn shown_board(&self) -> &BoardView {
        // The editor is the page's only: the embed build, knowing so, leaves its code out.
        if let Some(setup) = self.setup.as_ref().filter(|_| cfg!(feature = "page")) {
            return &setup.board;
        }
        match &self.legend.diagram {
            Some(d) => &d.board,
            None => &self.board,
        }
    }

    /// A click on a legend entry: in the setup editor it picks the piece to place; else it
    /// shows the entry's diagram, or (the same entry again) returns to the game.
    pub fn legend_click(
        &mut self,
        letter: char,
        colour: Colour,
        fx: &mut Vec<Effect>,
    ) -> Result<(), String> {
        if cfg!(feature = "page") && self.setup.is_some() {
            return self.setup_pick(letter, colour, fx);
        }
        let same = (self.legend.diagram.as_ref())
            .is_some_and(|d| d.letter == letter.to_ascii_uppercase() && d.colour == colour);
        if same {
            self.close_diagram(fx);
            return Ok(());
        }
        self.show_diagram(letter, colour, fx)
    }

    /// Shows the diagram of a piece on an empty board.
    pub fn show_diagram(
        &mut self,
        letter: char,
        colour: Colour,
        fx: &mut Vec<Effect>,
    ) -> Result<(), String> {
        let d = diagram(self.session.variant(), letter, colour, &self.board)?;
        self.legend.diagram = Some(d);
        self.board.let_go();
        fx.push(Effect::ShowDesigner);
        fx.push(Effect::Redraw);
        Ok(())
    }

    /// Back to the game from a diagram (nothing happens without one).
    pub fn close_diagram(&mut self, fx: &mut Vec<Effect>) {
        if self.legend.diagram.take().is_some() {
            fx.push(Effect::ShowDesigner);
            fx.push(Effect::Redraw);
        }
    }

    /// The marks of the diagram shown, as (square, kind) names; `None` without one.
    pub fn diagram_shown(&self) -> Option<Vec<(String, &'static str)>> {
        let d = self.legend.diagram.as_ref()?;
        Some(
            (d.marks.iter())
                .map(|m| (m.cell.to_string(), m.kind.as_str()))
                .collect(),
        )
    }

    /// The pointer rests on `cell` of the game's board (None: on no piece, or off the board);
    /// on a diagram, on that square of it.
    pub fn inspect(&mut self, cell: Option<Cell>, fx: &mut Vec<Effect>) {
        if self.setup.is_none()
            && let Some(d) = self.legend.diagram.as_mut()
        {
            let focus = cell.filter(|c| d.marks.iter().any(|m| m.cell == *c));
            if focus != d.board.diagram_focus {
                d.board.diagram_focus = focus;
                fx.push(Effect::ShowDesigner);
                fx.push(Effect::Redraw);
            }
            return;
        }
        let found = match cell {
            Some(cell) if self.setup.is_none() && self.legend.diagram.is_none() => {
                let pos = self.session.shown();
                let mut legal = Vec::new();
                if self.session.viewing().is_none() {
                    pos.legal_moves(&mut legal);
                }
                inspect(pos, cell, &legal)
            }
            _ => None,
        };
        if found == self.board.inspect {
            return;
        }
        self.board.inspect = found;
        fx.push(Effect::ShowDesigner);
        fx.push(Effect::Redraw);
    }

    /// Board input while a diagram or the setup editor is shown; false when it is the game's.
    pub fn designer_input(&mut self, input: Input, fx: &mut Vec<Effect>) -> bool {
        if cfg!(feature = "page") && self.setup.is_some() {
            self.setup_input(input, fx);
            return true;
        }
        if self.legend.diagram.is_none() {
            return false;
        }
        match input {
            Input::Key(Key::Escape) => self.close_diagram(fx),
            Input::Key(Key::Arrow(dx, dy)) => self.diagram_cursor(dx, dy, fx),
            _ => {}
        }
        true
    }

    /// An arrow key on a diagram: the cursor moves, and the square it reaches is said (what
    /// the piece does there and how it gets there) and its way drawn.
    fn diagram_cursor(&mut self, dx: i32, dy: i32, fx: &mut Vec<Effect>) {
        let v = self.session.variant();
        let Some(d) = self.legend.diagram.as_mut() else {
            return;
        };
        let b = &mut d.board;
        if b.keyboard {
            b.step_cursor(dx, dy);
        } else {
            // The first key shows the cursor where the piece stands.
            b.keyboard = true;
            b.cursor = d.origin;
        }
        let cursor = b.cursor;
        b.diagram_focus = Some(cursor).filter(|c| d.marks.iter().any(|m| m.cell == *c));
        let name = |t: PieceType| (v.types.get(t.index())).map_or("piece", |ty| ty.name.as_str());
        fx.push(Effect::Announce(focus_text(d, cursor, &|t| {
            name(t).to_string()
        })));
        fx.push(Effect::ShowDesigner);
        fx.push(Effect::Redraw);
    }
}

#[cfg(test)]
mod tests;
