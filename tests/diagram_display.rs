//! The squares the Interactive Diagram's own script shows for a piece (its display generator,
//! what a person plays on its page), for moves whose perft its AI's generator cannot give:
//! `n` on the oblique atoms `Z` and `C` (`tests/diagram/display.txt`, format and source at its
//! top). fairylab's moves from d4 must be the squares the script shows, on every block.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::moves_from;
use fairylab::{bundled, position::Position};

const DISPLAY: &str = include_str!("diagram/display.txt");

/// One block: the board (8x8 with the piece on d4, or as its `board` line says), the Betza,
/// the stones and the squares the script shows.
struct Block {
    line: usize,
    size: u8,
    at: String,
    betza: String,
    white: String,
    black: String,
    shows: Vec<String>,
}

fn squares(value: &str) -> Vec<String> {
    if value == "-" {
        return Vec::new();
    }
    value.split_whitespace().map(str::to_string).collect()
}

fn parse() -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut fields: Vec<(usize, String, String)> = Vec::new();
    let mut finish = |fields: &mut Vec<(usize, String, String)>| {
        if fields.is_empty() {
            return;
        }
        let get = |key: &str| {
            (fields.iter())
                .find(|(_, k, _)| k == key)
                .map(|(_, _, v)| v.clone())
                .unwrap_or_else(|| panic!("display.txt:{}: no '{key}'", fields[0].0))
        };
        let board = (fields.iter()).find(|(_, k, _)| k == "board");
        let (size, at) = match board.and_then(|(_, _, v)| v.split_once(' ')) {
            Some((n, at)) => (n.parse().expect("a board size"), at.to_string()),
            None => (8, "d4".to_string()),
        };
        blocks.push(Block {
            line: fields[0].0,
            size,
            at,
            betza: get("betza"),
            white: get("white"),
            black: get("black"),
            shows: squares(&get("shows")),
        });
        fields.clear();
    };
    for (i, raw) in DISPLAY.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            finish(&mut fields);
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        fields.push((i + 1, key.to_string(), value.trim().to_string()));
    }
    finish(&mut fields);
    blocks
}

#[test]
fn fairylab_moves_where_the_diagram_shows() {
    let blocks = parse();
    assert!(blocks.len() >= 40, "{} blocks", blocks.len());
    let list = |v: &str| {
        if v == "-" {
            String::new()
        } else {
            v.replace(' ', ",")
        }
    };
    let mut failures = Vec::new();
    for b in &blocks {
        let corner = format!("{}{}", (b'a' + b.size - 1) as char, b.size);
        let text = format!(
            "files={n} ranks={n} promoZone=0 symmetry=none\npiece:X:{}:piece:{}\n\
             stone:S:W:stone:{},,{}\nking:K:K:king:a1,,{corner}",
            b.betza,
            b.at,
            list(&b.white),
            list(&b.black),
            n = b.size,
        );
        let v = bundled::compile("display", &text)
            .unwrap_or_else(|e| panic!("display.txt:{}: {e}", b.line));
        let got: Vec<String> = moves_from(&Position::start(&v), &b.at)
            .iter()
            .map(|m| m[b.at.len()..].to_string())
            .collect();
        let mut want = b.shows.clone();
        want.sort();
        if got != want {
            failures.push(format!(
                "display.txt:{}: {}: the script shows {want:?}, fairylab moves to {got:?}",
                b.line, b.betza
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
