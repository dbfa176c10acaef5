//! A whole game as text, out and back in: Game Courier's move list and PGN.
//!
//! # Game Courier move list ([`to_game_courier`])
//!
//! One line per turn, numbered in the style of Game Courier's move lists: `1.` before White's
//! turn, `1...` before Black's. Each move is in full algebraic as [`notation::to_game_courier`]
//! writes it (`P e2-e4`; a promotion as its own action after the move, `P e7-e8; Q-e8`). A
//! turn of several moves (Marseillais) is one Game Courier move of several actions: its moves
//! on the one line, separated by `; ` as Game Courier separates actions.
//!
//! ```text
//! 1. P e2-e4
//! 1... p e7-e5; p d7-d5
//! 2. P e4-d5; Q d1-h5
//! ```
//!
//! The list says neither the variant nor the start position: it is read in the variant and
//! from the position the reader is given ([`import`], [`import_from`]).
//!
//! # PGN ([`to_pgn`])
//!
//! The seven tags PGN requires (`?` where fairylab does not know), `[Variant "NAME"]` (the
//! bundled name, or `custom-…` for a definition of one's own), and `[SetUp "1"]` with
//! `[FEN "..."]` only when the game did not start from the variant's start position. The
//! movetext is in coordinate form (`e2e4`, `e7e8q`, castling as the king's move), numbered
//! before each of White's turns (`1...` first when Black begins), the moves of a Marseillais
//! turn one after the other, and ends with the result token (`1-0`, `0-1`, `1/2-1/2`, or `*`
//! while the game goes on).
//!
//! Coordinate movetext rather than SAN, because it reads back without rules of its own: it
//! names the two squares and the promotion piece, which is all that tells one legal move from
//! another here, while SAN would need disambiguation among fairy pieces that reach the same
//! square, piece letters that change as pieces morph (Morphing Chess), and a check test for
//! `+`. It is also the form of fairylab's command line, share links and the engine's
//! principal variation, close to the UCI moves variant engines speak.
//!
//! # Import ([`import`])
//!
//! Either format, told apart by the first move: a lone piece ID (`P e2-e4`, `+P e4-e5`,
//! `GB c1-e3`) or a `from-to` dash makes it a Game Courier list, anything else PGN movetext.
//! Tags are read in both (`Variant`: a bundled name, or the current variant's; `FEN`), as are
//! `{comments}`, move numbers (`12.`, `12...`, `12.e2e4`), line breaks, `(variations)`
//! (skipped), NAGs (`$1`), `!?+#` after a move, `%` escape lines, and Game Courier's
//! `// comments`. In PGN a `;` starts a comment to the end of the line; in a Game Courier list
//! it separates actions. On a board wider than 26 files, whose files past `z` are `{ | } ~`,
//! a brace is a file where its word reads as a move (`scan.rs`, docs/big-boards.md).
//! Reading stops at a result token or at a tag after the moves (the next game). A move in
//! either notation is read in either format. The moves are replayed; the first that does not
//! read or is not legal stops the import with the moves before it kept, and the error names
//! it by its move number: `move 12 (N d4-f5): ...`, `move 12... (n d4-f5): ...` for Black's. At most [`MAX_MOVES`] moves are read.
//!
//! # The Interactive Diagram's games
//!
//! A definition's `moveList` ([`move_list`]) is read in the Diagram's own notation ([`san`]:
//! `Nc3`, `exd5`, `Lxd5-e6`, `O-O`), coordinate or Game Courier moves, its `{comments}` kept
//! beside the moves they follow.

use crate::bundled;
use crate::fen;
use crate::game::Game;
use crate::geometry::Geometry;
use crate::notation;
use crate::piece::PieceId;
use crate::position::{Colour, Move, Position, WHITE};
use crate::variant::Variant;
use std::sync::Arc;

pub mod move_list;
pub mod san;
mod scan;

use scan::{Item, Scan, is_wide};

/// The most moves an import reads (single moves: a Marseillais turn is two), a thousand
/// moves a side: far past real games, and a bound on the work a pasted text can ask for.
pub const MAX_MOVES: usize = 2000;

/// The two game formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A Game Courier move list.
    GameCourier,
    /// PGN, its movetext in coordinate form.
    Pgn,
}

/// An imported game: the game of the moves that were played, how many, and why the import
/// stopped early, if it did.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The game of the moves played.
    pub game: Game,
    /// Moves of the text played into `game`.
    pub played: usize,
    /// The first move that did not read or was not legal: `move 12 (N d4-f5): why`.
    pub error: Option<String>,
    /// How the moves were written (PGN for a text without moves).
    pub format: Format,
    /// The tags, as written, in order.
    pub tags: Vec<(String, String)>,
}

