//! The modifiers of one leg (the letters between two `a`s), read one by one, and the letters
//! fairylab does not play wherever they stand, with the reason (a `not played:` note, the
//! move left out).

use super::LegModes;
use crate::betza::BetzaError;

/// What one leg's modifiers say.
#[derive(Debug, Default)]
pub struct Segment {
    /// The modifiers, and the offset of the first in the Betza string.
    pub chars: Vec<char>,
    pub at: usize,
    pub letters: Vec<char>,
    pub modes: LegModes,
    /// `g` or `y`: the legs after this one toggle their range.
    pub toggle: bool,
    /// `i` in the first leg: only for a piece that has not moved.
    pub initial: bool,
    /// How many `o`s (1 a cylinder, 2 or 3 a torus), and where the first stands.
    pub wrap: u8,
    pub wrap_at: usize,
    /// Where an `i` after `a` stands: the leg goes as far as the one before.
    pub iso: Option<usize>,
    /// Where a `k` stands.
    pub royal: Option<usize>,
    /// Where a `j` stands.
    pub jump: Option<usize>,
    /// `z` or `q`, and where it stands.
    pub curve: Option<(char, usize)>,
}

impl Segment {
    /// Read `mods`, which start at `at` in the Betza string; `first` for the move's first leg.
    pub fn read(mods: &[char], at: usize, first: bool) -> Result<Segment, BetzaError> {
        let mut s = Segment {
            chars: mods.to_vec(),
            at,
            ..Segment::default()
        };
        for (j, &c) in mods.iter().enumerate() {
            let pos = at + j;
            match c {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => s.letters.push(c),
                'm' => s.modes.quiet = true,
                'c' => s.modes.capture = true,
                'd' => s.modes.destroy = true,
                'u' => s.modes.unload = true,
                'x' => s.modes.relay = true,
                'k' => {
                    s.modes.royal = true;
                    s.royal = Some(pos);
                }
                'p' => s.modes.hop = true,
                'g' => {
                    s.modes.hop = true;
                    s.toggle = true;
                }
                'y' => {
                    s.modes.quiet = true;
                    s.toggle = true;
                }
                'z' | 'q' if s.curve.is_some() => {
                    return Err(error(
                        pos,
                        "both 'z' and 'q', or one twice, is not supported by fairylab",
                    ));
                }
                'z' | 'q' => s.curve = Some((c, pos)),
                'o' if s.wrap == 3 => {
                    return Err(error(
                        pos,
                        "'o' four times (the Diagram reads it as 'z') is not supported by fairylab",
                    ));
                }
                'o' => {
                    if s.wrap == 0 {
                        s.wrap_at = pos;
                    }
                    s.wrap += 1;
                }
                'j' if s.jump.is_some() => {
                    return Err(error(pos, "'j' twice is not supported by fairylab"));
                }
                'j' => s.jump = Some(pos),
                'i' if first => s.initial = true,
                'i' => s.iso = Some(pos),
                other => {
                    return Err(refused(pos, other).unwrap_or_else(|| {
                        error(
                            pos,
                            &format!(
                                "'{other}' in a move of several legs or a hop is not supported \
                                 by fairylab yet"
                            ),
                        )
                    }));
                }
            }
        }
        Ok(s)
    }

    /// Where the first `c` of the leg stands.
    pub fn pos(&self, c: char) -> Option<usize> {
        self.chars.iter().position(|&x| x == c).map(|j| self.at + j)
    }

    /// Neither `m`, `c`, `d`, `x` nor a hop: a leg that is not the last then moves to empty
    /// squares (`k` does not count, as in the Diagram).
    pub fn no_mode(&self) -> bool {
        let m = self.modes;
        !m.quiet && !m.capture && !m.destroy && !m.hop && !m.relay
    }
}

/// The letters fairylab does not play wherever they stand, and why: each is a move that does
/// something a fairylab move cannot (one piece moves, taking pieces on its way at most), or a
/// letter the Diagram gives no meaning.
pub fn refused(offset: usize, c: char) -> Option<BetzaError> {
    let why = match c {
        't' => {
            "'t' is no modifier the Interactive Diagram reads (its script passes over the \
             letter); Betza's own 't' ('then', t[FR] for the griffon) is what XBetza writes in \
             brackets: [F?R]"
        }
        'w' => "'w' means nothing in XBetza (the Diagram says so too)",
        _ => return None,
    };
    Some(error(offset, why))
}

pub fn error(offset: usize, message: &str) -> BetzaError {
    BetzaError {
        offset,
        message: message.to_string(),
    }
}
