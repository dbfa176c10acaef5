//! The start-position editor: a board of freely placed pieces and a side to move, checked by
//! [`Editor::validate`] (each problem one sentence), turned into a [`Position`] or [`Game`],
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
//!   king", with the variant's name for it) or with more than one (fairylab supports one per
//!   side); the side not to move in check; a piece where play could never leave it:
//!   - on a square where its morph map turns it into another type (a piece arriving there
//!     would already be that type: place that type instead);
//!   - a promoting piece in its promotion zone (arriving there, it would have promoted: this
//!     is the pawn on its last rank);
//!   - a non-royal piece with no move at all from its square on an empty board (it could
//!     never move: a pawn on its last rank where nothing promotes). A royal piece that cannot
//!     move is allowed: it still does its job of being attacked.
//!
//!   The number of pieces is not limited.
//! - **Definition export** keeps the text as it is (comments, parameters, morph maps, the
//!   one-line or one-item-per-line form) and rewrites only each piece line's square list:
//!   White's squares, `,,`, Black's, in square order, runs of three or more along a rank as
//!   ranges (`a2-h2`). Black's list is left out where the text's symmetry makes it from
//!   White's. A type with White pieces and no Black ones cannot be said under mirror or rotate
//!   symmetry, so then `symmetry=none` is set (every list written in full). A definition
//!   without `promoChoice` promotes by default to the types that start on the board; where
//!   moving pieces would change that choice, the old choice is written out as `promoChoice=`.
//!   A definition's start position has White to move, so Black to move cannot be exported.
//!   The text is loaded back before it is returned; if the variant's own rules refuse it
//!   (Symmetric Chess's conversion is for at most two bishops a side), the errors say why.

use super::with_article;
use crate::definition::{self, Definition, DefinitionErrors, Field, Symmetry};
use crate::describe::side_name;
use crate::fen;
use crate::game::Game;
use crate::geometry::{Geometry, Square};
use crate::position::{self, BLACK, Colour, Position, WHITE};
use crate::variant::{Variant, code, code_colour, code_type, step};
use std::fmt;
use std::sync::Arc;

/// A piece on the editor's board (a type the definition shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub colour: Colour,
    pub piece_type: usize,
}

/// Why a setup is refused: one sentence, and the square it is about, if one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub square: Option<Square>,
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
pub struct Editor {
    v: Arc<Variant>,
    board: Vec<Option<Placed>>,
    side: Colour,
}

impl Editor {
    /// An empty board, White to move.
    pub fn new(v: &Arc<Variant>) -> Editor {
        Editor {
            v: v.clone(),
            board: vec![None; v.geometry.len()],
            side: WHITE,
        }
    }

    /// The variant's start position.
    pub fn from_start(v: &Arc<Variant>) -> Editor {
        Editor::from_position(&Position::start(v))
    }

    /// The pieces and side to move of any position (hidden types as the type they show as).
    pub fn from_position(pos: &Position) -> Editor {
        let v = pos.variant();
        let mut e = Editor::new(v);
        for (sq, slot) in e.board.iter_mut().enumerate() {
            let c = pos.piece_at(sq as Square);
            if c != 0 {
                *slot = Some(Placed {
                    colour: code_colour(c),
                    piece_type: v.display_type(code_type(c)),
                });
            }
        }
        e.side = pos.side_to_move();
        e
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }

    pub fn side_to_move(&self) -> Colour {
        self.side
    }

