//! Share links: a game in the fragment of a permalink (the part after `#`), and back.
//!
//! # The fragment, version 1
//!
//! `key=value` pairs joined by `&`. [`encode`] writes them in the order below; [`decode`]
//! reads them in any order, each at most once.
//!
//! | key | value | written when |
//! | --- | --- | --- |
//! | `v` | a bundled variant's name | the variant is bundled |
//! | `d` | the variant's definition text, raw deflate, then URL-safe base64 without padding | the variant is a definition of one's own |
//! | `f` | the format version, `2` | a `seed` is written (a link without one is a version 1 link) |
//! | `fen` | the start position as FEN, spaces written `_` | the game did not start from the variant's start position (nor from one its `shuffle` key deals) |
//! | `seed` | the seed the start was dealt from, a whole number (`0` to `18446744073709551615`) | the game started from a shuffled start ([`crate::shuffle`]) |
//! | `m` | the moves in coordinate form ([`Game::history`]), joined by `.` | moves were played |
//! | `ai` | the side the computer plays: `white`, `black` or `both` | the computer plays |
//! | `l` | the computer's level, `1` to `5` | a level is given |
//! | `b` | which board of the page the game is for: an embedded board's element `id`, else its place among the page's boards from `0` | the game is an embedded board's |
//!
//! Exactly one of `v` and `d` is given, and at most one of `fen` and `seed`. Examples:
//!
//! ```text
//! v=morphing-chess&m=e2e3.e8e7&ai=black&l=3
//! v=chess&fen=4k3/8/8/8/8/8/4P3/4K3_w_-_-_0_1&m=e2e4.e8d7
//! v=marseillais&m=e2e4.e7e5.d7d5&ai=both&l=1
//! f=2&d=…&seed=4711&m=e2e4
//! d=S8vMSS22NVUoSszLBtHFlbm5qSVFlbZ5-XmpXNmZeelW3kAIZiQb6ugkm3IV5ednWwUBIZiRCBRMNeUCAA&m=a1a4&ai=both&l=2
//! ```
//!
//! (The last is a 5×5 board with a king and a rook a side.)
//!
//! `ai=black` means the person opening the link plays White: the page's players mode
//! `white` ([`Computer::page_mode`] names the mode for each value).
//!
//! Values are written readable where they can be: letters, digits and `- / : , ~` as they
//! are, a space as `_`, every other byte of the UTF-8 text as `%XX` (so `_` itself is `%5F`,
//! `.` is `%2E`, `&` is `%26`). Reading undoes that; `+` reads as `+`, not as a space.
//!
//! A definition is compressed rather than escaped: escaping turns every line break and `=`
//! into three characters, while deflate shrinks the repetitive piece lines and morph maps and
//! base64 adds a third back. For every bundled definition the compressed form is the shorter
//! (chess: 252 characters against 280 escaped; Morphomania: 686 against 2,497), and it is one
//! unbroken token that mail and chat programs do not cut at a line break.
//!
//! # Versions
//!
//! A fragment without `f` is version 1. A later version that changes a value's meaning or
//! adds a key writes `f=2` (or more) first, so that this page says the link is newer than it
//! reads instead of quietly leaving out what it does not know. Keys this version does not
//! know are errors. Version 2 adds `seed`; [`encode`] writes `f=2` only with a seed, so every
//! other link still opens on a version 1 page.
//!
//! # Limits
//!
//! [`decode`] reads any text without panicking and refuses, naming the field: fragments
//! longer than [`MAX_FRAGMENT_LEN`], definitions that inflate to more than
//! [`MAX_DEFINITION_LEN`] bytes (inflating stops at that size, so a small link cannot unpack
//! into a huge one), more than [`MAX_MOVES`] moves, and moves longer than [`MAX_MOVE_LEN`].

use crate::bundled;
use crate::describe;
use crate::fen;
use crate::game::Game;
use crate::gametext;
use std::fmt;

mod base64;
mod codec;

/// The format version [`encode`] writes and the newest [`decode`] reads.
pub const VERSION: u32 = 2;

/// The longest fragment [`decode`] reads, in bytes, not counting a leading `#`.
pub const MAX_FRAGMENT_LEN: usize = 32 * 1024;

/// The most bytes a shared definition may inflate to.
pub const MAX_DEFINITION_LEN: usize = 32 * 1024;

/// The most moves a share link carries (single moves: a Marseillais turn is two): as many as
/// an import reads, so every imported game can be shared.
pub const MAX_MOVES: usize = gametext::MAX_MOVES;

/// The longest move text, in characters (`p16p15q` is seven).
pub const MAX_MOVE_LEN: usize = 16;

