//! Writing a position as FEN.

use super::castling::{corners, home_castler, infer_unmoved, partner_letter};
use super::placement::Placement;
use super::{hands, ids, passant};
use crate::geometry::{Square, SquareSet};
use crate::piece::{BLACK, Colour, Piece, PieceId, WHITE};
use crate::position::{EpList, Position};
use crate::variant::Variant;

/// Write a position as FEN.
pub fn to_fen(p: &Position) -> String {
    let v = p.variant();
    let g = v.geometry;
    let on = Placement::of(p);
    let mut s = String::new();
    for r in (0..g.ranks).rev() {
        let mut empty = 0;
        for f in 0..g.files {
            let sq = g.square(f, r);
            if g.is_hole(sq) {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push('*');
                continue;
            }
            let Some(c) = p.piece_at(sq) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            ids::write(&mut s, piece_letter(v, c));
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    if let Some(hands) = holdings(p) {
        s.push_str(&hands);
    }
    s.push(' ');
    s.push(if p.side_to_move() == WHITE { 'w' } else { 'b' });
    s.push(' ');
    let castling = castling_field(p, &on);
    s.push_str(&castling);
    s.push(' ');
    s.push_str(&passant::write(
        g,
        &on,
        &live_targets(p),
        p.side_to_move().other(),
    ));
    s.push_str(&format!(" {} {}", p.halfmove_clock(), p.fullmove_number()));

    // Extensions.
    if let Some(cv) = v.conversion {
        let state: Vec<char> = Colour::ALL
            .iter()
            .map(|&c| conversion_state(p, c, cv))
            .collect();
        if state != ['u', 'u'] {
            s.push_str(&format!(" conv:{}{}", state[0], state[1]));
        }
    }
    let inferred = infer_unmoved(v, &on, &castling);
    let actual = relevant_unmoved(p, p.unmoved_set());
    if relevant_unmoved(p, inferred) != actual {
        let list: Vec<String> = actual.iter().map(|sq| g.name(sq).to_string()).collect();
        s.push_str(" unmoved:");
        s.push_str(if list.is_empty() { "-" } else { "" });
        s.push_str(&list.join(","));
    }
    if p.phase() > 0 {
        s.push_str(&format!(" phase:{}", p.phase()));
    }
    if p.ep_pending().n > 0 {
        s.push_str(" pending:");
        s.push_str(&passant::write(g, &on, p.ep_pending(), p.side_to_move()));
    }
    if let Some((t, sq)) = p.strike() {
        s.push_str(" strike:");
        ids::write(&mut s, v.types[t].id);
        s.push_str(g.name(sq).to_string().as_str());
    }
    if let Some(t) = p.imitated() {
        s.push_str(" imitate:");
        ids::write(&mut s, v.types[t].id);
    }
    s
}

/// The hands in FEN's bracket form, White's pieces first (`[PPSp]`, `[]` when empty); None
/// for a variant without hands.
pub fn holdings(p: &Position) -> Option<String> {
    let v = p.variant();
    if !v.hands.any() {
        return None;
    }
    let mut s = String::from("[");
    for c in Colour::ALL {
        for t in v.piece_types() {
            hands::write(&mut s, piece_letter(v, Piece::new(t, c)), p.in_hand(c, t));
        }
    }
    s.push(']');
    Some(s)
}

/// The ID of a piece as FEN and move text write it: its shown type's ID, upper case for
/// White, lower case for Black (a FEN puts braces around a long one: see `fen::ids`).
pub fn piece_letter(v: &Variant, c: Piece) -> PieceId {
    let id = v.types[v.display_type(c.piece_type)].id;
    if c.colour == WHITE {
        id
    } else {
        id.to_ascii_lowercase()
    }
}

/// The en passant targets that can still be taken: the passed square empty, the enemy pawn
/// still on its square. (`make` keeps only such targets; this is a safeguard.)
fn live_targets(p: &Position) -> EpList {
    let mut out = EpList::default();
    for &(passed, pawn) in p.ep_capturable().as_slice() {
        if p.piece_at(passed).is_none()
            && p.piece_at(pawn)
                .is_some_and(|pc| pc.colour != p.side_to_move())
        {
            out.push(passed, pawn);
        }
    }
    out
}

/// The rights `from_fen` reads back: an unmoved castling piece on its start square, and an
/// unmoved partner in the corner.
fn castling_field(p: &Position, on: &Placement) -> String {
    let v = p.variant();
    // A right only where this castling piece and that partner are a pair, that is, can
    // castle at all (`O4` beside a corner three files off cannot): an unmoved partner of no
    // pair, or paired with another castling piece only (two castling knights, the first
    // beside its corner), is no right here (the `unmoved:` list then carries it).
    let pair = |k: Square, corner: Square| {
        let mut both = SquareSet::EMPTY;
        both.insert(k);
        both.insert(corner);
        p.castling_pairs(both).contains(corner)
    };
    let mut s = String::new();
    for colour in [WHITE, BLACK] {
        let Some(k) = home_castler(v, on, colour).filter(|&k| p.is_unmoved(k)) else {
            continue;
        };
        let (right, left) = corners(v.geometry, k);
        for (corner, letter) in [(right, 'K'), (left, 'Q')] {
            if p.piece_at(corner).is_some_and(|c| {
                c.colour == colour
                    && partner_letter(v, colour, c.piece_type, corner) == Some(letter)
            }) && p.is_unmoved(corner)
                && pair(k, corner)
            {
                s.push(if colour == WHITE {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                });
            }
        }
    }
    if s.is_empty() { "-".into() } else { s }
}

fn conversion_state(p: &Position, colour: Colour, cv: crate::variant::Conversion) -> char {
    let v = p.variant();
    let mut undecided = false;
    for sq in p.occupied(colour).iter() {
        let t = p.piece_at(sq).map(|pc| pc.piece_type);
        if t == Some(cv.obligated) {
            return 'c';
        }
        undecided |= t == Some(cv.undecided);
    }
    if undecided {
        return 'u';
    }
    let base_unmoved = p.occupied(colour).iter().any(|sq| {
        p.piece_at(sq).map(|pc| pc.piece_type) == Some(cv.base)
            && p.is_unmoved(sq)
            && v.types[cv.base].home[colour.index()].contains(&sq)
    });
    if base_unmoved { 'n' } else { 'u' }
}

/// Unmoved flags of the pieces whose state matters: pieces with initial moves, castling
/// pairs ([`Position::castling_pairs`], read for `set`), and conversion pieces (reading
/// `conv:` applies only to unmoved ones on their start squares).
fn relevant_unmoved(p: &Position, set: SquareSet) -> SquareSet {
    let v = p.variant();
    let pairs = p.castling_pairs(set);
    let mut out = SquareSet::EMPTY;
    for sq in set.iter() {
        let Some(c) = p.piece_at(sq) else {
            continue;
        };
        let t = c.piece_type;
        let converts = v.conversion.is_some_and(|cv| v.display_type(t) == cv.base);
        if v.types[t].initial || pairs.contains(sq) || converts {
            out.insert(sq);
        }
    }
    out
}
