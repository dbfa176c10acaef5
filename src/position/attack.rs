//! Attack tests on a board: the reverse probes of single-leg pieces, and the walker for
//! pieces with walks (hoppers, moves of several legs).

use super::hops::{hop_takers, hops_take_on};
use super::{Board, Colour};
use crate::geometry::{Square, SquareSet};
use crate::piece::PieceType;
use crate::variant::{Variant, code, code_colour, code_type, step};
use crate::walk::{Found, Walker};

/// Does piece `c` standing on probe square `i` capture on the probe's target?
#[inline]
pub(super) fn probe_hit(v: &Variant, i: usize, c: u8, unmoved: bool) -> bool {
    let tb = code_type(c).bit();
    let (always, initial) = v.probe_masks[i];
    always & tb != 0 || (initial & tb != 0 && unmoved)
}

/// Is `sq` attacked by colour `by` on `board`? `present` is a superset of the attacker's
/// piece types (probes for absent types are skipped).
#[inline(never)]
pub(super) fn attacked_on(
    v: &Variant,
    board: &Board,
    unmoved: &SquareSet,
    (present, pieces): (u64, &SquareSet),
    sq: Square,
    by: Colour,
) -> bool {
    probe_takers(v, board, unmoved, present, sq, by, |_, _| true)
        || (present & v.walker_types != 0 && walked_on(v, board, unmoved, pieces, sq, by, false))
}

/// Visits each piece of `by` that takes on `sq` (which holds a piece, or would be taken if
/// one stood there) by a single-leg move (the reverse probes) or a hop of the hop cache, as
/// `visit(its square, its code)`, until `visit` returns true; returns whether one did.
/// Walks outside the hop cache are not visited (see `walked_on`). `present` is a superset of
/// `by`'s types on the board.
#[inline(always)]
pub(super) fn probe_takers(
    v: &Variant,
    board: &Board,
    unmoved: &SquareSet,
    present: u64,
    sq: Square,
    by: Colour,
    mut visit: impl FnMut(Square, u8) -> bool,
) -> bool {
    for pr in v.probes_for(by, sq) {
        if pr.any & present == 0 {
            continue;
        }
        let a = pr.start as usize;
        let b = a + pr.len as usize;
        if pr.path {
            // A lame leap: the piece at the end, every square before it empty.
            let src = v.probe_squares[b - 1];
            let c = board[src as usize];
            if c != 0
                && code_colour(c) == by
                && probe_hit(v, b - 1, c, unmoved.contains(src))
                && v.probe_squares[a..b - 1]
                    .iter()
                    .all(|&q| board[q as usize] == 0)
                && visit(src, c)
            {
                return true;
            }
            continue;
        }
        // A ray: its first piece.
        let squares = &v.probe_squares[a..b];
        let masks = &v.probe_masks[a..b];
        for (&q, &(always, initial)) in squares.iter().zip(masks) {
            let c = board[q as usize];
            if c != 0 {
                if code_colour(c) == by {
                    let tb = code_type(c).bit();
                    if (always & tb != 0 || (initial & tb != 0 && unmoved.contains(q)))
                        && visit(q, c)
                    {
                        return true;
                    }
                }
                break;
            }
        }
    }
    present & v.hop_types != 0 && hop_takers(v, board, present, sq, by, visit)
}

/// Does a piece of `by` with walks (hoppers, moves of several legs) take on `sq`? `pieces` is
/// a superset of the squares `by`'s pieces stand on. The walks are followed with a stand-in
/// enemy on `sq` when it is empty, so that the square counts as attacked where a piece
/// standing there would be taken. With `all`, every walk is followed (those of the hop cache
/// too), else those the cache does not hold.
#[cold]
fn walked_on(
    v: &Variant,
    board: &Board,
    unmoved: &SquareSet,
    pieces: &SquareSet,
    sq: Square,
    by: Colour,
    all: bool,
) -> bool {
    let g = v.geometry;
    let (types, reach) = match all {
        true => (v.walk_types, &v.walk_reach),
        false => (v.walker_types, &v.walker_reach),
    };
    let walkers = pieces.iter().filter(|&from| {
        let c = board[from as usize];
        c != 0
            && code_colour(c) == by
            && types & code_type(c).bit() != 0
            && reach[code_type(c).index()][by.index()].contains(
                g.file(sq) as i32 - g.file(from) as i32,
                g.rank(sq) as i32 - g.rank(from) as i32,
            )
    });
    let mut stand_in: Option<Box<Board>> = None;
    for from in walkers {
        let probe = if board[sq as usize] != 0 {
            board
        } else {
            stand_in.get_or_insert_with(|| {
                // A royal stand-in where there is one (a `k` move takes only those).
                let t = v.types.iter().position(|t| t.royal).unwrap_or(0);
                let mut b = Box::new(*board);
                b[sq as usize] = code(PieceType::new(t), by.other());
                b
            })
        };
        let t = code_type(board[from as usize]);
        if walks_take_on(v, probe, unmoved, from, t, by, sq, true, all) {
            return true;
        }
    }
    false
}

