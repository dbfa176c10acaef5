//! Rules answers the page needs, as plain data: where a piece may go, what a move turns the
//! piece into, promotion choices with the form they end in, and a spoken description of a
//! move with the variant's piece names; also the variant a name or a pasted definition means,
//! the pieces on the board as the page shows them, the turn and the result as text.

use crate::bundled;
use crate::definition::{DefinitionError, DefinitionErrors, Pos};
use crate::game::{Game, Played};
use crate::geometry::Square;
use crate::piece::PieceType;
use crate::position::{Colour, Move, Position, WHITE};
use crate::variant::Variant;
use std::sync::Arc;

/// Is `text` (trimmed) one word, a name rather than a definition: not empty, no `=`, `:` or
/// white space?
pub fn is_one_word(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty() && !text.contains(|c: char| c.is_whitespace() || c == '=' || c == ':')
}

/// The variant a bundled name, or else a pasted Interactive Diagram definition, means. A
/// definition gets a stable name: the bundled name when the text is a bundled variant's,
/// otherwise `custom-` and a hash of the text. Errors are the definition's, `LINE:COL: message`;
/// one word that is no bundled name (no `=`, `:` or line break: no definition) is answered
/// at `1:1` with the bundled names, not read as a definition of no pieces.
pub fn load_variant(name_or_text: &str) -> Result<Arc<Variant>, DefinitionErrors> {
    let trimmed = name_or_text.trim();
    if let Some(v) = bundled::load(trimmed) {
        return Ok(v);
    }
    if is_one_word(trimmed) {
        let names: Vec<&str> = bundled::names().collect();
        let shown: String = trimmed.chars().take(40).collect();
        let cut = if shown.len() < trimmed.len() {
            "…"
        } else {
            ""
        };
        return Err(DefinitionErrors(vec![DefinitionError {
            pos: Pos { line: 1, col: 1 },
            message: format!(
                "'{shown}{cut}' is not a bundled variant ({}); give one of those names or \
                 an Interactive Diagram definition",
                names.join(", ")
            ),
        }]));
    }
    let name = bundled::BUNDLED
        .iter()
        .find(|(_, text)| *text == name_or_text)
        .map(|(name, _)| (*name).to_string())
        .unwrap_or_else(|| format!("custom-{:08x}", fnv1a(name_or_text)));
    bundled::compile(&name, name_or_text)
}

/// Is this variant a bundled one, loadable again by its name alone?
pub fn is_bundled(v: &Variant) -> bool {
    bundled::text(&v.name) == Some(v.source.as_str())
}

/// 32-bit FNV-1a: a hash that stays the same across builds and platforms.
fn fnv1a(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// A piece as the page shows it: its square, colour and visible type (a hidden internal type,
/// such as Symmetric Chess's undecided bishop, shows as its base type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    /// Its square.
    pub square: Square,
    /// Its colour.
    pub colour: Colour,
    /// Its visible type.
    pub piece_type: PieceType,
}

/// Every piece on the board, in square order.
pub fn pieces(pos: &Position) -> Vec<Shown> {
    let v = pos.variant();
    (0..v.geometry.len())
        .filter_map(|sq| {
            let square = sq as Square;
            pos.piece_at(square).map(|p| Shown {
                square,
                colour: p.colour,
                piece_type: v.display_type(p.piece_type),
            })
        })
        .collect()
}

/// The square of a royal piece of the side to move that is in check (the first, with
/// several).
pub fn checked_royal(pos: &Position) -> Option<Square> {
    let us = pos.side_to_move();
    (pos.guarded(us).iter()).find(|&k| pos.is_attacked(k, us.other()))
}

/// How many of the last moves played make up the last turn: the trailing moves by the side
/// that moved last (both moves of a Marseillais turn, one elsewhere; 0 before any move).
pub fn last_turn_len(played: &[Played]) -> usize {
    match played.last() {
        None => 0,
        Some(last) => played
            .iter()
            .rev()
            .take_while(|p| p.mover == last.mover)
            .count(),
    }
}

/// Whose move it is: "White to move", and in a turn of several moves which one ("Black to
/// move, move 2 of 2").
pub fn turn(pos: &Position) -> String {
    let side = side_name(pos.side_to_move());
    let length = pos.turn_length();
    if length > 1 {
        format!(
            "{side} to move, move {} of {length}",
            u32::from(pos.phase()) + 1
        )
    } else {
        format!("{side} to move")
    }
}

/// The result as "1-0 White wins by checkmate", or `None` while the game goes on.
pub fn result(game: &Game) -> Option<String> {
    game.outcome().map(|o| format!("{} {o}", o.score()))
}

/// A square and what stands on it, for screen readers: "e2, white pawn" or "e4, empty".
pub fn square(pos: &Position, sq: Square) -> String {
    let v = pos.variant();
    let name = v.geometry.name(sq);
    match pos.piece_at(sq) {
        None => format!("{name}, empty"),
        Some(p) => format!(
            "{name}, {} {}",
            side_name(p.colour).to_ascii_lowercase(),
            type_name(v, p.piece_type)
        ),
    }
}

