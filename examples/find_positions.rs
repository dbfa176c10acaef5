//! Search random games for test positions: mate in one, mate in two, a Marseillais turn mate,
//! a winning stalemate. Prints FENs; tests/search.rs re-verifies every position by brute force.
use fairylab::bundled;
use fairylab::fen::to_fen;
use fairylab::game::{Outcome, Reason, outcome};
use fairylab::position::{Move, Position};

fn moves(p: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    v
}

fn result_after(p: &Position, m: Move) -> Option<Outcome> {
    let mut q = p.clone();
    q.make(m);
    outcome(&q, &[])
}

fn mates(p: &Position, m: Move, mover: fairylab::position::Colour) -> bool {
    matches!(result_after(p, m), Some(Outcome::Win { winner, reason: Reason::Checkmate }) if winner == mover)
}

/// After `m`, every reply allows a mate in one (and there is at least one reply).
fn forces_mate(p: &Position, m: Move, us: fairylab::position::Colour) -> bool {
    let mut q = p.clone();
    q.make(m);
    if q.side_to_move() == us || outcome(&q, &[]).is_some() {
        return false;
    }
    let replies = moves(&q);
    !replies.is_empty()
        && replies.iter().all(|&r| {
            let mut w = q.clone();
            w.make(r);
            w.side_to_move() == us
                && outcome(&w, &[]).is_none()
                && moves(&w).iter().any(|&m2| mates(&w, m2, us))
        })
}

fn main() {
    let name = std::env::args().nth(1).unwrap_or("chess".into());
    let want = std::env::args().nth(2).unwrap_or("mate1".into());
    let v = bundled::load(&name).unwrap();
    let mut seed: u64 = 0x1234_5678_9ABC_DEF1;
    let mut found = 0;
    for _game in 0..20000 {
        let mut p = Position::start(&v);
        for _ply in 0..160 {
            let ms = moves(&p);
            if ms.is_empty() || outcome(&p, &[]).is_some() {
                break;
            }
            let us = p.side_to_move();
            let ok = match want.as_str() {
                "mate1" => {
                    let n = ms.iter().filter(|&&m| mates(&p, m, us)).count();
                    (1..=2).contains(&n) && p.phase() == 0
                }
                "mate2" => {
                    p.phase() == 0
                        && ms.len() <= 40
                        && !ms
                            .iter()
                            .any(|&m| matches!(result_after(&p, m), Some(Outcome::Win { .. })))
                        && ms.iter().any(|&m| forces_mate(&p, m, us))
                }
                "stalemate" => {
                    let st = ms.iter().filter(|&&m| {
                        matches!(result_after(&p, m), Some(Outcome::Win { winner, reason: Reason::Stalemate }) if winner == us)
                    }).count();
                    st >= 1 && !ms.iter().any(|&m| mates(&p, m, us))
                }
                "turnmate" => {
                    // Marseillais: no mate with the first move, but a first+second move mates.
                    p.phase() == 0
                        && !ms.iter().any(|&m| mates(&p, m, us))
                        && ms.iter().any(|&m| {
                            let mut q = p.clone();
                            q.make(m);
                            q.side_to_move() == us && moves(&q).iter().any(|&m2| mates(&q, m2, us))
                        })
                }
                _ => false,
            };
            if ok {
                println!("{}", to_fen(&p));
                found += 1;
                if found >= 6 {
                    return;
                }
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Prefer captures a little so games thin out.
            let caps: Vec<Move> = ms
                .iter()
                .copied()
                .filter(|m| p.piece_at(m.to).is_some())
                .collect();
            let m = if !caps.is_empty() && seed.is_multiple_of(3) {
                caps[(seed >> 8) as usize % caps.len()]
            } else {
                ms[(seed >> 8) as usize % ms.len()]
            };
            p.make(m);
        }
    }
}
