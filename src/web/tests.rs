//! Browser tests of the glue, run in headless Chromium by `wasm-bindgen-test-runner`
//! (`cargo test --target wasm32-unknown-unknown --lib`). Each test makes its own canvas.

use js_sys::{Function, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, MouseEvent, MouseEventInit};

use super::layout::{BoardSize, Cell, Placement};
use super::{App, start};

wasm_bindgen_test_configure!(run_in_browser);

fn canvas(css_width: &str) -> HtmlCanvasElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: HtmlCanvasElement = document
        .create_element("canvas")
        .unwrap()
        .dyn_into()
        .unwrap();
    canvas.style().set_property("width", css_width).unwrap();
    canvas.style().set_property("display", "block").unwrap();
    document.body().unwrap().append_child(&canvas).unwrap();
    canvas
}

/// Device-pixel RGBA at the centre of `cell`, read back from the canvas.
fn pixel_at(canvas: &HtmlCanvasElement, size: BoardSize, cell: Cell) -> [u8; 4] {
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let rect = canvas.get_bounding_client_rect();
    let placement = Placement::fit(size, rect.width(), rect.height());
    let (x, y) = placement.origin_of(cell);
    let scale = f64::from(canvas.width()) / rect.width();
    let centre = |v: f64| ((v + placement.square / 2.0) * scale).floor();
    let data = ctx
        .get_image_data(centre(x), centre(y), 1.0, 1.0)
        .unwrap()
        .data();
    [data[0], data[1], data[2], data[3]]
}

