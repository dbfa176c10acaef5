//! A position of a compiled variant: the board, unmoved pieces, side to move, turn phase,
//! en passant rights and clocks; legal move generation and make / unmake.
//!
//! Legality is royal safety: a move is legal when afterwards the mover's royal piece cannot be
//! captured. Moves of pieces that do not stand between the royal piece and an enemy rider
//! (and are not the royal piece, not en passant, not out of check) are legal without a test;
//! the others are tried on the board.

use crate::geometry::{Square, SquareSet};
pub use crate::piece::{BLACK, Colour, WHITE};
use crate::piece::{Piece, PieceType};
use crate::variant::{Variant, code, code_colour, code_type, step};
use crate::walk::Walker;
use std::sync::Arc;

/// A board of piece codes (0 empty), indexed by square.
type Board = [u8; 256];

/// Move flags.
pub mod flag {
    pub const CASTLE: u8 = 1;
    pub const EP: u8 = 2;
    pub const CONVERT: u8 = 4;
    pub const DOUBLE: u8 = 8;
}

/// The flags of a quiet move by a step with marks (`step::MARKS`): a conversion, a move that
/// leaves en passant rights.
fn quiet_flags(f: u8, unmoved: bool) -> u8 {
    let mut fl = 0;
    if f & step::CONVERT != 0 {
        fl |= flag::CONVERT;
    }
    if (f & step::MAKES_EP != 0 && unmoved) || f & step::MAKES_EP_ALWAYS != 0 {
        fl |= flag::DOUBLE;
    }
    fl
}

/// A move: from, to, promotion (0 or 1 + type), flags, and the square of a piece it takes
/// besides the one on `to` (a locust capture: a leg of several that ends on an enemy and goes
/// on). `to` may be `from` (a move out and back, taking on the way, or none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub promo: u8,
    pub flags: u8,
    pub kill: Option<Square>,
}

impl Move {
    pub fn promotion(&self) -> Option<PieceType> {
        (self.promo != 0).then(|| PieceType::new(self.promo as usize - 1))
    }
    pub fn is_castle(&self) -> bool {
        self.flags & flag::CASTLE != 0
    }
    pub fn is_ep(&self) -> bool {
        self.flags & flag::EP != 0
    }
}

/// En passant targets: (square passed over, square of the pawn that passed it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct EpList {
    pub n: u8,
    pub items: [(Square, Square); 4],
}

impl EpList {
    pub fn as_slice(&self) -> &[(Square, Square)] {
        &self.items[..self.n as usize]
    }
    pub fn push(&mut self, passed: Square, pawn: Square) {
        if (self.n as usize) < self.items.len() {
            self.items[self.n as usize] = (passed, pawn);
            self.n += 1;
        }
    }
    pub fn clear(&mut self) {
        self.n = 0;
    }
    /// Drop the targets of the piece on `pawn` (every square it passed).
    pub fn remove_pawn(&mut self, pawn: Square) {
        let mut out = EpList::default();
        for &(p, q) in self.as_slice() {
            if q != pawn {
                out.push(p, q);
            }
        }
        *self = out;
    }
}

/// What unmaking a move needs.
#[derive(Debug, Clone, Copy)]
pub struct Undo {
    changes: [(Square, u8, bool); 8],
    n: u8,
    capturable: EpList,
    pending: EpList,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    castling: SquareSet,
    side: Colour,
    phase: u8,
    /// The piece captured, for callers.
    pub captured: Option<Piece>,
}

#[derive(Clone)]
pub struct Position {
    v: Arc<Variant>,
    /// Piece codes by square; 256 entries so a `u8` square indexes it without a bounds check.
    board: Board,
    unmoved: SquareSet,
    /// [`Position::castling_pairs`] of `unmoved`, kept up to date by `make`.
    castling: SquareSet,
    occ: [SquareSet; 2],
    counts: Vec<u16>,
    present: [u64; 2],
    /// None when the side has no royal piece (every square index is a real square on 16x16).
    royal: [Option<Square>; 2],
    nonroyal: [u16; 2],
    side: Colour,
    phase: u8,
    capturable: EpList,
    pending: EpList,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", crate::fen::to_fen(self))
    }
}

impl PartialEq for Position {
    fn eq(&self, o: &Self) -> bool {
        self.board == o.board
            && self.unmoved == o.unmoved
            && self.castling == o.castling
            && self.side == o.side
            && self.phase == o.phase
            && self.capturable == o.capturable
            && self.pending == o.pending
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
            && self.hash == o.hash
    }
}

