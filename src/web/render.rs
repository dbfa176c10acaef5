//! Drawing one frame on a 2D canvas context from a [`Scene`]: squares, coordinates, marks
//! (last move, check, selection, destinations, keyboard cursor), pieces, the computer's hint
//! arrow, the hands beside the board, the dragged piece, the morph glow and the promotion
//! chooser. Everything is drawn in
//! CSS pixels; the caller sets the device-pixel transform first. No state: what to draw comes
//! in the scene.

use crate::decimal::fixed;
use std::f64::consts::TAU;

use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d;

use super::hands::{self, HandLabel, HandView};
use super::sprites::{self, Art};
use crate::ui::board::{DiagramMark, Inspect};
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

/// A piece to draw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceView {
    pub cell: Cell,
    pub art: Art,
    pub colour: usize,
}

/// The piece under the pointer, at a point in CSS pixels.
#[derive(Clone, Copy, Debug)]
pub struct Dragged {
    pub art: Art,
    pub colour: usize,
    pub x: f64,
    pub y: f64,
}

/// The promotion chooser: one square per choice, showing the piece that will result.
pub struct ChooserView<'a> {
    pub options: &'a [PieceView],
    pub focus: Option<usize>,
}

/// What one frame shows.
pub struct Scene<'a> {
    pub placement: &'a Placement,
    pub theme: &'a Theme,
    /// Canvas size in CSS pixels.
    pub width: f64,
    pub height: f64,
    pub pieces: &'a [PieceView],
    pub last_move: &'a [Cell],
    pub check: Option<Cell>,
    pub selected: Option<Cell>,
    /// Quiet destinations of the selected piece.
    pub dots: &'a [Cell],
    /// Capturing destinations of the selected piece.
    pub rings: &'a [Cell],
    /// Squares where a move takes a piece and goes on (a leg before the last): a ring and a dot in the
    /// hint's colour.
    pub legs: &'a [Cell],
    /// The squares where the legs picked so far end: highlighted like the selected square.
    pub picked: &'a [Cell],
    pub hover: Option<Cell>,
    pub cursor: Option<Cell>,
    /// The square a dragged piece left: its piece is drawn faintly.
    pub lifted: Option<Cell>,
    pub dragged: Option<Dragged>,
    /// A morph mark on a square, with its progress from 0 to 1.
    pub glow: Option<(Cell, f64)>,
    /// The computer's suggested move: an arrow from, to.
    pub hint: Option<(Cell, Cell)>,
    pub chooser: Option<ChooserView<'a>>,
    /// A move diagram's marks, each with the art of what the piece becomes there (a morph).
    pub diagram: &'a [(DiagramMark, Option<Art>)],
    /// The diagram's square pointed at: its way is drawn in full.
    pub diagram_focus: Option<Cell>,
    /// Squares that are not part of the board: left the background's colour.
    pub holes: &'a [Cell],
    /// The piece the pointer rests on: what it attacks and where it may move.
    pub inspect: Option<&'a Inspect>,
    /// The hands' rows, `(x, y, width, height)`, and the pieces in them.
    pub hand_rows: &'a [(f64, f64, f64, f64)],
    /// Whose hand each row is.
    pub hand_labels: &'a [HandLabel],
    pub hands: &'a [HandView],
}

/// Draws a whole frame.
pub fn draw(ctx: &CanvasRenderingContext2d, scene: &Scene<'_>) -> Result<(), JsValue> {
    let p = scene.placement;
    let theme = scene.theme;
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
    for &cell in scene.last_move {
        fill_cell(ctx, p, cell, theme.last_move);
    }
    for &cell in scene.selected.iter().chain(scene.picked) {
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
    for piece in scene.pieces {
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
    for &cell in scene.dots {
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
    for &cell in scene.rings {
        ring(cell)?;
    }
    ctx.set_fill_style_str(theme.hint);
    for &cell in scene.legs {
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

    hands::draw(ctx, theme, scene.hand_rows, scene.hand_labels, scene.hands)?;

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
        draw_chooser(ctx, scene, chooser)?;
    }
    Ok(())
}

fn fill_cell(ctx: &CanvasRenderingContext2d, p: &Placement, cell: Cell, colour: &str) {
    let (x, y) = p.origin_of(cell);
    ctx.set_fill_style_str(colour);
    ctx.fill_rect(x, y, p.square, p.square);
}

/// An arrow from the centre of one square to the centre of another, its head on the target.
pub(super) fn draw_arrow(
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
    scene: &Scene<'_>,
    chooser: &ChooserView<'_>,
) -> Result<(), JsValue> {
    let p = scene.placement;
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
            ctx.set_stroke_style_str(scene.theme.cursor);
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
