//! The pawns' structure (types named pawn that promote) by files: doubled, isolated and
//! passed (none of the enemy's ahead of it on its file or the next, the more the nearer it is
//! to promotion); and the royal piece's shelter: home, behind pawns, in the middlegame.

use super::scan::{MAX_FILES, Scan};
use super::{DOUBLED, Evaluator, ISOLATED, PASSED_PER_RANK2, ROYAL_ADVANCE, SHIELD};
use crate::piece::{Colour, WHITE};

impl Evaluator {
    /// Doubled, isolated and passed pawns, file by file.
    pub(super) fn pawn_structure(&self, s: &mut Scan) {
        let files = self.files.min(MAX_FILES);
        for colour in Colour::ALL {
            let (c, o) = (colour.index(), colour.other().index());
            for f in 0..files {
                let n = s.count[c][f] as i32;
                if n == 0 {
                    continue;
                }
                let near = || f.saturating_sub(1)..=(f + 1).min(files - 1);
                if n > 1 {
                    s.add(colour, DOUBLED, -(n - 1));
                }
                if near().filter(|&x| x != f).all(|x| s.count[c][x] == 0) {
                    s.add(colour, ISOLATED, -n);
                }
                // The front pawn of the file is passed when no enemy pawn is ahead of it on
                // its file or the next.
                let front = if colour == WHITE {
                    s.high[c][f]
                } else {
                    s.low[c][f]
                } as i32;
                let passed = near().all(|x| {
                    s.count[o][x] == 0
                        || if colour == WHITE {
                            (s.high[o][x] as i32) <= front
                        } else {
                            (s.low[o][x] as i32) >= front
                        }
                });
                if passed {
                    let r = self.rank_from(colour, front);
                    s.add(colour, PASSED_PER_RANK2, r * r);
                }
            }
        }
    }

    /// The royal piece: home, behind pawns, in the middlegame.
    pub(super) fn royal_shelter(&self, s: &mut Scan) {
        let files = self.files.min(MAX_FILES) as i32;
        for colour in Colour::ALL {
            let Some(k) = s.royal[colour.index()] else {
                continue;
            };
            let (kf, kr) = (s.g.file(k) as i32, s.g.rank(k) as i32);
            s.add(
                colour,
                (ROYAL_ADVANCE, 0),
                -self.rank_from(colour, kr).min(3),
            );
            let ahead = kr + if colour == WHITE { 1 } else { -1 };
            if (0..self.ranks).contains(&ahead) {
                for f in (kf - 1).max(0)..=(kf + 1).min(files - 1) {
                    let sq = s.g.square(f as u8, ahead as u8);
                    let own = s.pos.piece_at(sq).filter(|p| p.colour == colour);
                    if own.is_some_and(|p| self.pawn[p.piece_type.index()]) {
                        s.add(colour, (SHIELD, 0), 1);
                    }
                }
            }
        }
    }
}