fn click(canvas: &HtmlCanvasElement, size: BoardSize, cell: Cell) {
    let rect = canvas.get_bounding_client_rect();
    let placement = Placement::fit(size, rect.width(), rect.height());
    let (x, y) = placement.origin_of(cell);
    let init = MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x((rect.left() + x + placement.square / 2.0) as i32);
    init.set_client_y((rect.top() + y + placement.square / 2.0) as i32);
    let event = MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    canvas.dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
fn square_names_and_colours() {
    let size = BoardSize::DEFAULT;
    let a1 = size.parse_cell("a1").unwrap();
    assert_eq!(a1, Cell { file: 0, rank: 0 });
    assert!(a1.is_dark());
    assert!(!size.parse_cell("b1").unwrap().is_dark());
    assert_eq!(size.parse_cell("i9").unwrap().to_string(), "i9");
    for bad in ["", "j1", "a0", "a10", "A1", "a01", "e", "5e", "e5x"] {
        assert!(size.parse_cell(bad).is_err(), "{bad:?} accepted");
    }
    let big = BoardSize::new(12, 10).unwrap();
    assert_eq!(big.parse_cell("l10").unwrap(), Cell { file: 11, rank: 9 });
    assert!(BoardSize::new(0, 8).is_err());
    assert!(BoardSize::new(27, 8).is_err());
}

#[wasm_bindgen_test]
fn placement_maps_points_to_cells_and_back() {
    let size = BoardSize::new(10, 8).unwrap();
    // A wide box: the board is centred horizontally.
    let placement = Placement::fit(size, 500.0, 240.0);
    assert_eq!(placement.square, 30.0);
    assert_eq!(placement.left, 100.0);
    assert_eq!(placement.top, 0.0);
    assert_eq!(placement.cell_at(101.0, 239.0).unwrap().to_string(), "a1");
    assert_eq!(placement.cell_at(399.0, 1.0).unwrap().to_string(), "j8");
    assert_eq!(placement.cell_at(99.0, 100.0), None);
    assert_eq!(placement.cell_at(401.0, 100.0), None);
    for cell in size.cells() {
        let (x, y) = placement.origin_of(cell);
        assert_eq!(placement.cell_at(x + 15.0, y + 15.0), Some(cell));
    }
}

#[wasm_bindgen_test]
fn click_highlights_that_square_only() {
    let size = BoardSize::DEFAULT;
    let canvas = canvas("360px");
    let app = App::new(canvas.clone(), 9, 9).unwrap();
    let ratio = web_sys::window().unwrap().device_pixel_ratio();
    let rect = canvas.get_bounding_client_rect();
    assert_eq!(rect.width(), 360.0);
    assert_eq!(rect.height(), 360.0, "aspect ratio follows the board");
    assert_eq!(f64::from(canvas.width()), (360.0 * ratio).round());

    let before: Vec<_> = size.cells().map(|c| pixel_at(&canvas, size, c)).collect();
    assert_ne!(before[0], before[1], "a1 and b1 differ in colour");

    let e5 = size.parse_cell("e5").unwrap();
    click(&canvas, size, e5);
    assert_eq!(app.highlighted().as_deref(), Some("e5"));
    app.redraw().unwrap();
    for (cell, old) in size.cells().zip(&before) {
        let new = pixel_at(&canvas, size, cell);
        if cell == e5 {
            assert_ne!(new, *old, "e5 is drawn highlighted");
        } else {
            assert_eq!(new, *old, "{cell} is unchanged");
        }
    }

    // A second click on the same square clears the highlight.
    click(&canvas, size, e5);
    assert_eq!(app.highlighted(), None);
    app.redraw().unwrap();
    assert_eq!(pixel_at(&canvas, size, e5), before[4 * 9 + 4]);

    app.highlight(Some("c7".into())).unwrap();
    assert_eq!(app.highlighted().as_deref(), Some("c7"));
    assert!(app.highlight(Some("z9".into())).is_err());

    // After the app is gone its listener is too: a click is a no-op, not an error.
    drop(app);
    click(&canvas, size, e5);
    canvas.remove();
}

#[wasm_bindgen_test]
fn canvas_without_css_width_settles_at_its_container_width() {
    let document = web_sys::window().unwrap().document().unwrap();
    let container: web_sys::HtmlElement =
        document.create_element("div").unwrap().dyn_into().unwrap();
    container.style().set_property("width", "400px").unwrap();
    document.body().unwrap().append_child(&container).unwrap();
    let canvas: HtmlCanvasElement = document
        .create_element("canvas")
        .unwrap()
        .dyn_into()
        .unwrap();
    container.append_child(&canvas).unwrap();

    let app = App::new(canvas.clone(), 8, 8).unwrap();
    // Each redraw resizes the backing store from the CSS box; it must reach a fixed point.
    for _ in 0..8 {
        app.redraw().unwrap();
    }
    let rect = canvas.get_bounding_client_rect();
    let ratio = web_sys::window().unwrap().device_pixel_ratio();
    assert!(
        rect.width() <= 400.0,
        "canvas grew to {} CSS px",
        rect.width()
    );
    assert_eq!(f64::from(canvas.width()), (rect.width() * ratio).round());
    app.redraw().unwrap();
    assert_eq!(canvas.get_bounding_client_rect().width(), rect.width());
    drop(app);
    container.remove();
}

#[wasm_bindgen_test]
fn start_publishes_window_fairylab() {
    let canvas = canvas("300px");
    canvas.set_attribute("data-fairylab", "").unwrap();
    canvas.set_attribute("data-files", "10").unwrap();
    canvas.set_attribute("data-ranks", "8").unwrap();
    start().unwrap();

    let window = web_sys::window().unwrap();
    let api = Reflect::get(&window, &"fairylab".into()).unwrap();
    assert_eq!(Reflect::get(&api, &"ready".into()).unwrap(), JsValue::TRUE);
    let app = Reflect::get(&api, &"app".into()).unwrap();
    let call = |name: &str| -> JsValue {
        let method: Function = Reflect::get(&app, &name.into())
            .unwrap()
            .dyn_into()
            .unwrap();
        method.call0(&app).unwrap()
    };
    assert_eq!(call("files"), JsValue::from(10));
    assert_eq!(call("ranks"), JsValue::from(8));
    assert_eq!(call("highlighted"), JsValue::UNDEFINED);
    let rect = canvas.get_bounding_client_rect();
    assert_eq!(rect.height(), 240.0);
    let squareat: Function = Reflect::get(&app, &"squareAt".into())
        .unwrap()
        .dyn_into()
        .unwrap();
    let corner = squareat.call2(&app, &1.0.into(), &1.0.into()).unwrap();
    assert_eq!(corner, JsValue::from("a8"));
    canvas.remove();
}
