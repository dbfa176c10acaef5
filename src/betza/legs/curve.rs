//! Crooked (`z`) and circular (`q`) moves, as the Interactive Diagram makes them: a path of
//! single steps of the atom, the first in any of the component's directions, each later one
//! turned from the one before: for `z` by 90°, to one side and then the other in turn, for
//! `q` by 45° the same way each time (both ways round, each). The piece may stop on every
//! empty square of the path and take the first enemy it meets; a piece ends the path. Its
//! length is the atom's range when that is 2 or more, else the board's longer side less one,
//! whatever the atom, and at most 7 for `q` (the eighth step would close the circle): `zB` is
//! the crooked bishop, `qN` the rose, and `zW`, `qW` zigzag and circle too.
//!
//! As in the Diagram, the path goes on past an empty square only where the piece may stop
//! (`m`): `czB` takes on the first step only. With `p` it hops the first piece it meets and
//! goes on, stopping only beyond it; with `g` it lands on the step just beyond.

use super::segment::{Segment, error};
use super::{Leg, LegModes, Path};
use crate::betza::BetzaError;

/// A crooked or circular path: its steps are laid out for a board by [`Curve::paths`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Curve {
    /// `q`: each step turns 45° the same way; else (`z`) 90°, one way then the other.
    pub circular: bool,
    /// The first step's angles (absolute).
    pub angles: u8,
    /// Steps: the atom's range when 2 or more, else 0 (the board's longer side less one).
    pub steps: u8,
    /// May stop on an empty square (`m`), may take an enemy (`c`).
    pub quiet: bool,
    /// May take an enemy (`c`).
    pub capture: bool,
    /// A hop over the first piece met: `Some(false)` goes on beyond it (`p`), `Some(true)`
    /// lands on the next step (`g`).
    pub hop: Option<bool>,
}

/// The relative angles of a crooked path's second, third, ... steps, taken in turn: 90° right
/// then left, and left then right.
const CROOKED: [[u8; 2]; 2] = [[0x04, 0x40], [0x40, 0x04]];

/// A circular path's: 45° left each time, and right each time.
const CIRCULAR: [[u8; 2]; 2] = [[0x80, 0x80], [0x02, 0x02]];

impl Curve {
    /// Read the one leg `seg` of a component with `z` or `q` (`letter`), with its first
    /// step's angles `angles` and the atom's `range`.
    pub fn read(letter: char, seg: &Segment, angles: u8, range: u8) -> Result<Curve, BetzaError> {
        let m = seg.modes;
        if let Some(j) = seg.chars.iter().position(|c| matches!(c, 'd' | 'y' | 'k')) {
            return Err(error(
                seg.at + j,
                &format!(
                    "'{}' on a crooked or circular move is not supported by fairylab",
                    seg.chars[j]
                ),
            ));
        }
        let (quiet, capture) = if m.quiet || m.capture {
            (m.quiet, m.capture)
        } else {
            (true, true)
        };
        Ok(Curve {
            circular: letter == 'q',
            angles,
            steps: if range >= 2 { range } else { 0 },
            quiet,
            capture,
            hop: m.hop.then_some(seg.toggle),
        })
    }

    /// The path's steps on a board of `files` by `ranks`: one path for each way round, or with
    /// a hop one for each step the hop may be on (the last step has no room to land beyond).
    pub fn paths(&self, step: (i8, i8), files: u8, ranks: u8) -> Vec<Path> {
        let mut n = if self.steps >= 2 {
            self.steps
        } else {
            files.max(ranks) - 1
        };
        if self.circular {
            n = n.min(7);
        }
        let n = n.max(1) as usize;
        let modes = |end: bool| LegModes {
            quiet: self.quiet,
            capture: self.capture,
            end,
            ..LegModes::default()
        };
        let mut out = Vec::new();
        for turns in if self.circular { CIRCULAR } else { CROOKED } {
            let leg = |j: usize, modes: LegModes| {
                let angles = if j == 0 {
                    self.angles
                } else {
                    turns[(j - 1) % 2]
                };
                Leg::plain(angles, 1, modes)
            };
            let path = |legs: Vec<Leg>| Path {
                step,
                legs,
                curve: None,
            };
            let Some(lands_next) = self.hop else {
                out.push(path((0..n).map(|j| leg(j, modes(j + 1 < n))).collect()));
                continue;
            };
            for k in 0..n - 1 {
                // Up to the screen on empty squares without stopping, the hop, then beyond.
                let mut legs: Vec<Leg> = (0..k)
                    .map(|j| {
                        let quiet = LegModes {
                            quiet: self.quiet,
                            ..LegModes::default()
                        };
                        leg(j, quiet)
                    })
                    .collect();
                let hop = LegModes {
                    hop: true,
                    ..LegModes::default()
                };
                legs.push(leg(k, hop));
                let end = if lands_next { k + 2 } else { n };
                legs.extend((k + 1..end).map(|j| leg(j, modes(j + 1 < end))));
                out.push(path(legs));
            }
        }
        out
    }
}
