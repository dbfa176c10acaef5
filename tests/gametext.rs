//! Game texts (src/gametext.rs) over random games in every bundled variant: the Game Courier
//! list, PGN and a share link read back as the same game (same moves, same position), also
//! from a set-up position; arbitrary text and random edits of real game texts never panic;
//! the move limit, just under and just over, on a legal game of that length (for share links'
//! restore too).

#![cfg(not(target_arch = "wasm32"))]

use fairylab::bundled;
use fairylab::describe;
use fairylab::game::Game;
use fairylab::gametext::{self, Format, MAX_MOVES};
use fairylab::position::Move;
use fairylab::share;
use proptest::prelude::*;
use proptest::sample::Index;

fn config(cases: u32) -> ProptestConfig {
    let scale: u32 = std::env::var("PROPERTY_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    ProptestConfig {
        cases: cases.saturating_mul(scale),
        max_shrink_iters: 200,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A game of moves chosen by `picks`, until it ends.
fn random_game(name: &str, picks: &[Index]) -> Game {
    let v = bundled::load(name).unwrap();
    let mut g = Game::new(&v);
    for pick in picks {
        if g.outcome().is_some() {
            break;
        }
        let legal = g.legal_moves();
        g.play(legal[pick.index(legal.len())]).unwrap();
    }
    g
}

fn same_game(a: &Game, b: &Game, text: &str) {
    assert_eq!(a.variant().name, b.variant().name, "{text}");
    assert_eq!(a.history(), b.history(), "{text}");
    assert_eq!(a.fen(), b.fen(), "{text}");
    assert_eq!(
        gametext::to_game_courier(a),
        gametext::to_game_courier(b),
        "{text}"
    );
}

/// Both formats read back as the game; the PGN also with another variant current.
fn round_trip(g: &Game) {
    let v = g.variant();
    let gc = gametext::to_game_courier(g);
    let i = gametext::import_from(&gc, g.start()).unwrap();
    assert_eq!(i.error, None, "{gc}");
    assert_eq!(i.played, g.played().len());
    if !g.played().is_empty() {
        assert_eq!(i.format, Format::GameCourier);
    }
    same_game(&i.game, g, &gc);

    let pgn = gametext::to_pgn(g);
    let other = bundled::load(if v.name == "chess" {
        "marseillais"
    } else {
        "chess"
    })
    .unwrap();
    let i = gametext::import(&pgn, &other).unwrap();
    assert_eq!(i.error, None, "{pgn}");
    assert_eq!(i.format, Format::Pgn);
    same_game(&i.game, g, &pgn);
    let result = g.outcome().map_or("*", |o| o.score());
    let last = pgn.lines().last().unwrap_or_default();
    assert!(
        last == result || last.ends_with(&format!(" {result}")),
        "{pgn}"
    );

    // And as a share link.
    let link = share::encode(&share::Share::of_game(g));
    let (back, failure) = share::restore(&share::decode(&link).unwrap()).unwrap();
    assert_eq!(failure, None, "{link}");
    same_game(&back, g, &link);
}

/// A game that starts from the position after some random moves.
fn set_up_game(name: &str, first: &[Index], then: &[Index]) -> Game {
    let before = random_game(name, first);
    let mut g = Game::from_position(before.position().clone());
    for pick in then {
        if g.outcome().is_some() {
            break;
        }
        let legal = g.legal_moves();
        g.play(legal[pick.index(legal.len())]).unwrap();
    }
    g
}

fn picks(n: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<Index>> {
    prop::collection::vec(any::<Index>(), n)
}

macro_rules! round_trips {
    ($test:ident, $name:literal) => {
        proptest! {
            #![proptest_config(config(8))]
            #[test]
            fn $test(game in picks(0..=120), first in picks(1..=30), then in picks(0..=40)) {
                round_trip(&random_game($name, &game));
                round_trip(&set_up_game($name, &first, &then));
            }
        }
    };
}

round_trips!(round_trip_chess, "chess");
round_trips!(round_trip_morphing_chess, "morphing-chess");
round_trips!(round_trip_morphing_chess_3, "morphing-chess-3");
round_trips!(round_trip_morphomania, "morphomania");
round_trips!(round_trip_symmetric_chess, "symmetric-chess");
round_trips!(round_trip_marseillais, "marseillais");
round_trips!(round_trip_marseillais_original, "marseillais-original");

/// One edit of a text.
#[derive(Debug, Clone)]
enum Edit {
    Insert(Index, String),
    Delete(Index, usize),
}

const SNIPPETS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "\"",
    ";",
    "//",
    "%",
    "$",
    "1.",
    "1...",
    "-",
    "Q-e8",
    "P",
    " ",
    "\n",
    "*",
    "1-0",
    "e2e4",
    "P e2-e4",
    "[FEN \"",
    "[Variant \"chess\"]",
    "\\",
    "…",
    "é",
];

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let snippet = prop::sample::select(SNIPPETS).prop_map(str::to_string);
    let edit = prop_oneof![
        (any::<Index>(), prop_oneof![snippet, ".{0,8}"]).prop_map(|(i, s)| Edit::Insert(i, s)),
        (any::<Index>(), 1..6usize).prop_map(|(i, n)| Edit::Delete(i, n)),
    ];
    prop::collection::vec(edit, 1..6)
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        match e {
            Edit::Insert(i, s) => {
                let at = i.index(chars.len() + 1);
                chars.splice(at..at, s.chars());
            }
            Edit::Delete(i, n) if !chars.is_empty() => {
                let at = i.index(chars.len());
                let end = (at + n).min(chars.len());
                chars.drain(at..end);
            }
            Edit::Delete(..) => {}
        }
    }
    chars.into_iter().collect()
}

