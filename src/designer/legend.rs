//! The piece legend: one entry per piece type — name, ID letter, Betza moves, estimated value,
//! image, and for a morphing piece what it becomes where ("on dark squares: archbishop") —
//! and [`form_reason`], a piece's current form in a game with the reason for it ("on a dark
//! square this piece moves as an archbishop (BN)").
//!
//! Where a morph map says what a piece becomes, the legend groups the squares by the type
//! they give and names each group as simply as it can: every square, the dark or light
//! squares, whole ranks, whole files, or else the squares one by one. A map entry naming the
//! piece's own type changes nothing and is left out. Values are [`Evaluator`]'s estimates in
//! centipawns; a royal piece has none (it is never traded). Only the types a definition
//! shows are listed (Symmetric Chess's undecided bishop is its bishop).

use super::with_article;
use crate::describe::type_name;
use crate::eval::Evaluator;
use crate::geometry::Square;
use crate::piece::PieceType;
use crate::position::Position;
use crate::variant::Variant;

/// What a piece becomes on some squares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Morph {
    /// The type it becomes.
    pub into: PieceType,
    /// Where, in square order.
    pub squares: Vec<Square>,
    /// Those squares in words: "on dark squares", "on rank 5", "on c5 and g5".
    pub place: String,
}

/// One piece type of the legend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The type.
    pub piece_type: PieceType,
    /// Its name.
    pub name: String,
    /// Its ID (`N`, `+P`, `GB`).
    pub letter: crate::piece::PieceId,
    /// Its moves as a Betza string.
    pub betza: String,
    /// Estimated value in centipawns; `None` for a royal piece.
    pub value: Option<i32>,
    /// The image (sprite) name from the definition.
    pub image: String,
    /// A royal type.
    pub royal: bool,
    /// What its morph map makes of it, groups in the order of their first square.
    pub morphs: Vec<Morph>,
}

