//! The atom of a move of one leg and what follows it: the letter's leaps (`K` is its
//! orthogonal and diagonal steps), a doubled letter (a rider), `X` and `Y` (longer leaps), `*`
//! (the half-board range) and a range count.

use crate::betza::BetzaError;

/// An atom read with its suffixes.
pub(super) struct Atom {
    /// The letter.
    pub letter: char,
    /// Where it stands.
    pub at: usize,
    /// Its leaps at angle 0, one per part (`K` and `Q` have two: orthogonal and diagonal).
    pub leaps: Vec<(i8, i8)>,
    /// 1 for a leap, 0 for a rider, n up to n squares.
    pub range: u8,
    /// `*`: as far as the last rank of the mover's own half.
    pub half: bool,
    /// For `@`: how its direction letters read and whether its leap is turned a step;
    /// `None` for every other atom.
    pub alibaba: Option<AtLeap>,
}

/// How the script turns the leap of `@` (its symmetry class 5) once `X` or `Y` lengthen it.
#[derive(Clone, Copy)]
pub(super) struct AtLeap {
    /// How the direction letters read: in K's eight directions (the script's class 5) until a
    /// `Y` makes the leap oblique (class 3, as `N`'s).
    pub symmetry: crate::betza::legs::Symmetry,
    /// The script's angle a is fairylab's a + 1: its leap is diagonal, (n,n), which the script
    /// turns to (n,0) at odd angles and fairylab writes as the step (0,n) turned one angle on.
    pub turned: bool,
    /// Lengthened by `X` or `Y`.
    pub lengthened: bool,
}

/// The atom whose letter stands at `at`, with its leaps at angle 0 (none for castling, `O`)
/// and its default range; an error for a letter that is no atom fairylab plays.
pub(super) fn letter(chars: &[char], at: usize) -> Result<Atom, BetzaError> {
    let letter = chars[at];
    let Some(leaps) = leaps(letter) else {
        return Err(refused(letter, at));
    };
    let range = if matches!(letter, 'R' | 'B' | 'Q') {
        0
    } else {
        1
    };
    Ok(Atom {
        letter,
        at,
        leaps,
        range,
        half: false,
        alibaba: (letter == '@').then_some(AtLeap {
            symmetry: crate::betza::legs::Symmetry::Alibaba,
            turned: true,
            lengthened: false,
        }),
    })
}

/// The leaps at angle 0 of the atom `letter`, one per part (`K` and `Q` have two: orthogonal
/// and diagonal; castling, `O`, none), or none for a letter that is no atom fairylab plays.
fn leaps(letter: char) -> Option<Vec<(i8, i8)>> {
    Some(match letter {
        'W' | 'R' => vec![(0, 1)],
        'F' | 'B' => vec![(1, 1)],
        'D' => vec![(0, 2)],
        'N' => vec![(1, 2)],
        'A' => vec![(2, 2)],
        'H' => vec![(0, 3)],
        'C' | 'L' => vec![(1, 3)],
        'Z' | 'J' => vec![(2, 3)],
        // The universal leaper: a leap to any square of the board (the Diagram's script
        // tries every square for it, whatever the direction letters, `n` or range say).
        'U' => (1..LANDS_NOWHERE)
            .flat_map(|y| (0..=y).map(move |x| (x, y)))
            .collect(),
        // The script's `@`: leaps of two squares in K's eight directions (its angle 0 is the
        // (2,2) leap, see [`super::leaps`]).
        '@' => vec![(0, 2)],
        'G' => vec![(3, 3)],
        'K' | 'Q' => vec![(0, 1), (1, 1)],
        // The imitator: read apart ([`super::imitator`]).
        'I' => vec![(0, 1)],
        'O' => vec![],
        _ => return None,
    })
}

/// Why `letter` at `at` is no atom fairylab plays.
fn refused(letter: char, at: usize) -> BetzaError {
    match letter {
        // Cut out before by the scan: only a stray one comes here.
        '(' | '[' | '{' => super::bracket(at, letter),
        other if other.is_ascii_uppercase() => BetzaError {
            offset: at,
            message: format!("'{other}' is not a supported Betza atom"),
        },
        other => BetzaError {
            offset: at,
            message: format!("unexpected character '{other}' where an atom was expected"),
        },
    }
}

