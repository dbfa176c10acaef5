//! Static evaluation: material with piece values estimated from each type's moves, a
//! centralisation term from the move tables, and terms tapered between the middlegame and
//! the endgame (by the material left besides pawns and royal pieces): the royal piece stays
//! home behind a shield of pawns while there is material to attack it (the files by it neither
//! open nor stormed by enemy pawns) and goes to the centre when there is not; pieces that
//! promote gain as they advance, the more so in the endgame;
//! pawns (types named pawn that promote) are scored as passed (none of the enemy's ahead of
//! them on their file or the next), doubled and isolated, a passed one the more the nearer it
//! is to promotion, and in the endgame the farther the enemy royal piece from its path. The
//! other pieces score their mobility on the board (the squares their moves reach that no
//! enemy pawn takes on, counted by their square root, against their type's average on random
//! boards), and their attacks on the enemy royal piece's neighbourhood add up to its danger
//! (when two or more pieces take part), weighted by their values and growing with its square.
//! A piece that rides forward along its file (a rook, a lance) gains on a file without pawns;
//! pieces bound to one colour of squares (bishops) gain as a pair on both colours. A piece an
//! enemy pawn attacks, or one an enemy attacks and no friend guards, costs a share of its value
//! (threats). A side ahead with nothing that promotes and less than a minor piece's worth more
//! (1.4 times the cheapest piece) seldom wins: its score is divided by 8. Every property a term
//! reads (which pieces ride files, keep to a colour, promote) comes from the definition;
//! docs/eval.md lists the terms.
//!
//! A piece's value comes from its mobility sampled on random boards (`eval/estimate.rs`), turned
//! into centipawns by a fixed curve calibrated so FIDE's pieces come out near their usual
//! values. A user's new piece gets a sensible value with no tuning. The board is read through
//! the variant's rays as [`Variant::ray_reach`] follows them (inlined: the evaluation is
//! much of the search's time), never the ray tables themselves; the reach of the types for
//! which it does not depend on the board (plain leapers) is read from a table made of what
//! `ray_reach` reports when the evaluator is made (`eval/leaps.rs`).

use crate::geometry::{Square, SquareSet};
use crate::piece::{Colour, PieceType, WHITE};
use crate::position::Position;
use crate::variant::Variant;
mod checks;
mod estimate;
mod leaps;
mod lines;
mod opening;
mod scan;
mod structure;
pub mod tune;
mod weights;
use estimate::{empty_board_reach, sampled_mobility};
use scan::Scan;
pub use weights::Weights;

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
    /// `(colour * types + type) * squares + square` → the squares reached there on an
    /// empty board beyond the type's average (at most 10 either way).
    centre: Vec<f64>,
    /// The same index → centralisation bonus in centipawns (middlegame, endgame), and for a
    /// type that promotes its advance (`Weights::promoter_advance` per rank from its side),
    /// negated for Black.
    pst_mg: Vec<i32>,
    pst_eg: Vec<i32>,
    /// The weights of the terms.
    w: Weights,
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
    /// A lead in pieces (besides pawns and royal ones) below which a side without pieces that
    /// promote seldom wins: 1.4 times the cheapest type's value that starts on the board and
    /// neither promotes nor is royal (a minor piece and a bit in chess).
    drawish_margin: i32,
    /// Per type: what the pass over the pieces reads of it.
    kinds: Vec<Kind>,
    /// Per (colour, type, square), as `centre`: a minor piece at home or an expensive one
    /// away from home (`scan::AT_HOME`, `scan::SORTIE`).
    opening: Vec<u8>,
    /// Per colour: its royal piece castles; and the squares where it stands castled.
    castles: [bool; 2],
    castled_area: [SquareSet; 2],
    /// The reach of the types for which it does not depend on the board.
    leaps: leaps::Leaps,
    /// The riders' rays as masks.
    lines: lines::Lines,
}

/// What the pass over the pieces reads of a type, in one place (one look-up a piece).
#[derive(Debug, Clone, Copy)]
struct Kind {
    /// Its value ([`Evaluator::values`]).
    value: i32,
    /// A pawn ([`Evaluator::pawn`]), else royal, else another piece.
    role: Role,
    /// How a White and a Black piece's reach is gathered ([`Evaluator::leaps`]).
    reach: [leaps::Reach; 2],
    /// It promotes, and gains as it advances.
    promoter: bool,
    /// It rides forward along its file (a rook), and gains on a file free of pawns.
    file_rider: bool,
    /// It keeps to one colour of squares (a bishop): a side with such pieces on both colours
    /// gains (the bishop pair).
    colourbound: bool,
    /// Its mobility estimate on random boards, as [`mobility_root`] counts it: what a
    /// piece's mobility on the board is measured against.
    mobility_base: i32,
    /// The weight of its attacks on a royal neighbourhood (1 + value / 300).
    danger_weight: i32,
}

