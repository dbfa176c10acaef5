//! The hands beside a board (Shogi, Crazyhouse): what each side holds, where its row is drawn
//! (the bottom side's below the board, the other's above it, following the orientation), the
//! piece under a point, and the drops a hand's piece may make (handed in by the host, as the
//! board's destinations are). A hand's piece is picked up like a board's: by a click, a drag
//! or the keyboard cursor, which goes from the board's edge row into the hand beyond it.

use super::board::{BoardView, Dest, HandPiece, HandSlot};
use super::layout::Placement;
use crate::piece::{Colour, WHITE};

/// A hand's piece where it is drawn: CSS pixels, a square of side `size`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlotBox {
    pub slot: HandSlot,
    pub count: u32,
    pub x: f64,
    pub y: f64,
    pub size: f64,
}

impl BoardView {
    /// The types in `colour`'s hand with their counts (empty for a board without hands).
    pub fn hand(&self, colour: Colour) -> &[HandPiece] {
        self.hands
            .as_ref()
            .map_or(&[], |hands| hands[colour.index()].as_slice())
    }

    /// How many pieces the slot holds.
    pub fn hand_count(&self, slot: HandSlot) -> u32 {
        (self.hand(slot.colour).iter())
            .find(|p| p.piece_type == slot.piece_type)
            .map_or(0, |p| p.count)
    }

    /// Is `colour`'s hand drawn below the board? White's is, unless the board is flipped.
    pub fn hand_below(&self, colour: Colour) -> bool {
        (colour == WHITE) != self.flipped
    }

    /// The colour whose hand is drawn below the board (or above it).
    fn hand_colour(&self, below: bool) -> Colour {
        if self.hand_below(WHITE) == below {
            WHITE
        } else {
            WHITE.other()
        }
    }

    /// Every hand's piece with where it is drawn in `p`.
    pub fn hand_boxes(&self, p: &Placement) -> Vec<SlotBox> {
        let mut out = Vec::new();
        for colour in Colour::ALL {
            let hand = self.hand(colour);
            let below = self.hand_below(colour);
            for (i, piece) in hand.iter().enumerate() {
                if let Some((x, y, size)) = p.hand_slot(below, i, hand.len()) {
                    out.push(SlotBox {
                        slot: HandSlot {
                            colour,
                            piece_type: piece.piece_type,
                        },
                        count: piece.count,
                        x,
                        y,
                        size,
                    });
                }
            }
        }
        out
    }

    /// The hand's piece under a point of `p`, if one.
    pub fn hand_at(&self, p: &Placement, x: f64, y: f64) -> Option<HandSlot> {
        let inside = |b: &SlotBox| b.x <= x && x < b.x + b.size && b.y <= y && y < b.y + b.size;
        self.hand_boxes(p).into_iter().find(inside).map(|b| b.slot)
    }

    /// May the slot's piece be picked up (its side is to move and holds it)?
    pub fn can_pick_hand(&self, slot: HandSlot) -> bool {
        self.drops.iter().any(|(s, _)| *s == slot)
    }

    /// Where the slot's piece may be dropped.
    pub(super) fn drop_dests(&self, slot: HandSlot) -> &[Dest] {
        (self.drops.iter())
            .find(|(s, _)| *s == slot)
            .map_or(&[], |(_, d)| d.as_slice())
    }

    pub(super) fn select_hand(&mut self, slot: HandSlot) {
        self.selected = None;
        self.legs.clear();
        self.selected_hand = Some(slot);
        self.chooser = None;
    }

    /// Arrow keys with the cursor in a hand: along the row, or (towards the board) back onto
    /// the board's square it came from. Returns false when the cursor is not in a hand.
    pub(super) fn step_hand_cursor(&mut self, dx: i32, dy: i32) -> bool {
        let Some(slot) = self.cursor_hand else {
            return false;
        };
        let hand = self.hand(slot.colour);
        let Some(i) = hand.iter().position(|p| p.piece_type == slot.piece_type) else {
            // The piece went (played): back to the board.
            self.cursor_hand = None;
            return false;
        };
        let towards_board = if self.hand_below(slot.colour) {
            dy < 0
        } else {
            dy > 0
        };
        if towards_board {
            self.cursor_hand = None;
        } else if dx != 0 {
            let j = (i as i32 + dx).clamp(0, hand.len() as i32 - 1) as usize;
            self.cursor_hand = Some(HandSlot {
                colour: slot.colour,
                piece_type: hand[j].piece_type,
            });
        }
        true
    }

    /// An arrow key that would take the board's cursor off its top or bottom edge goes into
    /// the hand there, if it holds anything: to the piece nearest the cursor's column.
    /// Returns whether it did.
    pub(super) fn enter_hand(&mut self, dy: i32) -> bool {
        let grid = self.grid();
        let (col, row) = grid.grid_of(self.cursor);
        let below = match dy {
            1 if row + 1 == self.size.ranks() => true,
            -1 if row == 0 => false,
            _ => return false,
        };
        let colour = self.hand_colour(below);
        let hand = self.hand(colour);
        let Some(last) = hand.len().checked_sub(1) else {
            return false;
        };
        let i = (col as usize).min(last);
        self.cursor_hand = Some(HandSlot {
            colour,
            piece_type: hand[i].piece_type,
        });
        true
    }
}

#[cfg(test)]
mod tests;
