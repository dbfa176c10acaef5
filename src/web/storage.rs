//! The game in progress kept in `localStorage`, one entry per applet, so a reload loses
//! nothing: the variant (a bundled name, or the definition text), the start FEN, every move
//! (those taken back too, for redo), how many are played, the board's orientation, and who
//! plays against whom at which level of the computer player.

use wasm_bindgen::prelude::*;
use web_sys::Window;

use crate::describe;
use crate::fen;
use crate::game::Game;
use crate::notation;

use crate::ui::player::{Level, Mode};

use super::js;
use super::read::Value;

/// What is stored, as JSON: `{"variant", "fen", "moves": [...], "ply", "flipped", "mode",
/// "level", "seed"}` in this order (games saved before the computer player existed have no
/// `mode` or `level`: they read as the defaults, as does a missing `flipped`; `seed`, the
/// seed of a shuffled start as a decimal string, is there only for one).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Saved {
    /// A bundled variant's name, or the definition text.
    pub variant: String,
    pub fen: String,
    /// The moves played, then those taken back (next to redo first), in coordinate form.
    pub moves: Vec<String>,
    /// How many of `moves` are played.
    pub ply: usize,
    pub flipped: bool,
    /// The players: `human`, `white` (the human plays White), `black` or `ai` (see
    /// [`Mode`]). Anything else reads as `human`.
    pub mode: String,
    /// The computer's level, 1 to 5; anything else reads as the default.
    pub level: u8,
    /// The seed the start was dealt from ([`Game::seed`]), as a decimal string (a JSON
    /// number would round it).
    #[serde(serialize_with = "decimal_seed")]
    pub seed: Option<u64>,
}

/// A seed as a decimal string: `Some(18446744073709551615)` is `"18446744073709551615"`.
fn decimal_seed<S: serde::Serializer>(seed: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
    match seed {
        Some(n) => s.serialize_str(&n.to_string()),
        None => s.serialize_none(),
    }
}

impl Saved {
    pub fn of(game: &Game, flipped: bool, mode: Mode, level: Level) -> Saved {
        let v = game.variant();
        let mut moves = game.history();
        moves.extend(game.redo_moves().map(|m| notation::to_coordinate(v, m)));
        Saved {
            variant: if describe::is_bundled(v) {
                v.name.clone()
            } else {
                v.source.clone()
            },
            fen: fen::to_fen(game.start()),
            moves,
            ply: game.played().len(),
            flipped,
            mode: mode.as_str().to_string(),
            level: level.number(),
            seed: game.seed(),
        }
    }

    /// As a plain object, for `JSON.stringify` (no seed: undefined, which it leaves out).
    pub fn to_js(&self) -> Result<JsValue, JsValue> {
        js::to_js(self)
    }

    /// Read back from what `JSON.parse` made of the stored text.
    /// What does not fit is refused, saying which field and why.
    pub fn from_js(value: &JsValue) -> Result<Saved, String> {
        let o = Value::root(value.clone());
        Ok(Saved {
            variant: o.get("variant")?.string()?,
            fen: o.get("fen")?.string()?,
            moves: o.get("moves")?.each(Value::string)?,
            ply: o.get("ply")?.u32()? as usize,
            flipped: o.or("flipped", false, Value::bool)?,
            mode: o.or("mode", String::new(), Value::string)?,
            level: o.or("level", 0, Value::u8)?,
            seed: o.or("seed", None, |v| {
                let text = v.string()?;
                text.parse()
                    .map(Some)
                    .map_err(|_| v.error("a seed (a whole number as a string)"))
            })?,
        })
    }

    /// The players and level saved, or the defaults.
    pub fn computer(&self) -> (Mode, Level) {
        (
            Mode::parse(&self.mode).unwrap_or_default(),
            Level::new(self.level).unwrap_or_default(),
        )
    }

    /// The game again. A move that no longer plays (a changed definition) ends the replay
    /// there, with a note saying so next to the game.
    pub fn restore(&self) -> Result<(Game, Option<String>), String> {
        let v = describe::load_variant(&self.variant).map_err(|e| e.to_string())?;
        let start = fen::from_fen(&v, &self.fen).map_err(|e| e.to_string())?;
        // The seed's deal when it is the start saved (the definition may have changed).
        let mut game = (self.seed.map(|s| Game::shuffled(&v, s)))
            .filter(|g| g.seed().is_some() && fen::to_fen(g.start()) == self.fen)
            .unwrap_or_else(|| Game::from_position(start));
        let mut note = None;
        for (i, text) in self.moves.iter().enumerate() {
            if let Err(e) = game.play_text(text) {
                note = Some(format!("The saved game stops at move {}: {e}", i + 1));
                break;
            }
        }
        let played = game.played().len();
        for _ in self.ply.min(played)..played {
            game.undo();
        }
        Ok((game, note))
    }
}

fn storage(window: &Window) -> Option<web_sys::Storage> {
    window.local_storage().ok().flatten()
}

/// The saved game under `key`, if one is kept there; an error saying why when what is kept
/// does not read (not JSON, or not a saved game's shape: changed by hand or by another
/// program).
pub fn load(window: &Window, key: &str) -> Option<Result<Saved, String>> {
    let text = storage(window)?.get_item(key).ok()??;
    Some(match js_sys::JSON::parse(&text) {
        Ok(value) => Saved::from_js(&value),
        Err(_) => Err("it is not JSON".to_string()),
    })
}

/// Saves the game under `key`. Storage can be full or switched off: then nothing is kept.
pub fn save(window: &Window, key: &str, saved: &Saved) -> Result<(), JsValue> {
    let Some(storage) = storage(window) else {
        return Ok(());
    };
    let text: String = js_sys::JSON::stringify(&saved.to_js()?)?.into();
    storage.set_item(key, &text)
}