/// How the pass over the pieces treats a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Pawn,
    Royal,
    Piece,
}

/// A piece's mobility as the evaluation counts it, in 16ths: four times the square root of the
/// `squares` it reaches. A square more is worth one near four squares, more below (a piece
/// shut in loses most) and less above (a queen's twentieth square adds little).
#[inline(always)]
fn mobility_root(squares: f64) -> i32 {
    (squares.max(0.0).sqrt() * 64.0) as i32
}

/// What a drawish score (before the tempo) is divided by.
const DRAWISH_SCALE: i32 = 8;

impl Evaluator {
    /// The evaluator for `v`: piece values estimated from the squares each type reaches on
    /// random boards, with the default weights.
    pub fn new(v: &Variant) -> Evaluator {
        Evaluator::with_weights(v, Weights::default())
    }

    /// The evaluator for `v` with weights `w`.
    pub fn with_weights(v: &Variant, w: Weights) -> Evaluator {
        let nsq = v.geometry.len();
        let nt = v.types.len();
        let mobility: Vec<f64> = v.piece_types().map(|t| sampled_mobility(v, t)).collect();
        // Centralisation: moves from the square on an empty board, relative to the average.
        let mut centre = vec![0.0; 2 * nt * nsq];
        let leaps = leaps::Leaps::new(v);
        let lines = lines::Lines::new(v, |c, t| leaps.reach(c, t) == leaps::Reach::Sets);
        let mut kinds: Vec<Kind> = (v.piece_types().zip(&mobility))
            .map(|(t, m)| (t, &v.types[t], m))
            .map(|(t, ty, m)| Kind {
                value: 0,
                role: if ty.is_pawn && ty.promotes {
                    Role::Pawn
                } else if ty.royal {
                    Role::Royal
                } else {
                    Role::Piece
                },
                reach: Colour::ALL.map(|c| match leaps.reach(c, t) {
                    leaps::Reach::Sets if lines.masked(c, t) => leaps::Reach::Lines,
                    reach => reach,
                }),
                promoter: ty.promotes,
                file_rider: false,
                colourbound: false,
                mobility_base: mobility_root(*m),
                danger_weight: 0,
            })
            .collect();
        for colour in Colour::ALL {
            for t in v.piece_types() {
                let reach = empty_board_reach(v, colour, t);
                if colour == WHITE {
                    let kind = &mut kinds[t.index()];
                    kind.colourbound = estimate::colourbound(&v.geometry, &reach);
                    kind.file_rider = estimate::file_rider(v, t);
                }
                let counts: Vec<f64> = reach.iter().map(|set| set.len() as f64).collect();
                let avg = counts.iter().sum::<f64>() / nsq as f64;
                for (sq, &n) in counts.iter().enumerate() {
                    centre[(colour.index() * nt + t.index()) * nsq + sq] =
                        (n - avg).clamp(-10.0, 10.0);
                }
            }
        }
        let royal: Vec<bool> = v.types.iter().map(|t| t.royal).collect();
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
        let mut e = Evaluator {
            values: vec![0; nt],
            spare: vec![0; nt],
            mobility,
            centre,
            pst_mg: vec![0; 2 * nt * nsq],
            pst_eg: vec![0; 2 * nt * nsq],
            w,
            nsq,
            nt,
            pawn: v.types.iter().map(|t| t.is_pawn && t.promotes).collect(),
            promoter: v.types.iter().map(|t| t.promotes).collect(),
            royal,
            full_phase: 1,
            zone,
            drawish_margin: 0,
            kinds,
            opening: Vec::new(),
            castles: [false; 2],
            castled_area: [SquareSet::EMPTY; 2],
            leaps,
            lines,
            files: v.geometry.files as usize,
            ranks: v.geometry.ranks as i32,
        };
        e.derive(v);
        e
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.w
    }

    /// Play with weights `w` from now on (`v` is the variant the evaluator was made for):
    /// cheaper than a new evaluator, the mobility sampled once.
    pub fn set_weights(&mut self, v: &Variant, w: Weights) {
        self.w = w;
        self.derive(v);
    }

