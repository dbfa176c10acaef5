//! Moves as the Universal Chess Interface writes them, in Fairy-Stockfish's conventions where
//! it has one: coordinates (`e2e4`, ranks past 9 as `a10`), castling as the king's move
//! (`e1g1`), a drop as `P@e4`, a promotion by choice with the piece's letter in lower case
//! (`e7e8q`), and a promotion to a piece's own promoted form (Shogi's, `promoOffset`) as `+`
//! (`c4c5+`).
//!
//! What Fairy-Stockfish cannot express is written in fairylab's coordinate form (see
//! [`crate::notation`]): the squares of the pieces a move takes on the way come between its
//! origin and destination (`d4d5e6`, `d4d5d6d7`), an unload's square likewise (`e1e1e2`), and
//! a castling that must name its partner's corner does so as a third square (`f8g8k8`). In a
//! game of several moves a turn (Marseillais) each single move is a UCI move of its own: after
//! `bestmove` the same side is still to move and the GUI asks again. A morph needs no text:
//! the piece's new type follows from the rules.
//!
//! Reading matches the text against the legal moves written this way, then falls back on
//! [`notation::parse_coordinate`], which also takes `e7e8Q`, `e7e8=q` and `P*e4`.

use crate::notation::{self, MoveError};
use crate::position::{Move, Position};

/// `m`, legal in `pos`, as UCI text.
pub fn to_uci(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let text = notation::to_coordinate(v, m);
    let Some(t) = m.promotion() else {
        return text;
    };
    let mover = pos.piece_at(m.from).map(|p| p.piece_type);
    let by_offset = mover
        .and_then(|f| v.offset_promotion.to.get(f.index()).copied().flatten())
        .is_some_and(|to| to == t && !v.promo_choice.contains(&t));
    if by_offset {
        // The letter to_coordinate appended is the promoted type's: `+` replaces it.
        let mut s = text;
        s.pop();
        s.push('+');
        s
    } else {
        text
    }
}

/// Read a UCI move text: the legal move `to_uci` writes so, or else what
/// [`notation::parse_coordinate`] reads.
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if let Some(&m) = moves.iter().find(|&&m| to_uci(pos, m) == text) {
        return Ok(m);
    }
    notation::parse_coordinate(pos, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::fen;

    #[test]
    fn chess_moves_read_back_as_written() {
        let v = bundled::load("chess").unwrap();
        let pos = fen::from_fen(&v, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let texts: Vec<String> = moves.iter().map(|&m| to_uci(&pos, m)).collect();
        for t in ["e1g1", "e1c1", "b7a8q", "b7b8n"] {
            assert!(texts.iter().any(|x| x == t), "{t} missing from {texts:?}");
        }
        for &m in &moves {
            assert_eq!(parse_uci(&pos, &to_uci(&pos, m)).unwrap(), m);
        }
        assert_eq!(
            parse_uci(&pos, "b7b8Q").unwrap(),
            parse_uci(&pos, "b7b8q").unwrap()
        );
        assert!(parse_uci(&pos, "e1e3").is_err());
        assert!(parse_uci(&pos, "zz").is_err());
    }

    /// Ranks past 9 take two digits, as in FSF: `a9a10q`.
    #[test]
    fn tall_boards_write_rank_ten() {
        let text = "files=4 ranks=10\npromoZone=1 promoChoice=Q\npawn:P:fmWfcF:pawn:a2\n\
                    queen:Q:Q:queen:b1\nking:K:K:king:d1";
        let v = bundled::compile("tall", text).unwrap();
        let pos = fen::from_fen(&v, "3k/P3/4/4/4/4/4/4/4/3K w - - 0 1").unwrap();
        let m = parse_uci(&pos, "a9a10q").unwrap();
        assert_eq!(to_uci(&pos, m), "a9a10q");
        assert_eq!(v.geometry.name(m.to).to_string(), "a10");
    }

    #[test]
    fn shogi_promotion_is_a_plus_and_drops_an_at() {
        let text = "files=5 ranks=5 symmetry=rotate holdingsType=-1 promoZone=1 promoOffset=6 \
                    maxPromote=4 royal=6\npawn:P:fW:pawn:a2\nsilver:S:FfW:silver:c1\n\
                    bishop:B:B:bishop:d1\nrook:R:R:rook:e1\ngold:G:WfF:gold:b1\n\
                    king:K:K:king:a1\ntokin:T:WfF:tokin:\nsilver general promoted:V:WfF:psilver:\n\
                    horse:H:BW:horse:\ndragon:D:RF:dragon:";
        let v = bundled::compile("minishogi", text).unwrap();
        // White's pawn on c4 with a pawn in hand.
        let pos = fen::from_fen(&v, "4k/2P2/5/5/K4[P] w - - 0 1").unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let texts: Vec<String> = moves.iter().map(|&m| to_uci(&pos, m)).collect();
        assert!(texts.contains(&"c4c5+".to_string()), "{texts:?}");
        // On the last rank a pawn would have no move: it must promote.
        assert!(!texts.contains(&"c4c5".to_string()), "{texts:?}");
        assert!(texts.iter().any(|t| t.starts_with("P@")), "{texts:?}");
        for &m in &moves {
            assert_eq!(parse_uci(&pos, &to_uci(&pos, m)).unwrap(), m);
        }
    }
}
