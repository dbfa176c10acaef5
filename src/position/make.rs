//! Making and unmaking moves: the board, the hands, the castling pairs, en passant rights,
//! the clocks and the turn structure, and perft over them.

use super::{EpList, Move, MoveKind, PairsBefore, Position, Undo, WHITE};
use crate::betza::MAX_LOCUST;
use crate::definition::CaptureTo;
use crate::geometry::{Board, Square};
use crate::hands::HandRules;
use crate::piece::{Colour, Piece, PieceType};
use crate::trade::TradeRules;
use crate::variant::{code, code_colour, code_type};

impl Position {
    /// Make a move (which must be legal). Returns what [`Position::unmake`] needs.
    pub fn make(&mut self, m: Move) -> Undo {
        self.make_here(m)
    }

    /// [`Position::make`], written out where it is called (perft): its `Undo` is then made
    /// where the caller keeps it, not copied there (a call of `memcpy` a move).
    #[inline(always)]
    fn make_here(&mut self, m: Move) -> Undo {
        let us = self.side;
        let mut u = self.undo_record();
        self.hash ^= self.ep_hash();
        if self.v.trade.counter_strike != 0 {
            let strike = self.strike_after(m);
            self.hash ^= TradeRules::key(self.strike) ^ TradeRules::key(strike);
            self.strike = strike;
        }
        if self.v.imitators != 0 {
            self.note_imitated(m);
        }
        let (reset, cap_sq) = match m.dropped() {
            Some(t) => {
                self.take_from_hand(&mut u, us, t);
                u.record(self, m.to);
                // Unmoved (its initial moves open) only where a piece of its type starts: a
                // Crazyhouse pawn dropped on its second rank may step two squares, elsewhere
                // not. The Diagram's script counts every dropped piece as moved; Crazyhouse's
                // rule and Fairy-Stockfish say otherwise, and its perft agrees with this.
                let ty = &self.v.types[t];
                let unmoved = ty.initial && ty.start[us.index()].contains(&m.to);
                self.set_square(m.to, code(t, us), unmoved);
                (false, None)
            }
            None => self.make_board_move(m, &mut u),
        };
        self.end_move(m, reset, cap_sq);
        u
    }

    /// A copy of the position with `m` made on the board alone: the same side to move, no
    /// turn structure, clocks, hands or hash kept up. For the tests legality makes of what the
    /// board holds after a move (check, a recapture): a full [`Position::make`] in the middle
    /// of a turn of several moves looks for the turn's next legal move, which would test
    /// each of those moves the same way, a search as deep as the turn (the definition
    /// fuzzer's find: five moves a turn and `protected`).
    pub(super) fn board_after(&self, m: Move) -> Position {
        let mut after = self.clone();
        let mut u = after.undo_record();
        match m.dropped() {
            Some(t) => after.set_square(m.to, code(t, self.side), false),
            None => {
                after.make_board_move(m, &mut u);
            }
        }
        after
    }

    /// The side to move's pieces of type `undecided` (conversion bishops yet to choose)
    /// become type `others`, each change recorded in `u`.
    fn decide_others(&mut self, u: &mut Undo, undecided: PieceType, others: PieceType) {
        let us = self.side;
        let undecided = code(undecided, us);
        // The side's squares as they were (a copy, not a list: no allocation at every move).
        let own = self.occ[us.index()];
        for s in own.iter_in(self.v.geometry.words()) {
            if self.board[s as usize] != undecided {
                continue;
            }
            u.record(self, s);
            let unm = self.unmoved.contains(s);
            self.set_square(s, code(others, us), unm);
        }
    }

    /// What unmaking restores besides the squares, hands recorded as they change.
    pub(super) fn undo_record(&self) -> Undo {
        Undo {
            changes: [(0, 0, false); 9 + MAX_LOCUST],
            n: 0,
            capturable: self.capturable,
            pending: self.pending,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            castling: PairsBefore::Same,
            side: self.side,
            phase: self.phase,
            hand: [(0, 0); 2 + MAX_LOCUST],
            nhand: 0,
            strike: self.strike,
            imitated: self.imitated,
            captured: None,
        }
    }

