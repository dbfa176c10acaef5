//! Static evaluation: material with piece values estimated from each type's moves, plus a
//! centralisation term from the move tables.
//!
//! A piece's value comes from its mobility sampled on random boards (a third of the squares
//! occupied, half of those by enemies): the average number of squares it can move to or
//! capture on, turned into centipawns by a fixed curve calibrated so FIDE's pieces come out
//! near their usual values. A user's new piece gets a sensible value with no tuning. Moves
//! of several legs and hops (walks) count with its rays: each square it moves to or takes
//! on counts once however many ways reach it, a locust victim's square too.

use crate::geometry::{Square, SquareSet};
use crate::piece::{BLACK, Colour, PieceType, WHITE};
use crate::position::Position;
use crate::variant::{Variant, code, step};
use crate::walk::{Found, Walker};

/// Evaluation tables for one variant.
#[derive(Debug, Clone)]
pub struct Evaluator {
    /// Centipawns per piece type (royal types 0).
    pub values: Vec<i32>,
    /// Centipawns per royal type as a spare: with `extinction` a side with several royal
    /// pieces may lose all but one, so those count as material (the last one is priceless,
    /// kept by legality).
    spare: Vec<i32>,
    /// Mobility estimate per type (average reachable squares on random boards).
    pub mobility: Vec<f64>,
    /// `(colour * types + type) * squares + square` → bonus in centipawns.
    pst: Vec<i32>,
    nsq: usize,
    nt: usize,
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Average number of squares a piece of type `t` reaches on random boards.
fn sampled_mobility(v: &Variant, t: PieceType) -> f64 {
    let nsq = v.geometry.len();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D ^ t.index() as u64);
    let samples = 400;
    let mut total = 0.0;
    let mut occ = vec![0u8; nsq];
    let walks = &v.walks[t.index()][WHITE.index()];
    let (friend, foe) = (code(t, WHITE), code(t, BLACK));
    let mut board = [0u8; 256];
    for _ in 0..samples {
        for o in occ.iter_mut() {
            let r = rng.below(6);
            *o = if r < 1 {
                1
            } else if r < 2 {
                2
            } else {
                0
            }; // 1 enemy, 2 own
        }
        let sq = rng.below(nsq as u64) as Square;
        occ[sq as usize] = 0;
        // The squares it moves to or takes on, each once.
        let mut hit = SquareSet::EMPTY;
        for r in v.rays_for(WHITE, t, sq) {
            for s in v.ray_steps(r) {
                let f = s.flags;
                let quiet = f & step::QUIET != 0;
                let capture = f & step::CAPTURE != 0;
                match occ[s.to as usize] {
                    0 => {
                        if quiet {
                            hit.insert(s.to);
                        } else if f & step::EP != 0 {
                            total += 0.1;
                        }
                    }
                    1 => {
                        if capture {
                            hit.insert(s.to);
                        }
                        break;
                    }
                    _ => break,
                }
            }
        }
        if !walks.is_empty() {
            for (b, &o) in board.iter_mut().zip(&occ) {
                *b = [0, foe, friend][o as usize];
            }
            board[sq as usize] = friend;
            walked(v, &board, sq, WHITE, walks, &mut hit);
        }
        total += hit.len() as f64;
    }
    total / samples as f64
}

/// Add to `hit` the squares the walks `walks` of a `colour` piece on `from` of `board` move
/// to or take on (a locust victim's too), but a friend's (`d` is no gain).
fn walked(
    v: &Variant,
    board: &[u8; 256],
    from: Square,
    colour: Colour,
    walks: &[crate::walk::Walk],
    hit: &mut SquareSet,
) {
    let walker = Walker {
        geometry: v.geometry,
        board,
        from,
        colour,
        unmoved: false,
        relays: true,
    };
    let own = board[from as usize];
    walker.run(walks, &mut |to, side, what| {
        // A friend that lends its moves (`x`) is no square of the piece's own.
        if what == Found::Borrow {
            return false;
        }
        if to == from || own == 0 || board[to as usize] != own {
            hit.insert(to);
        }
        if what != Found::Unload {
            for &k in side.as_slice() {
                hit.insert(k);
            }
        }
        false
    });
}

