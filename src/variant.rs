//! A compiled variant: piece types, per-square move tables and attack probes, morph maps,
//! promotion zones and Zobrist keys, built once from a validated [`Spec`].
//!
//! Move tables: for every (colour, piece type, square) a list of *rays*. A ray is a sequence
//! of steps walked in order; a step that finds its square occupied ends the ray (capturing if
//! the step allows it), an empty square lets a step move there (if it allows quiet moves) and
//! the walk go on. A plain leap is a one-step ray, a rider a long one, a lame leap (`nD`) a
//! ray whose first steps allow nothing. Rays in the same direction from a square are merged,
//! so a piece never generates the same move twice.
//!
//! Attack probes answer "is square s attacked by colour c" without generating moves: for each
//! step vector d, walk back from s (s-d, s-2d, …) to the first occupied square and test its
//! piece type against a bit mask of the types that capture on s from that distance.

use crate::betza::{Atom, Component};
use crate::definition::{ChoiceRule, Spec, StalemateRule};
use crate::gate::Gate;
use crate::geometry::{Geometry, Square, SquareSet};
use crate::hands::{HandRules, OffsetPromotion};
use crate::piece::{BLACK, WHITE};
pub use crate::piece::{Colour, Piece, PieceType};
use crate::trade::TradeRules;
use crate::walk::{self, Walk};

/// Step flags.
pub mod step {
    pub const QUIET: u8 = 1;
    pub const CAPTURE: u8 = 2;
    /// Quiet move only for a piece that has not moved.
    pub const QUIET_I: u8 = 4;
    /// Capture only for a piece that has not moved.
    pub const CAPTURE_I: u8 = 8;
    /// En passant capture onto this square.
    pub const EP: u8 = 16;
    /// The move is a conversion (Symmetric Chess).
    pub const CONVERT: u8 = 32;
    /// A quiet initial move that passes squares: it creates en passant rights.
    pub const MAKES_EP: u8 = 64;
    /// A quiet move that passes squares and creates en passant rights whether or not the
    /// piece has moved (a `*` rider's, Wildebeest's pawn).
    pub const MAKES_EP_ALWAYS: u8 = 128;
    /// What only marks a step (not a move it allows).
    pub const MARKS: u8 = CONVERT | MAKES_EP | MAKES_EP_ALWAYS;
    pub const ANY_CAPTURE: u8 = CAPTURE | CAPTURE_I;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub to: Square,
    pub flags: u8,
}

#[derive(Debug, Clone, Copy)]
pub struct Ray {
    pub start: u32,
    pub len: u32,
}

/// An attack probe from a target square: the squares walked back along one step vector,
/// and per distance which piece types capture from there (always / only when unmoved).
#[derive(Debug, Clone, Copy)]
pub struct Probe {
    pub start: u32,
    pub len: u32,
    /// Union of all masks, to skip probes for types the attacker does not have.
    pub any: u64,
    /// True for a non-straight lame leap (the Mao's path): `squares` holds the path then the
    /// source, and only the last entry carries a mask.
    pub path: bool,
}

/// What the variant knows of one of its piece types ([`Variant::types`], indexed by
/// [`PieceType`]). Types are data; the pawn is not special.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeInfo {
    pub name: String,
    pub id: char,
    pub betza: String,
    pub image: String,
    pub royal: bool,
    /// Counts against being bare (`baring`).
    pub bares: bool,
    pub promotes: bool,
    /// Name ends in "pawn": its moves reset the 50-move counter.
    pub is_pawn: bool,
    /// Its unmoved state matters (initial moves, castling, castling partner).
    pub uses_unmoved: bool,
    /// It has initial-only steps, so its unmoved flag matters wherever it stands (a castling
    /// piece's or a castling partner's flag matters only in a castling pair: see
    /// [`crate::position::Position::castling_pairs`]).
    pub initial: bool,
    /// Internal type (Symmetric Chess's undecided / must-convert bishop): shown as `base`.
    pub hidden: bool,
    pub base: PieceType,
    /// Castling as White's moves say it: (file direction -1 or +1, king distance); Black's
    /// are [`Variant::castles`].
    pub castles: Vec<(i8, u8)>,
    /// Start squares for White and Black (indexed by [`Colour::index`]).
    pub start: [Vec<Square>; 2],
    /// The squares a piece of this type may start on, White's and Black's: its start squares,
    /// and with a `shuffle` key those of its groups ([`crate::shuffle::homes`]). FEN counts a
    /// piece on one of them as unmoved.
    pub home: [Vec<Square>; 2],
}

