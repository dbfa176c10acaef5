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
//!
//! Further letters, read as the Diagram's script reads them: `k` (the leg takes only royal
//! enemies), `o` (the leg goes round the side edges, `oo` round all four), `i` on a later leg
//! (as far as the sliding leg before went), `z` and `q` (crooked and circular paths, in
//! `curve.rs`), `j` on a move of one leg (`jump.rs`), `u` (the piece taken on the
//! destination is put down where the `u` leg starts: `udW` swaps with a friend), `x` (on a
//! friend the leg ends on: the last leg lends the mover the friend's moves, an earlier one
//! has the friend make the legs after). Where the
//! script drops a letter (on a hop's last leg, on a crooked move) fairylab drops it too, with
//! a note for a warning; where it makes no sense of one, or the move would do what a fairylab
//! move cannot, the move is not played, with the reason ([`refused`]).

mod angles;
mod curve;
mod jump;
mod segment;
#[cfg(test)]
mod tests;
mod unload;

pub use angles::{Symmetry, angles, atom, rotate};
pub use curve::Curve;
pub use segment::refused;
pub(in crate::betza) use segment::{Segment, error};

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
    /// Take an enemy only if it is royal (`k`: a move that can only give check, or take a
    /// royal piece where that is allowed).
    pub royal: bool,
    /// On a leg that is not the last: the move may also end where the leg ends, on an empty
    /// square (`quiet`) or taking an enemy (`capture`, then it ends there), besides going on
    /// from an empty square (each step of a crooked path).
    pub end: bool,
    /// `u` (unload): the piece the move takes on its destination is put down on the square
    /// this leg starts from (a one-leg `udW` swaps places with a friend).
    pub unload: bool,
    /// `x` on a friend the leg ends on, of another type for the last leg: on the last leg the
    /// moving piece may make that friend's moves (induction, `KxQ`: a king that moves as any
    /// friend it sees along queen lines); on an earlier one the friend makes the legs after
    /// (relay, `xaK`).
    pub relay: bool,
    /// Castling (`O`), on a move of one sideways leg whose range is how far the king goes:
    /// the king's move, bringing the piece in the corner beside it.
    pub castle: bool,
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
    /// `o`: 0 for none, 1 when the files wrap round (a cylinder), 2 when the ranks do too
    /// (`oo`, a torus).
    pub wrap: u8,
    /// `j` on a leap in a line: the squares it leaps over must all be occupied (or holes).
    pub jump: bool,
    /// `i` after `a`: the leg goes as far as the last leg before it that could go more than
    /// one square went.
    pub iso: bool,
    /// `*` after the atom, on a path's first leg: it goes as far as the last rank of the
    /// mover's own half of the board from where it starts, at least one step (`range` is 0).
    pub half: bool,
    /// What the leg may end on (`m`, `c`, `d`, `p`, `g`, `y`).
    pub modes: LegModes,
}

impl Leg {
    /// A leg at `angles` of up to `range` squares ending on what `modes` say: no wrap, no
    /// `j`, no `i`, a range of its own.
    pub fn plain(angles: u8, range: u8, modes: LegModes) -> Leg {
        Leg {
            angles,
            range,
            remaining: false,
            wrap: 0,
            jump: false,
            iso: false,
            half: false,
            modes,
        }
    }
}

/// A move of several legs, all stepping by the same atom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    /// The atom's step at angle 0, from White's side: x across (to the right), y forward.
    pub step: (i8, i8),
    /// The legs (none for a curve).
    pub legs: Vec<Leg>,
    /// A crooked or circular path, whose legs depend on the board ([`Path::concrete`]).
    pub curve: Option<Curve>,
}

