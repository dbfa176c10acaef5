//! Drawing the board on a 2D canvas context. Everything is drawn in CSS pixels; the caller
//! sets the device-pixel transform first.

use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d;

use super::layout::{Cell, Placement};

/// Colours of the board. Opaque squares, a translucent highlight laid over them.
#[derive(Clone, Copy, Debug)]
pub struct Theme {
    pub light: &'static str,
    pub dark: &'static str,
    pub highlight: &'static str,
    pub background: &'static str,
}

impl Theme {
    pub const DEFAULT: Theme = Theme {
        light: "#f0d9b5",
        dark: "#b58863",
        highlight: "rgba(20, 85, 30, 0.5)",
        background: "#312e2b",
    };
}

/// What one frame shows.
pub struct Scene<'a> {
    pub placement: &'a Placement,
    pub theme: &'a Theme,
    pub highlighted: Option<Cell>,
    /// Canvas size in CSS pixels.
    pub width: f64,
    pub height: f64,
}

/// Draws a whole frame: background, squares, coordinates, highlight.
pub fn draw(ctx: &CanvasRenderingContext2d, scene: &Scene<'_>) -> Result<(), JsValue> {
    let Scene {
        placement: p,
        theme,
        ..
    } = *scene;
    ctx.set_fill_style_str(theme.background);
    ctx.fill_rect(0.0, 0.0, scene.width, scene.height);

    for cell in p.board.cells() {
        let (x, y) = p.origin_of(cell);
        ctx.set_fill_style_str(if cell.is_dark() {
            theme.dark
        } else {
            theme.light
        });
        ctx.fill_rect(x, y, p.square, p.square);
    }

    if let Some(cell) = scene.highlighted {
        let (x, y) = p.origin_of(cell);
        ctx.set_fill_style_str(theme.highlight);
        ctx.fill_rect(x, y, p.square, p.square);
    }

    draw_coordinates(ctx, p, theme)
}

/// File letters along the bottom rank, rank numbers along file `a`, in the squares' corners
/// (away from the centres, where pieces and highlights go).
fn draw_coordinates(
    ctx: &CanvasRenderingContext2d,
    p: &Placement,
    theme: &Theme,
) -> Result<(), JsValue> {
    let size = (p.square * 0.2).max(6.0);
    let pad = p.square * 0.06;
    ctx.set_font(&format!("600 {size:.1}px system-ui, sans-serif"));
    // Text on a square takes the other square colour.
    let ink = |cell: Cell| {
        if cell.is_dark() {
            theme.light
        } else {
            theme.dark
        }
    };

    ctx.set_text_align("right");
    ctx.set_text_baseline("bottom");
    for file in 0..p.board.files() {
        let cell = Cell { file, rank: 0 };
        let (x, y) = p.origin_of(cell);
        ctx.set_fill_style_str(ink(cell));
        ctx.fill_text(
            &cell.file_letter().to_string(),
            x + p.square - pad,
            y + p.square - pad * 0.5,
        )?;
    }

    ctx.set_text_align("left");
    ctx.set_text_baseline("top");
    for rank in 0..p.board.ranks() {
        let cell = Cell { file: 0, rank };
        let (x, y) = p.origin_of(cell);
        ctx.set_fill_style_str(ink(cell));
        ctx.fill_text(&(rank + 1).to_string(), x + pad, y + pad * 0.5)?;
    }
    Ok(())
}
