//! The AI finds mates, takes hanging pieces, stalemates when that wins, uses both moves of a
//! Marseillais turn, and never plays an illegal move.
//!
//! The positions came from random games (examples/find_positions.rs); each test first proves
//! by brute force, independently of the search, that the position has the property, then
//! checks the search's answer the same way.

use fairylab::bundled;
use fairylab::fen::from_fen;
use fairylab::game::{Outcome, Reason, outcome};
use fairylab::notation::to_coordinate;
use fairylab::position::{Move, Position};
use fairylab::search::{Limits, Score, Searcher};
use fairylab::selfplay::{Seed, play_game};

fn moves(p: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    v
}

fn after(p: &Position, m: Move) -> Position {
    let mut q = p.clone();
    q.make(m);
    q
}

fn mates(p: &Position, m: Move) -> bool {
    let us = p.side_to_move();
    matches!(outcome(&after(p, m), &[]),
        Some(Outcome::Win { winner, reason: Reason::Checkmate }) if winner == us)
}

/// The game is won after `m` (checkmate, or bare king / stalemate where they win).
fn wins(p: &Position, m: Move) -> bool {
    let us = p.side_to_move();
    matches!(outcome(&after(p, m), &[]), Some(Outcome::Win { winner, .. }) if winner == us)
}

/// After `m` the opponent moves, and every reply allows a winning move (`win`).
fn forces_in_two(p: &Position, m: Move, win: fn(&Position, Move) -> bool) -> bool {
    let us = p.side_to_move();
    let q = after(p, m);
    if q.side_to_move() == us || outcome(&q, &[]).is_some() {
        return false;
    }
    let replies = moves(&q);
    !replies.is_empty()
        && replies.iter().all(|&r| {
            let w = after(&q, r);
            w.side_to_move() == us && moves(&w).iter().any(|&m2| win(&w, m2))
        })
}

fn best(variant: &str, fen: &str, depth: u32) -> (Position, Move, Score) {
    let v = bundled::load(variant).unwrap();
    let pos = from_fen(&v, fen).unwrap();
    let mut s = Searcher::native(&v);
    let r = s.search(
        &pos,
        &[],
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        &mut |_| {},
    );
    let m = r.best.expect("a move");
    assert!(moves(&pos).contains(&m), "{variant}: illegal best move");
    (pos, m, r.score)
}

const MATE_IN_ONE: &[(&str, &str)] = &[
    ("chess", "2k5/4R3/p6R/r4p2/5P1P/8/5P2/5K2 w - - 2 48"),
    (
        "morphing-chess",
        "4k4/5p3/9/1pp3p1P/4z4/9/9/9/1K7 b - - 1 47",
    ),
    (
        "morphing-chess-3",
        "6k2/3p4T/9/5q1P1/9/9/9/5P3/9 b - - 0 71",
    ),
    (
        "morphomania",
        "1n4b1r/3k1s2C/2sp2a2/9/r8/4q4/9/1SPS2P2/1NBQ1K1C1 b - - 0 20",
    ),
    ("symmetric-chess", "9/6p2/1k3q3/3ppb3/9/4K4/r8/9 b - - 2 75"),
    ("marseillais", "8/2k5/1R4pr/3P4/8/8/5r2/2K5 b - - 0 19"),
];

const MATE_IN_TWO: &[(&str, &str)] = &[
    ("chess", "4R3/1k6/p6R/r4p2/5P1P/8/5P2/5K2 w - - 0 47"),
    ("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1"),
    (
        "morphing-chess",
        "4k4/5p3/1pp3p2/4p4/8P/9/9/9/K8 b - - 1 43",
    ),
    (
        "morphing-chess-3",
        "6kp1/9/1p4p2/1p7/3T5/2P6/9/Q3q4/9 b - - 0 52",
    ),
    (
        "morphomania",
        "1n1k2r2/6N1p/7p1/9/3p5/8q/7P1/2P6/5K3 b - - 1 37",
    ),
    (
        "symmetric-chess",
        "9/9/2k6/7NP/9/1BP1P4/9/1R2K3Q w - - 31 77",
    ),
];

