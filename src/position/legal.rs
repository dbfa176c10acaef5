//! Legality: which royal pieces a side must keep safe ([`Position::guarded`]), check, the pins
//! that let most moves skip the test, and the legal-move filters over pseudo-legal moves.

use super::attack::{attacked_on, probe_hit};
use super::scratch::{Scratch, with_scratch};
use super::{Board, Move, MoveKind, Position};
use crate::betza::MAX_LOCUST;
use crate::geometry::{Square, SquareSet};
use crate::piece::Colour;
use crate::variant::{code, code_colour, code_type};

impl Position {
    /// The royal pieces the side may not leave attacked: its only one; with several, all of
    /// them when `extinction` is off for it (each is absolute), none when it is on (it loses
    /// only with the last, and may leave the others to be taken).
    pub fn guarded(&self, colour: Colour) -> &SquareSet {
        match self.royal[colour.index()] {
            Some(_) => &self.royals[colour.index()],
            None if self.v.extinction[colour.index()] => &SquareSet::EMPTY,
            None => &self.royals[colour.index()],
        }
    }
    /// Is a guarded royal piece of `colour` attacked (`colour` is in check)?
    pub fn royal_attacked(&self, colour: Colour) -> bool {
        if let Some(k) = self.royal[colour.index()] {
            return self.is_attacked(k, colour.other());
        }
        self.guarded(colour)
            .iter()
            .any(|k| self.is_attacked(k, colour.other()))
    }

