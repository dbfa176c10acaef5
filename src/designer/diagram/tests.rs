//! Tests of the move diagrams: each piece's marks worked out by hand from its Betza.

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
    assert!(d.morphs.is_empty(), "a chess knight never morphs");
    assert_eq!(
        listing(&v, &d),
        sorted(&[
            "d6:both", "f6:both", "c5:both", "g5:both", "c3:both", "g3:both", "d2:both", "f2:both"
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
    let pawn = v.type_by_id('P').unwrap();
    let chancellor = v.type_by_id('C').unwrap();
    let amazon = v.type_by_id('Z').unwrap();
    // On e5, the centre, a knight standing there would be an amazon (rank 5 of its map:
    // PPACZCAPP); the diagram shows the knight's own moves all the same: a knight-rider of two
    // steps (N2), 8 + 8 squares, none on rank 5.
    let d = piece_moves(&v, 'N', WHITE).unwrap();
    assert_eq!(d.piece_type, knight);
    assert_eq!(
        listing(&v, &d),
        sorted(&[
            "d3:both", "f3:both", "c4:both", "g4:both", "c6:both", "g6:both", "d7:both", "f7:both",
            "c1:both", "g1:both", "a3:both", "i3:both", "a7:both", "i7:both", "c9:both", "g9:both"
        ])
    );
    assert_eq!(names(&v, &d.mark(sq(&v, "g9")).unwrap().path), ["f7"]);
    // Where it would morph: all of rank 5, the origin too, each with what it becomes.
    let morphs: Vec<(String, PieceType)> = (d.morphs.iter())
        .map(|&(s, t)| (v.geometry.name(s).to_string(), t))
        .collect();
    let on = |name: &str, t| (name.to_string(), t);
    assert_eq!(
        morphs,
        [
            on("a5", pawn),
            on("b5", pawn),
            on("c5", archbishop),
            on("d5", chancellor),
            on("e5", amazon),
            on("f5", chancellor),
            on("g5", archbishop),
            on("h5", pawn),
            on("i5", pawn)
        ]
    );

    // From e4 it is a knight, a knight-rider of two steps (N2). c5 and g5 lie on rank 5,
    // where its map makes it an archbishop.
    let d = diagram_at(&v, knight, WHITE, sq(&v, "e4")).unwrap();
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
    // e5 is dark: a knight standing there would be an archbishop (BN). The diagram shows the
    // knight's own 8 leaps, which land on light squares, where its map keeps it a knight; it
    // would morph on every dark square (41 of the 81).
    let v = bundled::load("morphomania").unwrap();
    let d = piece_moves(&v, 'N', WHITE).unwrap();
    let archbishop = v.type_by_id('A').unwrap();
    assert_eq!(d.marks.len(), 8);
    assert!(
        d.marks
            .iter()
            .all(|m| m.kind == Kind::Both && m.becomes.is_none())
    );
    assert!(d.marks.iter().all(|m| !v.geometry.is_dark(m.square)));
    assert_eq!(d.morphs.len(), 41);
    assert!(
        (d.morphs.iter()).all(|&(s, t)| v.geometry.is_dark(s) && t == archbishop),
        "{:?}",
        d.morphs
    );
    assert!(d.morphs.iter().any(|&(s, _)| s == d.origin));
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

// ----- Hops, legs and locust captures (walks), from e4 on an empty 8x8 board -----

/// A variant with one piece `X` of `betza` (and the kings, out of the way).
fn with_piece(betza: &str) -> std::sync::Arc<Variant> {
    let text = format!("files=8 ranks=8\npiece:X:{betza}:piece:b1\nking:K:K:king:h1,,a8");
    bundled::compile("walks", &text).unwrap_or_else(|e| panic!("{betza}: {e}"))
}

/// "square:kind" of the marks, sorted; hop marks end in "/hop-move", "/hop-capture" or
/// "/hop-both" (what needs a screen).
fn hops_listing(v: &Variant, d: &Diagram) -> Vec<String> {
    let mut out: Vec<String> = (d.marks.iter())
        .map(|m| {
            let hop = match (m.quiet_hop, m.capture_hop) {
                (false, false) => "",
                (true, false) => "/hop-move",
                (false, true) => "/hop-capture",
                (true, true) => "/hop-both",
            };
            format!("{}:{}{hop}", v.geometry.name(m.square), m.kind.as_str())
        })
        .collect();
    out.sort();
    out
}

fn squares_of(
    v: &Variant,
    d: &Diagram,
    name: &str,
    what: fn(&Mark) -> &Vec<Square>,
) -> Vec<String> {
    names(v, what(d.mark(sq(v, name)).unwrap()))
}

#[test]
fn cannon_captures_over_a_screen() {
    // mRcpR from e4. mR: a quiet move to every square of the rook's lines, 7 + 7.
    // cpR: up to a screen, then on beyond it to capture. With the screen on the first
    // square of a line (e5, e3, d4, f4), the capture squares are all those beyond it;
    // a screen further out only repeats some of them. So the line's first square is
    // `move` only, and every square beyond is `both`, its capture by hopping, with a
    // screen on any square between: e6 over e5; e7 over e5 or e6; e8 over e5, e6 or e7.
    let v = with_piece("mRcpR");
    let d = piece_moves(&v, 'X', WHITE).unwrap();
    assert_eq!(
        hops_listing(&v, &d),
        sorted(&[
            "e5:move",
            "e6:both/hop-capture",
            "e7:both/hop-capture",
            "e8:both/hop-capture",
            "e3:move",
            "e2:both/hop-capture",
            "e1:both/hop-capture",
            "d4:move",
            "c4:both/hop-capture",
            "b4:both/hop-capture",
            "a4:both/hop-capture",
            "f4:move",
            "g4:both/hop-capture",
            "h4:both/hop-capture",
        ])
    );
    let screens = |name| squares_of(&v, &d, name, |m| &m.screens);
    assert_eq!(screens("e6"), ["e5"]);
    assert_eq!(screens("e7"), ["e5", "e6"]);
    assert_eq!(screens("e8"), ["e5", "e6", "e7"]);
    assert_eq!(screens("e1"), ["e2", "e3"]);
    assert_eq!(screens("a4"), ["b4", "c4", "d4"]);
    assert_eq!(screens("h4"), ["f4", "g4"]);
    assert!(screens("e5").is_empty());
    // The quiet ride is the way drawn: a straight line over e5, e6, e7, no legs.
    let e8 = d.mark(sq(&v, "e8")).unwrap();
    assert_eq!(names(&v, &e8.path), ["e5", "e6", "e7"]);
    assert!(e8.route.is_empty() && e8.via.is_empty() && e8.locust.is_empty());
    assert_eq!((e8.quiet, e8.capture), (Reach::Always, Reach::Always));
    // Black's cannon from the same square: the same squares (the lines are symmetric),
    // its capture up the board now over e5 too.
    let b = piece_moves(&v, 'X', BLACK).unwrap();
    assert_eq!(hops_listing(&v, &b), hops_listing(&v, &d));
    // The vao, mBcpB, likewise on the diagonals: f5 moves, g6 and h7 take over f5 or g6.
    let vao = with_piece("mBcpB");
    let d = piece_moves(&vao, 'X', WHITE).unwrap();
    assert_eq!(d.marks.len(), 13);
    assert_eq!(d.mark(sq(&vao, "f5")).unwrap().kind, Kind::Move);
    let h7 = d.mark(sq(&vao, "h7")).unwrap();
    assert!(h7.capture_hop && !h7.quiet_hop);
    assert_eq!(names(&vao, &h7.screens), ["f5", "g6"]);
}

#[test]
fn grasshopper_lands_just_beyond_a_screen() {
    // gQ: along any of the queen's 8 lines up to a screen, then exactly one square beyond
    // it, to move or capture. A screen on each square of a line but the last, so every
    // square of a line but its first is a landing, over the square just before it:
    // north e6 e7 e8 (3), south e2 e1 (2), west c4 b4 a4 (3), east g4 h4 (2), north-east
    // g6 h7 (2), north-west c6 b7 a8 (3), south-east g2 h1 (2), south-west c2 b1 (2): 19.
    let v = with_piece("gQ");
    let d = piece_moves(&v, 'X', WHITE).unwrap();
    let landings = [
        "e6", "e7", "e8", "e2", "e1", "c4", "b4", "a4", "g4", "h4", "g6", "h7", "c6", "b7", "a8",
        "g2", "h1", "c2", "b1",
    ];
    let want: Vec<String> = landings
        .iter()
        .map(|s| format!("{s}:both/hop-both"))
        .collect();
    assert_eq!(
        hops_listing(&v, &d),
        sorted(&want.iter().map(String::as_str).collect::<Vec<_>>())
    );
    let screens = |name| squares_of(&v, &d, name, |m| &m.screens);
    assert_eq!(screens("e8"), ["e7"]);
    assert_eq!(screens("e6"), ["e5"]);
    assert_eq!(screens("a8"), ["b7"]);
    assert_eq!(screens("b1"), ["c2"]);
    // One way to e8: over e5 and e6 (empty), the screen on e7, one step on.
    let e8 = d.mark(sq(&v, "e8")).unwrap();
    assert_eq!(names(&v, &e8.path), ["e5", "e6"]);
    assert_eq!(names(&v, &e8.route), ["e7"]);
    assert!(e8.is_hop() && e8.via.is_empty() && e8.locust.is_empty());
    // Nothing next to it: a screen there leaves no square between to land on.
    assert!(d.mark(sq(&v, "e5")).is_none() && d.mark(sq(&v, "f5")).is_none());
}

#[test]
fn lion_takes_on_the_way_and_comes_back() {
    // KNADcaKcabKmabK from e4. K, N, A and D: every square of the 5x5 box around e4 but
    // e4 itself, 24 squares, each to move or capture, no hop.
    // caK: take a piece on a neighbour, then one king step on from there in any direction
    // but straight back. Each such step stays in the box, so it adds no square, only other
    // ways: a box square's locust squares are e4's neighbours next to it (never itself).
    //   e6: next to d5, e5, f5.  g6: f5 only.  f6: e5, f5.
    //   d4: d3, d5, e3, e5 (e4 is the lion's own square).  e5: d4, d5, f4, f5.
    // cabK: take on a neighbour and step straight back: the igui, ending on e4. mabK: out
    // to an empty neighbour and back, e4 again. So e4 is marked `move` (both ways end on
    // an empty square, the one the lion left), with all 8 neighbours as via squares
    // (mabK) and as locust squares (cabK). Some way to it takes nothing: not locust-only.
    let v = with_piece("KNADcaKcabKmabK");
    let d = piece_moves(&v, 'X', WHITE).unwrap();
    assert_eq!(d.marks.len(), 25);
    let e4 = sq(&v, "e4");
    for m in d.marks.iter().filter(|m| m.square != e4) {
        assert_eq!(m.kind, Kind::Both, "{}", v.geometry.name(m.square));
        assert!(!m.is_hop() && !m.locust_only && m.via.is_empty() && m.route.is_empty());
        assert!(m.path.is_empty(), "a leap: {}", v.geometry.name(m.square));
    }
    let locust = |name| squares_of(&v, &d, name, |m| &m.locust);
    assert_eq!(locust("e6"), ["d5", "e5", "f5"]);
    assert_eq!(locust("g6"), ["f5"]);
    assert_eq!(locust("f6"), ["e5", "f5"]);
    assert_eq!(locust("d4"), ["d3", "e3", "d5", "e5"]);
    assert_eq!(locust("e5"), ["d4", "f4", "d5", "f5"]);
    let ring = ["d3", "e3", "f3", "d4", "f4", "d5", "e5", "f5"];
    let home = d.mark(e4).unwrap();
    assert_eq!(home.kind, Kind::Move);
    assert_eq!((home.quiet, home.capture), (Reach::Always, Reach::Never));
    assert_eq!(names(&v, &home.locust), ring);
    assert_eq!(names(&v, &home.via), ring);
    assert!(!home.locust_only);
    // The way drawn is the plainest: mabK's first, out to e5 and back, needing no piece.
    assert_eq!(names(&v, &home.route), ["e5"]);

    // A piece that only takes on the way (caK alone): its squares are locust-only, and
    // the way drawn turns on the victim's square.
    let v = with_piece("caK");
    let d = piece_moves(&v, 'X', WHITE).unwrap();
    let g6 = d.mark(sq(&v, "g6")).unwrap();
    assert!(g6.locust_only);
    assert_eq!(names(&v, &g6.route), ["f5"]);
    assert!(d.mark(e4).is_none(), "no way back without `b`");
}

#[test]
fn griffon_turns_after_a_diagonal_step() {
    // yafsF: one diagonal step to an empty square (`y`: a move, and the next leg slides),
    // then 45° either way, outward along a rook line to the edge, to move or capture.
    // NE f5: east g5 h5, north f6 f7 f8. NW d5: north d6 d7 d8, west c5 b5 a5.
    // SE f3: south f2 f1, east g3 h3. SW d3: west c3 b3 a3, south d2 d1. 20 squares;
    // not the diagonal squares themselves. Each turns on its diagonal square (`via`),
    // which must be empty like the squares the slide passes.
    let v = with_piece("yafsF");
    let d = piece_moves(&v, 'X', WHITE).unwrap();
    let all = [
        "g5", "h5", "f6", "f7", "f8", "d6", "d7", "d8", "c5", "b5", "a5", "f2", "f1", "g3", "h3",
        "c3", "b3", "a3", "d2", "d1",
    ];
    let want: Vec<String> = all.iter().map(|s| format!("{s}:both")).collect();
    assert_eq!(
        hops_listing(&v, &d),
        sorted(&want.iter().map(String::as_str).collect::<Vec<_>>())
    );
    let f8 = d.mark(sq(&v, "f8")).unwrap();
    assert_eq!(names(&v, &f8.via), ["f5"]);
    assert_eq!(names(&v, &f8.route), ["f5"]);
    assert_eq!(names(&v, &f8.path), ["f5", "f6", "f7"]);
    assert!(f8.locust.is_empty() && f8.screens.is_empty() && !f8.is_hop());
    assert_eq!(names(&v, &d.mark(sq(&v, "a3")).unwrap().route), ["d3"]);
    assert!(d.mark(sq(&v, "f5")).is_none());

    // Tamerlane's giraffe, afsafyafF: a diagonal step, a 45° turn, then at least three
    // orthogonal steps straight on. From e4 only four squares have room: f8 (f5, f6, f7),
    // d8 (d5, d6, d7), a5 (d5, c5, b5), a3 (d3, c3, b3).
    let v = with_piece("afsafyafF");
    let d = piece_moves(&v, 'X', WHITE).unwrap();
    assert_eq!(
        hops_listing(&v, &d),
        sorted(&["f8:both", "d8:both", "a5:both", "a3:both"])
    );
    let a5 = d.mark(sq(&v, "a5")).unwrap();
    assert_eq!(names(&v, &a5.route), ["d5", "c5", "b5"]);
    assert_eq!(names(&v, &a5.via), ["b5", "c5", "d5"]);
}

/// A leg that may also end the move (a crooked path's steps, `?` in brackets) marks the
/// square where it ends as well as those beyond: `zB` from e4 may stop after its first step,
/// on d3, d5, f3 or f5 (the diagram once marked only the squares beyond), and the griffon
/// `[F?R]` on its ferz steps, by a way of one leg.
#[test]
fn legs_that_may_end_the_move_mark_where_they_end() {
    let v = with_piece("zB");
    let d = piece_moves(&v, 'X', WHITE).unwrap();
    for s in ["d3", "d5", "f3", "f5"] {
        assert_eq!(d.mark(sq(&v, s)).map(|m| m.kind), Some(Kind::Both), "{s}");
    }
    let v = with_piece("[F?R]");
    let d = piece_moves(&v, 'X', WHITE).unwrap();
    let f5 = d.mark(sq(&v, "f5")).unwrap();
    assert_eq!(f5.kind, Kind::Both);
    assert!(f5.route.is_empty(), "{:?}", names(&v, &f5.route));
}

#[test]
fn a_walk_too_big_to_follow_stops() {
    // Four sliding legs, each any of the eight ways: 4,096 walks, millions of squares
    // (the reader refuses such a move, `betza::MAX_PATH_STEPS`, but a piece of many
    // smaller ones adds up). The search stops at its budget instead of taking seconds.
    use crate::betza::LegModes;
    use crate::walk::{Stride, Walk};
    let v = with_piece("Q");
    let dirs = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    let stride = |d: (i8, i8)| {
        let modes = LegModes {
            quiet: true,
            capture: true,
            ..LegModes::default()
        };
        Stride::new(d, 0, modes)
    };
    let walks: Vec<Walk> = (0..4096usize)
        .map(|i| Walk {
            legs: (0..4).map(|k| stride(dirs[i >> (3 * k) & 7])).collect(),
            initial: false,
            plain: true,
            unload: false,
            marks: Default::default(),
        })
        .collect();
    let mut found = 0;
    let done = ways::explore(v.geometry, centre(&v), &walks, &mut |_, _, _, _| found += 1);
    assert!(!done);
    assert!(found > 0);
}

/// `udW` from e4: it takes a friend a step away orthogonally and puts it down on its own
/// square (a swap), so each of the four squares is a capture whose piece goes to e4; `mafucW`
/// takes two squares away, over an empty square, and puts the piece taken on the square
/// between.
#[test]
fn unloads_say_where_the_piece_taken_goes() {
    let v = with_piece("udW");
    let d = piece_moves(&v, 'X', WHITE).unwrap();
    assert_eq!(d.marks.len(), 4);
    for m in &d.marks {
        assert_eq!(m.kind, Kind::Capture);
        assert_eq!(names(&v, &m.unload), ["e4"]);
    }
    let v = with_piece("mafucW");
    let d = piece_moves(&v, 'X', WHITE).unwrap();
    let e6 = d.mark(sq(&v, "e6")).unwrap();
    assert_eq!(names(&v, &e6.unload), ["e5"]);
    assert_eq!(names(&v, &e6.via), ["e5"]);
    assert_eq!(d.marks.len(), 4);
}

#[test]
fn a_double_jumper_marks_both_victims() {
    // cafcafmW from e4: a step onto a piece, straight on onto another, straight on to an
    // empty square. Its only squares are two steps beyond two victims: e7 (over e5, e6), b4
    // (d4, c4), h4 (f4, g4), e1 (e3, e2); each reached only by taking both.
    let v = with_piece("cafcafmW");
    let d = piece_moves(&v, 'X', WHITE).unwrap();
    assert_eq!(
        listing(&v, &d),
        sorted(&["b4:move", "e1:move", "e7:move", "h4:move"])
    );
    let e7 = d.mark(sq(&v, "e7")).unwrap();
    assert_eq!(names(&v, &e7.locust), ["e5", "e6"]);
    assert!(e7.locust_only);
    assert_eq!(names(&v, &e7.route), ["e5", "e6"]);
}
