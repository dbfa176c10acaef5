//! An embedded board's start, read from its host element: the rules (a bundled name in
//! `data-variant`, or the element's text, an Interactive Diagram definition), then `data-fen`,
//! `data-moves`, `data-orientation`, `data-ai` and `data-level`. Plain Rust: the browser shell
//! (`web/embed.rs`) reads the attributes and the text and hands them here.
//!
//! A board that cannot start as written is refused with a message naming the attribute (or
//! the definition's `LINE:COL`): a definition that does not load, a FEN that does not read, an
//! attribute value that means nothing. Moves are different: the moves before the first one
//! that fails are kept, and a note says which failed and why, as when a game is pasted.

use crate::bundled;
use crate::describe;
use crate::fen;
use crate::game::Game;
use crate::gametext;
use crate::share::{self, Share};

use super::player::{Level, Mode};

/// What the host element says, as written (`None`: the attribute is absent).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attributes {
    /// The element's text: an Interactive Diagram definition, with its line breaks or
    /// flattened to one line.
    pub text: String,
    pub variant: Option<String>,
    pub fen: Option<String>,
    pub moves: Option<String>,
    pub orientation: Option<String>,
    pub ai: Option<String>,
    pub level: Option<String>,
    /// `data-sprites`: `page` (the host page's own piece images, when the text names them)
    /// or `fairylab` (fairylab's own sprites).
    pub sprites: Option<String>,
    /// The board's name for a definition of its own: `data-name`, else the nearest heading
    /// before the element, else the page's title (the first of them with text).
    pub names: [Option<String>; 3],
}

/// How an embedded board starts.
#[derive(Debug, Clone)]
pub struct Start {
    pub game: Game,
    /// Why the moves stop early, if they do.
    pub note: Option<String>,
    /// Black at the bottom.
    pub flipped: bool,
    pub mode: Mode,
    pub level: Level,
    /// The host page's own piece images are drawn (the rules are the element's text, and
    /// `data-sprites` does not choose fairylab's).
    pub pictures: bool,
}

/// The board the attributes describe, or why there is none.
pub fn start(attrs: &Attributes) -> Result<Start, String> {
    let rules = match (&attrs.variant, attrs.text.trim()) {
        (Some(name), _) => name.trim(),
        (None, "") => {
            return Err(
                "no rules: give data-variant=\"NAME\" or the definition as the \
                        element's text"
                    .into(),
            );
        }
        (None, text) => text,
    };
    // The element's text: a bundled variant's text is that variant; another is named from
    // the page.
    let bundled = (bundled::BUNDLED.iter()).find(|(_, text)| text.trim() == rules);
    let v = match (&attrs.variant, bundled, name(&attrs.names)) {
        (None, Some((name, _)), _) => describe::load_variant(name),
        (None, None, Some(name)) => bundled::compile(&name, rules),
        _ => describe::load_variant(rules),
    };
    let v = v.map_err(|e| match attrs.variant {
        // One word that is no bundled name: load_variant's message already says so.
        Some(_) if describe::is_one_word(rules) => {
            let said: Vec<&str> = e.0.iter().map(|d| d.message.as_str()).collect();
            format!("data-variant: {}", said.join("; "))
        }
        Some(_) => format!(
            "data-variant: '{}' is not a bundled variant ({e})",
            clip(rules)
        ),
        None => format!("the definition: {e}"),
    })?;
    let mut game = match attrs.fen.as_deref().map(str::trim) {
        None | Some("") => crate::ui::annotated::new_game(&v),
        Some(f) => Game::from_position(fen::from_fen(&v, f).map_err(|e| format!("data-fen: {e}"))?),
    };
    let mut note = None;
    if let Some(moves) = attrs.moves.as_deref().filter(|m| !m.trim().is_empty()) {
        let imported = gametext::import_from(moves, game.position())
            .map_err(|e| format!("data-moves: {e}"))?;
        note = (imported.error)
            .map(|e| format!("data-moves stops at {e}; the moves before it are played."));
        game = imported.game;
    }
    let flipped = match attrs.orientation.as_deref().map(str::trim) {
        None | Some("") | Some("white") => false,
        Some("black") => true,
        Some(other) => return Err(bad("data-orientation", other, "\"white\" or \"black\"")),
    };
    // data-ai names the computer's side; the mode names the human's.
    let mode = match attrs.ai.as_deref().map(str::trim) {
        None | Some("") | Some("none") => Mode::Human,
        Some("black") => Mode::White,
        Some("white") => Mode::Black,
        Some("both") => Mode::Computer,
        Some(other) => {
            return Err(bad(
                "data-ai",
                other,
                "\"white\", \"black\", \"both\" or \"none\"",
            ));
        }
    };
    let level = match attrs.level.as_deref().map(str::trim) {
        None | Some("") => Level::DEFAULT,
        Some(text) => text.parse().ok().and_then(Level::new).ok_or_else(|| {
            bad(
                "data-level",
                text,
                &format!("a number from {} to {}", Level::MIN, Level::MAX),
            )
        })?,
    };
    let pictures = pictures(attrs)?;
    Ok(Start {
        game,
        note,
        flipped,
        mode,
        level,
        pictures,
    })
}

