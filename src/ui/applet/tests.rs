//! The applet's handlers end to end, with no browser: a move from the board, the computer
//! player's searches, stale replies, hints, Stop and Go.

use super::*;
use crate::position::Position;
use crate::ui::board::Movable;
use crate::ui::computer::Reply;
use crate::ui::input::Input;
use crate::ui::layout::Cell;
use crate::ui::player::Level;

fn applet(mode: Mode) -> Applet {
    let (game, _) = Session::fresh_game(Some("chess"));
    Applet::new(
        game,
        false,
        Computer::new(mode, Level::DEFAULT),
        &mut Vec::new(),
    )
}

fn searches(fx: &[Effect]) -> Vec<u32> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Worker(Job::Search { id, .. }) => Some(*id),
            _ => None,
        })
        .collect()
}

fn ready(a: &mut Applet) -> Vec<Effect> {
    let mut fx = Vec::new();
    a.on_reply(Reply::Ready, 0.0, &mut fx);
    fx
}

fn cell(name: &str) -> Cell {
    a_size().parse_cell(name).unwrap()
}

fn a_size() -> crate::ui::layout::BoardSize {
    crate::ui::layout::BoardSize::new(8, 8).unwrap()
}

#[test]
fn the_computer_searches_on_its_turn_and_plays_the_answer() {
    let mut a = applet(Mode::Black);
    assert!(a.computer.to_move, "White is the computer's");
    assert_eq!(a.board.movable, Movable::None, "the board takes no move");
    let fx = ready(&mut a);
    assert!(fx.contains(&Effect::Worker(Job::Variant("chess".into()))));
    let ids = searches(&fx);
    assert_eq!(ids.len(), 1, "{fx:?}");
    let mut fx = Vec::new();
    a.on_reply(
        Reply::Bestmove {
            id: ids[0],
            mv: "e2e4".into(),
        },
        0.0,
        &mut fx,
    );
    assert_eq!(a.session.game().history(), ["e2e4"]);
    assert!(fx.contains(&Effect::Announce("White pawn e2 to e4".into())));
    assert!(!a.computer.to_move && !a.computer.searching());
    assert!(a.board.can_pick(cell("e7")), "the human's turn");
}

#[test]
fn a_reply_to_a_search_no_longer_asked_for_is_ignored() {
    let mut a = applet(Mode::White);
    ready(&mut a);
    let mut fx = Vec::new();
    a.play("e2e4", 0.0, &mut fx).unwrap();
    let first = searches(&fx)[0];
    // The human takes the move back before the computer answers: it stops and waits.
    let mut fx = Vec::new();
    a.undo(&mut fx);
    assert!(fx.contains(&Effect::Worker(Job::Restart)), "{fx:?}");
    assert!(!a.computer.searching());
    let mut fx = Vec::new();
    a.on_reply(
        Reply::Bestmove {
            id: first,
            mv: "e7e5".into(),
        },
        0.0,
        &mut fx,
    );
    assert!(
        a.session.game().history().is_empty(),
        "the stale reply is ignored"
    );
    assert!(fx.is_empty(), "{fx:?}");
}

#[test]
fn a_hint_settles_its_callers_and_draws_an_arrow() {
    let mut a = applet(Mode::Human);
    ready(&mut a);
    let mut fx = Vec::new();
    a.hint(Some(7), &mut fx).unwrap();
    a.hint(Some(8), &mut fx).unwrap();
    let ids = searches(&fx);
    assert_eq!(ids.len(), 1, "the second caller joins the first search");
    let mut fx = Vec::new();
    let reply = Reply::Bestmove {
        id: ids[0],
        mv: "g1f3".into(),
    };
    a.on_reply(reply, 0.0, &mut fx);
    assert!(fx.contains(&Effect::Settle {
        waiters: vec![7, 8],
        result: Ok("g1f3".into())
    }));
    assert_eq!(a.board.hint, Some((cell("g1"), cell("f3"))));
    assert!(
        a.session.game().history().is_empty(),
        "a hint is not played"
    );
    // A new game abandons a hint in progress.
    let mut fx = Vec::new();
    a.hint(Some(9), &mut fx).unwrap();
    a.new_game(&mut fx);
    assert!(fx.contains(&Effect::Settle {
        waiters: vec![9],
        result: Err("a new game started".into())
    }));
}

