//! The AI's side of the Web Worker: `www/ai-worker.js` loads this same wasm module in a
//! dedicated worker and drives an [`AiEngine`] there, so the page stays responsive while it
//! thinks. Strings in, strings out; the search itself is the pure-Rust [`crate::search`].

use crate::bundled;
use crate::fen;
use crate::game::Game;
use crate::notation;
use crate::search::{Limits, Searcher};
use crate::variant::Variant;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// A searcher for one variant, living in the worker between searches.
#[wasm_bindgen]
pub struct AiEngine {
    variant: Arc<Variant>,
    searcher: Searcher,
}

fn clock() -> f64 {
    js_sys::Date::now()
}

#[wasm_bindgen]
impl AiEngine {
    /// An engine for a bundled variant name or Interactive Diagram text.
    #[wasm_bindgen(constructor)]
    pub fn new(name_or_text: &str) -> Result<AiEngine, JsError> {
        let variant = match bundled::load(name_or_text) {
            Some(v) => v,
            None => bundled::compile("custom", name_or_text)
                .map_err(|e| JsError::new(&e.to_string()))?,
        };
        // 2^18 entries (4 MB): deep enough for a few seconds per move in a browser.
        let searcher = Searcher::new(&variant, 18, Box::new(clock));
        Ok(AiEngine { variant, searcher })
    }

    /// Search the position reached by `moves` (coordinate moves, space-separated) from
    /// `start_fen` (empty for the variant's start). `on_info` gets one
    /// `info depth D score cp S nodes N nps X pv ...` line per finished iteration. Returns the
    /// best move in coordinate form, or an empty string when there is none.
    pub fn search(
        &mut self,
        start_fen: &str,
        moves: &str,
        time_ms: f64,
        depth: u32,
        nodes: f64,
        on_info: &js_sys::Function,
    ) -> Result<String, JsError> {
        let mut game = if start_fen.trim().is_empty() {
            Game::new(&self.variant)
        } else {
            Game::from_position(
                fen::from_fen(&self.variant, start_fen)
                    .map_err(|e| JsError::new(&e.to_string()))?,
            )
        };
        for m in moves.split_whitespace() {
            game.play_text(m).map_err(|e| JsError::new(&e))?;
        }
        let limits = Limits {
            depth: (depth > 0).then_some(depth),
            nodes: (nodes > 0.0).then_some(nodes as u64),
            time_ms: (time_ms > 0.0).then_some(time_ms),
            soft_time_ms: None,
        };
        let pos = game.position().clone();
        let result = self
            .searcher
            .search(&pos, &game.hash_history(), limits, &mut |info| {
                let _ = on_info.call1(&JsValue::NULL, &JsValue::from_str(&info.to_line(&pos)));
            });
        Ok(result
            .best
            .map(|m| notation::to_coordinate(&self.variant, m))
            .unwrap_or_default())
    }

    /// The estimated piece values: one `ID name value` string per visible piece type.
    pub fn values(&self) -> Vec<String> {
        self.variant
            .types
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.hidden)
            .map(|(i, t)| format!("{} {} {}", t.id, t.name, self.searcher.eval.values[i]))
            .collect()
    }

    /// Forget the transposition table and history (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }
}

/// Perft in WebAssembly, for `scripts/bench-wasm.sh`: the leaf count `depth` plies from `fen`
/// (the start position when empty) of a bundled variant or Interactive Diagram text. Only in
/// the page's build (the embed has no use for it).
#[cfg(feature = "page")]
#[wasm_bindgen(js_name = perftCount)]
pub fn perft_count(name_or_text: &str, fen_text: &str, depth: u32) -> Result<f64, JsError> {
    let variant = match bundled::load(name_or_text) {
        Some(v) => v,
        None => {
            bundled::compile("custom", name_or_text).map_err(|e| JsError::new(&e.to_string()))?
        }
    };
    let mut pos = if fen_text.is_empty() {
        crate::position::Position::start(&variant)
    } else {
        fen::from_fen(&variant, fen_text).map_err(|e| JsError::new(&e.to_string()))?
    };
    Ok(pos.perft(depth) as f64)
}
