//! Shuffled starts: the Interactive Diagram's `shuffle` key, dealt from a seed.
//!
//! Each group of the key ([`crate::definition::ShuffleGroup`]) pools the start squares of
//! its types' pieces of one side and deals those pieces out again, as the Diagram's script
//! does when a new game starts (`ShuffleOne` in betza.js; read, not copied):
//!
//! 1. the squares are collected rank by rank from rank 1, file by file from file a;
//! 2. types marked `!` or `:` with at least two pieces go first, in piece-list order: each
//!    piece on a square of the other shade from the one dealt before it, and with `:` every
//!    second piece on the file mirroring the one before (a type with an odd count under `:`
//!    gets no such care: the script's first draw compares with a square it never set and
//!    turns every square down);
//! 3. the others follow in piece-list order, on squares drawn at random;
//! 4. the castling royal piece (the last royal type that castles, `O` in its moves), when it
//!    is in the group and the type standing in both corners of its rank is in it with two
//!    pieces, is dealt last with them: of the three squares left, the middle one is the
//!    king's, the outer ones the rooks'. (Where the script would leave the royal piece out,
//!    with no such type, it goes on a square left at random here.)
//!
//! White's side is dealt, and Black's pieces stand where `symmetry` puts White's (mirror or
//! rotate); with `symmetry=none` Black's side is dealt on its own after White's, group by
//! group. The draws come from SplitMix64 seeded with the seed, so a seed gives the same array
//! on every platform (native and wasm). Without a seed the start is the array as written,
//! which is what the Diagram shows until its Restart button deals one.
//!
//! Castling from a dealt array is the Diagram's: the royal piece castles with an unmoved
//! piece in the corner of its rank, moving as its `O` says, with every square between empty
//! ([`crate::position::Position`]); a rook dealt away from the corner does not castle.

use crate::definition::{Placement, ShuffleGroup, Spec, Symmetry};
use crate::geometry::{Geometry, Square, SquareSet};
use crate::piece::{BLACK, Colour, Piece, PieceType, WHITE};
use crate::position::{Position, Setup};
use crate::splitmix::SplitMix;
use crate::variant::Variant;
use std::sync::Arc;

/// The square where `symmetry` puts Black's piece for White's on `sq`.
pub fn partner(g: Geometry, symmetry: Symmetry, sq: Square) -> Square {
    let (f, r) = (g.file(sq), g.ranks - 1 - g.rank(sq));
    match symmetry {
        Symmetry::Rotate => g.square(g.files - 1 - f, r),
        Symmetry::Mirror | Symmetry::None => g.square(f, r),
    }
}

impl Variant {
    /// Does a new game deal its start from a seed (a `shuffle` key with a type in it)?
    pub fn shuffles(&self) -> bool {
        self.spec.shuffle.iter().any(|group| !group.is_empty())
    }
}

/// Every type's squares to start on, White's and Black's: its start squares and the squares
/// of every group that deals it (groups sharing a type pool theirs, as dealing one after the
/// other may carry a piece across).
pub fn homes(spec: &Spec) -> Vec<[Vec<Square>; 2]> {
    // Square sets, not sorted lists: a sort of its own would cost the wasm 2 KB (keyed.rs).
    let set = |squares: &[Square]| {
        let mut set = SquareSet::EMPTY;
        squares.iter().for_each(|&sq| set.insert(sq));
        set
    };
    let mut homes: Vec<[SquareSet; 2]> = (spec.pieces.iter())
        .map(|p| [set(&p.white), set(&p.black)])
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for group in &spec.shuffle {
            for side in [0, 1] {
                let mut pool = SquareSet::EMPTY;
                for m in group {
                    homes[m.piece][side].iter().for_each(|sq| pool.insert(sq));
                }
                for m in group {
                    let home = &mut homes[m.piece][side];
                    changed |= *home != pool;
                    *home = pool;
                }
            }
        }
    }
    (homes.into_iter())
        .map(|h| h.map(|set| set.iter().collect()))
        .collect()
}