    pub fn set_side_to_move(&mut self, side: Colour) -> Result<(), String> {
        if side > BLACK {
            return Err(format!("side {side} is neither 0 (White) nor 1 (Black)"));
        }
        self.side = side;
        Ok(())
    }

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
        piece_type: usize,
    ) -> Result<Option<Placed>, String> {
        let g = self.v.geometry;
        if sq as usize >= g.len() {
            return Err(format!(
                "square number {sq} is not on the {}x{} board",
                g.files, g.ranks
            ));
        }
        if colour > BLACK {
            return Err(format!(
                "colour {colour} is neither 0 (White) nor 1 (Black)"
            ));
        }
        if self.v.types.get(piece_type).is_none_or(|t| t.hidden) {
            return Err(format!("there is no piece type number {piece_type}"));
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

    /// Empty the board.
    pub fn clear(&mut self) {
        self.board.iter_mut().for_each(|p| *p = None);
    }

    /// Every reason the setup cannot start a game, in board order, then the royal pieces,
    /// then check. Empty when it can.
    pub fn problems(&self) -> Vec<Problem> {
        let v = &*self.v;
        let g = v.geometry;
        let mut out = Vec::new();
        for (sq, p) in self.pieces() {
            let ty = &v.types[p.piece_type];
            let side = side_name(p.colour).to_lowercase();
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
            } else if ty.promotes && v.promo_zone[p.colour].contains(sq) {
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
            let royals: Vec<Square> = self
                .pieces()
                .into_iter()
                .filter(|(_, p)| p.colour == colour && v.types[p.piece_type].royal)
                .map(|(sq, _)| sq)
                .collect();
            match royals.as_slice() {
                [_] => {}
                [] => {
                    royal_ok = false;
                    out.push(problem(
                        None,
                        format!("{} has no {}.", side_name(colour), royal_name(v, colour)),
                    ));
                }
                [first, ..] => {
                    royal_ok = false;
                    let names: Vec<String> =
                        royals.iter().map(|&s| g.name(s).to_string()).collect();
                    out.push(problem(
                        Some(*first),
                        format!(
                            "{} has {} royal pieces ({}); a side may have only one.",
                            side_name(colour),
                            royals.len(),
                            names.join(", ")
                        ),
                    ));
                }
            }
        }
        if royal_ok {
            let pos = self.build();
            let them = 1 - self.side;
            if let Some(k) = pos.royal_square(them)
                && pos.is_attacked(k, self.side)
            {
                let name = &v.types[v.display_type(code_type(pos.piece_at(k)))].name;
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
            ..position::Setup::default()
        };
        for (sq, p) in self.pieces() {
            // Symmetric Chess: an unmoved bishop on its start square may still convert.
            let t = match v.conversion {
                Some(cv)
                    if cv.base == p.piece_type
                        && v.types[cv.base].start[p.colour].contains(&sq) =>
                {
                    cv.undecided
                }
                _ => p.piece_type,
            };
            s.pieces.push((sq, code(t, p.colour)));
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
            if p.piece_type < n {
                lists[p.colour][p.piece_type].push(sq);
            }
        }
        let [white, black] = &lists;
        let symmetry = v.spec.symmetry;
        let none = symmetry != Symmetry::None
            && (0..n).any(|t| !white[t].is_empty() && black[t].is_empty());
        let g = v.geometry;
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
            let ids: String = v.spec.promo_choice.iter().map(|&t| v.types[t].id).collect();
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
        .find(|t| !t.start[colour].is_empty())
        .or_else(|| visible().next())
        .map_or("royal piece", |t| t.name.as_str())
}

/// No move of any kind from `sq` on an empty board (no step, no castling).
fn cannot_move(v: &Variant, p: Placed, sq: Square) -> bool {
    let any = step::QUIET | step::CAPTURE | step::QUIET_I | step::CAPTURE_I | step::EP;
    v.types[p.piece_type].castles.is_empty()
        && v.rays_for(p.colour, p.piece_type, sq)
            .iter()
            .all(|r| v.ray_steps(r).iter().all(|s| s.flags & any == 0))
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
    out.sort_unstable();
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
    order.sort_by_key(|e| std::cmp::Reverse((e.pos.line, e.pos.col)));
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
mod tests {
    use super::*;
    use crate::bundled;
    use crate::fen::from_fen;
    use crate::notation::parse_coordinate;

    fn editor(variant: &str, pieces: &[(&str, char)]) -> Editor {
        let v = bundled::load(variant).unwrap();
        let mut e = Editor::new(&v);
        for &(sq, letter) in pieces {
            e.place_letter(sq, letter).unwrap();
        }
        e
    }

    /// The same FEN and the same legal moves. (Not `==`: the editor marks every piece
    /// unmoved, FEN only those whose flag can matter, like a king with no corner piece.)
    fn same_play(a: &Position, b: &Position) {
        assert_eq!(fen::to_fen(a), fen::to_fen(b));
        let (mut ma, mut mb) = (Vec::new(), Vec::new());
        a.legal_moves(&mut ma);
        b.legal_moves(&mut mb);
        ma.sort();
        mb.sort();
        assert_eq!(ma, mb);
    }

    fn messages(e: &Editor) -> Vec<String> {
        e.problems().into_iter().map(|p| p.message).collect()
    }

    #[test]
    fn start_positions_are_valid_and_export_as_they_were() {
        let e = Editor::from_start(&bundled::load("chess").unwrap());
        assert_eq!(e.validate(), Ok(()));
        assert_eq!(
            e.fen().unwrap(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        // The square lists come out as the bundled file writes them.
        assert_eq!(e.definition().unwrap(), bundled::text("chess").unwrap());
        for name in bundled::names() {
            let v = bundled::load(name).unwrap();
            let e = Editor::from_start(&v);
            assert_eq!(e.validate(), Ok(()), "{name}");
            assert_eq!(e.position().unwrap(), Position::start(&v), "{name}");
            let text = e.definition().unwrap();
            let again = bundled::compile("again", &text).unwrap();
            assert_eq!(
                fen::to_fen(&Position::start(&again)),
                fen::to_fen(&Position::start(&v)),
                "{name}"
            );
        }
    }

    #[test]
    fn custom_setup_to_fen_game_and_definition() {
        let e = editor("chess", &[("e1", 'K'), ("h1", 'R'), ("e8", 'k')]);
        assert_eq!(e.validate(), Ok(()));
        assert_eq!(e.fen().unwrap(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let g = e.game().unwrap();
        let pos = g.position();
        assert!(parse_coordinate(pos, "e1g1").unwrap().is_castle());
        same_play(&from_fen(pos.variant(), &e.fen().unwrap()).unwrap(), pos);
        // White has a rook and Black none: only symmetry=none can say that.
        let text = e.definition().unwrap();
        assert_eq!(
            text,
            "# FIDE chess, the reference variant, in Interactive Diagram text.\n\
             files=8 ranks=8\n\
             promoZone=1 promoChoice=QRBN\n\
             symmetry=none\n\
             pawn:P:ifmnDfmWfceF:pawn:\n\
             knight:N:N:knight:\n\
             bishop:B:B:bishop:\n\
             rook:R:R:rook:h1\n\
             queen:Q:Q:queen:\n\
             king:K:KisO2:king:e1,,e8\n"
        );
        let again = bundled::compile("again", &text).unwrap();
        assert_eq!(
            fen::to_fen(&Position::start(&again)),
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
        );
    }

    #[test]
    fn placed_pieces_are_unmoved() {
        // A pawn placed on e4 has not moved: it may still step two squares, and the FEN says
        // it is unmoved although e4 is not a pawn's start square.
        let e = editor("chess", &[("e1", 'K'), ("e8", 'k'), ("e4", 'P')]);
        assert_eq!(
            e.fen().unwrap(),
            "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1 unmoved:e4"
        );
        let pos = e.position().unwrap();
        assert!(parse_coordinate(&pos, "e4e6").is_ok());
        same_play(&from_fen(pos.variant(), &e.fen().unwrap()).unwrap(), &pos);
    }

    #[test]
    fn one_line_definitions_and_mirrored_lists() {
        // Morphing Chess is written on one line with Black's squares spelled out; the export
        // writes White's as a range and lets the mirror make Black's.
        let v = bundled::load("morphing-chess").unwrap();
        let text = Editor::from_start(&v).definition().unwrap();
        assert!(
            text.contains(
                " pawn:P:fWfcnD:pawn:a2-i2 morph=////PPACZCAPP//// knight:N:N2:knight:b1,h1 morph="
            ),
            "{text}"
        );
        // A white knight alone: symmetry=none goes before the first piece line, on its line.
        let mut e = Editor::from_start(&v);
        e.remove(v.geometry.parse_square("b9").unwrap());
        e.remove(v.geometry.parse_square("h9").unwrap());
        let text = e.definition().unwrap();
        assert!(
            text.contains(" symmetry=none pawn:P:fWfcnD:pawn:a2-i2,,a8-i8 morph="),
            "{text}"
        );
        assert!(text.contains(" knight:N:N2:knight:b1,h1 morph="), "{text}");
        let again = bundled::compile("again", &text).unwrap();
        assert_eq!(fen::to_fen(&Position::start(&again)), e.fen().unwrap());
    }

    #[test]
    fn the_default_promotion_choice_is_kept() {
        // Without promoChoice the pawn promotes to the types that start on the board: N.
        let text =
            "files=5 ranks=5\npawn:P:fmWfcF:pawn:a2-e2\nknight:N:N:knight:b1\nking:K:K:king:c1\n";
        let v = bundled::compile("small", text).unwrap();
        let mut e = Editor::from_start(&v);
        // With White's knight gone, nothing would start on White's side to promote to.
        e.remove(v.geometry.parse_square("b1").unwrap());
        let out = e.definition().unwrap();
        assert_eq!(
            out,
            "files=5 ranks=5\npromoChoice=N\npawn:P:fmWfcF:pawn:a2-e2\nknight:N:N:knight:,,b5\nking:K:K:king:c1\n"
        );
        let again = bundled::compile("again", &out).unwrap();
        assert_eq!(
            fen::to_fen(&Position::start(&again)),
            "1nk2/ppppp/5/PPPPP/2K2 w - - 0 1"
        );
        assert_eq!(e.fen().unwrap(), "1nk2/ppppp/5/PPPPP/2K2 w - - 0 1");
    }

    #[test]
    fn royal_pieces() {
        let e = editor("chess", &[("e1", 'K')]);
        assert_eq!(messages(&e), ["Black has no king."]);
        assert!(e.position().is_err());
        let e = editor("chess", &[("e1", 'K'), ("d1", 'K'), ("e8", 'k')]);
        let p = e.problems();
        assert_eq!(
            p.iter().map(|p| p.message.as_str()).collect::<Vec<_>>(),
            ["White has 2 royal pieces (d1, e1); a side may have only one."]
        );
        assert_eq!(p[0].square, e.variant().geometry.parse_square("d1"));
        let e = editor("chess", &[]);
        assert_eq!(messages(&e), ["White has no king.", "Black has no king."]);
        // Morphing Chess has five royal types; the one the sides start with names the lack.
        let e = editor("morphing-chess", &[("e1", 'K')]);
        assert_eq!(messages(&e), ["Black has no king."]);
        // Any royal type will do.
        let e = editor("morphing-chess", &[("e1", 'K'), ("d7", 'o')]);
        assert_eq!(e.validate(), Ok(()));
    }

    #[test]
    fn the_side_not_to_move_must_not_be_in_check() {
        let mut e = editor("chess", &[("a1", 'K'), ("e2", 'R'), ("e8", 'k')]);
        assert_eq!(
            messages(&e),
            ["Black's king is in check, but it is White's move."]
        );
        // With Black to move it is an ordinary check.
        e.set_side_to_move(BLACK).unwrap();
        assert_eq!(e.validate(), Ok(()));
        assert!(e.position().unwrap().in_check());
        assert!(e.set_side_to_move(2).is_err());
    }

    #[test]
    fn pieces_where_play_could_not_leave_them() {
        // A pawn on its last rank would have promoted; on its first rank it can still move.
        let e = editor(
            "chess",
            &[
                ("a1", 'K'),
                ("h8", 'k'),
                ("e8", 'P'),
                ("d1", 'p'),
                ("c1", 'P'),
            ],
        );
        assert_eq!(
            messages(&e),
            [
                "A black pawn cannot stand on d1: a pawn arriving there promotes.",
                "A white pawn cannot stand on e8: a pawn arriving there promotes."
            ]
        );
        // Morphing Chess: a knight on e5 would be an amazon.
        let e = editor("morphing-chess", &[("e1", 'K'), ("e9", 'k'), ("e5", 'N')]);
        assert_eq!(
            messages(&e),
            ["A white knight cannot stand on e5: a knight arriving there becomes an amazon."]
        );
        // Where nothing promotes, a pawn on its last rank can never move again.
        let v = bundled::compile(
            "stuck",
            "files=5 ranks=5 promoZone=0\npawn:P:fmWfcF:pawn:a2\nking:K:K:king:c1\n",
        )
        .unwrap();
        let mut e = Editor::new(&v);
        for (sq, letter) in [("c1", 'K'), ("c5", 'k'), ("a5", 'P'), ("a4", 'P')] {
            e.place_letter(sq, letter).unwrap();
        }
        assert_eq!(
            messages(&e),
            ["The white pawn on a5 could never move from there."]
        );
    }

    #[test]
    fn black_to_move_and_rule_limits_in_the_export() {
        let mut e = editor("chess", &[("e1", 'K'), ("e8", 'k')]);
        e.set_side_to_move(BLACK).unwrap();
        assert_eq!(
            e.definition().unwrap_err()[0].message,
            "Black is to move, but a definition's start position always has White to move."
        );
        // Symmetric Chess's conversion rule is for at most two bishops a side.
        let v = bundled::load("symmetric-chess").unwrap();
        let mut e = Editor::from_start(&v);
        e.place_letter("e4", 'B').unwrap();
        assert_eq!(e.validate(), Ok(()));
        let err = e.definition().unwrap_err();
        assert_eq!(err.len(), 1);
        assert!(
            err[0]
                .message
                .contains("conversion: White has 3 pieces 'B', the rule is for at most two"),
            "{}",
            err[0]
        );
    }

    #[test]
    fn placing_and_removing() {
        let v = bundled::load("chess").unwrap();
        let mut e = Editor::new(&v);
        let e4 = v.geometry.parse_square("e4").unwrap();
        let n = v.type_by_id('N').unwrap();
        assert_eq!(e.place(e4, WHITE, n), Ok(None));
        let q = v.type_by_id('Q').unwrap();
        assert_eq!(
            e.place_letter("e4", 'q'),
            Ok(Some(Placed {
                colour: WHITE,
                piece_type: n
            }))
        );
        assert_eq!(
            e.piece_at(e4),
            Some(Placed {
                colour: BLACK,
                piece_type: q
            })
        );
        assert_eq!(e.pieces().len(), 1);
        assert_eq!(
            e.remove(e4),
            Some(Placed {
                colour: BLACK,
                piece_type: q
            })
        );
        assert_eq!(e.remove(e4), None);
        assert_eq!(e.remove(250), None);
        assert_eq!(e.piece_at(250), None);
        assert_eq!(
            e.place(64, WHITE, n).unwrap_err(),
            "square number 64 is not on the 8x8 board"
        );
        assert!(e.place(e4, 2, n).is_err());
        assert!(e.place(e4, WHITE, 6).is_err());
        assert_eq!(
            e.place_letter("i1", 'N').unwrap_err(),
            "'i1' is not a square of this 8x8 board"
        );
        assert_eq!(
            e.place_letter("e4", 'X').unwrap_err(),
            "'X' is not a piece of this variant"
        );
        // Symmetric Chess's hidden bishop types cannot be placed.
        let s = bundled::load("symmetric-chess").unwrap();
        let mut e = Editor::new(&s);
        assert!(e.place(0, WHITE, s.types.len() - 1).is_err());
        e.place_letter("a1", 'K').unwrap();
        e.clear();
        assert!(e.pieces().is_empty());
    }

    #[test]
    fn an_edited_game_position() {
        // The editor starts from a game's position too, hidden types shown as their base.
        let v = bundled::load("symmetric-chess").unwrap();
        let mut g = Game::new(&v);
        g.play_text("e2e4").unwrap();
        let e = Editor::from_position(g.position());
        assert_eq!(e.side_to_move(), BLACK);
        let c1 = v.geometry.parse_square("c1").unwrap();
        assert_eq!(
            e.piece_at(c1).unwrap().piece_type,
            v.type_by_id('B').unwrap()
        );
        assert_eq!(e.pieces().len(), 36);
    }
}
