//! The start-position editor: a board of freely placed pieces and a side to move, checked by
//! [`PositionDraft::validate`] (each problem one sentence), turned into a [`Position`] or [`Game`],
//! and exported as FEN or as the variant's definition text with its piece lines' square lists
//! replaced by the placed squares.
//!
//! Decisions:
//! - **Every placed piece is unmoved**, as in a definition's start position: pawns anywhere
//!   may make their first move, a king and corner pieces may castle. The FEN says so with the
//!   castling field and, where a piece stands off its type's start squares, fairylab's
//!   `unmoved:` extension. (Symmetric Chess's bishops may convert only on their start squares,
//!   as the variant's rule has it; in the exported definition every placed square is a start
//!   square, so there a bishop placed elsewhere may convert too.)
//! - **What is refused**, each with one sentence: a side without a royal piece ("White has no
//!   king", with the variant's name for it; several are allowed); the side not to move in
//!   check; a piece where play could never leave it:
//!   - on a square where its morph map turns it into another type (a piece arriving there
//!     would already be that type: place that type instead);
//!   - a promoting piece in its promotion zone (arriving there, it would have promoted: this
//!     is the pawn on its last rank);
//!   - a non-royal piece with no move at all from its square on an empty board (it could
//!     never move: a pawn on its last rank where nothing promotes). A royal piece that cannot
//!     move is allowed: it still does its job of being attacked.
//!
//!   The number of pieces is not limited.
//! - **Pieces in hand** are those of the position the editor was opened on (none on a new,
//!   empty board; Clear empties them too): a position set up from a game of Crazyhouse or
//!   Shogi keeps its hands in the game it starts and in its FEN. The definition's export
//!   keeps the definition's own start hands (its piece lines' sixth field).
//! - **Definition export** keeps the text as it is (comments, parameters, morph maps, the
//!   one-line or one-item-per-line form) and rewrites only each piece line's square list:
//!   White's squares, `,,`, Black's, in square order, runs of three or more along a rank as
//!   ranges (`a2-h2`). Black's list is left out where the text's symmetry makes it from
//!   White's. Under mirror or rotate symmetry the Diagram gives Black the twins of White's
//!   squares whatever the list after `,,` says, so a type whose Black pieces are not those
//!   twins makes the export set `symmetry=none` (every list written in full). A definition
//!   without `promoChoice` promotes by default as the Diagram's `QNRB` says, which moving
//!   pieces does not change; should a reload's choice differ, the old choice is written out
//!   as `promoChoice=`.
//!   A definition's start position has White to move, so Black to move cannot be exported.
//!   The text is loaded back before it is returned; if the variant's own rules refuse it
//!   (Symmetric Chess's conversion is for at most two bishops a side), the errors say why.

use super::with_article;
use crate::definition::{self, Definition, DefinitionErrors, Field, Symmetry};
use crate::describe::side_name;
use crate::fen;
use crate::game::Game;
use crate::geometry::{Geometry, Square};
use crate::piece::{Piece, PieceType};
use crate::position::{self, BLACK, Colour, Position, WHITE};
use crate::variant::Variant;
use std::fmt;
use std::sync::Arc;

/// A piece on the editor's board (a type the definition shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    /// The piece's colour.
    pub colour: Colour,
    /// The piece's type.
    pub piece_type: PieceType,
}

/// Why a setup is refused: one sentence, and the square it is about, if one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The square the problem is on, if one.
    pub square: Option<Square>,
    /// The problem, in one sentence.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

fn problem(square: Option<Square>, message: String) -> Problem {
    Problem { square, message }
}

/// A start position being edited.
#[derive(Debug, Clone)]
pub struct PositionDraft {
    v: Arc<Variant>,
    board: Vec<Option<Placed>>,
    side: Colour,
    /// Pieces in hand, as [`Position::hands`] (empty for none).
    hands: Vec<u16>,
}

impl PositionDraft {
    /// An empty board, White to move.
    pub fn new(v: &Arc<Variant>) -> PositionDraft {
        PositionDraft {
            v: v.clone(),
            board: vec![None; v.geometry.len()],
            side: WHITE,
            hands: Vec::new(),
        }
    }

    /// The variant's start position.
    pub fn from_start(v: &Arc<Variant>) -> PositionDraft {
        PositionDraft::from_position(&Position::start(v))
    }

