//! Painting one frame on a 2D canvas context from a [`Scene`] (built by the model,
//! [`crate::ui::scene`]): squares, coordinates, marks (last move, check, selection,
//! destinations, keyboard cursor), pieces, the computer's hint arrow, the hands beside the
//! board, the dragged piece, the morph glow and the promotion chooser. Everything is drawn in
//! CSS pixels; the caller sets the device-pixel transform first. No state: what to draw comes
//! in the scene.

use crate::decimal::fixed;
use std::f64::consts::TAU;

use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d;

use super::hands;
use super::paint::{Theme, draw_arrow, fill_cell};
use super::sprites;
use crate::ui::layout::{Cell, Placement};
use crate::ui::scene::{ChooserView, Scene};

/// Draws a whole frame.
pub fn draw(ctx: &CanvasRenderingContext2d, theme: &Theme, scene: &Scene) -> Result<(), JsValue> {
    let p = &scene.placement;
    ctx.set_fill_style_str(theme.background);
    ctx.fill_rect(0.0, 0.0, scene.width, scene.height);

    for cell in p.board.cells().filter(|c| !scene.holes.contains(c)) {
        let colour = if cell.is_dark() {
            theme.dark
        } else {
            theme.light
        };
        fill_cell(ctx, p, cell, colour);
    }
    for &cell in &scene.last_move {
        fill_cell(ctx, p, cell, theme.last_move);
    }
    for &cell in scene.selected.iter().chain(&scene.picked) {
        fill_cell(ctx, p, cell, theme.highlight);
    }
    if let Some(cell) = scene.hover {
        fill_cell(ctx, p, cell, theme.hover);
    }
    if let Some(cell) = scene.check {
        draw_check(ctx, p, cell, theme)?;
    }
    draw_coordinates(ctx, p, theme)?;

    if let Some((cell, progress)) = scene.glow {
        draw_glow_halo(ctx, p, cell, progress, theme)?;
    }
    super::marks::draw_under(ctx, scene)?;
    for piece in &scene.pieces {
        let (x, y) = p.origin_of(piece.cell);
        let faint = scene.lifted == Some(piece.cell);
        if faint {
            ctx.set_global_alpha(0.3);
        }
        sprites::draw(ctx, piece.art, piece.colour, x, y, p.square)?;
        if faint {
            ctx.set_global_alpha(1.0);
        }
    }
    if let Some((cell, progress)) = scene.glow {
        draw_glow_ring(ctx, p, cell, progress, theme)?;
    }

    ctx.set_fill_style_str(theme.destination);
    for &cell in &scene.dots {
        let (cx, cy) = p.centre_of(cell);
        ctx.begin_path();
        ctx.arc(cx, cy, p.square * 0.16, 0.0, TAU)?;
        ctx.fill();
    }
    let ring = |cell: Cell| -> Result<(), JsValue> {
        // A ring inside the square's edge, around the piece to be taken.
        let (cx, cy) = p.centre_of(cell);
        ctx.begin_path();
        ctx.arc(cx, cy, p.square * 0.5, 0.0, TAU)?;
        ctx.arc(cx, cy, p.square * 0.41, 0.0, TAU)?;
        ctx.fill_with_canvas_winding_rule(web_sys::CanvasWindingRule::Evenodd);
        Ok(())
    };
    for &cell in &scene.rings {
        ring(cell)?;
    }
    ctx.set_fill_style_str(theme.hint);
    for &cell in &scene.legs {
        // Taken on the way: a ring, and a dot for "and on from here".
        ring(cell)?;
        let (cx, cy) = p.centre_of(cell);
        ctx.begin_path();
        ctx.arc(cx, cy, p.square * 0.12, 0.0, TAU)?;
        ctx.fill();
    }

    super::marks::draw_over(ctx, scene)?;

    if let Some((from, to)) = scene.hint {
        draw_arrow(ctx, p, from, to, theme.hint)?;
    }

    if let Some(cell) = scene.cursor {
        let (x, y) = p.origin_of(cell);
        let w = (p.square * 0.06).max(2.0);
        ctx.set_stroke_style_str(theme.cursor);
        ctx.set_line_width(w);
        ctx.stroke_rect(x + w / 2.0, y + w / 2.0, p.square - w, p.square - w);
    }

    hands::draw(
        ctx,
        theme,
        &scene.hand_rows,
        &scene.hand_labels,
        &scene.hands,
    )?;

    if let Some(d) = scene.dragged {
        // A little larger than on the board, centred under the pointer.
        let size = p.square * 1.1;
        sprites::draw(
            ctx,
            d.art,
            d.colour,
            d.x - size / 2.0,
            d.y - size / 2.0,
            size,
        )?;
    }

    if let Some(chooser) = &scene.chooser {
        draw_chooser(ctx, theme, scene, chooser)?;
    }
    Ok(())
}

/// A red glow under a royal piece in check.
fn draw_check(
    ctx: &CanvasRenderingContext2d,
    p: &Placement,
    cell: Cell,
    theme: &Theme,
) -> Result<(), JsValue> {
    let (x, y) = p.origin_of(cell);
    let (cx, cy) = p.centre_of(cell);
    let g = ctx.create_radial_gradient(cx, cy, 0.0, cx, cy, p.square * 0.7)?;
    g.add_color_stop(0.0, theme.check)?;
    g.add_color_stop(0.3, theme.check)?;
    g.add_color_stop(0.7, "rgba(169, 0, 0, 0.6)")?;
    g.add_color_stop(1.0, "rgba(158, 0, 0, 0)")?;
    ctx.set_fill_style_canvas_gradient(&g);
    ctx.fill_rect(x, y, p.square, p.square);
    Ok(())
}