    /// Take a piece of type `t` from `colour`'s hand.
    fn take_from_hand(&mut self, u: &mut Undo, colour: Colour, t: PieceType) {
        let i = HandRules::index(self.v.types.len(), colour, t);
        u.hand[u.nhand as usize] = (i as u8, self.hands[i]);
        u.nhand += 1;
        self.set_hand(i, self.hands[i] - 1);
    }

    /// A piece taken (its code) goes to a hand, if the rules send it to one.
    fn send_to_hand(&mut self, u: &mut Undo, victim: u8) {
        let v = &*self.v;
        let (t, owner) = (v.types[code_type(victim)].base, code_colour(victim));
        let (colour, t) = match v.hands.capture {
            CaptureTo::Nowhere => return,
            CaptureTo::Capturer { .. } => (owner.other(), v.hands.demoted[t.index()]),
            CaptureTo::Owner => (owner, t),
        };
        // A royal piece goes too (taken where its side has several), as the Diagram's `Hold`
        // sends it: `royalty_changes` then tests its drops.
        if u.nhand as usize >= u.hand.len() {
            return;
        }
        let i = HandRules::index(v.types.len(), colour, t);
        u.hand[u.nhand as usize] = (i as u8, self.hands[i]);
        u.nhand += 1;
        self.set_hand(i, self.hands[i].saturating_add(1));
    }

    /// The board part of [`Position::make`] for a move that is not a drop: whether it resets
    /// the 50-move count, and the square it took on (en passant's included).
    /// The variant is read through `self.v` where it is needed (a clone of the `Arc` to
    /// hold across the changes cost two atomic operations a move: a fifth of `make`).
    #[inline(always)]
    fn make_board_move(&mut self, m: Move, u: &mut Undo) -> (bool, Option<Square>) {
        let us = self.side;
        let mover = self.board[m.from as usize];
        let t = code_type(mover);
        let cap_sq = self.taken_on(m);
        let gating = self.gating(m);
        // Castling pairs change only when one of their pieces moves or is taken; their hash
        // keys also follow a type change of a piece that stays (conversion bookkeeping).
        let pairs_change = gating.is_some()
            || self.castling.contains(m.from)
            || cap_sq.is_some_and(|cs| self.castling.contains(cs))
            || m.victims().any(|k| self.castling.contains(k))
            || self.v.conversion.is_some_and(|cv| t == cv.undecided);
        // Where no piece may become unmoved or change type, the pairs after are some of those
        // before on the same pieces: the hash changes by the keys of the squares lost alone
        // (`pairs_after`). Else by the keys of all pairs before and after. Pieces become
        // unmoved at a gate; others than the mover change type only where a conversion piece
        // yet to choose moves, or castles as the partner (`decide_others`): other moves of a
        // conversion variant lose squares as any variant's do.
        let renewable = gating.is_some()
            || (self.v.conversion).is_some_and(|cv| t == cv.undecided || m.is_castle());
        if pairs_change && renewable {
            self.hash ^= self.castling_key(self.castling);
        }
        let (took, unload) = self.take_victims(m, cap_sq, u);
        // The castling partner, read before the mover lands (with `j` it may land on the
        // partner's square).
        let partner = m.is_castle().then(|| {
            let (rf, rt) = self.castle_partner(m);
            (rf, rt, self.board[rf as usize])
        });
        u.record(self, m.from);
        u.record(self, m.to);
        self.set_square(m.from, 0, false);
        let (nt, changed, mut retyped) = self.new_type(m, t, u);
        self.set_square(m.to, code(nt, us), false);
        if let Some(victim) = unload {
            // Where each `u` leg started: empty, or the square the mover left (a copy on
            // each). It counts as moved there.
            for k in m.kills.iter() {
                u.record(self, k);
                self.set_square(k, victim, false);
            }
        }
        if let Some(partner) = partner {
            retyped |= self.move_partner(partner, m.to, u);
        }
        // The piece waiting at the gate steps onto the square left, unmoved.
        if let Some((gate, to, c)) = gating.filter(|&(_, to, _)| self.board[to as usize] == 0) {
            u.record(self, gate);
            u.record(self, to);
            self.set_square(gate, 0, false);
            self.set_square(to, c, true);
        }
        if pairs_change {
            self.pairs_after(u, renewable, gating.is_some() || retyped);
        }
        if m.is(MoveKind::DoubleStep) {
            self.double_step_rights(m);
        }
        let reset = self.v.types[t].is_pawn || took || changed;
        (reset, cap_sq)
    }

