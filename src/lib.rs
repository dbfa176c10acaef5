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
pub mod trade;
pub mod uci;
pub mod ui;
pub mod values;
pub mod variant;
pub mod walk;

#[cfg(target_arch = "wasm32")]
pub mod web;

/// The wasm's allocator: Talc, a drop-in replacement for Rust's default (dlmalloc) in
/// single-threaded WebAssembly, smaller in the module (the embed script's size budget) and
/// faster.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
