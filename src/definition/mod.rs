//! Variant definitions in the Interactive Diagram's text format: parse, then validate.
//!
//! The text is a list of items separated by white space or line breaks:
//! - parameters `key=value` (`files=9`, `promoZone=0`, `stalemate=win`, …);
//! - piece lines `name:ID:Betza:image:white squares,,black squares`, where the name may
//!   contain spaces (`royal pawn:J:fWfcnD:king:`) and an empty square list defines a type that
//!   only appears by morph or promotion;
//! - `morph=` maps, which belong to the piece line before them: ranks separated by `/`, **rank
//!   1 first**, one character per file, `.` (or an empty rank) for "no change", otherwise the ID
//!   of the type the piece becomes on arrival there. The map is the same for both colours.
//!
//! Both the one-item-per-line form and the flattened one-line form load the same. A line whose
//! first non-blank character is `#` is a comment (a fairylab extension).
//! [`parse`] turns text into a [`Definition`] (strings with positions); [`Definition::validate`]
//! checks it and resolves it into a [`Spec`]; `variant::Variant::compile` builds move tables.
//! [`check`] does both and keeps every error and warning as a [`Diagnostic`] (severity, line,
//! column, end column). Keys are read through a reader that reports what nobody read
//! (`reader.rs`, by the kinds in `keys.rs`); pieces' default moves by name are in `names.rs`.
//!
//! fairylab's extension keys (documented in the README), for rules the Diagram cannot say:
//! - `movesPerTurn=2`: every turn is that many moves (Marseillais);
//! - `firstTurnMoves=1`: White's first turn has that many moves (balanced Marseillais);
//! - `conversion=B:sfW`: Symmetric Chess's bishop conversion: an unmoved piece of type `B` on
//!   its start square may instead make one of these moves, at most one conversion per side,
//!   and a side whose first such-piece move was normal must convert with the other one (so
//!   the type may have at most two pieces a side);
//! - `promoPieces=PS`: the types that promote (instead of the Diagram's `maxPromote`, by
//!   default the first piece line).

mod board;
mod conversion;
mod diagnostic;
mod fields;
mod idlist;
mod keys;
mod moves;
mod names;
mod parse;
mod promotion;
mod reader;
mod rules;
mod setup;
mod shuffle;
mod validate;

pub use diagnostic::{Diagnostic, Severity};
pub use keys::{KEYS, KeyKind, suggestion};
pub use names::{STANDARD_MOVES, standard_moves};
pub use parse::{MAX_TEXT_LEN, parse};

use crate::betza::Component;
use crate::geometry::{Geometry, Square};
use std::fmt;

/// A position in the definition text: 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    /// The line, from 1.
    pub line: u32,
    /// The column in characters, from 1.
    pub col: u32,
}

impl Pos {
    fn offset(self, chars: usize) -> Pos {
        Pos {
            line: self.line,
            col: self.col + chars as u32,
        }
    }
}

/// An error in a definition, printed as `LINE:COL: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionError {
    /// Where the error is.
    pub pos: Pos,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.pos.line, self.pos.col, self.message)
    }
}

impl std::error::Error for DefinitionError {}

/// All errors found in a definition, in text order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionErrors(pub Vec<DefinitionError>);

impl fmt::Display for DefinitionErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DefinitionErrors {}

fn err(pos: Pos, message: impl Into<String>) -> DefinitionError {
    DefinitionError {
        pos,
        message: message.into(),
    }
}

/// A piece of text with its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// The text, as written.
    pub text: String,
    /// Where it starts in the definition.
    pub pos: Pos,
}

/// A `key=value` parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    /// The key, before `=`.
    pub key: Field,
    /// The value, after `=`.
    pub value: Field,
}

/// A piece line as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceLine {
    /// The piece's name (first field).
    pub name: Field,
    /// Its ID letter (second field).
    pub id: Field,
    /// Its moves as a Betza string (third field; empty for the Diagram's standard moves of the name).
    pub betza: Field,
    /// Its image name (fourth field).
    pub image: Field,
    /// White's start squares, and after `,,` Black's (fifth field).
    pub squares: Field,
    /// The Diagram's sixth field: pieces in hand at the start (`2`, or White's and Black's
    /// `2,1`).
    pub hand: Option<Field>,
    /// The `morph=` line after the piece line, if any.
    pub morph: Option<Field>,
}

/// A definition as written: parameters and piece lines in order, nothing interpreted yet.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Definition {
    /// The `key=value` parameters, in text order.
    pub params: Vec<Param>,
    /// The piece lines, in text order.
    pub pieces: Vec<PieceLine>,
    /// What reading the text passed over (as the Diagram passes over it), for warnings.
    pub notes: Vec<DefinitionError>,
}

