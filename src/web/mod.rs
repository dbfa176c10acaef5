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
//! This is the thin browser shell around the headless model in [`crate::ui`]: it finds the
//! host elements, decodes DOM events into the model's events, applies the effects the model
//! returns, and draws. Where is what:
//! - `app`: one applet, the small app that wires the model to its widgets and applies effects;
//! - `api`: the applet's JavaScript interface, one-line forwards;
//! - `editor`: the live rules editor's listeners, its JavaScript interface and the share
//!   link opened on load;
//! - `events`: every DOM listener of an applet, bound in one table and removed together;
//! - `board`: the board widget (canvas, frames, input decoding); `render` draws one frame from
//!   a scene, `hands` the hands in it, `sprites` the piece set, `pictures` the host page's
//!   own piece images;
//! - `widgets/`: the controls, one widget a file (game controls, computer player, move list,
//!   FEN, definition, messages), and where designer mode's widgets go;
//! - `computer`: the computer player's Web Worker; `ai`: the engine that worker runs;
//! - `lab_host`: the balance lab's own Web Worker, effects, listeners and `balance()`; `lab`:
//!   the lab's side of that worker;
//! - `storage`: the saved game in `localStorage`;
//! - `js`: plain JavaScript objects built for every value that crosses; `read`: those that
//!   come back (workers' replies, the saved game, `embed()`'s options) read by hand.

mod ai;
mod api;
mod app;
mod binding;
mod board;
mod computer;
mod editor;
mod embed;
mod events;
mod exports;
mod hands;
mod js;
mod lab;
mod lab_host;
mod lab_panel;
mod legend;
mod marks;
mod paint;
mod pictures;
mod read;
#[cfg(test)]
mod read_tests;
mod render;
mod sharing;
mod sprites;
mod storage;
#[cfg(test)]
mod tests;
mod widgets;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Event, HtmlCanvasElement};

pub use crate::ui::layout::{BoardSize, Cell, LayoutError, Placement};
pub use ai::AiEngine;
pub use app::{App, Config, DEFAULT_VARIANT};
pub use lab::BalanceLab;

/// The performance mark set when the first board has been drawn.
pub const FIRST_DRAW_MARK: &str = "fairylab-first-draw";

/// The page's entry point, run by the wasm-bindgen loader once the module is instantiated.
#[cfg_attr(not(test), wasm_bindgen(start))]
pub fn start() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    // The embed build (no `page` feature) mounts no canvas of its own: its boards start from
    // `embed()`. Without this, all that follows (and the saved games in localStorage, and the
    // share link in the page's address) would stay in its wasm, unused.
    if !cfg!(feature = "page") {
        return Ok(());
    }
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
    // A page that embeds boards (`web::embed`) has none of its own and no global.
    if canvases.length() == 0 {
        return Ok(());
    }
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
            ..Config::default()
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
