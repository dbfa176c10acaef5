//! The setup editor's model: opening on the position shown, brushes, the eraser, free
//! dragging, side to move, refusals with reasons, and playing from the position.

use crate::position::{BLACK, WHITE};
use crate::ui::applet::Applet;
use crate::ui::computer::Computer;
use crate::ui::input::{Input, Key};
use crate::ui::layout::Cell;
use crate::ui::player::{Level, Mode};
use crate::ui::session::Session;

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

fn click(a: &mut Applet, name: &str) {
    let c = Some(cell(name));
    let mut fx = Vec::new();
    a.input(
        Input::PointerDown {
            cell: c,
            pointer: 1,
            at: (0.0, 0.0),
        },
        0.0,
        &mut fx,
    );
    a.input(
        Input::PointerUp {
            cell: c,
            pointer: 1,
        },
        0.0,
        &mut fx,
    );
}

fn fen_board(a: &Applet) -> String {
    a.session
        .game()
        .fen()
        .split(' ')
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn refuses_a_position_without_a_king_then_plays_one_with_both() {
    let mut a = applet("chess");
    a.open_setup(&mut Vec::new());
    assert_eq!(a.shown_board().pieces.len(), 32);
    a.setup_clear(&mut Vec::new());
    assert!(a.shown_board().pieces.is_empty());
    a.legend_click('K', WHITE, &mut Vec::new()).unwrap();
    click(&mut a, "e1");
    assert_eq!(a.shown_board().pieces.len(), 1);
    let why = a.setup_play(&mut Vec::new()).unwrap_err();
    assert!(why.contains("Black has no king"), "{why}");
    let s = a.position_editor().unwrap();
    assert!(s.problems.iter().any(|p| p.contains("Black has no king")));
    assert!(s.fen().is_err() && s.definition().is_err());
    a.legend_click('K', BLACK, &mut Vec::new()).unwrap();
    click(&mut a, "e8");
    // The exports are there once the position is valid.
    let s = a.position_editor().unwrap();
    assert!(s.problems.is_empty());
    assert!(s.fen().unwrap().starts_with("4k3/8/8/8/8/8/8/4K3 w"));
    assert!(s.definition().unwrap().contains("king:K:"));
    a.setup_play(&mut Vec::new()).unwrap();
    assert!(a.position_editor().is_none());
    assert_eq!(fen_board(&a), "4k3/8/8/8/8/8/8/4K3");
    assert_eq!(a.shown_board().pieces.len(), 2);
}

#[test]
fn the_same_piece_again_comes_off_and_the_eraser_takes_any() {
    let mut a = applet("chess");
    a.open_setup(&mut Vec::new());
    a.legend_click('Q', WHITE, &mut Vec::new()).unwrap();
    click(&mut a, "d4");
    assert_eq!(a.position_editor().unwrap().board.pieces.len(), 33);
    // d1 holds that very queen: the click takes it off.
    click(&mut a, "d1");
    assert_eq!(a.position_editor().unwrap().board.pieces.len(), 32);
    // On another piece, the brush replaces it.
    click(&mut a, "e2");
    let s = a.position_editor().unwrap();
    let q = s.board.piece_at(cell("e2")).unwrap();
    assert_eq!(s.draft.variant().types[q.piece_type].id, 'Q');
    a.setup_eraser(&mut Vec::new());
    click(&mut a, "a1");
    click(&mut a, "a3");
    assert_eq!(a.position_editor().unwrap().board.pieces.len(), 31);
    // The eraser again, or Escape: no brush, and pieces drag freely.
    a.input(Input::Key(Key::Escape), 0.0, &mut Vec::new());
    assert_eq!(a.position_editor().unwrap().brush, None);
}

#[test]
fn without_a_brush_pieces_are_dragged_and_dropped_off_the_board() {
    let mut a = applet("chess");
    a.open_setup(&mut Vec::new());
    let mut fx = Vec::new();
    let down = Input::PointerDown {
        cell: Some(cell("b1")),
        pointer: 1,
        at: (0.0, 0.0),
    };
    a.input(down, 0.0, &mut fx);
    a.input(
        Input::PointerMove {
            pointer: 1,
            at: (50.0, 50.0),
        },
        0.0,
        &mut fx,
    );
    a.input(
        Input::PointerUp {
            cell: Some(cell("c3")),
            pointer: 1,
        },
        0.0,
        &mut fx,
    );
    let s = a.position_editor().unwrap();
    assert!(s.board.piece_at(cell("b1")).is_none());
    assert!(s.board.piece_at(cell("c3")).is_some());
    // Off the board: removed.
    let down = Input::PointerDown {
        cell: Some(cell("c3")),
        pointer: 2,
        at: (0.0, 0.0),
    };
    a.input(down, 0.0, &mut fx);
    a.input(
        Input::PointerMove {
            pointer: 2,
            at: (90.0, 90.0),
        },
        0.0,
        &mut fx,
    );
    a.input(
        Input::PointerUp {
            cell: None,
            pointer: 2,
        },
        0.0,
        &mut fx,
    );
    assert_eq!(a.position_editor().unwrap().board.pieces.len(), 31);
}

#[test]
fn dropping_a_legend_sprite_places_it_and_leaving_keeps_the_game() {
    let mut a = applet("chess");
    a.play("e2e4", 0.0, &mut Vec::new()).unwrap();
    a.open_setup(&mut Vec::new());
    // The editor starts from the position shown, Black to move.
    assert_eq!(a.position_editor().unwrap().draft.side_to_move(), BLACK);
    a.setup_drop(cell("h5"), 'n', BLACK, &mut Vec::new())
        .unwrap();
    let s = a.position_editor().unwrap();
    let n = s.board.piece_at(cell("h5")).unwrap();
    assert_eq!(
        (n.colour, s.draft.variant().types[n.piece_type].id),
        (BLACK, 'N'.into())
    );
    assert!(
        a.setup_drop(cell("h6"), 'Z', BLACK, &mut Vec::new())
            .is_err()
    );
    a.setup_side(WHITE, &mut Vec::new());
    assert_eq!(a.position_editor().unwrap().draft.side_to_move(), WHITE);
    a.close_setup(&mut Vec::new());
    assert!(a.position_editor().is_none());
    assert_eq!(a.session.game().history(), vec!["e2e4"]);
    // Closed: the setup handlers do nothing, and say so where they answer.
    assert!(a.setup_play(&mut Vec::new()).is_err());
    a.setup_clear(&mut Vec::new());
    assert_eq!(a.shown_board().pieces.len(), 32);
}

#[test]
fn black_to_move_cannot_be_a_definition_but_can_be_played() {
    let mut a = applet("chess");
    a.open_setup(&mut Vec::new());
    a.setup_side(BLACK, &mut Vec::new());
    let s = a.position_editor().unwrap();
    assert!(s.definition().unwrap_err().contains("Black is to move"));
    assert!(s.fen().unwrap().contains(" b "));
    a.setup_play(&mut Vec::new()).unwrap();
    assert_eq!(a.session.game().position().side_to_move(), BLACK);
}
