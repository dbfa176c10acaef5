//! Input on a board, already decoded to squares by the host (an [`Input`]), and what it means
//! ([`Effect`]s: a move asked for, a piece placed, something to say, a redraw). The board's
//! view changes as it goes (selection, drag, cursor, chooser); the game does not: a move is
//! only asked for, and the host plays it or not.

use super::board::{BoardView, Chooser, Drag, HandSlot, Movable, Spot};
use super::layout::Cell;
use crate::piece::{Colour, PieceType, WHITE};

/// A pointer that moves further than this (CSS pixels) while down is dragging.
pub const DRAG_THRESHOLD: f64 = 4.0;

/// Keys the board takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// An arrow: columns and rows as drawn (right and down positive).
    Arrow(i32, i32),
    /// Enter or Space: pick up or put down.
    Enter,
    Escape,
}

/// Input on the board, in squares (the host maps points through its `Placement`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input {
    /// The primary pointer's main button went down: on `cell` (None: off the board) at `at`.
    PointerDown {
        cell: Option<Cell>,
        pointer: i32,
        at: (f64, f64),
    },
    /// The primary pointer's main button went down on a hand's piece.
    HandDown {
        slot: HandSlot,
        pointer: i32,
        at: (f64, f64),
    },
    PointerMove {
        pointer: i32,
        at: (f64, f64),
    },
    PointerUp {
        cell: Option<Cell>,
        pointer: i32,
    },
    PointerCancel {
        pointer: i32,
    },
    Key(Key),
    /// The board lost the focus: the keyboard cursor hides.
    Blur,
}

/// What the board tells its host to say; the host words it (it knows the pieces' names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Say {
    /// The cursor is on a square; `destination`: the selected piece may go there.
    Square {
        cell: Cell,
        destination: bool,
    },
    PickedUp {
        cell: Cell,
        destinations: usize,
    },
    PutDown,
    NothingSelected,
    NotMovable(Cell),
    /// The chooser's focus is on a piece of that type and colour.
    Choice {
        piece_type: PieceType,
        colour: Colour,
    },
    /// The chooser opened from the keyboard.
    ChoosePromotion,
    /// The cursor is on a hand's piece, of which it holds `count`.
    Hand {
        slot: HandSlot,
        count: u32,
    },
    PickedUpHand {
        slot: HandSlot,
        destinations: usize,
    },
    HandNotMovable(HandSlot),
}

/// What input on the board asks of its host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    Redraw,
    /// Play the piece on `from` to `to`, taking on `via` on the way (locust captures), with
    /// the promotion `choice` (0 without a chooser).
    Move {
        from: Cell,
        to: Cell,
        via: Vec<Cell>,
        choice: usize,
    },
    /// Drop a piece of that type from the hand of the side to move on `to`.
    Drop {
        piece_type: PieceType,
        to: Cell,
    },
    /// Free placement: the piece on `from` goes to `to`, or off the board.
    Place {
        from: Cell,
        to: Option<Cell>,
    },
    Say(Say),
    /// Keep the pointer's events coming to the board while it is down.
    CapturePointer(i32),
}

impl BoardView {
    /// What `input` means; the view changes as it does.
    pub fn update(&mut self, input: Input) -> Vec<Effect> {
        match input {
            Input::PointerDown { cell, pointer, at } => {
                self.pointer_down(cell.map(Spot::Square), pointer, at)
            }
            Input::HandDown { slot, pointer, at } => {
                self.pointer_down(Some(Spot::Hand(slot)), pointer, at)
            }
            Input::PointerMove { pointer, at } => {
                let Some(drag) = self.drag.as_mut().filter(|d| d.pointer == pointer) else {
                    return Vec::new();
                };
                drag.at = at;
                let (dx, dy) = (at.0 - drag.start.0, at.1 - drag.start.1);
                if dx.hypot(dy) > DRAG_THRESHOLD {
                    drag.moved = true;
                }
                if drag.moved {
                    vec![Effect::Redraw]
                } else {
                    Vec::new()
                }
            }
            Input::PointerUp { cell, pointer } => self.pointer_up(cell, pointer),
            Input::PointerCancel { pointer } => {
                if self.drag.is_some_and(|d| d.pointer == pointer) {
                    self.drag = None;
                    vec![Effect::Redraw]
                } else {
                    Vec::new()
                }
            }
            Input::Key(key) => self.key(key),
            Input::Blur => {
                self.keyboard = false;
                vec![Effect::Redraw]
            }
        }
    }

