//! The piece set: vector sprites drawn with canvas paths, the project's own art. Each glyph is
//! a few SVG path strings on a 100 x 100 box (y down, pieces standing on y = 90), filled and
//! outlined in the side's colours; compounds stand two glyphs on one base, a king's royal forms
//! carry a gold badge with the glyph of the power it has taken. A piece type whose definition
//! names no known image gets a lettered token.
//!
//! Which sprite a piece type gets ([`Art`]) is the model's, read from its definition data
//! ([`crate::ui::art`]); this file paints it.

use std::cell::RefCell;

use wasm_bindgen::JsValue;
use web_sys::{CanvasRenderingContext2d, Path2d};

use crate::piece::PieceId;
use crate::ui::art::{Art, Glyph};

/// How a path is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Paint {
    /// Filled with the body colour and outlined.
    Body,
    /// A line in the detail colour (dark on White, light on Black), not filled.
    Line,
    /// Filled with the detail colour (eyes, nostrils).
    Ink,
}

/// One layer of a glyph.
struct Layer {
    paint: Paint,
    d: &'static str,
}

const fn body(d: &'static str) -> Layer {
    Layer {
        paint: Paint::Body,
        d,
    }
}

const fn line(d: &'static str) -> Layer {
    Layer {
        paint: Paint::Line,
        d,
    }
}

const fn ink(d: &'static str) -> Layer {
    Layer {
        paint: Paint::Ink,
        d,
    }
}

/// The slab every piece stands on.
const BASE: &[Layer] = &[body(
    "M22 90 L78 90 Q82 90 82 86 Q82 81 77 81 L23 81 Q18 81 18 86 Q18 90 22 90 Z",
)];

/// The wider slab of a compound's two pieces.
const WIDE_BASE: &[Layer] = &[body(
    "M16 90 L86 90 Q90 90 90 86 Q90 81 85 81 L17 81 Q12 81 12 86 Q12 90 16 90 Z",
)];

const PAWN: &[Layer] = &[body(
    "M50 17 C57 17 62 22 62 29 C62 34 59 38 55 40 L60 42 Q63 44 62 47 L57 48 \
     C57 60 63 71 72 81 L28 81 C37 71 43 60 43 48 L38 47 Q37 44 40 42 L45 40 \
     C41 38 38 34 38 29 C38 22 43 17 50 17 Z",
)];

const SPEEDPAWN: &[Layer] = &[
    body(
        "M50 12 L62 26 C62 33 59 38 55 40 L60 42 Q63 44 62 47 L57 48 \
         C57 60 63 71 72 81 L28 81 C37 71 43 60 43 48 L38 47 Q37 44 40 42 L45 40 \
         C41 38 38 33 38 26 Z",
    ),
    line("M43 66 L50 60 L57 66 M42 75 L50 68 L58 75"),
];

const KNIGHT: &[Layer] = &[
    body(
        "M27 81 C27 69 33 61 42 55 C35 56 29 60 23 60 C17 60 13 56 14 51 \
         C16 43 21 35 28 29 L32 20 L38 9 L45 18 C61 20 73 32 77 48 \
         C80 60 79 71 77 81 Z",
    ),
    line("M46 19 C59 23 68 33 72 47 C74 57 74 69 73 77"),
    line("M21 59 L27 56"),
    ink("M36 31 m-3.2 0 a3.2 3.2 0 1 0 6.4 0 a3.2 3.2 0 1 0 -6.4 0 Z"),
    ink("M19 51 m-2 0 a2 2 0 1 0 4 0 a2 2 0 1 0 -4 0 Z"),
];

const BISHOP: &[Layer] = &[
    body(
        "M40 73 L60 73 C62 76 67 79 74 81 L26 81 C33 79 38 76 40 73 Z \
         M38 65 L62 65 Q65 65 65 69 Q65 73 62 73 L38 73 Q35 73 35 69 Q35 65 38 65 Z",
    ),
    body(
        "M50 21 C40 29 33 39 33 49 C33 57 38 62 42 65 L58 65 C62 62 67 57 67 49 C67 39 60 29 50 21 Z",
    ),
    body("M56 15 A6 6 0 1 1 44 15 A6 6 0 1 1 56 15 Z"),
    line("M56 36 L46 49"),
];

