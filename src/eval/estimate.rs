//! What the evaluator knows before a game: each type's mobility sampled on random boards (a
//! third of the squares occupied, half of those by enemies), from which its value comes, and
//! the squares' worth on an empty board (centralisation). Moves of several legs and hops
//! (walks) count with the rays: each square a piece moves to or takes on counts once however
//! many ways reach it, a locust victim's square too.

use crate::geometry::{Board, Square, SquareSet};
use crate::piece::{BLACK, Colour, PieceType, WHITE};
use crate::variant::{Variant, code};
use crate::walk::{Found, Walker};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Average number of squares a piece of type `t` reaches on random boards.
pub(super) fn sampled_mobility(v: &Variant, t: PieceType) -> f64 {
    let nsq = v.geometry.len();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D ^ t.index() as u64);
    let samples = 400;
    let mut total = 0.0;
    let mut occ = vec![0u8; nsq];
    let walks = &v.walks[t.index()][WHITE.index()];
    let (friend, foe) = (code(t, WHITE), code(t, BLACK));
    let mut board = Board::EMPTY;
    for _ in 0..samples {
        for o in occ.iter_mut() {
            // 1 enemy, 2 own
            *o = match rng.below(6) {
                0 => 1,
                1 => 2,
                _ => 0,
            };
        }
        let sq = rng.below(nsq as u64) as Square;
        occ[sq as usize] = 0;
        // The squares it moves to or takes on, each once.
        let mut hit = SquareSet::EMPTY;
        v.ray_reach(
            WHITE,
            t,
            sq,
            |s| occ[s as usize] != 0,
            |to, u| match occ[to as usize] {
                0 if u.quiet => hit.insert(to),
                0 if u.ep => total += 0.1,
                1 if u.capture => hit.insert(to),
                _ => {}
            },
        );
        if !walks.is_empty() {
            for (b, &o) in board.0.iter_mut().zip(&occ) {
                *b = [0, foe, friend][o as usize];
            }
            board[sq as usize] = friend;
            walked(v, &board, sq, WHITE, walks, &mut hit);
        }
        total += hit.len() as f64;
    }
    total / samples as f64
}

/// Per square: how many squares a `colour` piece of type `t` there reaches on an empty
/// board.
pub(super) fn empty_board_reach(v: &Variant, colour: Colour, t: PieceType) -> Vec<f64> {
    let empty = Board::EMPTY;
    let walks = &v.walks[t.index()][colour.index()];
    (0..v.geometry.len())
        .map(|sq| {
            let mut hit = SquareSet::EMPTY;
            v.ray_reach(
                colour,
                t,
                sq as Square,
                |_| false,
                |to, u| {
                    if u.quiet || u.capture {
                        hit.insert(to)
                    }
                },
            );
            walked(v, &empty, sq as Square, colour, walks, &mut hit);
            hit.len() as f64
        })
        .collect()
}

/// Add to `hit` the squares the walks `walks` of a `colour` piece on `from` of `board` move
/// to or take on (a locust victim's too), but a friend's (`d` is no gain).
fn walked(
    v: &Variant,
    board: &Board,
    from: Square,
    colour: Colour,
    walks: &[crate::walk::Walk],
    hit: &mut SquareSet,
) {
    let walker = Walker {
        geometry: v.geometry,
        board,
        from,
        colour,
        unmoved: false,
        relays: true,
    };
    let own = board[from as usize];
    walker.run(walks, &mut |to, side, what| {
        // A friend that lends its moves (`x`), an empty square taken only en passant and a
        // castling partner are no squares the piece reaches (as the rays count them).
        if matches!(what, Found::Borrow | Found::EnPassant | Found::Castle) {
            return false;
        }
        if to == from || own == 0 || board[to as usize] != own {
            hit.insert(to);
        }
        if what != Found::Unload {
            for k in side.iter() {
                hit.insert(k);
            }
        }
        false
    });
}
