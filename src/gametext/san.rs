//! The Interactive Diagram's own move notation, as its script writes a game (its `ToSAN`):
//! algebraic with the mover's piece ID in front (none for a pawn: the type whose ID is `P`),
//! the origin's file and/or rank where two of a type could go to the destination, `x` before
//! a square where a piece is taken, `-` where the move takes nothing, `=ID` for a promotion,
//! `O-O` and `O-O-O` for castling towards the higher and the lower files, and `ID@square` for
//! a drop. A move that takes on the way names its victim's square after an `x` before the
//! destination (`Lxd5-e6`; several victims, each one in turn). `+`, `#`, `!` and `?` after a
//! move are ignored, as is an origin written in full (`Ng1-f3`). Files run `a` to `z`, then
//! `{ | } ~` on boards wider than 26 (`N{|8`, `{x|4`).
//!
//! A move is resolved against the legal moves of the position it is played from: the one
//! move of that piece type to that destination that fits every part written. When what is
//! written fits several moves that differ only in taking on the way or promoting, the one that
//! does neither is meant (as the Diagram writes those parts only when they are there).

use crate::geometry::Square;
use crate::piece::{PieceId, PieceType};
use crate::position::{Move, Position};

/// One part of a move's squares: a square, or the file or rank alone of an origin.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Part {
    Square(Square),
    File(u8),
    Rank(u8),
}

/// Reads `text` as the Diagram writes a move and finds it among `pos`'s legal moves; the
/// error says why in words ("no knight (N) can go to d9").
pub fn parse(pos: &Position, text: &str) -> Result<Move, String> {
    let v = pos.variant();
    let g = v.geometry;
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    if let Some(long) = castling(t) {
        let castles: Vec<Move> = (legal.iter().copied())
            .filter(|m| m.is_castle() && (g.file(m.to) < g.file(m.from)) == long)
            .collect();
        return one(pos, castles, t, || format!("no castling {t} is legal here"));
    }
    let (body, promo) = match t.rsplit_once('=') {
        Some((body, id)) => (body, Some(type_of(pos, id)?)),
        None => (t, None),
    };
    let id_len = body
        .bytes()
        .take_while(|b| b.is_ascii_uppercase() || *b == b'+')
        .count();
    let (id, squares) = body.split_at(id_len);
    let mover: PieceType = if id.is_empty() {
        type_of(pos, "P").map_err(|_| "no piece ID, and no pawn (P) to move".to_string())?
    } else {
        type_of(pos, id)?
    };
    // The squares: each part, and whether an `x` came before it.
    let mut parts: Vec<(Part, bool)> = Vec::new();
    let mut rest = squares;
    let mut taken = false;
    while let Some(c) = rest.chars().next() {
        let after = &rest[1..];
        if c == 'x' && after.starts_with(is_file) {
            taken = true;
            rest = after;
        } else if c == '-' {
            rest = after;
        } else if let Some((sq, n)) = g.parse_prefix(rest) {
            parts.push((Part::Square(sq), taken));
            taken = false;
            rest = &rest[n..];
        } else if is_file(c) && !after.starts_with(|c: char| c.is_ascii_digit()) {
            parts.push((Part::File(c as u8 - b'a'), taken));
            rest = after;
        } else if c.is_ascii_digit() && c != '0' {
            let n = rest.bytes().take_while(u8::is_ascii_digit).count();
            let rank: u8 = rest[..n].parse().map_err(|_| bad_square(rest))?;
            parts.push((Part::Rank(rank - 1), taken));
            rest = &rest[n..];
        } else {
            return Err(bad_square(rest));
        }
    }
    let Some((&(Part::Square(to), _), before)) = parts.split_last() else {
        return Err("no destination square at its end".to_string());
    };
    // What comes first without an `x` is (part of) the origin; every other square is a
    // victim taken on the way.
    let (origin, victims) = match before.first() {
        Some(&(p, false)) => (vec![p], &before[1..]),
        _ => (Vec::new(), before),
    };
    let mut origin = origin;
    let mut locusts: Vec<Square> = Vec::new();
    for &(p, _) in victims {
        match p {
            Part::Square(sq) => locusts.push(sq),
            // A rank after a file (`e2` that is no square is already refused): an origin.
            _ if locusts.is_empty() => origin.push(p),
            _ => return Err("a file or rank alone after a victim's square".to_string()),
        }
    }
    let fits = |m: &&Move| {
        !m.is_drop()
            && m.to == to
            && pos.piece_at(m.from).is_some_and(|p| p.piece_type == mover)
            && origin.iter().all(|&p| match p {
                Part::Square(sq) => m.from == sq,
                Part::File(f) => g.file(m.from) == f,
                Part::Rank(r) => g.rank(m.from) == r,
            })
            && (promo.is_none() || m.promotion() == promo)
            && (locusts.is_empty() || m.locusts() == locusts.as_slice())
    };
    let found: Vec<Move> = legal.iter().filter(fits).copied().collect();
    // Parts not written mean none: prefer the moves without them.
    let plain: Vec<Move> = (found.iter().copied())
        .filter(|m| {
            (!locusts.is_empty() || m.locusts().is_empty())
                && (promo.is_some() || m.promotion().is_none())
        })
        .collect();
    let found = if plain.is_empty() { found } else { plain };
    one(pos, found, t, || {
        format!(
            "no {} ({}) can go to {}{}",
            v.types[mover].name,
            v.types[mover].id.as_str(),
            g.name(to),
            if origin.is_empty() {
                ""
            } else {
                " from the square written"
            }
        )
    })
}

/// A file's letter: `a` to `z`, then `{`, `|`, `}` and `~` (the 27th to 30th files).
fn is_file(c: char) -> bool {
    ('a'..='~').contains(&c)
}

/// `Some(true)` for `O-O-O`, `Some(false)` for `O-O` (also with zeros).
fn castling(t: &str) -> Option<bool> {
    match t {
        "O-O" | "0-0" => Some(false),
        "O-O-O" | "0-0-0" => Some(true),
        _ => None,
    }
}

fn type_of(pos: &Position, id: &str) -> Result<PieceType, String> {
    PieceId::new(id)
        .and_then(|id| pos.variant().type_by_id(id.to_ascii_uppercase()))
        .ok_or_else(|| format!("'{id}' is not a piece of this variant"))
}

fn bad_square(rest: &str) -> String {
    format!("'{rest}' is not a square of this board")
}

/// The one move of `found` (moves that differ only in their kind are one), else why not.
fn one(
    pos: &Position,
    found: Vec<Move>,
    text: &str,
    none: impl FnOnce() -> String,
) -> Result<Move, String> {
    let mut distinct: Vec<Move> = Vec::new();
    for m in found {
        if !distinct.iter().any(|d| d.key() == m.key()) {
            distinct.push(m);
        }
    }
    match distinct.as_slice() {
        [m] => Ok(*m),
        [] => Err(none()),
        many => {
            let v = pos.variant();
            let mut names: Vec<String> = many
                .iter()
                .map(|&m| crate::notation::to_coordinate(v, m))
                .collect();
            crate::keyed::sort_small(&mut names);
            Err(format!(
                "'{text}' could be any of {}; write more of the move",
                names.join(", ")
            ))
        }
    }
}
