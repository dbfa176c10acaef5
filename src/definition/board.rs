//! The keys that set up the board and the turn (size, ranks' numbering, promotion zone, moves
//! per turn, stalemate, castling flip, gating, extinction, symmetry), and the keys that only
//! change how the page shows the board (colours, page and layout keys).

use super::diagnostic::Report;
use super::reader::KeyReader;
use super::{Colours, Field, Param, StalemateRule, Symmetry, keys};
use crate::geometry::{Geometry, MAX_SIDE};

/// What the board and turn keys say, each with its default when not given.
pub(super) struct Board {
    /// `firstRank`: the number the setup's squares give the first rank.
    pub first_rank: i64,
    /// `files` × `ranks`, without holes (those come from the piece lines).
    pub geometry: Geometry,
    /// `promoZone`: how many ranks at the far end promote.
    pub promo_zone: u8,
    /// `movesPerTurn`.
    pub moves_per_turn: u8,
    /// `firstTurnMoves`: White's first turn (at most `movesPerTurn`).
    pub first_turn_moves: u8,
    /// `stalemate`.
    pub stalemate: StalemateRule,
    /// `castleFlip`.
    pub castle_flip: bool,
    /// `autoGate`.
    pub auto_gate: bool,
    /// `extinction`, as its two bits (White's, Black's).
    pub extinction: [bool; 2],
    /// `symmetry`: how Black's squares follow from White's.
    pub symmetry: Symmetry,
}

/// Read the board and turn keys, in the order the text's errors and warnings come out.
pub(super) fn read(keys: &mut KeyReader, report: &mut Report) -> Board {
    let first_rank = first_rank(keys, report);
    let files = keys.int("files", 8, 1, MAX_SIDE as i64, report) as u8;
    let ranks = keys.int("ranks", 8, 1, MAX_SIDE as i64, report) as u8;
    let promo_zone = keys.int_or("promoZone", 1, 0, ranks as i64, report) as u8;
    let moves_per_turn = keys.int("movesPerTurn", 1, 1, 8, report) as u8;
    let first_turn_moves = keys.int(
        "firstTurnMoves",
        moves_per_turn as i64,
        1,
        moves_per_turn as i64,
        report,
    ) as u8;
    let stalemate = stalemate(keys, report);
    let castle_flip = keys.int_or("castleFlip", 0, 0, 1, report) != 0;
    let auto_gate = keys.int_or("autoGate", 0, 0, 1, report) != 0;
    let extinction = keys.int_or("extinction", 3, 0, 3, report);
    let symmetry = symmetry(keys, report);
    Board {
        first_rank,
        geometry: Geometry::new(files, ranks),
        promo_zone,
        moves_per_turn,
        first_turn_moves,
        stalemate,
        castle_flip,
        auto_gate,
        extinction: [extinction & 1 != 0, extinction & 2 != 0],
        symmetry,
    }
}

/// `firstRank` (default 1), with a warning when it is not 1: fairylab still names ranks from 1.
fn first_rank(keys: &mut KeyReader, report: &mut Report) -> i64 {
    let first_rank = keys.int_or("firstRank", 1, -99, 99, report);
    if first_rank != 1
        && let Some(p) = keys.peek("firstRank")
    {
        report.warning(
            &p.value,
            format!(
                "firstRank={first_rank}: the setup's squares are read with ranks counted from \
                 {first_rank}, as in the Diagram; fairylab names the ranks from 1 in FEN, \
                 move text and on its board"
            ),
        );
    }
    first_rank
}

/// `stalemate` (default draw); a word other than draw, win, loss or lose is played as win,
/// as the Diagram does, with a warning.
fn stalemate(keys: &mut KeyReader, report: &mut Report) -> StalemateRule {
    choice(
        keys,
        "stalemate",
        StalemateRule::Draw,
        &[
            ("draw", StalemateRule::Draw),
            ("win", StalemateRule::Win),
            ("loss", StalemateRule::Loss),
            ("lose", StalemateRule::Loss),
        ],
    )
    .unwrap_or_else(|what| {
        report.warning(
            what,
            format!(
                "stalemate={}: the Diagram scores a stalemate as a draw only for 'draw'; \
                 played as stalemate=win",
                what.text
            ),
        );
        StalemateRule::Win
    })
}

/// `symmetry` (default mirror); a word other than mirror, rotate or none is played as none,
/// as the Diagram does, with a warning.
fn symmetry(keys: &mut KeyReader, report: &mut Report) -> Symmetry {
    choice(
        keys,
        "symmetry",
        Symmetry::Mirror,
        &[
            ("mirror", Symmetry::Mirror),
            ("rotate", Symmetry::Rotate),
            ("none", Symmetry::None),
        ],
    )
    .unwrap_or_else(|what| {
        report.warning(
            what,
            format!(
                "symmetry={}: the Diagram gives Black no twin of White's squares for a \
                 value other than mirror or rotate; played as symmetry=none",
                what.text
            ),
        );
        Symmetry::None
    })
}

/// A key whose value is one of a few words: the value's meaning, `default` when the key is
/// not given, or `Err` with the value's field (for the caller's error) for another word.
fn choice<'a, T: Copy>(
    keys: &mut KeyReader<'a>,
    key: &str,
    default: T,
    words: &[(&str, T)],
) -> Result<T, &'a Field> {
    let Some(p) = keys.get(key) else {
        return Ok(default);
    };
    words
        .iter()
        .find(|(w, _)| *w == p.value.text)
        .map(|&(_, v)| v)
        .ok_or(&p.value)
}

/// The board's colours, each a `#` and 3, 4, 6 or 8 hex digits or a colour's name; another
/// value is a warning and left out.
pub(super) fn read_colours(keys: &mut KeyReader, report: &mut Report) -> Colours {
    let mut read = |key: &str| -> Option<String> {
        let p = keys.get(key)?;
        let v = p.value.text.as_str();
        let hex = v.strip_prefix('#').is_some_and(|h| {
            matches!(h.len(), 3 | 4 | 6 | 8) && h.chars().all(|c| c.is_ascii_hexdigit())
        });
        let name = !v.is_empty() && v.chars().all(|c| c.is_ascii_alphabetic());
        if hex || name {
            Some(v.to_string())
        } else {
            report.warning(
                &p.value,
                format!("{key}: '{v}' is not a colour (#RGB, #RRGGBB or a colour's name); ignored"),
            );
            None
        }
    };
    Colours {
        light: read("lightShade"),
        dark: read("darkShade"),
        start: read("startShade"),
        rim: read("rimColor"),
        coordinates: read("coordColor"),
        highlight: read("hlColor"),
    }
}

/// The page, layout and colour keys as written (key, value), in text order, for the page.
pub(super) fn display(params: &[Param]) -> Vec<(String, String)> {
    params
        .iter()
        .filter(|p| {
            matches!(
                keys::kind(&p.key.text),
                Some(keys::KeyKind::Page(_) | keys::KeyKind::Layout(_) | keys::KeyKind::Colour)
            )
        })
        .map(|p| (p.key.text.clone(), p.value.text.clone()))
        .collect()
}
