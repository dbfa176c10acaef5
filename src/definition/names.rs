//! Piece names the Interactive Diagram gives meaning to: the moves of a piece whose line
//! leaves the Betza field empty, and `hole`, which marks squares that are not part of the board.
//!
//! The Diagram lower-cases the whole name (`Knight`, `KNIGHT` → `knight`; `silver general`
//! with its space is not `silvergeneral`) and looks it up in its list of common pieces
//! (`DefaultMove` in betza.js). A name it does not know gets no moves there (only a castling
//! atom, which a piece that is not royal never uses): fairylab warns, and the piece cannot move.

/// Every name the Diagram gives moves to, with those moves, in the Diagram's order. `king`
/// is the 8-file king; on wider boards it castles three squares ([`standard_moves`]).
pub const STANDARD_MOVES: &[(&str, &str)] = &[
    ("pawn", "ifmnDfmWfceF"),
    ("king", "KisO2"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("cardinal", "BN"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("marshall", "RN"),
    ("amazon", "QN"),
    ("lion", "KNADcaKcabKmabK"),
    ("mao", "mafsW"),
    ("horse", "mafsW"),
    ("elephant", "mafF"),
    ("cannon", "mRcpR"),
    ("pao", "mRcpR"),
    ("advisor", "F"),
    ("lance", "fR"),
    ("copper", "vWfF"),
    ("silver", "FfW"),
    ("silvergeneral", "FfW"),
    ("gold", "WfF"),
    ("goldgeneral", "WfF"),
    ("man", "K"),
    ("commoner", "K"),
    ("ferz", "F"),
    ("camel", "C"),
    ("zebra", "Z"),
    ("nightrider", "N0"),
    ("grasshopper", "gQ"),
    ("griffon", "yafsF"),
    ("gryphon", "yafsF"),
    ("wizard", "FC"),
    ("champion", "WAD"),
    ("falcon", "mafmafsKmafsmafKmaflmafrKmafrmaflK"),
];

/// The moves the Diagram gives a piece named `name` on a board `files` wide, or `None` when
/// it knows no moves for that name.
pub fn standard_moves(name: &str, files: u8) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    if name == "king" && files > 8 {
        return Some("KisO3");
    }
    STANDARD_MOVES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, moves)| moves)
}

/// A `hole` line: its squares are not part of the board (the Diagram draws them black, and
/// moves pass them as they pass the board's edge). Not a piece type.
pub fn is_hole(name: &str) -> bool {
    name.eq_ignore_ascii_case("hole")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_lower_case_and_listed_once() {
        for (i, (n, _)) in STANDARD_MOVES.iter().enumerate() {
            assert_eq!(*n, n.to_ascii_lowercase());
            assert!(!STANDARD_MOVES[i + 1..].iter().any(|(m, _)| m == n), "{n}");
        }
        assert_eq!(STANDARD_MOVES.len(), 36);
    }

    #[test]
    fn lookup_ignores_case_not_spaces() {
        assert_eq!(standard_moves("Knight", 8), Some("N"));
        assert_eq!(standard_moves("GOLDGENERAL", 8), Some("WfF"));
        assert_eq!(standard_moves("gold general", 8), None);
        assert_eq!(standard_moves("King", 8), Some("KisO2"));
        assert_eq!(standard_moves("king", 9), Some("KisO3"));
        assert_eq!(standard_moves("dragon", 8), None);
        assert!(is_hole("Hole") && !is_hole("holes"));
    }
}
