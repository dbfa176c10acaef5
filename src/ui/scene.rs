//! One frame of a board as plain data: what the browser shell paints (`web/render.rs`) and
//! what a test reads. [`Scene::build`] turns a [`BoardView`] in a box of CSS pixels into
//! squares, pieces with their art, the marks (last move, check, selection, destinations, the
//! hint, the morph glow, a move diagram, the piece inspected), the hands beside the board, the
//! dragged piece and the promotion chooser. [`Scene::drawn`] is the same frame by square names
//! (the page's `drawn()`, for tests). No browser, no state: the same board, box and time give
//! the same scene.

use crate::piece::{Colour, PieceId, PieceType, WHITE};
use crate::variant::Variant;

use super::art::Art;
use super::board::{BoardView, DiagramMark, GLOW_MS, HandSlot, Inspect, Spot};
use super::layout::{Cell, Placement};

/// A piece to draw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceView {
    pub cell: Cell,
    pub art: Art,
    /// The colour's index (0 White, 1 Black).
    pub colour: usize,
}

/// The piece under the pointer, at a point in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dragged {
    pub art: Art,
    pub colour: usize,
    pub x: f64,
    pub y: f64,
}

/// The promotion chooser: one square per choice, showing the piece that will result.
#[derive(Clone, Debug, PartialEq)]
pub struct ChooserView {
    pub options: Vec<PieceView>,
    pub focus: Option<usize>,
}

/// A type held in a hand, where it is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandView {
    pub art: Art,
    pub colour: usize,
    pub count: u32,
    pub x: f64,
    pub y: f64,
    pub size: f64,
    pub selected: bool,
    /// Being dragged: drawn faintly in its place.
    pub lifted: bool,
    pub cursor: bool,
}

/// Whose hand a row is: its text, left-aligned at `x`, its middle at `y`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandLabel {
    pub x: f64,
    pub y: f64,
    pub font: f64,
    pub text: &'static str,
}

/// What one frame shows, in CSS pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub placement: Placement,
    /// The canvas's size.
    pub width: f64,
    pub height: f64,
    pub pieces: Vec<PieceView>,
    pub last_move: Vec<Cell>,
    /// Squares that are not part of the board: left the background's colour.
    pub holes: Vec<Cell>,
    pub check: Option<Cell>,
    pub selected: Option<Cell>,
    /// Quiet destinations of the selected piece.
    pub dots: Vec<Cell>,
    /// Capturing destinations of the selected piece.
    pub rings: Vec<Cell>,
    /// Squares where a move takes a piece and goes on (a leg before the last).
    pub legs: Vec<Cell>,
    /// The squares where the legs picked so far end: highlighted like the selected square.
    pub picked: Vec<Cell>,
    /// A destination under the dragged piece.
    pub hover: Option<Cell>,
    pub cursor: Option<Cell>,
    /// The square a dragged piece left: its piece is drawn faintly.
    pub lifted: Option<Cell>,
    pub dragged: Option<Dragged>,
    /// A morph mark on a square, with its progress from 0 to 1.
    pub glow: Option<(Cell, f64)>,
    /// The computer's suggested move: an arrow from, to.
    pub hint: Option<(Cell, Cell)>,
    pub chooser: Option<ChooserView>,
    /// A move diagram's marks, each with the art of what the piece becomes there (a morph).
    pub diagram: Vec<(DiagramMark, Option<Art>)>,
    /// The squares where the diagram's piece would morph, with their morph colours' indices.
    pub diagram_morphs: Vec<(Cell, usize)>,
    /// The diagram's square pointed at: its way is drawn in full.
    pub diagram_focus: Option<Cell>,
    /// The piece the pointer rests on: what it attacks and where it may move (none while a
    /// piece is selected: it shows its own destinations).
    pub inspect: Option<Inspect>,
    /// The hands' rows, `(x, y, width, height)`, whose they are, and the pieces in them.
    pub hand_rows: Vec<(f64, f64, f64, f64)>,
    pub hand_labels: Vec<HandLabel>,
    pub hands: Vec<HandView>,
}

