//! Property tests over random games in every bundled variant (proptest picks the moves).
//!
//! At every position of a game:
//! - the legal move list equals the pseudo-legal moves that pass a legality check written
//!   here from RULES.md (make on a copy, the mover's royal piece not attacked afterwards; for
//!   castling also not in check before and no passed square attacked), with no duplicates;
//! - `is_attacked` agrees with the pseudo-legal captures of the side to move;
//! - every legal move: make then unmake restores the position exactly (every field, hash
//!   included), the incremental hash equals a recomputed one after make, the derived state
//!   (piece sets, counts, royal squares) agrees with the board after make and after unmake, only the mover changes type (morph
//!   and promotion per the definition's maps) and it counts as moved, and its coordinate and
//!   Game Courier texts read back as the same move;
//! - the FEN reads back to the same FEN and to a position that plays the same: the same
//!   pieces (conversion types included), side, turn phase, clocks, en passant lists, hash and
//!   legal moves, the same unmoved flags wherever the rules let a flag change a move (pieces
//!   with initial moves; castling pieces and the corner pieces they could castle with), and
//!   the same hash after every legal move;
//! - `unmoved:` is written only when needed: without it the FEN reads to another hash; and
//!   read without it, a piece with initial moves counts as unmoved exactly when it stands on
//!   one of its type's start squares (outside the corners of its side's castling rank, which
//!   the castling field decides), wherever its king stands.
//!
//! At the end the game is unmade move by move back to the start position.

#![cfg(not(target_arch = "wasm32"))]

use fairylab::bundled;
use fairylab::definition::CaptureTo;
use fairylab::fen;
use fairylab::geometry::Square;
use fairylab::notation;
use fairylab::piece::{Colour, Piece, PieceType};
use fairylab::position::{Move, Position, Undo};
use fairylab::variant::{Variant, step};
use proptest::prelude::*;
use proptest::sample::Index;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Is `m` legal, by RULES.md section 1, checked without the engine's pin shortcut?
fn legal_by_rules(pos: &Position, m: Move) -> bool {
    let us = pos.side_to_move();
    let them = us.other();
    let v = pos.variant();
    let g = v.geometry;
    if m.is_castle() {
        // Only an unmoved castling piece, with an unmoved piece of its side in the corner it
        // moves towards and every square between them empty. Pseudo-legal generation
        // should already ensure that; this asserts it.
        let king = pos.piece_at(m.from).unwrap();
        assert!(pos.is_unmoved(m.from), "castling with a moved king: {m:?}");
        assert!(!v.types[king.piece_type].castles.is_empty());
        let (rf, _) = pos.castle_partner(m);
        let partner = pos.piece_at(rf);
        assert!(partner.is_some_and(|p| p.colour == us) && pos.is_unmoved(rf));
        let r = g.rank(m.from);
        let (a, b) = (
            g.file(m.from).min(g.file(rf)),
            g.file(m.from).max(g.file(rf)),
        );
        for f in a + 1..b {
            assert_eq!(
                pos.piece_at(g.square(f, r)),
                None,
                "castling over a piece: {m:?}"
            );
        }
        // Not out of check, not over an attacked square.
        if pos.is_attacked(m.from, them) {
            return false;
        }
        let (f0, f1) = (g.file(m.from) as i32, g.file(m.to) as i32);
        let dir = (f1 - f0).signum();
        let mut f = f0 + dir;
        while f != f1 {
            if pos.is_attacked(g.square(f as u8, r), them) {
                return false;
            }
            f += dir;
        }
    }
    let mut after = pos.clone();
    after.make(m);
    // Royal safety: a side's only royal piece, or with `extinction` off all of its several,
    // may not be left attacked (the Diagram's royalty, tests/royalty.rs).
    let royals: Vec<Square> = (0..g.len() as Square)
        .filter(|&sq| {
            after
                .piece_at(sq)
                .is_some_and(|p| p.colour == us && v.types[p.piece_type].royal)
        })
        .collect();
    let guarded: &[Square] = if royals.len() > 1 && v.extinction[us.index()] {
        &[]
    } else {
        &royals
    };
    let safe = guarded.iter().all(|&k| !after.is_attacked(k, them));
    // The capture rules (crate::trade), by what left the board.
    let tr = &v.trade;
    let victims: Vec<(Square, PieceType)> = (0..g.len() as Square)
        .filter_map(|sq| {
            let was = pos.piece_at(sq).filter(|p| p.colour == them)?;
            let now = after.piece_at(sq);
            (now != Some(was)).then_some((sq, v.types[was.piece_type].base))
        })
        .collect();
    if victims.iter().any(|&(_, t)| tr.iron & t.bit() != 0) {
        return false;
    }
    if let Some((t, exempt)) = pos.strike()
        && victims.iter().any(|&(sq, vt)| vt == t && sq != exempt)
    {
        return false;
    }
    let mover = pos.piece_at(m.from).filter(|_| !m.is_drop());
    let mover = mover.map(|p| v.types[p.piece_type].base);
    if let Some(mt) = mover
        && (victims.iter()).any(|&(_, t)| {
            tr.anti
                .iter()
                .any(|g| g & mt.bit() != 0 && g & t.bit() != 0)
        })
    {
        return false;
    }
    assert!(
        tr.threshold.is_none(),
        "the reference has no tradeThreshold"
    );
    if let Some(mt) = mover
        && tr.protected & mt.bit() != 0
        && victims.iter().any(|&(_, t)| tr.protected & t.bit() != 0)
        && after.is_attacked(m.to, them)
    {
        return false;
    }
    // With promotion by offset (Shogi), a pawn dropped may not give mate.
    let pawn_drop = m
        .dropped()
        .is_some_and(|t| v.types[t].is_pawn && v.spec.promo_offset > 0);
    safe && !(pawn_drop && after.in_check() && !after.has_legal_move())
}

