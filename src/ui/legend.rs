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

use crate::designer::diagram::{self, Kind};
use crate::designer::legend::form_reason;
use crate::designer::with_article;
use crate::geometry::Square;
use crate::piece::PieceType;
use crate::position::{BLACK, Colour, Position, WHITE};
use crate::variant::{Variant, step};

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
            DiagramMark {
                cell: cell_of(v, m.square),
                kind: m.kind,
                action: m.action,
                path: m.path.iter().map(|&sq| cell_of(v, sq)).collect(),
                becomes,
                promotes: m.promotes,
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
    let squares = squares_text(&marks, |t| name(t).to_string());
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

/// The marks in words, a sentence a kind in the order the kinds first appear: "Moves or
/// captures: d4, e5. Moves only: e4." Squares where the piece changes type say into what.
fn squares_text(marks: &[DiagramMark], name: impl Fn(PieceType) -> String) -> String {
    let label = |k: Kind| match k {
        Kind::Move => "Moves only",
        Kind::Capture => "Captures only",
        Kind::Both => "Moves or captures",
        Kind::Initial => "First move only",
        Kind::Castle => "Castles",
        Kind::Morph => "Changes type",
    };
    let mut groups: Vec<(Kind, Vec<String>)> = Vec::new();
    for m in marks {
        let square = match m.becomes {
            Some((t, _)) => format!("{} (becomes {})", m.cell, name(t)),
            None => m.cell.to_string(),
        };
        match groups.iter_mut().find(|(k, _)| *k == m.action) {
            Some((_, squares)) => squares.push(square),
            None => groups.push((m.action, vec![square])),
        }
    }
    if groups.is_empty() {
        return "No moves from here.".to_string();
    }
    let sentences: Vec<String> = (groups.iter())
        .map(|(k, squares)| format!("{}: {}.", label(*k), squares.join(", ")))
        .collect();
    sentences.join(" ")
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
    let unmoved = pos.is_unmoved(sq);
    let mut moves = Vec::new();
    let mut attacks = Vec::new();
    for r in v.rays_for(colour, t, sq) {
        for s in v.ray_steps(r) {
            let target = pos.piece_at(s.to);
            let f = s.flags;
            let captures = f & step::CAPTURE != 0 || (unmoved && f & step::CAPTURE_I != 0);
            let quiet = f & step::QUIET != 0 || (unmoved && f & step::QUIET_I != 0);
            let Some(target) = target else {
                if captures {
                    attacks.push(s.to);
                }
                if quiet {
                    moves.push(s.to);
                }
                continue;
            };
            if target.colour != colour && captures {
                attacks.push(s.to);
                moves.push(s.to);
            }
            break;
        }
    }
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
        if let Some(setup) = &self.setup {
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
        if self.setup.is_some() {
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

    /// The pointer rests on `cell` of the game's board (None: on no piece, or off the board).
    pub fn inspect(&mut self, cell: Option<Cell>, fx: &mut Vec<Effect>) {
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
        if self.setup.is_some() {
            self.setup_input(input, fx);
            return true;
        }
        if self.legend.diagram.is_none() {
            return false;
        }
        if input == Input::Key(Key::Escape) {
            self.close_diagram(fx);
        }
        true
    }
}

#[cfg(test)]
mod tests;
