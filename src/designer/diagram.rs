//! Move diagrams for the piece legend (the page's `pieceMoves(letter, colour)`): every square a
//! piece type reaches from one square of an otherwise empty board, each with one kind —
//! `move`, `capture`, `both`, `initial`, `castle` or `morph` — the squares the move passes
//! over (so the page can draw a ride as a line) and, for a morph, the type the piece becomes;
//! for hops and moves of several legs, also the pieces they need on the way.
//!
//! How the diagram is made, and why:
//! - **From the move tables, not from legal moves.** [`Variant::leaps_and_rides`] gives every
//!   square of every leap and ride with what it allows there (quiet, capture, initial-only, en passant). On an empty board
//!   nothing blocks, so every step that allows something is a target. Legal move generation
//!   would need both royal pieces on the board for its royal-safety test (where they could
//!   block or be attacked), an unmoved flag for initial moves, and an enemy on every square to
//!   show a capture-only target. The tables need none of that, so no royal piece is placed.
//! - **Hops, legs and locust captures** are not in the rays but in the type's walks
//!   ([`Variant::walks`]); [`ways`] follows each walk over the empty board and assumes a piece
//!   wherever a leg could stop on one: a *screen* it hops over (the cannon's `cpR`, the
//!   grasshopper's `gQ`), a *victim* it takes on the way and goes on from (the lion's `caK`, a
//!   *locust* capture), the piece a last leg takes. A destination is marked as if those pieces
//!   stood there, one way at a time: the cannon's capture squares are every square beyond the
//!   first of its lines (with a screen on some square between), the grasshopper's landings
//!   every square beyond the first (with the screen just before). [`Mark::quiet_hop`] and
//!   [`Mark::capture_hop`] say when a move or capture there needs a screen on every way;
//!   [`Mark::screens`] lists where the screen may stand, [`Mark::via`] the empty squares where
//!   a leg ends and the next begins (the griffon's diagonal step), [`Mark::locust`] the squares
//!   where a piece may be taken on the way, and [`Mark::route`] one way there leg by leg (the
//!   page draws its line). A move that comes back to its own square (the lion's igui `cabK`,
//!   or `mabK`, out and back) marks the origin. A `d` leg (taking a friend) counts as a
//!   capture.
//! - **The origin** is the central square: file `files / 2`, rank `(ranks - 1) / 2` (e4 on
//!   8x8, e5 on 9x9), the same square for both colours; Black's moves point down the board.
//!   [`diagram_at`] takes any origin.
//! - **Its own moves.** The diagram shows the type asked for, even where its morph map would
//!   change it on the origin: a designer clicking Morphing Chess's knight wants the knight's
//!   moves (N2, 16 squares from e5), not the amazon's it would be on e5. Every target is judged
//!   by the type's morph map (a `morph` square where arriving changes it), and
//!   [`Diagram::morphs`] lists every square where the map changes it, reached or not, so the
//!   page can mark them and say where it would morph.
//! - **Kinds.** Squares reached by an always-allowed quiet move and capture are `both`; only one
//!   of them, `move` or `capture` (a capture-only square is one it would capture on if an enemy
//!   stood there; en passant counts as capture). A square reached only by first moves (the
//!   pawn's double step) is `initial`, as the Interactive Diagram shows them, as if the piece
//!   had not moved yet. A square where arriving changes the piece's type is `morph`, with
//!   [`Mark::becomes`] and the underlying [`Mark::action`]. One kind cannot say everything:
//!   [`Mark::quiet`] and [`Mark::capture`] say exactly what is allowed always and what only as
//!   a first move (Morphing Chess III's pawn on a1 captures on c1 always and moves there only
//!   as its first move: kind `capture`, quiet [`Reach::Initial`]). A hop or a locust capture
//!   does not change the kind: the cannon's e6 from e4 is `both` (a move, and a capture over
//!   a screen), with `capture_hop` set.
//! - **Castling** needs the piece unmoved on its start square with an unmoved partner in the
//!   corner of its rank. An empty board has no partner, so the diagram from the centre shows no
//!   castling. From one of the type's start squares (for that colour), [`diagram_at`] shows the
//!   squares the piece lands on when castling, as if partners stood in both corners (where its
//!   castling rule allows: at least two squares to the corner and a landing square short of
//!   it); a square a normal move also reaches keeps the normal move's kind.
//! - **Promotion** is not a kind: a mark in the promotion zone of a promoting type has
//!   [`Mark::promotes`] set.