fn sorted(moves: &[Move]) -> Vec<Move> {
    let mut v = moves.to_vec();
    v.sort();
    v
}

/// Per type: does it have initial-only steps (moves that need the piece unmoved)?
fn initial_step_types(v: &Variant) -> Vec<bool> {
    v.piece_types()
        .map(|t| {
            Colour::ALL.into_iter().any(|c| {
                (0..v.geometry.len()).any(|sq| {
                    v.rays_for(c, t, sq as Square).iter().any(|r| {
                        v.ray_steps(r)
                            .iter()
                            .any(|s| s.flags & (step::QUIET_I | step::CAPTURE_I) != 0)
                    })
                })
            })
        })
        .collect()
}

/// Castling options by RULES.md section 1, ignoring what may change from move to move
/// (squares between, attacks): (castling piece's square, corner) for every unmoved castling
/// piece and unmoved non-royal piece of its side in a corner of its rank that one of its
/// castling moves goes towards.
fn castling_options(pos: &Position) -> BTreeSet<(Square, Square)> {
    let v = pos.variant();
    let g = v.geometry;
    let mut out = BTreeSet::new();
    for sq in 0..g.len() as Square {
        let Some(c) = pos.piece_at(sq) else {
            continue;
        };
        if !pos.is_unmoved(sq) {
            continue;
        }
        for &(dir, dist) in &v.types[c.piece_type].castles {
            let edge = if dir < 0 { 0 } else { g.files - 1 };
            let span = (edge as i32 - g.file(sq) as i32).abs();
            let corner = g.square(edge, g.rank(sq));
            let pc = pos.piece_at(corner);
            if span >= 2
                && (dist as i32) < span
                && pc.is_some_and(|pc| pc.colour == c.colour && !v.types[pc.piece_type].royal)
                && pos.is_unmoved(corner)
            {
                out.insert((sq, corner));
            }
        }
    }
    out
}