/// The start position's pieces and state: the array as written, or with a seed the array
/// the `shuffle` key deals from it (the same as written for a variant without one).
pub fn start_setup(v: &Variant, seed: Option<u64>) -> Setup {
    let mut board: Vec<Option<Piece>> = vec![None; v.geometry.len()];
    for t in v.piece_types().filter(|&t| !v.types[t].hidden) {
        for colour in Colour::ALL {
            for &sq in &v.types[t].start[colour.index()] {
                board[sq as usize] = Some(Piece::new(t, colour));
            }
        }
    }
    if let Some(seed) = seed {
        let mut deal = Deal {
            v,
            board: &mut board,
            rng: SplitMix(seed),
        };
        for group in &v.spec.shuffle {
            deal.group(group, WHITE);
            if v.spec.symmetry == Symmetry::None {
                deal.group(group, BLACK);
            }
        }
    }
    let mut s = Setup {
        fullmove: 1,
        ..Setup::default()
    };
    for (sq, pc) in board.into_iter().enumerate() {
        if let Some(mut pc) = pc {
            let sq = sq as Square;
            // A piece waiting at a gate is its type's parked twin; it enters the board as its
            // type. Elsewhere a conversion piece starts undecided. (The other way round a
            // converting bishop at a gate looked up the twin of the undecided type, which has
            // none: the definition fuzzer's find.)
            if let Some(gate) = v.gate.as_ref().filter(|g| g.squares.contains(sq)) {
                let twin = gate.parked.get(pc.piece_type.index()).copied().flatten();
                pc.piece_type = twin.unwrap_or(pc.piece_type);
            } else if let Some(c) = v.conversion.filter(|c| c.base == pc.piece_type) {
                pc.piece_type = c.undecided;
            }
            s.pieces.push((sq, pc));
            s.unmoved.insert(sq);
        }
    }
    s
}

struct Deal<'a> {
    v: &'a Variant,
    board: &'a mut [Option<Piece>],
    rng: SplitMix,
}

impl Deal<'_> {
    /// A number below `n` (not 0).
    fn below(&mut self, n: usize) -> usize {
        (self.rng.next() % n as u64) as usize
    }

    fn type_at(&self, sq: Square) -> Option<usize> {
        self.board[sq as usize].map(|p| p.piece_type.index())
    }

    /// A piece of `t` on `sq`, and Black's where the symmetry puts it when White's is dealt.
    fn put(&mut self, sq: Square, t: usize, colour: Colour) {
        let t = PieceType::new(t);
        self.board[sq as usize] = Some(Piece::new(t, colour));
        let symmetry = self.v.spec.symmetry;
        if colour == WHITE && symmetry != Symmetry::None {
            let black = partner(self.v.geometry, symmetry, sq);
            self.board[black as usize] = Some(Piece::new(t, BLACK));
        }
    }

    /// Deals `colour`'s pieces of the group's types on their squares (see the module).
    fn group(&mut self, group: &ShuffleGroup, colour: Colour) {
        let g = self.v.geometry;
        let nt = self.v.spec.pieces.len();
        let member = |t: usize| group.iter().find(|m| m.piece == t);
        let king = (0..nt).rev().find(|&t| {
            let ty = &self.v.types[PieceType::new(t)];
            ty.royal && !ty.castles.is_empty()
        });
        let mut counts = vec![0usize; nt];
        let mut pool: Vec<Square> = Vec::new();
        // The type in both corners of the king's rank; as in the script, a piece of the group
        // met after the king on a rank without that type in its right-hand corner clears it.
        let mut rook = None;
        for sq in 0..g.len() as Square {
            let Some(t) = self.board[sq as usize]
                .filter(|p| p.colour == colour)
                .map(|p| p.piece_type.index())
                .filter(|&t| member(t).is_some())
            else {
                continue;
            };
            counts[t] += 1;
            pool.push(sq);
            let r = g.rank(sq);
            if Some(t) == king {
                rook = self.type_at(g.square(0, r));
            }
            if rook != self.type_at(g.square(g.files - 1, r)) {
                rook = None;
            }
        }
        // Marked types with pairs: alternating shades, and mirrored pairs under ':'.
        for (t, m) in (0..nt).filter_map(|t| Some((t, member(t)?))) {
            let mirrored = m.placement == Placement::Mirrored;
            if m.placement == Placement::Any || counts[t] < 2 || (mirrored && counts[t] % 2 == 1) {
                continue;
            }
            let (mut shade, mut last) = (None, None);
            let mut n = pool.len();
            while counts[t] > 0 && n > 0 {
                let i = self.below(n);
                n -= 1;
                pool.swap(i, n);
                let s = pool[n];
                let s_shade = (g.file(s) + g.rank(s)) % 2;
                if shade == Some(s_shade) {
                    continue;
                }
                let unpaired = counts[t] % 2 == 1;
                if mirrored
                    && unpaired
                    && last.is_some_and(|l| g.file(l) + g.file(s) != g.files - 1)
                {
                    continue;
                }
                pool.swap_remove(n);
                n = pool.len();
                counts[t] -= 1;
                self.put(s, t, colour);
                (shade, last) = (Some(s_shade), Some(s));
            }
        }
        // The rest, in piece-list order; the castling king and two rooks wait.
        for (t, count) in counts.iter_mut().enumerate() {
            let keep = if Some(t) == rook { 2 } else { 0 };
            while Some(t) != king && *count > keep {
                let i = self.below(pool.len());
                let s = pool.swap_remove(i);
                *count -= 1;
                self.put(s, t, colour);
            }
        }
        if let (Some(k), Some(r)) = (king, rook)
            && counts[k] == 1
            && counts[r] == 2
            && pool.len() == 3
        {
            crate::keyed::sort_small(&mut pool);
            for (i, &s) in pool.iter().enumerate() {
                self.put(s, if i == 1 { k } else { r }, colour);
            }
            return;
        }
        for (t, count) in counts.iter_mut().enumerate() {
            while *count > 0 {
                let i = self.below(pool.len());
                let s = pool.swap_remove(i);
                *count -= 1;
                self.put(s, t, colour);
            }
        }
    }
}

