//! Issue 25's rule for the definition text: never refuse what the Interactive Diagram shows.
//! What its script reads, fairylab reads the same way (a square named twice, a line of too
//! few fields, `promoChoice` letters of no piece, `firstRank`, blocks of squares); what
//! fairylab cannot play yet is a warning starting `not played:` and the rest is played.
//! Expected squares and moves worked out by hand from the Diagram's script.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from, to};
use fairylab::definition::{self, Severity};
use fairylab::geometry::Square;
use fairylab::{bundled, position::Position};

/// The square names of a list, sorted.
fn names(spec: &definition::Spec, squares: &[Square]) -> Vec<String> {
    let mut v: Vec<String> = (squares.iter())
        .map(|&sq| spec.geometry.name(sq).to_string())
        .collect();
    v.sort();
    v
}

fn not_played(spec: &definition::Spec) -> Vec<String> {
    (spec.warnings.iter())
        .filter(|w| w.message.starts_with("not played:"))
        .map(|w| w.to_string())
        .collect()
}

/// A real text puts holes over squares its pawn line named: the later line wins, as the
/// Diagram puts its lines' pieces on the board one after another. The hole's mirror image
/// (for Black) replaces Black's pawn too. A later piece line replaces an earlier piece.
#[test]
fn a_square_named_by_two_lines_holds_what_the_later_one_puts_there() {
    let text = "files=8 ranks=8 promoZone=0\npawn:P:fW:pawn:a2-h2\nhole::::d2\n\
                knight:N:N:knight:b1,g1\nbishop:B:B:bishop:g1\nking:K:K:king:e1";
    let (spec, diags) = definition::check(text);
    let spec = spec.unwrap_or_else(|| panic!("{diags:?}"));
    let pawn = &spec.pieces[0];
    assert_eq!(
        names(&spec, &pawn.white),
        ["a2", "b2", "c2", "e2", "f2", "g2", "h2"]
    );
    assert_eq!(
        names(&spec, &pawn.black),
        ["a7", "b7", "c7", "e7", "f7", "g7", "h7"]
    );
    let g = spec.geometry;
    assert!(
        g.is_hole(g.square(3, 1)) && g.is_hole(g.square(3, 6)),
        "d2 and d7"
    );
    assert_eq!(names(&spec, &spec.pieces[1].white), ["b1"]);
    assert_eq!(names(&spec, &spec.pieces[2].white), ["g1"]);
    assert_eq!(names(&spec, &spec.pieces[2].black), ["g8"]);
    // One warning per square taken over (d2, d7, g1, g8), none refusing or `not played:`.
    let taken: Vec<_> = diags
        .iter()
        .filter(|d| d.message.contains("named before"))
        .collect();
    assert_eq!(taken.len(), 4, "{diags:?}");
    assert!(diags.iter().all(|d| d.severity == Severity::Warning));
    assert!(not_played(&spec).is_empty());
    // Played: the d-file has no pawn, d2 is no square to move to.
    let v = bundled::compile("t", text).unwrap();
    let p = Position::start(&v);
    assert_eq!(moves_from(&p, "c2"), to("c2", &["c3"]));
    assert!(
        moves_from(&p, "g1").is_empty(),
        "the bishop on g1, between its pawns"
    );
}

/// A piece put on a hole by a later line: fairylab makes the square part of the board, and
/// says what differs (the Diagram's hole comes back when the piece leaves).
#[test]
fn a_piece_on_an_earlier_hole_stands_there_and_says_what_differs() {
    let text = "files=8 ranks=8 promoZone=0\nhole::::d4\nrook:R:R:rook:d4\nking:K:K:king:e1";
    let spec = definition::load(text).unwrap();
    let g = spec.geometry;
    assert!(!g.is_hole(g.square(3, 3)));
    assert_eq!(names(&spec, &spec.pieces[0].white), ["d4"]);
    let np = not_played(&spec);
    assert_eq!(np.len(), 2, "d4 and its mirror d5: {np:?}");
    assert!(np[0].contains("d4 is a hole"), "{np:?}");
}

