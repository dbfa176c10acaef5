//! The first stage: definition text into parameters and piece lines, each field with its
//! position; nothing is interpreted yet (that is [`super::Definition::validate`]).

use crate::gametext::brace_names_file;

use super::{Definition, DefinitionError, DefinitionErrors, Field, Param, PieceLine, Pos, err};

#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    pos: Pos,
}

fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    for (li, line) in text.split('\n').enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let mut col = 0u32;
        let mut start: Option<(usize, u32)> = None;
        for (bi, ch) in line.char_indices() {
            col += 1;
            if ch.is_whitespace() {
                if let Some((s, c)) = start.take() {
                    out.push(Token {
                        text: &line[s..bi],
                        pos: Pos {
                            line: li as u32 + 1,
                            col: c,
                        },
                    });
                }
            } else if start.is_none() {
                start = Some((bi, col));
            }
        }
        if let Some((s, c)) = start {
            out.push(Token {
                text: &line[s..],
                pos: Pos {
                    line: li as u32 + 1,
                    col: c,
                },
            });
        }
    }
    out
}

/// `key=` at the start of a token: a parameter.
fn param_key(text: &str) -> Option<&str> {
    let eq = text.find('=')?;
    let key = &text[..eq];
    let mut chars = key.chars();
    let first = chars.next()?;
    if first.is_ascii_alphabetic() && chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
        Some(key)
    } else {
        None
    }
}

/// The longest definition text read, in bytes: far past any real definition (the bundled ones
/// are under 2 KB), and a bound on the work a pasted page can ask for. A longer text is
/// refused at the position of its first byte past the limit, before anything is parsed.
pub const MAX_TEXT_LEN: usize = 64 * 1024;

/// The position of byte `offset` (on a character boundary) in `text`.
fn position_of(text: &str, offset: usize) -> Pos {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Pos {
        line: before.matches('\n').count() as u32 + 1,
        col: before[line_start..].chars().count() as u32 + 1,
    }
}

/// Parse definition text into parameters and piece lines. What the Diagram would pass over
/// (words that are neither a key nor a piece line, a line of too few fields) is passed over
/// with a warning in [`Definition::notes`]; the only error is a text past [`MAX_TEXT_LEN`].
pub fn parse(text: &str) -> Result<Definition, DefinitionErrors> {
    check_length(text)?;
    let mut def = Definition::default();
    let mut notes = Vec::new();
    // Words seen since the last item: the start of a piece line's name, or prose.
    let mut words: Vec<Token> = Vec::new();
    let all = tokens(text);
    let mut next = 0;
    while next < all.len() {
        let tok = all[next];
        next += 1;
        if let Some(key) = param_key(tok.text) {
            pass_over(&mut words, &mut notes);
            let value = param_value(key, tok, &all, &mut next, wide_board(&def));
            add_param(&mut def, key, tok.pos, value, &mut notes);
        } else if tok.text.contains(':') {
            if let Some(line) = piece_line(tok, &mut words, &mut notes) {
                def.pieces.push(line);
            }
        } else {
            words.push(tok);
        }
    }
    pass_over(&mut words, &mut notes);
    def.notes = notes;
    Ok(def)
}

/// An error at the first byte past [`MAX_TEXT_LEN`] (stepped back to a character boundary)
/// for a longer text.
fn check_length(text: &str) -> Result<(), DefinitionErrors> {
    if text.len() <= MAX_TEXT_LEN {
        return Ok(());
    }
    let mut at = MAX_TEXT_LEN;
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    Err(DefinitionErrors(vec![err(
        position_of(text, at),
        format!(
            "the definition is {} bytes long, more than the {MAX_TEXT_LEN} fairylab reads",
            text.len()
        ),
    )]))
}

/// Words that are neither a key nor part of a piece line: one note for them all, at the first
/// (the Diagram ignores them); `words` is left empty.
fn pass_over(words: &mut Vec<Token>, notes: &mut Vec<DefinitionError>) {
    if let Some(first) = words.first() {
        let joined: Vec<&str> = words.iter().map(|w| w.text).collect();
        notes.push(err(
            first.pos,
            format!(
                "'{}' is neither key=value nor a piece line name:ID:Betza:image:squares; \
                 ignored, as the Diagram ignores it",
                shortened(&joined.join(" "))
            ),
        ));
    }
    words.clear();
}

/// The value of the parameter `key=…` that `tok` starts: the rest of the token, and for
/// `moveList` the game's later tokens joined on with spaces (`next` moves past them). On a
/// `wide` board a brace can name a file in the game, as game texts read it.
fn param_value(key: &str, tok: Token, all: &[Token], next: &mut usize, wide: bool) -> String {
    let mut value = tok.text[key.len() + 1..].to_string();
    if key == "moveList" {
        // A game: the rest of the line, as the Diagram reads a line, up to a key or
        // a piece line outside braces (the flattened one-line form goes on).
        let taken = rest_of_game(&all[*next..], tok.pos.line, &value, wide);
        for t in &all[*next..*next + taken] {
            value.push(' ');
            value.push_str(t.text);
        }
        *next += taken;
    }
    value
}

