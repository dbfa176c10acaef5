//! Game text (Game Courier move lists and PGN) → `gametext::import` for a bundled variant
//! chosen by the first byte. An import plays at most MAX_MOVES moves, and what it played
//! exports again (in its own format) and imports to the same position.
#![no_main]

mod common;

use fairylab::fen;
use fairylab::gametext::{self, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let vs = common::variants();
    let v = &vs[which as usize % vs.len()];
    let Ok(imported) = gametext::import(&text, v) else {
        return;
    };
    assert!(
        imported.played <= gametext::MAX_MOVES,
        "played {}",
        imported.played
    );
    assert_eq!(imported.game.played().len(), imported.played);
    let game = &imported.game;
    let exported = match imported.format {
        Format::GameCourier => gametext::to_game_courier(game),
        Format::Pgn => gametext::to_pgn(game),
    };
    let again = match imported.format {
        // A Game Courier list carries no start position: replay it from the same start.
        Format::GameCourier => gametext::import_from(&exported, game.start()),
        Format::Pgn => gametext::import(&exported, v),
    }
    .unwrap_or_else(|e| panic!("export {exported:?} of {text:?} does not import: {e}"));
    assert_eq!(again.error, None, "export {exported:?} of {text:?}");
    assert_eq!(
        again.played, imported.played,
        "export {exported:?} of {text:?}"
    );
    assert_eq!(
        fen::to_fen(again.game.position()),
        fen::to_fen(game.position()),
        "export {exported:?} of {text:?}"
    );
});