    /// What the weights decide: the values and what follows from them, the square bonuses.
    fn derive(&mut self, v: &Variant) {
        let nt = self.nt;
        let (linear, square) = (
            self.w.material_linear as f64 / 10.0,
            self.w.material_square as f64 / 100.0,
        );
        let worth: Vec<i32> = v
            .types
            .iter()
            .enumerate()
            .map(|(t, ty)| {
                let m = self.mobility[t];
                let mut value = linear * m + square * m * m;
                if ty.promotes {
                    value = value.max(self.w.promoter_value as f64);
                }
                value.max(50.0).round() as i32
            })
            .collect();
        let royal = self.royal.clone();
        let mut values: Vec<i32> = (0..nt)
            .map(|t| if royal[t] { 0 } else { worth[t] })
            .collect();
        // A piece waiting at a gate is worth what it will be.
        for (base, twin) in v.gate.iter().flat_map(|g| g.parked.iter().enumerate()) {
            if let Some(twin) = twin {
                values[twin.index()] = values[base];
            }
        }
        self.spare = (0..nt)
            .map(|t| if royal[t] { worth[t] } else { 0 })
            .collect();
        for (i, &x) in self.centre.iter().enumerate() {
            let (mg, eg) = if royal[(i / self.nsq) % nt] {
                self.w.royal_centre
            } else {
                self.w.centre
            };
            // White's minus Black's, as the tapered terms are summed.
            let sign = if i < nt * self.nsq { 1 } else { -1 };
            self.pst_mg[i] = sign * (x * (mg as f64 / 10.0)) as i32;
            self.pst_eg[i] = sign * (x * (eg as f64 / 10.0)) as i32;
        }
        let nsq = self.nsq;
        for i in (0..2 * nt * nsq).filter(|i| self.promoter[(i / nsq) % nt]) {
            let colour = Colour::from_index(i / (nt * nsq));
            let rank = v.geometry.rank((i % nsq) as Square) as i32;
            let advance = scan::sign(colour) * self.rank_from(colour, rank);
            self.pst_mg[i] += advance * self.w.promoter_advance.0;
            self.pst_eg[i] += advance * self.w.promoter_advance.1;
        }
        let pawn = &self.pawn;
        self.full_phase = (0..nt)
            .filter(|&t| !pawn[t] && !royal[t])
            .map(|t| {
                let start = &v.types[PieceType::new(t)].start;
                values[t] * (start[0].len() + start[1].len()) as i32
            })
            .sum::<i32>()
            .max(1);
        for (kind, &value) in self.kinds.iter_mut().zip(&values) {
            kind.value = value;
            kind.danger_weight = 1 + value / 300;
        }
        let starts = |t: &usize| !v.types[PieceType::new(*t)].start[0].is_empty();
        let cheapest =
            (0..nt).filter(|&t| !pawn[t] && !royal[t] && !v.types[PieceType::new(t)].promotes);
        self.drawish_margin = cheapest
            .filter(starts)
            .map(|t| values[t])
            .min()
            .unwrap_or(0)
            * 14
            / 10;
        self.values = values;
        self.derive_opening(v);
    }

    /// A square's rank counted from `colour`'s side.
    fn rank_from(&self, colour: Colour, rank: i32) -> i32 {
        if colour == WHITE {
            rank
        } else {
            self.ranks - 1 - rank
        }
    }

    /// Score from the side to move's point of view, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut s = Scan::new(pos);
        self.scan_pieces(&mut s);
        self.activity(&mut s);
        self.threats(&mut s);
        self.pawn_structure(&mut s);
        self.royal_shelter(&mut s);
        self.opening(&mut s);
        let (mut score, mg, eg, phase) = (s.material, s.mg, s.eg, s.phase);
        // Spare royal pieces: all but the most valuable.
        for colour in Colour::ALL
            .into_iter()
            .filter(|c| pos.variant().extinction[c.index()])
        {
            let royals = pos.royals(colour);
            if royals.len() > 1 {
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
        let total = score[us.index()] - score[us.other().index()] + tapered;
        let scaled = if self.drawish(&s, if total > 0 { us } else { us.other() }) {
            total / DRAWISH_SCALE
        } else {
            total
        };
        scaled + self.w.tempo
    }

    /// Whether `colour`, the side ahead, seldom wins: it has no piece that promotes and its
    /// other pieces are worth less than [`Evaluator::drawish_margin`] more than the enemy's
    /// (a minor piece up in chess), with nothing in hand on either side.
    fn drawish(&self, s: &Scan, colour: Colour) -> bool {
        let (c, o) = (colour.index(), colour.other().index());
        s.promoters[c] == 0
            && s.pieces[c] - s.pieces[o] < self.drawish_margin
            && s.pos.hands().iter().all(|&n| n == 0)
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
mod tests;