impl Path {
    /// The path on a board of `files` by `ranks`: itself, or a curve's paths laid out.
    pub fn concrete(&self, files: u8, ranks: u8) -> Vec<Path> {
        match &self.curve {
            Some(c) => c.paths(self.step, files, ranks),
            None => vec![self.clone()],
        }
    }

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

/// A component read into a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The path's legs.
    pub path: Path,
    /// Further paths the component stands for: with `u`, one for each way the legs before a
    /// `u` leg end (on an empty square, where the piece taken is put down, or on a piece,
    /// which is taken).
    pub more: Vec<Path>,
    /// Only for a piece that has not moved (`i` in the first leg).
    pub initial: bool,
    /// Letters the Diagram reads but drops where they stand, each with its offset and why
    /// (warnings: fairylab drops them too).
    pub notes: Vec<BetzaError>,
}

/// Read the modifiers `mods` (the characters before the atom, starting at `offset` in the
/// Betza string) of a component with `a`, `p`, `g`, `d`, `z`, `q`, `o`, `j` or `k` into a
/// path, for an atom of `symmetry` and `range`; `own` is the atom's own range (1 for a
/// leaper, 0 for `R`, `B`, `Q`), which the legs after the first take, as the script's
/// `origRange` (`maDD` rides the first leg and leaps the second).
pub fn parse(
    mods: &[char],
    offset: usize,
    step: (i8, i8),
    symmetry: Symmetry,
    (range, own): (u8, u8),
) -> Result<Parsed, BetzaError> {
    let mut segments = Vec::new();
    let mut start = offset;
    for (n, part) in mods.split(|&c| c == 'a').enumerate() {
        segments.push(Segment::read(part, start, n == 0)?);
        start += part.len() + 1;
    }
    let initial = segments[0].initial;
    for letter in ['u', 'x'] {
        if let Some(at) = segments.iter().find_map(|s| s.pos(letter))
            && segments
                .iter()
                .any(|s| s.curve.is_some() || s.jump.is_some())
        {
            return Err(error(
                at,
                &format!(
                    "'{letter}' on a crooked, circular or jumping move is not supported by \
                     fairylab"
                ),
            ));
        }
    }
    let mut notes = Vec::new();
    if let Some(&(c, at)) = segments.iter().find_map(|s| s.curve.as_ref()) {
        if segments.len() > 1 {
            return Err(error(
                at,
                &format!("'{c}' in a move of several legs is not supported by fairylab"),
            ));
        }
        let angles = leg_angles(&segments[0], true, symmetry);
        let curve = Curve::read(c, &segments[0], angles, range)?;
        let seg = &segments[0];
        if seg.wrap > 0 {
            notes.push(dropped(seg.wrap_at, 'o', "a crooked or circular move"));
        }
        if let Some(j) = seg.jump {
            notes.push(dropped(j, 'j', "a crooked or circular move"));
        }
        return Ok(Parsed {
            path: Path {
                step,
                legs: Vec::new(),
                curve: Some(curve),
            },
            more: Vec::new(),
            initial,
            notes,
        });
    }
    if let Some(j) = segments.iter().find_map(|s| s.jump) {
        if segments.len() > 1 {
            return Err(error(
                j,
                "'j' in a move of several legs is not supported by fairylab",
            ));
        }
        let seg = &segments[0];
        if !seg.modes.hop {
            let angles = leg_angles(seg, true, symmetry);
            let legs = jump::legs(seg, j, step, angles, range, last_modes(seg.modes))?;
            return Ok(Parsed {
                path: Path {
                    step,
                    legs,
                    curve: None,
                },
                more: Vec::new(),
                initial,
                notes,
            });
        }
        notes.push(dropped(j, 'j', "a hop's last leg"));
    }
    let legs = plain(&segments, symmetry, (range, own), &mut notes);
    relay(&segments)?;
    let mut paths = unload::paths(legs, &segments, (step, offset, mods), &mut notes)?;
    let path = paths.remove(0);
    Ok(Parsed {
        path,
        more: paths,
        initial,
        notes,
    })
}