/// A variant's piece types, indexed by [`PieceType`] (a slice otherwise).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Types(Vec<TypeInfo>);

impl std::ops::Deref for Types {
    type Target = [TypeInfo];
    #[inline]
    fn deref(&self) -> &[TypeInfo] {
        &self.0
    }
}

impl std::ops::Index<PieceType> for Types {
    type Output = TypeInfo;
    #[inline]
    fn index(&self, t: PieceType) -> &TypeInfo {
        &self.0[t.index()]
    }
}

/// Symmetric Chess's conversion, as three types: the normal piece, the undecided one (normal
/// moves plus conversion moves) and the one that must convert (conversion moves only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conversion {
    pub base: PieceType,
    pub undecided: PieceType,
    pub obligated: PieceType,
}

#[derive(Debug, Clone)]
pub struct Variant {
    pub name: String,
    pub source: String,
    pub spec: Spec,
    pub geometry: Geometry,
    pub types: Types,
    pub steps: Vec<Step>,
    pub rays: Vec<Ray>,
    /// Indexed by `(colour * types + type) * squares + square`: range into `rays`.
    pub ray_index: Vec<(u32, u32)>,
    /// Indexed as `ray_index`: two of those rays may still make a move to the same square
    /// (routes neither of which passes a subset of the other's squares, `DDHH`, or one only
    /// while unmoved, `ifmnD0` beside `R`), so the moves generated must be told apart.
    pub overlapping: Vec<bool>,
    /// The types with any square in `overlapping`, that castle, or that have walks, as
    /// [`PieceType::bit`]s: generation looks no further than the rays for the others.
    pub special_types: u64,
    pub probe_squares: Vec<Square>,
    /// Per probe square: (always mask, initial-only mask).
    pub probe_masks: Vec<(u64, u64)>,
    pub probes: Vec<Probe>,
    /// Indexed by `colour * squares + square` (colour of the attacker): range into `probes`.
    pub probe_index: Vec<(u32, u32)>,
    /// `type * squares + square` → 0 or 1 + the type a piece becomes on arrival.
    pub morph: Vec<u8>,
    /// Per colour, the squares where its promoting pieces promote.
    pub promo_zone: [SquareSet; 2],
    pub promo_choice: Vec<PieceType>,
    /// Per entry of `promo_choice`, its marks (`!`, `*`, ranks).
    pub promo_rules: Vec<ChoiceRule>,
    /// Promotion by offset (`promoOffset`), when the variant has it.
    pub offset_promotion: OffsetPromotion,
    /// Per type, per colour: the squares from which it has no move at all.
    pub stuck: Vec<[SquareSet; 2]>,
    pub hands: HandRules,
    /// Captures the rules forbid (`iron`, `protected`, `counterStrike`).
    pub trade: TradeRules,
    pub stalemate: StalemateRule,
    /// Some type counts against being bare (`baring`): the bare-king rule is in force.
    pub baring: bool,
    /// Some piece can become a type of other royalty (a pawn promoting to a royal queen, a
    /// morph into a king): legality then tries such moves on a copy.
    pub royalty_changes: bool,
    /// `castleFlip`: Black castles the same way along the files as White (for a mirrored
    /// array), not turned round with its other moves as the Diagram does by default.
    pub castle_flip: bool,
    /// Per side: it loses only with its last royal piece ([`crate::definition::Spec::extinction`]).
    pub extinction: [bool; 2],
    pub moves_per_turn: u8,
    pub first_turn_moves: u8,
    pub has_ep: bool,
    pub conversion: Option<Conversion>,
    /// `autoGate`: the gate ranks and the twins waiting there ([`crate::gate`]).
    pub gate: Option<Gate>,
    pub zobrist: Zobrist,
    /// Per type, per colour: the walks of its moves of several legs, hops and `d` moves
    /// ([`crate::walk`]); empty for most types, whose moves are all in the rays.
    pub walks: Vec<[Vec<Walk>; 2]>,
    /// Per type, per colour: where its walks may take ([`walk::Reach`]).
    pub walk_reach: Vec<[walk::Reach; 2]>,
    /// The types with walks, as [`PieceType::bit`]s.
    pub walk_types: u64,
}

#[derive(Debug, Clone)]
pub struct Zobrist {
    /// `code * squares + square`.
    pub pieces: Vec<u64>,
    pub unmoved: Vec<u64>,
    pub ep_capturable: Vec<u64>,
    pub ep_pending: Vec<u64>,
    pub black: u64,
    pub phase: [u64; 8],
}

/// Piece code on the board: 0 for empty, else `1 + 2 * type + colour` ([`Piece::code`]).
#[inline]
pub fn code(t: PieceType, colour: Colour) -> u8 {
    Piece::new(t, colour).code()
}

