//! [`Variant::compile`]: a validated definition's types, move tables, attack probes, walks
//! and hop cache, promotion zones, hands, trade and royalty rules and Zobrist keys, built
//! once. Each concern has a file of its own: `types.rs`, `tables.rs` (rays and probes),
//! `walk_tables.rs` (walks and the hop cache), `worth.rs` (what `tradeThreshold` weighs),
//! `zobrist.rs`; this file puts them together.

use super::tables::{ProbeTables, RayTables};
use super::types::TypeList;
use super::walk_tables::WalkTables;
use super::*;

impl Variant {
    /// Build the move tables for a validated definition.
    pub fn compile(name: &str, source: &str, spec: Spec) -> Variant {
        Variant::build(name, source, spec, true)
    }

    /// The same variant with the ray tables empty: every move of one leg, leap or ride
    /// (lame leaps, en passant, `*`, initial double steps and conversion included), and
    /// castling, is walked by the general walker. What `tests/ray_cache.rs` compares the ray
    /// cache with: the same moves, the same attacks.
    pub fn compile_walked(name: &str, source: &str, spec: Spec) -> Variant {
        Variant::build(name, source, spec, false)
    }

    fn build(name: &str, source: &str, spec: Spec, ray_cache: bool) -> Variant {
        let g = spec.geometry;
        let nsq = g.len();
        let list = TypeList::build(&spec);
        let twins = list.twins();
        let TypeList {
            mut types,
            comps,
            conversion,
            gate,
        } = list;
        let nt = types.len();
        let (imitation, comps) = imitations(comps);
        let imitators = (imitation.iter().enumerate())
            .filter(|(_, i)| !i.is_empty())
            .fold(0, |m, (t, _)| m | PieceType::new(t).bit());
        let (ray_comps, walk_comps) = split(comps, ray_cache);
        let mut rays = RayTables::build(g, &ray_comps);
        let probes = ProbeTables::build(g, nt, &rays);
        let royals = (royal_types(&types), spec.castle_flip);
        let walks = WalkTables::build(g, &walk_comps, royals, &rays.raws, rays.has_ep);
        mark_unmoved(&mut types, &spec, &rays, &walks);
        let special_types = (0..nt)
            .filter(|&t| !types[t].castles.is_empty() || rays.overlaps(t, nt, nsq))
            .fold(walks.walk_types, |m, t| m | PieceType::new(t).bit());
        let stuck = rays.stuck(nt, nsq, walks.walk_types);
        let promo_zone = promo_zones(&spec);
        let promotes: Vec<bool> = types.iter().map(|t| t.promotes).collect();
        rays.mark_promotions(&promotes, &promo_zone, nsq);
        let mut hand_rng = SplitMix(0x0BAD_5EED_D12A_B0A7 ^ nt as u64);
        let hands = HandRules::compile(&spec, nt, &stuck, &promo_zone, &mut || hand_rng.next());
        let hop_cache = walks.hop_cache;
        let mut v = Variant {
            name: name.to_string(),
            source: source.to_string(),
            geometry: g,
            squares: nsq,
            morph: morph_table(&spec, &types),
            types: Types(types),
            steps: rays.steps,
            rays: rays.rays,
            ray_index: rays.ray_index,
            step_index: rays.step_index,
            steps_after: rays.steps_after,
            overlapping: rays.overlapping,
            special_types,
            probe_squares: probes.squares,
            probe_masks: probes.masks,
            probes: probes.probes,
            probe_index: probes.index,
            promo_zone,
            promo_choice: (spec.promo_choice.iter())
                .map(|&t| PieceType::new(t))
                .collect(),
            promo_rules: spec.promo_rules.clone(),
            offset_promotion: OffsetPromotion::compile(&spec, nt),
            stuck,
            hands,
            trade: TradeRules::compile(&spec, twins),
            stalemate: spec.stalemate,
            baring: spec.pieces.iter().any(|p| p.bares),
            extinction: spec.extinction,
            royalty_changes: royalty_changes(&spec),
            castle_flip: spec.castle_flip,
            moves_per_turn: spec.moves_per_turn,
            first_turn_moves: spec.first_turn_moves,
            has_ep: rays.has_ep || walks.has_ep,
            castling_walked: !ray_cache,
            conversion,
            gate,
            zobrist: Zobrist::new(nsq, nt),
            walks: walks.walks,
            walk_reach: walks.walk_reach,
            walk_types: walks.walk_types,
            relay_types: walks.relay_types,
            hop_squares: hop_cache.squares,
            hops: hop_cache.hops,
            hop_index: hop_cache.index,
            hops_meet: hop_cache.meets,
            hop_probes: hop_cache.probes,
            hop_probe_index: hop_cache.probe_index,
            hop_types: hop_cache.types,
            walker: hop_cache.walker,
            walker_reach: walks.walker_reach,
            walker_types: walks.walker_types,
            marked_types: walks.marked_types,
            most_taken: walks.most_taken,
            imitation,
            imitators,
            spec,
        };
        if v.trade.threshold.is_some() {
            v.trade.values = super::worth::trade_values(&v);
        }
        v
    }
}

/// Each type's imitator moves (`I`, [`Imitation`]), taken out of its components: the
/// position makes them from the type that moved last.
fn imitations(comps: Comps) -> (Vec<Vec<Imitation>>, Comps) {
    let mut out = Vec::with_capacity(comps.len());
    let mut rest = Vec::with_capacity(comps.len());
    for cs in comps {
        let (imitate, others): (Vec<_>, Vec<_>) = cs.into_iter().partition(|(c, _)| c.imitate);
        out.push(
            (imitate.iter())
                .filter_map(|(c, _)| c.path.legs.first())
                .map(|leg| Imitation {
                    forward: leg.angles & 1 != 0,
                    backward: leg.angles & 0x10 != 0,
                    quiet: leg.modes.quiet,
                    capture: leg.modes.capture,
                })
                .collect(),
        );
        rest.push(others);
    }
    (out, rest)
}