impl Evaluator {
    /// The evaluator for `v`: piece values estimated from the squares each type reaches on random boards.
    pub fn new(v: &Variant) -> Evaluator {
        let nsq = v.geometry.len();
        let nt = v.types.len();
        let mobility: Vec<f64> = v.piece_types().map(|t| sampled_mobility(v, t)).collect();
        let worth: Vec<i32> = v
            .types
            .iter()
            .enumerate()
            .map(|(t, ty)| {
                // Calibrated so that FIDE gives N 300, B 315, R 450, Q 900.
                let m = mobility[t];
                let mut value = 58.0 * m + 1.9 * m * m;
                if ty.promotes {
                    value = value.max(100.0);
                }
                value.max(50.0).round() as i32
            })
            .collect();
        let royal = |t: usize| v.types[PieceType::new(t)].royal;
        let mut values: Vec<i32> = (0..nt)
            .map(|t| if royal(t) { 0 } else { worth[t] })
            .collect();
        // A piece waiting at a gate is worth what it will be.
        for (base, twin) in v.gate.iter().flat_map(|g| g.parked.iter().enumerate()) {
            if let Some(twin) = twin {
                values[twin.index()] = values[base];
            }
        }
        let spare = (0..nt)
            .map(|t| if royal(t) { worth[t] } else { 0 })
            .collect();
        // Centralisation: moves from the square on an empty board, relative to the average.
        let mut pst = vec![0i32; 2 * nt * nsq];
        for colour in Colour::ALL {
            for t in v.piece_types() {
                let empty = [0u8; 256];
                let walks = &v.walks[t.index()][colour.index()];
                let counts: Vec<f64> = (0..nsq)
                    .map(|sq| {
                        let mut hit = SquareSet::EMPTY;
                        for r in v.rays_for(colour, t, sq as Square) {
                            (v.ray_steps(r).iter())
                                .filter(|s| s.flags & (step::QUIET | step::CAPTURE) != 0)
                                .for_each(|s| hit.insert(s.to));
                        }
                        walked(v, &empty, sq as Square, colour, walks, &mut hit);
                        hit.len() as f64
                    })
                    .collect();
                let avg = counts.iter().sum::<f64>() / nsq as f64;
                let g = v.geometry;
                for sq in 0..nsq {
                    let mut bonus = ((counts[sq] - avg) * 3.0).clamp(-30.0, 30.0);
                    if v.types[t].promotes {
                        // Pawns: closer to the promotion zone is better.
                        let r = g.rank(sq as Square) as f64;
                        let progress = if colour == WHITE {
                            r
                        } else {
                            (g.ranks - 1) as f64 - r
                        };
                        bonus += progress * 6.0;
                    }
                    pst[(colour.index() * nt + t.index()) * nsq + sq] = bonus as i32;
                }
            }
        }
        Evaluator {
            values,
            spare,
            mobility,
            pst,
            nsq,
            nt,
        }
    }

    /// Score from the side to move's point of view, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut score = [0i32; 2];
        for colour in Colour::ALL {
            let total = &mut score[colour.index()];
            for sq in pos.occupied(colour).iter() {
                let Some(p) = pos.piece_at(sq) else { continue };
                debug_assert_eq!(p.colour, colour);
                let t = p.piece_type.index();
                *total += self.values[t]
                    + self.pst[(colour.index() * self.nt + t) * self.nsq + sq as usize];
            }
        }
        // Spare royal pieces: all but the most valuable.
        for colour in Colour::ALL {
            let royals = pos.royals(colour);
            if pos.variant().extinction[colour.index()] && royals.len() > 1 {
                let worth = royals.iter().filter_map(|sq| pos.piece_at(sq));
                let worth: Vec<i32> = worth.map(|p| self.spare[p.piece_type.index()]).collect();
                score[colour.index()] +=
                    worth.iter().sum::<i32>() - worth.iter().max().copied().unwrap_or(0);
            }
        }
        // Pieces in hand count at their value: a drop puts one anywhere it may go.
        for (i, &n) in pos.hands().iter().enumerate() {
            if n > 0 {
                score[i / self.nt] += n as i32 * self.values[i % self.nt];
            }
        }
        let us = pos.side_to_move();
        score[us.index()] - score[us.other().index()] + 10
    }

    /// The value of type `t` in centipawns (0 for a royal type).
    pub fn value(&self, t: PieceType) -> i32 {
        self.values[t.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;

    /// The mobility of a piece `X` moving as `betza`, the first type (so every definition
    /// samples the same random boards).
    fn mobility(betza: &str) -> f64 {
        let text = format!("files=8 ranks=8\npiece:X:{betza}:piece:b1\nking:K:K:king:e1");
        let v = bundled::compile("eval", &text).unwrap();
        Evaluator::new(&v).mobility[0]
    }

    /// A knight that may also take a friend (`dN`, a walk) gains nothing by it, and its
    /// walk's destinations are its leaps' own squares: counted once, its mobility is the
    /// knight's.
    #[test]
    fn a_walk_to_the_squares_of_a_leap_adds_nothing() {
        assert_eq!(mobility("NdN"), mobility("N"));
    }

    /// Walks count: a cannon (`mRcpR`: its captures are hops) reaches more than its quiet
    /// rook moves, and a grasshopper (`gQ`, hops only) is more than nothing.
    #[test]
    fn hops_count_as_moves() {
        assert!(mobility("mRcpR") > mobility("mR") + 0.5);
        assert!(mobility("gQ") > 1.0);
    }
}
