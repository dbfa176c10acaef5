//! Static exchange evaluation: what a move wins or loses on its destination once both sides
//! have taken there as long as it pays, each with its least valuable piece that takes there.
//!
//! The exchange is played out on a scratch copy of the board: after each capture the taker
//! leaves its square and stands on the destination, and the next taker is asked afresh of the
//! board as it now stands (the attack probes, the hop probes and the walker). So riders behind
//! the pieces that left join in (x-rays, a rook behind a rook or behind a pawn), a hopper
//! whose screen left no longer takes and one that gained a screen does. A royal piece takes
//! last, and only where nothing of the other side could take it back; a taker that promotes
//! or morphs on the destination counts the type it becomes (the most valuable choice). Pins
//! are ignored. The values are the caller's, per piece type.
//!
//! `None` for what it does not model: drops, castling, en passant, unloads, conversions,
//! locust moves (victims off the destination), moves that stay on their square, several moves
//! a turn, capture rules (`iron`, `protected`, `counterStrike`, `antiTrade`), imitators, and
//! a walker (a piece of several legs) that would take on the destination otherwise than by
//! landing there.

use super::attack::probe_takers;
use super::scratch::with_scratch;
use super::{Board, Colour, Move, MoveKind, Position};
use crate::geometry::Square;
use crate::piece::{PieceType, code};
use crate::variant::{code_colour, code_type};
use crate::walk::{Found, Walker};

/// The most captures an exchange follows.
const MAX_SWAPS: usize = 40;

/// A piece that takes on the exchange square: its square and type.
type Taker = (Square, PieceType);

impl Position {
    /// The static exchange evaluation of `m`, a pseudo-legal move of the side to move: what it
    /// takes less what it loses on its destination when the sides go on taking there, each
    /// with its least valuable piece and each free to stop, in the units of `value`. A quiet
    /// move scores what the piece loses by standing there (0 or less, or the promotion's
    /// gain). `None` for the moves and rules it does not model (module comment).
    pub fn see(&self, m: Move, value: impl Fn(PieceType) -> i32) -> Option<i32> {
        let v = &*self.v;
        if !self.models(m) {
            return None;
        }
        let mover = self.piece_at(m.from)?;
        let sq = m.to;
        let victim = self.piece_at(sq).map_or(0, |p| value(p.piece_type));
        let promoted = m.promotion().unwrap_or(mover.piece_type);
        let landed = v.morph_at(promoted, sq).unwrap_or(promoted);
        with_scratch(|board| {
            let n = v.geometry.len();
            board.0[..n].copy_from_slice(&self.board.0[..n]);
            board[m.from as usize] = 0;
            board[sq as usize] = code(landed, mover.colour);
            // gains[d]: what the side making the d-th capture has won, were it the last.
            let mut gains = [0i32; MAX_SWAPS];
            gains[0] = victim + value(landed) - value(mover.piece_type);
            let mut on_square = value(landed);
            let mut side = mover.colour.other();
            let mut d = 0;
            while d + 1 < MAX_SWAPS {
                let Some((q, t)) = self.least_taker(board, sq, side, &value).ok()? else {
                    break;
                };
                let becomes = self.becomes(t, q, sq, side, &value);
                let taken = board[sq as usize];
                board[q as usize] = 0;
                board[sq as usize] = code(becomes, side);
                if v.types[t].royal
                    && self
                        .least_taker(board, sq, side.other(), &value)
                        .ok()?
                        .is_some()
                {
                    // The royal piece may not take where it would be taken.
                    board[q as usize] = code(t, side);
                    board[sq as usize] = taken;
                    break;
                }
                d += 1;
                gains[d] = on_square + value(becomes) - value(t) - gains[d - 1];
                on_square = value(becomes);
                side = side.other();
            }
            while d > 0 {
                gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
                d -= 1;
            }
            Some(gains[0])
        })
    }

    /// Whether [`Position::see`] of `m` is at least `threshold`, without playing the exchange
    /// out where the first capture settles it: the victim less the mover reaches it even if
    /// the mover is taken, or the victim and the promotion's gain fall short even if it is
    /// not. `None` for the moves `see` does not model (a walker that would take otherwise
    /// than by landing is found only when the exchange is played out).
    pub fn see_ge(
        &self,
        m: Move,
        threshold: i32,
        value: impl Fn(PieceType) -> i32,
    ) -> Option<bool> {
        if !self.models(m) {
            return None;
        }
        let mover = self.piece_at(m.from)?.piece_type;
        let victim = self.piece_at(m.to).map_or(0, |p| value(p.piece_type));
        let promoted = m.promotion().unwrap_or(mover);
        let landed = self.v.morph_at(promoted, m.to).unwrap_or(promoted);
        if victim + value(landed) - value(mover) < threshold {
            return Some(false);
        }
        if victim - value(mover) >= threshold {
            return Some(true);
        }
        self.see(m, value).map(|s| s >= threshold)
    }

