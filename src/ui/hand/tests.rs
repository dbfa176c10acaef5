//! The hands beside a board, natively: their rows in the layout (a 360 px phone too), the
//! pieces and counts shown, picking a hand's piece by click, drag or keyboard, its drop
//! squares marked, the drop asked for and played, the orientation, and Shogi's promotion
//! choices (optional: the chooser offers exactly both; forced: no chooser).

use super::*;
use crate::game::Game;
use crate::piece::{BLACK, PieceType};
use crate::ui::applet::{self, Applet};
use crate::ui::board::Spot;
use crate::ui::computer::Computer;
use crate::ui::input::{Effect, Input, Key, Say};
use crate::ui::layout::{BoardSize, Cell};
use crate::ui::player::{Level, Mode};
use crate::ui::session::Session;

const MINISHOGI: &str = include_str!("../../../tests/perft/fsf/defs/minishogi.txt");

/// White's rook takes the pawn on e3 (Black's gold then blocks the check): White holds a pawn.
const CAPTURE: [&str; 4] = ["a2a3", "e4e3", "e1e3", "d5e4"];

fn minishogi(moves: &[&str]) -> Session {
    let (game, note) = Session::fresh_game(Some(MINISHOGI));
    assert_eq!(note, None);
    let mut s = Session::new(game);
    for m in moves {
        s.play(|g| g.play_text(m)).unwrap();
    }
    s
}

/// The board a session shows, as the applet fills it.
fn board(s: &Session) -> BoardView {
    let mut b = BoardView::new(s.board_size());
    b.pieces = s.pieces();
    b.movable = s.movable(true);
    b.hands = s.hands();
    b.drops = s.drops(true);
    b
}

fn cell(name: &str) -> Cell {
    BoardSize::new(5, 5).unwrap().parse_cell(name).unwrap()
}

fn names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(Cell::to_string).collect()
}

fn pawn(colour: Colour) -> HandSlot {
    HandSlot {
        colour,
        piece_type: PieceType::new(0),
    }
}

fn click_hand(b: &mut BoardView, slot: HandSlot) -> Vec<Effect> {
    let mut fx = b.update(Input::HandDown {
        slot,
        pointer: 1,
        at: (0.0, 0.0),
    });
    fx.extend(b.update(Input::PointerUp {
        cell: None,
        pointer: 1,
    }));
    fx
}

fn click(b: &mut BoardView, name: &str) -> Vec<Effect> {
    let mut fx = b.update(Input::PointerDown {
        cell: Some(cell(name)),
        pointer: 1,
        at: (0.0, 0.0),
    });
    fx.extend(b.update(Input::PointerUp {
        cell: Some(cell(name)),
        pointer: 1,
    }));
    fx
}

const DROPS: [&str; 11] = [
    "b2", "c2", "d2", "e1", "e2", "b3", "c3", "d3", "b4", "c4", "d4",
];

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn rows_above_and_below_the_board_fit_a_phone() {
    let minishogi = BoardSize::new(5, 5).unwrap();
    let shogi = BoardSize::new(9, 9).unwrap();
    // A 360 px phone's board is 328 px wide; the canvas is as tall as the aspect ratio says.
    for size in [minishogi, shogi] {
        let rows = f64::from(size.ranks()) + 2.0 * Placement::HAND_ROWS;
        let height = 328.0 / f64::from(size.files()) * rows;
        let p = Placement::fit_with_hands(size, 328.0, height, true);
        assert_eq!(p.square, 328.0 / f64::from(size.files()));
        assert!(p.square >= Placement::SMALL_SQUARE, "no gutter needed");
        let (ax, ay, aw, ah) = p.hand_row(false).unwrap();
        let (bx, by, bw, bh) = p.hand_row(true).unwrap();
        assert_eq!((ax, bx, aw, bw), (0.0, 0.0, 328.0, 328.0));
        assert_eq!((ah, bh), (p.square, p.square));
        assert!(ay >= 0.0 && ay + ah < p.top, "above the board, with a gap");
        let bottom = p.top + p.square * f64::from(size.ranks());
        assert!(
            by > bottom && by + bh <= height + 1e-9,
            "below it, inside the canvas"
        );
        // The board's squares are where they are without hands, shifted down by a row.
        let e3 = p.board.parse_cell("e3").unwrap();
        assert_eq!(p.cell_at(p.centre_of(e3).0, p.centre_of(e3).1), Some(e3));
        assert_eq!(
            p.cell_at(ax + 1.0, ay + 1.0),
            None,
            "a hand is off the board"
        );
    }
    // Seven types in a 5-file row: the pieces shrink to fit, in order from the left.
    let p = Placement::fit_with_hands(minishogi, 300.0, 450.0, true);
    let (x, _, width, _) = p.hand_row(true).unwrap();
    let (x6, _, size) = p.hand_slot(true, 6, 7).unwrap();
    assert_eq!(size, width / 7.0);
    assert!((x6 + size - (x + width)).abs() < 1e-9);
    // Without hands nothing changes.
    let plain = Placement::fit(minishogi, 300.0, 300.0);
    assert_eq!((plain.hand, plain.top), (0.0, 0.0));
    assert_eq!(plain.hand_row(true), None);
}

