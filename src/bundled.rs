//! The bundled variants, as Interactive Diagram text files under `variants/`, loadable by name.

use crate::definition::{self, DefinitionErrors};
use crate::variant::Variant;
use std::sync::{Arc, OnceLock};

/// A bundled definition's text: the file as written, or in the embed build (no `page`
/// feature) without its comment lines, for the embed's size budget (build.rs).
macro_rules! bundled {
    ($file:literal) => {{
        #[cfg(feature = "page")]
        let text = include_str!(concat!("../variants/", $file));
        #[cfg(not(feature = "page"))]
        let text = include_str!(concat!(env!("OUT_DIR"), "/variants/", $file));
        text
    }};
}

/// (name, definition text) of every bundled variant.
pub const BUNDLED: &[(&str, &str)] = &[
    ("chess", bundled!("chess.txt")),
    ("morphing-chess", bundled!("morphing-chess.txt")),
    ("morphing-chess-3", bundled!("morphing-chess-3.txt")),
    ("morphomania", bundled!("morphomania.txt")),
    ("symmetric-chess", bundled!("symmetric-chess.txt")),
    ("marseillais", bundled!("marseillais.txt")),
    ("marseillais-original", bundled!("marseillais-original.txt")),
];

/// The names of the bundled variants.
pub fn names() -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().map(|(n, _)| *n)
}

/// The definition text of a bundled variant.
pub fn text(name: &str) -> Option<&'static str> {
    BUNDLED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Parse, validate and compile a definition.
pub fn compile(name: &str, text: &str) -> Result<Arc<Variant>, DefinitionErrors> {
    let spec = definition::load(text)?;
    Ok(Arc::new(Variant::compile(name, text, spec)))
}

/// A bundled variant by name, compiled on first use and shared after that (a share link,
/// a game's `Variant` tag or a page that switches back and forth compiles each one once).
pub fn load(name: &str) -> Option<Arc<Variant>> {
    static COMPILED: [OnceLock<Arc<Variant>>; BUNDLED.len()] =
        [const { OnceLock::new() }; BUNDLED.len()];
    let i = BUNDLED.iter().position(|(n, _)| *n == name)?;
    let (n, t) = BUNDLED[i];
    // The error by Display, not `expect`'s Debug: a derived Debug of the errors (and the
    // standard library's string escaping behind it) would be kept in the wasm for this alone.
    let v = COMPILED[i]
        .get_or_init(|| compile(n, t).unwrap_or_else(|e| panic!("bundled variant {n}: {e}")));
    Some(v.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_compiles_each_variant_once() {
        for n in names() {
            let a = load(n).unwrap();
            let b = load(n).unwrap();
            assert!(Arc::ptr_eq(&a, &b), "{n} compiled twice");
            assert_eq!(a.name, n);
            assert_eq!(Some(a.source.as_str()), text(n));
        }
        assert!(load("no-such-variant").is_none());
    }
}
