//! [`Variant::compile`]: a validated definition's move tables, attack probes, promotion
//! zones, hands, trade and royalty rules and Zobrist keys, built once.

use super::rays::{ProbeDraft, RawRay, build_rays, overlap};
use super::*;

impl Variant {
    /// Build the move tables for a validated definition.
    pub fn compile(name: &str, source: &str, spec: Spec) -> Variant {
        let g = spec.geometry;
        let nsq = g.len();
        // Types: the spec's, then the conversion's hidden ones.
        let mut comps: Vec<Vec<(Component, bool)>> = spec
            .pieces
            .iter()
            .map(|p| p.moves.iter().cloned().map(|c| (c, false)).collect())
            .collect();
        let homes = crate::shuffle::homes(&spec);
        let mut types: Vec<TypeInfo> = spec
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| TypeInfo {
                name: p.name.clone(),
                id: p.id,
                betza: p.betza_text.clone(),
                image: p.image.clone(),
                royal: p.royal,
                bares: p.bares,
                promotes: p.promotes,
                is_pawn: p.name.to_ascii_lowercase().ends_with("pawn"),
                uses_unmoved: false,
                initial: false,
                hidden: false,
                base: PieceType::new(i),
                castles: Vec::new(),
                start: [p.white.clone(), p.black.clone()],
                home: homes[i].clone(),
            })
            .collect();
        let conversion = spec.conversion.as_ref().map(|c| {
            let base = c.piece;
            let undecided = types.len();
            let obligated = undecided + 1;
            let mut u = types[base].clone();
            u.hidden = true;
            u.promotes = false;
            u.betza = format!("{}+{}", u.betza, c.betza_text);
            let mut o = u.clone();
            o.betza = c.betza_text.clone();
            types.push(u);
            types.push(o);
            let mut uc = comps[base].clone();
            uc.extend(c.moves.iter().cloned().map(|m| (m, true)));
            comps.push(uc);
            comps.push(c.moves.iter().cloned().map(|m| (m, true)).collect());
            Conversion {
                base: PieceType::new(base),
                undecided: PieceType::new(undecided),
                obligated: PieceType::new(obligated),
            }
        });
        // `autoGate`: a hidden twin with no moves for each type that starts at a gate.
        let gate = spec.auto_gate.then(|| {
            let ranks = [0, g.ranks - 1];
            let mut parked = vec![None; spec.pieces.len()];
            for (t, p) in spec.pieces.iter().enumerate() {
                let at_gate = |sq: &Square| ranks.contains(&g.rank(*sq));
                if p.white.iter().chain(&p.black).any(at_gate) {
                    let mut twin = types[t].clone();
                    twin.hidden = true;
                    twin.promotes = false;
                    twin.betza = String::new();
                    twin.castles.clear();
                    parked[t] = Some(PieceType::new(types.len()));
                    types.push(twin);
                    comps.push(Vec::new());
                }
            }
            Gate::new(g, parked)
        });
        let nt = types.len();
        let twins =
            (gate.iter().flat_map(|g| g.parked.iter().flatten())).fold(0, |m, t| m | t.bit());

        // Castling.
        for (t, cs) in comps.iter().enumerate() {
            for (c, _) in cs {
                if let Atom::Castle { distance } = c.atom {
                    let dirs: Vec<i8> = if c.directions.contains('l') {
                        vec![-1]
                    } else if c.directions.contains('r') {
                        vec![1]
                    } else {
                        vec![-1, 1]
                    };
                    for d in dirs {
                        if !types[t].castles.contains(&(d, distance)) {
                            types[t].castles.push((d, distance));
                        }
                    }
                }
            }
        }

