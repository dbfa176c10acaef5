//! One evaluation of a board, by concern: a pass over the pieces (material, square bonuses,
//! promoters' advance, the pawns' files, the royal pieces, the phase, colourbound pairs, and
//! what pawns and royal pieces take on), the other pieces' activity (mobility, attacks on the
//! enemy royal piece's neighbourhood, riders on files free of pawns) and the threats against
//! them. The promoters' structure and the royal piece's shelter are in `structure.rs`. Each
//! step adds its tapered terms to [`Scan`]. A piece's reach is read from the table of
//! `leaps.rs` when its type's reach does not depend on the board, from the masks of `lines.rs`
//! for a plain rider, else its rays are followed as [`crate::variant::Variant::ray_reach`]
//! follows them, each up to its first occupied square.

use super::checks::Checks;
use super::leaps::{MAX_WORDS, Reach};
use super::{Evaluator, Role};
use crate::geometry::{Geometry, Square, SquareSet};
use crate::piece::{Colour, PieceType, WHITE};
use crate::position::Position;
use crate::variant::Variant;

/// The files the pawn-structure tables cover (wider boards lose only that detail).
pub(super) const MAX_FILES: usize = 16;

/// A square's flag in `Evaluator::opening`'s table, which the scan counts: a minor piece on
/// one of its type's start squares.
pub(super) const AT_HOME: u8 = 1;
/// The same: an expensive piece off its type's start squares.
pub(super) const SORTIE: u8 = 2;

/// What one evaluation gathers, and its tapered terms so far (White's minus Black's).
pub(super) struct Scan<'a> {
    pub pos: &'a Position,
    pub g: Geometry,
    pub words: usize,
    /// Each side's pieces, and every occupied square.
    pub occ: [SquareSet; 2],
    pub all: SquareSet,
    /// Each side's pieces besides pawns and royal pieces.
    pub others: [SquareSet; 2],
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
            others: [SquareSet::EMPTY; 2],
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

/// What a piece's reach is counted against in [`Evaluator::activity`].
struct Seen<'a> {
    /// Every occupied square, the enemy's pieces, and what the enemy's pawns take on.
    all: &'a SquareSet,
    enemy: &'a SquareSet,
    guarded: &'a SquareSet,
    /// The enemy royal piece's neighbourhood.
    zone: &'a SquareSet,
}

impl Seen<'_> {
    /// The mobility and the hits on the royal neighbourhood of a piece whose plain moves go
    /// to the squares `goes` (when empty) and take on `takes`, each reported once (a board's
    /// words); what it takes on is added to `attacks`. As counted square by square: a square
    /// counts for mobility when it is empty and gone to, or an enemy's and taken on, and no
    /// enemy pawn takes on it. Those squares, guarded or not, are written to `free`.
    #[inline]
    fn count(
        &self,
        goes: &[u64],
        takes: &[u64],
        attacks: &mut SquareSet,
        free: &mut [u64; MAX_WORDS],
    ) -> (i32, i32) {
        let (mut moves, mut hits) = (0, 0);
        for (w, (&g, &k)) in goes.iter().zip(takes).enumerate() {
            free[w] = (g & !self.all.0[w]) | (k & self.enemy.0[w]);
            moves += (free[w] & !self.guarded.0[w]).count_ones() as i32;
            attacks.0[w] |= k;
            let hit = k & self.zone.0[w];
            if hit != 0 {
                hits += hit.count_ones() as i32;
            }
        }
        (moves, hits)
    }
}

