//! URL fragments → `share::decode`, then `share::restore`. A fragment longer than
//! MAX_FRAGMENT_LEN is refused; whatever decodes encodes to a fragment that decodes to the
//! same share; a restored game's share restores to the same position.
#![no_main]

use fairylab::fen;
use fairylab::share;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(decoded) = share::decode(text) else {
        return;
    };
    assert!(text.trim_start_matches('#').len() <= share::MAX_FRAGMENT_LEN);
    assert!(decoded.moves.len() <= share::MAX_MOVES);
    let encoded = share::encode(&decoded);
    let again = share::decode(&encoded)
        .unwrap_or_else(|e| panic!("{encoded:?} (from {text:?}) does not decode: {e}"));
    assert_eq!(again, decoded, "encode/decode round trip of {text:?}");
    if let Ok((game, _failure)) = share::restore(&decoded) {
        let mut s = share::Share::of_game(&game);
        s.computer = decoded.computer;
        s.level = decoded.level;
        let (game2, failure2) = share::restore(&s)
            .unwrap_or_else(|e| panic!("share of restored {text:?} does not restore: {e}"));
        assert!(
            failure2.is_none(),
            "share of restored {text:?}: {failure2:?}"
        );
        assert_eq!(fen::to_fen(game2.position()), fen::to_fen(game.position()));
    }
});
