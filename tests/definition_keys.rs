//! The Interactive Diagram's keys and piece names (src/definition/keys.rs): a corpus of
//! definitions that load with a warning, `tests/warnings/NN-name.txt`, whose first line
//! `# warning: LINE:COL: message` names one of its warnings exactly by position and by a part
//! of its message; pieces whose Betza field is empty take the Diagram's moves for their name; and
//! `fairylab check` prints warnings in the same `LINE:COL:` form and exits 0 with warnings only.

#![cfg(not(target_arch = "wasm32"))]

mod binary;

use fairylab::definition;
use std::path::Path;

#[test]
fn warnings_corpus_loads_with_the_warning_at_its_position() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/warnings");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    assert!(paths.len() >= 6);
    for path in paths {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let expect = text
            .lines()
            .next()
            .unwrap()
            .strip_prefix("# warning: ")
            .unwrap();
        let mut parts = expect.splitn(3, ':');
        let mut number = || -> u32 { parts.next().unwrap().trim().parse().unwrap() };
        let (line, col) = (number(), number());
        let message = parts.next().unwrap().trim();
        let spec = definition::load(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let found = (spec.warnings.iter())
            .find(|w| (w.pos.line, w.pos.col) == (line, col) && w.message.contains(message))
            .unwrap_or_else(|| {
                panic!(
                    "{name}: no warning {line}:{col}: {message} in {:?}",
                    spec.warnings
                )
            });
        let out = binary::fairylab(&[Path::new("check"), &path]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{name}: {stdout}");
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), spec.warnings.len() + 1, "{name}: {stdout}");
        let shown = format!("{line}:{col}: warning: {}", found.message);
        assert!(lines.contains(&shown.as_str()), "{name}: {stdout}");
        assert!(
            lines.last().unwrap().starts_with("ok: "),
            "{name}: {stdout}"
        );
    }
}

/// The moves of a one-piece definition whose piece line has an empty Betza field.
fn moves_by_name(name: &str, files: u8) -> String {
    let text = format!("files={files} ranks=8 {name}:X::x:a1 king:K:K:king:e1,,e8 promoZone=0");
    let spec = definition::load(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(spec.warnings.is_empty(), "{name}: {:?}", spec.warnings);
    spec.pieces[0].betza_text.clone()
}

/// The Diagram's moves by name (its documentation's list of piece names it knows), spot
/// checks of each kind: FIDE pieces, compounds, fairies, shogi and xiangqi names, and the
/// king's castling distance on wide boards.
#[test]
fn empty_betza_fields_take_the_diagrams_moves_for_the_name() {
    for (name, betza) in [
        ("knight", "N"),
        ("Cardinal", "BN"),
        ("marshall", "RN"),
        ("camel", "C"),
        ("zebra", "Z"),
        ("nightrider", "N0"),
        ("gold", "WfF"),
        ("silvergeneral", "FfW"),
        ("copper", "vWfF"),
        ("lance", "fR"),
        ("ferz", "F"),
        ("commoner", "K"),
        ("wizard", "FC"),
        ("champion", "WAD"),
    ] {
        assert_eq!(moves_by_name(name, 8), betza, "{name}");
    }
    assert_eq!(moves_by_name("king", 8), "KisO2");
    assert_eq!(moves_by_name("king", 10), "KisO3");
}

/// Names the Diagram knows whose moves need hops and legs load with those moves.
#[test]
fn names_whose_moves_have_hops_or_legs_load() {
    for name in ["cannon", "grasshopper", "lion", "griffon", "mao"] {
        let text = format!("files=8 ranks=8 {name}:X::x:a1 king:K:K:king:e1,,e8");
        let v = fairylab::bundled::compile(name, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_ne!(v.walk_types, 0, "{name}: its moves are walks");
    }
}

/// Two types with one ID (the Diagram allows it): the later one is written with the letter the
/// warning names, in FEN both ways and in move text, so each type stays itself.
#[test]
fn a_shared_id_gives_the_later_type_a_letter_of_its_own() {
    let text = "files=8 ranks=8 pawn:P:fmWfcF:pawn:a2 princess:P:BN:princess:c1 \
                king:K:K:king:e1,,e8";
    let v = fairylab::bundled::compile("shared-id", text).unwrap();
    let v = std::sync::Arc::new(v);
    let p = fairylab::position::Position::start(&v);
    let fen = fairylab::fen::to_fen(&p);
    assert!(fen.ends_with("/P7/2R1K3 w - - 0 1"), "{fen}");
    let back = fairylab::fen::from_fen(&v, &fen).unwrap();
    assert_eq!(fairylab::fen::to_fen(&back), fen);
    let princess = v.types.iter().find(|t| t.name == "princess").unwrap();
    assert_eq!(princess.id, 'R');
}
