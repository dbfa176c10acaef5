//! Golden files: the parsed form of every bundled definition (`tests/golden/definitions/`)
//! and move diagrams of every piece of the five seed variants (`tests/golden/diagrams/`).
//!
//! A diagram shows one piece alone on a central square of an empty board, derived by legal
//! move generation: its destinations on the empty board, and for every other square whether
//! it captures an enemy piece standing there alone. The same diagram derived from the
//! compiled move tables must agree. Marks: `*` move or capture, `o` move only, `x` capture
//! only, `.` neither; the piece is shown by its ID (lower case for Black).
//!
//! Regenerate with `UPDATE_GOLDEN=1 cargo test --test golden`, then read the diff: every
//! diagram was checked by hand against RULES.md when it was committed.

#![cfg(not(target_arch = "wasm32"))]

use fairylab::bundled;
use fairylab::definition::{StalemateRule, Symmetry};
use fairylab::geometry::{Geometry, Square, SquareSet};
use fairylab::piece::{BLACK, Colour, Piece, PieceType, WHITE};
use fairylab::position::{Move, Position, Setup};
use fairylab::variant::{Variant, step};
use std::fmt::Write;
use std::path::PathBuf;
use std::sync::Arc;

/// The variants the seed documents describe (Marseillais plays with FIDE pieces).
const SEED_VARIANTS: &[&str] = &[
    "morphomania",
    "morphing-chess-3",
    "morphing-chess",
    "symmetric-chess",
    "marseillais",
];

fn golden_path(kind: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(kind)
        .join(format!("{name}.txt"))
}