/// `again` (read from `f`, the FEN of `pos`) plays as `pos` does.
fn check_same_position(pos: &Position, again: &Position, f: &str) {
    let v = pos.variant();
    let g = v.geometry;
    let initial = initial_step_types(v);
    for sq in 0..g.len() as Square {
        assert_eq!(
            again.piece_at(sq),
            pos.piece_at(sq),
            "{} in {f}",
            g.name(sq)
        );
        let c = pos.piece_at(sq);
        if c.is_some_and(|c| initial[c.piece_type.index()]) {
            assert_eq!(
                again.is_unmoved(sq),
                pos.is_unmoved(sq),
                "unmoved flag of {} in {f}",
                g.name(sq)
            );
        }
    }
    assert_eq!(castling_options(again), castling_options(pos), "{f}");
    assert_eq!(again.side_to_move(), pos.side_to_move(), "{f}");
    assert_eq!(again.phase(), pos.phase(), "{f}");
    assert_eq!(again.halfmove_clock(), pos.halfmove_clock(), "{f}");
    assert_eq!(again.fullmove_number(), pos.fullmove_number(), "{f}");
    let ep = |l: &[(Square, Square)]| l.iter().copied().collect::<BTreeSet<_>>();
    assert_eq!(
        ep(again.ep_capturable().as_slice()),
        ep(pos.ep_capturable().as_slice()),
        "en passant targets in {f}"
    );
    assert_eq!(
        ep(again.ep_pending().as_slice()),
        ep(pos.ep_pending().as_slice()),
        "pending en passant targets in {f}"
    );
    assert_eq!(again.hash(), pos.hash(), "hash after reading {f}");
    assert_eq!(again.hash(), again.compute_hash(), "{f}");
    let (mut a, mut b) = (Vec::new(), Vec::new());
    pos.legal_moves(&mut a);
    again.legal_moves(&mut b);
    assert_eq!(sorted(&b), sorted(&a), "legal moves after reading {f}");
    for &m in &a {
        let (mut x, mut y) = (pos.clone(), again.clone());
        x.make(m);
        y.make(m);
        assert_eq!(
            y.hash(),
            x.hash(),
            "hash after {m:?} from {f} and from its reading"
        );
    }
}

/// The FEN `f` of `pos` without its `unmoved:` field, if it has one, read back: the field was
/// needed, and without it pieces with initial moves are unmoved exactly on their start squares.
fn check_unmoved_field(pos: &Position, f: &str) {
    let v = pos.variant();
    let g = v.geometry;
    let initial = initial_step_types(v);
    let bare: Vec<&str> = f
        .split(' ')
        .filter(|t| !t.starts_with("unmoved:"))
        .collect();
    let bare = bare.join(" ");
    let read = fen::from_fen(v, &bare).unwrap_or_else(|e| panic!("{bare}: {e}"));
    if bare != f {
        assert_ne!(read.hash(), pos.hash(), "{f} needs no unmoved: field");
    }
    for sq in 0..g.len() as Square {
        let Some(c) = read.piece_at(sq) else {
            continue;
        };
        let (t, colour) = (v.display_type(c.piece_type), c.colour);
        if !initial[t.index()] || !v.types[t].castles.is_empty() {
            continue;
        }
        let castling_corner = (g.file(sq) == 0 || g.file(sq) == g.files - 1)
            && v.types.iter().any(|k| {
                !k.castles.is_empty()
                    && k.start[colour.index()]
                        .iter()
                        .any(|&s| g.rank(s) == g.rank(sq))
            });
        if castling_corner {
            continue;
        }
        assert_eq!(
            read.is_unmoved(sq),
            v.types[t].start[colour.index()].contains(&sq),
            "{} read from {bare}",
            g.name(sq)
        );
    }
}

/// The definition's type for a compiled type (hidden conversion types show as their base).
fn shown(v: &Variant, piece: Option<Piece>) -> Option<(PieceType, Colour)> {
    piece.map(|p| (v.display_type(p.piece_type), p.colour))
}

