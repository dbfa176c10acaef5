//! The walker over legs: moves of several legs (XBetza `a`), hops (`p`, `g`) and moves that
//! take a friend (`d`), found on the board as they go. A Betza [`Path`](crate::betza::Path) is compiled once per
//! colour into [`Walk`]s, one per combination of its legs' angles, each leg a step for that
//! colour; [`Walker::run`] follows them from a square over any board, so that move generation, the
//! attack test and the legality test on a scratch board all use it.
//!
//! What a leg does where it stops, as the Interactive Diagram generates it: an empty square
//! is a move (the last leg) or a place to go on from (`m`), and a slide goes on past it; a
//! piece ends the slide, and is taken (`c` an enemy, `d` a friend: the last leg's
//! destination, or a locust victim the next leg goes on from), or hopped (`p`: the next leg
//! starts on it). A leg that may end the move before the last (each step of a crooked path,
//! `z`) both ends it where it may and goes on from an empty square. A leap with `j` needs
//! pieces (or holes) on every square it leaps over; a leg with `i` (after `a`) goes as far as
//! the sliding leg before it; a leg with `k` takes only royal enemies. A leg with `o` goes
//! round the board's side edges (and with `oo` round the top and bottom too). The mover's own
//! square counts as empty, so a move may end where it began, unless the leg went round the
//! board to reach it. A leg with `x` that ends on a friend hands the move over: on the last
//! leg the walker's piece may make the friend's moves (reported, for the caller to generate),
//! on an earlier one the friend makes the legs after, as a move of its own.
//! Black's steps are White's turned half a turn, as in the Diagram.

use crate::betza::LegModes;
use crate::geometry::{Board, Geometry, Square};
use crate::piece::Colour;
use crate::piece::{code_colour, code_type};
use crate::position::kills::Kills;

mod compile;
mod reach;
pub use compile::compile;
pub use reach::Reach;

/// One leg of a [`Walk`]: its step for the walker's colour, how far, what it may end on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stride {
    /// The step (file, rank) for the walker's colour.
    pub d: (i8, i8),
    /// 1 for a leap, 0 for any number of steps, n up to n.
    pub range: u8,
    /// The leg may go what the leg before left of `range`, which is then that leg's range
    /// (a limited hopper's landing: `pR4` goes four squares in all).
    pub remaining: bool,
    /// 1: the files wrap round (a cylinder, `o`); 2: the ranks too (a torus, `oo`).
    pub wrap: u8,
    /// The squares each step leaps over must all be occupied (or holes): `j` on a leap.
    pub jump: bool,
    /// `i` after `a`: the leg goes as far as the last leg before it that could go more than
    /// one square went, no less and (where it stops on an empty square) no further.
    pub iso: bool,
    /// The bits of the types this leg may take as enemies besides what `c` takes: the royal
    /// ones for a `k` leg (a move that can only give check), else none.
    pub royals: u64,
    /// `e` on the last leg: where it may not move quietly, an empty square is reported as an
    /// en passant capture ([`Found::EnPassant`]), for the caller to see whether an enemy
    /// passed it.
    pub ep: bool,
    /// `*`: the leg's range is as far as the last rank of the walker's own half of the board
    /// from where it starts, at least one step.
    pub half: bool,
    /// What the leg may end on.
    pub modes: LegModes,
}

impl Stride {
    /// A leg of step `d`, range `range`, ending on what `modes` say, and nothing more.
    pub fn new(d: (i8, i8), range: u8, modes: LegModes) -> Stride {
        Stride {
            d,
            range,
            remaining: false,
            wrap: 0,
            jump: false,
            iso: false,
            royals: 0,
            ep: false,
            half: false,
            modes,
        }
    }
}

/// What a move of one plain leg (the moves the ray tables hold) says besides its legs, kept
/// with its walks so that the walker plays them as the rays do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Marks {
    /// A conversion move (Symmetric Chess's bishops).
    pub converts: bool,
    /// A quiet move that passes squares in a line (two steps of its first leg or more) is a
    /// double step, leaving en passant rights on them: an initial move's (`ifmnD`, `ifmW2`)
    /// or a `*` rider's.
    pub makes_ep: bool,
    /// Castling (`O`): the king's distance; its one leg slides to the partner, which the
    /// walker reports ([`Found::Castle`]). 0 for any other move.
    pub castle: u8,
}

