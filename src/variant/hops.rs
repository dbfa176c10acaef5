//! The hop cache: hops along a line (`pR`, `gQ`, `cpR`, `pN`…) as tables of the same speed
//! class as rays, built from the walks that describe them ([`crate::walk`]).
//!
//! A hop is a walk of two legs in one direction: the first goes over empty squares to the
//! first piece it meets (the screen, within its range), the second goes on beyond it (a `p`
//! as far as its range allows, a `g` one square) to move to an empty square or take an enemy.
//! Such a walk is a ray that goes on past its screen, so for every (colour, type, square) the
//! cache keeps each hop as the squares of its line and the two ranges ([`Hop`]), and for every
//! (attacker colour, target square) the lines walked back from the target ([`HopProbe`]): the
//! first piece met is the screen, the next one the hopper. Walks of any other shape (and hops
//! only for unmoved pieces) stay with the walker, in [`Variant::walker`].

use super::*;
use crate::betza::LegModes;
use crate::walk::Stride;

/// A hop from a square along a line: [`Variant::hop_squares`]`[start..start + len]` are the
/// squares of the line from the square outwards, up to the board's edge or a hole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hop {
    /// Where the line's squares start in [`Variant::hop_squares`].
    pub start: u32,
    /// How many squares the line has.
    pub len: u16,
    /// How far the screen may be (0: any distance).
    pub before: u8,
    /// How far beyond the screen the hop may land (0: any distance, 1: just beyond).
    pub after: u8,
    /// It may land on an empty square.
    pub quiet: bool,
    /// It may take an enemy where it lands.
    pub capture: bool,
}

/// A hop attack walked back from a target square: [`Variant::hop_squares`]`[start..start +
/// len]` are the squares from the target back along one line; the first piece met is the
/// screen, the next a hopper of one of `types` (as [`PieceType::bit`]s) if it takes on the
/// target, given the ranges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HopProbe {
    /// Where the line's squares start in [`Variant::hop_squares`].
    pub start: u32,
    /// How many squares the line has.
    pub len: u16,
    /// How far the hopper may stand from the screen (0: any distance).
    pub before: u8,
    /// How far the target may be from the screen (0: any distance).
    pub after: u8,
    /// The types that take on the target so.
    pub types: u64,
}

/// A hop's shape for one colour, before it is laid on squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Line {
    d: (i8, i8),
    before: u8,
    after: u8,
    quiet: bool,
    capture: bool,
}

/// The hop a walk is, if it is one the cache keeps: two plain legs in one direction, the
/// first only hopping, the second moving or taking, for moved and unmoved pieces alike.
fn as_line(w: &Walk) -> Option<Line> {
    let [a, b] = w.legs.as_slice() else {
        return None;
    };
    let plain = |s: &Stride| {
        s.wrap == 0 && !s.jump && !s.iso && !s.remaining && s.royals == 0 && s.range != u8::MAX
    };
    let hop_only = LegModes {
        hop: true,
        ..LegModes::default()
    };
    let lands = LegModes {
        quiet: b.modes.quiet,
        capture: b.modes.capture,
        ..LegModes::default()
    };
    (w.plain
        && !w.initial
        && !w.unload
        && plain(a)
        && plain(b)
        && a.d == b.d
        && a.modes == hop_only
        && b.modes == lands
        && (lands.quiet || lands.capture))
        .then_some(Line {
            d: a.d,
            before: a.range,
            after: b.range,
            quiet: lands.quiet,
            capture: lands.capture,
        })
}

/// The squares from `sq` along `d` (not `sq` itself), up to the board's edge or a hole.
fn line(g: Geometry, sq: Square, d: (i8, i8)) -> Vec<Square> {
    let (f, r) = (g.file(sq) as i32, g.rank(sq) as i32);
    (1..)
        .map_while(|k| g.try_square(f + d.0 as i32 * k, r + d.1 as i32 * k))
        .collect()
}

/// The hop cache of a variant whose walks are compiled: what [`build`] returns.
pub(super) struct HopCache {
    pub squares: Vec<Square>,
    pub hops: Vec<Hop>,
    pub index: Vec<(u32, u32)>,
    /// Per (colour, type, square) as `index`: a hop may land where another move of the piece
    /// goes (a ray of another direction, another hop).
    pub meets: Vec<bool>,
    pub probes: Vec<HopProbe>,
    pub probe_index: Vec<(u32, u32)>,
    /// Per type, per colour: the walks the cache does not hold.
    pub walker: Vec<[Vec<Walk>; 2]>,
    pub types: u64,
}

