//! Plain JavaScript values read by hand: `embed()`'s options, the workers' replies and the
//! saved game. Each value read carries its place (`report.a.games`, `moves[1]`), and what does
//! not fit is an error naming that place, what was expected and what was found: `moves[1]:
//! expected a string, found the number 3`. Whatever comes (a getter that throws, a number
//! where text belongs, a saved game edited by hand), the answer is such a message, never a
//! panic.
//!
//! Not serde's `Deserialize`: its error messages write a found number by the standard
//! library's float formatting (`Unexpected::Float`), 19 KB of the embed's wasm for that alone
//! (docs/embed-size.md); here a found value is written by JavaScript itself ([`kind`]).

use js_sys::{Array, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// The longest text quoted in an error message, in characters.
const QUOTED: usize = 24;

/// A value and where it was found.
pub struct Value {
    value: JsValue,
    /// `report.a.games`, `moves[1]`; empty for the value read itself.
    place: String,
}

impl Value {
    /// The value handed over (its fields are named without a prefix).
    pub fn root(value: JsValue) -> Value {
        Value {
            value,
            place: String::new(),
        }
    }

    /// The error for this value: `PLACE: expected EXPECTED, found WHAT IT IS`.
    pub fn error(&self, expected: &str) -> String {
        let found = kind(&self.value);
        match self.place.as_str() {
            "" => format!("expected {expected}, found {found}"),
            place => format!("{place}: expected {expected}, found {found}"),
        }
    }

    /// Field `name` of this object (undefined when it has none).
    pub fn get(&self, name: &str) -> Result<Value, String> {
        if !self.value.is_object() || Array::is_array(&self.value) {
            return Err(self.error("an object"));
        }
        let place = match self.place.as_str() {
            "" => name.to_string(),
            place => format!("{place}.{name}"),
        };
        match Reflect::get(&self.value, &JsValue::from_str(name)) {
            Ok(value) => Ok(Value { value, place }),
            Err(e) => Err(format!("{place}: could not be read ({})", error_text(&e))),
        }
    }

    /// Field `name`, or `None` when it is missing, undefined or null.
    pub fn get_opt(&self, name: &str) -> Result<Option<Value>, String> {
        let field = self.get(name)?;
        Ok((!field.value.is_undefined() && !field.value.is_null()).then_some(field))
    }

    /// Field `name`, read by `read`; `default` when it is missing, undefined or null.
    pub fn or<T>(
        &self,
        name: &str,
        default: T,
        read: impl FnOnce(&Value) -> Result<T, String>,
    ) -> Result<T, String> {
        self.get_opt(name)?.as_ref().map_or(Ok(default), read)
    }

    /// A string.
    pub fn string(&self) -> Result<String, String> {
        self.value.as_string().ok_or_else(|| self.error("a string"))
    }

    /// A number (not NaN).
    pub fn number(&self) -> Result<f64, String> {
        match self.value.as_f64() {
            Some(n) if !n.is_nan() => Ok(n),
            _ => Err(self.error("a number")),
        }
    }

    /// A whole number from `min` to `max` (integers in the message: no float formatting).
    fn whole(&self, min: i64, max: i64) -> Result<f64, String> {
        match self.value.as_f64() {
            Some(n) if n >= min as f64 && n <= max as f64 && n.trunc() == n => Ok(n),
            _ => Err(self.error(&format!("a whole number from {min} to {max}"))),
        }
    }

    /// A whole number from 0 to 4294967295.
    pub fn u32(&self) -> Result<u32, String> {
        Ok(self.whole(0, u32::MAX.into())? as u32)
    }

    /// A whole number from 0 to 255.
    pub fn u8(&self) -> Result<u8, String> {
        Ok(self.whole(0, u8::MAX.into())? as u8)
    }

    /// A whole number from -2147483648 to 2147483647.
    pub fn i32(&self) -> Result<i32, String> {
        Ok(self.whole(i32::MIN.into(), i32::MAX.into())? as i32)
    }

    /// `true` or `false`.
    pub fn bool(&self) -> Result<bool, String> {
        self.value
            .as_bool()
            .ok_or_else(|| self.error("true or false"))
    }

    /// An array's elements.
    pub fn array(&self) -> Result<Vec<Value>, String> {
        let Some(array) = self.value.dyn_ref::<Array>() else {
            return Err(self.error("an array"));
        };
        Ok((array.iter().enumerate())
            .map(|(i, value)| Value {
                value,
                place: format!("{}[{i}]", self.place),
            })
            .collect())
    }

    /// An array of exactly `N` elements.
    pub fn tuple<const N: usize>(&self) -> Result<[Value; N], String> {
        <[Value; N]>::try_from(self.array()?).map_err(|_| self.error(&format!("an array of {N}")))
    }

    /// An array, each element read by `read`.
    pub fn each<T>(&self, read: impl Fn(&Value) -> Result<T, String>) -> Result<Vec<T>, String> {
        self.array()?.iter().map(read).collect()
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

/// What a value is, for an error message: `undefined`, `null`, `an array`, `the number 1.5`,
/// `the string "abc"`, `an object`, `a function`, ...
pub fn kind(value: &JsValue) -> String {
    if value.is_undefined() {
        "undefined".to_string()
    } else if value.is_null() {
        "null".to_string()
    } else if Array::is_array(value) {
        "an array".to_string()
    } else if value.as_f64().is_some() {
        // Written by JavaScript: the wasm carries no float formatting (crate::decimal).
        let text = js_sys::Number::from(value.clone()).to_string_with_radix(10);
        format!("the number {}", text.map(String::from).unwrap_or_default())
    } else if let Some(text) = value.as_string() {
        match text.char_indices().nth(QUOTED) {
            Some((end, _)) => format!("the string \"{}…\"", &text[..end]),
            None => format!("the string \"{text}\""),
        }
    } else if let Some(b) = value.as_bool() {
        format!("{b}")
    } else {
        match value.js_typeof().as_string().as_deref() {
            Some("object") => "an object".to_string(),
            Some("function") => "a function".to_string(),
            Some(other) => format!("a {other}"),
            None => "something else".to_string(),
        }
    }
}
