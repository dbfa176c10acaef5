//! Move diagrams for the piece legend (the page's `pieceMoves(letter, colour)`): every square a
//! piece type reaches from one square of an otherwise empty board, each with one kind —
//! `move`, `capture`, `both`, `initial`, `castle` or `morph` — the squares the move passes
//! over (so the page can draw a ride as a line) and, for a morph, the type the piece becomes.
//!
//! How the diagram is made, and why:
//! - **From the move tables, not from legal moves.** [`Variant::rays_for`] gives every step of
//!   every ray with its own flags (quiet, capture, initial-only, en passant). On an empty board
//!   nothing blocks, so every step that allows something is a target. Legal move generation
//!   would need both royal pieces on the board for its royal-safety test (where they could
//!   block or be attacked), an unmoved flag for initial moves, and an enemy on every square to
//!   show a capture-only target. The tables need none of that, so no royal piece is placed.
//! - **The origin** is the central square: file `files / 2`, rank `(ranks - 1) / 2` (e4 on
//!   8x8, e5 on 9x9), the same square for both colours; Black's moves point down the board.
//!   [`diagram_at`] takes any origin.
//! - **The form.** A piece standing on the origin has the type its morph map gives there:
//!   Morphing Chess's knight on e5 is an amazon, so its diagram from e5 shows the amazon's
//!   moves, and [`Diagram::form`] says so. Every target is then judged by the form's morph map.
//! - **Kinds.** Squares reached by an always-allowed quiet move and capture are `both`; only one
//!   of them, `move` or `capture` (a capture-only square is one it would capture on if an enemy
//!   stood there; en passant counts as capture). A square reached only by first moves (the
//!   pawn's double step) is `initial`, as the Interactive Diagram shows them, as if the piece
//!   had not moved yet. A square where arriving changes the piece's type is `morph`, with
//!   [`Mark::becomes`] and the underlying [`Mark::action`]. One kind cannot say everything:
//!   [`Mark::quiet`] and [`Mark::capture`] say exactly what is allowed always and what only as
//!   a first move (Morphing Chess III's pawn on a1 captures on c1 always and moves there only
//!   as its first move: kind `capture`, quiet [`Reach::Initial`]).
//! - **Castling** needs the piece unmoved on its start square with an unmoved partner in the
//!   corner of its rank. An empty board has no partner, so the diagram from the centre shows no
//!   castling. From one of the type's start squares (for that colour), [`diagram_at`] shows the
//!   squares the piece lands on when castling, as if partners stood in both corners (where its
//!   castling rule allows: at least two squares to the corner and a landing square short of
//!   it); a square a normal move also reaches keeps the normal move's kind.
//! - **Promotion** is not a kind: a mark in the promotion zone of a promoting type has
//!   [`Mark::promotes`] set.

use crate::geometry::Square;
use crate::piece::{Colour, PieceType};
use crate::variant::{Variant, step};

/// What a piece does on a marked square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A quiet move only.
    Move,
    /// A capture only (where an enemy stands).
    Capture,
    /// Quiet move and capture.
    Both,
    /// Only as the piece's first move.
    Initial,
    /// Where the piece lands when castling.
    Castle,
    /// Arriving there changes the piece's type.
    Morph,
}

impl Kind {
    /// The page's name for the kind: `move`, `capture`, `both`, `initial`, `castle`, `morph`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::Capture => "capture",
            Kind::Both => "both",
            Kind::Initial => "initial",
            Kind::Castle => "castle",
            Kind::Morph => "morph",
        }
    }
}

/// When a piece may do something on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    Never,
    /// Only as its first move.
    Initial,
    Always,
}

/// One square of a diagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub square: Square,
    /// The one kind the page shows: `Morph` when arriving changes the type, else `action`.
    pub kind: Kind,
    /// What the move does there, morph aside (never `Morph`).
    pub action: Kind,
    /// A quiet move there (never for a castling square, which `action` says).
    pub quiet: Reach,
    /// A capture there (en passant included).
    pub capture: Reach,
    /// The (visible) type the piece becomes on arrival, when its morph map changes it.
    pub becomes: Option<PieceType>,
    /// The squares the move passes over, which must be empty, from the origin on: empty for a
    /// leap or a one-square step, the squares before the target for a ride or a lame leap.
    pub path: Vec<Square>,
    /// The piece promotes on arrival (a promoting type in its promotion zone).
    pub promotes: bool,
}

