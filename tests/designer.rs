//! Designer mode's models against the engine and on random input:
//! - every move diagram of every bundled variant (each visible type, both colours, from every
//!   square) agrees with move generation on a board holding only that piece, and an enemy on
//!   a capture square;
//! - legends describe morph maps square for square;
//! - random games replayed under edited rules never panic, keep a prefix of the game, stop
//!   with a message exactly when they stop, and replay everything under unchanged rules;
//! - random setups never panic; a valid one reads back from its FEN, and its exported
//!   definition loads with the same start position;
//! - a diff gives back both texts.

#![cfg(not(target_arch = "wasm32"))]

use fairylab::bundled;
use fairylab::definition;
use fairylab::designer::diagram::{self, Kind, Reach};
use fairylab::designer::diff::{self, Change};
use fairylab::designer::legend;
use fairylab::designer::replay;
use fairylab::designer::setup::PositionDraft;
use fairylab::fen;
use fairylab::game::Game;
use fairylab::geometry::{Square, SquareSet};
use fairylab::piece::{BLACK, Colour, Piece, PieceType, WHITE};
use fairylab::position::{Move, Position, Setup};
use fairylab::variant::Variant;
use proptest::prelude::*;
use proptest::sample::Index;
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

fn variants() -> &'static [Arc<Variant>] {
    static V: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        bundled::names()
            .map(|n| bundled::load(n).unwrap())
            .collect()
    })
}

/// The destinations of the moves of the piece on `from`, with only `extra` besides it.
fn destinations(
    v: &Arc<Variant>,
    colour: Colour,
    t: PieceType,
    from: Square,
    extra: Option<(Square, Piece)>,
) -> BTreeSet<Square> {
    let mut unmoved = SquareSet::EMPTY;
    unmoved.insert(from);
    let mut pieces = vec![(from, Piece::new(t, colour))];
    pieces.extend(extra);
    let pos = Position::from_setup(
        v,
        &Setup {
            pieces,
            unmoved,
            side: colour,
            fullmove: 1,
            ..Setup::default()
        },
    );
    // No royal piece on the board: every pseudo-legal move is legal.
    let mut moves: Vec<Move> = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to)
        .collect()
}