#[test]
fn a_click_on_a_destination_plays_and_the_computer_plays_both_sides_after_a_pause() {
    let mut a = applet(Mode::Human);
    let mut fx = Vec::new();
    for name in ["e2", "e4"] {
        let c = Some(cell(name));
        let down = Input::PointerDown {
            cell: c,
            pointer: 1,
            at: (0.0, 0.0),
        };
        a.input(down, 0.0, &mut fx);
        a.input(
            Input::PointerUp {
                cell: c,
                pointer: 1,
            },
            0.0,
            &mut fx,
        );
    }
    assert_eq!(a.session.game().history(), ["e2e4"]);
    assert!(fx.contains(&Effect::Save));

    let mut fx = Vec::new();
    a.set_mode(Mode::Computer, &mut fx);
    assert!(fx.contains(&Effect::Worker(Job::StartTimer(COMPUTER_PAUSE_MS))));
    assert!(!a.computer.searching(), "not before the pause");
    let mut fx = ready(&mut a);
    a.timer_fired(&mut fx);
    assert_eq!(searches(&fx).len(), 1);
    let mut fx = Vec::new();
    assert!(a.stop(&mut fx));
    assert!(a.computer.paused && !a.computer.searching());
    assert!(a.computer_view().can_go);
}

#[test]
fn a_game_exported_imports_to_the_same_game_and_a_bad_move_keeps_those_before() {
    let mut a = applet(Mode::Human);
    for m in ["e2e4", "e7e5", "g1f3"] {
        a.play(m, 0.0, &mut Vec::new()).unwrap();
    }
    let fen = a.session.game().fen();
    let gc = a.export_game("gc").unwrap();
    let pgn = a.export_game("pgn").unwrap();
    assert!(gc.contains("P e2-e4"), "{gc}");
    assert!(pgn.contains("[Variant "), "{pgn}");
    assert!(
        a.export_game("txt")
            .unwrap_err()
            .contains("\"gc\" or \"pgn\"")
    );

    for text in [&gc, &pgn] {
        let mut b = applet(Mode::Human);
        assert_eq!(b.import_game(text, &mut Vec::new()).unwrap(), (3, None));
        assert_eq!(b.session.game().fen(), fen);
    }

    let mut fx = Vec::new();
    let (played, error) = a
        .import_game("1. P e2-e4 p e7-e5 2. K e1-e3", &mut fx)
        .unwrap();
    assert_eq!(played, 2);
    assert!(error.unwrap().starts_with("move 2 (K e1-e3)"));
    assert!(fx.iter().any(|e| matches!(e, Effect::Message(Some(m))
        if m.starts_with("The game stops at move 2 (K e1-e3)") && m.ends_with("the 2 moves before it are played."))));
    assert_eq!(a.session.game().history(), ["e2e4", "e7e5"]);
}

#[test]
fn the_worker_starts_with_the_first_search_not_with_the_board() {
    let mut fx = Vec::new();
    let (game, _) = Session::fresh_game(Some("chess"));
    let mut a = Applet::new(
        game,
        false,
        Computer::new(Mode::Human, Level::DEFAULT),
        &mut fx,
    );
    a.play("e2e4", 0.0, &mut fx).unwrap();
    assert!(!fx.iter().any(|e| matches!(e, Effect::Worker(_))), "{fx:?}");
    let mut fx = Vec::new();
    a.hint(Some(1), &mut fx).unwrap();
    assert!(fx.contains(&Effect::Worker(Job::Restart)) && searches(&fx).is_empty());
    let fx = ready(&mut a);
    assert!(
        fx.contains(&Effect::Worker(Job::Variant("chess".into()))),
        "{fx:?}"
    );
    assert_eq!(searches(&fx).len(), 1);
}

#[test]
fn play_the_computer_gives_the_human_the_side_to_move() {
    let mut a = applet(Mode::Human);
    a.play("e2e4", 0.0, &mut Vec::new()).unwrap();
    let mut fx = Vec::new();
    a.play_computer(&mut fx);
    assert_eq!(a.computer.mode, Mode::Black);
    assert!(!a.computer.to_move, "Black, the human, is to move");
}