/// The type of a piece code (not 0).
#[inline]
pub fn code_type(code: u8) -> PieceType {
    PieceType::new(((code - 1) >> 1) as usize)
}

/// The colour of a piece code (not 0).
#[inline]
pub fn code_colour(code: u8) -> Colour {
    Colour::from_index(((code - 1) & 1) as usize)
}

/// SplitMix64: the Zobrist keys' generator, and the shuffled starts' ([`crate::shuffle`]), the
/// same numbers from the same seed on every platform.
pub(crate) struct SplitMix(pub(crate) u64);

impl SplitMix {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix64(self.0)
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

/// SplitMix64's finaliser: a well-spread 64-bit key from any 64-bit value (the hand and
/// counter-strike hash keys, the balance runs' per-game seeds).
pub(crate) fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A probe under construction: squares walked back from the target, masks per square, the
/// step vector, and whether it is a non-straight path.
type ProbeDraft = (Vec<Square>, Vec<(u64, u64)>, (i32, i32), bool);

/// A ray under construction: squares from the origin along vector `d` (or a Mao-style path).
struct RawRay {
    d: (i32, i32),
    path: bool,
    steps: Vec<Step>,
}

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
        for ty in types.iter().filter(|t| !t.castles.is_empty()) {
            for colour in 0..2 {
                for &sq in &ty.home[colour] {
                    let r = g.rank(sq);
                    partner_squares.insert(g.square(0, r));
                    partner_squares.insert(g.square(g.files - 1, r));
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
            spec,
        };
        // `tradeThreshold` weighs captures by the engine's piece values.
        if v.trade.threshold.is_some() {
            v.trade.values = crate::eval::Evaluator::new(&v).values;
        }
        v
    }

    /// The castling moves of type `t` for `colour`: White's as written; Black's turned round
    /// like its other sideways moves (an `lO` goes towards the h-file), unless `castleFlip`.
    pub fn castles(&self, t: PieceType, colour: Colour) -> impl Iterator<Item = (i8, u8)> + '_ {
        let flip = if colour == BLACK && !self.castle_flip {
            -1
        } else {
            1
        };
        (self.types[t].castles.iter()).map(move |&(dir, dist)| (dir * flip, dist))
    }

    /// The piece types, in order.
    pub fn piece_types(&self) -> impl Iterator<Item = PieceType> + use<> {
        (0..self.types.len()).map(PieceType::new)
    }

    /// Whether two of [`Variant::rays_for`]'s rays may make a move to the same square.
    #[inline]
    pub fn rays_overlap(&self, colour: Colour, t: PieceType, sq: Square) -> bool {
        self.overlapping
            [(colour.index() * self.types.len() + t.index()) * self.geometry.len() + sq as usize]
    }

    #[inline]
    pub fn rays_for(&self, colour: Colour, t: PieceType, sq: Square) -> &[Ray] {
        let (a, b) = self.ray_index
            [(colour.index() * self.types.len() + t.index()) * self.geometry.len() + sq as usize];
        &self.rays[a as usize..b as usize]
    }

    #[inline]
    pub fn ray_steps(&self, r: &Ray) -> &[Step] {
        &self.steps[r.start as usize..(r.start + r.len) as usize]
    }

    #[inline]
    pub fn probes_for(&self, attacker: Colour, sq: Square) -> &[Probe] {
        let (a, b) = self.probe_index[attacker.index() * self.geometry.len() + sq as usize];
        &self.probes[a as usize..b as usize]
    }

    /// The type a piece of type `t` becomes on arriving at `sq`, if its map names one.
    #[inline]
    pub fn morph_at(&self, t: PieceType, sq: Square) -> Option<PieceType> {
        match self.morph[t.index() * self.geometry.len() + sq as usize] {
            0 => None,
            x => Some(PieceType::new(x as usize - 1)),
        }
    }

    /// Find a visible type by its ID letter.
    pub fn type_by_id(&self, id: char) -> Option<PieceType> {
        self.types
            .iter()
            .position(|t| !t.hidden && t.id == id)
            .map(PieceType::new)
    }

    /// The type shown for `t` (hidden types show as their base).
    pub fn display_type(&self, t: PieceType) -> PieceType {
        self.types[t].base
    }
}

