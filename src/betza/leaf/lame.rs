//! `n` on the oblique atoms `Z` (`J`) and `C` (`L`): a lame leap, blocked by a piece on either
//! of two squares on its way, as the Interactive Diagram's script tests it where it shows a
//! piece's moves (`GenInner`: the squares a step `h` from the start and `h` back from the
//! destination, `h` each coordinate of the leap times 3/8, rounded: (1,1) for Z's (2,3), (0,1)
//! for C's (1,3)). So `nZ` to (2,3) needs (1,1) and (1,2) empty, `nC` to (1,3) needs (0,1) and
//! (1,2) empty. Each leap is read as a path of three king steps over those two squares (the
//! first two onto empty squares), which the walker follows.
//!
//! The script's documentation warns that `n` only works predictably on orthogonal and
//! diagonal atoms: its AI's generator tests other squares (and never ends for a leap whose
//! shorter side is along the ranks), so the squares the page shows, which a person plays, are
//! the ones followed. `N` keeps fairylab's Xiangqi horse (the orthogonal square only). A lame
//! `Z` or `C` rider (`nZZ`, `nC3`) repeats the leap, each tested on its own two squares, as the
//! display tests each step of a ride; one with `i` (whose double step leaves en passant
//! rights in the script) or `e` is not played.

use super::atom::Atom;
use super::{Modifiers, unplayed};
use crate::betza::legs::{self, Leg, LegModes, Path, Symmetry};
use crate::betza::{BetzaError, Component};

/// The components of `n` on the oblique atom `atom` (not `N`) with the modifiers `mods`, the
/// move starting at `start`: one path per leap the direction letters select.
pub(super) fn oblique(
    mods: &Modifiers,
    atom: &Atom,
    start: usize,
    mut notes: Vec<BetzaError>,
) -> Result<Vec<Component>, BetzaError> {
    let letter = atom.letter;
    if atom.half || mods.initial || mods.en_passant {
        return Err(unplayed(
            atom.at,
            &format!("'n' (lame) on the oblique atom '{letter}' with '*', 'i' or 'e'"),
        ));
    }
    let step = atom.leaps[0];
    let letters: Vec<char> = mods.directions.chars().collect();
    let angles = if letters.is_empty() {
        0xff
    } else {
        legs::angles(&letters, Symmetry::Oblique)
    };
    let none = !mods.quiet && !mods.capture;
    let last = LegModes {
        quiet: mods.quiet || none,
        capture: mods.capture || none,
        ..LegModes::default()
    };
    let empty = LegModes {
        quiet: true,
        ..LegModes::default()
    };
    let mut out = Vec::new();
    for a in (0..8).filter(|a| angles & 1 << a != 0) {
        let v = legs::rotate(step, a);
        let h = (half(v.0), half(v.1));
        let middle = (v.0 - 2 * h.0, v.1 - 2 * h.1);
        let (Some(first), Some(second)) = (heading(h), heading(middle)) else {
            // A longer oblique leap (`nNX`): its squares are no king steps apart.
            return Err(unplayed(
                atom.at,
                &format!("'n' (lame) on the oblique leap {:?}", atom.leaps[0]),
            ));
        };
        let leg = |angle: u8, modes: LegModes| Leg::plain(1 << angle, 1, modes);
        // A rider (`nZZ`, `nC3`) repeats the leap, each tested on its own two squares, as
        // the script's display tests each step of the ride: a leap before the last may end
        // the move (on an empty square or taking) and goes on from an empty square.
        let leaps = match atom.range {
            0 => RIDE_SQUARES / v.0.abs().max(v.1.abs()),
            r => r as i8,
        };
        let through = LegModes { end: true, ..last };
        let mut legs = Vec::new();
        for n in 0..leaps {
            // Angles are relative to the leg before: a later leap's first step goes straight
            // on from the last step of the one before (both head `first`).
            let turn = if n == 0 { first } else { 0 };
            legs.push(leg(turn, empty));
            legs.push(leg((second + 8 - first) & 7, empty));
            let ends = if n + 1 == leaps { last } else { through };
            legs.push(leg((first + 8 - second) & 7, ends));
        }
        let path = Path {
            step: (0, 1),
            legs,
            curve: None,
        };
        out.push(Component::path(
            path,
            false,
            start,
            std::mem::take(&mut notes),
        ));
    }
    Ok(out)
}

/// The squares a lame rider may go along its longer side, however many leaps that takes: the
/// Diagram's largest board (99 ranks); the walker stops a ride at the board's edge.
const RIDE_SQUARES: i8 = 99;

/// A leap coordinate times 3/8, rounded as the script rounds it (`(c*3 + 4) >> 3`: 1 for 2
/// and 3, 0 for 1, -1 for -2 and -3).
fn half(c: i8) -> i8 {
    (c * 3 + 4) >> 3
}

/// The angle (0 forward, clockwise by 45°) of a king step, none for another step.
fn heading(d: (i8, i8)) -> Option<u8> {
    (0..8).find(|&a| legs::rotate((0, 1), a) == d)
}