    /// The square `m` (not a drop) takes on: its destination's, or en passant the pawn's.
    #[inline(always)]
    fn taken_on(&self, m: Move) -> Option<Square> {
        if m.is_ep() {
            self.ep_target(m.to)
        } else if m.to != m.from && self.board[m.to as usize] != 0 && !m.is(MoveKind::CastleInner) {
            // (A castling with `j` may land on its partner, which it does not take.)
            Some(m.to)
        } else {
            None
        }
    }

    /// The pieces `m` takes, on `cap_sq` and on the way, off the board (to a hand if the
    /// rules send them there): whether it took any, and the piece an unload puts down again.
    #[inline(always)]
    fn take_victims(
        &mut self,
        m: Move,
        cap_sq: Option<Square>,
        u: &mut Undo,
    ) -> (bool, Option<u8>) {
        let mut took = false;
        if let Some(cs) = cap_sq {
            u.captured = Piece::from_code(self.board[cs as usize]);
            took = true;
            // An unload puts the piece taken on `to` down again, off the hands.
            if !m.is(MoveKind::Unload) {
                self.send_to_hand(u, self.board[cs as usize]);
            }
            if cs != m.to {
                u.record(self, cs);
                self.set_square(cs, 0, false);
            }
        }
        let unload = m.unload().map(|_| self.board[m.to as usize]);
        // A square taken on the way and again at the end holds one piece, taken once.
        for k in m.victims().filter(|&k| k != m.to) {
            u.captured = u.captured.or(Piece::from_code(self.board[k as usize]));
            took = true;
            self.send_to_hand(u, self.board[k as usize]);
            u.record(self, k);
            self.set_square(k, 0, false);
        }
        (took, unload)
    }

    /// The type the piece of type `t` moving by `m` has on landing: promotion, conversion
    /// bookkeeping, then morph. Also whether that resets the 50-move count (a promotion or a
    /// morph), and whether the side's other pieces changed type (conversion).
    #[inline(always)]
    fn new_type(&mut self, m: Move, t: PieceType, u: &mut Undo) -> (PieceType, bool, bool) {
        let mut reset = false;
        let mut nt = match m.promotion() {
            Some(p) => {
                reset = true;
                let v = &self.v;
                let i = v.promo_choice.iter().position(|&c| c == p);
                if i.is_some_and(|i| v.promo_rules[i].from_hand) {
                    self.take_from_hand(u, self.side, p);
                }
                p
            }
            None => t,
        };
        let mut retyped = false;
        if let Some(cv) = self.v.conversion
            && (t == cv.undecided || t == cv.obligated)
        {
            nt = cv.base;
            if t == cv.undecided {
                let others = if m.converts() { cv.base } else { cv.obligated };
                self.decide_others(u, cv.undecided, others);
                retyped = true;
            }
        }
        if let Some(mt) = self.v.morph_at(nt, m.to)
            && mt != nt
        {
            nt = mt;
            reset = true;
        }
        (nt, reset, retyped)
    }

