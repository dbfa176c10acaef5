//! Fuzzing of the text parsers with proptest: definitions, Betza strings, FENs and move texts,
//! both arbitrary strings and random edits of valid inputs, must never panic (errors are fine).
//! Definitions that load are compiled and played a little, which must not panic either; and
//! on the way, every position's FEN must read back to the same legal moves and hash, whatever
//! odd definition or edited FEN the position came from.
//!
//! Every definition error must also point inside the text (a line that exists, a column on it
//! or just past its end).

#![cfg(not(target_arch = "wasm32"))]

use fairylab::betza;
use fairylab::bundled;
use fairylab::definition;
use fairylab::fen;
use fairylab::notation;
use fairylab::position::{Move, Position};
use fairylab::variant::Variant;
use proptest::prelude::*;
use proptest::sample::Index;
use std::sync::{Arc, OnceLock};

// ---------------------------------------------------------------------------------------------
// Random edits of valid text.

/// One edit of a text, positions chosen relative to its current length.
#[derive(Debug, Clone)]
enum Edit {
    Insert(Index, String),
    Delete(Index, usize),
    Replace(Index, char),
    /// Copy a slice of the text to another place.
    Duplicate(Index, usize, Index),
    /// Swap two characters.
    Swap(Index, Index),
}

/// Snippets that make edits likely to hit interesting parser paths.
const SNIPPETS: &[&str] = &[
    "=",
    ":",
    ",",
    ",,",
    "/",
    "-",
    ".",
    " ",
    "\n",
    "#",
    "0",
    "1",
    "2",
    "9",
    "10",
    "16",
    "17",
    "255",
    "99999999999999999999",
    "-1",
    "X",
    "Y",
    "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "YYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYY",
    "O",
    "O9",
    "O99",
    "i",
    "n",
    "m",
    "c",
    "e",
    "f",
    "b",
    "l",
    "r",
    "s",
    "v",
    "p",
    "g",
    "a",
    "j",
    "(",
    "[",
    "files=",
    "ranks=",
    "files=16",
    "ranks=16",
    "files=1",
    "ranks=1",
    "promoZone=",
    "promoZone=9",
    "promoChoice=",
    "maxPromote=0",
    "maxPromote=1",
    "stalemate=",
    "baring=0",
    "royal=",
    "royal=1",
    "royal=99",
    "symmetry=rotate",
    "symmetry=none",
    "movesPerTurn=8",
    "movesPerTurn=2",
    "firstTurnMoves=1",
    "conversion=",
    "conversion=P:sfW",
    "conversion=K:fW",
    "conversion=R:sfW",
    "promoPieces=",
    "promoPieces=NBRQK",
    "morph=",
    "morph=////",
    "morph=PPPPPPPPPPPPPPPPP",
    "a1",
    "i9",
    "p16",
    "z99",
    "a1-a16",
    "a1-p1",
    "a1-b2",
    "K",
    "KisO3",
    "KisO15",
    "ifmnDfmWfceF",
    "imW8",
    "iW4",
    "nN",
    "nA",
    "nH",
    "NN",
    "N2",
    "R4",
    "WXX",
    "AYY",
    "fW2fcnH",
    "sWFisnDscnD",
    "\u{e9}",
    "\u{20ac}",
    "\u{1F600}",
    "\u{0}",
    "\t",
    "\r",
    "king:K:KisO2:king:e1",
    "pawn:P:ifmnDfmWfceF:pawn:a2-p2",
    "x:X:imW8:x:a1-p1,,a16-p16",
    "q:Q:Q:q:a1-p16",
    "conversion=P:fW",
];

