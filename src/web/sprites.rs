//! The piece set: vector sprites drawn with canvas paths, the project's own art. Each glyph is
//! a few SVG path strings on a 100 x 100 box (`sprites/glyphs.rs`: y down, pieces standing on
//! y = 90), filled and outlined in the side's colours; compounds stand two glyphs on one base,
//! a king's royal forms carry a gold badge with the glyph of the power it has taken, a
//! promoted form a red disc with a plus. A piece type nothing names gets a lettered token; a
//! host page's own image ([`Art::Picture`]) is drawn as it is, fitted to the square.
//!
//! Which sprite a piece type gets ([`Art`]) is the model's, read from its definition data
//! ([`crate::ui::art`]); this file paints it.

use std::cell::RefCell;

use wasm_bindgen::JsValue;
use web_sys::{CanvasRenderingContext2d, Path2d};

use crate::piece::PieceId;
use crate::ui::art::{Art, Glyph};

mod glyphs;

use glyphs::{BASE, Layer, Paint, WIDE_BASE, compound_partner, layers, wings};

/// Colours of one side's pieces.
struct Palette {
    top: &'static str,
    bottom: &'static str,
    outline: &'static str,
    detail: &'static str,
}

const WHITE: Palette = Palette {
    top: "#ffffff",
    bottom: "#d6d2cb",
    outline: "#17140f",
    detail: "#17140f",
};

const BLACK: Palette = Palette {
    top: "#55524d",
    bottom: "#1b1a18",
    outline: "#050505",
    detail: "#e8e4dc",
};

const BADGE: &str = "#f0bd42";
const PROMOTED: &str = "#c62828";
const LINE_WIDTH: f64 = 3.2;

thread_local! {
    /// Parsed paths, by their text (which is 'static, so the pointer identifies it).
    static PATHS: RefCell<Vec<(usize, Path2d)>> = const { RefCell::new(Vec::new()) };
}

fn path(d: &'static str) -> Result<Path2d, JsValue> {
    PATHS.with(|paths| {
        let mut paths = paths.borrow_mut();
        let key = d.as_ptr() as usize;
        if let Some((_, p)) = paths.iter().find(|(k, _)| *k == key) {
            return Ok(p.clone());
        }
        let p = Path2d::new_with_path_string(d)?;
        paths.push((key, p.clone()));
        Ok(p)
    })
}

/// Draws `art` for `colour` (0 White, 1 Black) in the square whose top-left corner is
/// `(x, y)`, `size` CSS pixels wide.
pub fn draw(
    ctx: &CanvasRenderingContext2d,
    art: Art,
    colour: usize,
    x: f64,
    y: f64,
    size: f64,
) -> Result<(), JsValue> {
    let palette = if colour == 0 { &WHITE } else { &BLACK };
    if let Art::Picture(n) = art {
        // The page's own image, filling the square as the Diagram's fills its cell.
        if let Some(image) = super::pictures::image(n) {
            return ctx.draw_image_with_html_image_element_and_dw_and_dh(&image, x, y, size, size);
        }
    }
    ctx.save();
    // Sprites fill 92% of the square, centred, on the 100-unit grid.
    let scale = size * 0.92 / 100.0;
    ctx.translate(x + size * 0.04, y + size * 0.03)?;
    ctx.scale(scale, scale)?;
    ctx.set_line_join("round");
    ctx.set_line_cap("round");
    let result = match art {
        Art::Glyph(glyph) => draw_glyph(ctx, palette, glyph, true, LINE_WIDTH),
        Art::Royal(mark) => draw_royal(ctx, palette, mark),
        Art::Promoted(glyph) => {
            draw_glyph(ctx, palette, glyph, true, LINE_WIDTH).and_then(|()| draw_promoted_mark(ctx))
        }
        Art::Letter(id) => draw_letter(ctx, palette, id),
        // Asked for only once loaded (scene.rs): a mark that something is amiss.
        Art::Picture(_) => draw_letter(ctx, palette, PieceId::from('?')),
    };
    ctx.restore();
    result
}

/// Draws a glyph in the 100-unit box (the current transform maps it), with lines
/// `line_width` units wide.
fn draw_glyph(
    ctx: &CanvasRenderingContext2d,
    palette: &Palette,
    glyph: Glyph,
    with_base: bool,
    line_width: f64,
) -> Result<(), JsValue> {
    if with_base {
        let base = if compound_partner(glyph).is_some() {
            WIDE_BASE
        } else {
            BASE
        };
        paint(ctx, palette, base, line_width)?;
    }
    if let Some(partner) = compound_partner(glyph) {
        // The rider behind on the right, the knight in front of it on the left.
        within(ctx, 66.0, 0.0, 0.84, |ctx| {
            draw_glyph(ctx, palette, partner, false, line_width / 0.84)
        })?;
        return within(ctx, 37.0, 0.0, 0.76, |ctx| {
            draw_glyph(ctx, palette, Glyph::Knight, false, line_width / 0.76)
        });
    }
    let (behind, over) = wings(glyph);
    paint(ctx, palette, behind, line_width)?;
    paint(ctx, palette, layers(glyph), line_width)?;
    paint(ctx, palette, over, line_width)
}

