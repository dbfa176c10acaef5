//! A position of a compiled variant: the board, unmoved pieces, side to move, turn phase,
//! en passant rights and clocks; legal move generation and make / unmake.
//!
//! Legality is royal safety (`legal.rs`): a move is legal when afterwards none of the mover's
//! guarded royal pieces ([`Position::guarded`]) can be captured: its only one, or with
//! `extinction` off for the side, all of its several. Moves of pieces that do not stand
//! between the royal piece and an enemy rider (and are not the royal piece, not en passant,
//! not out of check) are legal without a test; the others are tried on the board.

use crate::betza::MAX_LOCUST;
use crate::geometry::{Board, Square, SquareSet};
use crate::hands::HandRules;
pub use crate::piece::{BLACK, Colour, WHITE};
use crate::piece::{Piece, PieceType};
use crate::trade::{Strike, TradeRules};
use crate::variant::{Variant, code_colour, code_type};

mod attack;
mod castling;
mod drops;
mod gate;
mod generate;
mod hops;
mod imitate;
pub mod kills;
pub use kills::Kills;
mod moves;
pub use moves::{Move, MoveKind};
mod setup;
mod targets;
pub use setup::{EpList, Setup};
mod legal;
use attack::attacked_on;
mod exchange;
mod make;
mod null;
mod scratch;
mod trade;
use std::sync::Arc;

/// What unmaking a move needs.
#[derive(Debug, Clone)]
pub struct Undo {
    /// Squares changed, in order: the ten a move of one victim may change at most, and one
    /// for each further locust victim.
    changes: [(Square, u8, bool); 9 + MAX_LOCUST],
    n: u8,
    capturable: EpList,
    pending: EpList,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    /// How to put the castling pairs back, where the move changed them.
    castling: PairsBefore,
    side: Colour,
    phase: u8,
    /// Hand entries changed: (index, count before).
    /// One for each piece taken (on `to` and on the way), one for a promotion from the hand.
    hand: [(u8, u16); 2 + MAX_LOCUST],
    nhand: u8,
    strike: Strike,
    imitated: Option<PieceType>,
    /// The piece captured, for callers.
    pub captured: Option<Piece>,
}

/// The castling pairs before a move, as [`Undo`] keeps them: most moves leave them alone,
/// and most that change them take a few squares out of them (a king or a rook that moves,
/// and its partners); a move that makes new pairs (gating, conversion) keeps the whole set
/// (a set of the largest board is 128 bytes: not copied at every move).
#[derive(Debug, Clone)]
enum PairsBefore {
    /// Unchanged.
    Same,
    /// The pairs after and these squares (the first `n`).
    Lost { n: u8, squares: [Square; 4] },
    /// This set.
    Whole(Box<SquareSet>),
}

#[derive(Clone)]
/// A position: the pieces on the board and in hand, the side to move, the en passant and castling state, the clocks; with [`Position::legal_moves`], [`Position::make`] and `unmake`.
pub struct Position {
    v: Arc<Variant>,
    /// Piece codes by square.
    board: Board,
    unmoved: SquareSet,
    /// [`Position::castling_pairs`] of `unmoved`, kept up to date by `make`.
    castling: SquareSet,
    occ: [SquareSet; 2],
    counts: Vec<u16>,
    present: [u64; 2],
    /// The royal pieces' squares.
    royals: [SquareSet; 2],
    /// The square of the side's royal piece when it has exactly one (the fast paths).
    royal: [Option<Square>; 2],
    /// How many royal pieces each side has on the board (`royals`' sizes, kept so that
    /// `royal` follows a move without a look at the set).
    nroyals: [u16; 2],
    /// Pieces of the types that count against being bare (`baring`).
    barers: [u16; 2],
    side: Colour,
    phase: u8,
    capturable: EpList,
    pending: EpList,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    /// Pieces in hand, indexed by [`HandRules::index`].
    hands: Vec<u16>,
    /// The counter-strike ban the last move set ([`crate::trade`]).
    strike: Strike,
    /// The type an imitator (`I`) moves as: the one that moved last, not an imitator
    /// (`imitate.rs`; None until one has moved, and in a variant without imitators).
    imitated: Option<PieceType>,
}

/// The square of `set` when it holds exactly one, on a board of `words` 64-bit words: the
/// words past them, empty, are not looked at (`SquareSet::only` reads all sixteen).
#[inline]
fn only_in(set: &SquareSet, words: usize) -> Option<Square> {
    let mut it = set.iter_in(words);
    let first = it.next()?;
    it.next().is_none().then_some(first)
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
            && self.hands == o.hands
            && self.strike == o.strike
            && self.imitated == o.imitated
    }
}