/// A path with every leg's direction fixed, for one colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Walk {
    /// The legs, in order.
    pub legs: Vec<Stride>,
    /// Only for a piece that has not moved (`i`).
    pub initial: bool,
    /// No leg with `o`, `j`, `i` (after `a`), `k`, `u` or a stop on the way: the common walk,
    /// walked without looking at those.
    pub plain: bool,
    /// A leg has `u`: the square the walker reports beside the destination is where the
    /// piece taken there is put down, not a locust victim.
    pub unload: bool,
    /// What the move's caller adds (conversion, double steps, castling).
    pub marks: Marks,
}

/// What a walk found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// A move of the walker's piece to the square reported, taking the pieces on the squares
    /// reported beside it on the way.
    Move,
    /// The same, but the square reported beside the destination is where the piece taken
    /// there is put down (`u`).
    Unload,
    /// A move of the friend on `from`, which a leg with `x` reached: it made the legs after.
    Relay {
        /// The friend's square.
        from: Square,
    },
    /// A friend of another type on the square reported, seen by a last leg with `x`: the
    /// walker's piece may make that friend's moves (induction).
    Borrow,
    /// An empty square a last leg with `e` reached where it may not move quietly: an en
    /// passant capture there, if an enemy passed it.
    EnPassant,
    /// The first piece a castling leg met, a friend: the castling partner, if the rules say so.
    Castle,
}

impl Walk {
    /// Has a leg with `x`: the walk hands the move over to a friend it reaches.
    pub fn relays(&self) -> bool {
        self.legs.iter().any(|s| s.modes.relay)
    }

    /// Makes double steps or converts: its finds may differ in kind from another walk's of
    /// the same move.
    pub fn marked(&self) -> bool {
        self.marks.makes_ep || self.marks.converts
    }

    /// How many pieces the walk may take on the way: its legs before the last that take.
    pub fn locust_legs(&self) -> usize {
        let before_last = &self.legs[..self.legs.len().saturating_sub(1)];
        (before_last.iter())
            .filter(|s| s.modes.capture || s.modes.destroy || s.royals != 0)
            .count()
    }
}

/// Everything a walk needs besides the legs.
#[derive(Clone, Copy)]
pub struct Walker<'a> {
    /// The board.
    pub geometry: Geometry,
    /// Piece codes by square, 0 for empty.
    pub board: &'a Board,
    /// The walker's square.
    pub from: Square,
    /// The walker's colour.
    pub colour: Colour,
    /// Whether the piece on `from` has not moved (for `i` walks).
    pub unmoved: bool,
    /// Whether legs with `x` hand the move over (not for moves lent by `x`: the Diagram's
    /// script masks the letter out of those).
    pub relays: bool,
}