/// Pieces and state for [`Position::from_setup`].
#[derive(Debug, Clone, Default)]
pub struct Setup {
    pub pieces: Vec<(Square, Piece)>,
    pub unmoved: SquareSet,
    pub side: Colour,
    pub phase: u8,
    pub capturable: EpList,
    pub pending: EpList,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl Position {
    /// The variant's start position: its array as written.
    pub fn start(v: &Arc<Variant>) -> Position {
        Position::from_setup(v, &crate::shuffle::start_setup(v, None))
    }

    /// The start position a seed deals with the variant's `shuffle` key ([`crate::shuffle`]);
    /// the array as written for a variant without one.
    pub fn start_seeded(v: &Arc<Variant>, seed: u64) -> Position {
        Position::from_setup(v, &crate::shuffle::start_setup(v, Some(seed)))
    }

    pub fn from_setup(v: &Arc<Variant>, s: &Setup) -> Position {
        let mut p = Position {
            v: v.clone(),
            board: [0; 256],
            unmoved: SquareSet::EMPTY,
            castling: SquareSet::EMPTY,
            occ: [SquareSet::EMPTY; 2],
            counts: vec![0; 2 * v.types.len()],
            present: [0; 2],
            royal: [None; 2],
            nonroyal: [0; 2],
            side: s.side,
            phase: s.phase,
            capturable: s.capturable,
            pending: s.pending,
            halfmove: s.halfmove,
            fullmove: s.fullmove.max(1),
            hash: 0,
        };
        for &(sq, pc) in &s.pieces {
            p.set_square(sq, pc.code(), s.unmoved.contains(sq));
        }
        p.castling = p.castling_pairs(p.unmoved);
        p.hash = p.compute_hash();
        p
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }
    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq as usize])
    }
    pub fn is_unmoved(&self, sq: Square) -> bool {
        self.unmoved.contains(sq)
    }
    pub fn unmoved_set(&self) -> SquareSet {
        self.unmoved
    }
    pub fn side_to_move(&self) -> Colour {
        self.side
    }
    /// Moves already made in the current turn (0 or 1 in Marseillais).
    pub fn phase(&self) -> u8 {
        self.phase
    }
    pub fn ep_capturable(&self) -> &EpList {
        &self.capturable
    }
    pub fn ep_pending(&self) -> &EpList {
        &self.pending
    }
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    pub fn hash(&self) -> u64 {
        self.hash
    }
    pub fn royal_square(&self, colour: Colour) -> Option<Square> {
        self.royal[colour.index()]
    }
    pub fn occupied(&self, colour: Colour) -> SquareSet {
        self.occ[colour.index()]
    }
    /// Non-royal pieces of a side.
    pub fn nonroyal_count(&self, colour: Colour) -> u16 {
        self.nonroyal[colour.index()]
    }
    pub fn count(&self, colour: Colour, t: PieceType) -> u16 {
        self.counts[colour.index() * self.v.types.len() + t.index()]
    }

    /// Moves in the current turn (1, or 2 in Marseillais; the balanced first turn has 1).
    pub fn turn_length(&self) -> u8 {
        if self.side == WHITE && self.fullmove == 1 {
            self.v.first_turn_moves
        } else {
            self.v.moves_per_turn
        }
    }

    fn set_square(&mut self, sq: Square, c: u8, unmoved: bool) {
        let nsq = self.v.geometry.len();
        let nt = self.v.types.len();
        let old = self.board[sq as usize];
        if old != 0 {
            let (t, col) = (code_type(old), code_colour(old).index());
            self.hash ^= self.v.zobrist.pieces[old as usize * nsq + sq as usize];
            if self.unmoved.contains(sq) && self.v.types[t].initial {
                self.hash ^= self.v.zobrist.unmoved[sq as usize];
            }
            self.occ[col].remove(sq);
            let i = col * nt + t.index();
            self.counts[i] -= 1;
            if self.counts[i] == 0 {
                self.present[col] &= !t.bit();
            }
            if self.v.types[t].royal {
                if self.royal[col] == Some(sq) {
                    self.royal[col] = None;
                }
            } else {
                self.nonroyal[col] -= 1;
            }
        }
        self.board[sq as usize] = c;
        self.unmoved.set(sq, unmoved && c != 0);
        if c != 0 {
            let (t, col) = (code_type(c), code_colour(c).index());
            self.hash ^= self.v.zobrist.pieces[c as usize * nsq + sq as usize];
            if unmoved && self.v.types[t].initial {
                self.hash ^= self.v.zobrist.unmoved[sq as usize];
            }
            self.occ[col].insert(sq);
            let i = col * nt + t.index();
            self.counts[i] += 1;
            self.present[col] |= t.bit();
            if self.v.types[t].royal {
                self.royal[col] = Some(sq);
            } else {
                self.nonroyal[col] += 1;
            }
        }
    }

    /// The hash recomputed from scratch (tests compare it with the incremental one).
    ///
    /// It covers the unmoved flags that can still change a move: those of pieces with initial
    /// moves, and those of castling pairs ([`Position::castling_pairs`]). A rook that never
    /// moved beside a king that did hashes like one that moved, as the rules count them alike
    /// (repetition), and as FEN writes them.
    pub fn compute_hash(&self) -> u64 {
        let z = &self.v.zobrist;
        let nsq = self.v.geometry.len();
        let pairs = self.castling_pairs(self.unmoved);
        let mut h = 0;
        for sq in 0..nsq {
            let c = self.board[sq];
            if c != 0 {
                h ^= z.pieces[c as usize * nsq + sq];
                if self.unmoved.contains(sq as Square)
                    && (self.v.types[code_type(c)].initial || pairs.contains(sq as Square))
                {
                    h ^= z.unmoved[sq];
                }
            }
        }
        for &(p, _) in self.capturable.as_slice() {
            h ^= z.ep_capturable[p as usize];
        }
        for &(p, _) in self.pending.as_slice() {
            h ^= z.ep_pending[p as usize];
        }
        if self.side == BLACK {
            h ^= z.black;
        }
        h ^= z.phase[self.phase as usize & 7];
        h
    }

    fn ep_hash(&self) -> u64 {
        let z = &self.v.zobrist;
        let mut h = 0;
        for &(p, _) in self.capturable.as_slice() {
            h ^= z.ep_capturable[p as usize];
        }
        for &(p, _) in self.pending.as_slice() {
            h ^= z.ep_pending[p as usize];
        }
        h
    }

    /// Is `sq` attacked by a piece of colour `by`?
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Colour) -> bool {
        attacked_on(
            &self.v,
            &self.board,
            &self.unmoved,
            (self.present[by.index()], &self.occ[by.index()]),
            sq,
            by,
        )
    }

    /// Is the side to move's royal piece attacked?
    pub fn in_check(&self) -> bool {
        let us = self.side;
        match self.royal_square(us) {
            Some(k) => self.is_attacked(k, us.other()),
            None => false,
        }
    }

    /// Squares of our pieces that shield our royal piece from an enemy rider or lame leaper,
    /// and whether we are in check.
    fn blockers(&self, k: Square) -> (SquareSet, bool) {
        let v = &*self.v;
        let them = self.side.other();
        let present = self.present[them.index()];
        let mut pinned = SquareSet::EMPTY;
        let mut check = false;
        for pr in v.probes_for(them, k) {
            if pr.any & present == 0 {
                continue;
            }
            let a = pr.start as usize;
            let b = a + pr.len as usize;
            if pr.path {
                let src = v.probe_squares[b - 1];
                let c = self.board[src as usize];
                if c == 0 || code_colour(c) != them {
                    continue;
                }
                if probe_hit(v, b - 1, c, self.unmoved.contains(src)) {
                    let mut blocker = None;
                    let mut n = 0;
                    for &q in &v.probe_squares[a..b - 1] {
                        let qc = self.board[q as usize];
                        if qc != 0 {
                            n += 1;
                            if code_colour(qc) == self.side {
                                blocker = Some(q);
                            }
                        }
                    }
                    match (n, blocker) {
                        (0, _) => check = true,
                        (1, Some(q)) => pinned.insert(q),
                        _ => {}
                    }
                }
                continue;
            }
            let mut blocker: Option<Square> = None;
            for i in a..b {
                let q = v.probe_squares[i];
                let c = self.board[q as usize];
                if c == 0 {
                    continue;
                }
                if code_colour(c) == them {
                    if probe_hit(v, i, c, self.unmoved.contains(q)) {
                        match blocker {
                            Some(bq) => pinned.insert(bq),
                            None => check = true,
                        }
                    }
                    break;
                }
                if blocker.is_some() {
                    break;
                }
                blocker = Some(q);
            }
        }
        (pinned, check)
    }

    /// All pseudo-legal moves of the side to move (royal safety not checked).
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        self.generate(out, false);
    }

    /// Pseudo-legal moves; with `captures_only`, only captures, en passant and promotions.
    fn generate(&self, out: &mut Vec<Move>, captures_only: bool) {
        let v = &*self.v;
        let us = self.side;
        for from in self.occ[us.index()].iter() {
            let c = self.board[from as usize];
            let t = code_type(c);
            let unm = self.unmoved.contains(from);
            let promotes = v.types[t].promotes;
            let first = out.len();
            for r in v.rays_for(us, t, from) {
                for st in v.ray_steps(r) {
                    let to = st.to;
                    let target = self.board[to as usize];
                    let f = st.flags;
                    if target == 0 {
                        if captures_only
                            && !(f & step::EP != 0
                                || (promotes && v.promo_zone[us.index()].contains(to)))
                        {
                            continue;
                        }
                        if f & step::QUIET != 0 || (unm && f & step::QUIET_I != 0) {
                            let fl = if f & step::MARKS == 0 {
                                0
                            } else {
                                quiet_flags(f, unm)
                            };
                            self.push(out, from, to, fl, promotes, None);
                        } else if f & step::EP != 0 && self.ep_target(to).is_some() {
                            self.push(out, from, to, flag::EP, promotes, None);
                        }
                    } else {
                        if code_colour(target) != us
                            && (f & step::CAPTURE != 0 || (unm && f & step::CAPTURE_I != 0))
                        {
                            let fl = if f & step::CONVERT != 0 {
                                flag::CONVERT
                            } else {
                                0
                            };
                            self.push(out, from, to, fl, promotes, None);
                        }
                        break;
                    }
                }
            }
            if v.special_types & t.bit() != 0 {
                self.special_moves(from, t, unm, captures_only, first, out);
            }
        }
    }

    /// The moves of the few types whose rays may meet (the moves after `first` are the
    /// piece's: one move per destination, the first ray's), that castle or that have walks.
    fn special_moves(
        &self,
        from: Square,
        t: PieceType,
        unm: bool,
        captures_only: bool,
        first: usize,
        out: &mut Vec<Move>,
    ) {
        let v = &*self.v;
        if v.rays_overlap(self.side, t, from) {
            // Two routes open to one square make one move: the first ray's.
            let mut k = first;
            for i in first..out.len() {
                let m = out[i];
                if !out[first..k]
                    .iter()
                    .any(|n| n.to == m.to && n.promo == m.promo)
                {
                    out[k] = m;
                    k += 1;
                }
            }
            out.truncate(k);
        }
        if unm && !captures_only && !v.types[t].castles.is_empty() {
            self.castling_moves(from, t, out);
        }
        if v.walk_types & t.bit() != 0 {
            self.walk_moves(from, t, unm, captures_only, out);
        }
    }

    /// The moves of the piece on `from` that the walker finds (moves of several legs, hops),
    /// each once: walks and rays may reach the same move.
    fn walk_moves(
        &self,
        from: Square,
        t: PieceType,
        unm: bool,
        captures_only: bool,
        out: &mut Vec<Move>,
    ) {
        let v = &*self.v;
        let us = self.side;
        let start = out
            .iter()
            .rposition(|m| m.from != from)
            .map_or(0, |i| i + 1);
        let promotes = v.types[t].promotes;
        let walker = Walker {
            geometry: v.geometry,
            board: &self.board,
            from,
            colour: us,
            unmoved: unm,
        };
        let mut found = Vec::new();
        walker.run(&v.walks[t.index()][us.index()], &mut |to, kill| {
            let quiet = kill.is_none() && (to == from || self.board[to as usize] == 0);
            if !captures_only || !quiet || (promotes && v.promo_zone[us.index()].contains(to)) {
                self.push(&mut found, from, to, 0, promotes, kill);
            }
            false
        });
        // A piece has few moves: a linear search keeps the wasm free of another sort.
        for m in found {
            if !out[start..].contains(&m) {
                out.push(m);
            }
        }
    }

    /// The en passant target whose passed-over square is `to`, if still valid.
    #[inline]
    fn ep_target(&self, to: Square) -> Option<Square> {
        for &(passed, pawn) in self.capturable.as_slice() {
            if passed == to {
                let pc = self.board[pawn as usize];
                if pc != 0 && code_colour(pc) != self.side {
                    return Some(pawn);
                }
            }
        }
        None
    }

    #[inline]
    fn push(
        &self,
        out: &mut Vec<Move>,
        from: Square,
        to: Square,
        fl: u8,
        promotes: bool,
        kill: Option<Square>,
    ) {
        let v = &*self.v;
        if promotes && v.promo_zone[self.side.index()].contains(to) {
            for &choice in &v.promo_choice {
                if let Some(max) = v.max_promote
                    && self.count(self.side, choice) as u32 >= max
                {
                    continue;
                }
                out.push(Move {
                    from,
                    to,
                    promo: choice.index() as u8 + 1,
                    flags: fl,
                    kill,
                });
            }
        } else {
            out.push(Move {
                from,
                to,
                promo: 0,
                flags: fl,
                kill,
            });
        }
    }

    /// The corner a castling move `(dir, dist)` of the piece on `from` goes towards, when the
    /// piece there (of `unmoved`'s pieces) could castle with it: far enough from the corner,
    /// and in it a piece of its side, not royal, in `unmoved`. Squares between are not looked at.
    fn castling_partner(
        &self,
        unmoved: &SquareSet,
        from: Square,
        dir: i8,
        dist: u8,
    ) -> Option<Square> {
        let g = self.v.geometry;
        let f0 = g.file(from) as i32;
        let edge = if dir < 0 { 0 } else { g.files as i32 - 1 };
        let span = (edge - f0).abs();
        if span < 2 || dist as i32 >= span {
            return None;
        }
        let partner = g.square(edge as u8, g.rank(from));
        let pc = self.board[partner as usize];
        let ours = self.board[from as usize];
        (pc != 0
            && ours != 0
            && code_colour(pc) == code_colour(ours)
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
        let v = &*self.v;
        let mut out = SquareSet::EMPTY;
        for k in unmoved.iter() {
            let c = self.board[k as usize];
            if c == 0 {
                continue;
            }
            for &(dir, dist) in &v.types[code_type(c)].castles {
                if let Some(partner) = self.castling_partner(&unmoved, k, dir, dist) {
                    out.insert(k);
                    out.insert(partner);
                }
            }
        }
        out
    }

    /// The hash keys of the pairs' flags that `set_square` leaves out (no initial moves).
    fn castling_key(&self, pairs: SquareSet) -> u64 {
        let mut h = 0;
        for sq in pairs.iter() {
            let c = self.board[sq as usize];
            if c != 0 && !self.v.types[code_type(c)].initial {
                h ^= self.v.zobrist.unmoved[sq as usize];
            }
        }
        h
    }

    fn castling_moves(&self, from: Square, t: PieceType, out: &mut Vec<Move>) {
        let g = self.v.geometry;
        let (f0, r) = (g.file(from) as i32, g.rank(from));
        for &(dir, dist) in &self.v.types[t].castles {
            let Some(partner) = self.castling_partner(&self.unmoved, from, dir, dist) else {
                continue;
            };
            let span = (g.file(partner) as i32 - f0).abs();
            // Every square between empty, and none a hole.
            if (1..span).any(|k| {
                let q = g.square((f0 + dir as i32 * k) as u8, r);
                self.board[q as usize] != 0 || g.is_hole(q)
            }) {
                continue;
            }
            let to = g.square((f0 + dir as i32 * dist as i32) as u8, r);
            out.push(Move {
                from,
                to,
                promo: 0,
                flags: flag::CASTLE,
                kill: None,
            });
        }
    }

    /// The rook's move for a castling move: (from, to).
    pub fn castle_partner(&self, m: Move) -> (Square, Square) {
        let g = self.v.geometry;
        let r = g.rank(m.from);
        let dir: i32 = if g.file(m.to) > g.file(m.from) { 1 } else { -1 };
        let edge = if dir < 0 { 0 } else { g.files - 1 };
        (g.square(edge, r), (m.to as i32 - dir) as Square)
    }

    /// Legal moves of the side to move.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves_checked(out);
    }

    /// Legal moves of the side to move, and whether it is in check (found on the way).
    pub fn legal_moves_checked(&self, out: &mut Vec<Move>) -> bool {
        out.clear();
        self.generate(out, false);
        self.retain_legal(out)
    }

    /// Legal captures (en passant included) and promotions of the side to move.
    pub fn legal_captures(&self, out: &mut Vec<Move>) {
        out.clear();
        self.generate(out, true);
        self.retain_legal(out);
    }

    /// Keep the moves that leave the mover's royal piece safe; returns whether it is in check.
    fn retain_legal(&self, out: &mut Vec<Move>) -> bool {
        let us = self.side;
        let Some(k) = self.royal_square(us) else {
            return false;
        };
        let (pinned, mut check) = self.blockers(k);
        // Walkers (hoppers, pieces of several legs) are not in the pins: with any in the
        // variant, every move is tried.
        let walks = self.v.walk_types != 0;
        if walks {
            check = self.is_attacked(k, us.other());
        }
        let mut scratch = [0u8; 256];
        let mut ready = false;
        // Moves that need no test: not out of check, not the royal piece's, not pinned.
        let unchecked = !walks && !check;
        out.retain(|&m| {
            if unchecked
                && !m.is_castle()
                && m.from != k
                && !pinned.contains(m.from)
                && m.flags & flag::EP == 0
            {
                return true;
            }
            if !ready {
                scratch = self.board;
                ready = true;
            }
            if m.is_castle() {
                !check && self.castle_is_safe(m, &mut scratch)
            } else {
                self.safe_after(m, &mut scratch)
            }
        });
        check
    }

    /// Does the side to move have any legal move?
    pub fn has_legal_move(&self) -> bool {
        let mut v = Vec::with_capacity(64);
        self.legal_moves(&mut v);
        !v.is_empty()
    }

    fn castle_is_safe(&self, m: Move, scratch: &mut Board) -> bool {
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

    /// Try the move on a scratch board and test the royal square.
    fn safe_after(&self, m: Move, scratch: &mut Board) -> bool {
        let us = self.side;
        let mover = self.board[m.from as usize];
        let Some(mut royal) = self.royal[us.index()] else {
            return true;
        };
        let mut touched: [(Square, u8); 5] = [(0, 0); 5];
        let mut n = 0;
        let mut put = |sq: Square, c: u8, scratch: &mut Board| {
            touched[n] = (sq, scratch[sq as usize]);
            n += 1;
            scratch[sq as usize] = c;
        };
        put(m.from, 0, scratch);
        if let Some(k) = m.kill {
            put(k, 0, scratch);
        }
        if m.is_ep()
            && let Some(p) = self.ep_target(m.to)
        {
            put(p, 0, scratch);
        }
        if m.is_castle() {
            let (rf, rt) = self.castle_partner(m);
            let rc = self.board[rf as usize];
            put(rf, 0, scratch);
            put(rt, rc, scratch);
        }
        put(m.to, mover, scratch);
        if m.from == royal {
            royal = m.to;
        }
        let them = us.other();
        let attacked = attacked_on(
            &self.v,
            scratch,
            &self.unmoved,
            // The move changes none of their squares but those it takes on: a superset.
            (self.present[them.index()], &self.occ[them.index()]),
            royal,
            them,
        );
        for i in (0..n).rev() {
            scratch[touched[i].0 as usize] = touched[i].1;
        }
        !attacked
    }

    /// Make a move (which must be legal). Returns what [`Position::unmake`] needs.
    pub fn make(&mut self, m: Move) -> Undo {
        let v = self.v.clone();
        let us = self.side;
        let mut u = Undo {
            changes: [(0, 0, false); 8],
            n: 0,
            capturable: self.capturable,
            pending: self.pending,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            castling: self.castling,
            side: self.side,
            phase: self.phase,
            captured: None,
        };
        let record = |u: &mut Undo, p: &Position, sq: Square| {
            u.changes[u.n as usize] = (sq, p.board[sq as usize], p.unmoved.contains(sq));
            u.n += 1;
        };
        self.hash ^= self.ep_hash();
        let mover = self.board[m.from as usize];
        let t = code_type(mover);
        let mut reset = v.types[t].is_pawn;
        // Capture.
        let cap_sq = if m.is_ep() {
            self.ep_target(m.to)
        } else if m.to != m.from && self.board[m.to as usize] != 0 {
            Some(m.to)
        } else {
            None
        };
        // Castling pairs change only when one of their pieces moves or is taken; their hash
        // keys also follow a type change of a piece that stays (conversion bookkeeping).
        let pairs_change = self.castling.contains(m.from)
            || cap_sq.is_some_and(|cs| self.castling.contains(cs))
            || m.kill.is_some_and(|k| self.castling.contains(k))
            || v.conversion.is_some_and(|cv| t == cv.undecided);
        if pairs_change {
            self.hash ^= self.castling_key(self.castling);
        }
        if let Some(cs) = cap_sq {
            u.captured = Piece::from_code(self.board[cs as usize]);
            reset = true;
            if cs != m.to {
                record(&mut u, self, cs);
                self.set_square(cs, 0, false);
            }
        }
        if let Some(k) = m.kill {
            u.captured = u.captured.or(Piece::from_code(self.board[k as usize]));
            reset = true;
            record(&mut u, self, k);
            self.set_square(k, 0, false);
        }
        record(&mut u, self, m.from);
        record(&mut u, self, m.to);
        self.set_square(m.from, 0, false);
        // New type: promotion, conversion bookkeeping, then morph.
        let mut nt = match m.promotion() {
            Some(p) => {
                reset = true;
                p
            }
            None => t,
        };
        if let Some(cv) = v.conversion
            && (t == cv.undecided || t == cv.obligated)
        {
            nt = cv.base;
            if t == cv.undecided {
                let others = if m.flags & flag::CONVERT != 0 {
                    cv.base
                } else {
                    cv.obligated
                };
                let undecided = code(cv.undecided, us);
                let squares: Vec<Square> = self.occ[us.index()]
                    .iter()
                    .filter(|&s| self.board[s as usize] == undecided)
                    .collect();
                for s in squares {
                    record(&mut u, self, s);
                    let unm = self.unmoved.contains(s);
                    self.set_square(s, code(others, us), unm);
                }
            }
        }
        if let Some(mt) = v.morph_at(nt, m.to)
            && mt != nt
        {
            nt = mt;
            reset = true;
        }
        self.set_square(m.to, code(nt, us), false);
        if m.is_castle() {
            let (rf, rt) = self.castle_partner(m);
            let rc = self.board[rf as usize];
            record(&mut u, self, rf);
            record(&mut u, self, rt);
            self.set_square(rf, 0, false);
            self.set_square(rt, rc, false);
        }
        if pairs_change {
            self.castling = self.castling_pairs(self.unmoved);
            self.hash ^= self.castling_key(self.castling);
        }
        // En passant rights created by this move.
        if m.flags & flag::DOUBLE != 0 {
            let g = v.geometry;
            let (ff, fr) = (g.file(m.from) as i32, g.rank(m.from) as i32);
            let (tf, tr) = (g.file(m.to) as i32, g.rank(m.to) as i32);
            let n = (tf - ff).abs().max((tr - fr).abs());
            let (df, dr) = ((tf - ff).signum(), (tr - fr).signum());
            for k in 1..n {
                if let Some(p) = g.try_square(ff + df * k, fr + dr * k) {
                    self.pending.push(p, m.to);
                }
            }
        }
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        // Turn structure.
        self.hash ^= v.zobrist.phase[self.phase as usize & 7];
        let turn_len = self.turn_length();
        let mut pass = true;
        if self.phase + 1 < turn_len {
            let them = us.other();
            let gives_check = self
                .royal_square(them)
                .is_some_and(|k| self.is_attacked(k, us));
            if !gives_check {
                self.phase += 1;
                if let Some(pawn) = cap_sq.filter(|_| m.is_ep()) {
                    // The target just taken is spent, and so is every other square its pawn
                    // passed (`ifmnD0` passes three): the pawn is gone.
                    self.capturable.remove_pawn(pawn);
                } else {
                    self.capturable.clear();
                }
                pass = !self.has_legal_move();
                if pass {
                    self.phase -= 1;
                }
            }
        }
        if pass {
            self.phase = 0;
            self.side = us.other();
            self.hash ^= v.zobrist.black;
            if self.side == WHITE {
                self.fullmove += 1;
            }
            let mut next = EpList::default();
            for &(p, pawn) in self.pending.as_slice() {
                let pc = self.board[pawn as usize];
                if self.board[p as usize] == 0 && pc != 0 && code_colour(pc) == us {
                    next.push(p, pawn);
                }
            }
            self.capturable = next;
            self.pending.clear();
        }
        self.hash ^= v.zobrist.phase[self.phase as usize & 7];
        self.hash ^= self.ep_hash();
        u
    }

    /// Take back the move `make` returned `u` for.
    pub fn unmake(&mut self, u: &Undo) {
        for i in (0..u.n as usize).rev() {
            let (sq, c, unm) = u.changes[i];
            self.set_square(sq, c, unm);
        }
        self.capturable = u.capturable;
        self.pending = u.pending;
        self.halfmove = u.halfmove;
        self.fullmove = u.fullmove;
        self.side = u.side;
        self.phase = u.phase;
        self.hash = u.hash;
        self.castling = u.castling;
    }

    /// Count leaf nodes `depth` plies down (the last ply bulk-counted).
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::with_capacity(128);
        self.legal_moves(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut n = 0;
        for &m in &moves {
            let u = self.make(m);
            n += self.perft(depth - 1);
            self.unmake(&u);
        }
        n
    }
}

