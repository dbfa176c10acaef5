//! The bracket notation for moves of several legs: simple Betza moves between `[` and `]`,
//! played one after the other, each separated from the next by `-` (the move must go on) or
//! `?` (it may also end there). `[F?R]` is the griffon: a ferz step, then, if it stopped on
//! an empty square, on as a rook.
//!
//! What the notation means is what its author, H. G. Muller, wrote of it on chessvariants.com
//! (comments on "Betza notation (extended)", April and June 2024): the brackets enclose simple
//! moves "played in that order", hyphens mark a continuation that is mandatory and question
//! marks one after which the move "could also end there"; the direction letters of a later
//! leg are relative to the leg before, `f` (straight on) when it has none. The Interactive
//! Diagram's script fairylab reads otherwise does not read brackets, so the rest follows the
//! `a` notation, which the brackets are another way to write:
//! - A leg before the last ends on an empty square (`m`), or does what its modifiers say
//!   there (`c` takes an enemy on the way, `d` a friend, `p` hops over any piece); a leg
//!   before `?` may stop on an empty square or an enemy (`mc`, or what its `m`/`c` say),
//!   and goes on only from an empty one.
//! - A later leg's letters read as on a one-leg move of its atom whose forward is the
//!   heading of the leg before: after a ferz step a rook's lines lie 45° off that heading,
//!   as a ferz's lie off a rook's, so `R` with no letters (`fR`) goes on 45° to either side,
//!   as `fF` is two moves; `K` and `Q` read in their eight-direction system.
//! - All legs step by one atom turned by 45° (W, F, K, R, B, Q; or D and A; or H and G), as
//!   an `a` move does. Oblique atoms come in mirror pairs whose left and right a later leg
//!   cannot tell apart (the reason the author gives for `z` and `q`), so they are not played.
//! - `q` on a later leg turns the same way round as the last turn before it, `z` the other
//!   way (either, where no turn came before); `a` chains legs of the element's atom as it does
//!   outside brackets; `t` and `w` are passed over with a note.

use super::legs::{self, Leg, LegModes, Path, Segment, Symmetry, angles, error};
use super::{BetzaError, Component};

/// The most legs one bracket holds (real pieces have two or three).
pub const MAX_LEGS: usize = 4;

/// How a leg is joined to the one after.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Join {
    /// `-`: the move goes on.
    Must,
    /// `?`: the move may also end here.
    May,
    /// `]`: the last leg.
    Last,
}

/// One simple move between the brackets.
struct Element {
    seg: Segment,
    symmetry: Symmetry,
    range: u8,
    join: Join,
    /// Where its separator stands.
    join_at: usize,
    /// A leg after an `a` inside the element (`[mafF?R]`): its letters read as after `a`
    /// (relative, in the eight-direction system, every way but back when it has none).
    chained: bool,
    /// `q` (`Some(true)`): the leg turns the same way as the last turn before it; `z`
    /// (`Some(false)`): the other way.
    turn: Option<bool>,
}

/// The components the bracket opening at `open` describes, and where the text goes on after
/// the `]`: one component per choice of orthogonal or diagonal steps for each `K` or `Q` leg
/// (what a later leg's letters mean depends on the heading before it).
pub fn components(chars: &[char], open: usize) -> Result<(Vec<Component>, usize), BetzaError> {
    let Bracket {
        elements,
        step,
        next,
        notes,
    } = read(chars, open)?;
    let initial = elements[0].seg.initial;
    // Each way the legs may go so far: the legs, the heading's parity, and the way the last
    // turn went (1 right, -1 left, 0 none yet), kept apart when a later leg has `q` or `z`.
    let senses = elements.iter().any(|e| e.turn.is_some());
    let mut paths: Vec<(Vec<Leg>, u8, i8)> = vec![(Vec::new(), 0, 0)];
    for (n, e) in elements.iter().enumerate() {
        let modes = modes(e)?;
        let mut grown = Vec::new();
        for (legs, parity, sense) in paths {
            for angles in leg_angles(e, n == 0, parity) {
                for (angles, turned) in by_sense(angles, n > 0 && senses) {
                    let angles = match (e.turn, sense, turned) {
                        (Some(same), s, t) if s != 0 && t != 0 && (s == t) != same => 0,
                        _ => angles,
                    };
                    if angles == 0 {
                        continue;
                    }
                    let mut legs = legs.clone();
                    legs.push(Leg::plain(angles, e.range, modes));
                    // The heading's parity after this leg (every angle of one branch shares it).
                    let first = angles.trailing_zeros() as u8;
                    let sense = if turned != 0 { turned } else { sense };
                    grown.push((legs, (parity + first) & 1, sense));
                }
            }
        }
        paths = grown;
    }
    if paths.is_empty() {
        return Err(error(
            open,
            "ignored: the directions in these brackets select no move",
        ));
    }
    let mut out = Vec::new();
    for (legs, _, _) in paths {
        legs::check(&legs, open)?;
        let path = Path {
            step,
            legs,
            curve: None,
        };
        out.push(Component::path(path, initial, open, Vec::new()));
    }
    if let Some(first) = out.first_mut() {
        first.notes = notes;
    }
    Ok((out, next))
}

