//! The legend's model: diagrams as the rules core gives them, toggling, Escape, bad input,
//! and the piece the pointer rests on.

use crate::designer::diagram::piece_moves;
use crate::position::{BLACK, WHITE};
use crate::ui::applet::{Applet, Effect};
use crate::ui::computer::Computer;
use crate::ui::input::{Input, Key};
use crate::ui::layout::Cell;
use crate::ui::player::{Level, Mode};
use crate::ui::session::Session;

use super::*;

fn applet(variant: &str) -> Applet {
    let (game, _) = Session::fresh_game(Some(variant));
    Applet::new(
        game,
        false,
        Computer::new(Mode::Human, Level::DEFAULT),
        &mut Vec::new(),
    )
}

fn cell(name: &str) -> Cell {
    let file = u32::from(name.as_bytes()[0] - b'a');
    let rank = name[1..].parse::<u32>().unwrap() - 1;
    Cell { file, rank }
}

#[test]
fn a_diagram_shows_exactly_the_cores_marks() {
    let mut a = applet("morphing-chess");
    for (letter, colour) in [('N', WHITE), ('P', BLACK), ('Q', WHITE), ('K', BLACK)] {
        let mut fx = Vec::new();
        a.legend_click(letter, colour, &mut fx).unwrap();
        assert!(fx.contains(&Effect::Redraw));
        let core = piece_moves(a.session.variant(), letter, colour).unwrap();
        let g = a.session.variant().geometry;
        let want: Vec<(String, &str)> = (core.marks.iter())
            .map(|m| (g.name(m.square).to_string(), m.kind.as_str()))
            .collect();
        assert_eq!(a.diagram_shown().unwrap(), want, "{letter} {colour:?}");
        // The board drawn is the diagram's: one piece, on the centre, with the marks.
        let board = a.shown_board();
        assert_eq!(board.pieces.len(), 1);
        assert_eq!(board.pieces[0].cell, cell("e5"));
        assert_eq!(board.diagram.len(), want.len());
    }
}