#[test]
fn a_capture_shows_in_the_takers_hand_with_its_count() {
    let s = minishogi(&[]);
    assert_eq!(s.hands(), Some([vec![], vec![]]), "hands shown, empty");
    assert!(s.drops(true).is_empty());
    let s = minishogi(&CAPTURE);
    let pawn_1 = HandPiece {
        piece_type: PieceType::new(0),
        count: 1,
    };
    assert_eq!(s.hands(), Some([vec![pawn_1], vec![]]));
    assert_eq!(s.hand_name(pawn(WHITE), 1), "White's hand: pawn, 1");
    // A variant without hands has none.
    let chess = Session::new(Session::fresh_game(Some("chess")).0);
    assert_eq!(chess.hands(), None);
    assert!(BoardView::new(chess.board_size()).hand(WHITE).is_empty());
}

#[test]
fn a_hand_piece_clicked_marks_its_drops_and_a_click_on_one_drops_it() {
    let mut s = minishogi(&CAPTURE);
    let mut b = board(&s);
    assert!(b.can_pick_hand(pawn(WHITE)));
    assert!(
        !b.can_pick_hand(pawn(BLACK)),
        "Black holds none and is not to move"
    );
    let fx = click_hand(&mut b, pawn(WHITE));
    assert!(fx.contains(&Effect::CapturePointer(1)), "{fx:?}");
    assert_eq!((b.selected_hand, b.selected), (Some(pawn(WHITE)), None));
    let (dots, rings, legs) = b.destination_cells();
    assert_eq!(
        sorted(names(&dots)),
        sorted(DROPS.map(String::from).to_vec())
    );
    assert!(rings.is_empty() && legs.is_empty(), "a drop takes nothing");
    assert!(b.claims_touch(Some(Spot::Hand(pawn(WHITE)))));
    assert!(b.claims_touch(Some(Spot::Square(cell("c3")))));

    // A square that is not a drop lets go; a second click on the hand's piece too.
    click(&mut b, "a4");
    assert_eq!(b.selected_hand, None);
    click_hand(&mut b, pawn(WHITE));
    click_hand(&mut b, pawn(WHITE));
    assert_eq!(b.selected_hand, None);

    click_hand(&mut b, pawn(WHITE));
    let fx = click(&mut b, "c3");
    let drop = Effect::Drop {
        piece_type: PieceType::new(0),
        to: cell("c3"),
    };
    assert!(fx.contains(&drop), "{fx:?}");
    let m = s.resolve_drop(PieceType::new(0), cell("c3")).unwrap();
    assert!(m.is_drop());
    assert_eq!(s.coordinate(m), "P@c3");
    let played = s.play(|g| g.play(m).map(|()| m)).unwrap();
    assert_eq!(played.text, "White pawn dropped on c3");
    assert_eq!(s.hands(), Some([vec![], vec![]]));
    assert!(
        s.last_move().contains(&cell("c3")),
        "the drop's square is marked"
    );
    let courier = &s.game().played().last().unwrap().courier;
    assert_eq!(courier, "P*c3", "the move list's form");
}