/// How a stalemate is scored, for the side that gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StalemateRule {
    /// A stalemate is a draw.
    Draw,
    /// The stalemating side wins.
    Win,
    /// The stalemating side loses.
    Loss,
}

/// How Black's start squares follow from White's when a piece line gives no `,,` list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    /// Black's squares mirror White's across the board's middle rank (the default).
    Mirror,
    /// Black's squares are White's turned half a turn round the board's centre.
    Rotate,
    /// No symmetry: each piece line gives Black's squares itself.
    None,
}

/// How a `shuffle` group deals one type's pieces: the mark before its ID.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// No mark: anywhere in the group's squares.
    Any,
    /// `!`: each piece on the other shade from the one dealt before it (bishops on opposite
    /// colours).
    OppositeShades,
    /// `:`: as `!`, and the second of each pair on the file mirroring the first's.
    Mirrored,
}

/// A type in a `shuffle` group: its index in [`Spec::pieces`] and its mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShuffleMember {
    /// The type: its index in [`Spec::pieces`].
    pub piece: usize,
    /// How its pieces are dealt.
    pub placement: Placement,
}

/// One comma-separated group of the `shuffle` key, in the order written.
pub type ShuffleGroup = Vec<ShuffleMember>;

/// A validated piece type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceSpec {
    /// The type's name.
    pub name: String,
    /// Its ID (unique: a repeated ID is replaced, with a warning).
    pub id: crate::piece::PieceId,
    /// Its Betza string, as written (or the standard moves of its name).
    pub betza_text: String,
    /// Its moves, parsed.
    pub moves: Vec<Component>,
    /// Its image name.
    pub image: String,
    /// White's start squares.
    pub white: Vec<Square>,
    /// Black's start squares.
    pub black: Vec<Square>,
    /// For every square, the index of the type this piece becomes on arrival, if any.
    pub morph: Option<Vec<Option<usize>>>,
    /// Royal (`royal`): losing it (or being unable to save it) loses the game.
    pub royal: bool,
    /// `baring`: a piece of the type keeps its side from being bare.
    pub bares: bool,
    /// `antiTrade`: the groups it belongs to (bit 0 the one named before the piece lines,
    /// bits 1 to 4 the groups 0 to 3 given after its line); one group's pieces never take
    /// each other.
    pub anti_trade: u8,
    /// `iron`: never captured.
    pub iron: bool,
    /// `protected`: a piece of the type may not take one of the type (and nothing else) where
    /// it could be taken back at once.
    pub protected: bool,
    /// `counterStrike`: when a piece of the type is taken by a piece of another type, the
    /// opponent may not take a piece of the type on the next move, but the one that took.
    pub counter_strike: bool,
    /// A promoting type (`promoPieces`, `maxPromote`, or a name ending in "pawn").
    pub promotes: bool,
    /// With `promoOffset`, the type it promotes to (its place in the list plus the offset).
    pub promoted: Option<usize>,
    /// Pieces of this type in White's and Black's hand at the start (the piece line's sixth
    /// field; 0 when it has none).
    pub hand: [u32; 2],
    /// `j` on its castling (`KisjO2`): it castles with the piece next to the corner, not the
    /// one in it.
    pub castle_inner: bool,
}

/// Where a captured piece goes (the Diagram's `holdingsType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CaptureTo {
    /// Off the board for good (`0`, the default).
    #[default]
    Nowhere,
    /// The capturer's hand, changing colour (a negative value: Crazyhouse, Shogi); with
    /// `demote` (`-1`), a promoted piece goes there as the type it promoted from.
    Capturer {
        /// A promoted piece goes to the hand as the type it promoted from.
        demote: bool,
    },
    /// Its owner's hand (a positive value), a reserve for promotions that take from the hand
    /// (`promoChoice`'s `*`).
    Owner,
}

/// The hands: where captures go, and whether pieces in hand may be dropped: with captures to
/// the capturer's hand, or with pieces in hand at the start and captures going nowhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Holdings {
    /// Where captured pieces go.
    pub capture: CaptureTo,
    /// Pieces in hand may be dropped.
    pub drops: bool,
}

/// The marks of one `promoChoice` entry: `!` (not on the last rank), `*` (only a piece of
/// the type from the promoting side's hand), a number after the ID (only within that many
/// ranks of the last; 0 for the whole zone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChoiceRule {
    /// `!`: not on the last rank.
    pub not_last: bool,
    /// `*`: only a piece of the type from the promoting side's hand.
    pub from_hand: bool,
    /// A number after the ID: only within that many ranks of the last (0: the whole zone).
    pub depth: u8,
}

