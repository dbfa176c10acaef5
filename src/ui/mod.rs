//! The page's headless model: everything the applet decides, with no browser in it, so plain
//! `cargo test` exercises it natively. The browser shell (`web`, wasm32 only) decodes DOM
//! events into these types, applies the effects they return, and draws.
//!
//! Files: `layout` (board size, squares and pixels), `player` (the computer player's mode,
//! level and readout).

pub mod layout;
pub mod player;
