//! One applet's state: the game (rules state, owned by the core's [`Game`]) and what the
//! board shows around it: orientation, a past position being viewed, the selected piece and
//! its destinations, a drag, the keyboard cursor, the promotion chooser, the morph glow and
//! the computer's hint, and whether the computer has the move (then the board takes none).
//! Every rules question goes to the core; this module only keeps the answers.

use std::sync::Arc;

use crate::describe::{self, Destination};
use crate::game::Game;
use crate::geometry::Square;
use crate::position::{Move, Position};
use crate::variant::Variant;

use super::render::PieceView;
use super::sprites::Art;
use crate::ui::layout::{BoardSize, Cell, Placement};

/// How long the morph mark lasts, in milliseconds.
pub const GLOW_MS: f64 = 900.0;

/// A pointer holding a piece.
#[derive(Clone, Copy, Debug)]
pub struct Drag {
    pub from: Cell,
    pub pointer: i32,
    /// Where the pointer went down and where it is now, CSS pixels in the canvas.
    pub start: (f64, f64),
    pub at: (f64, f64),
    /// Moved far enough to be a drag rather than a click.
    pub moved: bool,
    /// The piece was already selected when the pointer went down.
    pub was_selected: bool,
}

/// A promotion waiting for its piece: the moves to one square, each with the piece type it
/// ends as (after the morph on arrival).
#[derive(Clone, Debug)]
pub struct Chooser {
    pub to: Cell,
    pub options: Vec<(Move, usize)>,
    pub focus: Option<usize>,
}

/// A morph just happened on a square (start time from `performance.now()`).
#[derive(Clone, Copy, Debug)]
pub struct Glow {
    pub cell: Cell,
    pub start: f64,
}

pub struct State {
    pub game: Game,
    pub size: BoardSize,
    /// Art per piece type, from the variant's definition.
    pub arts: Vec<Art>,
    pub flipped: bool,
    /// A past position being viewed: the number of moves played to reach it, and it.
    pub view: Option<(usize, Position)>,
    pub selected: Option<Cell>,
    pub destinations: Vec<Destination>,
    pub drag: Option<Drag>,
    pub cursor: Cell,
    /// The canvas has focus and the keyboard is in use: the cursor shows.
    pub keyboard: bool,
    pub chooser: Option<Chooser>,
    pub glow: Option<Glow>,
    /// The move the computer suggests (an arrow from, to), until the game changes.
    pub hint: Option<(Cell, Cell)>,
    /// The computer is about to move here: the board takes no move.
    pub computer_to_move: bool,
}

impl State {
    pub fn new(game: Game) -> State {
        let mut state = State {
            game,
            size: BoardSize::DEFAULT,
            arts: Vec::new(),
            flipped: false,
            view: None,
            selected: None,
            destinations: Vec::new(),
            drag: None,
            cursor: Cell { file: 0, rank: 0 },
            keyboard: false,
            chooser: None,
            glow: None,
            hint: None,
            computer_to_move: false,
        };
        state.set_game(state.game.clone());
        state
    }

    /// A new game (another variant, position or restored game): the board's marks reset.
    pub fn set_game(&mut self, game: Game) {
        let v = game.variant().clone();
        let g = v.geometry;
        // Core boards are at most 16x16, well inside the layout's limits.
        self.size =
            BoardSize::new(u32::from(g.files), u32::from(g.ranks)).unwrap_or(BoardSize::DEFAULT);
        self.arts = v
            .types
            .iter()
            .map(|t| Art::for_piece(&t.image, &t.name, t.id))
            .collect();
        self.game = game;
        self.cursor = Cell {
            file: self.size.files() / 2,
            rank: 0,
        };
        self.glow = None;
        self.reset_marks();
    }

    /// Clears the selection, drag, chooser and view: after any change to the game.
    pub fn reset_marks(&mut self) {
        self.view = None;
        self.selected = None;
        self.destinations.clear();
        self.drag = None;
        self.chooser = None;
        self.hint = None;
    }

    pub fn variant(&self) -> &Arc<Variant> {
        self.game.variant()
    }

    pub fn placement(&self, width: f64, height: f64) -> Placement {
        let mut p = Placement::fit(self.size, width, height);
        p.flipped = self.flipped;
        p
    }

    pub fn square(&self, cell: Cell) -> Square {
        // Cells come from this board's size, which is the variant's.
        self.variant()
            .geometry
            .square(cell.file as u8, cell.rank as u8)
    }

    pub fn cell(&self, sq: Square) -> Cell {
        let g = self.variant().geometry;
        Cell {
            file: u32::from(g.file(sq)),
            rank: u32::from(g.rank(sq)),
        }
    }

    /// The position on the board: the game's, or the past one being viewed.
    pub fn shown(&self) -> &Position {
        match &self.view {
            Some((_, pos)) => pos,
            None => self.game.position(),
        }
    }

