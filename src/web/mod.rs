//! Browser glue, compiled only for `wasm32`: the board applet. It draws boards on `<canvas>`
//! elements with web-sys, builds their controls, and turns pointer, touch and keyboard input
//! into moves. It holds no rules: every rules answer (legal moves, destinations, results, FEN,
//! names, promotion results, descriptions) comes from the core, in strings and numbers.
//!
//! On load, [`start`] binds an [`App`] to every `<canvas data-fairylab>` in the page (its
//! variant from `data-variant`, Morphing Chess by default; its game kept in `localStorage`
//! under `fairylab:` and the canvas's id, or its position in the page), then publishes
//! `window.fairylab = { ready: true, app, apps }`, where `app` is the first board, and fires a
//! `fairylab-ready` event on `window`. Nothing else is global. The first board's first frame
//! sets the performance mark `fairylab-first-draw`.
//!
//! Files: `app` (one applet: its JavaScript interface, input and drawing loop), `state` (what
//! the board shows around the game), `layout` (squares and pixels), `render` (a frame),
//! `sprites` (the piece set), `panel` (the controls), `storage` (the saved game), `computer`
//! (the computer player: its mode, level and Web Worker), `ai` (the engine that worker runs).

mod ai;
mod app;
mod computer;
mod lab;
mod layout;
mod panel;
mod render;
mod sprites;
mod state;
mod storage;
#[cfg(test)]
mod tests;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Event, HtmlCanvasElement};

pub use ai::AiEngine;
pub use app::{App, Config, DEFAULT_VARIANT};
pub use lab::BalanceLab;
pub use layout::{BoardSize, Cell, LayoutError, Placement};

/// The performance mark set when the first board has been drawn.
pub const FIRST_DRAW_MARK: &str = "fairylab-first-draw";

/// The page's entry point, run by the wasm-bindgen loader once the module is instantiated.
#[cfg_attr(not(test), wasm_bindgen(start))]
pub fn start() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    // In the AI's Web Worker (www/ai-worker.js runs this same module) there is no window and
    // nothing to draw.
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
        let id = canvas.id();
        let key = if id.is_empty() {
            format!("fairylab:board-{index}")
        } else {
            format!("fairylab:{id}")
        };
        let config = Config {
            variant: canvas.get_attribute("data-variant"),
            storage_key: Some(key),
        };
        apps.push(&App::mount(canvas, config)?.into());
        if index == 0
            && let Some(performance) = window.performance()
        {
            performance.mark(FIRST_DRAW_MARK)?;
        }
    }

    let api = Object::new();
    Reflect::set(&api, &"apps".into(), &apps)?;
    Reflect::set(&api, &"app".into(), &apps.get(0))?;
    Reflect::set(&api, &"ready".into(), &true.into())?;
    Reflect::set(&window, &"fairylab".into(), &api)?;
    window.dispatch_event(&Event::new("fairylab-ready")?)?;
    Ok(())
}
