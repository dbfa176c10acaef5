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
//! Either format, told apart by the first move: a lone piece letter (`P e2-e4`) or a
//! `from-to` dash makes it a Game Courier list, anything else PGN movetext. Tags are read in
//! both (`Variant`: a bundled name, or the current variant's; `FEN`), as are `{comments}`,
//! move numbers (`12.`, `12...`, `12.e2e4`), line breaks, `(variations)` (skipped), NAGs
//! (`$1`), `!?+#` after a move, `%` escape lines, and Game Courier's `// comments`. In PGN a
//! `;` starts a comment to the end of the line; in a Game Courier list it separates actions.
//! Reading stops at a result token or at a tag after the moves (the next game). A move in
//! either notation is read in either format. The moves are replayed; the first that does not
//! read or is not legal stops the import with the moves before it kept, and the error names
//! it by its move number: `move 12 (N d4-f5): ...`, `move 12... (n d4-f5): ...` for Black's.
//! At most [`MAX_MOVES`] moves are read.

use crate::bundled;
use crate::fen;
use crate::game::Game;
use crate::geometry::Geometry;
use crate::notation;
use crate::position::{Colour, Move, Position, WHITE};
use crate::variant::Variant;
use std::sync::Arc;

/// The most moves an import reads (single moves: a Marseillais turn is two), a thousand
/// moves a side: far past real games, and a bound on the work a pasted text can ask for.
pub const MAX_MOVES: usize = 2000;

/// The two game formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    GameCourier,
    Pgn,
}

/// An imported game: the game of the moves that were played, how many, and why the import
/// stopped early, if it did.
#[derive(Debug, Clone)]
pub struct Imported {
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
    let mut scan = Scan { text, pos: 0 };
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
                tags.push((name, value));
                continue;
            }
            Item::Word(w) => w,
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