/// The type a piece of type `t` becomes on arriving at `sq`, read from the validated spec.
fn morph_by_spec(v: &Variant, t: PieceType, sq: Square) -> PieceType {
    v.spec.pieces[t.index()]
        .morph
        .as_ref()
        .and_then(|map| map[sq as usize])
        .map_or(t, PieceType::new)
}

/// The position's derived state (piece sets, counts, royal squares) agrees with its board.
fn check_consistency(v: &Variant, pos: &Position, what: &dyn Fn() -> String) {
    let g = v.geometry;
    let mut occ = [Vec::new(), Vec::new()];
    let mut counts = vec![[0u16; 2]; v.types.len()];
    let mut royals = [Vec::new(), Vec::new()];
    let mut barers = [0u16; 2];
    for sq in 0..g.len() as Square {
        let Some(c) = pos.piece_at(sq) else {
            continue;
        };
        let (t, col) = (c.piece_type, c.colour.index());
        occ[col].push(sq);
        counts[t.index()][col] += 1;
        if v.types[t].royal {
            royals[col].push(sq);
        } else if v.types[t].bares {
            barers[col] += 1;
        }
    }
    for colour in Colour::ALL {
        let col = colour.index();
        assert_eq!(
            pos.occupied(colour).iter().collect::<Vec<_>>(),
            occ[col],
            "{}",
            what()
        );
        assert_eq!(
            pos.royals(colour).iter().collect::<Vec<_>>(),
            royals[col],
            "{}",
            what()
        );
        let only = (royals[col].len() == 1).then(|| royals[col][0]);
        assert_eq!(pos.royal_square(colour), only, "{}", what());
        assert_eq!(pos.barer_count(colour), barers[col], "{}", what());
        for (t, n) in v.piece_types().zip(&counts) {
            assert_eq!(pos.count(colour, t), n[col], "{}", what());
        }
    }
    assert_eq!(pos.hash(), pos.compute_hash(), "{}", what());
}

/// Pieces are conserved between the board and the hands: a drop spends one from the mover's
/// hand; with captures to the capturer's hand, every piece that left the board is in the
/// other side's hand; with captures going nowhere the hands change only by drops.
fn check_hands(v: &Variant, before: &Position, after: &Position, m: Move, f: &str) {
    let us = before.side_to_move();
    let them = us.other();
    let in_hand =
        |p: &Position, c: Colour| -> i64 { v.piece_types().map(|t| p.in_hand(c, t) as i64).sum() };
    let on_board = |p: &Position, c: Colour| p.occupied(c).len() as i64;
    let dropped = m.is_drop() as i64;
    let lost_them = on_board(before, them) - on_board(after, them);
    let lost_us = on_board(before, us) + dropped - on_board(after, us);
    let (gain_us, gain_them) = match v.hands.capture {
        CaptureTo::Nowhere => (0, 0),
        CaptureTo::Capturer { .. } => (lost_them, lost_us),
        CaptureTo::Owner => return,
    };
    assert_eq!(
        in_hand(after, us),
        in_hand(before, us) - dropped + gain_us,
        "{m:?} from {f}"
    );
    assert_eq!(
        in_hand(after, them),
        in_hand(before, them) + gain_them,
        "{m:?} from {f}"
    );
}

