//! `fairylab tune eval`: each labelled line with the evaluator's score appended, and a
//! malformed line named by file and line.

#![cfg(all(not(target_arch = "wasm32"), feature = "cli"))]

mod binary;

use binary::fairylab;
use fairylab::eval::Evaluator;

/// A data file of `lines` in the temporary directory, named for the test.
fn data(name: &str, lines: &[&str]) -> String {
    let path = std::env::temp_dir().join(format!(
        "fairylab-cli-tune-{name}-{}.lab",
        std::process::id()
    ));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn tune_eval_appends_the_evaluation() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        "4k3/8/8/8/8/8/PP6/4K3 w - - 0 1",
    ];
    let lines: Vec<String> = fens.iter().map(|f| format!("chess\t{f}\t\t-\t0")).collect();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let path = data("eval", &refs);
    let out = fairylab(&["tune", "eval", &path]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let v = fairylab::bundled::load("chess").unwrap();
    let e = Evaluator::new(&v);
    assert_eq!(text.lines().count(), fens.len());
    for ((printed, line), fen) in text.lines().zip(&lines).zip(fens) {
        let pos = fairylab::fen::from_fen(&v, fen).unwrap();
        assert_eq!(printed, format!("{line}\t{}", e.evaluate(&pos)));
    }
    std::fs::remove_file(path).unwrap();
}

#[test]
fn tune_eval_names_a_malformed_line() {
    let start = "chess\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\t\t-\t0";
    let path = data("bad", &[start, "chess\tnot a fen\t\t-\t0"]);
    let out = fairylab(&["tune", "eval", &path]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains(&format!("{path}:2:")), "{err}");
    std::fs::remove_file(path).unwrap();
}
