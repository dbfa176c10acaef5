//! One move of a Betza string read: its modifiers, its atom and what follows it (a range, a
//! doubled letter, `X` and `Y`, `*`). A move of one leg becomes one component per part of its
//! atom (`K` is its orthogonal and diagonal steps); one with `a`, a hop, `d`, `z`, `q`, `o`,
//! `j`, `k`, `u` or `x` is read by [`super::legs`] into a path of legs (`path.rs`); castling
//! is `castling.rs`, the atom and its suffixes `atom.rs`.

mod atom;
mod castling;
mod lame;
mod path;

pub(super) use atom::read_range;

use super::legs;
use super::legs::{Leg, LegModes, Path, Symmetry};
use super::{BetzaError, Component};

/// The modifiers before the atom of a move of one leg.
#[derive(Default)]
struct Modifiers {
    /// Direction letters in order (`f b l r v s h`).
    directions: String,
    /// `m`, `c`, `e`: what the move does on arrival.
    quiet: bool,
    capture: bool,
    en_passant: bool,
    /// `i`: only for a piece that has not moved.
    initial: bool,
    /// `n`: the squares on the way must be empty.
    lame: bool,
}

impl Modifiers {
    /// The modifiers from `i` up to the first character that is not a lower-case letter, and
    /// where that is.
    fn read(chars: &[char], mut i: usize) -> Result<(Modifiers, usize), BetzaError> {
        let mut m = Modifiers::default();
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => m.directions.push(chars[i]),
                'm' => m.quiet = true,
                'c' => m.capture = true,
                'e' => m.en_passant = true,
                'n' => m.lame = true,
                'i' => m.initial = true,
                // `y` toggles the range of the legs after it; on a move of one leg there are
                // none, and it is the `m` it also says, as in the Diagram's script.
                'y' => m.quiet = true,
                other => {
                    return Err(BetzaError {
                        offset: i,
                        message: format!("'{other}' is not a Betza modifier"),
                    });
                }
            }
            i += 1;
        }
        Ok((m, i))
    }
}

/// The components of the move starting at `i` in `chars`, and where the next starts.
pub fn component(chars: &[char], i: usize) -> Result<(Vec<Component>, usize), BetzaError> {
    let start = i;
    if let Some(found) = path::component(chars, i)? {
        return Ok(found);
    }
    let (mut mods, i) = Modifiers::read(chars, i)?;
    if i >= chars.len() {
        return Err(BetzaError {
            offset: start,
            message: "modifiers without an atom after them".into(),
        });
    }
    let atom = atom::letter(chars, i)?;
    let letter = atom.letter;
    if letter == 'I' {
        return Ok((vec![imitator(&mods, start)?], i + 1));
    }
    if letter == 'O' {
        let (c, next) = castling::component(chars, start, i, mods)?;
        return Ok((vec![c], next));
    }
    let (mut atom, next) = atom::suffixes(chars, atom)?;
    let mut notes = Vec::new();
    if letter == 'U' {
        if !mods.directions.is_empty() || mods.lame || atom.range != 1 {
            notes.push(BetzaError {
                offset: start,
                message: "ignored: direction letters, 'n' and a range on 'U' (the universal \
                          leaper goes to every square: the Diagram's script reads none of them)"
                    .into(),
            });
        }
        mods.directions.clear();
        mods.lame = false;
        atom.range = 1;
    }
    let out = leaps(&mods, &atom, start, notes)?;
    // (A lame `Z` or `C` is paths, one per leap: none when the letters select no leap.)
    let no_leap = |c: &Component| c.ray_leg().is_some() && c.vectors().is_ok_and(|v| v.is_empty());
    if out.iter().all(no_leap) {
        return Err(BetzaError {
            offset: start,
            message: format!(
                "ignored: directions '{}' select no move of this atom (the Diagram's script then has none)",
                mods.directions
            ),
        });
    }
    Ok((out, next))
}

