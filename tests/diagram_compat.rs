//! Reading the Interactive Diagram's text as its own script (betza.js) reads it: the moves it
//! gives piece names, every key it knows sorted by what fairylab does with it, the piece
//! line's text forms (names with spaces on one line, Black's squares after `,,`, a sixth field
//! of pieces in hand), and the diagnostics' shape. Expected values come from the Diagram's
//! documented meaning, written out here, not from fairylab's tables.

#![cfg(not(target_arch = "wasm32"))]

use fairylab::definition::{self, Diagnostic, Severity};

/// A board with a king each, plus `extra` (keys or piece lines).
fn with(extra: &str) -> String {
    format!("files=8 ranks=8 promoZone=0 {extra} king:K:K:king:e1,,e8")
}

fn diagnostics(text: &str) -> Vec<Diagnostic> {
    definition::check(text).1
}

/// The Diagram's list of common pieces (its `DefaultMove`): a piece line with an empty Betza
/// field and one of these names (any case) moves so.
const DIAGRAM_NAMES: &[(&str, &str)] = &[
    ("pawn", "ifmnDfmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("cardinal", "BN"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("marshall", "RN"),
    ("amazon", "QN"),
    ("lion", "KNADcaKcabKmabK"),
    ("mao", "mafsW"),
    ("horse", "mafsW"),
    ("elephant", "mafF"),
    ("cannon", "mRcpR"),
    ("pao", "mRcpR"),
    ("advisor", "F"),
    ("lance", "fR"),
    ("copper", "vWfF"),
    ("silver", "FfW"),
    ("silvergeneral", "FfW"),
    ("gold", "WfF"),
    ("goldgeneral", "WfF"),
    ("man", "K"),
    ("commoner", "K"),
    ("ferz", "F"),
    ("camel", "C"),
    ("zebra", "Z"),
    ("nightrider", "N0"),
    ("grasshopper", "gQ"),
    ("griffon", "yafsF"),
    ("gryphon", "yafsF"),
    ("wizard", "FC"),
    ("champion", "WAD"),
    ("falcon", "mafmafsKmafsmafKmaflmafrKmafrmaflK"),
];

#[test]
fn every_name_the_diagram_knows_takes_its_moves() {
    // The king is the 36th name: it castles two squares on 8 files, three on wider boards.
    assert_eq!(DIAGRAM_NAMES.len() + 1, definition::STANDARD_MOVES.len());
    for &(name, moves) in DIAGRAM_NAMES {
        for written in [name.to_string(), name.to_ascii_uppercase()] {
            assert_eq!(
                definition::standard_moves(&written, 8),
                Some(moves),
                "{written}"
            );
        }
        let text = with(&format!("{name}:X::x:a1"));
        let (spec, diags) = definition::check(&text);
        match spec {
            // Loads: the Betza text is the Diagram's, and no warning says otherwise.
            Some(spec) => {
                assert_eq!(spec.pieces[0].betza_text, moves, "{name}");
                assert!(diags.is_empty(), "{name}: {diags:?}");
            }
            // Notation fairylab's Betza reader does not take yet (hoppers, multi-leg moves):
            // the error quotes the Diagram's moves, at the empty field.
            None => {
                let e = &diags[0];
                assert!(e.message.contains(&format!("Betza '{moves}'")), "{e}");
                assert_eq!(
                    e.col as usize,
                    "files=8 ranks=8 promoZone=0 ".len() + name.len() + 4
                );
            }
        }
    }
    assert_eq!(definition::standard_moves("king", 8), Some("KisO2"));
    assert_eq!(definition::standard_moves("King", 12), Some("KisO3"));
}

#[test]
fn a_name_the_diagram_does_not_know_warns_and_cannot_move() {
    let (spec, diags) = definition::check(&with("war engine:W::x:a1"));
    let spec = spec.unwrap();
    assert_eq!(spec.pieces[0].betza_text, "");
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].severity, Severity::Warning);
    assert!(diags[0].message.contains("'war engine' has no Betza moves"));
}

/// Keys about the Diagram's drawing and page: the ones fairylab's page reads (the host page's
/// piece images, the square size) and the ones only about the Diagram's own page (its piece
/// table, markers, computer player) load without a word, as does `firstRank=1` (coordinates).
#[test]
fn display_keys_load_without_a_word() {
    for key in [
        "graphicsDir",
        "graphicsType",
        "whitePrefix",
        "blackPrefix",
        "squareSize",
        "satellite",
        "shady",
        "useMarkers",
        "enableAI",
        "firstRank",
    ] {
        let value = if key == "firstRank" { "1" } else { "x" };
        let text = with(&format!("{key}={value}"));
        let (spec, diags) = definition::check(&text);
        let spec = spec.unwrap_or_else(|| panic!("{key}: {diags:?}"));
        assert!(diags.is_empty(), "{key}: {diags:?}");
        let kept = spec.display.iter().any(|(k, v)| k == key && v == value);
        assert_eq!(kept, key != "firstRank", "{key}: kept for the page");
    }
}

