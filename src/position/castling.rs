//! Castling: the pairs of unmoved pieces that may castle, their hash keys, the castling moves
//! and their safety.

use super::{Board, Kills, Move, MoveKind, PairsBefore, Position, Undo};
use crate::geometry::{Square, SquareSet};
use crate::piece::{Colour, PieceType};
use crate::variant::{code_colour, code_type};

/// The piece on a square as castling looks at it: its square, file, side, and 1 when it
/// castles with the piece next to the corner (`j`), else 0.
struct Castler {
    from: Square,
    file: i32,
    inner: i32,
    colour: Colour,
}

impl Position {
    /// The corner a castling move `(dir, dist)` of the piece on `from` goes towards, when the
    /// piece there (of `unmoved`'s pieces) could castle with it: far enough from the corner,
    /// and in it a piece of its side, not royal, in `unmoved`. Squares between are not looked at.
    /// For a type with `j` on its castling, the square next to the corner instead, and the
    /// castling may land on it.
    #[inline(always)]
    pub(super) fn castling_partner(
        &self,
        unmoved: &SquareSet,
        from: Square,
        dir: i8,
        dist: u8,
    ) -> Option<Square> {
        self.partner_of(unmoved, &self.castler(from)?, dir, dist)
    }

    /// What `partner_of` needs of the piece on `from`, found once for all its castlings (a
    /// division for the file): `None` on an empty square.
    #[inline(always)]
    fn castler(&self, from: Square) -> Option<Castler> {
        let ours = self.board[from as usize];
        (ours != 0).then(|| Castler {
            from,
            file: self.v.geometry.file(from) as i32,
            inner: self.v.types[code_type(ours)].castle_inner as i32,
            colour: code_colour(ours),
        })
    }

    /// [`Position::castling_partner`] of the piece `c` describes.
    #[inline(always)]
    fn partner_of(&self, unmoved: &SquareSet, c: &Castler, dir: i8, dist: u8) -> Option<Square> {
        let files = self.v.geometry.files as i32;
        let edge = if dir < 0 { 0 } else { files - 1 } - dir as i32 * c.inner;
        let span = (edge - c.file).abs();
        // Short of the partner; with `j` also onto its square (the partner going beside it,
        // as the Diagram's script castles).
        if span < 2 || dist as i32 > span - 1 + c.inner {
            return None;
        }
        // On `from`'s rank: no division for the rank.
        let partner = (c.from as i32 - c.file + edge) as Square;
        let pc = self.board[partner as usize];
        (pc != 0
            && code_colour(pc) == c.colour
            && unmoved.contains(partner)
            && !self.v.types[code_type(pc)].royal)
            .then_some(partner)
    }

    /// The castling pairs among the pieces flagged in `unmoved`: each castling piece in it
    /// with a piece it could castle with (see `castling_partner`), and those pieces. Only
    /// here do the unmoved flags of a castling piece and of its partners matter (unless
    /// their types have initial moves too); the pairs change only when one of them moves
    /// or is taken.
    pub fn castling_pairs(&self, unmoved: SquareSet) -> SquareSet {
        self.castling_pairs_among(unmoved, unmoved)
    }

    /// [`Position::castling_pairs`] of the castling pieces among `candidates` (a subset of
    /// `unmoved`): after a move that neither gates nor converts, the pairs are those of the
    /// castling pieces that were in a pair before and are still unmoved, as no piece becomes
    /// unmoved.
    pub(super) fn castling_pairs_among(
        &self,
        unmoved: SquareSet,
        candidates: SquareSet,
    ) -> SquareSet {
        let v = &*self.v;
        let mut out = SquareSet::EMPTY;
        for k in candidates.iter_in(v.geometry.words()) {
            let c = self.board[k as usize];
            // (A partner in the candidates, a rook, castles with none: passed over before
            // its file is worked out.)
            if c == 0 || v.types[code_type(c)].castles.is_empty() {
                continue;
            }
            let Some(castler) = self.castler(k) else {
                continue;
            };
            for (dir, dist) in v.castles(code_type(c), code_colour(c)) {
                if let Some(partner) = self.partner_of(&unmoved, &castler, dir, dist) {
                    out.insert(k);
                    out.insert(partner);
                }
            }
        }
        out
    }

    /// The castling pairs after a move that changed them (`u` records it), and the hash with
    /// them: by the keys of all pairs where the move may make new ones (`renewable`: a gate,
    /// conversion; their keys before already taken out), else by the lost squares' keys.
    /// `renewed`: whether pieces became unmoved or changed type.
    pub(super) fn pairs_after(&mut self, u: &mut Undo, renewable: bool, renewed: bool) {
        u.castling = self.new_pairs(renewed);
        self.hash ^= match (renewable, &u.castling) {
            (true, _) => self.castling_key(self.castling),
            (false, PairsBefore::Lost { n, squares }) => {
                (squares[..*n as usize].iter()).fold(0, |h, &sq| h ^ self.lost_key(u, sq))
            }
            (false, PairsBefore::Whole(before)) => {
                let mut lost = **before;
                for (b, a) in lost.0.iter_mut().zip(&self.castling.0) {
                    *b &= !a;
                }
                (lost.iter_in(self.v.geometry.words())).fold(0, |h, sq| h ^ self.lost_key(u, sq))
            }
            (false, PairsBefore::Same) => 0,
        };
    }

