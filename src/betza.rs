//! XBetza move notation: text → syntax tree → board vectors.
//!
//! A Betza string such as `ifmnDfmWfceF` (the FIDE pawn) is a sequence of components, each an
//! atom (`W`, `F`, `D`, `N`, …) with modifiers before it (`f`, `m`, `n`, `i`, …) and an
//! optional range after it. [`parse`] builds the tree; [`Component::vectors`] expands a
//! component into the leaps it names, from White's point of view (forward is +y). The
//! variant compiler turns these into per-square move tables once, when a variant loads.
//!
//! Moves of several legs, written with `a`, as hops or in brackets, are read by [`legs`] and
//! the bracket reader into paths. [`read`] reads a whole string as the Interactive Diagram's
//! script scans it (`scan.rs`: primes, letters it passes over; `group.rs`: parentheses;
//! `leaf.rs`: one move): what the script passes over is an `ignored:` note, what fairylab does
//! not play a `not played:` note naming it, and the rest is read; never a silently different
//! piece.

use std::fmt;

pub mod bracket;
mod group;
mod leaf;
pub mod legs;
mod scan;
pub use legs::{Leg, LegModes, Path};

/// A parse error: what is wrong and the character offset (0-based, in chars) in the string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaError {
    /// Where the problem is: the character offset (from 0) in the Betza string.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (at Betza character {})",
            self.message,
            self.offset + 1
        )
    }
}

impl std::error::Error for BetzaError {}

/// One component of a Betza string, e.g. `ifmnD`: a move definition as legs, each saying
/// what it does on an empty, enemy or friendly square. A leap or a ride is a path of one leg
/// (its step, the angles its direction letters select, its range); castling is one sideways
/// leg marked [`LegModes::castle`], the king's distance its range. How the position finds the
/// moves (ray tables for a plain leg, the walker for the rest) is the compiler's business,
/// decided from the legs ([`Component::ray_leg`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    /// The move's legs.
    pub path: Path,
    /// Direction letters in order (`f b l r v s`) of a move of one leg read without `a`,
    /// empty for all directions (the angles they select are in the leg).
    pub directions: String,
    /// `e`: the move also takes en passant (lands on a square an enemy pawn just passed
    /// over); what else it does on arrival is its leg's modes.
    pub en_passant: bool,
    /// Only for a piece that has not moved yet (`i`).
    pub initial: bool,
    /// Non-jumping (`n`): the squares on the way must be empty.
    pub lame: bool,
    /// Offset of the component's first character in the Betza string.
    pub offset: usize,
    /// The atom was K or Q: its directions read in the eight-direction system (`f` straight
    /// forward only, `fr` the diagonal), for its orthogonal and diagonal parts alike.
    pub eightfold: bool,
    /// `*` after the atom: a rider as far as the last rank of its own half of the board (at
    /// least one step), whose longer moves leave en passant rights on the squares they pass
    /// (the Interactive Diagram's `fmW*`, Wildebeest's pawn).
    pub half: bool,
    /// `I`, the imitator: the move is any move of the type that moved last (not an
    /// imitator), made as that type would from the piece's square. Its one leg's angles say
    /// which way round: 0 (forward) as the piece's own side would, 4 (backward) turned round,
    /// as the other side would; its modes which of those moves (`m` quiet, `c` captures).
    pub imitate: bool,
    /// Letters the Diagram reads but drops where they stand (offset and why): warnings.
    pub notes: Vec<BetzaError>,
}

/// The longest Betza string read, in characters (real ones are under 20); a longer one is
/// read up to the limit, the rest `not played:` from the first character past it.
pub const MAX_LEN: usize = 256;

/// The deepest bracket nesting read: one bracket of legs (`[F?R]`); a bracket, parenthesis or
/// brace inside it is `not played:` at its offset, however deep the nesting behind it, without
/// recursion.
pub const MAX_NESTING: usize = 1;

/// The most ways one move of several legs may go (the product of its legs' direction counts:
/// four king steps, `aaaK`, go 8 x 7 x 7 x 7 = 2,744 ways): each way is followed on the board, so a longer
/// chain (`aaaaaaN`, 8^7) would take minutes for every move generated.
pub const MAX_WAYS: usize = 4096;