pub mod ways;

use crate::geometry::{Square, SquareSet};
use crate::piece::{Colour, PieceType};
use crate::variant::Variant;

/// What a piece does on a marked square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A quiet move only.
    Move,
    /// A capture only (where an enemy stands).
    Capture,
    /// Quiet move and capture.
    Both,
    /// Only as the piece's first move.
    Initial,
    /// Where the piece lands when castling.
    Castle,
    /// Arriving there changes the piece's type.
    Morph,
}

impl Kind {
    /// The page's name for the kind: `move`, `capture`, `both`, `initial`, `castle`, `morph`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::Capture => "capture",
            Kind::Both => "both",
            Kind::Initial => "initial",
            Kind::Castle => "castle",
            Kind::Morph => "morph",
        }
    }
}

/// When a piece may do something on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reach {
    /// Not on any path.
    Never,
    /// Only as its first move.
    Initial,
    /// Whether or not the piece has moved.
    Always,
}

/// One square of a diagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    /// The square marked.
    pub square: Square,
    /// The one kind the page shows: `Morph` when arriving changes the type, else `action`.
    pub kind: Kind,
    /// What the move does there, morph aside (never `Morph`).
    pub action: Kind,
    /// A quiet move there (never for a castling square, which `action` says).
    pub quiet: Reach,
    /// A capture there (en passant included).
    pub capture: Reach,
    /// The (visible) type the piece becomes on arrival, when its morph map changes it.
    pub becomes: Option<PieceType>,
    /// The squares the move passes over, which must be empty, from the origin on: empty for a
    /// leap or a one-square step, the squares before the target for a ride or a lame leap, and
    /// for a move of several legs or a hop those of [`Mark::route`]'s way (its via squares
    /// too; never a screen or a victim).
    pub path: Vec<Square>,
    /// The piece promotes on arrival (a promoting type in its promotion zone).
    pub promotes: bool,
    /// The quiet move there needs a piece to jump over on the way, on every way that allows
    /// it as early as `quiet` says (a grasshopper's landing).
    pub quiet_hop: bool,
    /// The capture there needs a piece to jump over, likewise (a cannon's capture).
    pub capture_hop: bool,
    /// Where the piece jumped over may stand, on any of the ways here that hop, in square
    /// order: every square between for a cannon, the one just before for a grasshopper.
    pub screens: Vec<Square>,
    /// The empty squares where one leg ends and the next begins, on any way here, in square
    /// order (the griffon's first, diagonal step).
    pub via: Vec<Square>,
    /// Where a piece may be taken on the way here (a locust capture), in square order.
    pub locust: Vec<Square>,
    /// Every way here takes a piece on the way (`locust` is never empty then).
    pub locust_only: bool,
    /// Where the piece taken here is put down, by a move that unloads it (`u`: `udW` swaps
    /// places with it, so its own square), in square order.
    pub unload: Vec<Square>,
    /// One way here leg by leg: the square each leg but the last ends on (via, screen or
    /// victim), in order; empty when a one-leg move (a step, leap or ride) reaches it. The
    /// plainest way is shown (fewest pieces needed), then the shortest.
    pub route: Vec<Square>,
}

impl Mark {
    /// Reached along a line over other squares (the page draws a line).
    pub fn is_ride(&self) -> bool {
        !self.path.is_empty()
    }

    /// Something done there needs a piece to jump over.
    pub fn is_hop(&self) -> bool {
        self.quiet_hop || self.capture_hop
    }
}

/// The move diagram of a piece type for one colour from one square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// The type asked for.
    pub piece_type: PieceType,
    /// The colour whose moves are shown.
    pub colour: Colour,
    /// The square the moves are drawn from.
    pub origin: Square,
    /// The reachable squares, in square order (the origin too, when a move comes back to it).
    pub marks: Vec<Mark>,
    /// Every square of the board where the type's morph map turns it into another (visible)
    /// type, with that type, in square order: where it would morph (the origin too).
    pub morphs: Vec<(Square, PieceType)>,
}

impl Diagram {
    /// The mark on a square, if the piece reaches it.
    pub fn mark(&self, sq: Square) -> Option<&Mark> {
        self.marks.iter().find(|m| m.square == sq)
    }
}

/// The central square: file `files / 2`, rank `(ranks - 1) / 2` (e4 on 8x8, e5 on 9x9).
pub fn centre(v: &Variant) -> Square {
    let g = v.geometry;
    g.square(g.files / 2, (g.ranks - 1) / 2)
}

