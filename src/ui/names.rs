//! The name the page lists a variant under. A bundled variant and a definition named by its
//! host page (an embedded board's `data-name`, heading or title: [`super::embed::name`]) go by
//! their own name. A definition pasted or loaded by `setVariant` on the page has only a stable
//! `custom-` name ([`crate::describe::load_variant`], what `app.variant()` answers and game
//! texts record); it is listed by a name from its own text, the first of:
//!
//! 1. its `game=` or `title=` key (the Diagram's page shows them as the game's name and the
//!    board's title): the words after the key, to the end of its line or to the next `key=`
//!    word or piece line (a word with a `:`), as a flattened text has no line ends;
//! 2. its first comment line (`# Marseillais Chess, balanced: every turn is two moves`), up to
//!    the end of its first sentence or clause (`. `, `: `, `; `): `Marseillais Chess, balanced`;
//! 3. its `satellite=` key (the Diagram's name for the board on its page, often the variant's:
//!    `satellite=wildebeest`);
//! 4. what it is: the board and its pieces, `6x6: rook, pawn, king`.
//!
//! Runs of white space become one space, and a name is clipped to [`MAX_NAME`] characters
//! (as the embed's names are).

use crate::variant::Variant;

pub use super::embed::MAX_NAME;

/// The name `v` is listed under (see the module's description).
pub fn listed(v: &Variant) -> String {
    if !is_hashed(&v.name) {
        return v.name.clone();
    }
    let text = v.source.as_str();
    let found = (key(text, &["game", "title"]))
        .or_else(|| comment(text))
        .or_else(|| key(text, &["satellite"]))
        .and_then(|name| super::embed::name(&[Some(name)]));
    found.unwrap_or_else(|| pieces(v))
}