#[test]
fn a_hand_piece_dragged_onto_a_drop_square_drops() {
    let s = minishogi(&CAPTURE);
    let mut b = board(&s);
    b.update(Input::HandDown {
        slot: pawn(WHITE),
        pointer: 7,
        at: (10.0, 300.0),
    });
    b.update(Input::PointerMove {
        pointer: 7,
        at: (60.0, 200.0),
    });
    assert!(
        b.drag
            .is_some_and(|d| d.moved && d.from == Spot::Hand(pawn(WHITE)))
    );
    let fx = b.update(Input::PointerUp {
        cell: Some(cell("d2")),
        pointer: 7,
    });
    assert!(fx.contains(&Effect::Drop {
        piece_type: PieceType::new(0),
        to: cell("d2"),
    }));
    // Dragged where it may not go: back to the hand, nothing selected.
    let mut b = board(&s);
    b.update(Input::HandDown {
        slot: pawn(WHITE),
        pointer: 7,
        at: (10.0, 300.0),
    });
    b.update(Input::PointerMove {
        pointer: 7,
        at: (60.0, 200.0),
    });
    let fx = b.update(Input::PointerUp {
        cell: Some(cell("a4")),
        pointer: 7,
    });
    assert!(!fx.iter().any(|e| matches!(e, Effect::Drop { .. })));
    assert_eq!((b.selected_hand, b.drag), (None, None));
}

#[test]
fn the_keyboard_goes_from_the_edge_row_into_the_hand_and_back() {
    let s = minishogi(&CAPTURE);
    let mut b = board(&s);
    let said = |fx: &[Effect]| -> Vec<String> {
        (fx.iter())
            .filter_map(|e| match e {
                Effect::Say(say) => Some(s.say(*say)),
                _ => None,
            })
            .collect()
    };
    // The cursor starts on c1, the bottom row: down goes into White's hand.
    assert_eq!(b.cursor, cell("c1"));
    let fx = b.update(Input::Key(Key::Arrow(0, 1)));
    assert_eq!(b.cursor_hand, Some(pawn(WHITE)));
    assert_eq!(said(&fx), ["White's hand: pawn, 1"]);
    let fx = b.update(Input::Key(Key::Enter));
    assert_eq!(b.selected_hand, Some(pawn(WHITE)));
    assert_eq!(
        said(&fx),
        ["Picked up a pawn from White's hand; 11 destinations"]
    );
    // Up: back onto c1, then c2 (a drop square).
    b.update(Input::Key(Key::Arrow(0, -1)));
    assert_eq!((b.cursor_hand, b.cursor), (None, cell("c1")));
    let fx = b.update(Input::Key(Key::Arrow(0, -1)));
    assert_eq!(said(&fx), ["c2, empty, a destination"]);
    let fx = b.update(Input::Key(Key::Enter));
    assert!(fx.contains(&Effect::Drop {
        piece_type: PieceType::new(0),
        to: cell("c2"),
    }));
    // Black's empty hand above the board takes no cursor: the top row stops it.
    for _ in 0..6 {
        b.update(Input::Key(Key::Arrow(0, -1)));
    }
    assert_eq!((b.cursor_hand, b.cursor), (None, cell("c5")));
    let said = s.say(Say::HandNotMovable(pawn(BLACK)));
    assert_eq!(said, "Black's hand: pawn, 0: not a piece that can move");
}

#[test]
fn each_hand_follows_the_orientation() {
    let s = minishogi(&CAPTURE);
    let mut b = board(&s);
    let p = b.placement(328.0, 500.0);
    let white = b.hand_boxes(&p);
    assert_eq!(white.len(), 1, "White's pawn; Black's hand is empty");
    let (_, below_y, _, _) = p.hand_row(true).unwrap();
    assert!(
        white[0].slot == pawn(WHITE) && white[0].y >= below_y,
        "White's below"
    );
    let (x, y) = (white[0].x + 1.0, white[0].y + 1.0);
    assert_eq!(b.hand_at(&p, x, y), Some(pawn(WHITE)));
    assert_eq!(b.hand_at(&p, x, 1.0), None, "nothing in Black's row");
    b.flipped = true;
    let p = b.placement(328.0, 500.0);
    let (_, above_y, _, above_h) = p.hand_row(false).unwrap();
    let flipped = b.hand_boxes(&p);
    assert!(
        flipped[0].y >= above_y && flipped[0].y < above_y + above_h,
        "White's above"
    );
    assert_eq!(b.hand_at(&p, x, y), None);
    assert!(!b.hand_below(WHITE) && b.hand_below(BLACK));
}

