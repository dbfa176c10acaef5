//! Browser tests of the glue, run in headless Chromium by `wasm-bindgen-test-runner`
//! (`cargo test --target wasm32-unknown-unknown --lib`). Each test makes its own canvas and
//! removes its applet afterwards.

use js_sys::{Array, Function, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;
use web_sys::{
    CanvasRenderingContext2d, HtmlCanvasElement, KeyboardEvent, KeyboardEventInit, PointerEvent,
    PointerEventInit,
};

use super::{App, Config, start};
use crate::ui::layout::{BoardSize, Placement};

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

fn app(css_width: &str, variant: &str) -> (App, HtmlCanvasElement) {
    let canvas = canvas(css_width);
    let app = App::new(canvas.clone(), Some(variant.into())).unwrap();
    (app, canvas)
}

fn remove(app: App) {
    let root = app.element();
    drop(app);
    root.remove();
}

fn placement(app: &App, canvas: &HtmlCanvasElement) -> Placement {
    let rect = canvas.get_bounding_client_rect();
    let size = BoardSize::new(app.files(), app.ranks()).unwrap();
    let mut p = Placement::fit(size, rect.width(), rect.height());
    p.flipped = app.flipped();
    p
}

/// Device-pixel RGBA at a point given in CSS pixels, read back from the canvas.
fn pixel(canvas: &HtmlCanvasElement, x: f64, y: f64) -> [u8; 4] {
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let scale = f64::from(canvas.width()) / canvas.get_bounding_client_rect().width();
    let data = ctx
        .get_image_data((x * scale).floor(), (y * scale).floor(), 1.0, 1.0)
        .unwrap()
        .data();
    [data[0], data[1], data[2], data[3]]
}

/// A point near a square's corner, away from pieces and marks (but not on a coordinate).
fn corner_pixel(app: &App, canvas: &HtmlCanvasElement, name: &str) -> [u8; 4] {
    let p = placement(app, canvas);
    let (x, y) = p.origin_of(p.board.parse_cell(name).unwrap());
    pixel(canvas, x + p.square * 0.9, y + p.square * 0.1)
}

fn centre_pixel(app: &App, canvas: &HtmlCanvasElement, name: &str) -> [u8; 4] {
    let p = placement(app, canvas);
    let (x, y) = p.centre_of(p.board.parse_cell(name).unwrap());
    pixel(canvas, x, y)
}

fn pointer(canvas: &HtmlCanvasElement, kind: &str, x: f64, y: f64) {
    let rect = canvas.get_bounding_client_rect();
    let init = PointerEventInit::new();
    init.set_bubbles(true);
    init.set_pointer_id(7);
    init.set_is_primary(true);
    init.set_button(0);
    init.set_client_x((rect.left() + x) as i32);
    init.set_client_y((rect.top() + y) as i32);
    let event = PointerEvent::new_with_event_init_dict(kind, &init).unwrap();
    canvas.dispatch_event(&event).unwrap();
}

fn click(app: &App, canvas: &HtmlCanvasElement, name: &str) {
    let p = placement(app, canvas);
    let (x, y) = p.centre_of(p.board.parse_cell(name).unwrap());
    pointer(canvas, "pointerdown", x, y);
    pointer(canvas, "pointerup", x, y);
}

fn key(canvas: &HtmlCanvasElement, name: &str) {
    let init = KeyboardEventInit::new();
    init.set_key(name);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    canvas.dispatch_event(&event).unwrap();
}

fn names(value: Vec<JsValue>) -> Vec<String> {
    value.into_iter().map(|v| v.as_string().unwrap()).collect()
}

fn drawn(app: &App, field: &str) -> Vec<String> {
    let value = Reflect::get(&app.drawn().unwrap(), &field.into()).unwrap();
    Array::from(&value)
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect()
}

#[wasm_bindgen_test]
fn a_click_selects_a_piece_and_draws_its_destinations() {
    let (app, canvas) = app("360px", "chess");
    let ratio = web_sys::window().unwrap().device_pixel_ratio();
    let rect = canvas.get_bounding_client_rect();
    assert_eq!(rect.width(), 360.0);
    assert_eq!(rect.height(), 360.0, "aspect ratio follows the board");
    assert_eq!(f64::from(canvas.width()), (360.0 * ratio).round());

    let e3 = centre_pixel(&app, &canvas, "e3");
    let e4 = centre_pixel(&app, &canvas, "e4");
    let e2_corner = corner_pixel(&app, &canvas, "e2");
    click(&app, &canvas, "e2");
    assert_eq!(app.selected().as_deref(), Some("e2"));
    app.redraw().unwrap();
    assert_eq!(drawn(&app, "dots"), ["e3", "e4"]);
    assert_eq!(names(app.destinations("e2".into()).unwrap()), ["e3", "e4"]);
    assert_ne!(centre_pixel(&app, &canvas, "e3"), e3, "a dot on e3");
    assert_ne!(centre_pixel(&app, &canvas, "e4"), e4, "a dot on e4");
    assert_ne!(
        corner_pixel(&app, &canvas, "e2"),
        e2_corner,
        "e2 is highlighted"
    );

    // A click on a destination plays the move there.
    click(&app, &canvas, "e4");
    assert_eq!(names(app.history()), ["e2e4"]);
    assert_eq!(app.selected(), None);
    app.redraw().unwrap();
    assert_eq!(drawn(&app, "lastMove"), ["e2", "e4"]);
    assert_eq!(
        app.announcement(),
        "White pawn e2 to e4",
        "the move is announced"
    );

    // A click on an enemy piece selects nothing.
    click(&app, &canvas, "e4");
    assert_eq!(app.selected(), None);
    click(&app, &canvas, "d7");
    assert_eq!(app.selected().as_deref(), Some("d7"));
    // A second click on the selected piece puts it down.
    click(&app, &canvas, "d7");
    assert_eq!(app.selected(), None);

    // After the app is gone its listeners are too: a click is a no-op, not an error.
    let root = app.element();
    drop(app);
    pointer(&canvas, "pointerdown", 10.0, 10.0);
    root.remove();
}

#[wasm_bindgen_test]
fn a_drag_plays_a_move_and_an_illegal_drop_snaps_back() {
    let (app, canvas) = app("400px", "morphing-chess");
    let p = placement(&app, &canvas);
    let at = |name: &str| p.centre_of(p.board.parse_cell(name).unwrap());
    let (b1, e5, d5) = (at("b1"), at("e5"), at("d5"));
    pointer(&canvas, "pointerdown", b1.0, b1.1);
    pointer(&canvas, "pointermove", e5.0, e5.1);
    pointer(&canvas, "pointerup", e5.0, e5.1);
    assert!(names(app.history()).is_empty(), "e5 is no knight move");
    assert_eq!(app.selected(), None, "the knight went back");

    pointer(&canvas, "pointerdown", b1.0, b1.1);
    pointer(
        &canvas,
        "pointermove",
        (b1.0 + d5.0) / 2.0,
        (b1.1 + d5.1) / 2.0,
    );
    pointer(&canvas, "pointermove", d5.0, d5.1);
    pointer(&canvas, "pointerup", d5.0, d5.1);
    assert_eq!(names(app.history()), ["b1d5"]);
    assert_eq!(
        app.announcement(),
        "White knight b1 to d5, becomes chancellor"
    );
    app.redraw().unwrap();
    let value = app.drawn().unwrap();
    let glow = Reflect::get(&value, &"glow".into()).unwrap();
    assert_eq!(
        glow.as_string().as_deref(),
        Some("d5"),
        "the morph is marked"
    );
    assert!(drawn(&app, "pieces").contains(&"d5 white chancellor".to_string()));
    remove(app);
}

#[wasm_bindgen_test]
fn the_keyboard_moves_a_cursor_and_plays() {
    let (app, canvas) = app("360px", "chess");
    // The cursor starts on the first rank's middle file: e1 on 8 files.
    key(&canvas, "ArrowUp");
    assert_eq!(app.announcement(), "e2, white pawn");
    key(&canvas, "Enter");
    assert_eq!(app.selected().as_deref(), Some("e2"));
    key(&canvas, "ArrowUp");
    key(&canvas, "ArrowUp");
    assert_eq!(app.announcement(), "e4, empty, a destination");
    key(&canvas, " ");
    assert_eq!(names(app.history()), ["e2e4"]);
    key(&canvas, "Escape");
    assert_eq!(app.selected(), None);
    remove(app);
}

#[wasm_bindgen_test]
fn flipping_turns_the_board_round() {
    let (app, canvas) = app("320px", "chess");
    assert_eq!(app.square_at(1.0, 1.0).as_deref(), Some("a8"));
    assert!(app.flip());
    assert_eq!(app.square_at(1.0, 1.0).as_deref(), Some("h1"));
    // Clicks follow the flipped board.
    click(&app, &canvas, "g1");
    assert_eq!(app.selected().as_deref(), Some("g1"));
    click(&app, &canvas, "f3");
    assert_eq!(names(app.history()), ["g1f3"]);
    remove(app);
}

#[wasm_bindgen_test]
fn variants_fens_and_errors() {
    let (app, _canvas) = app("300px", "chess");
    assert_eq!(app.variant(), "chess");
    app.set_variant("symmetric-chess".into()).unwrap();
    assert_eq!((app.files(), app.ranks()), (9, 8));
    let fen = app.fen();
    // A board of no squares: refused (a line the Diagram would skip is only a warning).
    let error = app
        .set_variant("king:K:K:king:e1\nfiles=0 ranks=8".into())
        .unwrap_err();
    let message = error.dyn_into::<js_sys::Error>().unwrap().message();
    assert!(
        message.as_string().unwrap().starts_with("2:"),
        "{message:?}"
    );
    assert_eq!(app.variant(), "symmetric-chess", "the game stays");
    assert_eq!(app.fen(), fen);
    assert!(app.set_fen("not a fen".into()).is_err());
    assert_eq!(app.fen(), fen);
    assert!(app.play("e2e5".into()).is_err());
    assert!(app.play("P e2-e4".into()).unwrap());
    assert_eq!(app.undo().as_string().as_deref(), Some("e2e4"));
    assert_eq!(app.redo().as_string().as_deref(), Some("e2e4"));
    assert!(app.result().is_null());
    remove(app);
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

    let app = App::new(canvas.clone(), Some("chess".into())).unwrap();
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
    remove(app);
    container.remove();
}

#[wasm_bindgen_test]
fn a_saved_game_comes_back() {
    let key = "fairylab:wasm-test";
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.remove_item(key).unwrap();
    let config = || Config {
        variant: Some("marseillais".into()),
        storage_key: Some(key.into()),
        ..Config::default()
    };
    let app = App::mount(canvas("300px"), config()).unwrap();
    for m in ["e2e4", "d7d5", "d5d4", "d2d3"] {
        app.play(m.into()).unwrap();
    }
    app.undo();
    let fen = app.fen();
    remove(app);

    let app = App::mount(canvas("300px"), config()).unwrap();
    assert_eq!(app.variant(), "marseillais");
    assert_eq!(names(app.history()), ["e2e4", "d7d5", "d5d4"]);
    assert_eq!(app.fen(), fen);
    assert_eq!(app.redo().as_string().as_deref(), Some("d2d3"));
    remove(app);

    // What is kept but does not read is an error saying why (the applet starts the
    // asked-for variant with it as its note), not a saved game silently dropped.
    let window = web_sys::window().unwrap();
    for (kept, says) in [
        (
            r#"{"variant":"chess","fen":"f","moves":[],"ply":"1"}"#,
            r#"ply: expected a whole number from 0 to 4294967295, found the string "1""#,
        ),
        ("{not json", "it is not JSON"),
    ] {
        storage.set_item(key, kept).unwrap();
        assert_eq!(
            super::storage::load(&window, key),
            Some(Err(says.to_string()))
        );
        let app = App::mount(canvas("300px"), config()).unwrap();
        assert_eq!(app.variant(), "marseillais");
        remove(app);
    }
    storage.remove_item(key).unwrap();
    assert_eq!(super::storage::load(&window, key), None);
}

#[wasm_bindgen_test]
fn start_publishes_window_fairylab() {
    let canvas = canvas("300px");
    canvas.set_attribute("data-fairylab", "").unwrap();
    canvas
        .set_attribute("data-variant", "symmetric-chess")
        .unwrap();
    canvas.set_id("wasm-test-start");
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
    assert_eq!(call("variant"), JsValue::from("symmetric-chess"));
    assert_eq!(call("files"), JsValue::from(9));
    assert_eq!(call("ranks"), JsValue::from(8));
    let rect = canvas.get_bounding_client_rect();
    assert!(
        // Chromium lays out in 1/64 px units: 266.667 comes out as 266.65625.
        (rect.height() - 300.0 * 8.0 / 9.0).abs() <= 1.0 / 64.0,
        "9x8 board: {} x {}",
        rect.width(),
        rect.height()
    );
    let square_at: Function = Reflect::get(&app, &"squareAt".into())
        .unwrap()
        .dyn_into()
        .unwrap();
    let corner = square_at.call2(&app, &1.0.into(), &1.0.into()).unwrap();
    assert_eq!(corner, JsValue::from("a8"));
    let element: Function = Reflect::get(&app, &"element".into())
        .unwrap()
        .dyn_into()
        .unwrap();
    let root: web_sys::HtmlElement = element.call0(&app).unwrap().dyn_into().unwrap();
    root.remove();
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .remove_item("fairylab:wasm-test-start")
        .unwrap();
}

#[wasm_bindgen_test]
fn players_and_level_are_saved_with_the_game() {
    let key = "fairylab:wasm-test-computer";
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    // A game saved before the computer player existed still loads, human against human.
    storage
        .set_item(
            key,
            concat!(
                r#"{"variant":"chess","#,
                r#""fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","#,
                r#""moves":["e2e4"],"ply":1,"flipped":false}"#
            ),
        )
        .unwrap();
    let config = || Config {
        variant: None,
        storage_key: Some(key.into()),
        ..Config::default()
    };
    let app = App::mount(canvas("300px"), config()).unwrap();
    assert_eq!(names(app.history()), ["e2e4"]);
    assert_eq!((app.mode(), app.level()), ("human".into(), 3));
    app.set_mode("black".into()).unwrap();
    app.set_level(5).unwrap();
    assert!(app.flipped(), "the human's side at the bottom");
    assert!(app.set_mode("robot".into()).is_err());
    assert!(app.set_level(6).is_err());
    remove(app);

    let app = App::mount(canvas("300px"), config()).unwrap();
    assert_eq!((app.mode(), app.level()), ("black".into(), 5));
    assert!(app.flipped());
    remove(app);
    storage.remove_item(key).unwrap();
}

#[wasm_bindgen_test]
fn without_its_worker_the_computer_leaves_the_board_to_the_human() {
    // This test page has no Trunk module links, so no worker can start.
    let (app, _canvas) = app("300px", "chess");
    app.set_mode("white".into()).unwrap();
    app.play("e2e4".into()).unwrap();
    assert!(!app.searching());
    assert!(app.play("e7e5".into()).unwrap(), "the human may move Black");
    let root = app.element();
    let status = root.query_selector(".fairylab-ai-status").unwrap().unwrap();
    assert!(
        status.text_content().unwrap().contains("not available"),
        "{:?}",
        status.text_content()
    );
    let hint: web_sys::HtmlButtonElement = root
        .query_selector(".fairylab-ai-hint")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert!(hint.disabled());
    remove(app);
}

/// A shuffle variant's array from a seed is the one the native build deals
/// (`crate::shuffle::SAMPLES`), through the JavaScript interface; the move list shows the
/// seed and the start's FEN.
#[wasm_bindgen_test]
fn a_seed_deals_the_same_array_as_natively() {
    let (app, _) = app(
        "400px",
        include_str!("../../tests/shuffle/shuffle-chess.txt"),
    );
    assert_eq!(
        app.seed(),
        JsValue::NULL,
        "opened with the array as written"
    );
    let start = &app.shared.panel.moves.start;
    assert!(!start.hidden());
    for (seed, fen) in crate::shuffle::SAMPLES {
        let arg = if seed < 1 << 53 {
            JsValue::from(seed as f64)
        } else {
            JsValue::from(seed.to_string())
        };
        app.new_game(arg).unwrap();
        assert_eq!(app.fen(), fen);
        assert_eq!(app.seed(), JsValue::from(seed.to_string()));
        let text = start.text_content().unwrap();
        assert_eq!(text, format!("Start, seed {seed}: {fen}"));
    }
    assert!(app.new_game(JsValue::from(1.5)).is_err());
    assert!(app.new_game(JsValue::from("x")).is_err());
    // A drawn seed, shown.
    app.new_game(JsValue::UNDEFINED).unwrap();
    let seed = app.seed().as_string().unwrap();
    assert!(
        start
            .text_content()
            .unwrap()
            .starts_with(&format!("Start, seed {seed}: "))
    );
    app.set_variant("chess".into()).unwrap();
    assert!(start.hidden());
    remove(app);
}
