//! The designer's marks on a frame, drawn by [`super::render::draw`] around the pieces: a
//! move diagram (ride lines and morph colours under the pieces; move, capture, both, initial
//! and castling symbols and the morph's resulting piece over them) and the piece the pointer
//! rests on (attacked squares tinted, its moves dotted). Stateless, CSS pixels, like the rest
//! of the frame.

use crate::decimal::fixed;
use std::f64::consts::TAU;

use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d;

use super::render::Scene;
use super::sprites;
use crate::designer::diagram::Kind;
use crate::ui::layout::{Cell, Placement};
use crate::ui::legend::MORPH_COLOURS;

/// A quiet move.
const MOVE: &str = "rgba(20, 85, 30, 0.8)";
/// A capture.
const CAPTURE: &str = "rgba(200, 40, 40, 0.9)";
/// A ride's line.
const RIDE: &str = "rgba(20, 85, 30, 0.45)";
/// A first-move-only square.
const INITIAL: &str = "rgba(20, 85, 30, 0.9)";
/// A castling landing square.
const CASTLE: &str = "rgba(61, 139, 253, 0.9)";
/// A square the inspected piece attacks.
const ATTACKED: &str = "rgba(220, 60, 60, 0.35)";
/// Where the inspected piece may move.
const INSPECT_MOVE: &str = "rgba(61, 139, 253, 0.85)";

/// Under the pieces: morph colours, ride lines, attacked squares.
pub fn draw_under(ctx: &CanvasRenderingContext2d, scene: &Scene<'_>) -> Result<(), JsValue> {
    let p = scene.placement;
    for (mark, _) in scene.diagram {
        if let Some((_, colour)) = mark.becomes {
            fill(
                ctx,
                p,
                mark.cell,
                MORPH_COLOURS[colour % MORPH_COLOURS.len()],
            );
        }
    }
    if let Some(origin) = scene.selected {
        ctx.set_stroke_style_str(RIDE);
        ctx.set_line_width((p.square * 0.07).max(1.5));
        ctx.set_line_cap("round");
        for (mark, _) in scene.diagram.iter().filter(|(m, _)| !m.path.is_empty()) {
            let (x0, y0) = p.centre_of(origin);
            let (x1, y1) = p.centre_of(mark.cell);
            ctx.begin_path();
            ctx.move_to(x0, y0);
            ctx.line_to(x1, y1);
            ctx.stroke();
        }
    }
    if let Some(inspect) = scene.inspect {
        for &cell in &inspect.attacks {
            fill(ctx, p, cell, ATTACKED);
        }
    }
    Ok(())
}

/// Over the pieces: each diagram square's symbol and the piece a morph makes; the inspected
/// piece's outline and moves.
pub fn draw_over(ctx: &CanvasRenderingContext2d, scene: &Scene<'_>) -> Result<(), JsValue> {
    let p = scene.placement;
    let s = p.square;
    for (mark, art) in scene.diagram {
        let (cx, cy) = p.centre_of(mark.cell);
        match mark.action {
            Kind::Move | Kind::Morph => disc(ctx, cx, cy, s * 0.15, MOVE)?,
            Kind::Capture => ring(ctx, cx, cy, s * 0.3, s * 0.08, CAPTURE)?,
            Kind::Both => {
                disc(ctx, cx, cy, s * 0.15, MOVE)?;
                ring(ctx, cx, cy, s * 0.3, s * 0.08, CAPTURE)?;
            }
            Kind::Initial => {
                ctx.set_line_dash(&js_sys::Array::of2(&(s * 0.08).into(), &(s * 0.06).into()))?;
                ring(ctx, cx, cy, s * 0.22, s * 0.06, INITIAL)?;
                ctx.set_line_dash(&js_sys::Array::new())?;
            }
            Kind::Castle => {
                let r = s * 0.2;
                ctx.set_fill_style_str(CASTLE);
                ctx.begin_path();
                ctx.move_to(cx, cy - r);
                ctx.line_to(cx + r, cy);
                ctx.line_to(cx, cy + r);
                ctx.line_to(cx - r, cy);
                ctx.close_path();
                ctx.fill();
            }
        }
        if let Some(art) = art {
            // What it becomes, small, in the square's top-right corner.
            let (x, y) = p.origin_of(mark.cell);
            let size = s * 0.42;
            let colour = scene.pieces.first().map_or(0, |piece| piece.colour);
            sprites::draw(ctx, *art, colour, x + s - size, y, size)?;
        }
        if mark.promotes {
            let (x, y) = p.origin_of(mark.cell);
            ctx.set_fill_style_str("rgba(255, 196, 40, 0.95)");
            ctx.set_font(&format!(
                "700 {}px system-ui, sans-serif",
                fixed(s * 0.28, 1)
            ));
            ctx.set_text_align("left");
            ctx.set_text_baseline("bottom");
            ctx.fill_text("+", x + s * 0.06, y + s * 0.98)?;
        }
    }
    if let Some(inspect) = scene.inspect {
        let (x, y) = p.origin_of(inspect.cell);
        let w = (s * 0.05).max(2.0);
        ctx.set_stroke_style_str(INSPECT_MOVE);
        ctx.set_line_width(w);
        ctx.stroke_rect(x + w / 2.0, y + w / 2.0, s - w, s - w);
        for &cell in &inspect.moves {
            let (cx, cy) = p.centre_of(cell);
            disc(ctx, cx, cy, s * 0.1, INSPECT_MOVE)?;
        }
    }
    Ok(())
}

fn fill(ctx: &CanvasRenderingContext2d, p: &Placement, cell: Cell, colour: &str) {
    let (x, y) = p.origin_of(cell);
    ctx.set_fill_style_str(colour);
    ctx.fill_rect(x, y, p.square, p.square);
}

fn disc(
    ctx: &CanvasRenderingContext2d,
    cx: f64,
    cy: f64,
    r: f64,
    colour: &str,
) -> Result<(), JsValue> {
    ctx.set_fill_style_str(colour);
    ctx.begin_path();
    ctx.arc(cx, cy, r, 0.0, TAU)?;
    ctx.fill();
    Ok(())
}

fn ring(
    ctx: &CanvasRenderingContext2d,
    cx: f64,
    cy: f64,
    r: f64,
    width: f64,
    colour: &str,
) -> Result<(), JsValue> {
    ctx.set_stroke_style_str(colour);
    ctx.set_line_width(width);
    ctx.begin_path();
    ctx.arc(cx, cy, r, 0.0, TAU)?;
    ctx.stroke();
    Ok(())
}
