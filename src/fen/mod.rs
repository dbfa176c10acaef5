//! FEN in and out, as Fairy-Stockfish writes it where it can say the position.
//!
//! `<board> <side> <castling> <en passant> <halfmove clock> <fullmove number> [extensions]`
//!
//! The board lists ranks from the top, pieces by their IDs (upper case White), runs of empty
//! squares as numbers (`10` on wide boards). An ID of one letter is written bare, a `+` and a
//! letter as Shogi writes it (`+P`, `+p`), a longer one in braces as Game Courier writes it
//! (`{GB}`, `{gb}`). The pieces in hand follow the board in brackets (`[PPn]`), a count of a
//! hundred or more as a number before the ID (`[120P]`). Castling is `KQkq`: K for the castling
//! partner in the right-hand corner of the king's rank, Q the left; a side has rights only
//! with its castling piece (the king) on one of its type's start squares, and a partner is a
//! piece standing on one of its own type's start squares in such a corner (the rook). A right
//! is written only where that castling piece and that partner can castle at all; with two
//! castling pieces a side, the field speaks for the first in square order from a1, and the
//! other's pairs are in `unmoved:`. A type's start squares here are its home squares
//! ([`crate::variant::TypeInfo::home`]): with a `shuffle` key, every square its groups deal
//! on, so that a shuffled start reads back with its castling rights.
//!
//! Where FEN carries no unmoved flag, a piece standing on one of its type's start squares
//! counts as unmoved, any other as moved, except that the castling field decides for the
//! castling piece (unmoved when its side has a right) and for its partners (unmoved when the
//! right for their corner is there). A pawn in a corner of the rank its king has walked to is
//! therefore unmoved when that corner is one of its start squares. En passant lists every
//! square that may be taken en passant (`e3`, or `e3g3` in Marseillais).
//!
//! fairylab's extensions, written only when the position needs them, as `key:value` tokens
//! after the clocks:
//! - `unmoved:a1,e1,…` (or `unmoved:-`): the exact set of unmoved pieces whose state matters;
//! - `conv:XY` (Symmetric Chess), for White then Black: `u` undecided, `c` the remaining bishop
//!   must convert, `n` no conversion any more;
//! - `phase:1`: one move of this turn is already made (Marseillais);
//! - `pending:e3`: en passant squares the side to move created this turn (Marseillais);
//! - `strike:Le5`: a counter-strike ban (`counterStrike`): no `L` may be taken but the one on e5;
//! - `imitate:N`: the type the imitators (`I`) move as, the last one moved.

//!
//! Reading goes in stages, as in shakmaty: the text is split into fields (`fields`), each
//! field is read by the file of its concern (`board` with its `hands`, the side to move
//! here, `castling`, en passant in `passant`, the clocks here, `extensions`) into a
//! [`Setup`], checked against the pieces the board field placed; the setup then becomes a
//! [`Position`]. Every error says which field ([`FenErrorKind`]) and which column.

mod board;
mod castling;
mod extensions;
mod fields;
mod hands;
mod ids;
mod passant;
mod placement;
mod write;

pub use write::{holdings, piece_letter, to_fen};

use crate::piece::{BLACK, WHITE};
use crate::position::{Position, Setup};
use crate::variant::Variant;
use fields::Field;
use placement::Placement;
use std::fmt;
use std::sync::Arc;

/// Which part of a FEN an error is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenErrorKind {
    /// There is no text at all.
    Empty,
    /// The board field: its ranks, squares, pieces, holes and gates.
    Board,
    /// The pieces in hand after the board.
    Hands,
    /// The side to move.
    Side,
    /// The castling field, or a right the pieces cannot have.
    Castling,
    /// The en passant field, or a square no piece passed.
    EnPassant,
    /// The halfmove clock or the fullmove number.
    Clock,
    /// One of fairylab's `key:value` extensions, or text after the clocks.
    Extension,
}

/// A FEN error: the 1-based character column where the problem is, which field it is in,
/// and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// The 1-based character column where the problem is.
    pub column: usize,
    /// The field the problem is in.
    pub kind: FenErrorKind,
    /// What is wrong.
    pub message: String,
}