/// Whether two of the rays have a step to the same square that allows a move.
fn overlap(raws: &[RawRay]) -> bool {
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

/// Expand a type's Betza components into merged rays from `sq` for `colour`.
fn build_rays(
    g: Geometry,
    sq: Square,
    colour: Colour,
    comps: &[(Component, bool)],
    vectors: &[Vec<(i8, i8)>],
) -> Vec<RawRay> {
    let (f0, r0) = (g.file(sq) as i32, g.rank(sq) as i32);
    let mut raws: Vec<RawRay> = Vec::new();
    let at = |d: (i32, i32), k: i32| g.try_square(f0 + d.0 * k, r0 + d.1 * k);
    for ((c, convert), vectors) in comps.iter().zip(vectors) {
        let Atom::Leap { .. } = c.atom else { continue };
        let none = !c.modes.quiet && !c.modes.capture && !c.modes.en_passant;
        let quiet = c.modes.quiet || none;
        let capture = c.modes.capture || none;
        let mut flags = 0u8;
        if quiet {
            flags |= if c.initial {
                step::QUIET_I
            } else {
                step::QUIET
            };
        }
        if capture {
            flags |= if c.initial {
                step::CAPTURE_I
            } else {
                step::CAPTURE
            };
        }
        if c.modes.en_passant {
            flags |= step::EP;
        }
        if *convert {
            flags |= step::CONVERT;
        }
        for &(vx, vy) in vectors {
            // Black's moves are White's turned half a turn, as in the Interactive Diagram
            // (`lF` is a leap to White's left for either side, seen from its own side).
            let v = if colour.is_white() {
                (vx as i32, vy as i32)
            } else {
                (-(vx as i32), -(vy as i32))
            };
            // `*`: as far as the last rank of the mover's own half, at least one step.
            let range = if c.half {
                let own = if colour.is_white() {
                    g.ranks as i32 / 2 - r0
                } else {
                    r0 - (g.ranks as i32 - 1) / 2
                };
                (own - 1).max(1) as u8
            } else {
                c.range
            };
            let mut new = if range != 1 || c.half {
                // Rider: steps v, 2v, … up to the range.
                let mut s = Vec::new();
                let mut k = 1;
                while let Some(to) = at(v, k) {
                    let passes = c.half && k > 1 && quiet;
                    s.push(Step {
                        to,
                        flags: if passes {
                            flags | step::MAKES_EP_ALWAYS
                        } else {
                            flags
                        },
                    });
                    if range != 0 && k >= range as i32 {
                        break;
                    }
                    k += 1;
                }
                RawRay {
                    d: v,
                    path: false,
                    steps: s,
                }
            } else if c.lame && (v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs()) {
                let n = v.0.abs().max(v.1.abs());
                let d = (v.0.signum(), v.1.signum());
                let mut s = Vec::new();
                for k in 1..=n {
                    match at(d, k) {
                        Some(to) => s.push(Step {
                            to,
                            flags: if k == n { flags } else { 0 },
                        }),
                        None => {
                            s.clear();
                            break;
                        }
                    }
                }
                RawRay {
                    d,
                    path: false,
                    steps: s,
                }
            } else if c.lame {
                // Mao-style: first the orthogonal step along the longer coordinate.
                let first = if v.1.abs() > v.0.abs() {
                    (0, v.1.signum())
                } else {
                    (v.0.signum(), 0)
                };
                match (at(first, 1), at(v, 1)) {
                    (Some(p), Some(to)) => RawRay {
                        d: v,
                        path: true,
                        steps: vec![Step { to: p, flags: 0 }, Step { to, flags }],
                    },
                    _ => RawRay {
                        d: v,
                        path: true,
                        steps: Vec::new(),
                    },
                }
            } else {
                match at(v, 1) {
                    Some(to) => RawRay {
                        d: v,
                        path: false,
                        steps: vec![Step { to, flags }],
                    },
                    None => RawRay {
                        d: v,
                        path: false,
                        steps: Vec::new(),
                    },
                }
            };
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
            // Merge with a ray in the same direction (one is a prefix of the other).
            if let Some(r) = raws
                .iter_mut()
                .find(|r| !r.path && !new.path && r.d == new.d)
            {
                for (k, s) in new.steps.drain(..).enumerate() {
                    if k < r.steps.len() {
                        r.steps[k].flags |= s.flags;
                    } else {
                        r.steps.push(s);
                    }
                }
            } else if let Some(r) = raws
                .iter_mut()
                .find(|r| r.path && new.path && r.steps == new.steps)
            {
                let _ = r;
            } else if let Some(r) = raws.iter_mut().find(|r| {
                r.path
                    && new.path
                    && r.steps[0].to == new.steps[0].to
                    && r.steps[1].to == new.steps[1].to
            }) {
                r.steps[1].flags |= new.steps[1].flags;
            } else {
                raws.push(new);
            }
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