/// A silver entering the zone may promote or not: the chooser offers exactly both. A pawn
/// reaching the last rank must: it moves at once.
#[test]
fn shogi_promotion_offers_exactly_the_legal_choices() {
    let v = crate::describe::load_variant(MINISHOGI).unwrap();
    let pos = crate::fen::from_fen(&v, "k4/2S1P/5/5/4K[] w - - 0 1").unwrap();
    let mut s = minishogi(&[]);
    s.set_game(Game::from_position(pos));
    let mut b = board(&s);
    click(&mut b, "c4");
    let dest = b.dest(cell("c5")).unwrap().clone();
    let labels: Vec<&str> = dest.choices.iter().map(|c| c.label.as_str()).collect();
    let types: Vec<&str> = (dest.choices.iter())
        .map(|c| v.types[c.piece_type].name.as_str())
        .collect();
    assert_eq!(dest.choices.len(), 2, "{labels:?}");
    assert!(types.contains(&"silver") && types.contains(&"silver general promoted"));
    let fx = click(&mut b, "c5");
    assert!(!fx.iter().any(|e| matches!(e, Effect::Move { .. })));
    assert_eq!(b.chooser.as_ref().map(|c| c.options.len()), Some(2));
    for (i, choice) in dest.choices.iter().enumerate() {
        let m = s.resolve(cell("c4"), &[], cell("c5"), i).unwrap();
        assert_eq!(s.coordinate(m), choice.label);
    }
    // The pawn on e4 to e5: forced, no chooser.
    let mut b = board(&s);
    click(&mut b, "e4");
    assert!(b.dest(cell("e5")).unwrap().choices.is_empty());
    let fx = click(&mut b, "e5");
    assert!(fx.contains(&Effect::Move {
        from: cell("e4"),
        to: cell("e5"),
        via: Vec::new(),
        choice: 0
    }));
    let m = s.resolve(cell("e4"), &[], cell("e5"), 0).unwrap();
    assert!(m.promotion().is_some(), "it promotes");
}

/// The applet end to end: the capture, the hand's piece clicked, the drop square clicked, the
/// drop played and said, the hands emptied.
#[test]
fn the_applet_plays_a_drop_from_the_board() {
    let (game, _) = Session::fresh_game(Some(MINISHOGI));
    let computer = Computer::new(Mode::Human, Level::DEFAULT);
    let mut a = Applet::new(game, false, computer, &mut Vec::new());
    for m in CAPTURE {
        a.play(m, 0.0, &mut Vec::new()).unwrap();
    }
    assert_eq!(a.board.hand(WHITE).len(), 1);
    let mut fx = Vec::new();
    let down = Input::HandDown {
        slot: pawn(WHITE),
        pointer: 1,
        at: (0.0, 0.0),
    };
    a.input(down, 0.0, &mut fx);
    let up = |name| Input::PointerUp {
        cell: Some(cell(name)),
        pointer: 1,
    };
    a.input(
        Input::PointerUp {
            cell: None,
            pointer: 1,
        },
        0.0,
        &mut fx,
    );
    assert_eq!(a.board.destinations().len(), 11);
    let at = (0.0, 0.0);
    let down = Input::PointerDown {
        cell: Some(cell("b3")),
        pointer: 1,
        at,
    };
    let mut fx = Vec::new();
    a.input(down, 0.0, &mut fx);
    a.input(up("b3"), 0.0, &mut fx);
    assert_eq!(a.session.game().history().last().unwrap(), "P@b3");
    assert!(
        fx.contains(&applet::Effect::Announce("White pawn dropped on b3".into())),
        "{fx:?}"
    );
    assert!(a.board.hand(WHITE).is_empty());
    assert!(a.board.pieces.iter().any(|p| p.cell == cell("b3")));
    assert_eq!(a.board.selected_hand, None);
    let holdings = crate::fen::holdings(a.session.game().position());
    assert_eq!(holdings.as_deref(), Some("[]"));
}