/// The computer's lowest and highest levels (the page's Level).
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// The variant of a shared game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SharedVariant {
    /// A bundled variant, by name (`v=`).
    Bundled(String),
    /// A definition of one's own, its whole text (`d=`).
    Definition(String),
}

/// The side(s) the computer plays in a shared game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Computer {
    /// The computer plays White.
    White,
    /// The computer plays Black.
    Black,
    /// The computer plays both sides.
    Both,
}

impl Computer {
    /// Every value, in the order `ai=` is read.
    pub const ALL: [Computer; 3] = [Computer::White, Computer::Black, Computer::Both];

    /// The value of `ai=`.
    pub fn as_str(self) -> &'static str {
        match self {
            Computer::White => "white",
            Computer::Black => "black",
            Computer::Both => "both",
        }
    }

    /// The value of `ai=` read back; `None` for another text.
    pub fn parse(text: &str) -> Option<Computer> {
        Computer::ALL.into_iter().find(|c| c.as_str() == text)
    }

    /// The page's players mode (`setMode`) for who the computer plays: `human` when it plays
    /// neither side, `white` when it plays Black (the human plays White), `black` when it
    /// plays White, `ai` when it plays both.
    pub fn page_mode(computer: Option<Computer>) -> &'static str {
        match computer {
            None => "human",
            Some(Computer::Black) => "white",
            Some(Computer::White) => "black",
            Some(Computer::Both) => "ai",
        }
    }

    /// Who the computer plays in one of the page's players modes; `None` for an unknown mode.
    pub fn from_page_mode(mode: &str) -> Option<Option<Computer>> {
        [
            None,
            Some(Computer::White),
            Some(Computer::Black),
            Some(Computer::Both),
        ]
        .into_iter()
        .find(|&c| Computer::page_mode(c) == mode)
    }
}

/// A shared game: what a share link's fragment carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share {
    /// The variant: a bundled one by name, or a definition's text.
    pub variant: SharedVariant,
    /// The start position when it is not the variant's.
    pub fen: Option<String>,
    /// The seed a shuffled start was dealt from (`fen` is then `None`).
    pub seed: Option<u64>,
    /// The moves played, coordinate form.
    pub moves: Vec<String>,
    /// Who the computer plays; `None`: nobody (human against human).
    pub computer: Option<Computer>,
    /// The computer's level, 1 to 5; `None` leaves the page's.
    pub level: Option<u8>,
    /// The embedded board the game is for (its id, or its place on the page); `None`: the
    /// page's own board.
    pub board: Option<String>,
}

impl Share {
    /// A game as a share: its variant (by name when bundled, else its definition text), its
    /// start position when set up, the moves played (not those taken back). The computer and
    /// the level are left for the caller to fill in.
    pub fn of_game(game: &Game) -> Share {
        let v = game.variant();
        let variant = if describe::is_bundled(v) {
            SharedVariant::Bundled(v.name.clone())
        } else {
            SharedVariant::Definition(v.source.clone())
        };
        // A dealt start goes by its seed; a set-up one (even of a shuffle variant) by its FEN.
        let seed = (game.seed())
            .filter(|&s| *game.start() == crate::position::Position::start_seeded(v, s));
        Share {
            variant,
            fen: game.setup_fen().filter(|_| seed.is_none()),
            seed,
            moves: game.history(),
            computer: None,
            level: None,
            board: None,
        }
    }
}

/// Why a fragment was not read: the field (`v`, `d`, `fen`, `m`, `ai`, `l`, `f`, or
/// `fragment` for the whole) and what was wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareError {
    /// The field: `v`, `d`, `fen`, `m`, `ai`, `l`, `f`, or `fragment` for the whole.
    pub field: String,
    /// What was wrong with it.
    pub message: String,
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "share link, {}: {}", self.field, self.message)
    }
}

impl std::error::Error for ShareError {}

fn error(field: &str, message: impl Into<String>) -> ShareError {
    ShareError {
        field: field.to_string(),
        message: message.into(),
    }
}

/// The fragment for a share, without the `#`. [`decode`] reads it back as the same share
/// when the share is one `decode` could have made (a bundled name, no empty texts, a level
/// from 1 to 5, within the limits).
pub fn encode(share: &Share) -> String {
    let mut parts = Vec::new();
    if share.seed.is_some() {
        parts.push(format!("f={VERSION}"));
    }
    match &share.variant {
        SharedVariant::Bundled(name) => parts.push(format!("v={}", escape(name))),
        SharedVariant::Definition(text) => {
            let packed = codec::deflate(text.as_bytes());
            parts.push(format!("d={}", base64::encode(&packed)));
        }
    }
    if let Some(f) = &share.fen {
        parts.push(format!("fen={}", escape(f)));
    }
    if let Some(seed) = share.seed {
        parts.push(format!("seed={seed}"));
    }
    if !share.moves.is_empty() {
        let moves: Vec<String> = share.moves.iter().map(|m| escape(m)).collect();
        parts.push(format!("m={}", moves.join(".")));
    }
    if let Some(c) = share.computer {
        parts.push(format!("ai={}", c.as_str()));
    }
    if let Some(l) = share.level {
        parts.push(format!("l={l}"));
    }
    if let Some(b) = &share.board {
        parts.push(format!("b={}", escape(b)));
    }
    parts.join("&")
}

