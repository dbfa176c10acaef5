//! The pawns' structure (types named pawn that promote) by files: doubled, isolated and
//! passed (none of the enemy's ahead of it on its file or the next, the more the nearer it is
//! to promotion, and in the endgame the farther the enemy royal piece and the nearer its
//! own); and the royal piece's shelter: home, behind pawns on its file and the next (their
//! files open or stormed by enemy pawns cost), in the middlegame.

use super::Evaluator;
use super::scan::{MAX_FILES, Scan};
use crate::geometry::Square;
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
                    s.add(colour, self.w.doubled, -(n - 1));
                }
                if near().filter(|&x| x != f).all(|x| s.count[c][x] == 0) {
                    s.add(colour, self.w.isolated, -n);
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
                    s.add(colour, self.w.passed_per_rank2, r * r);
                    self.passed_endgame(s, colour, f, front, r);
                }
            }
        }
    }

    /// A passed pawn on file `f`, rank `rank` (`r` from its side) in the endgame, past the
    /// middle of the board: the enemy royal piece far from the square ahead of it and its
    /// own near, and that square empty and unattacked.
    fn passed_endgame(&self, s: &mut Scan, colour: Colour, f: usize, rank: i32, r: i32) {
        let w = r - (self.ranks / 2 - 1);
        let ahead = rank + if colour == WHITE { 1 } else { -1 };
        let Some(sq) = s.g.try_square(f as i32, ahead).filter(|_| w > 0) else {
            return;
        };
        let distance = |k: Option<Square>| {
            k.map_or(0, |k| {
                let df = (s.g.file(k) as i32 - f as i32).abs();
                let dr = (s.g.rank(k) as i32 - ahead).abs();
                df.max(dr).min(5)
            })
        };
        let (c, o) = (colour.index(), colour.other().index());
        let mut bonus = self.w.passed_enemy_royal * distance(s.royal[o])
            - self.w.passed_own_royal * distance(s.royal[c]);
        if !s.all.contains(sq) && !s.attacks[o].contains(sq) && !s.pawn_attacks[o].contains(sq) {
            bonus += self.w.passed_free;
        }
        s.add(colour, (0, bonus), w);
    }

    /// The royal piece: home, behind pawns on its file and the next, their files neither
    /// open nor stormed, in the middlegame.
    pub(super) fn royal_shelter(&self, s: &mut Scan) {
        let files = self.files.min(MAX_FILES) as i32;
        for colour in Colour::ALL {
            let Some(k) = s.royal[colour.index()] else {
                continue;
            };
            let (kf, kr) = (s.g.file(k) as i32, s.g.rank(k) as i32);
            s.add(
                colour,
                (self.w.royal_advance, 0),
                -self.rank_from(colour, kr).min(3),
            );
            let forward = if colour == WHITE { 1 } else { -1 };
            for f in (kf - 1).max(0)..=(kf + 1).min(files - 1) {
                // Own pawns one and two ranks ahead.
                for (ahead, weight) in [(1, self.w.shield), (2, self.w.shelter_second)] {
                    let r = kr + ahead * forward;
                    if (0..self.ranks).contains(&r) {
                        let sq = s.g.square(f as u8, r as u8);
                        let own = s.pos.piece_at(sq).filter(|p| p.colour == colour);
                        if own.is_some_and(|p| self.pawn[p.piece_type.index()]) {
                            s.add(colour, (weight, 0), 1);
                        }
                    }
                }
                self.shelter_file(s, colour, f as usize, kr);
            }
        }
    }

    /// File `f` by `colour`'s royal piece on rank `kr`: open when none of its own pawns
    /// stands ahead of it there, stormed by the nearest enemy pawn two to four ranks ahead.
    fn shelter_file(&self, s: &mut Scan, colour: Colour, f: usize, kr: i32) {
        let (c, o) = (colour.index(), colour.other().index());
        // Ranks ahead of the royal piece, from its side: the file's own pawn farthest
        // ahead, the enemy pawn nearest.
        let (own, enemy) = if colour == WHITE {
            (s.high[c][f] as i32 - kr, s.low[o][f] as i32 - kr)
        } else {
            (kr - s.low[c][f] as i32, kr - s.high[o][f] as i32)
        };
        if s.count[c][f] == 0 || own <= 0 {
            s.add(colour, (self.w.shelter_open, 0), -1);
        }
        if s.count[o][f] > 0 && (2..=4).contains(&enemy) {
            s.add(colour, (self.w.storm, 0), -(5 - enemy));
        }
    }
}
