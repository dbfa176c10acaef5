//! The AI: iterative deepening principal variation search with aspiration windows and a
//! transposition table in buckets of two (an earlier search's entry or the shallower is replaced;
//! mate scores stored relative to the node; the quiescence search reads and fills it too),
//! quiescence search with a depth cap, delta pruning, the pruning of losing captures and lazy
//! evaluation (far above beta on material alone, a position stands without its positional terms;
//! far below alpha with no capture that could reach it, it fails low unevaluated), MVV-LVA / killer
//! / countermove / history ordering (history by side to move, and continuation history after the
//! move before and after the side's own move before that, kept within a bound by gravity and halved
//! between searches, with a malus for the quiet moves that did not cut; captures that lose a piece
//! for less on a guarded square last), check extension, internal iterative reduction, reverse
//! futility pruning, futility and late-move pruning of quiet moves (less where the side to move is
//! improving on its evaluation two plies before; past the late-move limit a quiet move that cannot
//! check is skipped before it is made; captures are not pruned in the main search), null-move
//! pruning, and late-move reductions growing with depth and move number and at nodes expected to
//! fail high (cut nodes: each node knows whether it is on the principal variation, expected to fail
//! high or to fail low), shrinking with a move's history. A drop counts as a quiet move (ordered by
//! history, reduced and pruned like one). Static evaluations are cached by position; the pruning
//! reads them moved by the correction history (the errors learnt for the pawn structure and the
//! material) and refined by the table's bound. None of it knows a variant: the margins are in
//! centipawns of the evaluator, whose piece values come from the definition. A timed search thinks
//! its whole time (or, with a soft limit, starts no iteration past it): an iteration cut short by
//! the clock still counts when its first root move was searched, since a later move that beat it
//! was searched in full.
//!
//! Two-move turns (Marseillais): when a move leaves the same side to move, the child's score
//! is not negated and the window is passed on as it is; the sign flips only when the turn
//! passes. Repetitions count against the game's history and the search path; the 50-move
//! rule and the bare-king rule (with the counter-baring draw) are scored in the tree.
//!
//! Time comes from a clock function the caller gives, so the same code runs natively and in
//! a browser worker.

use crate::eval::Evaluator;
use crate::position::{Move, Position};
mod correction;
mod deepening;
mod ordering;
mod pruning;
mod quiescence;
mod report;
mod rules;
mod table;

pub use report::{Info, Limits, Score, SearchResult};

use table::{EXACT, LOWER, TtEntry, UPPER, from_tt, to_tt};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The score of a mate now; a mate in n plies scores `MATE - n`.
pub const MATE: i32 = 1_000_000;
const INF: i32 = 2_000_000;
const MAX_PLY: usize = 128;
const QUIESCENCE_CAP: i32 = 8;

/// Margins of the quiescence search's pruning, in centipawns.
const DELTA_MARGIN: i32 = 200;
const LAZY_MARGIN: i32 = 500;
const HISTORY_MAX: i32 = 16_384;

/// A searcher for one variant; keeps its tables between searches.
pub struct Searcher {
    /// The evaluator (its piece values).
    pub eval: Evaluator,
    tt: Vec<TtEntry>,
    killers: Vec<[Move; 2]>,
    history: Vec<i32>,
    /// `countermoves[from * squares + to]` of the move before: the quiet move that last
    /// refuted it.
    countermoves: Vec<Move>,
    /// Continuation history: how well a quiet move (its piece type and destination) did
    /// after the move before (the type it left on its destination, and that square), folded
    /// into a table of at most 2^20 entries.
    cont_history: Vec<i32>,
    /// Per ply: the offset in `cont_history` of the move that led to it (`usize::MAX`: none,
    /// after a null move or at the root).
    cont_base: Vec<usize>,
    /// Per ply: the move that led to it, and the static evaluation there (for the side to
    /// move, `-INF` when not taken) with that side.
    played: Vec<Move>,
    evals: Vec<(i32, crate::piece::Colour)>,
    nodes: u64,
    stopped: bool,
    clock: Box<dyn Fn() -> f64>,
    start_ms: f64,
    limits: Limits,
    stop_flag: Option<Arc<AtomicBool>>,
    path: Vec<u64>,
    /// The positions the game before the search has seen at least twice.
    repeated: Vec<u64>,
    pv_table: Vec<Vec<Move>>,
    root_depth_done: bool,
    /// The best root move of the iteration under way once its first move is searched, with
    /// its score and line: an iteration the clock cuts short still gives it.
    root_best: Option<(Move, i32, Vec<Move>)>,
    /// Per ply: the move that led here was a null move.
    null_at: Vec<bool>,
    /// `reductions[depth][move number]`: late-move reductions, from their logarithms.
    reductions: Vec<[u8; 64]>,
    /// The number of searches so far (wrapping): table entries say which wrote them.
    generation: u8,
    /// Per-ply buffers reused between nodes (allocation is slow, above all in wasm).
    move_buffers: Vec<Vec<Move>>,
    order_buffers: Vec<OrderBuffer>,
    /// Static evaluations by position hash (the key, the score): positions come back.
    eval_cache: Vec<(u64, i32)>,
    /// How far the static evaluation was from the search's score, by pawns and material.
    correction: correction::Correction,
}