/// Read a fragment (with or without its leading `#`). Never panics; an error names the field
/// and what was wrong.
pub fn decode(fragment: &str) -> Result<Share, ShareError> {
    let text = fragment.strip_prefix('#').unwrap_or(fragment);
    if text.len() > MAX_FRAGMENT_LEN {
        return Err(error(
            "fragment",
            format!(
                "{} bytes long, more than the {MAX_FRAGMENT_LEN} a share link may have",
                text.len()
            ),
        ));
    }
    let mut fields: [Option<&str>; 9] = [None; 9];
    const KEYS: [&str; 9] = ["f", "v", "d", "fen", "m", "ai", "l", "b", "seed"];
    let mut unknown = None;
    for part in text.split('&').filter(|p| !p.is_empty()) {
        let Some((key, value)) = part.split_once('=') else {
            return Err(error(
                "fragment",
                format!("'{}' is not key=value", clip(part)),
            ));
        };
        match KEYS.iter().position(|&k| k == key) {
            Some(i) if fields[i].is_some() => {
                return Err(error(key, "given twice"));
            }
            Some(i) => fields[i] = Some(value),
            None => {
                unknown.get_or_insert(key);
            }
        }
    }
    let [
        version,
        name,
        definition,
        start,
        moves,
        computer,
        level,
        board,
        seed,
    ] = fields;
    // The version first: a newer link may use keys this version does not know.
    if let Some(f) = version {
        match f.parse::<u32>() {
            Ok(1..=VERSION) => {}
            Ok(n) if n > VERSION => {
                return Err(error(
                    "f",
                    format!("format version {n} is newer than this page reads ({VERSION})"),
                ));
            }
            _ => return Err(error("f", format!("'{}' is not a version", clip(f)))),
        }
    }
    if let Some(key) = unknown {
        return Err(error(
            "fragment",
            format!(
                "unknown key '{}' (a version {VERSION} link has {})",
                clip(key),
                KEYS.join(", ")
            ),
        ));
    }
    let variant = match (name, definition) {
        (Some(_), Some(_)) => {
            return Err(error(
                "v",
                "a link has a bundled variant (v) or a definition (d), not both",
            ));
        }
        (None, None) => {
            return Err(error(
                "fragment",
                "no variant: expected v=NAME (a bundled variant) or d=DEFINITION",
            ));
        }
        (Some(n), None) => {
            let n = unescape("v", n)?;
            if bundled::text(&n).is_none() {
                let names: Vec<&str> = bundled::names().collect();
                return Err(error(
                    "v",
                    format!(
                        "'{}' is not a bundled variant ({})",
                        clip(&n),
                        names.join(", ")
                    ),
                ));
            }
            SharedVariant::Bundled(n)
        }
        (None, Some(d)) => SharedVariant::Definition(inflate_definition(d)?),
    };
    let fen = match start {
        Some(f) => {
            let f = unescape("fen", f)?;
            if f.trim().is_empty() {
                return Err(error("fen", "empty (leave fen out for the start position)"));
            }
            Some(f)
        }
        None => None,
    };
    let seed = match seed {
        Some(_) if fen.is_some() => {
            return Err(error(
                "seed",
                "a link has a start position (fen) or a seed, not both",
            ));
        }
        Some(s) => Some(s.parse::<u64>().map_err(|_| {
            error(
                "seed",
                format!("'{}' is not a whole number from 0 to {}", clip(s), u64::MAX),
            )
        })?),
        None => None,
    };
    let moves = match moves {
        Some(m) if !m.is_empty() => decode_moves(m)?,
        _ => Vec::new(),
    };
    let computer = match computer {
        Some(c) => Some(
            Computer::parse(c)
                .ok_or_else(|| error("ai", format!("'{}' is not white, black or both", clip(c))))?,
        ),
        None => None,
    };
    let level = match level {
        Some(l) => Some(
            l.parse::<u8>()
                .ok()
                .filter(|n| LEVELS.contains(n))
                .ok_or_else(|| {
                    error(
                        "l",
                        format!(
                            "'{}' is not a level from {} to {}",
                            clip(l),
                            LEVELS.start(),
                            LEVELS.end()
                        ),
                    )
                })?,
        ),
        None => None,
    };
    let board = match board {
        Some("") => {
            return Err(error("b", "empty (leave b out for the page's board)"));
        }
        Some(b) => Some(unescape("b", b)?),
        None => None,
    };
    Ok(Share {
        variant,
        fen,
        seed,
        moves,
        computer,
        level,
        board,
    })
}

