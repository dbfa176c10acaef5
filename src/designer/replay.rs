//! Replaying a game under edited rules: the page's `setDefinition(text)`, which keeps the game.
//! Each move is played again under the new rules, in order, until one is no longer legal;
//! the game stops there, and a message names the move ("Nd4-f5") and says why ("the knight
//! now moves as N").
//!
//! Decisions:
//! - **Where the replay starts.** A game that began at its variant's own start position
//!   begins at the new rules' start position: the square lists of the piece lines are part of
//!   the rules being edited. A game that began at a position of its own (a FEN) keeps it: its
//!   FEN is read under the new rules. If it no longer fits (another board size, a piece type
//!   gone, a Marseillais turn state the new rules lack), the replay starts from the new rules'
//!   start position instead, replays no move, and the message says so: the old moves belong
//!   to a position that is gone. Castling rights alone do not refuse it: where the new rules
//!   cannot castle there, the rights are dropped, and a castling move stops the replay.
//! - **The same move** is the move between the squares of the same names (so a board that
//!   grew or shrank still has them), with a promotion to the type of the same ID, castling
//!   where the old move castled. Squares, not piece indices: the new rules may number their
//!   types differently.
//! - **Why a move stopped**, checked in this order: the game is already over; the moving
//!   piece's type (by ID) is gone; it is the other side's move (the turn order changed); a
//!   square is off the new board; no piece, the other side's piece or another type stands on
//!   the square (the start position or a morph map changed); the promotion changed (no
//!   longer, now, or not to that type); the move would leave the royal piece attacked;
//!   otherwise the piece does not move like that any more: "the knight now moves as N" with
//!   its name and Betza moves in the new rules, or, where its moves are unchanged, that it
//!   cannot reach the square in this position.
//! - The moves taken back and not replayed (the old game's redo list) are not kept.
//! - Move names: the piece's ID letter in upper case for either side, `from-to`, `=Q` for a
//!   promotion.

use super::with_article;
use crate::definition::DefinitionErrors;
use crate::describe::{self, side_name};
use crate::fen;
use crate::game::Game;
use crate::position::{Move, Position};
use crate::variant::Variant;
use std::sync::Arc;

/// A game replayed under new rules.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The game under the new rules, with the moves that are still legal.
    pub game: Game,
    /// How many of the old moves were replayed.
    pub replayed: usize,
    /// The index (from 0) of the first old move not replayed, if one was not.
    pub stopped_at: Option<usize>,
    /// Why the replay stopped, or why it started from the new start position.
    pub message: Option<String>,
}

/// Load a definition (or a bundled name) and replay the game under it. Errors are the
/// definition's, with line and column; then nothing is replayed.
pub fn replay_definition(old: &Game, text: &str) -> Result<Replay, DefinitionErrors> {
    let v = describe::load_variant(text)?;
    Ok(replay(old, &v))
}

/// Replay the game's moves under the variant `new`.
pub fn replay(old: &Game, new: &Arc<Variant>) -> Replay {
    let moves = old.played();
    let start = if *old.start() == Position::start(old.variant()) {
        Position::start(new)
    } else {
        match start_under(new, &fen::to_fen(old.start())) {
            Ok(pos) => pos,
            Err(e) => {
                return Replay {
                    game: Game::new(new),
                    replayed: 0,
                    stopped_at: (!moves.is_empty()).then_some(0),
                    message: Some(format!(
                        "The game's start position does not fit the new rules ({e}), so the game \
                         starts again from their start position."
                    )),
                };
            }
        }
    };
    let mut game = Game::from_position(start);
    let mut before = old.start().clone();
    for (i, p) in moves.iter().enumerate() {
        let played = match over(&game) {
            Some(why) => Err(why),
            // A legal move of a game that is not over: `play` takes it.
            None => same_move(&before, p.mv, game.position()).and_then(|m| game.play(m)),
        };
        if let Err(why) = played {
            return Replay {
                game,
                replayed: i,
                stopped_at: Some(i),
                message: Some(format!(
                    "{} is no longer legal: {why}",
                    move_name(&before, p.mv)
                )),
            };
        }
        before.make(p.mv);
    }
    Replay {
        game,
        replayed: moves.len(),
        stopped_at: None,
        message: None,
    }
}

