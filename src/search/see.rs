//! Static exchange evaluation (SEE): what a move wins or loses on its destination when both
//! sides then take there in turn, each with its least valuable piece, each free to stop.
//! The attackers come from the variant's attack probes (the reverse probes of its pieces'
//! moves, which the legality test reads too), so every leaper, slider and lame leaper of any
//! definition counts, and a piece behind one that took joins in (an x-ray) since the squares
//! of the pieces gone are read as empty. Pins and promotions on the way are not seen.
//!
//! Pieces whose moves are walks (hoppers, moves of several legs) and pieces that lend their
//! moves are not in the probes: where the variant has any, [`Searcher::see`] answers `None`
//! and the caller falls back on a plainer test.

use super::Searcher;
use crate::geometry::{Square, SquareSet};
use crate::piece::Colour;
use crate::position::{Move, Position};

/// A royal piece's worth in an exchange: it may take last, never be taken.
const ROYAL: i32 = 100_000;
/// A capture whose exchange loses more than this is a losing one.
const LOSS: i32 = 50;
/// The longest exchange followed.
const DEPTH: usize = 32;

impl Searcher {
    /// The least valuable piece of `by` that takes on `sq` when the squares of `gone` are
    /// empty: its square and its worth in the exchange.
    fn least_attacker(
        &self,
        pos: &Position,
        sq: Square,
        (by, present): (Colour, u64),
        gone: &SquareSet,
    ) -> Option<(Square, i32)> {
        let v = pos.variant();
        let at = |q: Square| pos.piece_at(q).filter(|_| !gone.contains(q));
        let mut best: Option<(Square, i32)> = None;
        let mut consider = |i: usize, q: Square| {
            let Some(p) = at(q) else { return };
            if p.colour != by {
                return;
            }
            let (always, initial) = v.probe_masks[i];
            let bit = p.piece_type.bit();
            if always & bit != 0 || (initial & bit != 0 && pos.is_unmoved(q)) {
                let worth = self.exchange_worth(p.piece_type);
                if best.is_none_or(|(_, w)| worth < w) {
                    best = Some((q, worth));
                }
            }
        };
        for pr in v
            .probes_for(by, sq)
            .iter()
            .filter(|pr| pr.any & present != 0)
        {
            let (a, b) = (pr.start as usize, (pr.start + pr.len) as usize);
            if pr.path {
                // A lame leap: the path empty, the source holds the attacker.
                if v.probe_squares[a..b - 1].iter().all(|&q| at(q).is_none()) {
                    consider(b - 1, v.probe_squares[b - 1]);
                }
                continue;
            }
            // Outward from the target: the first piece met attacks or blocks.
            if let Some(i) = (a..b).find(|&i| at(v.probe_squares[i]).is_some()) {
                consider(i, v.probe_squares[i]);
            }
        }
        best
    }

    fn exchange_worth(&self, t: crate::piece::PieceType) -> i32 {
        match self.eval.value(t) {
            0 if self.eval.is_royal(t) => ROYAL,
            w => w,
        }
    }

    /// The static exchange evaluation of `m` for the side to move, in centipawns: what it
    /// takes, less what the exchange on its destination then costs (0 or more for a quiet
    /// move to a square the enemy cannot take on profitably). `None` where the probes do not
    /// see every attacker (walks or lent moves in the variant).
    pub(super) fn see(&self, pos: &Position, m: Move) -> Option<i32> {
        let v = pos.variant();
        if v.walk_types != 0 || v.relay_types != 0 {
            return None;
        }
        if m.to == m.from || m.is_castle() {
            return Some(self.gain(pos, m));
        }
        let mut gone = SquareSet::EMPTY;
        let mut on_square = if let Some(t) = m.dropped() {
            self.exchange_worth(t)
        } else {
            gone.insert(m.from);
            let mover = pos.piece_at(m.from)?.piece_type;
            self.exchange_worth(m.promotion().unwrap_or(mover))
        };
        for &k in m.locusts() {
            gone.insert(k);
        }
        let mut swap = [0i32; DEPTH];
        swap[0] = self.gain(pos, m);
        if let (Some(p), Some(from)) = (m.promotion(), pos.piece_at(m.from)) {
            swap[0] += self.eval.value(p) - self.eval.value(from.piece_type);
        }
        // The types each side has on the board: probes for others are skipped.
        let mut present = [0u64; 2];
        for t in v.piece_types() {
            for c in Colour::ALL {
                if pos.count(c, t) > 0 {
                    present[c.index()] |= t.bit();
                }
            }
        }
        let mut side = pos.side_to_move().other();
        let mut d = 1;
        while d < DEPTH {
            let by = (side, present[side.index()]);
            let Some((sq, worth)) = self.least_attacker(pos, m.to, by, &gone) else {
                break;
            };
            swap[d] = on_square - swap[d - 1];
            on_square = worth;
            gone.insert(sq);
            side = side.other();
            d += 1;
        }
        // Back up the list: each side takes only when taking beats stopping.
        while d > 1 {
            d -= 1;
            swap[d - 1] = -(-swap[d - 1]).max(swap[d]);
        }
        Some(swap[0])
    }

