//! The designer's marks on a frame, drawn by [`super::render::draw`] around the pieces: a
//! move diagram (under the pieces: ride lines, morph colours, and a lighter tint on the
//! squares where the piece would morph; over them: move, capture, both, initial and castling
//! symbols and the morph's resulting piece) and the piece the pointer rests on (attacked
//! squares tinted, its moves dotted). Stateless, CSS pixels, like the rest of the frame.
//!
//! Hops and moves of several legs: what needs a piece to jump over is drawn in the hop colour
//! (a purple disc for such a move, a purple ring for such a capture); a line goes through the
//! squares where a way's legs end; a small red cross in a square's corner says a piece there
//! can be taken on the way (a locust capture); a move that comes back to its own square is a
//! loop arrow around the piece. The square pointed at (or under the keyboard cursor) shows its
//! way in full: its line in blue, a grey stone where the screen may stand, a large cross on
//! each square where it may take on the way, a dot where a leg turns, an arrow to where the
//! piece taken there is put down (an unload).

use crate::decimal::fixed;
use std::f64::consts::TAU;

use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d;

use super::paint::{draw_arrow, fill_cell};
use super::sprites;
use crate::designer::diagram::Kind;
use crate::ui::board::DiagramMark;
use crate::ui::layout::{Cell, Placement};
use crate::ui::legend::MORPH_COLOURS;
use crate::ui::scene::Scene;

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
/// Something done only by jumping over a piece (a hop).
const HOP: &str = "rgba(123, 31, 162, 0.9)";
/// A piece taken on the way (a locust capture).
const LOCUST: &str = "rgb(200, 40, 40)";
/// Where the screen of the square pointed at may stand: a stone, any piece.
const SCREEN: &str = "rgba(70, 70, 70, 0.5)";
/// The line of the way to the square pointed at.
const FOCUS: &str = "rgba(61, 139, 253, 0.9)";
/// A square the inspected piece attacks.
const ATTACKED: &str = "rgba(220, 60, 60, 0.35)";
/// Where the inspected piece may move.
const INSPECT_MOVE: &str = "rgba(61, 139, 253, 0.85)";

/// Under the pieces: morph colours, ride lines, attacked squares.
pub fn draw_under(ctx: &CanvasRenderingContext2d, scene: &Scene) -> Result<(), JsValue> {
    let p = &scene.placement;
    // Where the diagram's piece would morph, reached or not: a lighter tint of the colour of
    // what it becomes (a morph square it reaches gets the full colour below).
    ctx.set_global_alpha(0.45);
    for &(cell, colour) in &scene.diagram_morphs {
        let reached = (scene.diagram.iter()).any(|(m, _)| m.cell == cell && m.becomes.is_some());
        if !reached {
            fill_cell(ctx, p, cell, MORPH_COLOURS[colour % MORPH_COLOURS.len()]);
        }
    }
    ctx.set_global_alpha(1.0);
    for (mark, _) in &scene.diagram {
        if let Some((_, colour)) = mark.becomes {
            fill_cell(
                ctx,
                p,
                mark.cell,
                MORPH_COLOURS[colour % MORPH_COLOURS.len()],
            );
        }
    }
    let focus = focused(scene);
    if let Some(m) = focus {
        for &cell in &m.screens {
            let (cx, cy) = p.centre_of(cell);
            disc(ctx, cx, cy, p.square * 0.36, SCREEN)?;
        }
    }
    if let Some(origin) = scene.selected {
        ctx.set_line_width((p.square * 0.07).max(1.5));
        ctx.set_line_cap("round");
        ctx.set_line_join("round");
        let lined =
            |m: &DiagramMark| m.cell != origin && !(m.path.is_empty() && m.route.is_empty());
        ctx.set_stroke_style_str(RIDE);
        for (mark, _) in scene.diagram.iter().filter(|(m, _)| lined(m)) {
            way(ctx, p, origin, mark);
        }
        if let Some(m) = focus.filter(|m| lined(m)) {
            ctx.set_stroke_style_str(FOCUS);
            ctx.set_line_width((p.square * 0.09).max(2.0));
            way(ctx, p, origin, m);
            for &cell in &m.via {
                let (cx, cy) = p.centre_of(cell);
                disc(ctx, cx, cy, p.square * 0.09, FOCUS)?;
            }
        }
    }
    if let Some(inspect) = &scene.inspect {
        for &cell in &inspect.attacks {
            fill_cell(ctx, p, cell, ATTACKED);
        }
    }
    Ok(())
}