/// The longest board name kept, in characters.
pub const MAX_NAME: usize = 60;

/// The first of `names` with text, its runs of white space made one space, and clipped.
pub fn name(names: &[Option<String>]) -> Option<String> {
    names.iter().flatten().find_map(|text| {
        let mut name = String::new();
        for word in text.split_whitespace() {
            if !name.is_empty() {
                name.push(' ');
            }
            name.push_str(word);
        }
        if let Some((end, _)) = name.char_indices().nth(MAX_NAME) {
            name.truncate(end);
        }
        (!name.is_empty()).then_some(name)
    })
}

/// Whether the host page's own piece images are drawn: when the rules are the element's text
/// and `data-sprites` does not choose fairylab's own.
pub fn pictures(attrs: &Attributes) -> Result<bool, String> {
    match attrs.sprites.as_deref().map(str::trim) {
        None | Some("") | Some("page") => Ok(attrs.variant.is_none()),
        Some("fairylab") => Ok(false),
        Some(other) => Err(bad("data-sprites", other, "\"page\" or \"fairylab\"")),
    }
}

/// The board of a share link that names it (`b=`): the link's rules, game, players and level.
pub fn from_share(link: &Share) -> Result<Start, String> {
    let (game, failed) = share::restore(link)?;
    let mode = Mode::parse(share::Computer::page_mode(link.computer)).unwrap_or_default();
    Ok(Start {
        game,
        note: failed.map(|f| format!("The shared game stops at {f}")),
        flipped: mode == Mode::Black,
        mode,
        level: link.level.and_then(Level::new).unwrap_or(Level::DEFAULT),
        pictures: false,
    })
}

fn bad(attribute: &str, value: &str, expected: &str) -> String {
    format!("{attribute}: '{}' is not {expected}", clip(value))
}