/// The most pieces one move may take on the way besides the one on its destination (locust
/// captures: legs before the last that end on a piece and take it, `cafcafmW`). A move keeps
/// its victims' squares in itself, ten bits a square in one 64-bit word, so this is the room
/// it has for them. (The Interactive Diagram's script keeps them on a stack of no fixed size:
/// a move takes one piece for each leg before the last that ends on one.)
pub const MAX_LOCUST: usize = 6;

/// The most squares one move of several legs may walk on the largest board: its legs' ways
/// times the squares each may go (15 for a slide, 256 round a cylinder or torus), multiplied.
/// A rook slide then a bent slide (`mafsiR`) walks 4 x 15 x 2 x 15 = 1,800; three slides and a
/// ride round a torus (the definition fuzzer's `afsaayvoorffB`) about 145 million, for every
/// move generated and every test of check.
pub const MAX_PATH_STEPS: usize = 16_384;

/// The moves a Betza string describes, and the notes on it for warnings, each with its offset:
/// what the Diagram's script passes over (`ignored: ...`), and what fairylab does not play
/// that the Diagram plays (`not played: ...`; the rest of the string is played).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Moves {
    /// The components read, in order.
    pub components: Vec<Component>,
    /// The notes, in the order of their offsets.
    pub notes: Vec<BetzaError>,
}

/// The start of a note's message saying the move it names is not played; the move's text
/// follows in quotes, then `: ` and why (`not played: 'WjN': 'j' on an oblique leap ...`).
pub const NOT_PLAYED: &str = "not played: ";

/// Read an XBetza string as the Interactive Diagram's script reads it: every move it can, and
/// a note for each thing it passes over or fairylab does not play (a move fairylab cannot
/// play is left out, the rest played). `-` is a piece that cannot move. An error only for an
/// empty string.
pub fn read(text: &str) -> Result<Moves, BetzaError> {
    if text.trim() == "-" {
        return Ok(Moves::default());
    }
    let mut chars: Vec<char> = text.chars().take(MAX_LEN + 1).collect();
    if chars.is_empty() {
        return Err(BetzaError {
            offset: 0,
            message: "empty Betza string: the piece has no moves".into(),
        });
    }
    let mut moves = Moves::default();
    if chars.len() > MAX_LEN {
        chars.truncate(MAX_LEN);
        moves.notes.push(BetzaError {
            offset: MAX_LEN,
            message: format!(
                "{NOT_PLAYED}the Betza string past its first {MAX_LEN} characters (longer than \
                 fairylab reads)"
            ),
        });
    }
    let (units, skipped) = scan::units(&chars);
    moves.notes.extend(skipped);
    for unit in &units {
        if let Err(e) = read_unit(unit, &mut moves) {
            moves.notes.push(not_played(e));
        }
    }
    crate::keyed::sort_keyed(&mut moves.notes, |n| n.offset as u64);
    Ok(moves)
}

/// Parse an XBetza string into its components, strictly: the first move fairylab does not
/// play is an error (what the Diagram's script passes over is passed over). [`read`] gives
/// the moves and the notes for warnings.
pub fn parse(text: &str) -> Result<Vec<Component>, BetzaError> {
    let moves = read(text)?;
    if let Some(n) = moves
        .notes
        .iter()
        .find(|n| n.message.starts_with(NOT_PLAYED))
    {
        return Err(BetzaError {
            offset: n.offset,
            message: n.message[NOT_PLAYED.len()..].to_string(),
        });
    }
    Ok(moves.components)
}

/// A note that what `e` names is not played (unless it says it is ignored).
fn not_played(e: BetzaError) -> BetzaError {
    if e.message.starts_with("ignored") || e.message.starts_with(NOT_PLAYED) {
        return e;
    }
    BetzaError {
        offset: e.offset,
        message: format!("{NOT_PLAYED}{}", e.message),
    }
}

