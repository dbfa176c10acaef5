//! Hops from the hop cache ([`crate::variant::Hop`]): the moves of a hopper along its lines,
//! and the attack test walked back from a target square.

use super::{Board, Colour, Kills, Move, MoveKind, Position};
use crate::geometry::Square;
use crate::piece::PieceType;
use crate::variant::{Hop, Variant, code_colour, code_type};

/// The index of the first piece on `line[from..to]`, if any.
#[inline(always)]
fn first_piece(board: &Board, line: &[Square], from: usize, to: usize) -> Option<usize> {
    (from..to).find(|&i| board[line[i] as usize] != 0)
}

/// Where the hop `h` along `line` lands on `board`: each square it may reach beyond the screen,
/// with the piece code there (0 for empty; a piece ends the list).
#[inline(always)]
fn landings<'a>(
    board: &'a Board,
    h: &Hop,
    line: &'a [Square],
) -> impl Iterator<Item = (Square, u8)> + 'a {
    let reach = if h.before == 0 {
        line.len()
    } else {
        line.len().min(h.before as usize)
    };
    let (first, end) = match first_piece(board, line, 0, reach) {
        Some(screen) => {
            let end = if h.after == 0 {
                line.len()
            } else {
                line.len().min(screen + 1 + h.after as usize)
            };
            (screen + 1, end)
        }
        None => (0, 0),
    };
    let mut open = true;
    line[first..end].iter().map_while(move |&to| {
        let c = board[to as usize];
        let go = open;
        open = c == 0;
        go.then_some((to, c))
    })
}

impl Position {
    /// The hops of the piece on `from` of type `t` (its own, or a type whose moves it
    /// borrows), promoting if `promotes`, appended to `out`; with `meets`, none to a square
    /// `out[first..]` already goes to (a ray's move, or a castling move, comes first).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn hop_moves(
        &self,
        from: Square,
        t: PieceType,
        promotes: bool,
        captures_only: bool,
        first: usize,
        meets: bool,
        out: &mut Vec<Move>,
    ) {
        let v = &*self.v;
        let us = self.side;
        let zone = &v.promo_zone[us.index()];
        for h in v.hops_for(us, t, from) {
            for (to, c) in landings(&self.board, h, v.hop_line(h.start, h.len)) {
                let allowed = if c == 0 {
                    h.quiet
                        && (!captures_only
                            || (promotes && (zone.contains(to) || zone.contains(from))))
                } else {
                    h.capture && code_colour(c) != us
                };
                if !allowed {
                    continue;
                }
                let m = Move::new(from, to, MoveKind::Normal, c, Kills::NONE);
                if meets {
                    let mut more = Vec::new();
                    self.push(&mut more, m, promotes);
                    for m in more {
                        if !out[first..]
                            .iter()
                            .any(|n| n.to == m.to && n.promo() == m.promo())
                        {
                            out.push(m);
                        }
                    }
                } else {
                    self.push(out, m, promotes);
                }
            }
        }
    }
}

/// Visits each hopper of `by` that takes on `sq` (which holds a piece, or would be taken if
/// one stood there) as `visit(its square, its code)`, until `visit` returns true; returns
/// whether one did. `present`: a superset of `by`'s types on the board.
#[inline(always)]
pub(super) fn hop_takers(
    v: &Variant,
    board: &Board,
    present: u64,
    sq: Square,
    by: Colour,
    mut visit: impl FnMut(Square, u8) -> bool,
) -> bool {
    v.hop_probes_for(by, sq).iter().any(|p| {
        if p.types & present == 0 {
            return false;
        }
        let line = v.hop_line(p.start, p.len);
        let reach = if p.after == 0 {
            line.len()
        } else {
            line.len().min(p.after as usize)
        };
        let Some(screen) = first_piece(board, line, 0, reach) else {
            return false;
        };
        let far = if p.before == 0 {
            line.len()
        } else {
            line.len().min(screen + 1 + p.before as usize)
        };
        first_piece(board, line, screen + 1, far).is_some_and(|i| {
            let c = board[line[i] as usize];
            code_colour(c) == by && p.types & code_type(c).bit() != 0 && visit(line[i], c)
        })
    })
}

/// Do the hops of type `t`, for the piece of `by` on `from`, take on `sq` (which holds a
/// piece)?
pub(super) fn hops_take_on(
    v: &Variant,
    board: &Board,
    from: Square,
    t: PieceType,
    by: Colour,
    sq: Square,
) -> bool {
    v.hops_for(by, t, from).iter().any(|h| {
        h.capture
            && landings(board, h, v.hop_line(h.start, h.len))
                .any(|(to, c)| to == sq && c != 0 && code_colour(c) != by)
    })
}