/// A destination of the piece on a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    /// The square the piece may go to.
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
    // One entry a square (found or pushed above): distinct keys.
    crate::keyed::sort_keyed(&mut out, |d| d.to.into());
    out
}

/// Does the move take a piece?
pub fn is_capture(pos: &Position, m: Move) -> bool {
    if m.is_ep() {
        return true;
    }
    m.takes_on_the_way()
        || pos
            .piece_at(m.to)
            .is_some_and(|p| !m.is_castle() && p.colour != pos.side_to_move())
}

/// The (visible) piece type the mover ends as: after promotion, then its morph map.
pub fn resulting_type(pos: &Position, m: Move) -> PieceType {
    let mut q = pos.clone();
    q.make(m);
    let v = pos.variant();
    let arrived = q
        .piece_at(m.to)
        .expect("the mover stands on its destination");
    v.display_type(arrived.piece_type)
}

/// The type the mover changes into by its morph map on arrival (after any promotion), if it
/// changes: Morphing Chess's knight on d5 becomes a chancellor, Morphomania's queen promotion
/// on a dark square an amazon.
pub fn morph(pos: &Position, m: Move) -> Option<PieceType> {
    let mover = pos.piece_at(m.from)?;
    let v = pos.variant();
    let before = m
        .promotion()
        .unwrap_or_else(|| v.display_type(mover.piece_type));
    let after = resulting_type(pos, m);
    (after != before).then_some(after)
}

/// "White" or "Black".
pub(crate) fn side_name(colour: Colour) -> &'static str {
    if colour == WHITE { "White" } else { "Black" }
}

/// The name of the type shown for `t` (a hidden type shows as its base).
pub(crate) fn type_name(v: &Variant, t: PieceType) -> &str {
    &v.types[v.display_type(t)].name
}

/// A sentence for screen readers: "White knight b1 to d5, becomes chancellor".
pub fn describe(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let g = v.geometry;
    if let Some(t) = m.dropped() {
        let colour = pos.side_to_move();
        let s = format!(
            "{} {} dropped on {}",
            side_name(colour),
            type_name(v, t),
            g.name(m.to)
        );
        return with_check(pos, m, colour, s);
    }
    let Some(mover) = pos.piece_at(m.from) else {
        return String::new();
    };
    let colour = mover.colour;
    let t = mover.piece_type;
    let mut s = format!(
        "{} {} {} to {}",
        side_name(colour),
        type_name(v, t),
        g.name(m.from),
        g.name(m.to)
    );
    if m.is_castle() {
        // With the piece in the corner, or next to it (`j`): name it.
        let (partner, _) = pos.castle_partner(m);
        match pos.piece_at(partner) {
            Some(p) => s.push_str(&format!(
                ", castles with the {} on {}",
                type_name(v, p.piece_type),
                g.name(partner)
            )),
            None => s.push_str(", castles"),
        }
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
        if let Some(c) = c {
            s.push_str(&format!(
                ", takes {} {}{}",
                side_name(c.colour).to_ascii_lowercase(),
                type_name(v, c.piece_type),
                if m.is_ep() {
                    format!(" on {} en passant", g.name(sq))
                } else {
                    String::new()
                }
            ));
        }
    }
    if m.unload().is_some()
        && let Some(c) = pos.piece_at(m.to)
    {
        // (Several `u` legs put a copy down on each of their squares.)
        let squares: Vec<String> = m.kills.iter().map(|k| g.name(k).to_string()).collect();
        s.push_str(&format!(
            ", and the {} {} there goes to {}",
            side_name(c.colour).to_ascii_lowercase(),
            type_name(v, c.piece_type),
            squares.join(" and ")
        ));
    }
    for (k, c) in (m.locusts().iter()).filter_map(|&k| Some((k, pos.piece_at(k)?))) {
        s.push_str(&format!(
            ", takes {} {} on {} on the way",
            side_name(c.colour).to_ascii_lowercase(),
            type_name(v, c.piece_type),
            g.name(k)
        ));
    }
    if let Some(p) = m.promotion() {
        s.push_str(&format!(", promotes to {}", type_name(v, p)));
    }
    if let Some(result) = morph(pos, m) {
        s.push_str(&format!(", becomes {}", type_name(v, result)));
    }
    with_check(pos, m, colour, s)
}