impl Position {
    /// The position a [`Setup`] describes, for variant `v`: its pieces (unmoved as the setup
    /// says, except at a gate), side to move, turn phase, en passant targets, hands and
    /// counters; the castling rights follow from the unmoved pieces, and the hash is computed.
    /// The setup is taken as it is: reading and checking it is [`crate::fen`]'s job.
    pub fn from_setup(v: &Arc<Variant>, s: &Setup) -> Position {
        let mut p = Position {
            v: v.clone(),
            board: Board::EMPTY,
            unmoved: SquareSet::EMPTY,
            castling: SquareSet::EMPTY,
            occ: [SquareSet::EMPTY; 2],
            counts: vec![0; 2 * v.types.len()],
            present: [0; 2],
            royals: [SquareSet::EMPTY; 2],
            royal: [None; 2],
            nroyals: [0; 2],
            barers: [0; 2],
            side: s.side,
            phase: s.phase,
            capturable: s.capturable,
            pending: s.pending,
            halfmove: s.halfmove,
            fullmove: s.fullmove.max(1),
            hash: 0,
            hands: vec![0; 2 * v.types.len()],
            strike: s.strike,
            imitated: s.imitated,
        };
        for (i, &n) in s.hands.iter().enumerate().take(p.hands.len()) {
            p.hands[i] = n;
        }
        // A piece waiting at a gate has no moves: its unmoved flag means nothing.
        let gates = v.gate.as_ref().map_or(SquareSet::EMPTY, |g| g.squares);
        for &(sq, pc) in &s.pieces {
            p.set_square(sq, pc.code(), s.unmoved.contains(sq) && !gates.contains(sq));
        }
        p.castling = p.castling_pairs(p.unmoved);
        p.hash = p.compute_hash();
        p
    }

    /// The position's variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }
    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq as usize])
    }
    /// Has the piece on `sq` not moved?
    pub fn is_unmoved(&self, sq: Square) -> bool {
        self.unmoved.contains(sq)
    }
    /// The squares of the pieces that have not moved.
    pub fn unmoved_set(&self) -> SquareSet {
        self.unmoved
    }
    /// The castling pairs: each piece that may still castle and the partners it may castle
    /// with ([`Position::castling_pairs`] of the unmoved pieces, kept up to date by `make`).
    pub fn castling_rights(&self) -> SquareSet {
        self.castling
    }
    /// The side to move.
    pub fn side_to_move(&self) -> Colour {
        self.side
    }
    /// Moves already made in the current turn (0 or 1 in Marseillais).
    pub fn phase(&self) -> u8 {
        self.phase
    }
    /// En passant targets the side to move may take.
    pub fn ep_capturable(&self) -> &EpList {
        &self.capturable
    }
    /// En passant targets made earlier in this turn (Marseillais).
    pub fn ep_pending(&self) -> &EpList {
        &self.pending
    }
    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    /// The move number, from 1.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    /// The position's Zobrist hash.
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The side's royal piece when it has exactly one.
    pub fn royal_square(&self, colour: Colour) -> Option<Square> {
        self.royal[colour.index()]
    }
    /// All of the side's royal pieces.
    pub fn royals(&self, colour: Colour) -> SquareSet {
        self.royals[colour.index()]
    }
    /// The squares of `colour`'s pieces.
    pub fn occupied(&self, colour: Colour) -> SquareSet {
        self.occ[colour.index()]
    }
    /// Pieces of a side of the types that count against being bare (`baring`).
    pub fn barer_count(&self, colour: Colour) -> u16 {
        self.barers[colour.index()]
    }
    /// How many pieces of type `t` `colour` has on the board.
    pub fn count(&self, colour: Colour, t: PieceType) -> u16 {
        self.counts[colour.index() * self.v.types.len() + t.index()]
    }
    /// Pieces of type `t` in `colour`'s hand.
    pub fn in_hand(&self, colour: Colour, t: PieceType) -> u16 {
        self.hands[HandRules::index(self.v.types.len(), colour, t)]
    }
    /// The counter-strike ban in force ([`crate::trade`]).
    pub fn strike(&self) -> Strike {
        self.strike
    }
    /// The type the imitators move as (the type that moved last, not an imitator).
    pub fn imitated(&self) -> Option<PieceType> {
        self.imitated
    }
    /// The hands, indexed by [`HandRules::index`].
    pub fn hands(&self) -> &[u16] {
        &self.hands
    }

    /// Set a hand entry, keeping the hash.
    fn set_hand(&mut self, i: usize, n: u16) {
        let h = &self.v.hands;
        self.hash ^= h.key(i, self.hands[i]) ^ h.key(i, n);
        self.hands[i] = n;
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
        let nsq = self.v.squares;
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
            let ty = &self.v.types[t];
            if ty.royal {
                self.royals[col].remove(sq);
                self.nroyals[col] -= 1;
                self.royal[col] = match self.nroyals[col] {
                    1 => only_in(&self.royals[col], self.v.geometry.words()),
                    _ => None,
                };
            } else if ty.bares {
                self.barers[col] -= 1;
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
            let ty = &self.v.types[t];
            if ty.royal {
                self.royals[col].insert(sq);
                self.nroyals[col] += 1;
                self.royal[col] = (self.nroyals[col] == 1).then_some(sq);
            } else if ty.bares {
                self.barers[col] += 1;
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
        for (i, &n) in self.hands.iter().enumerate() {
            h ^= self.v.hands.key(i, n);
        }
        h ^ TradeRules::key(self.strike) ^ imitate::key(self.imitated)
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
        ) || (self.v.imitators & self.present[by.index()] != 0 && self.imitator_takes_on(sq, by))
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
}