impl Walker<'_> {
    /// Follow every walk, calling `found(to, kills, what)` for each find: the destination,
    /// and the squares of the locust victims in the order taken (or, for an unload, the square
    /// where the piece taken on the destination is put down), and what was found; stops early,
    /// returning true, when `found` returns true.
    pub fn run(
        &self,
        walks: &[Walk],
        found: &mut impl FnMut(Square, Kills, Found) -> bool,
    ) -> bool {
        walks
            .iter()
            .filter(|w| self.unmoved || !w.initial)
            .any(|w| {
                if w.plain {
                    self.leg::<false>(&w.legs, self.from, 0, 0, Kills::NONE, found)
                } else if w.unload {
                    self.leg::<true>(&w.legs, self.from, 0, 0, Kills::NONE, &mut |to, k, f| {
                        found(to, k, if f == Found::Move { Found::Unload } else { f })
                    })
                } else {
                    self.leg::<true>(&w.legs, self.from, 0, 0, Kills::NONE, found)
                }
            })
    }

    /// Walk `legs[0]` from `at`, then the rest; `RARE` for a walk with a leg with `o`, `j`,
    /// `i`, `k` or a stop on the way (the others, the common ones, are walked without looking
    /// at those). `before`: how far the leg before went; `iso`: how far the last leg before
    /// that could go more than one square went (the length an `i` leg goes, as the Diagram
    /// passes it on).
    fn leg<const RARE: bool>(
        &self,
        legs: &[Stride],
        at: Square,
        before: u8,
        iso: u8,
        victims: Kills,
        found: &mut impl FnMut(Square, Kills, Found) -> bool,
    ) -> bool {
        let Some((s, rest)) = legs.split_first() else {
            return false;
        };
        self.stride::<RARE>(s, rest, at, before, iso, victims, found)
    }

    /// Walk the leg `s` from `at`, then `rest` (in a function of its own, always inlined:
    /// the walker runs faster so).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn stride<const RARE: bool>(
        &self,
        s: &Stride,
        rest: &[Stride],
        at: Square,
        before: u8,
        iso: u8,
        victims: Kills,
        found: &mut impl FnMut(Square, Kills, Found) -> bool,
    ) -> bool {
        let limit = if s.remaining {
            match s.range.checked_sub(before) {
                Some(0) | None => return false,
                Some(n) => n,
            }
        } else if RARE && s.half {
            self.half_range(at)
        } else {
            s.range
        };
        // A `u` leg: the piece taken at the end is put down where this leg starts (a copy
        // where each of several `u` legs starts; an unload walk takes nothing on the way).
        let victims = if RARE && s.modes.unload && !victims.contains(at) {
            victims.with(at).unwrap_or(victims)
        } else {
            victims
        };
        let isolen = if RARE && s.iso { iso } else { 0 };
        // What the legs after get as `iso`: how far this leg went, if it may go further than
        // one square (a leg that takes what a hop left of a range passes `iso` on, as in the
        // Diagram).
        let pass = |gone: u8| {
            if !RARE {
                0
            } else if s.range != 1 && !s.remaining {
                gone
            } else {
                iso
            }
        };
        let end = RARE && s.modes.end;
        let g = self.geometry;
        let last = rest.is_empty();
        let (mut file, mut rank) = (g.file(at) as i32, g.rank(at) as i32);
        let mut gone = 0u8;
        // Times round the board (files one way count 1, ranks 16, as in the Diagram): back
        // on its own square after going round, the piece finds itself there.
        let mut round = 0i32;
        loop {
            if limit != 0 && gone >= limit {
                return false;
            }
            // A ride round a cylinder that never meets a piece nor its own square (a leg after
            // the first) ends once it has gone as far as the board has squares.
            if gone == u8::MAX || gone as usize >= g.len() {
                return false;
            }
            file += s.d.0 as i32;
            rank += s.d.1 as i32;
            if RARE && s.wrap != 0 {
                (file, round) = wrapped(file, g.files, round, 1);
                if s.wrap > 1 {
                    (rank, round) = wrapped(rank, g.ranks, round, 16);
                }
            }
            let Some(sq) = g.try_square(file, rank) else {
                return false;
            };
            if RARE && s.jump && !self.leaps_over_pieces(file, rank, s.d) {
                return false;
            }
            gone += 1;
            let code = if sq == self.from && round == 0 {
                0
            } else {
                self.board[sq as usize]
            };
            if code == 0 {
                // An `i` leg stops only as far as the leg before went, and no further (but
                // without `m` it goes on, as in the Diagram).
                if !s.modes.quiet || gone < isolen {
                    if RARE && s.ep && last && found(sq, victims, Found::EnPassant) {
                        return true;
                    }
                    continue;
                }
                let stop = if last {
                    found(sq, victims, Found::Move)
                } else {
                    (end && found(sq, victims, Found::Move))
                        || self.leg::<RARE>(rest, sq, gone, pass(gone), victims, found)
                };
                if stop {
                    return true;
                }
                if isolen > 0 {
                    return false;
                }
                continue;
            }
            if gone < isolen {
                return false;
            }
            let foe = code_colour(code) != self.colour;
            if RARE && s.modes.castle {
                return !foe && found(sq, victims, Found::Castle);
            }
            if RARE
                && s.modes.relay
                && !foe
                && self.relays
                && self.hand_over(rest, sq, gone, pass(gone), victims, code, found)
            {
                return true;
            }
            let takes = if foe {
                s.modes.capture || (RARE && s.royals & code_type(code).bit() != 0)
            } else {
                s.modes.destroy
            };
            if takes {
                // A piece taken on the way (a locust victim) is taken once, however often
                // the legs come back to its square. The parser allows no more victims than a
                // move has room for.
                let stop = if last || end {
                    found(sq, victims, Found::Move)
                } else {
                    let more = if victims.contains(sq) {
                        Some(victims)
                    } else {
                        victims.with(sq)
                    };
                    more.is_some_and(|v| self.leg::<RARE>(rest, sq, gone, pass(gone), v, found))
                };
                if stop {
                    return true;
                }
            }
            if s.modes.hop && !last && self.leg::<RARE>(rest, sq, gone, pass(gone), victims, found)
            {
                return true;
            }
            return false;
        }
    }
}

