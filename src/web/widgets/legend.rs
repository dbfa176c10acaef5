//! The piece legend (`table.fairylab-legend` in the designer's legend section): one row per
//! piece type with both colours' sprites as buttons (`data-letter`, `data-colour`; click to
//! see the moves, or in the setup editor to pick the piece, or drag onto the board), name,
//! letter, Betza moves, the computer's value estimate, and (a row below) what the piece
//! morphs into where.
//! Below the board: the diagram's caption and key (`.fairylab-diagram-key`) and the line
//! about the piece the pointer rests on (`.fairylab-inspect`).

use crate::decimal::fixed;
use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement, HtmlElement, Window};

use crate::designer::diagram::Kind;
use crate::designer::legend;
use crate::piece::PieceType;
use crate::position::{BLACK, WHITE};
use crate::ui::applet::Applet;
use crate::ui::board::DiagramMark;
use crate::ui::legend::{MORPH_COLOURS, focus_text};
use crate::ui::setup::Brush;
use crate::variant::Variant;

use super::super::sprites;
use super::{append, element};
use crate::ui::art::Art;

/// Sprite size in the legend, CSS pixels.
const SPRITE: f64 = 34.0;

pub struct Legend {
    /// The section's introduction: what a click on a piece does now.
    pub intro: HtmlElement,
    pub table: HtmlElement,
    /// Below the board: the diagram's caption and key.
    pub key: HtmlElement,
    /// Below the board: the piece the pointer rests on.
    pub inspect: HtmlElement,
    /// The variant source the table was built for.
    built: RefCell<Option<String>>,
}

impl Legend {
    /// The table goes into `section`, the caption lines into `main` (below the board).
    pub fn build(
        document: &Document,
        section: &HtmlElement,
        main: &HtmlElement,
    ) -> Result<Legend, JsValue> {
        let heading: HtmlElement = element(document, "h3", "")?;
        heading.set_text_content(Some("Pieces"));
        let intro: HtmlElement = element(document, "p", "fairylab-legend-intro")?;
        let table: HtmlElement = element(document, "table", "fairylab-legend")?;
        append(section, &[&heading, &intro, &table])?;
        let key: HtmlElement = element(document, "div", "fairylab-diagram-key")?;
        key.set_hidden(true);
        let inspect: HtmlElement = element(document, "div", "fairylab-inspect")?;
        inspect.set_attribute("aria-live", "polite")?;
        inspect.set_hidden(true);
        append(main, &[&key, &inspect])?;
        Ok(Legend {
            intro,
            table,
            key,
            inspect,
            built: RefCell::new(None),
        })
    }

    /// Shows the applet's legend state: the table (rebuilt only for another variant), the
    /// entry pressed, the diagram's key and the inspected piece.
    /// Shows the model's legend state; the table of sprites is (re)built only when `open`
    /// (the designer panel is), so a board whose panel stays closed never draws it.
    pub fn show(
        &self,
        window: &Window,
        document: &Document,
        a: &Applet,
        open: bool,
    ) -> Result<(), JsValue> {
        let v = a.session.variant();
        let source = format!("{}\n{}", v.name, v.source);
        if open && self.built.borrow().as_deref() != Some(source.as_str()) {
            self.fill(window, document, v)?;
            *self.built.borrow_mut() = Some(source);
        }
        let pressed = match (&a.position_editor(), &a.diagram()) {
            (Some(setup), _) => match setup.brush {
                Some(Brush::Piece(p)) => {
                    v.types.get(p.piece_type.index()).map(|t| (t.id, p.colour))
                }
                _ => None,
            },
            (None, Some(d)) => Some((d.letter, d.colour)),
            (None, None) => None,
        };
        let entries = self
            .table
            .query_selector_all("[data-letter][data-colour]")?;
        for i in 0..entries.length() {
            let Some(el) = entries
                .item(i)
                .and_then(|n| n.dyn_into::<HtmlElement>().ok())
            else {
                continue;
            };
            let letter = el.get_attribute("data-letter").unwrap_or_default();
            let colour = match el.get_attribute("data-colour").as_deref() {
                Some("black") => BLACK,
                _ => WHITE,
            };
            let on = pressed.is_some_and(|(l, c)| l.to_string() == letter && c == colour);
            el.set_attribute("aria-pressed", if on { "true" } else { "false" })?;
        }
        self.intro
            .set_text_content(Some(if a.position_editor().is_some() {
                "Pick a piece, then click squares to place it (click it again to take it off), \
             or drag it onto the board."
            } else {
                "Click a piece to see its moves from the centre of an empty board."
            }));
        self.show_key(document, a)?;
        // The diagram's square pointed at, or the game's piece, in words.
        let focus = (a.diagram()).and_then(|d| {
            let cell = d.board.diagram_focus?;
            let name =
                |t: PieceType| (v.types.get(t.index())).map_or("piece", |ty| ty.name.as_str());
            Some(focus_text(d, cell, &|t| name(t).to_string()))
        });
        let line = match (&a.board.inspect, &a.diagram()) {
            _ if a.position_editor().is_some() => None,
            (_, Some(_)) => focus,
            (Some(inspect), None) => Some(inspect.text.clone()),
            (None, None) => None,
        };
        // On a diagram the keyboard cursor's square is announced already (the line would say
        // it twice); the game's piece under the pointer is said by the line alone.
        let live = if a.diagram().is_some() {
            "off"
        } else {
            "polite"
        };
        self.inspect.set_attribute("aria-live", live)?;
        match line {
            Some(text) => {
                self.inspect.set_text_content(Some(&text));
                self.inspect.set_hidden(false);
            }
            None => self.inspect.set_hidden(true),
        }
        Ok(())
    }

