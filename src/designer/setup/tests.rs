use super::*;
use crate::bundled;
use crate::fen::from_fen;
use crate::notation::parse_coordinate;

fn editor(variant: &str, pieces: &[(&str, char)]) -> PositionDraft {
    let v = bundled::load(variant).unwrap();
    let mut e = PositionDraft::new(&v);
    for &(sq, letter) in pieces {
        e.place_letter(sq, letter).unwrap();
    }
    e
}

/// The same FEN and the same legal moves. (Not `==`: the editor marks every piece
/// unmoved, FEN only those whose flag can matter, like a king with no corner piece.)
fn same_play(a: &Position, b: &Position) {
    assert_eq!(fen::to_fen(a), fen::to_fen(b));
    let (mut ma, mut mb) = (Vec::new(), Vec::new());
    a.legal_moves(&mut ma);
    b.legal_moves(&mut mb);
    ma.sort();
    mb.sort();
    assert_eq!(ma, mb);
}

fn messages(e: &PositionDraft) -> Vec<String> {
    e.problems().into_iter().map(|p| p.message).collect()
}

#[test]
fn start_positions_are_valid_and_export_as_they_were() {
    let e = PositionDraft::from_start(&bundled::load("chess").unwrap());
    assert_eq!(e.validate(), Ok(()));
    assert_eq!(
        e.fen().unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // The square lists come out as the bundled file writes them.
    assert_eq!(e.definition().unwrap(), bundled::text("chess").unwrap());
    for name in bundled::names() {
        let v = bundled::load(name).unwrap();
        let e = PositionDraft::from_start(&v);
        assert_eq!(e.validate(), Ok(()), "{name}");
        assert_eq!(e.position().unwrap(), Position::start(&v), "{name}");
        let text = e.definition().unwrap();
        let again = bundled::compile("again", &text).unwrap();
        assert_eq!(
            fen::to_fen(&Position::start(&again)),
            fen::to_fen(&Position::start(&v)),
            "{name}"
        );
    }
}

#[test]
fn custom_setup_to_fen_game_and_definition() {
    let e = editor("chess", &[("e1", 'K'), ("h1", 'R'), ("e8", 'k')]);
    assert_eq!(e.validate(), Ok(()));
    assert_eq!(e.fen().unwrap(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let g = e.game().unwrap();
    let pos = g.position();
    assert!(parse_coordinate(pos, "e1g1").unwrap().is_castle());
    same_play(&from_fen(pos.variant(), &e.fen().unwrap()).unwrap(), pos);
    // White has a rook and Black none: only symmetry=none can say that.
    let text = e.definition().unwrap();
    assert_eq!(
        text,
        "# FIDE chess, the reference variant, in Interactive Diagram text.\n\
         files=8 ranks=8\n\
         promoZone=1 promoChoice=QRBN\n\
         symmetry=none\n\
         pawn:P:ifmnDfmWfceF:pawn:\n\
         knight:N:N:knight:\n\
         bishop:B:B:bishop:\n\
         rook:R:R:rook:h1\n\
         queen:Q:Q:queen:\n\
         king:K:KisO2:king:e1,,e8\n"
    );
    let again = bundled::compile("again", &text).unwrap();
    assert_eq!(
        fen::to_fen(&Position::start(&again)),
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    );
}

#[test]
fn placed_pieces_are_unmoved() {
    // A pawn placed on e4 has not moved: it may still step two squares, and the FEN says
    // it is unmoved although e4 is not a pawn's start square.
    let e = editor("chess", &[("e1", 'K'), ("e8", 'k'), ("e4", 'P')]);
    assert_eq!(
        e.fen().unwrap(),
        "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1 unmoved:e4"
    );
    let pos = e.position().unwrap();
    assert!(parse_coordinate(&pos, "e4e6").is_ok());
    same_play(&from_fen(pos.variant(), &e.fen().unwrap()).unwrap(), &pos);
}

#[test]
fn one_line_definitions_and_mirrored_lists() {
    // Morphing Chess is written on one line with Black's squares spelled out; the export
    // writes White's as a range and lets the mirror make Black's.
    let v = bundled::load("morphing-chess").unwrap();
    let text = PositionDraft::from_start(&v).definition().unwrap();
    assert!(
        text.contains(
            " pawn:P:fWfcnD:pawn:a2-i2 morph=////PPACZCAPP//// knight:N:N2:knight:b1,h1 morph="
        ),
        "{text}"
    );
    // A white knight alone: symmetry=none goes before the first piece line, on its line.
    let mut e = PositionDraft::from_start(&v);
    e.remove(v.geometry.parse_square("b9").unwrap());
    e.remove(v.geometry.parse_square("h9").unwrap());
    let text = e.definition().unwrap();
    assert!(
        text.contains(" symmetry=none pawn:P:fWfcnD:pawn:a2-i2,,a8-i8 morph="),
        "{text}"
    );
    assert!(text.contains(" knight:N:N2:knight:b1,h1 morph="), "{text}");
    let again = bundled::compile("again", &text).unwrap();
    assert_eq!(fen::to_fen(&Position::start(&again)), e.fen().unwrap());
}

#[test]
fn the_default_promotion_choice_does_not_depend_on_the_board() {
    // Without promoChoice the pawn (the first piece line) promotes as the Diagram's default
    // `QNRB` says: to the defined types with those IDs, here N, on the board or not.
    let text =
        "files=5 ranks=5\npawn:P:fmWfcF:pawn:a2-e2\nknight:N:N:knight:b1\nking:K:K:king:c1\n";
    let v = bundled::compile("small", text).unwrap();
    let mut e = PositionDraft::from_start(&v);
    // With White's knight gone, the choice is still the knight: no promoChoice is written.
    e.remove(v.geometry.parse_square("b1").unwrap());
    let out = e.definition().unwrap();
    assert_eq!(
        out,
        "files=5 ranks=5\npawn:P:fmWfcF:pawn:a2-e2\nknight:N:N:knight:,,b5\nking:K:K:king:c1\n"
    );
    let again = bundled::compile("again", &out).unwrap();
    assert_eq!(again.promo_choice, v.promo_choice);
    assert_eq!(again.promo_choice.len(), 1);
    assert_eq!(
        fen::to_fen(&Position::start(&again)),
        "1nk2/ppppp/5/PPPPP/2K2 w - - 0 1"
    );
    assert_eq!(e.fen().unwrap(), "1nk2/ppppp/5/PPPPP/2K2 w - - 0 1");
}

#[test]
fn royal_pieces() {
    let e = editor("chess", &[("e1", 'K')]);
    assert_eq!(messages(&e), ["Black has no king."]);
    assert!(e.position().is_err());
    let e = editor("chess", &[("e1", 'K'), ("d1", 'K'), ("e8", 'k')]);
    // A side may have several (the Diagram's `extinction`: it loses with the last one).
    assert_eq!(messages(&e), Vec::<String>::new());
    assert!(e.position().is_ok());
    let e = editor("chess", &[]);
    assert_eq!(messages(&e), ["White has no king.", "Black has no king."]);
    // Morphing Chess has five royal types; the one the sides start with names the lack.
    let e = editor("morphing-chess", &[("e1", 'K')]);
    assert_eq!(messages(&e), ["Black has no king."]);
    // Any royal type will do.
    let e = editor("morphing-chess", &[("e1", 'K'), ("d7", 'o')]);
    assert_eq!(e.validate(), Ok(()));
}

#[test]
fn the_side_not_to_move_must_not_be_in_check() {
    let mut e = editor("chess", &[("a1", 'K'), ("e2", 'R'), ("e8", 'k')]);
    assert_eq!(
        messages(&e),
        ["Black's king is in check, but it is White's move."]
    );
    // With Black to move it is an ordinary check.
    e.set_side_to_move(BLACK);
    assert_eq!(e.validate(), Ok(()));
    assert!(e.position().unwrap().in_check());
}

#[test]
fn pieces_where_play_could_not_leave_them() {
    // A pawn on its last rank would have promoted; on its first rank it can still move.
    let e = editor(
        "chess",
        &[
            ("a1", 'K'),
            ("h8", 'k'),
            ("e8", 'P'),
            ("d1", 'p'),
            ("c1", 'P'),
        ],
    );
    assert_eq!(
        messages(&e),
        [
            "A black pawn cannot stand on d1: a pawn arriving there promotes.",
            "A white pawn cannot stand on e8: a pawn arriving there promotes."
        ]
    );
    // Morphing Chess: a knight on e5 would be an amazon.
    let e = editor("morphing-chess", &[("e1", 'K'), ("e9", 'k'), ("e5", 'N')]);
    assert_eq!(
        messages(&e),
        ["A white knight cannot stand on e5: a knight arriving there becomes an amazon."]
    );
    // Where nothing promotes, a pawn on its last rank can never move again.
    let v = bundled::compile(
        "stuck",
        "files=5 ranks=5 promoZone=0\npawn:P:fmWfcF:pawn:a2\nking:K:K:king:c1\n",
    )
    .unwrap();
    let mut e = PositionDraft::new(&v);
    for (sq, letter) in [("c1", 'K'), ("c5", 'k'), ("a5", 'P'), ("a4", 'P')] {
        e.place_letter(sq, letter).unwrap();
    }
    assert_eq!(
        messages(&e),
        ["The white pawn on a5 could never move from there."]
    );
    // A piece whose moves are all of several legs (a griffon) or hops (a grasshopper, which
    // needs a screen) can move: neither is reported, wherever it stands.
    let v = bundled::compile(
        "walkers",
        "files=5 ranks=5 promoZone=0\ngriffon:G:[F?R]:griffon:a1\ngrasshopper:H:gQ:grasshopper:b1\n\
         king:K:K:king:c1\n",
    )
    .unwrap();
    let mut e = PositionDraft::new(&v);
    for (sq, letter) in [
        ("c1", 'K'),
        ("c5", 'k'),
        ("a5", 'G'),
        ("e5", 'H'),
        ("e1", 'g'),
    ] {
        e.place_letter(sq, letter).unwrap();
    }
    assert_eq!(messages(&e), [] as [&str; 0]);
}

#[test]
fn black_to_move_and_rule_limits_in_the_export() {
    let mut e = editor("chess", &[("e1", 'K'), ("e8", 'k')]);
    e.set_side_to_move(BLACK);
    assert_eq!(
        e.definition().unwrap_err()[0].message,
        "Black is to move, but a definition's start position always has White to move."
    );
    // Symmetric Chess's conversion rule is for at most two bishops a side.
    let v = bundled::load("symmetric-chess").unwrap();
    let mut e = PositionDraft::from_start(&v);
    e.place_letter("e4", 'B').unwrap();
    assert_eq!(e.validate(), Ok(()));
    let err = e.definition().unwrap_err();
    assert_eq!(err.len(), 1);
    assert!(
        err[0]
            .message
            .contains("conversion: White has 3 pieces 'B', the rule is for at most two"),
        "{}",
        err[0]
    );
}

#[test]
fn placing_and_removing() {
    let v = bundled::load("chess").unwrap();
    let mut e = PositionDraft::new(&v);
    let e4 = v.geometry.parse_square("e4").unwrap();
    let n = v.type_by_id('N').unwrap();
    assert_eq!(e.place(e4, WHITE, n), Ok(None));
    let q = v.type_by_id('Q').unwrap();
    assert_eq!(
        e.place_letter("e4", 'q'),
        Ok(Some(Placed {
            colour: WHITE,
            piece_type: n
        }))
    );
    assert_eq!(
        e.piece_at(e4),
        Some(Placed {
            colour: BLACK,
            piece_type: q
        })
    );
    assert_eq!(e.pieces().len(), 1);
    assert_eq!(
        e.remove(e4),
        Some(Placed {
            colour: BLACK,
            piece_type: q
        })
    );
    assert_eq!(e.remove(e4), None);
    assert_eq!(e.remove(250), None);
    assert_eq!(e.piece_at(250), None);
    assert_eq!(
        e.place(64, WHITE, n).unwrap_err(),
        "square number 64 is not on the 8x8 board"
    );
    assert!(e.place(e4, WHITE, PieceType::new(6)).is_err());
    assert_eq!(
        e.place_letter("i1", 'N').unwrap_err(),
        "'i1' is not a square of this 8x8 board"
    );
    assert_eq!(
        e.place_letter("e4", 'X').unwrap_err(),
        "'X' is not a piece of this variant"
    );
    // Symmetric Chess's hidden bishop types cannot be placed.
    let s = bundled::load("symmetric-chess").unwrap();
    let mut e = PositionDraft::new(&s);
    assert!(
        e.place(0, WHITE, PieceType::new(s.types.len() - 1))
            .is_err()
    );
    e.place_letter("a1", 'K').unwrap();
    e.clear();
    assert!(e.pieces().is_empty());
}

#[test]
fn an_edited_game_position() {
    // The editor starts from a game's position too, hidden types shown as their base.
    let v = bundled::load("symmetric-chess").unwrap();
    let mut g = Game::new(&v);
    g.play_text("e2e4").unwrap();
    let e = PositionDraft::from_position(g.position());
    assert_eq!(e.side_to_move(), BLACK);
    let c1 = v.geometry.parse_square("c1").unwrap();
    assert_eq!(
        e.piece_at(c1).unwrap().piece_type,
        v.type_by_id('B').unwrap()
    );
    assert_eq!(e.pieces().len(), 36);
}

/// A position with pieces in hand (Crazyhouse, a pawn and a knight in White's hand, a
/// bishop in Black's) keeps them in the editor: in its FEN and in the game it starts. A new
/// board, or Clear, has none.
#[test]
fn pieces_in_hand_are_kept() {
    let text = include_str!("../../../tests/perft/fsf/defs/crazyhouse.txt");
    let v = bundled::compile("crazyhouse", text).unwrap();
    let fen = "rnbqk2r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQK2R[PNb] w KQkq - 0 5";
    let pos = from_fen(&v, fen).unwrap();
    let e = PositionDraft::from_position(&pos);
    let exported = e.fen().unwrap();
    assert!(exported.contains("[PNb]"), "{exported}");
    let game = e.game().unwrap();
    assert_eq!(game.position().hands(), pos.hands());
    let mut cleared = e.clone();
    cleared.clear();
    assert!(PositionDraft::new(&v).hands.is_empty() && cleared.hands.is_empty());
}
