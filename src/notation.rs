//! Moves as text: coordinate form (`e2e4`, `e7e8q`, castling as the king's move `e1h1`,
//! `a10` for ranks above 9) and Game Courier's full algebraic (`P e2-e4`, promotion as a
//! second action `P e7-e8; Q-e8`). A castling king that could also step to its castling
//! square without castling (`KisO1`) writes its castling as a move to its partner's corner
//! (`f8k8`, "takes its own rook"), so the two moves read back apart. When more than one of
//! its castlings that way would need the corner (`isO1isO2` beside steps to both squares),
//! each is written as the king's move with the corner as a third square (`f8g8k8`, `f8h8k8`;
//! Game Courier `K f8-g8-k8`). The readers take the third square for any castling.
//!
//! A move that takes a piece on the way (a locust capture, XBetza `a` with `c`) names the
//! victim's square between its origin and its destination: `d4d5e6`, Game Courier
//! `L d4-d5-e6` (the Interactive Diagram's own notation writes `Lxd5-e6`); a move that takes
//! several names each, in the order taken (`d4d5d6d7`). The two three-square forms never
//! meet: a castling needs its second square empty, a locust capture an enemy on it.

use crate::betza::MAX_LOCUST;
use crate::geometry::Square;
use crate::piece::{Colour, PieceId, PieceType};
use crate::position::{Move, Position, WHITE};
use crate::variant::Variant;
use std::fmt;

/// Why a move text was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveError {
    /// The move text.
    pub text: String,
    /// Why it was not accepted.
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
    if let Some(t) = m.dropped() {
        return format!("{}@{}", v.types[t].id, g.name(m.to));
    }
    let named = named(v, m);
    let mut s = g.name(m.from).to_string();
    // Locust victims' squares come between (`d4d5e6`), as does the square where an unload
    // puts the piece taken down (`e1e1e2`, a swap).
    for k in m.kills.iter() {
        s.push_str(&g.name(k).to_string());
    }
    s.push_str(&g.name(named.to).to_string());
    if let Some(p) = named.partner {
        s.push_str(&g.name(p).to_string());
    }
    if let Some(t) = m.promotion() {
        s.push_str(&v.types[t].id.to_ascii_lowercase());
    }
    s
}

/// The squares a move's text names after its origin: where it goes, and for some castlings
/// the partner's corner as a third square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Named {
    to: Square,
    partner: Option<Square>,
}

/// What a move's text names (see the module documentation): `m.to`, except for a castling
/// move to a square a castling type also reaches from `m.from` by an ordinary move (castling
/// one square, `KisO1`). Such a castling names its partner's corner instead (`f8k8`) when it
/// is the only one that way from `m.from` that needs to; when several do (`isO1isO2` beside
/// ordinary steps to both squares), each names the king's destination and then the corner
/// (`f8g8k8`, `f8h8k8`), as the corner alone would read as one of them only.
fn named(v: &Variant, m: Move) -> Named {
    let plain = Named {
        to: m.to,
        partner: None,
    };
    if !m.is_castle() || !ordinary_move_to(v, m.from, m.to) {
        return plain;
    }
    let g = v.geometry;
    let dir: i32 = if g.file(m.to) > g.file(m.from) { 1 } else { -1 };
    let corner = corner(v, m);
    // The castlings' destinations that way from `m.from` (of any castling type, to a square
    // short of the corner) that an ordinary move reaches too.
    let f0 = g.file(m.from) as i32;
    let span = (g.file(corner) as i32 - f0).abs();
    let mut needing: Vec<i32> = v
        .piece_types()
        .flat_map(|t| Colour::ALL.into_iter().flat_map(move |c| v.castles(t, c)))
        .filter(|&(d, dist)| d as i32 == dir && (dist as i32) < span)
        .map(|(_, dist)| dist as i32)
        .filter(|&dist| {
            ordinary_move_to(v, m.from, g.square((f0 + dir * dist) as u8, g.rank(m.from)))
        })
        .collect();
    crate::keyed::sort_small(&mut needing);
    needing.dedup();
    if needing.len() <= 1 {
        Named {
            to: corner,
            partner: None,
        }
    } else {
        Named {
            to: m.to,
            partner: Some(corner),
        }
    }
}