/// The components of a move of one leg: one per part of the atom (`K`'s orthogonal and
/// diagonal steps), each a leg at the angles the direction letters select; `notes` go with
/// the first.
fn leaps(
    mods: &Modifiers,
    atom: &atom::Atom,
    start: usize,
    mut notes: Vec<BetzaError>,
) -> Result<Vec<Component>, BetzaError> {
    let mut out = Vec::new();
    let letter = atom.letter;
    if let Some(a) = atom.alibaba
        && a.lengthened
        && mods.lame
    {
        return Err(unplayed(
            atom.at,
            "'n' (lame) on '@' lengthened by 'X' or 'Y'",
        ));
    }
    for &(x, y) in &atom.leaps {
        if mods.lame && x != 0 && x != y && (x, y) != (1, 2) && atom.alibaba.is_none() {
            return lame::oblique(mods, atom, start, notes);
        }
        let eightfold = matches!(letter, 'K' | 'Q');
        // The step at angle 0 and the angles the direction letters select, as the Diagram
        // reads them ([`legs::angles`]): `fN` is the two narrow forward leaps, `fK` the one
        // step straight forward; orthogonal atoms (and a K's orthogonal part) go at even
        // angles, diagonal ones at odd.
        let (step, symmetry, parity) = if let Some(a) = atom.alibaba {
            ((x, y), a.symmetry, 0xff)
        } else if x != 0 && x != y {
            ((x, y), Symmetry::Oblique, 0xff)
        } else {
            let parity = if x == 0 { 0x55 } else { 0xaa };
            let symmetry = match (eightfold, x == 0) {
                (true, _) => Symmetry::King,
                (false, true) => Symmetry::Orthogonal,
                (false, false) => Symmetry::Diagonal,
            };
            ((0, y), symmetry, parity)
        };
        let letters: Vec<char> = mods.directions.chars().collect();
        let angles = if letters.is_empty() {
            0xff
        } else if atom.alibaba.is_some_and(|a| a.turned) {
            // The script's angle a of `@` is fairylab's a + 1 for the step (0,2): its angle
            // 0 is the (2,2) leap, 1 the (2,0) one (and so for `@Y`'s (4,4)).
            legs::angles(&letters, symmetry).rotate_left(1)
        } else {
            legs::angles(&letters, symmetry)
        } & parity;
        // Neither `m` nor `c` (nor `e`): both.
        let none = !mods.quiet && !mods.capture && !mods.en_passant;
        let leg_modes = LegModes {
            quiet: mods.quiet || none,
            capture: mods.capture || none,
            ..LegModes::default()
        };
        out.push(Component {
            path: one_leg(step, angles, atom.range, leg_modes),
            directions: mods.directions.clone(),
            en_passant: mods.en_passant,
            initial: mods.initial,
            lame: mods.lame,
            offset: start,
            eightfold,
            half: atom.half,
            imitate: false,
            notes: std::mem::take(&mut notes),
        });
    }
    Ok(out)
}

/// The imitator `I` with the modifiers `mods`: a W-like leg whose angles are the ways round
/// it imitates, forward (0) and backward (4) but for direction letters (the script keeps only
/// those two of its directions: `fI` forward only), and whose modes are the moves it takes
/// over (`mI` the quiet ones).
fn imitator(mods: &Modifiers, start: usize) -> Result<Component, BetzaError> {
    let letters: Vec<char> = mods.directions.chars().collect();
    let angles = if letters.is_empty() {
        0xff
    } else {
        legs::angles(&letters, Symmetry::Orthogonal)
    } & 0x11;
    // The script keeps an imitator's forward and backward directions only (`dirSet &= 17`):
    // a sideways one has no moves at all.
    if angles == 0 {
        return Err(BetzaError {
            offset: start,
            message: format!(
                "ignored: '{}I', the imitator sideways: the Diagram's script keeps only its \
                 forward and backward directions, so it has no moves",
                mods.directions
            ),
        });
    }
    if mods.en_passant {
        return Err(unplayed(
            start,
            &format!("'{}I' (the imitator, en passant)", mods.directions),
        ));
    }
    // `n` on it marks the imitator's leg only for en passant rights, which the moves it
    // imitates take from their own type: it does nothing.
    let notes = if mods.lame {
        vec![BetzaError {
            offset: start,
            message: "ignored: 'n' on the imitator 'I' does nothing (the Diagram's script \
                      masks it out of the moves imitated)"
                .into(),
        }]
    } else {
        Vec::new()
    };
    let none = !mods.quiet && !mods.capture;
    let modes = LegModes {
        quiet: mods.quiet || none,
        capture: mods.capture || none,
        ..LegModes::default()
    };
    let mut c = Component::path(
        one_leg((0, 1), angles, 1, modes),
        mods.initial,
        start,
        notes,
    );
    c.directions = mods.directions.clone();
    c.imitate = true;
    Ok(c)
}

/// A path of one leg stepping by `step` (at angle 0) at `angles`, up to `range` squares.
fn one_leg(step: (i8, i8), angles: u8, range: u8, modes: LegModes) -> Path {
    Path {
        step,
        legs: vec![Leg::plain(angles, range, modes)],
        curve: None,
    }
}

/// The error for a bracket, parenthesis or brace at `offset` where an atom should stand.
fn bracket(offset: usize, c: char) -> BetzaError {
    // The scan before ([`super::scan`]) cuts brackets out and the groups expand parentheses,
    // so only a stray one comes here.
    BetzaError {
        offset,
        message: format!("'{c}' where an atom should stand"),
    }
}

/// The error for an atom the Diagram's script reads that fairylab does not play.
fn unplayed(offset: usize, what: &str) -> BetzaError {
    BetzaError {
        offset,
        message: format!("{what} is not played by fairylab"),
    }
}