const EVAL_CACHE_BITS: u32 = 16;

/// One ply's move ordering scratch: (sort key, index into the moves) pairs, and a copy of the
/// moves.
type OrderBuffer = (Vec<(u64, u32)>, Vec<Move>);

const NO_MOVE: Move = Move::NONE;

/// What a node is expected to be: on the principal variation, failing high (a cut node: the
/// first move of its parent's refutation, or a move searched with a null window) or failing
/// low (an all node: the first move's child of a cut node).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Node {
    Pv,
    Cut,
    All,
}

impl Node {
    /// The kind of a node's first child: a PV node's is on the PV, a cut node's fails low, an
    /// all node's fails high.
    fn flip(self) -> Node {
        match self {
            Node::Pv => Node::Pv,
            Node::Cut => Node::All,
            Node::All => Node::Cut,
        }
    }
}

impl Searcher {
    /// A searcher with a transposition table of `2^tt_bits` entries and a millisecond clock.
    pub fn new(v: &crate::variant::Variant, tt_bits: u32, clock: Box<dyn Fn() -> f64>) -> Searcher {
        let nsq = v.geometry.len();
        Searcher {
            eval: Evaluator::new(v),
            tt: vec![TtEntry::default(); 1 << tt_bits],
            killers: vec![[NO_MOVE; 2]; MAX_PLY + 1],
            history: vec![0; 2 * nsq * nsq],
            countermoves: vec![NO_MOVE; nsq * nsq],
            cont_history: vec![0; (v.types.len() * nsq).saturating_pow(2).min(1 << 20)],
            cont_base: vec![usize::MAX; MAX_PLY + 2],
            played: vec![NO_MOVE; MAX_PLY + 1],
            evals: vec![(-INF, crate::piece::WHITE); MAX_PLY + 1],
            nodes: 0,
            stopped: false,
            clock,
            start_ms: 0.0,
            limits: Limits::default(),
            stop_flag: None,
            path: Vec::new(),
            repeated: Vec::new(),
            pv_table: vec![Vec::new(); MAX_PLY + 1],
            root_depth_done: false,
            root_best: None,
            null_at: vec![false; MAX_PLY + 1],
            reductions: pruning::reduction_table(),
            generation: 0,
            move_buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            order_buffers: (0..=MAX_PLY)
                .map(|_| (Vec::with_capacity(128), Vec::with_capacity(128)))
                .collect(),
            eval_cache: vec![(0, 0); 1 << EVAL_CACHE_BITS],
            correction: correction::Correction::new(v),
        }
    }

    /// A native searcher timed by `std::time::Instant` (in a browser, use [`Searcher::new`]
    /// with the page's clock: `Instant` is not available on wasm32-unknown-unknown).
    pub fn native(v: &crate::variant::Variant) -> Searcher {
        let t0 = std::time::Instant::now();
        Searcher::new(v, 20, Box::new(move || t0.elapsed().as_secs_f64() * 1000.0))
    }

    /// A native searcher whose table takes about `mb` megabytes (the largest power of two of
    /// entries that fits, at least 2^10).
    pub fn native_with_hash_mb(v: &crate::variant::Variant, mb: u32) -> Searcher {
        let entries = (mb as usize * (1 << 20)) / std::mem::size_of::<TtEntry>();
        let bits = (usize::BITS - 1 - entries.max(1).leading_zeros()).max(10);
        let t0 = std::time::Instant::now();
        Searcher::new(
            v,
            bits,
            Box::new(move || t0.elapsed().as_secs_f64() * 1000.0),
        )
    }

