//! The draw scene, natively: a game's frame (pieces and their art, a selection's dots and
//! rings, the last move, the dragged piece, the morph glow's time), a legend diagram's frame on
//! a morphing board, and a board with hands (rows, labels, counts).

use super::*;
use crate::piece::BLACK;
use crate::ui::applet::Applet;
use crate::ui::art::Glyph;
use crate::ui::board::Glow;
use crate::ui::computer::Computer;
use crate::ui::input::Input;
use crate::ui::player::{Level, Mode};
use crate::ui::session::Session;

const MINISHOGI: &str = include_str!("../../../tests/perft/fsf/defs/minishogi.txt");

fn applet(variant: &str) -> Applet {
    let (game, _) = Session::fresh_game(Some(variant));
    let computer = Computer::new(Mode::Human, Level::DEFAULT);
    Applet::new(game, false, computer, &mut Vec::new())
}

fn cell(a: &Applet, name: &str) -> Cell {
    a.board.size.parse_cell(name).unwrap()
}

fn names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(Cell::to_string).collect()
}

/// The frame of the board shown, in a 400 x 400 box at time `now`.
fn frame(a: &Applet, now: f64) -> Scene {
    Scene::build(
        a.shown_board(),
        a.session.variant(),
        &[],
        (400.0, 400.0),
        now,
    )
}

fn press(a: &mut Applet, name: &str, at: (f64, f64)) {
    let cell = Some(cell(a, name));
    a.input(
        Input::PointerDown {
            cell,
            pointer: 1,
            at,
        },
        0.0,
        &mut Vec::new(),
    );
}

fn release(a: &mut Applet, name: &str) {
    let cell = Some(cell(a, name));
    a.input(Input::PointerUp { cell, pointer: 1 }, 0.0, &mut Vec::new());
}

#[test]
fn a_game_frame_has_the_pieces_art_and_the_selections_destinations() {
    let mut a = applet("chess");
    let s = frame(&a, 0.0);
    assert_eq!(s.pieces.len(), 32);
    assert_eq!((s.width, s.height), (400.0, 400.0));
    assert_eq!(s.placement.square, 50.0, "8 squares in 400 px");
    let on = |s: &Scene, name: &str| s.pieces.iter().find(|p| p.cell == cell(&a, name)).copied();
    let king = on(&s, "e8").unwrap();
    assert_eq!((king.art, king.colour), (Art::Glyph(Glyph::King), 1));
    assert_eq!(on(&s, "g1").unwrap().art, Art::Glyph(Glyph::Knight));
    assert!(s.selected.is_none() && s.dots.is_empty() && s.cursor.is_none());

    press(&mut a, "e2", (225.0, 325.0));
    release(&mut a, "e2");
    let s = frame(&a, 0.0);
    assert_eq!(s.selected, Some(cell(&a, "e2")));
    assert_eq!(names(&s.dots), ["e3", "e4"]);
    assert!(s.rings.is_empty() && s.legs.is_empty());
    let drawn = s.drawn(a.shown_board(), a.session.variant());
    assert_eq!(drawn.selected.as_deref(), Some("e2"));
    assert_eq!(drawn.dots, ["e3", "e4"]);
    assert!(drawn.pieces.contains(&"e1 white king".to_string()));
    assert!(drawn.hands.is_empty());

    press(&mut a, "e4", (225.0, 225.0));
    release(&mut a, "e4");
    let s = frame(&a, 0.0);
    assert_eq!(names(&s.last_move), ["e2", "e4"]);
    assert!(s.selected.is_none() && s.dots.is_empty());
}

#[test]
fn a_dragged_piece_follows_the_pointer_and_its_square_shows_it_lifted() {
    let mut a = applet("chess");
    // Down on g1, then far enough to be a drag, over f3.
    press(&mut a, "g1", (325.0, 375.0));
    a.input(
        Input::PointerMove {
            pointer: 1,
            at: (275.0, 275.0),
        },
        0.0,
        &mut Vec::new(),
    );
    let s = frame(&a, 0.0);
    assert_eq!(s.lifted, Some(cell(&a, "g1")));
    let d = s.dragged.unwrap();
    assert_eq!(
        (d.art, d.colour, d.x, d.y),
        (Art::Glyph(Glyph::Knight), 0, 275.0, 275.0)
    );
    assert_eq!(
        s.hover,
        Some(cell(&a, "f3")),
        "a destination under the piece"
    );
}