        let mut steps = Vec::new();
        let mut rays = Vec::new();
        let mut ray_index = vec![(0u32, 0u32); 2 * nt * nsq];
        let mut overlapping = vec![false; 2 * nt * nsq];
        let mut has_ep = false;
        let mut raws_all: Vec<Vec<RawRay>> = Vec::with_capacity(2 * nt * nsq);
        // Each component's vectors, worked out once rather than for every square and colour.
        let vectors: Vec<Vec<Vec<(i8, i8)>>> = comps
            .iter()
            .map(|cs| {
                cs.iter()
                    .map(|(c, _)| c.vectors().unwrap_or_default())
                    .collect()
            })
            .collect();
        for colour in 0..2 {
            for t in 0..nt {
                for sq in 0..nsq {
                    // No piece stands on a hole: no moves from one.
                    let raws = if g.is_hole(sq as Square) {
                        Vec::new()
                    } else {
                        build_rays(
                            g,
                            sq as Square,
                            Colour::from_index(colour),
                            &comps[t],
                            &vectors[t],
                        )
                    };
                    let start = rays.len() as u32;
                    for r in &raws {
                        let s0 = steps.len() as u32;
                        for st in &r.steps {
                            has_ep |= st.flags & step::EP != 0;
                            steps.push(*st);
                        }
                        rays.push(Ray {
                            start: s0,
                            len: r.steps.len() as u32,
                        });
                    }
                    ray_index[(colour * nt + t) * nsq + sq] = (start, rays.len() as u32);
                    overlapping[(colour * nt + t) * nsq + sq] = overlap(&raws);
                    raws_all.push(raws);
                }
            }
        }
        if !has_ep {
            for s in steps.iter_mut() {
                s.flags &= !(step::MAKES_EP | step::MAKES_EP_ALWAYS);
            }
        }