/// Each type's components (with whether they convert) split between the ray tables and the
/// walker: a move of one plain leg ([`Component::ray_leg`]) goes to the rays, and castling
/// to neither (the types hold it, `castling.rs` plays it), unless `ray_cache` is off: then
/// both go to the walker; every other move goes to the walker, an initial one with `e` too
/// (its en passant capture only for a piece that has not moved, as the Diagram skips an `i`
/// move whole: the rays' en passant flag has no initial twin).
type Comps = Vec<Vec<(Component, bool)>>;
fn split(comps: Comps, ray_cache: bool) -> (Comps, Comps) {
    let mut rays = Vec::with_capacity(comps.len());
    let mut walks = Vec::with_capacity(comps.len());
    for cs in comps {
        let (r, w): (Vec<_>, Vec<_>) = cs
            .into_iter()
            .filter(|(c, _)| !ray_cache || c.castling().is_none())
            .partition(|(c, _)| ray_cache && c.ray_leg().is_some() && !(c.initial && c.en_passant));
        rays.push(r);
        walks.push(w);
    }
    (rays, walks)
}

/// The royal types' bits, which `k` legs may take.
fn royal_types(types: &[TypeInfo]) -> u64 {
    (types.iter().enumerate())
        .filter(|(_, t)| t.royal)
        .fold(0, |m, (t, _)| m | PieceType::new(t).bit())
}

/// Which types' unmoved state matters: those with initial moves, that castle, or that start
/// where a castling partner stands (a corner of a castling piece's home rank); with gates,
/// every visible type (whether a piece has left its square decides the gating); and a type
/// that borrows moves (`x`) when some type has initial ones (it may borrow them).
fn mark_unmoved(types: &mut [TypeInfo], spec: &Spec, rays: &RayTables, walks: &WalkTables) {
    let g = spec.geometry;
    let (nt, nsq) = (types.len(), g.len());
    let mut partner_squares = SquareSet::EMPTY;
    for ty in types.iter().filter(|t| !t.castles.is_empty()) {
        // `j` on castling: the partner stands next to the corner.
        let inner = ty.castle_inner as u8;
        for &sq in ty.home.iter().flatten() {
            let r = g.rank(sq);
            partner_squares.insert(g.square(inner, r));
            partner_squares.insert(g.square(g.files - 1 - inner, r));
        }
    }
    for (t, ty) in types.iter_mut().enumerate() {
        let has_initial = walks.has_initial(t) || rays.has_initial(t, nt, nsq);
        let partner = ty
            .home
            .iter()
            .flatten()
            .any(|&s| partner_squares.contains(s));
        let gating = spec.auto_gate && !ty.hidden;
        ty.initial = has_initial || gating;
        ty.uses_unmoved = has_initial || !ty.castles.is_empty() || partner;
    }
    if types.iter().any(|t| t.initial) {
        for (t, ty) in types.iter_mut().enumerate() {
            if walks.relay_types & PieceType::new(t).bit() != 0 {
                ty.initial = true;
                ty.uses_unmoved = true;
            }
        }
    }
}

/// Per (type, square): 0, or 1 + the type a piece becomes on arriving there (hidden types
/// use their base's map).
fn morph_table(spec: &Spec, types: &[TypeInfo]) -> Vec<u8> {
    let nsq = spec.geometry.len();
    let mut morph = vec![0u8; types.len() * nsq];
    for (t, ty) in types.iter().enumerate() {
        if let Some(map) = &spec.pieces[ty.base.index()].morph {
            for (sq, to) in map.iter().enumerate().take(nsq) {
                if let Some(to) = to {
                    morph[t * nsq + sq] = *to as u8 + 1;
                }
            }
        }
    }
    morph
}

/// Per colour, the squares where its promoting pieces promote: White's last `promoZone`
/// ranks, Black's first.
fn promo_zones(spec: &Spec) -> [SquareSet; 2] {
    let g = spec.geometry;
    let mut zone = [SquareSet::EMPTY, SquareSet::EMPTY];
    if spec.promo_zone > 0 {
        for sq in 0..g.len() as Square {
            let r = g.rank(sq);
            if r >= g.ranks - spec.promo_zone {
                zone[WHITE.index()].insert(sq);
            }
            if r < spec.promo_zone {
                zone[BLACK.index()].insert(sq);
            }
        }
    }
    zone
}

/// Can some piece of `spec` become a type of other royalty, by promotion or by a morph, or
/// a royal piece come onto the board from a hand? It starts there, or a royal piece taken
/// goes to one (with captures to a hand, `extinction` and several royal pieces of a side, as
/// the Diagram's script sends every piece taken to the hand).
fn royalty_changes(spec: &Spec) -> bool {
    let p = &spec.pieces;
    let changes = p.iter().any(|a| {
        let other = |&u: &usize| p[u].royal != a.royal;
        (a.promotes && (spec.promo_choice.iter().any(other) || a.promoted.iter().any(other)))
            || (a.morph.iter().flatten().flatten()).any(other)
    });
    let royals = p.iter().filter(|a| a.royal);
    let in_hand = royals.clone().any(|a| a.hand != [0, 0]);
    let several = royals.clone().map(|a| a.white.len()).sum::<usize>() > 1
        || royals.map(|a| a.black.len()).sum::<usize>() > 1;
    let taken = spec.holdings.capture != crate::definition::CaptureTo::Nowhere
        && spec.extinction.contains(&true)
        && (several || changes);
    changes || in_hand || taken
}
