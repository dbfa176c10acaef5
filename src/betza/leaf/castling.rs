//! Castling, `O` with the king's distance after it (`KisO3`): one sideways leg marked
//! [`LegModes::castle`], to the left (`l`), the right (`r`) or both.

use super::{Modifiers, one_leg};
use crate::betza::legs::LegModes;
use crate::betza::{BetzaError, Component};

/// The castling move whose `O` stands at `at` (its modifiers `mods`, the move starting at
/// `start`), and where the text goes on.
pub(super) fn component(
    chars: &[char],
    start: usize,
    at: usize,
    mods: Modifiers,
) -> Result<(Component, usize), BetzaError> {
    let (digits, next) = super::atom::read_number(chars, at + 1);
    let distance = match digits {
        None => 2,
        Some(0) => {
            return Err(BetzaError {
                offset: at,
                message: "castling distance must be at least 1".into(),
            });
        }
        Some(d) if d >= u32::from(crate::geometry::MAX_SIDE) => {
            return Err(BetzaError {
                offset: at,
                message: format!("castling distance {d} is too large"),
            });
        }
        Some(d) => d as u8,
    };
    if mods.quiet || mods.capture || mods.en_passant || mods.lame {
        return Err(BetzaError {
            offset: start,
            message: "castling (O) takes no m, c, e or n modifier".into(),
        });
    }
    let directions = mods.directions;
    if directions.chars().any(|c| matches!(c, 'f' | 'b' | 'v')) {
        return Err(BetzaError {
            offset: start,
            message: "castling (O) is sideways only: use s, l or r".into(),
        });
    }
    // The king's leg sideways: to the left only (`l`), to the right only (`r`), or both.
    let angles = if directions.contains('l') {
        0x40
    } else if directions.contains('r') {
        0x04
    } else {
        0x44
    };
    let castle = LegModes {
        castle: true,
        ..LegModes::default()
    };
    let component = Component {
        path: one_leg((0, 1), angles, distance, castle),
        directions,
        en_passant: false,
        initial: true,
        lame: false,
        offset: start,
        eightfold: false,
        half: false,
        imitate: false,
        notes: Vec::new(),
    };
    Ok((component, next))
}