#[test]
fn mate_in_one_in_every_variant() {
    for &(variant, fen) in MATE_IN_ONE {
        let v = bundled::load(variant).unwrap();
        let pos = from_fen(&v, fen).unwrap();
        assert!(
            moves(&pos).iter().any(|&m| mates(&pos, m)),
            "{variant}: no mate in one"
        );
        let (pos, m, score) = best(variant, fen, 3);
        assert!(
            mates(&pos, m),
            "{variant}: {} does not mate",
            to_coordinate(&v, m)
        );
        assert_eq!(score, Score::Mate(1), "{variant}");
    }
}

#[test]
fn mate_in_two_in_every_variant() {
    for &(variant, fen) in MATE_IN_TWO {
        let v = bundled::load(variant).unwrap();
        let pos = from_fen(&v, fen).unwrap();
        let ms = moves(&pos);
        assert!(
            !ms.iter().any(|&m| wins(&pos, m)),
            "{variant}: has a win in one"
        );
        assert!(
            ms.iter().any(|&m| forces_in_two(&pos, m, mates)),
            "{variant}: no mate in two"
        );
        // The search may prefer an equally fast win by bare king (Degens' variants).
        let (pos, m, score) = best(variant, fen, 5);
        assert!(
            forces_in_two(&pos, m, wins),
            "{variant}: {} does not force a win",
            to_coordinate(&v, m)
        );
        assert_eq!(score, Score::Mate(2), "{variant}");
    }
}

