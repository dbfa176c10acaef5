//! The board's view model, with no game in it: its shape and orientation, the pieces on it,
//! what may move where (handed in by the host, as chessground's `movable.dests`) or "free"
//! placement for editing, the selection, a drag, the keyboard cursor, the promotion chooser,
//! the marks (last move, check, hint, morph glow, a move diagram's squares, the piece
//! inspected), and the hands beside it with their drops (`hand.rs`). Input already decoded to squares comes
//! in as an `Input`; what it means comes out as `Effect`s (a move asked for, something to
//! say, a redraw). The rules stay with the host: the board only checks what it was handed.

use super::layout::{BoardSize, Cell, Placement};
use crate::designer::diagram::Kind;
use crate::piece::{Colour, PieceType};

/// How long the morph mark lasts, in milliseconds.
pub const GLOW_MS: f64 = 900.0;

/// A piece on the board: its type and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub cell: Cell,
    pub piece_type: PieceType,
    pub colour: Colour,
}

/// A promotion choice: the type the piece ends as, and the move's name as the host gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub piece_type: PieceType,
    pub label: String,
}

/// One destination of a piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dest {
    pub to: Cell,
    pub capture: bool,
    /// Two or more when the piece must choose what it becomes (a chooser opens); else empty.
    pub choices: Vec<Choice>,
    /// The squares of the pieces the moves to `to` take on the way (locust captures), in the
    /// order taken, for the destinations of a later leg.
    pub via: Vec<Cell>,
    /// Moves that take the piece on `to` and go on (a later leg): where they end, with `to`
    /// itself among them when the piece may also stop there. A click on `to` shows these; a
    /// next click picks one. Empty for an ordinary destination.
    pub then: Vec<Dest>,
}

/// One side's pieces of one type in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandSlot {
    pub colour: Colour,
    pub piece_type: PieceType,
}

/// A type in a hand and how many of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandPiece {
    pub piece_type: PieceType,
    pub count: u32,
}

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

/// What may move where.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Movable {
    /// Nothing (a past position, a finished game, the computer's turn, a diagram).
    #[default]
    None,
    /// The pieces that may be picked up, each with its destinations (maybe none).
    Dests(Vec<(Cell, Vec<Dest>)>),
    /// Any piece may go anywhere (an editor); drops come out as `Effect::Place`.
    Free,
}

/// Where a piece is picked up: a square, or a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Square(Cell),
    Hand(HandSlot),
}

/// A pointer holding a piece.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drag {
    pub from: Spot,
    pub pointer: i32,
    /// Where the pointer went down and where it is now, CSS pixels in the canvas.
    pub start: (f64, f64),
    pub at: (f64, f64),
    /// Moved far enough to be a drag rather than a click.
    pub moved: bool,
    /// The piece was already selected when the pointer went down.
    pub was_selected: bool,
}

/// A promotion waiting for its piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chooser {
    pub from: Cell,
    pub to: Cell,
    /// The locust victims' squares of the moves chosen among.
    pub via: Vec<Cell>,
    pub options: Vec<Choice>,
    pub focus: Option<usize>,
}

/// A morph just happened on a square (`start`: the host's clock, milliseconds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glow {
    pub cell: Cell,
    pub start: f64,
}

