//! Plain JavaScript values from Rust: each type that crosses into JavaScript (the interface's
//! results, the workers' messages, the saved game) derives serde's `Serialize`, and
//! `serde-wasm-bindgen` makes the value, keeping the exact shape the page,
//! `www/ai-worker.js` and the tests read: property names (camelCase, by
//! `#[serde(rename_all)]`), string tags, numbers as numbers, maps as plain objects, a missing
//! value as `undefined` ([`to_js`]) or `null` ([`to_js_null`]) as documented. Values coming
//! back (the workers' replies, the saved game, `embed()`'s options) are read by hand
//! ([`super::read`]).

use serde::Serialize;
use wasm_bindgen::JsValue;

/// Plain objects for structs and maps, numbers for numbers, `undefined` for `None`.
const UNDEFINED: serde_wasm_bindgen::Serializer =
    serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);

/// The same with `null` for `None`.
const NULL: serde_wasm_bindgen::Serializer = UNDEFINED.serialize_missing_as_null(true);

/// `value` as a plain JavaScript value, `None` as `undefined`.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value.serialize(&UNDEFINED).map_err(Into::into)
}

/// `value` as a plain JavaScript value, `None` as `null`.
pub fn to_js_null<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value.serialize(&NULL).map_err(Into::into)
}

/// Promises waiting for an answer, by id: their `(resolve, reject)`. A short list (a caller
/// or two at a time), searched in order; no hash map in the wasm for it.
#[derive(Default)]
pub struct Pending {
    last: u32,
    waiting: Vec<(u32, js_sys::Function, js_sys::Function)>,
}

impl Pending {
    /// Keeps a promise's functions; returns its id.
    pub fn add(&mut self, resolve: js_sys::Function, reject: js_sys::Function) -> u32 {
        self.last = self.last.wrapping_add(1);
        self.waiting.push((self.last, resolve, reject));
        self.last
    }

    /// Takes the functions of promise `id`, if it is still waiting.
    pub fn take(&mut self, id: u32) -> Option<(js_sys::Function, js_sys::Function)> {
        let at = self.waiting.iter().position(|w| w.0 == id)?;
        let (_, resolve, reject) = self.waiting.remove(at);
        Some((resolve, reject))
    }
}

/// Errors inside event callbacks have nowhere to go but the console.
pub fn report(result: Result<(), JsValue>) {
    if let Err(error) = result {
        web_sys::console::error_1(&error);
    }
}
