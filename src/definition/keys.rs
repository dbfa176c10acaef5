//! The Interactive Diagram's `key=value` parameters, sorted by what fairylab does with them:
//! - **rules** it plays ([`RULE_KEYS`], its own extensions among them);
//! - **display** keys that only change how the Diagram draws or what its page offers (kept in
//!   [`super::Spec::display`], shown where they make sense, otherwise noted);
//! - **unplayed** rule keys: rules of the Diagram fairylab does not play yet. Loading such a
//!   definition is an error naming the key, never a silently different game;
//! - anything else is unknown: a warning with a suggestion, and the board still loads.
//!
//! The Diagram's own script reads each of these keys in its game-definition parser; the
//! lists follow it (and the keys of its later versions seen in published pages).

/// Keys whose rules fairylab plays.
pub const RULE_KEYS: &[&str] = &[
    "files",
    "ranks",
    "promoZone",
    "promoChoice",
    "maxPromote",
    "stalemate",
    "baring",
    "royal",
    "symmetry",
    // fairylab's extensions (README): rules the Diagram cannot say.
    "movesPerTurn",
    "firstTurnMoves",
    "conversion",
    "promoPieces",
];

/// Keys that change only the drawing or the page around the board.
pub const DISPLAY_KEYS: &[&str] = &[
    "graphicsDir",
    "graphicsType",
    "squareSize",
    "whitePrefix",
    "blackPrefix",
    "satellite",
    "lightShade",
    "darkShade",
    "startShade",
    "shady",
    "rimColor",
    "coordColor",
    "hlColor",
    "borders",
    "title",
    "game",
    "useMarkers",
    "newClick",
    "nrFiles",
    "width",
    "height",
    "enableAI",
    // Rank numbers in coordinates; only the default (1) is read (`firstRank` other than 1
    // renumbers the squares of the setup, which fairylab does not do yet).
    "firstRank",
];

/// Rule keys of the Diagram that fairylab does not play yet, with what they do.
pub const UNPLAYED_KEYS: &[(&str, &str)] = &[
    ("holdingsType", "pieces in hand and drops"),
    (
        "promoOffset",
        "promotion to a type by its place in the piece list",
    ),
    ("iron", "pieces that cannot be captured"),
    (
        "counterStrike",
        "pieces that may not be traded back at once",
    ),
    (
        "protected",
        "pieces that may not be captured by a lesser piece when protected",
    ),
    ("antiTrade", "pieces that may not be traded back at once"),
    ("extinction", "losing by the loss of all pieces of a type"),
    (
        "tradeThreshold",
        "pieces above a value that may not be traded back at once",
    ),
    (
        "castleFlip",
        "castling on the other side of a flipped board",
    ),
    (
        "autoGate",
        "gating pieces in as they leave their start squares",
    ),
    ("shuffle", "shuffled start positions"),
    (
        "zonal",
        "a page's own function marking squares a piece may not enter",
    ),
];

/// What fairylab does with a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyKind {
    /// A rule fairylab plays.
    Rule,
    /// Drawing only.
    Display,
    /// A rule of the Diagram's that fairylab does not play yet (what it does).
    Unplayed(&'static str),
}

/// The kind of `key` (case-sensitive, as the Diagram reads it), or `None` if unknown.
pub fn kind(key: &str) -> Option<KeyKind> {
    if RULE_KEYS.contains(&key) {
        Some(KeyKind::Rule)
    } else if DISPLAY_KEYS.contains(&key) {
        Some(KeyKind::Display)
    } else {
        UNPLAYED_KEYS
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, what)| KeyKind::Unplayed(what))
    }
}

/// The known key an unknown one was probably meant to be: the same but for case, or the
/// closest within two edits (`promozone` → `promoZone`, `promoZon` → `promoZone`), or one it
/// begins with (`graphicsDirectory` → `graphicsDir`).
pub fn suggestion(key: &str) -> Option<&'static str> {
    let known = || {
        RULE_KEYS
            .iter()
            .chain(DISPLAY_KEYS)
            .copied()
            .chain(UNPLAYED_KEYS.iter().map(|&(k, _)| k))
    };
    if let Some(k) = known().find(|k| k.eq_ignore_ascii_case(key)) {
        return Some(k);
    }
    let lower = key.to_ascii_lowercase();
    // Two strings whose lengths differ by more than two are more than two edits apart: skip
    // them without the quadratic distance (a 60 KB key took 0.3 s against every key).
    let chars = lower.chars().count();
    let close = known()
        .filter(|k| k.len().abs_diff(chars) <= 2)
        .map(|k| (strsim::levenshtein(&lower, &k.to_ascii_lowercase()), k))
        .filter(|&(d, _)| d <= 2)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k);
    // Else the longest known key the unknown one starts with (`graphicsDirectory`).
    close.or_else(|| {
        known()
            .filter(|k| k.len() >= 4 && lower.starts_with(&k.to_ascii_lowercase()))
            .max_by_key(|k| k.len())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_one_kind() {
        let all: Vec<&str> = RULE_KEYS
            .iter()
            .chain(DISPLAY_KEYS)
            .copied()
            .chain(UNPLAYED_KEYS.iter().map(|&(k, _)| k))
            .collect();
        for (i, k) in all.iter().enumerate() {
            assert!(!all[i + 1..].contains(k), "{k} listed twice");
        }
        assert_eq!(kind("promoZone"), Some(KeyKind::Rule));
        assert_eq!(kind("startShade"), Some(KeyKind::Display));
        assert!(matches!(kind("holdingsType"), Some(KeyKind::Unplayed(_))));
        assert_eq!(kind("promozone"), None);
    }

    #[test]
    fn suggestions_for_misspelt_keys() {
        assert_eq!(suggestion("promozone"), Some("promoZone"));
        assert_eq!(suggestion("promoZon"), Some("promoZone"));
        assert_eq!(suggestion("lightshade"), Some("lightShade"));
        assert_eq!(suggestion("fils"), Some("files"));
        assert_eq!(suggestion("graphicsDirectory"), Some("graphicsDir"));
        assert_eq!(suggestion("xyzzyplugh"), None);
        assert_eq!(suggestion("promoZoneXY"), Some("promoZone"));
        assert_eq!(suggestion("xpromoZoneXY"), None);
    }

    #[test]
    fn a_long_unknown_key_is_quick() {
        let long = "q".repeat(60_000);
        let start = std::time::Instant::now();
        assert_eq!(suggestion(&long), None);
        assert_eq!(
            suggestion(&format!("graphicsDir{long}")),
            Some("graphicsDir")
        );
        // 0.3 s in a release build before (the edit distance to every known key); now microseconds.
        assert!(start.elapsed().as_millis() < 500, "{:?}", start.elapsed());
    }
}