/// A board's view model.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    pub size: BoardSize,
    /// Black at the bottom.
    pub flipped: bool,
    pub pieces: Vec<Piece>,
    pub movable: Movable,
    pub selected: Option<Cell>,
    /// The pieces in each side's hand (indexed by colour), for a variant with hands: a row
    /// for each is drawn beside the board, even when empty. None: no hands.
    pub hands: Option<[Vec<HandPiece>; 2]>,
    /// The hand's pieces that may be dropped, each with its drop squares (maybe none).
    pub drops: Vec<(HandSlot, Vec<Dest>)>,
    /// A hand's piece selected (then `selected` is None): its drop squares are shown.
    pub selected_hand: Option<HandSlot>,
    pub drag: Option<Drag>,
    pub cursor: Cell,
    /// The keyboard cursor is on a hand's piece (`cursor` keeps the board's square it left).
    pub cursor_hand: Option<HandSlot>,
    /// The board has the focus and the keyboard is in use: the cursor shows.
    pub keyboard: bool,
    pub chooser: Option<Chooser>,
    /// The squares where the selected piece's legs so far ended, taking the pieces there
    /// (they go on): the destinations shown are the next leg's.
    pub legs: Vec<Cell>,
    /// From and to squares of the last turn's moves (and the squares of pieces they took
    /// on the way).
    pub last_move: Vec<Cell>,
    /// Squares inside the rectangle that are not part of the board: drawn as nothing.
    pub holes: Vec<Cell>,
    pub check: Option<Cell>,
    /// A suggested move: an arrow from, to.
    pub hint: Option<(Cell, Cell)>,
    pub glow: Option<Glow>,
    /// A move diagram's marks (the legend's board).
    pub diagram: Vec<DiagramMark>,
    /// The squares where the diagram's piece would morph, each with its morph colour's index
    /// (`legend::MORPH_COLOURS`): tinted, reached or not.
    pub diagram_morphs: Vec<(Cell, usize)>,
    /// The diagram's square the pointer or the keyboard cursor is on, if marked: the way
    /// there is drawn in full (screens, turns, pieces taken on the way).
    pub diagram_focus: Option<Cell>,
    /// The piece the pointer rests on: what it attacks and where it may move.
    pub inspect: Option<Inspect>,
}

impl BoardView {
    /// An empty board of `size`, White at the bottom.
    pub fn new(size: BoardSize) -> BoardView {
        BoardView {
            size,
            flipped: false,
            pieces: Vec::new(),
            movable: Movable::None,
            selected: None,
            hands: None,
            drops: Vec::new(),
            selected_hand: None,
            drag: None,
            cursor: Cell {
                file: size.files() / 2,
                rank: 0,
            },
            cursor_hand: None,
            keyboard: false,
            chooser: None,
            legs: Vec::new(),
            last_move: Vec::new(),
            holes: Vec::new(),
            check: None,
            hint: None,
            glow: None,
            diagram: Vec::new(),
            diagram_morphs: Vec::new(),
            diagram_focus: None,
            inspect: None,
        }
    }

    /// Another board (a new game): the pieces and marks go, the orientation stays.
    pub fn reset(&mut self, size: BoardSize) {
        *self = BoardView {
            flipped: self.flipped,
            keyboard: self.keyboard,
            ..BoardView::new(size)
        };
    }

    /// Lets go of the selection, a drag and the chooser, and clears the hint: after a change.
    pub fn reset_marks(&mut self) {
        self.let_go();
        self.hint = None;
    }

    /// Lets go of the selection, a drag and the chooser (someone else is to move).
    pub fn let_go(&mut self) {
        self.selected = None;
        self.selected_hand = None;
        self.drag = None;
        self.chooser = None;
    }

    /// Where the board sits in a box of `width` x `height` CSS pixels.
    pub fn placement(&self, width: f64, height: f64) -> Placement {
        let mut p = Placement::fit_with_hands(self.size, width, height, self.hands.is_some());
        p.flipped = self.flipped;
        p
    }

    /// The drawn grid (columns and rows), independent of pixels.
    pub(super) fn grid(&self) -> Placement {
        self.placement(f64::from(self.size.files()), f64::from(self.size.ranks()))
    }