    /// A pointer down on a square or a hand's piece (None: off both): a move or a drop asked
    /// for, or a piece picked up (a click selects it, a drag carries it), or the selection let
    /// go; with the chooser open, a choice or none.
    fn pointer_down(&mut self, spot: Option<Spot>, pointer: i32, at: (f64, f64)) -> Vec<Effect> {
        self.keyboard = false;
        let cell = match spot {
            Some(Spot::Square(cell)) => Some(cell),
            _ => None,
        };
        if self.chooser.is_some() {
            let cells = self.chooser_cells();
            return match cell.and_then(|c| cells.iter().position(|&o| o == c)) {
                Some(i) => self.choose(i),
                None => self.cancel_chooser(),
            };
        }
        if let Some(cell) = cell {
            let moving =
                self.selected_hand.is_some() || self.selected.is_some_and(|from| from != cell);
            if moving && self.can_go(cell) {
                return self.attempt(cell);
            }
        }
        let (pickable, was_selected) = match spot {
            Some(Spot::Square(c)) => (self.can_pick(c), self.selected == Some(c)),
            Some(Spot::Hand(s)) => (self.can_pick_hand(s), self.selected_hand == Some(s)),
            None => (false, false),
        };
        let Some(from) = spot.filter(|_| pickable) else {
            self.deselect();
            return vec![Effect::Redraw];
        };
        match from {
            Spot::Square(c) => self.select(c),
            Spot::Hand(s) => self.select_hand(s),
        }
        self.drag = Some(Drag {
            from,
            pointer,
            start: at,
            at,
            moved: false,
            was_selected,
        });
        vec![Effect::CapturePointer(pointer), Effect::Redraw]
    }

    fn pointer_up(&mut self, cell: Option<Cell>, pointer: i32) -> Vec<Effect> {
        let Some(drag) = self.drag.filter(|d| d.pointer == pointer) else {
            return Vec::new();
        };
        self.drag = None;
        if !drag.moved {
            // A click on the piece: a second click on it puts it down again.
            if drag.was_selected {
                self.deselect();
            }
        } else if let Some(to) = cell.filter(|&c| self.can_go(c)) {
            return self.attempt(to);
        } else if let (Movable::Free, None, Spot::Square(from)) = (&self.movable, cell, drag.from) {
            self.deselect();
            return vec![Effect::Place { from, to: None }, Effect::Redraw];
        } else if cell.map(Spot::Square) != Some(drag.from) {
            // Dropped where it cannot go: back to its square.
            self.deselect();
        }
        vec![Effect::Redraw]
    }

    /// The selected piece goes to `to`: a move asked for, or the chooser opens.
    fn attempt(&mut self, to: Cell) -> Vec<Effect> {
        if let Some(slot) = self.selected_hand {
            if self.dest(to).is_none() {
                return Vec::new();
            }
            self.drag = None;
            return vec![Effect::Drop {
                piece_type: slot.piece_type,
                to,
            }];
        }
        let Some(from) = self.selected else {
            return Vec::new();
        };
        if self.movable == Movable::Free {
            self.deselect();
            self.drag = None;
            return vec![Effect::Place { from, to: Some(to) }, Effect::Redraw];
        }
        let Some(dest) = self.dest(to) else {
            return Vec::new();
        };
        if !dest.then.is_empty() {
            // A leg that takes the piece there and goes on: show where to.
            self.legs.push(to);
            self.drag = None;
            return vec![Effect::Redraw];
        }
        let via = dest.via.clone();
        if dest.choices.len() >= 2 {
            self.chooser = Some(Chooser {
                from,
                to,
                via,
                options: dest.choices.clone(),
                focus: None,
            });
            self.drag = None;
            return vec![Effect::Redraw];
        }
        vec![Effect::Move {
            from,
            to,
            via,
            choice: 0,
        }]
    }

    fn choose(&mut self, i: usize) -> Vec<Effect> {
        match self.chooser.take().filter(|c| i < c.options.len()) {
            Some(c) => vec![Effect::Move {
                from: c.from,
                to: c.to,
                via: c.via,
                choice: i,
            }],
            None => vec![Effect::Redraw],
        }
    }

    fn cancel_chooser(&mut self) -> Vec<Effect> {
        self.chooser = None;
        self.deselect();
        vec![Effect::Redraw]
    }