/// Build the hop cache from the walks, with `rays` (per (colour, type, square), as
/// `ray_index` orders them) to tell where a hop may land on a ray's square.
pub(super) fn build(
    g: Geometry,
    walks: &[[Vec<Walk>; 2]],
    rays: &[Vec<super::rays::RawRay>],
) -> HopCache {
    let nt = walks.len();
    let nsq = g.len();
    let mut lines: Vec<[Vec<Line>; 2]> = vec![[Vec::new(), Vec::new()]; nt];
    let mut walker: Vec<[Vec<Walk>; 2]> = vec![[Vec::new(), Vec::new()]; nt];
    for t in 0..nt {
        for c in 0..2 {
            for w in &walks[t][c] {
                match as_line(w) {
                    Some(l) => lines[t][c].push(l),
                    None => walker[t][c].push(w.clone()),
                }
            }
        }
    }
    let mut cache = HopCache {
        squares: Vec::new(),
        hops: Vec::new(),
        index: vec![(0, 0); 2 * nt * nsq],
        meets: vec![false; 2 * nt * nsq],
        probes: Vec::new(),
        probe_index: vec![(0, 0); 2 * nsq],
        walker,
        types: (0..nt)
            .filter(|&t| !lines[t][0].is_empty() || !lines[t][1].is_empty())
            .fold(0, |m, t| m | PieceType::new(t).bit()),
    };
    for c in 0..2 {
        for (t, lines) in lines.iter().enumerate() {
            for sq in 0..nsq {
                let i = (c * nt + t) * nsq + sq;
                let start = cache.hops.len() as u32;
                if !g.is_hole(sq as Square) {
                    for l in &lines[c] {
                        let squares = line(g, sq as Square, l.d);
                        // A screen and a square beyond it at least.
                        if squares.len() < 2 {
                            continue;
                        }
                        cache.hops.push(Hop {
                            start: cache.squares.len() as u32,
                            len: squares.len() as u16,
                            before: l.before,
                            after: l.after,
                            quiet: l.quiet,
                            capture: l.capture,
                        });
                        cache.squares.extend(squares);
                    }
                }
                cache.index[i] = (start, cache.hops.len() as u32);
                cache.meets[i] = meets(&cache, start as usize, &rays[i]);
            }
        }
    }
    // The probes: per attacker colour, each hop shape that takes, walked back from every
    // target square.
    for c in 0..2 {
        let mut shapes: Vec<(Line, u64)> = Vec::new();
        for (t, lines) in lines.iter().enumerate() {
            for l in lines[c].iter().filter(|l| l.capture) {
                let key = Line { quiet: false, ..*l };
                match shapes.iter_mut().find(|(s, _)| *s == key) {
                    Some((_, m)) => *m |= PieceType::new(t).bit(),
                    None => shapes.push((key, PieceType::new(t).bit())),
                }
            }
        }
        for sq in 0..nsq {
            let start = cache.probes.len() as u32;
            for (l, types) in &shapes {
                let back = line(g, sq as Square, (-l.d.0, -l.d.1));
                if g.is_hole(sq as Square) || back.len() < 2 {
                    continue;
                }
                cache.probes.push(HopProbe {
                    start: cache.squares.len() as u32,
                    len: back.len() as u16,
                    before: l.before,
                    after: l.after,
                    types: *types,
                });
                cache.squares.extend(back);
            }
            cache.probe_index[c * nsq + sq] = (start, cache.probes.len() as u32);
        }
    }
    cache
}

/// Whether a hop of `cache.hops[first..]` may land where another move from the square goes:
/// a ray's step that allows a move (but not one in the hop's own direction, whose moves end
/// on or before the screen), or another hop's landing square.
fn meets(cache: &HopCache, first: usize, rays: &[super::rays::RawRay]) -> bool {
    let hops = &cache.hops[first..];
    let landing =
        |h: &Hop| &cache.squares[h.start as usize + 1..(h.start as usize + h.len as usize)];
    let moves = step::QUIET | step::CAPTURE | step::QUIET_I | step::CAPTURE_I | step::EP;
    let mut seen = SquareSet::EMPTY;
    for h in hops {
        let first_square = cache.squares[h.start as usize];
        for r in rays {
            // The ray of the hop's own direction starts on the hop line's first square.
            let own = !r.path && r.steps.first().is_some_and(|s| s.to == first_square);
            if own {
                continue;
            }
            if r.steps
                .iter()
                .any(|s| s.flags & moves != 0 && landing(h).contains(&s.to))
            {
                return true;
            }
        }
        // Two hops land on one square only along one line (a `p` and a `g` the same way).
        if landing(h).iter().any(|&s| seen.contains(s)) {
            return true;
        }
        landing(h).iter().for_each(|&s| seen.insert(s));
    }
    false
}
