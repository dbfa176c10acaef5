//! Plain JavaScript values to and from Rust, written out by hand: objects built property by
//! property, and typed readers whose errors name the field and say what they found (never a
//! panic). Each type that crosses into JavaScript has its own `to_js` or `from_js` next to it,
//! keeping the exact shape the page, `www/ai-worker.js` and the tests read: property names,
//! string tags, numbers as numbers, a missing value as `undefined` or `null` as documented.
//!
//! (A serialisation framework did this before, at about a tenth of the wasm module's size.)

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// A plain object being built: `js::object().set("a", 1).set("b", "x").into()`.
pub struct Obj(Object);

/// A new plain object.
pub fn object() -> Obj {
    Obj(Object::new())
}

impl Obj {
    /// Sets the property `key` (last set wins, in the order first set).
    pub fn set(self, key: &str, value: impl Into<JsValue>) -> Obj {
        self.put(key, &value.into());
        self
    }

    fn put(&self, key: &str, value: &JsValue) {
        // Setting a property of a new plain object cannot fail.
        let _ = Reflect::set(&self.0, &JsValue::from_str(key), value);
    }
}

impl From<Obj> for JsValue {
    fn from(o: Obj) -> JsValue {
        o.0.into()
    }
}

/// `Some(v)` as `v`, `None` as `undefined`.
pub fn or_undefined<T: Into<JsValue>>(value: Option<T>) -> JsValue {
    value.map_or(JsValue::UNDEFINED, Into::into)
}

/// `Some(v)` as `v`, `None` as `null`.
pub fn or_null<T: Into<JsValue>>(value: Option<T>) -> JsValue {
    value.map_or(JsValue::NULL, Into::into)
}

/// An array of the items.
pub fn array<T: Into<JsValue>>(items: impl IntoIterator<Item = T>) -> JsValue {
    let array = Array::new();
    for item in items {
        array.push(&item.into());
    }
    array.into()
}

/// An array of strings.
pub fn strings<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> JsValue {
    array(items.into_iter().map(|s| JsValue::from_str(s.as_ref())))
}

/// What a value is, for an error message.
fn kind(value: &JsValue) -> String {
    if value.is_null() {
        "null".to_string()
    } else if Array::is_array(value) {
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

fn expected(what: &str, value: &JsValue) -> String {
    format!("expected {what}, found {}", kind(value))
}

/// A string.
pub fn string(value: &JsValue) -> Result<String, String> {
    value.as_string().ok_or_else(|| expected("a string", value))
}

/// `true` or `false`.
pub fn boolean(value: &JsValue) -> Result<bool, String> {
    value
        .as_bool()
        .ok_or_else(|| expected("true or false", value))
}

/// A number (any, NaN too).
pub fn number(value: &JsValue) -> Result<f64, String> {
    value.as_f64().ok_or_else(|| expected("a number", value))
}

/// A whole number from `min` to `max`.
fn whole(value: &JsValue, min: i64, max: u64) -> Result<f64, String> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (min as f64..=max as f64).contains(&n) => Ok(n),
        _ => Err(expected(
            &format!("a whole number from {min} to {max}"),
            value,
        )),
    }
}

/// A whole number from 0 to 255.
pub fn u8(value: &JsValue) -> Result<u8, String> {
    whole(value, 0, u8::MAX.into()).map(|n| n as u8)
}

/// A whole number from 0 to 2^32 - 1.
pub fn u32(value: &JsValue) -> Result<u32, String> {
    whole(value, 0, u32::MAX.into()).map(|n| n as u32)
}

/// A whole number from -2^31 to 2^31 - 1.
pub fn i32(value: &JsValue) -> Result<i32, String> {
    whole(value, i32::MIN.into(), i32::MAX as u64).map(|n| n as i32)
}

/// A whole number from 0 to `usize::MAX` (2^32 - 1 in wasm32).
pub fn usize(value: &JsValue) -> Result<usize, String> {
    whole(value, 0, usize::MAX as u64).map(|n| n as usize)
}

/// An array, each item read by `read`.
pub fn list<T>(value: &JsValue, read: fn(&JsValue) -> Result<T, String>) -> Result<Vec<T>, String> {
    let array = value
        .dyn_ref::<Array>()
        .ok_or_else(|| expected("an array", value))?;
    (0..array.length())
        .map(|i| read(&array.get(i)).map_err(|e| format!("item {i}: {e}")))
        .collect()
}

/// An array of exactly `N` items.
pub fn tuple<const N: usize>(value: &JsValue) -> Result<[JsValue; N], String> {
    let items = list(value, |v| Ok(v.clone()))?;
    let n = items.len();
    items
        .try_into()
        .map_err(|_| format!("expected an array of {N} items, found {n}"))
}

/// The property `name` of `object`: `undefined` when it has none (an error if it is not an
/// object).
fn get(object: &JsValue, name: &str) -> Result<JsValue, String> {
    if !object.is_object() {
        return Err(expected("an object", object));
    }
    Reflect::get(object, &JsValue::from_str(name))
        .map_err(|e| format!("field `{name}`: {}", error_text(&e)))
}

/// The field `name` of `object`, read by `read`; missing (`undefined`) is an error.
pub fn field<T>(
    object: &JsValue,
    name: &str,
    read: fn(&JsValue) -> Result<T, String>,
) -> Result<T, String> {
    let value = get(object, name)?;
    if value.is_undefined() {
        return Err(format!("missing field `{name}`"));
    }
    read(&value).map_err(|e| format!("field `{name}`: {e}"))
}

/// The field `name` of `object`, read by `read`; missing, `undefined` or `null` is `None`.
pub fn optional<T>(
    object: &JsValue,
    name: &str,
    read: fn(&JsValue) -> Result<T, String>,
) -> Result<Option<T>, String> {
    let value = get(object, name)?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    read(&value)
        .map(Some)
        .map_err(|e| format!("field `{name}`: {e}"))
}

/// The field `name` of `object`, read by `read`; missing (`undefined`) is `T`'s default.
pub fn or_default<T: Default>(
    object: &JsValue,
    name: &str,
    read: fn(&JsValue) -> Result<T, String>,
) -> Result<T, String> {
    let value = get(object, name)?;
    if value.is_undefined() {
        return Ok(T::default());
    }
    read(&value).map_err(|e| format!("field `{name}`: {e}"))
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