fn edit_strategy() -> impl Strategy<Value = Edit> {
    let snippet = prop_oneof![
        3 => prop::sample::select(SNIPPETS).prop_map(str::to_string),
        1 => "[=:,/\\-.# \n0-9a-zA-Z]{1,6}",
        1 => any::<char>().prop_map(|c| c.to_string()),
    ];
    prop_oneof![
        3 => (any::<Index>(), snippet).prop_map(|(i, s)| Edit::Insert(i, s)),
        2 => (any::<Index>(), 1usize..12).prop_map(|(i, n)| Edit::Delete(i, n)),
        2 => (any::<Index>(), prop_oneof![
            prop::sample::select(&b"=:,/-.# \n0123456789abcdefghijklmnopKNPQRBXYOZ"[..])
                .prop_map(|b| b as char),
            any::<char>(),
        ]).prop_map(|(i, c)| Edit::Replace(i, c)),
        1 => (any::<Index>(), 1usize..40, any::<Index>())
            .prop_map(|(a, n, b)| Edit::Duplicate(a, n, b)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::Swap(a, b)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut c: Vec<char> = text.chars().collect();
    for e in edits {
        let len = c.len();
        match e {
            Edit::Insert(i, s) => {
                let at = i.index(len + 1);
                c.splice(at..at, s.chars());
            }
            Edit::Delete(i, n) if len > 0 => {
                let at = i.index(len);
                let end = (at + n).min(len);
                c.drain(at..end);
            }
            Edit::Replace(i, ch) if len > 0 => {
                let at = i.index(len);
                c[at] = *ch;
            }
            Edit::Duplicate(a, n, b) if len > 0 => {
                let at = a.index(len);
                let end = (at + n).min(len);
                let slice: Vec<char> = c[at..end].to_vec();
                let to = b.index(len + 1);
                c.splice(to..to, slice);
            }
            Edit::Swap(a, b) if len > 0 => {
                let (a, b) = (a.index(len), b.index(len));
                c.swap(a, b);
            }
            _ => {}
        }
    }
    c.into_iter().collect()
}

fn edits(max: usize) -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec(edit_strategy(), 1..=max)
}

// ---------------------------------------------------------------------------------------------
// Exercising what loads.

/// Every error must point at a line of the text and a column on it (or just past its end).
fn check_error_positions(text: &str, errors: &definition::DefinitionErrors) {
    assert!(!errors.0.is_empty(), "an Err with no errors in it");
    let lines: Vec<&str> = text.split('\n').collect();
    for e in &errors.0 {
        let l = e.pos.line as usize;
        assert!(
            l >= 1 && l <= lines.len(),
            "error {e} names line {l}, the text has {}",
            lines.len()
        );
        let width = lines[l - 1].chars().count();
        assert!(
            e.pos.col >= 1 && e.pos.col as usize <= width + 1,
            "error {e} names column {}, line {l} has {width} characters",
            e.pos.col
        );
    }
}

/// Load a definition; when it loads, compile it, set up the start position and play a few
/// moves chosen by `picks`, exercising FEN and move text on the way.
fn exercise_definition(text: &str, picks: &[Index]) {
    let spec = match definition::load(text) {
        Ok(spec) => spec,
        Err(errors) => {
            check_error_positions(text, &errors);
            return;
        }
    };
    let v = Arc::new(Variant::compile("fuzz", text, spec));
    let mut pos = Position::start(&v);
    exercise_position(&v, &mut pos, picks);
}

fn exercise_position(v: &Arc<Variant>, pos: &mut Position, picks: &[Index]) {
    let mut undos = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    for pick in picks {
        pos.legal_moves(&mut moves);
        let mut pseudo = Vec::new();
        pos.pseudo_moves(&mut pseudo);
        let f = fen::to_fen(pos);
        let again = fen::from_fen(v, &f).unwrap_or_else(|e| panic!("{f} does not read back: {e}"));
        let mut m2 = Vec::new();
        again.legal_moves(&mut m2);
        let mut m1 = moves.clone();
        m1.sort();
        m2.sort();
        assert_eq!(m1, m2, "legal moves after reading {f}");
        assert_eq!(again.hash(), pos.hash(), "hash after reading {f}");
        if moves.is_empty() {
            break;
        }
        let m = moves[pick.index(moves.len())];
        let text = notation::to_coordinate(v, m);
        let _ = notation::parse_coordinate(pos, &text);
        let gc = notation::to_game_courier(pos, m);
        let _ = notation::parse_game_courier(pos, &gc);
        undos.push(pos.make(m));
        assert_eq!(pos.hash(), pos.compute_hash());
    }
    while let Some(u) = undos.pop() {
        pos.unmake(&u);
    }
}

// ---------------------------------------------------------------------------------------------
// Inputs: valid texts to mutate.

fn variants() -> &'static Vec<Arc<Variant>> {
    static V: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        bundled::names()
            .map(|n| bundled::load(n).unwrap())
            .collect()
    })
}

/// A small deterministic generator for picking moves while building the seed corpus.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// (variant index, FEN) pairs from deterministic pseudo-random games in every bundled variant,
/// plus the positions' legal moves as text (coordinate and Game Courier).
struct Corpus {
    fens: Vec<(usize, String)>,
    move_texts: Vec<String>,
}