/// Compare `text` with the golden file, or write it when `UPDATE_GOLDEN` is set.
fn check_golden(kind: &str, name: &str, text: &str) {
    let path = golden_path(kind, name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    if want != text {
        let (mut wl, mut gl) = (want.lines(), text.lines());
        let mut n = 1;
        loop {
            match (wl.next(), gl.next()) {
                (Some(a), Some(b)) if a == b => n += 1,
                (a, b) => panic!(
                    "{} differs at line {n}:\n  golden: {}\n  now:    {}\n\
                     (UPDATE_GOLDEN=1 rewrites it; check the diff by hand)",
                    path.display(),
                    a.unwrap_or("<end>"),
                    b.unwrap_or("<end>"),
                ),
            }
        }
    }
}

fn squares(g: Geometry, list: &[Square]) -> String {
    if list.is_empty() {
        return "-".into();
    }
    list.iter()
        .map(|&s| g.name(s).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn set_squares(g: Geometry, set: SquareSet) -> String {
    squares(g, &set.iter().collect::<Vec<_>>())
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

// ---------------------------------------------------------------------------------------------
// (a) The parsed form of a definition.

fn render_definition(v: &Variant) -> String {
    let s = &v.spec;
    let g = s.geometry;
    let id = |t: usize| s.pieces[t].id;
    let mut out = String::new();
    let w = &mut out;
    writeln!(
        w,
        "# The parsed form of variants/{}.txt (tests/golden.rs).",
        v.name
    )
    .unwrap();
    writeln!(w, "board: {} files x {} ranks", g.files, g.ranks).unwrap();
    writeln!(w, "rules:").unwrap();
    if s.promo_zone == 0 {
        writeln!(w, "  promotion zone: none").unwrap();
    } else {
        writeln!(
            w,
            "  promotion zone: last {} rank(s); White {}; Black {}",
            s.promo_zone,
            set_squares(g, v.promo_zone[0]),
            set_squares(g, v.promo_zone[1])
        )
        .unwrap();
    }
    let choices: String = s.promo_choice.iter().map(|&t| id(t)).collect();
    writeln!(w, "  promotion choices: {choices}").unwrap();
    let promoting: String = (0..s.pieces.len())
        .filter(|&t| s.pieces[t].promotes)
        .map(id)
        .collect();
    writeln!(w, "  promoting pieces: {promoting}").unwrap();
    let stalemate = match s.stalemate {
        StalemateRule::Draw => "draw",
        StalemateRule::Win => "win for the stalemating side",
        StalemateRule::Loss => "loss for the stalemating side",
    };
    writeln!(w, "  stalemate: {stalemate}").unwrap();
    let baring = if s.pieces.iter().any(|p| p.bares) {
        "a bare royal piece loses"
    } else {
        "off"
    };
    writeln!(w, "  baring: {baring}").unwrap();
    let symmetry = match s.symmetry {
        Symmetry::Mirror => "mirror",
        Symmetry::Rotate => "rotate",
        Symmetry::None => "none",
    };
    writeln!(w, "  symmetry: {symmetry}").unwrap();
    writeln!(w, "  moves per turn: {}", s.moves_per_turn).unwrap();
    writeln!(w, "  first turn moves: {}", s.first_turn_moves).unwrap();
    match &s.conversion {
        None => writeln!(w, "  conversion: none").unwrap(),
        Some(c) => writeln!(
            w,
            "  conversion: {} may instead {}",
            id(c.piece),
            c.betza_text
        )
        .unwrap(),
    }
    writeln!(w, "  en passant in the tables: {}", yes(v.has_ep)).unwrap();
    for (k, val) in &s.display {
        writeln!(w, "  display {k}: {val}").unwrap();
    }
    writeln!(w, "pieces:").unwrap();
    for (t, p) in s.pieces.iter().enumerate() {
        let ty = &v.types[PieceType::new(t)];
        writeln!(w, "  {} {}", p.id, p.name).unwrap();
        writeln!(w, "    betza: {}", p.betza_text).unwrap();
        writeln!(w, "    image: {}", p.image).unwrap();
        writeln!(
            w,
            "    royal: {}; promotes: {}; pawn (50-move rule): {}; unmoved state matters: {}",
            yes(p.royal),
            yes(p.promotes),
            yes(ty.is_pawn),
            yes(ty.uses_unmoved)
        )
        .unwrap();
        writeln!(w, "    white starts: {}", squares(g, &p.white)).unwrap();
        writeln!(w, "    black starts: {}", squares(g, &p.black)).unwrap();
        match &p.morph {
            None => writeln!(w, "    morph: none").unwrap(),
            Some(map) => {
                // Grouped by the type the piece becomes, in piece order.
                let mut parts = Vec::new();
                for (to, target) in s.pieces.iter().enumerate() {
                    let sqs: Vec<Square> = (0..g.len())
                        .filter(|&sq| map[sq] == Some(to))
                        .map(|sq| sq as Square)
                        .collect();
                    if !sqs.is_empty() {
                        parts.push(format!("{} -> {}", squares(g, &sqs), target.id));
                    }
                }
                if parts.is_empty() {
                    writeln!(w, "    morph: empty map").unwrap();
                } else {
                    writeln!(w, "    morph:").unwrap();
                    for part in parts {
                        writeln!(w, "      {part}").unwrap();
                    }
                }
            }
        }
        for &(dir, dist) in &ty.castles {
            let side = if dir < 0 {
                "left (towards file a)"
            } else {
                "right (towards the last file)"
            };
            writeln!(w, "    castles: {side}, the king moving {dist} squares").unwrap();
        }
    }
    let hidden: Vec<String> = v
        .types
        .iter()
        .filter(|t| t.hidden)
        .map(|t| format!("{} ({})", t.id, t.betza))
        .collect();
    if !hidden.is_empty() {
        writeln!(w, "hidden types: {}", hidden.join(", ")).unwrap();
    }
    out
}

#[test]
fn parsed_definitions_match_the_golden_files() {
    for (name, _) in bundled::BUNDLED {
        let v = bundled::load(name).unwrap();
        check_golden("definitions", name, &render_definition(&v));
    }
}

// ---------------------------------------------------------------------------------------------
// (b) Move diagrams.

/// For every square: (quiet move there, capture there).
type Marks = Vec<(bool, bool)>;

/// The on-board neighbours of `sq`.
fn ring(g: Geometry, sq: Square) -> Vec<Square> {
    let (f, r) = (g.file(sq) as i32, g.rank(sq) as i32);
    let mut out = Vec::new();
    for df in -1..=1 {
        for dr in -1..=1 {
            if (df, dr) != (0, 0)
                && let Some(s) = g.try_square(f + df, r + dr)
            {
                out.push(s);
            }
        }
    }
    out
}

/// Where pieces of the mover's own side stand around it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Block {
    /// Nowhere: the piece is alone.
    None,
    /// On the eight neighbours.
    Ring,
    /// On the first square of every ray that goes on past a non-adjacent first step (the
    /// knight squares of `N2`): does the ray stop there?
    FirstLeaps,
}

/// A piece of compiled type `t` and `colour` on `sq`, moved or not, with own pieces `block`.
#[derive(Clone, Copy)]
struct Placement {
    t: PieceType,
    colour: Colour,
    sq: Square,
    unmoved: bool,
    block: Block,
}

fn blockers(v: &Variant, p: Placement) -> Vec<Square> {
    let g = v.geometry;
    match p.block {
        Block::None => Vec::new(),
        Block::Ring => ring(g, p.sq),
        Block::FirstLeaps => {
            let near = ring(g, p.sq);
            let mut out = Vec::new();
            for r in v.rays_for(p.colour, p.t, p.sq) {
                let steps = v.ray_steps(r);
                if steps.len() > 1 && !near.contains(&steps[0].to) && !out.contains(&steps[0].to) {
                    out.push(steps[0].to);
                }
            }
            out.sort();
            out
        }
    }
}

/// Where the piece moves and captures, by legal move generation.
fn marks_by_moves(v: &Arc<Variant>, p: Placement) -> Marks {
    let Placement {
        t,
        colour,
        sq,
        unmoved,
        ..
    } = p;
    let g = v.geometry;
    // The dummies: any visible non-royal type.
    let dummy = v
        .piece_types()
        .find(|&t| !v.types[t].hidden && !v.types[t].royal)
        .unwrap();
    let blockers = blockers(v, p);
    let setup = |extra: Option<Square>| {
        let mut s = Setup {
            side: colour,
            fullmove: 5,
            ..Setup::default()
        };
        s.pieces.push((sq, Piece::new(t, colour)));
        if unmoved {
            s.unmoved.insert(sq);
        }
        for &b in &blockers {
            s.pieces.push((b, Piece::new(dummy, colour)));
        }
        if let Some(e) = extra {
            s.pieces.push((e, Piece::new(dummy, colour.other())));
        }
        Position::from_setup(v, &s)
    };
    let dests = |p: &Position| -> Vec<Move> {
        let mut m = Vec::new();
        p.legal_moves(&mut m);
        m.retain(|m| m.from == sq);
        assert!(m.iter().all(|m| !m.is_castle()));
        m
    };
    let mut marks = vec![(false, false); g.len()];
    for m in dests(&setup(None)) {
        marks[m.to as usize].0 = true;
    }
    for target in 0..g.len() as Square {
        if target != sq
            && !blockers.contains(&target)
            && dests(&setup(Some(target))).iter().any(|m| m.to == target)
        {
            marks[target as usize].1 = true;
        }
    }
    marks
}

/// The same from the compiled tables: walk every ray over the board, stopping at the ring.
fn marks_by_tables(v: &Variant, p: Placement) -> Marks {
    let Placement {
        t,
        colour,
        sq,
        unmoved,
        ..
    } = p;
    let blockers = blockers(v, p);
    let mut marks = vec![(false, false); v.geometry.len()];
    for r in v.rays_for(colour, t, sq) {
        for s in v.ray_steps(r) {
            if blockers.contains(&s.to) {
                break;
            }
            let m = &mut marks[s.to as usize];
            m.0 |= s.flags & step::QUIET != 0 || (unmoved && s.flags & step::QUIET_I != 0);
            m.1 |= s.flags & step::CAPTURE != 0 || (unmoved && s.flags & step::CAPTURE_I != 0);
        }
    }
    marks
}

fn ep_squares(v: &Variant, t: PieceType, colour: Colour, sq: Square) -> Vec<Square> {
    let mut out = Vec::new();
    for r in v.rays_for(colour, t, sq) {
        for s in v.ray_steps(r) {
            if s.flags & step::EP != 0 && !out.contains(&s.to) {
                out.push(s.to);
            }
        }
    }
    out.sort();
    out
}

fn draw(v: &Variant, marks: &Marks, p: Placement, letter: char) -> String {
    let g = v.geometry;
    let sq = p.sq;
    let blockers = blockers(v, p);
    let mut out = String::new();
    for r in (0..g.ranks).rev() {
        write!(out, "{:>3} ", r + 1).unwrap();
        for f in 0..g.files {
            let s = g.square(f, r);
            let c = if s == sq {
                letter
            } else if blockers.contains(&s) {
                '#'
            } else {
                match marks[s as usize] {
                    (true, true) => '*',
                    (true, false) => 'o',
                    (false, true) => 'x',
                    (false, false) => '.',
                }
            };
            out.push(c);
            if f + 1 < g.files {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out.push_str("    ");
    let files: Vec<String> = (0..g.files)
        .map(|f| ((b'a' + f) as char).to_string())
        .collect();
    out.push_str(&files.join(" "));
    out.push('\n');
    out
}

fn diagram(v: &Arc<Variant>, out: &mut String, title: &str, p: Placement) -> Marks {
    let g = v.geometry;
    let Placement { t, colour, sq, .. } = p;
    let by_moves = marks_by_moves(v, p);
    let by_tables = marks_by_tables(v, p);
    assert_eq!(
        by_moves, by_tables,
        "{}: {title}: move generation and tables disagree",
        v.name
    );
    let id = v.types[v.display_type(t)].id;
    let letter = if colour == WHITE {
        id
    } else {
        id.to_ascii_lowercase()
    };
    writeln!(out, "{title}").unwrap();
    out.push_str(&draw(v, &by_moves, p, letter.letter()));
    let ep = ep_squares(v, t, colour, sq);
    if !ep.is_empty() {
        writeln!(out, "    en passant also onto: {}", squares(g, &ep)).unwrap();
    }
    out.push('\n');
    by_moves
}

fn render_diagrams(v: &Arc<Variant>) -> String {
    let g = v.geometry;
    let centre = g.square(4, if g.ranks == 9 { 4 } else { 3 });
    let near = ring(g, centre);
    let mut out = String::new();
    writeln!(
        out,
        "# Move diagrams of every {} piece on {} of an empty {}x{} board, and ringed by pieces\n\
         # of its own side (#) where it reaches further than its neighbours (tests/golden.rs).\n\
         # * move or capture, o move only, x capture only, . neither\n",
        v.name,
        g.name(centre),
        g.files,
        g.ranks
    )
    .unwrap();
    for t in v.piece_types() {
        let ty = &v.types[t];
        if ty.hidden {
            continue;
        }
        let colours: &[Colour] = if ty.is_pawn {
            &[WHITE, BLACK]
        } else {
            &[WHITE]
        };
        for &colour in colours {
            let side = ["White", "Black"][colour.index()];
            let royal = if ty.royal { ", royal" } else { "" };
            let head = format!("== {} {} ({}){royal}, {side}", ty.id, ty.name, ty.betza);
            let at = |unmoved, block| Placement {
                t,
                colour,
                sq: centre,
                unmoved,
                block,
            };
            let moved = marks_by_moves(v, at(false, Block::None));
            let unmoved = marks_by_moves(v, at(true, Block::None));
            let mut states = vec![(false, "moved", moved.clone())];
            if unmoved != moved {
                states.push((true, "unmoved", unmoved));
            }
            for (unm, state, marks) in states {
                let title = format!("{head}, {state}:");
                diagram(v, &mut out, &title, at(unm, Block::None));
                let far = (0..g.len() as Square).any(|s| {
                    s != centre && !near.contains(&s) && marks[s as usize] != (false, false)
                });
                if far {
                    let title = format!("{head}, {state}, ringed:");
                    diagram(v, &mut out, &title, at(unm, Block::Ring));
                }
                if !blockers(v, at(unm, Block::FirstLeaps)).is_empty() {
                    let title = format!("{head}, {state}, own pieces on its first leaps:");
                    diagram(v, &mut out, &title, at(unm, Block::FirstLeaps));
                }
            }
        }
        for &(dir, dist) in &ty.castles {
            let side = if dir < 0 {
                "towards file a"
            } else {
                "towards the last file"
            };
            writeln!(
                out,
                "   castling (unmoved, with an unmoved corner piece): {dist} squares {side}\n"
            )
            .unwrap();
        }
    }
    if let Some(cv) = v.conversion {
        let start = v.types[cv.base].start[0][0];
        let id = v.types[cv.base].id;
        let at = |t| Placement {
            t,
            colour: WHITE,
            sq: start,
            unmoved: true,
            block: Block::None,
        };
        let open = format!(
            "== {id} on its start square {}, unmoved, conversion still open (may convert):",
            g.name(start)
        );
        diagram(v, &mut out, &open, at(cv.undecided));
        let must = format!(
            "== {id} on its start square {}, unmoved, the other one moved normally (must convert):",
            g.name(start)
        );
        diagram(v, &mut out, &must, at(cv.obligated));
    }
    out
}

#[test]
fn piece_move_diagrams_match_the_golden_files() {
    for name in SEED_VARIANTS {
        let v = bundled::load(name).unwrap();
        check_golden("diagrams", name, &render_diagrams(&v));
    }
}
