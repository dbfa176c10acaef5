//! The board's view model driven by input alone: selection, moves asked for, drags, the
//! promotion chooser, the keyboard, free placement.

use super::*;
use crate::piece::{BLACK, WHITE};
use crate::ui::input::{Effect, Input, Key, Say};

fn cell(name: &str) -> Cell {
    BoardSize::DEFAULT.parse_cell(name).unwrap()
}

fn dest(to: &str) -> Dest {
    Dest {
        to: cell(to),
        capture: false,
        choices: Vec::new(),
        via: Vec::new(),
        then: Vec::new(),
    }
}

/// A 9x9 board: a white piece on e2 that may go to e3 or e4, one on a1 with no moves, a
/// black piece on d7 (not movable), and a white piece on b8 that promotes on b9.
fn board() -> BoardView {
    let mut b = BoardView::new(BoardSize::DEFAULT);
    let piece = |name, piece_type, colour| Piece {
        cell: cell(name),
        piece_type: PieceType::new(piece_type),
        colour,
    };
    b.pieces = vec![
        piece("e2", 0, WHITE),
        piece("a1", 1, WHITE),
        piece("d7", 0, BLACK),
        piece("b8", 0, WHITE),
    ];
    let promotion = Dest {
        to: cell("b9"),
        capture: false,
        via: Vec::new(),
        then: Vec::new(),
        choices: vec![
            Choice {
                piece_type: PieceType::new(2),
                label: "b8b9q".into(),
            },
            Choice {
                piece_type: PieceType::new(3),
                label: "b8b9n".into(),
            },
        ],
    };
    b.movable = Movable::Dests(vec![
        (cell("e2"), vec![dest("e3"), dest("e4")]),
        (cell("a1"), Vec::new()),
        (cell("b8"), vec![promotion]),
    ]);
    b
}

fn down(b: &mut BoardView, name: &str) -> Vec<Effect> {
    b.update(Input::PointerDown {
        cell: Some(cell(name)),
        pointer: 1,
        at: (0.0, 0.0),
    })
}

fn up(b: &mut BoardView, name: &str) -> Vec<Effect> {
    b.update(Input::PointerUp {
        cell: Some(cell(name)),
        pointer: 1,
    })
}

fn click(b: &mut BoardView, name: &str) -> Vec<Effect> {
    let mut effects = down(b, name);
    effects.extend(up(b, name));
    effects
}

#[test]
fn selecting_a_piece_then_clicking_a_destination_asks_for_the_move() {
    let mut b = board();
    click(&mut b, "e2");
    assert_eq!(b.selected, Some(cell("e2")));
    assert_eq!(
        b.destination_cells(),
        (vec![cell("e3"), cell("e4")], vec![], vec![])
    );
    let effects = click(&mut b, "e4");
    assert!(effects.contains(&Effect::Move {
        via: Vec::new(),
        from: cell("e2"),
        to: cell("e4"),
        choice: 0
    }));
}

#[test]
fn clicking_an_illegal_square_deselects() {
    let mut b = board();
    click(&mut b, "e2");
    let effects = click(&mut b, "e6");
    assert_eq!(b.selected, None);
    assert!(!effects.iter().any(|e| matches!(e, Effect::Move { .. })));
    // An enemy piece is not picked up; a second click on a piece puts it down.
    click(&mut b, "d7");
    assert_eq!(b.selected, None);
    click(&mut b, "e2");
    click(&mut b, "e2");
    assert_eq!(b.selected, None);
}

