//! XBetza move notation: text → syntax tree → board vectors.
//!
//! A Betza string such as `ifmnDfmWfceF` (the FIDE pawn) is a sequence of components, each an
//! atom (`W`, `F`, `D`, `N`, …) with modifiers before it (`f`, `m`, `n`, `i`, …) and an
//! optional range after it. [`parse`] builds the tree; [`Component::vectors`] expands a
//! component into the leaps it names, from White's point of view (forward is +y). The
//! variant compiler turns these into per-square move tables once, when a variant loads.
//!
//! Moves of several legs, written with `a`, as hops or in brackets, are read by [`legs`] and
//! the bracket reader into paths. Anything the engine does not implement is an error naming
//! the character and its offset, never a silently different piece.

use std::fmt;

pub mod bracket;
pub mod legs;
pub use legs::{Leg, LegModes, Path};

/// A parse error: what is wrong and the character offset (0-based, in chars) in the string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaError {
    /// Where the problem is: the character offset (from 0) in the Betza string.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (at Betza character {})",
            self.message,
            self.offset + 1
        )
    }
}

impl std::error::Error for BetzaError {}

/// What a move may do on its destination square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Modes {
    /// Move to an empty square (`m`).
    pub quiet: bool,
    /// Capture an enemy piece (`c`).
    pub capture: bool,
    /// Capture en passant (`e`): move to a square an enemy pawn just passed over.
    pub en_passant: bool,
}

/// The basic step of a component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Atom {
    /// A leap by (x, y) (canonical form, 0 ≤ x ≤ y) in every direction the modifiers select.
    Leap {
        /// Squares across (the smaller of the two).
        x: i8,
        /// Squares along (the larger).
        y: i8,
    },
    /// Castling with the king moving `distance` squares (`O`, `O2`, `O3`).
    Castle {
        /// How far the king goes.
        distance: u8,
    },
    /// A move of several legs (`a`), a hop (`p`, `g`) or one that takes a friend (`d`).
    Path(Path),
}

/// One component of a Betza string, e.g. `ifmnD`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    /// The basic step.
    pub atom: Atom,
    /// Direction letters in order (`f b l r v s`), empty for all directions.
    pub directions: String,
    /// What the moves may do on arrival: move, capture, or both.
    pub modes: Modes,
    /// Only for a piece that has not moved yet (`i`).
    pub initial: bool,
    /// Non-jumping (`n`): the squares on the way must be empty.
    pub lame: bool,
    /// 1 for a leap, 0 for an unlimited rider, n > 1 for a rider limited to n steps.
    pub range: u8,
    /// Offset of the component's first character in the Betza string.
    pub offset: usize,
    /// The atom was K or Q: its directions read in the eight-direction system (`f` straight
    /// forward only, `fr` the diagonal), for its orthogonal and diagonal parts alike.
    pub eightfold: bool,
    /// `*` after the atom: a rider as far as the last rank of its own half of the board (at
    /// least one step), whose longer moves leave en passant rights on the squares they pass
    /// (the Interactive Diagram's `fmW*`, Wildebeest's pawn).
    pub half: bool,
    /// Letters the Diagram reads but drops where they stand (offset and why): warnings.
    pub notes: Vec<BetzaError>,
}

/// The longest Betza string read, in characters (real ones are under 20); a longer one is
/// refused at the first character past the limit.
pub const MAX_LEN: usize = 256;

/// The deepest bracket nesting read: one bracket of legs (`[F?R]`); a bracket, parenthesis or
/// brace inside it is refused at its offset, however deep the nesting behind it, without
/// recursion.
pub const MAX_NESTING: usize = 1;

/// The most ways one move of several legs may go (the product of its legs' direction counts:
/// four king steps, `aaaK`, go 8 x 7 x 7 x 7 = 2,744 ways): each way is followed on the board, so a longer
/// chain (`aaaaaaN`, 8^7) would take minutes for every move generated.
pub const MAX_WAYS: usize = 4096;

/// The most pieces one move may take on the way besides the one on its destination (locust
/// captures: legs before the last that end on a piece and take it, `cafcafmW`). A move keeps
/// its victims' squares in itself, so this is the room it has for them.
pub const MAX_LOCUST: usize = 3;

/// The most squares one move of several legs may walk on the largest board: its legs' ways
/// times the squares each may go (15 for a slide, 256 round a cylinder or torus), multiplied.
/// A rook slide then a bent slide (`mafsiR`) walks 4 x 15 x 2 x 15 = 1,800; three slides and a
/// ride round a torus (the definition fuzzer's `afsaayvoorffB`) about 145 million, for every
/// move generated and every test of check.
pub const MAX_PATH_STEPS: usize = 16_384;

