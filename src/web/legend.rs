//! The piece legend's and the setup editor's part of an applet: their JavaScript interface
//! (`pieceMoves`, `diagramShown`), their listeners (legend entries clicked or dragged onto the
//! board, the setup controls, Escape, the pointer resting on a piece), and showing them
//! ([`Shared::show_legend`]). The models are [`crate::ui::legend`] and [`crate::ui::setup`].

use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{DragEvent, Element, Event, EventTarget, KeyboardEvent, PointerEvent};

use crate::piece::{Colour, PieceId};
use crate::ui::applet::Applet;
use crate::ui::board::DiagramMark;
use crate::ui::layout::Cell;
use crate::ui::legend::{self, parse_colour, parse_letter};

use super::app::{App, Shared};
use super::js;

/// One mark of a diagram as the JavaScript interface gives it (the squares by name).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct WireMark {
    square: String,
    kind: &'static str,
    hop: bool,
    quiet_hop: bool,
    capture_hop: bool,
    screens: Vec<String>,
    via: Vec<String>,
    locust: Vec<String>,
    locust_only: bool,
    unload: Vec<String>,
    route: Vec<String>,
}

/// A diagram's marks as the JavaScript interface gives them: `[{square, kind, hop,
/// quietHop, captureHop, screens, via, locust, locustOnly, unload, route}]`.
fn marks_to_js(marks: &[DiagramMark]) -> Result<JsValue, JsValue> {
    let names = |cells: &[Cell]| cells.iter().map(Cell::to_string).collect();
    let wire: Vec<WireMark> = (marks.iter())
        .map(|m| WireMark {
            square: m.cell.to_string(),
            kind: m.kind.as_str(),
            hop: m.is_hop(),
            quiet_hop: m.quiet_hop,
            capture_hop: m.capture_hop,
            screens: names(&m.screens),
            via: names(&m.via),
            locust: names(&m.locust),
            locust_only: m.locust_only,
            unload: names(&m.unload),
            route: names(&m.route),
        })
        .collect();
    js::to_js(&wire)
}

fn js_error(message: impl std::fmt::Display) -> JsValue {
    JsError::new(&message.to_string()).into()
}

/// The drag data of a legend sprite: "K white".
const DRAG_TYPE: &str = "text/plain";

#[wasm_bindgen]
impl App {
    /// The move diagram of the piece with ID `letter` for `colour` (`"white"` or `"black"`)
    /// from the centre of an empty board: `[{square, kind, ...}]`, kind one of `move`,
    /// `capture`, `both`, `initial`, `castle`, `morph`. Hops and moves of several legs add
    /// (every mark has them): `hop` (something done there needs a piece to jump over),
    /// `quietHop` and `captureHop` (which: the move, the capture), `screens` (where that
    /// piece may stand), `via` (empty squares where a leg turns), `locust` (where a piece may
    /// be taken on the way), `locustOnly` (every way there takes one), `unload` (where the
    /// piece taken there is put down, `u`) and `route` (one way's leg squares, in order). A letter or colour the variant does not have throws an Error
    /// saying so.
    #[wasm_bindgen(js_name = pieceMoves)]
    pub fn piece_moves(&self, letter: String, colour: String) -> Result<JsValue, JsValue> {
        let letter = parse_letter(&letter).map_err(js_error)?;
        let colour = parse_colour(&colour).map_err(js_error)?;
        let a = self.shared.model.borrow();
        let d = legend::diagram(a.session.variant(), letter, colour, &a.board).map_err(js_error)?;
        marks_to_js(&d.marks)
    }

    /// The marks of the move diagram drawn on the board, as `pieceMoves` gives them; null when
    /// the board shows the game.
    #[wasm_bindgen(js_name = diagramShown)]
    pub fn diagram_shown(&self) -> Result<JsValue, JsValue> {
        let a = self.shared.model.borrow();
        match a.diagram() {
            Some(d) => marks_to_js(&d.marks),
            None => Ok(JsValue::NULL),
        }
    }
}

/// The legend entry (`data-letter`, `data-colour`) an event happened in, if any.
fn entry_of(e: &Event) -> Option<(String, String)> {
    let el = e
        .target()?
        .dyn_into::<Element>()
        .ok()?
        .closest("[data-letter][data-colour]")
        .ok()??;
    Some((
        el.get_attribute("data-letter")?,
        el.get_attribute("data-colour")?,
    ))
}

/// "K white" as a letter and colour.
fn parse_entry(letter: &str, colour: &str) -> Result<(PieceId, Colour), String> {
    Ok((parse_letter(letter)?, parse_colour(colour)?))
}

impl Shared {
    /// Shows the legend, the diagram's key, the inspected piece and the setup editor.
    pub fn show_legend(&self) -> Result<(), JsValue> {
        let a = self.model.borrow();
        let open = self.panel.designer.details.has_attribute("open");
        self.panel
            .legend
            .show(&self.window, &self.document, &a, open)?;
        match self.panel.position_editor() {
            Some(setup) => setup.show(a.position_editor()),
            None => Ok(()),
        }
    }

    /// Reports a handler's error on the message line (success clears it).
    fn run(
        &self,
        f: impl FnOnce(&mut Applet, &mut Vec<crate::ui::applet::Effect>) -> Result<(), String>,
    ) {
        self.dispatch(|a, fx| {
            let result = f(a, fx);
            Applet::report(result, fx);
        });
    }

