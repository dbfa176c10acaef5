//! Splitting a game text into tags, words and comments, for [`super::import_from`] and
//! [`super::move_list::read`].

use crate::geometry::Geometry;

/// What the scan finds next.
pub(super) enum Item<'a> {
    /// `[Name "value"]`.
    Tag(String, String),
    /// A word: a move, a number, a label.
    Word(&'a str),
    /// A `{comment}`'s text, when asked for.
    Comment(&'a str),
}

/// A board with files past `z` (`{`, `|`, `}`, `~`), whose moves may hold a brace.
pub(super) fn is_wide(g: Geometry) -> bool {
    g.files > 26
}

/// Splits a game text into tags and words, skipping variations, NAGs and comments (or giving
/// the `{comments}` when `comments`).
pub(super) struct Scan<'a> {
    text: &'a str,
    pub(super) pos: usize,
    comments: bool,
    /// On a board wider than 26 files, a brace can be a file's name ([`Scan::file_here`]).
    pub(super) wide: bool,
}

impl<'a> Scan<'a> {
    pub(super) fn new(text: &'a str, comments: bool, g: Geometry) -> Scan<'a> {
        Scan {
            text,
            pos: 0,
            comments,
            wide: is_wide(g),
        }
    }

    /// Is the brace at `at` a file's name rather than a comment's edge? Only on a wide board,
    /// and only where the text from it to the next space or `()[];` reads as (the rest of) a
    /// move: move characters alone (letters, digits, `{|}~`, `-=@+#!?`), a rank digit among
    /// them, and not ending in `}` (no move does; a comment does). So `{1{3`, `N{}3` and
    /// `{x|4` are moves, and `{3}`, `{good}` and `{1. e4 ...}` comments.
    fn file_here(&self, at: usize) -> bool {
        if !self.wide {
            return false;
        }
        let rest = &self.text[at..];
        let end = rest
            .find(|c: char| c.is_whitespace() || "()[];".contains(c))
            .unwrap_or(rest.len());
        let word = &rest[..end];
        word.chars()
            .all(|c| c.is_ascii_alphanumeric() || "{|}~-=@+#!?".contains(c))
            && word.bytes().any(|b| b.is_ascii_digit())
            && !word.ends_with('}')
    }

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
        while let Some(c) = self.peek() {
            let comment = c == '{' && !self.file_here(self.pos);
            self.bump();
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                '{' if comment => self.skip_past('}'),
                _ => {}
            }
        }
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text.as_bytes()[self.pos - 1] == b'\n'
    }

    pub(super) fn next(&mut self, semicolon_separates: bool) -> Option<Item<'a>> {
        loop {
            let c = self.peek()?;
            match c {
                _ if c.is_whitespace() => {
                    self.bump();
                }
                '{' | '}' if self.file_here(self.pos) => return Some(Item::Word(self.word())),
                '%' if self.at_line_start() => self.skip_line(),
                '{' if self.comments => {
                    let start = self.pos + 1;
                    self.skip_past('}');
                    let end = self.pos - usize::from(self.text[..self.pos].ends_with('}'));
                    return Some(Item::Comment(&self.text[start..end.max(start)]));
                }
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
            let file = matches!(c, '{' | '}') && self.file_here(self.pos);
            if c.is_whitespace() || ("{}()[];".contains(c) && !file) {
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
