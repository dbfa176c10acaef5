use super::*;

fn share(variant: &str) -> Share {
    Share {
        variant: SharedVariant::Bundled(variant.to_string()),
        fen: None,
        seed: None,
        moves: Vec::new(),
        computer: None,
        level: None,
        board: None,
    }
}

fn field(fragment: &str) -> String {
    decode(fragment).unwrap_err().field
}

#[test]
fn readable_fragments() {
    let mut s = share("morphing-chess");
    s.moves = vec!["e2e3".into(), "e8e7".into()];
    s.computer = Some(Computer::Black);
    s.level = Some(3);
    assert_eq!(encode(&s), "v=morphing-chess&m=e2e3.e8e7&ai=black&l=3");
    assert_eq!(decode("#v=morphing-chess&m=e2e3.e8e7&ai=black&l=3"), Ok(s));

    let mut s = share("chess");
    s.fen = Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".into());
    s.moves = vec!["e2e4".into(), "e8d7".into()];
    assert_eq!(
        encode(&s),
        "v=chess&fen=4k3/8/8/8/8/8/4P3/4K3_w_-_-_0_1&m=e2e4.e8d7"
    );
    assert_eq!(decode(&encode(&s)), Ok(s));
    assert_eq!(decode("v=chess"), Ok(share("chess")));
    // Any order, empty parts, an explicit version 1, an empty move list.
    let mut s = share("chess");
    s.level = Some(5);
    assert_eq!(decode("l=5&&f=1&v=chess&m=&"), Ok(s));
}

#[test]
fn escapes() {
    assert_eq!(
        escape("a_b c.d&e=f%g+h/i:j,k~l-m"),
        "a%5Fb_c%2Ed%26e%3Df%25g%2Bh/i:j,k~l-m"
    );
    assert_eq!(escape("é"), "%C3%A9");
    assert_eq!(unescape("x", "a%5Fb_c%2ed+").unwrap(), "a_b c.d+");
    assert_eq!(unescape("x", "%C3%A9").unwrap(), "é");
    let e = unescape("fen", "ab%4").unwrap_err();
    assert_eq!(e.field, "fen");
    assert!(e.message.contains("byte 3"), "{e}");
    assert_eq!(
        unescape("x", "%FF").unwrap_err().message,
        "not UTF-8 text once unescaped"
    );
}

#[test]
fn definitions_compress() {
    for (name, text) in bundled::BUNDLED {
        let s = Share {
            variant: SharedVariant::Definition(text.to_string()),
            ..share("chess")
        };
        let f = encode(&s);
        let escaped = escape(text).len() + 2;
        assert!(f.len() < escaped, "{name}: {} >= {escaped}", f.len());
        assert!(
            f.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(&b)),
            "{f}"
        );
        assert_eq!(decode(&f), Ok(s));
    }
}

#[test]
fn documented_examples() {
    let docs = include_str!("../share.rs");
    let examples: Vec<&str> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("//! "))
        .filter(|l| l.starts_with("v=") || l.starts_with("d="))
        .collect();
    assert_eq!(examples.len(), 4);
    for f in examples {
        let s = decode(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(encode(&s), f);
        let (_, failure) = restore(&s).unwrap();
        assert_eq!(failure, None, "{f}");
    }
}

