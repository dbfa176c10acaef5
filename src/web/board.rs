//! The board widget: one `<canvas>`, painted from the [`Scene`] the model builds of a
//! [`BoardView`] at most once per animation frame, and its pointer, touch and keyboard events
//! decoded into the board's [`Input`]. It sizes the canvas's backing store to the screen's
//! resolution, and keeps what the last frame showed ([`Drawn`], for tests). No rules and no game: the pieces' names and art come from the session.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, KeyboardEvent, PointerEvent, Window};

use crate::ui::board::{BoardView, Spot};
use crate::ui::input::{Input, Key};
use crate::ui::layout::{Cell, Placement};
use crate::ui::scene::{Drawn, Pictures, Scene};
use crate::ui::session::Session;

use super::js;
use super::paint::Theme;
use super::render;

/// A snapshot for tests and debugging, as a plain JavaScript object.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    files: u32,
    ranks: u32,
    selected: Option<String>,
    /// Canvas size in CSS pixels.
    css_width: f64,
    css_height: f64,
    /// Canvas backing store in device pixels.
    pixel_width: u32,
    pixel_height: u32,
    device_pixel_ratio: f64,
}

impl Snapshot {
    /// `{files, ranks, selected, cssWidth, cssHeight, pixelWidth, pixelHeight,
    /// devicePixelRatio}`, `selected` undefined when no square is.
    pub fn to_js(&self) -> Result<JsValue, JsValue> {
        js::to_js(self)
    }
}

pub struct BoardCanvas {
    pub canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    theme: Theme,
    /// The pending animation frame, if a redraw is scheduled.
    frame: RefCell<Option<i32>>,
    pub drawn: RefCell<Drawn>,
    /// The width cap set from `squareSize` in CSS pixels (0: none).
    cap: std::cell::Cell<u32>,
}

impl BoardCanvas {
    /// Takes over `canvas`: focusable, no text selection, pans and zooms left to the page.
    pub fn new(window: &Window, canvas: HtmlCanvasElement) -> Result<BoardCanvas, JsValue> {
        let ctx = canvas
            .get_context("2d")?
            .ok_or_else(|| JsError::new("canvas has no 2d context"))?
            .dyn_into::<CanvasRenderingContext2d>()?;
        if !canvas.has_attribute("tabindex") {
            canvas.set_tab_index(0);
        }
        let style = canvas.style();
        // Pans and zooms are the page's, except where a touch lands on a piece (touchstart).
        style.set_property("touch-action", "manipulation")?;
        style.set_property("user-select", "none")?;
        style.set_property("-webkit-user-select", "none")?;
        // A canvas whose CSS width is `auto` takes its width from its backing store, which
        // render() sizes from the CSS width: without a cap, each redraw would grow it by the
        // device pixel ratio. Unless the page set one, cap it at its container's width.
        let max_width = window
            .get_computed_style(&canvas)?
            .map(|computed| computed.get_property_value("max-width"))
            .transpose()?;
        if max_width.as_deref().is_none_or(|value| value == "none") {
            style.set_property("max-width", "100%")?;
        }
        Ok(BoardCanvas {
            canvas,
            ctx,
            theme: Theme::DEFAULT,
            frame: RefCell::new(None),
            drawn: RefCell::default(),
            cap: std::cell::Cell::new(0),
        })
    }

    /// The canvas's aspect ratio follows the board's (with its hands' rows, if it has hands).
    /// A board with hands, taller than wide, also narrows its applet's column so that it fits
    /// the window's height (`--fairylab-aspect`, read by applet.css).
    pub fn fit_to(&self, board: &BoardView) -> Result<(), JsValue> {
        let size = board.size;
        let files = f64::from(size.files());
        let ranks = match board.hands {
            Some(_) => f64::from(size.ranks()) + 2.0 * Placement::HAND_ROWS,
            None => f64::from(size.ranks()),
        };
        let ratio = |r: f64| crate::decimal::fixed(r, 3);
        (self.canvas.style()).set_property(
            "aspect-ratio",
            &format!("{} / {}", size.files(), ratio(ranks)),
        )?;
        if let Some(main) = self.canvas.closest(".fairylab-main")? {
            let style = main.unchecked_into::<web_sys::HtmlElement>().style();
            match board.hands {
                Some(_) => style.set_property("--fairylab-aspect", &ratio(files / ranks))?,
                None => style.remove_property("--fairylab-aspect").map(|_| ())?,
            }
        }
        Ok(())
    }

    /// Asks for one redraw in the next animation frame; repeated calls before it coalesce.
    pub fn schedule(
        &self,
        window: &Window,
        callback: &Closure<dyn FnMut(f64)>,
    ) -> Result<(), JsValue> {
        if self.frame.borrow().is_some() {
            return Ok(());
        }
        let id = window.request_animation_frame(callback.as_ref().unchecked_ref())?;
        *self.frame.borrow_mut() = Some(id);
        Ok(())
    }

    /// The scheduled frame has come (or is abandoned).
    pub fn frame_done(&self) -> Option<i32> {
        self.frame.borrow_mut().take()
    }

    /// Where the board sits in the canvas's current CSS box, read now (never cached: the page
    /// may have scrolled or reflowed since).
    pub fn placement(&self, board: &BoardView) -> Placement {
        let rect = self.canvas.get_bounding_client_rect();
        board.placement(rect.width(), rect.height())
    }

