//! Moves of several legs: XBetza's `a` (a move made of legs, each starting where the one
//! before ended), and the hoppers `p` and `g`, which the Interactive Diagram reads as two legs
//! (up to the screen, then on beyond it).
//!
//! Each leg steps by the component's atom, at an angle: the Diagram numbers the eight angles
//! 0 to 7 clockwise by 45° from forward, and the odd ones turn an orthogonal or diagonal step
//! by 45° (W into F) and mirror an oblique one (N's (1,2) into (2,1)). The first leg's angles
//! are absolute and its direction letters read as for a one-leg move; later legs' angles are
//! relative to the leg before (0 straight on, 4 straight back) and always read in the
//! eight-direction system of K (`f` straight on, `fr` 45° to the right, `s` 90° either way).
//! A leg's modifiers say what it does on the square it ends on: `m` an empty square, `c` an
//! enemy (a locust capture, when a leg follows), `d` a friend, `p` hop over any piece, `g`
//! hop and toggle the range (a slider's next leg steps once, a leaper's slides); `y` toggles
//! the range without a hop. A leg that is not the last moves to empty squares by default
//! (`m`), the last one to empty squares and enemies (`mc`).

use super::BetzaError;

/// What a leg may do on the square it ends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LegModes {
    /// End on an empty square (`m`).
    pub quiet: bool,
    /// End on an enemy and take it (`c`).
    pub capture: bool,
    /// End on a friendly piece and take it (`d`).
    pub destroy: bool,
    /// End on any piece and go on from it without taking it (`p`, `g`): a hop.
    pub hop: bool,
}

/// One leg of a [`Path`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leg {
    /// Bit k: the leg may go at angle k (absolute for the first leg, relative after).
    pub angles: u8,
    /// Squares it may go: 1 for a leap, 0 for any number, n up to n.
    pub range: u8,
    /// Its range is what the leg before left of that leg's range (a limited hopper's landing).
    pub remaining: bool,
    pub modes: LegModes,
}

/// A move of several legs, all stepping by the same atom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    /// The atom's step at angle 0, from White's side: x across (to the right), y forward.
    pub step: (i8, i8),
    pub legs: Vec<Leg>,
}

/// The step `step` turned to angle `angle` (0..8, clockwise by 45° from forward).
pub fn rotate(step: (i8, i8), angle: u8) -> (i8, i8) {
    let (mut x, mut y) = step;
    if angle & 1 != 0 {
        (x, y) = if x == 0 { (y, y) } else { (y, x) };
    }
    if angle & 2 != 0 {
        (x, y) = (y, -x);
    }
    if angle & 4 != 0 {
        (x, y) = (-x, -y);
    }
    (x, y)
}

impl Path {
    /// Every way the move can go: for each combination of the legs' angles, each leg's step
    /// from White's side.
    pub fn expand(&self) -> Vec<Vec<(i8, i8)>> {
        let mut out: Vec<(u8, Vec<(i8, i8)>)> = vec![(0, Vec::new())];
        for (i, leg) in self.legs.iter().enumerate() {
            let mut next = Vec::new();
            for (heading, steps) in &out {
                for a in (0..8).filter(|a| leg.angles & 1 << a != 0) {
                    let h = if i == 0 { a } else { (heading + a) & 7 };
                    let mut s = steps.clone();
                    s.push(rotate(self.step, h));
                    next.push((h, s));
                }
            }
            out = next;
        }
        out.into_iter().map(|(_, s)| s).collect()
    }
}

/// How an atom's directions read: the Diagram's four symmetry classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    /// W D H R: four orthogonal directions (even angles).
    Orthogonal,
    /// K Q: eight directions.
    King,
    /// F A G B: four diagonal directions (odd angles).
    Diagonal,
    /// N C Z: eight oblique directions.
    Oblique,
}