    /// Moves the keyboard cursor `dx` columns and `dy` rows as the board is drawn (flipped or
    /// not), stopping at its edges.
    pub(super) fn step_cursor(&mut self, dx: i32, dy: i32) {
        let grid = self.grid();
        let (col, row) = grid.grid_of(self.cursor);
        let clamp = |v: u32, d: i32, n: u32| (v as i32 + d).clamp(0, n as i32 - 1) as u32;
        self.cursor = grid.cell_at_grid(
            clamp(col, dx, self.size.files()),
            clamp(row, dy, self.size.ranks()),
        );
    }

    /// Arrow keys move the cursor (or the chooser's focus), Enter or Space picks up and puts
    /// down, Escape lets go.
    fn key(&mut self, key: Key) -> Vec<Effect> {
        self.keyboard = true;
        if let Some(chooser) = self.chooser.as_mut() {
            return match key {
                Key::Arrow(dx, dy) => {
                    let n = chooser.options.len();
                    let i = chooser.focus.unwrap_or(0);
                    let focus = if dx + dy > 0 {
                        (i + 1) % n
                    } else {
                        (i + n - 1) % n
                    };
                    chooser.focus = Some(focus);
                    let piece_type = chooser.options[focus].piece_type;
                    let from = chooser.from;
                    let colour = self.piece_at(from).map_or(WHITE, |p| p.colour);
                    vec![
                        Effect::Say(Say::Choice { piece_type, colour }),
                        Effect::Redraw,
                    ]
                }
                Key::Escape => self.cancel_chooser(),
                Key::Enter => {
                    let i = chooser.focus.unwrap_or(0);
                    self.choose(i)
                }
            };
        }
        if self.cursor_hand.is_some_and(|s| self.hand_count(s) == 0) {
            // The piece under the cursor has gone from the hand (dropped): back to the board.
            self.cursor_hand = None;
        }
        if let Some(slot) = self.cursor_hand
            && key != Key::Escape
            && !matches!(key, Key::Arrow(..))
        {
            let mut effects = self.hand_enter(slot);
            effects.push(Effect::Redraw);
            return effects;
        }
        let cell = self.cursor;
        let mut effects = match key {
            Key::Arrow(dx, dy) => {
                let in_hand = self.step_hand_cursor(dx, dy) || (dy != 0 && self.enter_hand(dy));
                if !in_hand {
                    self.step_cursor(dx, dy);
                }
                match self.cursor_hand {
                    Some(slot) => {
                        let count = self.hand_count(slot);
                        vec![Effect::Say(Say::Hand { slot, count })]
                    }
                    None => {
                        let cell = self.cursor;
                        let destination = self.is_selecting() && self.can_go(cell);
                        vec![Effect::Say(Say::Square { cell, destination })]
                    }
                }
            }
            Key::Escape => {
                // Lets go of a piece held by the pointer too: it goes back to its square.
                self.deselect();
                self.drag = None;
                vec![Effect::Say(Say::NothingSelected)]
            }
            Key::Enter if self.selected == Some(cell) => {
                self.deselect();
                vec![Effect::Say(Say::PutDown)]
            }
            Key::Enter if self.is_selecting() && self.can_go(cell) => {
                let mut effects = self.attempt(cell);
                if let Some(chooser) = self.chooser.as_mut() {
                    chooser.focus = Some(0);
                    effects.push(Effect::Say(Say::ChoosePromotion));
                }
                effects
            }
            Key::Enter if self.can_pick(cell) => {
                self.select(cell);
                let destinations = self.destinations().len();
                vec![Effect::Say(Say::PickedUp { cell, destinations })]
            }
            Key::Enter => vec![Effect::Say(Say::NotMovable(cell))],
        };
        effects.push(Effect::Redraw);
        effects
    }

    /// Enter or Space with the cursor on a hand's piece: picks it up, or puts it down again.
    fn hand_enter(&mut self, slot: HandSlot) -> Vec<Effect> {
        if self.selected_hand == Some(slot) {
            self.deselect();
            vec![Effect::Say(Say::PutDown)]
        } else if self.can_pick_hand(slot) {
            self.select_hand(slot);
            let destinations = self.destinations().len();
            vec![Effect::Say(Say::PickedUpHand { slot, destinations })]
        } else {
            vec![Effect::Say(Say::HandNotMovable(slot))]
        }
    }
}