#[test]
fn the_morph_glow_lasts_its_time() {
    let mut a = applet("chess");
    a.board.glow = Some(Glow {
        cell: cell(&a, "e5"),
        start: 1000.0,
    });
    let at = |a: &Applet, now: f64| frame(a, now).glow;
    assert_eq!(at(&a, 1000.0), Some((cell(&a, "e5"), 0.0)));
    assert_eq!(at(&a, 1000.0 + GLOW_MS / 2.0), Some((cell(&a, "e5"), 0.5)));
    assert_eq!(at(&a, 1000.0 + GLOW_MS), None);
    let drawn = frame(&a, 1000.0).drawn(&a.board, a.session.variant());
    assert_eq!(drawn.glow.as_deref(), Some("e5"));
}

#[test]
fn a_diagram_frame_on_a_morphing_board_tints_where_the_piece_would_morph() {
    // Morphing Chess: the knight's own moves from e5, the morph squares of rank 5 tinted.
    let mut a = applet("morphing-chess");
    a.legend_click('N', BLACK, &mut Vec::new()).unwrap();
    let s = frame(&a, 0.0);
    assert_eq!(s.pieces.len(), 1);
    assert_eq!(s.pieces[0].art, Art::Glyph(Glyph::Knight));
    assert_eq!(s.pieces[0].colour, 1);
    assert_eq!(s.diagram.len(), 16);
    assert!(s.diagram.iter().all(|(_, becomes)| becomes.is_none()));
    let tinted: Vec<String> = s
        .diagram_morphs
        .iter()
        .map(|(c, _)| c.to_string())
        .collect();
    assert_eq!(
        tinted,
        ["a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "i5"]
    );
    // The queen (WFDA) lands on morph squares: each shows the art of what it becomes.
    a.legend_click('Q', BLACK, &mut Vec::new()).unwrap();
    let s = frame(&a, 0.0);
    let on_c5 = s.diagram.iter().find(|(m, _)| m.cell == cell(&a, "c5"));
    assert_eq!(on_c5.unwrap().1, Some(Art::Glyph(Glyph::Archbishop)));
    // The pointer on a game piece, with nothing selected, inspects it; not on a diagram.
    assert!(s.inspect.is_none());
}

#[test]
fn a_board_with_hands_has_rows_labels_and_counts() {
    let (game, _) = Session::fresh_game(Some(MINISHOGI));
    let mut a = Applet::new(
        game,
        false,
        Computer::new(Mode::Human, Level::DEFAULT),
        &mut Vec::new(),
    );
    // White's rook takes the pawn on e3 (Black's gold then blocks the check).
    for m in ["a2a3", "e4e3", "e1e3", "d5e4"] {
        a.play(m, 0.0, &mut Vec::new()).unwrap();
    }
    let s = Scene::build(&a.board, a.session.variant(), &[], (360.0, 600.0), 0.0);
    assert_eq!(s.hand_rows.len(), 2, "a row above and one below");
    assert_eq!(s.hands.len(), 1);
    let pawn = s.hands[0];
    assert_eq!(
        (pawn.art, pawn.colour, pawn.count),
        (Art::Glyph(Glyph::Pawn), 0, 1)
    );
    let (x, y, w, h) = s.hand_rows[1];
    assert!(x <= pawn.x && pawn.x + pawn.size <= x + w + 1e-9);
    assert!(y <= pawn.y && pawn.y + pawn.size <= y + h + 1e-9);
    let texts: Vec<&str> = s.hand_labels.iter().map(|l| l.text).collect();
    assert_eq!(texts, ["Black's hand", "White's hand"]);
    let drawn = s.drawn(&a.board, a.session.variant());
    assert_eq!(drawn.hands, ["white pawn 1"]);
}

#[test]
fn loaded_page_pictures_replace_the_sprites_of_their_types_and_colours() {
    let a = applet("chess");
    let v = a.session.variant();
    let knight = v.types.iter().position(|t| t.id == 'N').unwrap();
    let mut pictures = vec![None; v.types.len()];
    // White's knight image loaded (picture 7), Black's not (yet, or failed).
    pictures[knight] = Some([Some(7), None]);
    let s = Scene::build(&a.board, v, &pictures, (400.0, 400.0), 0.0);
    let on = |name: &str| s.pieces.iter().find(|p| p.cell == cell(&a, name)).unwrap();
    assert_eq!(on("g1").art, Art::Picture(7));
    assert_eq!(
        on("g8").art,
        Art::Glyph(Glyph::Knight),
        "Black keeps the sprite"
    );
    assert_eq!(
        on("e1").art,
        Art::Glyph(Glyph::King),
        "other types keep theirs"
    );
}