/// A piece line of fewer than five fields is skipped, as the Diagram skips it, with a warning;
/// fields past the sixth are ignored, as the Diagram reads six.
#[test]
fn a_malformed_piece_line_is_skipped_with_a_warning() {
    let text = "files=8 ranks=8 promoZone=0\npawn:P:fW:pawn\nknight:N:N:knight:b1:0:extra\n\
                king:K:K:king:e1";
    let (spec, diags) = definition::check(text);
    let spec = spec.unwrap_or_else(|| panic!("{diags:?}"));
    let ids: String = spec.pieces.iter().map(|p| p.id).collect();
    assert_eq!(ids, "NK", "the pawn line is skipped");
    assert_eq!(
        diags[0].to_string().split(": warning: ").next(),
        Some("2:1")
    );
    assert!(diags[0].message.contains("has 4 fields"), "{}", diags[0]);
    assert!(
        diags[0]
            .message
            .contains("skipped, as the Diagram skips it")
    );
    assert!(
        diags[1]
            .message
            .contains("those after the sixth are ignored")
    );
    assert_eq!((diags[1].line, diags[1].col), (3, 24));
    // The game is played: the knight moves from b1.
    let v = bundled::compile("t", text).unwrap();
    assert_eq!(
        moves_from(&Position::start(&v), "b1"),
        to("b1", &["a3", "c3", "d2"])
    );
}