    fn show_key(&self, document: &Document, a: &Applet) -> Result<(), JsValue> {
        if let Some(setup) = &a.position_editor() {
            // The board is the editor's: say so below it.
            self.key.set_text_content(None);
            let caption: HtmlElement = element(document, "p", "fairylab-diagram-caption")?;
            let side = if setup.draft.side_to_move() == WHITE {
                "White"
            } else {
                "Black"
            };
            let brush = match setup.brush {
                Some(Brush::Piece(p)) => format!("Placing: {}.", setup.name(p)),
                Some(Brush::Eraser) => "Erasing: click pieces to take them off.".to_string(),
                None => "Pick a piece in the legend, or drag pieces about.".to_string(),
            };
            caption.set_text_content(Some(&format!(
                "Setting up a position, {side} to move. {brush}"
            )));
            self.key.append_child(&caption)?;
            self.key.set_hidden(false);
            return Ok(());
        }
        let Some(d) = a.diagram().filter(|_| a.position_editor().is_none()) else {
            self.key.set_hidden(true);
            self.key.set_text_content(None);
            return Ok(());
        };
        self.key.set_text_content(None);
        let caption: HtmlElement = element(document, "p", "fairylab-diagram-caption")?;
        caption.set_text_content(Some(&d.caption));
        // The diagram's text equivalent: its squares in words.
        let squares: HtmlElement = element(document, "p", "fairylab-diagram-squares")?;
        squares.set_text_content(Some(&d.squares));
        let list: HtmlElement = element(document, "ul", "")?;
        let item = |class: &str, text: &str, colour: Option<&str>| -> Result<(), JsValue> {
            let li: HtmlElement = element(document, "li", "")?;
            let swatch: HtmlElement = element(document, "span", &format!("fairylab-key {class}"))?;
            swatch.set_attribute("aria-hidden", "true")?;
            if let Some(colour) = colour {
                // As on the board: laid over a light square.
                let fill = format!("linear-gradient({colour}, {colour}), #f0d9b5");
                swatch.style().set_property("background", &fill)?;
            }
            let label: HtmlElement = element(document, "span", "")?;
            label.set_text_content(Some(text));
            append(&li, &[&swatch, &label])?;
            list.append_child(&li)?;
            Ok(())
        };
        let any = |f: fn(&DiagramMark) -> bool| d.marks.iter().any(f);
        // Lines: a way of several legs or a hop (none drawn for a way back to the origin).
        let routes = (d.marks.iter()).any(|m| !m.route.is_empty() && m.cell != d.origin);
        // A symbol is explained where the board shows it: a green dot beside a purple ring
        // (the cannon's move, and capture over a screen) is a move like any other.
        for (shown, class, text) in [
            (
                any(|m| {
                    !m.quiet_hop
                        && (m.action == Kind::Move || (m.action == Kind::Both && m.capture_hop))
                }),
                "move",
                "move only",
            ),
            (
                any(|m| {
                    !m.capture_hop
                        && (m.action == Kind::Capture || (m.action == Kind::Both && m.quiet_hop))
                }),
                "capture",
                "capture only",
            ),
            (
                any(|m| m.action == Kind::Both && !m.is_hop()),
                "both",
                "move or capture",
            ),
            (
                any(|m| m.action == Kind::Initial),
                "initial",
                "first move only",
            ),
            (any(|m| m.action == Kind::Castle), "castle", "castling"),
            (
                any(|m| m.quiet_hop),
                "hop-move",
                "purple dot: moves by jumping over a piece",
            ),
            (
                any(|m| m.capture_hop),
                "hop",
                "purple ring: captures by jumping over a piece",
            ),
            (
                routes,
                "ride",
                "line: the way it goes, leg by leg, passing empty squares",
            ),
            (
                !routes && any(|m| !m.path.is_empty()),
                "ride",
                "line: a ride, blocked by any piece on the way",
            ),
            (
                any(|m| m.path.is_empty() && m.route.is_empty()),
                "leap",
                "no line: a leap or a single step",
            ),
            (
                any(|m| !m.locust.is_empty()),
                "locust",
                "corner cross: a piece there can be taken on the way, and the move goes on",
            ),
            (
                d.marks.iter().any(|m| m.cell == d.origin),
                "home",
                "loop: a move back to its own square",
            ),
        ] {
            if shown {
                item(&format!("fairylab-key-{class}"), text, None)?;
            }
        }
        for (index, name) in &d.morph_key {
            let colour = MORPH_COLOURS[index % MORPH_COLOURS.len()];
            item(
                "fairylab-key-morph",
                &format!("becomes {name}"),
                Some(colour),
            )?;
        }
        if d.marks.iter().any(|m| m.promotes) {
            item("fairylab-key-promotes", "+ promotes", None)?;
        }
        if any(|m| !m.screens.is_empty() || !m.via.is_empty() || !m.locust.is_empty()) {
            item(
                "fairylab-key-screen",
                "point at a square (or use the arrow keys on the board) to see its way: grey \
                 where the piece to jump over may stand, a dot where it turns, a large cross \
                 where it takes on the way",
                None,
            )?;
        }
        append(&self.key, &[&caption, &squares, &list])?;
        self.key.set_hidden(false);
        Ok(())
    }

