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
//! the ones followed. `N` keeps fairylab's Xiangqi horse (the orthogonal square only), and a
//! lame `Z` or `C` rider, or one with `i` (whose double step leaves en passant rights in the
//! script) or `e`, is not played.

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
    if atom.range != 1 || atom.half || mods.initial || mods.en_passant {
        return Err(unplayed(
            atom.at,
            &format!("'n' (lame) on the oblique atom '{letter}' as a rider, with '*', 'i' or 'e'"),
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
        let headings = [first, second, first];
        let leg = |angle: u8, modes: LegModes| Leg::plain(1 << angle, 1, modes);
        let path = Path {
            step: (0, 1),
            legs: vec![
                leg(headings[0], empty),
                leg((headings[1] + 8 - headings[0]) & 7, empty),
                leg((headings[2] + 8 - headings[1]) & 7, last),
            ],
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

/// A leap coordinate times 3/8, rounded as the script rounds it (`(c*3 + 4) >> 3`: 1 for 2
/// and 3, 0 for 1, -1 for -2 and -3).
fn half(c: i8) -> i8 {
    (c * 3 + 4) >> 3
}

/// The angle (0 forward, clockwise by 45°) of a king step, none for another step.
fn heading(d: (i8, i8)) -> Option<u8> {
    (0..8).find(|&a| legs::rotate((0, 1), a) == d)
}
