//! The first stage: definition text into parameters and piece lines, each field with its
//! position; nothing is interpreted yet (that is [`super::Definition::validate`]).

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
    if text.len() > MAX_TEXT_LEN {
        let mut at = MAX_TEXT_LEN;
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        return Err(DefinitionErrors(vec![err(
            position_of(text, at),
            format!(
                "the definition is {} bytes long, more than the {MAX_TEXT_LEN} fairylab reads",
                text.len()
            ),
        )]));
    }
    let mut def = Definition::default();
    let mut notes = Vec::new();
    let mut words: Vec<Token> = Vec::new();
    let flush_words = |words: &mut Vec<Token>, notes: &mut Vec<DefinitionError>| {
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
    };
    let all = tokens(text);
    let mut next = 0;
    while next < all.len() {
        let tok = &all[next];
        next += 1;
        if let Some(key) = param_key(tok.text) {
            flush_words(&mut words, &mut notes);
            let mut value = tok.text[key.len() + 1..].to_string();
            if key == "moveList" {
                // A game: the rest of the line, as the Diagram reads a line, up to a key or
                // a piece line outside braces (the flattened one-line form goes on).
                let taken = rest_of_game(&all[next..], tok.pos.line, &value);
                for t in &all[next..next + taken] {
                    value.push(' ');
                    value.push_str(t.text);
                }
                next += taken;
            }
            let key_field = Field {
                text: key.to_string(),
                pos: tok.pos,
            };
            let value_field = Field {
                text: value,
                pos: tok.pos.offset(key.chars().count() + 1),
            };
            if key == "morph" {
                match def.pieces.last_mut() {
                    None => notes.push(err(tok.pos, "morph= before any piece line; ignored")),
                    Some(p) if p.morph.is_some() => notes.push(err(
                        tok.pos,
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
        } else if tok.text.contains(':') {
            // Name words must stand on the line of the token that completes them.
            if words.iter().any(|w| w.pos.line != tok.pos.line) {
                let (other, same): (Vec<Token>, Vec<Token>) =
                    words.drain(..).partition(|w| w.pos.line != tok.pos.line);
                let mut other = other;
                flush_words(&mut other, &mut notes);
                words = same;
            }
            let name_start = words.first().map(|w| w.pos).unwrap_or(tok.pos);
            let parts: Vec<&str> = tok.text.split(':').collect();
            if parts.len() < 5 {
                // The Diagram skips a line of fewer fields.
                let mut shown: Vec<&str> = words.iter().map(|w| w.text).collect();
                shown.push(tok.text);
                notes.push(err(
                    name_start,
                    format!(
                        "'{}' has {} fields, and a piece line has 5 \
                         (name:ID:Betza:image:squares): skipped, as the Diagram skips it",
                        shortened(&shown.join(" ")),
                        parts.len()
                    ),
                ));
                words.clear();
                continue;
            }
            let mut fields = Vec::new();
            let mut at = 0usize;
            for part in &parts {
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
            let mut name: Vec<&str> = words.iter().map(|w| w.text).collect();
            name.push(parts[0]);
            words.clear();
            let mut it = fields.into_iter();
            let _first = it.next();
            let mut name = Field {
                text: name.join(" "),
                pos: name_start,
            };
            let (id, betza, image, squares) = (
                it.next().unwrap(),
                it.next().unwrap(),
                it.next().unwrap(),
                it.next().unwrap(),
            );
            if name.text.trim().is_empty() {
                if image.text.is_empty() {
                    // The Diagram needs an image, and takes the name's when none is given.
                    notes.push(err(
                        name_start,
                        "a piece line with neither a name nor an image: skipped, as the \
                         Diagram skips it",
                    ));
                    continue;
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
            def.pieces.push(PieceLine {
                name,
                id,
                betza,
                image,
                squares,
                hand: it.next(),
                morph: None,
            });
        } else {
            words.push(*tok);
        }
    }
    flush_words(&mut words, &mut notes);
    def.notes = notes;
    Ok(def)
}

/// How many of `after` (the tokens after `moveList=first`) belong to the game: those on its
/// `line`, up to a `key=value` or a piece line that stands outside `{comments}`.
fn rest_of_game(after: &[Token], line: u32, first: &str) -> usize {
    let depth = |text: &str, d: i32| {
        text.chars().fold(d, |d, c| match c {
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