    /// Builds the table for `v`.
    fn fill(&self, window: &Window, document: &Document, v: &Variant) -> Result<(), JsValue> {
        self.table.set_text_content(None);
        let head: HtmlElement = element(document, "thead", "")?;
        let row: HtmlElement = element(document, "tr", "")?;
        for title in ["Piece", "Name", "ID", "Moves (Betza)", "Value"] {
            let th: HtmlElement = element(document, "th", "")?;
            th.set_text_content(Some(title));
            row.append_child(&th)?;
        }
        head.append_child(&row)?;
        let body: HtmlElement = element(document, "tbody", "")?;
        for entry in legend::legend(v) {
            let tr: HtmlElement = element(document, "tr", "")?;
            let sprites: HtmlElement = element(document, "td", "fairylab-legend-sprites")?;
            for (colour, side) in [(WHITE, "white"), (BLACK, "black")] {
                let art = crate::ui::scene::art(v, entry.piece_type);
                let b = sprite_button(window, document, art, colour.index())?;
                b.set_attribute("data-letter", &entry.letter.to_string())?;
                b.set_attribute("data-colour", side)?;
                let label = format!("{side} {} ({})", entry.name, entry.letter);
                b.set_title(&label);
                b.set_attribute("aria-label", &label)?;
                sprites.append_child(&b)?;
            }
            let cell = |text: &str, class: &str| -> Result<HtmlElement, JsValue> {
                let td: HtmlElement = element(document, "td", class)?;
                td.set_text_content(Some(text));
                Ok(td)
            };
            let value = match entry.value {
                Some(cp) => fixed(f64::from(cp) / 100.0, 1),
                None => "royal".to_string(),
            };
            append(
                &tr,
                &[
                    &sprites,
                    &cell(&entry.name, "")?,
                    &cell(&entry.letter.to_string(), "")?,
                    &cell(&entry.betza, "fairylab-legend-betza")?,
                    &cell(&value, "fairylab-legend-value")?,
                ],
            )?;
            body.append_child(&tr)?;
            // What a morphing piece becomes where, on a row of its own below.
            let morphs = entry.morph_text(v);
            if !morphs.is_empty() {
                let row: HtmlElement = element(document, "tr", "fairylab-legend-morph-row")?;
                let td = cell(&format!("Morphs {morphs}"), "fairylab-legend-morphs")?;
                td.set_attribute("colspan", "5")?;
                row.append_child(&td)?;
                body.append_child(&row)?;
            }
        }
        append(&self.table, &[&head, &body])
    }
}

/// A button showing a piece's sprite, draggable onto the board.
fn sprite_button(
    window: &Window,
    document: &Document,
    art: Art,
    colour: usize,
) -> Result<HtmlElement, JsValue> {
    let b: HtmlElement = element(document, "button", "fairylab-legend-piece")?;
    b.set_attribute("type", "button")?;
    b.set_draggable(true);
    let canvas: HtmlCanvasElement = element(document, "canvas", "")?;
    let ratio = window.device_pixel_ratio().clamp(1.0, 4.0);
    let pixels = (SPRITE * ratio).round() as u32;
    canvas.set_width(pixels);
    canvas.set_height(pixels);
    canvas
        .style()
        .set_property("width", &format!("{}px", fixed(SPRITE, 0)))?;
    canvas
        .style()
        .set_property("height", &format!("{}px", fixed(SPRITE, 0)))?;
    let ctx = canvas
        .get_context("2d")?
        .ok_or_else(|| JsError::new("canvas has no 2d context"))?
        .dyn_into::<CanvasRenderingContext2d>()?;
    ctx.scale(ratio, ratio)?;
    sprites::draw(&ctx, art, colour, 0.0, 0.0, SPRITE)?;
    b.append_child(&canvas)?;
    Ok(b)
}
