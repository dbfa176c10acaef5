//! Boards embedded in other pages (the embed script, `www/embed.js`, calls [`embed`]): every
//! element with class `fairylab` becomes an applet, and so does the Interactive Diagram's own
//! markup (class `idiagram`, or the element with id `diagram`), so that a page written for
//! the Diagram switches to fairylab by changing its script tag.
//!
//! Each board lives in a shadow root of its element (the page's styles and ours stay apart;
//! the element's own text, the definition, is no longer drawn), starts when it comes near the
//! screen, and is scripted through `element.fairylab`, the same interface as the page's
//! `window.fairylab.app`. What the element says is read here as text and attributes only
//! (never as markup) and turned into a start by [`crate::ui::embed`]; a board that cannot
//! start shows why, in its place. A share link to one of the page's boards (`b=` in the
//! address's fragment) starts that board with the linked game.

use std::cell::RefCell;

use js_sys::{Array, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, Element, HtmlCanvasElement, HtmlElement, IntersectionObserver,
    IntersectionObserverEntry, IntersectionObserverInit, Node, ShadowRoot, ShadowRootInit,
    ShadowRootMode,
};

use crate::definition::MAX_TEXT_LEN;
use crate::share::{self, Share};
use crate::ui::embed::{self as model, Attributes};

use super::FIRST_DRAW_MARK;
use super::app::{App, Config};
use super::computer::Urls;
use super::read::Value;
use super::widgets::element as make;

/// The applet's styles, carried into every shadow root: www/applet.css without its comments
/// and runs of white space (build.rs).
const STYLE: &str = include_str!(concat!(env!("OUT_DIR"), "/applet.min.css"));

/// The elements that become boards.
const SELECTOR: &str = ".fairylab, .idiagram, #diagram";

/// How near the screen a board starts, in CSS pixels.
const START_MARGIN_PX: u32 = 300;

/// A board waiting to come into view.
struct Waiting {
    /// The element the page wrote; `element.fairylab` and the events are its.
    element: Element,
    /// The element that was observed (the element itself, or the box beside it).
    watched: Element,
    container: HtmlElement,
    attrs: Attributes,
    /// Its name in share links.
    board: String,
}