/// Parse an XBetza string into its components.
pub fn parse(text: &str) -> Result<Vec<Component>, BetzaError> {
    if text.chars().nth(MAX_LEN).is_some() {
        return Err(BetzaError {
            offset: MAX_LEN,
            message: format!("Betza string longer than {MAX_LEN} characters"),
        });
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    if chars.is_empty() {
        return Err(BetzaError {
            offset: 0,
            message: "empty Betza string: the piece has no moves".into(),
        });
    }
    while i < chars.len() {
        let start = i;
        if chars[i] == '[' {
            let (components, next) = bracket::components(&chars, i)?;
            out.extend(components);
            i = next;
            continue;
        }
        if let Some((component, next)) = path_component(&chars, i)? {
            out.push(component);
            i = next;
            continue;
        }
        let mut directions = String::new();
        let mut modes = Modes::default();
        let mut initial = false;
        let mut lame = false;
        // Modifiers.
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => directions.push(chars[i]),
                'm' => modes.quiet = true,
                'c' => modes.capture = true,
                'e' => modes.en_passant = true,
                'n' => lame = true,
                'i' => initial = true,
                'p' | 'g' => return Err(unsupported(i, chars[i], "hopper")),
                'a' => return Err(unsupported(i, chars[i], "multi-leg move")),
                'u' => return Err(unsupported(i, chars[i], "unload")),
                't' | 'w' => {
                    return Err(legs::refused(i, chars[i]).expect("a refused letter"));
                }
                'o' | 'q' | 'j' | 'y' | 'k' | 'd' | 'z' => {
                    return Err(unsupported(i, chars[i], "XBetza"));
                }
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
            'Z' => vec![(2, 3)],
            'G' => vec![(3, 3)],
            'K' => vec![(0, 1), (1, 1)],
            'R' => vec![(0, 1)],
            'B' => vec![(1, 1)],
            'Q' => vec![(0, 1), (1, 1)],
            'O' => vec![],
            // Nesting deeper than MAX_NESTING (0): refused at the bracket.
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
            let (digits, next) = read_number(&chars, i);
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
            if modes != Modes::default() || lame {
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
            out.push(Component {
                atom: Atom::Castle { distance },
                directions,
                modes: Modes::default(),
                initial: true,
                lame: false,
                range: 1,
                offset: start,
                eightfold: false,
                half: false,
                notes: Vec::new(),
            });
            continue;
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
        let (digits, next) = read_number(&chars, i);
        if let Some(n) = digits.filter(|_| !half) {
            if n > 32 {
                return Err(BetzaError {
                    offset: i,
                    message: format!("range {n} is too large"),
                });
            }
            range = n as u8;
            i = next;
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
            out.push(Component {
                atom: Atom::Leap { x, y },
                directions: directions.clone(),
                modes,
                initial,
                lame,
                range,
                offset: start,
                eightfold: matches!(letter, 'K' | 'Q'),
                half,
                notes: Vec::new(),
            });
        }
        let parts = &out[first_of_atom..];
        if parts
            .iter()
            .all(|c| c.vectors().is_ok_and(|v| v.is_empty()))
        {
            return Err(BetzaError {
                offset: start,
                message: format!("directions '{directions}' select no move of this atom"),
            });
        }
    }
    Ok(out)
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
    let (digits, after) = read_number(chars, next);
    if let Some(n) = digits {
        if n > 32 {
            return Err(BetzaError {
                offset: next,
                message: format!("range {n} is too large"),
            });
        }
        range = n as u8;
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

/// The error for a bracket, parenthesis or brace at `offset` where an atom should stand.
fn bracket(offset: usize, c: char) -> BetzaError {
    let message = match c {
        '[' => "modifiers before '[': in the bracket notation each leg takes its own \
                ('[mF?cR]', not 'mc[F?R]')"
            .to_string(),
        '(' => "'(' (a group of modifiers repeated any number of times, 'x(y)zA') is not \
                supported by fairylab: the Interactive Diagram's script it follows reads no \
                parentheses, so what a repeated group means cannot be checked against it; \
                write the legs with 'a'"
            .to_string(),
        _ => format!("'{c}' is not Betza notation"),
    };
    BetzaError { offset, message }
}

fn unsupported(offset: usize, c: char, what: &str) -> BetzaError {
    BetzaError {
        offset,
        message: format!("'{c}' ({what}) is not supported by fairylab"),
    }
}

fn read_number(chars: &[char], mut i: usize) -> (Option<u32>, usize) {
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

impl Component {
    /// A component of several legs, a hop or a curve (`offset`: where it starts), whose
    /// modes are its last leg's.
    pub fn path(path: Path, initial: bool, offset: usize, notes: Vec<BetzaError>) -> Component {
        let last = path.modes();
        Component {
            atom: Atom::Path(path),
            directions: String::new(),
            modes: Modes {
                quiet: last.quiet,
                capture: last.capture,
                en_passant: false,
            },
            initial,
            lame: false,
            range: 1,
            offset,
            eightfold: false,
            half: false,
            notes,
        }
    }

    /// The leap vectors this component names, from White's side (forward is +y), in the
    /// Interactive Diagram's order of angles (clockwise from forward). Empty for castling and
    /// paths. Direction letters select angles as the Diagram reads them ([`legs::angles`]):
    /// `fN` is the two narrow forward leaps, `fK` the one step straight forward.
    pub fn vectors(&self) -> Result<Vec<(i8, i8)>, BetzaError> {
        use legs::Symmetry;
        let Atom::Leap { x, y } = self.atom else {
            return Ok(Vec::new());
        };
        let (step, symmetry) = if self.eightfold {
            ((0, y), Symmetry::King)
        } else if x == 0 {
            ((0, y), Symmetry::Orthogonal)
        } else if x == y {
            ((0, y), Symmetry::Diagonal)
        } else {
            ((x, y), Symmetry::Oblique)
        };
        let letters: Vec<char> = self.directions.chars().collect();
        let mut set = legs::angles(&letters, symmetry);
        if letters.is_empty() {
            set = 0xff;
        }
        // Orthogonal atoms (and a K's orthogonal part) go at even angles, diagonal ones at odd.
        set &= match (symmetry, x == 0) {
            (Symmetry::Oblique, _) => 0xff,
            (_, true) => 0x55,
            (_, false) => 0xaa,
        };
        let out: Vec<(i8, i8)> = (0..8)
            .filter(|a| set & 1 << a != 0)
            .map(|a| legs::rotate(step, a))
            .collect();
        // A K's orthogonal or diagonal part may have none (`fK`); parse checks the whole.
        if out.is_empty() && !self.eightfold {
            return Err(BetzaError {
                offset: self.offset,
                message: format!(
                    "directions '{}' select no move of this atom",
                    self.directions
                ),
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vecs(s: &str) -> Vec<Vec<(i8, i8)>> {
        parse(s)
            .unwrap()
            .iter()
            .map(|c| {
                let mut v = c.vectors().unwrap();
                v.sort();
                v
            })
            .collect()
    }

    #[test]
    fn fide_pawn() {
        let c = parse("ifmnDfmWfceF").unwrap();
        assert_eq!(c.len(), 3);
        assert!(c[0].initial && c[0].lame && c[0].modes.quiet && !c[0].modes.capture);
        assert_eq!(
            vecs("ifmnDfmWfceF"),
            vec![vec![(0, 2)], vec![(0, 1)], vec![(-1, 1), (1, 1)]]
        );
        assert!(c[2].modes.capture && c[2].modes.en_passant);
    }

    #[test]
    fn extensions_and_ranges() {
        assert_eq!(parse("WX").unwrap()[0].atom, Atom::Leap { x: 0, y: 4 });
        assert_eq!(parse("AY").unwrap()[0].atom, Atom::Leap { x: 4, y: 4 });
        assert_eq!(parse("N2").unwrap()[0].range, 2);
        assert_eq!(parse("NN").unwrap()[0].range, 0);
        assert_eq!(parse("fW2").unwrap()[0].range, 2);
        assert_eq!(parse("Q").unwrap().len(), 2);
        assert_eq!(
            parse("KisO3").unwrap()[2].atom,
            Atom::Castle { distance: 3 }
        );
    }

    #[test]
    fn directions() {
        assert_eq!(vecs("sW"), vec![vec![(-1, 0), (1, 0)]]);
        assert_eq!(vecs("fF"), vec![vec![(-1, 1), (1, 1)]]);
        assert_eq!(vecs("flF"), vec![vec![(-1, 1)]]);
        assert_eq!(vecs("ffN"), vec![vec![(-1, 2), (1, 2)]]);
        assert_eq!(vecs("fsN"), vec![vec![(-2, 1), (2, 1)]]);
        // As the Diagram reads them: a lone f on N is the narrow pair, on K straight ahead.
        assert_eq!(vecs("fN"), vec![vec![(-1, 2), (1, 2)]]);
        assert_eq!(vecs("fhN")[0].len(), 4);
        assert_eq!(vecs("fK"), vec![vec![(0, 1)], vec![]]);
        assert_eq!(vecs("frK"), vec![vec![], vec![(1, 1)]]);
        assert_eq!(vecs("fF"), vec![vec![(-1, 1), (1, 1)]]);
        assert_eq!(vecs("vW"), vec![vec![(0, -1), (0, 1)]]);
    }

    #[test]
    fn errors_name_the_position() {
        let e = parse("WtR").unwrap_err();
        assert_eq!(e.offset, 1);
        let e = parse("fmWq").unwrap_err();
        assert_eq!(e.offset, 3);
        let e = parse("fm").unwrap_err();
        assert_eq!(e.offset, 0);
        let e = parse("W%").unwrap_err();
        assert_eq!(e.offset, 1);
        assert!(parse("").is_err());
        assert!(parse("fO2").is_err());
    }
}