/// The limits every move of several legs keeps (`legs` as read from the component at
/// `offset`): at most [`MAX_WAYS`](super::MAX_WAYS) ways, [`MAX_PATH_STEPS`](super::MAX_PATH_STEPS)
/// squares walked and [`MAX_LOCUST`](super::MAX_LOCUST) pieces taken on the way. Returns how
/// many legs before the last may take a piece.
pub fn check(legs: &[Leg], offset: usize) -> Result<usize, BetzaError> {
    let ways = legs
        .iter()
        .try_fold(1usize, |n, l| n.checked_mul(l.angles.count_ones() as usize))
        .filter(|&n| n <= super::MAX_WAYS);
    if ways.is_none() {
        return Err(error(
            offset,
            &format!(
                "a move of {} legs going more than {} ways (the directions of each leg \
                 multiplied) is more than fairylab follows",
                legs.len(),
                super::MAX_WAYS
            ),
        ));
    }
    let steps = legs.iter().try_fold(1usize, |n, l| {
        let squares = match (l.wrap, l.range) {
            // A leg on the board goes 15 squares at most, whatever its range.
            (0, 0) => 15,
            (0, r) => r.min(15) as usize,
            _ => 256,
        };
        n.checked_mul(l.angles.count_ones() as usize * squares)
    });
    if steps.is_none_or(|n| n > super::MAX_PATH_STEPS) {
        return Err(error(
            offset,
            &format!(
                "a move of {} legs that may walk more than {} squares (each leg's directions \
                 times the squares it may go, multiplied) is more than fairylab follows",
                legs.len(),
                super::MAX_PATH_STEPS
            ),
        ));
    }
    let victims = legs[..legs.len() - 1]
        .iter()
        .filter(|l| !l.modes.end && (l.modes.capture || l.modes.destroy || l.modes.royal))
        .count();
    if victims > super::MAX_LOCUST {
        return Err(error(
            offset,
            &format!(
                "a move of {} legs that may take {victims} pieces on the way (legs before the \
                 last with 'c', 'd' or 'k') is more than fairylab follows: at most {}",
                legs.len(),
                super::MAX_LOCUST
            ),
        ));
    }
    Ok(victims)
}

/// The angles a leg's letters select: the first leg's read in the atom's own system and kept
/// to its directions, a later leg's relative and read in K's; none means every one (every one
/// but straight back, for a later leg).
pub(in crate::betza) fn leg_angles(seg: &Segment, first: bool, symmetry: Symmetry) -> u8 {
    let mut set = angles(&seg.letters, if first { symmetry } else { Symmetry::King });
    if set == 0 {
        set = if first { 0xff } else { 0xef };
    }
    if first {
        set &= match symmetry {
            Symmetry::Orthogonal => 0x55,
            Symmetry::Diagonal => 0xaa,
            _ => 0xff,
        };
        if symmetry == Symmetry::Alibaba {
            // `@`: the script's angle 0 is the (2,2) leap, fairylab's step (0,2) at angle 1;
            // a later leg's angles are relative to the one before, so only the first turns.
            set = set.rotate_left(1);
        }
    }
    set
}

/// A note that the Diagram drops `letter` (at `offset`) on `what`.
fn dropped(offset: usize, letter: char, what: &str) -> BetzaError {
    error(
        offset,
        &format!(
            "'{letter}' on {what} does nothing: the Diagram's script drops it there, and so \
             does fairylab"
        ),
    )
}

/// The modes of a last leg: as written, or `mc` when it has neither `m`, `c`, `d`, `k` nor
/// `x`.
pub(in crate::betza) fn last_modes(mut modes: LegModes) -> LegModes {
    if !modes.quiet && !modes.capture && !modes.destroy && !modes.royal && !modes.relay {
        (modes.quiet, modes.capture) = (true, true);
    }
    modes
}