    /// A flag another thread may set to stop the search at once.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop_flag = Some(flag);
    }

    /// Forgets what earlier searches learnt (the transposition table, the history).
    pub fn clear(&mut self) {
        self.tt.iter_mut().for_each(|e| *e = TtEntry::default());
        self.history.iter_mut().for_each(|h| *h = 0);
        self.countermoves.iter_mut().for_each(|m| *m = NO_MOVE);
        self.cont_history.iter_mut().for_each(|h| *h = 0);
        self.correction.clear();
    }

    fn elapsed(&self) -> f64 {
        (self.clock)() - self.start_ms
    }

    fn check_stop(&mut self) {
        if !self.root_depth_done {
            return; // depth 1 always completes, so there is always a move.
        }
        if let Some(n) = self.limits.nodes
            && self.nodes >= n
        {
            self.stopped = true;
        }
        if self.nodes & 255 == 0 {
            if let Some(t) = self.limits.time_ms
                && self.elapsed() >= t
            {
                self.stopped = true;
            }
            if self
                .stop_flag
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            {
                self.stopped = true;
            }
        }
    }

    /// Count a node and check the limits; false when the search must stop.
    fn enter(&mut self, ply: usize) -> bool {
        self.pv_table[ply].clear();
        self.nodes += 1;
        self.check_stop();
        !self.stopped
    }

    /// The evaluator's score of `pos`, from the cache when it holds it.
    fn static_eval(&mut self, pos: &Position) -> i32 {
        let key = pos.hash();
        let slot = &mut self.eval_cache[(key >> (64 - EVAL_CACHE_BITS)) as usize];
        if slot.0 == key {
            return slot.1;
        }
        let score = self.eval.evaluate(pos);
        self.eval_cache[(key >> (64 - EVAL_CACHE_BITS)) as usize] = (key, score);
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        kind: Node,
    ) -> i32 {
        let pv_node = kind == Node::Pv;
        if !self.enter(ply) {
            return 0;
        }
        if ply > 0 {
            if self.is_repetition(pos) {
                return 0;
            }
            if let Some(s) = self.rule_score(pos, ply) {
                return s;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos);
        }
        if ply == 0 {
            self.cont_base[0] = usize::MAX;
        }
        if depth <= 0 {
            // Quiescence searches every evasion when in check.
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
        let key = pos.hash();
        let idx = self.tt_index(key);
        let entry = self.tt[idx];
        let mut tt_move = NO_MOVE;
        if entry.key == key {
            tt_move = entry.mv;
            if !pv_node
                && entry.depth as i32 >= depth
                && ply > 0
                && let Some(s) = entry.cutoff(ply, alpha, beta)
            {
                return s;
            }
        }
        // Without a move from the table a deep node is searched a ply shallower: the next
        // iteration finds it with one (internal iterative reduction).
        if depth >= 4 && tt_move == NO_MOVE {
            depth -= 1;
        }
        let in_check = pos.in_check();
        let us = pos.side_to_move();
        // Neither a PV node nor in check nor in a mate window: where pruning may happen.
        let plain = !pv_node && !in_check && beta.abs() < MATE - 1000;
        // The static evaluation, moved by the errors the correction history learnt for its
        // pawns and material.
        let (raw_eval, keys) = if in_check {
            (-INF, None)
        } else {
            (self.static_eval(pos), Some(self.correction.keys(pos)))
        };
        let corrected = keys.map_or(-INF, |k| {
            let bound = MATE - 1001;
            self.correction.correct(raw_eval, k).clamp(-bound, bound)
        });
        self.evals[ply] = (corrected, us);
        // Better than two plies ago, when the same side was to move: pruned less.
        let improving = !in_check
            && ply >= 2
            && self.evals[ply - 2].1 == us
            && corrected > self.evals[ply - 2].0;
        // The table's score, where its bound says it is nearer the truth, stands for it.
        let mut static_eval = corrected;
        if !in_check && entry.key == key {
            let s = from_tt(entry.score, ply);
            let closer = match entry.bound {
                EXACT => true,
                LOWER => s > static_eval,
                UPPER => s < static_eval,
                _ => false,
            };
            if closer && s.abs() < MATE - 1000 {
                static_eval = s;
            }
        }
        if pruning::reverse_futile(plain, depth, improving, static_eval, beta)
            && self.may_stand(pos)
        {
            return static_eval;
        }
        if plain && let Some(s) = self.null_move(pos, key, depth, beta, static_eval, ply, kind) {
            return s;
        }
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        // The table's move, when it is legal here, is searched before the others are
        // generated: it often cuts, and then they never are. The others come in the order
        // they would have had with it (first, then skipped).
        let mut generated = !(tt_move != NO_MOVE && pos.is_legal(tt_move, &mut moves));
        if generated {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                self.move_buffers[ply] = moves;
                return self.no_move_score(pos, ply, in_check);
            }
        } else {
            moves.clear();
            moves.push(tt_move);
        }
        // Check extension.
        let depth = depth + in_check as i32;
        if generated {
            self.order(pos, &mut moves, tt_move, ply, true);
        }
        let nsq = pos.variant().geometry.len();
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = moves[0];
        let mut quiets_tried = 0usize;
        let counter = self.countermove(ply, nsq);
        let late_limit = pruning::late_limit(depth, improving);
        self.path.push(key);
        let mut next = 0;
        while next < moves.len() || !generated {
            if next == moves.len() {
                // The table's move did not cut: every move, the table's first (searched).
                pos.legal_moves(&mut moves);
                self.order(pos, &mut moves, tt_move, ply, true);
                debug_assert_eq!(moves[0], tt_move);
                generated = true;
                continue;
            }
            let (i, m) = (next, moves[next]);
            next += 1;
            let quiet = is_quiet(m);
            let killer = m == self.killers[ply][0] || m == self.killers[ply][1] || m == counter;
            let reduction = if quiet && !in_check && depth >= 3 && i >= 2 {
                let h = self.quiet_score(pos, ply, m);
                self.reduction(depth, i, h, kind, improving, killer)
            } else {
                0
            };
            // Past the late-move limit of a shallow node the remaining quiet moves are not
            // even made, but those that may check (late-move pruning).
            if quiet
                && i > 0
                && !in_check
                && !pv_node
                && depth <= 6
                && quiets_tried >= late_limit
                && best > -MATE + 1000
                && !pruning::may_check(pos, m)
            {
                quiets_tried += 1;
                continue;
            }
            self.played[ply] = m;
            let u = pos.make(m);
            self.cont_base[ply + 1] = self.cont_offset(pos, m);
            let same = pos.side_to_move() == us;
            // Only a quiet move may be pruned or reduced: only its check matters.
            let gives_check = quiet && i > 0 && !in_check && !same && pos.in_check();
            // Quiet moves that give no check may be pruned (futility, late moves); the others
            // are searched shallower first the later they come.
            if quiet
                && i > 0
                && !in_check
                && !gives_check
                && best > -MATE + 1000
                && pruning::prune_quiet(
                    plain,
                    pv_node,
                    depth,
                    reduction,
                    static_eval,
                    alpha,
                    quiets_tried >= late_limit,
                )
            {
                pos.unmake(&u);
                quiets_tried += 1;
                continue;
            }
            // `k`: the child's kind when the turn passes (the same side to move again keeps
            // its parent's expectation).
            let child = |s: &mut Self, p: &mut Position, d: i32, a: i32, b: i32, k: Node| -> i32 {
                if same {
                    s.negamax(p, d, a, b, ply + 1, k.flip())
                } else {
                    -s.negamax(p, d, -b, -a, ply + 1, k)
                }
            };
            let mut score;
            if i == 0 {
                score = child(self, pos, depth - 1, alpha, beta, kind.flip());
            } else {
                // (Only a quiet move at depth 3 or more has a reduction.)
                let reduce = if gives_check || reduction <= 0 {
                    0
                } else {
                    reduction.min(depth - 2)
                };
                score = child(self, pos, depth - 1 - reduce, alpha, alpha + 1, Node::Cut);
                if reduce > 0 && score > alpha && !self.stopped {
                    let k = if kind == Node::Cut {
                        Node::All
                    } else {
                        Node::Cut
                    };
                    score = child(self, pos, depth - 1, alpha, alpha + 1, k);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = child(self, pos, depth - 1, alpha, beta, Node::Pv);
                }
            }
            pos.unmake(&u);
            if self.stopped {
                self.path.pop();
                self.move_buffers[ply] = moves;
                return 0;
            }
            if quiet {
                quiets_tried += 1;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv_table.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if ply == 0 {
                        self.root_best = Some((m, score, self.pv_table[0].clone()));
                    }
                    if score >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != m {
                                k[1] = k[0];
                                k[0] = m;
                            }
                            self.reward(pos, ply, m, &moves[..i], depth);
                            self.set_countermove(ply, nsq, m);
                        }
                        break;
                    }
                }
            }
            if ply == 0 && i == 0 && self.root_best.is_none() {
                // The first move failed low in an aspiration window: it is still the best
                // known.
                self.root_best = Some((m, score, vec![m]));
            }
        }
        self.path.pop();
        self.move_buffers[ply] = moves;
        let bound = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        // The correction history learns from a search whose bound says how far off the
        // evaluation was: not after a capture's or a promotion's cut (those say little about
        // the evaluation), nor near mate.
        if let Some(k) = keys
            && (bound == UPPER || is_quiet(best_move))
            && best.abs() < MATE - 1000
            && match bound {
                LOWER => best > corrected,
                UPPER => best < corrected,
                _ => true,
            }
        {
            self.correction.update(k, raw_eval, best, depth);
        }
        let idx = self.tt_index(key);
        self.tt[idx] = TtEntry {
            key,
            mv: best_move,
            score: to_tt(best, ply),
            depth: depth as i16,
            bound,
            generation: self.generation,
        };
        best
    }
}

/// Is `m` a quiet move for the search (ordered by history, reduced and pruned): it takes
/// nothing (on its destination, en passant or on the way; a castling onto its partner's square
/// takes nothing) and promotes to nothing (a drop is quiet).
pub(super) fn is_quiet(m: Move) -> bool {
    m.captured().is_none() && !m.is_ep() && (m.promo() == 0 || m.is_drop()) && !m.takes_on_the_way()
}