impl Mark {
    /// Reached along a line over other squares (the page draws a line).
    pub fn is_ride(&self) -> bool {
        !self.path.is_empty()
    }
}

/// The move diagram of a piece type for one colour from one square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// The type asked for.
    pub piece_type: PieceType,
    pub colour: Colour,
    pub origin: Square,
    /// The type whose moves are shown: `piece_type`, or what its morph map makes of it on the
    /// origin.
    pub form: PieceType,
    /// The reachable squares, in square order.
    pub marks: Vec<Mark>,
}

impl Diagram {
    /// The mark on a square, if the piece reaches it.
    pub fn mark(&self, sq: Square) -> Option<&Mark> {
        self.marks.iter().find(|m| m.square == sq)
    }
}

/// The central square: file `files / 2`, rank `(ranks - 1) / 2` (e4 on 8x8, e5 on 9x9).
pub fn centre(v: &Variant) -> Square {
    let g = v.geometry;
    g.square(g.files / 2, (g.ranks - 1) / 2)
}

/// The diagram of the piece with this ID letter (either case) for `colour` from the centre:
/// the page's `pieceMoves(letter, colour)`.
pub fn piece_moves(v: &Variant, letter: char, colour: Colour) -> Result<Diagram, String> {
    let t = v
        .type_by_id(letter.to_ascii_uppercase())
        .ok_or_else(|| format!("'{letter}' is not a piece of this variant"))?;
    diagram_at(v, t, colour, centre(v))
}

/// The diagram of piece type `t` for `colour` from the centre.
pub fn diagram(v: &Variant, t: PieceType, colour: Colour) -> Result<Diagram, String> {
    diagram_at(v, t, colour, centre(v))
}

