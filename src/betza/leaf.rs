//! One move of a Betza string read: its modifiers, its atom and what follows it (a range, a
//! doubled letter, `X` and `Y`, `*`). A move of one leg becomes one component per part of its
//! atom (`K` is its orthogonal and diagonal steps); one with `a`, a hop, `d`, `z`, `q`, `o`,
//! `j`, `k`, `u` or `x` is read by [`super::legs`] into a path of legs.

use super::legs;
use super::legs::{Leg, LegModes, Path, Symmetry};
use super::{BetzaError, Component};

/// The components of the move starting at `i` in `chars`, and where the next starts.
pub fn component(chars: &[char], i: usize) -> Result<(Vec<Component>, usize), BetzaError> {
    let mut i = i;
    let mut out = Vec::new();
    let start = i;
    if let Some((component, next)) = path_component(chars, i)? {
        return Ok((vec![component], next));
    }
    let mut directions = String::new();
    // What the move does on arrival: `m`, `c`, `e`.
    let (mut quiet, mut capture, mut en_passant) = (false, false, false);
    let mut initial = false;
    let mut lame = false;
    // Modifiers.
    while i < chars.len() && chars[i].is_ascii_lowercase() {
        match chars[i] {
            'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => directions.push(chars[i]),
            'm' => quiet = true,
            'c' => capture = true,
            'e' => en_passant = true,
            'n' => lame = true,
            'i' => initial = true,
            // `y` toggles the range of the legs after it; on a move of one leg there are
            // none, and it is the `m` it also says, as in the Diagram's script.
            'y' => quiet = true,
            other => {
                return Err(BetzaError {
                    offset: i,
                    message: format!("'{other}' is not a Betza modifier"),
                });
            }
        }
        i += 1;
    }
    if i >= chars.len() {
        return Err(BetzaError {
            offset: start,
            message: "modifiers without an atom after them".into(),
        });
    }
    let atom_at = i;
    let letter = chars[i];
    i += 1;
    let mut expansion: Vec<(i8, i8)> = match letter {
        'W' => vec![(0, 1)],
        'F' => vec![(1, 1)],
        'D' => vec![(0, 2)],
        'N' => vec![(1, 2)],
        'A' => vec![(2, 2)],
        'H' => vec![(0, 3)],
        'C' | 'L' => vec![(1, 3)],
        'Z' | 'J' => vec![(2, 3)],
        'I' => {
            return Err(unplayed(
                atom_at,
                "'I' (the imitator: it moves as the piece the opponent moved last)",
            ));
        }
        // The universal leaper: a leap to any square of the board (the Diagram's script
        // tries every square for it, whatever the direction letters, `n` or range say).
        'U' => (1..16).flat_map(|y| (0..=y).map(move |x| (x, y))).collect(),
        '@' => {
            return Err(unplayed(
                atom_at,
                "'@' (an atom of the Diagram's script with no documented move)",
            ));
        }
        'G' => vec![(3, 3)],
        'K' => vec![(0, 1), (1, 1)],
        'R' => vec![(0, 1)],
        'B' => vec![(1, 1)],
        'Q' => vec![(0, 1), (1, 1)],
        'O' => vec![],
        // Cut out before by the scan: only a stray one comes here.
        '(' | '[' | '{' => return Err(bracket(atom_at, letter)),
        other if other.is_ascii_uppercase() => {
            return Err(BetzaError {
                offset: atom_at,
                message: format!("'{other}' is not a supported Betza atom"),
            });
        }
        other => {
            return Err(BetzaError {
                offset: atom_at,
                message: format!("unexpected character '{other}' where an atom was expected"),
            });
        }
    };
    let mut range: u8 = if matches!(letter, 'R' | 'B' | 'Q') {
        0
    } else {
        1
    };
    if letter == 'O' {
        let (digits, next) = read_number(chars, i);
        i = next;
        let distance = match digits {
            None => 2,
            Some(0) => {
                return Err(BetzaError {
                    offset: atom_at,
                    message: "castling distance must be at least 1".into(),
                });
            }
            Some(d) if d > 15 => {
                return Err(BetzaError {
                    offset: atom_at,
                    message: format!("castling distance {d} is too large"),
                });
            }
            Some(d) => d as u8,
        };
        if quiet || capture || en_passant || lame {
            return Err(BetzaError {
                offset: start,
                message: "castling (O) takes no m, c, e or n modifier".into(),
            });
        }
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
        out.push(Component {
            path: one_leg((0, 1), angles, distance, castle),
            directions,
            en_passant: false,
            initial: true,
            lame: false,
            offset: start,
            eightfold: false,
            half: false,
            notes: Vec::new(),
        });
        return Ok((out, i));
    }
    // Doubled letter: a rider.
    if i < chars.len() && chars[i] == letter && !matches!(letter, 'K' | 'R' | 'B' | 'Q') {
        range = 0;
        i += 1;
    }
    // X and Y extensions.
    while i < chars.len() && matches!(chars[i], 'X' | 'Y') {
        if matches!(letter, 'K' | 'R' | 'B' | 'Q') {
            return Err(BetzaError {
                offset: i,
                message: format!("'{}' cannot extend the shorthand '{letter}'", chars[i]),
            });
        }
        for v in expansion.iter_mut() {
            if chars[i] == 'X' {
                v.1 += 3;
            } else {
                v.0 += 2;
                v.1 += 2;
            }
            // Stop before the i8 overflows: no board is longer than 16.
            if v.1 > 15 {
                return Err(BetzaError {
                    offset: i,
                    message: "leap too long for any board".into(),
                });
            }
        }
        i += 1;
    }
    let half = chars.get(i) == Some(&'*');
    if half {
        i += 1;
    }
    if !half && let Some((n, next)) = read_range(chars, i)? {
        range = n;
        i = next;
    }
    let mut notes = Vec::new();
    if letter == 'U' {
        if !directions.is_empty() || lame || range != 1 {
            notes.push(BetzaError {
                offset: start,
                message: "ignored: direction letters, 'n' and a range on 'U' (the universal \
                          leaper goes to every square: the Diagram's script reads none of them)"
                    .into(),
            });
        }
        directions.clear();
        lame = false;
        range = 1;
    }
    let first_of_atom = out.len();
    for (x, y) in expansion.drain(..) {
        if lame && x != 0 && x != y && (x, y) != (1, 2) {
            return Err(BetzaError {
                offset: atom_at,
                message: format!("'n' (lame) on the oblique atom '{letter}' is not supported"),
            });
        }
        if x.max(y) > 15 {
            return Err(BetzaError {
                offset: atom_at,
                message: "leap too long for any board".into(),
            });
        }
        let eightfold = matches!(letter, 'K' | 'Q');
        // The step at angle 0 and the angles the direction letters select, as the Diagram
        // reads them ([`legs::angles`]): `fN` is the two narrow forward leaps, `fK` the one
        // step straight forward; orthogonal atoms (and a K's orthogonal part) go at even
        // angles, diagonal ones at odd.
        let (step, symmetry, parity) = if x != 0 && x != y {
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
        let letters: Vec<char> = directions.chars().collect();
        let angles = if letters.is_empty() {
            0xff
        } else {
            legs::angles(&letters, symmetry)
        } & parity;
        // Neither `m` nor `c` (nor `e`): both.
        let none = !quiet && !capture && !en_passant;
        let leg_modes = LegModes {
            quiet: quiet || none,
            capture: capture || none,
            ..LegModes::default()
        };
        out.push(Component {
            path: one_leg(step, angles, range, leg_modes),
            directions: directions.clone(),
            en_passant,
            initial,
            lame,
            offset: start,
            eightfold,
            half,
            notes: std::mem::take(&mut notes),
        });
    }
    let parts = &out[first_of_atom..];
    if parts
        .iter()
        .all(|c| c.vectors().is_ok_and(|v| v.is_empty()))
    {
        return Err(BetzaError {
            offset: start,
            message: format!(
                "ignored: directions '{directions}' select no move of this atom (the Diagram's script then has none)"
            ),
        });
    }
    Ok((out, i))
}

/// The component at `i` when it is a path (its modifiers hold `a`, `p`, `g`, `d`, `z`, `q`,
/// `o`, `j`, `k`, `u` or `x`), and where the next one starts.
fn path_component(chars: &[char], i: usize) -> Result<Option<(Component, usize)>, BetzaError> {
    let atom_at = (i..chars.len()).find(|&j| !chars[j].is_ascii_lowercase());
    let Some(atom_at) = atom_at else {
        return Ok(None);
    };
    let mods = &chars[i..atom_at];
    if !mods.iter().any(|c| {
        matches!(
            c,
            'a' | 'p' | 'g' | 'd' | 'z' | 'q' | 'o' | 'j' | 'k' | 'u' | 'x'
        )
    }) {
        return Ok(None);
    }
    let letter = chars[atom_at];
    if matches!(letter, '(' | '[' | '{') {
        return Err(bracket(atom_at, letter));
    }
    if letter == 'O'
        && let Some(j) = mods.iter().position(|&c| c == 'j')
    {
        return Err(BetzaError {
            offset: i + j,
            message: "'j' on castling (with the piece next to the corner) is not supported by \
                      fairylab yet"
                .into(),
        });
    }
    let Some((step, symmetry, mut range)) = legs::atom(letter) else {
        return Err(BetzaError {
            offset: atom_at,
            message: format!("'{letter}' is not an atom a move of several legs or a hop can take"),
        });
    };
    let mut next = atom_at + 1;
    let (mut step, mut symmetry) = (step, symmetry);
    if chars.get(next) == Some(&letter) && range == 1 && !matches!(letter, 'K') {
        range = 0;
        next += 1;
    } else if !matches!(letter, 'K' | 'Q' | 'R' | 'B') {
        // X and Y lengthen the atom as the Diagram's script does, on its step at angle 0:
        // X three squares further forward (a diagonal one becomes oblique, F into (1,4)),
        // Y two further both ways (an orthogonal one becomes oblique, W into (2,3); a
        // diagonal one stays diagonal, F into G).
        while let Some(&c) = chars.get(next).filter(|c| matches!(c, 'X' | 'Y')) {
            use legs::Symmetry::{Diagonal, Oblique};
            (step, symmetry) = match (c, symmetry) {
                ('X', Diagonal) => ((step.1, step.1 + 3), Oblique),
                ('X', sym) => ((step.0, step.1 + 3), sym),
                (_, Diagonal) => ((step.0, step.1 + 2), Diagonal),
                (_, _) => ((step.0 + 2, step.1 + 2), Oblique),
            };
            if step.1 > 15 {
                return Err(BetzaError {
                    offset: next,
                    message: "leap too long for any board".into(),
                });
            }
            next += 1;
        }
    }
    if let Some(&c) = chars.get(next).filter(|c| matches!(c, 'X' | 'Y' | '*')) {
        return Err(BetzaError {
            offset: next,
            message: format!(
                "'{c}' after the atom of a move of several legs is not supported by fairylab yet"
            ),
        });
    }
    if let Some((n, after)) = read_range(chars, next)? {
        range = n;
        next = after;
    }
    let legs::Parsed {
        path,
        initial,
        notes,
    } = legs::parse(mods, i, step, symmetry, range)?;
    let component = Component::path(path, initial, i, notes);
    Ok(Some((component, next)))
}

/// A path of one leg stepping by `step` (at angle 0) at `angles`, up to `range` squares.
fn one_leg(step: (i8, i8), angles: u8, range: u8, modes: LegModes) -> Path {
    Path {
        step,
        legs: vec![Leg {
            angles,
            range,
            remaining: false,
            wrap: 0,
            jump: false,
            iso: false,
            modes,
        }],
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

/// A range after an atom (`R4`) at `at`: its count and where the text goes on, or none; over
/// 32 is an error there.
fn read_range(chars: &[char], at: usize) -> Result<Option<(u8, usize)>, BetzaError> {
    match read_number(chars, at) {
        (Some(n), _) if n > 32 => Err(BetzaError {
            offset: at,
            message: format!("range {n} is too large"),
        }),
        (Some(n), next) => Ok(Some((n as u8, next))),
        (None, _) => Ok(None),
    }
}

pub(super) fn read_number(chars: &[char], mut i: usize) -> (Option<u32>, usize) {
    let start = i;
    let mut n: u32 = 0;
    while i < chars.len() && chars[i].is_ascii_digit() {
        n = n
            .saturating_mul(10)
            .saturating_add(chars[i] as u32 - '0' as u32);
        i += 1;
    }
    if i == start { (None, i) } else { (Some(n), i) }
}
