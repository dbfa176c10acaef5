//! Move text → `notation::parse_move`, `parse_coordinate` and `parse_game_courier` against a
//! few positions of every bundled variant. Whatever reads must be a legal move of the
//! position, and its own text must read back to it.
#![no_main]

mod common;

use fairylab::notation;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let ps = common::positions();
    let pos = &ps[which as usize % ps.len()];
    let v = pos.variant();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    for parsed in [
        notation::parse_move(pos, text),
        notation::parse_coordinate(pos, text),
        notation::parse_game_courier(pos, text),
    ] {
        match parsed {
            Ok(m) => {
                assert!(legal.contains(&m), "{text:?} read as an illegal move");
                let coord = notation::to_coordinate(v, m);
                assert_eq!(notation::parse_coordinate(pos, &coord).ok(), Some(m));
                let gc = notation::to_game_courier(pos, m);
                assert_eq!(notation::parse_game_courier(pos, &gc).ok(), Some(m));
            }
            Err(e) => assert!(!e.message.is_empty()),
        }
    }
});
