//! `fairylab uci`: a scripted exchange as a GUI holds it, and what a careless GUI sends
//! (unknown and malformed commands, `go` without `position`, `stop` at any time, a new
//! `position` in mid-search), each answered or survived.

#![cfg(all(not(target_arch = "wasm32"), feature = "cli"))]

use fairylab::bundled;
use fairylab::fen;
use fairylab::position::Position;
use fairylab::uci::parse_uci;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// The engine running `fairylab uci`, its output lines read on a thread of their own.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fairylab"))
            .arg("uci")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = (self.lines.recv_timeout(Duration::from_secs(30)))
                .unwrap_or_else(|_| panic!("no '{prefix}' line; got {got:?}"));
            let done = line.starts_with(prefix);
            got.push(line);
            if done {
                return got;
            }
        }
    }

    /// `isready` is answered, and nothing else was said before it but `info string` lines.
    fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        let lines = self.until("readyok");
        let said = &lines[..lines.len() - 1];
        assert!(
            said.iter().all(|l| l.starts_with("info string ")),
            "{said:?}"
        );
        said.to_vec()
    }

    /// Nothing but `info` lines is said within `ms` milliseconds.
    fn only_info(&self, ms: u64) {
        let end = std::time::Instant::now() + Duration::from_millis(ms);
        while let Some(left) = end.checked_duration_since(std::time::Instant::now()) {
            if let Ok(l) = self.lines.recv_timeout(left) {
                assert!(l.starts_with("info "), "unexpected '{l}'");
            }
        }
    }

    /// End with `quit` (or by closing stdin): the process exits 0 at once.
    fn quit(mut self, by_eof: bool) {
        if by_eof {
            self.stdin = None;
        } else {
            self.send("quit");
        }
        for _ in 0..200 {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success());
                return;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        let _ = self.child.kill();
        panic!("the engine did not exit");
    }
}

/// The `bestmove` of `lines`, checked legal in `pos`.
fn best_move(pos: &Position, lines: &[String]) -> String {
    let last = lines.last().unwrap();
    let m = last.strip_prefix("bestmove ").unwrap().to_string();
    parse_uci(pos, &m).unwrap_or_else(|e| panic!("{m}: {e}"));
    m
}

/// A field's number in an `info` line (`depth`, `nodes`, `time`, ...).
fn field(line: &str, key: &str) -> u64 {
    let w: Vec<&str> = line.split_whitespace().collect();
    let i = w.iter().position(|&x| x == key).unwrap();
    w[i + 1].parse().unwrap()
}

#[test]
fn a_scripted_exchange() {
    let mut e = Engine::start();
    e.send("uci");
    let hello = e.until("uciok");
    assert!(hello[0].starts_with("id name fairylab "), "{hello:?}");
    assert!(hello.iter().any(|l| l.starts_with("id author ")));
    let variants = (hello.iter())
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant");
    for name in bundled::names() {
        assert!(variants.contains(&format!(" var {name}")), "{name}");
    }
    for option in [
        "option name VariantPath type string",
        "option name Hash type spin default 16 min 1 max 1024",
        "option name Move Overhead type spin",
    ] {
        assert!(hello.iter().any(|l| l.starts_with(option)), "{option}");
    }
    assert!(e.ready().is_empty());
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 4");
    let out = e.until("bestmove");
    let v = bundled::load("chess").unwrap();
    let mut pos = Position::start(&v);
    for m in ["e2e4", "e7e5", "g1f3"] {
        pos.make(parse_uci(&pos, m).unwrap());
    }
    let infos: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 4, "{out:?}");
    for (i, l) in infos.iter().enumerate() {
        assert_eq!(field(l, "depth"), i as u64 + 1);
        assert!(l.contains(" score cp ") && l.contains(" pv "), "{l}");
        assert!(field(l, "nodes") > 0 && field(l, "nps") > 0);
        field(l, "time");
        // The principal variation is a line of legal moves.
        let mut p = pos.clone();
        for m in l.split(" pv ").nth(1).unwrap().split_whitespace() {
            let mv = parse_uci(&p, m).unwrap_or_else(|e| panic!("{l}: {e}"));
            p.make(mv);
        }
    }
    best_move(&pos, &out);

    // The clock: White has 1 s left and must not spend most of it.
    e.send("position startpos");
    e.send("go wtime 1000 btime 1000 winc 0 binc 0 movestogo 1");
    let out = e.until("bestmove");
    let last_info = out
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(field(last_info, "time") < 600, "{last_info}");
    best_move(&Position::start(&v), &out);

    // Mate in one is a mate score.
    e.send("position fen 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
    e.send("go movetime 200");
    let out = e.until("bestmove");
    assert_eq!(out.last().unwrap(), "bestmove e1e8");
    assert!(out.iter().any(|l| l.contains(" score mate 1 ")), "{out:?}");

    // Another variant; two moves a turn: the same side moves again after its first.
    e.send("setoption name UCI_Variant value marseillais");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go nodes 3000");
    let out = e.until("bestmove");
    let m = bundled::load("marseillais").unwrap();
    let mut pos = Position::start(&m);
    for m in ["e2e4", "e7e5"] {
        pos.make(parse_uci(&pos, m).unwrap());
    }
    // White's one first move, then Black's first of two.
    assert_eq!(pos.side_to_move(), fairylab::position::BLACK);
    best_move(&pos, &out);
    e.quit(false);
}