/// Seeds and the arrays they deal in tests/shuffle/shuffle-chess.txt, the same on every
/// platform: checked here natively and by the browser tests in wasm (`web/tests.rs`). Each
/// was checked by hand: the bishops on files of both parities, the king between the rooks,
/// and the castling field: a right for a corner piece at least three files from the king.
impl Position {
    /// The variant's start position: its array as written.
    pub fn start(v: &Arc<Variant>) -> Position {
        let mut s = start_setup(v, None);
        s.hands = v.hands.start.clone();
        Position::from_setup(v, &s)
    }

    /// The start position a seed deals with the variant's `shuffle` key ([`crate::shuffle`]);
    /// the array as written for a variant without one.
    pub fn start_seeded(v: &Arc<Variant>, seed: u64) -> Position {
        let mut s = start_setup(v, Some(seed));
        s.hands = v.hands.start.clone();
        Position::from_setup(v, &s)
    }
}

#[cfg(test)]
pub(crate) const SAMPLES: [(u64, &str); 4] = [
    (
        0,
        "rqnknrbb/pppppppp/8/8/8/8/PPPPPPPP/RQNKNRBB w KQkq - 0 1",
    ),
    (
        1,
        "bbrkrnnq/pppppppp/8/8/8/8/PPPPPPPP/BBRKRNNQ w KQkq - 0 1",
    ),
    (
        42,
        "brqkrbnn/pppppppp/8/8/8/8/PPPPPPPP/BRQKRBNN w KQkq - 0 1",
    ),
    (
        u64::MAX,
        "bbnrqknr/pppppppp/8/8/8/8/PPPPPPPP/BBNRQKNR w Qq - 0 1",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn samples_deal_the_same_arrays() {
        let v = crate::bundled::compile(
            "shuffle-chess",
            include_str!("../tests/shuffle/shuffle-chess.txt"),
        )
        .unwrap();
        for (seed, fen) in SAMPLES {
            assert_eq!(crate::fen::to_fen(&Position::start_seeded(&v, seed)), fen);
        }
    }

    #[test]
    fn partners_by_symmetry() {
        let g = Geometry::new(8, 8);
        let sq = |name: &str| g.parse_square(name).unwrap();
        assert_eq!(partner(g, Symmetry::Mirror, sq("b1")), sq("b8"));
        assert_eq!(partner(g, Symmetry::Rotate, sq("b1")), sq("g8"));
        assert_eq!(partner(g, Symmetry::Rotate, sq("e2")), sq("d7"));
    }
}
