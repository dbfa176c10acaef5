//! The board field: ranks from the top, pieces by their IDs (upper case White), runs of empty
//! squares as numbers, `*` on a hole; and the hands that may follow it (`[Qn]`, or
//! Fairy-Stockfish's extra rank `/Qn`).

use super::fields::Field;
use super::{FenError, FenErrorKind, hands, ids};
use crate::geometry::Square;
use crate::piece::{Piece, PieceType};
use crate::variant::Variant;

/// The board field's pieces, and the pieces in hand when the field carries them.
pub(super) struct BoardField {
    /// The pieces and their squares, in reading order.
    pub pieces: Vec<(Square, Piece)>,
    /// Pieces in hand, indexed by [`crate::hands::HandRules::index`]; empty for none given.
    pub hands: Vec<u16>,
}

fn board_err(column: usize, message: impl Into<String>) -> FenError {
    FenError::new(FenErrorKind::Board, column, message)
}

/// Read the board field.
pub(super) fn read(v: &Variant, field: Field) -> Result<BoardField, FenError> {
    let g = v.geometry;
    let (col0, mut board) = (field.column, field.text);
    let mut hand_text = None;
    if let Some(open) = board.find('[') {
        let Some(inner) = board[open + 1..].strip_suffix(']') else {
            return Err(FenError::new(
                FenErrorKind::Hands,
                col0 + board[..open].chars().count(),
                "'[' opens the hands and no ']' closes them at the end of the board",
            ));
        };
        hand_text = Some((col0 + board[..open].chars().count() + 1, inner));
        board = &board[..open];
    } else if v.hands.any() && board.split('/').count() == g.ranks as usize + 1 {
        let last = board.rfind('/').unwrap_or(0);
        hand_text = Some((col0 + board[..last].chars().count() + 1, &board[last + 1..]));
        board = &board[..last];
    }
    let hands = match hand_text {
        Some((column, text)) => hands::read(v, column, text)?,
        None => Vec::new(),
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != g.ranks as usize {
        return Err(board_err(
            col0,
            format!("the board has {} ranks, this FEN {}", g.ranks, rows.len()),
        ));
    }
    let mut pieces = Vec::new();
    let mut col = col0;
    for (i, row) in rows.iter().enumerate() {
        let rank = g.ranks - 1 - i as u8;
        read_rank(v, rank, row, col, &mut pieces)?;
        col += row.chars().count() + 1;
    }
    Ok(BoardField { pieces, hands })
}

/// Read one rank's text, starting at column `col`, into `pieces`.
fn read_rank(
    v: &Variant,
    rank: u8,
    row: &str,
    col: usize,
    pieces: &mut Vec<(Square, Piece)>,
) -> Result<(), FenError> {
    let g = v.geometry;
    let files = g.files as usize;
    let too_long = |at: usize| {
        board_err(
            at,
            format!("rank {} is longer than {files} files", rank + 1),
        )
    };
    let chars: Vec<char> = row.chars().collect();
    let mut f = 0usize;
    let mut j = 0;
    while j < chars.len() {
        let at = col + j;
        let ch = chars[j];
        if ch.is_ascii_digit() {
            let mut n = 0usize;
            while let Some(d) = chars.get(j).and_then(|c| c.to_digit(10)) {
                // Saturating: a run of digits longer than any board must not overflow.
                n = n.saturating_mul(10).saturating_add(d as usize);
                j += 1;
            }
            if n == 0 {
                return Err(board_err(at, "an empty-square count must be at least 1"));
            }
            let start = f;
            f = f.saturating_add(n);
            if f > files {
                return Err(too_long(at));
            }
            if let Some(h) = (start..f)
                .map(|x| g.square(x as u8, rank))
                .find(|&q| g.is_hole(q))
            {
                return Err(board_err(
                    at,
                    format!("{} is a hole: write * for it", g.name(h)),
                ));
            }
            continue;
        }
        if ch == '*' {
            if f >= files {
                return Err(too_long(at));
            }
            let sq = g.square(f as u8, rank);
            if !g.is_hole(sq) {
                let message = format!("'*' marks a hole, and {} is not one", g.name(sq));
                return Err(board_err(at, message));
            }
        } else {
            let (text, n) = ids::token(&chars[j..]).ok_or_else(|| {
                board_err(at, "'{' opens a piece ID and no '}' closes it in its rank")
            })?;
            let (colour, t) = ids::piece(v, &text)
                .ok_or_else(|| board_err(at, format!("'{text}' is not a piece of this variant")))?;
            if f >= files {
                return Err(too_long(at));
            }
            let sq = g.square(f as u8, rank);
            pieces.push((sq, Piece::new(place(v, sq, t, &text, at)?, colour)));
            f += 1;
            j += n;
            continue;
        }
        f += 1;
        j += 1;
    }
    if f != files {
        let message = format!("rank {} has {f} squares, the board {files} files", rank + 1);
        return Err(board_err(col, message));
    }
    Ok(())
}

/// The type a piece of type `t`, written `text` at column `at`, has on `sq`: itself, or at a
/// gate (`autoGate`) the type's waiting twin.
fn place(
    v: &Variant,
    sq: Square,
    t: PieceType,
    text: &str,
    at: usize,
) -> Result<PieceType, FenError> {
    let g = v.geometry;
    if g.is_hole(sq) {
        return Err(board_err(
            at,
            format!("{} is a hole: no piece stands there", g.name(sq)),
        ));
    }
    match &v.gate {
        Some(gate) if gate.squares.contains(sq) => gate.parked[t.index()].ok_or_else(|| {
            board_err(
                at,
                format!(
                    "{} is a gate, and no '{text}' waits at one here",
                    g.name(sq)
                ),
            )
        }),
        _ => Ok(t),
    }
}