#[test]
fn a_variant_from_a_file_speaks_fairy_stockfish_moves() {
    let mut e = Engine::start();
    e.send("setoption name VariantPath value tests/perft/fsf/defs/minishogi.txt");
    assert!(e.ready().is_empty());
    // FSF's minishogi start; each pawn takes a rook as it promotes (`+`): a rook in each hand.
    e.send("position startpos moves a2a3 e4e3 a3a4 e3e2 a4a5+ e2e1+");
    e.send("go depth 3");
    let out = e.until("bestmove");
    let text = std::fs::read_to_string("tests/perft/fsf/defs/minishogi.txt").unwrap();
    let v = bundled::compile("minishogi", &text).unwrap();
    let mut pos = Position::start(&v);
    for m in ["a2a3", "e4e3", "a3a4", "e3e2", "a4a5+", "e2e1+"] {
        let mv = parse_uci(&pos, m).unwrap_or_else(|e| panic!("{e}"));
        pos.make(mv);
    }
    assert!(fen::to_fen(&pos).contains("[Rr]"), "{}", fen::to_fen(&pos));
    best_move(&pos, &out);
    // Selectable by name afterwards, next to the bundled ones.
    e.send("setoption name UCI_Variant value chess");
    e.send("setoption name UCI_Variant value minishogi");
    assert!(e.ready().is_empty());
    e.quit(true);
}

#[test]
fn malformed_and_untimely_commands_are_survived() {
    let mut e = Engine::start();
    // `go` before any `position`: the start position.
    e.send("go depth 2");
    let out = e.until("bestmove");
    let v = bundled::load("chess").unwrap();
    best_move(&Position::start(&v), &out);
    // Unknown commands and `stop` with nothing to stop: no answer at all.
    for line in [
        "",
        "   ",
        "foo bar",
        "register later",
        "debug on",
        "stop",
        "ponderhit",
    ] {
        e.send(line);
    }
    assert!(e.ready().is_empty());
    // Malformed commands: an `info string` each, and the state before them stands.
    e.send("position startpos moves e2e4");
    for line in [
        "position",
        "position fen",
        "position fen not/a/fen w - - 0 1",
        "position sideways",
        "setoption name Hash value -3",
        "setoption name Hash value lots",
        "setoption name Move Overhead value 99999",
        "setoption name Nonsense value 1",
        "setoption name UCI_Variant value no-such-variant",
        "setoption name VariantPath value /no/such/file.txt",
        "setoption value 3",
    ] {
        e.send(line);
    }
    let said = e.ready();
    assert_eq!(said.len(), 11, "{said:?}");
    e.send("go depth 1");
    let out = e.until("bestmove");
    let mut after_e4 = Position::start(&v);
    after_e4.make(parse_uci(&after_e4, "e2e4").unwrap());
    best_move(&after_e4, &out);
    // A bad move ends the list there: the moves before it stand.
    e.send("position startpos moves e2e4 e7e5 e1e3 d2d4");
    let said = e.ready();
    assert!(said.len() == 1 && said[0].contains("move 3"), "{said:?}");
    e.send("go depth 1 nodes many");
    let out = e.until("bestmove");
    assert!(out[0].starts_with("info string go: 'nodes'"), "{out:?}");
    let mut pos = after_e4.clone();
    pos.make(parse_uci(&pos, "e7e5").unwrap());
    best_move(&pos, &out);

    // `go infinite` waits for `stop`, then answers once.
    e.send("go infinite");
    e.only_info(300);
    e.send("stop");
    let out = e.until("bestmove");
    best_move(&pos, &out);
    e.send("stop");
    assert!(e.ready().is_empty());
    // A new `position` in mid-search ends the search (its `bestmove` said) and takes effect.
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("position startpos");
    e.until("bestmove");
    e.send("go depth 1");
    best_move(&Position::start(&v), &e.until("bestmove"));
    // `isready` in mid-search is answered at once; `quit` in mid-search exits.
    e.send("go infinite");
    e.send("isready");
    e.until("readyok");
    e.quit(false);
}
