//! `j` on a move of one leg, as the Interactive Diagram's script reads it. On a one-step atom
//! (W F K, and R B Q with a range) it makes a ski-slider: the first square is jumped,
//! whatever stands there, and the move goes on straight from it as a slide of the range less
//! one (`jW3` reaches the second and third squares; `jW`, range 1 less one, slides on without
//! end). On a longer leap in a line (D H A G) the squares leapt over must all be occupied (a
//! hole counts): the opposite of `n`.
//!
//! Not played: `j` on an unlimited rider (`jR`: the Diagram computes the slide's range as -1,
//! which its script then reads as `*`, as far as the own half of the board), on an oblique
//! leap (`jN`: the Diagram tests a diagonal square for half the leaps and allows none of the
//! others), with `o`, and in a move of several legs. Dropped, as the Diagram drops it, on a
//! hop's last leg and on a crooked or circular move.

use super::segment::{Segment, error};
use super::{Leg, LegModes};
use crate::betza::BetzaError;

/// The legs of the one-leg move `seg` with `j` (at `at`): for an atom whose step at angle 0
/// is `step`, with the first leg's angles `angles`, the atom's `range`, and the modes of its
/// last leg `modes` (defaults applied).
pub fn legs(
    seg: &Segment,
    at: usize,
    step: (i8, i8),
    angles: u8,
    range: u8,
    modes: LegModes,
) -> Result<Vec<Leg>, BetzaError> {
    if seg.wrap > 0 {
        return Err(error(
            at,
            "'j' together with 'o' is not supported by fairylab",
        ));
    }
    let leg = |angles: u8, range: u8, jump: bool, modes: LegModes| Leg {
        jump,
        ..Leg::plain(angles, range, modes)
    };
    match step {
        (0, 1) if range == 0 => Err(error(
            at,
            "'j' on an unlimited rider is not supported by fairylab: the Diagram's script \
             reads the slide after the jumped square as a '*' range (as far as the own half \
             of the board), not as a ski-slider",
        )),
        (0, 1) => {
            let first = LegModes {
                quiet: true,
                hop: true,
                ..LegModes::default()
            };
            Ok(vec![
                leg(angles, 1, false, first),
                leg(1, if range == 1 { 0 } else { range - 1 }, false, modes),
            ])
        }
        (0, _) => Ok(vec![leg(angles, range, true, modes)]),
        _ => Err(error(
            at,
            "'j' on an oblique leap is not supported by fairylab: the Diagram's script tests \
             a diagonal square for half of the leaps and allows none of the others",
        )),
    }
}
