//! The command line's forms: the README's examples, the stdout of every command, options in
//! any order, help (exit 0), and usage errors (clap's `error: ...` on stderr, exit 2).

#![cfg(all(not(target_arch = "wasm32"), feature = "cli"))]

mod binary;

use binary::fairylab;

/// Stdout of a run that must succeed.
fn ok(args: &[&str]) -> String {
    let out = fairylab(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn readme_examples() {
    assert_eq!(ok(&["perft", "morphing-chess", "3"]), "49040\n");
    let divide = ok(&["perft", "chess", "2", "--moves", "e2e4", "--divide"]);
    let lines: Vec<&str> = divide.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[19..], ["h7h6: 30", "600"]);
}

#[test]
fn command_outputs() {
    // Options before, between and after the positional arguments; `--opt=value` too; a
    // repeated option keeps its last value.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let a = ok(&["perft", "--divide", "chess", "--moves", "e2e4", "2"]);
    let b = ok(&["perft", "chess", "2", &format!("--fen={fen}"), "--divide"]);
    let c = ok(&[
        "perft",
        "chess",
        "--fen",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "2",
        "--divide",
        "--fen",
        fen,
    ]);
    assert_eq!(a, b);
    assert_eq!(a, c);

    let moves = ok(&["moves", "chess"]);
    let list: Vec<&str> = moves.lines().collect();
    assert_eq!(list.len(), 20);
    assert!(list.is_sorted());
    assert!(list.contains(&"e2e4") && list.contains(&"g1f3"));

    let best = ok(&[
        "bestmove",
        "chess",
        "--depth",
        "2",
        "--moves",
        "f2f3 e7e5 g2g4",
    ]);
    let lines: Vec<&str> = best.lines().collect();
    assert!(
        lines[0].starts_with("info depth 1 score mate 1 nodes "),
        "{best}"
    );
    assert_eq!(lines.last(), Some(&"bestmove d8h4"));
    let nodes_only = ok(&["bestmove", "chess", "--nodes", "300"]);
    assert!(nodes_only.lines().last().unwrap().starts_with("bestmove "));

    let games = ok(&["selfplay", "chess", "--games", "2", "--nodes", "100"]);
    let lines: Vec<&str> = games.lines().collect();
    assert_eq!(lines.len(), 3, "{games}");
    assert!(lines[0].starts_with("game 1: ") && lines[0].ends_with(" plies)"));
    assert!(lines[2].starts_with("white wins: ") && lines[2].ends_with(", illegal moves: 0"));

    assert!(ok(&["check", "variants/chess.txt"]).starts_with("ok: 8x8 board, "));
}

#[test]
fn help_and_version_exit_0() {
    let help = ok(&["--help"]);
    for cmd in ["perft", "moves", "check", "bestmove", "selfplay", "balance"] {
        assert!(help.contains(&format!("\n  {cmd} ")), "{cmd}: {help}");
        assert!(ok(&["help", cmd]).contains(&format!("Usage: fairylab {cmd}")));
        assert!(ok(&[cmd, "--help"]).contains(&format!("Usage: fairylab {cmd}")));
    }
    assert!(help.contains("morphing-chess"));
    assert!(ok(&["--version"]).starts_with("fairylab "));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["perft", "chess"],
        &["perft", "chess", "x"],
        &["perft", "chess", "2", "3"],
        &["perft", "chess", "1", "--bogus"],
        &["perft", "chess", "1", "--fen"],
        &["moves"],
        &["moves", "chess", "--depth", "3"],
        &["check"],
        &["bestmove", "chess"],
        &["bestmove", "chess", "--depth", "x"],
        &["selfplay", "chess", "--nodes", "10"],
        &["selfplay", "chess", "--games", "1"],
    ] {
        let out = fairylab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        // No arguments at all: the help, on stderr.
        let expected = if args.is_empty() {
            "Chess variants"
        } else {
            "error: "
        };
        assert!(stderr.starts_with(expected), "{args:?}: {stderr}");
    }
    // Input errors: the message after `fairylab: `, exit 2.
    for (args, message) in [
        (&["moves", "nosuch"][..], "fairylab: 'nosuch' is neither"),
        (
            &["moves", "chess", "--moves", "e2e5"],
            "fairylab: --moves item 1: ",
        ),
        (&["perft", "chess", "1", "--fen", "x"], "fairylab: FEN "),
        // The side not to move in check: White could take the king, no game reaches it.
        (
            &["moves", "chess", "--fen", "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"],
            "fairylab: FEN column 23: White to move, but Black's king on e8 stands attacked",
        ),
    ] {
        let out = fairylab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with(message),
            "{out:?}"
        );
    }
}
