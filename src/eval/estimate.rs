//! What the evaluator knows before a game: each type's mobility sampled on random boards (a
//! third of the squares occupied, half of those by enemies), from which its value comes, and
//! the squares' worth on an empty board (centralisation). Moves of several legs and hops
//! (walks) count with the rays: each square a piece moves to or takes on counts once however
//! many ways reach it, a locust victim's square too.

use crate::geometry::{Board, Geometry, Square, SquareSet};
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

/// Per square: the squares a `colour` piece of type `t` there reaches on an empty board.
pub(super) fn empty_board_reach(v: &Variant, colour: Colour, t: PieceType) -> Vec<SquareSet> {
    (0..v.geometry.len())
        .map(|sq| empty_board_set(v, colour, t, sq as Square))
        .collect()
}

/// The squares a `colour` piece of type `t` on `sq` reaches on an empty board.
fn empty_board_set(v: &Variant, colour: Colour, t: PieceType, sq: Square) -> SquareSet {
    let walks = &v.walks[t.index()][colour.index()];
    let mut hit = SquareSet::EMPTY;
    v.ray_reach(
        colour,
        t,
        sq,
        |_| false,
        |to, u| {
            if u.quiet || u.capture {
                hit.insert(to)
            }
        },
    );
    walked(v, &Board::EMPTY, sq, colour, walks, &mut hit);
    hit
}

/// Whether a White piece of type `t` rides forward along its file: from the middle of the
/// first rank it reaches the three squares straight ahead on an empty board, and with the
/// first of them taken, not the second (a rook, a lance, a queen; not a leaper).
pub(super) fn file_rider(v: &Variant, t: PieceType) -> bool {
    let g = v.geometry;
    let f = g.files as i32 / 2;
    let ahead: Option<Vec<Square>> = (1..=3).map(|r| g.try_square(f, r)).collect();
    let (Some(from), Some(ahead)) = (g.try_square(f, 0), ahead) else {
        return false;
    };
    let open = empty_board_set(v, WHITE, t, from);
    if !ahead.iter().all(|&a| open.contains(a)) {
        return false;
    }
    let mut blocked = false;
    v.ray_reach(
        WHITE,
        t,
        from,
        |s| s == ahead[0],
        |to, _| blocked |= to == ahead[1],
    );
    !blocked
}

/// Whether a piece keeps to the squares of one colour (of a chequered board), given what it
/// reaches from each square on an empty board (`reach`): every square it reaches is of the
/// colour of the one it left (a bishop, a ferz, a dabbaba).
pub(super) fn colourbound(g: &Geometry, reach: &[SquareSet]) -> bool {
    let shade = |sq: Square| (g.file(sq) + g.rank(sq)) % 2;
    let mut moves = false;
    for (sq, set) in reach.iter().enumerate() {
        let sq = sq as Square;
        moves |= !set.is_empty();
        if set.iter_in(g.words()).any(|to| shade(to) != shade(sq)) {
            return false;
        }
    }
    moves
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
