//! Static evaluation: material with piece values estimated from each type's moves, a
//! centralisation term from the move tables, and terms tapered between the middlegame and
//! the endgame (by the material left besides pawns and royal pieces): the royal piece stays
//! home behind a shield of pawns while there is material to attack it and goes to the centre
//! when there is not; pawns (types named pawn that promote) are scored as passed (none of
//! the enemy's ahead of them on their file or the next), doubled and isolated, a passed
//! one the more the nearer it is to promotion. The other pieces score their mobility on the
//! board (the squares their moves reach, against their type's average on random boards),
//! and their attacks on the enemy royal piece's neighbourhood add up to its danger (when two
//! or more pieces take part), weighted by their values and growing with its square.
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
    /// Per type: a pawn (named pawn, promotes), scored for its structure.
    pawn: Vec<bool>,
    royal: Vec<bool>,
    /// Both sides' material besides pawns and royal pieces at the start: the middlegame's.
    full_phase: i32,
    files: usize,
    ranks: i32,
    /// Per square: the royal piece's neighbourhood there (the squares a king's step away).
    zone: Vec<SquareSet>,
    /// Per type: the weight of its attacks on a royal neighbourhood (1 + value / 300).
    danger_weight: Vec<i32>,
}

/// Structure terms, in centipawns (middlegame, endgame).
const PASSED_PER_RANK2: (i32, i32) = (2, 4);
const DOUBLED: (i32, i32) = (10, 20);
const ISOLATED: (i32, i32) = (10, 10);
const SHIELD: i32 = 12;
const ROYAL_ADVANCE: i32 = 15;
/// Centipawns per square a piece reaches beyond its type's average (middlegame, endgame).
const MOBILITY: (i32, i32) = (4, 4);
/// The most a royal piece's danger costs, in centipawns (middlegame only).
const DANGER_CAP: i32 = 600;

