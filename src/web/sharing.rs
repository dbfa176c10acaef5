//! Share links: the link to this page that opens a game (its rules, moves, players and level),
//! a link in the page's address opened in place of the saved game, and the clipboard. The
//! format itself is [`crate::share`]'s.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::Window;

use crate::share::{self, Share};
use crate::ui::applet::Applet;
use crate::ui::embed::Start;
use crate::ui::linked::{self, Fallback};
use crate::ui::player::{Level, Mode};

/// The page's address without its fragment, then `#` and the share fragment of `applet`'s
/// game (`board`: an embedded board's name, `b=`).
pub fn link(window: &Window, applet: &Applet, board: Option<&str>) -> Result<String, JsValue> {
    let href = window.location().href()?;
    let page = href.split('#').next().unwrap_or_default();
    let a = applet;
    let mut share = Share::of_game(a.session.game());
    share.computer = share::Computer::from_page_mode(a.computer.mode.as_str()).flatten();
    share.level = Some(a.computer.level.number());
    share.board = board.map(str::to_string);
    Ok(format!("{page}#{}", share::encode(&share)))
}

/// A share link in the page's address (a fragment that is not empty, then taken out of the
/// address) takes precedence over `start`, the saved game or the new game `fallback` says
/// (true: opened): its rules, game, players and level. A link that does not open keeps
/// `start`, with a note saying why and which game is shown instead.
pub fn open_link(window: &Window, start: Start, fallback: &Fallback) -> (Start, bool) {
    let hash = window.location().hash().unwrap_or_default();
    let fragment = hash.strip_prefix('#').unwrap_or(&hash);
    if fragment.is_empty() {
        return (start, false);
    }
    let opened = share::decode(fragment)
        .map_err(|e| e.to_string())
        .and_then(|s| share::restore(&s).map(|restored| (s, restored)));
    match opened {
        Ok((s, (game, failed))) => {
            // The game is the saved game from now on (the app saves it once mounted): a
            // reload keeps the moves played after opening the link, not the link's game.
            if let Ok(history) = window.history() {
                let location = window.location();
                let path = location.pathname().unwrap_or_default();
                let search = location.search().unwrap_or_default();
                let _ = history.replace_state_with_url(
                    &JsValue::NULL,
                    "",
                    Some(&format!("{path}{search}")),
                );
            }
            let mode = Mode::parse(share::Computer::page_mode(s.computer)).unwrap_or_default();
            let level = s.level.and_then(Level::new).unwrap_or(start.level);
            let note = failed.map(|f| format!("The shared game stops at {f}"));
            let flipped = mode == Mode::Black;
            let linked = Start {
                game,
                note,
                flipped,
                mode,
                level,
                pictures: start.pictures,
            };
            (linked, true)
        }
        Err(e) => {
            let note = Some(linked::link_failed(&e, fallback, start.note.as_deref()));
            (Start { note, ..start }, false)
        }
    }
}

/// Copies `text` to the clipboard where the page may (a refusal leaves it to copy by hand).
pub fn copy_text(window: &Window, text: &str) -> Result<(), JsValue> {
    let clipboard = js_sys::Reflect::get(&window.navigator(), &"clipboard".into())?;
    if clipboard.is_object() {
        let write = js_sys::Reflect::get(&clipboard, &"writeText".into())?;
        if let Ok(write) = write.dyn_into::<js_sys::Function>() {
            let _ = write.call1(&clipboard, &text.into());
        }
    }
    Ok(())
}