#[test]
fn rides_have_paths_and_morphs_have_colours() {
    let mut a = applet("morphing-chess");
    // The knight is a knight-rider of two steps (N2): a far square is a ride over the square
    // between; a near one is reached directly.
    a.legend_click('N', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    let far = d.marks.iter().find(|m| m.cell == cell("g9")).unwrap();
    assert_eq!(far.path, [cell("f7")]);
    let near = d.marks.iter().find(|m| m.cell == cell("f7")).unwrap();
    assert!(near.path.is_empty());
    // The queen (WFDA) reaches rank 5, where it would become a chancellor (d5, f5) or an
    // archbishop (c5, g5): those are morph squares with the colour of what it becomes.
    a.legend_click('Q', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    assert_eq!(d.marks.len(), 16);
    for m in &d.marks {
        assert_eq!(m.kind == Kind::Morph, m.becomes.is_some(), "{}", m.cell);
        if let Some((_, colour)) = m.becomes {
            assert!(colour < MORPH_COLOURS.len());
        }
    }
    let morphs: Vec<String> = (d.marks.iter())
        .filter(|m| m.kind == Kind::Morph)
        .map(|m| m.cell.to_string())
        .collect();
    assert_eq!(morphs, ["c5", "d5", "f5", "g5"]);
    // Each morph target has one colour, listed once in the key, the same as on the board.
    let mut seen = Vec::new();
    for (index, name) in &d.morph_key {
        assert!(!seen.contains(name), "{name} twice");
        seen.push(name.clone());
        assert!(*index < MORPH_COLOURS.len());
    }
    let tint = |name: &str| {
        let found = d
            .board
            .diagram_morphs
            .iter()
            .find(|(c, _)| *c == cell(name));
        found.map(|&(_, colour)| colour)
    };
    let on_c5 = d.marks.iter().find(|m| m.cell == cell("c5")).unwrap();
    assert_eq!(on_c5.becomes.map(|(_, colour)| colour), tint("c5"));
    assert_eq!(d.morph_key[tint("c5").unwrap()].1, "archbishop");
}

#[test]
fn a_morphing_piece_shows_its_own_moves_and_where_it_would_morph() {
    // Morphing Chess: on e5, the centre, a knight would be an amazon; its diagram is the
    // knight's own all the same (N2: 16 squares), with rank 5 tinted and named.
    let mut a = applet("morphing-chess");
    a.legend_click('N', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    assert_eq!(d.marks.len(), 16);
    assert!(d.marks.iter().all(|m| m.kind == Kind::Both));
    let knight = a.session.variant().type_by_id('N').unwrap();
    assert_eq!(
        d.board.pieces[0].piece_type, knight,
        "the knight stands on e5"
    );
    assert_eq!(
        d.caption,
        "White knight (N) from e5. It would become a pawn on a5, b5, h5 or i5, an archbishop \
         on c5 or g5, a chancellor on d5 or f5 and an amazon on e5 (the tinted squares). \
         Escape or a second click returns to the game."
    );
    let tinted: Vec<String> = (d.board.diagram_morphs.iter())
        .map(|(c, _)| c.to_string())
        .collect();
    assert_eq!(
        tinted,
        ["a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "i5"]
    );
    let names: Vec<&str> = d.morph_key.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, ["pawn", "archbishop", "chancellor", "amazon"]);
    // A piece that never morphs has no tint and no such sentence.
    let mut chess = applet("chess");
    chess.legend_click('N', WHITE, &mut Vec::new()).unwrap();
    let d = chess.diagram().unwrap();
    assert!(d.board.diagram_morphs.is_empty() && d.morph_key.is_empty());
    assert_eq!(
        d.caption,
        "White knight (N) from e4. Escape or a second click returns to the game."
    );
}

#[test]
fn the_same_entry_again_or_escape_returns_to_the_game() {
    let mut a = applet("chess");
    a.legend_click('N', WHITE, &mut Vec::new()).unwrap();
    assert!(a.diagram_shown().is_some());
    // Another entry replaces it; the same one again closes it.
    a.legend_click('N', BLACK, &mut Vec::new()).unwrap();
    assert!(a.diagram_shown().is_some());
    a.legend_click('n', BLACK, &mut Vec::new()).unwrap();
    assert_eq!(a.diagram_shown(), None);
    assert_eq!(a.shown_board().pieces.len(), 32);
    // Escape on the board closes it; the game's board takes no input meanwhile.
    a.legend_click('B', WHITE, &mut Vec::new()).unwrap();
    let down = Input::PointerDown {
        cell: Some(cell("e2")),
        pointer: 1,
        at: (0.0, 0.0),
    };
    a.input(down, 0.0, &mut Vec::new());
    assert_eq!(a.board.selected, None);
    a.input(Input::Key(Key::Escape), 0.0, &mut Vec::new());
    assert_eq!(a.diagram_shown(), None);
    // A new game closes a diagram too.
    a.legend_click('B', WHITE, &mut Vec::new()).unwrap();
    a.set_variant("morphing-chess", &mut Vec::new()).unwrap();
    assert_eq!(a.diagram_shown(), None);
}

#[test]
fn bad_letters_and_colours_are_refused_with_a_reason() {
    let mut a = applet("chess");
    let e = a.legend_click('Z', WHITE, &mut Vec::new()).unwrap_err();
    assert!(e.contains("'Z' is not a piece"), "{e}");
    assert_eq!(a.diagram_shown(), None);
    assert!(parse_colour("red").unwrap_err().contains("white or black"));
    assert_eq!(parse_colour("black"), Ok(BLACK));
    assert!(parse_letter("").is_err());
    // IDs of several letters and with a `+` are IDs too (`GB`, `+P`); longer ones are not.
    assert!(parse_letter("QQQQ").is_err() && parse_letter("Q1").is_err());
    assert_eq!(parse_letter("q"), Ok('q'.into()));
    assert_eq!(parse_letter("+P").map(|id| id.to_string()), Ok("+P".into()));
}

#[test]
fn the_piece_under_the_pointer_shows_its_attacks_moves_and_form() {
    let mut a = applet("chess");
    let mut fx = Vec::new();
    a.inspect(Some(cell("g1")), &mut fx);
    let i = a.board.inspect.clone().unwrap();
    assert_eq!(i.moves, vec![cell("f3"), cell("h3")]);
    let mut attacks = i.attacks.clone();
    attacks.sort_by_key(|c| (c.rank, c.file));
    assert_eq!(attacks, vec![cell("f3"), cell("h3")]);
    assert!(
        i.text.starts_with("White knight on g1: moves as N"),
        "{}",
        i.text
    );
    assert!(fx.contains(&Effect::Redraw));
    // Black's knight is not to move: its moves are those of its turn.
    a.inspect(Some(cell("b8")), &mut Vec::new());
    let i = a.board.inspect.clone().unwrap();
    assert_eq!(i.moves, vec![cell("a6"), cell("c6")]);
    assert!(i.text.ends_with("on its turn."), "{}", i.text);
    // A pawn attacks diagonally and moves straight on.
    a.inspect(Some(cell("e2")), &mut Vec::new());
    let i = a.board.inspect.clone().unwrap();
    assert_eq!(i.moves, vec![cell("e3"), cell("e4")]);
    assert_eq!(i.attacks, vec![cell("d3"), cell("f3")]);
    // An empty square, or leaving the board, shows nothing; the same square changes nothing.
    let mut fx = Vec::new();
    a.inspect(Some(cell("e4")), &mut fx);
    assert_eq!(a.board.inspect, None);
    assert!(fx.contains(&Effect::Redraw));
    let mut fx = Vec::new();
    a.inspect(None, &mut fx);
    assert!(fx.is_empty());
    // A move clears it.
    a.inspect(Some(cell("e2")), &mut Vec::new());
    a.play("e2e4", 0.0, &mut Vec::new()).unwrap();
    assert_eq!(a.board.inspect, None);
}

#[test]
fn a_morphing_piece_says_why_it_moves_as_it_does() {
    let mut a = applet("morphing-chess");
    a.set_fen("4k4/9/9/9/4Z4/9/9/9/4K4 w - - 0 1", &mut Vec::new())
        .unwrap();
    a.inspect(Some(cell("e5")), &mut Vec::new());
    let i = a.board.inspect.clone().unwrap();
    assert!(i.text.contains("this piece moves as"), "{}", i.text);
    assert!(!i.moves.is_empty());
}

/// A piece with walks (a move of several legs here) attacks what its walks take, or would
/// take: the griffon on d4 takes the enemy on e5, and would take on its other three ferz
/// squares and along the rides beyond them (c3: c2 c1 b3 a3; c5: c6 c7 c8 b5 a5; e3: e2 e1 f3
/// g3 h3), 18 squares; nothing beyond e5, where the enemy stands.
#[test]
fn a_piece_with_walks_attacks_what_they_take() {
    let text = "files=8 ranks=8\ngriffon:G:[F?R]:griffon:d1\nking:K:K:king:e1";
    let mut a = applet(text);
    a.set_fen("k7/8/8/4g3/3G4/8/8/7K w - - 0 1", &mut Vec::new())
        .unwrap();
    a.inspect(Some(cell("d4")), &mut Vec::new());
    let i = a.board.inspect.clone().unwrap();
    let mut want: Vec<Cell> = [
        "c3", "c5", "e3", "e5", "c2", "c1", "b3", "a3", "c6", "c7", "c8", "b5", "a5", "e2", "e1",
        "f3", "g3", "h3",
    ]
    .iter()
    .map(|s| cell(s))
    .collect();
    want.sort_by_key(|c| (c.rank, c.file));
    let mut got = i.attacks.clone();
    got.sort_by_key(|c| (c.rank, c.file));
    assert_eq!(got, want);
    assert!(i.text.contains("It attacks 18 squares"), "{}", i.text);
    // The black griffon on e5, whose side is not to move: its ferz steps d6, f6, f4 and the
    // rides beyond (d6: d7 d8 c6 b6 a6; f6: f7 f8 g6 h6; f4: f3 f2 f1 g4 h4), and d4, the
    // white griffon it would take; 18 squares.
    a.inspect(Some(cell("e5")), &mut Vec::new());
    let i = a.board.inspect.clone().unwrap();
    assert!(
        i.text.contains("may move to 18 squares on its turn"),
        "{}",
        i.text
    );
}

#[test]
fn some_bundled_diagram_has_morph_squares_with_a_key() {
    let mut found = Vec::new();
    for name in crate::bundled::names() {
        let a = applet(name);
        let v = a.session.variant().clone();
        for t in v.types.iter().filter(|t| !t.hidden) {
            let d = diagram(&v, t.id, WHITE, &a.board).unwrap();
            if !d.morph_key.is_empty() {
                found.push(format!("{name} {}", t.id));
            }
        }
    }
    // Morphomania's pieces morph on the squares around the centre.
    assert!(found.contains(&"morphomania N".to_string()), "{found:?}");
}

#[test]
fn a_diagram_says_its_squares_in_words() {
    let mut a = applet("chess");
    a.legend_click('N', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    // A knight on e5 (chess's diagram centre): eight squares, each to move or capture.
    assert_eq!(d.marks.len(), 8);
    assert!(
        d.squares.starts_with("Moves or captures: "),
        "{}",
        d.squares
    );
    for m in &d.marks {
        assert!(
            d.squares.contains(&m.cell.to_string()),
            "{} in {}",
            m.cell,
            d.squares
        );
    }
    a.legend_click('P', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    assert!(d.squares.contains("Moves only: "), "{}", d.squares);
    assert!(d.squares.contains("Captures only: "), "{}", d.squares);
}

/// An applet of an 8x8 variant with one piece `X` of `betza` (its diagram from e4).
fn with_piece(betza: &str) -> Applet {
    let a = applet(&format!(
        "files=8 ranks=8\npiece:X:{betza}:piece:b1\nking:K:K:king:h1,,a8"
    ));
    assert_eq!(
        a.session.variant().types[PieceType::new(0)].betza,
        betza,
        "the variant loaded"
    );
    a
}

#[test]
fn a_cannon_says_it_captures_over_a_screen() {
    let mut a = with_piece("mRcpR");
    a.legend_click('X', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    // In square order, e1 first: its group first. Each capture over a screen says where the
    // screen may stand.
    assert_eq!(
        d.squares,
        "Moves, or captures by jumping over a piece: e1 (over e2 or e3), e2 (over e3), \
         a4 (over b4, c4 or d4), b4 (over c4 or d4), c4 (over d4), g4 (over f4), \
         h4 (over f4 or g4), e6 (over e5), e7 (over e5 or e6), e8 (over e5, e6 or e7). \
         Moves only: e3, d4, f4, e5."
    );
    let e8 = d.marks.iter().find(|m| m.cell == cell("e8")).unwrap();
    assert!(e8.capture_hop && !e8.quiet_hop && e8.is_hop());
    assert_eq!(e8.screens, [cell("e5"), cell("e6"), cell("e7")]);
    assert_eq!(e8.path.len(), 3, "drawn as the rook's ride");

    // The pointer on e8 focuses it (the way is drawn, the line below says it); on an
    // unmarked square, or off the board, nothing is focused.
    let mut fx = Vec::new();
    a.inspect(Some(cell("e8")), &mut fx);
    assert!(fx.contains(&Effect::Redraw));
    let d = a.diagram().unwrap();
    assert_eq!(d.board.diagram_focus, Some(cell("e8")));
    assert_eq!(a.shown_board().diagram_focus, Some(cell("e8")));
    let name = &|_| String::new();
    assert_eq!(
        focus_text(d, cell("e8"), name),
        "e8 (over e5, e6 or e7): moves, or captures by jumping over a piece"
    );
    assert_eq!(focus_text(d, cell("f5"), name), "f5: not reached");
    assert_eq!(a.board.inspect, None, "the game's piece is not inspected");
    a.inspect(Some(cell("f5")), &mut Vec::new());
    assert_eq!(a.shown_board().diagram_focus, None);
    let mut fx = Vec::new();
    a.inspect(None, &mut fx);
    assert!(fx.is_empty(), "nothing changed");

    // The arrow keys: the cursor starts on the piece, then moves; each square is said.
    let mut fx = Vec::new();
    a.input(Input::Key(Key::Arrow(0, -1)), 0.0, &mut fx);
    assert!(
        fx.contains(&Effect::Announce("e4: the piece stands here".to_string())),
        "{fx:?}"
    );
    let mut fx = Vec::new();
    a.input(Input::Key(Key::Arrow(0, -1)), 0.0, &mut fx);
    assert!(
        fx.contains(&Effect::Announce("e5: moves only".to_string())),
        "{fx:?}"
    );
    assert_eq!(a.shown_board().diagram_focus, Some(cell("e5")));
    assert!(a.shown_board().keyboard);
    // Escape still returns to the game.
    a.input(Input::Key(Key::Escape), 0.0, &mut Vec::new());
    assert_eq!(a.diagram_shown(), None);
}

#[test]
fn a_lion_says_what_it_takes_on_the_way() {
    let mut a = with_piece("KNADcaKcabKmabK");
    a.legend_click('X', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    // 24 squares to move or capture; e4 itself, out and back (via a neighbour, or taking
    // there); the locust squares once, in a sentence of their own.
    assert!(
        d.squares.starts_with(
            "Moves or captures: c2, d2, e2, f2, g2, c3, d3, e3, f3, g3, c4, d4, f4, g4, c5, \
             d5, e5, f5, g5, c6, d6, e6, f6, g6. Moves only: e4 (its own square; via d3, e3, \
             f3, d4, f4, d5, e5 or f5)."
        ),
        "{}",
        d.squares
    );
    assert!(
        d.squares.ends_with(
            " Takes on the way, then moves again: a piece on d3, e3, f3, d4, f4, d5, e5 or f5 \
             can be taken on the way to a square marked."
        ),
        "{}",
        d.squares
    );
    let name = &|_| String::new();
    assert_eq!(
        focus_text(d, cell("e6"), name),
        "e6 (or taking on d5, e5 or f5 first): moves or captures"
    );
    // Only taking on the way (caK alone): each square says where.
    let mut a = with_piece("caK");
    a.legend_click('X', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    assert!(
        d.squares.starts_with(
            "Moves or captures, taking a piece on the way: c2 (taking on d3 first), \
             d2 (taking on d3 or e3 first), "
        ),
        "{}",
        d.squares
    );
    let g6 = d.marks.iter().find(|m| m.cell == cell("g6")).unwrap();
    assert_eq!(g6.route, [cell("f5")]);
    assert!(g6.locust_only);
}

#[test]
fn a_griffon_says_where_it_turns() {
    let mut a = with_piece("yafsF");
    a.legend_click('X', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    assert!(
        d.squares
            .starts_with("Moves or captures: d1 (via d3), f1 (via f3), "),
        "{}",
        d.squares
    );
    assert!(d.squares.contains(" f8 (via f5)."), "{}", d.squares);
    // The giraffe's one way turns three times, in order.
    let mut a = with_piece("afsafyafF");
    a.legend_click('X', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    assert_eq!(
        d.squares,
        "Moves or captures: a3 (via d3, then c3, then b3), a5 (via d5, then c5, then b5), \
         d8 (via d5, then d6, then d7), f8 (via f5, then f6, then f7)."
    );
}

/// A swapper (`udW`) says where the piece it takes goes: back to its own square.
#[test]
fn a_swapper_says_where_the_piece_taken_goes() {
    let mut a = with_piece("udW");
    a.legend_click('X', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    assert_eq!(
        d.squares,
        "Captures only: e3 (a piece taken there can go to e4), \
         d4 (a piece taken there can go to e4), f4 (a piece taken there can go to e4), \
         e5 (a piece taken there can go to e4)."
    );
}

/// A double jumper (`cafcafmW`, from e4) names both pieces each way takes, in order: two
/// steps beyond two victims in each of the four directions.
#[test]
fn a_double_jumper_says_it_takes_two_on_the_way() {
    let mut a = with_piece("cafcafmW");
    a.legend_click('X', WHITE, &mut Vec::new()).unwrap();
    let d = a.diagram().unwrap();
    assert!(
        d.squares.starts_with(
            "Moves only, taking a piece on the way: e1 (taking on e3 and e2 first), b4 \
             (taking on d4 and c4 first), h4 (taking on f4 and g4 first), e7 (taking on e5 \
             and e6 first)."
        ),
        "{}",
        d.squares
    );
}