/// An import never panics; what it reports agrees with the game it made.
fn check_import(text: &str, current: &Game) {
    let Ok(i) = gametext::import(text, current.variant()) else {
        return;
    };
    assert_eq!(i.played, i.game.played().len());
    assert!(i.played <= MAX_MOVES);
    if let Some(e) = &i.error {
        assert!(e.starts_with("move "), "{e}");
    }
}

proptest! {
    #![proptest_config(config(120))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let g = Game::new(&bundled::load("chess").unwrap());
        check_import(&text, &g);
    }

    #[test]
    fn edited_game_texts_never_panic(
        name in prop::sample::select(bundled::names().collect::<Vec<_>>()),
        game in picks(0..=40),
        edits in edits(),
        pgn in any::<bool>(),
    ) {
        let g = random_game(name, &game);
        let text = if pgn { gametext::to_pgn(&g) } else { gametext::to_game_courier(&g) };
        let edited = apply(&text, &edits);
        check_import(&edited, &g);
    }
}

/// A legal game of `n` single moves in a variant made for it: on 8×8, a wazir and a ferz that
/// turn into each other on every square (every move of theirs is a morph, which resets the
/// 50-move count) and the kings; moves that take or end the game are avoided.
fn long_game(n: usize) -> Game {
    let morph = |id: char| vec![id.to_string().repeat(8); 8].join("/");
    let text = format!(
        "files=8 ranks=8 symmetry=none\nwazir:W:W:wazir:a1,,h8\nmorph={}\nferz:F:F:ferz:\nmorph={}\n\
         king:K:K:king:e1,,e8\n",
        morph('F'),
        morph('W')
    );
    let v = describe::load_variant(&text).unwrap();
    let mut g = Game::new(&v);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    while g.played().len() < n {
        let mut legal: Vec<Move> = g.legal_moves();
        // Morphing moves first, in a varying order.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let k = (seed % legal.len() as u64) as usize;
        legal.rotate_left(k);
        let pos = g.position().clone();
        legal.sort_by_key(|m| {
            pos.piece_at(m.from)
                .is_some_and(|p| v.types[p.piece_type].royal)
        });
        let mut played = false;
        for m in legal {
            if pos.piece_at(m.to).is_some() {
                continue;
            }
            g.play(m).unwrap();
            if g.outcome().is_none() {
                played = true;
                break;
            }
            g.undo();
        }
        assert!(
            played,
            "stuck after {} moves: {}",
            g.played().len(),
            g.fen()
        );
    }
    g
}

#[test]
fn move_limit_just_under_and_just_over() {
    let g = long_game(MAX_MOVES + 1);
    let v = g.variant();
    let all = gametext::to_pgn(&g);
    // MAX_MOVES moves: all played.
    let mut under = g.clone();
    under.undo();
    let text = gametext::to_pgn(&under);
    let i = gametext::import(&text, v).unwrap();
    assert_eq!(i.error, None);
    assert_eq!(i.played, MAX_MOVES);
    assert_eq!(i.game.fen(), under.fen());
    // One more: the first MAX_MOVES played, the error names the one left out.
    let i = gametext::import(&all, v).unwrap();
    assert_eq!(i.played, MAX_MOVES);
    assert_eq!(i.game.fen(), under.fen());
    let last = g.played().last().unwrap();
    let e = i.error.unwrap();
    assert!(
        e.ends_with(&format!(
            "({}): more than {MAX_MOVES} moves; the first {MAX_MOVES} were played",
            last.coordinate
        )),
        "{e}"
    );
    let gc = gametext::to_game_courier(&g);
    let i = gametext::import(&gc, v).unwrap();
    assert_eq!(i.played, MAX_MOVES);
    assert!(i.error.unwrap().contains(&last.courier));

    // A share link carries as many moves, and restore stops after them too.
    let s = share::Share::of_game(&under);
    let (back, failure) = share::restore(&share::decode(&share::encode(&s)).unwrap()).unwrap();
    assert_eq!(failure, None);
    assert_eq!(back.fen(), under.fen());
    let mut s = share::Share::of_game(&g);
    assert!(share::decode(&share::encode(&s)).is_err());
    let (back, failure) = share::restore(&s).unwrap();
    assert_eq!(back.played().len(), MAX_MOVES);
    let failure = failure.unwrap();
    assert_eq!(failure.index, MAX_MOVES);
    assert_eq!(failure.reason, format!("more than {MAX_MOVES} moves"));
    s.moves.pop();
    assert_eq!(share::restore(&s).unwrap().1, None);
}