/// Make and unmake `m` in `pos` (whose FEN is `before_fen`), checking both.
fn check_make_unmake(v: &Arc<Variant>, pos: &mut Position, m: Move, before_fen: &str) {
    let before = pos.clone();
    let us = pos.side_to_move();
    let g = v.geometry;
    let u: Undo = pos.make(m);
    check_consistency(v, pos, &|| format!("after {m:?} from {before_fen}"));
    check_hands(v, &before, pos, m, before_fen);
    if let Some(t) = m.dropped() {
        // A drop: the piece as it was in the hand, unmoved only if its type has initial moves
        // and it lands where the type starts.
        assert_eq!(
            pos.piece_at(m.to),
            Some(Piece::new(t, us)),
            "{m:?} from {before_fen}"
        );
        let home = v.types[t].start[us.index()].contains(&m.to);
        assert_eq!(
            pos.is_unmoved(m.to),
            v.types[t].initial && home,
            "{m:?} from {before_fen}"
        );
    } else {
        // Only the mover changes type: promotion first, then the morph map at its destination.
        let mover = before.piece_at(m.from).unwrap();
        let moved_type = m
            .promotion()
            .map(|t| v.display_type(t))
            .unwrap_or(v.display_type(mover.piece_type));
        let expect = morph_by_spec(v, moved_type, m.to);
        assert_eq!(
            shown(v, pos.piece_at(m.to)),
            Some((expect, us)),
            "type after {m:?} from {before_fen}"
        );
        assert!(!pos.is_unmoved(m.to), "{m:?} left the mover unmoved");
    }
    let mut touched = vec![m.from, m.to];
    if let Some(k) = m.unload() {
        // An unload (`u`): the piece taken on the destination is put down on an empty
        // square, or on the one the mover left.
        touched.push(k);
        assert!(
            k == m.from || before.piece_at(k).is_none(),
            "{m:?} from {before_fen}"
        );
        assert_eq!(
            shown(v, pos.piece_at(k)),
            shown(v, before.piece_at(m.to)),
            "{m:?} from {before_fen}: the piece put down"
        );
    }
    if m.is_castle() {
        let (rf, rt) = before.castle_partner(m);
        touched.extend([rf, rt]);
        assert_eq!(shown(v, pos.piece_at(rt)), shown(v, before.piece_at(rf)));
    }
    // Gates (crate::gate, tests/gate.rs): an unmoved piece leaving the second or the last
    // but one rank brings the piece of its side at the edge behind it (for a castling, behind
    // the castling piece, else behind its partner) onto the square it left, unmoved.
    if v.gate.is_some() && !m.is_drop() && before.is_unmoved(m.from) {
        let behind = |sq: Square| {
            let r = g.rank(sq);
            let edge = (r == 1)
                .then_some(0)
                .or((r + 2 == g.ranks).then(|| g.ranks - 1));
            edge.map(|e| g.square(g.file(sq), e))
                .filter(|&b| before.piece_at(b).is_some_and(|p| p.colour == us))
                .map(|b| (b, sq))
        };
        let rook = m.is_castle().then(|| before.castle_partner(m).0);
        if let Some((b, to)) = behind(m.from).or_else(|| rook.and_then(behind)) {
            touched.extend([b, to]);
            assert_eq!(pos.piece_at(b), None, "{m:?} from {before_fen}: the gate");
            assert_eq!(shown(v, pos.piece_at(to)), shown(v, before.piece_at(b)));
            assert!(pos.is_unmoved(to), "{m:?} from {before_fen}: gated unmoved");
        }
    }
    for sq in 0..g.len() as Square {
        if touched.contains(&sq) {
            continue;
        }
        let (was, now) = (before.piece_at(sq), pos.piece_at(sq));
        if m.is_ep() && now.is_none() && was.is_some_and(|w| w.colour != us) {
            continue; // the pawn taken en passant
        }
        if m.locusts().contains(&sq) {
            // A locust victim: an enemy, now gone.
            assert!(
                was.is_some_and(|w| w.colour != us),
                "{m:?} from {before_fen}"
            );
            assert_eq!(now, None, "{m:?} from {before_fen} left its victim");
            continue;
        }
        assert_eq!(
            shown(v, now),
            shown(v, was),
            "{m:?} from {before_fen} changed {}",
            g.name(sq)
        );
    }
    pos.unmake(&u);
    // Board, unmoved set, side, phase, en passant lists, clocks and hash; then the rest.
    assert!(
        *pos == before,
        "state after unmake of {m:?} from {before_fen}"
    );
    check_consistency(v, pos, &|| {
        format!("after unmake of {m:?} from {before_fen}")
    });
}

