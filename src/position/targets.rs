//! Where a piece goes and what it attacks, its side to move or not: the questions the board's
//! captions and the notation ask, answered from the move tables so that no reader outside
//! `position` and `variant` reads them.

use super::Position;
use crate::geometry::Square;
use crate::variant::step;

impl Position {
    /// Where the piece on `from` may move by its own moves (rays, hops, moves of several
    /// legs), its side to move or not, whether its royal piece would stand attacked after or
    /// not: not castling, nor moves handed to or lent by friends (`x`). Its rays' squares in
    /// order, then its walks'; empty for an empty square.
    pub fn targets_from(&self, from: Square) -> Vec<Square> {
        let mut out = Vec::new();
        self.ray_reach(from, &mut out, &mut Vec::new());
        out.extend(self.walk_targets(from));
        out
    }

    /// The squares the piece on `from` takes on, or would take on were an enemy standing
    /// there (not its friends' squares), by its own moves, as [`Position::targets_from`]
    /// orders them; empty for an empty square.
    pub fn attacks_from(&self, from: Square) -> Vec<Square> {
        let mut out = Vec::new();
        self.ray_reach(from, &mut Vec::new(), &mut out);
        out.extend(self.walk_attacks(from));
        out
    }

    /// The rays of the piece on `from`: where they move (`moves`) and where they take or
    /// would take (`attacks`).
    fn ray_reach(&self, from: Square, moves: &mut Vec<Square>, attacks: &mut Vec<Square>) {
        let Some(p) = self.piece_at(from) else {
            return;
        };
        let v = &*self.v;
        let unmoved = self.is_unmoved(from);
        for r in v.rays_for(p.colour, p.piece_type, from) {
            for s in v.ray_steps(r) {
                let f = s.flags;
                let captures = f & step::CAPTURE != 0 || (unmoved && f & step::CAPTURE_I != 0);
                let quiet = f & step::QUIET != 0 || (unmoved && f & step::QUIET_I != 0);
                let Some(target) = self.piece_at(s.to) else {
                    if captures {
                        attacks.push(s.to);
                    }
                    if quiet {
                        moves.push(s.to);
                    }
                    continue;
                };
                if target.colour != p.colour && captures {
                    attacks.push(s.to);
                    moves.push(s.to);
                }
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{bundled, fen};

    fn squares(v: &crate::variant::Variant, list: &[crate::geometry::Square]) -> Vec<String> {
        let mut out: Vec<String> = list
            .iter()
            .map(|&s| v.geometry.name(s).to_string())
            .collect();
        out.sort();
        out
    }

    /// Worked out by hand on 1. e4 e5: the knight on g1 goes to e2, f3 and h3; the bishop on
    /// f1 along its diagonal to a6 (it takes nothing, and guards nothing of the enemy's); a
    /// pawn on d2 moves to d3 and d4 and would take on c3 and e3. (Hops and walks: the move
    /// cache tests compare `walk_targets` and `walk_attacks` with the walker's.)
    #[test]
    fn targets_and_attacks_in_chess() {
        let v = bundled::load("chess").unwrap();
        let p = fen::from_fen(
            &v,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        )
        .unwrap();
        let at = |s: &str| v.geometry.parse_square(s).unwrap();
        assert_eq!(squares(&v, &p.targets_from(at("g1"))), ["e2", "f3", "h3"]);
        assert_eq!(squares(&v, &p.attacks_from(at("g1"))), ["e2", "f3", "h3"]);
        assert_eq!(
            squares(&v, &p.targets_from(at("f1"))),
            ["a6", "b5", "c4", "d3", "e2"]
        );
        assert_eq!(squares(&v, &p.targets_from(at("d2"))), ["d3", "d4"]);
        assert_eq!(squares(&v, &p.attacks_from(at("d2"))), ["c3", "e3"]);
        assert!(p.targets_from(at("d4")).is_empty());
    }
}