/// A move's description, with ", check" when it gives check.
fn with_check(pos: &Position, m: Move, colour: Colour, mut s: String) -> String {
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

    /// A one-word name that is not bundled says so, with the bundled names; a bundled name
    /// (spaces around it too) loads, and a text with a line break is read as a definition.
    #[test]
    fn an_unknown_name_is_not_a_bundled_variant() {
        let e = load_variant("shogi").unwrap_err().to_string();
        let names: Vec<&str> = bundled::names().collect();
        assert!(names.len() > 1 && names[0] == "chess");
        assert_eq!(
            e,
            format!(
                "1:1: 'shogi' is not a bundled variant ({}); give one of those names or an \
                 Interactive Diagram definition",
                names.join(", ")
            )
        );
        assert_eq!(load_variant(" chess\n").unwrap().name, "chess");
        let e = load_variant("files=8\nshogi").unwrap_err().to_string();
        assert!(e.contains("no piece lines"), "{e}");
        let e = load_variant("knight:N:N:knight").unwrap_err().to_string();
        assert!(!e.contains("bundled"), "{e}");
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
    fn castling_names_its_partner() {
        assert_eq!(
            say("chess", Some("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), &["e1c1"]),
            "White king e1 to c1, castles with the rook on a1"
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

    #[test]
    fn variants_by_name_or_definition() {
        assert_eq!(load_variant("chess").unwrap().name, "chess");
        // A bundled variant's text is that variant.
        let text = bundled::text("morphomania").unwrap();
        let v = load_variant(text).unwrap();
        assert_eq!(v.name, "morphomania");
        assert!(is_bundled(&v));
        // A definition of one's own gets a stable name of its own.
        let mine = "files=5 ranks=5\nking:K:K:king:c1\nrook:R:R:rook:a1\n";
        let a = load_variant(mine).unwrap();
        assert!(a.name.starts_with("custom-"), "{}", a.name);
        assert_eq!(load_variant(mine).unwrap().name, a.name);
        assert!(!is_bundled(&a));
        assert_ne!(load_variant(&format!("{mine} ")).unwrap().name, a.name);
        // Errors keep the definition's LINE:COL: form.
        let e = load_variant("chesss").unwrap_err().to_string();
        assert!(e.starts_with("1:1: "), "{e}");
    }

    #[test]
    fn pieces_turns_and_results() {
        let v = bundled::load("symmetric-chess").unwrap();
        let pos = Position::start(&v);
        let shown = pieces(&pos);
        assert_eq!(shown.len(), 36);
        // The undecided bishops show as bishops.
        let c1 = v.geometry.parse_square("c1").unwrap();
        let b = shown.iter().find(|p| p.square == c1).unwrap();
        assert_eq!(v.types[b.piece_type].name, "bishop");
        assert_eq!(b.colour, WHITE);
        assert_eq!(square(&pos, c1), "c1, white bishop");
        assert_eq!(
            square(&pos, v.geometry.parse_square("e4").unwrap()),
            "e4, empty"
        );
        assert_eq!(turn(&pos), "White to move");

        let mut g = Game::new(&bundled::load("marseillais").unwrap());
        assert_eq!(turn(g.position()), "White to move");
        g.play_text("e2e4").unwrap();
        assert_eq!(turn(g.position()), "Black to move, move 1 of 2");
        assert_eq!(last_turn_len(g.played()), 1);
        g.play_text("e7e5").unwrap();
        assert_eq!(turn(g.position()), "Black to move, move 2 of 2");
        assert_eq!(last_turn_len(g.played()), 1);
        g.play_text("d7d5").unwrap();
        assert_eq!(turn(g.position()), "White to move, move 1 of 2");
        assert_eq!(last_turn_len(g.played()), 2);

        let mut g = Game::new(&bundled::load("chess").unwrap());
        assert_eq!(last_turn_len(g.played()), 0);
        for m in ["f2f3", "e7e5", "g2g4"] {
            g.play_text(m).unwrap();
        }
        assert_eq!(result(&g), None);
        assert_eq!(checked_royal(g.position()), None);
        g.play_text("d8h4").unwrap();
        assert_eq!(result(&g).as_deref(), Some("0-1 Black wins by checkmate"));
        let e1 = g.variant().geometry.parse_square("e1").unwrap();
        assert_eq!(checked_royal(g.position()), Some(e1));
    }

    #[test]
    fn morphs_and_promotions() {
        let v = bundled::load("morphing-chess").unwrap();
        let pos = Position::start(&v);
        let knight = parse_coordinate(&pos, "b1d5").unwrap();
        assert_eq!(
            morph(&pos, knight).map(|t| v.types[t].name.as_str()),
            Some("chancellor")
        );
        assert_eq!(morph(&pos, parse_coordinate(&pos, "b1c3").unwrap()), None);
        // A promotion is no morph unless the promoted piece changes again on arrival.
        let m = bundled::load("morphomania").unwrap();
        let pos = from_fen(&m, "k8/4P4/9/9/9/9/9/9/K8 w - - 0 1").unwrap();
        let queen = parse_coordinate(&pos, "e8e9q").unwrap();
        assert_eq!(
            morph(&pos, queen).map(|t| m.types[t].name.as_str()),
            Some("amazon")
        );
        let rook = parse_coordinate(&pos, "e8e9r").unwrap();
        // e9 is dark: a rook stays a rook there.
        assert_eq!(morph(&pos, rook), None);
        let chess = bundled::load("chess").unwrap();
        let pos = from_fen(&chess, "k7/4P3/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(morph(&pos, parse_coordinate(&pos, "e7e8q").unwrap()), None);
    }
}
