//! One board applet bound to one `<canvas>`: it owns its state and its event listeners, turns
//! clicks into square names, and redraws at most once per animation frame.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use serde::Serialize;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, MouseEvent, ResizeObserver, Window};

use super::layout::{BoardSize, Cell, Placement};
use super::render::{self, Scene, Theme};

/// A board on a canvas. Create one per canvas; dropping it (`free()` from JavaScript) removes
/// its listeners.
#[wasm_bindgen]
pub struct App {
    shared: Rc<Shared>,
}

/// What the listeners need; they hold it weakly, so the `App` handle alone keeps it alive.
struct Shared {
    window: Window,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    theme: Theme,
    state: RefCell<State>,
    /// The pending animation frame, if a redraw is scheduled.
    frame: RefCell<Option<i32>>,
    handlers: RefCell<Option<Handlers>>,
}

struct State {
    size: BoardSize,
    highlighted: Option<Cell>,
}

struct Handlers {
    click: Closure<dyn FnMut(MouseEvent)>,
    resize: Closure<dyn FnMut()>,
    frame: Closure<dyn FnMut(f64)>,
    observer: ResizeObserver,
}

/// A snapshot for tests and debugging, as a plain JavaScript object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Snapshot {
    files: u32,
    ranks: u32,
    highlighted: Option<String>,
    /// Canvas size in CSS pixels.
    css_width: f64,
    css_height: f64,
    /// Canvas backing store in device pixels.
    pixel_width: u32,
    pixel_height: u32,
    device_pixel_ratio: f64,
}

fn js_error(message: impl std::fmt::Display) -> JsValue {
    JsError::new(&message.to_string()).into()
}

#[wasm_bindgen]
impl App {
    /// Binds a `files` x `ranks` board to `canvas` and draws it. The canvas's CSS width is the
    /// page's business (without one, the board fills its container's width); its height
    /// follows from the board's aspect ratio.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement, files: u32, ranks: u32) -> Result<App, JsValue> {
        let size = BoardSize::new(files, ranks).map_err(js_error)?;
        App::with_size(canvas, size)
    }

    pub fn files(&self) -> u32 {
        self.shared.state.borrow().size.files()
    }

    pub fn ranks(&self) -> u32 {
        self.shared.state.borrow().size.ranks()
    }

    /// The highlighted square's name, such as `"e5"`, or `undefined`.
    pub fn highlighted(&self) -> Option<String> {
        self.shared
            .state
            .borrow()
            .highlighted
            .map(|cell| cell.to_string())
    }

    /// Highlights a square by name, or clears the highlight with `undefined`.
    pub fn highlight(&self, square: Option<String>) -> Result<(), JsValue> {
        let cell = match square {
            Some(name) => {
                let size = self.shared.state.borrow().size;
                Some(size.parse_cell(&name).map_err(js_error)?)
            }
            None => None,
        };
        self.shared.state.borrow_mut().highlighted = cell;
        self.shared.schedule_redraw()
    }

    /// The square under a point given in CSS pixels from the canvas's top-left corner.
    #[wasm_bindgen(js_name = squareAt)]
    pub fn square_at(&self, x: f64, y: f64) -> Option<String> {
        self.shared
            .placement()
            .cell_at(x, y)
            .map(|cell| cell.to_string())
    }

    /// Draws now instead of in the next animation frame.
    pub fn redraw(&self) -> Result<(), JsValue> {
        self.shared.render()
    }

    /// `{ files, ranks, highlighted, cssWidth, cssHeight, pixelWidth, pixelHeight,
    /// devicePixelRatio }`.
    pub fn snapshot(&self) -> Result<JsValue, JsValue> {
        let shared = &self.shared;
        let state = shared.state.borrow();
        let rect = shared.canvas.get_bounding_client_rect();
        let snapshot = Snapshot {
            files: state.size.files(),
            ranks: state.size.ranks(),
            highlighted: state.highlighted.map(|cell| cell.to_string()),
            css_width: rect.width(),
            css_height: rect.height(),
            pixel_width: shared.canvas.width(),
            pixel_height: shared.canvas.height(),
            device_pixel_ratio: shared.window.device_pixel_ratio(),
        };
        Ok(serde_wasm_bindgen::to_value(&snapshot)?)
    }
}

impl App {
    /// As [`App::new`], with the size already checked.
    pub fn with_size(canvas: HtmlCanvasElement, size: BoardSize) -> Result<App, JsValue> {
        let window = web_sys::window().ok_or_else(|| js_error("no window"))?;
        let ctx = canvas
            .get_context("2d")?
            .ok_or_else(|| js_error("canvas has no 2d context"))?
            .dyn_into::<CanvasRenderingContext2d>()?;
        let style = canvas.style();
        style.set_property(
            "aspect-ratio",
            &format!("{} / {}", size.files(), size.ranks()),
        )?;
        style.set_property("touch-action", "manipulation")?;
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

        let shared = Rc::new(Shared {
            window,
            canvas,
            ctx,
            theme: Theme::DEFAULT,
            state: RefCell::new(State {
                size,
                highlighted: None,
            }),
            frame: RefCell::new(None),
            handlers: RefCell::new(None),
        });
        shared.listen()?;
        shared.render()?;
        Ok(App { shared })
    }
}

