//! `fairylab values` on a tiny variant (tests/defs/tiny.txt): the lines and the table, the
//! same under a node limit on any number of threads, and its usage errors.

#![cfg(all(not(target_arch = "wasm32"), feature = "cli"))]

mod binary;

use binary::fairylab;

#[test]
fn values_of_a_tiny_variant() {
    let args = |threads| {
        let args = [
            "values",
            "tests/defs/tiny.txt",
            "--games",
            "10",
            "--nodes",
            "150",
        ];
        let mut v: Vec<&str> = args.to_vec();
        v.extend(["--threads", threads]);
        fairylab(&v)
    };
    let out = args("2");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "pawn 1.00 1.00 1.00");
    // `NAME VALUE LOW HIGH`, the value inside its interval.
    for (line, name) in lines[1..3].iter().zip(["knight", "rook"]) {
        let w: Vec<&str> = line.split(' ').collect();
        assert_eq!((w.len(), w[0]), (4, name), "{line}");
        let x: Vec<f64> = w[1..].iter().map(|s| s.parse().unwrap()).collect();
        assert!(x[1] <= x[0] && x[0] <= x[2], "{line}");
    }
    assert_eq!(lines[3], "");
    let table = &lines[4..];
    assert!(table[0].starts_with("imbalance") && table[0].contains("95% interval"));
    assert!(table[1].starts_with("2 pawns odds "), "{}", table[1]);
    assert!(table[2].starts_with("knight vs "), "{}", table[2]);
    assert!(table[3].starts_with("rook vs "), "{}", table[3]);
    for row in &table[1..4] {
        assert_eq!(
            row.split_whitespace().find(|w| *w == "10"),
            Some("10"),
            "{row}"
        );
    }
    // Under a node limit the games, and so the values, do not depend on the threads.
    assert_eq!(String::from_utf8(args("1").stdout).unwrap(), text);
}

#[test]
fn values_usage_errors_exit_2() {
    for args in [
        &["values"][..],
        &["values", "chess", "--games", "1"],
        &["values", "chess", "--time-ms", "10", "--nodes", "10"],
        &["values", "chess", "--threads", "0"],
    ] {
        let out = fairylab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
    }
    let out = fairylab(&["values", "no-such-variant"]);
    assert_eq!(out.status.code(), Some(2));
}