/// Runs `f` with the 100-unit box scaled by `scale` about the base line, centred on `cx`
/// and raised by `lift`.
fn within(
    ctx: &CanvasRenderingContext2d,
    cx: f64,
    lift: f64,
    scale: f64,
    f: impl FnOnce(&CanvasRenderingContext2d) -> Result<(), JsValue>,
) -> Result<(), JsValue> {
    ctx.save();
    ctx.translate(cx, 90.0 - lift)?;
    ctx.scale(scale, scale)?;
    ctx.translate(-50.0, -90.0)?;
    let result = f(ctx);
    ctx.restore();
    result
}

/// The king, a little to the left, with a gold badge bearing the mark glyph.
fn draw_royal(
    ctx: &CanvasRenderingContext2d,
    palette: &Palette,
    mark: Glyph,
) -> Result<(), JsValue> {
    within(ctx, 42.0, 0.0, 0.92, |ctx| {
        draw_glyph(ctx, palette, Glyph::King, true, LINE_WIDTH / 0.92)
    })?;
    let (bx, by, r) = (73.0, 65.0, 26.0);
    ctx.begin_path();
    ctx.arc(bx, by, r, 0.0, std::f64::consts::TAU)?;
    ctx.set_fill_style_str(BADGE);
    ctx.fill();
    ctx.set_line_width(LINE_WIDTH);
    ctx.set_stroke_style_str(WHITE.outline);
    ctx.stroke();
    // The mark stands in the badge, its base line a little above the badge's bottom.
    const MARK: f64 = 0.54;
    within(ctx, bx, 90.0 - (by + r * 0.72), MARK, |ctx| {
        draw_glyph(ctx, palette, mark, false, LINE_WIDTH * 0.75 / MARK)
    })
}

/// The promotion mark: a red disc with a white plus, top right, the same on either side.
fn draw_promoted_mark(ctx: &CanvasRenderingContext2d) -> Result<(), JsValue> {
    let (x, y, r) = (82.0, 16.0, 13.0);
    ctx.begin_path();
    ctx.arc(x, y, r, 0.0, std::f64::consts::TAU)?;
    ctx.set_fill_style_str(PROMOTED);
    ctx.fill();
    ctx.set_line_width(LINE_WIDTH * 0.8);
    ctx.set_stroke_style_str(WHITE.outline);
    ctx.stroke();
    ctx.begin_path();
    ctx.move_to(x - 7.0, y);
    ctx.line_to(x + 7.0, y);
    ctx.move_to(x, y - 7.0);
    ctx.line_to(x, y + 7.0);
    ctx.set_line_width(LINE_WIDTH * 1.2);
    ctx.set_stroke_style_str(WHITE.top);
    ctx.stroke();
    Ok(())
}

/// A circle with the ID letter.
fn draw_letter(
    ctx: &CanvasRenderingContext2d,
    palette: &Palette,
    id: PieceId,
) -> Result<(), JsValue> {
    ctx.begin_path();
    ctx.arc(50.0, 52.0, 36.0, 0.0, std::f64::consts::TAU)?;
    ctx.set_fill_style_canvas_gradient(&gradient(ctx, palette, 16.0, 88.0));
    ctx.fill();
    ctx.set_line_width(LINE_WIDTH);
    ctx.set_stroke_style_str(palette.outline);
    ctx.stroke();
    ctx.set_fill_style_str(palette.detail);
    let size = match id.len() {
        1 => 44,
        2 => 34,
        _ => 26,
    };
    ctx.set_font(&format!("700 {size}px system-ui, sans-serif"));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    ctx.fill_text(&id.to_string(), 50.0, 54.0)
}

fn gradient(
    ctx: &CanvasRenderingContext2d,
    palette: &Palette,
    top: f64,
    bottom: f64,
) -> web_sys::CanvasGradient {
    let g = ctx.create_linear_gradient(0.0, top, 0.0, bottom);
    // The stops are valid CSS colours at offsets in 0..=1: these cannot fail.
    let _ = g.add_color_stop(0.0, palette.top);
    let _ = g.add_color_stop(1.0, palette.bottom);
    g
}

/// Paints layers in order, lines `line_width` units wide.
fn paint(
    ctx: &CanvasRenderingContext2d,
    palette: &Palette,
    layers: &[Layer],
    line_width: f64,
) -> Result<(), JsValue> {
    let fill = gradient(ctx, palette, 10.0, 90.0);
    ctx.set_line_width(line_width);
    for layer in layers {
        let p = path(layer.d)?;
        match layer.paint {
            Paint::Body => {
                ctx.set_fill_style_canvas_gradient(&fill);
                ctx.fill_with_path_2d(&p);
                ctx.set_stroke_style_str(palette.outline);
                ctx.stroke_with_path(&p);
            }
            Paint::Line => {
                ctx.set_stroke_style_str(palette.detail);
                ctx.stroke_with_path(&p);
            }
            Paint::Ink => {
                ctx.set_fill_style_str(palette.detail);
                ctx.fill_with_path_2d(&p);
            }
        }
    }
    Ok(())
}