        // Attack probes, per attacker colour and target square.
        let mut probe_squares = Vec::new();
        let mut probe_masks = Vec::new();
        let mut probes = Vec::new();
        let mut probe_index = vec![(0u32, 0u32); 2 * nsq];
        for colour in 0..2 {
            let mut per_target: Vec<Vec<ProbeDraft>> = vec![Vec::new(); nsq];
            for t in 0..nt {
                let bit = 1u64 << t;
                for src in 0..nsq {
                    let raws = &raws_all[(colour * nt + t) * nsq + src];
                    for r in raws {
                        for (k, st) in r.steps.iter().enumerate() {
                            if st.flags & step::ANY_CAPTURE == 0 {
                                continue;
                            }
                            let always = if st.flags & step::CAPTURE != 0 {
                                bit
                            } else {
                                0
                            };
                            let initial = if st.flags & step::CAPTURE_I != 0 {
                                bit
                            } else {
                                0
                            };
                            let target = st.to as usize;
                            let list = &mut per_target[target];
                            if r.path {
                                // Path squares (the steps before k) then the source.
                                let mut sqs: Vec<Square> =
                                    r.steps[..k].iter().map(|s| s.to).collect();
                                sqs.push(src as Square);
                                let mut masks = vec![(0, 0); sqs.len()];
                                *masks.last_mut().unwrap() = (always, initial);
                                if let Some(e) = list.iter_mut().find(|e| e.3 && e.0 == sqs) {
                                    let m = e.1.last_mut().unwrap();
                                    m.0 |= always;
                                    m.1 |= initial;
                                } else {
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
                                let f = g.file(target as Square) as i32 - r.d.0 * j;
                                let rk = g.rank(target as Square) as i32 - r.d.1 * j;
                                entry.0.push(g.try_square(f, rk).expect("probe on board"));
                                entry.1.push((0, 0));
                            }
                            entry.1[dist - 1].0 |= always;
                            entry.1[dist - 1].1 |= initial;
                        }
                    }
                }
            }
            for (target, list) in per_target.into_iter().enumerate() {
                let start = probes.len() as u32;
                for (sqs, masks, _, path) in list {
                    let any = masks.iter().fold(0, |a, m| a | m.0 | m.1);
                    probes.push(Probe {
                        start: probe_squares.len() as u32,
                        len: sqs.len() as u32,
                        any,
                        path,
                    });
                    probe_squares.extend(sqs);
                    probe_masks.extend(masks);
                }
                probe_index[colour * nsq + target] = (start, probes.len() as u32);
            }
        }

        // Morph maps (hidden types use their base's map).
        let mut morph = vec![0u8; nt * nsq];
        for t in 0..nt {
            if let Some(map) = &spec.pieces[types[t].base.index()].morph {
                for sq in 0..nsq {
                    if let Some(to) = map[sq] {
                        morph[t * nsq + sq] = to as u8 + 1;
                    }
                }
            }
        }

        let mut promo_zone = [SquareSet::EMPTY, SquareSet::EMPTY];
        for sq in 0..nsq as Square {
            let r = g.rank(sq);
            if spec.promo_zone > 0 {
                if r >= g.ranks - spec.promo_zone {
                    promo_zone[WHITE.index()].insert(sq);
                }
                if r < spec.promo_zone {
                    promo_zone[BLACK.index()].insert(sq);
                }
            }
        }

        // Which types' unmoved state matters.
        let mut partner_squares = SquareSet::EMPTY;
        for (t, ty) in types
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.castles.is_empty())
        {
            // `j` on castling: the partner stands next to the corner.
            let inner = spec.pieces.get(t).is_some_and(|p| p.castle_inner) as u8;
            for colour in 0..2 {
                for &sq in &ty.home[colour] {
                    let r = g.rank(sq);
                    partner_squares.insert(g.square(inner, r));
                    partner_squares.insert(g.square(g.files - 1 - inner, r));
                }
            }
        }
        // The royal types, which `k` legs may take.
        let royals = (0..nt)
            .filter(|&t| types[t].royal)
            .fold(0u64, |m, t| m | PieceType::new(t).bit());
        let walks: Vec<[Vec<Walk>; 2]> = comps
            .iter()
            .map(|cs| {
                [
                    walk::compile(cs, WHITE, g.files, g.ranks, royals),
                    walk::compile(cs, BLACK, g.files, g.ranks, royals),
                ]
            })
            .collect();
        let walk_reach = walks
            .iter()
            .map(|[w, b]| [walk::Reach::of(w), walk::Reach::of(b)])
            .collect();
        let walk_types = (0..nt)
            .filter(|&t| !walks[t][0].is_empty())
            .fold(0u64, |m, t| m | PieceType::new(t).bit());
        let hop_cache = super::hops::build(g, &walks, &raws_all);
        let walker_reach = (hop_cache.walker.iter())
            .map(|[w, b]| [walk::Reach::of(w), walk::Reach::of(b)])
            .collect();
        let walker_types = (0..nt)
            .filter(|&t| hop_cache.walker[t].iter().any(|w| !w.is_empty()))
            .fold(0u64, |m, t| m | PieceType::new(t).bit());
        let most_taken = 1
            + (walks.iter().flatten().flatten())
                .map(Walk::locust_legs)
                .max()
                .unwrap_or(0);
        let relay_types = (0..nt)
            .filter(|&t| walks[t][0].iter().any(Walk::relays))
            .fold(0u64, |m, t| m | PieceType::new(t).bit());
        let special_types = (0..nt)
            .filter(|&t| {
                !types[t].castles.is_empty()
                    || (0..2).any(|c| overlapping[(c * nt + t) * nsq..][..nsq].contains(&true))
            })
            .fold(walk_types, |m, t| m | PieceType::new(t).bit());
        let stuck: Vec<[SquareSet; 2]> = (0..nt)
            .map(|t| {
                [0, 1].map(|c| {
                    let mut s = SquareSet::EMPTY;
                    if walk_types & PieceType::new(t).bit() == 0 {
                        for sq in 0..nsq {
                            let (a, b) = ray_index[(c * nt + t) * nsq + sq];
                            if rays[a as usize..b as usize].iter().all(|r| r.len == 0) {
                                s.insert(sq as Square);
                            }
                        }
                    }
                    s
                })
            })
            .collect();
        let mut hand_rng = SplitMix(0x0BAD_5EED_D12A_B0A7 ^ nt as u64);
        let hands = HandRules::compile(&spec, nt, &stuck, &promo_zone, &mut || hand_rng.next());
        let offset_promotion = OffsetPromotion::compile(&spec, nt);
        for t in 0..nt {
            let walks_initial = walks[t].iter().flatten().any(|w| w.initial);
            let has_initial = walks_initial
                || (0..2).any(|c| {
                    (0..nsq).any(|sq| {
                        let (a, b) = ray_index[(c * nt + t) * nsq + sq];
                        rays[a as usize..b as usize].iter().any(|r| {
                            steps[r.start as usize..(r.start + r.len) as usize]
                                .iter()
                                .any(|s| s.flags & (step::QUIET_I | step::CAPTURE_I) != 0)
                        })
                    })
                });
            let partner = types[t]
                .home
                .iter()
                .flatten()
                .any(|&s| partner_squares.contains(s));
            // With gates, whether a piece has left its square decides the gating.
            let gating = spec.auto_gate && !types[t].hidden;
            types[t].initial = has_initial || gating;
            types[t].uses_unmoved = has_initial || !types[t].castles.is_empty() || partner;
        }
        // A type that borrows moves (`x`) may borrow initial ones: whether it has moved is
        // then part of the position, as for a type with initial moves of its own.
        if (0..nt).any(|t| types[t].initial) {
            for t in (0..nt).filter(|&t| relay_types & PieceType::new(t).bit() != 0) {
                types[t].initial = true;
                types[t].uses_unmoved = true;
            }
        }

