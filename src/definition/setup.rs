//! The start position a definition's lines describe: every piece line's pieces and every
//! `hole` line's holes put on the board in text order, as the Diagram's script puts them.

use super::PieceLine;
use super::Pos;
use super::Symmetry;
use super::diagnostic::Report;
use super::fields::{Placed, parse_squares};
use super::names::is_hole;
use crate::geometry::{Geometry, Square, SquareSet};

/// What stands on the board at the start, as the piece lines place it.
pub(super) struct Setup {
    /// The squares of `hole` lines: not part of the board.
    pub holes: SquareSet,
    /// Per piece type (in the order of the lines that are not holes), White's and Black's
    /// start squares, in the order the line names them.
    pub squares: Vec<[Vec<Square>; 2]>,
}

/// What a square holds while the lines are read: a hole, or a piece (its type and side).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Occupant {
    Hole,
    Piece(usize, usize),
}

impl Setup {
    /// Put every line's pieces (and holes) on the board in text order, as the Diagram does: a
    /// square a later line (or a later item of the same line) names again holds what was put
    /// there last, with a warning at the later item.
    pub fn place(
        all: &[PieceLine],
        g: Geometry,
        symmetry: Symmetry,
        first_rank: i64,
        report: &mut Report,
    ) -> Setup {
        // Per square: what holds it, the line (index in `all`) and the item that put it there.
        let mut board: Vec<Option<(Occupant, usize, Pos)>> = vec![None; g.len()];
        let mut placed: Vec<Vec<Placed>> = Vec::new();
        for (li, line) in all.iter().enumerate() {
            let hole = is_hole(&line.name.text);
            let list = parse_squares(&line.squares, g, symmetry, first_rank, report);
            for p in &list {
                let new = if hole {
                    Occupant::Hole
                } else {
                    Occupant::Piece(placed.len(), p.side)
                };
                let sq = p.square as usize;
                if let Some((old, old_line, at)) = board[sq]
                    && (old, old_line) != (new, li)
                {
                    let name = g.name(p.square);
                    let message = if old == Occupant::Hole && new != Occupant::Hole {
                        format!(
                            "not played: {name} is a hole (from {}:{}) and this line puts a \
                             piece on it: fairylab makes it a square of the board, where the \
                             Diagram makes it a hole again once the piece leaves",
                            at.line, at.col
                        )
                    } else {
                        format!(
                            "{name} was named before (at {}:{}); the later one stands there, as \
                             in the Diagram",
                            at.line, at.col
                        )
                    };
                    report.warning(p.pos, message);
                }
                board[sq] = Some((new, li, p.pos));
            }
            if !hole {
                placed.push(list);
            }
        }
        let mut holes = SquareSet::EMPTY;
        for (sq, cell) in board.iter().enumerate() {
            if let Some((Occupant::Hole, _, _)) = cell {
                holes.insert(sq as Square);
            }
        }
        let squares = (placed.iter().enumerate())
            .map(|(t, list)| {
                let mut sides: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
                for p in list {
                    let holds = matches!(board[p.square as usize],
                        Some((Occupant::Piece(u, side), _, _)) if u == t && side == p.side);
                    if holds && !sides[p.side].contains(&p.square) {
                        sides[p.side].push(p.square);
                    }
                }
                sides
            })
            .collect();
        Setup { holes, squares }
    }
}
