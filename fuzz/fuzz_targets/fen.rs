//! FEN text → `fen::from_fen` for a bundled variant chosen by the first byte. An error's column
//! lies within the text (or just past it); a FEN that reads writes back to a FEN that reads
//! to the same position, and a few plies from it keep the position invariants.
#![no_main]

mod common;

use fairylab::fen;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let (picks, text) = common::split(rest, 2);
    let vs = common::variants();
    let v = &vs[which as usize % vs.len()];
    match fen::from_fen(v, &text) {
        Err(e) => {
            let len = text.chars().count();
            assert!(
                e.column >= 1 && e.column <= len + 1,
                "column {} outside a {len}-character FEN: {e}",
                e.column
            );
        }
        Ok(mut pos) => {
            let written = fen::to_fen(&pos);
            let again = fen::from_fen(v, &written)
                .unwrap_or_else(|e| panic!("{written} (from {text:?}) does not read back: {e}"));
            assert_eq!(fen::to_fen(&again), written, "FEN round trip of {text:?}");
            assert_eq!(
                again.hash(),
                pos.hash(),
                "hash after round trip of {text:?}"
            );
            common::exercise_position(v, &mut pos, picks);
        }
    }
});