/// The suffixes after `atom`: a doubled letter, `X` and `Y`, `*` or a range. Returns the atom
/// they make and where the text goes on.
pub(super) fn suffixes(chars: &[char], atom: Atom) -> Result<(Atom, usize), BetzaError> {
    let Atom {
        letter,
        at,
        mut leaps,
        mut range,
        alibaba: mut at_leap,
        ..
    } = atom;
    // `@`'s leap as the script holds it: (2,2), lengthened below.
    let mut script = (2i8, 2i8);
    let mut i = at + 1;
    // Doubled letter: a rider.
    if i < chars.len() && chars[i] == letter && !matches!(letter, 'K' | 'R' | 'B' | 'Q') {
        range = 0;
        i += 1;
    }
    // X and Y extensions.
    let mut longest = 0;
    while i < chars.len() && matches!(chars[i], 'X' | 'Y') {
        if matches!(letter, 'K' | 'R' | 'B' | 'Q') {
            return Err(BetzaError {
                offset: i,
                message: format!("'{}' cannot extend the shorthand '{letter}'", chars[i]),
            });
        }
        if let Some(a) = at_leap.as_mut() {
            // The script's `X` adds 3 to the long side of (2,2) (its class stays 5); `Y` adds
            // 2 to both and makes the class oblique (3): `@X` is (2,5) read in K's
            // directions, `@Y` (4,4) read as `N`'s and turned as `@` is.
            if chars[i] == 'X' {
                script.1 = script.1.saturating_add(3).min(LANDS_NOWHERE);
            } else {
                script.0 = script.0.saturating_add(2).min(LANDS_NOWHERE);
                script.1 = script.1.saturating_add(2).min(LANDS_NOWHERE);
                a.symmetry = crate::betza::legs::Symmetry::Oblique;
            }
            a.turned = script.0 == script.1;
            a.lengthened = true;
            leaps = vec![if a.turned { (0, script.1) } else { script }];
            longest = longest.max(script.1);
            i += 1;
            continue;
        }
        for v in leaps.iter_mut() {
            // Past the largest board's side the leap lands on no board fairylab has; kept
            // from overflowing while the letters are read.
            if chars[i] == 'X' {
                v.1 = v.1.saturating_add(3).min(LANDS_NOWHERE);
            } else {
                v.0 = v.0.saturating_add(2).min(LANDS_NOWHERE);
                v.1 = v.1.saturating_add(2).min(LANDS_NOWHERE);
            }
            longest = longest.max(v.1);
        }
        i += 1;
    }
    if longest >= LANDS_NOWHERE {
        return Err(lands_nowhere(at, &chars[at..i]));
    }
    let half = chars.get(i) == Some(&'*');
    if half {
        i += 1;
    }
    if !half && let Some((n, next)) = read_range(chars, i) {
        range = n;
        i = next;
    }
    let atom = Atom {
        letter,
        at,
        leaps,
        range,
        half,
        alibaba: at_leap,
    };
    Ok((atom, i))
}

/// A leap coordinate that is past every board: a leap this long lands nowhere (the largest
/// board's side, [`crate::geometry::MAX_SIDE`]).
const LANDS_NOWHERE: i8 = crate::geometry::MAX_SIDE as i8;

/// The note for the atom `text` at `at` whose leap is as long as the largest board's side or
/// longer: no board fairylab has holds both ends, so the move has no destination, as in the
/// Diagram's script on such a board (it tries the leap and finds it off the board).
pub(in crate::betza) fn lands_nowhere(at: usize, text: &[char]) -> BetzaError {
    let text: String = text.iter().collect();
    let side = crate::geometry::MAX_SIDE;
    BetzaError {
        offset: at,
        message: format!(
            "ignored: the leap '{text}' lands on no square of a board fairylab plays (at most \
             {side}x{side}): the piece has no such move (as in the Diagram's script, which \
             finds it off the board)"
        ),
    }
}

/// A range after an atom (`R4`) at `at`: its count and where the text goes on, or none. The
/// script reads the whole number (`parseInt`); past 255 it is 255, which no leg walks on a
/// board of at most 16x16, even round a torus (256 squares, its own square the last).
pub(in crate::betza) fn read_range(chars: &[char], at: usize) -> Option<(u8, usize)> {
    let (n, next) = read_number(chars, at);
    n.map(|n| (n.min(255) as u8, next))
}

/// The number written at `i` (none when no digit stands there) and where the text goes on.
pub(in crate::betza) fn read_number(chars: &[char], mut i: usize) -> (Option<u32>, usize) {
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
