//! Static evaluation: material with piece values estimated from each type's moves, a
//! centralisation term from the move tables, and terms tapered between the middlegame and
//! the endgame (by the material left besides pawns and royal pieces): the royal piece stays
//! home behind a shield of pawns while there is material to attack it and goes to the centre
//! when there is not; pieces that promote gain as they advance, the more so in the endgame;
//! pawns (types named pawn that promote) are scored as passed (none of the enemy's ahead of
//! them on their file or the next), doubled and isolated, a passed one the more the nearer it
//! is to promotion. The other pieces score their mobility on the board (the squares their
//! moves reach that no enemy pawn takes on, against their type's average on random boards),
//! and their attacks on the enemy royal piece's neighbourhood add up to its danger (when two
//! or more pieces take part), weighted by their values and growing with its square. A piece
//! an enemy pawn attacks, or one an enemy attacks and no friend guards, costs a share of its
//! value (threats).
//!
//! A piece's value comes from its mobility sampled on random boards (`eval/estimate.rs`), turned
//! into centipawns by a fixed curve calibrated so FIDE's pieces come out near their usual
//! values. A user's new piece gets a sensible value with no tuning. The board is read through
//! the variant's rays ([`Variant::rays_for`], followed as [`Variant::ray_reach`] follows them,
//! inline for speed: the evaluation is much of the search's time).