impl Walker<'_> {
    /// A leg with `x` ended on the friend `code` on `sq`: the last leg reports it (when of
    /// another type than the walker's piece) for the walker's piece to make its moves; an
    /// earlier one has the friend walk the legs after, its moves reported as relayed.
    #[allow(clippy::too_many_arguments)]
    #[cold]
    fn hand_over(
        &self,
        rest: &[Stride],
        sq: Square,
        gone: u8,
        iso: u8,
        victims: Kills,
        code: u8,
        found: &mut impl FnMut(Square, Kills, Found) -> bool,
    ) -> bool {
        if rest.is_empty() {
            let mover = self.board[self.from as usize];
            return code_type(code) != code_type(mover) && found(sq, victims, Found::Borrow);
        }
        let friend = Walker {
            from: sq,
            relays: false,
            ..*self
        };
        let mut relayed = |to, k, f: Found| {
            found(
                to,
                k,
                if f == Found::Move {
                    Found::Relay { from: sq }
                } else {
                    f
                },
            )
        };
        // Behind `dyn`, so that the walk of the legs after is one instance of the walker
        // whatever the caller's `found` (a closure of its own would be a new one each time).
        let mut relayed: &mut dyn FnMut(Square, Kills, Found) -> bool = &mut relayed;
        friend.leg::<true>(rest, sq, gone, iso, victims, &mut relayed)
    }

    /// How far a `*` leg goes from `at`: to the last rank of the walker's own half of the
    /// board, at least one step (as the ray tables count it).
    fn half_range(&self, at: Square) -> u8 {
        let g = self.geometry;
        let r0 = g.rank(at) as i32;
        let own = if self.colour.is_white() {
            g.ranks as i32 / 2 - r0
        } else {
            r0 - (g.ranks as i32 - 1) / 2
        };
        (own - 1).max(1) as u8
    }

    /// Are the squares a step `d` in a line leaps over, to (`file`, `rank`), all occupied or
    /// holes?
    fn leaps_over_pieces(&self, file: i32, rank: i32, d: (i8, i8)) -> bool {
        let g = self.geometry;
        let n = d.0.abs().max(d.1.abs()) as i32;
        let (dx, dy) = (d.0.signum() as i32, d.1.signum() as i32);
        (1..n).all(|k| {
            let sq = g.square((file - k * dx) as u8, (rank - k * dy) as u8);
            g.is_hole(sq) || self.board[sq as usize] != 0
        })
    }
}

/// A coordinate `c` of a board `side` squares long brought back onto it once when it ran off
/// one end, and the count of times round, `round`, moved by `by` that way.
fn wrapped(c: i32, side: u8, round: i32, by: i32) -> (i32, i32) {
    let side = side as i32;
    if c < 0 {
        (c + side, round + by)
    } else if c >= side {
        (c - side, round - by)
    } else {
        (c, round)
    }
}
