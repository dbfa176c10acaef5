//! Rules answers the page needs, as plain data: where a piece may go, what a move turns the
//! piece into, promotion choices with the form they end in, and a spoken description of a
//! move with the variant's piece names.

use crate::geometry::Square;
use crate::position::{Move, Position, WHITE};
use crate::variant::{Variant, code_colour, code_type};

/// A destination of the piece on a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    pub to: Square,
    /// Takes an enemy piece (en passant included).
    pub capture: bool,
    /// The legal moves to this square (several for a promotion).
    pub moves: Vec<Move>,
}

/// The legal destinations of the piece on `from`, in square order.
pub fn destinations(pos: &Position, from: Square) -> Vec<Destination> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut out: Vec<Destination> = Vec::new();
    for m in legal.into_iter().filter(|m| m.from == from) {
        match out.iter_mut().find(|d| d.to == m.to) {
            Some(d) => d.moves.push(m),
            None => out.push(Destination {
                to: m.to,
                capture: is_capture(pos, m),
                moves: vec![m],
            }),
        }
    }
    out.sort_by_key(|d| d.to);
    out
}

/// Does the move take a piece?
pub fn is_capture(pos: &Position, m: Move) -> bool {
    if m.is_ep() {
        return true;
    }
    let c = pos.piece_at(m.to);
    c != 0 && !m.is_castle() && code_colour(c) != pos.side_to_move()
}

/// The (visible) piece type the mover ends as: after promotion, then its morph map.
pub fn resulting_type(pos: &Position, m: Move) -> usize {
    let mut q = pos.clone();
    q.make(m);
    let v = pos.variant();
    v.display_type(code_type(q.piece_at(m.to)))
}

fn side_name(colour: usize) -> &'static str {
    if colour == WHITE { "White" } else { "Black" }
}

fn type_name(v: &Variant, t: usize) -> &str {
    &v.types[v.display_type(t)].name
}

/// A sentence for screen readers: "White knight b1 to d5, becomes chancellor".
pub fn describe(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let g = v.geometry;
    let mover = pos.piece_at(m.from);
    if mover == 0 {
        return String::new();
    }
    let colour = code_colour(mover);
    let t = code_type(mover);
    let mut s = format!(
        "{} {} {} to {}",
        side_name(colour),
        type_name(v, t),
        g.name(m.from),
        g.name(m.to)
    );
    if m.is_castle() {
        s.push_str(", castles");
    }
    if is_capture(pos, m) {
        let (sq, c) = if m.is_ep() {
            // The pawn taken en passant stands beyond the square passed over.
            let target = pos
                .ep_capturable()
                .as_slice()
                .iter()
                .find(|&&(p, _)| p == m.to)
                .map(|&(_, pawn)| pawn)
                .unwrap_or(m.to);
            (target, pos.piece_at(target))
        } else {
            (m.to, pos.piece_at(m.to))
        };
        if c != 0 {
            s.push_str(&format!(
                ", takes {} {}{}",
                side_name(code_colour(c)).to_lowercase(),
                type_name(v, code_type(c)),
                if m.is_ep() {
                    format!(" on {} en passant", g.name(sq))
                } else {
                    String::new()
                }
            ));
        }
    }
    if let Some(p) = m.promotion() {
        s.push_str(&format!(", promotes to {}", type_name(v, p)));
    }
    let result = resulting_type(pos, m);
    let before = m.promotion().unwrap_or(v.display_type(t));
    if result != before {
        s.push_str(&format!(", becomes {}", type_name(v, result)));
    }
    let mut q = pos.clone();
    q.make(m);
    if q.side_to_move() != colour && q.in_check() {
        s.push_str(", check");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::fen::from_fen;
    use crate::notation::parse_coordinate;

    fn say(variant: &str, fen: Option<&str>, moves: &[&str]) -> String {
        let v = bundled::load(variant).unwrap();
        let mut pos = match fen {
            Some(f) => from_fen(&v, f).unwrap(),
            None => Position::start(&v),
        };
        let (last, first) = moves.split_last().unwrap();
        for m in first {
            let mv = parse_coordinate(&pos, m).unwrap();
            pos.make(mv);
        }
        describe(&pos, parse_coordinate(&pos, last).unwrap())
    }

    #[test]
    fn morph_and_capture_descriptions() {
        // Morphing Chess: the knight's double leap b1-c3-d5 lands on d5: chancellor.
        assert_eq!(
            say("morphing-chess", None, &["b1d5"]),
            "White knight b1 to d5, becomes chancellor"
        );
        // The king walking to e5 becomes the royal amazon.
        assert_eq!(
            say(
                "morphing-chess",
                Some("4k4/9/9/9/9/4K4/9/9/9 w - - 0 1"),
                &["e4e5"]
            ),
            // The royal amazon on e5 rides up the e-file to the black king.
            "White king e4 to e5, becomes royal amazon, check"
        );
        assert_eq!(
            say("chess", None, &["e2e4", "d7d5", "e4d5"]),
            "White pawn e4 to d5, takes black pawn"
        );
    }

    #[test]
    fn promotion_into_the_morphed_form() {
        // Morphomania: a pawn promoting to queen on a dark square ends as an amazon.
        let v = bundled::load("morphomania").unwrap();
        let pos = from_fen(&v, "k8/4P4/9/9/9/9/9/9/K8 w - - 0 1").unwrap();
        let d = destinations(&pos, v.geometry.parse_square("e8").unwrap());
        let promo = d
            .iter()
            .find(|d| v.geometry.name(d.to).to_string() == "e9")
            .unwrap();
        let results: Vec<String> = promo
            .moves
            .iter()
            .map(|&m| v.types[resulting_type(&pos, m)].name.clone())
            .collect();
        assert_eq!(results.len(), 4);
        assert!(results.contains(&"amazon".to_string()), "{results:?}");
        assert!(results.contains(&"archbishop".to_string()), "{results:?}");
    }
}
