//! The fast move tables [`Variant::compile`] builds from the single-leg components: the rays
//! of every (colour, type, square), and the attack probes of every (attacker colour, target
//! square) walked back from them.

use super::rays::{ProbeDraft, RawRay, build_rays, overlap};
use super::*;

/// The rays of every (colour, type, square), indexed as [`Variant::ray_index`].
pub(super) struct RayTables {
    pub steps: Vec<Step>,
    pub rays: Vec<Ray>,
    pub ray_index: Vec<(u32, u32)>,
    /// Indexed as `ray_index`: the range of the rays' steps in `steps`.
    pub step_index: Vec<(u32, u32)>,
    /// Indexed as `steps`: how many steps of its ray follow each step.
    pub steps_after: Vec<u16>,
    pub overlapping: Vec<bool>,
    /// Some step takes en passant.
    pub has_ep: bool,
    /// The rays as built, indexed as `ray_index`: what the probes and the hop cache read.
    pub raws: Vec<Vec<RawRay>>,
}

impl RayTables {
    /// The rays of the types whose components are `comps`, on `g`.
    pub fn build(g: Geometry, comps: &[Vec<(Component, bool)>]) -> RayTables {
        let (nt, nsq) = (comps.len(), g.len());
        let mut t = RayTables {
            steps: Vec::new(),
            rays: Vec::new(),
            ray_index: vec![(0, 0); 2 * nt * nsq],
            step_index: vec![(0, 0); 2 * nt * nsq],
            steps_after: Vec::new(),
            overlapping: vec![false; 2 * nt * nsq],
            has_ep: false,
            raws: Vec::with_capacity(2 * nt * nsq),
        };
        // Each component's vectors, worked out once rather than for every square and colour.
        let vectors: Vec<Vec<Vec<(i8, i8)>>> = (comps.iter())
            .map(|cs| {
                (cs.iter())
                    .map(|(c, _)| c.vectors().unwrap_or_default())
                    .collect()
            })
            .collect();
        for colour in Colour::ALL {
            for (ty, (cs, vs)) in comps.iter().zip(&vectors).enumerate() {
                for sq in 0..nsq {
                    // No piece stands on a hole: no moves from one.
                    let raws = if g.is_hole(sq as Square) {
                        Vec::new()
                    } else {
                        build_rays(g, sq as Square, colour, cs, vs)
                    };
                    let i = (colour.index() * nt + ty) * nsq + sq;
                    let first_step = t.steps.len() as u32;
                    t.ray_index[i] = t.push(&raws);
                    t.step_index[i] = (first_step, t.steps.len() as u32);
                    t.overlapping[i] = overlap(&raws);
                    t.raws.push(raws);
                }
            }
        }
        if !t.has_ep {
            for s in t.steps.iter_mut() {
                s.flags &= !(step::MAKES_EP | step::MAKES_EP_ALWAYS);
            }
        }
        t
    }

    /// Append the rays of one square; their range in `rays`.
    fn push(&mut self, raws: &[RawRay]) -> (u32, u32) {
        let start = self.rays.len() as u32;
        for r in raws {
            self.has_ep |= r.steps.iter().any(|s| s.flags & step::EP != 0);
            self.rays.push(Ray {
                start: self.steps.len() as u32,
                len: r.steps.len() as u32,
            });
            self.steps.extend(&r.steps);
            let n = r.steps.len();
            self.steps_after
                .extend((0..n).map(|k| u16::try_from(n - 1 - k).unwrap_or(u16::MAX)));
        }
        (start, self.rays.len() as u32)
    }

    /// The rays of the piece of `colour` and type `t` on `sq` (of `nt` types, `nsq` squares).
    fn of(&self, colour: usize, t: usize, sq: usize, nt: usize, nsq: usize) -> &[Ray] {
        let (a, b) = self.ray_index[(colour * nt + t) * nsq + sq];
        &self.rays[a as usize..b as usize]
    }

    /// Per type, per colour: the squares from which it has no ray move at all (none for a
    /// type with walks, `walk_types`).
    pub fn stuck(&self, nt: usize, nsq: usize, walk_types: u64) -> Vec<[SquareSet; 2]> {
        (0..nt)
            .map(|t| {
                [0, 1].map(|c| {
                    let mut s = SquareSet::EMPTY;
                    if walk_types & PieceType::new(t).bit() == 0 {
                        for sq in 0..nsq {
                            if self.of(c, t, sq, nt, nsq).iter().all(|r| r.len == 0) {
                                s.insert(sq as Square);
                            }
                        }
                    }
                    s
                })
            })
            .collect()
    }

    /// Whether a ray of type `t` has a step only for a piece that has not moved.
    pub fn has_initial(&self, t: usize, nt: usize, nsq: usize) -> bool {
        let initial = |s: &Step| s.flags & (step::QUIET_I | step::CAPTURE_I) != 0;
        (0..2).any(|c| {
            (0..nsq).any(|sq| {
                (self.of(c, t, sq, nt, nsq).iter()).any(|r| {
                    self.steps[r.start as usize..][..r.len as usize]
                        .iter()
                        .any(initial)
                })
            })
        })
    }