#[test]
fn colours_are_kept_for_the_page_without_a_word() {
    let text = with(
        "lightShade=#FDE5CD darkShade=#E06666 startShade=#80FF90 rimColor=#1C4587 \
         coordColor=white hlColor=#ff0",
    );
    let (spec, diags) = definition::check(&text);
    assert!(diags.is_empty(), "{diags:?}");
    let c = spec.unwrap().colours;
    assert_eq!(c.light.as_deref(), Some("#FDE5CD"));
    assert_eq!(c.dark.as_deref(), Some("#E06666"));
    assert_eq!(c.start.as_deref(), Some("#80FF90"));
    assert_eq!(c.rim.as_deref(), Some("#1C4587"));
    assert_eq!(c.coordinates.as_deref(), Some("white"));
    assert_eq!(c.highlight.as_deref(), Some("#ff0"));
    // Not a colour: a warning at the value, and the board still loads.
    let (spec, diags) = definition::check(&with("darkShade=#12345"));
    assert_eq!(spec.unwrap().colours.dark, None);
    assert_eq!((diags[0].severity, diags[0].col), (Severity::Warning, 39));
    assert!(diags[0].message.contains("'#12345' is not a colour"));
}

/// `zonal` asks for a function of the host page's script (`BadZone`); fairylab cannot run it,
/// so it plays without, as the Diagram does on a page lacking it, and warns.
#[test]
fn a_key_left_to_the_pages_script_warns_and_the_board_loads() {
    let (spec, diags) = definition::check(&with("zonal=1"));
    assert!(spec.is_some(), "{diags:?}");
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].severity, Severity::Warning);
    assert!(diags[0].message.contains("BadZone"), "{}", diags[0]);
    let (spec, diags) = definition::check(&with("zonal=0"));
    assert!(spec.is_some() && diags.is_empty(), "{diags:?}");
}

#[test]
fn an_unknown_key_warns_with_a_suggestion_and_the_board_loads() {
    let (spec, diags) = definition::check(&with("promozone=2"));
    assert!(spec.is_some());
    assert_eq!(
        diags[0].to_string(),
        "1:29: warning: unknown key 'promozone', did you mean 'promoZone'? (ignored)"
    );
    assert_eq!(diags[0].end, 38);
}

/// Every key whose rule fairylab plays is read when given: nothing is left over.
#[test]
fn every_played_key_is_read() {
    let text = "files=8 ranks=8 promoZone=1 promoChoice=N maxPromote=1 promoOffset=0 \
                holdingsType=0 iron=2 protected=2 counterStrike=2 antiTrade=1 tradeThreshold=1 castleFlip=0 autoGate=0 stalemate=win baring=0 \
                royal=K extinction=3 symmetry=mirror shuffle=NK movesPerTurn=1 firstTurnMoves=1 promoPieces=P \
                firstRank=1 \
                conversion=N:sfW pawn:P:fmW:pawn:a2 knight:N:N:knight:b1 king:K:K:king:e1";
    let (spec, diags) = definition::check(text);
    assert!(spec.is_some(), "{diags:?}");
    assert!(diags.is_empty(), "{diags:?}");
    for (key, kind) in definition::KEYS {
        if *kind == definition::KeyKind::Rule {
            assert!(text.contains(&format!("{key}=")), "{key} not in the test");
        }
    }
}

/// The flattened one-line form: a name's words are the words before the token holding the
/// fields (`War engine:D:D:Cannon:f1,h1`), after the previous item.
#[test]
fn names_with_spaces_on_one_line() {
    let text = "files=13 ranks=10 promoZone=0 Pawn (P)::fmWfcF:Pawn:b3 Vizir::W::h2 \
                War engine:D:D:Cannon:f1,h1 Adventitious King:A:K:MidBrother: King::K::g2";
    let spec = definition::load(text).unwrap();
    let names: Vec<&str> = spec.pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Pawn (P)",
            "Vizir",
            "War engine",
            "Adventitious King",
            "King"
        ]
    );
    let ids: String = spec.pieces.iter().map(|p| p.id).collect();
    assert_eq!(ids, "PVDAK");
}

