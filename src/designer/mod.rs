//! Designer mode's models, pure Rust for the page's live rules editor, piece legend,
//! start-position editor and balance lab (the browser glue sits on top, in `web`):
//! - [`replay`]: a game played again under edited rules (`setDefinition`), stopping at the
//!   first move that is no longer legal, with the reason;
//! - [`diagram`]: a piece type's move diagram from the centre of an empty board
//!   (`pieceMoves`): move, capture, both, initial, castle and morph squares, and ride lines;
//!   for hops and moves of several legs, the screens, turning squares and locust captures;
//! - [`setup`]: the start-position editor: free placement, validation with one sentence per
//!   problem, the position, FEN and definition text;
//! - [`legend`]: one entry per piece type (name, letter, Betza, value, image, morphs), and a
//!   piece's current form with its reason;
//! - [`diff`]: a line diff of two definition texts.
//!
//! **The definition text** (`definition()`) needs no model of its own: every variant keeps the
//! text it was compiled from in [`Variant::source`](crate::variant::Variant::source).
//! [`describe::load_variant`](crate::describe::load_variant) loads a bundled variant by name
//! with its file's text, and a pasted definition with the text as pasted (comments, layout
//! and all); a pasted text that is a bundled variant's is that variant. So the text shown for
//! a bundled variant is its file, and for a pasted one exactly what was pasted.

pub mod diagram;
pub mod diff;
pub mod legend;
pub mod replay;
pub mod setup;

/// "a bishop", "an archbishop": a type name with its indefinite article, for messages.
pub(crate) fn with_article(name: &str) -> String {
    let vowel = name
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

#[cfg(test)]
mod tests {
    use crate::bundled;
    use crate::describe::load_variant;

    #[test]
    fn variants_keep_their_definition_text() {
        for name in bundled::names() {
            let v = load_variant(name).unwrap();
            assert_eq!(Some(v.source.as_str()), bundled::text(name), "{name}");
        }
        // A pasted definition keeps its comments and layout, byte for byte.
        let pasted = "# mine\nfiles=5 ranks=5\n\nking:K:K:king:c1   \nrook:R:R:rook:a1\nroyal=K\n";
        assert_eq!(load_variant(pasted).unwrap().source, pasted);
        // The text of a bundled variant, pasted, is that variant, with that text.
        let text = bundled::text("morphomania").unwrap();
        let v = load_variant(text).unwrap();
        assert_eq!((v.name.as_str(), v.source.as_str()), ("morphomania", text));
    }
}
