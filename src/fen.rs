//! FEN in and out, as Fairy-Stockfish writes it where it can say the position.
//!
//! `<board> <side> <castling> <en passant> <halfmove clock> <fullmove number> [extensions]`
//!
//! The board lists ranks from the top, pieces by their ID letter (upper case White), runs of
//! empty squares as numbers (`10` on wide boards). Castling is `KQkq`: K for the castling
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
//! - `strike:Le5`: a counter-strike ban (`counterStrike`): no `L` may be taken but the one on e5.

use crate::geometry::{Geometry, Square, SquareSet};
use crate::hands::HandRules;
use crate::piece::{Piece, PieceType};
use crate::position::{BLACK, Colour, EpList, Position, Setup, WHITE};
use crate::variant::Variant;
use std::fmt;
use std::sync::Arc;

/// A FEN error: the 1-based character column where the problem is, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// The 1-based character column where the problem is.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FEN column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for FenError {}

fn ferr(column: usize, message: impl Into<String>) -> FenError {
    FenError {
        column,
        message: message.into(),
    }
}

/// The corner squares (right, left) of the rank of `sq`.
fn corners(g: Geometry, sq: Square) -> (Square, Square) {
    let r = g.rank(sq);
    (g.square(g.files - 1, r), g.square(0, r))
}

/// The type of the piece on `sq`, a square known to be occupied.
fn type_on(p: &Position, sq: Square) -> PieceType {
    p.piece_at(sq).expect("an occupied square").piece_type
}

/// The castling piece of `colour` standing on one of its type's start squares: the only one
/// the castling field can give rights to.
fn home_castler(p: &Position, colour: Colour) -> Option<Square> {
    let v = p.variant();
    p.occupied(colour).iter().find(|&sq| {
        let ty = &v.types[v.display_type(type_on(p, sq))];
        !ty.castles.is_empty() && ty.home[colour.index()].contains(&sq)
    })
}

/// The castling field's letter that decides a piece of `colour` and type `t` on `sq`, if any:
/// a castling partner, that is a piece on one of its type's start squares in a corner of a
/// rank where `colour`'s castling piece starts (`K` right, `Q` left).
fn partner_letter(v: &Variant, colour: Colour, t: PieceType, sq: Square) -> Option<char> {
    let g = v.geometry;
    let (right, left) = corners(g, sq);
    let ty = &v.types[v.display_type(t)];
    if (sq != right && sq != left)
        || !ty.castles.is_empty()
        || !ty.home[colour.index()].contains(&sq)
    {
        return None;
    }
    let castling_rank = v.types.iter().any(|k| {
        !k.castles.is_empty()
            && k.home[colour.index()]
                .iter()
                .any(|&s| s != sq && g.rank(s) == g.rank(sq))
    });
    castling_rank.then_some(if sq == right { 'K' } else { 'Q' })
}

/// Write a position as FEN.
pub fn to_fen(p: &Position) -> String {
    let v = p.variant();
    let g = v.geometry;
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
            s.push(piece_letter(v, c));
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
    let castling = castling_field(p);
    s.push_str(&castling);
    s.push(' ');
    s.push_str(&ep_list(p, &live_targets(p), p.side_to_move().other()));
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
    let inferred = infer_unmoved(p, &castling);
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
        s.push_str(&ep_list(p, p.ep_pending(), p.side_to_move()));
    }
    if let Some((t, sq)) = p.strike() {
        s.push_str(&format!(" strike:{}{}", v.types[t].id, g.name(sq)));
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
            for _ in 0..p.in_hand(c, t) {
                s.push(piece_letter(v, Piece::new(t, c)));
            }
        }
    }
    s.push(']');
    Some(s)
}

