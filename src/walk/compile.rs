//! Walks compiled from a piece type's components: each path once per colour, one walk per
//! combination of its legs' angles; a move of one plain leg (what the ray tables hold) with
//! what its letters add besides the legs (`n`, `e`, `*`, double steps, conversion), and
//! castling.

use super::{Marks, Stride, Walk};
use crate::betza::{Component, LegModes, Path};
use crate::piece::Colour;

/// The walks of a piece type's components `comps` (each with whether it is a conversion
/// move), for `colour`, on a board of `files` by `ranks` (a crooked path's length depends on
/// it); `royals` has the bits of the royal types, which a `k` leg may take; `castle_flip`:
/// Black castles the same way along the files as White. A move of one plain leg
/// ([`Component::ray_leg`]) is walked as the ray tables play it: a lame leap (`n`) as steps
/// over empty squares, `e`, `*`, an initial move's double step and conversion as its
/// [`Stride`]s and [`Marks`] say; castling as a slide to the partner.
pub fn compile(
    comps: &[(Component, bool)],
    colour: Colour,
    (files, ranks): (u8, u8),
    royals: u64,
    castle_flip: bool,
) -> Vec<Walk> {
    let mut out: Vec<Walk> = Vec::new();
    for (c, converts) in comps {
        if let Some((distance, sides)) = c.castling() {
            for side in sides {
                let dir = if colour.is_white() || castle_flip {
                    side
                } else {
                    -side
                };
                let modes = LegModes {
                    castle: true,
                    ..LegModes::default()
                };
                push_new(
                    &mut out,
                    Walk {
                        legs: vec![Stride::new((dir, 0), 0, modes)],
                        initial: true,
                        plain: false,
                        unload: false,
                        marks: Marks {
                            castle: distance,
                            ..Marks::default()
                        },
                    },
                );
            }
            continue;
        }
        let Some(leg) = c.ray_leg() else {
            for path in c.path.concrete(files, ranks) {
                add(&mut out, &path, c.initial, colour, royals);
            }
            continue;
        };
        let quiet = leg.modes.quiet;
        let lame = c.lame && leg.range == 1 && !c.half;
        let turn = |(x, y): (i8, i8)| if colour.is_white() { (x, y) } else { (-x, -y) };
        for v in c.vectors().unwrap_or_default().into_iter().map(turn) {
            let straight = v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs();
            let mut legs = if !lame {
                vec![Stride::new(v, leg.range, leg.modes)]
            } else if straight {
                // A lame leap in a line: a step at a time, each square on the way empty.
                let n = v.0.abs().max(v.1.abs());
                let d = (v.0.signum(), v.1.signum());
                let on_the_way = LegModes {
                    quiet: true,
                    ..LegModes::default()
                };
                (1..=n)
                    .map(|k| Stride::new(d, 1, if k == n { leg.modes } else { on_the_way }))
                    .collect()
            } else {
                // The Mao's path: first the orthogonal step along the longer coordinate.
                let first = if v.1.abs() > v.0.abs() {
                    (0, v.1.signum())
                } else {
                    (v.0.signum(), 0)
                };
                let on_the_way = LegModes {
                    quiet: true,
                    ..LegModes::default()
                };
                vec![
                    Stride::new(first, 1, on_the_way),
                    Stride::new((v.0 - first.0, v.1 - first.1), 1, leg.modes),
                ]
            };
            if c.half {
                legs[0].half = true;
                legs[0].range = 0;
            }
            let last = legs.len() - 1;
            legs[last].ep = c.en_passant;
            let passes = c.half || (c.initial && (leg.range != 1 || (lame && straight)));
            push_new(
                &mut out,
                Walk {
                    legs,
                    initial: c.initial,
                    plain: !c.half && !c.en_passant,
                    unload: false,
                    marks: Marks {
                        converts: *converts,
                        makes_ep: quiet && passes,
                        castle: 0,
                    },
                },
            );
        }
    }
    out
}

/// Add `walk` to `out` unless it is there.
fn push_new(out: &mut Vec<Walk>, walk: Walk) {
    if !out.contains(&walk) {
        out.push(walk);
    }
}

/// Add the walks of `path` (without a curve) to `out`, each once.
fn add(out: &mut Vec<Walk>, path: &Path, initial: bool, colour: Colour, royals: u64) {
    for steps in path.expand() {
        let legs = path
            .legs
            .iter()
            .zip(steps)
            .map(|(leg, (x, y))| Stride {
                remaining: leg.remaining,
                wrap: leg.wrap,
                jump: leg.jump,
                iso: leg.iso,
                half: leg.half,
                royals: if leg.modes.royal { royals } else { 0 },
                ..Stride::new(
                    if colour.is_white() { (x, y) } else { (-x, -y) },
                    leg.range,
                    leg.modes,
                )
            })
            .collect();
        let unload = path.legs.iter().any(|l| l.modes.unload);
        let plain = !unload
            && path.legs.iter().all(|l| {
                l.wrap == 0
                    && !l.jump
                    && !l.iso
                    && !l.half
                    && !l.modes.royal
                    && !l.modes.end
                    && !l.modes.relay
            });
        let walk = Walk {
            legs,
            initial,
            plain,
            unload,
            marks: Marks::default(),
        };
        push_new(out, walk);
    }
}