/// The board's colours a definition gives (the Diagram's `lightShade`, `darkShade`,
/// `startShade`, `rimColor`, `coordColor`, `hlColor`), as written: `#RRGGBB`-style or a
/// colour's name. Kept for the page to draw with.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Colours {
    /// The light squares' colour (`lightShade`).
    pub light: Option<String>,
    /// The dark squares' colour (`darkShade`).
    pub dark: Option<String>,
    /// The dark squares' colour the Diagram shows before the first move.
    pub start: Option<String>,
    /// The board's border colour (`rimColor`).
    pub rim: Option<String>,
    /// The coordinates' colour (`coordColor`).
    pub coordinates: Option<String>,
    /// The highlight colour (`hlColor`).
    pub highlight: Option<String>,
}

/// Symmetric Chess's conversion rule for one piece type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionSpec {
    /// The converting type: its index in [`Spec::pieces`].
    pub piece: usize,
    /// The conversion moves as a Betza string, as written.
    pub betza_text: String,
    /// The conversion moves, parsed.
    pub moves: Vec<Component>,
}

/// A validated definition: everything resolved, nothing compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// The board: its size and holes.
    pub geometry: Geometry,
    /// The piece types, in the order of their lines.
    pub pieces: Vec<PieceSpec>,
    /// `promoZone`: the last ranks where pieces promote.
    pub promo_zone: u8,
    /// `promoChoice`: the types a piece may promote to (indices in `pieces`).
    pub promo_choice: Vec<usize>,
    /// Per entry of `promo_choice`, its marks.
    pub promo_rules: Vec<ChoiceRule>,
    /// `promoOffset`: promoting types become the type that many places down the list.
    pub promo_offset: usize,
    /// `holdingsType` and the pieces in hand: the hands' rules.
    pub holdings: Holdings,
    /// `stalemate`: how a stalemate is scored.
    pub stalemate: StalemateRule,
    /// `autoGate=1`: the first and last ranks are gates ([`crate::gate`]).
    pub auto_gate: bool,
    /// `castleFlip`: Black castles the same way along the files as White.
    pub castle_flip: bool,
    /// `tradeThreshold`: the type whose value a protected piece's other captures must exceed
    /// to take a protected piece where it could be taken back.
    pub trade_threshold: Option<usize>,
    /// `extinction` (bit 1 White, bit 2 Black; the Diagram's default 3): with the bit set, a
    /// side loses when its last royal piece goes, and may leave the others attacked; without
    /// it, every royal piece of the side is absolute (none may be left attacked).
    pub extinction: [bool; 2],
    /// `symmetry`: how Black's start squares follow from White's.
    pub symmetry: Symmetry,
    /// `movesPerTurn`: moves in every turn (2 in Marseillais).
    pub moves_per_turn: u8,
    /// `firstTurnMoves`: moves in White's first turn (1 in balanced Marseillais).
    pub first_turn_moves: u8,
    /// `conversion`: Symmetric Chess's bishop conversion, if any.
    pub conversion: Option<ConversionSpec>,
    /// The `shuffle` key's groups (none: the start is the array as written); dealt by
    /// [`crate::shuffle`] from a seed.
    pub shuffle: Vec<ShuffleGroup>,
    /// Display keys (graphicsDir, squareSize, the colours, …), kept as written.
    pub display: Vec<(String, String)>,
    /// The board's colours among them, checked.
    pub colours: Colours,
    /// What loads but deserves a word: unknown keys (ignored, with a suggestion), keys only
    /// about the Diagram's drawing, pieces the Diagram gives no moves. In text order; with
    /// their spans in [`check`]'s diagnostics.
    pub warnings: Vec<DefinitionError>,
}

/// The most piece types a definition may have (the Diagram's own limit is lower); the
/// first type past it is refused at its name.
pub const MAX_PIECE_TYPES: usize = 60;

/// Parse and validate in one step.
pub fn load(text: &str) -> Result<Spec, DefinitionErrors> {
    parse(text)?.validate()
}

/// Parse and validate in one step, keeping everything said: the [`Spec`] if the text has no
/// error, and every error and warning (parse errors, or else validation's) in text order.
pub fn check(text: &str) -> (Option<Spec>, Vec<Diagnostic>) {
    match parse(text) {
        Ok(def) => def.check(),
        Err(e) => (None, e.0.iter().map(Diagnostic::from_error).collect()),
    }
}
