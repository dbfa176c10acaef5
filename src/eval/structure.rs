//! The pawns' structure (types named pawn that promote) by files: doubled, isolated and
//! passed (none of the enemy's ahead of it on its file or the next, the more the nearer it is
//! to promotion, and in the endgame the farther the enemy royal piece and the nearer its
//! own); and the royal piece's safety in the middlegame: home, sheltered by its own pawns
//! file by file, not stormed by the enemy's, and the danger of the enemy's attacks on its
//! neighbourhood (gathered by `scan.rs`, with the weak squares there added).

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

    /// The royal piece in the middlegame: home, sheltered by its pawns, not stormed by the
    /// enemy's; and the danger of the enemy's attacks on its neighbourhood.
    pub(super) fn royal_shelter(&self, s: &mut Scan) {
        for colour in Colour::ALL {
            let Some(k) = s.royal[colour.index()] else {
                continue;
            };
            let kr = s.g.rank(k) as i32;
            s.add(
                colour,
                (self.w.royal_advance, 0),
                -self.rank_from(colour, kr).min(3),
            );
            let shelter = self.shelter(s, colour, k);
            s.add(colour, (shelter, 0), 1);
            let danger = self.danger(s, colour.other(), k);
            s.add(colour.other(), (danger, 0), 1);
        }
    }

    /// The shelter of `colour`'s royal piece on `k`, file by file over its file and the two
    /// beside it (the three nearest the edge for a royal piece on the edge): its own pawn
    /// nearest in front of it (or beside it) is worth `shield` one rank ahead,
    /// `shelter_second` two ranks ahead, nothing farther, and none costs `shelter_open`; the
    /// enemy's pawn nearest in front of it costs `storm` (or `storm_blocked` with our pawn
    /// just in front of it) times 1, 3, 2, 1 at 1, 2, 3, 4 ranks. Middlegame centipawns.
    /// From the file tables of [`Scan`]: with three pawns or more on a file, the middle ones
    /// are not seen.
    pub(super) fn shelter(&self, s: &Scan, colour: Colour, k: Square) -> i32 {
        let files = self.files.min(MAX_FILES) as i32;
        let (kf, kr) = (s.g.file(k) as i32, s.g.rank(k) as i32);
        if kf >= files {
            return 0;
        }
        let (c, o) = (colour.index(), colour.other().index());
        let up = colour == WHITE;
        let centre = kf.min(files - 2).max(1);
        let mut score = 0;
        for f in (centre - 1).max(0)..=(centre + 1).min(files - 1) {
            let f = f as usize;
            let own = nearest_ahead(s, c, f, kr, up, 0);
            score += match own.map(|d| d.max(1)) {
                Some(1) => self.w.shield,
                Some(2) => self.w.shelter_second,
                Some(_) => 0,
                None => -self.w.shelter_open,
            };
            if let Some(e) = nearest_ahead(s, o, f, kr, up, 1) {
                let units = [0, 1, 3, 2, 1].get(e as usize).copied().unwrap_or(0);
                let blocked = own.is_some_and(|d| d + 1 == e);
                score -= units
                    * if blocked {
                        self.w.storm_blocked
                    } else {
                        self.w.storm
                    };
            }
        }
        score
    }

    /// The danger to the royal piece on `k` from `colour`'s attacks, in middlegame
    /// centipawns: the attacks on its neighbourhood (weighted by the attackers' values, from
    /// [`Scan`]), plus `weak_zone` for each square there the enemy attacks and no pawn or
    /// piece but the royal guards, less `danger_without_strongest` when `colour` has none of
    /// its most valuable type left; squared, times `danger_scale / 16`, up to `danger_cap`,
    /// and only when two or more pieces take part.
    pub(super) fn danger(&self, s: &Scan, colour: Colour, k: Square) -> i32 {
        let (c, o) = (colour.index(), colour.other().index());
        if s.attackers[c] < 2 {
            return 0;
        }
        let zone = &self.zone[k as usize];
        let weak: u32 = (0..s.words)
            .map(|w| {
                let hit = s.attacks[c].0[w] | s.pawn_attacks[c].0[w];
                let guarded = s.guards[o].0[w] | s.pawn_attacks[o].0[w];
                (zone.0[w] & hit & !guarded).count_ones()
            })
            .sum();
        let mut danger = s.danger[c] + self.w.weak_zone * weak as i32;
        if let Some(t) = self.strongest {
            let hand = s.pos.hands().get(c * self.nt + t.index()).copied();
            if s.pos.count(colour, t) + hand.unwrap_or(0) == 0 {
                danger -= self.w.danger_without_strongest;
            }
        }
        let danger = danger.max(0);
        (danger * danger * self.w.danger_scale / 16).min(self.w.danger_cap)
    }
}

/// The rank distance from `rank` of colour `c`'s pawn on file `f` nearest ahead of it (to
/// higher ranks when `up`), at least `min` ranks ahead: read from the file's lowest and
/// highest pawns.
fn nearest_ahead(s: &Scan, c: usize, f: usize, rank: i32, up: bool, min: i32) -> Option<i32> {
    if s.count[c][f] == 0 {
        return None;
    }
    let (low, high) = (s.low[c][f] as i32, s.high[c][f] as i32);
    let ends = if up {
        [low - rank, high - rank]
    } else {
        [rank - high, rank - low]
    };
    ends.into_iter().find(|&d| d >= min)
}

#[cfg(test)]
mod tests;