    /// The castling partner (from, to, its code) goes beside the piece that landed on `to`;
    /// whether the side's other pieces changed type (a conversion piece castling).
    #[inline(always)]
    fn move_partner(
        &mut self,
        (rf, rt, mut rc): (Square, Square, u8),
        to: Square,
        u: &mut Undo,
    ) -> bool {
        let mut retyped = false;
        u.record(self, rf);
        u.record(self, rt);
        if rf != to {
            self.set_square(rf, 0, false);
        }
        // A conversion piece that castles as the partner has made its first move: it is
        // of the base type now, and the other must convert, as after its own first move
        // (the definition fuzzer's find: its FEN state did not read back).
        if let Some(cv) = self.v.conversion {
            let pt = code_type(rc);
            if pt == cv.undecided || pt == cv.obligated {
                rc = code(cv.base, self.side);
                if pt == cv.undecided {
                    self.decide_others(u, cv.undecided, cv.obligated);
                    retyped = true;
                }
            }
        }
        self.set_square(rt, rc, false);
        retyped
    }

    /// The en passant rights a double step `m` creates: on every square it passed.
    fn double_step_rights(&mut self, m: Move) {
        let g = self.v.geometry;
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

    /// The end of [`Position::make`]: the clocks and the turn structure.
    #[inline(always)]
    fn end_move(&mut self, m: Move, reset: bool, cap_sq: Option<Square>) {
        let us = self.side;
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        // Turn structure.
        self.hash ^= self.v.zobrist.phase[self.phase as usize & 7];
        let turn_len = self.turn_length();
        let mut pass = true;
        if self.phase + 1 < turn_len {
            let them = us.other();
            let gives_check = self.royal_attacked(them);
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
            self.hash ^= self.v.zobrist.black;
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
        self.hash ^= self.v.zobrist.phase[self.phase as usize & 7];
        self.hash ^= self.ep_hash();
    }

    /// Take back the move `make` returned `u` for.
    pub fn unmake(&mut self, u: &Undo) {
        for i in (0..u.n as usize).rev() {
            let (sq, c, unm) = u.changes[i];
            self.set_square(sq, c, unm);
        }
        for &(i, n) in u.hand[..u.nhand as usize].iter().rev() {
            self.hands[i as usize] = n;
        }
        self.strike = u.strike;
        self.imitated = u.imitated;
        self.capturable = u.capturable;
        self.pending = u.pending;
        self.halfmove = u.halfmove;
        self.fullmove = u.fullmove;
        self.side = u.side;
        self.phase = u.phase;
        self.hash = u.hash;
        match &u.castling {
            PairsBefore::Same => {}
            PairsBefore::Lost { n, squares } => {
                for &sq in &squares[..*n as usize] {
                    self.castling.insert(sq);
                }
            }
            PairsBefore::Whole(before) => self.castling = **before,
        }
    }

    /// Count leaf nodes `depth` plies down (the last ply bulk-counted).
    pub fn perft(&mut self, depth: u32) -> u64 {
        // One move list a ply, kept from node to node.
        let mut lists = vec![Vec::with_capacity(128); depth as usize];
        let mut scratch = Board::EMPTY;
        self.perft_with(&mut lists, &mut scratch)
    }

    /// [`Position::perft`] as deep as `lists` is long, a ply's moves in its list.
    fn perft_with(&mut self, lists: &mut [Vec<Move>], scratch: &mut Board) -> u64 {
        let Some((moves, deeper)) = lists.split_first_mut() else {
            return 1;
        };
        if deeper.is_empty() {
            moves.clear();
            self.generate(moves, false);
            return self.count_legal(moves, scratch) as u64;
        }
        self.legal_moves_on(moves, scratch);
        let mut n = 0;
        for &m in moves.iter() {
            let u = self.make_here(m);
            n += self.perft_with(deeper, scratch);
            self.unmake(&u);
        }
        n
    }
}

impl Undo {
    /// Keep what stands on `sq` of `p` (and whether it is unmoved), for unmaking.
    fn record(&mut self, p: &Position, sq: Square) {
        self.changes[self.n as usize] = (sq, p.board[sq as usize], p.unmoved.contains(sq));
        self.n += 1;
    }
}
