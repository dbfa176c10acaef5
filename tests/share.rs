//! Share links (src/share.rs): decode never panics on any text, nor on fragments made of the
//! format's own pieces; encode then decode gives back any share decode could have made; and
//! restoring a decoded fragment never panics either.

#![cfg(not(target_arch = "wasm32"))]

use fairylab::bundled;
use fairylab::share::{
    self, Computer, LEVELS, MAX_MOVE_LEN, MAX_MOVES, Share, SharedVariant, decode, encode,
};
use proptest::prelude::*;

fn config(cases: u32) -> ProptestConfig {
    let scale: u32 = std::env::var("PROPERTY_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    ProptestConfig {
        cases: cases.saturating_mul(scale),
        max_shrink_iters: 500,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Text that is not empty once trimmed, of any characters.
fn text(max: usize) -> impl Strategy<Value = String> {
    prop::string::string_regex(&format!("\\PC{{0,{max}}}"))
        .unwrap()
        .prop_filter("blank", |s| !s.trim().is_empty())
}

fn shares() -> impl Strategy<Value = Share> {
    let names: Vec<String> = bundled::names().map(str::to_string).collect();
    let variant = prop_oneof![
        prop::sample::select(names).prop_map(SharedVariant::Bundled),
        text(400).prop_map(SharedVariant::Definition),
    ];
    let mv = prop::string::string_regex(&format!("\\PC{{1,{MAX_MOVE_LEN}}}")).unwrap();
    (
        variant,
        prop::option::of(text(80)),
        prop::collection::vec(mv, 0..60),
        prop::option::of(prop::sample::select(Computer::ALL.to_vec())),
        prop::option::of(LEVELS),
        prop::option::of(text(20).prop_filter("a board is not empty", |b| !b.is_empty())),
        prop::option::of(any::<u64>()),
    )
        .prop_map(
            |(variant, fen, moves, computer, level, board, seed)| Share {
                variant,
                // A link has a FEN or a seed, not both.
                seed: seed.filter(|_| fen.is_none()),
                fen,
                moves,
                computer,
                level,
                board,
            },
        )
}

/// Fragments made of the format's keys, separators, escapes and likely values.
fn fragment_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        prop::sample::select(vec![
            "v=",
            "d=",
            "fen=",
            "m=",
            "ai=",
            "l=",
            "f=",
            "&",
            "=",
            ".",
            "%",
            "%2",
            "%2E",
            "%C3",
            "%A9",
            "%FF",
            "_",
            "#",
            "chess",
            "marseillais",
            "e2e4",
            "white",
            "both",
            "1",
            "5",
            "AToA",
            "q1ZI",
            "-",
            "~",
        ])
        .prop_map(str::to_string),
        "[A-Za-z0-9_-]{0,12}",
        ".{0,4}",
    ];
    prop::collection::vec(piece, 0..24).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn any_text_decodes_without_panic(text in "\\PC{0,300}") {
        let _ = decode(&text);
    }

    #[test]
    fn fragment_like_text_decodes_without_panic(text in fragment_like()) {
        if let Ok(s) = decode(&text) {
            // What decodes encodes back to a fragment that decodes the same.
            prop_assert_eq!(decode(&encode(&s)), Ok(s.clone()));
            // Restoring a decoded fragment fails with words, never a panic.
            let _ = share::restore(&s);
        }
    }

    #[test]
    fn random_base64_definitions_decode_without_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        use base64::Engine;
        let d = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bytes);
        let _ = decode(&format!("d={d}"));
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn encode_then_decode_is_the_identity(s in shares()) {
        let f = encode(&s);
        prop_assert_eq!(decode(&f), Ok(s.clone()));
        prop_assert_eq!(decode(&format!("#{f}")), Ok(s));
    }
}

#[test]
fn limits_are_consistent() {
    // A link of MAX_MOVES of the longest coordinate moves on the largest board, with a FEN,
    // still fits in a fragment.
    let s = Share {
        variant: SharedVariant::Bundled("chess".into()),
        fen: Some("p".repeat(200)),
        seed: None,
        moves: vec!["p16p15q".to_string(); MAX_MOVES],
        computer: Some(Computer::Both),
        level: Some(5),
        board: Some("b".repeat(64)),
    };
    let f = encode(&s);
    assert!(f.len() <= share::MAX_FRAGMENT_LEN, "{}", f.len());
    assert_eq!(decode(&f), Ok(s));
}
