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

use crate::betza::Component;
use crate::definition::{ChoiceRule, Spec, StalemateRule};
use crate::gate::Gate;
use crate::geometry::{Geometry, Square, SquareSet};
use crate::hands::{HandRules, OffsetPromotion};
use crate::piece::{BLACK, WHITE};
pub use crate::piece::{Colour, Piece, PieceId, PieceType};
use crate::trade::TradeRules;
use crate::walk::{self, Walk};

/// What a piece's plain move may do on a square of its ray ([`Variant::ray_reach`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepUse {
    /// Move there when it is empty.
    pub quiet: bool,
    /// Take an enemy there.
    pub capture: bool,
    /// Take en passant there.
    pub ep: bool,
}

/// Step flags.
pub mod step {
    /// A quiet move (to an empty square).
    pub const QUIET: u8 = 1;
    /// A capture.
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
    /// A capture, initial or not.
    pub const ANY_CAPTURE: u8 = CAPTURE | CAPTURE_I;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// One square of a ray: where it goes and what may be done there ([`step`] flags).
pub struct Step {
    /// The destination.
    pub to: Square,
    /// The [`step`] flags.
    pub flags: u8,
    /// Whether a move of the piece whose ray this is (its own type and side, from the ray's
    /// square) promotes here: the type promotes and the ray's square or this one is in the
    /// side's zone. Found when the variant is compiled, so that the generator tests one byte
    /// of the step at each move rather than the piece's type and the zone (a branch a piece
    /// and one a move that the predictor missed; the step had a byte of padding).
    pub promotes: bool,
}

impl Step {
    /// A step to `to` allowing `flags`, not yet marked as promoting.
    pub fn new(to: Square, flags: u8) -> Step {
        Step {
            to,
            flags,
            promotes: false,
        }
    }
}

#[derive(Debug, Clone, Copy)]
/// A run of [`Step`]s in [`Variant::steps`], followed until a piece blocks it.
pub struct Ray {
    /// Its first step's index in [`Variant::steps`].
    pub start: u32,
    /// Its number of steps.
    pub len: u32,
}

/// An attack probe from a target square: the squares walked back along one step vector,
/// and per distance which piece types capture from there (always / only when unmoved).
#[derive(Debug, Clone, Copy)]
pub struct Probe {
    /// Its first square's index in [`Variant::probe_squares`].
    pub start: u32,
    /// Its number of squares.
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
    /// The type's name.
    pub name: String,
    /// Its ID (`N`, `+P`, `GB`).
    pub id: PieceId,
    /// Its Betza string.
    pub betza: String,
    /// Its image name.
    pub image: String,
    /// Royal: losing it loses (see [`Variant::extinction`]).
    pub royal: bool,
    /// Counts against being bare (`baring`).
    pub bares: bool,
    /// Promotes in the zone.
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
    /// The visible type it is shown as (itself for a visible type).
    pub base: PieceType,
    /// Castling as White's moves say it: (file direction -1 or +1, king distance); Black's
    /// are [`Variant::castles`].
    pub castles: Vec<(i8, u8)>,
    /// Its castling partner stands next to the corner (`j` on castling, `KisjO2`).
    pub castle_inner: bool,
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
    /// The normal piece.
    pub base: PieceType,
    /// Normal moves plus conversion moves.
    pub undecided: PieceType,
    /// Conversion moves only.
    pub obligated: PieceType,
}

#[derive(Debug, Clone)]
/// A compiled variant: its types and move tables, built once from a [`Spec`]; shared by its positions.
pub struct Variant {
    /// A bundled variant's name, or `custom-` and a hash of the definition.
    pub name: String,
    /// The definition text it was compiled from.
    pub source: String,
    /// The validated definition.
    pub spec: Spec,
    /// The board.
    pub geometry: Geometry,
    /// Its number of squares (holes included), kept for the tables' indices.
    pub(crate) squares: usize,
    /// The piece types.
    pub types: Types,
    /// Every ray's steps, one after another.
    pub steps: Vec<Step>,
    /// Every ray, ranged by `ray_index`.
    pub rays: Vec<Ray>,
    /// Indexed by `(colour * types + type) * squares + square`: range into `rays`.
    pub ray_index: Vec<(u32, u32)>,
    /// Indexed as `ray_index`: the range in `steps` of all those rays' steps (one after
    /// another), walked as one run by the generator ([`Variant::piece_steps`]).
    pub step_index: Vec<(u32, u32)>,
    /// Indexed as `steps`: how many steps of its ray follow each step (skipped where a piece
    /// blocks it).
    pub steps_after: Vec<u16>,
    /// Indexed as `ray_index`: two of those rays may still make a move to the same square
    /// (routes neither of which passes a subset of the other's squares, `DDHH`, or one only
    /// while unmoved, `ifmnD0` beside `R`), so the moves generated must be told apart.
    pub overlapping: Vec<bool>,
    /// The types with any square in `overlapping`, that castle, or that have walks, as
    /// [`PieceType::bit`]s: generation looks no further than the rays for the others.
    pub special_types: u64,
    /// Every probe's squares, one after another.
    pub probe_squares: Vec<Square>,
    /// Per probe square: (always mask, initial-only mask).
    pub probe_masks: Vec<(u64, u64)>,
    /// Every probe, ranged by `probe_index`.
    pub probes: Vec<Probe>,
    /// Indexed by `colour * squares + square` (colour of the attacker): range into `probes`.
    pub probe_index: Vec<(u32, u32)>,
    /// `type * squares + square` → 0 or 1 + the type a piece becomes on arrival.
    pub morph: Vec<u8>,
    /// Per colour, the squares where its promoting pieces promote.
    pub promo_zone: [SquareSet; 2],
    /// The types a piece may promote to.
    pub promo_choice: Vec<PieceType>,
    /// Per entry of `promo_choice`, its marks (`!`, `*`, ranks).
    pub promo_rules: Vec<ChoiceRule>,
    /// Promotion by offset (`promoOffset`), when the variant has it.
    pub offset_promotion: OffsetPromotion,
    /// Per type, per colour: the squares from which it has no move at all.
    pub stuck: Vec<[SquareSet; 2]>,
    /// The hands' rules.
    pub hands: HandRules,
    /// Captures the rules forbid (`iron`, `protected`, `counterStrike`).
    pub trade: TradeRules,
    /// How a stalemate is scored.
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
    /// Moves in every turn (2 in Marseillais).
    pub moves_per_turn: u8,
    /// Moves in White's first turn.
    pub first_turn_moves: u8,
    /// Some move leaves en passant rights.
    pub has_ep: bool,
    /// Castling is walked ([`Variant::compile_walked`]): the walker finds the partner, and
    /// `castling.rs` generates no castling of its own.
    pub(crate) castling_walked: bool,
    /// Symmetric Chess's conversion, if any.
    pub conversion: Option<Conversion>,
    /// `autoGate`: the gate ranks and the twins waiting there ([`crate::gate`]).
    pub gate: Option<Gate>,
    /// The hash keys.
    pub zobrist: Zobrist,
    /// Per type, per colour: the walks of its moves of several legs, hops and `d` moves
    /// ([`crate::walk`]); empty for most types, whose moves are all in the rays.
    pub walks: Vec<[Vec<Walk>; 2]>,
    /// Per type, per colour: where its walks may take ([`walk::Reach`]).
    pub walk_reach: Vec<[walk::Reach; 2]>,
    /// The types with walks, as [`PieceType::bit`]s.
    pub walk_types: u64,
    /// The types with a leg with `x` (their moves hand over to friends), as bits.
    pub relay_types: u64,
    /// Per type, its imitator moves (`I`): the position makes them as the type that moved last.
    pub imitation: Vec<Vec<Imitation>>,
    /// The types with imitator moves, as bits.
    pub imitators: u64,
    /// The hop cache's lines: the squares of every [`Hop`] and [`HopProbe`].
    pub(crate) hop_squares: Vec<Square>,
    /// The hops of every (colour, type, square) ([`Variant::hops_for`]).
    pub(crate) hops: Vec<Hop>,
    /// Indexed as `ray_index`: range into `hops`.
    pub(crate) hop_index: Vec<(u32, u32)>,
    /// Indexed as `ray_index`: a hop may land where another of the piece's moves goes.
    pub(crate) hops_meet: Vec<bool>,
    /// The hop probes of every (attacker colour, target square) ([`Variant::hop_probes_for`]).
    pub(crate) hop_probes: Vec<HopProbe>,
    /// Indexed as `probe_index`: range into `hop_probes`.
    pub(crate) hop_probe_index: Vec<(u32, u32)>,
    /// The types with hops in the cache, as [`PieceType::bit`]s.
    pub(crate) hop_types: u64,
    /// Per type, per colour: the walks the hop cache does not hold, which the walker follows
    /// when generating moves and testing attacks (`walks` holds them all).
    pub(crate) walker: Vec<[Vec<Walk>; 2]>,
    /// Per type, per colour: where the walks in `walker` may take.
    pub(crate) walker_reach: Vec<[walk::Reach; 2]>,
    /// The types with walks in `walker`, as bits.
    pub(crate) walker_types: u64,
    /// The types with walks in `walker` that make double steps or convert (moves of one
    /// plain leg, walked), whose finds of one move may differ in kind, as bits.
    pub(crate) marked_types: u64,
    /// The most pieces one move of any type may take: the one on its destination and its
    /// locust victims.
    pub most_taken: usize,
}

// The piece codes' helpers and the key generator live below the variant (in `piece` and
// `splitmix`), so that the files the variant is built from need not import it; they are
// re-exported here for the callers that read them from the variant.
pub use crate::piece::{code, code_colour, code_type};
pub(crate) use crate::splitmix::{SplitMix, mix64};

mod compile;
mod hops;
pub(crate) use hops::{Hop, HopProbe};
mod rays;
mod reach;
pub use reach::{Allowed, StepTarget};
mod tables;
mod types;
mod walk_tables;
mod worth;
mod zobrist;
pub use zobrist::Zobrist;

impl Variant {
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