fn corpus() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| {
        let mut fens = Vec::new();
        let mut move_texts = Vec::new();
        for (vi, v) in variants().iter().enumerate() {
            for game in 0..3u64 {
                let mut rng = Lcg(0x5EED + vi as u64 * 977 + game * 31);
                let mut pos = Position::start(v);
                let mut moves = Vec::new();
                for ply in 0..70 {
                    pos.legal_moves(&mut moves);
                    if ply % 5 == 0 {
                        fens.push((vi, fen::to_fen(&pos)));
                    }
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.next(moves.len())];
                    if ply % 7 == 0 {
                        move_texts.push(notation::to_coordinate(v, m));
                        move_texts.push(notation::to_game_courier(&pos, m));
                    }
                    pos.make(m);
                }
                fens.push((vi, fen::to_fen(&pos)));
            }
        }
        // Extension fields the random games may not reach.
        let sym = bundled::names().position(|n| n == "symmetric-chess").unwrap();
        let mars = bundled::names().position(|n| n == "marseillais").unwrap();
        fens.push((
            sym,
            "rnbqkqbnr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKQBNR w KQkq - 0 1 conv:cn".into(),
        ));
        fens.push((
            mars,
            "rnbqkbnr/pppp1ppp/8/8/4Pp2/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3 unmoved:a1,e1 phase:1 pending:f6"
                .into(),
        ));
        move_texts.extend(
            ["e7e8q", "e7-e8=Q", "P e7-e8; Q-e8", "e1h1", "a10b10", "K e1-b1", "e2xe4"]
                .map(str::to_string),
        );
        Corpus { fens, move_texts }
    })
}