/// Do the walks of type `t`, for the piece of `by` on `from`, take on `sq` (which holds a
/// piece)? With `relays`, legs with `x` hand over: to the friend that makes the legs after,
/// or lending the piece the moves of the friend a last leg sees. With `all`, every walk is
/// followed, else those the hop cache does not hold.
#[allow(clippy::too_many_arguments)]
fn walks_take_on(
    v: &Variant,
    board: &Board,
    unmoved: &SquareSet,
    from: Square,
    t: PieceType,
    by: Colour,
    sq: Square,
    relays: bool,
    all: bool,
) -> bool {
    let walks = if all { &v.walks } else { &v.walker };
    let walker = Walker {
        geometry: v.geometry,
        board,
        from,
        colour: by,
        unmoved: unmoved.contains(from),
        relays,
    };
    walker.run(
        &walks[t.index()][by.index()],
        &mut |to, kills, what| match what {
            Found::Move | Found::Relay { .. } => to == sq || kills.contains(sq),
            Found::Unload => to == sq,
            Found::EnPassant | Found::Castle => false,
            Found::Borrow => lent_take_on(
                v,
                board,
                unmoved,
                from,
                code_type(board[to as usize]),
                by,
                sq,
            ),
        },
    )
}

/// Do the moves type `t` lends the piece of `by` on `from` (by `x`) take on `sq` (which holds
/// a piece)? Its rays and its walks, without handing over again.
#[cold]
fn lent_take_on(
    v: &Variant,
    board: &Board,
    unmoved: &SquareSet,
    from: Square,
    t: PieceType,
    by: Colour,
    sq: Square,
) -> bool {
    let unm = unmoved.contains(from);
    let on_ray = v.rays_for(by, t, from).iter().any(|r| {
        for st in v.ray_steps(r) {
            if board[st.to as usize] != 0 {
                return st.to == sq
                    && (st.flags & step::CAPTURE != 0 || (unm && st.flags & step::CAPTURE_I != 0));
            }
        }
        false
    });
    on_ray
        || (v.hop_types & t.bit() != 0 && hops_take_on(v, board, from, t, by, sq))
        || (v.walker_types & t.bit() != 0
            && walks_take_on(v, board, unmoved, from, t, by, sq, false, false))
}

impl super::Position {
    /// Where the piece on `from` may go by its walks, its side to move or not, whether its
    /// own royal piece would stand attacked after or not (the caption's count for a piece
    /// whose side is not to move); not moves handed to or lent by friends (`x`).
    pub fn walk_targets(&self, from: Square) -> Vec<Square> {
        let v = &self.v;
        let Some((t, by)) = self.walking(from) else {
            return Vec::new();
        };
        let walker = Walker {
            geometry: v.geometry,
            board: &self.board,
            from,
            colour: by,
            unmoved: self.unmoved.contains(from),
            relays: false,
        };
        let mut out = Vec::new();
        walker.run(&v.walks[t.index()][by.index()], &mut |to, _, what| {
            if matches!(what, Found::Move | Found::Unload) && !out.contains(&to) {
                out.push(to);
            }
            false
        });
        out
    }

    /// The squares the piece on `from` takes on by its walks (hops, moves of several legs),
    /// or would take on were an enemy standing there: what its rays do not show. Empty for a
    /// piece without walks, or an empty square.
    pub fn walk_attacks(&self, from: Square) -> Vec<Square> {
        let v = &self.v;
        let Some((_, by)) = self.walking(from) else {
            return Vec::new();
        };
        let mut only = SquareSet::EMPTY;
        only.insert(from);
        let g = v.geometry;
        (0..g.len())
            .map(|i| i as Square)
            .filter(|&sq| sq != from && !g.is_hole(sq))
            .filter(|&sq| {
                let target = self.board[sq as usize];
                (target == 0 || code_colour(target) != by)
                    && walked_on(v, &self.board, &self.unmoved, &only, sq, by, true)
            })
            .collect()
    }

    /// The type and colour of the piece on `from`, when it has walks.
    fn walking(&self, from: Square) -> Option<(PieceType, Colour)> {
        let c = self.board[from as usize];
        (c != 0 && self.v.walk_types & code_type(c).bit() != 0)
            .then(|| (code_type(c), code_colour(c)))
    }
}