/// A turn: the side, its fullmove number, and the range of its moves in the game's list.
struct Turn {
    side: Colour,
    number: u32,
    start: usize,
    end: usize,
}

fn turns(game: &Game) -> Vec<Turn> {
    let mut pos = game.start().clone();
    let mut out: Vec<Turn> = Vec::new();
    for (i, p) in game.played().iter().enumerate() {
        let side = pos.side_to_move();
        match out.last_mut() {
            Some(t) if t.side == side => t.end = i + 1,
            _ => out.push(Turn {
                side,
                number: pos.fullmove_number(),
                start: i,
                end: i + 1,
            }),
        }
        pos.make(p.mv);
    }
    out
}

fn number(side: Colour, n: u32) -> String {
    if side == WHITE {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

/// The game as a Game Courier move list, a line per turn (see the module documentation).
pub fn to_game_courier(game: &Game) -> String {
    let played = game.played();
    let mut out = String::new();
    for t in turns(game) {
        let moves: Vec<&str> = played[t.start..t.end]
            .iter()
            .map(|p| p.courier.as_str())
            .collect();
        out.push_str(&format!(
            "{} {}\n",
            number(t.side, t.number),
            moves.join("; ")
        ));
    }
    out
}

/// The game as PGN (see the module documentation).
pub fn to_pgn(game: &Game) -> String {
    let result = game.outcome().map_or("*", |o| o.score());
    let mut tags = vec![
        ("Event", "?".to_string()),
        ("Site", "?".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", "?".to_string()),
        ("White", "?".to_string()),
        ("Black", "?".to_string()),
        ("Result", result.to_string()),
        ("Variant", game.variant().name.clone()),
    ];
    if let Some(f) = game.setup_fen() {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", f));
    }
    let mut out = String::new();
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push('\n');
    let played = game.played();
    let mut tokens = Vec::new();
    for (i, t) in turns(game).iter().enumerate() {
        if t.side == WHITE || i == 0 {
            tokens.push(number(t.side, t.number));
        }
        tokens.extend(played[t.start..t.end].iter().map(|p| p.coordinate.clone()));
    }
    tokens.push(result.to_string());
    // Lines of at most 79 characters, as PGN asks.
    let mut width = 0;
    for tok in tokens {
        if width > 0 && width + 1 + tok.len() > 79 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(&tok);
        width += tok.len();
    }
    out.push('\n');
    out
}

/// Play a move given as text in either notation ([`notation::parse_move`]), in a game that
/// is not over. The error is the reason alone ("the pawn on e4 has no legal move to e5"),
/// for callers that name the move themselves.
pub fn play_move(game: &mut Game, text: &str) -> Result<Move, String> {
    if let Some(o) = game.outcome() {
        return Err(format!("the game is over: {} {o}", o.score()));
    }
    let m = notation::parse_move(game.position(), text).map_err(|e| e.message)?;
    game.play(m)?;
    Ok(m)
}

/// Read a game in either format (see the module documentation), in `variant` unless a
/// `Variant` tag names another, from its start position unless a `FEN` tag gives one. Never
/// panics. `Err` when no game can be set up (an unknown variant, a bad FEN); otherwise the
/// moves up to the first bad one are played.
pub fn import(text: &str, variant: &Arc<Variant>) -> Result<Imported, String> {
    import_from(text, &Position::start(variant))
}

/// [`import`] from `start` when the text has no `FEN` tag (and names no other variant): for
/// a Game Courier list of a game that began in a set-up position.
pub fn import_from(text: &str, start: &Position) -> Result<Imported, String> {
    let mut scan = Scan::new(text, false, start.variant().geometry);
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut format: Option<Format> = None;
    let mut begun: Option<Position> = None;
    let mut moves: Vec<String> = Vec::new();
    let mut label: Option<&str> = None;
    let mut over: Option<String> = None;
    while let Some(item) = scan.next(format == Some(Format::GameCourier)) {
        let word = match item {
            Item::Tag(name, value) => {
                if begun.is_some() {
                    break; // the next game's tags
                }
                let board = ["Variant", "FEN"]
                    .iter()
                    .any(|t| name.eq_ignore_ascii_case(t));
                tags.push((name, value));
                if board && let Ok(p) = set_up(&tags, start) {
                    // The moves are read on the board the tags set up.
                    scan.wide = is_wide(p.variant().geometry);
                }
                continue;
            }
            Item::Word(w) => w,
            Item::Comment(_) => continue,
        };
        let g = match &begun {
            Some(p) => p.variant().geometry,
            None => {
                let p = set_up(&tags, start)?;
                let g = p.variant().geometry;
                begun = Some(p);
                g
            }
        };
        let word = strip_number(word).trim_end_matches(['!', '?', '+', '#']);
        if word.is_empty() || word.chars().all(|c| c == '.' || c == '…') {
            continue;
        }
        if ["1-0", "0-1", "1/2-1/2", "½-½", "*"].contains(&word) {
            break;
        }
        format.get_or_insert(if is_label(word) || word.contains('-') {
            Format::GameCourier
        } else {
            Format::Pgn
        });
        let text = if is_label(word) {
            if let Some(l) = label.replace(word) {
                l.to_string() // a label with no move after it: a move that will not read
            } else {
                continue;
            }
        } else if is_promotion(g, word) && label.is_none() && !moves.is_empty() {
            // The promotion action of the move before: `P e7-e8; Q-e8`.
            if let Some(last) = moves.last_mut().filter(|m| !m.contains(';')) {
                last.push_str("; ");
                last.push_str(word);
                continue;
            }
            word.to_string()
        } else {
            match label.take() {
                Some(l) => format!("{l} {word}"),
                None => word.to_string(),
            }
        };
        if moves.len() == MAX_MOVES {
            over = Some(text);
            break;
        }
        moves.push(text);
    }
    if let Some(l) = label.filter(|_| over.is_none()) {
        if moves.len() == MAX_MOVES {
            over = Some(l.to_string());
        } else {
            moves.push(l.to_string());
        }
    }
    let start = match begun {
        Some(p) => p,
        None => set_up(&tags, start)?,
    };
    let mut game = Game::from_position(start);
    let mut error = None;
    for text in &moves {
        let n = move_number(game.position());
        if let Err(why) = play_move(&mut game, text) {
            error = Some(format!("move {n} ({text}): {why}"));
            break;
        }
    }
    let played = game.played().len();
    if error.is_none()
        && let Some(text) = over
    {
        let n = move_number(game.position());
        error = Some(format!(
            "move {n} ({text}): more than {MAX_MOVES} moves; the first {MAX_MOVES} were played"
        ));
    }
    Ok(Imported {
        game,
        played,
        error,
        format: format.unwrap_or(Format::Pgn),
        tags,
    })
}

/// `12` before White's move, `12...` before Black's.
fn move_number(pos: &Position) -> String {
    let n = pos.fullmove_number();
    if pos.side_to_move() == WHITE {
        n.to_string()
    } else {
        format!("{n}...")
    }
}

/// A Game Courier piece label: a piece ID of either case (`P`, `n`, `+P`, `GB`).
fn is_label(word: &str) -> bool {
    PieceId::new(word).is_some()
}

/// A Game Courier promotion action, `Q-e8`.
fn is_promotion(g: Geometry, word: &str) -> bool {
    word.split_once('-')
        .is_some_and(|(a, b)| is_label(a) && g.parse_square(b).is_some())
}

/// A word without a leading move number (`12.`, `12...`, `12…`); a bare number is nothing.
fn strip_number(word: &str) -> &str {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return word;
    }
    let rest = &word[digits..];
    if rest.is_empty() {
        return rest;
    }
    let after = rest.trim_start_matches(['.', '…']);
    if after.len() == rest.len() {
        word // `1-0`, `1/2-1/2`
    } else {
        after
    }
}

fn tag<'t>(tags: &'t [(String, String)], name: &str) -> Option<&'t str> {
    tags.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// The start position the tags say, else `start`.
fn set_up(tags: &[(String, String)], start: &Position) -> Result<Position, String> {
    let current = start.variant();
    let v = match tag(tags, "Variant") {
        Some(name) => variant_named(name, current)?,
        None => current.clone(),
    };
    match tag(tags, "FEN") {
        Some(f) => fen::from_fen(&v, f).map_err(|e| format!("[FEN \"{f}\"]: {e}")),
        None if Arc::ptr_eq(&v, current) => Ok(start.clone()),
        None => Ok(Position::start(&v)),
    }
}

/// The variant a `Variant` tag names: the current one, or a bundled one (in any case, with
/// spaces for dashes, with or without a trailing "chess"; `Standard` is chess).
fn variant_named(name: &str, current: &Arc<Variant>) -> Result<Arc<Variant>, String> {
    let key = |s: &str| {
        s.trim()
            .to_ascii_lowercase()
            .replace([' ', '_'], "-")
            .trim_end_matches("-chess")
            .to_string()
    };
    let wanted = key(name);
    if wanted == key(&current.name) {
        return Ok(current.clone());
    }
    let wanted = if wanted == "standard" {
        "chess".to_string()
    } else {
        wanted
    };
    if let Some(v) = bundled::names()
        .find(|n| key(n) == wanted)
        .and_then(bundled::load)
    {
        return Ok(v);
    }
    let names: Vec<&str> = bundled::names().collect();
    Err(format!(
        "[Variant \"{name}\"]: not the current variant ({}) nor a bundled one ({})",
        current.name,
        names.join(", ")
    ))
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod wide_tests;
