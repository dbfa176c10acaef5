//! What a board says about its own rules, beside it: the definition's warnings that begin
//! `not played:` (what fairylab reads but does not play as the Interactive Diagram would),
//! each with its `LINE:COL`, so that a reader of the page sees how this board differs from
//! the Diagram's without running `fairylab check`.

use crate::variant::Variant;

/// The warning's prefix that puts it on the board.
pub const NOT_PLAYED: &str = "not played:";

/// The variant's `not played:` warnings, `LINE:COL: not played: …`, in text order.
pub fn not_played(v: &Variant) -> Vec<String> {
    (v.spec.warnings.iter())
        .filter(|w| w.message.starts_with(NOT_PLAYED))
        .map(ToString::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::definition::{DefinitionError, Pos};

    #[test]
    fn only_the_not_played_warnings_with_their_places() {
        let mut v = (*bundled::load("chess").unwrap()).clone();
        assert!(not_played(&v).is_empty());
        let warn = |line, message: &str| DefinitionError {
            pos: Pos { line, col: 3 },
            message: message.into(),
        };
        v.spec.warnings = vec![
            warn(2, "unknown key 'x' (ignored)"),
            warn(4, "not played: 'spell' (the Diagram's spells)"),
        ];
        assert_eq!(
            not_played(&v),
            ["4:3: not played: 'spell' (the Diagram's spells)"]
        );
    }
}