    /// Mark the steps where a piece's own move promotes ([`Step::promotes`]): the types
    /// `promotes` says (by index), from or to their side's `zone`.
    pub fn mark_promotions(&mut self, promotes: &[bool], zone: &[SquareSet; 2], nsq: usize) {
        let nt = promotes.len();
        for (colour, zone) in zone.iter().enumerate() {
            for (t, _) in promotes.iter().enumerate().filter(|(_, p)| **p) {
                for sq in 0..nsq {
                    let (a, b) = self.ray_index[(colour * nt + t) * nsq + sq];
                    let from_zone = zone.contains(sq as Square);
                    for r in &self.rays[a as usize..b as usize] {
                        for st in &mut self.steps[r.start as usize..][..r.len as usize] {
                            st.promotes = from_zone || zone.contains(st.to);
                        }
                    }
                }
            }
        }
    }

    /// Whether two rays of type `t` from some square may make a move to the same square.
    pub fn overlaps(&self, t: usize, nt: usize, nsq: usize) -> bool {
        (0..2).any(|c| self.overlapping[(c * nt + t) * nsq..][..nsq].contains(&true))
    }
}

/// The attack probes of every (attacker colour, target square), indexed as
/// [`Variant::probe_index`].
pub(super) struct ProbeTables {
    pub squares: Vec<Square>,
    pub masks: Vec<(u64, u64)>,
    pub probes: Vec<Probe>,
    pub index: Vec<(u32, u32)>,
}

impl ProbeTables {
    /// The probes that find, walking back from a target, the rays of `tables` that take there.
    pub fn build(g: Geometry, nt: usize, tables: &RayTables) -> ProbeTables {
        let nsq = g.len();
        let mut p = ProbeTables {
            squares: Vec::new(),
            masks: Vec::new(),
            probes: Vec::new(),
            index: vec![(0, 0); 2 * nsq],
        };
        for colour in 0..2 {
            let mut per_target: Vec<Vec<ProbeDraft>> = vec![Vec::new(); nsq];
            for t in 0..nt {
                for src in 0..nsq {
                    for r in &tables.raws[(colour * nt + t) * nsq + src] {
                        draft(
                            g,
                            &mut per_target,
                            r,
                            src as Square,
                            PieceType::new(t).bit(),
                        );
                    }
                }
            }
            for (target, list) in per_target.into_iter().enumerate() {
                let start = p.probes.len() as u32;
                for (sqs, masks, _, path) in list {
                    let any = masks.iter().fold(0, |a, m| a | m.0 | m.1);
                    p.probes.push(Probe {
                        start: p.squares.len() as u32,
                        len: sqs.len() as u32,
                        any,
                        path,
                    });
                    p.squares.extend(sqs);
                    p.masks.extend(masks);
                }
                p.index[colour * nsq + target] = (start, p.probes.len() as u32);
            }
        }
        p
    }
}

/// Add to the drafts of each target square the captures of ray `r` from `src` by the type
/// whose bit is `bit`: a straight ray's at their distance along its vector, a path's (the
/// Mao's) as its squares then the source.
fn draft(g: Geometry, per_target: &mut [Vec<ProbeDraft>], r: &RawRay, src: Square, bit: u64) {
    for (k, st) in r.steps.iter().enumerate() {
        if st.flags & step::ANY_CAPTURE == 0 {
            continue;
        }
        let mask = |f: u8| if st.flags & f != 0 { bit } else { 0 };
        let (always, initial) = (mask(step::CAPTURE), mask(step::CAPTURE_I));
        let target = st.to;
        let list = &mut per_target[target as usize];
        if r.path {
            // Path squares (the steps before k) then the source.
            let mut sqs: Vec<Square> = r.steps[..k].iter().map(|s| s.to).collect();
            sqs.push(src);
            if let Some(e) = list.iter_mut().find(|e| e.3 && e.0 == sqs) {
                let m = e.1.last_mut().unwrap();
                m.0 |= always;
                m.1 |= initial;
            } else {
                let mut masks = vec![(0, 0); sqs.len()];
                *masks.last_mut().unwrap() = (always, initial);
                list.push((sqs, masks, r.d, true));
            }
            continue;
        }
        let dist = k + 1;
        let entry = match list.iter().position(|e| !e.3 && e.2 == r.d) {
            Some(i) => &mut list[i],
            None => {
                list.push((Vec::new(), Vec::new(), r.d, false));
                list.last_mut().unwrap()
            }
        };
        while entry.0.len() < dist {
            let j = entry.0.len() as i32 + 1;
            let f = g.file(target) as i32 - r.d.0 * j;
            let rk = g.rank(target) as i32 - r.d.1 * j;
            entry.0.push(g.try_square(f, rk).expect("probe on board"));
            entry.1.push((0, 0));
        }
        entry.1[dist - 1].0 |= always;
        entry.1[dist - 1].1 |= initial;
    }
}