/// A `key=value` item at `pos`: `morph=` belongs to the piece line before it (a note when
/// there is none, or it has one already); any other key is a parameter.
fn add_param(
    def: &mut Definition,
    key: &str,
    pos: Pos,
    value: String,
    notes: &mut Vec<DefinitionError>,
) {
    let key_field = Field {
        text: key.to_string(),
        pos,
    };
    let value_field = Field {
        text: value,
        pos: pos.offset(key.chars().count() + 1),
    };
    if key == "morph" {
        match def.pieces.last_mut() {
            None => notes.push(err(pos, "morph= before any piece line; ignored")),
            Some(p) if p.morph.is_some() => notes.push(err(
                pos,
                format!(
                    "second morph= for piece '{}'; ignored (the first is played)",
                    p.name.text
                ),
            )),
            Some(p) => p.morph = Some(value_field),
        }
    } else {
        def.params.push(Param {
            key: key_field,
            value: value_field,
        });
    }
}

/// The piece line that `tok` (a token with a `:`) completes, its name the `words` before it on
/// its line (words on earlier lines are passed over); `words` is left empty. `None`, with a
/// note, for a line the Diagram skips: fewer than 5 fields, or neither a name nor an image.
fn piece_line<'a>(
    tok: Token<'a>,
    words: &mut Vec<Token<'a>>,
    notes: &mut Vec<DefinitionError>,
) -> Option<PieceLine> {
    // Name words must stand on the line of the token that completes them.
    if words.iter().any(|w| w.pos.line != tok.pos.line) {
        let (mut other, same): (Vec<Token>, Vec<Token>) =
            words.drain(..).partition(|w| w.pos.line != tok.pos.line);
        pass_over(&mut other, notes);
        *words = same;
    }
    let name_start = words.first().map_or(tok.pos, |w| w.pos);
    let mut name: Vec<&str> = words.drain(..).map(|w| w.text).collect();
    let parts: Vec<&str> = tok.text.split(':').collect();
    if parts.len() < 5 {
        // The Diagram skips a line of fewer fields.
        name.push(tok.text);
        notes.push(err(
            name_start,
            format!(
                "'{}' has {} fields, and a piece line has 5 \
                 (name:ID:Betza:image:squares): skipped, as the Diagram skips it",
                shortened(&name.join(" ")),
                parts.len()
            ),
        ));
        return None;
    }
    name.push(parts[0]);
    let mut name = Field {
        text: name.join(" "),
        pos: name_start,
    };
    let mut fields = piece_fields(tok, &parts, notes).into_iter().skip(1);
    let mut field = || fields.next().expect("a piece line has at least 5 fields");
    let (id, betza, image, squares) = (field(), field(), field(), field());
    if name.text.trim().is_empty() {
        if image.text.is_empty() {
            // The Diagram needs an image, and takes the name's when none is given.
            notes.push(err(
                name_start,
                "a piece line with neither a name nor an image: skipped, as the \
                 Diagram skips it",
            ));
            return None;
        }
        notes.push(err(
            name_start,
            format!(
                "a piece line without a name: fairylab names it after its image '{}'",
                image.text
            ),
        ));
        name.text = image.text.clone();
    }
    Some(PieceLine {
        name,
        id,
        betza,
        image,
        squares,
        hand: fields.next(),
        morph: None,
    })
}

/// The `:`-separated `parts` of `tok` as fields, each at its column; a note at the seventh
/// when there are more than 6 (the Diagram reads 6).
fn piece_fields(tok: Token, parts: &[&str], notes: &mut Vec<DefinitionError>) -> Vec<Field> {
    let mut fields = Vec::new();
    let mut at = 0usize;
    for part in parts {
        fields.push(Field {
            text: part.to_string(),
            pos: tok.pos.offset(at),
        });
        at += part.chars().count() + 1;
    }
    if parts.len() > 6 {
        notes.push(err(
            fields[6].pos,
            format!(
                "a piece line has at most 6 fields, this one {}: those after the sixth \
                 are ignored, as in the Diagram",
                parts.len()
            ),
        ));
    }
    fields
}

/// Is the board wider than 26 files, by the last `files=` read so far (a game's braces can
/// then name files past `z`)? A `files=` after the `moveList` is not seen: the board is
/// taken as narrow, as its default of 8 files is.
fn wide_board(def: &Definition) -> bool {
    let files = def.params.iter().rev().find(|p| p.key.text == "files");
    files
        .and_then(|p| p.value.text.trim().parse::<u32>().ok())
        .is_some_and(|f| f > 26)
}

/// How many of `after` (the tokens after `moveList=first`) belong to the game: those on its
/// `line`, up to a `key=value` or a piece line that stands outside `{comments}`. On a `wide`
/// board a brace that names a file ([`brace_names_file`], the game reader's rule) is no
/// comment's edge.
fn rest_of_game(after: &[Token], line: u32, first: &str, wide: bool) -> usize {
    let depth = |text: &str, d: i32| {
        text.char_indices().fold(d, |d, (i, c)| match c {
            '{' | '}' if wide && brace_names_file(&text[i..]) => d,
            '{' => d + 1,
            '}' => (d - 1).max(0),
            _ => d,
        })
    };
    let mut open = depth(first, 0);
    let mut n = 0;
    for t in after.iter().take_while(|t| t.pos.line == line) {
        let starts_item = param_key(t.text).is_some() || t.text.split(':').count() >= 5;
        if open == 0 && starts_item {
            break;
        }
        open = depth(t.text, open);
        n += 1;
    }
    n
}

/// `text`, cut after 60 characters with `…` (prose passed over is quoted this long).
fn shortened(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}
