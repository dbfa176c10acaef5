//! Helpers the fuzz targets share: the bundled variants, loaded once, and the invariants a
//! position must keep (FEN round trip, move text round trip, hash after make/unmake).
#![allow(dead_code)]

use fairylab::bundled;
use fairylab::definition::DefinitionErrors;
use fairylab::fen;
use fairylab::notation;
use fairylab::position::{Move, Position};
use fairylab::variant::Variant;
use std::sync::{Arc, OnceLock};

/// Every bundled variant, compiled once per process.
pub fn variants() -> &'static [Arc<Variant>] {
    static V: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        bundled::names()
            .map(|n| bundled::load(n).expect("bundled variant loads"))
            .collect()
    })
}

/// A few positions of each bundled variant: the start and after some plies (so captures,
/// promotions and Marseillais second moves come up), chosen by a fixed walk.
pub fn positions() -> &'static [Position] {
    static P: OnceLock<Vec<Position>> = OnceLock::new();
    P.get_or_init(|| {
        let mut out = Vec::new();
        for v in variants() {
            let mut pos = Position::start(v);
            out.push(pos.clone());
            let mut moves = Vec::new();
            for ply in 0..24usize {
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[(ply * 7 + 3) % moves.len()];
                pos.make(m);
                if ply % 6 == 5 {
                    out.push(pos.clone());
                }
            }
        }
        out
    })
}

/// Every definition error must point at a line of the text and a column on it (or just past
/// its end), and there must be at least one.
pub fn check_error_positions(text: &str, errors: &DefinitionErrors) {
    assert!(!errors.0.is_empty(), "an Err with no errors in it");
    let lines: Vec<&str> = text.split('\n').collect();
    for e in &errors.0 {
        let l = e.pos.line as usize;
        assert!(
            l >= 1 && l <= lines.len(),
            "error {e} names line {l}, the text has {}",
            lines.len()
        );
        let width = lines[l - 1].chars().count();
        assert!(
            e.pos.col >= 1 && e.pos.col as usize <= width + 1,
            "error {e} names column {}, line {l} has {width} characters",
            e.pos.col
        );
        assert!(!e.message.is_empty(), "an error without a message");
    }
}

/// Play up to `picks.len()` plies from `pos`, each chosen by a byte of `picks`, checking on
/// the way that the FEN reads back to the same legal moves and hash, that every move's
/// coordinate and Game Courier text read back to the same move, and that unmaking restores
/// the position.
pub fn exercise_position(v: &Arc<Variant>, pos: &mut Position, picks: &[u8]) {
    let before = pos.hash();
    let mut undos = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    for &pick in picks {
        pos.legal_moves(&mut moves);
        let f = fen::to_fen(pos);
        let again = fen::from_fen(v, &f).unwrap_or_else(|e| panic!("{f} does not read back: {e}"));
        assert_eq!(fen::to_fen(&again), f, "FEN round trip");
        let mut m2 = Vec::new();
        again.legal_moves(&mut m2);
        let mut m1 = moves.clone();
        m1.sort();
        m2.sort();
        assert_eq!(m1, m2, "legal moves after reading {f}");
        assert_eq!(again.hash(), pos.hash(), "hash after reading {f}");
        if moves.is_empty() {
            break;
        }
        let m = moves[pick as usize % moves.len()];
        let text = notation::to_coordinate(v, m);
        assert_eq!(
            notation::parse_coordinate(pos, &text).ok(),
            Some(m),
            "{text} in {f}"
        );
        let gc = notation::to_game_courier(pos, m);
        assert_eq!(
            notation::parse_game_courier(pos, &gc).ok(),
            Some(m),
            "{gc} in {f}"
        );
        undos.push(pos.make(m));
        assert_eq!(pos.hash(), pos.compute_hash(), "incremental hash");
    }
    while let Some(u) = undos.pop() {
        pos.unmake(&u);
    }
    assert_eq!(pos.hash(), before, "make/unmake restores the position");
}

/// Split fuzz input: the first `n` bytes as picks, the rest as UTF-8 text (lossy).
pub fn split(data: &[u8], n: usize) -> (&[u8], String) {
    let n = n.min(data.len());
    let (picks, rest) = data.split_at(n);
    (picks, String::from_utf8_lossy(rest).into_owned())
}