/// Read one unit (a bracket, or a move with the moves its parentheses stand for) into
/// `moves`, its offsets those of the string.
fn read_unit(unit: &scan::Unit, moves: &mut Moves) -> Result<(), BetzaError> {
    let variants = if unit.bracket() {
        vec![unit.clone()]
    } else {
        group::expand(unit)?
    };
    let several = variants.len() > 1;
    let mut failed = false;
    for v in &variants {
        let read = if v.bracket() {
            bracket::components(&v.chars, 0)
        } else {
            leaf::component(&v.chars, 0)
        };
        let (comps, next) = match read {
            Ok(r) => r,
            Err(e) if several => {
                // The first of the moves the groups stand for that is not played is named.
                if !failed {
                    let text: String = v.chars.iter().collect();
                    let e = v.local(e);
                    moves.notes.push(not_played(BetzaError {
                        offset: e.offset,
                        message: format!(
                            "'{text}' (the group repeated so often, and more often): {}",
                            e.message
                        ),
                    }));
                }
                failed = true;
                continue;
            }
            Err(e) => {
                let text: String = v.chars.iter().collect();
                let e = v.local(e);
                if e.message.starts_with("ignored") {
                    return Err(e);
                }
                return Err(BetzaError {
                    offset: e.offset,
                    message: format!("'{text}': {}", e.message),
                });
            }
        };
        if next < v.chars.len() {
            let rest: String = v.chars[next..].iter().collect();
            moves.notes.push(BetzaError {
                offset: v.offset(next),
                message: format!("ignored: '{rest}' after the move, which reads no further"),
            });
        }
        for mut c in comps {
            c.offset = v.offset(c.offset);
            c.notes = c.notes.drain(..).map(|n| v.local(n)).collect();
            moves.notes.extend(c.notes.iter().cloned());
            if !moves.components.contains(&c) {
                moves.components.push(c);
            }
        }
    }
    Ok(())
}
impl Component {
    /// A component of several legs, a hop or a curve (`offset`: where it starts).
    pub fn path(path: Path, initial: bool, offset: usize, notes: Vec<BetzaError>) -> Component {
        Component {
            path,
            directions: String::new(),
            en_passant: false,
            initial,
            lame: false,
            offset,
            eightfold: false,
            half: false,
            imitate: false,
            notes,
        }
    }

    /// The one leg of a leap or a ride, when the move is nothing more: one leg going to an
    /// empty square or taking an enemy there, in a line from its start (no hop, wrap, jump,
    /// royal, unload, relay or castling). The ray tables hold these moves (with `n`, `e`, `*`
    /// and `i`, which only a move of one such leg has), the walker every other (and these
    /// too, in `Variant::compile_walked`).
    pub fn ray_leg(&self) -> Option<&Leg> {
        let [leg] = self.path.legs.as_slice() else {
            return None;
        };
        let plain = LegModes {
            quiet: leg.modes.quiet,
            capture: leg.modes.capture,
            ..LegModes::default()
        };
        (self.path.curve.is_none()
            && leg.modes == plain
            && leg.wrap == 0
            && !leg.jump
            && !leg.iso
            && !leg.remaining)
            .then_some(leg)
    }

    /// Castling (`O`): how far the king goes and to which sides (-1 to the left, 1 to the
    /// right, from White's side), or none.
    pub fn castling(&self) -> Option<(u8, Vec<i8>)> {
        let [leg] = self.path.legs.as_slice() else {
            return None;
        };
        if !leg.modes.castle {
            return None;
        }
        let sides = [(-1, 6), (1, 2)]
            .into_iter()
            .filter(|&(_, angle)| leg.angles & 1 << angle != 0)
            .map(|(side, _)| side)
            .collect();
        Some((leg.range, sides))
    }