/// The diagram of piece type `t` for `colour` from `origin` (castling shows from one of the
/// type's start squares).
pub fn diagram_at(
    v: &Variant,
    t: PieceType,
    colour: Colour,
    origin: Square,
) -> Result<Diagram, String> {
    if t.index() >= v.types.len() {
        return Err(format!("there is no piece type number {}", t.index()));
    }
    let g = v.geometry;
    if origin as usize >= g.len() {
        return Err(format!(
            "square number {origin} is not on the {}x{} board",
            g.files, g.ranks
        ));
    }
    let form = v.morph_at(t, origin).unwrap_or(t);

    // Per target: the union of its steps' flags and the shortest path to it.
    let wanted = step::QUIET | step::CAPTURE | step::QUIET_I | step::CAPTURE_I | step::EP;
    let mut found: Vec<(Square, u8, Vec<Square>)> = Vec::new();
    for r in v.rays_for(colour, form, origin) {
        let steps = v.ray_steps(r);
        for (k, s) in steps.iter().enumerate() {
            let flags = s.flags & wanted;
            if flags == 0 {
                continue;
            }
            let path: Vec<Square> = steps[..k].iter().map(|p| p.to).collect();
            match found.iter_mut().find(|(sq, _, _)| *sq == s.to) {
                Some(entry) => {
                    entry.1 |= flags;
                    if path.len() < entry.2.len() {
                        entry.2 = path;
                    }
                }
                None => found.push((s.to, flags, path)),
            }
        }
    }

    let mark = |square: Square, flags: u8, path: Vec<Square>| {
        let reach = |always: u8, initial: u8| {
            if flags & always != 0 {
                Reach::Always
            } else if flags & initial != 0 {
                Reach::Initial
            } else {
                Reach::Never
            }
        };
        let quiet = reach(step::QUIET, step::QUIET_I);
        let capture = reach(step::CAPTURE | step::EP, step::CAPTURE_I);
        let action = match (quiet, capture) {
            _ if flags == 0 => Kind::Castle,
            (Reach::Always, Reach::Always) => Kind::Both,
            (Reach::Always, _) => Kind::Move,
            (_, Reach::Always) => Kind::Capture,
            _ => Kind::Initial,
        };
        let becomes = v
            .morph_at(form, square)
            .filter(|&b| b != form)
            .map(|b| v.display_type(b));
        Mark {
            square,
            kind: if becomes.is_some() {
                Kind::Morph
            } else {
                action
            },
            action,
            quiet,
            capture,
            becomes,
            path,
            promotes: v.types[form].promotes && v.promo_zone[colour.index()].contains(square),
        }
    };
    let mut marks: Vec<Mark> = found
        .into_iter()
        .map(|(sq, flags, path)| mark(sq, flags, path))
        .collect();

    // Castling, from a start square only.
    if v.types[t].start[colour.index()].contains(&origin) {
        let (f0, r) = (i32::from(g.file(origin)), g.rank(origin));
        for &(dir, dist) in &v.types[form].castles {
            let edge = if dir < 0 { 0 } else { i32::from(g.files) - 1 };
            let span = (edge - f0).abs();
            if span < 2 || i32::from(dist) >= span {
                continue;
            }
            let file = |k: i32| g.square((f0 + i32::from(dir) * k) as u8, r);
            let to = file(i32::from(dist));
            if marks.iter().any(|m| m.square == to) {
                continue;
            }
            let path = (1..i32::from(dist)).map(file).collect();
            // No step flags: a castling square.
            marks.push(mark(to, 0, path));
        }
    }
    // One mark a square (`found` is by square; castling skips a square marked): distinct keys.
    crate::keyed::sort_keyed(&mut marks, |m| m.square.into());
    Ok(Diagram {
        piece_type: t,
        colour,
        origin,
        form,
        marks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::position::{BLACK, WHITE};

    fn sq(v: &Variant, name: &str) -> Square {
        v.geometry.parse_square(name).unwrap()
    }

    fn names(v: &Variant, squares: &[Square]) -> Vec<String> {
        squares
            .iter()
            .map(|&s| v.geometry.name(s).to_string())
            .collect()
    }

    /// The marks as "square:kind", sorted by name, for comparing with a hand-made list.
    fn listing(v: &Variant, d: &Diagram) -> Vec<String> {
        let mut out: Vec<String> = d
            .marks
            .iter()
            .map(|m| format!("{}:{}", v.geometry.name(m.square), m.kind.as_str()))
            .collect();
        out.sort();
        out
    }

    fn sorted(items: &[&str]) -> Vec<String> {
        let mut out: Vec<String> = items.iter().map(|s| s.to_string()).collect();
        out.sort();
        out
    }

    #[test]
    fn centre_squares() {
        let chess = bundled::load("chess").unwrap();
        assert_eq!(chess.geometry.name(centre(&chess)).to_string(), "e4");
        let morph = bundled::load("morphing-chess").unwrap();
        assert_eq!(morph.geometry.name(centre(&morph)).to_string(), "e5");
        // 9 files, 8 ranks: file 4, rank 3.
        let sym = bundled::load("symmetric-chess").unwrap();
        assert_eq!(sym.geometry.name(centre(&sym)).to_string(), "e4");
    }

    #[test]
    fn knight_leaps() {
        let v = bundled::load("chess").unwrap();
        let d = piece_moves(&v, 'N', WHITE).unwrap();
        assert_eq!(d.origin, sq(&v, "e4"));
        assert_eq!(d.form, d.piece_type);
        assert_eq!(
            listing(&v, &d),
            sorted(&[
                "d6:both", "f6:both", "c5:both", "g5:both", "c3:both", "g3:both", "d2:both",
                "f2:both"
            ])
        );
        assert!(d.marks.iter().all(|m| !m.is_ride() && m.becomes.is_none()));
        // Either case of the letter names the type; Black's knight leaps the same.
        let black = piece_moves(&v, 'n', BLACK).unwrap();
        assert_eq!(listing(&v, &black), listing(&v, &d));
    }

    #[test]
    fn pawn_initial_step_and_capture_only_diagonals() {
        let v = bundled::load("chess").unwrap();
        let d = piece_moves(&v, 'P', WHITE).unwrap();
        assert_eq!(
            listing(&v, &d),
            sorted(&["e5:move", "e6:initial", "d5:capture", "f5:capture"])
        );
        // The double step passes over e5, which must be empty.
        let e6 = d.mark(sq(&v, "e6")).unwrap();
        assert_eq!(names(&v, &e6.path), ["e5"]);
        assert_eq!((e6.quiet, e6.capture), (Reach::Initial, Reach::Never));
        let d5 = d.mark(sq(&v, "d5")).unwrap();
        assert_eq!((d5.quiet, d5.capture), (Reach::Never, Reach::Always));
        assert!(d.mark(sq(&v, "e5")).unwrap().path.is_empty());
        // Black's pawn from the same square goes down the board.
        let b = piece_moves(&v, 'P', BLACK).unwrap();
        assert_eq!(
            listing(&v, &b),
            sorted(&["e3:move", "e2:initial", "d3:capture", "f3:capture"])
        );
        // From e7, every target is on the last rank: each promotes.
        let d = diagram_at(&v, d.piece_type, WHITE, sq(&v, "e7")).unwrap();
        assert_eq!(
            listing(&v, &d),
            sorted(&["e8:move", "d8:capture", "f8:capture"])
        );
        assert!(d.marks.iter().all(|m| m.promotes));
        assert!(!piece_moves(&v, 'P', WHITE).unwrap().marks[0].promotes);
    }

    #[test]
    fn one_kind_and_the_exact_reach() {
        // Morphing Chess III's pawn, sWFisnDscnD, on a1: b1 and b2 by sW and F (move and
        // capture); c1 by the lame sideways D, as a first move (isnD) or to capture (scnD).
        let v = bundled::load("morphing-chess-3").unwrap();
        let d = diagram_at(&v, v.type_by_id('P').unwrap(), WHITE, sq(&v, "a1")).unwrap();
        assert_eq!(
            listing(&v, &d),
            sorted(&["b1:both", "b2:both", "c1:capture"])
        );
        let c1 = d.mark(sq(&v, "c1")).unwrap();
        assert_eq!((c1.quiet, c1.capture), (Reach::Initial, Reach::Always));
        assert_eq!(names(&v, &c1.path), ["b1"]);
    }

    #[test]
    fn rook_rides() {
        let v = bundled::load("chess").unwrap();
        let d = piece_moves(&v, 'R', WHITE).unwrap();
        // 7 squares of the e-file and 7 of the 4th rank.
        assert_eq!(d.marks.len(), 14);
        assert!(d.marks.iter().all(|m| m.kind == Kind::Both));
        let path = |name: &str| names(&v, &d.mark(sq(&v, name)).unwrap().path);
        assert_eq!(path("e8"), ["e5", "e6", "e7"]);
        assert_eq!(path("a4"), ["d4", "c4", "b4"]);
        assert_eq!(path("e1"), ["e3", "e2"]);
        assert!(path("e5").is_empty());
        assert!(d.mark(sq(&v, "e8")).unwrap().is_ride());
        assert!(d.mark(sq(&v, "f5")).is_none());
    }

    #[test]
    fn king_castles_from_its_start_square_only() {
        let v = bundled::load("chess").unwrap();
        let king = v.type_by_id('K').unwrap();
        // From the centre: the eight neighbours, no castling (no partner on an empty board).
        let d = diagram(&v, king, WHITE).unwrap();
        assert_eq!(d.marks.len(), 8);
        assert!(d.marks.iter().all(|m| m.kind == Kind::Both));
        // From e1, White's start square: the five neighbours and the two castling squares.
        let d = diagram_at(&v, king, WHITE, sq(&v, "e1")).unwrap();
        assert_eq!(
            listing(&v, &d),
            sorted(&[
                "d1:both",
                "d2:both",
                "e2:both",
                "f2:both",
                "f1:both",
                "c1:castle",
                "g1:castle"
            ])
        );
        let c1 = d.mark(sq(&v, "c1")).unwrap();
        assert_eq!(names(&v, &c1.path), ["d1"]);
        assert_eq!(
            (c1.action, c1.quiet, c1.capture),
            (Kind::Castle, Reach::Never, Reach::Never)
        );
        assert_eq!(names(&v, &d.mark(sq(&v, "g1")).unwrap().path), ["f1"]);
        // e1 is not Black's start square; e8 is.
        let d = diagram_at(&v, king, BLACK, sq(&v, "e1")).unwrap();
        assert!(d.marks.iter().all(|m| m.kind != Kind::Castle));
        assert_eq!(d.marks.len(), 5);
        let d = diagram_at(&v, king, BLACK, sq(&v, "e8")).unwrap();
        let castles: Vec<String> = d
            .marks
            .iter()
            .filter(|m| m.kind == Kind::Castle)
            .map(|m| v.geometry.name(m.square).to_string())
            .collect();
        assert_eq!(castles, ["c8", "g8"]);

        // Symmetric Chess (9 files): the king castles three squares, to b1 and h1.
        let s = bundled::load("symmetric-chess").unwrap();
        let d = diagram_at(&s, s.type_by_id('K').unwrap(), WHITE, sq(&s, "e1")).unwrap();
        let castles: Vec<(String, Vec<String>)> = d
            .marks
            .iter()
            .filter(|m| m.kind == Kind::Castle)
            .map(|m| (s.geometry.name(m.square).to_string(), names(&s, &m.path)))
            .collect();
        assert_eq!(
            castles,
            [
                ("b1".to_string(), vec!["d1".to_string(), "c1".to_string()]),
                ("h1".to_string(), vec!["f1".to_string(), "g1".to_string()])
            ]
        );
    }

    #[test]
    fn morphing_chess_knight() {
        let v = bundled::load("morphing-chess").unwrap();
        let knight = v.type_by_id('N').unwrap();
        let archbishop = v.type_by_id('A').unwrap();
        // On e5, the centre, the knight is an amazon (rank 5 of its map: PPACZCAPP): the
        // diagram is the amazon's, 16 + 16 queen squares and 8 knight squares, no morph
        // (the amazon has no map).
        let d = piece_moves(&v, 'N', WHITE).unwrap();
        assert_eq!(d.piece_type, knight);
        assert_eq!(d.form, v.type_by_id('Z').unwrap());
        assert_eq!(d.marks.len(), 40);
        assert!(d.marks.iter().all(|m| m.kind == Kind::Both));
        assert_eq!(
            names(&v, &d.mark(sq(&v, "e9")).unwrap().path),
            ["e6", "e7", "e8"]
        );

        // From e4 it is a knight, a knight-rider of two steps (N2). c5 and g5 lie on rank 5,
        // where its map makes it an archbishop.
        let d = diagram_at(&v, knight, WHITE, sq(&v, "e4")).unwrap();
        assert_eq!(d.form, knight);
        assert_eq!(
            listing(&v, &d),
            sorted(&[
                "f6:both", "d6:both", "g5:morph", "c5:morph", "g3:both", "c3:both", "f2:both",
                "d2:both", "g8:both", "c8:both", "i6:both", "a6:both", "i2:both", "a2:both"
            ])
        );
        for name in ["c5", "g5"] {
            let m = d.mark(sq(&v, name)).unwrap();
            assert_eq!(m.becomes, Some(archbishop), "{name}");
            assert_eq!(m.action, Kind::Both);
        }
        // The second step rides over the first: g8 over f6, a6 over c5 (no morph on the way).
        assert_eq!(names(&v, &d.mark(sq(&v, "g8")).unwrap().path), ["f6"]);
        let a6 = d.mark(sq(&v, "a6")).unwrap();
        assert_eq!(names(&v, &a6.path), ["c5"]);
        assert_eq!(a6.becomes, None);
    }

    #[test]
    fn morphomania_knight_on_a_dark_centre() {
        // e5 is dark: the knight there is an archbishop (BN). Its bishop moves stay on dark
        // squares (no change there); its knight moves land on light squares, where the
        // archbishop's map makes it a knight again.
        let v = bundled::load("morphomania").unwrap();
        let d = piece_moves(&v, 'N', WHITE).unwrap();
        assert_eq!(d.form, v.type_by_id('A').unwrap());
        let knight = v.type_by_id('N').unwrap();
        assert_eq!(d.marks.len(), 24);
        let morphs: Vec<String> = {
            let mut m: Vec<String> = d
                .marks
                .iter()
                .filter(|m| m.kind == Kind::Morph)
                .map(|m| {
                    assert_eq!(m.becomes, Some(knight));
                    v.geometry.name(m.square).to_string()
                })
                .collect();
            m.sort();
            m
        };
        assert_eq!(
            morphs,
            sorted(&["f7", "d7", "g6", "c6", "g4", "c4", "f3", "d3"])
        );
        let diagonal: Vec<&Mark> = d.marks.iter().filter(|m| m.kind == Kind::Both).collect();
        assert_eq!(diagonal.len(), 16);
        assert!(diagonal.iter().all(|m| v.geometry.is_dark(m.square)));
    }

    #[test]
    fn bad_requests_are_refused() {
        let v = bundled::load("chess").unwrap();
        assert_eq!(
            piece_moves(&v, 'X', WHITE).unwrap_err(),
            "'X' is not a piece of this variant"
        );
        assert!(piece_moves(&v, '1', WHITE).is_err());
        assert!(diagram(&v, PieceType::new(60), WHITE).is_err());
        assert_eq!(
            diagram_at(&v, PieceType::new(0), WHITE, 64).unwrap_err(),
            "square number 64 is not on the 8x8 board"
        );
    }
}
