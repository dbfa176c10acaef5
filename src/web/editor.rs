//! The live rules editor's browser glue: its listeners (typing, checked after a pause; the
//! replay note's buttons; A/B; Copy text; Share link; the designer panel's open state) and its
//! JavaScript interface (`definition`, `setDefinition`, `editTime`). Share links themselves
//! are [`super::sharing`]'s.
//!
//! **Edit to board.** Each keystroke (`input` event) notes the time and restarts a timer of
//! [`EDIT_PAUSE_MS`]; when it fires, the text is checked and, when valid, the variant rebuilt,
//! the game replayed and the board drawn at once. `editTime()` is the time from that last
//! keystroke to the board drawn, the pause included.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::ui::editor::{EDIT_PAUSE_MS, TextError};

use super::app::{App, Shared};
use super::js;
use super::js::report;
use super::sharing::copy_text;
use super::widgets::RulesEditorControls;

/// What `setDefinition` answers: `{ok, replayed, stoppedAt, errors: [{line, col, message}]}`,
/// `stoppedAt` null when every move replayed.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Edited {
    ok: bool,
    replayed: usize,
    stopped_at: Option<usize>,
    errors: Vec<WireError>,
}

#[derive(serde::Serialize)]
struct WireError {
    line: u32,
    col: u32,
    message: String,
}

impl From<&TextError> for WireError {
    fn from(e: &TextError) -> WireError {
        WireError {
            line: e.line,
            col: e.col,
            message: e.message.clone(),
        }
    }
}

impl Shared {
    /// Binds the rules editor's listeners, and opens the designer panel if it was left open.
    pub fn listen_editor(self: &Rc<Self>) -> Result<(), JsValue> {
        if let Some(w) = self.panel.rules_editor() {
            self.listen_rules_editor(w)?;
        }

        let details = &self.panel.designer.details;
        if let Some(key) = self.designer_key() {
            let storage = self.window.local_storage().ok().flatten();
            let open = storage.and_then(|s| s.get_item(&key).ok().flatten());
            if open.as_deref() == Some("open") {
                details.set_attribute("open", "")?;
            }
            self.on(details, "toggle", None, |s, _| {
                if let Some(key) = s.designer_key() {
                    let open = s.panel.designer.details.has_attribute("open");
                    let text = if open { "open" } else { "closed" };
                    // Storage can be full or switched off: then nothing is kept.
                    if let Some(storage) = s.window.local_storage().ok().flatten() {
                        let _ = storage.set_item(&key, text);
                    }
                }
                Ok(())
            })?;
        }
        self.show_editor()
    }

    /// The rules editor's own listeners (the page's; the embed build has no rules editor).
    fn listen_rules_editor(self: &Rc<Self>, w: &RulesEditorControls) -> Result<(), JsValue> {
        let weak = Rc::downgrade(self);
        let tick = Closure::<dyn FnMut()>::new(move || {
            if let Some(shared) = weak.upgrade() {
                shared.edit_typed();
            }
        });
        *w.typing.tick.borrow_mut() = Some(tick);

        self.on(&w.text, "input", None, |s, _| {
            s.typed();
            Ok(())
        })?;
        self.on(&w.text, "scroll", None, |s, _| {
            if let Some(e) = s.panel.rules_editor() {
                e.scroll_gutter();
            }
            Ok(())
        })?;
        self.on(&w.undo, "click", None, |s, _| {
            s.dispatch(|a, fx| a.undo_edit(fx));
            Ok(())
        })?;
        self.on(&w.keep, "click", None, |s, _| {
            s.dispatch(|a, fx| a.continue_edit(fx));
            Ok(())
        })?;
        self.on(&w.restart, "click", None, |s, _| {
            s.dispatch(|a, fx| a.restart_edit(fx));
            Ok(())
        })?;
        self.on(&w.switch, "click", None, |s, _| {
            s.cancel_typing();
            s.dispatch(|a, fx| a.switch_rules(fx));
            Ok(())
        })?;
        self.on(&w.copy, "click", None, |s, _| {
            if let Some(e) = s.panel.rules_editor() {
                copy_text(&s.window, &e.text.value())?;
            }
            s.panel.messages.announce("Rules text copied");
            Ok(())
        })?;
        self.on(&w.share, "click", None, |s, _| {
            let link = s.share_link()?;
            if let Some(e) = s.panel.rules_editor() {
                e.show_link(&link);
            }
            copy_text(&s.window, &link)?;
            s.panel.messages.announce("Share link copied");
            Ok(())
        })?;
        Ok(())
    }