/// `cases` by default; `FUZZ_SCALE=n` runs n times as many (for a long hunt, in release).
fn config(cases: u32) -> ProptestConfig {
    let scale: u32 = std::env::var("FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    ProptestConfig {
        cases: cases.saturating_mul(scale),
        max_shrink_iters: 2000,
        // Failures become regular tests (tests/regressions.rs), not files next to the source.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------------
// The properties.

proptest! {
    #![proptest_config(config(600))]

    #[test]
    fn betza_arbitrary_text_never_panics(text in prop_oneof![
        "\\PC{0,16}",
        "[fblrvsmcenipgajxyoKRBQWFDNAHCLZGOXY0-9()\\[\\]{}]{0,16}",
    ]) {
        if let Ok(comps) = betza::parse(&text) {
            for c in &comps {
                let _ = c.vectors();
            }
        }
    }

    #[test]
    fn betza_mutated_text_never_panics(
        base in prop::sample::select(&[
            "ifmnDfmWfceF", "KisO3", "KisO2", "N2", "FAGAY", "WDHWX", "WFDA", "BN", "RN",
            "QN", "sWFisnDscnD", "fWfcnD", "fW2fcnH", "BW", "sfW", "ffN", "flF", "vW", "nN",
        ][..]),
        e in edits(4),
    ) {
        let text = apply(base, &e);
        if let Ok(comps) = betza::parse(&text) {
            for c in &comps {
                let _ = c.vectors();
            }
        }
    }

    #[test]
    fn move_text_never_panics(
        fi in any::<Index>(),
        text in prop_oneof![
            "\\PC{0,12}",
            "[a-q0-9\\-x=;: QRBNKPqrbnkp]{0,12}",
            (any::<Index>(), edits(3)).prop_map(|(i, e)| {
                let texts = &corpus().move_texts;
                apply(&texts[i.index(texts.len())], &e)
            }),
        ],
    ) {
        let c = corpus();
        let (vi, f) = &c.fens[fi.index(c.fens.len())];
        let var = &variants()[*vi];
        let pos = fen::from_fen(var, f).expect("corpus FENs load");
        let _ = notation::parse_coordinate(&pos, &text);
        let _ = notation::parse_game_courier(&pos, &text);
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn fen_arbitrary_text_never_panics(
        vi in any::<Index>(),
        text in prop_oneof![
            "\\PC{0,40}",
            "[pnbrqkPNBRQKSAHCZJLMOTx0-9/ wb\\-KQkqa-i:,]{0,60}",
        ],
        picks in prop::collection::vec(any::<Index>(), 0..4),
    ) {
        let v = &variants()[vi.index(variants().len())];
        if let Ok(mut pos) = fen::from_fen(v, &text) {
            exercise_position(v, &mut pos, &picks);
        }
    }

    #[test]
    fn fen_mutated_text_never_panics(
        fi in any::<Index>(),
        e in edits(4),
        picks in prop::collection::vec(any::<Index>(), 0..4),
    ) {
        let c = corpus();
        let (vi, f) = &c.fens[fi.index(c.fens.len())];
        let v = &variants()[*vi];
        let text = apply(f, &e);
        if let Ok(mut pos) = fen::from_fen(v, &text) {
            exercise_position(v, &mut pos, &picks);
        }
    }

    #[test]
    fn definition_arbitrary_text_never_panics(
        text in prop_oneof![
            "\\PC{0,60}",
            "[a-zA-Z0-9=:,/\\-. \n#]{0,80}",
        ],
        picks in prop::collection::vec(any::<Index>(), 0..4),
    ) {
        exercise_definition(&text, &picks);
    }
}

proptest! {
    #![proptest_config(config(250))]

    #[test]
    fn definition_mutated_bundled_never_panics(
        bi in any::<Index>(),
        e in edits(6),
        picks in prop::collection::vec(any::<Index>(), 0..6),
    ) {
        let (_, base) = bundled::BUNDLED[bi.index(bundled::BUNDLED.len())];
        let text = apply(base, &e);
        exercise_definition(&text, &picks);
    }

    #[test]
    fn definition_from_grammar_never_panics(
        text in grammar_definition(),
        picks in prop::collection::vec(any::<Index>(), 0..6),
    ) {
        exercise_definition(&text, &picks);
    }
}

/// Definitions built from the format's grammar with odd values, so that many of them load.
fn grammar_definition() -> impl Strategy<Value = String> {
    let dim = prop_oneof![Just(8u8), Just(9), 1u8..=16];
    let param = prop_oneof![
        (0u8..=17).prop_map(|n| format!("promoZone={n}")),
        "[A-Z]{0,4}".prop_map(|s| format!("promoChoice={s}")),
        "[A-Z]{0,4}".prop_map(|s| format!("promoPieces={s}")),
        (0u32..3).prop_map(|n| format!("maxPromote={n}")),
        prop::sample::select(&["win", "draw", "loss"][..]).prop_map(|s| format!("stalemate={s}")),
        prop::sample::select(&["0", "off"][..]).prop_map(|s| format!("baring={s}")),
        prop::sample::select(&["mirror", "rotate", "none"][..])
            .prop_map(|s| format!("symmetry={s}")),
        "[A-Z]{1,3}".prop_map(|s| format!("royal={s}")),
        (1u8..=8).prop_map(|n| format!("movesPerTurn={n}")),
        (1u8..=2).prop_map(|n| format!("firstTurnMoves={n}")),
        (
            "[A-Z]",
            prop::sample::select(&["sfW", "fW", "K", "imW3", "sWcF", "O"][..])
        )
            .prop_map(|(id, b)| format!("conversion={id}:{b}")),
    ];
    let betza = prop_oneof![
        prop::sample::select(
            &[
                "",
                "K",
                "KisO2",
                "KisO3",
                "lO2",
                "rO5",
                "ifmnDfmWfceF",
                "fWfcnD",
                "sWFisnDscnD",
                "fW2fcnH",
                "N2",
                "NN",
                "FAGAY",
                "WDHWX",
                "WFDA",
                "BN",
                "RN",
                "QN",
                "BW",
                "nN",
                "nA",
                "imW4",
                "imF3",
                "ifmnH",
                "mWcF",
                "cK",
                "fmWfceF",
                "iW",
                "nDnH",
                "WW",
                "ifmnDfmWfceFimW3",
                "vR",
                "sR2",
                "ffN",
                "fsN",
                "FX",
                "WY",
            ][..]
        )
        .prop_map(str::to_string),
        "[fblrvsmceni]{0,3}[WFDNAHCZGKRBQ][0-9]?",
    ];
    let square = (0u8..17, 1u8..18).prop_map(|(f, r)| format!("{}{}", (b'a' + f) as char, r));
    let squares = prop_oneof![
        Just(String::new()),
        prop::collection::vec(square.clone(), 1..4).prop_map(|v| v.join(",")),
        (square.clone(), square.clone()).prop_map(|(a, b)| format!("{a}-{b}")),
        (square.clone(), square).prop_map(|(a, b)| format!("{a},,{b}")),
    ];
    let morph = prop::option::of("[A-Z.]{0,9}(/[A-Z.]{0,9}){0,9}");
    let piece = ("[a-z]{1,8}( pawn)?", "[A-Z]", betza, squares, morph).prop_map(
        |(name, id, betza, squares, morph)| {
            let mut s = format!("{name}:{id}:{betza}:img:{squares}");
            if let Some(m) = morph {
                s.push_str(&format!(" morph={m}"));
            }
            s
        },
    );
    (
        dim.clone(),
        dim,
        prop::collection::vec(param, 0..5),
        prop::collection::vec(piece, 1..8),
        any::<bool>(),
    )
        .prop_map(|(files, ranks, params, pieces, one_line)| {
            let mut items = vec![format!("files={files}"), format!("ranks={ranks}")];
            items.extend(params);
            items.extend(pieces);
            items.join(if one_line { " " } else { "\n" })
        })
}