fn check_position(v: &Arc<Variant>, pos: &mut Position) -> Vec<Move> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut pseudo = Vec::new();
    pos.pseudo_moves(&mut pseudo);
    let f = fen::to_fen(pos);

    // No duplicates; the legal list is exactly the pseudo moves that pass the rules' check.
    let set: BTreeSet<Move> = legal.iter().copied().collect();
    assert_eq!(set.len(), legal.len(), "duplicate legal moves in {f}");
    let expect: Vec<Move> = pseudo
        .iter()
        .copied()
        .filter(|&m| legal_by_rules(pos, m))
        .collect();
    assert_eq!(sorted(&legal), sorted(&expect), "legal moves of {f}");

    // The quiescence generator: exactly the legal captures, en passant and promotions.
    let mut captures = Vec::new();
    pos.legal_captures(&mut captures);
    let expect: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            let t = pos.piece_at(m.to);
            m.is_ep()
                || m.promotion().is_some()
                || !m.kills.is_empty()
                || (!m.is_castle() && t.is_some_and(|t| t.colour != pos.side_to_move()))
        })
        .collect();
    assert_eq!(sorted(&captures), sorted(&expect), "legal captures of {f}");

    // The attack probes agree with the move tables: an enemy piece is attacked by the side
    // to move exactly when some pseudo-legal move captures it.
    // (A piece waiting at a gate may stand attacked, but no move goes onto a gate.)
    let us = pos.side_to_move();
    let gates = v.gate.as_ref().map(|g| g.squares).unwrap_or_default();
    for sq in pos
        .occupied(us.other())
        .iter()
        .filter(|&sq| !gates.contains(sq))
    {
        let captured = pseudo
            .iter()
            .any(|m| (m.to == sq && !m.is_ep() && !m.is_castle()) || m.locusts().contains(&sq));
        assert_eq!(
            pos.is_attacked(sq, us),
            captured,
            "is_attacked({}) in {f}",
            v.geometry.name(sq)
        );
    }

    // FEN round trip: the same text, a position that plays the same; `unmoved:` only when
    // needed.
    let again = fen::from_fen(v, &f).unwrap_or_else(|e| panic!("{f}: {e}"));
    assert_eq!(fen::to_fen(&again), f);
    check_same_position(pos, &again, &f);
    check_unmoved_field(pos, &f);

    for &m in &legal {
        let text = notation::to_coordinate(v, m);
        assert_eq!(
            notation::parse_coordinate(pos, &text),
            Ok(m),
            "coordinate {text} in {f}"
        );
        let gc = notation::to_game_courier(pos, m);
        assert_eq!(
            notation::parse_game_courier(pos, &gc),
            Ok(m),
            "Game Courier {gc} in {f}"
        );
        check_make_unmake(v, pos, m, &f);
    }
    legal
}

/// Play a game with moves chosen by `picks`, checking every position on the way.
fn play(name: &str, picks: &[Index]) {
    play_variant(bundled::load(name).unwrap(), picks);
}

/// Chess with walkers (moves of several legs and hops) for every piece but the pawns,
/// knights and king: a cannon, a vao, a lion (locust captures, igui, a step out and back), a
/// griffon (a bent rider), promotion to a grasshopper.
const WALKERS: &str = "files=8 ranks=8 promoZone=1 promoChoice=QLCG\n\
    pawn:P:ifmnDfmWfceF:pawn:a2-h2\n\
    knight:N:N:knight:b1,g1\n\
    vao:V:mBcpB:vao:c1\n\
    griffon:F:FyafsF:griffon:f1\n\
    cannon:C:mRcpR:cannon:a1\n\
    rook:R:R:rook:h1\n\
    lion:L:KNADcaKcabKmabK:lion:d1\n\
    queen:Q:Q:queen:\n\
    grasshopper:G:gQ:grasshopper:\n\
    king:K:KisO2:king:e1";