/// Does piece `c` standing on probe square `i` capture on the probe's target?
#[inline]
fn probe_hit(v: &Variant, i: usize, c: u8, unmoved: bool) -> bool {
    let tb = code_type(c).bit();
    let (always, initial) = v.probe_masks[i];
    always & tb != 0 || (initial & tb != 0 && unmoved)
}

/// Is `sq` attacked by colour `by` on `board`? `present` is a superset of the attacker's
/// piece types (probes for absent types are skipped).
#[inline]
fn attacked_on(
    v: &Variant,
    board: &Board,
    unmoved: &SquareSet,
    (present, pieces): (u64, &SquareSet),
    sq: Square,
    by: Colour,
) -> bool {
    for pr in v.probes_for(by, sq) {
        if pr.any & present == 0 {
            continue;
        }
        let a = pr.start as usize;
        let b = a + pr.len as usize;
        if pr.path {
            let src = v.probe_squares[b - 1];
            let c = board[src as usize];
            if c == 0 || code_colour(c) != by {
                continue;
            }
            if probe_hit(v, b - 1, c, unmoved.contains(src))
                && v.probe_squares[a..b - 1]
                    .iter()
                    .all(|&q| board[q as usize] == 0)
            {
                return true;
            }
            continue;
        }
        let squares = &v.probe_squares[a..b];
        let masks = &v.probe_masks[a..b];
        for (&q, &(always, initial)) in squares.iter().zip(masks) {
            let c = board[q as usize];
            if c != 0 {
                if code_colour(c) == by {
                    let tb = code_type(c).bit();
                    if always & tb != 0 || (initial & tb != 0 && unmoved.contains(q)) {
                        return true;
                    }
                }
                break;
            }
        }
    }
    present & v.walk_types != 0 && walked_on(v, board, unmoved, pieces, sq, by)
}

