//! Helpers the move tests share: a piece's legal moves as text, a move played with its
//! make, hash and unmake checked, and a variant with every hop the move cache holds.

#![allow(dead_code)]

use fairylab::{fen, notation, position::Position};

/// Every legal move, as coordinate texts, sorted.
pub fn moves(p: &Position) -> Vec<String> {
    let v = p.variant().clone();
    let mut all = Vec::new();
    p.legal_moves(&mut all);
    let mut out: Vec<String> = (all.into_iter())
        .map(|m| notation::to_coordinate(&v, m))
        .collect();
    out.sort();
    out
}

/// The legal moves of the piece on `from`, as coordinate texts, sorted.
pub fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let v = p.variant().clone();
    let sq = v.geometry.parse_square(from).unwrap();
    let mut all = Vec::new();
    p.legal_moves(&mut all);
    let mut out: Vec<String> = (all.into_iter())
        .filter(|m| m.from == sq)
        .map(|m| notation::to_coordinate(&v, m))
        .collect();
    out.sort();
    out
}

/// `texts` as owned strings, sorted (to compare with [`moves_from`]).
pub fn sorted(texts: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = texts.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The coordinate texts of moves from `from` to each of `to`, sorted (to compare with
/// [`moves_from`]).
pub fn to(from: &str, to: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = to.iter().map(|t| format!("{from}{t}")).collect();
    v.sort();
    v
}

/// Play `text` and return the FEN after it, checking that the incremental hash is the one
/// recomputed and that unmaking it restores the position and its hash.
pub fn play(p: &mut Position, text: &str) -> String {
    let before = fen::to_fen(p);
    let hash = p.hash();
    let m = notation::parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let u = p.make(m);
    assert_eq!(p.hash(), p.compute_hash(), "hash after {text}");
    let after = fen::to_fen(p);
    p.unmake(&u);
    assert_eq!(fen::to_fen(p), before, "unmake of {text}");
    assert_eq!(p.hash(), hash);
    after
}

/// Every hop the cache holds, promotion to them, and walks it does not hold.
pub const HOPPERS: &str = "files=8 ranks=8 promoZone=1 promoChoice=GCVHLN\n\
    pawn:P:ifmnDfmWfceF:pawn:a2-h2\n\
    knight:N:NpN:knight:b1\n\
    vao:V:mBcpB:vao:c1\n\
    grasshopper:G:gQ:grasshopper:f1\n\
    cannon:C:mRcpR:cannon:a1\n\
    hopper:H:pRgWpW:hopper:h1\n\
    lion:L:KNADcaKcabKmabK:lion:d1\n\
    forward:F:fpRpR4[F?R]:forward:g1\n\
    king:K:KisO2:king:e1";