impl Drop for App {
    fn drop(&mut self) {
        self.shared.unlisten();
    }
}

impl Shared {
    /// Attaches click, resize and frame callbacks, each holding a weak reference back.
    fn listen(self: &Rc<Self>) -> Result<(), JsValue> {
        let weak = Rc::downgrade(self);
        let click =
            Closure::<dyn FnMut(MouseEvent)>::new(with_shared(weak.clone(), |shared, event| {
                shared.on_click(&event)
            }));
        let resize = Closure::<dyn FnMut()>::new({
            let weak = weak.clone();
            move || {
                if let Some(shared) = weak.upgrade() {
                    report(shared.schedule_redraw());
                }
            }
        });
        let frame = Closure::<dyn FnMut(f64)>::new(with_shared(weak, |shared, _time| {
            shared.frame.borrow_mut().take();
            shared.render()
        }));

        self.canvas
            .add_event_listener_with_callback("click", click.as_ref().unchecked_ref())?;
        // Zooming changes devicePixelRatio and fires `resize` on the window; layout changes
        // reach the canvas through the observer.
        self.window
            .add_event_listener_with_callback("resize", resize.as_ref().unchecked_ref())?;
        let observer = ResizeObserver::new(resize.as_ref().unchecked_ref())?;
        observer.observe(&self.canvas);

        *self.handlers.borrow_mut() = Some(Handlers {
            click,
            resize,
            frame,
            observer,
        });
        Ok(())
    }

    fn unlisten(&self) {
        if let Some(id) = self.frame.borrow_mut().take() {
            report(self.window.cancel_animation_frame(id));
        }
        if let Some(handlers) = self.handlers.borrow_mut().take() {
            handlers.observer.disconnect();
            report(self.canvas.remove_event_listener_with_callback(
                "click",
                handlers.click.as_ref().unchecked_ref(),
            ));
            report(self.window.remove_event_listener_with_callback(
                "resize",
                handlers.resize.as_ref().unchecked_ref(),
            ));
        }
    }

    /// A click on a square highlights it; a click on the highlighted square, or off the
    /// board, clears the highlight.
    fn on_click(&self, event: &MouseEvent) -> Result<(), JsValue> {
        let rect = self.canvas.get_bounding_client_rect();
        let x = f64::from(event.client_x()) - rect.left();
        let y = f64::from(event.client_y()) - rect.top();
        let cell = self.placement().cell_at(x, y);
        {
            let mut state = self.state.borrow_mut();
            state.highlighted = if cell == state.highlighted {
                None
            } else {
                cell
            };
        }
        self.schedule_redraw()
    }

    /// Where the board sits in the canvas's current CSS box.
    fn placement(&self) -> Placement {
        let rect = self.canvas.get_bounding_client_rect();
        Placement::fit(self.state.borrow().size, rect.width(), rect.height())
    }

    /// Asks for one redraw in the next animation frame; repeated calls before it coalesce.
    fn schedule_redraw(&self) -> Result<(), JsValue> {
        if self.frame.borrow().is_some() {
            return Ok(());
        }
        let handlers = self.handlers.borrow();
        let Some(handlers) = handlers.as_ref() else {
            return Ok(());
        };
        let id = self
            .window
            .request_animation_frame(handlers.frame.as_ref().unchecked_ref())?;
        *self.frame.borrow_mut() = Some(id);
        Ok(())
    }

    /// Sizes the backing store to the CSS box times devicePixelRatio and draws a frame.
    fn render(&self) -> Result<(), JsValue> {
        let rect = self.canvas.get_bounding_client_rect();
        let (width, height) = (rect.width(), rect.height());
        let ratio = self.window.device_pixel_ratio();
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
            return Ok(());
        }
        self.ctx.set_transform(
            f64::from(pixel_width) / width,
            0.0,
            0.0,
            f64::from(pixel_height) / height,
            0.0,
            0.0,
        )?;

        let state = self.state.borrow();
        let placement = Placement::fit(state.size, width, height);
        render::draw(
            &self.ctx,
            &Scene {
                placement: &placement,
                theme: &self.theme,
                highlighted: state.highlighted,
                width,
                height,
            },
        )
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

/// Errors inside event callbacks have nowhere to go but the console.
fn report(result: Result<(), JsValue>) {
    if let Err(error) = result {
        web_sys::console::error_1(&error);
    }
}
