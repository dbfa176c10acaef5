use super::*;

fn session(variant: &str) -> Session {
    Session::new(Session::fresh_game(Some(variant)).0)
}

fn cell(name: &str) -> Cell {
    BoardSize::DEFAULT.parse_cell(name).unwrap()
}

#[test]
fn the_side_to_move_gets_its_destinations() {
    let s = session("chess");
    let Movable::Dests(dests) = s.movable(true) else {
        panic!("White may move");
    };
    assert_eq!(
        dests.len(),
        16,
        "every white piece, even those with no move"
    );
    let (_, e2) = dests.iter().find(|(c, _)| *c == cell("e2")).unwrap();
    let to: Vec<String> = e2.iter().map(|d| d.to.to_string()).collect();
    assert_eq!(to, ["e3", "e4"]);
    assert_eq!(s.movable(false), Movable::None);
    assert_eq!(s.board_size(), BoardSize::new(8, 8).unwrap());
}

#[test]
fn a_promotion_offers_its_choices_and_resolves_each() {
    let mut s = session("chess");
    let v = s.variant().clone();
    let pos = fen::from_fen(&v, "8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    s.set_game(Game::from_position(pos));
    let Movable::Dests(dests) = s.movable(true) else {
        panic!("White may move");
    };
    let (_, a7) = dests.iter().find(|(c, _)| *c == cell("a7")).unwrap();
    let choices = &a7[0].choices;
    assert!(choices.len() >= 2, "{choices:?}");
    for (i, choice) in choices.iter().enumerate() {
        let m = s.resolve(cell("a7"), &[], cell("a8"), i).unwrap();
        assert_eq!(s.coordinate(m), choice.label);
    }
}

/// A board over a session of the variant `text` at `fen`, White to move.
fn board_over(text: &str, fen: &str) -> (Session, crate::ui::board::BoardView) {
    let v = crate::bundled::compile("legs", text).unwrap();
    let pos = fen::from_fen(&v, fen).unwrap();
    let mut s = session("chess");
    s.set_game(Game::from_position(pos));
    let mut b = crate::ui::board::BoardView::new(s.board_size());
    b.movable = s.movable(true);
    b.pieces = s.pieces();
    (s, b)
}

fn click(b: &mut crate::ui::board::BoardView, name: &str) -> Vec<crate::ui::input::Effect> {
    use crate::ui::input::Input;
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

fn names(cells: Vec<Cell>) -> Vec<String> {
    let mut v: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    v.sort();
    v
}

/// The move a click asked for, as the session resolves it, in coordinate form.
fn played(s: &Session, fx: Vec<crate::ui::input::Effect>) -> String {
    use crate::ui::input::Effect;
    let Some(Effect::Move {
        from,
        to,
        via,
        choice,
    }) = fx.into_iter().find(|e| matches!(e, Effect::Move { .. }))
    else {
        panic!("a move");
    };
    s.coordinate(s.resolve(from, &via, to, choice).unwrap())
}

/// A lion on d4 and an enemy on d5: d5 is both a destination (take it and stop) and a
/// first leg (take it and step on); clicking it shows the second leg's squares, with d5
/// among them to stop there; clicking one plays that move.
#[test]
fn a_move_of_two_legs_is_entered_by_two_clicks() {
    let text = "files=8 ranks=8\nlion:L:KcaK:lion:d1\nking:K:K:king:e1";
    let (s, mut b) = board_over(text, "k7/8/8/3l4/3L4/8/8/7K w - - 0 1");
    click(&mut b, "d4");
    let (quiet, captures, legs) = b.destination_cells();
    assert_eq!(names(legs), ["d5"]);
    assert_eq!(names(captures), Vec::<String>::new());
    assert_eq!(names(quiet), ["c3", "c4", "c5", "d3", "e3", "e4", "e5"]);
    let fx = click(&mut b, "d5");
    assert!(
        !fx.iter()
            .any(|e| matches!(e, crate::ui::input::Effect::Move { .. })),
        "{fx:?}"
    );
    let (quiet, captures, legs) = b.destination_cells();
    assert!(legs.is_empty());
    assert_eq!(names(captures), ["d5"], "stop on d5, taking it");
    assert_eq!(names(quiet), ["c4", "c5", "c6", "d6", "e4", "e5", "e6"]);
    assert_eq!(played(&s, click(&mut b, "e6")), "d4d5e6");
}

/// A double jumper (`cafcafmW`) on d4 with two enemy jumpers on d5 and d6: the victims
/// are clicked one by one (d5 shows d6, d6 shows d7), then the destination.
#[test]
fn a_move_taking_two_on_the_way_is_entered_victim_by_victim() {
    let text = "files=8 ranks=8\njumper:J:cafcafmW:jumper:d1\nking:K:K:king:e1";
    let (s, mut b) = board_over(text, "k7/8/3j4/3j4/3J4/8/8/7K w - - 0 1");
    click(&mut b, "d4");
    assert_eq!(b.destination_cells(), (vec![], vec![], vec![cell("d5")]));
    click(&mut b, "d5");
    assert_eq!(b.destination_cells(), (vec![], vec![], vec![cell("d6")]));
    click(&mut b, "d6");
    assert_eq!(b.destination_cells(), (vec![cell("d7")], vec![], vec![]));
    assert_eq!(played(&s, click(&mut b, "d7")), "d4d5d6d7");
}

#[test]
fn playing_viewing_and_taking_back() {
    let mut s = session("chess");
    let played = s.play(|g| g.play_text("e2e4")).unwrap();
    assert_eq!(played.text, "White pawn e2 to e4");
    assert_eq!(s.last_move(), [cell("e2"), cell("e4")]);
    s.view(0);
    assert_eq!(s.viewing(), Some(0));
    assert_eq!(
        s.movable(true),
        Movable::None,
        "a past position takes no move"
    );
    assert!(s.last_move().is_empty());
    s.view(1);
    assert_eq!(s.viewing(), None);
    let (mv, text) = s.undo().unwrap();
    assert_eq!(
        (mv.as_str(), text.as_str()),
        ("e2e4", "Took back: White pawn e2 to e4")
    );
    assert!(s.play(|g| g.play_text("e2e5")).is_err());
}
