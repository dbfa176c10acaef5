//! Plain JavaScript values to and from Rust: each type that crosses into JavaScript (the
//! interface's results, the workers' messages, the saved game) derives serde's `Serialize` or
//! `Deserialize`, and `serde-wasm-bindgen` makes or reads the value, keeping the exact shape
//! the page, `www/ai-worker.js` and the tests read: property names (camelCase, by
//! `#[serde(rename_all)]`), string tags, numbers as numbers, maps as plain objects, a missing
//! value as `undefined` ([`to_js`]) or `null` ([`to_js_null`]) as documented.

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::{JsCast, JsValue};

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

/// A plain JavaScript value read as a `T`; the error says what did not fit (serde's words:
/// `missing field `ply``, `invalid type: ...`).
pub fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

/// What a value is, for an error message.
fn kind(value: &JsValue) -> String {
    if value.is_null() {
        "null".to_string()
    } else if js_sys::Array::is_array(value) {
        "an array".to_string()
    } else if value.as_f64().is_some() {
        // Written by JavaScript: the wasm carries no float formatting (crate::decimal).
        let text = js_sys::Number::from(value.clone()).to_string_with_radix(10);
        format!("the number {}", text.map(String::from).unwrap_or_default())
    } else {
        (value.js_typeof().as_string()).unwrap_or_else(|| "something else".to_string())
    }
}

/// A thrown JavaScript value as text: an error's message, a string as it is, else its kind.
/// (Not `{:?}`: the standard library's Debug formatting would add its string escaping to the
/// wasm.)
pub fn error_text(e: &JsValue) -> String {
    if let Some(s) = e.as_string() {
        return s;
    }
    match e.dyn_ref::<js_sys::Error>() {
        Some(err) => String::from(err.message()),
        None => kind(e),
    }
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