/// `x` is read on one leg of a move (a relayed friend that relays again, or lends moves,
/// is more than fairylab follows), not on a hop before the last leg, nor beside `u`.
fn relay(segments: &[Segment]) -> Result<(), BetzaError> {
    let mut with = segments.iter().filter_map(|s| s.pos('x').map(|at| (s, at)));
    let Some((seg, at)) = with.next() else {
        return Ok(());
    };
    if let Some((_, again)) = with.next() {
        return Err(error(
            again,
            "'x' on two legs of one move (a friend relaying the move on again) is not \
             supported by fairylab",
        ));
    }
    if seg.modes.hop && !std::ptr::eq(seg, &segments[segments.len() - 1]) {
        return Err(error(at, "'x' on a hop is not supported by fairylab"));
    }
    if let Some(u) = segments.iter().find_map(|s| s.pos('u')) {
        // (A relay hands the move over; nothing is put down.)
        return Err(error(
            u,
            "'u' in a move with 'x' is not supported by fairylab: a relayed move puts \
             nothing down",
        ));
    }
    Ok(())
}

/// `o`, `oo`: how a leg wraps round the board's edges.
fn wrap(seg: &Segment) -> u8 {
    seg.wrap.min(2)
}

/// The legs of a move of several legs or a hop, one per segment (a hop in the last leg two:
/// up to the screen, then on beyond it). The first leg goes as far as `range`; the later
/// ones take the atom's own range `own`, toggled by a `g` or `y` before them.
fn plain(
    segments: &[Segment],
    symmetry: Symmetry,
    (range, own): (u8, u8),
    notes: &mut Vec<BetzaError>,
) -> Vec<Leg> {
    let mut legs = Vec::new();
    let mut range = range;
    let mut toggled = own;
    let last = segments.len() - 1;
    for (n, seg) in segments.iter().enumerate() {
        let set = leg_angles(seg, n == 0, symmetry);
        let mut modes = seg.modes;
        if n < last {
            if seg.no_mode() {
                modes.quiet = true;
            }
            legs.push(Leg {
                angles: set,
                range,
                remaining: false,
                wrap: wrap(seg),
                jump: false,
                iso: seg.iso.is_some(),
                half: false,
                modes,
            });
            // `g` and `y` toggle the range of the legs after: a slider's step once, a
            // leaper's slide.
            if seg.toggle {
                toggled = u8::from(toggled == 0);
            }
            range = toggled;
            continue;
        }
        if modes.hop {
            // A hop in the last leg: up to the screen, then on in the same direction; a `g`
            // lands just beyond (a slider's range toggled), a `p` as far as the range allows.
            // The Diagram drops an `o` here: neither part wraps.
            if seg.wrap > 0 {
                notes.push(dropped(seg.wrap_at, 'o', "a hop's last leg"));
            }
            if let Some(i) = seg.iso {
                notes.push(dropped(i, 'i', "a hop's last leg"));
            }
            if let Some(k) = seg.royal {
                notes.push(dropped(k, 'k', "a hop's last leg"));
                modes.royal = false;
            }
            if let Some(d) = seg.pos('d') {
                notes.push(dropped(d, 'd', "a hop's last leg"));
                modes.destroy = false;
            }
            if let Some(x) = seg.pos('x') {
                notes.push(dropped(x, 'x', "a hop's last leg"));
                modes.relay = false;
            }
            if let Some(u) = seg.pos('u') {
                notes.push(dropped(u, 'u', "a hop's last leg"));
                modes.unload = false;
            }
            legs.push(Leg::plain(
                set,
                range,
                LegModes {
                    hop: true,
                    ..LegModes::default()
                },
            ));
            let landing = if seg.toggle {
                u8::from(range == 0)
            } else {
                range
            };
            modes.hop = false;
            legs.push(Leg {
                angles: 1,
                range: landing,
                remaining: !seg.toggle && range > 1,
                wrap: 0,
                jump: false,
                iso: false,
                half: false,
                modes: last_modes(modes),
            });
        } else {
            legs.push(Leg {
                angles: set,
                range,
                remaining: false,
                wrap: wrap(seg),
                jump: false,
                iso: seg.iso.is_some(),
                half: false,
                modes: last_modes(modes),
            });
        }
    }
    legs
}
