//! `Position::is_legal` (a move kept from another node tested without generating every move)
//! says what the legal move list says: on random games of the bundled variants, of every
//! Fairy-Stockfish comparison variant (drops, promotions, gates of none, a grasshopper,
//! Shogi's drop mate), and of variants with hoppers and walks, relays, an imitator, locusts,
//! an unload and gates, every legal move is legal by it, and every move of the position before
//! (legal or not here, pseudo-legal or not) is legal by it exactly when the list holds it.

#![cfg(not(target_arch = "wasm32"))]

use fairylab::bundled;
use fairylab::fen;
use fairylab::position::{Move, Position};
use fairylab::variant::Variant;
use proptest::prelude::*;
use proptest::sample::Index;
use std::sync::Arc;

mod common;
use common::HOPPERS;

/// A relay (`x`: a friend takes the move over), a locust (takes on the way and goes on) and
/// an unloader (`u`: the piece taken is put down again), an imitator.
const LEGS: &str = "files=8 ranks=8 promoZone=1 promoChoice=QR\n\
    pawn:P:ifmnDfmWfceF:pawn:a2-h2\n\
    relay:X:KxQ:relay:b1\n\
    locust:Y:cafcafmW:locust:c1\n\
    unloader:U:udWmafucW:unloader:f1\n\
    imitator:I:I:imitator:g1\n\
    rook:R:R:rook:a1,h1\n\
    queen:Q:Q:queen:d1\n\
    king:K:KisO2:king:e1";

fn variants() -> Vec<Arc<Variant>> {
    let mut out: Vec<Arc<Variant>> = bundled::names()
        .map(|n| bundled::load(n).expect(n))
        .collect();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/fsf/defs");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        out.push(bundled::compile("fsf", &text).unwrap_or_else(|e| panic!("{f:?}: {e}")));
    }
    let gates = include_str!("defs/gates.txt");
    for (name, text) in [("hoppers", HOPPERS), ("legs", LEGS), ("gates", gates)] {
        out.push(bundled::compile(name, text).unwrap_or_else(|e| panic!("{name}: {e}")));
    }
    out
}

/// One position's check: every legal move is legal, every move of `others` is legal exactly
/// when the list holds it.
fn agree(pos: &Position, others: &[Move], buf: &mut Vec<Move>) {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let f = fen::to_fen(pos);
    for &m in legal.iter().chain(others) {
        assert_eq!(
            pos.is_legal(m, buf),
            legal.contains(&m),
            "{f}: {m:?} ({} legal moves)",
            legal.len()
        );
    }
}

fn play(v: &Arc<Variant>, picks: &[Index]) {
    let mut pos = Position::start(v);
    let mut buf = Vec::new();
    // The pseudo-legal moves of the last two positions (the table's moves come from
    // elsewhere in the tree: siblings, cousins, hash collisions).
    let mut before: Vec<Move> = Vec::new();
    for pick in picks {
        agree(&pos, &before, &mut buf);
        let mut pseudo = Vec::new();
        pos.pseudo_moves(&mut pseudo);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        before = pseudo;
        pos.make(legal[pick.index(legal.len())]);
    }
}

/// The variants above exercise what they are said to (a test of nothing otherwise).
#[test]
fn the_variants_load() {
    let vs = variants();
    assert!(vs.len() > 30, "{} variants", vs.len());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn is_legal_agrees_with_the_legal_moves(picks in prop::collection::vec(any::<Index>(), 40..=80)) {
        for v in variants() {
            play(&v, &picks);
        }
    }
}