#[test]
fn a_drag_to_a_destination_moves_and_an_illegal_drop_snaps_back() {
    let mut b = board();
    down(&mut b, "e2");
    b.update(Input::PointerMove {
        pointer: 1,
        at: (30.0, 0.0),
    });
    assert!(b.drag.is_some_and(|d| d.moved));
    let effects = up(&mut b, "e6");
    assert_eq!((b.selected, b.drag), (None, None), "back to its square");
    assert_eq!(effects, [Effect::Redraw]);

    down(&mut b, "e2");
    b.update(Input::PointerMove {
        pointer: 1,
        at: (30.0, 0.0),
    });
    let effects = up(&mut b, "e3");
    assert_eq!(
        effects,
        [Effect::Move {
            via: Vec::new(),
            from: cell("e2"),
            to: cell("e3"),
            choice: 0
        }]
    );
}

#[test]
fn a_promotion_opens_the_chooser_and_a_choice_is_a_move() {
    let mut b = board();
    click(&mut b, "b8");
    assert_eq!(click(&mut b, "b9"), [Effect::Redraw]);
    let cells = b.chooser_cells();
    assert_eq!(cells, [cell("b9"), cell("b8")], "down the column from b9");
    assert_eq!(
        down(&mut b, "b8"),
        [Effect::Move {
            via: Vec::new(),
            from: cell("b8"),
            to: cell("b9"),
            choice: 1
        }]
    );
    assert_eq!(b.chooser, None);
    // A click off the chooser closes it and lets go.
    click(&mut b, "b8");
    click(&mut b, "b9");
    down(&mut b, "e5");
    assert_eq!((b.chooser.as_ref(), b.selected), (None, None));
}

#[test]
fn the_keyboard_moves_the_cursor_picks_up_and_plays() {
    let mut b = board();
    assert_eq!(b.cursor, cell("e1"));
    let effects = b.update(Input::Key(Key::Arrow(0, -1)));
    assert_eq!(
        effects[0],
        Effect::Say(Say::Square {
            cell: cell("e2"),
            destination: false
        })
    );
    let effects = b.update(Input::Key(Key::Enter));
    assert_eq!(
        effects[0],
        Effect::Say(Say::PickedUp {
            cell: cell("e2"),
            destinations: 2
        })
    );
    b.update(Input::Key(Key::Arrow(0, -1)));
    let effects = b.update(Input::Key(Key::Arrow(0, -1)));
    assert_eq!(
        effects[0],
        Effect::Say(Say::Square {
            cell: cell("e4"),
            destination: true
        })
    );
    let effects = b.update(Input::Key(Key::Enter));
    assert_eq!(
        effects[0],
        Effect::Move {
            via: Vec::new(),
            from: cell("e2"),
            to: cell("e4"),
            choice: 0
        }
    );
    b.update(Input::Key(Key::Escape));
    assert_eq!(b.selected, None);
    // Flipped, up the screen is down the ranks.
    b.flipped = true;
    b.update(Input::Key(Key::Arrow(0, -1)));
    assert_eq!(b.cursor, cell("e3"));
}

#[test]
fn nothing_moves_when_nothing_is_movable() {
    let mut b = board();
    b.movable = Movable::None;
    click(&mut b, "e2");
    assert_eq!(b.selected, None);
    assert!(!b.claims_touch(Some(Spot::Square(cell("e2")))));
    assert!(board().claims_touch(Some(Spot::Square(cell("e2")))));
    assert!(!board().claims_touch(Some(Spot::Square(cell("e5")))));
}

#[test]
fn free_placement_moves_any_piece_anywhere() {
    let mut b = board();
    b.movable = Movable::Free;
    click(&mut b, "d7");
    let effects = click(&mut b, "h3");
    assert_eq!(
        effects[0],
        Effect::Place {
            from: cell("d7"),
            to: Some(cell("h3"))
        }
    );
    assert_eq!(b.selected, None);
    down(&mut b, "a1");
    b.update(Input::PointerMove {
        pointer: 1,
        at: (40.0, 40.0),
    });
    let effects = b.update(Input::PointerUp {
        cell: None,
        pointer: 1,
    });
    assert_eq!(
        effects[0],
        Effect::Place {
            from: cell("a1"),
            to: None
        }
    );
}