/// Does a piece of `by` with walks (hoppers, moves of several legs) take on `sq`? `pieces` is
/// a superset of the squares `by`'s pieces stand on. The walks are followed with a stand-in
/// enemy on `sq` when it is empty, so that the square counts as attacked where a piece
/// standing there would be taken.
#[cold]
fn walked_on(
    v: &Variant,
    board: &Board,
    unmoved: &SquareSet,
    pieces: &SquareSet,
    sq: Square,
    by: Colour,
) -> bool {
    let g = v.geometry;
    let walkers = pieces.iter().filter(|&from| {
        let c = board[from as usize];
        c != 0
            && code_colour(c) == by
            && v.walk_types & code_type(c).bit() != 0
            && v.walk_reach[code_type(c).index()][by.index()].contains(
                g.file(sq) as i32 - g.file(from) as i32,
                g.rank(sq) as i32 - g.rank(from) as i32,
            )
    });
    let mut stand_in: Option<Box<Board>> = None;
    for from in walkers {
        let probe = if board[sq as usize] != 0 {
            board
        } else {
            stand_in.get_or_insert_with(|| {
                // A royal stand-in where there is one (a `k` move takes only those).
                let t = v.types.iter().position(|t| t.royal).unwrap_or(0);
                let mut b = Box::new(*board);
                b[sq as usize] = code(PieceType::new(t), by.other());
                b
            })
        };
        let c = board[from as usize];
        let walker = Walker {
            geometry: g,
            board: probe,
            from,
            colour: by,
            unmoved: unmoved.contains(from),
        };
        if walker.run(
            &v.walks[code_type(c).index()][by.index()],
            &mut |to, kill| to == sq || kill == Some(sq),
        ) {
            return true;
        }
    }
    false
}