    /// Where the designer panel's open state is kept: beside the applet's game.
    fn designer_key(&self) -> Option<String> {
        (self.storage_key()).map(|key| format!("{key}:designer"))
    }

    /// Shows the rules editor, when the designer panel is open (it is shown when the panel
    /// opens): a board whose panel stays closed never lays out the editor's text.
    pub fn show_editor(&self) -> Result<(), JsValue> {
        if !self.panel.designer.details.has_attribute("open") {
            return Ok(());
        }
        let Some(w) = self.panel.rules_editor() else {
            return Ok(());
        };
        let a = self.model.borrow();
        let warnings = &a.session.variant().spec.warnings;
        w.show(&self.document, &a.rules_editor, warnings)
    }

    /// A keystroke: the line numbers follow at once; the text is checked after a pause.
    fn typed(&self) {
        let Some(w) = self.panel.rules_editor() else {
            return;
        };
        w.typing.typed_at.set(self.now());
        let text = w.text.value();
        self.cancel_typing();
        let due = self.dispatch(|a, fx| a.type_definition(&text, fx));
        report(w.show_gutter(&self.document, self.model.borrow().rules_editor.errors()));
        if !due {
            return;
        }
        let tick = w.typing.tick.borrow();
        let Some(tick) = tick.as_ref() else {
            return;
        };
        let handle = self
            .window
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                tick.as_ref().unchecked_ref(),
                EDIT_PAUSE_MS,
            );
        match handle {
            Ok(handle) => w.typing.timer.set(Some(handle)),
            Err(e) => report(Err(e)),
        }
    }

    /// Calls off a check still waiting for the typing to pause.
    fn cancel_typing(&self) {
        let timer = self
            .panel
            .rules_editor()
            .and_then(|w| w.typing.timer.take());
        if let Some(handle) = timer {
            self.window.clear_timeout_with_handle(handle);
        }
    }

    /// The typing paused: check the text; a valid one is played and the board drawn now.
    fn edit_typed(&self) {
        let Some(w) = self.panel.rules_editor() else {
            return;
        };
        w.typing.timer.set(None);
        let text = w.text.value();
        if self.dispatch(|a, fx| a.edit_definition(&text, fx)).is_ok() {
            report(self.render());
            let ms = self.now() - w.typing.typed_at.get();
            w.typing.edit_ms.set(ms);
            w.show_time(ms);
        }
    }
}

#[wasm_bindgen]
impl App {
    /// The rules in play: the definition text of the variant, as loaded or last edited.
    pub fn definition(&self) -> String {
        self.shared.model.borrow().rules_editor.text().to_string()
    }

    /// Plays on under the definition `text`, the game replayed move by move until one is no
    /// longer legal: `{ ok, replayed, stoppedAt, errors }`, `stoppedAt` the index (from 0)
    /// of the first move not replayed, or null. A text with errors changes nothing:
    /// `{ ok: false, replayed: 0, stoppedAt: null, errors: [{ line, col, message }] }`.
    #[wasm_bindgen(js_name = setDefinition)]
    pub fn set_definition(&self, text: String) -> Result<JsValue, JsValue> {
        self.shared.cancel_typing();
        let result = self.shared.dispatch(|a, fx| a.edit_definition(&text, fx));
        let edited = match result {
            Ok(o) => Edited {
                ok: true,
                replayed: o.replayed,
                stopped_at: o.stopped_at,
                errors: Vec::new(),
            },
            Err(errors) => Edited {
                ok: false,
                replayed: 0,
                stopped_at: None,
                errors: errors.iter().map(WireError::from).collect(),
            },
        };
        js::to_js_null(&edited)
    }

    /// Milliseconds from the last keystroke in the rules editor to the board drawn under the
    /// edited rules (the typing pause included); NaN before the first edit typed.
    #[wasm_bindgen(js_name = editTime)]
    pub fn edit_time(&self) -> f64 {
        (self.shared.panel.rules_editor()).map_or(f64::NAN, |w| w.typing.edit_ms.get())
    }
}