    /// The pieces and side to move of any position (hidden types as the type they show as).
    pub fn from_position(pos: &Position) -> PositionDraft {
        let v = pos.variant();
        let mut e = PositionDraft::new(v);
        for (sq, slot) in e.board.iter_mut().enumerate() {
            *slot = pos.piece_at(sq as Square).map(|c| Placed {
                colour: c.colour,
                piece_type: v.display_type(c.piece_type),
            });
        }
        e.side = pos.side_to_move();
        e.hands = pos.hands().to_vec();
        e
    }

    /// The variant being set up.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }

    /// The side to move in the position set up.
    pub fn side_to_move(&self) -> Colour {
        self.side
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, side: Colour) {
        self.side = side;
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Placed> {
        self.board.get(sq as usize).copied().flatten()
    }

    /// The placed pieces in square order.
    pub fn pieces(&self) -> Vec<(Square, Placed)> {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(sq, p)| p.map(|p| (sq as Square, p)))
            .collect()
    }

    /// Put a piece on a square (replacing what stood there, which is returned).
    pub fn place(
        &mut self,
        sq: Square,
        colour: Colour,
        piece_type: PieceType,
    ) -> Result<Option<Placed>, String> {
        let g = self.v.geometry;
        if sq as usize >= g.len() {
            return Err(format!(
                "square number {sq} is not on the {}x{} board",
                g.files, g.ranks
            ));
        }
        if (self.v.types.get(piece_type.index())).is_none_or(|t| t.hidden) {
            return Err(format!(
                "there is no piece type number {}",
                piece_type.index()
            ));
        }
        Ok(self.board[sq as usize].replace(Placed { colour, piece_type }))
    }

    /// Put a piece given as in FEN (its ID letter, upper case White) on a named square.
    pub fn place_letter(&mut self, square: &str, letter: char) -> Result<Option<Placed>, String> {
        let g = self.v.geometry;
        let sq = g.parse_square(square).ok_or_else(|| {
            format!(
                "'{square}' is not a square of this {}x{} board",
                g.files, g.ranks
            )
        })?;
        let t = self
            .v
            .type_by_id(letter.to_ascii_uppercase())
            .filter(|_| letter.is_ascii_alphabetic())
            .ok_or_else(|| format!("'{letter}' is not a piece of this variant"))?;
        let colour = if letter.is_ascii_uppercase() {
            WHITE
        } else {
            BLACK
        };
        self.place(sq, colour, t)
    }

    /// Take the piece off a square.
    pub fn remove(&mut self, sq: Square) -> Option<Placed> {
        self.board.get_mut(sq as usize).and_then(Option::take)
    }

    /// Empty the board and the hands.
    pub fn clear(&mut self) {
        self.board.iter_mut().for_each(|p| *p = None);
        self.hands.clear();
    }

    /// Every reason the setup cannot start a game, in board order, then the royal pieces,
    /// then check. Empty when it can.
    pub fn problems(&self) -> Vec<Problem> {
        let v = &*self.v;
        let g = v.geometry;
        let mut out = Vec::new();
        for (sq, p) in self.pieces() {
            let ty = &v.types[p.piece_type];
            let side = side_name(p.colour).to_ascii_lowercase();
            let at = g.name(sq);
            let becomes = v
                .morph_at(p.piece_type, sq)
                .map(|u| v.display_type(u))
                .filter(|&u| u != p.piece_type);
            if let Some(u) = becomes {
                out.push(problem(
                    Some(sq),
                    format!(
                        "A {side} {} cannot stand on {at}: a {} arriving there becomes {}.",
                        ty.name,
                        ty.name,
                        with_article(&v.types[u].name)
                    ),
                ));
            } else if ty.promotes && v.promo_zone[p.colour.index()].contains(sq) {
                out.push(problem(
                    Some(sq),
                    format!(
                        "A {side} {} cannot stand on {at}: a {} arriving there promotes.",
                        ty.name, ty.name
                    ),
                ));
            } else if !ty.royal && cannot_move(v, p, sq) {
                out.push(problem(
                    Some(sq),
                    format!(
                        "The {side} {} on {at} could never move from there.",
                        ty.name
                    ),
                ));
            }
        }
        let mut royal_ok = true;
        for colour in [WHITE, BLACK] {
            // A side may have several royal pieces, but not none.
            let royal = |p: &Placed| p.colour == colour && v.types[p.piece_type].royal;
            if !self.pieces().iter().any(|(_, p)| royal(p)) {
                royal_ok = false;
                out.push(problem(
                    None,
                    format!("{} has no {}.", side_name(colour), royal_name(v, colour)),
                ));
            }
        }
        if royal_ok {
            let pos = self.build();
            let them = self.side.other();
            if let Some(k) = (pos.guarded(them).iter()).find(|&k| pos.is_attacked(k, self.side))
                && let Some(royal) = pos.piece_at(k)
            {
                let name = &v.types[v.display_type(royal.piece_type)].name;
                out.push(problem(
                    Some(k),
                    format!(
                        "{}'s {name} is in check, but it is {}'s move.",
                        side_name(them),
                        side_name(self.side)
                    ),
                ));
            }
        }
        out
    }

