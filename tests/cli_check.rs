//! `fairylab check <file>`: for a valid definition its warnings (`LINE:COL: warning: message`)
//! and a one-line summary, exit 0; for a malformed one its errors and warnings in text order
//! (`LINE:COL: error: message`), exit 1; and never a panic, whatever the file holds.

#![cfg(not(target_arch = "wasm32"))]

mod binary;

use binary::fairylab;
use std::path::{Path, PathBuf};
use std::process::Output;

fn check(path: &Path) -> Output {
    fairylab(&[Path::new("check"), path])
}

fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    v.sort();
    v
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `LINE:COL: message` with both numbers at least 1.
fn is_error_line(l: &str) -> bool {
    let mut parts = l.splitn(3, ':');
    let mut number = || {
        parts
            .next()
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n >= 1)
    };
    number()
        && number()
        && parts
            .next()
            .is_some_and(|m| m.starts_with(' ') && m.len() > 1)
}

/// `LINE:COL: warning: message`.
fn is_warning_line(l: &str) -> bool {
    is_error_line(l)
        && l.split_once(": ")
            .is_some_and(|(_, m)| m.starts_with("warning: "))
}

#[test]
fn bundled_variant_files_pass_with_a_one_line_summary() {
    let all = files("variants");
    assert_eq!(all.len(), fairylab::bundled::BUNDLED.len());
    for path in all {
        let out = check(&path);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{}: {stdout}", path.display());
        let lines: Vec<&str> = stdout.lines().collect();
        let name = path.file_stem().unwrap().to_str().unwrap();
        let v = fairylab::bundled::load(name).unwrap();
        // The warnings (display keys of the Diagram's own pages), then the summary.
        assert_eq!(
            lines.len(),
            v.spec.warnings.len() + 1,
            "{}: {stdout}",
            path.display()
        );
        assert!(
            lines[..lines.len() - 1].iter().all(|l| is_warning_line(l)),
            "{stdout}"
        );
        let summary = lines[lines.len() - 1];
        let board = format!("ok: {}x{} board, ", v.geometry.files, v.geometry.ranks);
        assert!(summary.starts_with(&board), "{}: {summary}", path.display());
        assert!(
            summary.ends_with(&format!("{} moves per turn", v.moves_per_turn)),
            "{summary}"
        );
    }
}

#[test]
fn malformed_files_fail_with_positioned_errors() {
    let all = files("tests/malformed");
    assert!(all.len() >= 20);
    for path in all {
        let out = check(&path);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{}: {stdout}", path.display());
        assert!(!stdout.is_empty(), "{}", path.display());
        for l in stdout.lines() {
            assert!(is_error_line(l), "{}: '{l}'", path.display());
        }
        // The first line is the corpus file's expected error.
        let source = std::fs::read_to_string(&path).unwrap();
        let expect = source
            .lines()
            .next()
            .unwrap()
            .trim_start_matches("# expect: ");
        let (at, message) = expect.split_once(": ").unwrap();
        let first = stdout.lines().next().unwrap();
        assert!(
            first.starts_with(&format!("{at}: ")) && first.contains(message),
            "{}: expected {expect}, got {first}",
            path.display()
        );
    }
}

/// A small deterministic generator for garbage.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn garbage_never_makes_check_panic() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_check_garbage");
    std::fs::create_dir_all(&dir).unwrap();
    let mut inputs: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"\n\n\n".to_vec(),
        b"files=16 ranks=16 x:X:imW8:x:a1-p1,,a16-p16".to_vec(),
        b"\xff\xfe\x00not utf-8".to_vec(),
        "é€😀:É:€:😀:é1".as_bytes().to_vec(),
        b"morph=morph=morph=".to_vec(),
        b"::::::::::::::::::::".to_vec(),
        b"files=99999999999999999999999 ranks=-0".to_vec(),
    ];
    let mut rng = Lcg(0xC4EC);
    let alphabet = b"=:,/-. \n#0123456789abcdefghipKQRBNPXYOfmcnisW";
    for _ in 0..12 {
        let n = (rng.next() % 200) as usize;
        inputs.push((0..n).map(|_| rng.next() as u8).collect());
        let n = (rng.next() % 200) as usize;
        inputs.push(
            (0..n)
                .map(|_| alphabet[(rng.next() as usize) % alphabet.len()])
                .collect(),
        );
    }
    // Bundled definitions with a stretch cut out or doubled.
    for (_, t) in fairylab::bundled::BUNDLED {
        let b = t.as_bytes();
        let a = (rng.next() as usize) % b.len();
        let z = (a + (rng.next() as usize) % 30).min(b.len());
        let mut cut = b[..a].to_vec();
        cut.extend_from_slice(&b[z..]);
        inputs.push(cut);
        let mut doubled = b[..z].to_vec();
        doubled.extend_from_slice(&b[a..]);
        inputs.push(doubled);
    }
    for (i, bytes) in inputs.iter().enumerate() {
        let path = dir.join(format!("garbage-{i:02}.txt"));
        std::fs::write(&path, bytes).unwrap();
        let out = check(&path);
        let stderr = text(&out.stderr);
        assert!(
            !stderr.contains("panicked"),
            "input {i}: {:?}\n{stderr}",
            text(bytes)
        );
        match out.status.code() {
            // Valid, or errors as LINE:COL: message.
            Some(0) => {
                let stdout = text(&out.stdout);
                let lines: Vec<&str> = stdout.lines().collect();
                assert!(
                    lines.last().is_some_and(|l| l.starts_with("ok: ")),
                    "{stdout}"
                );
                assert!(lines[..lines.len() - 1].iter().all(|l| is_warning_line(l)));
            }
            Some(1) => {
                let stdout = text(&out.stdout);
                assert!(stdout.lines().all(is_error_line), "{stdout}");
                assert!(stdout.lines().any(|l| l.contains(": error: ")), "{stdout}");
            }
            // Unreadable (not UTF-8): a message on stderr.
            Some(2) => assert!(stderr.starts_with("fairylab: cannot read")),
            other => panic!("input {i}: exit {other:?}\n{stderr}"),
        }
    }
    // A path that is not there, and no path at all.
    let out = check(&dir.join("missing.txt"));
    assert_eq!(out.status.code(), Some(2));
    let out = fairylab(&["check"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!text(&out.stderr).contains("panicked"));
}

/// Warnings and errors together, in text order, each with its severity; exit 1 for an error,
/// 0 for warnings only.
#[test]
fn warnings_and_errors_print_in_text_order_with_their_severity() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_check_severity");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mixed.txt");
    std::fs::write(
        &path,
        "files=8 ranks=x stm=1\nknight:N:N:knight:b1 promozone=1\n\
         king:K:K:king:e1",
    )
    .unwrap();
    let out = check(&path);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(
        lines[0].starts_with("1:15: error: ranks must be a whole number from 1 to 30, not 'x'"),
        "{stdout}"
    );
    assert!(
        lines[1].starts_with("1:17: warning: not played: 'stm'"),
        "{stdout}"
    );
    assert!(lines[2].starts_with("2:22: warning: unknown key 'promozone', did you mean"));
    std::fs::write(
        &path,
        "files=8 ranks=8 holdingsType=0 stm=1 maxPromote=0 king:K:K:king:e1",
    )
    .unwrap();
    let out = check(&path);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines[0].starts_with("1:32: warning: not played: 'stm'"),
        "{stdout}"
    );
    assert!(lines[1].starts_with("ok: 8x8 board"));
}