/// `angles` (relative) split by the way they turn: right (1), left (-1), straight on or back
/// (0); all as one when `split` is false.
fn by_sense(angles: u8, split: bool) -> Vec<(u8, i8)> {
    if !split {
        return vec![(angles, 0)];
    }
    [(angles & 0x11, 0), (angles & 0x0e, 1), (angles & 0xe0, -1)]
        .into_iter()
        .filter(|&(a, _)| a != 0)
        .collect()
}

/// A bracket as read: its legs, the step of their atom at angle 0, and where the text goes on
/// after the `]`.
struct Bracket {
    elements: Vec<Element>,
    step: (i8, i8),
    next: usize,
    /// Letters the Diagram's script passes over (`t`, `w`), for warnings.
    notes: Vec<BetzaError>,
}

/// The bracket at `open`, up to its `]`: each element's modifiers, atom and join in turn.
fn read(chars: &[char], open: usize) -> Result<Bracket, BetzaError> {
    let mut i = open + 1;
    let mut elements: Vec<Element> = Vec::new();
    let mut notes = Vec::new();
    let mut step = None;
    loop {
        let start = i;
        while chars.get(i).is_some_and(|c| c.is_ascii_lowercase()) {
            i += 1;
        }
        if i >= chars.len() {
            return Err(error(open, "'[' without its ']'"));
        }
        let segs = modifiers(chars, start, i, elements.is_empty(), &mut notes)?;
        let (symmetry, range, after) = atom(chars, i, &mut step)?;
        let (join, join_at) = (read_join(chars, after, open)?, after);
        i = after + 1;
        let last = segs.len() - 1;
        for (n, seg) in segs.into_iter().enumerate() {
            let turn = seg.curve.map(|(c, _)| c == 'q');
            elements.push(Element {
                seg,
                symmetry,
                range,
                join: if n == last { join } else { Join::Must },
                join_at,
                chained: n > 0,
                turn,
            });
        }
        if elements.len() > MAX_LEGS {
            return Err(error(
                start,
                &format!("more than {MAX_LEGS} legs in one bracket is more than fairylab follows"),
            ));
        }
        if join == Join::Last {
            let step = step.expect("one leg read");
            return Ok(Bracket {
                elements,
                step,
                next: i,
                notes,
            });
        }
    }
}

/// The modifiers of one element, `chars[start..end]`, as segments: one, and one more after
/// each `a` (which chains legs of the element's atom, as it does outside brackets). `t` and
/// `w`, which the Diagram's script passes over, are noted in `notes`. `first`: the element
/// is the bracket's first.
fn modifiers(
    chars: &[char],
    start: usize,
    end: usize,
    first: bool,
    notes: &mut Vec<BetzaError>,
) -> Result<Vec<Segment>, BetzaError> {
    let mut parts: Vec<(Vec<char>, usize)> = vec![(Vec::new(), start)];
    for (j, &c) in chars.iter().enumerate().take(end).skip(start) {
        match c {
            't' | 'w' => notes.push(error(
                j,
                &format!(
                    "ignored: '{c}' inside brackets is no modifier; the Diagram's script \
                     passes over it"
                ),
            )),
            'a' => parts.push((Vec::new(), j + 1)),
            c => parts.last_mut().expect("one part").0.push(c),
        }
    }
    let mut segs = Vec::new();
    for (n, (part, at)) in parts.iter().enumerate() {
        let seg = Segment::read(part, *at, first && n == 0)?;
        refuse_inside(&seg, first && n == 0)?;
        segs.push(seg);
    }
    Ok(segs)
}