impl Evaluator {
    /// The pass over the pieces: material and square bonuses (the promoters' advance), the
    /// pawns' files, the royal pieces and the phase; what each side's pawns and royal pieces
    /// take on (the pawns' apart: no other piece goes there safely); the other pieces, for
    /// [`Evaluator::activity`] and [`Evaluator::threats`].
    pub(super) fn scan_pieces(&self, s: &mut Scan) {
        let v = s.pos.variant();
        for colour in Colour::ALL {
            let c = colour.index();
            let own = s.occ[c];
            for sq in own.iter_in(s.words) {
                let Some(p) = s.pos.piece_at(sq) else {
                    continue;
                };
                debug_assert_eq!(p.colour, colour);
                let t = p.piece_type.index();
                let kind = self.kinds[t];
                s.material[c] += kind.value;
                let i = (c * self.nt + t) * self.nsq + sq as usize;
                s.mg += self.pst_mg[i];
                s.eg += self.pst_eg[i];
                let flag = self.opening[i];
                s.undeveloped[c] += (flag & AT_HOME) as i32;
                s.sorties[c] += (flag & SORTIE != 0) as i32;
                // Its advance, if it promotes, is in the square bonus.
                s.promoters[c] += kind.promoter as i32;
                if kind.role == Role::Pawn {
                    let (f, r) = (s.g.file(sq) as usize, s.g.rank(sq) as i8);
                    if f < MAX_FILES {
                        s.count[c][f] += 1;
                        s.low[c][f] = s.low[c][f].min(r);
                        s.high[c][f] = s.high[c][f].max(r);
                    }
                    let into = &mut s.pawn_attacks[c];
                    self.captures(v, colour, p.piece_type, kind.reach[c], sq, &s.all, into);
                } else if kind.role == Role::Royal {
                    s.royal[c] = Some(sq);
                    let into = &mut s.attacks[c];
                    self.captures(v, colour, p.piece_type, kind.reach[c], sq, &s.all, into);
                } else {
                    s.pieces[c] += kind.value;
                    s.others[c].insert(sq);
                }
                if kind.colourbound {
                    s.shades[c] |= 1 << ((s.g.file(sq) + s.g.rank(sq)) % 2);
                }
            }
            s.phase += s.pieces[c];
            if s.shades[c] == 3 {
                s.add(colour, self.w.colourbound_pair, 1);
            }
        }
    }

