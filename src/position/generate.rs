//! Pseudo-legal move generation: rays (the fast tables of single-leg pieces), hops (their
//! cache), the walker's moves (several legs, relays), castling, drops, and moves lent by `x`.

use super::{Kills, Move, MoveKind, Position};
use crate::geometry::{Square, SquareSet};
use crate::piece::PieceType;
use crate::variant::{code_colour, code_type, step};
use crate::walk::{Found, Walk, Walker};

impl Position {
    /// All pseudo-legal moves of the side to move (royal safety not checked).
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        self.generate(out, false);
    }

    /// Pseudo-legal moves; with `captures_only`, only captures, en passant and promotions.
    pub(super) fn generate(&self, out: &mut Vec<Move>, captures_only: bool) {
        // Two copies, so that the full generation tests nothing for captures on every step.
        if captures_only {
            self.generate_as::<true>(out);
        } else {
            self.generate_as::<false>(out);
        }
        if self.v.imitators & self.present[self.side.index()] != 0 {
            self.imitation_moves(out, captures_only);
        }
    }

    /// [`Position::generate`], `CAPTURES_ONLY` or not.
    fn generate_as<const CAPTURES_ONLY: bool>(&self, out: &mut Vec<Move>) {
        let captures_only = CAPTURES_ONLY;
        let v = &*self.v;
        let us = self.side;
        let ep = self.ep_flags();
        for from in self.occ[us.index()].iter_in(v.geometry.words()) {
            self.piece_moves::<CAPTURES_ONLY>(from, ep, out);
        }
        if v.relay_types & self.present[us.index()] != 0 {
            // A friend's move a relay reached is that friend's move, and one text names one
            // move: each key listed once, the first kept (found in sorted keys, as a linear
            // search made the fuzzer's many-piece relays cubic with the several-royals test).
            let mut keyed: Vec<(u128, u32)> = (out.iter().enumerate())
                .map(|(i, m)| (m.key(), i as u32))
                .collect();
            keyed.sort_unstable();
            let mut keep = vec![true; out.len()];
            for w in keyed.windows(2) {
                if w[0].0 == w[1].0 {
                    keep[w[1].1 as usize] = false;
                }
            }
            let mut i = 0;
            out.retain(|_| {
                i += 1;
                keep[i - 1]
            });
        }
        if v.hands.drops && !captures_only {
            self.drop_moves(out);
        }
        // Nothing moves onto a gate.
        if let Some(gate) = &v.gate {
            out.retain(|m| !gate.squares.contains(m.to));
        }
    }

    /// The moves of the side to move's piece on `from`: its rays', then its special ones
    /// (castling, hops, walks), each once; `ep`: [`Position::ep_flags`].
    #[inline(always)]
    fn piece_moves<const CAPTURES_ONLY: bool>(&self, from: Square, ep: u8, out: &mut Vec<Move>) {
        let v = &*self.v;
        let t = code_type(self.board[from as usize]);
        let unm = self.unmoved.contains(from);
        let first = out.len();
        self.ray_moves::<CAPTURES_ONLY, false>(from, t, unm, v.types[t].promotes, ep, out);
        if v.special_types & t.bit() != 0 {
            self.special_moves(from, t, unm, CAPTURES_ONLY, first, out);
        }
    }

    /// The step flag that allows en passant here ([`step::EP`]), none where no pawn may be
    /// taken so: found once a node, so that the generator tests a step's flag alone (not the
    /// flag, then the list of targets).
    #[inline(always)]
    fn ep_flags(&self) -> u8 {
        step::EP & ((self.capturable.n != 0) as u8).wrapping_neg()
    }

    /// Is `m` (a move the search kept from another node: its table's) a legal move here?
    /// Only the moves of the piece on its origin are generated (the drops, for a drop), so
    /// that a move that cuts is tried before the others are generated; `buf` is scratch.
    /// Where a piece's moves depend on others' (relays `x`, imitators of the mover's side),
    /// every move is generated.
    pub fn is_legal(&self, m: Move, buf: &mut Vec<Move>) -> bool {
        buf.clear();
        let v = &*self.v;
        let ours = self.present[self.side.index()];
        if (v.relay_types | v.imitators) & ours != 0 {
            self.legal_moves(buf);
            return buf.contains(&m);
        }
        if m.is(MoveKind::Drop) {
            if v.hands.drops {
                self.drop_moves(buf);
            }
        } else if self.occ[self.side.index()].contains(m.from) {
            self.piece_moves::<false>(m.from, self.ep_flags(), buf);
        }
        if !buf.contains(&m) || v.gate.as_ref().is_some_and(|g| g.squares.contains(m.to)) {
            return false;
        }
        buf.clear();
        buf.push(m);
        self.retain_legal_with(buf, v.hands.no_drop_mate != 0);
        !buf.is_empty()
    }

    /// The moves of the piece on `from` along the rays of type `t` (its own, or with `LENT` a
    /// type whose moves it borrows), promoting if `promotes`: for its own rays, where the
    /// steps say ([`crate::variant::Step::promotes`], the same test found once for the
    /// variant), for lent ones by the zone. `ep`: [`Position::ep_flags`].
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn ray_moves<const CAPTURES_ONLY: bool, const LENT: bool>(
        &self,
        from: Square,
        t: PieceType,
        unm: bool,
        promotes: bool,
        ep: u8,
        out: &mut Vec<Move>,
    ) {
        let v = &*self.v;
        let us = self.side;
        // Where a lent ray's moves promote, decided once for the piece: nowhere for most
        // (None: no set looked at for each move).
        static EVERYWHERE: SquareSet = SquareSet::FULL;
        let zone = &v.promo_zone[us.index()];
        let promoting = match (LENT && promotes, zone.contains(from)) {
            (false, _) => None,
            (true, false) => Some(zone),
            (true, true) => Some(&EVERYWHERE),
        };
        // The flags that allow a quiet move, a capture and a double step for this piece: the
        // initial ones too when it has not moved. One test of the step's flags each, not a
        // test of the piece's state beside a flag's (branches the predictor missed).
        let initial = (unm as u8).wrapping_neg();
        let quiet = step::QUIET | step::QUIET_I & initial;
        let capture = step::CAPTURE | step::CAPTURE_I & initial;
        let double = step::MAKES_EP_ALWAYS | step::MAKES_EP & initial;
        // The piece's rays walked as one run of steps: a ray ends at its last step or where a
        // piece blocks it (its steps after skipped), and the next one starts (no loop over
        // the rays: its end was a branch the predictor missed at almost every ray).
        let (steps, after) = v.piece_steps(us, t, from);
        let mut i = 0;
        while let Some(st) = steps.get(i) {
            let to = st.to;
            let target = self.board[to as usize];
            let f = st.flags;
            let promote = match LENT {
                false => st.promotes,
                true => promoting.is_some_and(|z| z.contains(to)),
            };
            // The move's parts as scalars, the move built at the push itself: a move
            // assembled in a stack slot and reloaded whole stalled store forwarding in
            // this loop (perf, chess perft: two fifths of the generator's time).
            let (kind, captured, converts) = if target == 0 {
                i += 1;
                if CAPTURES_ONLY && !(f & step::EP != 0 || promote) {
                    continue;
                }
                if f & quiet != 0 {
                    let kind = match f & double != 0 {
                        true => MoveKind::DoubleStep,
                        false => MoveKind::Normal,
                    };
                    (kind, 0, f & step::CONVERT != 0)
                } else if f & ep != 0
                    && let Some(pawn) = self.ep_target(to)
                {
                    (MoveKind::EnPassant, self.board[pawn as usize], false)
                } else {
                    continue;
                }
            } else {
                if code_colour(target) != us && f & capture != 0 {
                    let m = Move::new(from, to, MoveKind::Normal, target, Kills::NONE)
                        .with_converts(f & step::CONVERT != 0);
                    self.push_promoting(out, m, promote);
                }
                // Blocked: on to the next ray.
                i += 1 + after.get(i).map_or(0, |&n| n as usize);
                continue;
            };
            let m = Move::new(from, to, kind, captured, Kills::NONE).with_converts(converts);
            self.push_promoting(out, m, promote);
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
                    .any(|n| n.to == m.to && n.promo() == m.promo())
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
        if v.hop_types & t.bit() != 0 {
            let promotes = v.types[t].promotes;
            let meets = v.hops_meet(self.side, t, from);
            self.hop_moves(from, t, promotes, captures_only, first, meets, out);
        }
        if v.walker_types & t.bit() != 0 {
            self.walk_moves(from, t, unm, captures_only, true, out);
        }
    }

    /// The moves of the piece on `from` that the walks of type `t` find (moves of several
    /// legs, hops; a friend's that a leg with `x` hands the move to), each once: walks and
    /// rays may reach the same move. `relays`: whether legs with `x` hand over (not in moves
    /// lent by `x`, as in the Diagram's script). A friend of another type that a last leg with
    /// `x` sees lends the piece its moves: its rays and walks from `from`, without castling.
    fn walk_moves(
        &self,
        from: Square,
        t: PieceType,
        unm: bool,
        captures_only: bool,
        relays: bool,
        out: &mut Vec<Move>,
    ) {
        let v = &*self.v;
        let us = self.side;
        let start = out
            .iter()
            .rposition(|m| m.from != from)
            .map_or(0, |i| i + 1);
        let walker = Walker {
            geometry: v.geometry,
            board: &self.board,
            from,
            colour: us,
            unmoved: unm,
            relays,
        };
        let mut found = Vec::new();
        let mut lenders = 0u64;
        let walks = &v.walker[t.index()][us.index()];
        // Where each walk's finds start in `found`, kept where two walks' finds of one move
        // may differ in kind (double steps, conversions: moves of one plain leg, walked).
        let marked = v.marked_types & t.bit() != 0;
        let mut starts = Vec::new();
        for w in walks {
            let marks = w.marks;
            let before = found.len();
            if marked {
                starts.push(before);
            }
            walker.run(std::slice::from_ref(w), &mut |to, kills, what| {
                let origin = match what {
                    Found::Borrow => {
                        lenders |= code_type(self.board[to as usize]).bit();
                        return false;
                    }
                    // Castling goes straight to the list: a king's step may go where it goes.
                    Found::Castle => {
                        if relays && !captures_only {
                            out.extend(self.walked_castle(from, to, w));
                        }
                        return false;
                    }
                    Found::Relay { from } => from,
                    Found::Move | Found::Unload | Found::EnPassant => from,
                };
                let promotes = v.types[code_type(self.board[origin as usize])].promotes;
                if what == Found::EnPassant {
                    self.walked_en_passant(from, to, promotes, &mut found);
                    return false;
                }
                let unload = what == Found::Unload;
                let quiet =
                    (kills.is_empty() || unload) && (to == origin || self.board[to as usize] == 0);
                let zone = &v.promo_zone[us.index()];
                if !captures_only
                    || !quiet
                    || (promotes && (zone.contains(to) || zone.contains(origin)))
                {
                    // An unload with nothing taken puts nothing down: a plain move.
                    let (kind, kills) = match unload {
                        true if quiet => (MoveKind::Normal, Kills::NONE),
                        true => (MoveKind::Unload, kills),
                        false if quiet && marks.makes_ep && self.passes(from, to, w) => {
                            (MoveKind::DoubleStep, kills)
                        }
                        false => (MoveKind::Normal, kills),
                    };
                    let captured = if to != origin {
                        self.board[to as usize]
                    } else {
                        0
                    };
                    let m = Move::new(origin, to, kind, captured, kills);
                    self.push(&mut found, m, promotes);
                }
                false
            });
            // A conversion move's walk (Symmetric Chess's bishops, walked).
            if marks.converts {
                found[before..]
                    .iter_mut()
                    .for_each(|m| *m = m.with_converts(true));
            }
        }
        let walked = found.len();
        let ep = self.ep_flags();
        let promotes = v.types[code_type(self.board[from as usize])].promotes;
        for lender in (0..v.types.len()).map(PieceType::new) {
            if lenders & lender.bit() == 0 {
                continue;
            }
            if captures_only {
                self.ray_moves::<true, true>(from, lender, unm, promotes, ep, &mut found);
            } else {
                self.ray_moves::<false, true>(from, lender, unm, promotes, ep, &mut found);
            }
            if v.hop_types & lender.bit() != 0 {
                let first = found.len();
                self.hop_moves(
                    from,
                    lender,
                    promotes,
                    captures_only,
                    first,
                    true,
                    &mut found,
                );
            }
            if v.walker_types & lender.bit() != 0 {
                self.walk_moves(from, lender, unm, captures_only, false, &mut found);
            }
        }
        // A walk to where a ray goes is the ray's move, whatever flags the ray's step has
        // (one text names one move; the definition fuzzer found a walk beside an initial
        // ray). Searched in sorted keys: a pawn with promotions to ten types that rides and
        // walks has hundreds of each (the definition fuzzer's find, a search that took
        // minutes when a linear one).
        // (Pairs, with the relay dedupe's and `keyed`'s sort: one copy of the sort in the wasm;
        // beside each key, the index in `found` of a walked move, else `u32::MAX`.)
        let ours = out.len();
        let mut keys: Vec<(u128, u32)> =
            (out[start..].iter()).map(|m| (m.key(), u32::MAX)).collect();
        keys.sort_unstable();
        for (j, m) in found.into_iter().enumerate() {
            match keys.binary_search_by_key(&m.key(), |k| k.0) {
                Err(i) => {
                    keys.insert(i, (m.key(), j as u32));
                    out.push(m);
                }
                Ok(i) if marked && (keys[i].1 as usize) < walked && j < walked => {
                    let walk_of = |j: usize| &walks[starts.partition_point(|&s| s <= j) - 1];
                    let (a, b) = (walk_of(keys[i].1 as usize), walk_of(j));
                    if let Some(kept) = out[ours..].iter_mut().find(|o| o.key() == m.key()) {
                        self.meet(kept, m, a, b);
                    }
                }
                // A lent en passant capture where the piece's own move steps (keys9): the
                // Diagram's script lists both, the lent one with the pawn taken on the way
                // (`e5d5d6`), and so does fairylab.
                Ok(_) if j >= walked && m.is_ep() => {
                    let own_ep = out[start..].iter().any(|o| o.key() == m.key() && o.is_ep());
                    if let (false, Some(pawn)) = (own_ep, self.ep_target(m.to)) {
                        let lent = Move::new(m.from, m.to, MoveKind::Normal, 0, Kills::one(pawn))
                            .with_promo(m.promo());
                        if let Err(i) = keys.binary_search_by_key(&lent.key(), |k| k.0) {
                            keys.insert(i, (lent.key(), j as u32));
                            out.push(lent);
                        }
                    }
                }
                Ok(_) => {}
            }
        }
    }

    /// Two walks, `a` then `b`, found one move, `kept` and `new`: it takes the kind the rays
    /// give it (`variant/rays.rs`, `merge` and `drop_redundant`). Walks on one line are one
    /// ray there: a double step or a conversion if either find is (`fmW2` beside `ifmW2`);
    /// else the find of the walk that passes fewer squares on the way is the move, the
    /// first's on a tie (`fmD` beside `ifmnD`: a plain leap, no en passant rights).
    fn meet(&self, kept: &mut Move, new: Move, a: &Walk, b: &Walk) {
        use MoveKind::{DoubleStep, Normal};
        if !matches!(
            (kept.kind(), new.kind()),
            (Normal | DoubleStep, Normal | DoubleStep)
        ) {
            return;
        }
        let (line_a, passed_a) = self.route(a, kept.from, kept.to);
        let (line_b, passed_b) = self.route(b, new.from, new.to);
        if line_a == line_b {
            if new.is(DoubleStep) {
                *kept = kept.with_kind(DoubleStep);
            }
            *kept = kept.with_converts(kept.converts() || new.converts());
        } else if passed_b < passed_a {
            *kept = kept.with_kind(new.kind()).with_converts(new.converts());
        }
    }

    /// The line of a walk of the piece on `from` that reached `to` (its first and last legs'
    /// steps) and how many squares it passed on the way: a step's squares each but the
    /// last on a line, its legs' squares but the last on a bent path (the Mao's).
    fn route(&self, w: &Walk, from: Square, to: Square) -> ([(i8, i8); 2], i32) {
        let g = self.v.geometry;
        let (d, e) = (w.legs[0].d, w.legs[w.legs.len() - 1].d);
        let passed = if w.legs.iter().all(|s| s.d == d) {
            let dx = (g.file(to) as i32 - g.file(from) as i32).abs();
            let dy = (g.rank(to) as i32 - g.rank(from) as i32).abs();
            let step = (d.0.unsigned_abs().max(d.1.unsigned_abs()) as i32).max(1);
            dx.max(dy) / step - 1
        } else {
            w.legs.len() as i32 - 1
        };
        ([d, e], passed)
    }

    /// Whether a walked move of the piece on `from` to `to` goes two steps of the walk's
    /// first leg or more (a double step when its walk makes en passant rights).
    fn passes(&self, from: Square, to: Square, w: &Walk) -> bool {
        let g = self.v.geometry;
        let d = w.legs[0].d;
        let (dx, dy) = (
            g.file(to) as i32 - g.file(from) as i32,
            g.rank(to) as i32 - g.rank(from) as i32,
        );
        (dx, dy) != (d.0 as i32, d.1 as i32)
    }

    /// The en passant capture of the piece on `from` onto `to`, which a walk's leg with `e`
    /// reached, if an enemy passed `to`.
    #[cold]
    #[inline(never)]
    fn walked_en_passant(&self, from: Square, to: Square, promotes: bool, out: &mut Vec<Move>) {
        if let Some(pawn) = self.ep_target(to) {
            let captured = self.board[pawn as usize];
            let m = Move::new(from, to, MoveKind::EnPassant, captured, Kills::NONE);
            self.push(out, m, promotes);
        }
    }

    /// The castling a walk of the piece on `from` makes when its leg met `partner` (a
    /// friend): the move `castling.rs` makes, when the rules let the two castle.
    #[cold]
    #[inline(never)]
    fn walked_castle(&self, from: Square, partner: Square, w: &Walk) -> Option<Move> {
        let dir = w.legs[0].d.0;
        let dist = w.marks.castle;
        (self.castling_partner(&self.unmoved, from, dir, dist)? == partner)
            .then(|| self.castling_move(from, dir, dist))
    }
}