/// Walk the squares a `colour` piece of type `t` on `from` moves to or attacks on the board of
/// `pos` (its ray moves: each ray up to and including the first occupied square), calling
/// `f(square, quiet, capture)` with what the step allows there. The one place the evaluation
/// reads the move tables.
#[inline]
fn reach(
    pos: &Position,
    colour: Colour,
    t: PieceType,
    from: Square,
    mut f: impl FnMut(Square, bool, bool),
) {
    let v = pos.variant();
    for r in v.rays_for(colour, t, from) {
        for s in v.ray_steps(r) {
            f(
                s.to,
                s.flags & step::QUIET != 0,
                s.flags & step::CAPTURE != 0,
            );
            if pos.piece_at(s.to).is_some() {
                break;
            }
        }
    }
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
        let pawn: Vec<bool> = v.types.iter().map(|t| t.is_pawn && t.promotes).collect();
        let royal: Vec<bool> = (0..nt).map(royal).collect();
        let full_phase = (0..nt)
            .filter(|&t| !pawn[t] && !royal[t])
            .map(|t| {
                let start = &v.types[PieceType::new(t)].start;
                values[t] * (start[0].len() + start[1].len()) as i32
            })
            .sum::<i32>()
            .max(1);
        let g = v.geometry;
        let zone = (0..nsq)
            .map(|sq| {
                let (f, r) = (g.file(sq as Square) as i32, g.rank(sq as Square) as i32);
                let mut set = SquareSet::EMPTY;
                for df in -1..=1 {
                    for dr in -1..=1 {
                        if let Some(z) = g.try_square(f + df, r + dr) {
                            set.insert(z);
                        }
                    }
                }
                set
            })
            .collect();
        let danger_weight = values.iter().map(|&x| 1 + x / 300).collect();
        Evaluator {
            values,
            spare,
            mobility,
            pst,
            nsq,
            nt,
            pawn,
            royal,
            full_phase,
            zone,
            danger_weight,
            files: v.geometry.files as usize,
            ranks: v.geometry.ranks as i32,
        }
    }

    /// A square's rank counted from `colour`'s side.
    fn rank_from(&self, colour: Colour, rank: i32) -> i32 {
        if colour == WHITE {
            rank
        } else {
            self.ranks - 1 - rank
        }
    }

    /// Each side's material with its square bonuses, and the tapered terms for both sides
    /// (middlegame, endgame), White's minus Black's, and the material that sets the phase.
    fn board_terms(&self, pos: &Position) -> ([i32; 2], i32, i32, i32) {
        let g = pos.variant().geometry;
        // Per colour and file: the pawns, and their lowest and highest rank.
        let mut count = [[0u8; 16]; 2];
        let mut low = [[i8::MAX; 16]; 2];
        let mut high = [[i8::MIN; 16]; 2];
        let mut phase = 0;
        let mut royal = [None; 2];
        let mut material = [0; 2];
        for colour in Colour::ALL {
            let c = colour.index();
            for sq in pos.occupied(colour).iter() {
                let Some(p) = pos.piece_at(sq) else { continue };
                debug_assert_eq!(p.colour, colour);
                let t = p.piece_type.index();
                material[c] +=
                    self.values[t] + self.pst[(c * self.nt + t) * self.nsq + sq as usize];
                if self.pawn[t] {
                    let (f, r) = (g.file(sq) as usize, g.rank(sq) as i8);
                    count[c][f] += 1;
                    low[c][f] = low[c][f].min(r);
                    high[c][f] = high[c][f].max(r);
                } else if self.royal[t] {
                    royal[c] = Some(sq);
                } else {
                    phase += self.values[t];
                }
            }
        }
        let (mut mg, mut eg) = (0, 0);
        // Mobility of the pieces besides pawns and royalty, and their attacks on the enemy
        // royal piece's neighbourhood.
        for colour in Colour::ALL {
            let sign = if colour == WHITE { 1 } else { -1 };
            let zone = royal[colour.other().index()].map(|k| &self.zone[k as usize]);
            let (mut danger, mut attackers) = (0, 0);
            for sq in pos.occupied(colour).iter() {
                let Some(p) = pos.piece_at(sq) else { continue };
                let t = p.piece_type;
                if self.pawn[t.index()] || self.royal[t.index()] {
                    continue;
                }
                let (mut moves, mut hits) = (0, 0);
                reach(pos, colour, t, sq, |to, quiet, capture| {
                    let there = pos.piece_at(to);
                    let free = match there {
                        None => quiet,
                        Some(q) => capture && q.colour != colour,
                    };
                    moves += free as i32;
                    if capture && zone.is_some_and(|z| z.contains(to)) {
                        hits += 1;
                    }
                });
                let extra = moves - self.mobility[t.index()].round() as i32;
                mg += sign * MOBILITY.0 * extra;
                eg += sign * MOBILITY.1 * extra;
                if hits > 0 {
                    danger += hits * self.danger_weight[t.index()];
                    attackers += 1;
                }
            }
            if attackers >= 2 {
                mg += sign * (danger * danger).min(DANGER_CAP);
            }
        }
        let files = self.files.min(16);
        for colour in Colour::ALL {
            let (c, o) = (colour.index(), colour.other().index());
            let sign = if colour == WHITE { 1 } else { -1 };
            for f in 0..files {
                let n = count[c][f] as i32;
                if n == 0 {
                    continue;
                }
                let near = || f.saturating_sub(1)..=(f + 1).min(files - 1);
                if n > 1 {
                    mg -= sign * DOUBLED.0 * (n - 1);
                    eg -= sign * DOUBLED.1 * (n - 1);
                }
                if near().filter(|&x| x != f).all(|x| count[c][x] == 0) {
                    mg -= sign * ISOLATED.0 * n;
                    eg -= sign * ISOLATED.1 * n;
                }
                // The front pawn of the file is passed when no enemy pawn is ahead of it on
                // its file or the next.
                let front = if colour == WHITE {
                    high[c][f]
                } else {
                    low[c][f]
                } as i32;
                let passed = near().all(|x| {
                    count[o][x] == 0
                        || if colour == WHITE {
                            (high[o][x] as i32) <= front
                        } else {
                            (low[o][x] as i32) >= front
                        }
                });
                if passed {
                    let r = self.rank_from(colour, front);
                    mg += sign * PASSED_PER_RANK2.0 * r * r;
                    eg += sign * PASSED_PER_RANK2.1 * r * r;
                }
            }
            // The royal piece: home, behind pawns, in the middlegame.
            if let Some(k) = royal[c] {
                let (kf, kr) = (g.file(k) as i32, g.rank(k) as i32);
                mg -= sign * ROYAL_ADVANCE * self.rank_from(colour, kr).min(3);
                let ahead = kr + sign;
                if (0..self.ranks).contains(&ahead) {
                    for f in (kf - 1).max(0)..=(kf + 1).min(files as i32 - 1) {
                        let sq = g.square(f as u8, ahead as u8);
                        let own = pos.piece_at(sq).filter(|p| p.colour == colour);
                        if own.is_some_and(|p| self.pawn[p.piece_type.index()]) {
                            mg += sign * SHIELD;
                        }
                    }
                }
            }
        }
        (material, mg, eg, phase)
    }

    /// Score from the side to move's point of view, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let (mut score, mg, eg, phase) = self.board_terms(pos);
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
        let p = (phase * 256 / self.full_phase).min(256);
        let white = (mg * p + eg * (256 - p)) / 256;
        let us = pos.side_to_move();
        let tapered = if us == WHITE { white } else { -white };
        score[us.index()] - score[us.other().index()] + tapered + 10
    }

    /// The material of `colour`'s pieces on the board besides pawns and royal pieces, and
    /// its pieces in hand.
    pub fn pieces(&self, pos: &Position, colour: Colour) -> i32 {
        let types = pos.variant().piece_types();
        types
            .filter(|t| !self.pawn[t.index()] && !self.royal[t.index()])
            .map(|t| {
                let hand = pos.hands().get(colour.index() * self.nt + t.index());
                (pos.count(colour, t) + hand.copied().unwrap_or(0)) as i32 * self.values[t.index()]
            })
            .sum()
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
