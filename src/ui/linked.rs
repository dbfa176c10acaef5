//! What the page says when a share link in its address does not open: it shows instead the
//! game it would have opened without the link, and the message names that game truly (the
//! saved game, or a new one when there was none or it could not be read).

/// The game the page opens in place of a link's that does not open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fallback {
    /// The saved game, restored.
    Saved,
    /// No saved game: a new game.
    New,
    /// The saved game could not be read (why): a new game.
    Unreadable(String),
}

/// The message for a link that did not open (`error`: why), shown with `fallback`;
/// `note`: what the fallback's own start says (why a saved game's moves stop early, why the
/// variant asked for could not be loaded), kept after it; an unreadable saved game's note is
/// the message saying so, which this one already tells.
pub fn link_failed(error: &str, fallback: &Fallback, note: Option<&str>) -> String {
    let head = format!("The link's game could not be opened ({error})");
    let mut message = match fallback {
        Fallback::Saved => format!("{head}; here is the saved game."),
        Fallback::New => format!("{head}; there is no saved game: here is a new one."),
        Fallback::Unreadable(why) => format!(
            "{head}; the saved game could not be restored either ({why}): here is a new game."
        ),
    };
    let note = note.filter(|n| !n.is_empty() && !matches!(fallback, Fallback::Unreadable(_)));
    if let Some(note) = note {
        message.push(' ');
        message.push_str(note);
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    const BROKEN: &str = "at 1: the link is not a share link";

    #[test]
    fn a_restored_saved_game_is_named_as_such() {
        let m = link_failed(BROKEN, &Fallback::Saved, None);
        assert_eq!(
            m,
            "The link's game could not be opened (at 1: the link is not a share link); \
             here is the saved game."
        );
    }

    #[test]
    fn an_unreadable_saved_game_is_not_called_the_saved_game() {
        let why = Fallback::Unreadable("bad JSON at 3".into());
        let said = "The saved game could not be restored: bad JSON at 3";
        let m = link_failed(BROKEN, &why, Some(said));
        assert!(!m.contains("here is the saved game"), "{m}");
        assert!(m.contains("the saved game could not be restored either (bad JSON at 3)"));
        assert!(m.ends_with("here is a new game."), "{m}");
        assert!(!m.contains(said), "said once: {m}");
    }

    #[test]
    fn without_a_saved_game_a_new_game_is_shown() {
        let m = link_failed(BROKEN, &Fallback::New, None);
        assert!(!m.contains("here is the saved game"), "{m}");
        assert!(
            m.ends_with("there is no saved game: here is a new one."),
            "{m}"
        );
    }

    #[test]
    fn the_fallbacks_own_note_follows() {
        let note = "The saved game stops at move 4: no such move";
        let m = link_failed(BROKEN, &Fallback::Saved, Some(note));
        assert!(
            m.ends_with(&format!("here is the saved game. {note}")),
            "{m}"
        );
    }
}