/// A shuffle variant opens with its array as written (as the Diagram's page does); New game
/// deals a new array from a seed drawn from the applet's seeds, and a given seed deals the
/// same array every time.
#[test]
fn a_new_game_of_a_shuffle_variant_deals_from_a_new_seed() {
    let text = include_str!("../../../tests/shuffle/shuffle-chess.txt");
    let mut a = applet(Mode::Human);
    let mut fx = Vec::new();
    a.set_variant(text, &mut fx).unwrap();
    assert_eq!(a.session.game().seed(), None);
    let written = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(a.session.game().fen(), written);
    a.reseed(99);
    let mut seeds = Vec::new();
    for _ in 0..5 {
        a.new_game(&mut fx);
        let game = a.session.game();
        let seed = game.seed().expect("a dealt start");
        assert!(seed < 1_000_000_000);
        assert_eq!(game.start(), &Position::start_seeded(game.variant(), seed));
        seeds.push(seed);
    }
    seeds.dedup();
    assert_eq!(seeds.len(), 5, "{seeds:?}");
    a.new_game_seeded(4711, &mut fx);
    let first = a.session.game().fen();
    a.play("a2a3", 0.0, &mut fx).unwrap();
    a.new_game_seeded(4711, &mut fx);
    assert_eq!(a.session.game().fen(), first);
    assert_eq!(a.session.game().seed(), Some(4711));
    // Chess has no shuffle key: New game is its start, with no seed.
    a.set_variant("chess", &mut fx).unwrap();
    a.new_game(&mut fx);
    assert_eq!(a.session.game().seed(), None);
}

/// A definition with a game (`moveList`): it starts at the start with the moves ahead; the
/// steps go forward, to the end, back and to the start; the comment follows the move shown
/// (and is said); a move of one's own mid-game branches, the moves ahead gone as after Undo,
/// the comments before the branch kept.
#[test]
fn a_definitions_game_is_stepped_through_with_its_comments() {
    let mut a = applet(Mode::Human);
    let text = format!(
        "{}\nmoveList=1. e4 {{opens}} e5 2. Nf3 {{attacks e5}} Nc6",
        crate::bundled::text("chess").unwrap()
    );
    let mut fx = Vec::new();
    a.set_variant(&text, &mut fx).unwrap();
    let at = |a: &Applet, square: &str| {
        let pos = a.session.shown();
        let sq = pos.variant().geometry.parse_square(square).unwrap();
        pos.piece_at(sq)
            .map(|p| pos.variant().types[p.piece_type].name.clone())
    };
    assert_eq!(a.session.game().played().len(), 0);
    assert_eq!(a.session.line_len(), 4);
    assert_eq!(a.session.comment(), None);
    let mut fx = Vec::new();
    assert_eq!(a.step(Step::Forward, &mut fx), 1);
    assert_eq!(at(&a, "e4").as_deref(), Some("pawn"));
    assert_eq!(a.session.comment(), Some("opens"));
    assert!(
        fx.contains(&Effect::Announce("After move 1: P e2-e4. opens".into())),
        "{fx:?}"
    );
    assert_eq!(a.step(Step::End, &mut fx), 4);
    assert_eq!(at(&a, "c6").as_deref(), Some("knight"));
    assert_eq!(at(&a, "f3").as_deref(), Some("knight"));
    assert_eq!(a.session.comment(), None);
    assert_eq!(a.step(Step::Back, &mut fx), 3);
    assert_eq!(at(&a, "c6"), None);
    assert_eq!(a.session.comment(), Some("attacks e5"));
    assert_eq!(a.step(Step::Start, &mut fx), 0);
    assert_eq!(at(&a, "e2").as_deref(), Some("pawn"));
    assert_eq!(a.step(Step::Back, &mut fx), 0, "nothing before the start");
    // Two forward, then White's own move instead of Nf3.
    a.step(Step::Forward, &mut fx);
    a.step(Step::Forward, &mut fx);
    a.play("d2d4", 0.0, &mut fx).unwrap();
    assert_eq!(a.session.line_len(), 3, "Nf3 and Nc6 are gone");
    assert_eq!(a.session.comment(), None);
    assert_eq!(a.seek(1, &mut fx), 1);
    assert_eq!(a.session.comment(), Some("opens"));
    assert_eq!(Step::from_key("ArrowRight"), Some(Step::Forward));
    assert_eq!(Step::from_key("a"), None);
    // New game after the branch: the start, with the definition's game ahead again.
    a.new_game(&mut fx);
    assert_eq!(a.session.game().played().len(), 0);
    assert_eq!(a.session.line_len(), 4, "the list's moves are ahead again");
    assert_eq!(a.step(Step::End, &mut fx), 4);
    assert_eq!(at(&a, "c6").as_deref(), Some("knight"));
    assert_eq!(a.seek(1, &mut fx), 1);
    assert_eq!(a.session.comment(), Some("opens"));
}