/// `promoChoice` letters no piece has are ignored, as the Diagram ignores them (it looks for
/// each piece's ID in the text), each with a warning; the others are the choices.
#[test]
fn promo_choice_letters_of_no_piece_are_ignored_with_a_warning() {
    let text = "files=8 ranks=8 promoChoice=QXN!Z\npawn:P:fmWfcF:pawn:a2-h2\n\
                knight:N:N:knight:b1\nqueen:Q:Q:queen:d1\nking:K:K:king:e1";
    let (spec, diags) = definition::check(text);
    let spec = spec.unwrap_or_else(|| panic!("{diags:?}"));
    let choice: String = spec
        .promo_choice
        .iter()
        .map(|&t| spec.pieces[t].id)
        .collect();
    assert_eq!(choice, "QN");
    let at: Vec<(u32, u32)> = diags.iter().map(|d| (d.line, d.col)).collect();
    assert_eq!(at, [(1, 30), (1, 33)], "X and Z: {diags:?}");
    assert!(
        diags
            .iter()
            .all(|d| d.message.contains("ignored, as the Diagram ignores it"))
    );
    // A white pawn on g7 promotes to a queen or a knight on g8, and to nothing else.
    let v = bundled::compile("t", text).unwrap();
    let p = fairylab::fen::from_fen(&v, "4k3/6P1/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(moves_from(&p, "g7"), ["g7g8n", "g7g8q"]);
}

/// Every key of later versions of the Diagram's script fairylab does not play yet loads with a
/// `not played:` warning naming the key, and the game is played without it: the same moves
/// as without the key.
#[test]
fn keys_not_played_yet_warn_and_the_rest_is_played() {
    let base = "files=8 ranks=8 promoZone=0 knight:N:N:knight:b1 king:K:K:king:e1";
    let plain = Position::start(&bundled::compile("t", base).unwrap()).perft(2);
    // Each says what fairylab plays instead.
    for (key, instead) in [
        (
            "captureMatrix",
            "every piece takes whatever enemy piece its moves reach",
        ),
        ("spell", "no piece's moves depend on pieces near it"),
        ("trackPieces", "no piece is told apart from its type"),
        ("trackedTypes", "no piece is told apart from its type"),
        ("spellZone", "no piece's moves depend on pieces near it"),
        (
            "blastZone",
            "a capture takes only the pieces its move takes",
        ),
        (
            "atomicCapture",
            "a capture takes only the pieces its move takes",
        ),
        ("stm", "White moves first"),
        ("flipMode", "the page draws White at the bottom"),
        ("zonal", "played without it"),
    ] {
        let text = format!("{key}=1 {base}");
        let (spec, diags) = definition::check(&text);
        let spec = spec.unwrap_or_else(|| panic!("{key}: {diags:?}"));
        let np = not_played(&spec);
        assert_eq!(np.len(), 1, "{key}: {diags:?}");
        assert!(
            np[0].starts_with(&format!("1:1: not played: '{key}'")),
            "{np:?}"
        );
        assert!(np[0].contains(instead), "{np:?}");
        let v = bundled::compile("t", &text).unwrap();
        assert_eq!(Position::start(&v).perft(2), plain, "{key}");
    }
}

/// `firstRank=0`: the setup's ranks count from 0, as the Diagram reads them (`e0` is the first
/// rank), with a warning that fairylab names them from 1.
#[test]
fn first_rank_counts_the_setups_ranks() {
    let text = "files=8 ranks=8 promoZone=0 firstRank=0 rook:R:R:rook:a0,h0 king:K:K:king:e0";
    let (spec, diags) = definition::check(text);
    let spec = spec.unwrap_or_else(|| panic!("{diags:?}"));
    assert_eq!(names(&spec, &spec.pieces[0].white), ["a1", "h1"]);
    assert_eq!(names(&spec, &spec.pieces[1].black), ["e8"]);
    assert_eq!(diags.len(), 1);
    assert!(
        diags[0]
            .message
            .starts_with("firstRank=0: the setup's squares are read")
    );
}

/// Square lists as the Diagram reads them: a range over two ranks fills the block (`a2-h3`,
/// 16 squares), an item shorter than a square (a trailing comma) starts Black's squares (none
/// listed: Black's are the twins of White's, as without it), and Black's squares listed after
/// `,,` are Black's besides the twins of White's, as the script puts them (`PutInner` gives
/// each White square its twin, `,,` only switches the colour): the rook line `a1,,h5` gives
/// Black a8 and h5. No warning.
#[test]
fn square_lists_are_read_as_the_diagram_reads_them() {
    let text = "files=8 ranks=8 promoZone=0 pawn:P:fW:pawn:a2-h3 knight:N:N:knight:b1,g1, \
                rook:R:R:rook:a1,,h5 king:K:K:king:e1";
    let (spec, diags) = definition::check(text);
    let spec = spec.unwrap_or_else(|| panic!("{diags:?}"));
    assert_eq!(spec.pieces[0].white.len(), 16);
    assert_eq!(names(&spec, &spec.pieces[0].black).len(), 16);
    assert_eq!(names(&spec, &spec.pieces[1].black), ["b8", "g8"]);
    assert_eq!(names(&spec, &spec.pieces[2].black), ["a8", "h5"]);
    assert!(diags.is_empty(), "{diags:?}");
    // With `symmetry=none` the list is all: Black's rook on h5 alone.
    let none = format!("symmetry=none {text}");
    let (spec, diags) = definition::check(&none);
    let spec = spec.unwrap_or_else(|| panic!("{diags:?}"));
    assert_eq!(names(&spec, &spec.pieces[2].black), ["h5"]);
}

/// A Betza text with a move fairylab cannot read yet: that move is left out with a
/// `not played:` warning at it, and the piece's other moves are played.
#[test]
fn a_move_fairylab_cannot_read_is_left_out_and_the_others_played() {
    let text = "files=8 ranks=8 promoZone=0 knight:N:WjN:knight:b1 king:K:K:king:e1";
    let (spec, diags) = definition::check(text);
    let spec = spec.unwrap_or_else(|| panic!("{diags:?}"));
    let np = not_played(&spec);
    assert_eq!(np.len(), 1, "{diags:?}");
    assert!(
        np[0].starts_with("1:39: not played: 'jN' of 'knight'"),
        "{np:?}"
    );
    let v = bundled::compile("t", text).unwrap();
    assert_eq!(
        moves_from(&Position::start(&v), "b1"),
        to("b1", &["a1", "b2", "c1"])
    );
}

/// Only a text the Diagram could not show either is refused: no piece at all, a board of no
/// squares.
#[test]
fn only_a_text_with_no_piece_or_no_board_is_refused() {
    assert!(definition::load("files=8 ranks=8 chess is fun").is_err());
    assert!(definition::load("files=0 ranks=8 king:K:K:king:a1").is_err());
    assert!(definition::load("files=x ranks=8 king:K:K:king:a1").is_err());
}

/// The real texts of `shared/wild/` (beside the checkout, when it is there) load with no
/// `not played:` warning.
#[test]
fn real_texts_load_with_nothing_left_unplayed() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(dir) = (root.ancestors())
        .map(|a| a.join("shared/wild"))
        .find(|d| d.is_dir())
    else {
        return;
    };
    let mut seen = 0;
    for path in std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()) {
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let (spec, diags) = definition::check(&text);
        let spec = spec.unwrap_or_else(|| panic!("{}: {diags:?}", path.display()));
        assert!(
            not_played(&spec).is_empty(),
            "{}: {:?}",
            path.display(),
            not_played(&spec)
        );
        seen += 1;
    }
    assert!(seen >= 5);
}

