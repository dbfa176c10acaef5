//! fairylab: a rules core for chess variants defined in the Interactive Diagram's text format,
//! compiled natively (tests, command line) and to WebAssembly (the applet).
//!
//! Pipeline: definition text → [`definition::parse`] → [`definition::Definition::validate`]
//! → [`variant::Variant::compile`] (move tables built once) → [`position::Position`] (legal
//! moves, make / unmake) → [`game::Game`] (history, results). A game goes out and comes back
//! in as text ([`gametext`]: a Game Courier move list, PGN) and as a share link's fragment
//! ([`share`]).
//!
//! Modules: [`definition`] (Interactive Diagram text), [`betza`] (piece moves), [`variant`]
//! (compiled move tables), [`geometry`], [`piece`] (colours, piece types, pieces),
//! [`position`], [`fen`], [`notation`] (move text),
//! [`game`], [`describe`] (rules answers for the page), [`bundled`] (the bundled variants),
//! [`eval`] and [`search`] (the AI), [`selfplay`] (the engine against itself, every move
//! checked) and [`balance`] (many engine games of one or two rule sets: their statistics and
//! table, shared by `fairylab balance` and the page).
//!
//! [`designer`] holds designer mode's models (replay under edited rules, move diagrams, the
//! start-position editor, the piece legend, definition diffs), on top of the same pipeline.
//!
//! The rules modules are pure Rust with no browser dependency; so is `ui`, the page's headless
//! model. The browser glue lives in `web`, compiled only for `wasm32`.
//!
//! # Example
//!
//! Load a variant from its Interactive Diagram text, list the legal moves, play one and count
//! the positions two plies on (perft):
//!
//! ```
//! use fairylab::{bundled, fen, notation, position::Position};
//!
//! // FIDE chess as the Interactive Diagram writes it: the board, promotion, and one line per
//! // piece type (name, ID, Betza moves, image, start squares).
//! let text = "\
//! files=8 ranks=8
//! promoZone=1 promoChoice=QRBN
//! pawn:P:ifmnDfmWfceF:pawn:a2-h2
//! knight:N:N:knight:b1,g1
//! bishop:B:B:bishop:c1,f1
//! rook:R:R:rook:a1,h1
//! queen:Q:Q:queen:d1
//! king:K:KisO2:king:e1
//! ";
//! // Parsed, validated and compiled into move tables once; an error names its line and column.
//! let variant = bundled::compile("my-chess", text).expect("a valid definition");
//! let mut position = Position::start(&variant);
//!
//! let mut moves = Vec::new();
//! position.legal_moves(&mut moves);
//! let names: Vec<String> = moves.iter().map(|&m| notation::to_coordinate(&variant, m)).collect();
//! assert_eq!(names.len(), 20);
//! assert!(names.contains(&"g1f3".to_string()));
//!
//! let e4 = notation::parse_move(&position, "e2e4").expect("a legal move");
//! position.make(e4);
//! assert_eq!(
//!     fen::to_fen(&position),
//!     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
//! );
//! // 20 replies, then 600 positions after two more plies (the figure of
//! // `fairylab perft chess 2 --moves e2e4`).
//! assert_eq!(position.perft(1), 20);
//! assert_eq!(position.perft(2), 600);
//!
//! // A definition the Interactive Diagram could not show either (a board of no squares) is
//! // refused, saying where; anything else loads, what is not played yet with a warning.
//! let bad = bundled::compile("bad", "files=8 ranks=0\nking:K:K:king:e1\n");
//! assert!(bad.unwrap_err().to_string().starts_with("1:15: ranks must be a whole number"));
//! ```

#![warn(missing_docs)]

pub mod balance;
pub mod betza;
pub mod bundled;
pub mod decimal;
pub mod definition;
pub mod describe;
pub mod designer;
pub mod eval;
pub mod fen;
pub mod game;
pub mod gametext;
pub mod gate;
pub mod geometry;
pub mod hands;
pub mod keyed;
pub mod notation;
pub mod piece;
pub mod position;
pub mod search;
pub mod selfplay;
pub mod share;
pub mod shuffle;
mod splitmix;
pub mod trade;
pub mod uci;
// The page's headless model: public so that native builds, where only the wasm32 `web` module
// uses it, test it without dead-code warnings; not part of the crate's API.
#[doc(hidden)]
pub mod ui;
pub mod values;
pub mod variant;
pub mod walk;

#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod web;

/// The wasm's allocator: Talc, a drop-in replacement for Rust's default (dlmalloc) in
/// single-threaded WebAssembly, smaller in the module (the embed script's size budget) and
/// faster.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