/// The atom's step at angle 0, its symmetry and its range (`None`: not an atom a path takes).
pub fn atom(letter: char) -> Option<((i8, i8), Symmetry, u8)> {
    use Symmetry::*;
    Some(match letter {
        'W' => ((0, 1), Orthogonal, 1),
        'D' => ((0, 2), Orthogonal, 1),
        'H' => ((0, 3), Orthogonal, 1),
        'R' => ((0, 1), Orthogonal, 0),
        'F' => ((0, 1), Diagonal, 1),
        'A' => ((0, 2), Diagonal, 1),
        'G' => ((0, 3), Diagonal, 1),
        'B' => ((0, 1), Diagonal, 0),
        'K' => ((0, 1), King, 1),
        'Q' => ((0, 1), King, 0),
        'N' => ((1, 2), Oblique, 1),
        'C' | 'L' => ((1, 3), Oblique, 1),
        'Z' | 'J' => ((2, 3), Oblique, 1),
        _ => return None,
    })
}

/// A direction letter's angles, (narrow, wide): in the eight-direction system of K, and in
/// the system oblique atoms (and, narrow only, orthogonal ones) use.
fn letter_angles(c: char, king: bool) -> Option<(u8, u8)> {
    Some(match (c, king) {
        ('f', true) => (0x01, 0x83),
        ('b', true) => (0x10, 0x38),
        ('v', true) => (0x11, 0xbb),
        ('l', true) => (0x40, 0xe0),
        ('r', true) => (0x04, 0x0e),
        ('s', true) => (0x44, 0xee),
        ('f', false) => (0x81, 0xc3),
        ('b', false) => (0x18, 0x3c),
        ('v', false) => (0x99, 0x99),
        ('l', false) => (0x60, 0xf0),
        ('r', false) => (0x06, 0x0f),
        ('s', false) => (0x66, 0x66),
        _ => return None,
    })
}

/// The angles a run of direction letters selects, as the Diagram combines them: a letter
/// alone is its narrow set on K and oblique atoms and its wide set on diagonal ones; two
/// letters whose wide sets meet make one direction (`fr`, `fs`), a doubled letter (`ff`) its
/// narrow set; `h` after a letter widens it, `hr`/`hl` before an oblique atom picks one
/// chirality. 0 when there are no letters.
pub fn angles(letters: &[char], symmetry: Symmetry) -> u8 {
    use Symmetry::*;
    let mut set = 0u8;
    let mut k = 0;
    while k < letters.len() {
        let c = letters[k];
        let next = letters.get(k + 1).copied();
        k += 1;
        if symmetry == Orthogonal {
            // Orthogonal atoms never combine; `h` alone reads as backwards, as in the Diagram.
            set |= if c == 'h' {
                0x10
            } else {
                letter_angles(c, false).map_or(0, |a| a.0)
            };
            continue;
        }
        if c == 'h' {
            if symmetry == Oblique {
                match next {
                    Some('r') => set |= 0x55,
                    Some('l') => set |= 0xaa,
                    _ => continue,
                }
                k += 1;
            }
            continue;
        }
        let king = symmetry != Oblique;
        let Some((narrow, wide)) = letter_angles(c, king) else {
            continue;
        };
        let second = next.and_then(|n| {
            if n == 'h' {
                Some(None)
            } else {
                letter_angles(n, king).map(Some)
            }
        });
        match second {
            Some(None) => {
                set |= wide;
                k += 1;
            }
            Some(Some((narrow2, wide2))) => match symmetry {
                King if wide & wide2 != 0 => {
                    set |= if narrow & wide2 != 0 {
                        narrow
                    } else {
                        wide & wide2
                    };
                    k += 1;
                }
                King => set |= narrow,
                Diagonal if wide & wide2 != 0 => {
                    set |= wide & wide2;
                    k += 1;
                }
                Diagonal => set |= wide,
                _ => {
                    let both = narrow2 & wide;
                    if both != 0 {
                        set |= both;
                        k += 1;
                    } else {
                        set |= narrow;
                    }
                }
            },
            None => {
                set |= if matches!(symmetry, King | Oblique) {
                    narrow
                } else {
                    wide
                }
            }
        }
    }
    set
}

