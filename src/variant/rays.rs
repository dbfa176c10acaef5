//! Rays under construction: a type's Betza components expanded into merged rays from a square
//! (see the module's account of rays), with the helpers [`Variant::compile`] builds the tables
//! from.

use super::*;
use crate::betza::Leg;

/// A probe under construction: squares walked back from the target, masks per square, the
/// step vector, and whether it is a non-straight path.
pub(super) type ProbeDraft = (Vec<Square>, Vec<(u64, u64)>, (i32, i32), bool);

/// A ray under construction: squares from the origin along vector `d` (or a Mao-style path).
pub(super) struct RawRay {
    pub d: (i32, i32),
    pub path: bool,
    pub steps: Vec<Step>,
}

/// Whether two of the rays have a step to the same square that allows a move.
pub(super) fn overlap(raws: &[RawRay]) -> bool {
    let moves = step::QUIET | step::CAPTURE | step::QUIET_I | step::CAPTURE_I | step::EP;
    let mut seen = crate::geometry::SquareSet::EMPTY;
    for s in raws.iter().flat_map(|r| &r.steps) {
        if s.flags & moves != 0 {
            if seen.contains(s.to) {
                return true;
            }
            seen.insert(s.to);
        }
    }
    false
}

/// Expand a type's Betza components into merged rays from `sq` for `colour`: each plain
/// leg's flags ([`flags_of`]), its ray in each direction ([`ray_of`]), merged with the rays
/// before it ([`merge`]); then moves made less often by a longer route dropped, and steps that
/// allow nothing at a ray's end.
pub(super) fn build_rays(
    g: Geometry,
    sq: Square,
    colour: Colour,
    comps: &[(Component, bool)],
    vectors: &[Vec<(i8, i8)>],
) -> Vec<RawRay> {
    let mut raws: Vec<RawRay> = Vec::new();
    for ((c, convert), vectors) in comps.iter().zip(vectors) {
        let Some(leg) = c.ray_leg() else { continue };
        let flags = flags_of(c, leg, *convert);
        for &(vx, vy) in vectors {
            // Black's moves are White's turned half a turn, as in the Interactive Diagram
            // (`lF` is a leap to White's left for either side, seen from its own side).
            let v = if colour.is_white() {
                (vx as i32, vy as i32)
            } else {
                (-(vx as i32), -(vy as i32))
            };
            let mut new = ray_of(g, sq, colour, c, leg, v, flags);
            if new.steps.is_empty() {
                continue;
            }
            // Initial quiet moves that pass squares create en passant rights.
            if !new.path {
                for (k, s) in new.steps.iter_mut().enumerate() {
                    if k > 0 && s.flags & step::QUIET_I != 0 {
                        s.flags |= step::MAKES_EP;
                    }
                }
            }
            merge(&mut raws, new);
        }
    }
    drop_redundant(&mut raws);
    // Drop steps that allow nothing at the end of a ray.
    for r in raws.iter_mut() {
        while r.steps.last().is_some_and(|s| s.flags & !step::MARKS == 0) {
            r.steps.pop();
        }
    }
    raws.retain(|r| !r.steps.is_empty());
    raws
}

/// The [`step`] flags of the moves of the plain leg `leg` of component `c` (`convert`: a
/// conversion move): quiet and capture, initial or not, en passant, conversion.
fn flags_of(c: &Component, leg: &Leg, convert: bool) -> u8 {
    let mut flags = 0u8;
    if leg.modes.quiet {
        flags |= if c.initial {
            step::QUIET_I
        } else {
            step::QUIET
        };
    }
    if leg.modes.capture {
        flags |= if c.initial {
            step::CAPTURE_I
        } else {
            step::CAPTURE
        };
    }
    if c.en_passant {
        flags |= step::EP;
    }
    if convert {
        flags |= step::CONVERT;
    }
    flags
}

