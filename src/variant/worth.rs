//! What `tradeThreshold` weighs captures by ([`crate::trade`]): a rules-side worth of each
//! piece type, from its own moves, so that the rules compiler needs no engine.

use super::*;
use crate::walk::{Found, Walker};

/// Per type: 100 times the average number of squares its moves (rays and walks) reach from a
/// square of an empty board, White's moves, over the squares that are not holes. A pawn
/// (`fW`) is worth a little under 100, a gold (`WfF`) about 500, a queen over 2000; only the
/// order and the gaps matter (the rule's test is `gain >= mover + threshold + 30`).
pub(super) fn trade_values(v: &Variant) -> Vec<i32> {
    let g = v.geometry;
    let squares: Vec<Square> = (0..g.len() as Square).filter(|&s| !g.is_hole(s)).collect();
    let empty = crate::geometry::Board::EMPTY;
    v.piece_types()
        .map(|t| {
            let reached: usize = (squares.iter())
                .map(|&from| {
                    let mut hit = SquareSet::EMPTY;
                    for r in v.rays_for(WHITE, t, from) {
                        (v.ray_steps(r).iter())
                            .filter(|s| s.flags & (step::QUIET | step::CAPTURE) != 0)
                            .for_each(|s| hit.insert(s.to));
                    }
                    let walker = Walker {
                        geometry: g,
                        board: &empty,
                        from,
                        colour: WHITE,
                        unmoved: false,
                        relays: false,
                    };
                    walker.run(&v.walks[t.index()][WHITE.index()], &mut |to, _, what| {
                        if matches!(what, Found::Move | Found::Relay { .. } | Found::Unload) {
                            hit.insert(to);
                        }
                        false
                    });
                    hit.len()
                })
                .sum();
            (100 * reached / squares.len().max(1)) as i32
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::bundled;

    /// Worked out by hand on 8x8: a pawn `fW` reaches one square from 56 of the 64 (none
    /// from the last rank): 87; a knight 336 squares in all: 525; a rook 14 from each: 1400;
    /// a cannon `mRcpR` on an empty board only moves as a rook: 1400; a king 420 in all: 656.
    #[test]
    fn worth_counts_the_squares_reached_on_an_empty_board() {
        let v = bundled::compile(
            "worth",
            "files=8 ranks=8 promoZone=0\npawn:P:fW:pawn:a2\nknight:N:N:knight:b1\n\
             rook:R:R:rook:a1\ncannon:C:mRcpR:cannon:c1\nking:K:K:king:e1,,e8\n",
        )
        .unwrap();
        assert_eq!(super::trade_values(&v), [87, 525, 1400, 1400, 656]);
    }
}