/// The old start position's FEN read under the new rules. Castling rights the new rules
/// cannot have (the king no longer castles) are dropped rather than refusing the position:
/// a castling move then stops the replay with the reason.
fn start_under(new: &Arc<Variant>, text: &str) -> Result<Position, fen::FenError> {
    fen::from_fen(new, text).or_else(|e| {
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        match fields.get_mut(2) {
            Some(castling) if *castling != "-" => {
                *castling = "-";
                fen::from_fen(new, &fields.join(" ")).map_err(|_| e)
            }
            _ => Err(e),
        }
    })
}

/// "the game is already over (1-0 White wins by checkmate)", once it is (by every rule,
/// repetition included).
fn over(game: &Game) -> Option<String> {
    game.outcome()
        .map(|o| format!("the game is already over ({} {o})", o.score()))
}

/// A move in short form, as played in `pos`: "Nd4-f5", "Pe7-e8=Q".
pub fn move_name(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let g = v.geometry;
    let letter = match pos.piece_at(m.from) {
        None => String::new(),
        Some(c) => v.types[v.display_type(c.piece_type)].id.to_string(),
    };
    let mut s = format!("{letter}{}-{}", g.name(m.from), g.name(m.to));
    if let Some(t) = m.promotion() {
        s.push('=');
        s.push(v.types[t].id);
    }
    s
}

