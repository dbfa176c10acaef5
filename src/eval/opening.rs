//! The opening's terms, in the middlegame only (tapered by the phase), all read from the
//! definition's start position and castling moves:
//!
//! - development: a minor piece still on a square its type starts on costs. Minor pieces are
//!   the types that start on the board, neither promote (pawns) nor are royal, and are worth
//!   less than 1.3 times the cheapest of them (the knights and bishops of chess and
//!   Capablanca, the golds of Shogi);
//! - early sorties: an expensive piece (worth at least twice the cheapest minor: the queen of
//!   chess; the queen, archbishop and chancellor of Capablanca) off its start squares costs
//!   per own minor piece still at home;
//! - castling, for a royal type with castling moves: each castling still possible
//!   ([`Position::castling_rights`]) is worth something, standing where a castling would have
//!   brought it more (its rank or the next, on the castling's target file or beyond towards the
//!   corner), and neither (every right lost without castling: a king walk) costs.
//!
//! A variant without castling gets no castling term; one whose pieces all promote or are
//! royal no development term.

use super::Evaluator;
use super::scan::{AT_HOME, SORTIE, Scan};
use crate::geometry::{Square, SquareSet};
use crate::piece::{Colour, PieceType, WHITE};
use crate::variant::Variant;

impl Evaluator {
    /// The opening's tables: per (colour, type, square) what a piece there counts as
    /// ([`AT_HOME`], [`SORTIE`]), and per colour whether its royal piece castles and where it
    /// stands castled. `values` are the types' values.
    pub(super) fn derive_opening(&mut self, v: &Variant) {
        let (nt, nsq) = (self.nt, self.nsq);
        let starts = |t: usize| !v.types[PieceType::new(t)].start[0].is_empty();
        let candidate = |t: usize| !self.promoter[t] && !self.royal[t] && starts(t);
        let cheapest = (0..nt)
            .filter(|&t| candidate(t))
            .map(|t| self.values[t])
            .min()
            .unwrap_or(0);
        let minor: Vec<bool> = (0..nt)
            .map(|t| candidate(t) && self.values[t] * 10 < cheapest * 13)
            .collect();
        let expensive: Vec<bool> = (0..nt)
            .map(|t| candidate(t) && self.values[t] >= 2 * cheapest)
            .collect();
        self.opening = vec![0; 2 * nt * nsq];
        for colour in Colour::ALL {
            let c = colour.index();
            for (t, ty) in v.types.iter().enumerate() {
                let home = &ty.start[c];
                for sq in 0..nsq {
                    let at_home = home.contains(&(sq as Square));
                    let flag = if minor[t] && at_home {
                        AT_HOME
                    } else if expensive[t] && !at_home {
                        SORTIE
                    } else {
                        0
                    };
                    self.opening[(c * nt + t) * nsq + sq] = flag;
                }
            }
        }
        let g = v.geometry;
        for colour in Colour::ALL {
            let c = colour.index();
            let mut area = SquareSet::EMPTY;
            let mut castles = false;
            for t in v.piece_types().filter(|t| self.royal[t.index()]) {
                for &k in &v.types[t].start[c] {
                    let (kf, kr) = (g.file(k) as i32, g.rank(k) as i32);
                    let next = kr + if colour == WHITE { 1 } else { -1 };
                    for (dir, dist) in v.castles(t, colour) {
                        castles = true;
                        let target = kf + dir as i32 * dist as i32;
                        for f in 0..g.files as i32 {
                            if (f - target) * dir as i32 >= 0 {
                                for r in [kr, next] {
                                    if let Some(sq) = g.try_square(f, r) {
                                        area.insert(sq);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            self.castles[c] = castles;
            self.castled_area[c] = area;
        }
    }

    /// The opening's terms (middlegame only): development, early sorties, castling.
    pub(super) fn opening(&self, s: &mut Scan) {
        for colour in Colour::ALL {
            let c = colour.index();
            let home = s.undeveloped[c];
            s.add(colour, (self.w.undeveloped, 0), -home);
            s.add(colour, (self.w.early_sortie, 0), -home * s.sorties[c]);
            let Some(k) = s.royal[c].filter(|_| self.castles[c]) else {
                continue;
            };
            let rights = s.pos.castling_rights();
            if rights.contains(k) {
                let own = rights.iter_in(s.words).filter(|&sq| s.occ[c].contains(sq));
                s.add(colour, (self.w.castling_right, 0), own.count() as i32 - 1);
            } else if self.castled_area[c].contains(k) {
                s.add(colour, (self.w.castled, 0), 1);
            } else {
                s.add(colour, (self.w.castling_lost, 0), -1);
            }
        }
    }
}