    /// The leap vectors of a move of one plain leg ([`Component::ray_leg`]), from White's side
    /// (forward is +y), in the Interactive Diagram's order of angles (clockwise from
    /// forward); empty for any other move. A leg whose direction letters select none of its
    /// atom's angles is an error (not for a K's or Q's orthogonal or diagonal part, `fK`).
    pub fn vectors(&self) -> Result<Vec<(i8, i8)>, BetzaError> {
        let Some(leg) = self.ray_leg() else {
            return Ok(Vec::new());
        };
        let out: Vec<(i8, i8)> = (0..8)
            .filter(|a| leg.angles & 1 << a != 0)
            .map(|a| legs::rotate(self.path.step, a))
            .collect();
        // A K's orthogonal or diagonal part may have none (`fK`); parse checks the whole.
        if out.is_empty() && !self.eightfold {
            return Err(BetzaError {
                offset: self.offset,
                message: format!(
                    "directions '{}' select no move of this atom",
                    self.directions
                ),
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vecs(s: &str) -> Vec<Vec<(i8, i8)>> {
        parse(s)
            .unwrap()
            .iter()
            .map(|c| {
                let mut v = c.vectors().unwrap();
                v.sort();
                v
            })
            .collect()
    }

    #[test]
    fn fide_pawn() {
        let c = parse("ifmnDfmWfceF").unwrap();
        assert_eq!(c.len(), 3);
        let modes = |c: &Component| c.path.legs[0].modes;
        assert!(c[0].initial && c[0].lame && modes(&c[0]).quiet && !modes(&c[0]).capture);
        assert_eq!(
            vecs("ifmnDfmWfceF"),
            vec![vec![(0, 2)], vec![(0, 1)], vec![(-1, 1), (1, 1)]]
        );
        assert!(modes(&c[2]).capture && !modes(&c[2]).quiet && c[2].en_passant);
    }

    #[test]
    fn extensions_and_ranges() {
        let range = |s: &str| parse(s).unwrap()[0].ray_leg().unwrap().range;
        assert_eq!(vecs("WX"), vec![vec![(-4, 0), (0, -4), (0, 4), (4, 0)]]);
        assert_eq!(vecs("AY"), vec![vec![(-4, -4), (-4, 4), (4, -4), (4, 4)]]);
        assert_eq!(range("N2"), 2);
        assert_eq!(range("NN"), 0);
        assert_eq!(range("fW2"), 2);
        assert_eq!(parse("Q").unwrap().len(), 2);
        assert_eq!(
            parse("KisO3").unwrap()[2].castling(),
            Some((3, vec![-1, 1]))
        );
        assert_eq!(parse("KilO2").unwrap()[2].castling(), Some((2, vec![-1])));
        assert!(parse("KisO3").unwrap()[2].ray_leg().is_none());
    }

    #[test]
    fn directions() {
        assert_eq!(vecs("sW"), vec![vec![(-1, 0), (1, 0)]]);
        assert_eq!(vecs("fF"), vec![vec![(-1, 1), (1, 1)]]);
        assert_eq!(vecs("flF"), vec![vec![(-1, 1)]]);
        assert_eq!(vecs("ffN"), vec![vec![(-1, 2), (1, 2)]]);
        assert_eq!(vecs("fsN"), vec![vec![(-2, 1), (2, 1)]]);
        // As the Diagram reads them: a lone f on N is the narrow pair, on K straight ahead.
        assert_eq!(vecs("fN"), vec![vec![(-1, 2), (1, 2)]]);
        assert_eq!(vecs("fhN")[0].len(), 4);
        assert_eq!(vecs("fK"), vec![vec![(0, 1)], vec![]]);
        assert_eq!(vecs("frK"), vec![vec![], vec![(1, 1)]]);
        assert_eq!(vecs("fF"), vec![vec![(-1, 1), (1, 1)]]);
        assert_eq!(vecs("vW"), vec![vec![(0, -1), (0, 1)]]);
    }

    /// What the Diagram's script passes over, and what fairylab does not play, are notes at
    /// their offsets; the rest is read. Only an empty string is an error.
    #[test]
    fn notes_name_the_position() {
        let offsets =
            |s: &str| -> Vec<usize> { read(s).unwrap().notes.iter().map(|n| n.offset).collect() };
        assert_eq!(offsets("WtR"), [1]);
        assert_eq!(read("WtR").unwrap().components.len(), 2);
        assert_eq!(offsets("fmWq"), [3]);
        assert_eq!(offsets("fm"), [0]);
        assert_eq!(offsets("W%"), [1]);
        assert_eq!(offsets("fO2N"), [0]);
        assert_eq!(read("fO2N").unwrap().components.len(), 1);
        assert!(parse("fO2").is_err());
        assert!(read("").is_err());
    }

    /// `-` is a piece that cannot move; a prime separates moves and is read as nothing.
    #[test]
    fn a_dash_has_no_moves_and_primes_separate() {
        assert_eq!(read("-").unwrap(), Moves::default());
        let m = read("vmW'fkF'fmnD").unwrap();
        assert!(m.notes.is_empty());
        let offsets: Vec<usize> = m.components.iter().map(|c| c.offset).collect();
        assert_eq!(offsets, [0, 4, 8]);
        let at0 = |v: Vec<Component>| -> Vec<Component> {
            v.into_iter()
                .map(|c| Component { offset: 0, ..c })
                .collect()
        };
        assert_eq!(at0(m.components), at0(parse("vmWfkFfmnD").unwrap()));
    }
}
