//! The walks [`Variant::compile`] builds from the components of several legs, hops and
//! curves, split between the hop cache (plain hops along a line) and the general walker.

use super::hops::HopCache;
use super::rays::RawRay;
use super::*;

/// Every type's walks, the hop cache built from them, and what the walker keeps.
pub(super) struct WalkTables {
    pub walks: Vec<[Vec<Walk>; 2]>,
    pub walk_reach: Vec<[walk::Reach; 2]>,
    pub walk_types: u64,
    pub relay_types: u64,
    pub most_taken: usize,
    pub hop_cache: HopCache,
    pub walker_reach: Vec<[walk::Reach; 2]>,
    pub walker_types: u64,
    /// The types with walks in `walker` that make double steps or convert.
    pub marked_types: u64,
    /// Some walk takes en passant.
    pub has_ep: bool,
}

impl WalkTables {
    /// The walks of the types whose components are `comps` (`royals`: the royal types'
    /// bits, which `k` legs take; `castle_flip`: Black castles the way White does), and the
    /// hop cache beside the rays `raws`. `rays_ep`: whether a ray takes en passant; where
    /// nothing does (no ray, no walk), no move is a double step, as in the rays.
    pub fn build(
        g: Geometry,
        comps: &[Vec<(Component, bool)>],
        (royals, castle_flip): (u64, bool),
        raws: &[Vec<RawRay>],
        rays_ep: bool,
    ) -> WalkTables {
        let mut walks: Vec<[Vec<Walk>; 2]> = (comps.iter())
            .map(|cs| {
                Colour::ALL.map(|c| walk::compile(cs, c, (g.files, g.ranks), royals, castle_flip))
            })
            .collect();
        let all = || walks.iter().flatten().flatten();
        let ep = rays_ep || all().any(|w| w.legs.iter().any(|s| s.ep));
        if !ep {
            for w in walks.iter_mut().flatten().flatten() {
                w.marks.makes_ep = false;
            }
        }
        let reach = |w: &[[Vec<Walk>; 2]]| {
            (w.iter())
                .map(|[w, b]| [walk::Reach::of(w), walk::Reach::of(b)])
                .collect()
        };
        let types_where = |f: &dyn Fn(&[Vec<Walk>; 2]) -> bool, w: &[[Vec<Walk>; 2]]| {
            (w.iter().enumerate())
                .filter(|(_, w)| f(w))
                .fold(0u64, |m, (t, _)| m | PieceType::new(t).bit())
        };
        let hop_cache = super::hops::build(g, &walks, raws);
        WalkTables {
            walk_reach: reach(&walks),
            walk_types: types_where(&|w| !w[0].is_empty(), &walks),
            relay_types: types_where(&|w| w[0].iter().any(Walk::relays), &walks),
            most_taken: 1
                + (walks.iter().flatten().flatten())
                    .map(Walk::locust_legs)
                    .max()
                    .unwrap_or(0),
            walker_reach: reach(&hop_cache.walker),
            walker_types: types_where(&|w| w.iter().any(|w| !w.is_empty()), &hop_cache.walker),
            marked_types: types_where(&|w| w.iter().flatten().any(Walk::marked), &hop_cache.walker),
            hop_cache,
            has_ep: ep,
            walks,
        }
    }

    /// Whether a walk of type `t` is only for a piece that has not moved (castling aside,
    /// whose pieces' unmoved state matters only in a castling pair).
    pub fn has_initial(&self, t: usize) -> bool {
        (self.walks[t].iter().flatten()).any(|w| w.initial && w.marks.castle == 0)
    }
}