impl Entry {
    /// The morphs in words: "on c5 and g5: archbishop; on e5: amazon" (empty if none).
    pub fn morph_text(&self, v: &Variant) -> String {
        self.morphs
            .iter()
            .map(|m| format!("{}: {}", m.place, v.types[m.into].name))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// The legend of a variant, with values from a new [`Evaluator`].
pub fn legend(v: &Variant) -> Vec<Entry> {
    legend_with(v, &Evaluator::new(v))
}

/// The legend of a variant, with values from an evaluator the caller has already.
pub fn legend_with(v: &Variant, eval: &Evaluator) -> Vec<Entry> {
    v.piece_types()
        .map(|t| (t, &v.types[t]))
        .filter(|(_, ty)| !ty.hidden)
        .map(|(t, ty)| Entry {
            piece_type: t,
            name: ty.name.clone(),
            letter: ty.id,
            betza: ty.betza.clone(),
            value: (!ty.royal).then(|| eval.value(t)),
            image: ty.image.clone(),
            royal: ty.royal,
            morphs: morphs(v, t),
        })
        .collect()
}

/// What type `t`'s morph map makes of it, grouped by the resulting type (nothing for a type
/// number the variant does not have).
pub fn morphs(v: &Variant, t: PieceType) -> Vec<Morph> {
    let mut out: Vec<Morph> = Vec::new();
    if t.index() >= v.types.len() {
        return out;
    }
    for sq in 0..v.geometry.len() as Square {
        let Some(into) = v.morph_at(t, sq).map(|u| v.display_type(u)) else {
            continue;
        };
        if into == v.display_type(t) {
            continue;
        }
        match out.iter_mut().find(|m| m.into == into) {
            Some(m) => m.squares.push(sq),
            None => out.push(Morph {
                into,
                squares: vec![sq],
                place: String::new(),
            }),
        }
    }
    for m in &mut out {
        m.place = place(v, &m.squares);
    }
    out
}

/// A set of squares in words.
fn place(v: &Variant, squares: &[Square]) -> String {
    let g = v.geometry;
    match shape(v, squares) {
        Shape::Everywhere => "on every square".into(),
        Shape::Dark => "on dark squares".into(),
        Shape::Light => "on light squares".into(),
        Shape::Ranks(ranks) => {
            let list: Vec<String> = ranks.iter().map(|r| (r + 1).to_string()).collect();
            let s = if list.len() == 1 { "" } else { "s" };
            format!("on rank{s} {}", and_list(&list))
        }
        Shape::Files(files) => {
            let list: Vec<String> = files.iter().map(|&f| file_letter(f).to_string()).collect();
            if list.len() == 1 {
                format!("on the {}-file", list[0])
            } else {
                format!("on files {}", and_list(&list))
            }
        }
        Shape::Squares => {
            let list: Vec<String> = squares.iter().map(|&s| g.name(s).to_string()).collect();
            format!("on {}", and_list(&list))
        }
    }
}

/// One square of a set, in words: "on a dark square", "on rank 2", "on the e-file", "on d5".
fn place_of(v: &Variant, squares: &[Square], sq: Square) -> String {
    let g = v.geometry;
    match shape(v, squares) {
        Shape::Everywhere => "on any square".into(),
        Shape::Dark => "on a dark square".into(),
        Shape::Light => "on a light square".into(),
        Shape::Ranks(_) => format!("on rank {}", g.rank(sq) + 1),
        Shape::Files(_) => format!("on the {}-file", file_letter(g.file(sq))),
        Shape::Squares => format!("on {}", g.name(sq)),
    }
}

enum Shape {
    Everywhere,
    Dark,
    Light,
    /// Whole ranks (0-based, increasing).
    Ranks(Vec<u8>),
    /// Whole files (0-based, increasing).
    Files(Vec<u8>),
    Squares,
}

/// The simplest description of a (sorted, non-empty) set of squares.
fn shape(v: &Variant, squares: &[Square]) -> Shape {
    let g = v.geometry;
    let all: Vec<Square> = (0..g.len() as Square).collect();
    let pick = |keep: &dyn Fn(Square) -> bool| -> Vec<Square> {
        all.iter().copied().filter(|&s| keep(s)).collect()
    };
    if squares == all.as_slice() {
        return Shape::Everywhere;
    }
    if squares == pick(&|s| g.is_dark(s)).as_slice() {
        return Shape::Dark;
    }
    if squares == pick(&|s| !g.is_dark(s)).as_slice() {
        return Shape::Light;
    }
    let mut ranks: Vec<u8> = squares.iter().map(|&s| g.rank(s)).collect();
    ranks.dedup();
    if squares == pick(&|s| ranks.contains(&g.rank(s))).as_slice() {
        return Shape::Ranks(ranks);
    }
    let mut files: Vec<u8> = squares.iter().map(|&s| g.file(s)).collect();
    crate::keyed::sort_keyed(&mut files, |&f| f.into());
    files.dedup();
    if squares == pick(&|s| files.contains(&g.file(s))).as_slice() {
        return Shape::Files(files);
    }
    Shape::Squares
}

fn file_letter(f: u8) -> char {
    (b'a' + f) as char
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The form of the piece on `sq` and why: "on a dark square this piece moves as an archbishop
/// (BN)" where a morph map makes pieces arriving there this type, else "moves as N". Symmetric
/// Chess's bishops that may or must still convert say so. `None` for an empty square or one
/// off the board.
///
/// A position does not remember what a piece was before it arrived, so the reason is the
/// square: the first type (in definition order) whose map turns it into this piece's type
/// there, described by the set of squares where that map does so.
pub fn form_reason(pos: &Position, sq: Square) -> Option<String> {
    let v = pos.variant();
    if sq as usize >= v.geometry.len() {
        return None;
    }
    let t = pos.piece_at(sq)?.piece_type;
    let shown = v.display_type(t);
    let betza = &v.types[shown].betza;
    if let (Some(cv), Some(spec)) = (v.conversion, v.spec.conversion.as_ref()) {
        if t == cv.undecided {
            return Some(format!(
                "moves as {betza}, or converts with {}",
                spec.betza_text
            ));
        }
        if t == cv.obligated {
            return Some(format!("must convert: moves as {}", spec.betza_text));
        }
    }
    for u in v
        .piece_types()
        .filter(|&u| !v.types[u].hidden && u != shown)
    {
        if v.morph_at(u, sq).map(|m| v.display_type(m)) != Some(shown) {
            continue;
        }
        let squares: Vec<Square> = (0..v.geometry.len() as Square)
            .filter(|&s| v.morph_at(u, s).map(|m| v.display_type(m)) == Some(shown))
            .collect();
        return Some(format!(
            "{} this piece moves as {} ({betza})",
            place_of(v, &squares, sq),
            with_article(type_name(v, shown))
        ));
    }
    Some(format!("moves as {betza}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::fen::from_fen;
    use crate::game::Game;

    fn entry(entries: &[Entry], letter: char) -> &Entry {
        entries.iter().find(|e| e.letter == letter).unwrap()
    }

    fn sq(v: &Variant, name: &str) -> Square {
        v.geometry.parse_square(name).unwrap()
    }

    #[test]
    fn chess_legend() {
        let v = bundled::load("chess").unwrap();
        let l = legend(&v);
        let letters: String = l.iter().map(|e| e.letter.as_str()).collect();
        assert_eq!(letters, "PNBRQK");
        let n = entry(&l, 'N');
        assert_eq!(
            (n.name.as_str(), n.betza.as_str(), n.image.as_str(), n.royal),
            ("knight", "N", "knight", false)
        );
        assert!(n.morphs.is_empty());
        assert_eq!(n.morph_text(&v), "");
        let k = entry(&l, 'K');
        assert!(k.royal);
        assert_eq!(k.value, None);
        assert_eq!(k.betza, "KisO2");
        // The estimates keep the usual order, and are the evaluator's.
        let value = |c| entry(&l, c).value.unwrap();
        assert!(value('P') < value('N'));
        assert!(value('N') <= value('B') + 50 && value('B') < value('R'));
        assert!(value('R') < value('Q'));
        let eval = Evaluator::new(&v);
        assert_eq!(value('Q'), eval.value(v.type_by_id('Q').unwrap()));
    }

    #[test]
    fn morphomania_colours_and_ranks() {
        let v = bundled::load("morphomania").unwrap();
        let l = legend(&v);
        let text = |c| entry(&l, c).morph_text(&v);
        assert_eq!(text('N'), "on dark squares: archbishop");
        assert_eq!(text('A'), "on light squares: knight");
        assert_eq!(text('P'), "on dark squares: speedpawn");
        assert_eq!(text('S'), "on light squares: pawn");
        assert_eq!(text('R'), "on light squares: chancellor");
        assert_eq!(text('C'), "on dark squares: rook");
        assert_eq!(text('Q'), "on dark squares: amazon");
        assert_eq!(text('Z'), "on light squares: queen");
        assert_eq!(text('B'), "on ranks 2, 4, 6 and 8: dragon horse");
        assert_eq!(text('H'), "on ranks 1, 3, 5, 7 and 9: bishop");
        assert_eq!(text('K'), "");
        let h = entry(&l, 'H');
        assert_eq!(
            (h.name.as_str(), h.image.as_str()),
            ("dragon horse", "dragonhorse")
        );
        assert_eq!(h.morphs[0].squares.len(), 5 * 9);
    }

    #[test]
    fn morphing_chess_squares_one_by_one() {
        let v = bundled::load("morphing-chess").unwrap();
        let l = legend(&v);
        // Rank 5 of the maps is PPACZCAPP: the pawn's own P changes nothing.
        assert_eq!(
            entry(&l, 'P').morph_text(&v),
            "on c5 and g5: archbishop; on d5 and f5: chancellor; on e5: amazon"
        );
        assert_eq!(
            entry(&l, 'N').morph_text(&v),
            "on a5, b5, h5 and i5: pawn; on c5 and g5: archbishop; on d5 and f5: chancellor; \
             on e5: amazon"
        );
        assert_eq!(
            entry(&l, 'K').morph_text(&v),
            "on a5, b5, h5 and i5: royal pawn; on c5 and g5: royal archbishop; \
             on d5 and f5: royal chancellor; on e5: royal amazon"
        );
        // Types that only appear by morphing are listed too, as royal or not.
        assert!(entry(&l, 'O').royal);
        assert!(!entry(&l, 'Z').royal);
        assert_eq!(l.len(), 13);

        let v3 = bundled::load("morphing-chess-3").unwrap();
        let l3 = legend(&v3);
        assert_eq!(
            entry(&l3, 'N').morph_text(&v3),
            "on e1 and e9: amazon; on e2 and e8: chancellor; on e3 and e7: archbishop; \
             on e4 and e6: queen; on rank 5: pawn"
        );
        assert_eq!(entry(&l3, 'Q').morph_text(&v3), "on rank 5: pawn");
    }

    #[test]
    fn files_and_everywhere() {
        // A made-up variant whose maps cover a file, two files and the whole board.
        let text = "files=3 ranks=3 promoZone=0\n\
                    man:M:K:man:a1 morph=..X/..X/..X\n\
                    xman:X:W:man: morph=Y.Y/Y.Y/Y.Y\n\
                    yman:Y:F:man: morph=MMM/MMM/MMM\n\
                    king:K:K:king:c1";
        let v = crate::describe::load_variant(text).unwrap();
        let l = legend(&v);
        assert_eq!(entry(&l, 'M').morph_text(&v), "on the c-file: xman");
        assert_eq!(entry(&l, 'X').morph_text(&v), "on files a and c: yman");
        assert_eq!(entry(&l, 'Y').morph_text(&v), "on every square: man");
    }

    #[test]
    fn form_reasons_in_games() {
        // Morphomania: the knight b1-c3 lands on a dark square and is an archbishop.
        let v = bundled::load("morphomania").unwrap();
        let mut g = Game::new(&v);
        // h1 is light, where the archbishop's map makes a knight: the colour is the reason.
        assert_eq!(
            form_reason(g.position(), sq(&v, "h1")).as_deref(),
            Some("on a light square this piece moves as a knight (N)")
        );
        g.play_text("b1c3").unwrap();
        let pos = g.position();
        assert_eq!(
            form_reason(pos, sq(&v, "c3")).as_deref(),
            Some("on a dark square this piece moves as an archbishop (BN)")
        );
        assert_eq!(form_reason(pos, sq(&v, "b1")), None);
        assert_eq!(form_reason(pos, 200), None);
        // a2 is light, where a speedpawn arriving would be a pawn: the square says pawn.
        assert_eq!(
            form_reason(pos, sq(&v, "a2")).as_deref(),
            Some("on a light square this piece moves as a pawn (fWfcnD)")
        );
        // A dragon horse on rank 2, where the bishop's map makes one.
        let pos = from_fen(&v, "k8/9/9/9/9/9/9/3H5/K8 w - - 0 1").unwrap();
        assert_eq!(
            form_reason(&pos, sq(&v, "d2")).as_deref(),
            Some("on rank 2 this piece moves as a dragon horse (BW)")
        );

        // Morphing Chess: the knight's double leap to d5 makes a chancellor.
        let m = bundled::load("morphing-chess").unwrap();
        let mut g = Game::new(&m);
        g.play_text("b1d5").unwrap();
        assert_eq!(
            form_reason(g.position(), sq(&m, "d5")).as_deref(),
            Some("on d5 this piece moves as a chancellor (RN)")
        );
        let pos = from_fen(&m, "4k4/9/9/9/4O4/9/9/9/9 w - - 0 1").unwrap();
        assert_eq!(
            form_reason(&pos, sq(&m, "e5")).as_deref(),
            Some("on e5 this piece moves as a royal amazon (QN)")
        );

        // Without morph maps, just the moves.
        let chess = bundled::load("chess").unwrap();
        let g = Game::new(&chess);
        assert_eq!(
            form_reason(g.position(), sq(&chess, "g1")).as_deref(),
            Some("moves as N")
        );

        // Symmetric Chess: the unmoved bishops may still convert.
        let s = bundled::load("symmetric-chess").unwrap();
        let g = Game::new(&s);
        assert_eq!(
            form_reason(g.position(), sq(&s, "c1")).as_deref(),
            Some("moves as B, or converts with sfW")
        );
        assert_eq!(
            form_reason(g.position(), sq(&s, "d1")).as_deref(),
            Some("moves as Q")
        );
    }
}