/// The ray of component `c`'s plain leg `leg` from `sq` along `v` (turned for `colour`), its
/// moves allowing `flags`: a rider's steps up to its range (a `*` rider's as far as its own
/// half, its longer quiet moves making en passant rights), a lame leap's squares on the way
/// (allowing nothing) then its square, the Mao's path, or a leap. No steps where it leaves
/// the board.
fn ray_of(
    g: Geometry,
    sq: Square,
    colour: Colour,
    c: &Component,
    leg: &Leg,
    v: (i32, i32),
    flags: u8,
) -> RawRay {
    let (f0, r0) = (g.file(sq) as i32, g.rank(sq) as i32);
    let at = |d: (i32, i32), k: i32| g.try_square(f0 + d.0 * k, r0 + d.1 * k);
    // `*`: as far as the last rank of the mover's own half, at least one step.
    let range = if c.half {
        let own = if colour.is_white() {
            g.ranks as i32 / 2 - r0
        } else {
            r0 - (g.ranks as i32 - 1) / 2
        };
        (own - 1).max(1) as u8
    } else {
        leg.range
    };
    let ray = |d, path, steps| RawRay { d, path, steps };
    if range != 1 || c.half {
        // Rider: steps v, 2v, … up to the range.
        let mut s = Vec::new();
        let mut k = 1;
        while let Some(to) = at(v, k) {
            let passes = c.half && k > 1 && leg.modes.quiet;
            s.push(Step::new(
                to,
                if passes {
                    flags | step::MAKES_EP_ALWAYS
                } else {
                    flags
                },
            ));
            if range != 0 && k >= range as i32 {
                break;
            }
            k += 1;
        }
        ray(v, false, s)
    } else if c.lame && (v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs()) {
        let n = v.0.abs().max(v.1.abs());
        let d = (v.0.signum(), v.1.signum());
        let mut s = Vec::new();
        for k in 1..=n {
            match at(d, k) {
                Some(to) => s.push(Step::new(to, if k == n { flags } else { 0 })),
                None => {
                    s.clear();
                    break;
                }
            }
        }
        ray(d, false, s)
    } else if c.lame {
        // Mao-style: first the orthogonal step along the longer coordinate.
        let first = if v.1.abs() > v.0.abs() {
            (0, v.1.signum())
        } else {
            (v.0.signum(), 0)
        };
        match (at(first, 1), at(v, 1)) {
            (Some(p), Some(to)) => ray(v, true, vec![Step::new(p, 0), Step::new(to, flags)]),
            _ => ray(v, true, Vec::new()),
        }
    } else {
        let steps = at(v, 1).map(|to| vec![Step::new(to, flags)]);
        ray(v, false, steps.unwrap_or_default())
    }
}

/// Add `new` to `raws`: merged with a ray in the same direction (one is a prefix of the
/// other), or with a Mao's path over the same squares, else a ray of its own.
fn merge(raws: &mut Vec<RawRay>, mut new: RawRay) {
    if !new.path {
        if let Some(r) = raws.iter_mut().find(|r| !r.path && r.d == new.d) {
            for (k, s) in new.steps.drain(..).enumerate() {
                if k < r.steps.len() {
                    r.steps[k].flags |= s.flags;
                } else {
                    r.steps.push(s);
                }
            }
            return;
        }
    } else if let Some(r) = raws
        .iter_mut()
        .find(|r| r.path && r.steps[0].to == new.steps[0].to && r.steps[1].to == new.steps[1].to)
    {
        r.steps[1].flags |= new.steps[1].flags;
        return;
    }
    raws.push(new);
}

/// A move to a square that another ray reaches past fewer squares (some of the same ones:
/// a jump passes none, a coarser rider every other one) is the same move made less often,
/// so it is dropped from the ray that passes more (else `WWDD` lists a1a3 twice, and
/// `ifmnDfD` or `ifmnDmD0` two b7b5s, one making en passant rights, with the same text).
/// The rays do not change where a piece attacks: the other ray still takes there.
fn drop_redundant(raws: &mut [RawRay]) {
    // Most pieces reach each square by one ray only: nothing to compare.
    let mut seen = SquareSet::EMPTY;
    let mut shared = false;
    for s in raws.iter().flat_map(|r| &r.steps) {
        shared |= seen.contains(s.to);
        seen.insert(s.to);
    }
    if !shared {
        return;
    }
    let mut at: Vec<(Square, usize, usize)> = raws
        .iter()
        .enumerate()
        .flat_map(|(i, r)| r.steps.iter().enumerate().map(move |(k, s)| (s.to, i, k)))
        .collect();
    // In (square, ray, step) order; rays and steps are far fewer than 2^20.
    crate::keyed::sort_keyed(&mut at, |&(s, i, k)| {
        u64::from(s) << 40 | (i as u64) << 20 | k as u64
    });
    let mut drop: Vec<(usize, usize, u8)> = Vec::new();
    for same in at.chunk_by(|a, b| a.0 == b.0).filter(|g| g.len() > 1) {
        for &(_, a, ka) in same {
            for &(_, b, kb) in same {
                let passed_a = &raws[a].steps[..ka];
                let passed_b = &raws[b].steps[..kb];
                let fewer = passed_b
                    .iter()
                    .all(|s| passed_a.iter().any(|t| t.to == s.to));
                // The same squares passed (rays that were not merged): the first ray keeps it.
                if a == b || !fewer || (kb == ka && b > a) {
                    continue;
                }
                let j = raws[b].steps[kb].flags;
                let mut redundant = j & !step::MARKS;
                // What the other ray may always do, the same move as an initial one adds
                // nothing to.
                if j & step::QUIET != 0 {
                    redundant |= step::QUIET_I;
                }
                if j & step::CAPTURE != 0 {
                    redundant |= step::CAPTURE_I;
                }
                drop.push((a, ka, redundant));
            }
        }
    }
    for (a, ka, redundant) in drop {
        raws[a].steps[ka].flags &= !redundant;
    }
}