/// `custom-` and eight hexadecimal digits: the name of a definition nobody named.
fn is_hashed(name: &str) -> bool {
    name.strip_prefix("custom-")
        .is_some_and(|hash| hash.len() == 8 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The value of the first of `keys` in `text` with one (see the module's description).
fn key(text: &str, keys: &[&str]) -> Option<String> {
    for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        for (i, word) in words.iter().enumerate() {
            let Some((k, first)) = word.split_once('=') else {
                continue;
            };
            if !keys.contains(&k) {
                continue;
            }
            let rest = words[i + 1..].iter();
            let more = rest.take_while(|w| !w.contains(':') && !is_key(w));
            let value = std::iter::once(first).chain(more.copied());
            let value = value
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ");
            if !value.is_empty() {
                return Some(value);
            }
        }
    }
    None
}

/// `key=...`: a word that starts another key, as the definition reader tells one.
fn is_key(word: &str) -> bool {
    word.split_once('=').is_some_and(|(k, _)| {
        k.starts_with(|c: char| c.is_ascii_alphabetic())
            && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// The first comment line's first sentence or clause.
fn comment(text: &str) -> Option<String> {
    let line = text.lines().map(str::trim).find(|l| l.starts_with('#'))?;
    let line = line.trim_start_matches('#').trim();
    let end = [". ", ": ", "; "]
        .iter()
        .filter_map(|stop| line.find(stop))
        .min()
        .unwrap_or(line.len());
    let clause = line[..end].trim_end_matches(['.', ':', ';']);
    (!clause.trim().is_empty()).then(|| clause.to_string())
}

/// The board and its pieces' names in the order written, each once: `6x6: rook, pawn, king`,
/// clipped after the last name that fits with `, …`.
fn pieces(v: &Variant) -> String {
    let mut text = format!("{}x{}", v.geometry.files, v.geometry.ranks);
    let mut named = Vec::new();
    for p in &v.spec.pieces {
        let name = p.name.split_whitespace().collect::<Vec<_>>().join(" ");
        if !name.is_empty() && !named.contains(&name) {
            named.push(name);
        }
    }
    for (i, name) in named.iter().enumerate() {
        let sep = if i == 0 { ": " } else { ", " };
        // Room for the name, and for `, …` unless it is the last.
        let room = if i + 1 == named.len() { 0 } else { 3 };
        if text.chars().count() + sep.len() + name.chars().count() + room > MAX_NAME {
            text.push_str(if i == 0 { ": …" } else { ", …" });
            break;
        }
        text.push_str(sep);
        text.push_str(name);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::describe::load_variant;

    /// The name `text` is listed under when pasted.
    fn listed_as(text: &str) -> String {
        listed(&load_variant(text).unwrap())
    }

    const KINGS: &str = "king:K:K:king:e1,,e8";

    #[test]
    fn a_bundled_or_page_named_variant_keeps_its_name() {
        assert_eq!(listed(&load_variant("chess").unwrap()), "chess");
        let named = crate::bundled::compile("Kings only", &format!("files=8 ranks=8 {KINGS}"));
        assert_eq!(listed(&named.unwrap()), "Kings only");
    }

    #[test]
    fn a_name_key_comes_first_to_its_line_end_or_the_next_key_or_piece() {
        let text = format!("# Mine: a test\nfiles=8 ranks=8\ngame=Kings   only\n{KINGS}\n");
        assert_eq!(listed_as(&text), "Kings only");
        let flat = format!("files=8 title=Two Kings ranks=8 {KINGS} satellite=kk");
        assert_eq!(listed_as(&flat), "Two Kings");
        let flat = format!("files=8 ranks=8 game=Lone Kings {KINGS}");
        assert_eq!(listed_as(&flat), "Lone Kings");
        // An empty key is passed over.
        let text = format!("files=8 ranks=8 game= title=Royals {KINGS}");
        assert_eq!(listed_as(&text), "Royals");
    }

    #[test]
    fn else_the_first_comment_lines_first_clause() {
        for (comment, name) in [
            (
                "# Marseillais Chess, balanced: every turn is two moves.",
                "Marseillais Chess, balanced",
            ),
            (
                "# Morphing Chess III (Gerd Degens). The text as it stands",
                "Morphing Chess III (Gerd Degens)",
            ),
            (
                "#FIDE chess, the reference variant.",
                "FIDE chess, the reference variant",
            ),
            ("  # Version 1.5 of mine; kings only", "Version 1.5 of mine"),
        ] {
            let text = format!("{comment}\nfiles=8 ranks=8 satellite=kk\n{KINGS}\n");
            assert_eq!(listed_as(&text), name, "{comment}");
        }
        // A comment of nothing is passed over, and a long one clipped.
        let text = format!("#\nfiles=8 ranks=8 satellite=kk {KINGS}");
        assert_eq!(listed_as(&text), "kk");
        let long = format!("# {}\nfiles=8 ranks=8 {KINGS}", "word ".repeat(40));
        assert_eq!(listed_as(&long).chars().count(), MAX_NAME);
    }

    #[test]
    fn else_the_satellite_key() {
        // As in the Wildebeest Chess page's text (../shared/wild/02-wildebeest.txt).
        let text = format!(
            "files=11 ranks=10 useMarkers=1 startShade=#C0FF40 satellite=wildebeest \
             symmetry=rotate {KINGS}"
        );
        assert_eq!(listed_as(&text), "wildebeest");
    }

    #[test]
    fn else_the_board_and_its_pieces() {
        let mine = "files=6 ranks=6\nrook:R:R:rook:a1,f1\npawn:P:fW:pawn:a2-f2\nking:K:K:king:c1\n";
        assert_eq!(listed_as(mine), "6x6: rook, pawn, king");
        // Each name once, white space made one space; too many are clipped with an ellipsis.
        let text = "files=8 ranks=8 Big  Rook:R:R::a1 Big Rook:S:R::b1 king:K:K::e1";
        assert_eq!(listed_as(text), "8x8: Big Rook, king");
        let many: String = (b'A'..=b'J')
            .map(|c| format!("piece number {}:{}:W:: ", c as char, c as char))
            .collect();
        let name = listed_as(&format!("files=8 ranks=8 {many}king:K:K::e1"));
        assert!(name.ends_with(", …"), "{name}");
        assert!(name.chars().count() <= MAX_NAME, "{name}");
        assert!(
            name.starts_with("8x8: piece number A, piece number B, "),
            "{name}"
        );
    }
}