/// Over the pieces: each diagram square's symbol and the piece a morph makes; the inspected
/// piece's outline and moves.
pub fn draw_over(ctx: &CanvasRenderingContext2d, scene: &Scene) -> Result<(), JsValue> {
    let p = &scene.placement;
    let s = p.square;
    for (mark, art) in &scene.diagram {
        let (cx, cy) = p.centre_of(mark.cell);
        let moves = if mark.quiet_hop { HOP } else { MOVE };
        let captures = if mark.capture_hop { HOP } else { CAPTURE };
        if scene.selected == Some(mark.cell) {
            // Back to its own square: a loop arrow around the piece.
            let colour = if mark.action == Kind::Capture {
                captures
            } else {
                moves
            };
            back_home(ctx, cx, cy, s, colour)?;
        } else {
            match mark.action {
                Kind::Move | Kind::Morph => disc(ctx, cx, cy, s * 0.15, moves)?,
                Kind::Capture => ring(ctx, cx, cy, s * 0.3, s * 0.08, captures)?,
                Kind::Both => {
                    disc(ctx, cx, cy, s * 0.15, moves)?;
                    ring(ctx, cx, cy, s * 0.3, s * 0.08, captures)?;
                }
                Kind::Initial => {
                    let colour = if mark.is_hop() { HOP } else { INITIAL };
                    ctx.set_line_dash(&js_sys::Array::of2(&(s * 0.08).into(), &(s * 0.06).into()))?;
                    ring(ctx, cx, cy, s * 0.22, s * 0.06, colour)?;
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
        }
        for &cell in &mark.locust {
            // Taken on the way: a small cross in the square's top-left corner (opaque, so
            // drawing it again for another mark changes nothing).
            let (x, y) = p.origin_of(cell);
            cross(ctx, x + s * 0.16, y + s * 0.16, s * 0.09, s * 0.04, LOCUST);
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
    if let Some(m) = focused(scene) {
        for &cell in &m.locust {
            let (cx, cy) = p.centre_of(cell);
            cross(ctx, cx, cy, s * 0.3, s * 0.07, LOCUST);
        }
        for &cell in &m.unload {
            // Where the piece taken there is put down (an unload, `u`).
            draw_arrow(ctx, p, m.cell, cell, FOCUS)?;
        }
        let (x, y) = p.origin_of(m.cell);
        let w = (s * 0.05).max(2.0);
        ctx.set_stroke_style_str(FOCUS);
        ctx.set_line_width(w);
        ctx.stroke_rect(x + w / 2.0, y + w / 2.0, s - w, s - w);
    }
    if let Some(inspect) = &scene.inspect {
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

/// The diagram's mark pointed at, if any.
fn focused(scene: &Scene) -> Option<&DiagramMark> {
    let cell = scene.diagram_focus?;
    scene
        .diagram
        .iter()
        .map(|(m, _)| m)
        .find(|m| m.cell == cell)
}

/// A way's line, from the origin through the squares its legs end on to the mark (the
/// caller sets the stroke).
fn way(ctx: &CanvasRenderingContext2d, p: &Placement, origin: Cell, mark: &DiagramMark) {
    let (x0, y0) = p.centre_of(origin);
    ctx.begin_path();
    ctx.move_to(x0, y0);
    for &cell in mark.route.iter().chain([&mark.cell]) {
        let (x, y) = p.centre_of(cell);
        ctx.line_to(x, y);
    }
    ctx.stroke();
}

/// An × centred on (cx, cy), `r` from the centre to each end.
fn cross(ctx: &CanvasRenderingContext2d, cx: f64, cy: f64, r: f64, width: f64, colour: &str) {
    ctx.set_stroke_style_str(colour);
    ctx.set_line_width(width);
    ctx.set_line_cap("round");
    ctx.begin_path();
    ctx.move_to(cx - r, cy - r);
    ctx.line_to(cx + r, cy + r);
    ctx.move_to(cx + r, cy - r);
    ctx.line_to(cx - r, cy + r);
    ctx.stroke();
}

/// A loop arrow around a square's piece (a square `s` wide): most of a circle, clockwise,
/// ending in an arrowhead.
fn back_home(
    ctx: &CanvasRenderingContext2d,
    cx: f64,
    cy: f64,
    s: f64,
    colour: &str,
) -> Result<(), JsValue> {
    // The end at 0.9 turns, its cosine and sine (no trigonometry in the wasm).
    let (r, end, cos, sin) = (s * 0.42, TAU * 0.9, 0.809_017, -0.587_785);
    ctx.set_stroke_style_str(colour);
    ctx.set_line_width(s * 0.05);
    ctx.begin_path();
    ctx.arc(cx, cy, r, TAU * 0.15, end)?;
    ctx.stroke();
    // The head, pointing along the circle at its end.
    let (x, y) = (cx + r * cos, cy + r * sin);
    let (len, half) = (s * 0.13, s * 0.08);
    ctx.set_fill_style_str(colour);
    ctx.begin_path();
    ctx.move_to(x - sin * len, y + cos * len);
    ctx.line_to(x + cos * half, y + sin * half);
    ctx.line_to(x - cos * half, y - sin * half);
    ctx.close_path();
    ctx.fill();
    Ok(())
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