    /// A point in client coordinates as CSS pixels from the canvas's top-left corner.
    fn point(&self, x: i32, y: i32) -> (f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        (f64::from(x) - rect.left(), f64::from(y) - rect.top())
    }

    /// A pointer event as board input (`kind`: the DOM event's type); None for one the board
    /// ignores (another button, a secondary pointer going down).
    pub fn pointer_input(&self, board: &BoardView, kind: &str, e: &PointerEvent) -> Option<Input> {
        let at = self.point(e.client_x(), e.client_y());
        let pointer = e.pointer_id();
        let cell = || self.placement(board).cell_at(at.0, at.1);
        Some(match kind {
            "pointerdown" if e.is_primary() && e.button() == 0 => {
                let p = self.placement(board);
                match board.hand_at(&p, at.0, at.1) {
                    Some(slot) => Input::HandDown { slot, pointer, at },
                    None => Input::PointerDown {
                        cell: cell(),
                        pointer,
                        at,
                    },
                }
            }
            "pointermove" => Input::PointerMove { pointer, at },
            "pointerup" => Input::PointerUp {
                cell: cell(),
                pointer,
            },
            "pointercancel" => Input::PointerCancel { pointer },
            _ => return None,
        })
    }

    /// The square under a touch's start, if on the board.
    pub fn touch_cell(&self, board: &BoardView, x: i32, y: i32) -> Option<Cell> {
        let (x, y) = self.point(x, y);
        self.placement(board).cell_at(x, y)
    }

    /// The square or the hand's piece under a touch's start, if one.
    pub fn touch_spot(&self, board: &BoardView, x: i32, y: i32) -> Option<Spot> {
        let (x, y) = self.point(x, y);
        let p = self.placement(board);
        match board.hand_at(&p, x, y) {
            Some(slot) => Some(Spot::Hand(slot)),
            None => p.cell_at(x, y).map(Spot::Square),
        }
    }

    /// Sizes the backing store to the CSS box times devicePixelRatio and draws a frame.
    /// Returns whether an animation (the morph mark) wants another frame.
    pub fn render(
        &self,
        window: &Window,
        board: &BoardView,
        session: &Session,
        pictures: &Pictures,
        now: f64,
    ) -> Result<bool, JsValue> {
        let rect = self.canvas.get_bounding_client_rect();
        let (width, height) = (rect.width(), rect.height());
        let ratio = window.device_pixel_ratio();
        // Rounded and clamped, so the casts are exact.
        let pixels = |css: f64| (css * ratio).round().clamp(1.0, 32_768.0) as u32;
        let (pixel_width, pixel_height) = (pixels(width), pixels(height));
        // Setting a dimension clears the canvas, even to the same value: only on change.
        if self.canvas.width() != pixel_width {
            self.canvas.set_width(pixel_width);
        }
        if self.canvas.height() != pixel_height {
            self.canvas.set_height(pixel_height);
        }
        if width <= 0.0 || height <= 0.0 {
            return Ok(false);
        }
        self.ctx.set_transform(
            f64::from(pixel_width) / width,
            0.0,
            0.0,
            f64::from(pixel_height) / height,
            0.0,
            0.0,
        )?;

        let v = session.variant();
        // Where the page's images are drawn, the board's column is no wider than the Diagram
        // drew the board.
        let cap = (!pictures.is_empty())
            .then(|| crate::ui::pictures::square_size(v))
            .flatten()
            .map_or(0, |size| size * board.size.files());
        if self.cap.replace(cap) != cap
            && let Some(main) = self.canvas.closest(".fairylab-main")?
        {
            let style = main.unchecked_into::<web_sys::HtmlElement>().style();
            match cap {
                0 => style.remove_property("max-width").map(|_| ())?,
                px => style.set_property("max-width", &format!("{px}px"))?,
            }
        }
        let scene = Scene::build(board, v, pictures, (width, height), now);
        render::draw(&self.ctx, &self.theme, &scene)?;
        *self.drawn.borrow_mut() = scene.drawn(board, v);
        // The morph mark animates: keep drawing until it is over.
        Ok(scene.glow.is_some())
    }

    pub fn snapshot(&self, window: &Window, board: &BoardView) -> Snapshot {
        let rect = self.canvas.get_bounding_client_rect();
        Snapshot {
            files: board.size.files(),
            ranks: board.size.ranks(),
            selected: board.selected.map(|cell| cell.to_string()),
            css_width: rect.width(),
            css_height: rect.height(),
            pixel_width: self.canvas.width(),
            pixel_height: self.canvas.height(),
            device_pixel_ratio: window.device_pixel_ratio(),
        }
    }
}

/// A key the board takes (no Alt, Ctrl or Meta): arrows, Enter or Space, Escape.
pub fn key_input(e: &KeyboardEvent) -> Option<Input> {
    if e.alt_key() || e.ctrl_key() || e.meta_key() {
        return None;
    }
    Some(Input::Key(match e.key().as_str() {
        "ArrowUp" => Key::Arrow(0, -1),
        "ArrowDown" => Key::Arrow(0, 1),
        "ArrowLeft" => Key::Arrow(-1, 0),
        "ArrowRight" => Key::Arrow(1, 0),
        "Enter" | " " => Key::Enter,
        "Escape" => Key::Escape,
        _ => return None,
    }))
}
