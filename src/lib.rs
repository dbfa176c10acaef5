//! fairylab: a rules core for chess variants defined in the Interactive Diagram's text format,
//! compiled natively (tests, command line) and to WebAssembly (the applet).
//!
//! Pipeline: definition text → [`definition::parse`] → [`definition::Definition::validate`]
//! → [`variant::Variant::compile`] (move tables built once) → [`position::Position`] (legal
//! moves, make / unmake) → [`game::Game`] (history, results).
//!
//! [`designer`] holds designer mode's models (replay under edited rules, move diagrams, the
//! start-position editor, the piece legend, definition diffs), on top of the same pipeline.
//!
//! The rules modules are pure Rust with no browser dependency; the browser glue lives in
//! `web`, compiled only for `wasm32`.

pub mod betza;
pub mod bundled;
pub mod definition;
pub mod describe;
pub mod designer;
pub mod eval;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod notation;
pub mod position;
pub mod search;
pub mod selfplay;
pub mod variant;

#[cfg(target_arch = "wasm32")]
pub mod web;
