//! A corpus of malformed definitions, `tests/malformed/NN-name.txt`. The first line of each is
//! a comment `# expect: LINE:COL: message` naming the first error the loader must report: its
//! line and column exactly, and a part of its message. (Comment lines are ignored by the parser
//! but count as lines, so the expect line is line 1.)
//!
//! Each multi-line case is also flattened to the one-line form (the Diagram's own), where the
//! same first error must come at the corresponding column of line 1.

#![cfg(not(target_arch = "wasm32"))]

use fairylab::definition;
use std::path::{Path, PathBuf};

struct Case {
    name: String,
    text: String,
    line: u32,
    col: u32,
    message: String,
}

fn corpus() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).unwrap();
            let first = text.lines().next().unwrap_or("");
            let expect = first
                .strip_prefix("# expect: ")
                .unwrap_or_else(|| panic!("{name}: the first line must be '# expect: L:C: msg'"));
            let mut parts = expect.splitn(3, ':');
            let mut number = || -> u32 { parts.next().unwrap().trim().parse().unwrap() };
            let (line, col) = (number(), number());
            let message = parts.next().unwrap().trim().to_string();
            Case {
                name,
                text,
                line,
                col,
                message,
            }
        })
        .collect()
}

fn first_error(name: &str, text: &str) -> definition::DefinitionError {
    let errors = match definition::load(text) {
        Ok(_) => panic!("{name}: loads, but it should not"),
        Err(e) => e,
    };
    // parse + validate separately give the same errors.
    let separately = definition::parse(text).and_then(|d| d.validate());
    assert_eq!(separately.unwrap_err(), errors, "{name}");
    errors.0[0].clone()
}

#[test]
fn corpus_is_large_enough() {
    // Most of the corpus moved to tests/warnings/ with issue 25 (never refuse what the
    // Interactive Diagram shows): what is left are texts the Diagram cannot show either (no
    // board, no piece) and refusals of fairylab's own keys and limits.
    assert!(corpus().len() >= 20, "at least 20 malformed definitions");
}

#[test]
fn every_malformed_definition_reports_its_first_error_where_expected() {
    let mut failures = Vec::new();
    for case in corpus() {
        let e = first_error(&case.name, &case.text);
        let shown = e.to_string();
        assert!(shown.starts_with(&format!("{}:{}: ", e.pos.line, e.pos.col)));
        if (e.pos.line, e.pos.col) != (case.line, case.col) || !e.message.contains(&case.message) {
            failures.push(format!(
                "{}: expected {}:{}: {}\n    got {shown}",
                case.name, case.line, case.col, case.message
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Cases whose error depends on line breaks, so the one-line form differs.
const LINE_BOUND: &[&str] = &[
    // Name words on another line are stray; on one line they are part of the name.
    "name-split-over-lines",
    // 1:1 in both forms, nothing to map.
    "no-piece-lines",
];

#[test]
fn the_one_line_form_reports_the_same_errors() {
    let mut checked = 0;
    for case in corpus() {
        if LINE_BOUND.iter().any(|n| case.name.contains(n)) || case.name.contains("one-line") {
            continue;
        }
        // Join the non-comment lines with spaces, remembering where each line starts.
        let mut flat = String::new();
        let mut starts = Vec::new(); // (line number, column of its first character in `flat`)
        for (i, l) in case.text.split('\n').enumerate() {
            if l.trim_start().starts_with('#') {
                continue;
            }
            if !flat.is_empty() {
                flat.push(' ');
            }
            starts.push((i as u32 + 1, flat.chars().count() as u32));
            flat.push_str(l);
        }
        let offset = starts
            .iter()
            .find(|(l, _)| *l == case.line)
            .map(|(_, c)| *c)
            .unwrap_or_else(|| panic!("{}: line {} is a comment", case.name, case.line));
        let e = first_error(&case.name, &flat);
        assert_eq!(
            (e.pos.line, e.pos.col),
            (1, offset + case.col),
            "{}: one-line form: {e}",
            case.name
        );
        // "(from line N)" names a line, which the one-line form does not have.
        let want = case.message.split(" (from line").next().unwrap();
        assert!(e.message.contains(want), "{}: {e}", case.name);
        checked += 1;
    }
    assert!(checked >= 15);
}

/// The bundled definitions load the same in the multi-line and the flattened form.
#[test]
fn bundled_definitions_load_the_same_on_one_line() {
    for (name, text) in fairylab::bundled::BUNDLED {
        let flat: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .collect();
        let flat = flat.join(" ");
        // The same but for the warnings' positions (the same warnings, in the same order).
        let (mut one, mut many) = (
            definition::load(&flat).unwrap(),
            definition::load(text).unwrap(),
        );
        let messages = |s: &definition::Spec| -> Vec<String> {
            s.warnings.iter().map(|w| w.message.clone()).collect()
        };
        assert_eq!(messages(&one), messages(&many), "{name}");
        one.warnings.clear();
        many.warnings.clear();
        assert_eq!(one, many, "{name}");
    }
}
