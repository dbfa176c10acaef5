//! fairylab: a rules core for chess variants defined in the Interactive Diagram's text format,
//! compiled natively (tests, command line) and to WebAssembly (the applet).
//!
//! The rules modules are pure Rust with no browser dependency; the browser glue lives in
//! [`web`], compiled only for `wasm32`.

#[cfg(target_arch = "wasm32")]
pub mod web;