/// A value for a message: its first 40 characters.
fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(variant: Option<&str>, text: &str) -> Attributes {
        Attributes {
            text: text.into(),
            variant: variant.map(Into::into),
            ..Attributes::default()
        }
    }

    #[test]
    fn a_bundled_name_with_a_game_and_players() {
        let mut a = attrs(Some("chess"), "");
        a.moves = Some("e2e4 e7e5 g1f3".into());
        a.orientation = Some("black".into());
        a.ai = Some("white".into());
        a.level = Some("2".into());
        let s = start(&a).unwrap();
        assert_eq!(s.game.history(), ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(s.note, None);
        assert!(s.flipped);
        assert_eq!(s.mode, Mode::Black);
        assert_eq!(s.level.number(), 2);
    }

    #[test]
    fn game_courier_moves_from_a_fen() {
        let mut a = attrs(Some("chess"), "");
        a.fen = Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1".into());
        a.moves = Some("1. K e1-g1".into());
        let s = start(&a).unwrap();
        assert_eq!(s.game.history().len(), 1);
        assert!(
            s.game.fen().starts_with("4k3/8/8/8/8/8/8/5RK1 b"),
            "{}",
            s.game.fen()
        );
    }

    #[test]
    fn the_text_is_the_definition_even_flattened() {
        let text = "files=8 ranks=8 promoZone=1 promoChoice=QRBN pawn:P:ifmnDfmWfceF:pawn:a2-h2 \
                    knight:N:N:knight:b1,g1 bishop:B:B:bishop:c1,f1 rook:R:R:rook:a1,h1 \
                    queen:Q:Q:queen:d1 king:K:KisO2:king:e1";
        let s = start(&attrs(None, &format!("\n  {text}\n"))).unwrap();
        assert_eq!(s.game.legal_moves().len(), 20);
        assert_eq!(s.mode, Mode::Human);
        assert!(!s.flipped);
    }

    /// A flattened definition whose `moveList` is the rest of its line: the board starts at
    /// the start with its moves ahead (the knight g1-f3, Black's pawn e7-e5); `data-moves`
    /// replaces that game.
    #[test]
    fn the_definitions_game_is_ahead_unless_data_moves_gives_one() {
        let text = "files=8 ranks=8 promoZone=1 promoChoice=QRBN pawn:P:ifmnDfmWfceF:pawn:a2-h2 \
                    knight:N:N:knight:b1,g1 king:K:K:king:e1 moveList=1. Nf3 {a knight} e5";
        let s = start(&attrs(None, text)).unwrap();
        assert!(s.game.played().is_empty());
        let ahead: Vec<String> = (s.game.redo_moves())
            .map(|m| crate::notation::to_coordinate(s.game.variant(), m))
            .collect();
        assert_eq!(ahead, ["g1f3", "e7e5"]);
        let mut a = attrs(None, text);
        a.moves = Some("b1c3".into());
        let s = start(&a).unwrap();
        assert_eq!(s.game.history(), ["b1c3"]);
        assert!(!s.game.can_redo());
    }

    #[test]
    fn moves_stop_at_the_first_that_fails_and_keep_the_rest() {
        let mut a = attrs(Some("chess"), "");
        a.moves = Some("e2e4 e7e5 e1e3 d2d4".into());
        let s = start(&a).unwrap();
        assert_eq!(s.game.history(), ["e2e4", "e7e5"]);
        let note = s.note.unwrap();
        assert!(
            note.starts_with("data-moves stops at move 2 (e1e3): "),
            "{note}"
        );
    }

    #[test]
    fn refusals_name_the_attribute() {
        let refused = |a: Attributes| start(&a).err().unwrap();
        assert!(refused(attrs(None, "  \n")).starts_with("no rules"));
        let typo = refused(attrs(Some("chesss"), ""));
        assert!(typo.starts_with("data-variant: 'chesss' is not a bundled variant (chess, "));
        assert_eq!(
            typo.matches("is not a bundled variant").count(),
            1,
            "{typo}"
        );
        let e = refused(attrs(None, "files=8 ranks=8\nking:1:K:king:e1"));
        assert!(e.starts_with("the definition: 2:"), "{e}");
        let mut a = attrs(Some("chess"), "");
        a.fen = Some("8/8/9 w".into());
        assert!(refused(a).starts_with("data-fen: "));
        for (set, name) in [
            (0, "data-orientation"),
            (1, "data-ai"),
            (2, "data-level"),
            (3, "data-level"),
        ] {
            let mut a = attrs(Some("chess"), "");
            let value = Some(["purple", "red", "9", "x"][set].to_string());
            match set {
                0 => a.orientation = value,
                1 => a.ai = value,
                _ => a.level = value,
            }
            assert!(refused(a).starts_with(&format!("{name}: ")), "{name}");
        }
    }

    #[test]
    fn a_definition_is_named_from_the_page_never_a_hash() {
        let text = "files=8 ranks=8\nking:K:K:king:e1,,e8";
        let named = |names: [Option<&str>; 3]| {
            let mut a = attrs(None, text);
            a.names = names.map(|n| n.map(Into::into));
            start(&a).unwrap().game.variant().name.clone()
        };
        assert_eq!(
            named([Some(" Kings\n only "), Some("Rules"), Some("Page")]),
            "Kings only"
        );
        assert_eq!(
            named([None, Some("Rules of play"), Some("Page")]),
            "Rules of play"
        );
        assert_eq!(named([Some("  "), Some(""), Some("My page")]), "My page");
        assert!(named([None, None, None]).starts_with("custom-"));
        let long = "x".repeat(200);
        assert_eq!(named([Some(&long), None, None]).chars().count(), MAX_NAME);
        // A bundled variant keeps its own name.
        let mut a = attrs(Some("chess"), "");
        a.names = [Some("Mine".into()), None, None];
        assert_eq!(start(&a).unwrap().game.variant().name, "chess");
        let mut a = attrs(None, bundled::text("chess").unwrap());
        a.names = [Some("Mine".into()), None, None];
        assert_eq!(start(&a).unwrap().game.variant().name, "chess");
    }

    #[test]
    fn page_pictures_for_the_elements_own_text_unless_data_sprites_says_fairylab() {
        let text = "files=8 ranks=8 graphicsDir=img/\nking:K:K:king:e1,,e8";
        let mut a = attrs(None, text);
        assert!(start(&a).unwrap().pictures);
        a.sprites = Some("fairylab".into());
        assert!(!start(&a).unwrap().pictures);
        a.sprites = Some("page".into());
        assert!(start(&a).unwrap().pictures);
        a.sprites = Some("alfaerie".into());
        let e = start(&a).err().unwrap();
        assert!(e.starts_with("data-sprites: 'alfaerie' is not"), "{e}");
        // A bundled variant's text is not the page's.
        assert!(!start(&attrs(Some("chess"), "")).unwrap().pictures);
    }

    #[test]
    fn a_share_link_starts_its_board() {
        let mut link = share::decode("v=chess&m=e2e4.e7e5&ai=white&l=2&b=intro").unwrap();
        let s = from_share(&link).unwrap();
        assert_eq!(s.game.history(), ["e2e4", "e7e5"]);
        assert_eq!(
            (s.mode, s.flipped, s.level.number()),
            (Mode::Black, true, 2)
        );
        link.moves.push("e1e3".into());
        let note = from_share(&link).unwrap().note.unwrap();
        assert!(note.starts_with("The shared game stops at "), "{note}");
    }

    #[test]
    fn hostile_definitions_are_refused_quickly() {
        let big_board = "files=1000 ranks=1000\nking:K:K:king:a1";
        assert!(start(&attrs(None, big_board)).is_err());
        let pieces = format!("files=8 ranks=8\n{}", "king:K:K:king:a1\n".repeat(100_000));
        assert!(start(&attrs(None, &pieces)).is_err());
        let nested = format!(
            "files=8 ranks=8\nking:K:{}K{}:king:a1",
            "[".repeat(5000),
            "]".repeat(5000)
        );
        // Deep brackets: the king's moves are not played (a warning), and the board loads.
        let _ = start(&attrs(None, &nested));
        let line = format!("files=8 ranks=8 {}", "x".repeat(1 << 20));
        assert!(start(&attrs(None, &line)).is_err());
        // Markup in a name is text: it loads, and the name is kept as written.
        let named = "files=8 ranks=8\n<img src=x onerror=alert(1)>:K:K:king:e1,,e8";
        let s = start(&attrs(None, named));
        assert!(s.is_ok() || s.err().unwrap().starts_with("the definition: "));
    }
}