/// `moveList` (a game shown on the board) takes the rest of its line, as the Diagram reads a
/// line, up to a key or a piece line outside `{comments}` (the flattened one-line form); it is
/// kept for the page as written, without a warning.
#[test]
fn a_move_list_takes_the_rest_of_its_line() {
    let text = "files=8 ranks=8 promoZone=0 moveList=1. Nc3 {knight: out, a=1} Nc6 2. Nb1 \
                knight:N:N:knight:b1 king:K:K:king:e1\nlightShade=#fff";
    let (spec, diags) = definition::check(text);
    let spec = spec.unwrap_or_else(|| panic!("{diags:?}"));
    assert!(diags.is_empty(), "{diags:?}");
    let game = spec.display.iter().find(|(k, _)| k == "moveList").unwrap();
    assert_eq!(game.1, "1. Nc3 {knight: out, a=1} Nc6 2. Nb1");
    assert_eq!(spec.pieces.len(), 2);
}

/// On a board wider than 26 files a brace in a one-line `moveList` can name a file past `z`
/// (`{` is the 27th file, `|` the 28th), as game texts read it: such a brace opens no comment,
/// so the keys and piece lines after the game are read. A real comment still hides a key.
#[test]
fn a_move_list_on_a_wide_board_ends_at_the_next_key() {
    let text = "files=30 ranks=8 promoZone=0 moveList=1. {2{4 {7{5 2. N{1|3 {good, a=1} \
                lightShade=#fff knight:N:N:knight:b1 king:K:K:king:e1";
    let (spec, diags) = definition::check(text);
    let spec = spec.unwrap_or_else(|| panic!("{diags:?}"));
    assert!(diags.is_empty(), "{diags:?}");
    let game = spec.display.iter().find(|(k, _)| k == "moveList").unwrap();
    assert_eq!(game.1, "1. {2{4 {7{5 2. N{1|3 {good, a=1}");
    let shade = spec.display.iter().find(|(k, _)| k == "lightShade");
    assert_eq!(shade.map(|(_, v)| v.as_str()), Some("#fff"));
    assert_eq!(spec.pieces.len(), 2);
    // On 8 files the same brace opens a comment, which runs to the end of the line and takes
    // the piece lines with it.
    let narrow = text.replace("files=30", "files=8");
    let (spec, diags) = definition::check(&narrow);
    assert!(spec.is_none(), "{diags:?}");
}

