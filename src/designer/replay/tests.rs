use super::*;
use crate::bundled;
use crate::piece::PieceType;
use crate::position::WHITE;

fn game(variant: &str, fen: Option<&str>, moves: &str) -> Game {
    let v = describe::load_variant(variant).unwrap();
    let mut g = match fen {
        Some(f) => Game::from_position(fen::from_fen(&v, f).unwrap()),
        None => Game::new(&v),
    };
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// The chess definition with one text replaced (which must be there).
fn chess_with(from: &str, to: &str) -> String {
    let text = bundled::text("chess").unwrap();
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

#[test]
fn unchanged_rules_keep_the_whole_game() {
    let old = game("chess", None, "e2e4 e7e5 g1f3 b8c6 f1b5");
    let r = replay_definition(&old, bundled::text("chess").unwrap()).unwrap();
    assert_eq!((r.replayed, r.stopped_at, r.message), (5, None, None));
    assert_eq!(r.game.fen(), old.fen());
    assert_eq!(r.game.history(), old.history());
    // New rules under which every move is still legal: play goes on from the same place.
    let rich = chess_with("rook:R:R:", "rook:R:RN:");
    let r = replay_definition(&old, &rich).unwrap();
    assert_eq!((r.replayed, r.stopped_at), (5, None));
    assert_eq!(r.game.fen(), old.fen());
    assert_eq!(r.game.variant().types[PieceType::new(3)].betza, "RN");
}

#[test]
fn a_piece_that_moves_differently_stops_the_game() {
    let old = game("chess", None, "e2e4 e7e5 g1f3 b8c6");
    let r = replay_definition(&old, &chess_with("knight:N:N:", "knight:N:W:")).unwrap();
    assert_eq!(r.replayed, 2);
    assert_eq!(r.stopped_at, Some(2));
    assert_eq!(
        r.message.as_deref(),
        Some("Ng1-f3 is no longer legal: the knight now moves as W")
    );
    assert_eq!(r.game.history(), ["e2e4", "e7e5"]);
    // Renamed as well: the message uses the new rules' name.
    let r = replay_definition(&old, &chess_with("knight:N:N:", "wazir:N:W:")).unwrap();
    assert_eq!(
        r.message.as_deref(),
        Some("Ng1-f3 is no longer legal: the wazir now moves as W")
    );
    assert_eq!(
        r.game.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
    );
}

#[test]
fn text_errors_come_back_with_their_positions() {
    let old = game("chess", None, "e2e4");
    // A board of no squares is refused (issue 25: only what the Diagram cannot show
    // either): line 2 is "files=8 ranks=0", its 0 is column 15.
    let e = replay_definition(&old, &chess_with("ranks=8", "ranks=0")).unwrap_err();
    assert_eq!(e.0.len(), 1);
    assert_eq!((e.0[0].pos.line, e.0[0].pos.col), (2, 15));
    assert!(e.0[0].message.starts_with("ranks must be a whole number"));
    // A piece ID that is no capital letter: "knight:" is 7 characters on line 5.
    let e = replay_definition(&old, &chess_with("knight:N:N:", "knight:1:N:")).unwrap_err();
    assert_eq!((e.0[0].pos.line, e.0[0].pos.col), (5, 8));
}

#[test]
fn a_piece_type_that_is_gone() {
    let old = game("chess", None, "e2e4 e7e5 g1f3");
    let text = chess_with("knight:N:N:knight:b1,g1\n", "").replace("QRBN", "QRB");
    let r = replay_definition(&old, &text).unwrap();
    assert_eq!((r.replayed, r.stopped_at), (2, Some(2)));
    assert_eq!(
        r.message.as_deref(),
        Some("Ng1-f3 is no longer legal: the knight (N) no longer exists in the new rules")
    );
}

#[test]
fn the_start_squares_change() {
    // The game began at the start position, so it replays from the new one.
    let old = game("chess", None, "e2e4 e7e5 g1f3");
    let r = replay_definition(&old, &chess_with("knight:b1,g1", "knight:b1,h3")).unwrap();
    assert_eq!((r.replayed, r.stopped_at), (2, Some(2)));
    assert_eq!(
        r.message.as_deref(),
        Some("Ng1-f3 is no longer legal: no piece stands on g1 under the new rules")
    );
    // White's knight on b1 only, Black's on b8 and g1.
    let r = replay_definition(&old, &chess_with("knight:b1,g1", "knight:b1,,b8,g1")).unwrap();
    assert_eq!((r.replayed, r.stopped_at), (2, Some(2)));
    assert_eq!(
        r.message.as_deref(),
        Some("Ng1-f3 is no longer legal: the piece on g1 is Black's under the new rules")
    );
}

#[test]
fn a_bigger_or_smaller_board() {
    // Nine files: the same start squares, the i-file empty; the moves keep their names.
    // Castling is with the corner piece, and the i-file's corners are empty: only Qq.
    let old = game("chess", None, "e2e4 e7e5 g1f3");
    let r = replay_definition(&old, &chess_with("files=8", "files=9")).unwrap();
    assert_eq!((r.replayed, r.stopped_at), (3, None));
    assert_eq!(
        r.game.fen(),
        "rnbqkbnr1/pppp1ppp1/9/4p4/4P4/5N3/PPPP1PPP1/RNBQKB1R1 b Qq - 1 2"
    );
    // Six ranks: Black's pawns mirror onto rank 5, and e7 is off the board.
    let r = replay_definition(&old, &chess_with("ranks=8", "ranks=6")).unwrap();
    assert_eq!((r.replayed, r.stopped_at), (1, Some(1)));
    assert_eq!(
        r.message.as_deref(),
        Some("Pe7-e5 is no longer legal: e7 is not on the new 8x6 board")
    );
}

#[test]
fn a_custom_start_position() {
    // Kept when it still fits: the rook's new moves do not matter to these.
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let old = game("chess", Some(fen), "e1g1 e8d8 f1f7");
    let r = replay_definition(&old, &chess_with("knight:N:N:", "knight:N:NW:")).unwrap();
    assert_eq!((r.replayed, r.stopped_at), (3, None));
    assert_eq!(fen::to_fen(r.game.start()), fen);
    assert_eq!(r.game.fen(), old.fen());
    // A king that no longer castles.
    let r = replay_definition(&old, &chess_with("king:K:KisO2:", "king:K:K:")).unwrap();
    assert_eq!((r.replayed, r.stopped_at), (0, Some(0)));
    assert_eq!(
        r.message.as_deref(),
        Some("Ke1-g1 is no longer legal: the king now moves as K")
    );
    assert_eq!(
        fen::to_fen(r.game.position()),
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
    );
    // A wider board: the FEN's ranks are a file short, so the new start position it is.
    let r = replay_definition(&old, &chess_with("files=8", "files=9")).unwrap();
    assert_eq!((r.replayed, r.stopped_at), (0, Some(0)));
    assert_eq!(
        r.message.as_deref(),
        Some(
            "The game's start position does not fit the new rules (FEN column 1: rank 8 \
             has 8 squares, the board 9 files), so the game starts again from their start \
             position."
        )
    );
    assert_eq!(r.game.position(), &Position::start(r.game.variant()));
    // Without moves there is nothing to stop, only the note.
    let quiet = game("chess", Some(fen), "");
    let r = replay_definition(&quiet, &chess_with("files=8", "files=9")).unwrap();
    assert_eq!((r.replayed, r.stopped_at), (0, None));
    assert!(r.message.is_some());
}

#[test]
fn the_turn_order_changes() {
    // Balanced Marseillais: White's first turn is one move, then Black makes two, so the
    // old game's third move (White's) comes when Black still has a move to make.
    let old = game("chess", None, "e2e4 e7e5 g1f3");
    let r = replay_definition(&old, "marseillais").unwrap();
    assert_eq!((r.replayed, r.stopped_at), (2, Some(2)));
    assert_eq!(
        r.message.as_deref(),
        Some("Ng1-f3 is no longer legal: it is Black's move under the new rules")
    );
}

#[test]
fn the_game_is_over_sooner() {
    // A king with knight leaps too escapes the fool's mate by e1-d3; plain chess mates.
    let kn = chess_with("king:K:KisO2:", "king:K:KNisO2:");
    let old = game(&kn, None, "f2f3 e7e5 g2g4 d8h4 e1d3");
    assert_eq!(old.outcome(), None);
    let r = replay_definition(&old, "chess").unwrap();
    assert_eq!((r.replayed, r.stopped_at), (4, Some(4)));
    assert_eq!(
        r.message.as_deref(),
        Some(
            "Ke1-d3 is no longer legal: the game is already over (0-1 Black wins by \
             checkmate)"
        )
    );
}

#[test]
fn moves_that_would_expose_the_king() {
    // A rook that only steps one square pins nothing; a real rook on e7 pins the bishop.
    let wazir = chess_with("rook:R:R:", "rook:R:W:");
    let old = game(&wazir, Some("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"), "e2d3");
    let r = replay_definition(&old, "chess").unwrap();
    assert_eq!((r.replayed, r.stopped_at), (0, Some(0)));
    assert_eq!(
        r.message.as_deref(),
        Some("Be2-d3 is no longer legal: it would leave the king in check")
    );
    // And the king may not step onto the rook's rank.
    let old = game(&wazir, Some("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), "e1d1");
    let r = replay_definition(&old, "chess").unwrap();
    assert_eq!(
        r.message.as_deref(),
        Some("Ke1-d1 is no longer legal: the king would be attacked on d1")
    );
}

#[test]
fn promotions() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let old = game("chess", Some(fen), "a7a8q");
    let r = replay_definition(&old, &chess_with("promoChoice=QRBN", "promoChoice=RBN")).unwrap();
    assert_eq!(
        r.message.as_deref(),
        Some("Pa7-a8=Q is no longer legal: the pawn can no longer promote to a queen")
    );
    let r = replay_definition(
        &old,
        &chess_with("promoZone=1 promoChoice=QRBN", "promoZone=0"),
    )
    .unwrap();
    assert_eq!(
        r.message.as_deref(),
        Some("Pa7-a8=Q is no longer legal: the pawn no longer promotes on a8")
    );
    // A deeper zone: a7 is in it now.
    let old = game("chess", Some("4k3/8/P7/8/8/8/8/4K3 w - - 0 1"), "a6a7");
    let r = replay_definition(&old, &chess_with("promoZone=1", "promoZone=2")).unwrap();
    assert_eq!(
        r.message.as_deref(),
        Some("Pa6-a7 is no longer legal: the pawn now promotes on a7 (to Q, R, B, N)")
    );
}

#[test]
fn a_morph_map_changes_what_a_piece_became() {
    // Morphing Chess: the knight b1-d5 becomes a chancellor, which takes on d8. With the
    // knight's map saying A on d5 it is an archbishop there, which cannot.
    let text = bundled::text("morphing-chess").unwrap();
    let from = "knight:N:N2:knight:b1,h1,,b9,h9 morph=////PPACZCAPP////";
    assert!(text.contains(from));
    let new = text.replace(
        from,
        "knight:N:N2:knight:b1,h1,,b9,h9 morph=////PPAAZAAPP////",
    );
    let old = game("morphing-chess", None, "b1d5 e8e7 d5d8");
    let r = replay_definition(&old, &new).unwrap();
    assert_eq!((r.replayed, r.stopped_at), (2, Some(2)));
    assert_eq!(
        r.message.as_deref(),
        Some("Cd5-d8 is no longer legal: the piece on d5 is now an archbishop, which moves as BN")
    );
    let d5 = r.game.variant().geometry.parse_square("d5").unwrap();
    let here = r.game.position().piece_at(d5).unwrap();
    assert_eq!(r.game.variant().types[here.piece_type].id, 'A');
    assert_eq!(here.colour, WHITE);
}

#[test]
fn move_names() {
    let g = game("chess", Some("4k3/P7/8/8/8/8/8/4K2R w K - 0 1"), "");
    let pos = g.position();
    let m = |t: &str| crate::notation::parse_coordinate(pos, t).unwrap();
    assert_eq!(move_name(pos, m("a7a8n")), "Pa7-a8=N");
    assert_eq!(move_name(pos, m("e1g1")), "Ke1-g1");
}