    /// The index of (colour, type, square) in the tables indexed as `ray_index`.
    #[inline(always)]
    fn table_index(&self, colour: Colour, t: PieceType, sq: Square) -> usize {
        (colour.index() * self.types.len() + t.index()) * self.squares + sq as usize
    }

    /// The piece types, in order.
    pub fn piece_types(&self) -> impl Iterator<Item = PieceType> + use<> {
        (0..self.types.len()).map(PieceType::new)
    }

    /// Whether two of [`Variant::rays_for`]'s rays may make a move to the same square.
    #[inline]
    pub fn rays_overlap(&self, colour: Colour, t: PieceType, sq: Square) -> bool {
        self.overlapping[self.table_index(colour, t, sq)]
    }

    #[inline]
    /// The rays of a piece of type `t` and `colour` on `sq`.
    pub fn rays_for(&self, colour: Colour, t: PieceType, sq: Square) -> &[Ray] {
        let (a, b) = self.ray_index[self.table_index(colour, t, sq)];
        &self.rays[a as usize..b as usize]
    }

    #[inline]
    /// The steps of all the rays of a piece of type `t` and `colour` on `sq`, one ray after
    /// another, and beside each how many steps of its ray follow it ([`Variant::steps_after`]).
    pub fn piece_steps(&self, colour: Colour, t: PieceType, sq: Square) -> (&[Step], &[u16]) {
        let (a, b) = self.step_index[self.table_index(colour, t, sq)];
        let (a, b) = (a as usize, b as usize);
        (&self.steps[a..b], &self.steps_after[a..b])
    }

