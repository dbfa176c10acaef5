//! Directions: the Interactive Diagram's eight angles, how an atom's step turns to each, and
//! which angles a run of direction letters selects.

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
    /// `@`: the Diagram's script reads its letters in K's eight directions combined as an
    /// oblique atom's (its symmetry class 5), where angle 0 is the leap (2,2) and the odd
    /// angles the leaps (2,0) turned.
    Alibaba,
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
        // The script's (2,2) at its angle a is this step at a + 1 ([`super::leg_angles`]).
        '@' => ((0, 2), Alibaba, 1),
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
                set |= if matches!(symmetry, King | Oblique | Alibaba) {
                    narrow
                } else {
                    wide
                }
            }
        }
    }
    set
}
