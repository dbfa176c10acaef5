//! The engine against itself: one game with every move checked for legality, used by the
//! `fairylab selfplay` command and the soak tests.

use crate::game::{Game, Outcome};
use crate::notation;
use crate::search::{Limits, Searcher};
use crate::variant::Variant;
use std::sync::Arc;

/// How a self-play game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// `None` when the game reached the ply limit.
    pub outcome: Option<Outcome>,
    /// Plies played.
    pub plies: usize,
}

/// A small xorshift generator for the random opening plies.
pub struct Seed(pub u64);

impl Seed {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Play one game: two random opening plies (so games differ), then the searcher with
/// `limits` for both sides, up to `max_plies`. An error names the first move that was not
/// legal (or the missing move) with the position.
pub fn play_game(
    v: &Arc<Variant>,
    searcher: &mut Searcher,
    limits: Limits,
    seed: &mut Seed,
    max_plies: usize,
) -> Result<GameRecord, String> {
    play_game_from(Game::new(v), searcher, limits, seed, max_plies)
}

/// [`play_game`] from the start of `game` (a shuffled start, say).
pub fn play_game_from(
    mut game: Game,
    searcher: &mut Searcher,
    limits: Limits,
    seed: &mut Seed,
    max_plies: usize,
) -> Result<GameRecord, String> {
    let v = &game.variant().clone();
    searcher.clear();
    for ply in 0..max_plies {
        if let Some(o) = game.outcome() {
            return Ok(GameRecord {
                outcome: Some(o),
                plies: ply,
            });
        }
        let legal = game.legal_moves();
        let m = if ply < 2 {
            legal[seed.below(legal.len())]
        } else {
            searcher
                .search(game.position(), &game.hash_history(), limits, &mut |_| {})
                .best
                .ok_or_else(|| {
                    format!(
                        "no move returned with {} legal moves in {}",
                        legal.len(),
                        game.fen()
                    )
                })?
        };
        if !legal.contains(&m) {
            return Err(format!(
                "illegal move {} in {}",
                notation::to_coordinate(v, m),
                game.fen()
            ));
        }
        game.play(m)?;
    }
    Ok(GameRecord {
        outcome: game.outcome(),
        plies: max_plies,
    })
}
