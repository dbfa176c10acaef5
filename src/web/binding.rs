//! What one applet is bound to, to unbind it when it goes: its event listeners, its animation
//! frame's callback and its resize observer. Bound and unbound by `events.rs`.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use web_sys::{Event, EventTarget, ResizeObserver};

type FrameCallback = Closure<dyn FnMut(f64)>;
type ResizeCallback = Closure<dyn FnMut()>;

/// One listener added: where, for which event, and its callback (kept alive here).
pub struct Listener {
    pub target: EventTarget,
    pub kind: &'static str,
    pub closure: Closure<dyn FnMut(Event)>,
}

/// What one applet is bound to, to unbind it.
#[derive(Default)]
pub struct Binding {
    pub listeners: RefCell<Vec<Listener>>,
    pub frame: RefCell<Option<FrameCallback>>,
    pub observer: RefCell<Option<(ResizeObserver, ResizeCallback)>>,
}