/// Black's squares after `,,` (here without symmetry, so only those), and an empty or `0`
/// list for a type that starts off the board.
#[test]
fn blacks_squares_after_two_commas() {
    let text = "symmetry=none promoZone=0 Fairy piece:X:K:marshall:a1 rook:R:R:rook:0 \
                King::K:king:b2,,d4";
    let spec = definition::load(text).unwrap();
    let g = spec.geometry;
    let king = &spec.pieces[2];
    assert_eq!(king.white, [g.parse_square("b2").unwrap()]);
    assert_eq!(king.black, [g.parse_square("d4").unwrap()]);
    assert!(spec.pieces[1].white.is_empty() && spec.pieces[1].black.is_empty());
    assert!(spec.pieces[0].black.is_empty());
}

/// The sixth field: pieces in hand, `N` for both sides or `W,B`, at most
/// `MAX_IN_HAND` (99) of a type; with captures going nowhere, pieces in hand make drops.
#[test]
fn pieces_in_hand_are_read_and_kept() {
    let spec = definition::load(&with("knight:N:N:knight:b1:0 bishop:B:B:bishop:c1:0,0")).unwrap();
    assert_eq!(spec.pieces[0].hand, [0, 0]);
    assert_eq!(spec.pieces[1].hand, [0, 0]);
    assert!(!spec.holdings.drops);
    let text = with("knight:N:N:knight:b1:2,1");
    let def = definition::parse(&text).unwrap();
    assert_eq!(def.pieces[0].hand.as_ref().unwrap().text, "2,1");
    let spec = definition::load(&text).unwrap();
    assert_eq!(spec.pieces[0].hand, [2, 1]);
    assert!(spec.holdings.drops);
    assert!(definition::load(&with("knight:N:N:knight:b1:99,0")).is_ok());
    let e = &diagnostics(&with("knight:N:N:knight:b1:100,0"))[0];
    assert_eq!((e.severity, e.col), (Severity::Error, 50));
    assert!(e.message.contains("at most 99 of a type, not 100"), "{e}");
    // Not a count: the Diagram's parseInt gives none, so none in hand, with a warning.
    let e = &diagnostics(&with("knight:N:N:knight:b1:x"))[0];
    assert_eq!(e.severity, Severity::Warning);
    assert!(
        e.message.contains("'x' is not a count; none in hand"),
        "{e}"
    );
}

/// `hole` marks squares that are not part of the board: read as holes, not as a piece type
/// (tests/holes.rs plays on them).
#[test]
fn holes_are_read_as_squares_off_the_board() {
    let diags = diagnostics(&with("hole::::a1,h1"));
    assert!(
        diags.iter().all(|d| d.severity != Severity::Error),
        "{diags:?}"
    );
}

/// `promoChoice`'s marks: `!` before an ID (not on the last rank), `*` (only from the hand)
/// and a number after one (within that many ranks of the last) are read per choice; a
/// character that is no ID and no letter is skipped with a warning, as the Diagram skips it.
#[test]
fn promo_choice_marks_are_read_per_choice() {
    let text = "promoZone=3 promoChoice=!N*B*R2 pawn:P:fW:pawn:a2 knight:N:N:knight:b1 \
                bishop:B:B:bishop:c1 rook:R:R:rook:a1 king:K:K:king:e1";
    let spec = definition::load(text).unwrap();
    let marks: Vec<(bool, bool, u8)> = (spec.promo_rules.iter())
        .map(|r| (r.not_last, r.from_hand, r.depth))
        .collect();
    assert_eq!(
        marks,
        [(true, false, 0), (false, true, 0), (false, true, 2)]
    );
    let text = "promoZone=1 promoChoice=N+ pawn:P:fW:pawn:a2 knight:N:N:knight:b1 king:K:K:king:e1";
    let (spec, diags) = definition::check(text);
    assert!(spec.is_some());
    assert_eq!((diags[0].severity, diags[0].col), (Severity::Warning, 26));
}

/// Definitions from real pages (`../shared/wild/`, when it is there): every diagnostic lies
/// inside the text, and the one definition fairylab plays loads with warnings only.
#[test]
fn definitions_from_real_pages_give_positioned_diagnostics() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/wild");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for path in entries.map(|e| e.unwrap().path()) {
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.split('\n').collect();
        let (spec, diags) = definition::check(&text);
        for d in &diags {
            let line = lines[d.line as usize - 1];
            assert!(d.col >= 1 && d.end > d.col, "{}: {d}", path.display());
            assert!(
                (d.end - 1) as usize <= line.chars().count(),
                "{}: {d}",
                path.display()
            );
        }
        if path.file_name().unwrap() == "15-checkmating-applet.txt" {
            assert!(spec.is_some());
            assert!(diags.iter().all(|d| d.severity == Severity::Warning));
        }
    }
}