    #[inline]
    /// The steps of ray `r`.
    pub fn ray_steps(&self, r: &Ray) -> &[Step] {
        &self.steps[r.start as usize..(r.start + r.len) as usize]
    }

    /// The hops of a piece of type `t` and colour `colour` on `sq` (the hop cache).
    #[inline]
    pub(crate) fn hops_for(&self, colour: Colour, t: PieceType, sq: Square) -> &[Hop] {
        let (a, b) = self.hop_index[self.table_index(colour, t, sq)];
        &self.hops[a as usize..b as usize]
    }

    /// Whether a hop of [`Variant::hops_for`] may land where another move of the piece goes.
    #[inline]
    pub(crate) fn hops_meet(&self, colour: Colour, t: PieceType, sq: Square) -> bool {
        self.hops_meet[self.table_index(colour, t, sq)]
    }

    /// The hop attacks on `sq` by `attacker`, walked back from it.
    #[inline]
    pub(crate) fn hop_probes_for(&self, attacker: Colour, sq: Square) -> &[HopProbe] {
        let (a, b) = self.hop_probe_index[attacker.index() * self.squares + sq as usize];
        &self.hop_probes[a as usize..b as usize]
    }

    /// The squares of a hop's or a hop probe's line.
    #[inline]
    pub(crate) fn hop_line(&self, start: u32, len: u16) -> &[Square] {
        &self.hop_squares[start as usize..start as usize + len as usize]
    }