/// A morphed piece: a gold halo behind it...
fn draw_glow_halo(
    ctx: &CanvasRenderingContext2d,
    p: &Placement,
    cell: Cell,
    progress: f64,
    theme: &Theme,
) -> Result<(), JsValue> {
    let (cx, cy) = p.centre_of(cell);
    let fade = 1.0 - progress;
    let r = p.square * 0.75;
    let g = ctx.create_radial_gradient(cx, cy, 0.0, cx, cy, r)?;
    g.add_color_stop(
        0.0,
        &format!("rgba({}, {})", theme.glow, fixed(0.9 * fade, 3)),
    )?;
    g.add_color_stop(
        0.6,
        &format!("rgba({}, {})", theme.glow, fixed(0.45 * fade, 3)),
    )?;
    g.add_color_stop(1.0, &format!("rgba({}, 0)", theme.glow))?;
    ctx.set_fill_style_canvas_gradient(&g);
    ctx.begin_path();
    ctx.arc(cx, cy, r, 0.0, TAU)?;
    ctx.fill();
    Ok(())
}

/// ...and a ring that widens and fades over it.
fn draw_glow_ring(
    ctx: &CanvasRenderingContext2d,
    p: &Placement,
    cell: Cell,
    progress: f64,
    theme: &Theme,
) -> Result<(), JsValue> {
    let (cx, cy) = p.centre_of(cell);
    let fade = 1.0 - progress;
    ctx.set_stroke_style_str(&format!("rgba({}, {})", theme.glow, fixed(fade, 3)));
    ctx.set_line_width(p.square * 0.07 * fade + 1.0);
    ctx.begin_path();
    ctx.arc(cx, cy, p.square * (0.35 + 0.4 * progress), 0.0, TAU)?;
    ctx.stroke();
    Ok(())
}

/// The board dimmed, and each choice on a light disc in its own square.
fn draw_chooser(
    ctx: &CanvasRenderingContext2d,
    theme: &Theme,
    scene: &Scene,
    chooser: &ChooserView,
) -> Result<(), JsValue> {
    let p = &scene.placement;
    ctx.set_fill_style_str("rgba(20, 18, 16, 0.55)");
    ctx.fill_rect(
        p.left,
        p.top,
        p.square * f64::from(p.board.files()),
        p.square * f64::from(p.board.ranks()),
    );
    for (i, option) in chooser.options.iter().enumerate() {
        let (x, y) = p.origin_of(option.cell);
        let (cx, cy) = p.centre_of(option.cell);
        let focused = chooser.focus == Some(i);
        let g = ctx.create_radial_gradient(cx, cy, 0.0, cx, cy, p.square * 0.5)?;
        g.add_color_stop(0.0, "#ffffff")?;
        g.add_color_stop(1.0, if focused { "#f5c451" } else { "#b0aca4" })?;
        ctx.set_fill_style_canvas_gradient(&g);
        ctx.begin_path();
        ctx.arc(cx, cy, p.square * 0.48, 0.0, TAU)?;
        ctx.fill();
        if focused {
            ctx.set_stroke_style_str(theme.cursor);
            ctx.set_line_width((p.square * 0.05).max(2.0));
            ctx.stroke();
        }
        sprites::draw(ctx, option.art, option.colour, x, y, p.square)?;
    }
    Ok(())
}

/// File letters along the bottom row, rank numbers along the left column, in the squares'
/// corners (away from the centres, where pieces and marks go); on small squares, outside the
/// board in the placement's gutter.
fn draw_coordinates(
    ctx: &CanvasRenderingContext2d,
    p: &Placement,
    theme: &Theme,
) -> Result<(), JsValue> {
    let outside = p.gutter > 0.0;
    let size = if outside {
        p.gutter * 0.65
    } else {
        (p.square * 0.19).max(7.0)
    };
    let pad = p.square * 0.06;
    ctx.set_font(&format!("600 {}px system-ui, sans-serif", fixed(size, 1)));
    // Text on a square takes the other square colour; outside, the light squares' colour.
    let ink = |cell: Cell| {
        if cell.is_dark() || outside {
            theme.light
        } else {
            theme.dark
        }
    };
    let (files, ranks) = (p.board.files(), p.board.ranks());

    if outside {
        ctx.set_text_align("center");
        ctx.set_text_baseline("top");
    } else {
        ctx.set_text_align("right");
        ctx.set_text_baseline("bottom");
    }
    for col in 0..files {
        let cell = p.cell_at_grid(col, ranks - 1);
        let (x, y) = p.origin_of(cell);
        ctx.set_fill_style_str(ink(cell));
        let (tx, ty) = if outside {
            (x + p.square / 2.0, y + p.square + p.gutter * 0.1)
        } else {
            (x + p.square - pad, y + p.square - pad * 0.5)
        };
        ctx.fill_text(&cell.file_letter().to_string(), tx, ty)?;
    }

    if outside {
        ctx.set_text_align("right");
        ctx.set_text_baseline("middle");
    } else {
        ctx.set_text_align("left");
        ctx.set_text_baseline("top");
    }
    for row in 0..ranks {
        let cell = p.cell_at_grid(0, row);
        let (x, y) = p.origin_of(cell);
        ctx.set_fill_style_str(ink(cell));
        let (tx, ty) = if outside {
            (x - p.gutter * 0.1, y + p.square / 2.0)
        } else {
            (x + pad, y + pad * 0.5)
        };
        ctx.fill_text(&(cell.rank + 1).to_string(), tx, ty)?;
    }
    Ok(())
}
