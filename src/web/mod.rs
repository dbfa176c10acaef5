//! Browser glue, compiled only for `wasm32`: draws boards on `<canvas>` elements with web-sys
//! and turns clicks into square names. It holds no rules; the rules core is plain Rust
//! elsewhere in the crate, and this module talks to it in strings and numbers.
//!
//! On load, [`start`] binds an [`App`] to every `<canvas data-fairylab>` in the page (board
//! size from `data-files` and `data-ranks`, 9x9 by default), then publishes
//! `window.fairylab = { ready: true, app, apps }`, where `app` is the first board, and fires a
//! `fairylab-ready` event on `window`. Nothing else is global.

mod ai;
mod app;
mod layout;
mod render;
#[cfg(test)]
mod tests;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Event, HtmlCanvasElement};

pub use ai::AiEngine;
pub use app::App;
pub use layout::{BoardSize, Cell, LayoutError, Placement};

/// The page's entry point, run by the wasm-bindgen loader once the module is instantiated.
#[cfg_attr(not(test), wasm_bindgen(start))]
pub fn start() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    // In the AI's Web Worker there is no window and nothing to draw.
    let Some(window) = web_sys::window() else {
        return Ok(());
    };
    let document = window
        .document()
        .ok_or_else(|| JsError::new("no document"))?;

    let apps = Array::new();
    let canvases = document.query_selector_all("canvas[data-fairylab]")?;
    for index in 0..canvases.length() {
        let Some(node) = canvases.item(index) else {
            continue;
        };
        let canvas: HtmlCanvasElement = node.dyn_into()?;
        let size = size_from_attributes(&canvas)?;
        apps.push(&App::with_size(canvas, size)?.into());
    }

    let api = Object::new();
    Reflect::set(&api, &"apps".into(), &apps)?;
    Reflect::set(&api, &"app".into(), &apps.get(0))?;
    Reflect::set(&api, &"ready".into(), &true.into())?;
    Reflect::set(&window, &"fairylab".into(), &api)?;
    window.dispatch_event(&Event::new("fairylab-ready")?)?;
    Ok(())
}

/// Board size from `data-files` / `data-ranks`, each defaulting to the 9x9 board's.
fn size_from_attributes(canvas: &HtmlCanvasElement) -> Result<BoardSize, JsValue> {
    let read = |name: &str, default: u32| -> Result<u32, JsValue> {
        match canvas.get_attribute(name) {
            None => Ok(default),
            Some(text) => text
                .trim()
                .parse()
                .map_err(|_| JsError::new(&format!("{name}={text:?} is not a number")).into()),
        }
    };
    let files = read("data-files", BoardSize::DEFAULT.files())?;
    let ranks = read("data-ranks", BoardSize::DEFAULT.ranks())?;
    BoardSize::new(files, ranks).map_err(|error| JsError::new(&error.to_string()).into())
}