/// What a frame drew, by square names: the page's `drawn()`, a read-only view for tests.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Drawn {
    pub flipped: bool,
    pub selected: Option<String>,
    pub dots: Vec<String>,
    pub rings: Vec<String>,
    pub legs: Vec<String>,
    pub last_move: Vec<String>,
    pub check: Option<String>,
    pub cursor: Option<String>,
    /// The square of a morph being marked.
    pub glow: Option<String>,
    /// Promotion choices: square, move (coordinate form), name of the resulting piece.
    pub chooser: Vec<[String; 3]>,
    /// The hint arrow's squares, from and to; empty without one.
    pub hint: Vec<String>,
    /// "e1 white king", one per piece drawn.
    pub pieces: Vec<String>,
    /// "white pawn 2", one per type in a hand, White's first; empty without hands.
    pub hands: Vec<String>,
    /// The hand's piece selected, or under the keyboard cursor: "white pawn".
    pub hand_selected: Option<String>,
    pub hand_cursor: Option<String>,
}

/// The art of piece type `t` of `v`.
pub fn art(v: &Variant, t: PieceType) -> Art {
    (v.types.get(t.index())).map_or(Art::Letter(PieceId::from('?')), |t| {
        Art::for_piece(&t.image, &t.name, &t.betza, t.id)
    })
}

fn side(c: Colour) -> &'static str {
    if c == WHITE { "white" } else { "black" }
}

/// The host page's images loaded, by piece type (indexed as [`Variant::types`]) and colour:
/// the picture's number, or `None` where the type keeps its sprite.
pub type Pictures = [Option<[Option<u16>; 2]>];

impl Scene {
    /// The frame of `board` (its pieces' types from `v`, drawn with the host page's
    /// `pictures` where they are loaded) in a canvas of `width` x `height` CSS pixels at time
    /// `now` (the host's clock, ms: the morph glow's progress).
    pub fn build(
        board: &BoardView,
        v: &Variant,
        pictures: &Pictures,
        (width, height): (f64, f64),
        now: f64,
    ) -> Scene {
        let art = |t: PieceType, colour: usize| {
            let picture = pictures.get(t.index()).copied().flatten();
            match picture.and_then(|p| p[colour & 1]) {
                Some(p) => Art::Picture(p),
                None => art(v, t),
            }
        };
        let placement = board.placement(width, height);
        let pieces: Vec<PieceView> = (board.pieces.iter())
            .map(|p| PieceView {
                cell: p.cell,
                art: art(p.piece_type, p.colour.index()),
                colour: p.colour.index(),
            })
            .collect();
        let (dots, rings, legs) = board.destination_cells();
        let drag = board.drag.filter(|d| d.moved);
        let dragged = drag.and_then(|d| {
            let (art, colour) = match d.from {
                Spot::Square(from) => {
                    let p = pieces.iter().find(|p| p.cell == from)?;
                    (p.art, p.colour)
                }
                Spot::Hand(slot) => (
                    art(slot.piece_type, slot.colour.index()),
                    slot.colour.index(),
                ),
            };
            Some(Dragged {
                art,
                colour,
                x: d.at.0,
                y: d.at.1,
            })
        });
        let (lifted, lifted_hand) = match drag.map(|d| d.from) {
            Some(Spot::Square(cell)) => (Some(cell), None),
            Some(Spot::Hand(slot)) => (None, Some(slot)),
            None => (None, None),
        };
        let hand_cursor = hand_cursor(board);
        let hands = (board.hand_boxes(&placement).into_iter())
            .map(|b| HandView {
                art: art(b.slot.piece_type, b.slot.colour.index()),
                colour: b.slot.colour.index(),
                count: b.count,
                x: b.x,
                y: b.y,
                size: b.size,
                selected: board.selected_hand == Some(b.slot),
                lifted: lifted_hand == Some(b.slot),
                cursor: hand_cursor == Some(b.slot),
            })
            .collect();
        let hand_rows = [false, true]
            .into_iter()
            .filter_map(|below| placement.hand_row(below))
            .collect();
        let hover = drag
            .and_then(|d| placement.cell_at(d.at.0, d.at.1))
            .filter(|&c| board.can_go(c));
        let cursor = (board.keyboard && hand_cursor.is_none()).then_some(board.cursor);
        let glow = board.glow.and_then(|g| {
            let progress = (now - g.start) / GLOW_MS;
            (0.0..1.0).contains(&progress).then_some((g.cell, progress))
        });
        let chooser = board.chooser.as_ref().map(|chooser| {
            let colour = board.piece_at(chooser.from).map_or(0, |p| p.colour.index());
            let options = (board.chooser_cells().into_iter().zip(&chooser.options))
                .map(|(cell, choice)| PieceView {
                    cell,
                    art: art(choice.piece_type, colour),
                    colour,
                })
                .collect();
            ChooserView {
                options,
                focus: chooser.focus,
            }
        });
        let diagram = (board.diagram.iter())
            .map(|m| (m.clone(), m.becomes.map(|(t, c)| art(t, c))))
            .collect();
        Scene {
            width,
            height,
            pieces,
            last_move: board.last_move.clone(),
            holes: board.holes.clone(),
            check: board.check,
            selected: board.selected,
            dots,
            rings,
            legs,
            picked: board.legs.clone(),
            hover,
            cursor,
            lifted,
            dragged,
            glow,
            hint: board.hint,
            chooser,
            diagram,
            diagram_morphs: board.diagram_morphs.clone(),
            diagram_focus: board.diagram_focus,
            inspect: board.inspect.clone().filter(|_| board.selected.is_none()),
            hand_rows,
            hand_labels: hand_labels(board, &placement),
            hands,
            placement,
        }
    }