/// `j` on castling (`KisjO2`): the king castles with the piece next to the corner, as the
/// Diagram's script plays it (its castling leg must reach the square one in from the corner
/// piece). On 10 files, king f1, knights b1 and i1 beside the rooks: kingside the king goes two
/// squares to h1 and the knight from i1 beside it to g1; queenside to d1 and the knight from
/// b1 to e1. The rooks in the corners stay.
#[test]
fn j_on_castling_castles_with_the_piece_next_to_the_corner() {
    let text = "files=10 ranks=8 promoZone=0\nrook:R:R:rook:a1,j1\nknight:N:N:knight:b1,i1\n\
                king:K:KisjO2:king:f1";
    let (spec, diags) = definition::check(text);
    let spec = spec.unwrap_or_else(|| panic!("{diags:?}"));
    assert!(diags.is_empty(), "{diags:?}");
    assert!(spec.pieces[2].castle_inner);
    let v = bundled::compile("t", text).unwrap();
    let start = Position::start(&v);
    assert_eq!(
        moves_from(&start, "f1"),
        to("f1", &["d1", "e1", "e2", "f2", "g1", "g2", "h1"])
    );
    // The start's FEN reads back with the same castlings.
    let fen = fairylab::fen::to_fen(&start);
    let back = fairylab::fen::from_fen(&v, &fen).unwrap();
    assert_eq!(moves_from(&back, "f1"), moves_from(&start, "f1"), "{fen}");
    let board = |fen: String| {
        fen.split('/')
            .next_back()
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string()
    };
    let mut p = start.clone();
    let m = fairylab::notation::parse_coordinate(&p, "f1h1").unwrap();
    assert_eq!(
        fairylab::describe::describe(&p, m),
        "White king f1 to h1, castles with the knight on i1"
    );
    assert_eq!(board(common::play(&mut p, "f1h1")), "RN4NK1R");
    let mut p = start.clone();
    assert_eq!(board(common::play(&mut p, "f1d1")), "R2KN3NR");
    // A knight that has moved no longer castles: back on b1, the king castles kingside only.
    let mut p = start;
    for m in ["b1c3", "f8f7", "c3b1", "f7f8"] {
        let after = common::play(&mut p, m);
        p = fairylab::fen::from_fen(&v, &after).unwrap();
    }
    assert_eq!(
        moves_from(&p, "f1"),
        to("f1", &["e1", "e2", "f2", "g1", "g2", "h1"])
    );
}

/// On 8 files the kingside piece next to the corner is two squares from the king: `KisjO2`
/// castles onto its square and the knight goes beside the king (f1), as the Diagram's script
/// castles (harness vectors `castling-j8`). Queenside (b1, three squares away) the king goes
/// to c1 and the knight to d1. No warning.
#[test]
fn j_castling_onto_the_partners_square_is_played() {
    let text = "files=8 ranks=8 promoZone=0\nrook:R:R:rook:a1,h1\nknight:N:N:knight:b1,g1\n\
                king:K:KisjO2:king:e1";
    let spec = definition::load(text).unwrap();
    assert!(not_played(&spec).is_empty());
    let v = bundled::compile("t", text).unwrap();
    let mut p = Position::start(&v);
    assert_eq!(
        moves_from(&p, "e1"),
        to("e1", &["c1", "d1", "d2", "e2", "f1", "f2", "g1"])
    );
    let fen = common::play(&mut p, "e1c1");
    assert!(fen.contains("/R1KN2NR "), "{fen}");
    let fen = common::play(&mut p, "e1g1");
    assert!(fen.contains("/RN3NKR "), "{fen}");
    // The knight is not taken: White keeps its five pieces.
    let board = fen.split(' ').next().unwrap();
    assert_eq!(board.chars().filter(|c| c.is_ascii_uppercase()).count(), 5);
}
