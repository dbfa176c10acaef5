//! The Interactive Diagram's `key=value` parameters, sorted by what fairylab does with them
//! ([`KeyKind`]), and the suggestion for a key nobody knows.
//!
//! The Diagram's script reads its keys in one place, its game-definition parser
//! (`ParseGameDef` in betza.js): files, ranks, holdingsType, promoZone, maxPromote,
//! promoChoice, promoOffset, graphicsDir, lightShade, darkShade, startShade, shady, zonal,
//! squareSize, symmetry, graphicsType, whitePrefix, blackPrefix, satellite, royal, iron,
//! counterStrike, protected, antiTrade, extinction, tradeThreshold, useMarkers, castleFlip,
//! firstRank, enableAI, autoGate, shuffle, stalemate and baring. Later versions of the script
//! add drawing keys seen on published pages (rimColor, coordColor, hlColor, …); they are listed
//! too. Which keys a definition used is tracked by [`super::reader::KeyReader`].

/// What fairylab does with a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyKind {
    /// A rule fairylab plays.
    Rule,
    /// A colour of the board, kept in [`super::Spec::colours`] for the page to draw with.
    Colour,
    /// Read by fairylab's page itself (what it reads there): kept as written in
    /// [`super::Spec::display`], no warning (the host page's piece images, its square size, a
    /// game to show).
    Page(&'static str),
    /// Only about what the Diagram's own page offers or how it lays itself out (what it does
    /// there); fairylab's page offers its own, and nothing in the game differs: no warning.
    Layout(&'static str),
    /// A rule the Diagram leaves to a function of the host page's own script (what the
    /// function does): fairylab cannot run that script, so it plays the Diagram's default (as
    /// the Diagram does on a page without the function) and warns `not played:`.
    PageScript(&'static str),
    /// A key of later versions of the Diagram's script whose rule fairylab does not play yet
    /// (what it decides there, and what fairylab plays instead): no script or page the
    /// project could read states its values, so the rest of the game is played, with a
    /// `not played:` warning.
    NotPlayed(&'static str, &'static str),
}

use KeyKind::{Colour, Layout, NotPlayed, Page, PageScript, Rule};

/// Every key fairylab knows: the Diagram's and fairylab's own.
pub const KEYS: &[(&str, KeyKind)] = &[
    // Rules the Diagram's script reads, played.
    ("files", Rule),
    ("ranks", Rule),
    ("promoZone", Rule),
    ("promoChoice", Rule),
    ("maxPromote", Rule),
    ("promoOffset", Rule),
    ("holdingsType", Rule),
    ("iron", Rule),
    ("protected", Rule),
    ("counterStrike", Rule),
    ("antiTrade", Rule),
    ("tradeThreshold", Rule),
    ("castleFlip", Rule),
    ("autoGate", Rule),
    ("stalemate", Rule),
    ("baring", Rule),
    ("royal", Rule),
    ("extinction", Rule),
    ("symmetry", Rule),
    ("shuffle", Rule),
    // firstRank=N: the setup's squares count ranks from N (validate); 1 only turns on the
    // Diagram's coordinates.
    ("firstRank", Rule),
    // fairylab's extensions (README): rules the Diagram cannot say.
    ("movesPerTurn", Rule),
    ("firstTurnMoves", Rule),
    ("conversion", Rule),
    ("promoPieces", Rule),
    // Colours, kept.
    ("lightShade", Colour),
    ("darkShade", Colour),
    ("startShade", Colour),
    ("rimColor", Colour),
    ("coordColor", Colour),
    ("hlColor", Colour),
    // Read by fairylab's page (src/web): the host page's piece images and size, a game shown.
    ("graphicsDir", Page("the folder of the piece images")),
    ("graphicsType", Page("the file type of the piece images")),
    ("whitePrefix", Page("the names of the white piece images")),
    ("blackPrefix", Page("the names of the black piece images")),
    ("squareSize", Page("the size of the squares in pixels")),
    (
        "moveList",
        Page("a game shown on the board, with its comments"),
    ),
    // Only the Diagram's own page: what it offers and where its parts go.
    (
        "satellite",
        Layout("the page elements its piece table goes into"),
    ),
    ("shady", Layout("checkering by the page's own function")),
    (
        "useMarkers",
        Layout("marker images for its move highlights"),
    ),
    ("enableAI", Layout("offering its computer player")),
    ("borders", Layout("borders around its squares")),
    ("title", Layout("a title above the board")),
    ("game", Layout("the game's name on its page")),
    ("newClick", Layout("how its board takes clicks")),
    ("nrFiles", Layout("the files it shows")),
    ("width", Layout("the width of its board")),
    ("height", Layout("the height of its board")),
    // Left to the page's script.
    (
        "zonal",
        PageScript("BadZone, marking the squares a piece may not enter"),
    ),
    // Later versions of the Diagram's script: rules not played yet.
    (
        "captureMatrix",
        NotPlayed(
            "its table of which piece types may take which",
            "every piece takes whatever enemy piece its moves reach",
        ),
    ),
    (
        "spell",
        NotPlayed(
            "its spells of pieces on other pieces",
            "no piece's moves depend on pieces near it beyond its Betza",
        ),
    ),
    (
        "trackPieces",
        NotPlayed(
            "its tracking of pieces",
            "no piece is told apart from its type",
        ),
    ),
    // Seen beside `spell` and `trackPieces` on a real page (the Diagram Piece Lab).
    (
        "trackedTypes",
        NotPlayed(
            "the piece types its tracking of pieces ('trackPieces') follows",
            "no piece is told apart from its type",
        ),
    ),
    (
        "spellZone",
        NotPlayed(
            "the squares its spells ('spell') reach",
            "no piece's moves depend on pieces near it beyond its Betza",
        ),
    ),
    (
        "blastZone",
        NotPlayed(
            "the squares around a capture that its blast empties",
            "a capture takes only the pieces its move takes",
        ),
    ),
    (
        "atomicCapture",
        NotPlayed(
            "whether a capture's blast also takes the capturing piece",
            "a capture takes only the pieces its move takes",
        ),
    ),
    (
        "stm",
        NotPlayed("the side to move first", "White moves first"),
    ),
    (
        "flipMode",
        NotPlayed(
            "its flipping of the board or moves for Black",
            "Black's moves are White's turned round by the symmetry, and the page draws \
             White at the bottom",
        ),
    ),
];

/// Keys the Diagram reads once per line, adding to what earlier lines said (`royal=1`
/// `royal=5`: two royal types); any other key given twice is an error.
pub const REPEATABLE: &[&str] = &[
    "royal",
    "iron",
    "protected",
    "counterStrike",
    "baring",
    "antiTrade",
];

/// The kind of `key` (case-sensitive, as the Diagram reads it), or `None` if unknown.
pub fn kind(key: &str) -> Option<KeyKind> {
    KEYS.iter().find(|(k, _)| *k == key).map(|&(_, kind)| kind)
}

/// The known key an unknown one was probably meant to be: the same but for case, or the
/// closest within two edits (`promozone` → `promoZone`, `promoZon` → `promoZone`), or one it
/// begins with (`graphicsDirectory` → `graphicsDir`).
pub fn suggestion(key: &str) -> Option<&'static str> {
    let known = || KEYS.iter().map(|&(k, _)| k);
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
        for (i, (k, _)) in KEYS.iter().enumerate() {
            assert!(
                !KEYS[i + 1..].iter().any(|(o, _)| o == k),
                "{k} listed twice"
            );
        }
        assert_eq!(kind("promoZone"), Some(Rule));
        assert_eq!(kind("lightShade"), Some(Colour));
        assert!(matches!(kind("startShade"), Some(Colour)));
        assert!(matches!(kind("graphicsDir"), Some(Page(_))));
        assert!(matches!(kind("enableAI"), Some(Layout(_))));
        assert!(matches!(kind("captureMatrix"), Some(NotPlayed(..))));
        assert_eq!(kind("autoGate"), Some(Rule));
        assert!(matches!(kind("zonal"), Some(PageScript(_))));
        assert_eq!(kind("promozone"), None);
    }

    /// The keys the Diagram's own definition parser (betza.js, `ParseGameDef`) reads: every
    /// one of them is known.
    #[test]
    fn every_key_of_the_diagrams_parser_is_known() {
        for k in [
            "files",
            "ranks",
            "holdingsType",
            "promoZone",
            "maxPromote",
            "promoChoice",
            "promoOffset",
            "graphicsDir",
            "lightShade",
            "darkShade",
            "startShade",
            "shady",
            "zonal",
            "squareSize",
            "symmetry",
            "graphicsType",
            "whitePrefix",
            "blackPrefix",
            "satellite",
            "royal",
            "iron",
            "counterStrike",
            "protected",
            "antiTrade",
            "extinction",
            "tradeThreshold",
            "useMarkers",
            "castleFlip",
            "firstRank",
            "enableAI",
            "autoGate",
            "shuffle",
            "stalemate",
            "baring",
        ] {
            assert!(kind(k).is_some(), "{k}");
        }
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