/// The diagram of the piece with this ID letter (either case) for `colour` from the centre:
/// the page's `pieceMoves(letter, colour)`.
pub fn piece_moves(
    v: &Variant,
    letter: impl Into<crate::piece::PieceId>,
    colour: Colour,
) -> Result<Diagram, String> {
    let letter = letter.into();
    let t = v
        .type_by_id(letter.to_ascii_uppercase())
        .ok_or_else(|| format!("'{letter}' is not a piece of this variant"))?;
    diagram_at(v, t, colour, centre(v))
}

/// The diagram of piece type `t` for `colour` from the centre.
pub fn diagram(v: &Variant, t: PieceType, colour: Colour) -> Result<Diagram, String> {
    diagram_at(v, t, colour, centre(v))
}

/// What the ways to a destination allow there, as bits (a union over the ways).
mod allows {
    use crate::variant::Allowed;
    /// A quiet move, always.
    pub const QUIET: u8 = 1;
    /// A capture (en passant too), always.
    pub const CAPTURE: u8 = 2;
    /// A quiet move, only as the first.
    pub const QUIET_I: u8 = 4;
    /// A capture, only as the first.
    pub const CAPTURE_I: u8 = 8;

    /// The bit for `a`: `always`, `initial` or none.
    pub fn of(a: Allowed, always: u8, initial: u8) -> u8 {
        match a {
            Allowed::Always => always,
            Allowed::Initial => initial,
            Allowed::Never => 0,
        }
    }
}

/// Everything known of one destination while the ways to it are gathered.
struct Target {
    square: Square,
    /// What the ways here that jump over nothing allow ([`allows`] bits: quiet and capture,
    /// always or initial).
    plain: u8,
    /// Of the ways that jump over a screen.
    hop: u8,
    /// Some way here takes nothing on the way.
    free: bool,
    screens: SquareSet,
    via: SquareSet,
    locust: SquareSet,
    unload: SquareSet,
    /// The way shown: (pieces it needs on the way, squares it names), and its squares.
    rank: (usize, usize),
    path: Vec<Square>,
    route: Vec<Square>,
}

impl Target {
    fn new(square: Square, path: Vec<Square>) -> Target {
        Target {
            square,
            plain: 0,
            hop: 0,
            free: true,
            screens: SquareSet::EMPTY,
            via: SquareSet::EMPTY,
            locust: SquareSet::EMPTY,
            unload: SquareSet::EMPTY,
            rank: (0, path.len()),
            path,
            route: Vec::new(),
        }
    }
}

/// The target for `sq` in `found`, added (ranked last, so any way replaces its path) if new.
fn target(found: &mut Vec<Target>, sq: Square) -> &mut Target {
    let i = match found.iter().position(|t| t.square == sq) {
        Some(i) => i,
        None => {
            let mut t = Target::new(sq, Vec::new());
            (t.free, t.rank) = (false, (usize::MAX, 0));
            found.push(t);
            found.len() - 1
        }
    };
    &mut found[i]
}

