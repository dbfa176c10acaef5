//! The ways a piece's walks ([`crate::walk`]: moves of several legs, hops, `d` moves) reach
//! squares of an empty board, for its move diagram. The walker plays a walk on a real board;
//! here each walk is followed geometrically from the origin, and wherever a leg could stop on
//! a piece, a piece is assumed there: a screen for a hop (`p`, `g`), a victim for a locust
//! capture (a `c` or `d` leg that another leg follows), the piece taken for a last leg's
//! capture. Each square of a slide is tried both ways, empty (the slide goes on over it) and
//! occupied (the slide ends there), as the walker would meet either; a square a way has already
//! assumed empty or occupied stays so for the rest of it, and the mover's own square is empty.
//! So the ways found are exactly the walker's moves over every board that differs from the
//! empty one only on the squares each way names. A leg with `x` hands the move to a friend
//! it ends on, which an empty board has none of: such ways are not drawn.

use crate::geometry::{Geometry, Square};
use crate::walk::{Stride, Walk};

/// How far the search may go (squares stepped onto, in all): a diagram comes in a blink for
/// any piece a person writes (a cannon on 16x16 takes about 500 steps, a lion 200), and a
/// pathological path of many sliding legs (`QaQaQaQ`, thousands of walks) stops here instead
/// of taking seconds. A diagram cut short lacks some of those ways.
pub const BUDGET: u32 = 200_000;

/// What the way being followed has assumed so far, and where it has been.
#[derive(Debug, Default)]
pub struct State {
    /// Squares with a piece it hops over, in walk order.
    pub screens: Vec<Square>,
    /// Empty squares where one leg ends and the next begins, in walk order.
    pub via: Vec<Square>,
    /// The squares of the pieces it takes on the way (locust captures), in order.
    pub victims: Vec<Square>,
    /// Every square that must be empty, in walk order (the via squares too; not the origin).
    pub path: Vec<Square>,
    /// Where each leg before the current one ended, in order.
    pub route: Vec<Square>,
    /// Where the piece the move takes at its end is put down (a `u` leg's start).
    pub unload: Option<Square>,
}

/// A way found: the state on arrival, the destination, whether it ends on an empty square
/// (else it takes the piece there), and whether the walk is for an unmoved piece only.
pub type Found<'a> = dyn FnMut(&State, Square, bool, bool) + 'a;

struct Explorer<'a, 'b> {
    g: Geometry,
    origin: Square,
    initial: bool,
    budget: u32,
    st: State,
    found: &'a mut Found<'b>,
}

/// Follows every walk from `origin` over an empty board, calling `found` for each way (the
/// same destination may come several times, by other ways). Returns false when [`BUDGET`]
/// ran out first.
pub fn explore(g: Geometry, origin: Square, walks: &[Walk], found: &mut Found<'_>) -> bool {
    let mut e = Explorer {
        g,
        origin,
        initial: false,
        budget: BUDGET,
        st: State::default(),
        found,
    };
    for w in walks {
        e.initial = w.initial;
        e.leg(&w.legs, origin, 0);
    }
    e.budget > 0
}

impl Explorer<'_, '_> {
    /// Follows `legs[0]` from `at` (`before`: how far the leg before went), then the rest.
    fn leg(&mut self, legs: &[Stride], at: Square, before: u8) {
        let Some((s, rest)) = legs.split_first() else {
            return;
        };
        let limit = if s.remaining {
            match s.range.checked_sub(before) {
                Some(0) | None => return,
                Some(n) => n,
            }
        } else {
            s.range
        };
        let last = rest.is_empty();
        let unloaded = self.st.unload;
        if s.modes.unload {
            self.st.unload = Some(at);
        }
        let (mut file, mut rank) = (i32::from(self.g.file(at)), i32::from(self.g.rank(at)));
        let passed = self.st.path.len();
        let mut gone = 0u8;
        while (limit == 0 || gone < limit) && self.budget > 0 {
            self.budget -= 1;
            file += i32::from(s.d.0);
            rank += i32::from(s.d.1);
            let Some(sq) = self.g.try_square(file, rank) else {
                break;
            };
            gone += 1;
            let home = sq == self.origin;
            let full = !home && (self.st.screens.contains(&sq) || self.st.victims.contains(&sq));
            let empty = home || self.st.path.contains(&sq);
            // Empty: stop here (a move, or a leg that goes on from here).
            if !full && s.modes.quiet {
                // A leg that may also end the move (`?` in brackets, a crooked path's step).
                if last || s.modes.end {
                    (self.found)(&self.st, sq, true, self.initial);
                }
                if !last {
                    self.st.path.push(sq);
                    self.st.via.push(sq);
                    self.st.route.push(sq);
                    self.leg(rest, sq, gone);
                    self.st.path.pop();
                    self.st.via.pop();
                    self.st.route.pop();
                }
            }
            // A piece here: take it or hop over it; either way the slide ends on it.
            if !empty {
                if s.modes.capture || s.modes.destroy {
                    if last || s.modes.end {
                        (self.found)(&self.st, sq, false, self.initial);
                    } else {
                        self.st.victims.push(sq);
                        self.st.route.push(sq);
                        self.leg(rest, sq, gone);
                        self.st.victims.pop();
                        self.st.route.pop();
                    }
                }
                if s.modes.hop && !last {
                    self.st.screens.push(sq);
                    self.st.route.push(sq);
                    self.leg(rest, sq, gone);
                    self.st.screens.pop();
                    self.st.route.pop();
                }
            }
            if full {
                break;
            }
            // Empty, and the slide goes on over it.
            if !home {
                self.st.path.push(sq);
            }
        }
        self.st.path.truncate(passed);
        self.st.unload = unloaded;
    }
}