/// The FEN letter of a piece: its shown type's ID, upper case for White.
pub fn piece_letter(v: &Variant, c: Piece) -> char {
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

/// En passant squares as FEN writes them: the passed square, followed by `>` and the square
/// of the piece that passed it when that is not the one `from_fen` finds by itself (the first
/// piece up to three squares beyond it in `mover`'s forward direction), as after a sideways or
/// diagonal initial double step of a fairy piece.
fn ep_list(p: &Position, l: &EpList, mover: Colour) -> String {
    let g = p.variant().geometry;
    if l.n == 0 {
        return "-".into();
    }
    l.as_slice()
        .iter()
        .map(|&(passed, pawn)| {
            if forward_piece(g, p, passed, mover) == Some(pawn) {
                g.name(passed).to_string()
            } else {
                format!("{}>{}", g.name(passed), g.name(pawn))
            }
        })
        .collect()
}

/// The first piece up to three squares beyond `sq` in `mover`'s forward direction, if it is
/// `mover`'s: the pawn that passed `sq` with a double step.
fn forward_piece(g: Geometry, p: &Position, sq: Square, mover: Colour) -> Option<Square> {
    let dir: i32 = if mover == WHITE { 1 } else { -1 };
    let (q, c) = (1..=3).find_map(|k| {
        let q = g.try_square(g.file(sq) as i32, g.rank(sq) as i32 + dir * k)?;
        p.piece_at(q).map(|c| (q, c))
    })?;
    (c.colour == mover).then_some(q)
}

/// The rights `from_fen` reads back: an unmoved castling piece on its start square, and an
/// unmoved partner in the corner.
fn castling_field(p: &Position) -> String {
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
        let Some(k) = home_castler(p, colour).filter(|&k| p.is_unmoved(k)) else {
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
        let t = type_on(p, sq);
        if t == cv.obligated {
            return 'c';
        }
        undecided |= t == cv.undecided;
    }
    if undecided {
        return 'u';
    }
    let base_unmoved = p.occupied(colour).iter().any(|sq| {
        type_on(p, sq) == cv.base
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

/// The unmoved set a FEN without `unmoved:` implies (see the module's rule).
fn infer_unmoved(p: &Position, castling: &str) -> SquareSet {
    let v = p.variant();
    let mut set = SquareSet::EMPTY;
    for colour in [WHITE, BLACK] {
        let rights: Vec<char> = castling
            .chars()
            .filter(|c| c.is_ascii_uppercase() == (colour == WHITE))
            .map(|c| c.to_ascii_uppercase())
            .collect();
        for sq in p.occupied(colour).iter() {
            let t = type_on(p, sq);
            let ty = &v.types[v.display_type(t)];
            let unmoved = if !ty.home[colour.index()].contains(&sq) {
                false
            } else if !ty.castles.is_empty() {
                !rights.is_empty()
            } else if let Some(letter) = partner_letter(v, colour, t, sq) {
                rights.contains(&letter)
            } else {
                true
            };
            set.set(sq, unmoved);
        }
    }
    set
}

/// Read a FEN for a variant.
pub fn from_fen(v: &Arc<Variant>, fen: &str) -> Result<Position, FenError> {
    let g = v.geometry;
    // Fields with their 1-based start columns.
    // Columns count characters, not bytes (a non-ASCII space before a field must not move
    // its errors past the end of the text).
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (n, (i, ch)) in fen.char_indices().enumerate() {
        if ch.is_whitespace() {
            if let Some((s, c)) = start.take() {
                fields.push((c + 1, &fen[s..i]));
            }
        } else if start.is_none() {
            start = Some((i, n));
        }
    }
    if let Some((s, c)) = start {
        fields.push((c + 1, &fen[s..]));
    }
    if fields.is_empty() {
        return Err(ferr(1, "empty FEN"));
    }
    // Fairy-Stockfish's form for games without castling and en passant (Shogi's
    // `... w 0 1`): the clocks straight after the side to move.
    let number = |f: &(usize, &str)| f.1.bytes().all(|b| b.is_ascii_digit());
    if fields.len() == 4 && number(&fields[2]) && number(&fields[3]) {
        let c = fields[2].0;
        fields.splice(2..2, [(c, "-"), (c, "-")]);
    }
    let mut setup = Setup {
        fullmove: 1,
        ..Setup::default()
    };

    // Board, and the hands after it: `[Qn]`, or Fairy-Stockfish's extra rank `/Qn`.
    let (col0, mut board) = fields[0];
    let mut hand_text = None;
    if let Some(open) = board.find('[') {
        let Some(inner) = board[open + 1..].strip_suffix(']') else {
            return Err(ferr(
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
    if let Some((c, text)) = hand_text {
        setup.hands = parse_hands(v, c, text)?;
    }
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != g.ranks as usize {
        return Err(ferr(
            col0,
            format!("the board has {} ranks, this FEN {}", g.ranks, rows.len()),
        ));
    }
    let mut col = col0;
    for (i, row) in rows.iter().enumerate() {
        let r = g.ranks as usize - 1 - i;
        let mut f = 0usize;
        let chars: Vec<char> = row.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let ch = chars[j];
            if ch.is_ascii_digit() {
                let mut n = 0usize;
                let c0 = col + j;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    // Saturating: a run of digits longer than any board must not overflow.
                    n = n
                        .saturating_mul(10)
                        .saturating_add(chars[j].to_digit(10).unwrap() as usize);
                    j += 1;
                }
                if n == 0 {
                    return Err(ferr(c0, "an empty-square count must be at least 1"));
                }
                let start = f;
                f = f.saturating_add(n);
                if f > g.files as usize {
                    return Err(ferr(
                        c0,
                        format!("rank {} is longer than {} files", r + 1, g.files),
                    ));
                }
                if let Some(h) = (start..f)
                    .map(|x| g.square(x as u8, r as u8))
                    .find(|&q| g.is_hole(q))
                {
                    return Err(ferr(c0, format!("{} is a hole: write * for it", g.name(h))));
                }
                continue;
            }
            if ch == '*' {
                let sq = (f < g.files as usize).then(|| g.square(f as u8, r as u8));
                match sq {
                    Some(q) if g.is_hole(q) => {}
                    Some(q) => {
                        return Err(ferr(
                            col + j,
                            format!("'*' marks a hole, and {} is not one", g.name(q)),
                        ));
                    }
                    None => {
                        return Err(ferr(
                            col + j,
                            format!("rank {} is longer than {} files", r + 1, g.files),
                        ));
                    }
                }
                f += 1;
                j += 1;
                continue;
            }
            let colour = if ch.is_ascii_uppercase() {
                WHITE
            } else {
                BLACK
            };
            let t = v
                .type_by_id(ch.to_ascii_uppercase())
                .filter(|_| ch.is_ascii_alphabetic())
                .ok_or_else(|| ferr(col + j, format!("'{ch}' is not a piece of this variant")))?;
            if f >= g.files as usize {
                return Err(ferr(
                    col + j,
                    format!("rank {} is longer than {} files", r + 1, g.files),
                ));
            }
            if g.is_hole(g.square(f as u8, r as u8)) {
                return Err(ferr(
                    col + j,
                    format!(
                        "{} is a hole: no piece stands there",
                        g.name(g.square(f as u8, r as u8))
                    ),
                ));
            }
            let sq = g.square(f as u8, r as u8);
            // At a gate (`autoGate`), the type's waiting twin.
            let t = match &v.gate {
                Some(gate) if gate.squares.contains(sq) => {
                    gate.parked[t.index()].ok_or_else(|| {
                        ferr(
                            col + j,
                            format!("{} is a gate, and no '{ch}' waits at one here", g.name(sq)),
                        )
                    })?
                }
                _ => t,
            };
            setup.pieces.push((sq, Piece::new(t, colour)));
            f += 1;
            j += 1;
        }
        if f != g.files as usize {
            return Err(ferr(
                col,
                format!(
                    "rank {} has {} squares, the board {} files",
                    r + 1,
                    f,
                    g.files
                ),
            ));
        }
        col += chars.len() + 1;
    }

    // Side to move.
    if let Some(&(c, s)) = fields.get(1) {
        setup.side = match s {
            "w" => WHITE,
            "b" => BLACK,
            _ => return Err(ferr(c, format!("side to move must be w or b, not '{s}'"))),
        };
    }
    let provisional = Position::from_setup(v, &setup);

    // Castling.
    let castling = match fields.get(2) {
        Some(&(c, s)) => {
            if s != "-" {
                for (i, ch) in s.chars().enumerate() {
                    if !matches!(ch, 'K' | 'Q' | 'k' | 'q') || s.chars().take(i).any(|x| x == ch) {
                        return Err(ferr(c + i, format!("castling field: unexpected '{ch}'")));
                    }
                    let colour = if ch.is_ascii_uppercase() {
                        WHITE
                    } else {
                        BLACK
                    };
                    let letter = ch.to_ascii_uppercase();
                    let ok = home_castler(&provisional, colour).is_some_and(|k| {
                        let (r, l) = corners(g, k);
                        let corner = if letter == 'K' { r } else { l };
                        provisional.piece_at(corner).is_some_and(|pc| {
                            pc.colour == colour
                                && partner_letter(v, colour, pc.piece_type, corner) == Some(letter)
                        })
                    });
                    if !ok {
                        return Err(ferr(
                            c + i,
                            format!(
                                "castling right '{ch}' but no castling piece on its start square \
                                 with a castling partner (a piece on its own start square) in \
                                 that corner"
                            ),
                        ));
                    }
                }
            }
            s.to_string()
        }
        None => "-".to_string(),
    };
    setup.unmoved = infer_unmoved(&provisional, &castling);

    // En passant.
    if let Some(&(c, s)) = fields.get(3) {
        setup.capturable = parse_ep(g, &provisional, s, c, setup.side.other(), false)?;
    }
    for (k, name) in [(4, "halfmove clock"), (5, "fullmove number")] {
        if let Some(&(c, s)) = fields.get(k) {
            let n: u32 = s
                .parse()
                .map_err(|_| ferr(c, format!("{name} must be a number, not '{s}'")))?;
            if k == 4 {
                setup.halfmove = n;
            } else {
                setup.fullmove = n.max(1);
            }
        }
    }

    // Extensions.
    let mut conv: Option<(char, char)> = None;
    for &(c, s) in fields.iter().skip(6) {
        let Some((key, value)) = s.split_once(':') else {
            return Err(ferr(c, format!("unexpected '{s}' after the clocks")));
        };
        let vc = c + key.chars().count() + 1;
        match key {
            "unmoved" => {
                let mut set = SquareSet::EMPTY;
                if value != "-" {
                    let mut at = vc;
                    for name in value.split(',') {
                        let sq = g
                            .parse_square(name)
                            .ok_or_else(|| ferr(at, format!("'{name}' is not a square")))?;
                        if provisional.piece_at(sq).is_none() {
                            return Err(ferr(at, format!("unmoved: {name} is empty")));
                        }
                        set.insert(sq);
                        at += name.chars().count() + 1;
                    }
                }
                setup.unmoved = set;
            }
            "conv" => {
                let ch: Vec<char> = value.chars().collect();
                if v.conversion.is_none()
                    || ch.len() != 2
                    || !ch.iter().all(|c| matches!(c, 'u' | 'c' | 'n'))
                {
                    return Err(ferr(
                        vc,
                        "conv: needs two of u, c, n, in a variant with conversion",
                    ));
                }
                conv = Some((ch[0], ch[1]));
            }
            "phase" => {
                let n: u8 = value
                    .parse()
                    .ok()
                    .filter(|&n: &u8| n < v.moves_per_turn)
                    .ok_or_else(|| ferr(vc, format!("phase must be below {}", v.moves_per_turn)))?;
                setup.phase = n;
            }
            "pending" => {
                setup.pending = parse_ep(g, &provisional, value, vc, setup.side, true)?;
            }
            "strike" => {
                let mut chars = value.chars();
                let t = (chars.next())
                    .and_then(|c| v.type_by_id(c))
                    .filter(|t| v.trade.counter_strike & t.bit() != 0)
                    .ok_or_else(|| {
                        ferr(vc, "strike: needs a counter-strike type's ID and a square")
                    })?;
                let sq = (g.parse_square(chars.as_str())).ok_or_else(|| {
                    ferr(
                        vc + 1,
                        format!("strike: '{}' is not a square", chars.as_str()),
                    )
                })?;
                setup.strike = Some((t, sq));
            }
            _ => return Err(ferr(c, format!("unknown FEN extension '{key}'"))),
        }
    }

    // Conversion state: unmoved bishops on their start squares become undecided by default.
    if let Some(cv) = v.conversion {
        let states = conv.unwrap_or(('u', 'u'));
        for (sq, c) in setup.pieces.iter_mut() {
            let colour = c.colour;
            if c.piece_type == cv.base
                && setup.unmoved.contains(*sq)
                && v.types[cv.base].home[colour.index()].contains(sq)
            {
                let state = if colour == WHITE { states.0 } else { states.1 };
                let t = match state {
                    'u' => cv.undecided,
                    'c' => cv.obligated,
                    _ => cv.base,
                };
                *c = Piece::new(t, colour);
            }
        }
    }
    Ok(Position::from_setup(v, &setup))
}

/// En passant squares; each needs a piece of `mover` just beyond it in `mover`'s direction.
/// The `pending:` ones (`pending`) are the rights of a turn still under way, which later
/// moves of the same turn may cover or uncover: their squares may be occupied and a `>`
/// square may hold anything (at the turn's end only the live ones become rights).
/// The pieces in hand of a FEN (`Qn`, `-` or nothing for none), White's upper case.
fn parse_hands(v: &Variant, col: usize, text: &str) -> Result<Vec<u16>, FenError> {
    let nt = v.types.len();
    let mut hands = vec![0u16; 2 * nt];
    for (j, ch) in text.chars().enumerate() {
        if ch == '-' {
            continue;
        }
        let t = (v.type_by_id(ch.to_ascii_uppercase()))
            .filter(|_| ch.is_ascii_alphabetic())
            .ok_or_else(|| {
                ferr(
                    col + j,
                    format!("'{ch}' in the hands is not a piece of this variant"),
                )
            })?;
        if !v.hands.any() {
            return Err(ferr(col + j, "this variant has no pieces in hand"));
        }
        if v.types[t].royal {
            return Err(ferr(
                col + j,
                format!("'{ch}' is royal: a royal piece is never in hand"),
            ));
        }
        let colour = if ch.is_ascii_uppercase() {
            WHITE
        } else {
            BLACK
        };
        let i = HandRules::index(nt, colour, t);
        hands[i] = hands[i].saturating_add(1);
    }
    Ok(hands)
}

fn parse_ep(
    g: Geometry,
    p: &Position,
    s: &str,
    column: usize,
    mover: Colour,
    pending: bool,
) -> Result<EpList, FenError> {
    let mut list = EpList::default();
    if s == "-" {
        return Ok(list);
    }
    let mut rest = s;
    let mut at = column;
    while !rest.is_empty() {
        let (sq, n) = g
            .parse_prefix(rest)
            .ok_or_else(|| ferr(at, format!("'{rest}' is not an en passant square")))?;
        if p.piece_at(sq).is_some() && !pending {
            return Err(ferr(
                at,
                format!("en passant square {} is occupied", g.name(sq)),
            ));
        }
        // `e3>f3`: the piece that passed e3 stands on f3 (see `ep_list`).
        let (pawn, n) = match rest[n..].strip_prefix('>') {
            Some(after) => {
                let (q, m) = g
                    .parse_prefix(after)
                    .ok_or_else(|| ferr(at + n + 1, format!("'{after}' is not a square")))?;
                if p.piece_at(q).is_none_or(|c| c.colour != mover) && !pending {
                    return Err(ferr(
                        at + n + 1,
                        format!(
                            "en passant square {}: no piece of the side that moved on {}",
                            g.name(sq),
                            g.name(q)
                        ),
                    ));
                }
                (Some(q), n + 1 + m)
            }
            None => (forward_piece(g, p, sq, mover), n),
        };
        match pawn {
            Some(q) => list.push(sq, q),
            None => {
                return Err(ferr(
                    at,
                    format!("en passant square {} has no pawn beyond it", g.name(sq)),
                ));
            }
        }
        if list.n as usize >= 4 {
            break;
        }
        rest = &rest[n..];
        at += n;
    }
    Ok(list)
}

/// A position shows as its FEN (in assertion messages, `{:?}`).
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", to_fen(self))
    }
}