    /// Whether the exchange of `m` loses more than `-threshold` (`threshold` at most 0),
    /// with the cheap answers first: a move cannot lose more than its piece (less what it
    /// takes), nor anything on a square the enemy does not attack.
    pub(super) fn see_below(&self, pos: &Position, m: Move, threshold: i32) -> bool {
        let mover = match m.dropped() {
            Some(t) => self.eval.value(t),
            None => pos
                .piece_at(m.from)
                .map_or(0, |p| self.eval.value(p.piece_type)),
        };
        if self.gain(pos, m) - mover >= threshold
            || !pos.is_attacked(m.to, pos.side_to_move().other())
        {
            return false;
        }
        self.see(pos, m).is_some_and(|s| s < threshold)
    }

    /// Whether a capture by a piece worth `mover` of pieces worth `victim` loses more than
    /// half a pawn by its exchange (where SEE is not available: a piece taking less on a
    /// square the enemy guards).
    pub(super) fn loses(&self, pos: &Position, m: Move, mover: i32, victim: i32) -> bool {
        // The exchange costs at most the mover.
        if mover <= victim + LOSS {
            return false;
        }
        pos.is_attacked(m.to, pos.side_to_move().other())
            && self.see(pos, m).is_none_or(|s| s < -LOSS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::fen::from_fen;
    use crate::notation::parse_coordinate;

    /// The exchange of `mv` in `fen`, and the piece values it counts in (by ID).
    fn see(variant: &str, fen: &str, mv: &str) -> (i32, impl Fn(char) -> i32) {
        let v = bundled::load(variant).unwrap();
        let pos = from_fen(&v, fen).unwrap();
        let s = Searcher::new(&v, 10, Box::new(|| 0.0));
        let m = parse_coordinate(&pos, mv).unwrap();
        let exchange = s.see(&pos, m).unwrap();
        let value = move |id: char| {
            let t = v
                .types
                .iter()
                .position(|t| t.id.to_string() == id.to_string());
            s.eval.values[t.unwrap()]
        };
        (exchange, value)
    }

    /// A queen that takes a pawn a pawn guards loses the queen for the pawn.
    #[test]
    fn a_queen_taking_a_guarded_pawn_loses_it() {
        let fen = "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1";
        let (s, value) = see("chess", fen, "d2d5");
        assert_eq!(s, value('P') - value('Q'));
    }

    /// Two attackers against one defender win the pawn; the bishop behind the queen on the
    /// same diagonal joins in when the queen has taken (an x-ray).
    #[test]
    fn attackers_and_x_rays_are_counted() {
        // Knight and rook against a pawn the king guards: the pawn is won.
        let fen = "8/4k3/3p4/8/4N3/8/8/3RK3 w - - 0 1";
        let (s, value) = see("chess", fen, "e4d6");
        assert_eq!(s, value('P'));
        // Queen in front of a bishop against a pawn a knight guards: QxP NxQ BxN.
        let fen = "4k3/8/1n6/3p4/2Q5/1B6/8/4K3 w - - 0 1";
        let (s, value) = see("chess", fen, "c4d5");
        assert_eq!(s, value('P') - value('Q') + value('N'));
        // Without the bishop behind, the same capture loses the queen for pawn.
        let fen = "4k3/8/1n6/3p4/2Q5/8/8/4K3 w - - 0 1";
        let (s, value) = see("chess", fen, "c4d5");
        assert_eq!(s, value('P') - value('Q'));
    }

    /// A quiet move to a square a pawn guards costs the piece; to a safe square, nothing.
    #[test]
    fn a_quiet_move_into_a_pawns_reach_costs_the_piece() {
        let fen = "4k3/8/2p5/8/8/4N3/8/4K3 w - - 0 1";
        let (s, value) = see("chess", fen, "e3d5");
        assert_eq!(s, -value('N'));
        let (s, _) = see("chess", fen, "e3g4");
        assert_eq!(s, 0);
    }
}
