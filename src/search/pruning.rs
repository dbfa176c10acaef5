//! The main search's pruning decisions: reverse futility and null-move pruning of whole
//! nodes, futility and late-move pruning of quiet moves (captures are never pruned: the
//! pruning of those that may lose material lost against Fairy-Stockfish,
//! docs/search-history.md), and late-move reductions growing with depth and move number,
//! shrinking with a move's history. The margins are in centipawns of
//! the evaluator, whose piece values come from the definition.

use super::{MATE, NO_MOVE, Node, Searcher};
use crate::position::{Move, Position};

/// Margins of the pruning, in centipawns.
const RFP_MARGIN: i32 = 80;
const FUTILITY_MARGIN: i32 = 100;

/// `reductions[depth][move number]`: late-move reductions, from their logarithms.
pub(super) fn reduction_table() -> Vec<[u8; 64]> {
    (0..64)
        .map(|d| {
            let mut row = [0u8; 64];
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                let x = 0.5 + (d.max(1) as f64).ln() * (i as f64).ln() / 2.25;
                *r = x.max(0.0) as u8;
            }
            row
        })
        .collect()
}

/// Where the static evaluation is well above beta, a shallow node stands without its moves
/// (reverse futility). (Razoring, its mirror below alpha, would miss quiet mates: the
/// quiescence search does not see them.)
pub(super) fn reverse_futile(
    plain: bool,
    depth: i32,
    improving: bool,
    static_eval: i32,
    beta: i32,
) -> bool {
    plain && depth <= 7 && static_eval - RFP_MARGIN * (depth - improving as i32) >= beta
}

/// Whether quiet move `m` may give check, told before it is made: the piece it puts on its
/// destination (after a drop, a promotion or a morph) reaches the enemy's royal piece there
/// along one of its rays, on an empty board. A discovered check is missed; a castling, a
/// piece with moves of several legs or hops and a side with several royal pieces always may.
pub(super) fn may_check(pos: &Position, m: Move) -> bool {
    let v = pos.variant();
    let us = pos.side_to_move();
    let Some(k) = pos.royal_square(us.other()) else {
        return true;
    };
    let t = match m.dropped() {
        Some(t) => t,
        None => match pos.piece_at(m.from) {
            Some(p) => p.piece_type,
            None => return true,
        },
    };
    let t = m.promotion().unwrap_or(t);
    let t = v.morph_at(t, m.to).unwrap_or(t);
    m.is_castle() || !v.walks[t.index()][us.index()].is_empty() || v.steps_to(us, t, m.to, k)
}

/// How many quiet moves a shallow node searches before the later ones are pruned.
pub(super) fn late_limit(depth: i32, improving: bool) -> usize {
    (3 + (depth * depth) as usize) / (2 - improving as usize)
}

/// Whether a quiet move that gives no check is pruned: at a hopeless shallow node none is
/// searched after the first (futility), and at a shallow one only the first few (`late`:
/// past [`late_limit`]). `reduction` is the move's late-move reduction.
pub(super) fn prune_quiet(
    plain: bool,
    pv_node: bool,
    depth: i32,
    reduction: i32,
    static_eval: i32,
    alpha: i32,
    late: bool,
) -> bool {
    let lmr_depth = depth - 1 - reduction.max(0);
    let futile =
        plain && lmr_depth <= 6 && static_eval + FUTILITY_MARGIN * (lmr_depth + 1) <= alpha;
    futile || (!pv_node && depth <= 6 && late)
}

impl Searcher {
    /// Whether the side to move has a piece besides pawns and royalty. The null move and
    /// reverse futility both assume it has a move that keeps its score, which zugzwang (or a
    /// bare royal piece before a quiet mate) denies.
    pub(super) fn may_stand(&self, pos: &Position) -> bool {
        self.eval.pieces(pos, pos.side_to_move()) > 0
    }

    /// The late-move reduction of the `i`-th move, a quiet one with history `h`: more at
    /// depth and later and at a node expected to fail high (a cut node), less in a PV node,
    /// where the side to move is improving, for a killer
    /// or countermove, and for a move whose history is good.
    pub(super) fn reduction(
        &self,
        depth: i32,
        i: usize,
        h: i32,
        kind: Node,
        improving: bool,
        killer: bool,
    ) -> i32 {
        self.reductions[depth.min(63) as usize][i.min(63)] as i32 - (kind == Node::Pv) as i32
            + (kind == Node::Cut) as i32
            + !improving as i32
            - killer as i32
            - h.clamp(-16_384, 16_384) / 8192
    }

    /// Null move: if even passing keeps the score above beta, a shallower search says so.
    /// Not twice in a row, and not with nothing but pawns and royalty (zugzwang). The score
    /// the node returns when it is cut (0 when the search stopped), `None` when not.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn null_move(
        &mut self,
        pos: &mut Position,
        key: u64,
        depth: i32,
        beta: i32,
        static_eval: i32,
        ply: usize,
        kind: Node,
    ) -> Option<i32> {
        let allowed = depth >= 3
            && static_eval >= beta
            && ply > 0
            && !self.null_at[ply - 1]
            && pos.null_allowed()
            && self.may_stand(pos);
        if !allowed {
            return None;
        }
        let r = (3 + depth / 4 + ((static_eval - beta) / 200).min(2)).min(depth - 1);
        let u = pos.make_null();
        self.null_at[ply] = true;
        self.cont_base[ply + 1] = usize::MAX;
        self.played[ply] = NO_MOVE;
        self.path.push(key);
        let score = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, kind.flip());
        self.path.pop();
        self.null_at[ply] = false;
        pos.unmake(&u);
        if self.stopped {
            return Some(0);
        }
        if score >= beta {
            return Some(if score > MATE - 1000 { beta } else { score });
        }
        None
    }
}
