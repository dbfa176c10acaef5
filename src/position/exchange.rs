//! Static exchange evaluation: what a capture wins or loses once both sides have recaptured
//! on its destination as long as it pays, each with its least valuable attacker, riders
//! behind the pieces that left joining in (x-rays). The attackers are found by the attack
//! probes and the hop probes, on the board with the pieces that took vacated; the values
//! are the caller's. Moves and variants it does not model are answered `None`.

use super::{Colour, Move, Position};
use crate::geometry::Square;
use crate::piece::PieceType;
use crate::variant::{code_colour, code_type};

/// The most captures an exchange follows (more pieces than that never bear on one square).
const MAX_SWAPS: usize = 32;

/// The board as the exchange leaves it: the pieces that took have left their squares.
struct Vacated<'a> {
    pos: &'a Position,
    left: [Square; MAX_SWAPS],
    n: usize,
}

impl Vacated<'_> {
    /// The piece code on `sq` (0 for empty or vacated).
    #[inline]
    fn at(&self, sq: Square) -> u8 {
        if self.left[..self.n].contains(&sq) {
            0
        } else {
            self.pos.board[sq as usize]
        }
    }

    /// The least valuable piece of `by` that takes on `sq` by its rays, leaps or hops, with
    /// its square and value.
    fn least_attacker(
        &self,
        sq: Square,
        by: Colour,
        value: &impl Fn(PieceType) -> i32,
    ) -> Option<(Square, PieceType, i32)> {
        let v = &*self.pos.v;
        let present = self.pos.present[by.index()];
        let mut best: Option<(Square, PieceType, i32)> = None;
        let mut offer = |q: Square, t: PieceType| {
            let x = value(t);
            if best.is_none_or(|b| x < b.2) {
                best = Some((q, t, x));
            }
        };
        let unmoved = |q: Square| self.pos.unmoved.contains(q);
        for pr in v.probes_for(by, sq) {
            if pr.any & present == 0 {
                continue;
            }
            let a = pr.start as usize;
            let b = a + pr.len as usize;
            if pr.path {
                let src = v.probe_squares[b - 1];
                let c = self.at(src);
                if c != 0
                    && code_colour(c) == by
                    && super::attack::probe_hit(v, b - 1, c, unmoved(src))
                    && v.probe_squares[a..b - 1].iter().all(|&q| self.at(q) == 0)
                {
                    offer(src, code_type(c));
                }
                continue;
            }
            for i in a..b {
                let q = v.probe_squares[i];
                let c = self.at(q);
                if c != 0 {
                    if code_colour(c) == by && super::attack::probe_hit(v, i, c, unmoved(q)) {
                        offer(q, code_type(c));
                    }
                    break;
                }
            }
        }
        if present & v.hop_types != 0 {
            for p in v.hop_probes_for(by, sq) {
                if p.types & present == 0 {
                    continue;
                }
                let line = v.hop_line(p.start, p.len);
                let reach = if p.after == 0 {
                    line.len()
                } else {
                    line.len().min(p.after as usize)
                };
                let Some(screen) = (0..reach).find(|&i| self.at(line[i]) != 0) else {
                    continue;
                };
                let far = if p.before == 0 {
                    line.len()
                } else {
                    line.len().min(screen + 1 + p.before as usize)
                };
                if let Some(i) = (screen + 1..far).find(|&i| self.at(line[i]) != 0) {
                    let c = self.at(line[i]);
                    if code_colour(c) == by && p.types & code_type(c).bit() != 0 {
                        offer(line[i], code_type(c));
                    }
                }
            }
        }
        best
    }
}

impl Position {
    /// The static exchange evaluation of `m`, a legal capture of the side to move: what it
    /// takes less what it loses when the sides go on taking on its destination, each with
    /// its least valuable attacker and each free to stop, in the units of `value` (per piece
    /// type; a promotion counts the type it becomes). A royal piece takes only where no enemy
    /// attacker is left. `None` for what it does not model: a move that takes nothing on its
    /// destination, en passant, locust and unloading moves, conversions, drops, a recapture
    /// that would promote or morph, moves of several in a turn, capture rules (`iron`,
    /// `protected`, `counterStrike`, `antiTrade`), and pieces whose captures only the
    /// walker or the imitation finds.
    pub fn see(&self, m: Move, value: impl Fn(PieceType) -> i32) -> Option<i32> {
        let v = &*self.v;
        let present = self.present[0] | self.present[1];
        let tr = &v.trade;
        let exotic = m.is_drop()
            || m.is_ep()
            || m.is_castle()
            || m.converts()
            || m.takes_on_the_way()
            || m.unload().is_some()
            || m.to == m.from
            || present & (v.walker_types | v.imitators) != 0
            || tr.iron | tr.protected | tr.counter_strike | tr.anti.iter().fold(0, |a, b| a | b)
                != 0
            || self.turn_length() != 1;
        if exotic {
            return None;
        }
        let victim = self.piece_at(m.to)?;
        let mover = self.piece_at(m.from)?.piece_type;
        let sq = m.to;
        let landed = m.promotion().unwrap_or(mover);
        if v.morph_at(landed, sq).is_some() {
            return None;
        }
        let mut ex = Vacated {
            pos: self,
            left: [0; MAX_SWAPS],
            n: 1,
        };
        ex.left[0] = m.from;
        // gains[d]: what the side making the d-th capture has won so far, were it the last.
        let mut gains = [0i32; MAX_SWAPS];
        gains[0] = value(victim.piece_type) + value(landed) - value(mover);
        let mut on_square = value(landed);
        let mut side = self.side.other();
        let mut d = 0;
        while d + 1 < MAX_SWAPS {
            let Some((q, t, x)) = ex.least_attacker(sq, side, &value) else {
                break;
            };
            let zone = &v.promo_zone[side.index()];
            if (v.types[t].promotes && (zone.contains(sq) || zone.contains(q)))
                || v.morph_at(t, sq).is_some()
            {
                return None;
            }
            if v.types[t].royal {
                // The royal piece takes only if nothing could take it back.
                ex.left[ex.n] = q;
                ex.n += 1;
                let answered = ex.least_attacker(sq, side.other(), &value).is_some();
                ex.n -= 1;
                if answered {
                    break;
                }
            }
            d += 1;
            gains[d] = on_square - gains[d - 1];
            ex.left[ex.n] = q;
            ex.n += 1;
            on_square = x;
            side = side.other();
            // Neither side can do better by going on (the standard early exit).
            if gains[d].max(-gains[d - 1]) < 0 {
                break;
            }
        }
        while d > 0 {
            gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
            d -= 1;
        }
        Some(gains[0])
    }
}

#[cfg(test)]
mod tests;
