//! The move cache agrees with the general walker: on random games of variants with every kind
//! of hop the cache holds (a grasshopper `gQ`, a cannon `mRcpR`, a vao `mBcpB`, a plain hopper
//! `pR`, a leaping hopper `pN`, a `g` on a leaper that slides after its screen `gW`, a hopper
//! whose screen must be near `pR`-like `pW`, a forward-only `fpR`), beside walks it does not
//! hold (a lion, a griffon, a limited hopper `pR4`), every position's pseudo-legal moves, legal
//! moves and attacked squares are the same with the cache as with the walker forced
//! ([`Variant::without_hop_cache`]).

#![cfg(not(target_arch = "wasm32"))]

use fairylab::bundled;
use fairylab::fen;
use fairylab::geometry::Square;
use fairylab::piece::Colour;
use fairylab::position::{Move, Position};
use fairylab::variant::Variant;
use proptest::prelude::*;
use proptest::sample::Index;
use std::sync::Arc;

mod common;
use common::HOPPERS;

/// A larger board with holes: lines that stop at a hole, hoppers of both colours' own
/// directions.
const HOLES: &str = "files=10 ranks=10\nhole::::e5,f6\n\
    pawn:P:fmWfcF:pawn:a3-j3\n\
    grasshopper:G:gQ:grasshopper:a2-d2\n\
    cannon:C:mRcpR:cannon:e2-h2\n\
    leaper:L:pNgN:leaper:i2,j2\n\
    rook:R:R:rook:a1,j1\n\
    king:K:K:king:e1";

fn sorted_moves(p: &Position, legal: bool) -> Vec<Move> {
    let mut out = Vec::new();
    if legal {
        p.legal_moves(&mut out);
    } else {
        p.pseudo_moves(&mut out);
    }
    out.sort();
    out
}

/// The same position under both variants: moves, legal moves, attacks, check.
fn agree(cached: &Position, walked: &Position) {
    let f = fen::to_fen(cached);
    assert_eq!(
        sorted_moves(cached, false),
        sorted_moves(walked, false),
        "{f}"
    );
    assert_eq!(
        sorted_moves(cached, true),
        sorted_moves(walked, true),
        "{f}"
    );
    for sq in 0..cached.variant().geometry.len() as Square {
        // Whether a side "attacks" its own piece (defends it) the walker does not say.
        let held = cached.piece_at(sq).map(|p| p.colour);
        for by in Colour::ALL.into_iter().filter(|&by| held != Some(by)) {
            assert_eq!(
                cached.is_attacked(sq, by),
                walked.is_attacked(sq, by),
                "{f}: square {sq} attacked by {by:?}"
            );
        }
        assert_eq!(cached.walk_attacks(sq), walked.walk_attacks(sq), "{f}");
        assert_eq!(cached.walk_targets(sq), walked.walk_targets(sq), "{f}");
    }
    assert_eq!(cached.in_check(), walked.in_check(), "{f}");
}

fn play(text: &str, picks: &[Index]) {
    let v = bundled::compile("hoppers", text).unwrap();
    let w: Arc<Variant> = Arc::new(v.without_hop_cache());
    let mut pos = Position::start(&v);
    for pick in picks {
        let walked = fen::from_fen(&w, &fen::to_fen(&pos)).unwrap();
        agree(&pos, &walked);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        pos.make(legal[pick.index(legal.len())]);
    }
}

/// The cache holds hops: the variants above have some (a test of nothing otherwise).
#[test]
fn the_cache_holds_the_hops() {
    for text in [HOPPERS, HOLES] {
        let v = bundled::compile("hoppers", text).unwrap();
        assert_ne!(v.hop_count(), 0);
        assert_eq!(v.without_hop_cache().hop_count(), 0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn hoppers_agree(picks in prop::collection::vec(any::<Index>(), 60..=90)) {
        play(HOPPERS, &picks);
    }

    #[test]
    fn hoppers_on_a_board_with_holes_agree(picks in prop::collection::vec(any::<Index>(), 60..=90)) {
        play(HOLES, &picks);
    }
}