    /// The legend's and the setup editor's listeners.
    pub fn listen_legend(self: &Rc<Self>) -> Result<(), JsValue> {
        // The legend's table and the rules editor are drawn when the designer panel opens.
        self.on(&self.panel.designer.details, "toggle", None, |s, _| {
            s.show_legend()?;
            s.show_editor()
        })?;
        let table: &EventTarget = &self.panel.legend.table;
        self.on(table, "click", None, |s, e| {
            if let Some((letter, colour)) = entry_of(&e) {
                s.run(|a, fx| {
                    let (letter, colour) = parse_entry(&letter, &colour)?;
                    a.legend_click(letter, colour, fx)
                });
            }
            Ok(())
        })?;
        self.on(table, "dragstart", None, |_, e| {
            let e: &DragEvent = e.unchecked_ref();
            if let (Some((letter, colour)), Some(data)) = (entry_of(e), e.data_transfer()) {
                data.set_data(DRAG_TYPE, &format!("{letter} {colour}"))?;
                data.set_effect_allowed("copy");
            }
            Ok(())
        })?;
        let canvas: &EventTarget = &self.board.canvas;
        if cfg!(feature = "page") {
            self.listen_setup_drops(canvas)?;
        }
        // The pointer resting on a piece (a mouse hovering, a finger or pen held down).
        for kind in ["pointermove", "pointerdown"] {
            self.on(canvas, kind, None, |s, e| {
                let e: &PointerEvent = e.unchecked_ref();
                let mouse = e.pointer_type() == "mouse";
                if (mouse && e.buttons() != 0) || (!mouse && e.type_() == "pointermove") {
                    return Ok(());
                }
                let cell = {
                    let a = s.model.borrow();
                    (s.board).touch_cell(&a.board, e.client_x(), e.client_y())
                };
                s.dispatch(|a, fx| a.inspect(cell, fx));
                Ok(())
            })?;
        }
        for kind in ["pointerleave", "pointerup", "pointercancel"] {
            self.on(canvas, kind, None, |s, e| {
                let e: &PointerEvent = e.unchecked_ref();
                if e.type_() == "pointerleave" || e.pointer_type() != "mouse" {
                    s.dispatch(|a, fx| a.inspect(None, fx));
                }
                Ok(())
            })?;
        }
        // Escape anywhere returns from a diagram (the legend's button may have the focus).
        let document: &EventTarget = &self.document;
        self.on(document, "keydown", None, |s, e| {
            let e: &KeyboardEvent = e.unchecked_ref();
            if e.key() == "Escape" && s.model.borrow().diagram().is_some() {
                s.dispatch(|a, fx| a.close_diagram(fx));
            }
            Ok(())
        })?;

        let Some(p) = self.panel.position_editor() else {
            return Ok(());
        };
        self.on(&p.open, "click", None, |s, _| {
            s.dispatch(|a, fx| a.open_setup(fx));
            Ok(())
        })?;
        self.on(&p.leave, "click", None, |s, _| {
            s.dispatch(|a, fx| a.close_setup(fx));
            Ok(())
        })?;
        self.on(&p.clear, "click", None, |s, _| {
            s.dispatch(|a, fx| a.setup_clear(fx));
            Ok(())
        })?;
        self.on(&p.eraser, "click", None, |s, _| {
            s.dispatch(|a, fx| a.setup_eraser(fx));
            Ok(())
        })?;
        self.on(&p.side, "change", None, |s, _| {
            let colour = s
                .panel
                .position_editor()
                .map(|p| parse_colour(&p.side.value()));
            if let Some(Ok(colour)) = colour {
                s.dispatch(|a, fx| a.setup_side(colour, fx));
            }
            Ok(())
        })?;
        self.on(&p.play, "click", None, |s, _| {
            // A refusal's reasons show in the editor, not on the message line.
            s.dispatch(|a, fx| {
                let _ = a.setup_play(fx);
            });
            Ok(())
        })?;
        Ok(())
    }
    /// Pieces dragged from the legend onto the setup editor's board (the page's only).
    fn listen_setup_drops(self: &Rc<Self>, canvas: &EventTarget) -> Result<(), JsValue> {
        self.on(canvas, "dragover", None, |s, e| {
            if s.model.borrow().position_editor().is_some() {
                e.prevent_default();
            }
            Ok(())
        })?;
        self.on(canvas, "drop", None, |s, e| {
            let e: &DragEvent = e.unchecked_ref();
            let Some(text) = e.data_transfer().and_then(|d| d.get_data(DRAG_TYPE).ok()) else {
                return Ok(());
            };
            e.prevent_default();
            let cell = {
                let a = s.model.borrow();
                (s.board).touch_cell(a.shown_board(), e.client_x(), e.client_y())
            };
            let (letter, colour) = text.split_once(' ').unwrap_or((&text, ""));
            if let Some(cell) = cell {
                let (letter, colour) = (letter.to_string(), colour.to_string());
                s.run(|a, fx| {
                    let (letter, colour) = parse_entry(&letter, &colour)?;
                    a.setup_drop(cell, letter, colour, fx)
                });
            }
            Ok(())
        })
    }
}
