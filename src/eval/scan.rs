//! One evaluation of a board, by concern: a pass over the pieces (material, square bonuses,
//! promoters' advance, the pawns' files, the royal pieces, the phase, colourbound pairs), what
//! pawns and royal pieces take on, the other pieces' activity (mobility, attacks on the enemy
//! royal piece's neighbourhood, riders on files free of pawns) and the threats against them.
//! The promoters' structure and the royal piece's shelter are in `structure.rs`. Each step
//! adds its tapered terms to [`Scan`].

use super::{Evaluator, opening};
use crate::geometry::{Geometry, Square, SquareSet};
use crate::piece::{Colour, WHITE};
use crate::position::Position;

/// The files the pawn-structure tables cover (wider boards lose only that detail).
pub(super) const MAX_FILES: usize = 16;

/// What one evaluation gathers, and its tapered terms so far (White's minus Black's).
pub(super) struct Scan<'a> {
    pub pos: &'a Position,
    pub g: Geometry,
    pub words: usize,
    /// Each side's pieces, and every occupied square.
    pub occ: [SquareSet; 2],
    pub all: SquareSet,
    /// Per colour and file: the pawns, and their lowest and highest rank.
    pub count: [[u8; MAX_FILES]; 2],
    pub low: [[i8; MAX_FILES]; 2],
    pub high: [[i8; MAX_FILES]; 2],
    pub royal: [Option<Square>; 2],
    /// Each side's material.
    pub material: [i32; 2],
    /// The material besides pawns and royal pieces: the phase; and each side's share.
    pub phase: i32,
    pub pieces: [i32; 2],
    /// Each side's pieces that promote.
    pub promoters: [i32; 2],
    pub mg: i32,
    pub eg: i32,
    /// What each side's pawns take on, and what its other pieces do.
    pub pawn_attacks: [SquareSet; 2],
    pub attacks: [SquareSet; 2],
    /// Per colour: the square colours (bit 0, bit 1) its colourbound pieces stand on.
    pub shades: [u8; 2],
    /// Per colour: its minor pieces at home, its expensive pieces away (`opening.rs`).
    pub undeveloped: [i32; 2],
    pub sorties: [i32; 2],
}

/// +1 for White, -1 for Black: the sign of a side's terms.
pub(super) fn sign(colour: Colour) -> i32 {
    if colour == WHITE { 1 } else { -1 }
}

impl<'a> Scan<'a> {
    pub fn new(pos: &'a Position) -> Scan<'a> {
        let g = pos.variant().geometry;
        let words = g.words();
        let occ = Colour::ALL.map(|c| pos.occupied(c));
        let mut all = SquareSet::EMPTY;
        for (w, a) in all.0.iter_mut().enumerate().take(words) {
            *a = occ[0].0[w] | occ[1].0[w];
        }
        Scan {
            pos,
            g,
            words,
            occ,
            all,
            count: [[0; MAX_FILES]; 2],
            low: [[i8::MAX; MAX_FILES]; 2],
            high: [[i8::MIN; MAX_FILES]; 2],
            royal: [None; 2],
            material: [0; 2],
            phase: 0,
            pieces: [0; 2],
            promoters: [0; 2],
            mg: 0,
            eg: 0,
            pawn_attacks: [SquareSet::EMPTY; 2],
            attacks: [SquareSet::EMPTY; 2],
            shades: [0; 2],
            undeveloped: [0; 2],
            sorties: [0; 2],
        }
    }

    /// Add `times` a (middlegame, endgame) weight for `colour`.
    #[inline]
    pub fn add(&mut self, colour: Colour, weight: (i32, i32), times: i32) {
        let s = sign(colour) * times;
        self.mg += s * weight.0;
        self.eg += s * weight.1;
    }
}

impl Evaluator {
    /// The pass over the pieces: material and square bonuses, the promoters' advance, the
    /// pawns' files, the royal pieces and the phase.
    pub(super) fn scan_pieces(&self, s: &mut Scan) {
        for colour in Colour::ALL {
            let c = colour.index();
            let own = s.occ[c];
            for sq in own.iter_in(s.words) {
                let Some(p) = s.pos.piece_at(sq) else {
                    continue;
                };
                debug_assert_eq!(p.colour, colour);
                let t = p.piece_type.index();
                s.material[c] += self.values[t];
                let i = (c * self.nt + t) * self.nsq + sq as usize;
                s.mg += self.pst_mg[i];
                s.eg += self.pst_eg[i];
                let flag = self.opening[i];
                s.undeveloped[c] += (flag & opening::AT_HOME) as i32;
                s.sorties[c] += (flag & opening::SORTIE != 0) as i32;
                if self.promoter[t] {
                    let advance = self.rank_from(colour, s.g.rank(sq) as i32);
                    s.add(colour, self.w.promoter_advance, advance);
                    s.promoters[c] += 1;
                }
                if self.pawn[t] {
                    let (f, r) = (s.g.file(sq) as usize, s.g.rank(sq) as i8);
                    if f < MAX_FILES {
                        s.count[c][f] += 1;
                        s.low[c][f] = s.low[c][f].min(r);
                        s.high[c][f] = s.high[c][f].max(r);
                    }
                } else if self.royal[t] {
                    s.royal[c] = Some(sq);
                } else {
                    s.pieces[c] += self.values[t];
                }
                if self.colourbound[t] {
                    s.shades[c] |= 1 << ((s.g.file(sq) + s.g.rank(sq)) % 2);
                }
            }
            s.phase += s.pieces[c];
            if s.shades[c] == 3 {
                s.add(colour, self.w.colourbound_pair, 1);
            }
        }
    }