const DRAGON_WINGS: &[Layer] = &[
    body(
        "M36 50 C25 50 15 43 9 30 C16 34 21 35 25 33 C21 39 24 42 28 40 \
         C26 45 30 47 35 45 Z",
    ),
    body(
        "M64 50 C75 50 85 43 91 30 C84 34 79 35 75 33 C79 39 76 42 72 40 \
         C74 45 70 47 65 45 Z",
    ),
];

const ROOK: &[Layer] = &[
    body(
        "M26 81 L74 81 L70 73 L66 70 L64 42 L70 37 L70 19 L61 19 L61 26 L55 26 L55 19 \
         L45 19 L45 26 L39 26 L39 19 L30 19 L30 37 L36 42 L34 70 L30 73 Z",
    ),
    line("M36 42 L64 42 M34 70 L66 70"),
];

const QUEEN: &[Layer] = &[
    body("M28 71 L22 34 L36 54 L38 28 L46 52 L50 23 L54 52 L62 28 L64 54 L78 34 L72 71 Z"),
    body("M28 71 C40 67 60 67 72 71 L75 81 L25 81 Z"),
    body("M26 34 A4.5 4.5 0 1 1 17 34 A4.5 4.5 0 1 1 26 34 Z"),
    body("M42.5 27 A4.5 4.5 0 1 1 33.5 27 A4.5 4.5 0 1 1 42.5 27 Z"),
    body("M54.5 22 A4.5 4.5 0 1 1 45.5 22 A4.5 4.5 0 1 1 54.5 22 Z"),
    body("M66.5 27 A4.5 4.5 0 1 1 57.5 27 A4.5 4.5 0 1 1 66.5 27 Z"),
    body("M83 34 A4.5 4.5 0 1 1 74 34 A4.5 4.5 0 1 1 83 34 Z"),
    line("M29 76 C42 72 58 72 71 76"),
];

const KING: &[Layer] = &[
    body("M47 5 L53 5 L53 11 L59 11 L59 17 L53 17 L53 26 L47 26 L47 17 L41 17 L41 11 L47 11 Z"),
    body(
        "M50 28 C45 28 43 33 45.5 39 C39 33 27 33 23 42 C18 54 25 63 30 70 L70 70 \
         C75 63 82 54 77 42 C73 33 61 33 54.5 39 C57 33 55 28 50 28 Z",
    ),
    body("M30 70 L70 70 L74 81 L26 81 Z"),
    line("M50 40 L50 70 M31 75 C44 72 56 72 69 75"),
];

/// A glyph's own layers, for the simple glyphs.
fn layers(glyph: Glyph) -> &'static [Layer] {
    match glyph {
        Glyph::Pawn => PAWN,
        Glyph::Speedpawn => SPEEDPAWN,
        Glyph::Knight => KNIGHT,
        Glyph::Bishop | Glyph::DragonHorse => BISHOP,
        Glyph::Rook => ROOK,
        Glyph::Queen => QUEEN,
        Glyph::King => KING,
        // Compounds are drawn from their parts.
        Glyph::Archbishop | Glyph::Chancellor | Glyph::Amazon => &[],
    }
}

/// The rider a compound glyph stands beside its knight.
fn compound_partner(glyph: Glyph) -> Option<Glyph> {
    match glyph {
        Glyph::Archbishop => Some(Glyph::Bishop),
        Glyph::Chancellor => Some(Glyph::Rook),
        Glyph::Amazon => Some(Glyph::Queen),
        _ => None,
    }
}

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
        Art::Letter(id) => draw_letter(ctx, palette, id),
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
    if glyph == Glyph::DragonHorse {
        paint(ctx, palette, DRAGON_WINGS, line_width)?;
    }
    paint(ctx, palette, layers(glyph), line_width)
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

/// A circle with the ID (smaller type for an ID of several characters: `+P`, `GB`).
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