    pub fn piece_at(&self, cell: Cell) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.cell == cell)
    }

    /// May the piece on `cell` be picked up?
    pub fn can_pick(&self, cell: Cell) -> bool {
        match &self.movable {
            Movable::None => false,
            Movable::Dests(dests) => dests.iter().any(|(from, _)| *from == cell),
            Movable::Free => self.piece_at(cell).is_some(),
        }
    }

    /// The selected piece's destinations (its second leg's, once a first leg is picked; a
    /// hand's piece's drops).
    pub fn destinations(&self) -> &[Dest] {
        if let Some(slot) = self.selected_hand {
            return self.drop_dests(slot);
        }
        let first = match (&self.movable, self.selected) {
            (Movable::Dests(dests), Some(sel)) => dests
                .iter()
                .find(|(from, _)| *from == sel)
                .map_or(&[][..], |(_, d)| d.as_slice()),
            _ => &[],
        };
        self.legs.iter().fold(first, |dests, &leg| {
            (dests.iter().find(|d| d.to == leg)).map_or(&[], |d| d.then.as_slice())
        })
    }

    /// The selected piece's destination at `cell`.
    pub fn dest(&self, cell: Cell) -> Option<&Dest> {
        self.destinations().iter().find(|d| d.to == cell)
    }

    /// May the selected piece go to `cell`?
    pub fn can_go(&self, cell: Cell) -> bool {
        match self.movable {
            Movable::Free => self.selected.is_some_and(|from| from != cell),
            _ => self.dest(cell).is_some(),
        }
    }

    /// Squares of the selected piece's destinations: (quiet, captures, first legs of moves
    /// that go on from there).
    pub fn destination_cells(&self) -> (Vec<Cell>, Vec<Cell>, Vec<Cell>) {
        let (legs, ends): (Vec<&Dest>, Vec<&Dest>) =
            self.destinations().iter().partition(|d| !d.then.is_empty());
        let (captures, quiet): (Vec<&Dest>, Vec<&Dest>) = ends.into_iter().partition(|d| d.capture);
        let cells = |ds: Vec<&Dest>| ds.iter().map(|d| d.to).collect();
        (cells(quiet), cells(captures), cells(legs))
    }

    /// Where the chooser's choices are drawn: from the destination towards the middle of the
    /// board, down its column, then the next column over if the column is too short.
    pub fn chooser_cells(&self) -> Vec<Cell> {
        let Some(chooser) = &self.chooser else {
            return Vec::new();
        };
        let grid = self.grid();
        let (files, ranks) = (self.size.files(), self.size.ranks());
        let (col, row) = grid.grid_of(chooser.to);
        let down = row < ranks.div_ceil(2);
        // Rows from the destination to the board's edge in that direction.
        let room = if down { ranks - row } else { row + 1 };
        (0..chooser.options.len() as u32)
            .map(|i| {
                let (shift, step) = (i / room, i % room);
                let r = if down { row + step } else { row - step };
                let c = if col < files / 2 {
                    (col + shift).min(files - 1)
                } else {
                    col.saturating_sub(shift)
                };
                grid.cell_at_grid(c, r)
            })
            .collect()
    }

    /// A touch that starts on a piece, a destination or the chooser belongs to the board (the
    /// page must not scroll); any other touch scrolls as usual.
    pub fn claims_touch(&self, spot: Option<Spot>) -> bool {
        match spot {
            Some(Spot::Square(cell)) => {
                self.chooser.is_some()
                    || self.can_pick(cell)
                    || (self.is_selecting() && self.can_go(cell))
            }
            Some(Spot::Hand(slot)) => self.chooser.is_some() || self.can_pick_hand(slot),
            None => false,
        }
    }

    /// A piece is selected, on the board or in a hand.
    pub fn is_selecting(&self) -> bool {
        self.selected.is_some() || self.selected_hand.is_some()
    }

    pub(super) fn select(&mut self, cell: Cell) {
        self.selected = Some(cell);
        self.selected_hand = None;
        self.chooser = None;
    }

    pub(super) fn deselect(&mut self) {
        self.selected = None;
        self.selected_hand = None;
        self.legs.clear();
    }
}

#[cfg(test)]
mod tests;