    /// What each side's pawns and royal pieces take on (the pawns' apart: no other piece
    /// goes there safely). The rays are followed as [`crate::variant::Variant::ray_reach`]
    /// follows them, each up to its first occupied square.
    pub(super) fn pawn_and_royal_attacks(&self, s: &mut Scan) {
        let v = s.pos.variant();
        for colour in Colour::ALL {
            let c = colour.index();
            for sq in s.occ[c].iter_in(s.words) {
                let Some(p) = s.pos.piece_at(sq) else {
                    continue;
                };
                let t = p.piece_type;
                let set = if self.pawn[t.index()] {
                    &mut s.pawn_attacks[c]
                } else if self.royal[t.index()] {
                    &mut s.attacks[c]
                } else {
                    continue;
                };
                let all = &s.all;
                v.ray_reach(
                    colour,
                    t,
                    sq,
                    |to| all.contains(to),
                    |to, can| {
                        if can.capture {
                            set.insert(to);
                        }
                    },
                );
            }
        }
    }

    /// Mobility of the pieces besides pawns and royalty (the squares they reach that no
    /// enemy pawn takes on), and their attacks on the enemy royal piece's neighbourhood: its
    /// danger, when two or more pieces take part.
    pub(super) fn activity(&self, s: &mut Scan) {
        let v = s.pos.variant();
        for colour in Colour::ALL {
            let (c, o) = (colour.index(), colour.other().index());
            let zone = s.royal[o].map_or(&SquareSet::EMPTY, |k| &self.zone[k as usize]);
            let (mut danger, mut attackers, mut mobility) = (0, 0, 0);
            // Riders on files without their own pawns: with enemy ones, without.
            let mut files = [0; 2];
            for sq in s.occ[c].iter_in(s.words) {
                let Some(p) = s.pos.piece_at(sq) else {
                    continue;
                };
                let t = p.piece_type;
                if self.pawn[t.index()] || self.royal[t.index()] {
                    continue;
                }
                let (mut moves, mut hits) = (0, 0);
                let (all, enemy, guarded) = (&s.all, &s.occ[o], &s.pawn_attacks[o]);
                let attacks = &mut s.attacks[c];
                v.ray_reach(
                    colour,
                    t,
                    sq,
                    |to| all.contains(to),
                    |to, can| {
                        let free = if all.contains(to) {
                            can.capture && enemy.contains(to)
                        } else {
                            can.quiet
                        };
                        moves += (free && !guarded.contains(to)) as i32;
                        if can.capture {
                            attacks.insert(to);
                            hits += zone.contains(to) as i32;
                        }
                    },
                );
                mobility += moves - self.mobility_base[t.index()];
                let f = s.g.file(sq) as usize;
                if self.file_rider[t.index()] && f < MAX_FILES && s.count[c][f] == 0 {
                    files[(s.count[o][f] == 0) as usize] += 1;
                }
                if hits > 0 {
                    danger += hits * self.danger_weight[t.index()];
                    attackers += 1;
                }
            }
            s.add(colour, self.w.mobility, mobility);
            s.add(colour, self.w.half_open_file, files[0]);
            s.add(colour, self.w.open_file, files[1]);
            if attackers >= 2 {
                let danger = danger * danger * self.w.danger_scale / 16;
                s.add(colour, (danger.min(self.w.danger_cap), 0), 1);
            }
        }
    }

    /// Threats: a piece an enemy pawn attacks, or that an enemy attacks and no friend
    /// guards, costs a share of its value.
    pub(super) fn threats(&self, s: &mut Scan) {
        for colour in Colour::ALL {
            let (c, o) = (colour.index(), colour.other().index());
            let own = s.occ[c];
            for sq in own.iter_in(s.words) {
                let Some(p) = s.pos.piece_at(sq) else {
                    continue;
                };
                let t = p.piece_type.index();
                if self.pawn[t] || self.royal[t] {
                    continue;
                }
                let value = self.values[t];
                let share = |(mg, eg): (i32, i32)| (value * mg / 60, value * eg / 60);
                if s.pawn_attacks[o].contains(sq) {
                    s.add(colour, share(self.w.threat_by_pawn), -1);
                } else if s.attacks[o].contains(sq)
                    && !s.attacks[c].contains(sq)
                    && !s.pawn_attacks[c].contains(sq)
                {
                    s.add(colour, share(self.w.hanging), -1);
                }
            }
        }
    }
}