#[test]
fn diagrams_agree_with_move_generation() {
    for v in variants() {
        let g = v.geometry;
        for t in v.piece_types().filter(|&t| !v.types[t].hidden) {
            for colour in Colour::ALL {
                let enemy = Piece::new(PieceType::new(0), colour.other());
                for origin in 0..g.len() as Square {
                    let d = diagram::diagram_at(v, t, colour, origin).unwrap();
                    let what = format!(
                        "{} {} {} from {}",
                        v.name,
                        v.types[t].name,
                        colour.index(),
                        g.name(origin)
                    );
                    let quiet: BTreeSet<Square> = d
                        .marks
                        .iter()
                        .filter(|m| m.quiet != Reach::Never)
                        .map(|m| m.square)
                        .collect();
                    assert_eq!(
                        destinations(v, colour, d.piece_type, origin, None),
                        quiet,
                        "{what}"
                    );
                    for m in &d.marks {
                        assert_eq!(m.kind == Kind::Morph, m.becomes.is_some(), "{what}");
                        assert!(m.square != origin && !m.path.contains(&m.square), "{what}");
                        if m.capture != Reach::Never {
                            assert!(
                                destinations(
                                    v,
                                    colour,
                                    d.piece_type,
                                    origin,
                                    Some((m.square, enemy))
                                )
                                .contains(&m.square),
                                "{what}: no capture on {}",
                                g.name(m.square)
                            );
                        }
                        if let Some(b) = m.becomes {
                            assert_eq!(v.morph_at(d.piece_type, m.square), Some(b), "{what}");
                        }
                    }
                    // Without an enemy there, a capture-only square is no destination; with
                    // one on a quiet-only square, there is no capture.
                    for m in d.marks.iter().filter(|m| m.capture == Reach::Never) {
                        assert!(
                            !destinations(v, colour, d.piece_type, origin, Some((m.square, enemy)))
                                .contains(&m.square),
                            "{what}: captures on {}, a square without captures",
                            g.name(m.square)
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn legends_describe_the_morph_maps() {
    for v in variants() {
        let entries = legend::legend(v);
        assert_eq!(
            entries.len(),
            v.types.iter().filter(|t| !t.hidden).count(),
            "{}",
            v.name
        );
        for e in &entries {
            let mut covered = BTreeSet::new();
            for m in &e.morphs {
                assert!(!m.squares.is_empty());
                assert!(m.place.starts_with("on "), "{}", m.place);
                for &sq in &m.squares {
                    assert_eq!(v.morph_at(e.piece_type, sq), Some(m.into));
                    covered.insert(sq);
                }
            }
            // Every square where the type changes is in a group.
            for sq in 0..v.geometry.len() as Square {
                let changes = v
                    .morph_at(e.piece_type, sq)
                    .is_some_and(|u| u != e.piece_type);
                assert_eq!(changes, covered.contains(&sq), "{} {}", v.name, e.name);
            }
        }
    }
}

/// Betza strings a rules edit may give a piece line.
const BETZAS: &[&str] = &[
    "K",
    "N",
    "W",
    "F",
    "R",
    "B",
    "Q",
    "N2",
    "WDHWX",
    "FAGAY",
    "fW",
    "ifmnDfmWfceF",
    "fWfcnD",
    "KisO2",
    "KisO3",
    "BN",
    "RN",
    "nN",
    "mRcB",
    "WF",
    "fmWfcF",
    "sWFisnDscnD",
];

/// Parameter edits: (text to find, replacement).
const PARAM_EDITS: &[(&str, &str)] = &[
    ("files=8", "files=9"),
    ("files=9", "files=8"),
    ("ranks=8", "ranks=7"),
    ("ranks=9", "ranks=10"),
    ("promoZone=1", "promoZone=2"),
    ("promoZone=0", "promoZone=1"),
    ("movesPerTurn=2", "movesPerTurn=1"),
    ("files=", "movesPerTurn=2 files="),
    ("baring=0", "baring=off"),
    ("stalemate=win", "stalemate=draw"),
    ("QRBN", "QR"),
];

#[derive(Debug, Clone)]
enum RuleEdit {
    /// Give the n-th piece line these moves.
    Betza(Index, &'static str),
    Param(&'static str, &'static str),
}

fn rule_edit() -> impl Strategy<Value = RuleEdit> {
    prop_oneof![
        3 => (any::<Index>(), prop::sample::select(BETZAS)).prop_map(|(i, b)| RuleEdit::Betza(i, b)),
        2 => prop::sample::select(PARAM_EDITS).prop_map(|(a, b)| RuleEdit::Param(a, b)),
    ]
}

fn edit_rules(text: &str, edit: &RuleEdit) -> String {
    match edit {
        RuleEdit::Param(a, b) => text.replacen(a, b, 1),
        RuleEdit::Betza(i, betza) => {
            let Ok(def) = definition::parse(text) else {
                return text.to_string();
            };
            if def.pieces.is_empty() {
                return text.to_string();
            }
            let field = &def.pieces[i.index(def.pieces.len())].betza;
            let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
            let line = &mut lines[field.pos.line as usize - 1];
            let chars: Vec<char> = line.chars().collect();
            let start = field.pos.col as usize - 1;
            let end = start + field.text.chars().count();
            *line = chars[..start]
                .iter()
                .chain(betza.chars().collect::<Vec<_>>().iter())
                .chain(chars[end..].iter())
                .collect();
            lines.join("\n")
        }
    }
}

fn random_game(v: &Arc<Variant>, picks: &[Index]) -> Game {
    let mut g = Game::new(v);
    for p in picks {
        if g.outcome().is_some() {
            break;
        }
        let legal = g.legal_moves();
        g.play(legal[p.index(legal.len())]).unwrap();
    }
    g
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    // Each case compiles a definition or two (tens of milliseconds in a debug build).
    #![proptest_config(config(100))]

    #[test]
    fn replays_under_edited_rules(
        vi in any::<Index>(),
        picks in prop::collection::vec(any::<Index>(), 0..40),
        edits in prop::collection::vec(rule_edit(), 0..3),
        other in any::<Index>(),
        use_other in any::<bool>(),
    ) {
        let all = variants();
        let v = &all[vi.index(all.len())];
        let old = random_game(v, &picks);
        let n = old.played().len();

        // Unchanged rules keep the whole game.
        let same = replay::replay_definition(&old, &v.source).unwrap();
        prop_assert_eq!((same.replayed, same.stopped_at, same.message.as_deref()), (n, None, None));
        prop_assert_eq!(same.game.fen(), old.fen());

        let base = if use_other { &all[other.index(all.len())].source } else { &v.source };
        let mut text = base.clone();
        for e in &edits {
            text = edit_rules(&text, e);
        }
        match replay::replay_definition(&old, &text) {
            Err(errors) => {
                prop_assert!(!errors.0.is_empty());
                let lines: Vec<&str> = text.split('\n').collect();
                for e in &errors.0 {
                    let l = e.pos.line as usize;
                    prop_assert!(l >= 1 && l <= lines.len(), "{}", e);
                    prop_assert!(e.pos.col as usize <= lines[l - 1].chars().count() + 1, "{}", e);
                }
            }
            Ok(r) => {
                prop_assert!(r.replayed <= n);
                prop_assert_eq!(r.game.played().len(), r.replayed);
                prop_assert_eq!(r.stopped_at.is_some(), r.replayed < n);
                if let Some(i) = r.stopped_at {
                    prop_assert_eq!(i, r.replayed);
                    prop_assert!(r.message.is_some());
                }
                let (kept, old_moves) = (r.game.history(), old.history());
                prop_assert_eq!(kept.as_slice(), &old_moves[..r.replayed]);
            }
        }
    }

    #[test]
    fn setups(
        vi in any::<Index>(),
        royals in (any::<Index>(), any::<Index>()),
        placed in prop::collection::vec((any::<Index>(), any::<Index>(), any::<bool>()), 0..12),
        black in any::<bool>(),
    ) {
        let all = variants();
        let v = &all[vi.index(all.len())];
        let g = v.geometry;
        let visible: Vec<PieceType> = v.piece_types().filter(|&t| !v.types[t].hidden).collect();
        let king = visible.iter().copied().find(|&t| v.types[t].royal && !v.types[t].start[WHITE.index()].is_empty()).unwrap();
        let others: Vec<PieceType> = visible.iter().copied().filter(|&t| !v.types[t].royal).collect();
        let mut e = PositionDraft::new(v);
        e.place(royals.0.index(g.len()) as Square, WHITE, king).unwrap();
        e.place(royals.1.index(g.len()) as Square, BLACK, king).unwrap();
        for (sq, t, white) in &placed {
            e.place(sq.index(g.len()) as Square, Colour::from_black(!white), others[t.index(others.len())]).unwrap();
        }
        e.set_side_to_move(Colour::from_black(black));
        let problems = e.problems();
        prop_assert!(problems.iter().all(|p| p.message.ends_with('.')));
        let Ok(pos) = e.position() else {
            prop_assert!(!problems.is_empty());
            return Ok(());
        };
        prop_assert!(problems.is_empty());
        let f = e.fen().unwrap();
        let again = fen::from_fen(v, &f).unwrap();
        prop_assert_eq!(fen::to_fen(&again), f.clone());
        let (mut a, mut b) = (Vec::new(), Vec::new());
        pos.legal_moves(&mut a);
        again.legal_moves(&mut b);
        a.sort();
        b.sort();
        prop_assert_eq!(&a, &b);
        match e.definition() {
            Ok(text) => {
                let nv = bundled::compile("again", &text).unwrap();
                let start = Position::start(&nv);
                // The same board, side and en passant: the exported start position. (Castling
                // may be written differently: a king placed off its start square castles by
                // the `unmoved:` list in the editor's FEN, by the castling field in the
                // exported variant, where that square is its start; the moves below compare.)
                let fields = |s: &str| {
                    let f: Vec<&str> = s.split(' ').collect();
                    [f[0], f[1], f[3]].join(" ")
                };
                prop_assert_eq!(fields(&fen::to_fen(&start)), fields(&f));
                if v.conversion.is_none() {
                    let mut c = Vec::new();
                    start.legal_moves(&mut c);
                    c.sort();
                    prop_assert_eq!(&c, &a);
                }
            }
            Err(p) => {
                // Black to move, or a limit of the variant's own rules (two converting bishops).
                prop_assert!(black || v.conversion.is_some(), "{:?}", p);
            }
        }
    }

    #[test]
    fn diffs_give_back_both_texts(
        a in prop::collection::vec("[abc]{0,2}", 0..12),
        b in prop::collection::vec("[abc]{0,2}", 0..12),
    ) {
        let (ta, tb) = (a.join("\n"), b.join("\n"));
        let d = diff::diff(&ta, &tb);
        let old: Vec<&str> = d.iter().filter(|l| l.change != Change::Added).map(|l| l.text.as_str()).collect();
        let new: Vec<&str> = d.iter().filter(|l| l.change != Change::Removed).map(|l| l.text.as_str()).collect();
        prop_assert_eq!(old, ta.lines().collect::<Vec<_>>());
        prop_assert_eq!(new, tb.lines().collect::<Vec<_>>());
    }
}