/// Read the modifiers `mods` (the characters before the atom, starting at `offset` in the
/// Betza string) of a component with `a`, `p`, `g` or `d` into a path, for an atom of
/// `symmetry` and `range`. Returns the path and whether it is an initial move (`i`).
pub fn parse(
    mods: &[char],
    offset: usize,
    step: (i8, i8),
    symmetry: Symmetry,
    range: u8,
) -> Result<(Path, bool), BetzaError> {
    let mut legs = Vec::new();
    let mut initial = false;
    let mut range = range;
    let original = range;
    let mut toggled = original;
    let mut start = 0;
    let segments: Vec<&[char]> = mods.split(|&c| c == 'a').collect();
    let last = segments.len() - 1;
    for (n, segment) in segments.iter().enumerate() {
        let at = offset + start;
        start += segment.len() + 1;
        let mut letters = Vec::new();
        let mut modes = LegModes::default();
        let mut toggle = false;
        for (j, &c) in segment.iter().enumerate() {
            match c {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => letters.push(c),
                'm' => modes.quiet = true,
                'c' => modes.capture = true,
                'd' => modes.destroy = true,
                'p' => modes.hop = true,
                'g' => {
                    modes.hop = true;
                    toggle = true;
                }
                'y' => {
                    modes.quiet = true;
                    toggle = true;
                }
                'i' if n == 0 => initial = true,
                'i' => return Err(unsupported(at + j, "'i' after 'a' (legs of equal length)")),
                other => {
                    return Err(unsupported(
                        at + j,
                        &format!("'{other}' in a move of several legs or a hop"),
                    ));
                }
            }
        }
        let first = n == 0;
        let mut set = angles(&letters, if first { symmetry } else { Symmetry::King });
        if set == 0 {
            set = if first { 0xff } else { 0xef };
        }
        if first {
            set &= match symmetry {
                Symmetry::Orthogonal => 0x55,
                Symmetry::Diagonal => 0xaa,
                _ => 0xff,
            };
        }
        if n < last {
            if modes == LegModes::default() {
                modes.quiet = true;
            }
            legs.push(Leg {
                angles: set,
                range,
                remaining: false,
                modes,
            });
            // `g` and `y` toggle the range of the legs after: a slider's step once, a
            // leaper's slide.
            if toggle {
                toggled = u8::from(toggled == 0);
            }
            range = toggled;
            continue;
        }
        if modes.hop {
            // A hop in the last leg: up to the screen, then on in the same direction; a `g`
            // lands just beyond (a slider's range toggled), a `p` as far as the range allows.
            legs.push(Leg {
                angles: set,
                range,
                remaining: false,
                modes: LegModes {
                    hop: true,
                    ..LegModes::default()
                },
            });
            let landing = if toggle { u8::from(range == 0) } else { range };
            modes.hop = false;
            if !modes.quiet && !modes.capture && !modes.destroy {
                (modes.quiet, modes.capture) = (true, true);
            }
            legs.push(Leg {
                angles: 1,
                range: landing,
                remaining: !toggle && range > 1,
                modes,
            });
        } else {
            if !modes.quiet && !modes.capture && !modes.destroy {
                (modes.quiet, modes.capture) = (true, true);
            }
            legs.push(Leg {
                angles: set,
                range,
                remaining: false,
                modes,
            });
        }
    }
    let victims = legs[..legs.len() - 1]
        .iter()
        .filter(|l| l.modes.capture || l.modes.destroy)
        .count();
    if victims > 1 {
        return Err(unsupported(
            offset,
            "more than one locust capture in one move",
        ));
    }
    let ways = legs
        .iter()
        .try_fold(1usize, |n, l| n.checked_mul(l.angles.count_ones() as usize))
        .filter(|&n| n <= super::MAX_WAYS);
    if ways.is_none() {
        return Err(BetzaError {
            offset,
            message: format!(
                "a move of {} legs going more than {} ways (the directions of each leg \
                 multiplied) is more than fairylab follows",
                legs.len(),
                super::MAX_WAYS
            ),
        });
    }
    Ok((Path { step, legs }, initial))
}

fn unsupported(offset: usize, what: &str) -> BetzaError {
    BetzaError {
        offset,
        message: format!("{what} is not supported by fairylab yet"),
    }
}