    /// Is a guarded royal piece of the side to move attacked?
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.side)
    }

    /// Squares of our pieces that shield our royal piece from an enemy rider or lame leaper,
    /// and whether we are in check.
    fn blockers(&self, k: Square) -> (Pinned, bool) {
        let v = &*self.v;
        let them = self.side.other();
        let present = self.present[them.index()];
        let mut pinned = Pinned::default();
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
                        (1, Some(q)) => pinned.push(q),
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
                            Some(bq) => pinned.push(bq),
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

    /// Legal moves of the side to move.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves_checked(out);
    }

    /// Legal moves of the side to move, and whether it is in check (found on the way).
    pub fn legal_moves_checked(&self, out: &mut Vec<Move>) -> bool {
        with_scratch(|scratch| self.legal_moves_on(out, scratch))
    }

    /// [`Position::legal_moves_checked`], trying moves on `scratch` (perft lends its own).
    pub(super) fn legal_moves_on(&self, out: &mut Vec<Move>, scratch: &mut Board) -> bool {
        out.clear();
        self.generate(out, false);
        self.retain_legal_on(out, self.v.hands.no_drop_mate != 0, scratch)
    }

    /// Legal captures (en passant included) and promotions of the side to move.
    pub fn legal_captures(&self, out: &mut Vec<Move>) {
        out.clear();
        // Moves lent by `x` go where the piece's own may go, and one text names one move:
        // which of two is kept (an own step, a lent capture en passant) is decided among all
        // of them, so all are generated.
        let lends = self.v.relay_types & self.present[self.side.index()] != 0;
        self.generate(out, !lends);
        // Moves in or out of the zone that do not promote (a Shogi promotion declined) are
        // quiet moves.
        {
            out.retain(|m| {
                m.promotion().is_some()
                    || m.is_ep()
                    || m.takes_on_the_way()
                    || (m.to != m.from && self.board[m.to as usize] != 0 && !m.is_castle())
            });
        }
        self.retain_legal(out);
    }

    /// Keep the moves that leave the mover's royal piece safe; returns whether it is in check.
    fn retain_legal(&self, out: &mut Vec<Move>) -> bool {
        self.retain_legal_with(out, self.v.hands.no_drop_mate != 0)
    }

    /// [`Position::retain_legal`], with or without the rule against mate by a drop.
    pub(super) fn retain_legal_with(&self, out: &mut Vec<Move>, drop_mate: bool) -> bool {
        with_scratch(|scratch| self.retain_legal_on(out, drop_mate, scratch))
    }

    /// [`Position::retain_legal_with`], trying moves on `scratch` (perft lends its own).
    pub(super) fn retain_legal_on(
        &self,
        out: &mut Vec<Move>,
        drop_mate: bool,
        scratch: &mut Board,
    ) -> bool {
        if self.v.trade.any() {
            out.retain(|&m| !self.trade_forbids(m));
        }
        if self.v.imitators & self.present[self.side.other().index()] != 0 {
            return self.retain_legal_imitated(out);
        }
        let Some(mut test) = self.single_royal_test(drop_mate, Scratch::lent(scratch)) else {
            return self.retain_legal_several(out, scratch);
        };
        out.retain(|&m| test.keep(m));
        test.check
    }

    /// How many of the pseudo-legal moves `moves` are legal (perft's last ply: the moves
    /// counted, not kept, so that none is moved in the list), trying moves on `scratch`.
    pub(super) fn count_legal(&self, moves: &mut Vec<Move>, scratch: &mut Board) -> usize {
        let drop_mate = self.v.hands.no_drop_mate != 0;
        match self.one_by_one_test(drop_mate, Scratch::lent(scratch)) {
            Some(mut test) => moves.iter().filter(|&&m| test.keep(m)).count(),
            None => {
                self.retain_legal_on(moves, drop_mate, scratch);
                moves.len()
            }
        }
    }

    /// The legality test that judges each move on its own (one royal piece, no trade rules,
    /// no enemy imitator), for callers that count or look for legal moves rather than keep
    /// them; None where the moves must go through [`Position::retain_legal_with`].
    fn one_by_one_test<'a>(
        &'a self,
        drop_mate: bool,
        scratch: Scratch<'a>,
    ) -> Option<LegalTest<'a>> {
        let imitators = self.v.imitators & self.present[self.side.other().index()] != 0;
        if self.v.trade.any() || imitators {
            return None;
        }
        self.single_royal_test(drop_mate, scratch)
    }

    /// The legality test of a side with one royal piece (None for a side with none or
    /// several), trying moves on `scratch` (the board's squares copied there at the first
    /// move tried).
    fn single_royal_test<'a>(
        &'a self,
        drop_mate: bool,
        scratch: Scratch<'a>,
    ) -> Option<LegalTest<'a>> {
        let k = self.royal_square(self.side)?;
        let (pinned, mut check) = self.blockers(k);
        // Walkers (hoppers, pieces of several legs) are not in the pins: every move is tried
        // when an enemy one may take on the royal square, or the side has a piece that hands
        // moves over or borrows them (`x`: a friend moves, or a piece moves as another).
        let v = &*self.v;
        let walks = v.walk_types != 0
            && (v.relay_types & self.present[self.side.index()] != 0 || self.walker_may_take(k));
        if walks {
            check = self.is_attacked(k, self.side.other());
        }
        Some(LegalTest {
            pos: self,
            k,
            pinned,
            check,
            // Moves that need no test: not out of check, not the royal piece's, not pinned
            // (and none that could change a piece's royalty).
            unchecked: !walks && !check && !self.v.royalty_changes,
            drop_mate,
            scratch,
        })
    }

    /// Whether a piece of the side not to move may take on `k` by its walks on some board:
    /// `k`'s offset from it is in its walks' reach ([`crate::walk::Reach`], a superset of
    /// where they take on any board; anywhere for walks with `o` or `x`).
    fn walker_may_take(&self, k: Square) -> bool {
        let v = &*self.v;
        let them = self.side.other();
        if v.walk_types & self.present[them.index()] == 0 {
            return false;
        }
        let g = v.geometry;
        self.occ[them.index()].iter_in(g.words()).any(|from| {
            let c = self.board[from as usize];
            c != 0
                && code_colour(c) == them
                && v.walk_types & code_type(c).bit() != 0
                && v.walk_reach[code_type(c).index()][them.index()].contains(
                    g.file(k) as i32 - g.file(from) as i32,
                    g.rank(k) as i32 - g.rank(from) as i32,
                )
        })
    }

    /// [`Position::retain_legal_with`] for a side with no royal piece or several: every move
    /// is tried. With `extinction` on, the side may leave its royal pieces attacked, but not
    /// so that one enemy move takes all of them (a locust taking two at once).
    fn retain_legal_several(&self, out: &mut Vec<Move>, scratch: &mut Board) -> bool {
        let us = self.side;
        let royals = self.royals[us.index()];
        if royals.is_empty() {
            // No royal piece on the board (all in hand): nothing to attack, but one dropped
            // (or promoted to) may not land attacked.
            if self.v.royalty_changes {
                out.retain(|&m| {
                    !self.royalty_changed(m) || !self.board_after(m).royal_attacked(us)
                });
            }
            return false;
        }
        if self.v.extinction[us.index()] {
            // Only a move that ends the turn lets the enemy reply (and then `make` looks for no
            // further move of ours: with several moves a turn, trying every move of the turn
            // on a copy would nest a search per move, which the fuzzer found exponential).
            let ends_turn = self.phase + 1 >= self.turn_length();
            // One move takes at most the piece on its destination and its locust victims: with
            // more royals than any move can take, no reply takes them all.
            let takable = (2..=self.v.most_taken).contains(&royals.len());
            if takable && self.v.walk_types != 0 && ends_turn {
                out.retain(|&m| {
                    let mut after = self.clone();
                    after.make(m);
                    !after.takes_all_royals()
                });
            }
            return false;
        }
        let check = self.royal_attacked(us);
        let mut scratch = Scratch::lent(scratch);
        out.retain(|&m| {
            let scratch = scratch.board(self);
            if m.is_castle() {
                !self.is_attacked(m.from, us.other()) && self.castle_is_safe(m, scratch)
            } else {
                self.safe_after(m, scratch)
            }
        });
        check
    }

    /// Does `m` turn its piece into a type of other royalty (promotion, morph), or drop a
    /// royal piece?
    fn royalty_changed(&self, m: Move) -> bool {
        let v = &*self.v;
        if let Some(t) = m.dropped() {
            return v.types[t].royal;
        }
        let t = code_type(self.board[m.from as usize]);
        let nt = m.promotion().unwrap_or(t);
        let nt = v.morph_at(nt, m.to).unwrap_or(nt);
        v.types[nt].royal != v.types[t].royal
    }

    /// Has the side to move a move that takes every royal piece of the other side? (Not
    /// when one of them is not even attacked: the quick answer for most moves.)
    fn takes_all_royals(&self) -> bool {
        let royals = self.royals[self.side.other().index()];
        if !royals.iter().all(|k| self.is_attacked(k, self.side)) {
            return false;
        }
        let mut moves = Vec::new();
        self.pseudo_moves(&mut moves);
        moves.iter().any(|m| {
            royals
                .iter()
                .all(|k| (m.to == k && m.from != k) || m.locusts().contains(&k))
        })
    }

    /// Does the side to move have any legal move?
    /// (The moves are tried one by one until one is legal, where the side has one royal
    /// piece: Marseillais asks after every first move of a turn whether a second follows.)
    pub fn has_legal_move(&self) -> bool {
        let mut moves = Vec::with_capacity(64);
        self.generate(&mut moves, false);
        let drop_mate = self.v.hands.no_drop_mate != 0;
        with_scratch(
            |scratch| match self.one_by_one_test(drop_mate, Scratch::lent(scratch)) {
                Some(mut test) => moves.iter().any(|&m| test.keep(m)),
                None => {
                    self.retain_legal_on(&mut moves, drop_mate, scratch);
                    !moves.is_empty()
                }
            },
        )
    }

    /// Is the mover's side safe after `m`, played on a copy of the position? (Out of line: the
    /// copy, a position of the largest board, is not in the frame of `safe_after`.)
    #[cold]
    #[inline(never)]
    fn safe_when_played(&self, m: Move) -> bool {
        !self.board_after(m).royal_attacked(self.side)
    }

    /// Try the move on a scratch board and test the royal square.
    pub(super) fn safe_after(&self, m: Move, scratch: &mut Board) -> bool {
        let us = self.side;
        let mover = match m.dropped() {
            Some(t) => code(t, us),
            None => self.board[m.from as usize],
        };
        let single = self.royal[us.index()];
        if (self.v.royalty_changes && self.royalty_changed(m)) || m.unload().is_some() {
            // The guarded set changes, or a piece is put down (an enemy's where the scratch
            // test below does not look for one): play it on a copy.
            return self.safe_when_played(m);
        }
        // (The guarded set is read in place: a set of the largest board is not copied.)
        let guarded = self.guarded(us);
        if single.is_none() && guarded.is_empty() {
            return true;
        }
        let mut touched: [(Square, u8); 6 + MAX_LOCUST] = [(0, 0); 6 + MAX_LOCUST];
        let mut n = 0;
        let mut put = |sq: Square, c: u8, scratch: &mut Board| {
            touched[n] = (sq, scratch[sq as usize]);
            n += 1;
            scratch[sq as usize] = c;
        };
        put(m.from, 0, scratch);
        for k in m.victims() {
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
        if let Some((gate, to, c)) = self.gating(m)
            && scratch[to as usize] == 0
        {
            put(gate, 0, scratch);
            put(to, c, scratch);
        }
        let them = us.other();
        let hit = |k: Square, scratch: &Board| {
            attacked_on(
                &self.v,
                scratch,
                &self.unmoved,
                // The move changes none of their squares but those it takes on: a superset.
                (self.present[them.index()], &self.occ[them.index()]),
                if k == m.from { m.to } else { k },
                them,
            )
        };
        let attacked = match single {
            Some(k) => hit(k, scratch),
            None => guarded
                .iter_in(self.v.geometry.words())
                .any(|k| hit(k, scratch)),
        };
        for i in (0..n).rev() {
            scratch[touched[i].0 as usize] = touched[i].1;
        }
        !attacked
    }
}