use crate::geometry::{Square, SquareSet};
use crate::piece::{Colour, PieceType, WHITE};
use crate::position::Position;
use crate::variant::{Variant, step};
mod estimate;
use estimate::{empty_board_reach, sampled_mobility};

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
    /// The same, rounded: what a piece's mobility on the board is measured against.
    mobility_base: Vec<i32>,
    /// `(colour * types + type) * squares + square` → bonus in centipawns.
    pst: Vec<i32>,
    nsq: usize,
    nt: usize,
    /// Per type: a pawn (named pawn, promotes), scored for its structure.
    pawn: Vec<bool>,
    /// Per type: it promotes, and gains as it advances.
    promoter: Vec<bool>,
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
/// A piece an enemy pawn attacks loses its value divided by these (middlegame, endgame).
const THREAT_BY_PAWN: (i32, i32) = (5, 6);
/// A piece an enemy attacks and no friend guards, likewise.
const HANGING: (i32, i32) = (10, 12);
/// Centipawns per rank a piece that promotes has advanced (middlegame, endgame).
const PROMOTER_ADVANCE: (i32, i32) = (3, 8);

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
                let counts = empty_board_reach(v, colour, t);
                let avg = counts.iter().sum::<f64>() / nsq as f64;
                for (sq, &n) in counts.iter().enumerate() {
                    let bonus = ((n - avg) * 3.0).clamp(-30.0, 30.0);
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
            mobility_base: mobility.iter().map(|m| m.round() as i32).collect(),
            mobility,
            pst,
            nsq,
            nt,
            pawn,
            promoter: v.types.iter().map(|t| t.promotes).collect(),
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
        let words = g.words();
        // Both sides' pieces.
        let occ = Colour::ALL.map(|c| pos.occupied(c));
        // Per colour and file: the pawns, and their lowest and highest rank.
        let mut count = [[0u8; 16]; 2];
        let mut low = [[i8::MAX; 16]; 2];
        let mut high = [[i8::MIN; 16]; 2];
        let mut phase = 0;
        let mut royal = [None; 2];
        let mut material = [0; 2];
        let (mut mg, mut eg) = (0, 0);
        for colour in Colour::ALL {
            let c = colour.index();
            let sign = if colour == WHITE { 1 } else { -1 };
            for sq in occ[c].iter_in(words) {
                let Some(p) = pos.piece_at(sq) else { continue };
                debug_assert_eq!(p.colour, colour);
                let t = p.piece_type.index();
                material[c] +=
                    self.values[t] + self.pst[(c * self.nt + t) * self.nsq + sq as usize];
                if self.promoter[t] {
                    let advance = self.rank_from(colour, g.rank(sq) as i32);
                    mg += sign * PROMOTER_ADVANCE.0 * advance;
                    eg += sign * PROMOTER_ADVANCE.1 * advance;
                }
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
        let v = pos.variant();
        // Every occupied square.
        let mut all = SquareSet::EMPTY;
        for (w, a) in all.0.iter_mut().enumerate().take(words) {
            *a = occ[0].0[w] | occ[1].0[w];
        }
        // What each side's pawns and royal pieces take on (the pawns' apart: no other piece
        // goes there safely). The rays are followed as [`Variant::ray_reach`] follows them,
        // each up to its first occupied square.
        let mut pawn_attacks = [SquareSet::EMPTY; 2];
        let mut attacks = [SquareSet::EMPTY; 2];
        for colour in Colour::ALL {
            let c = colour.index();
            for sq in occ[c].iter_in(words) {
                let Some(p) = pos.piece_at(sq) else { continue };
                let t = p.piece_type;
                let set = if self.pawn[t.index()] {
                    &mut pawn_attacks[c]
                } else if self.royal[t.index()] {
                    &mut attacks[c]
                } else {
                    continue;
                };
                for r in v.rays_for(colour, t, sq) {
                    for s in v.ray_steps(r) {
                        if s.flags & step::CAPTURE != 0 {
                            set.insert(s.to);
                        }
                        if all.contains(s.to) {
                            break;
                        }
                    }
                }
            }
        }
        // Mobility of the pieces besides pawns and royalty (the squares they reach that no
        // enemy pawn takes on), and their attacks on the enemy royal piece's neighbourhood.
        for colour in Colour::ALL {
            let (c, o) = (colour.index(), colour.other().index());
            let sign = if colour == WHITE { 1 } else { -1 };
            let zone = royal[o].map_or(&SquareSet::EMPTY, |k| &self.zone[k as usize]);
            let (enemy, enemy_pawns) = (&occ[o], &pawn_attacks[o]);
            let (mut danger, mut attackers) = (0, 0);
            for sq in occ[c].iter_in(words) {
                let Some(p) = pos.piece_at(sq) else { continue };
                let t = p.piece_type;
                if self.pawn[t.index()] || self.royal[t.index()] {
                    continue;
                }
                let (mut moves, mut hits) = (0, 0);
                let att = &mut attacks[c];
                for r in v.rays_for(colour, t, sq) {
                    for s in v.ray_steps(r) {
                        let (to, capture) = (s.to, s.flags & step::CAPTURE != 0);
                        let busy = all.contains(to);
                        let free = if busy {
                            capture && enemy.contains(to)
                        } else {
                            s.flags & step::QUIET != 0
                        };
                        moves += (free && !enemy_pawns.contains(to)) as i32;
                        if capture {
                            att.insert(to);
                            hits += zone.contains(to) as i32;
                        }
                        if busy {
                            break;
                        }
                    }
                }
                let extra = moves - self.mobility_base[t.index()];
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
        // Threats: a piece an enemy pawn attacks, or that an enemy attacks and no friend
        // guards.
        for colour in Colour::ALL {
            let (c, o) = (colour.index(), colour.other().index());
            let sign = if colour == WHITE { 1 } else { -1 };
            for sq in occ[c].iter_in(words) {
                let Some(p) = pos.piece_at(sq) else { continue };
                let t = p.piece_type.index();
                if self.pawn[t] || self.royal[t] {
                    continue;
                }
                let value = self.values[t];
                if pawn_attacks[o].contains(sq) {
                    mg -= sign * value / THREAT_BY_PAWN.0;
                    eg -= sign * value / THREAT_BY_PAWN.1;
                } else if attacks[o].contains(sq)
                    && !attacks[c].contains(sq)
                    && !pawn_attacks[c].contains(sq)
                {
                    mg -= sign * value / HANGING.0;
                    eg -= sign * value / HANGING.1;
                }
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

    /// Material alone (pieces on the board and in hand) from the side to move's view: a
    /// cheap bound on [`Evaluator::evaluate`], which adds positional terms to it.
    pub fn material(&self, pos: &Position) -> i32 {
        let us = pos.side_to_move();
        let hands = pos.hands();
        let mut score = 0;
        for t in pos.variant().piece_types() {
            let i = t.index();
            let n = |c: Colour| {
                pos.count(c, t) as i32
                    + hands.get(c.index() * self.nt + i).copied().unwrap_or(0) as i32
            };
            score += (n(us) - n(us.other())) * self.values[i];
        }
        score
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

    /// Material counts the pieces at their values, from the side to move's view, and is what the full evaluation adds its positional terms to.
    #[test]
    fn material_is_the_pieces_at_their_values() {
        let v = bundled::load("chess").unwrap();
        let e = Evaluator::new(&v);
        let start = Position::start(&v);
        assert_eq!(e.material(&start), 0);
        // White without its queen's knight, Black to move: a knight up for Black.
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 1";
        let pos = crate::fen::from_fen(&v, fen).unwrap();
        let knight = v.types.iter().position(|t| t.id == 'N').unwrap();
        assert_eq!(e.material(&pos), e.values[knight]);
        assert!((e.evaluate(&pos) - e.material(&pos)).abs() < 200);
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
