//! The board legality tries moves on: a copy of the position's squares, made at the first move
//! a node tries (most moves need no try), and only as many squares as the board has.
//!
//! A [`Board`] has room for the largest board (1,024 squares): copying it whole at every node,
//! or clearing a fresh one, wrote sixteen cache lines where a chess board holds one. So the
//! scratch is not made fresh: perft lends its own, and the other callers of the legal-move
//! filters borrow one board kept for the thread ([`with_scratch`]).

use super::{Board, Position};
use std::cell::RefCell;

thread_local! {
    /// The thread's scratch board: its squares are whatever the last test left (the squares
    /// of some position), copied over before each use.
    static SCRATCH: RefCell<Board> = const { RefCell::new(Board::EMPTY) };
}

/// Run `f` with a scratch board: the thread's, or where that one is in use (a legality test
/// that asks for the legal replies to a drop, `no_drop_mate`), a fresh one.
#[inline]
pub(super) fn with_scratch<R>(f: impl FnOnce(&mut Board) -> R) -> R {
    let mut f = Some(f);
    let done = SCRATCH.with(|s| match s.try_borrow_mut() {
        Ok(mut b) => f.take().map(|f| f(&mut b)),
        Err(_) => None,
    });
    match done {
        Some(r) => r,
        None => fresh(f.expect("the closure runs once")),
    }
}

/// [`with_scratch`] on a board of its own (the thread's is in use).
#[cold]
#[inline(never)]
fn fresh<R>(f: impl FnOnce(&mut Board) -> R) -> R {
    let mut b = Board::EMPTY;
    f(&mut b)
}

/// A scratch board lent to a legality test, and whether the position's squares are on it yet
/// (they are copied at the first move tried).
pub(super) struct Scratch<'a> {
    board: &'a mut Board,
    copied: bool,
}

impl<'a> Scratch<'a> {
    /// `board`, the position's squares not yet on it.
    pub(super) fn lent(board: &'a mut Board) -> Self {
        Scratch {
            board,
            copied: false,
        }
    }

    /// The board, holding the position's squares.
    #[inline]
    pub(super) fn board(&mut self, p: &Position) -> &mut Board {
        if !self.copied {
            let n = p.v.geometry.len();
            self.board.0[..n].copy_from_slice(&p.board.0[..n]);
            self.copied = true;
        }
        self.board
    }
}