#[test]
fn links_made_before_still_open() {
    // The same 5x5 definition as miniz first wrote it (a stored block) and as fairylab's own
    // compressor did after (fixed Huffman codes), which is what it writes now.
    let stored = "d=AToAxf9maWxlcz01IHJhbmtzPTUKa2luZzpLOks6a2luZzpjMSwsYzUKcm9vazpSOlI6cm9vazphMSwsZTUK&m=a1a4&ai=both&l=2";
    let fixed =
        "d=S8vMSS22NVUoSszLBtJc2Zl56VbeQAhmJBvq6CSbchXl52dbBQEhmJEIFEw15QIA&m=a1a4&ai=both&l=2";
    assert_eq!(decode(stored), decode(fixed));
    assert_eq!(encode(&decode(stored).unwrap()), fixed);
    // Every bundled definition as fairylab's own compressor wrote it, before miniz_oxide.
    let before = include_str!("links-before-miniz.txt");
    let links: Vec<(&str, &str)> = (before.lines())
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .collect();
    assert_eq!(links.len(), bundled::names().count());
    for (name, d) in links {
        match decode(&format!("d={d}")).unwrap().variant {
            // Morphomania's text has said since that its speedpawns promote too
            // (`maxPromote=2`: the Diagram promotes the first piece line by default).
            SharedVariant::Definition(t) => assert_eq!(
                t,
                bundled::text(name)
                    .unwrap()
                    .replace("promoChoice=NBRQ maxPromote=2", "promoChoice=NBRQ"),
                "{name}"
            ),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn links_are_as_short_as_miniz_writes_them() {
    // The shorter of miniz's best level and its fixed codes, for every bundled definition.
    for name in bundled::names() {
        let text = bundled::text(name).unwrap();
        let best = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
        let d = super::base64::encode(&super::codec::deflate(text.as_bytes()));
        assert!(d.len() <= super::base64::encode(&best).len(), "{name}");
        let shared = Share {
            variant: SharedVariant::Definition(text.to_string()),
            ..share("chess")
        };
        assert_eq!(encode(&shared), format!("d={d}"), "{name}");
    }
}

#[test]
fn errors_name_the_field() {
    assert_eq!(field(""), "fragment");
    assert_eq!(field("m=e2e4"), "fragment");
    assert_eq!(field("v=chess&d=abc"), "v");
    assert_eq!(field("v=chesss"), "v");
    assert_eq!(field("v=chess&v=chess"), "v");
    assert_eq!(field("v=chess&x=1"), "fragment");
    assert_eq!(field("v=chess&oops"), "fragment");
    assert_eq!(field("v=chess&ai=white&ai=black"), "ai");
    assert_eq!(field("v=chess&ai=human"), "ai");
    assert_eq!(field("v=chess&l=0"), "l");
    assert_eq!(field("v=chess&l=6"), "l");
    assert_eq!(field("v=chess&l=x"), "l");
    assert_eq!(field("v=chess&fen="), "fen");
    assert_eq!(field("v=chess&fen=%zz"), "fen");
    assert_eq!(field("v=chess&m=e2e4..e7e5"), "m");
    assert_eq!(field("d=!!!"), "d");
    assert_eq!(field("d=AAAA"), "d");
    assert_eq!(field("f=x&v=chess"), "f");
    let e = decode("v=chess&m=e2e4.e7e5.").unwrap_err();
    assert_eq!(e.to_string(), "share link, m: move 3 is empty");
    let e = decode("v=chesss").unwrap_err();
    assert!(
        e.message
            .starts_with("'chesss' is not a bundled variant (chess, "),
        "{e}"
    );
    // A newer version is reported before the keys it may have added.
    let e = decode("f=3&v=chess&new=1").unwrap_err();
    assert_eq!(e.field, "f");
    assert_eq!(
        e.message,
        "format version 3 is newer than this page reads (2)"
    );
}

#[test]
fn computer_sides_and_page_modes() {
    assert_eq!(Computer::page_mode(None), "human");
    assert_eq!(Computer::page_mode(Some(Computer::Black)), "white");
    assert_eq!(Computer::page_mode(Some(Computer::White)), "black");
    assert_eq!(Computer::page_mode(Some(Computer::Both)), "ai");
    for c in [
        None,
        Some(Computer::White),
        Some(Computer::Black),
        Some(Computer::Both),
    ] {
        assert_eq!(Computer::from_page_mode(Computer::page_mode(c)), Some(c));
    }
    assert_eq!(Computer::from_page_mode("both"), None);
    for c in Computer::ALL {
        assert_eq!(Computer::parse(c.as_str()), Some(c));
    }
}

fn fill(prefix: &str, len: usize) -> String {
    let mut s = prefix.to_string();
    while s.len() < len {
        s.push('x');
    }
    s
}

#[test]
fn fragment_length_limit() {
    let at = fill("v=chess&fen=", MAX_FRAGMENT_LEN);
    assert_eq!(at.len(), MAX_FRAGMENT_LEN);
    assert!(decode(&at).is_ok());
    assert!(decode(&format!("#{at}")).is_ok());
    let over = fill("v=chess&fen=", MAX_FRAGMENT_LEN + 1);
    let e = decode(&over).unwrap_err();
    assert_eq!(e.field, "fragment");
    assert!(e.message.contains(&MAX_FRAGMENT_LEN.to_string()), "{e}");
}

#[test]
fn move_count_and_length_limits() {
    let moves = |n: usize| vec!["a1a2"; n].join(".");
    let s = decode(&format!("v=chess&m={}", moves(MAX_MOVES))).unwrap();
    assert_eq!(s.moves.len(), MAX_MOVES);
    let e = decode(&format!("v=chess&m={}", moves(MAX_MOVES + 1))).unwrap_err();
    assert_eq!(e.field, "m");
    assert!(e.message.contains("more than the 2000"), "{e}");

    let long = "a".repeat(MAX_MOVE_LEN);
    assert_eq!(
        decode(&format!("v=chess&m={long}")).unwrap().moves,
        std::slice::from_ref(&long)
    );
    let e = decode(&format!("v=chess&m=e2e4.{long}a")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "share link, m: move 2 is longer than 16 characters"
    );
}

fn packed(bytes: &[u8]) -> String {
    format!(
        "d={}",
        super::base64::encode(&miniz_oxide::deflate::compress_to_vec(bytes, 9))
    )
}

#[test]
fn definition_size_limit_and_bombs() {
    let at = fill("# a comment\n", MAX_DEFINITION_LEN);
    match decode(&packed(at.as_bytes())).unwrap().variant {
        SharedVariant::Definition(t) => assert_eq!(t, at),
        other => panic!("{other:?}"),
    }
    let over = fill("# a comment\n", MAX_DEFINITION_LEN + 1);
    let e = decode(&packed(over.as_bytes())).unwrap_err();
    assert_eq!(e.field, "d");
    assert_eq!(
        e.message,
        format!("the definition inflates to more than {MAX_DEFINITION_LEN} bytes")
    );
    // A bomb: 16 MiB of spaces deflate to about 16 KiB, whose base64 fits in a fragment
    // and would inflate to 512 times the limit; inflating stops at the limit.
    let bomb = vec![b' '; 16 * 1024 * 1024];
    let f = packed(&bomb);
    assert!(f.len() < MAX_FRAGMENT_LEN, "{}", f.len());
    assert_eq!(decode(&f).unwrap_err().field, "d");
    // Not UTF-8; empty.
    assert_eq!(decode(&packed(&[0xff, 0xfe])).unwrap_err().field, "d");
    assert_eq!(decode(&packed(b" \n")).unwrap_err().field, "d");
}

#[test]
fn of_game_and_restore() {
    let v = bundled::load("chess").unwrap();
    let mut g = Game::new(&v);
    for m in ["e2e4", "e7e5", "g1f3"] {
        g.play_text(m).unwrap();
    }
    g.undo();
    let s = Share::of_game(&g);
    assert_eq!(encode(&s), "v=chess&m=e2e4.e7e5");
    let (back, failure) = restore(&decode(&encode(&s)).unwrap()).unwrap();
    assert_eq!(failure, None);
    assert_eq!(back.history(), g.history());
    assert_eq!(back.fen(), g.fen());

    // A set-up position travels as fen=.
    let pos = fen::from_fen(&v, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let mut g = Game::from_position(pos);
    g.play_text("e2e4").unwrap();
    let s = Share::of_game(&g);
    assert_eq!(s.fen.as_deref(), Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    let (back, _) = restore(&s).unwrap();
    assert_eq!(back.fen(), g.fen());

    // A definition of one's own travels as d=, and comes back with the same name.
    let text = "files=5 ranks=5 symmetry=none\nking:K:K:king:c1,,c5\nrook:R:R:rook:a1,,e5\n";
    let mine = describe::load_variant(text).unwrap();
    let mut g = Game::new(&mine);
    g.play_text("a1a4").unwrap();
    let s = Share::of_game(&g);
    assert_eq!(s.variant, SharedVariant::Definition(text.to_string()));
    let f = encode(&s);
    assert!(f.starts_with("d="), "{f}");
    let (back, failure) = restore(&decode(&f).unwrap()).unwrap();
    assert_eq!(failure, None);
    assert_eq!(back.variant().name, mine.name);
    assert_eq!(back.history(), ["a1a4"]);
}

#[test]
fn restore_keeps_the_moves_before_a_failure() {
    let s = decode("v=chess&m=e2e4.e7e5.e4e5.g1f3").unwrap();
    let (g, failure) = restore(&s).unwrap();
    assert_eq!(g.history(), ["e2e4", "e7e5"]);
    let failure = failure.unwrap();
    assert_eq!(failure.index, 2);
    assert_eq!(failure.text, "e4e5");
    assert_eq!(
        failure.to_string(),
        "move 3 (e4e5): the pawn on e4 has no legal move to e5"
    );
    // After the end of the game.
    let s = decode("v=chess&m=f2f3.e7e5.g2g4.d8h4.a2a3").unwrap();
    let (g, failure) = restore(&s).unwrap();
    assert_eq!(g.history().len(), 4);
    assert_eq!(
        failure.unwrap().to_string(),
        "move 5 (a2a3): the game is over: 0-1 Black wins by checkmate"
    );
    // Unreadable text.
    let (_, failure) = restore(&decode("v=chess&m=hello").unwrap()).unwrap();
    assert_eq!(failure.unwrap().index, 0);
    // The variant or the FEN failing leaves no game.
    let mut s = share("chess");
    s.fen = Some("8/8 w".into());
    assert!(restore(&s).unwrap_err().starts_with("fen: FEN column"));
    s.variant = SharedVariant::Definition("files=0\n".into());
    assert!(restore(&s).unwrap_err().starts_with("d: "));
    s.variant = SharedVariant::Bundled("nope".into());
    assert!(restore(&s).unwrap_err().starts_with("v: "));
}

#[test]
fn an_embedded_boards_game_names_its_board() {
    let mut s = share("chess");
    s.moves = vec!["e2e4".into()];
    s.board = Some("intro board".into());
    let f = encode(&s);
    assert_eq!(f, "v=chess&m=e2e4&b=intro_board");
    assert_eq!(decode(&f), Ok(s));
    assert_eq!(field("v=chess&b="), "b");
    assert_eq!(field("v=chess&b=1&b=2"), "b");
}

/// A shuffled start goes by its seed (`f=2` first, so a version 1 page says the link is
/// newer), and opening the link deals the same array.
#[test]
fn a_shuffled_start_travels_as_its_seed() {
    let text = include_str!("../../tests/shuffle/shuffle-chess.txt");
    let v = describe::load_variant(text).unwrap();
    let mut g = Game::shuffled(&v, 4711);
    g.play_text("a2a3").unwrap();
    let s = Share::of_game(&g);
    assert_eq!((s.seed, &s.fen), (Some(4711), &None));
    let f = encode(&s);
    assert!(
        f.starts_with("f=2&d=") && f.ends_with("&seed=4711&m=a2a3"),
        "{f}"
    );
    assert_eq!(decode(&f), Ok(s.clone()));
    let (back, failed) = restore(&s).unwrap();
    assert_eq!(failed, None);
    assert_eq!(fen::to_fen(back.start()), fen::to_fen(g.start()));
    assert_eq!(back.fen(), g.fen());
    assert_eq!(back.seed(), Some(4711));
    // The array as written (no seed), and a position set up in a shuffle variant: a FEN.
    assert_eq!(Share::of_game(&Game::new(&v)).seed, None);
    let set_up = Game::from_position(fen::from_fen(&v, &g.fen()).unwrap());
    let s = Share::of_game(&set_up);
    assert_eq!((s.seed, s.fen.is_some()), (None, true));
    assert!(!encode(&s).starts_with("f="));
    // A variant without the key keeps no seed, and a seed for it deals nothing.
    let chess = share("chess");
    let (g, _) = restore(&Share {
        seed: Some(9),
        ..chess
    })
    .unwrap();
    assert_eq!(g.seed(), None);
    assert_eq!(g.start(), &crate::position::Position::start(g.variant()));
}

#[test]
fn bad_seeds_name_the_field() {
    for (fragment, words) in [
        (
            "v=chess&seed=x",
            "'x' is not a whole number from 0 to 18446744073709551615",
        ),
        ("v=chess&seed=-1", "'-1' is not a whole number"),
        ("v=chess&seed=18446744073709551616", "is not a whole number"),
        ("v=chess&seed=", "'' is not a whole number"),
        (
            "v=chess&fen=8/8/8/8/8/8/8/K6k_w_-_-_0_1&seed=1",
            "a link has a start position (fen) or a seed, not both",
        ),
        ("v=chess&seed=1&seed=2", "given twice"),
    ] {
        let e = decode(fragment).unwrap_err();
        assert_eq!(e.field, "seed", "{fragment}");
        assert!(e.message.contains(words), "{fragment}: {}", e.message);
    }
    assert_eq!(decode("f=1&v=chess&seed=7").unwrap().seed, Some(7));
    assert_eq!(decode("f=2&v=chess").unwrap().seed, None);
}