    /// Whether the exchange on `m`'s destination is one [`Position::see`] models: a move
    /// of one piece from its square to another, taking at most what stands there, one move
    /// a turn, no capture rules, no imitators.
    fn models(&self, m: Move) -> bool {
        let v = &*self.v;
        let tr = &v.trade;
        matches!(m.kind(), MoveKind::Normal | MoveKind::DoubleStep)
            && !m.converts()
            && !m.takes_on_the_way()
            && m.to != m.from
            && self.turn_length() == 1
            && (self.present[0] | self.present[1]) & v.imitators == 0
            && tr.iron | tr.protected | tr.counter_strike | tr.anti.iter().fold(0, |a, b| a | b)
                == 0
    }

    /// The type a piece of type `t` of `side` taking from `q` on `sq` stands there as: the
    /// most valuable of its promotions where it promotes, then morphed where its map says.
    fn becomes(
        &self,
        t: PieceType,
        q: Square,
        sq: Square,
        side: Colour,
        value: &impl Fn(PieceType) -> i32,
    ) -> PieceType {
        let v = &*self.v;
        let zone = &v.promo_zone[side.index()];
        let mut best = t;
        if v.types[t].promotes && (zone.contains(sq) || zone.contains(q)) {
            let choices = v.offset_promotion.to[t.index()]
                .into_iter()
                .chain(v.promo_choice.iter().copied().filter(|_| zone.contains(sq)));
            let forced = v.offset_promotion.to[t.index()].is_none();
            let mut top: Option<PieceType> = None;
            for c in choices {
                if top.is_none_or(|b| value(c) > value(b)) {
                    top = Some(c);
                }
            }
            if let Some(c) = top
                && (forced || value(c) > value(t))
            {
                best = c;
            }
        }
        v.morph_at(best, sq).unwrap_or(best)
    }

    /// The least valuable piece of `by` that takes on `sq` on `board` (royal pieces last):
    /// `Err` where a walker would take there otherwise than by landing on it.
    fn least_taker(
        &self,
        board: &Board,
        sq: Square,
        by: Colour,
        value: &impl Fn(PieceType) -> i32,
    ) -> Result<Option<Taker>, ()> {
        let v = &*self.v;
        let present = self.present[by.index()];
        // (royal, value) orders the takers: a royal piece after every other.
        let mut best: Option<(Taker, (bool, i32))> = None;
        let mut offer = |q: Square, t: PieceType| {
            let key = (v.types[t].royal, value(t));
            if best.is_none_or(|(_, k)| key < k) {
                best = Some(((q, t), key));
            }
        };
        probe_takers(v, board, &self.unmoved, present, sq, by, |q, c| {
            offer(q, code_type(c));
            false
        });
        if present & v.walker_types != 0 {
            for (q, t) in self.walkers_taking(board, sq, by)? {
                offer(q, t);
            }
        }
        Ok(best.map(|(taker, _)| taker))
    }

    /// The pieces of `by` whose walks (those the hop cache does not hold) land on `sq`,
    /// taking what stands there; `Err` where one takes there another way (a locust victim,
    /// an unload, a move handed over or lent).
    #[cold]
    fn walkers_taking(&self, board: &Board, sq: Square, by: Colour) -> Result<Vec<Taker>, ()> {
        let v = &*self.v;
        let g = v.geometry;
        let mut out = Vec::new();
        for from in self.occ[by.index()].iter() {
            let c = board[from as usize];
            if c == 0 || code_colour(c) != by || v.walker_types & code_type(c).bit() == 0 {
                continue;
            }
            let t = code_type(c);
            let (dx, dy) = (
                g.file(sq) as i32 - g.file(from) as i32,
                g.rank(sq) as i32 - g.rank(from) as i32,
            );
            if !v.walker_reach[t.index()][by.index()].contains(dx, dy) {
                continue;
            }
            let walker = Walker {
                geometry: g,
                board,
                from,
                colour: by,
                unmoved: self.unmoved.contains(from),
                relays: true,
            };
            let (mut lands, mut other) = (false, false);
            walker.run(&v.walker[t.index()][by.index()], &mut |to, kills, what| {
                match what {
                    Found::Move if to == sq && kills.is_empty() => lands = true,
                    Found::Move | Found::Relay { .. } | Found::Unload
                        if to == sq || kills.contains(sq) =>
                    {
                        other = true
                    }
                    Found::Borrow => other = true,
                    _ => {}
                }
                lands && other
            });
            if other {
                return Err(());
            }
            if lands {
                out.push((from, t));
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests;