    /// This frame of `board` (`v` names its pieces) by square names.
    pub fn drawn(&self, board: &BoardView, v: &Variant) -> Drawn {
        let type_name = |t: PieceType| (v.types.get(t.index())).map_or("?", |t| t.name.as_str());
        let slot_name = |s: HandSlot| format!("{} {}", side(s.colour), type_name(s.piece_type));
        let names = |cells: &[Cell]| cells.iter().map(Cell::to_string).collect();
        let name = |cell: Option<Cell>| cell.map(|c| c.to_string());
        let chooser = match (&self.chooser, &board.chooser) {
            (Some(view), Some(c)) => (view.options.iter().zip(&c.options))
                .map(|(view, choice)| {
                    [
                        view.cell.to_string(),
                        choice.label.clone(),
                        type_name(choice.piece_type).to_string(),
                    ]
                })
                .collect(),
            _ => Vec::new(),
        };
        Drawn {
            flipped: board.flipped,
            selected: name(self.selected),
            dots: names(&self.dots),
            rings: names(&self.rings),
            legs: names(&self.legs),
            last_move: names(&self.last_move),
            check: name(self.check),
            cursor: name(self.cursor),
            glow: name(self.glow.map(|(c, _)| c)),
            hint: (self.hint)
                .map(|(from, to)| vec![from.to_string(), to.to_string()])
                .unwrap_or_default(),
            chooser,
            pieces: (board.pieces.iter())
                .map(|p| format!("{} {} {}", p.cell, side(p.colour), type_name(p.piece_type)))
                .collect(),
            hands: (board.hand_boxes(&self.placement).iter())
                .map(|b| format!("{} {}", slot_name(b.slot), b.count))
                .collect(),
            hand_selected: board.selected_hand.map(slot_name),
            hand_cursor: hand_cursor(board).map(slot_name),
        }
    }
}

/// The hand's piece under the keyboard cursor, if the keyboard is in use and it holds one.
fn hand_cursor(board: &BoardView) -> Option<HandSlot> {
    (board.cursor_hand).filter(|&s| board.keyboard && board.hand_count(s) > 0)
}

/// Whose hand each row is, in the gap between it and the board, where that is tall enough to
/// read.
fn hand_labels(board: &BoardView, placement: &Placement) -> Vec<HandLabel> {
    let gap = placement.hand - placement.square;
    [false, true]
        .into_iter()
        .filter_map(|below| {
            let (x, y, _, h) = placement.hand_row(below)?;
            let font = gap * 0.7;
            let white = board.hand_below(WHITE) == below;
            (font >= 8.0).then(|| HandLabel {
                x: x + placement.square * 0.08,
                y: if below {
                    y - gap / 2.0
                } else {
                    y + h + gap / 2.0
                },
                font,
                text: if white {
                    "White's hand"
                } else {
                    "Black's hand"
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