#[test]
fn marseillais_mate_needs_both_moves_of_the_turn() {
    let fen = "3k4/6p1/1p2Rp1r/3P4/8/8/5r2/2K5 b - - 0 18";
    let v = bundled::load("marseillais").unwrap();
    let pos = from_fen(&v, fen).unwrap();
    let us = pos.side_to_move();
    assert!(!moves(&pos).iter().any(|&m| mates(&pos, m)));
    let (pos, m1, score) = best("marseillais", fen, 4);
    let mid = after(&pos, m1);
    assert_eq!(
        mid.side_to_move(),
        us,
        "the turn goes on after the first move"
    );
    assert!(
        moves(&mid).iter().any(|&m| mates(&mid, m)),
        "{} leaves no mate",
        to_coordinate(&v, m1)
    );
    assert!(matches!(score, Score::Mate(_)), "{score:?}");
    let mut s = Searcher::native(&v);
    let r = s.search(
        &mid,
        &[],
        Limits {
            depth: Some(3),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert!(mates(&mid, r.best.unwrap()));
}

#[test]
fn takes_a_hanging_amazon_or_chancellor() {
    for (variant, fen, want) in [
        (
            "morphing-chess",
            "4k4/9/9/9/9/c8/9/9/R3K4 w - - 0 1",
            "a1a4",
        ),
        ("morphomania", "4k4/9/9/9/z8/9/9/9/R4K3 w - - 0 1", "a1a5"),
        (
            "morphing-chess-3",
            "4k4/9/9/9/9/c8/9/9/R3K4 w - - 0 1",
            "a1a4",
        ),
    ] {
        let (pos, m, _) = best(variant, fen, 4);
        assert_eq!(to_coordinate(pos.variant(), m), want, "{variant}");
    }
}

#[test]
fn stalemates_when_that_wins() {
    for (variant, fen) in [
        ("morphing-chess", "8P/8P/5kp2/9/3c5/9/9/9/K8 b - - 2 70"),
        (
            "morphing-chess-3",
            "1a1q2q2/9/4k4/4qP3/9/5K3/2r6/9/8c b - - 0 51",
        ),
        ("morphomania", "9/9/s8/k8/8R/1K7/9/9/9 w - - 1 52"),
    ] {
        let v = bundled::load(variant).unwrap();
        let pos = from_fen(&v, fen).unwrap();
        let us = pos.side_to_move();
        let stalemates = |p: &Position, m: Move| {
            matches!(outcome(&after(p, m), &[]),
                Some(Outcome::Win { winner, reason: Reason::Stalemate }) if winner == us)
        };
        assert!(
            moves(&pos).iter().any(|&m| stalemates(&pos, m)),
            "{variant}"
        );
        let (pos, m, score) = best(variant, fen, 3);
        assert!(
            stalemates(&pos, m) || mates(&pos, m),
            "{variant}: {} neither stalemates nor mates",
            to_coordinate(&v, m)
        );
        assert_eq!(score, Score::Mate(1), "{variant}");
    }
}

/// Short games of the AI against itself: every move it returns is legal.
fn soak(games: u32, nodes: u64, max_plies: usize) {
    for name in bundled::names() {
        let v = bundled::load(name).unwrap();
        let mut s = Searcher::native(&v);
        let mut seed = Seed(0x2545_F491_4F6C_DD1D);
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        for _ in 0..games {
            if let Err(e) = play_game(&v, &mut s, limits, &mut seed, max_plies) {
                panic!("{name}: {e}");
            }
        }
    }
}

#[test]
fn self_play_never_plays_an_illegal_move() {
    soak(2, 300, 40);
}

/// The soak: 10 short games per variant (release build: `cargo test --release -- --ignored`).
#[test]
#[ignore]
fn self_play_soak_ten_games_per_variant() {
    soak(10, 3000, 120);
}

/// A lion takes two pieces in one move (a rook on the way, a queen at the end) rather than
/// either alone; a cannon takes over a screen.
#[test]
fn takes_with_locust_and_hopper_moves() {
    let text = "files=8 ranks=8\nlion:L:KNADcaKcabKmabK:lion:d1\ncannon:C:mRcpR:cannon:a1\n\
                rook:R:R:rook:h1\nqueen:Q:Q:queen:\nking:K:K:king:e1";
    let v = bundled::compile("walkers", text).unwrap();
    let search = |fen: &str| {
        let pos = from_fen(&v, fen).unwrap();
        let r = Searcher::native(&v).search(
            &pos,
            &[],
            Limits {
                depth: Some(3),
                ..Limits::default()
            },
            &mut |_| {},
        );
        to_coordinate(&v, r.best.expect("a move"))
    };
    // Lion on d4; a black rook on d5 and a black queen on d6 (protected by nothing).
    assert_eq!(search("4k3/8/3q4/3r4/3L4/8/8/4K3 w - - 0 1"), "d4d5d6");
    // Cannon on a1, a black rook on a4 as the screen, the black queen on a7 behind it.
    assert_eq!(search("4k3/q7/8/8/r7/8/8/C3K3 w - - 0 1"), "a1a7");
}

/// A position the game has seen twice is a draw the third time: with every move leading to
/// one, a queen up scores 0; without that history, it scores the queen.
#[test]
fn the_games_repetitions_are_draws() {
    let v = bundled::load("chess").unwrap();
    let pos = from_fen(&v, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    let search = |history: &[u64]| {
        let mut s = Searcher::native(&v);
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        s.search(&pos, history, limits, &mut |_| {}).score
    };
    assert!(matches!(search(&[]), Score::Cp(c) if c > 500));
    let seen: Vec<u64> = moves(&pos)
        .iter()
        .flat_map(|&m| {
            let h = after(&pos, m).hash();
            [h, h]
        })
        .collect();
    assert_eq!(search(&seen), Score::Cp(0));
    // Seen once only, they are not yet draws.
    let once: Vec<u64> = seen.iter().step_by(2).copied().collect();
    assert!(matches!(search(&once), Score::Cp(c) if c > 500));
}