/// The move `m` (played in `old`) as a legal move in `pos` under its rules, or why not.
fn same_move(old: &Position, m: Move, pos: &Position) -> Result<Move, String> {
    let (ov, nv) = (old.variant(), pos.variant());
    let (og, ng) = (ov.geometry, nv.geometry);
    let Some(mover) = old.piece_at(m.from) else {
        // Not a move of the old game: nothing to compare.
        return Err("there is no piece to make it".into());
    };
    let old_type = &ov.types[ov.display_type(mover.piece_type)];
    let Some(new_t) = nv.type_by_id(old_type.id) else {
        return Err(format!(
            "the {} ({}) no longer exists in the new rules",
            old_type.name.to_ascii_lowercase(),
            old_type.id
        ));
    };
    let side = mover.colour;
    if pos.side_to_move() != side {
        return Err(format!(
            "it is {}'s move under the new rules",
            side_name(pos.side_to_move())
        ));
    }
    let square = |sq| {
        let text = og.name(sq).to_string();
        ng.parse_square(&text)
            .ok_or_else(|| format!("{text} is not on the new {}x{} board", ng.files, ng.ranks))
    };
    let (from, to) = (square(m.from)?, square(m.to)?);
    let here = pos.piece_at(from);
    let from_name = ng.name(from);
    let Some(here) = here else {
        return Err(format!(
            "no piece stands on {from_name} under the new rules"
        ));
    };
    if here.colour != side {
        return Err(format!(
            "the piece on {from_name} is {}'s under the new rules",
            side_name(here.colour)
        ));
    }
    let here_t = nv.display_type(here.piece_type);
    let piece = &nv.types[here_t];
    if here_t != new_t {
        return Err(format!(
            "the piece on {from_name} is now {}, which moves as {}",
            with_article(&piece.name.to_ascii_lowercase()),
            piece.betza
        ));
    }
    let name = piece.name.to_ascii_lowercase();
    let promo = m.promotion().map(|t| ov.types[t].id);
    let fits = |n: &Move| {
        n.from == from
            && n.to == to
            && n.is_castle() == m.is_castle()
            && n.promotion().map(|t| nv.types[nv.display_type(t)].id) == promo
    };
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    if let Some(&n) = legal.iter().find(|n| fits(n)) {
        return Ok(n);
    }
    let to_name = ng.name(to);
    let mut pseudo = Vec::new();
    pos.pseudo_moves(&mut pseudo);
    let between: Vec<Move> = pseudo
        .iter()
        .copied()
        .filter(|n| n.from == from && n.to == to && n.is_castle() == m.is_castle())
        .collect();
    if !between.is_empty() {
        let choices: Vec<char> = between
            .iter()
            .filter_map(|n| n.promotion())
            .map(|t| nv.types[t].id)
            .collect();
        match (promo, choices.is_empty()) {
            (Some(_), true) => return Err(format!("the {name} no longer promotes on {to_name}")),
            (None, false) => {
                let list: Vec<String> = choices.iter().map(char::to_string).collect();
                return Err(format!(
                    "the {name} now promotes on {to_name} (to {})",
                    list.join(", ")
                ));
            }
            (Some(p), false) if !choices.contains(&p) => {
                return Err(format!(
                    "the {name} can no longer promote to {}",
                    with_article(
                        &m.promotion()
                            .map_or(String::new(), |t| ov.types[t].name.to_ascii_lowercase())
                    )
                ));
            }
            _ => {}
        }
        if between.iter().any(fits) {
            let royal = pos
                .royal_square(pos.side_to_move())
                .and_then(|k| pos.piece_at(k))
                .map(|k| describe::type_name(nv, k.piece_type).to_ascii_lowercase())
                .unwrap_or_else(|| "royal piece".into());
            return Err(if piece.royal {
                format!("the {royal} would be attacked on {to_name}")
            } else {
                format!("it would leave the {royal} in check")
            });
        }
    }
    if piece.betza != old_type.betza {
        Err(format!("the {name} now moves as {}", piece.betza))
    } else {
        Err(format!(
            "the {name} ({}) cannot reach {to_name} from {from_name} in this position",
            piece.betza
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::piece::PieceType;
    use crate::position::WHITE;

    fn game(variant: &str, fen: Option<&str>, moves: &str) -> Game {
        let v = describe::load_variant(variant).unwrap();
        let mut g = match fen {
            Some(f) => Game::from_position(fen::from_fen(&v, f).unwrap()),
            None => Game::new(&v),
        };
        for m in moves.split_whitespace() {
            g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g
    }

    /// The chess definition with one text replaced (which must be there).
    fn chess_with(from: &str, to: &str) -> String {
        let text = bundled::text("chess").unwrap();
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1)
    }

    #[test]
    fn unchanged_rules_keep_the_whole_game() {
        let old = game("chess", None, "e2e4 e7e5 g1f3 b8c6 f1b5");
        let r = replay_definition(&old, bundled::text("chess").unwrap()).unwrap();
        assert_eq!((r.replayed, r.stopped_at, r.message), (5, None, None));
        assert_eq!(r.game.fen(), old.fen());
        assert_eq!(r.game.history(), old.history());
        // New rules under which every move is still legal: play goes on from the same place.
        let rich = chess_with("rook:R:R:", "rook:R:RN:");
        let r = replay_definition(&old, &rich).unwrap();
        assert_eq!((r.replayed, r.stopped_at), (5, None));
        assert_eq!(r.game.fen(), old.fen());
        assert_eq!(r.game.variant().types[PieceType::new(3)].betza, "RN");
    }

    #[test]
    fn a_piece_that_moves_differently_stops_the_game() {
        let old = game("chess", None, "e2e4 e7e5 g1f3 b8c6");
        let r = replay_definition(&old, &chess_with("knight:N:N:", "knight:N:W:")).unwrap();
        assert_eq!(r.replayed, 2);
        assert_eq!(r.stopped_at, Some(2));
        assert_eq!(
            r.message.as_deref(),
            Some("Ng1-f3 is no longer legal: the knight now moves as W")
        );
        assert_eq!(r.game.history(), ["e2e4", "e7e5"]);
        // Renamed as well: the message uses the new rules' name.
        let r = replay_definition(&old, &chess_with("knight:N:N:", "wazir:N:W:")).unwrap();
        assert_eq!(
            r.message.as_deref(),
            Some("Ng1-f3 is no longer legal: the wazir now moves as W")
        );
        assert_eq!(
            r.game.fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
        );
    }

    #[test]
    fn text_errors_come_back_with_their_positions() {
        let old = game("chess", None, "e2e4");
        // A board of no squares is refused (issue 25: only what the Diagram cannot show
        // either): line 2 is "files=8 ranks=0", its 0 is column 15.
        let e = replay_definition(&old, &chess_with("ranks=8", "ranks=0")).unwrap_err();
        assert_eq!(e.0.len(), 1);
        assert_eq!((e.0[0].pos.line, e.0[0].pos.col), (2, 15));
        assert!(e.0[0].message.starts_with("ranks must be a whole number"));
        // A piece ID that is no capital letter: "knight:" is 7 characters on line 5.
        let e = replay_definition(&old, &chess_with("knight:N:N:", "knight:1:N:")).unwrap_err();
        assert_eq!((e.0[0].pos.line, e.0[0].pos.col), (5, 8));
    }

    #[test]
    fn a_piece_type_that_is_gone() {
        let old = game("chess", None, "e2e4 e7e5 g1f3");
        let text = chess_with("knight:N:N:knight:b1,g1\n", "").replace("QRBN", "QRB");
        let r = replay_definition(&old, &text).unwrap();
        assert_eq!((r.replayed, r.stopped_at), (2, Some(2)));
        assert_eq!(
            r.message.as_deref(),
            Some("Ng1-f3 is no longer legal: the knight (N) no longer exists in the new rules")
        );
    }

    #[test]
    fn the_start_squares_change() {
        // The game began at the start position, so it replays from the new one.
        let old = game("chess", None, "e2e4 e7e5 g1f3");
        let r = replay_definition(&old, &chess_with("knight:b1,g1", "knight:b1,h3")).unwrap();
        assert_eq!((r.replayed, r.stopped_at), (2, Some(2)));
        assert_eq!(
            r.message.as_deref(),
            Some("Ng1-f3 is no longer legal: no piece stands on g1 under the new rules")
        );
        // White's knight on b1 only, Black's on b8 and g1.
        let r = replay_definition(&old, &chess_with("knight:b1,g1", "knight:b1,,b8,g1")).unwrap();
        assert_eq!((r.replayed, r.stopped_at), (2, Some(2)));
        assert_eq!(
            r.message.as_deref(),
            Some("Ng1-f3 is no longer legal: the piece on g1 is Black's under the new rules")
        );
    }

    #[test]
    fn a_bigger_or_smaller_board() {
        // Nine files: the same start squares, the i-file empty; the moves keep their names.
        // Castling is with the corner piece, and the i-file's corners are empty: only Qq.
        let old = game("chess", None, "e2e4 e7e5 g1f3");
        let r = replay_definition(&old, &chess_with("files=8", "files=9")).unwrap();
        assert_eq!((r.replayed, r.stopped_at), (3, None));
        assert_eq!(
            r.game.fen(),
            "rnbqkbnr1/pppp1ppp1/9/4p4/4P4/5N3/PPPP1PPP1/RNBQKB1R1 b Qq - 1 2"
        );
        // Six ranks: Black's pawns mirror onto rank 5, and e7 is off the board.
        let r = replay_definition(&old, &chess_with("ranks=8", "ranks=6")).unwrap();
        assert_eq!((r.replayed, r.stopped_at), (1, Some(1)));
        assert_eq!(
            r.message.as_deref(),
            Some("Pe7-e5 is no longer legal: e7 is not on the new 8x6 board")
        );
    }

    #[test]
    fn a_custom_start_position() {
        // Kept when it still fits: the rook's new moves do not matter to these.
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let old = game("chess", Some(fen), "e1g1 e8d8 f1f7");
        let r = replay_definition(&old, &chess_with("knight:N:N:", "knight:N:NW:")).unwrap();
        assert_eq!((r.replayed, r.stopped_at), (3, None));
        assert_eq!(fen::to_fen(r.game.start()), fen);
        assert_eq!(r.game.fen(), old.fen());
        // A king that no longer castles.
        let r = replay_definition(&old, &chess_with("king:K:KisO2:", "king:K:K:")).unwrap();
        assert_eq!((r.replayed, r.stopped_at), (0, Some(0)));
        assert_eq!(
            r.message.as_deref(),
            Some("Ke1-g1 is no longer legal: the king now moves as K")
        );
        assert_eq!(
            fen::to_fen(r.game.position()),
            "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
        );
        // A wider board: the FEN's ranks are a file short, so the new start position it is.
        let r = replay_definition(&old, &chess_with("files=8", "files=9")).unwrap();
        assert_eq!((r.replayed, r.stopped_at), (0, Some(0)));
        assert_eq!(
            r.message.as_deref(),
            Some(
                "The game's start position does not fit the new rules (FEN column 1: rank 8 \
                 has 8 squares, the board 9 files), so the game starts again from their start \
                 position."
            )
        );
        assert_eq!(r.game.position(), &Position::start(r.game.variant()));
        // Without moves there is nothing to stop, only the note.
        let quiet = game("chess", Some(fen), "");
        let r = replay_definition(&quiet, &chess_with("files=8", "files=9")).unwrap();
        assert_eq!((r.replayed, r.stopped_at), (0, None));
        assert!(r.message.is_some());
    }

    #[test]
    fn the_turn_order_changes() {
        // Balanced Marseillais: White's first turn is one move, then Black makes two, so the
        // old game's third move (White's) comes when Black still has a move to make.
        let old = game("chess", None, "e2e4 e7e5 g1f3");
        let r = replay_definition(&old, "marseillais").unwrap();
        assert_eq!((r.replayed, r.stopped_at), (2, Some(2)));
        assert_eq!(
            r.message.as_deref(),
            Some("Ng1-f3 is no longer legal: it is Black's move under the new rules")
        );
    }

    #[test]
    fn the_game_is_over_sooner() {
        // A king with knight leaps too escapes the fool's mate by e1-d3; plain chess mates.
        let kn = chess_with("king:K:KisO2:", "king:K:KNisO2:");
        let old = game(&kn, None, "f2f3 e7e5 g2g4 d8h4 e1d3");
        assert_eq!(old.outcome(), None);
        let r = replay_definition(&old, "chess").unwrap();
        assert_eq!((r.replayed, r.stopped_at), (4, Some(4)));
        assert_eq!(
            r.message.as_deref(),
            Some(
                "Ke1-d3 is no longer legal: the game is already over (0-1 Black wins by \
                 checkmate)"
            )
        );
    }

    #[test]
    fn moves_that_would_expose_the_king() {
        // A rook that only steps one square pins nothing; a real rook on e7 pins the bishop.
        let wazir = chess_with("rook:R:R:", "rook:R:W:");
        let old = game(&wazir, Some("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"), "e2d3");
        let r = replay_definition(&old, "chess").unwrap();
        assert_eq!((r.replayed, r.stopped_at), (0, Some(0)));
        assert_eq!(
            r.message.as_deref(),
            Some("Be2-d3 is no longer legal: it would leave the king in check")
        );
        // And the king may not step onto the rook's rank.
        let old = game(&wazir, Some("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), "e1d1");
        let r = replay_definition(&old, "chess").unwrap();
        assert_eq!(
            r.message.as_deref(),
            Some("Ke1-d1 is no longer legal: the king would be attacked on d1")
        );
    }

    #[test]
    fn promotions() {
        let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        let old = game("chess", Some(fen), "a7a8q");
        let r =
            replay_definition(&old, &chess_with("promoChoice=QRBN", "promoChoice=RBN")).unwrap();
        assert_eq!(
            r.message.as_deref(),
            Some("Pa7-a8=Q is no longer legal: the pawn can no longer promote to a queen")
        );
        let r = replay_definition(
            &old,
            &chess_with("promoZone=1 promoChoice=QRBN", "promoZone=0"),
        )
        .unwrap();
        assert_eq!(
            r.message.as_deref(),
            Some("Pa7-a8=Q is no longer legal: the pawn no longer promotes on a8")
        );
        // A deeper zone: a7 is in it now.
        let old = game("chess", Some("4k3/8/P7/8/8/8/8/4K3 w - - 0 1"), "a6a7");
        let r = replay_definition(&old, &chess_with("promoZone=1", "promoZone=2")).unwrap();
        assert_eq!(
            r.message.as_deref(),
            Some("Pa6-a7 is no longer legal: the pawn now promotes on a7 (to Q, R, B, N)")
        );
    }

    #[test]
    fn a_morph_map_changes_what_a_piece_became() {
        // Morphing Chess: the knight b1-d5 becomes a chancellor, which takes on d8. With the
        // knight's map saying A on d5 it is an archbishop there, which cannot.
        let text = bundled::text("morphing-chess").unwrap();
        let from = "knight:N:N2:knight:b1,h1,,b9,h9 morph=////PPACZCAPP////";
        assert!(text.contains(from));
        let new = text.replace(
            from,
            "knight:N:N2:knight:b1,h1,,b9,h9 morph=////PPAAZAAPP////",
        );
        let old = game("morphing-chess", None, "b1d5 e8e7 d5d8");
        let r = replay_definition(&old, &new).unwrap();
        assert_eq!((r.replayed, r.stopped_at), (2, Some(2)));
        assert_eq!(
            r.message.as_deref(),
            Some(
                "Cd5-d8 is no longer legal: the piece on d5 is now an archbishop, which moves as BN"
            )
        );
        let d5 = r.game.variant().geometry.parse_square("d5").unwrap();
        let here = r.game.position().piece_at(d5).unwrap();
        assert_eq!(r.game.variant().types[here.piece_type].id, 'A');
        assert_eq!(here.colour, WHITE);
    }

    #[test]
    fn move_names() {
        let g = game("chess", Some("4k3/P7/8/8/8/8/8/4K2R w K - 0 1"), "");
        let pos = g.position();
        let m = |t: &str| crate::notation::parse_coordinate(pos, t).unwrap();
        assert_eq!(move_name(pos, m("a7a8n")), "Pa7-a8=N");
        assert_eq!(move_name(pos, m("e1g1")), "Ke1-g1");
    }
}
