//! The game's rules as the search scores them: repetitions (against the game's history and
//! the search path), the 50-move rule, the bare-king rule with its counter-baring draw, and
//! a side left without moves (checkmate, or stalemate as the variant scores it).

use super::{MATE, Searcher};
use crate::definition::StalemateRule;
use crate::game::{Baring, baring};
use crate::position::Position;

impl Searcher {
    pub(super) fn is_repetition(&self, pos: &Position) -> bool {
        let h = pos.hash();
        // Within the search path: a single repetition counts as a draw.
        let n = self.path.len();
        if n >= 2
            && self.path[..n - 1]
                .iter()
                .rev()
                .take(pos.halfmove_clock() as usize + 1)
                .any(|&x| x == h)
        {
            return true;
        }
        self.repeated.contains(&h)
    }

    /// Terminal scores decided before move generation: bare king, 50-move rule.
    pub(super) fn rule_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        match baring(pos) {
            Some(Baring::Draw) => return Some(0),
            Some(Baring::Win) => return Some(MATE - ply as i32),
            Some(Baring::Loss) => return Some(-MATE + ply as i32),
            // The search finds out whether the capture that saves us exists.
            Some(Baring::LastChance) | None => {}
        }
        if pos.halfmove_clock() >= 100 {
            return Some(0);
        }
        None
    }

    pub(super) fn no_move_score(&self, pos: &Position, ply: usize, in_check: bool) -> i32 {
        if in_check {
            return -MATE + ply as i32;
        }
        match pos.variant().stalemate {
            StalemateRule::Draw => 0,
            StalemateRule::Win => -MATE + ply as i32,
            StalemateRule::Loss => MATE - ply as i32,
        }
    }
}
