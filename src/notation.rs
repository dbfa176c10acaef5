//! Moves as text: coordinate form (`e2e4`, `e7e8q`, castling as the king's move `e1h1`,
//! `a10` for ranks above 9) and Game Courier's full algebraic (`P e2-e4`, promotion as a
//! second action `P e7-e8; Q-e8`). A castling king that could also step to its castling
//! square without castling (`KisO1`) writes its castling as a move to its partner's corner
//! (`f8k8`, "takes its own rook"), so the two moves read back apart.

use crate::geometry::Square;
use crate::piece::{Colour, PieceType};
use crate::position::{Move, Position, WHITE};
use crate::variant::Variant;
use std::fmt;

/// Why a move text was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveError {
    pub text: String,
    pub message: String,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move '{}': {}", self.text, self.message)
    }
}

impl std::error::Error for MoveError {}

/// A move in coordinate form.
pub fn to_coordinate(v: &Variant, m: Move) -> String {
    let g = v.geometry;
    let mut s = g.name(m.from).to_string();
    if let Some(k) = m.kill {
        s.push_str(&g.name(k).to_string());
    }
    s.push_str(&g.name(named_destination(v, m)).to_string());
    if let Some(t) = m.promotion() {
        s.push(v.types[t].id.to_ascii_lowercase());
    }
    s
}

/// The destination a move's text names: `m.to`, except for a castling move when a castling
/// type also has an ordinary move from `m.from` to `m.to` (castling one square, `KisO1`):
/// then its partner's corner, as the two moves would otherwise read the same.
fn named_destination(v: &Variant, m: Move) -> Square {
    let ordinary_too = m.is_castle()
        && v.piece_types()
            .filter(|&t| !v.types[t].castles.is_empty())
            .any(|t| {
                Colour::ALL.into_iter().any(|c| {
                    v.rays_for(c, t, m.from)
                        .iter()
                        .any(|r| v.ray_steps(r).iter().any(|s| s.to == m.to))
                })
            });
    if !ordinary_too {
        return m.to;
    }
    let g = v.geometry;
    let edge = if g.file(m.to) > g.file(m.from) {
        g.files - 1
    } else {
        0
    };
    g.square(edge, g.rank(m.from))
}

/// Read a coordinate move (`e2e4`, `e2-e4`, `e7e8q`) and find it among the legal moves.
pub fn parse_coordinate(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let v = pos.variant();
    let g = v.geometry;
    let bad = |message: String| MoveError {
        text: text.to_string(),
        message,
    };
    let t = text.trim();
    let (from, n) = g
        .parse_prefix(t)
        .ok_or_else(|| bad("expected a square like e2 at the start".into()))?;
    let mut rest = &t[n..];
    if let Some(r) = rest.strip_prefix(['-', 'x']) {
        rest = r;
    }
    let (mut to, n) = g
        .parse_prefix(rest)
        .ok_or_else(|| bad("expected a destination square after the first one".into()))?;
    rest = &rest[n..];
    // A third square: the second was a locust victim's (`e4e5e6`).
    let mut kill = None;
    let after = rest.strip_prefix(['-', 'x']).unwrap_or(rest);
    if let Some((third, n)) = g.parse_prefix(after) {
        kill = Some(to);
        to = third;
        rest = &after[n..];
    }
    let rest = rest.strip_prefix('=').unwrap_or(rest);
    let promo = match rest.chars().count() {
        0 => None,
        1 => {
            let c = rest.chars().next().unwrap().to_ascii_uppercase();
            Some(
                v.type_by_id(c)
                    .ok_or_else(|| bad(format!("'{c}' is not a piece of this variant")))?,
            )
        }
        _ => return Err(bad(format!("unexpected '{rest}' after the squares"))),
    };
    find_legal(pos, from, kill, to, promo).map_err(bad)
}

