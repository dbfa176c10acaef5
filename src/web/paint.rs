//! What the frame's painters share (`render.rs`, `marks.rs`, `hands.rs`): the board's colours
//! ([`Theme`]), a square filled, an arrow between two squares. Stateless, CSS pixels.

use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d;

use crate::ui::layout::{Cell, Placement};

/// Colours of the board and its marks.
#[derive(Clone, Copy, Debug)]
pub struct Theme {
    pub light: &'static str,
    pub dark: &'static str,
    /// The selected square.
    pub highlight: &'static str,
    pub background: &'static str,
    pub last_move: &'static str,
    /// Destination dots and capture rings.
    pub destination: &'static str,
    /// A destination under the dragged piece.
    pub hover: &'static str,
    pub check: &'static str,
    pub cursor: &'static str,
    pub glow: &'static str,
    /// The hint arrow.
    pub hint: &'static str,
}

impl Theme {
    pub const DEFAULT: Theme = Theme {
        light: "#f0d9b5",
        dark: "#b58863",
        highlight: "rgba(20, 85, 30, 0.5)",
        background: "#312e2b",
        last_move: "rgba(155, 199, 0, 0.41)",
        destination: "rgba(20, 85, 30, 0.5)",
        hover: "rgba(20, 85, 30, 0.3)",
        check: "rgba(255, 0, 0, 1)",
        cursor: "#3d8bfd",
        glow: "255, 196, 40",
        hint: "rgba(61, 139, 253, 0.8)",
    };
}

/// Fills one square with `colour`.
pub fn fill_cell(ctx: &CanvasRenderingContext2d, p: &Placement, cell: Cell, colour: &str) {
    let (x, y) = p.origin_of(cell);
    ctx.set_fill_style_str(colour);
    ctx.fill_rect(x, y, p.square, p.square);
}

/// An arrow from the centre of one square to the centre of another, its head on the target.
pub fn draw_arrow(
    ctx: &CanvasRenderingContext2d,
    p: &Placement,
    from: Cell,
    to: Cell,
    colour: &str,
) -> Result<(), JsValue> {
    let (x0, y0) = p.centre_of(from);
    let (x1, y1) = p.centre_of(to);
    let length = (x1 - x0).hypot(y1 - y0);
    if length < 1.0 {
        return Ok(());
    }
    let (ux, uy) = ((x1 - x0) / length, (y1 - y0) / length);
    let width = p.square * 0.16;
    let head = p.square * 0.42;
    // The shaft stops where the head begins; the head's tip is a little short of the centre.
    let tip = (x1 - ux * p.square * 0.1, y1 - uy * p.square * 0.1);
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let (nx, ny) = (-uy, ux);
    ctx.set_stroke_style_str(colour);
    ctx.set_fill_style_str(colour);
    ctx.set_line_width(width);
    ctx.begin_path();
    ctx.move_to(x0, y0);
    ctx.line_to(base.0, base.1);
    ctx.stroke();
    ctx.begin_path();
    ctx.move_to(tip.0, tip.1);
    ctx.line_to(base.0 + nx * head * 0.6, base.1 + ny * head * 0.6);
    ctx.line_to(base.0 - nx * head * 0.6, base.1 - ny * head * 0.6);
    ctx.close_path();
    ctx.fill();
    Ok(())
}