/// The legality test of a side with one royal piece ([`Position::single_royal_test`]).
struct LegalTest<'a> {
    pos: &'a Position,
    /// The royal piece's square.
    k: Square,
    /// The side's pieces pinned to it by riders and lame leapers.
    pinned: Pinned,
    /// Whether it is in check.
    check: bool,
    /// Whether moves of other pieces than the royal one, not pinned, need no test.
    unchecked: bool,
    /// Whether a drop may not mate (`no_drop_mate`).
    drop_mate: bool,
    /// The board the moves are tried on, copied at the first move tried.
    scratch: Scratch<'a>,
}

/// The squares of the pieces pinned to the royal one ([`Position::blockers`]): a few (one on
/// each line at most), kept as a short list, not as a set of the largest board (128 bytes
/// cleared at every node). More than the list holds (a board crossed by many lines of
/// lame leapers) is every square: every move is then tried.
#[derive(Default)]
struct Pinned {
    squares: [Square; 8],
    n: u8,
}

impl Pinned {
    /// Add `sq` (past the room, every square counts as pinned).
    #[inline]
    fn push(&mut self, sq: Square) {
        if let Some(room) = self.squares.get_mut(self.n as usize) {
            *room = sq;
        }
        self.n = self.n.saturating_add(1);
    }