/// The atom of an element at `i` (a character stands there), with a doubled letter (a
/// rider) or a range after it: its symmetry, its range and where the text goes on. Every leg
/// of a bracket steps by one atom turned, kept in `step` (set by the first).
fn atom(
    chars: &[char],
    mut i: usize,
    step: &mut Option<(i8, i8)>,
) -> Result<(Symmetry, u8, usize), BetzaError> {
    let letter = chars[i];
    if matches!(letter, '[' | '(' | '{') {
        return Err(error(
            i,
            &format!("'{letter}' inside brackets is not supported"),
        ));
    }
    if matches!(letter, ']' | '-' | '?') {
        return Err(error(
            i,
            &format!("a leg without an atom before '{letter}'"),
        ));
    }
    let Some((s, symmetry, mut range)) = legs::atom(letter) else {
        return Err(error(
            i,
            &format!("'{letter}' is not an atom the bracket notation takes"),
        ));
    };
    if symmetry == Symmetry::Oblique {
        return Err(error(
            i,
            &format!(
                "'{letter}' in brackets is not supported by fairylab: an oblique leap comes \
                 in mirror pairs, and a later leg's 'l' and 'r' cannot say which of the pair \
                 it turns from; write the legs with 'a' and 'z' or 'q'"
            ),
        ));
    }
    if *step.get_or_insert(s) != s {
        return Err(error(
            i,
            &format!(
                "'{letter}' steps unlike the legs before it: the legs of one bracket step by \
                 one atom turned (W, F, K, R, B and Q; D and A; or H and G)"
            ),
        ));
    }
    i += 1;
    if chars.get(i) == Some(&letter) && range == 1 && letter != 'K' {
        range = 0;
        i += 1;
    }
    if let Some((n, after)) = super::leaf::read_range(chars, i) {
        range = n;
        i = after;
    }
    Ok((symmetry, range, i))
}

/// The separator at `i` after an element's atom: `-`, `?` or `]`.
fn read_join(chars: &[char], i: usize, open: usize) -> Result<Join, BetzaError> {
    match chars.get(i) {
        Some('-') => Ok(Join::Must),
        Some('?') => Ok(Join::May),
        Some(']') => Ok(Join::Last),
        Some(&c) if matches!(c, 'X' | 'Y' | '*') => Err(error(
            i,
            &format!("'{c}' after an atom in brackets is not supported by fairylab"),
        )),
        Some(&c) => Err(error(
            i,
            &format!("'{c}' where '-', '?' or ']' should join the legs"),
        )),
        None => Err(error(open, "'[' without its ']'")),
    }
}

/// The `a` notation's letters a bracket's leg does not take: `o`, `j`, `k`, `u`, `x`, `g`,
/// `y`, `i` past the first leg, and `z` and `q` on the first (which turns from nothing).
fn refuse_inside(seg: &Segment, first: bool) -> Result<(), BetzaError> {
    for (j, &c) in seg.chars.iter().enumerate() {
        let taken = match c {
            'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' | 'm' | 'c' | 'd' | 'p' => true,
            'z' | 'q' => !first,
            'i' => seg.initial,
            _ => false,
        };
        if !taken {
            return Err(error(
                seg.at + j,
                &format!("'{c}' inside brackets is not supported by fairylab"),
            ));
        }
    }
    Ok(())
}

/// What a leg does on the square it ends on.
fn modes(e: &Element) -> Result<LegModes, BetzaError> {
    let mut modes = e.seg.modes;
    match e.join {
        Join::Last => Ok(legs::last_modes(modes)),
        Join::Must => {
            if e.seg.no_mode() {
                modes.quiet = true;
            }
            Ok(modes)
        }
        Join::May => {
            if modes.hop || modes.destroy {
                return Err(error(
                    e.join_at,
                    "'?' after a leg with 'p' or 'd': the move may stop there only on an empty \
                     square or an enemy",
                ));
            }
            if !modes.quiet && !modes.capture {
                (modes.quiet, modes.capture) = (true, true);
            }
            if !modes.quiet {
                return Err(error(
                    e.join_at,
                    "'?' after a leg that cannot stop on an empty square: the move goes on only \
                     from an empty one",
                ));
            }
            modes.end = true;
            Ok(modes)
        }
    }
}

/// A leg's angles, one set per parity of the heading it leaves behind (a `K` or `Q` leg's
/// orthogonal and diagonal directions apart, as what the next leg's letters mean depends on
/// it). The first leg's are absolute; a later one's relative to the heading before, whose
/// parity is `before`.
fn leg_angles(e: &Element, first: bool, before: u8) -> [u8; 2] {
    let set = if first {
        legs::leg_angles(&e.seg, true, e.symmetry)
    } else if e.chained {
        legs::leg_angles(&e.seg, false, e.symmetry)
    } else {
        // Seen from the heading before, an orthogonal atom is diagonal when that heading is.
        let frame = match (e.symmetry, before) {
            (Symmetry::Orthogonal, 1) | (Symmetry::Diagonal, 0) => Symmetry::Diagonal,
            (Symmetry::Orthogonal, _) | (Symmetry::Diagonal, _) => Symmetry::Orthogonal,
            (other, _) => other,
        };
        let letters: &[char] = if e.seg.letters.is_empty() {
            &['f']
        } else {
            &e.seg.letters
        };
        let set = angles(letters, frame);
        match frame {
            Symmetry::Orthogonal => set & 0x55,
            Symmetry::Diagonal => set & 0xaa,
            _ => set,
        }
    };
    // The relative angles that leave an orthogonal heading, then a diagonal one.
    let even = if before == 0 { 0x55 } else { 0xaa };
    [set & even, set & !even]
}