/// Chess with the rarer XBetza: a rose (`q`), a crooked bishop (`z`), a ski-slider and
/// jumping leaps (`j`), a cylindrical rook (`o`), legs of equal length (`i` after `a`) and a
/// rook that checks along the diagonals (`k`), promotion to them.
const MORE_WALKERS: &str = "files=8 ranks=8 promoZone=1 promoChoice=OZSCXH\n\
    pawn:P:ifmnDfmWfceF:pawn:a2-h2\n\
    rose:O:qN:rose:b1\n\
    knight:N:NjDjA:knight:g1\n\
    crooked:Z:zB:crooked:c1\n\
    skier:S:jW3jF3:skier:f1\n\
    cylinder:C:oR:cylinder:a1\n\
    bent:X:mafsiRK:bent:h1\n\
    checker:H:mRkB:checker:d1\n\
    king:K:KisO2:king:e1";

fn play_variant(v: Arc<Variant>, picks: &[Index]) {
    let mut pos = Position::start(&v);
    let start = pos.clone();
    let start_fen = fen::to_fen(&pos);
    let mut undos = Vec::new();
    for pick in picks {
        let legal = check_position(&v, &mut pos);
        if legal.is_empty() {
            break;
        }
        let m = legal[pick.index(legal.len())];
        undos.push(pos.make(m));
    }
    while let Some(u) = undos.pop() {
        pos.unmake(&u);
    }
    assert_eq!(fen::to_fen(&pos), start_fen);
    assert!(pos == start, "unmaking the whole game");
}

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

fn games() -> impl Strategy<Value = Vec<Index>> {
    prop::collection::vec(any::<Index>(), 60..=80)
}

macro_rules! variant_properties {
    ($test:ident, $name:literal, $cases:expr) => {
        proptest! {
            #![proptest_config(config($cases))]
            #[test]
            fn $test(picks in games()) {
                play($name, &picks);
            }
        }
    };
}

variant_properties!(random_games_chess, "chess", 4);