    /// `Ok` when the setup can start a game, else every problem.
    pub fn validate(&self) -> Result<(), Vec<Problem>> {
        let p = self.problems();
        if p.is_empty() { Ok(()) } else { Err(p) }
    }

    /// The position, when the setup is valid.
    pub fn position(&self) -> Result<Position, Vec<Problem>> {
        self.validate()?;
        Ok(self.build())
    }

    /// A new game from the position, when the setup is valid.
    pub fn game(&self) -> Result<Game, Vec<Problem>> {
        self.position().map(Game::from_position)
    }

    /// The position as FEN, when the setup is valid.
    pub fn fen(&self) -> Result<String, Vec<Problem>> {
        self.position().map(|p| fen::to_fen(&p))
    }

    /// The position with every piece unmoved, unchecked.
    fn build(&self) -> Position {
        let v = &self.v;
        let mut s = position::Setup {
            side: self.side,
            fullmove: 1,
            hands: self.hands.clone(),
            ..position::Setup::default()
        };
        for (sq, p) in self.pieces() {
            // Symmetric Chess: an unmoved bishop on its start square may still convert.
            let t = match v.conversion {
                Some(cv)
                    if cv.base == p.piece_type
                        && v.types[cv.base].start[p.colour.index()].contains(&sq) =>
                {
                    cv.undecided
                }
                _ => p.piece_type,
            };
            s.pieces.push((sq, Piece::new(t, p.colour)));
            s.unmoved.insert(sq);
        }
        Position::from_setup(v, &s)
    }

    /// The variant's definition text with the piece lines' square lists set to this setup
    /// (see the module documentation), checked by loading it back.
    pub fn definition(&self) -> Result<String, Vec<Problem>> {
        self.validate()?;
        if self.side != WHITE {
            return Err(vec![problem(
                None,
                "Black is to move, but a definition's start position always has White to move."
                    .into(),
            )]);
        }
        let v = &*self.v;
        let def = definition::parse(&v.source).map_err(|e| load_problems(&e))?;
        let n = def.pieces.len();
        let mut lists = [vec![Vec::new(); n], vec![Vec::new(); n]];
        for (sq, p) in self.pieces() {
            // Shown types are the definition's piece lines, in order.
            if p.piece_type.index() < n {
                lists[p.colour.index()][p.piece_type.index()].push(sq);
            }
        }
        let [white, black] = &lists;
        let symmetry = v.spec.symmetry;
        // Under mirror or rotate symmetry the Diagram gives Black the twin of each of White's
        // squares whatever follows `,,`: a type whose Black pieces are not exactly the twins
        // of its White ones needs `symmetry=none`.
        let g = v.geometry;
        let none = symmetry != Symmetry::None
            && (0..n).any(|t| !white[t].is_empty() && mirror(g, symmetry, &white[t]) != black[t]);
        let mut edits: Vec<Edit> = Vec::new();
        for (t, line) in def.pieces.iter().enumerate() {
            let (w, b) = (&white[t], &black[t]);
            let text = if b.is_empty() {
                squares_text(g, w)
            } else if w.is_empty() {
                format!(",,{}", squares_text(g, b))
            } else if !none && mirror(g, symmetry, w) == *b {
                squares_text(g, w)
            } else {
                format!("{},,{}", squares_text(g, w), squares_text(g, b))
            };
            edits.push(Edit::replace(&line.squares, text));
        }
        if none {
            edits.push(set_param(&def, "symmetry", "none"));
        }
        let text = apply(&v.source, &edits);
        let loaded = definition::load(&text);
        // Moving pieces may change the default promotion choice: keep the old one.
        let promotion = v.types.iter().any(|t| t.promotes) && v.spec.promo_zone > 0;
        let keeps_choice = loaded
            .as_ref()
            .is_ok_and(|s| s.promo_choice == v.spec.promo_choice);
        if !keeps_choice && promotion && !def.params.iter().any(|p| p.key.text == "promoChoice") {
            let ids: String = v
                .promo_choice
                .iter()
                .map(|&t| v.types[t].id.as_str())
                .collect();
            edits.push(set_param(&def, "promoChoice", &ids));
            let text = apply(&v.source, &edits);
            return match definition::load(&text) {
                Ok(_) => Ok(text),
                Err(e) => Err(load_problems(&e)),
            };
        }
        match loaded {
            Ok(_) => Ok(text),
            Err(e) => Err(load_problems(&e)),
        }
    }
}