    /// Whether the move tables of a piece of type `t` and colour `colour` on `from` have a
    /// step to `to` (a ray's square, whatever the step allows and whatever stands between):
    /// for the notation, which names a castling by the king's square when no ordinary move
    /// could be meant.
    pub fn steps_to(&self, colour: Colour, t: PieceType, from: Square, to: Square) -> bool {
        (self.rays_for(colour, t, from).iter())
            .any(|r| self.ray_steps(r).iter().any(|s| s.to == to))
    }

    /// Follow the rays of a `colour` piece of type `t` on `from`, each up to and including
    /// its first square where `occupied` says a piece stands, calling `f(square, use)` with
    /// what its plain moves may do there (not the moves of an unmoved piece only, nor hops
    /// and moves of several legs): what the evaluation asks of the board without reading the
    /// tables.
    #[inline]
    pub fn ray_reach(
        &self,
        colour: Colour,
        t: PieceType,
        from: Square,
        occupied: impl Fn(Square) -> bool,
        mut f: impl FnMut(Square, StepUse),
    ) {
        for r in self.rays_for(colour, t, from) {
            for s in self.ray_steps(r) {
                let use_ = StepUse {
                    quiet: s.flags & step::QUIET != 0,
                    capture: s.flags & step::CAPTURE != 0,
                    ep: s.flags & step::EP != 0,
                };
                f(s.to, use_);
                if occupied(s.to) {
                    break;
                }
            }
        }
    }

    /// How many hops the cache holds, over every colour, type and square.
    pub fn hop_count(&self) -> usize {
        self.hops.len()
    }

    /// The same variant with the hop cache empty, every walk left to the walker: what the
    /// property tests compare the cache with (the same moves, the same attacks).
    pub fn without_hop_cache(&self) -> Variant {
        let mut v = self.clone();
        v.hops.clear();
        v.hop_index.iter_mut().for_each(|r| *r = (0, 0));
        v.hops_meet.iter_mut().for_each(|m| *m = false);
        v.hop_probes.clear();
        v.hop_probe_index.iter_mut().for_each(|r| *r = (0, 0));
        v.hop_types = 0;
        v.walker.clone_from(&v.walks);
        v.walker_reach.clone_from(&v.walk_reach);
        v.walker_types = v.walk_types;
        v
    }

    #[inline]
    /// The attack probes from `sq` for pieces of `attacker`.
    pub fn probes_for(&self, attacker: Colour, sq: Square) -> &[Probe] {
        let (a, b) = self.probe_index[attacker.index() * self.squares + sq as usize];
        &self.probes[a as usize..b as usize]
    }

    /// The type a piece of type `t` becomes on arriving at `sq`, if its map names one.
    #[inline]
    pub fn morph_at(&self, t: PieceType, sq: Square) -> Option<PieceType> {
        match self.morph[t.index() * self.squares + sq as usize] {
            0 => None,
            x => Some(PieceType::new(x as usize - 1)),
        }
    }

    /// Find a visible type by its ID (`'N'`, or a [`PieceId`] such as `+P` or `GB`).
    pub fn type_by_id(&self, id: impl Into<PieceId>) -> Option<PieceType> {
        let id = id.into();
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

/// An imitator move (`I`): a move of the type that moved last (not an imitator), made from
/// the imitator's square as that type would make it, by its own side (`forward`) or turned
/// round as the other side would (`backward`); its quiet moves, its captures or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Imitation {
    /// As the imitator's own side would make it.
    pub forward: bool,
    /// Turned round, as the other side would.
    pub backward: bool,
    /// The imitated type's moves to an empty square.
    pub quiet: bool,
    /// The imitated type's captures.
    pub capture: bool,
}
