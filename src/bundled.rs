//! The bundled variants, as Interactive Diagram text files under `variants/`, loadable by name.

use crate::definition::{self, DefinitionErrors};
use crate::variant::Variant;
use std::sync::Arc;

/// (name, definition text) of every bundled variant.
pub const BUNDLED: &[(&str, &str)] = &[
    ("chess", include_str!("../variants/chess.txt")),
    (
        "morphing-chess",
        include_str!("../variants/morphing-chess.txt"),
    ),
    (
        "morphing-chess-3",
        include_str!("../variants/morphing-chess-3.txt"),
    ),
    ("morphomania", include_str!("../variants/morphomania.txt")),
    (
        "symmetric-chess",
        include_str!("../variants/symmetric-chess.txt"),
    ),
    ("marseillais", include_str!("../variants/marseillais.txt")),
    (
        "marseillais-original",
        include_str!("../variants/marseillais-original.txt"),
    ),
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

/// A bundled variant by name.
pub fn load(name: &str) -> Option<Arc<Variant>> {
    let t = text(name)?;
    Some(compile(name, t).expect("bundled variants are valid"))
}