fn find_legal(
    pos: &Position,
    from: Square,
    kill: Option<Square>,
    to: Square,
    promo: Option<PieceType>,
) -> Result<Move, String> {
    let v = pos.variant();
    let g = v.geometry;
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from == from && m.kill == kill && named_destination(v, *m) == to)
        .collect();
    if let Some(m) = candidates
        .iter()
        .find(|m| m.promotion().map(|t| v.display_type(t)) == promo)
    {
        return Ok(*m);
    }
    let Some(pc) = pos.piece_at(from) else {
        return Err(format!("there is no piece on {}", g.name(from)));
    };
    if pc.colour != pos.side_to_move() {
        let side = if pos.side_to_move() == WHITE {
            "White"
        } else {
            "Black"
        };
        return Err(format!(
            "it is {side}'s move, the piece on {} is not theirs",
            g.name(from)
        ));
    }
    if !candidates.is_empty() {
        let choices: Vec<String> = candidates
            .iter()
            .filter_map(|m| m.promotion())
            .map(|t| v.types[t].id.to_ascii_lowercase().to_string())
            .collect();
        return match promo {
            None => Err(format!("a promotion: add one of {}", choices.join(", "))),
            Some(_) => Err(format!(
                "cannot promote to that here; choose one of {}",
                choices.join(", ")
            )),
        };
    }
    let name = &v.types[v.display_type(pc.piece_type)].name;
    let taking = kill
        .map(|k| format!(" taking on {}", g.name(k)))
        .unwrap_or_default();
    Err(format!(
        "the {name} on {} has no legal move to {}{taking}",
        g.name(from),
        g.name(to)
    ))
}

/// Read a move in either form: coordinate (`e2e4`, `e2-e4`, `e7e8q`), or else, when the text
/// has a space or a `;`, Game Courier's (`P e2-e4`, `P e7-e8; Q-e8`). The error is the
/// coordinate reader's unless the text looks like Game Courier's.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    parse_coordinate(pos, text).or_else(|e| {
        if text.contains(' ') || text.contains(';') {
            parse_game_courier(pos, text)
        } else {
            Err(e)
        }
    })
}

/// A move in Game Courier's full algebraic form, written for the position before it.
pub fn to_game_courier(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let g = v.geometry;
    let pc = pos.piece_at(m.from).expect("a move's piece on its origin");
    let label = crate::fen::piece_letter(v, pc);
    let via = m
        .kill
        .map(|k| format!("-{}", g.name(k)))
        .unwrap_or_default();
    let mut s = format!(
        "{label} {}{via}-{}",
        g.name(m.from),
        g.name(named_destination(v, m))
    );
    if let Some(t) = m.promotion() {
        let id = v.types[t].id;
        let id = if pc.colour == WHITE {
            id
        } else {
            id.to_ascii_lowercase()
        };
        s.push_str(&format!("; {id}-{}", g.name(m.to)));
    }
    s
}

/// Read Game Courier full algebraic: `P e2-e4`, `e2-e4`, `P e7-e8; Q-e8`.
pub fn parse_game_courier(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let v = pos.variant();
    let g = v.geometry;
    let bad = |message: String| MoveError {
        text: text.to_string(),
        message,
    };
    let mut actions = text.split(';').map(str::trim);
    let first = actions.next().unwrap_or("");
    let (label, squares) = match first.split_once(' ') {
        Some((l, s)) => (Some(l.trim()), s.trim()),
        None => (None, first),
    };
    let (a, b) = squares
        .split_once('-')
        .ok_or_else(|| bad("expected from-to, like e2-e4".into()))?;
    let square = |t: &str| {
        g.parse_square(t.trim())
            .ok_or_else(|| bad(format!("'{t}' is not a square")))
    };
    let from = square(a)?;
    // `L e4-e5-e6`: the middle square is a locust victim's.
    let (kill, to) = match b.split_once('-') {
        Some((k, t)) => (Some(square(k)?), square(t)?),
        None => (None, square(b)?),
    };
    if let Some(l) = label {
        let pc = pos.piece_at(from);
        if l.chars().count() != 1
            || pc.is_none_or(|pc| !l.starts_with(crate::fen::piece_letter(v, pc)))
        {
            return Err(bad(format!("'{l}' is not the piece on {}", g.name(from))));
        }
    }
    let mut promo = None;
    if let Some(second) = actions.next().filter(|s| !s.is_empty()) {
        let (id, sq) = second
            .split_once('-')
            .ok_or_else(|| bad("promotion must look like Q-e8".into()))?;
        if g.parse_square(sq.trim()) != Some(to) {
            return Err(bad("the promotion must name the destination square".into()));
        }
        let c = id.trim().chars().next().unwrap_or('?').to_ascii_uppercase();
        promo = Some(
            v.type_by_id(c)
                .ok_or_else(|| bad(format!("'{id}' is not a piece")))?,
        );
    }
    if actions.next().is_some() {
        return Err(bad("more than two actions".into()));
    }
    find_legal(pos, from, kill, to, promo).map_err(bad)
}