/// The diagram of piece type `t` for `colour` from `origin` (castling shows from one of the
/// type's start squares).
pub fn diagram_at(
    v: &Variant,
    t: PieceType,
    colour: Colour,
    origin: Square,
) -> Result<Diagram, String> {
    if t.index() >= v.types.len() {
        return Err(format!("there is no piece type number {}", t.index()));
    }
    let g = v.geometry;
    if origin as usize >= g.len() {
        return Err(format!(
            "square number {origin} is not on the {}x{} board",
            g.files, g.ranks
        ));
    }

    // Per target: the union of what its ways allow and the shortest path to it.
    let mut found: Vec<Target> = Vec::new();
    for st in v.leaps_and_rides(colour, t, origin) {
        let flags = allows::of(st.quiet, allows::QUIET, allows::QUIET_I)
            | allows::of(st.capture, allows::CAPTURE, allows::CAPTURE_I);
        let entry = target(&mut found, st.to);
        entry.plain |= flags;
        entry.free = true;
        if (0, st.path.len()) < entry.rank {
            entry.rank = (0, st.path.len());
            entry.path = st.path;
            entry.route.clear();
        }
    }
    // The walks: hops, legs and locust captures, with the pieces each way needs.
    if let Some(walks) = v.walks.get(t.index()) {
        ways::explore(
            g,
            origin,
            &walks[colour.index()],
            &mut |st: &ways::State, to: Square, quiet: bool, initial: bool| {
                let flags = match (quiet, initial) {
                    (true, false) => allows::QUIET,
                    (true, true) => allows::QUIET_I,
                    (false, false) => allows::CAPTURE,
                    (false, true) => allows::CAPTURE_I,
                };
                let entry = target(&mut found, to);
                if st.screens.is_empty() {
                    entry.plain |= flags;
                } else {
                    entry.hop |= flags;
                }
                entry.free |= st.victims.is_empty();
                for &sq in &st.screens {
                    entry.screens.insert(sq);
                }
                for &sq in &st.via {
                    entry.via.insert(sq);
                }
                for &sq in &st.victims {
                    entry.locust.insert(sq);
                }
                if let Some(sq) = st.unload.filter(|_| !quiet) {
                    entry.unload.insert(sq);
                }
                let rank = (
                    st.screens.len() + st.victims.len(),
                    st.path.len() + st.route.len(),
                );
                if rank < entry.rank {
                    entry.rank = rank;
                    entry.path.clone_from(&st.path);
                    entry.route.clone_from(&st.route);
                }
            },
        );
    }

    let squares = |set: SquareSet| -> Vec<Square> { set.iter().collect() };
    let mark = |target: Target| {
        let reach = |flags: u8, always: u8, initial: u8| {
            if flags & always != 0 {
                Reach::Always
            } else if flags & initial != 0 {
                Reach::Initial
            } else {
                Reach::Never
            }
        };
        let quiet_of = |flags: u8| reach(flags, allows::QUIET, allows::QUIET_I);
        let capture_of = |flags: u8| reach(flags, allows::CAPTURE, allows::CAPTURE_I);
        let flags = target.plain | target.hop;
        let quiet = quiet_of(flags);
        let capture = capture_of(flags);
        let action = match (quiet, capture) {
            _ if flags == 0 => Kind::Castle,
            (Reach::Always, Reach::Always) => Kind::Both,
            (Reach::Always, _) => Kind::Move,
            (_, Reach::Always) => Kind::Capture,
            _ => Kind::Initial,
        };
        let becomes = v
            .morph_at(t, target.square)
            .filter(|&b| b != t)
            .map(|b| v.display_type(b));
        Mark {
            square: target.square,
            kind: if becomes.is_some() {
                Kind::Morph
            } else {
                action
            },
            action,
            quiet,
            capture,
            becomes,
            path: target.path,
            promotes: v.types[t].promotes && v.promo_zone[colour.index()].contains(target.square),
            quiet_hop: quiet_of(target.hop) > quiet_of(target.plain),
            capture_hop: capture_of(target.hop) > capture_of(target.plain),
            screens: squares(target.screens),
            via: squares(target.via),
            locust_only: !target.free && !target.locust.is_empty(),
            locust: squares(target.locust),
            unload: squares(target.unload),
            route: target.route,
        }
    };
    let mut marks: Vec<Mark> = found.into_iter().map(mark).collect();

    // Castling, from a start square only.
    if v.types[t].start[colour.index()].contains(&origin) {
        let (f0, r) = (i32::from(g.file(origin)), g.rank(origin));
        for &(dir, dist) in &v.types[t].castles {
            let edge = if dir < 0 { 0 } else { i32::from(g.files) - 1 };
            let span = (edge - f0).abs();
            if span < 2 || i32::from(dist) >= span {
                continue;
            }
            let file = |k: i32| g.square((f0 + i32::from(dir) * k) as u8, r);
            let to = file(i32::from(dist));
            if marks.iter().any(|m| m.square == to) {
                continue;
            }
            let path = (1..i32::from(dist)).map(file).collect();
            // No step flags: a castling square.
            marks.push(mark(Target::new(to, path)));
        }
    }
    // One mark a square (`found` is by square; castling skips a square marked): distinct keys.
    crate::keyed::sort_keyed(&mut marks, |m| m.square.into());
    let morphs = (0..g.len() as Square)
        .filter(|&sq| !g.is_hole(sq))
        .filter_map(|sq| {
            let becomes = v.morph_at(t, sq).filter(|&b| b != t)?;
            Some((sq, v.display_type(becomes)))
        })
        .collect();
    Ok(Diagram {
        piece_type: t,
        colour,
        origin,
        marks,
        morphs,
    })
}

#[cfg(test)]
mod tests;