thread_local! {
    static WAITING: RefCell<Vec<Waiting>> = const { RefCell::new(Vec::new()) };
    /// The share link in the page's address, if it names a board of this page.
    static LINK: RefCell<Option<Share>> = const { RefCell::new(None) };
    static DRAWN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// `embed()`'s options (see there).
pub(super) struct Options {
    pub worker: String,
    pub js: String,
    pub js_source: Option<String>,
}

impl Options {
    /// `{worker, js, jsSource?}`; what does not fit is refused, saying which and why.
    pub(super) fn read(options: JsValue) -> Result<Options, String> {
        let o = Value::root(options);
        Ok(Options {
            worker: o.get("worker")?.string()?,
            js: o.get("js")?.string()?,
            js_source: o.or("jsSource", None, |v| v.string().map(Some))?,
        })
    }
}

/// Finds the page's boards and starts each as it comes near the screen. `options`:
/// `{worker, js, jsSource?}`, the addresses of the computer player's worker script and of
/// this module's JavaScript (and that JavaScript as text, for the single-file page). Returns
/// how many boards were found; calling it again picks up boards added since.
#[wasm_bindgen]
pub fn embed(options: JsValue) -> Result<u32, JsValue> {
    let options = Options::read(options).map_err(|e| JsError::new(&format!("embed: {e}")))?;
    Urls::give(Urls {
        worker: options.worker,
        js: options.js,
        wasm: String::new(),
        js_source: options.js_source,
    });
    let window = web_sys::window().ok_or_else(|| JsError::new("no window"))?;
    let document = window
        .document()
        .ok_or_else(|| JsError::new("no document"))?;
    let hash = window.location().hash().unwrap_or_default();
    if let Ok(link) = share::decode(&hash)
        .map_err(|_| ())
        .and_then(|s| match s.board {
            Some(_) => Ok(s),
            None => Err(()),
        })
    {
        LINK.with(|l| *l.borrow_mut() = Some(link));
    }

    let callback = Closure::<dyn FnMut(Array, IntersectionObserver)>::new(
        |entries: Array, observer: IntersectionObserver| {
            for entry in entries.iter() {
                let entry: IntersectionObserverEntry = entry.unchecked_into();
                if entry.is_intersecting() {
                    observer.unobserve(&entry.target());
                    start(&entry.target());
                }
            }
        },
    );
    let init = IntersectionObserverInit::new();
    init.set_root_margin(&format!("{START_MARGIN_PX}px"));
    let observer =
        IntersectionObserver::new_with_options(callback.as_ref().unchecked_ref(), &init)?;
    // The observer calls back for as long as the page lives.
    callback.forget();

    let found = document.query_selector_all(SELECTOR)?;
    let mut count = 0;
    for index in 0..found.length() {
        let Some(element) = found.item(index).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        if Reflect::has(&element, &"fairylab".into())? {
            continue;
        }
        let board = match element.id() {
            id if id.is_empty() => index.to_string(),
            id => id,
        };
        let waiting = prepare(&document, element, board)?;
        let watched = waiting.watched.clone();
        WAITING.with(|w| w.borrow_mut().push(waiting));
        // A board already on screen starts now rather than a frame later.
        if near_screen(&window, &watched) {
            start(&watched);
        } else {
            observer.observe(&watched);
        }
        count += 1;
    }
    Ok(count)
}

/// Is the element on screen or within [`START_MARGIN_PX`] of it?
fn near_screen(window: &web_sys::Window, element: &Element) -> bool {
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let rect = element.get_bounding_client_rect();
    let margin = f64::from(START_MARGIN_PX);
    rect.bottom() > -margin && rect.top() < height + margin
}

/// Reads the element, gives it a shadow root with the styles and a "starting" line, and
/// marks it as taken (`element.fairylab` is null until the board starts).
fn prepare(document: &Document, element: Element, board: String) -> Result<Waiting, JsValue> {
    let attrs = attributes(&element);
    Reflect::set(&element, &"fairylab".into(), &JsValue::NULL)?;
    element.set_attribute("data-fairylab-state", "waiting")?;
    let (watched, root) = shadow_root(document, &element)?;
    let style = document.create_element("style")?;
    style.set_text_content(Some(STYLE));
    let container: HtmlElement = make(document, "div", "fairylab-embed")?;
    let waiting: HtmlElement = make(document, "p", "fairylab-starting")?;
    waiting.set_text_content(Some("Starting the board…"));
    container.append_child(&waiting)?;
    root.append_child(&style)?;
    root.append_child(&container)?;
    Ok(Waiting {
        element,
        watched,
        container,
        attrs,
        board,
    })
}

/// The element's own shadow root; or, for an element that cannot have one (`<pre>`, `<td>`),
/// a box put after it, which then stands in for it (the element is hidden).
fn shadow_root(document: &Document, element: &Element) -> Result<(Element, ShadowRoot), JsValue> {
    let init = ShadowRootInit::new(ShadowRootMode::Open);
    if let Ok(root) = element.attach_shadow(&init) {
        return Ok((element.clone(), root));
    }
    let stand_in = document.create_element("div")?;
    element.after_with_node_1(&stand_in)?;
    element.set_attribute("hidden", "")?;
    let root = stand_in.attach_shadow(&init)?;
    Ok((stand_in, root))
}

/// The board's text and `data-` attributes.
fn attributes(element: &Element) -> Attributes {
    let attr = |name: &str| element.get_attribute(name);
    Attributes {
        text: text_of(element),
        variant: attr("data-variant"),
        fen: attr("data-fen"),
        moves: attr("data-moves"),
        orientation: attr("data-orientation"),
        ai: attr("data-ai"),
        level: attr("data-level"),
        sprites: attr("data-sprites"),
        names: [
            attr("data-name"),
            heading_before(element).and_then(|h| h.text_content()),
            element.owner_document().map(|d| d.title()),
        ],
    }
}

/// The last heading (`h1` to `h6`) before `element` in the page, if any.
fn heading_before(element: &Element) -> Option<Element> {
    let document = element.owner_document()?;
    let headings = document.query_selector_all("h1, h2, h3, h4, h5, h6").ok()?;
    (0..headings.length())
        .rev()
        .filter_map(|i| headings.item(i)?.dyn_into::<Element>().ok())
        .find(|h| h.compare_document_position(element) & Node::DOCUMENT_POSITION_FOLLOWING != 0)
}

/// The element's text as the page shows its lines: text as written, a line break for `<br>`
/// and around block elements (a definition written with `<br>` or in paragraphs keeps its
/// lines), nothing from `<script>`, `<style>` or `<template>`. It stops a little past the
/// longest definition read, which is then refused for its length. No recursion: a page's
/// nesting depth cannot exhaust the stack.
fn text_of(root: &Element) -> String {
    let mut out = String::new();
    // Nodes to visit, last first; `None` closes a block element.
    let mut stack: Vec<Option<Node>> = children(root);
    while let Some(item) = stack.pop() {
        if out.len() > MAX_TEXT_LEN {
            break;
        }
        let Some(node) = item else {
            out.push('\n');
            continue;
        };
        match node.node_type() {
            Node::TEXT_NODE | Node::CDATA_SECTION_NODE => {
                out.push_str(&node.node_value().unwrap_or_default());
            }
            Node::ELEMENT_NODE => {
                let tag = node.node_name().to_ascii_lowercase();
                match tag.as_str() {
                    "br" => out.push('\n'),
                    "script" | "style" | "template" => {}
                    _ => {
                        let block = matches!(
                            tag.as_str(),
                            "p" | "div"
                                | "pre"
                                | "li"
                                | "tr"
                                | "table"
                                | "ul"
                                | "ol"
                                | "section"
                                | "blockquote"
                                | "h1"
                                | "h2"
                                | "h3"
                                | "h4"
                        );
                        if block {
                            out.push('\n');
                            stack.push(None);
                        }
                        if let Ok(element) = node.dyn_into::<Element>() {
                            stack.extend(children(&element));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// An element's child nodes, last first (a stack pops them in order).
fn children(element: &Element) -> Vec<Option<Node>> {
    let nodes = element.child_nodes();
    (0..nodes.length()).rev().map(|i| nodes.item(i)).collect()
}

/// Starts the board watched on `watched`.
fn start(watched: &Element) {
    let waiting = WAITING.with(|w| {
        let mut w = w.borrow_mut();
        let at = w.iter().position(|b| &b.watched == watched)?;
        Some(w.swap_remove(at))
    });
    if let Some(waiting) = waiting {
        let element = waiting.element.clone();
        if let Err(e) = mount(waiting) {
            web_sys::console::error_2(&"fairylab: a board failed to start".into(), &e);
            let _ = element.set_attribute("data-fairylab-state", "failed");
        }
    }
}

/// The board itself, or the message saying why there is none.
fn mount(waiting: Waiting) -> Result<(), JsValue> {
    let Waiting {
        element,
        container,
        attrs,
        board,
        ..
    } = waiting;
    let document = element
        .owner_document()
        .ok_or_else(|| JsError::new("no document"))?;
    let linked = LINK
        .with(|l| l.borrow().clone())
        .filter(|s| s.board.as_deref() == Some(&board));
    let start = match &linked {
        Some(link) => model::from_share(link)
            .map_err(|e| format!("the link's game: {e}"))
            .map(|start| model::Start {
                pictures: model::pictures(&attrs).unwrap_or(false),
                ..start
            }),
        None => model::start(&attrs),
    };
    container.set_text_content(None);
    let start = match start {
        Ok(start) => start,
        Err(why) => {
            let refused: HtmlElement = make(&document, "p", "fairylab-refused")?;
            refused.set_attribute("role", "alert")?;
            // Text, never markup: the message may quote the page's own text.
            refused.set_text_content(Some(&format!("This board could not start: {why}")));
            container.append_child(&refused)?;
            element.set_attribute("data-fairylab-state", "refused")?;
            return Ok(());
        }
    };
    let canvas: HtmlCanvasElement = make(&document, "canvas", "")?;
    canvas.set_attribute(
        "aria-label",
        "Chess variant board: arrow keys move the cursor, Enter picks up and puts down, Escape \
         lets go",
    )?;
    container.append_child(&canvas)?;
    let app = App::mount(
        canvas,
        Config {
            start: Some(start),
            host: Some(element.clone()),
            board: Some(board),
            ..Config::default()
        },
    )?;
    Reflect::set(&element, &"fairylab".into(), &app.into())?;
    element.set_attribute("data-fairylab-state", "running")?;
    if linked.is_some() {
        element.scroll_into_view();
    }
    if !DRAWN.with(|d| d.replace(true))
        && let Some(performance) = web_sys::window().and_then(|w| w.performance())
    {
        performance.mark(FIRST_DRAW_MARK)?;
    }
    Ok(())
}