fn inflate_definition(d: &str) -> Result<String, ShareError> {
    let packed = base64::decode(d).map_err(|e| error("d", format!("not URL-safe base64 ({e})")))?;
    let bytes = codec::inflate(&packed, MAX_DEFINITION_LEN).map_err(|e| match e {
        codec::Inflate::TooLong => error(
            "d",
            format!("the definition inflates to more than {MAX_DEFINITION_LEN} bytes"),
        ),
        codec::Inflate::Broken(why) => error("d", format!("not deflate data ({why})")),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| {
        error(
            "d",
            "the definition inflates to bytes that are not UTF-8 text",
        )
    })?;
    if text.trim().is_empty() {
        return Err(error("d", "the definition is empty"));
    }
    Ok(text)
}

fn decode_moves(m: &str) -> Result<Vec<String>, ShareError> {
    let count = m.split('.').count();
    if count > MAX_MOVES {
        return Err(error(
            "m",
            format!("{count} moves, more than the {MAX_MOVES} a share link may have"),
        ));
    }
    m.split('.')
        .enumerate()
        .map(|(i, text)| {
            let n = i + 1;
            if text.is_empty() {
                return Err(error("m", format!("move {n} is empty")));
            }
            let mv = unescape("m", text)?;
            if mv.chars().count() > MAX_MOVE_LEN {
                return Err(error(
                    "m",
                    format!("move {n} is longer than {MAX_MOVE_LEN} characters"),
                ));
            }
            Ok(mv)
        })
        .collect()
}

/// A value as the fragment writes it (see the module documentation).
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        match b {
            b' ' => out.push('_'),
            b'-' | b'/' | b':' | b',' | b'~' => out.push(b as char),
            _ if b.is_ascii_alphanumeric() => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// A value as written back to its text: `%XX` escapes and `_` for a space undone.
fn unescape(field: &str, value: &str) -> Result<String, ShareError> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = |j: usize| bytes.get(j).and_then(|&c| (c as char).to_digit(16));
                match (hex(i + 1), hex(i + 2)) {
                    (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
                    _ => {
                        return Err(error(
                            field,
                            format!("'%' at byte {} is not followed by two hex digits", i + 1),
                        ));
                    }
                }
                i += 3;
            }
            b'_' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| error(field, "not UTF-8 text once unescaped"))
}

/// At most 40 characters of a text, for messages.
fn clip(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(MAX).collect();
        s.push('…');
        s
    }
}

/// The first move of a share that could not be played: its index in [`Share::moves`] (from
/// 0), its text, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveFailure {
    /// Its index in [`Share::moves`], from 0.
    pub index: usize,
    /// Its text.
    pub text: String,
    /// Why it could not be played.
    pub reason: String,
}

impl fmt::Display for MoveFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}): {}",
            self.index + 1,
            self.text,
            self.reason
        )
    }
}

/// The game a share describes: its variant loaded, its start position set, its moves played.
/// The variant or the FEN failing is an error (`"d: 3:1: ..."`, `"fen: FEN column 9: ..."`);
/// a move failing stops there and is reported with the game of the moves before it.
pub fn restore(share: &Share) -> Result<(Game, Option<MoveFailure>), String> {
    let v = match &share.variant {
        SharedVariant::Bundled(name) => bundled::load(name)
            .ok_or_else(|| format!("v: '{}' is not a bundled variant", clip(name)))?,
        SharedVariant::Definition(text) => {
            describe::load_variant(text).map_err(|e| format!("d: {e}"))?
        }
    };
    let mut game = match (&share.fen, share.seed) {
        (None, Some(seed)) => Game::shuffled(&v, seed),
        (None, None) => Game::new(&v),
        (Some(f), _) => Game::from_position(fen::from_fen(&v, f).map_err(|e| format!("fen: {e}"))?),
    };
    for (index, text) in share.moves.iter().enumerate() {
        let failed = |reason: String| MoveFailure {
            index,
            text: text.clone(),
            reason,
        };
        if index == MAX_MOVES {
            let reason = format!("more than {MAX_MOVES} moves");
            return Ok((game, Some(failed(reason))));
        }
        if let Err(reason) = gametext::play_move(&mut game, text) {
            return Ok((game, Some(failed(reason))));
        }
    }
    Ok((game, None))
}

#[cfg(test)]
mod tests;