        let ncodes = 2 * nt + 1;
        let mut rng = SplitMix(0x5EED_F00D_CAFE_BABE ^ (nsq as u64) << 32 ^ nt as u64);
        let mut keys = |n: usize| (0..n).map(|_| rng.next()).collect::<Vec<u64>>();
        let zobrist = Zobrist {
            pieces: keys(ncodes * nsq),
            unmoved: keys(nsq),
            ep_capturable: keys(nsq),
            ep_pending: keys(nsq),
            black: keys(1)[0],
            // Not `try_into().unwrap()`, whose failure would format the Vec with Debug.
            phase: {
                let k = keys(8);
                std::array::from_fn(|i| k[i])
            },
        };

        let mut v = Variant {
            name: name.to_string(),
            source: source.to_string(),
            geometry: g,
            types: Types(types),
            steps,
            rays,
            ray_index,
            overlapping,
            special_types,
            probe_squares,
            probe_masks,
            probes,
            probe_index,
            morph,
            promo_zone,
            promo_choice: spec
                .promo_choice
                .iter()
                .map(|&t| PieceType::new(t))
                .collect(),
            promo_rules: spec.promo_rules.clone(),
            offset_promotion,
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
            has_ep,
            conversion,
            gate,
            zobrist,
            walks,
            walk_reach,
            walk_types,
            relay_types,
            hop_squares: hop_cache.squares,
            hops: hop_cache.hops,
            hop_index: hop_cache.index,
            hops_meet: hop_cache.meets,
            hop_probes: hop_cache.probes,
            hop_probe_index: hop_cache.probe_index,
            hop_types: hop_cache.types,
            walker: hop_cache.walker,
            walker_reach,
            walker_types,
            most_taken,
            spec,
        };
        // `tradeThreshold` weighs captures by the engine's piece values.
        if v.trade.threshold.is_some() {
            v.trade.values = crate::eval::Evaluator::new(&v).values;
        }
        v
    }
}

/// Can some piece of `spec` become a type of other royalty, by promotion or by a morph?
fn royalty_changes(spec: &Spec) -> bool {
    let p = &spec.pieces;
    p.iter().any(|a| {
        let other = |&u: &usize| p[u].royal != a.royal;
        (a.promotes && (spec.promo_choice.iter().any(other) || a.promoted.iter().any(other)))
            || (a.morph.iter().flatten().flatten()).any(other)
    })
}
