//! DOM events to the model's handlers: every listener of one applet (the board's pointer,
//! touch, keyboard and focus events, the window's resizes, each widget's controls), the
//! animation frame and the resize observer, bound in one table ([`Shared::listen`]) and all
//! removed when the applet goes. Each listener holds the applet weakly.

use std::rc::{Rc, Weak};

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    AddEventListenerOptions, Element, Event, EventTarget, KeyboardEvent, PointerEvent,
    ResizeObserver, TouchEvent,
};

use crate::ui::applet::{Applet, Step};
use crate::ui::input::Input;
use crate::ui::player::{Level, Mode};

use super::app::Shared;
use super::binding::Listener;
use super::board::key_input;
use super::js::report;
use super::widgets::game_controls::CUSTOM;

impl Shared {
    /// Attaches the board's, the controls' and the window's listeners.
    pub fn listen(self: &Rc<Self>) -> Result<(), JsValue> {
        let canvas: &EventTarget = &self.board.canvas;
        for kind in ["pointerdown", "pointermove", "pointerup", "pointercancel"] {
            self.on(canvas, kind, None, |s, e| {
                let e: &PointerEvent = e.unchecked_ref();
                // Decoded on the board shown (the game's, a diagram's or the setup's).
                let input = (s.board).pointer_input(s.model.borrow().shown_board(), &e.type_(), e);
                s.input(input);
                Ok(())
            })?;
        }
        // Not passive: a touch that starts on a piece must not scroll the page.
        self.on(canvas, "touchstart", Some(false), |s, e| {
            let e: &TouchEvent = e.unchecked_ref();
            let Some(touch) = e.touches().get(0) else {
                return Ok(());
            };
            let claimed = {
                let a = s.model.borrow();
                let (x, y) = (touch.client_x(), touch.client_y());
                let spot = (s.board).touch_spot(a.shown_board(), x, y);
                a.board.claims_touch(spot)
            };
            if claimed && e.cancelable() {
                e.prevent_default();
            }
            Ok(())
        })?;
        self.on(canvas, "keydown", None, |s, e| {
            let input = key_input(e.unchecked_ref());
            if input.is_some() {
                e.prevent_default();
            }
            s.input(input);
            Ok(())
        })?;
        self.on(canvas, "blur", None, |s, _| {
            s.input(Some(Input::Blur));
            Ok(())
        })?;
        // Zooming changes devicePixelRatio and fires `resize` on the window; layout changes
        // reach the canvas through the observer.
        let window: &EventTarget = &self.window;
        self.on(window, "resize", None, |s, _| s.schedule_redraw())?;

        let g = &self.panel.game;
        self.on(&g.variant, "change", None, |s, _| {
            let name = s.panel.game.variant.value();
            let current = name == CUSTOM || name == s.model.borrow().session.variant().name;
            if !current {
                s.dispatch(|a, fx| Applet::report(a.set_variant(&name, fx), fx));
            }
            Ok(())
        })?;
        self.on(&g.new_game, "click", None, |s, _| {
            s.dispatch(Applet::new_game);
            Ok(())
        })?;
        self.on(&g.undo, "click", None, |s, _| {
            s.dispatch(|a, fx| a.undo(fx));
            Ok(())
        })?;
        self.on(&g.redo, "click", None, |s, _| {
            let now = s.now();
            s.dispatch(|a, fx| Applet::report(a.redo(now, fx).map(|_| ()), fx));
            Ok(())
        })?;
        self.on(&g.flip, "click", None, |s, _| {
            s.dispatch(|a, fx| a.flip(fx));
            Ok(())
        })?;

        let m = &self.panel.moves;
        self.on(&m.moves, "click", None, |s, e| {
            let ply = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest("[data-ply]").ok().flatten())
                .and_then(|el| el.get_attribute("data-ply"))
                .and_then(|text| text.parse::<usize>().ok());
            // A move played is viewed; one ahead (taken back, or the definition's game's)
            // is gone to.
            if let Some(ply) = ply {
                s.dispatch(|a, fx| {
                    if ply > a.session.game().played().len() {
                        a.seek(ply, fx);
                    } else {
                        a.view(ply, fx);
                    }
                });
            }
            Ok(())
        })?;
        self.on(&m.steps, "click", None, |s, e| {
            let step = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest("[data-step]").ok().flatten())
                .and_then(|el| el.get_attribute("data-step"))
                .and_then(|name| Step::from_name(&name));
            if let Some(step) = step {
                s.dispatch(|a, fx| a.step(step, fx));
            }
            Ok(())
        })?;
        self.on(&m.steps, "keydown", None, |s, e| {
            let e: &KeyboardEvent = e.unchecked_ref();
            if let Some(step) = Step::from_key(&e.key()) {
                e.prevent_default();
                s.dispatch(|a, fx| a.step(step, fx));
            }
            Ok(())
        })?;
        // In the list, whose buttons are rebuilt, the focus goes on to the move shown.
        self.on(&m.moves, "keydown", None, |s, e| {
            let e: &KeyboardEvent = e.unchecked_ref();
            if let Some(step) = Step::from_key(&e.key()) {
                e.prevent_default();
                s.dispatch(|a, fx| a.step(step, fx));
                s.panel.moves.focus_current()?;
            }
            Ok(())
        })?;
        self.on(&m.back, "click", None, |s, _| {
            s.dispatch(|a, fx| a.view(a.session.game().played().len(), fx));
            Ok(())
        })?;

        let f = &self.panel.fen;
        self.on(&f.copy, "click", None, |s, _| {
            s.panel.fen.copy(&s.window)?;
            s.panel.messages.announce("FEN copied");
            Ok(())
        })?;
        self.on(&f.load, "click", None, |s, _| {
            s.paste_fen();
            Ok(())
        })?;
        self.on(&f.paste, "keydown", None, |s, e| {
            let e: &KeyboardEvent = e.unchecked_ref();
            if e.key() == "Enter" {
                e.prevent_default();
                s.paste_fen();
            }
            Ok(())
        })?;
        self.on(&self.panel.definition.load, "click", None, |s, _| {
            let text = s.panel.definition.text.value();
            s.dispatch(|a, fx| Applet::report(a.set_variant(&text, fx), fx));
            Ok(())
        })?;

        let c = &self.panel.computer;
        self.on(&c.play, "click", None, |s, _| {
            s.dispatch(|a, fx| a.play_computer(fx));
            Ok(())
        })?;
        self.on(&c.mode, "change", None, |s, _| {
            if let Some(mode) = Mode::parse(&s.panel.computer.mode.value()) {
                s.dispatch(|a, fx| a.set_mode(mode, fx));
            }
            Ok(())
        })?;
        self.on(&c.level, "change", None, |s, _| {
            let level = s.panel.computer.level.value().parse().ok();
            if let Some(level) = level.and_then(Level::new) {
                s.dispatch(|a, fx| a.set_level(level, fx));
            }
            Ok(())
        })?;
        self.on(&c.hint, "click", None, |s, _| {
            s.dispatch(|a, fx| Applet::report(a.hint(None, fx), fx));
            Ok(())
        })?;
        self.on(&c.stop, "click", None, |s, _| {
            s.dispatch(|a, fx| a.stop(fx));
            Ok(())
        })?;
        self.on(&c.go, "click", None, |s, _| {
            s.dispatch(|a, fx| a.go(fx));
            Ok(())
        })?;
        self.listen_editor()?;
        self.listen_sharing()?;

        self.listen_legend()?;

        self.listen_lab()?;

        let weak = Rc::downgrade(self);
        let frame = Closure::<dyn FnMut(f64)>::new(with_shared(weak.clone(), |shared, _time| {
            shared.board.frame_done();
            shared.render()
        }));
        *self.binding.frame.borrow_mut() = Some(frame);
        let resized = Closure::<dyn FnMut()>::new(move || {
            if let Some(shared) = weak.upgrade() {
                report(shared.schedule_redraw());
            }
        });
        let observer = ResizeObserver::new(resized.as_ref().unchecked_ref())?;
        observer.observe(&self.board.canvas);
        *self.binding.observer.borrow_mut() = Some((observer, resized));
        Ok(())
    }

    /// Board input, decoded (None: an event the board ignores).
    pub(super) fn input(&self, input: Option<Input>) {
        if let Some(input) = input {
            let now = self.now();
            self.dispatch(|a, fx| a.input(input, now, fx));
        }
    }

    /// Listens to `kind` on `target`; `passive` sets the listener option when given.
    pub(super) fn on(
        self: &Rc<Self>,
        target: &EventTarget,
        kind: &'static str,
        passive: Option<bool>,
        f: fn(&Shared, Event) -> Result<(), JsValue>,
    ) -> Result<(), JsValue> {
        let closure = Closure::<dyn FnMut(Event)>::new(with_shared(Rc::downgrade(self), f));
        match passive {
            Some(passive) => {
                let options = AddEventListenerOptions::new();
                options.set_passive(passive);
                target.add_event_listener_with_callback_and_add_event_listener_options(
                    kind,
                    closure.as_ref().unchecked_ref(),
                    &options,
                )?;
            }
            None => {
                target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref())?
            }
        }
        self.binding.listeners.borrow_mut().push(Listener {
            target: target.clone(),
            kind,
            closure,
        });
        Ok(())
    }

    /// Removes every listener, the pending frame and the resize observer.
    pub fn unlisten(&self) {
        if let Some(id) = self.board.frame_done() {
            report(self.window.cancel_animation_frame(id));
        }
        if let Some((observer, _)) = self.binding.observer.borrow_mut().take() {
            observer.disconnect();
        }
        for listener in self.binding.listeners.borrow_mut().drain(..) {
            report(listener.target.remove_event_listener_with_callback(
                listener.kind,
                listener.closure.as_ref().unchecked_ref(),
            ));
        }
        self.binding.frame.borrow_mut().take();
    }
}

/// Wraps a callback so it runs only while the app is alive, and reports its errors.
fn with_shared<A>(
    weak: Weak<Shared>,
    f: impl Fn(&Shared, A) -> Result<(), JsValue>,
) -> impl FnMut(A) {
    move |arg| {
        if let Some(shared) = weak.upgrade() {
            report(f(&shared, arg));
        }
    }
}
