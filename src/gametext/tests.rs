use super::*;
use crate::describe;

fn game(variant: &str, fen: Option<&str>, moves: &str) -> Game {
    let v = bundled::load(variant).unwrap();
    let mut g = match fen {
        Some(f) => Game::from_position(fen::from_fen(&v, f).unwrap()),
        None => Game::new(&v),
    };
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn read(variant: &str, text: &str) -> Imported {
    import(text, &bundled::load(variant).unwrap()).unwrap()
}

const STR: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                   [White \"?\"]\n[Black \"?\"]\n";

#[test]
fn fools_mate_in_both_formats() {
    let g = game("chess", None, "f2f3 e7e5 g2g4 d8h4");
    let gc = to_game_courier(&g);
    assert_eq!(gc, "1. P f2-f3\n1... p e7-e5\n2. P g2-g4\n2... q d8-h4\n");
    let pgn = to_pgn(&g);
    assert_eq!(
        pgn,
        format!("{STR}[Result \"0-1\"]\n[Variant \"chess\"]\n\n1. f2f3 e7e5 2. g2g4 d8h4 0-1\n")
    );
    // The Game Courier list is read in the variant given; PGN names its own.
    for (text, format, current) in [
        (gc, Format::GameCourier, "chess"),
        (pgn, Format::Pgn, "morphing-chess"),
    ] {
        let i = read(current, &text);
        assert_eq!(i.format, format, "{text}");
        assert_eq!(i.error, None, "{text}");
        assert_eq!(i.played, 4);
        assert_eq!(i.game.history(), g.history());
        assert_eq!(i.game.variant().name, "chess");
    }
}

#[test]
fn marseillais_turns_share_a_line() {
    let g = game(
        "marseillais",
        None,
        "e2e4 e7e5 d7d5 e4d5 d1h5 g8f6 f6h5 e1e2",
    );
    assert_eq!(
        to_game_courier(&g),
        "1. P e2-e4\n1... p e7-e5; p d7-d5\n2. P e4-d5; Q d1-h5\n\
         2... n g8-f6; n f6-h5\n3. K e1-e2\n"
    );
    assert!(
        to_pgn(&g).ends_with("\n\n1. e2e4 e7e5 d7d5 2. e4d5 d1h5 g8f6 f6h5 3. e1e2 *\n"),
        "{}",
        to_pgn(&g)
    );
    for text in [to_game_courier(&g), to_pgn(&g)] {
        let i = read("marseillais", &text);
        assert_eq!(i.error, None);
        assert_eq!(i.game.history(), g.history());
    }
}

#[test]
fn promotions_and_set_up_positions() {
    let fen = "k7/4P3/8/8/8/8/p7/7K w - - 0 1";
    let g = game("chess", Some(fen), "e7e8q a8b7 e8e1 a2a1n");
    assert_eq!(
        to_game_courier(&g),
        "1. P e7-e8; Q-e8\n1... k a8-b7\n2. Q e8-e1\n2... p a2-a1; n-a1\n"
    );
    assert_eq!(
        to_pgn(&g),
        format!(
            "{STR}[Result \"*\"]\n[Variant \"chess\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n\
             1. e7e8q a8b7 2. e8e1 a2a1n *\n"
        )
    );
    let i = read("chess", &to_pgn(&g));
    assert_eq!(i.error, None);
    assert_eq!(i.game.fen(), g.fen());
    // A Game Courier list has no FEN: it is read from the position given.
    let start = g.start().clone();
    let i = import_from(&to_game_courier(&g), &start).unwrap();
    assert_eq!(i.error, None);
    assert_eq!(i.game.history(), g.history());

    // Black begins: `1...`.
    let g = game("chess", Some("k7/8/8/8/8/8/p7/7K b - - 0 7"), "a2a1q");
    assert_eq!(to_game_courier(&g), "7... p a2-a1; q-a1\n");
    assert!(to_pgn(&g).ends_with("\n\n7... a2a1q *\n"), "{}", to_pgn(&g));
    // Marseillais: a promotion and the turn's second move.
    let g = game(
        "marseillais",
        Some("k7/4P3/8/8/8/8/8/K7 w - - 0 5"),
        "e7e8b a1b1",
    );
    assert_eq!(to_game_courier(&g), "5. P e7-e8; B-e8; K a1-b1\n");
    let i = import_from(&to_game_courier(&g), g.start()).unwrap();
    assert_eq!(i.error, None);
    assert_eq!(i.game.history(), g.history());
}

#[test]
fn long_movetext_wraps() {
    let g = game(
        "chess",
        None,
        "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8c5 c2c3 d7d6 b1d2 a7a6 a2a4 h7h6 h2h3 \
         c8e6 c4e6 f7e6 d1b3 d8c8",
    );
    let pgn = to_pgn(&g);
    let movetext = pgn.split("\n\n").nth(1).unwrap();
    assert!(movetext.lines().count() > 1, "{movetext}");
    assert!(movetext.lines().all(|l| l.len() <= 79), "{movetext}");
    assert_eq!(read("chess", &pgn).game.history(), g.history());
}

#[test]
fn tolerant_reading() {
    let text = "% an escape line\n[Event \"Casual \\\"game\\\"\"]\n[Variant \"Standard\"]\n\
                {A comment\n over lines} 1.e2e4 $1 {why} e7e5!? ; a rest-of-line comment\n\
                2. g1f3 (2. d2d4 {a line} (2. f2f4)) 2... b8c6+ 3 .. *\n\
                [Event \"next game\"]\n1. a2a3";
    let i = read("morphing-chess", text);
    assert_eq!(i.error, None);
    assert_eq!(i.format, Format::Pgn);
    assert_eq!(i.game.variant().name, "chess");
    assert_eq!(i.game.history(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(i.tags[0], ("Event".into(), "Casual \"game\"".into()));

    // Game Courier's own logs: labels, comments, one action per line or several.
    let text = "1. P e2-e4 // the king's pawn\n1... p e7-e5\n2. N g1-f3\n2... n b8-c6;\n";
    let i = read("chess", text);
    assert_eq!(i.format, Format::GameCourier);
    assert_eq!(i.error, None);
    assert_eq!(i.played, 4);
    // Coordinate moves in a Game Courier list, unnumbered, on one line.
    let i = read("chess", "e2-e4 e7-e5; g1-f3");
    assert_eq!(i.format, Format::GameCourier);
    assert_eq!(i.game.history(), ["e2e4", "e7e5", "g1f3"]);
    // Plain coordinate moves, a promotion written `=Q`.
    let i = read("chess", "");
    assert_eq!((i.played, i.error), (0, None));
    let i = import(
        "[FEN \"k7/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n1. e7e8=Q",
        &bundled::load("chess").unwrap(),
    )
    .unwrap();
    assert_eq!(i.game.history(), ["e7e8q"]);
}

#[test]
fn errors_name_the_first_bad_move() {
    let i = read("chess", "1. e2e4 e7e5 2. g1f3 b8c6 3. e4e5 d7d5");
    assert_eq!(i.played, 4);
    assert_eq!(i.game.history(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(
        i.error.as_deref(),
        Some("move 3 (e4e5): the pawn on e4 has no legal move to e5")
    );
    let i = read("chess", "1. P e2-e4\n1... p e7-e5\n2. N g1-f4\n");
    assert_eq!(
        i.error.as_deref(),
        Some("move 2 (N g1-f4): the knight on g1 has no legal move to f4")
    );
    let i = read("chess", "1. P e2-e4\n1... n e7-e5\n");
    assert_eq!(i.played, 1);
    assert_eq!(
        i.error.as_deref(),
        Some("move 1... (n e7-e5): 'n' is not the piece on e7")
    );
    let i = read("chess", "1. e4 e5");
    assert_eq!(i.played, 0);
    assert_eq!(
        i.error.as_deref(),
        Some("move 1 (e4): expected a destination square after the first one")
    );
    let i = read("chess", "1. f2f3 e7e5 2. g2g4 d8h4 3. a2a3");
    assert_eq!(i.played, 4);
    assert_eq!(
        i.error.as_deref(),
        Some("move 3 (a2a3): the game is over: 0-1 Black wins by checkmate")
    );
    let i = read("chess", "1. e2e4 P");
    assert_eq!(
        i.error.as_deref(),
        Some("move 1... (P): expected a square like e2 at the start")
    );
    let i = read("chess", "1. e7e8");
    assert!(i.error.unwrap().starts_with("move 1 (e7e8): "));
    // Marseillais: a turn's second move is still numbered by its turn.
    let i = read("marseillais", "1. e2e4 1... e7e5 e5e4");
    assert_eq!(i.played, 2);
    assert!(i.error.unwrap().starts_with("move 1... (e5e4): "));

    // No game can be set up at all.
    let chess = bundled::load("chess").unwrap();
    let e = import("[Variant \"nope\"]\n1. e2e4", &chess).unwrap_err();
    assert!(
        e.starts_with("[Variant \"nope\"]: not the current variant (chess)"),
        "{e}"
    );
    let e = import("[FEN \"8/8 w\"]\n", &chess).unwrap_err();
    assert!(e.starts_with("[FEN \"8/8 w\"]: FEN column"), "{e}");
}

#[test]
fn custom_variants_by_the_current_name() {
    let text = "files=5 ranks=5 symmetry=none\nking:K:K:king:c1,,c5\nrook:R:R:rook:a1,,e5\n";
    let v = describe::load_variant(text).unwrap();
    let mut g = Game::new(&v);
    g.play_text("a1a4").unwrap();
    let pgn = to_pgn(&g);
    assert!(pgn.contains(&format!("[Variant \"{}\"]", v.name)), "{pgn}");
    let i = import(&pgn, &v).unwrap();
    assert_eq!(i.error, None);
    assert!(Arc::ptr_eq(i.game.variant(), &v));
    let e = import(&pgn, &bundled::load("chess").unwrap()).unwrap_err();
    assert!(e.contains("not the current variant (chess)"), "{e}");
}

#[test]
fn variant_tag_spellings() {
    let chess = bundled::load("chess").unwrap();
    for (tag, name) in [
        ("Standard", "chess"),
        ("Chess", "chess"),
        ("Morphing Chess", "morphing-chess"),
        ("marseillais chess", "marseillais"),
        ("Symmetric_Chess", "symmetric-chess"),
    ] {
        let i = import(&format!("[Variant \"{tag}\"]"), &chess).unwrap();
        assert_eq!(i.game.variant().name, name, "{tag}");
    }
}

#[test]
fn odd_input_never_panics() {
    for text in [
        "[",
        "[Variant",
        "[Variant \"",
        "{",
        "(",
        "((",
        ")",
        "$",
        "%",
        ";",
        "//",
        "1.",
        "1...",
        "…",
        "½-½",
        "\u{a0}e2e4",
        "é",
        "[]",
        "[\"\"]",
        "e2e4 [",
        "Q-e8",
        "P Q-e8",
        "P P P",
        "1-0 e2e4",
        "\\",
    ] {
        let _ = import(text, &bundled::load("chess").unwrap());
    }
    assert_eq!(read("chess", "\u{a0}e2e4\u{a0}").game.history(), ["e2e4"]);
}

#[test]
fn number_stripping() {
    assert_eq!(strip_number("12."), "");
    assert_eq!(strip_number("12..."), "");
    assert_eq!(strip_number("12…"), "");
    assert_eq!(strip_number("3.e2e4"), "e2e4");
    assert_eq!(strip_number("7"), "");
    assert_eq!(strip_number("1-0"), "1-0");
    assert_eq!(strip_number("1/2-1/2"), "1/2-1/2");
    assert_eq!(strip_number("e2e4"), "e2e4");
}