impl FenError {
    /// An error of `kind` at `column`.
    pub fn new(kind: FenErrorKind, column: usize, message: impl Into<String>) -> FenError {
        FenError {
            column,
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FEN column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for FenError {}

/// Read a FEN for a variant, whatever its checks: every position a game reaches reads back,
/// and tests may set up any other ([`from_fen_legal`] refuses what no game reaches).
pub fn from_fen(v: &Arc<Variant>, fen: &str) -> Result<Position, FenError> {
    let setup = read_setup(v, fen)?;
    Ok(Position::from_setup(v, &setup))
}

/// Read a FEN typed by a user (the command line's `--fen`), refusing a position where the side
/// not to move is in check, at the side-to-move field, as shakmaty's `PositionError` and the
/// setup designer refuse it: no move reaches it (the move before would have left its mover's
/// royal piece to be taken), and the side to move could take that piece. A start array is
/// read as it stands (White to move, every piece on a square its type may start on): a
/// definition may set its kings so.
pub fn from_fen_legal(v: &Arc<Variant>, fen: &str) -> Result<Position, FenError> {
    let setup = read_setup(v, fen)?;
    let pos = Position::from_setup(v, &setup);
    let us = pos.side_to_move();
    let waiting = us.other();
    let start_array = us == WHITE
        && (setup.pieces.iter())
            .all(|&(sq, p)| v.types[p.piece_type].home[p.colour.index()].contains(&sq));
    if let Some(k) = (pos.guarded(waiting).iter()).find(|&k| !start_array && pos.is_attacked(k, us))
    {
        let side = |c: crate::piece::Colour| if c.is_white() { "White" } else { "Black" };
        let royal = pos.piece_at(k).map_or("royal piece", |p| {
            &v.types[v.display_type(p.piece_type)].name
        });
        let column = fields::split(fen)?
            .get(1)
            .map_or(fen.chars().count() + 1, |f| f.column);
        return Err(FenError::new(
            FenErrorKind::Side,
            column,
            format!(
                "{} to move, but {}'s {royal} on {} stands attacked: the side not to move may \
                 not be in check (its last move would have left its {royal} to be taken)",
                side(us),
                side(waiting),
                v.geometry.name(k)
            ),
        ));
    }
    Ok(pos)
}

/// Read a FEN into the [`Setup`] it says, every field checked against the variant and the
/// board it places (the first stage of [`from_fen`]).
pub fn read_setup(v: &Variant, fen: &str) -> Result<Setup, FenError> {
    let fields = fields::split(fen)?;
    let board = board::read(v, fields[0])?;
    let on = Placement::new(v.geometry.len(), &board.pieces);
    let mut setup = Setup {
        pieces: board.pieces,
        hands: board.hands,
        side: read_side(fields.get(1))?,
        fullmove: 1,
        ..Setup::default()
    };
    let rights = castling::read(v, &on, fields.get(2).copied())?;
    setup.unmoved = castling::infer_unmoved(v, &on, &rights);
    if let Some(&Field { column, text }) = fields.get(3) {
        let field = (text, column, FenErrorKind::EnPassant);
        setup.capturable = passant::read(v.geometry, &on, field, setup.side.other(), false)?;
    }
    (setup.halfmove, setup.fullmove) = read_clocks(fields.get(4), fields.get(5))?;
    extensions::read(v, &on, fields.get(6..).unwrap_or_default(), &mut setup)?;
    Ok(setup)
}

/// The side to move (White when the field is absent).
fn read_side(field: Option<&Field>) -> Result<crate::piece::Colour, FenError> {
    match field.map(|f| (f.column, f.text)) {
        None | Some((_, "w")) => Ok(WHITE),
        Some((_, "b")) => Ok(BLACK),
        Some((c, s)) => Err(FenError::new(
            FenErrorKind::Side,
            c,
            format!("side to move must be w or b, not '{s}'"),
        )),
    }
}

/// The halfmove clock (0 when absent) and the fullmove number (1 when absent, at least 1).
fn read_clocks(half: Option<&Field>, full: Option<&Field>) -> Result<(u32, u32), FenError> {
    let read = |field: Option<&Field>, name: &str, absent: u32| match field {
        None => Ok(absent),
        Some(&Field { column, text }) => text.parse().map_err(|_| {
            FenError::new(
                FenErrorKind::Clock,
                column,
                format!("{name} must be a number, not '{text}'"),
            )
        }),
    };
    let halfmove = read(half, "halfmove clock", 0)?;
    let fullmove = read(full, "fullmove number", 1)?;
    Ok((halfmove, fullmove.max(1)))
}

/// A position shows as its FEN (in assertion messages, `{:?}`).
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", to_fen(self))
    }
}

#[cfg(test)]
mod tests;