    /// Is the piece on `sq` pinned (or may it be)?
    #[inline(always)]
    // The slice's `contains` stayed a call of its own in the legality loop (cachegrind: 8%
    // more instructions in chess perft); `any` is inlined.
    #[allow(clippy::manual_contains)]
    fn contains(&self, sq: Square) -> bool {
        match self.n as usize {
            0 => false,
            n if n <= self.squares.len() => self.squares[..n].iter().any(|&q| q == sq),
            _ => true,
        }
    }
}

impl LegalTest<'_> {
    /// Does `m` leave the royal piece safe?
    #[inline(always)]
    fn keep(&mut self, m: Move) -> bool {
        let p = self.pos;
        // Drops take the slow road: the rule against mate by a drop; so do unloads (a piece
        // put down) and locust captures (a piece taken off a line to the royal one).
        if self.unchecked
            && (m.is(MoveKind::Normal) || m.is(MoveKind::DoubleStep))
            && m.from != self.k
            && !self.pinned.contains(m.from)
            && !m.takes_on_the_way()
        {
            return true;
        }
        if self.drop_mate && m.is_drop() && p.drop_mates(m) {
            return false;
        }
        let scratch = self.scratch.board(p);
        if m.is_castle() {
            !self.check && p.castle_is_safe(m, scratch)
        } else {
            p.safe_after(m, scratch)
        }
    }
}