    /// The castling pairs after a move that changed them, and how to put back those before.
    /// Pieces made unmoved (gating) or retyped (`renewed`) may make new pairs: all are looked
    /// at. Else the pairs are those of before still unmoved, some squares lost.
    fn new_pairs(&mut self, renewed: bool) -> PairsBefore {
        let before = self.castling;
        if renewed {
            self.castling = self.castling_pairs(self.unmoved);
            return PairsBefore::Whole(Box::new(before));
        }
        let words = self.v.geometry.words();
        let mut still = before;
        for (w, u) in still.0[..words].iter_mut().zip(&self.unmoved.0) {
            *w &= u;
        }
        self.castling = self.castling_pairs_among(self.unmoved, still);
        let mut lost = PairsBefore::Lost {
            n: 0,
            squares: [0; 4],
        };
        for (i, (b, a)) in before.0[..words].iter().zip(&self.castling.0).enumerate() {
            let mut gone = b & !a;
            while gone != 0 {
                let sq = (i * 64) as Square + gone.trailing_zeros() as Square;
                gone &= gone - 1;
                match &mut lost {
                    PairsBefore::Lost { n, squares } if (*n as usize) < squares.len() => {
                        squares[*n as usize] = sq;
                        *n += 1;
                    }
                    _ => return PairsBefore::Whole(Box::new(before)),
                }
            }
        }
        lost
    }

    /// The hash key of the unmoved flag of `sq`, a square lost from the castling pairs by the
    /// move `u` records, as [`Position::castling_key`] counted it before the move: the key of
    /// a piece without initial moves (`set_square` keeps the others').
    fn lost_key(&self, u: &Undo, sq: Square) -> u64 {
        let before = (u.changes[..u.n as usize].iter())
            .find(|c| c.0 == sq)
            .map_or(self.board[sq as usize], |c| c.1);
        match before {
            0 => 0,
            c if self.v.types[code_type(c)].initial => 0,
            _ => self.v.zobrist.unmoved[sq as usize],
        }
    }

    /// The hash keys of the pairs' flags that `set_square` leaves out (no initial moves).
    pub(super) fn castling_key(&self, pairs: SquareSet) -> u64 {
        let mut h = 0;
        for sq in pairs.iter_in(self.v.geometry.words()) {
            let c = self.board[sq as usize];
            if c != 0 && !self.v.types[code_type(c)].initial {
                h ^= self.v.zobrist.unmoved[sq as usize];
            }
        }
        h
    }

    /// The castlings of the piece of type `t` on `from` (none where the walker finds them,
    /// [`crate::variant::Variant::compile_walked`]).
    pub(super) fn castling_moves(&self, from: Square, t: PieceType, out: &mut Vec<Move>) {
        if self.v.castling_walked {
            return;
        }
        let g = &self.v.geometry;
        // Squares on `from`'s rank counted from it (no division for files and ranks).
        let along = |dir: i8, k: i32| (from as i32 + dir as i32 * k) as Square;
        let Some(castler) = self.castler(from) else {
            return;
        };
        for (dir, dist) in self.v.castles(t, self.side) {
            let Some(partner) = self.partner_of(&self.unmoved, &castler, dir, dist) else {
                continue;
            };
            let span = (partner as i32 - from as i32).abs();
            // Every square between empty, and none a hole.
            if (1..span).any(|k| {
                let q = along(dir, k);
                self.board[q as usize] != 0 || g.is_hole(q)
            }) {
                continue;
            }
            out.push(self.castling_move(from, dir, dist));
        }
    }

    /// The castling of the piece on `from` `dist` squares towards `dir` (its partner found).
    pub(super) fn castling_move(&self, from: Square, dir: i8, dist: u8) -> Move {
        let to = (from as i32 + dir as i32 * dist as i32) as Square;
        let kind = if self.inner(from) == 1 {
            MoveKind::CastleInner
        } else {
            MoveKind::Castle
        };
        Move::new(from, to, kind, 0, Kills::NONE)
    }

    /// 1 when the piece on `from` castles with the piece next to the corner (`j`), else 0.
    fn inner(&self, from: Square) -> i32 {
        let c = self.board[from as usize];
        (c != 0 && self.v.types[code_type(c)].castle_inner) as i32
    }

    /// The rook's move for a castling move: (from, to). From the corner, or from next to it
    /// with [`MoveKind::CastleInner`].
    pub fn castle_partner(&self, m: Move) -> (Square, Square) {
        let g = self.v.geometry;
        let r = g.rank(m.from);
        let dir: i32 = if g.file(m.to) > g.file(m.from) { 1 } else { -1 };
        let inner = m.is(MoveKind::CastleInner) as i32;
        let edge = if dir < 0 { 0 } else { g.files as i32 - 1 } - dir * inner;
        (g.square(edge as u8, r), (m.to as i32 - dir) as Square)
    }

    pub(super) fn castle_is_safe(&self, m: Move, scratch: &mut Board) -> bool {
        let g = self.v.geometry;
        let them = self.side.other();
        let (f0, r) = (g.file(m.from) as i32, g.rank(m.from));
        let dir = if g.file(m.to) as i32 > f0 { 1 } else { -1 };
        let mut f = f0 + dir;
        while f != g.file(m.to) as i32 {
            if self.is_attacked(g.square(f as u8, r), them) {
                return false;
            }
            f += dir;
        }
        self.safe_after(m, scratch)
    }
}
