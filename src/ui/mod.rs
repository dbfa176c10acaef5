//! The page's headless model: everything the applet decides, with no browser in it, so plain
//! `cargo test` exercises it natively. The browser shell (`web`, wasm32 only) decodes DOM
//! events into these types, applies the effects they return, and draws.
//!
//! Where is what:
//! - `applet`: one applet's model (session, board, computer player, rules editor, and the
//!   overlay: a move diagram or the position editor) and, under `applet/`, its handlers, each
//!   `(&mut Applet, event, &mut Vec<Effect>)`, the effects applied by the host in order;
//! - `board`: a board's view model with no game in it, its marks included; `input`: input on
//!   it turned into board effects (a move asked for, a piece placed, words to say);
//! - `session`: the game being played or viewed, in the board's terms; `names`: the name a
//!   variant is listed under (a pasted definition's from its own text);
//! - `annotated`: the game a definition shows (its `moveList`) with its comments;
//! - `computer`: the computer player's policy, a state machine answering with worker jobs;
//! - `player`: who plays (mode), how long it thinks (level), its readout lines;
//! - `editor`: the live rules editor ([`editor::RulesEditor`]: rules A and B, the draft and its
//!   errors, the replay's outcome and the game to undo to);
//! - `hand`: the hands beside the board, their rows and drops;
//! - `art`: which sprite a piece type gets; `pictures`: the host page's own piece images;
//!   `scene`: one frame of the board as plain data
//!   (what the browser shell paints);
//! - `layout`: board size, square names, and squares to CSS pixels and back;
//! - `legend`: a piece's move diagram as the page shows it ([`legend::DiagramView`]) and the
//!   piece inspected; `setup`: the position editor ([`setup::PositionEditor`]);
//! - `linked`: what the page says when a share link in its address does not open;
//! - `notice`: what the board says about its rules (the `not played:` warnings);
//! - `lab`: the balance lab (a run of engine games in its own worker, and its table).
//!
//! The models (`session`, `board`, `editor`, `legend`, `setup`, ...) know nothing of the
//! applet: it imports them, never the other way round.

pub mod annotated;
pub mod applet;
pub mod art;
pub mod board;
pub mod computer;
pub mod editor;
pub mod embed;
pub mod hand;
pub mod input;
pub mod lab;
pub mod layout;
pub mod legend;
pub mod linked;
pub mod names;
pub mod notice;
pub mod pictures;
pub mod player;
pub mod scene;
pub mod session;
pub mod setup;