    /// Add to `into` the squares a `colour` piece of type `t` on `sq` takes on (its reach
    /// gathered as `reach` says), the board's occupied squares being `all`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn captures(
        &self,
        v: &Variant,
        colour: Colour,
        t: PieceType,
        reach: Reach,
        sq: Square,
        all: &SquareSet,
        into: &mut SquareSet,
    ) {
        if reach == Reach::Table {
            let (_, takes) = self.leaps.get(colour, t, sq);
            for (a, &b) in into.0.iter_mut().zip(takes) {
                *a |= b;
            }
            return;
        }
        if reach == Reach::Lines {
            let (mut goes, mut takes) = ([0; MAX_WORDS], [0; MAX_WORDS]);
            self.lines.reach(colour, t, sq, all, &mut goes, &mut takes);
            for (a, &b) in into.0.iter_mut().zip(&takes) {
                *a |= b;
            }
            return;
        }
        v.ray_reach(
            colour,
            t,
            sq,
            |to| all.contains(to),
            |to, can| {
                if can.capture {
                    into.insert(to);
                }
            },
        );
    }

    /// Mobility of the pieces besides pawns and royalty (the squares they reach that no
    /// enemy pawn takes on), and their attacks on the enemy royal piece's neighbourhood and
    /// safe checks (`checks.rs`): its danger, when two or more pieces attack it or one
    /// checks.
    pub(super) fn activity(&self, s: &mut Scan) {
        let v = s.pos.variant();
        let mut checks = Checks::new();
        let mut danger_of = [(0, 0); 2];
        for colour in Colour::ALL {
            let (c, o) = (colour.index(), colour.other().index());
            let zone = s.royal[o].map_or(&SquareSet::EMPTY, |k| &self.zone[k as usize]);
            // The enemy royal piece, if checks are gathered on this board.
            let royal = s.royal[o].filter(|_| s.words <= MAX_WORDS);
            let (mut danger, mut attackers, mut mobility) = (0, 0, 0);
            // Riders on files without their own pawns: with enemy ones, without.
            let mut files = [0; 2];
            for sq in s.others[c].iter_in(s.words) {
                let Some(p) = s.pos.piece_at(sq) else {
                    continue;
                };
                let t = p.piece_type;
                let (all, enemy, guarded) = (&s.all, &s.occ[o], &s.pawn_attacks[o]);
                let attacks = &mut s.attacks[c];
                let seen = Seen {
                    all,
                    enemy,
                    guarded,
                    zone,
                };
                let kind = &self.kinds[t.index()];
                let mut free = [0u64; MAX_WORDS];
                let (moves, hits) = if kind.reach[c] == Reach::Table {
                    let (goes, takes) = self.leaps.get(colour, t, sq);
                    seen.count(goes, takes, attacks, &mut free)
                } else if kind.reach[c] == Reach::Lines {
                    let (mut goes, mut takes) = ([0; MAX_WORDS], [0; MAX_WORDS]);
                    self.lines.reach(colour, t, sq, all, &mut goes, &mut takes);
                    seen.count(&goes[..s.words], &takes[..s.words], attacks, &mut free)
                } else if kind.reach[c] == Reach::Sets {
                    // Each square reported once: gathered, then counted as the table's.
                    let mut walked = [[0u64; MAX_WORDS]; 2];
                    let [goes, takes] = &mut walked;
                    v.ray_reach(
                        colour,
                        t,
                        sq,
                        |to| all.contains(to),
                        |to, can| {
                            let (w, bit) = ((to as usize >> 6) & (MAX_WORDS - 1), to & 63);
                            goes[w] |= (can.quiet as u64) << bit;
                            takes[w] |= (can.capture as u64) << bit;
                        },
                    );
                    seen.count(&goes[..s.words], &takes[..s.words], attacks, &mut free)
                } else {
                    let (mut moves, mut hits) = (0, 0);
                    let reached = &mut free;
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
                            if free && royal.is_some() {
                                let w = (to as usize >> 6) & (MAX_WORDS - 1);
                                reached[w] |= 1 << (to & 63);
                            }
                            if can.capture {
                                attacks.insert(to);
                                hits += zone.contains(to) as i32;
                            }
                        },
                    );
                    (moves, hits)
                };
                mobility += super::mobility_root(moves as f64) - kind.mobility_base;
                let f = s.g.file(sq) as usize;
                if kind.file_rider && f < MAX_FILES && s.count[c][f] == 0 {
                    files[(s.count[o][f] == 0) as usize] += 1;
                }
                if hits > 0 {
                    danger += hits * kind.danger_weight;
                    attackers += 1;
                }
                if let Some(royal) = royal {
                    self.note_checks(s, &mut checks, colour, t, royal, &free);
                }
            }
            let (mg, eg) = self.w.mobility;
            s.add(colour, (mg * mobility / 16, eg * mobility / 16), 1);
            s.add(colour, self.w.half_open_file, files[0]);
            s.add(colour, self.w.open_file, files[1]);
            danger_of[c] = (danger, attackers);
        }
        for colour in Colour::ALL {
            let (c, o) = (colour.index(), colour.other().index());
            let taken: [u64; MAX_WORDS] =
                std::array::from_fn(|w| s.attacks[o].0[w] | s.pawn_attacks[o].0[w]);
            let safe = checks.safe(colour, &taken);
            let (danger, attackers) = danger_of[c];
            if attackers >= 2 || safe > 0 {
                let danger = danger + safe * self.w.safe_check;
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
            for w in 0..s.words {
                let own = s.others[c].0[w];
                let by_pawn = own & s.pawn_attacks[o].0[w];
                let guarded = s.attacks[c].0[w] | s.pawn_attacks[c].0[w];
                let hanging = own & !by_pawn & s.attacks[o].0[w] & !guarded;
                for (bits, weight) in [(by_pawn, self.w.threat_by_pawn), (hanging, self.w.hanging)]
                {
                    let mut bits = bits;
                    while bits != 0 {
                        let sq = (w * 64) as Square + bits.trailing_zeros() as Square;
                        bits &= bits - 1;
                        let Some(p) = s.pos.piece_at(sq) else {
                            continue;
                        };
                        let value = self.values[p.piece_type.index()];
                        s.add(colour, (value * weight.0 / 60, value * weight.1 / 60), -1);
                    }
                }
            }
        }
    }
}