proptest! {
    #![proptest_config(config(6))]
    #[test]
    fn random_games_walkers(picks in games()) {
        play_variant(bundled::compile("walkers", WALKERS).unwrap(), &picks);
    }

    #[test]
    fn random_games_more_walkers(picks in games()) {
        play_variant(bundled::compile("more-walkers", MORE_WALKERS).unwrap(), &picks);
    }

    /// Several locust victims in one move: a checker that jumps two or three enemies in a
    /// line (`cafcafmW`, `cafcafcafmF`), one that takes on the way and comes back to take on
    /// the same square (`cafmafcbW`: one piece, taken once), and a lion.
    #[test]
    fn random_games_locusts(picks in games()) {
        let text = "files=8 ranks=8 promoZone=1 promoChoice=JHL\n\
                    pawn:P:ifmnDfmWfceF:pawn:a2-h2\nknight:N:N:knight:b1,g1\n\
                    jumper:J:WcafcafmWcafmafcbW:jumper:c1,f1\nhopper:H:FcafcafcafmF:hopper:a1,h1\n\
                    lion:L:KNADcaKcabKmabK:lion:d1\nking:K:KisO2:king:e1\n";
        play_variant(bundled::compile("locusts", text).unwrap(), &picks);
    }

    /// `x`: a king that also moves as the friends it sees along queen lines (`KxQ`), and one
    /// whose first step onto a friend has that friend step on (`KxafK`).
    #[test]
    fn random_games_relays(picks in games()) {
        let text = "files=8 ranks=8 promoZone=1 promoChoice=QIH\n\
                    pawn:P:ifmnDfmWfceF:pawn:a2-h2\nknight:N:N:knight:b1,g1\n\
                    inducer:I:KxQ:inducer:c1,f1\nherder:H:KxafK:herder:a1,h1\n\
                    queen:Q:Q:queen:d1\nking:K:KisO2:king:e1\n";
        play_variant(bundled::compile("relays", text).unwrap(), &picks);
    }

    /// The bracket notation: griffons and aancas (`[F?R]`, `[W?B]`), a king step then a rook
    /// (`[K-R]`, each step read in its own frame) and a checker's jump (`[cF-fF]`).
    #[test]
    fn random_games_brackets(picks in games()) {
        let text = "files=8 ranks=8 promoZone=1 promoChoice=GAC\n\
                    pawn:P:ifmnDfmWfceF:pawn:a2-h2\ngriffon:G:[F?R]:griffon:b1,g1\n\
                    aanca:A:[W?B]:aanca:c1,f1\ncrane:C:[K-R]W:crane:a1,h1\n\
                    checker:X:[cF-fF]K:checker:d1\nking:K:KisO2:king:e1\n";
        play_variant(bundled::compile("brackets", text).unwrap(), &picks);
    }

    /// Unloads (`u`): swaps with friends and enemies, and a piece put down between.
    #[test]
    fn random_games_unloaders(picks in games()) {
        let text = "files=8 ranks=8 promoZone=1 promoChoice=QSH\n\
                    pawn:P:ifmnDfmWfceF:pawn:a2-h2\nknight:N:uN:knight:b1,g1\n\
                    swapper:S:KudW:swapper:c1,f1\nhurler:H:mafucWR:hurler:a1,h1\n\
                    queen:Q:Q:queen:d1\nking:K:KisO2:king:e1\n";
        play_variant(bundled::compile("unloaders", text).unwrap(), &picks);
    }

    /// Drops and promotion by offset: captures go to the hand demoted and come back as drops.
    #[test]
    fn random_games_minishogi(picks in games()) {
        let text = include_str!("perft/fsf/defs/minishogi.txt");
        play_variant(bundled::compile("minishogi", text).unwrap(), &picks);
    }

    /// The capture rules: iron walls, protected lions (with a locust move), counter-strike.
    #[test]
    fn random_games_trade_rules(picks in games()) {
        let text = "files=8 ranks=8 promoZone=0 protected=2 counterStrike=2 iron=3 antiTrade=4\n\
                    pawn:P:fWfcF:pawn:a2-h2\nlion:L:KNADcaK:lion:c1,f1\nwall:W:W:wall:b1,g1\n\
                    rook:R:R:rook:a1,h1\nantiTrade=0\nking:K:K:king:e1\nantiTrade=0\n";
        play_variant(bundled::compile("trade", text).unwrap(), &picks);
    }

    /// Several royal pieces, each absolute, and promotion to one (Coregal).
    #[test]
    fn random_games_coregal(picks in games()) {
        let text = include_str!("perft/fsf/defs/coregal.txt");
        play_variant(bundled::compile("coregal", text).unwrap(), &picks);
    }

    /// Several royal pieces under extinction: spare kings may be left attacked and taken.
    #[test]
    fn random_games_two_kings(picks in games()) {
        let text = "files=8 ranks=8 promoZone=1 promoChoice=QK\n\
                    pawn:P:ifmnDfmWfceF:pawn:a2-h2\nknight:N:N:knight:b1,g1\nqueen:Q:Q:queen:d1\n\
                    king:K:KisO2:king:c1,e1\n";
        play_variant(bundled::compile("two-kings", text).unwrap(), &picks);
    }

    /// Gates (`autoGate`): the piece behind steps in as the piece in front first moves.
    #[test]
    fn random_games_gates(picks in games()) {
        let text = include_str!("defs/gates.txt");
        play_variant(bundled::compile("gates", text).unwrap(), &picks);
    }

    /// Drops with promotion by choice (Crazyhouse): en passant, castling and drops together.
    #[test]
    fn random_games_crazyhouse(picks in games()) {
        let text = include_str!("perft/fsf/defs/crazyhouse.txt");
        play_variant(bundled::compile("crazyhouse", text).unwrap(), &picks);
    }
}
variant_properties!(random_games_morphing_chess, "morphing-chess", 4);
variant_properties!(random_games_morphing_chess_3, "morphing-chess-3", 4);
variant_properties!(random_games_morphomania, "morphomania", 4);
variant_properties!(random_games_symmetric_chess, "symmetric-chess", 4);
variant_properties!(random_games_marseillais, "marseillais", 4);
variant_properties!(random_games_marseillais_original, "marseillais-original", 4);
