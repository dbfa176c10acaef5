//! The hands on a frame (drawn by [`super::render::draw`]): each row's strip, and in it each
//! type held, its sprite with a badge counting the pieces; the selected one highlighted, the
//! one being dragged faint, the keyboard cursor's framed. Where they go is the model's
//! ([`crate::ui::hand`]); this only paints. Stateless, CSS pixels.

use crate::decimal::fixed;

use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d;

use super::paint::Theme;
use super::sprites;
use crate::ui::scene::{HandLabel, HandView};

/// A strip behind each hand's row.
const ROW: &str = "rgba(255, 255, 255, 0.07)";
/// Whose hand a row is.
const LABEL: &str = "rgba(255, 255, 255, 0.7)";
/// The badge with the count.
const BADGE: &str = "#d64f00";
const BADGE_INK: &str = "#ffffff";

/// The rows (`(x, y, width, height)` each), whose they are, and the pieces in them.
pub fn draw(
    ctx: &CanvasRenderingContext2d,
    theme: &Theme,
    rows: &[(f64, f64, f64, f64)],
    labels: &[HandLabel],
    hands: &[HandView],
) -> Result<(), JsValue> {
    ctx.set_fill_style_str(ROW);
    for &(x, y, w, h) in rows {
        ctx.fill_rect(x, y, w, h);
    }
    ctx.set_fill_style_str(LABEL);
    ctx.set_text_align("left");
    ctx.set_text_baseline("middle");
    for l in labels {
        ctx.set_font(&format!("600 {}px system-ui, sans-serif", fixed(l.font, 1)));
        ctx.fill_text(l.text, l.x, l.y)?;
    }
    for h in hands {
        if h.selected {
            ctx.set_fill_style_str(theme.highlight);
            ctx.fill_rect(h.x, h.y, h.size, h.size);
        }
        if h.lifted {
            ctx.set_global_alpha(0.3);
        }
        sprites::draw(ctx, h.art, h.colour, h.x, h.y, h.size)?;
        if h.lifted {
            ctx.set_global_alpha(1.0);
        }
        badge(ctx, h)?;
        if h.cursor {
            let w = (h.size * 0.06).max(2.0);
            ctx.set_stroke_style_str(theme.cursor);
            ctx.set_line_width(w);
            ctx.stroke_rect(h.x + w / 2.0, h.y + w / 2.0, h.size - w, h.size - w);
        }
    }
    Ok(())
}

/// The count in a rounded box in the slot's bottom-right corner.
fn badge(ctx: &CanvasRenderingContext2d, h: &HandView) -> Result<(), JsValue> {
    let text = h.count.to_string();
    let font = (h.size * 0.3).max(9.0);
    let height = font * 1.15;
    let width = height.max(font * 0.62 * text.len() as f64 + font * 0.4);
    let (x, y) = (h.x + h.size - width, h.y + h.size - height);
    ctx.set_fill_style_str(BADGE);
    ctx.begin_path();
    ctx.round_rect_with_f64(x, y, width, height, height * 0.3)?;
    ctx.fill();
    ctx.set_fill_style_str(BADGE_INK);
    ctx.set_font(&format!("700 {}px system-ui, sans-serif", fixed(font, 1)));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    ctx.fill_text(&text, x + width / 2.0, y + height / 2.0 + font * 0.05)
}