fn load_problems(e: &DefinitionErrors) -> Vec<Problem> {
    e.0.iter()
        .map(|e| problem(None, format!("The exported definition does not load: {e}.")))
        .collect()
}

/// The name of the royal piece a side lacks: the royal type it starts with, else the first.
fn royal_name(v: &Variant, colour: Colour) -> &str {
    let visible = || v.types.iter().filter(|t| t.royal && !t.hidden);
    visible()
        .find(|t| !t.start[colour.index()].is_empty())
        .or_else(|| visible().next())
        .map_or("royal piece", |t| t.name.as_str())
}

/// No move of any kind from `sq` on an empty board (no step, no castling), and no walk (a
/// move of several legs or a hop): a walk may need other pieces to go (a screen, a victim),
/// so a piece with one is taken to be able to move.
fn cannot_move(v: &Variant, p: Placed, sq: Square) -> bool {
    !v.has_moves_from(p.colour, p.piece_type, sq)
}

/// Black's squares as the definition's symmetry makes them from White's, in square order.
fn mirror(g: Geometry, symmetry: Symmetry, white: &[Square]) -> Vec<Square> {
    let mut out: Vec<Square> = white
        .iter()
        .filter_map(|&sq| {
            let (f, r) = (g.file(sq), g.rank(sq));
            match symmetry {
                Symmetry::Mirror => Some(g.square(f, g.ranks - 1 - r)),
                Symmetry::Rotate => Some(g.square(g.files - 1 - f, g.ranks - 1 - r)),
                Symmetry::None => None,
            }
        })
        .collect();
    crate::keyed::sort_keyed(&mut out, |&sq| sq.into());
    out
}

/// Squares (in square order) as a list, runs of three or more along a rank as ranges.
fn squares_text(g: Geometry, squares: &[Square]) -> String {
    let mut items: Vec<String> = Vec::new();
    let mut i = 0;
    while i < squares.len() {
        let mut j = i;
        while j + 1 < squares.len()
            && squares[j + 1] == squares[j] + 1
            && g.rank(squares[j + 1]) == g.rank(squares[i])
        {
            j += 1;
        }
        if j - i >= 2 {
            items.push(format!("{}-{}", g.name(squares[i]), g.name(squares[j])));
        } else {
            items.extend((i..=j).map(|k| g.name(squares[k]).to_string()));
        }
        i = j + 1;
    }
    items.join(",")
}

/// A change to the definition text: at a position, replace so many characters by a text.
struct Edit {
    pos: definition::Pos,
    len: usize,
    text: String,
}

impl Edit {
    fn replace(field: &Field, text: String) -> Edit {
        Edit {
            pos: field.pos,
            len: field.text.chars().count(),
            text,
        }
    }
}

/// Set a parameter: its value where the text has it, else a new item before the first piece
/// line (on a line of its own when that piece line starts its line).
fn set_param(def: &Definition, key: &str, value: &str) -> Edit {
    if let Some(p) = def.params.iter().find(|p| p.key.text == key) {
        return Edit::replace(&p.value, value.to_string());
    }
    // A definition that loaded has a piece line.
    let pos = def.pieces.first().map(|l| l.name.pos).unwrap_or_default();
    let sep = if pos.col <= 1 { "\n" } else { " " };
    Edit {
        pos,
        len: 0,
        text: format!("{key}={value}{sep}"),
    }
}

/// Apply edits (at distinct positions) to a text, from the last to the first.
fn apply(text: &str, edits: &[Edit]) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let mut order: Vec<&Edit> = edits.iter().collect();
    // Last position first.
    crate::keyed::sort_keyed(&mut order, |e| {
        !((u64::from(e.pos.line) << 32) | u64::from(e.pos.col))
    });
    for e in order {
        let Some(line) = (e.pos.line as usize)
            .checked_sub(1)
            .and_then(|i| lines.get_mut(i))
        else {
            continue;
        };
        let chars: Vec<char> = line.chars().collect();
        let start = (e.pos.col as usize).saturating_sub(1).min(chars.len());
        let end = (start + e.len).min(chars.len());
        let mut new: String = chars[..start].iter().collect();
        new.push_str(&e.text);
        new.extend(&chars[end..]);
        *line = new;
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests;