/// A Game Courier piece label: one letter.
fn is_label(word: &str) -> bool {
    word.len() == 1 && word.as_bytes()[0].is_ascii_alphabetic()
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
            .to_lowercase()
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

enum Item<'a> {
    Tag(String, String),
    Word(&'a str),
}

/// Splits a game text into tags and words, skipping comments, variations and NAGs.
struct Scan<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Scan<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Past the next `close` (or to the end).
    fn skip_past(&mut self, close: char) {
        while let Some(c) = self.bump() {
            if c == close {
                break;
            }
        }
    }

    /// Past a `(variation)`, nested ones and comments in it included.
    fn skip_variation(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.bump() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                '{' => self.skip_past('}'),
                _ => {}
            }
        }
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text.as_bytes()[self.pos - 1] == b'\n'
    }

    fn next(&mut self, semicolon_separates: bool) -> Option<Item<'a>> {
        loop {
            let c = self.peek()?;
            match c {
                _ if c.is_whitespace() => {
                    self.bump();
                }
                '%' if self.at_line_start() => self.skip_line(),
                '{' => self.skip_past('}'),
                '(' => self.skip_variation(),
                ')' | '}' | ']' => {
                    self.bump();
                }
                ';' if semicolon_separates => {
                    self.bump();
                }
                ';' => self.skip_line(),
                '/' if self.text[self.pos..].starts_with("//") => self.skip_line(),
                '$' => {
                    self.word();
                }
                '[' => return Some(self.tag()),
                _ => return Some(Item::Word(self.word())),
            }
        }
    }

    fn word(&mut self) -> &'a str {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}()[];".contains(c) {
                break;
            }
            self.bump();
        }
        if self.pos == start {
            // Cannot happen (the caller saw a word character), but never loop forever.
            self.bump();
        }
        &self.text[start..self.pos]
    }

    /// `[Name "value"]`, the value with `\"` and `\\` escapes; also `[Name value]`.
    fn tag(&mut self) -> Item<'a> {
        self.bump(); // '['
        while self.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
            self.bump();
        }
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && c != '"' && c != ']')
        {
            self.bump();
        }
        let name = self.text[start..self.pos].to_string();
        while self.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
            self.bump();
        }
        let mut value = String::new();
        if self.peek() == Some('"') {
            self.bump();
            while let Some(c) = self.bump() {
                match c {
                    '"' | '\n' => break,
                    '\\' => {
                        if let Some(e) = self.peek().filter(|&e| e != '\n') {
                            value.push(e);
                            self.bump();
                        }
                    }
                    _ => value.push(c),
                }
            }
        } else {
            while let Some(c) = self.peek().filter(|&c| c != ']' && c != '\n') {
                value.push(c);
                self.bump();
            }
        }
        // The rest of the tag, up to its `]` on this line.
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            self.bump();
            if c == ']' {
                break;
            }
        }
        Item::Tag(name, value.trim().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::describe;

    fn game(variant: &str, fen: Option<&str>, moves: &str) -> Game {
        let v = bundled::load(variant).unwrap();
        let mut g = match fen {
            Some(f) => Game::from_position(fen::from_fen(&v, f).unwrap()),
            None => Game::new(&v),
        };
        for m in moves.split_whitespace() {
            g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g
    }

    fn read(variant: &str, text: &str) -> Imported {
        import(text, &bundled::load(variant).unwrap()).unwrap()
    }

    const STR: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                       [White \"?\"]\n[Black \"?\"]\n";

    #[test]
    fn fools_mate_in_both_formats() {
        let g = game("chess", None, "f2f3 e7e5 g2g4 d8h4");
        let gc = to_game_courier(&g);
        assert_eq!(gc, "1. P f2-f3\n1... p e7-e5\n2. P g2-g4\n2... q d8-h4\n");
        let pgn = to_pgn(&g);
        assert_eq!(
            pgn,
            format!(
                "{STR}[Result \"0-1\"]\n[Variant \"chess\"]\n\n1. f2f3 e7e5 2. g2g4 d8h4 0-1\n"
            )
        );
        // The Game Courier list is read in the variant given; PGN names its own.
        for (text, format, current) in [
            (gc, Format::GameCourier, "chess"),
            (pgn, Format::Pgn, "morphing-chess"),
        ] {
            let i = read(current, &text);
            assert_eq!(i.format, format, "{text}");
            assert_eq!(i.error, None, "{text}");
            assert_eq!(i.played, 4);
            assert_eq!(i.game.history(), g.history());
            assert_eq!(i.game.variant().name, "chess");
        }
    }

    #[test]
    fn marseillais_turns_share_a_line() {
        let g = game(
            "marseillais",
            None,
            "e2e4 e7e5 d7d5 e4d5 d1h5 g8f6 f6h5 e1e2",
        );
        assert_eq!(
            to_game_courier(&g),
            "1. P e2-e4\n1... p e7-e5; p d7-d5\n2. P e4-d5; Q d1-h5\n\
             2... n g8-f6; n f6-h5\n3. K e1-e2\n"
        );
        assert!(
            to_pgn(&g).ends_with("\n\n1. e2e4 e7e5 d7d5 2. e4d5 d1h5 g8f6 f6h5 3. e1e2 *\n"),
            "{}",
            to_pgn(&g)
        );
        for text in [to_game_courier(&g), to_pgn(&g)] {
            let i = read("marseillais", &text);
            assert_eq!(i.error, None);
            assert_eq!(i.game.history(), g.history());
        }
    }

    #[test]
    fn promotions_and_set_up_positions() {
        let fen = "k7/4P3/8/8/8/8/p7/7K w - - 0 1";
        let g = game("chess", Some(fen), "e7e8q a8b7 e8e1 a2a1n");
        assert_eq!(
            to_game_courier(&g),
            "1. P e7-e8; Q-e8\n1... k a8-b7\n2. Q e8-e1\n2... p a2-a1; n-a1\n"
        );
        assert_eq!(
            to_pgn(&g),
            format!(
                "{STR}[Result \"*\"]\n[Variant \"chess\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n\
                 1. e7e8q a8b7 2. e8e1 a2a1n *\n"
            )
        );
        let i = read("chess", &to_pgn(&g));
        assert_eq!(i.error, None);
        assert_eq!(i.game.fen(), g.fen());
        // A Game Courier list has no FEN: it is read from the position given.
        let start = g.start().clone();
        let i = import_from(&to_game_courier(&g), &start).unwrap();
        assert_eq!(i.error, None);
        assert_eq!(i.game.history(), g.history());

        // Black begins: `1...`.
        let g = game("chess", Some("k7/8/8/8/8/8/p7/7K b - - 0 7"), "a2a1q");
        assert_eq!(to_game_courier(&g), "7... p a2-a1; q-a1\n");
        assert!(to_pgn(&g).ends_with("\n\n7... a2a1q *\n"), "{}", to_pgn(&g));
        // Marseillais: a promotion and the turn's second move.
        let g = game(
            "marseillais",
            Some("k7/4P3/8/8/8/8/8/K7 w - - 0 5"),
            "e7e8b a1b1",
        );
        assert_eq!(to_game_courier(&g), "5. P e7-e8; B-e8; K a1-b1\n");
        let i = import_from(&to_game_courier(&g), g.start()).unwrap();
        assert_eq!(i.error, None);
        assert_eq!(i.game.history(), g.history());
    }

    #[test]
    fn long_movetext_wraps() {
        let g = game(
            "chess",
            None,
            "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8c5 c2c3 d7d6 b1d2 a7a6 a2a4 h7h6 h2h3 \
             c8e6 c4e6 f7e6 d1b3 d8c8",
        );
        let pgn = to_pgn(&g);
        let movetext = pgn.split("\n\n").nth(1).unwrap();
        assert!(movetext.lines().count() > 1, "{movetext}");
        assert!(movetext.lines().all(|l| l.len() <= 79), "{movetext}");
        assert_eq!(read("chess", &pgn).game.history(), g.history());
    }

    #[test]
    fn tolerant_reading() {
        let text = "% an escape line\n[Event \"Casual \\\"game\\\"\"]\n[Variant \"Standard\"]\n\
                    {A comment\n over lines} 1.e2e4 $1 {why} e7e5!? ; a rest-of-line comment\n\
                    2. g1f3 (2. d2d4 {a line} (2. f2f4)) 2... b8c6+ 3 .. *\n\
                    [Event \"next game\"]\n1. a2a3";
        let i = read("morphing-chess", text);
        assert_eq!(i.error, None);
        assert_eq!(i.format, Format::Pgn);
        assert_eq!(i.game.variant().name, "chess");
        assert_eq!(i.game.history(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert_eq!(i.tags[0], ("Event".into(), "Casual \"game\"".into()));

        // Game Courier's own logs: labels, comments, one action per line or several.
        let text = "1. P e2-e4 // the king's pawn\n1... p e7-e5\n2. N g1-f3\n2... n b8-c6;\n";
        let i = read("chess", text);
        assert_eq!(i.format, Format::GameCourier);
        assert_eq!(i.error, None);
        assert_eq!(i.played, 4);
        // Coordinate moves in a Game Courier list, unnumbered, on one line.
        let i = read("chess", "e2-e4 e7-e5; g1-f3");
        assert_eq!(i.format, Format::GameCourier);
        assert_eq!(i.game.history(), ["e2e4", "e7e5", "g1f3"]);
        // Plain coordinate moves, a promotion written `=Q`.
        let i = read("chess", "");
        assert_eq!((i.played, i.error), (0, None));
        let i = import(
            "[FEN \"k7/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n1. e7e8=Q",
            &bundled::load("chess").unwrap(),
        )
        .unwrap();
        assert_eq!(i.game.history(), ["e7e8q"]);
    }

    #[test]
    fn errors_name_the_first_bad_move() {
        let i = read("chess", "1. e2e4 e7e5 2. g1f3 b8c6 3. e4e5 d7d5");
        assert_eq!(i.played, 4);
        assert_eq!(i.game.history(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert_eq!(
            i.error.as_deref(),
            Some("move 3 (e4e5): the pawn on e4 has no legal move to e5")
        );
        let i = read("chess", "1. P e2-e4\n1... p e7-e5\n2. N g1-f4\n");
        assert_eq!(
            i.error.as_deref(),
            Some("move 2 (N g1-f4): the knight on g1 has no legal move to f4")
        );
        let i = read("chess", "1. P e2-e4\n1... n e7-e5\n");
        assert_eq!(i.played, 1);
        assert_eq!(
            i.error.as_deref(),
            Some("move 1... (n e7-e5): 'n' is not the piece on e7")
        );
        let i = read("chess", "1. e4 e5");
        assert_eq!(i.played, 0);
        assert_eq!(
            i.error.as_deref(),
            Some("move 1 (e4): expected a destination square after the first one")
        );
        let i = read("chess", "1. f2f3 e7e5 2. g2g4 d8h4 3. a2a3");
        assert_eq!(i.played, 4);
        assert_eq!(
            i.error.as_deref(),
            Some("move 3 (a2a3): the game is over: 0-1 Black wins by checkmate")
        );
        let i = read("chess", "1. e2e4 P");
        assert_eq!(
            i.error.as_deref(),
            Some("move 1... (P): expected a square like e2 at the start")
        );
        let i = read("chess", "1. e7e8");
        assert!(i.error.unwrap().starts_with("move 1 (e7e8): "));
        // Marseillais: a turn's second move is still numbered by its turn.
        let i = read("marseillais", "1. e2e4 1... e7e5 e5e4");
        assert_eq!(i.played, 2);
        assert!(i.error.unwrap().starts_with("move 1... (e5e4): "));

        // No game can be set up at all.
        let chess = bundled::load("chess").unwrap();
        let e = import("[Variant \"nope\"]\n1. e2e4", &chess).unwrap_err();
        assert!(
            e.starts_with("[Variant \"nope\"]: not the current variant (chess)"),
            "{e}"
        );
        let e = import("[FEN \"8/8 w\"]\n", &chess).unwrap_err();
        assert!(e.starts_with("[FEN \"8/8 w\"]: FEN column"), "{e}");
    }

    #[test]
    fn custom_variants_by_the_current_name() {
        let text = "files=5 ranks=5\nking:K:K:king:c1,,c5\nrook:R:R:rook:a1,,e5\n";
        let v = describe::load_variant(text).unwrap();
        let mut g = Game::new(&v);
        g.play_text("a1a4").unwrap();
        let pgn = to_pgn(&g);
        assert!(pgn.contains(&format!("[Variant \"{}\"]", v.name)), "{pgn}");
        let i = import(&pgn, &v).unwrap();
        assert_eq!(i.error, None);
        assert!(Arc::ptr_eq(i.game.variant(), &v));
        let e = import(&pgn, &bundled::load("chess").unwrap()).unwrap_err();
        assert!(e.contains("not the current variant (chess)"), "{e}");
    }

    #[test]
    fn variant_tag_spellings() {
        let chess = bundled::load("chess").unwrap();
        for (tag, name) in [
            ("Standard", "chess"),
            ("Chess", "chess"),
            ("Morphing Chess", "morphing-chess"),
            ("marseillais chess", "marseillais"),
            ("Symmetric_Chess", "symmetric-chess"),
        ] {
            let i = import(&format!("[Variant \"{tag}\"]"), &chess).unwrap();
            assert_eq!(i.game.variant().name, name, "{tag}");
        }
    }

    #[test]
    fn odd_input_never_panics() {
        for text in [
            "[",
            "[Variant",
            "[Variant \"",
            "{",
            "(",
            "((",
            ")",
            "$",
            "%",
            ";",
            "//",
            "1.",
            "1...",
            "…",
            "½-½",
            "\u{a0}e2e4",
            "é",
            "[]",
            "[\"\"]",
            "e2e4 [",
            "Q-e8",
            "P Q-e8",
            "P P P",
            "1-0 e2e4",
            "\\",
        ] {
            let _ = import(text, &bundled::load("chess").unwrap());
        }
        assert_eq!(read("chess", "\u{a0}e2e4\u{a0}").game.history(), ["e2e4"]);
    }

    #[test]
    fn number_stripping() {
        assert_eq!(strip_number("12."), "");
        assert_eq!(strip_number("12..."), "");
        assert_eq!(strip_number("12…"), "");
        assert_eq!(strip_number("3.e2e4"), "e2e4");
        assert_eq!(strip_number("7"), "");
        assert_eq!(strip_number("1-0"), "1-0");
        assert_eq!(strip_number("1/2-1/2"), "1/2-1/2");
        assert_eq!(strip_number("e2e4"), "e2e4");
    }
}