/// Does a castling type have an ordinary move (a step of any of its rays, either colour's)
/// from `from` to `to`?
fn ordinary_move_to(v: &Variant, from: Square, to: Square) -> bool {
    v.piece_types()
        .filter(|&t| !v.types[t].castles.is_empty())
        .any(|t| Colour::ALL.into_iter().any(|c| v.steps_to(c, t, from, to)))
}

/// The corner a castling move goes towards, on its rank: its partner's square.
fn corner(v: &Variant, m: Move) -> Square {
    let g = v.geometry;
    // `j` on castling: the partner stands next to the corner.
    let inner = (m.kind() == crate::position::MoveKind::CastleInner) as u8;
    let edge = if g.file(m.to) > g.file(m.from) {
        g.files - 1 - inner
    } else {
        inner
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
    if let Some(m) = parse_drop(pos, t).map_err(bad)? {
        return Ok(m);
    }
    let (from, n) = g
        .parse_prefix(t)
        .ok_or_else(|| bad("expected a square like e2 at the start".into()))?;
    let mut rest = &t[n..];
    if let Some(r) = rest.strip_prefix(['-', 'x']) {
        rest = r;
    }
    let (to, n) = g
        .parse_prefix(rest)
        .ok_or_else(|| bad("expected a destination square after the first one".into()))?;
    rest = &rest[n..];
    // More squares: a castling's partner's corner (`f8h8k8`), or the destination after
    // locust victims' squares (`d4d5e6`, `d4d5d6d7`).
    let mut squares = vec![to];
    while squares.len() <= MAX_LOCUST {
        let after = rest.strip_prefix(['-', 'x']).unwrap_or(rest);
        let Some((p, n)) = g.parse_prefix(after) else {
            break;
        };
        squares.push(p);
        rest = &after[n..];
    }
    let rest = rest.strip_prefix('=').unwrap_or(rest);
    let promo = match (rest, PieceId::new(rest)) {
        ("", _) => None,
        (_, Some(id)) => {
            let id = id.to_ascii_uppercase();
            Some(
                v.type_by_id(id)
                    .ok_or_else(|| bad(format!("'{id}' is not a piece of this variant")))?,
            )
        }
        (_, None) => return Err(bad(format!("unexpected '{rest}' after the squares"))),
    };
    find_legal(pos, from, &squares, promo).map_err(bad)
}

/// A drop, `P@e4` or Game Courier's `P*e4` (either case): the legal drop of that type on that
/// square, or `None` when the text is not a drop's.
fn parse_drop(pos: &Position, t: &str) -> Result<Option<Move>, String> {
    let Some((id, rest)) = t.split_once(['@', '*']) else {
        return Ok(None);
    };
    let Some(id) = PieceId::new(id) else {
        return Ok(None);
    };
    let v = pos.variant();
    let sq = (v.geometry.parse_square(rest.trim()))
        .ok_or_else(|| format!("'{rest}' is not a square to drop on"))?;
    let t = (v.type_by_id(id.to_ascii_uppercase()))
        .ok_or_else(|| format!("'{id}' is not a piece of this variant"))?;
    let m = Move::drop(t, sq);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    if legal.contains(&m) {
        Ok(Some(m))
    } else if pos.in_hand(pos.side_to_move(), t) == 0 {
        Err(format!("no {} in hand to drop", v.types[t].name))
    } else {
        Err(format!(
            "a {} may not be dropped on {}",
            v.types[t].name,
            v.geometry.name(sq)
        ))
    }
}

/// The legal move from `from` whose text names `squares` after it and promotes to `promo`.
/// One square is where it goes (see [`named`]). A second is a castling's partner's corner
/// (then any castling to the first towards that corner is accepted, whether or not its text
/// needs the corner), or the destination of a move that takes on the first on the way (a
/// locust capture). The two cannot both be legal: a castling needs the first square empty, a
/// locust capture an enemy there. More are the squares of several victims, then the
/// destination.
fn find_legal(
    pos: &Position,
    from: Square,
    squares: &[Square],
    promo: Option<PieceType>,
) -> Result<Move, String> {
    let (to, partner) = (squares[0], squares.get(1).copied());
    let (&last, between) = squares.split_last().expect("a destination");
    let v = pos.variant();
    let g = v.geometry;
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.from == from
                && match partner {
                    None => m.kills.is_empty() && named(v, *m) == Named { to, partner: None },
                    Some(p) => {
                        (squares.len() == 2 && m.is_castle() && m.to == to && corner(v, *m) == p)
                            || (m.kills.squares() == between && m.to == last)
                    }
                }
        })
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
    if squares.len() > 2 {
        let names: Vec<String> = between.iter().map(|&k| g.name(k).to_string()).collect();
        return Err(format!(
            "the {name} on {} has no legal move to {} taking on {}",
            g.name(from),
            g.name(last),
            names.join(", ")
        ));
    }
    if let Some(p) = partner {
        return Err(format!(
            "the {name} on {} has no legal move to {} taking on {}, nor castling to {} with \
             the piece on {}",
            g.name(from),
            g.name(p),
            g.name(to),
            g.name(to),
            g.name(p)
        ));
    }
    // The corner alone, where castlings that way name the king's square too.
    let by_corner: Vec<String> = legal
        .iter()
        .filter(|m| m.from == from && named(v, **m).partner == Some(to))
        .map(|&m| to_coordinate(v, m))
        .collect();
    if !by_corner.is_empty() {
        return Err(format!(
            "the {name} on {} castles with the piece on {} to more than one square; name its \
             square too: {}",
            g.name(from),
            g.name(to),
            by_corner.join(", ")
        ));
    }
    Err(format!(
        "the {name} on {} has no legal move to {}",
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
    if let Some(t) = m.dropped() {
        let pc = crate::piece::Piece::new(t, pos.side_to_move());
        return format!("{}*{}", crate::fen::piece_letter(v, pc), g.name(m.to));
    }
    let pc = pos.piece_at(m.from).expect("a move's piece on its origin");
    let label = crate::fen::piece_letter(v, pc);
    let named = named(v, m);
    let via: String = (m.locusts().iter())
        .map(|&k| format!("-{}", g.name(k)))
        .collect();
    let mut s = format!("{label} {}{via}-{}", g.name(m.from), g.name(named.to));
    if let Some(p) = named.partner {
        s.push_str(&format!("-{}", g.name(p)));
    }
    if let Some(t) = m.promotion() {
        let id = v.types[t].id;
        let id = if pc.colour == WHITE {
            id
        } else {
            id.to_ascii_lowercase()
        };
        s.push_str(&format!("; {id}-{}", g.name(m.to)));
    }
    // An unload: the piece taken is put down again, an action of its own (`K e1-e2; R-e1`).
    // (A copy on each square of several `u` legs.)
    if m.unload().is_some()
        && let Some(victim) = pos.piece_at(m.to)
    {
        let id = crate::fen::piece_letter(v, victim);
        for k in m.kills.iter() {
            s.push_str(&format!("; {id}-{}", g.name(k)));
        }
    }
    s
}

/// Read Game Courier full algebraic: `P e2-e4`, `e2-e4`, `P e7-e8; Q-e8`, and an unload's
/// piece put down again as an action of its own, `K e1-e2; R-e1`.
pub fn parse_game_courier(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let v = pos.variant();
    let g = v.geometry;
    let bad = |message: String| MoveError {
        text: text.to_string(),
        message,
    };
    if let Some(m) = parse_drop(pos, text.trim()).map_err(bad)? {
        return Ok(m);
    }
    let mut actions = text.split(';').map(str::trim);
    let first = actions.next().unwrap_or("");
    let (label, squares) = match first.split_once(' ') {
        Some((l, s)) => (Some(l.trim()), s.trim()),
        None => (None, first),
    };
    // More than two squares: a castling's partner's corner (`K f8-h8-k8`), or the destination
    // after locust victims' squares (`L d4-d5-e6`, `L d4-d5-d6-d7`).
    let named: Vec<&str> = squares.split('-').collect();
    if named.len() < 2 {
        return Err(bad("expected from-to, like e2-e4".into()));
    }
    if named.len() > 2 + MAX_LOCUST {
        return Err(bad(format!(
            "more than {} squares (a move takes at most {MAX_LOCUST} pieces on the way)",
            2 + MAX_LOCUST
        )));
    }
    let named = (named.iter())
        .map(|s| {
            g.parse_square(s.trim())
                .ok_or_else(|| bad(format!("'{s}' is not a square")))
        })
        .collect::<Result<Vec<Square>, _>>()?;
    let (from, to) = (named[0], named[1]);
    let partner = named.get(2).copied();
    if let Some(l) = label {
        let pc = pos.piece_at(from);
        if pc.is_none_or(|pc| crate::fen::piece_letter(v, pc).as_str() != l) {
            return Err(bad(format!("'{l}' is not the piece on {}", g.name(from))));
        }
    }
    let mut promo = None;
    let mut unload = Vec::new();
    let destination = *named.last().expect("two squares or more");
    for action in actions
        .by_ref()
        .take(1 + MAX_LOCUST)
        .filter(|s| !s.is_empty())
    {
        let (id, sq) = action
            .split_once('-')
            .ok_or_else(|| bad(format!("'{action}' should look like Q-e8 (a promotion)")))?;
        let sq = g
            .parse_square(sq.trim())
            .ok_or_else(|| bad(format!("'{}' is not a square", sq.trim())))?;
        let id = id.trim();
        if sq != destination {
            // A piece put down elsewhere: the one taken on the destination, unloaded.
            let taken = pos.piece_at(destination);
            if taken.is_none_or(|p| crate::fen::piece_letter(v, p).as_str() != id) {
                return Err(bad(format!(
                    "'{action}': a promotion names the destination square, and a piece put \
                     down elsewhere is the one taken on it"
                )));
            }
            unload.push(sq);
            continue;
        }
        if promo.is_some() {
            return Err(bad("two promotions".into()));
        }
        promo = Some(
            (PieceId::new(id))
                .and_then(|id| v.type_by_id(id.to_ascii_uppercase()))
                .ok_or_else(|| bad(format!("'{id}' is not a piece")))?,
        );
    }
    if actions.next().is_some() {
        return Err(bad(format!(
            "more than {} actions (a promotion and {MAX_LOCUST} pieces put down at most)",
            2 + MAX_LOCUST
        )));
    }
    if unload.is_empty() {
        return find_legal(pos, from, &named[1..], promo).map_err(bad);
    }
    if partner.is_some() {
        return Err(bad("a move with a third square puts nothing down".into()));
    }
    // The coordinate form's order: origin, where the piece taken goes (each square of
    // several `u` legs, in order), destination.
    let mut squares = unload.clone();
    squares.push(to);
    find_legal(pos, from, &squares, promo)
        .ok()
        .filter(|m| m.unload().is_some())
        .ok_or_else(|| {
            let names: Vec<String> = unload.iter().map(|&u| g.name(u).to_string()).collect();
            bad(format!(
                "no legal move from {} to {} that puts the piece taken down on {}",
                g.name(from),
                g.name(to),
                names.join(" and ")
            ))
        })
}