    /// Moves can be made: the live position is shown, the game goes on and the computer is
    /// not the one to move.
    pub fn playable(&self) -> bool {
        self.view.is_none() && !self.computer_to_move && self.game.outcome().is_none()
    }

    /// Shows the position after `ply` moves; the last one is the live game.
    pub fn view_ply(&mut self, ply: usize) {
        let ply = ply.min(self.game.played().len());
        self.reset_marks();
        if ply < self.game.played().len() {
            self.view = Some((ply, self.game.position_at(ply)));
        }
    }

    /// The number of moves played to reach the position shown.
    pub fn shown_ply(&self) -> usize {
        match &self.view {
            Some((ply, _)) => *ply,
            None => self.game.played().len(),
        }
    }

    /// Does a piece of the side to move stand on `cell` (in the live game)?
    pub fn is_own_piece(&self, cell: Cell) -> bool {
        if !self.playable() {
            return false;
        }
        let pos = self.game.position();
        let c = pos.piece_at(self.square(cell));
        c != 0 && crate::variant::code_colour(c) == pos.side_to_move()
    }

    /// Selects the piece on `cell` and asks the core where it may go.
    pub fn select(&mut self, cell: Cell) {
        self.selected = Some(cell);
        self.destinations = describe::destinations(self.game.position(), self.square(cell));
        self.chooser = None;
    }

    pub fn deselect(&mut self) {
        self.selected = None;
        self.destinations.clear();
    }

    /// The selected piece's destination at `cell`, if it has one there.
    pub fn destination(&self, cell: Cell) -> Option<&Destination> {
        let sq = self.square(cell);
        self.destinations.iter().find(|d| d.to == sq)
    }

    /// Squares of the selected piece's destinations: (quiet, captures).
    pub fn destination_cells(&self) -> (Vec<Cell>, Vec<Cell>) {
        let (captures, quiet): (Vec<_>, Vec<_>) = self.destinations.iter().partition(|d| d.capture);
        let cells = |ds: Vec<&Destination>| ds.iter().map(|d| self.cell(d.to)).collect();
        (cells(quiet), cells(captures))
    }

    /// The moves to a destination, each with the type it ends as: a chooser when the moves
    /// differ by promotion.
    pub fn chooser_for(&self, cell: Cell) -> Option<Chooser> {
        let dest = self.destination(cell)?;
        if dest.moves.len() < 2 || dest.moves.iter().all(|m| m.promotion().is_none()) {
            return None;
        }
        let pos = self.game.position();
        Some(Chooser {
            to: cell,
            options: dest
                .moves
                .iter()
                .map(|&m| (m, describe::resulting_type(pos, m)))
                .collect(),
            focus: None,
        })
    }

    /// Where the chooser's choices are drawn: from the destination towards the middle of the
    /// board, down its column, then the next column over if the column is too short.
    pub fn chooser_cells(&self, placement: &Placement) -> Vec<Cell> {
        let Some(chooser) = &self.chooser else {
            return Vec::new();
        };
        let (files, ranks) = (self.size.files(), self.size.ranks());
        let (col, row) = placement.grid_of(chooser.to);
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
                placement.cell_at_grid(c, r)
            })
            .collect()
    }

    /// The pieces to draw on the position shown.
    pub fn piece_views(&self) -> Vec<PieceView> {
        describe::pieces(self.shown())
            .into_iter()
            .map(|p| PieceView {
                cell: self.cell(p.square),
                art: self.art(p.piece_type),
                colour: p.colour,
            })
            .collect()
    }

    pub fn art(&self, piece_type: usize) -> Art {
        self.arts
            .get(piece_type)
            .copied()
            .unwrap_or(Art::Letter('?'))
    }

    /// From and to squares of the moves of the last turn before the position shown.
    pub fn last_move_cells(&self) -> Vec<Cell> {
        let played = &self.game.played()[..self.shown_ply()];
        let n = describe::last_turn_len(played);
        played[played.len() - n..]
            .iter()
            .flat_map(|p| [self.cell(p.mv.from), self.cell(p.mv.to)])
            .collect()
    }

    pub fn check_cell(&self) -> Option<Cell> {
        describe::checked_royal(self.shown()).map(|sq| self.cell(sq))
    }

    /// Moves the keyboard cursor by columns and rows as drawn.
    pub fn move_cursor(&mut self, placement: &Placement, dx: i32, dy: i32) {
        let (col, row) = placement.grid_of(self.cursor);
        let clamp = |v: u32, d: i32, n: u32| (v as i32 + d).clamp(0, n as i32 - 1) as u32;
        self.cursor = placement.cell_at_grid(
            clamp(col, dx, self.size.files()),
            clamp(row, dy, self.size.ranks()),
        );
    }
}
