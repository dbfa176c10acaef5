//! The game session: the [`Game`] the applet plays and the past position being viewed, and
//! what a board needs to show them (pieces, what may move where, the last move, check) in the
//! board's own terms. Every rules answer comes from the core (`game`, `describe`, `notation`);
//! the words said about moves and squares too.

use std::sync::Arc;

use crate::describe;
use crate::fen;
use crate::game::Game;
use crate::geometry::Square;
use crate::notation;
use crate::position::{Colour, Kills, Move, Position, WHITE};
use crate::variant::Variant;

use super::annotated::{self, Annotated};
use super::board::{Choice, Dest, HandPiece, HandSlot, Movable, Piece};
use super::input::Say;
use super::layout::{BoardSize, Cell};

/// The variant a board starts with when nothing else is asked for or saved.
pub const DEFAULT_VARIANT: &str = "morphing-chess";

/// A move just played: it, what to say about it, and the square of a morph on arrival.
pub struct Played {
    pub mv: Move,
    pub text: String,
    pub morph: Option<Cell>,
}

pub struct Session {
    game: Game,
    /// A past position being viewed: the number of moves played to reach it, and it.
    view: Option<(usize, Position)>,
    /// The game the variant's definition shows (its `moveList`), if it has one.
    annotated: Option<Annotated>,
}

impl Session {
    pub fn new(game: Game) -> Session {
        let annotated = Annotated::of(game.variant());
        Session {
            game,
            view: None,
            annotated,
        }
    }

    /// A new game of the asked-for variant, or of the default one (with a note saying why)
    /// if it does not load.
    pub fn fresh_game(variant: Option<&str>) -> (Game, Option<String>) {
        let mut note = None;
        if let Some(text) = variant {
            match describe::load_variant(text) {
                Ok(v) => return (annotated::new_game(&v), None),
                Err(e) => note = Some(format!("The variant could not be loaded: {e}")),
            }
        }
        // An Option, not load_variant's Result: `expect` on it would keep the errors' Debug in
        // the wasm.
        let v = crate::bundled::load(DEFAULT_VARIANT).expect("the default variant is bundled");
        (Game::new(&v), note)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn variant(&self) -> &Arc<Variant> {
        self.game.variant()
    }

    /// Starts another game (the view goes back to the live position).
    pub fn set_game(&mut self, game: Game) {
        if !Arc::ptr_eq(self.game.variant(), game.variant()) {
            self.annotated = Annotated::of(game.variant());
        }
        self.game = game;
        self.view = None;
    }

    /// The game the variant's definition shows, if it has one.
    pub fn annotated(&self) -> Option<&Annotated> {
        self.annotated.as_ref()
    }

    /// The comment of the definition's game after the moves shown, while they are its own.
    pub fn comment(&self) -> Option<&str> {
        self.annotated()?.comment(&self.game, self.shown_ply())
    }

    /// The moves of the game's line: those played and those taken back, ahead to redo.
    pub fn line_len(&self) -> usize {
        self.game.played().len() + self.game.redo_moves().count()
    }

    /// The game's line: each move played, then each ahead to redo, as the side that makes it
    /// and its Game Courier text.
    pub fn line(&self) -> Vec<(Colour, String)> {
        let played = self.game.played().iter();
        let mut line: Vec<(Colour, String)> =
            played.map(|p| (p.mover, p.courier.clone())).collect();
        let mut pos = self.game.position().clone();
        for m in self.game.redo_moves() {
            line.push((pos.side_to_move(), notation::to_game_courier(&pos, m)));
            pos.make(m);
        }
        line
    }

    /// Takes moves back or replays them until `ply` are played (at most the line's length);
    /// the view goes back to the live game. Returns the number played.
    pub fn seek(&mut self, ply: usize) -> usize {
        self.view = None;
        while self.game.played().len() > ply && self.game.undo().is_some() {}
        while self.game.played().len() < ply && self.game.redo().is_some() {}
        self.game.played().len()
    }

    /// The position on the board: the game's, or the past one being viewed.
    pub fn shown(&self) -> &Position {
        match &self.view {
            Some((_, pos)) => pos,
            None => self.game.position(),
        }
    }

    /// The number of moves played to reach the past position viewed, if one is.
    pub fn viewing(&self) -> Option<usize> {
        self.view.as_ref().map(|(ply, _)| *ply)
    }

    /// The number of moves played to reach the position shown.
    pub fn shown_ply(&self) -> usize {
        self.viewing().unwrap_or(self.game.played().len())
    }

    /// Shows the position after `ply` moves; the number played is the live game.
    pub fn view(&mut self, ply: usize) {
        let ply = ply.min(self.game.played().len());
        self.view = (ply < self.game.played().len()).then(|| (ply, self.game.position_at(ply)));
    }

    pub fn over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The game as a search gets it: the start FEN and the moves played; and the side to move.
    pub fn key(&self) -> (String, String, Colour) {
        (
            fen::to_fen(self.game.start()),
            self.game.history().join(" "),
            self.game.position().side_to_move(),
        )
    }

    /// What the computer's worker loads: a bundled name, or the definition text.
    pub fn variant_source(&self) -> String {
        let v = self.variant();
        if describe::is_bundled(v) {
            v.name.clone()
        } else {
            v.source.clone()
        }
    }

    /// Plays a move chosen by `f`; the view goes back to the live game.
    pub fn play(
        &mut self,
        f: impl FnOnce(&mut Game) -> Result<Move, String>,
    ) -> Result<Played, String> {
        let before = self.game.position().clone();
        let mv = f(&mut self.game)?;
        self.view = None;
        Ok(Played {
            mv,
            text: describe::describe(&before, mv),
            morph: describe::morph(&before, mv).map(|_| self.cell(mv.to)),
        })
    }

    /// Takes back one move: it in coordinate form, and what to say.
    pub fn undo(&mut self) -> Option<(String, String)> {
        let m = self.game.undo()?;
        self.view = None;
        let pos = self.game.position();
        Some((
            notation::to_coordinate(pos.variant(), m),
            format!("Took back: {}", describe::describe(pos, m)),
        ))
    }

    pub fn coordinate(&self, m: Move) -> String {
        notation::to_coordinate(self.variant(), m)
    }

    /// The legal moves in coordinate form, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = (self.game.legal_moves().into_iter())
            .map(|m| self.coordinate(m))
            .collect();
        crate::keyed::sort_small(&mut moves);
        moves
    }

    /// The squares the piece on `square` may move to, in square order.
    pub fn destinations(&self, square: &str) -> Result<Vec<String>, String> {
        let pos = self.game.position();
        let g = pos.variant().geometry;
        let sq = g
            .parse_square(square)
            .ok_or_else(|| format!("\"{square}\" is not a square of this board"))?;
        Ok(describe::destinations(pos, sq)
            .into_iter()
            .map(|d| g.name(d.to).to_string())
            .collect())
    }

    // ----- The board's terms -----

    pub fn board_size(&self) -> BoardSize {
        let g = self.variant().geometry;
        // Core boards are at most MAX_SIDE a side, the layout's limit for files, well inside
        // its limit for ranks.
        BoardSize::new(u32::from(g.files), u32::from(g.ranks)).unwrap_or(BoardSize::DEFAULT)
    }

    pub fn square(&self, cell: Cell) -> Square {
        // Cells come from this board's size, which is the variant's.
        self.variant()
            .geometry
            .square(cell.file as u8, cell.rank as u8)
    }

    pub fn cell(&self, sq: Square) -> Cell {
        let g = self.variant().geometry;
        Cell {
            file: u32::from(g.file(sq)),
            rank: u32::from(g.rank(sq)),
        }
    }

    /// The pieces on the position shown.
    pub fn pieces(&self) -> Vec<Piece> {
        describe::pieces(self.shown())
            .into_iter()
            .map(|p| Piece {
                cell: self.cell(p.square),
                piece_type: p.piece_type,
                colour: p.colour,
            })
            .collect()
    }

    /// Every piece of the side to move with its destinations, when `playable` and the live
    /// game is shown and goes on; else nothing moves.
    pub fn movable(&self, playable: bool) -> Movable {
        if !playable || self.view.is_some() || self.over() {
            return Movable::None;
        }
        let pos = self.game.position();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let side = pos.side_to_move();
        let own = describe::pieces(pos)
            .into_iter()
            .filter(|p| p.colour == side)
            .map(|p| (p.square, self.dests(pos, p.square, &legal)));
        let mut all: Vec<(Square, Vec<Dest>)> = own.collect();
        // One piece a square: the keys are distinct, so the unstable sort is exact.
        crate::keyed::sort_keyed(&mut all, |(sq, _)| (*sq).into());
        Movable::Dests(
            all.into_iter()
                .map(|(sq, dests)| (self.cell(sq), dests))
                .collect(),
        )
    }

    /// The pieces in each side's hand, in the order of the piece list, for a variant with
    /// hands (of the position shown).
    pub fn hands(&self) -> Option<[Vec<HandPiece>; 2]> {
        let pos = self.shown();
        let v = pos.variant();
        if !v.hands.any() {
            return None;
        }
        let mut hands: [Vec<HandPiece>; 2] = Default::default();
        for (i, hand) in hands.iter_mut().enumerate() {
            for t in v.piece_types() {
                let count = u32::from(pos.in_hand(Colour::from_index(i), t));
                if count > 0 {
                    hand.push(HandPiece {
                        piece_type: t,
                        count,
                    });
                }
            }
        }
        Some(hands)
    }

    /// The side to move's pieces in hand with their drop squares (in square order), when
    /// `playable` and the live game is shown and goes on.
    pub fn drops(&self, playable: bool) -> Vec<(HandSlot, Vec<Dest>)> {
        let pos = self.game.position();
        if !playable || self.view.is_some() || self.over() || !pos.variant().hands.any() {
            return Vec::new();
        }
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let colour = pos.side_to_move();
        let mut out = Vec::new();
        for piece_type in pos.variant().piece_types() {
            if pos.in_hand(colour, piece_type) > 0 {
                let drops: Vec<Move> = (legal.iter().copied())
                    .filter(|m| m.dropped() == Some(piece_type))
                    .collect();
                let slot = HandSlot { colour, piece_type };
                out.push((slot, self.group(pos, &drops)));
            }
        }
        out
    }

    /// The drop the board asked for: a piece of type `t` from the hand onto `to`.
    pub fn resolve_drop(&self, t: crate::piece::PieceType, to: Cell) -> Option<Move> {
        let to = self.square(to);
        let mut legal = Vec::new();
        self.game.position().legal_moves(&mut legal);
        legal
            .into_iter()
            .find(|m| m.dropped() == Some(t) && m.to == to)
    }

    /// The destinations of the piece on `from`, in square order, with promotion choices;
    /// a square where moves take a piece and go on has those moves' destinations as `then`.
    fn dests(&self, pos: &Position, from: Square, legal: &[Move]) -> Vec<Dest> {
        let mine: Vec<Move> = (legal.iter().copied())
            .filter(|m| m.from == from && !m.is_drop())
            .collect();
        self.dest_tree(pos, &mine, 0)
    }

    /// The destinations of `moves`, whose first `depth` locust victims are picked already:
    /// those that take no more end here; a square where some take their next victim has the
    /// rest as `then` (a click each, victim by victim).
    fn dest_tree(&self, pos: &Position, moves: &[Move], depth: usize) -> Vec<Dest> {
        // An unload's second square is no click: it is one of the destination's choices.
        let ends: Vec<Move> = (moves.iter().copied())
            .filter(|m| m.locusts().len() == depth)
            .collect();
        let mut out = self.group(pos, &ends);
        let mut victims: Vec<Square> = Vec::new();
        for k in moves.iter().filter_map(|m| m.locusts().get(depth).copied()) {
            if !victims.contains(&k) {
                victims.push(k);
            }
        }
        for k in victims {
            let on: Vec<Move> = (moves.iter().copied())
                .filter(|m| m.locusts().get(depth) == Some(&k))
                .collect();
            let mut then = self.dest_tree(pos, &on, depth + 1);
            let cell = self.cell(k);
            match out.iter_mut().find(|d| d.to == cell) {
                Some(d) => {
                    // Also a destination: stopping there is one of the next clicks.
                    let stop = Dest {
                        then: Vec::new(),
                        ..d.clone()
                    };
                    then.push(stop);
                    d.then = then;
                }
                None => out.push(Dest {
                    to: cell,
                    capture: true,
                    choices: Vec::new(),
                    via: Vec::new(),
                    then,
                }),
            }
        }
        crate::keyed::sort_keyed(&mut out, |d| (d.to.rank * 256 + d.to.file).into());
        out
    }

    /// `moves` (of one piece, with the same locust victims) as destinations, one a square.
    fn group(&self, pos: &Position, moves: &[Move]) -> Vec<Dest> {
        let mut by_square: Vec<(Square, Vec<Move>)> = Vec::new();
        for &m in moves {
            match by_square.iter_mut().find(|(to, _)| *to == m.to) {
                Some((_, moves)) => moves.push(m),
                None => by_square.push((m.to, vec![m])),
            }
        }
        // One entry a square (found or pushed above): distinct keys.
        crate::keyed::sort_keyed(&mut by_square, |(to, _)| (*to).into());
        by_square
            .into_iter()
            .map(|(to, moves)| {
                // Several moves to one square: promotions, or a capture and an unload (`u`).
                let choose = moves.len() >= 2
                    && moves
                        .iter()
                        .any(|m| m.promotion().is_some() || m.unload().is_some());
                // A ring where the move takes on its destination (a locust victim is shown
                // by its own square, the first leg).
                let mut m = moves[0];
                m.kills = Kills::NONE;
                Dest {
                    to: self.cell(to),
                    capture: m.to != m.from && describe::is_capture(pos, m),
                    choices: if choose {
                        (moves.iter())
                            .map(|&m| Choice {
                                piece_type: describe::resulting_type(pos, m),
                                label: self.coordinate(m),
                            })
                            .collect()
                    } else {
                        Vec::new()
                    },
                    via: moves[0].locusts().iter().map(|&k| self.cell(k)).collect(),
                    then: Vec::new(),
                }
            })
            .collect()
    }

    /// The move the board asked for: the piece on `from` to `to`, taking on `via` on the
    /// way, promotion `choice`.
    pub fn resolve(&self, from: Cell, via: &[Cell], to: Cell, choice: usize) -> Option<Move> {
        let (from, to) = (self.square(from), self.square(to));
        let kills: Vec<Square> = via.iter().map(|&c| self.square(c)).collect();
        // The board's choices are in the order the core lists the moves.
        let mut legal = Vec::new();
        self.game.position().legal_moves(&mut legal);
        let moves: Vec<Move> = legal
            .into_iter()
            .filter(|m| m.from == from && m.to == to && m.locusts() == kills && !m.is_drop())
            .collect();
        moves.get(choice).copied()
    }

    /// From and to squares of the moves of the last turn before the position shown.
    pub fn last_move(&self) -> Vec<Cell> {
        let played = &self.game.played()[..self.shown_ply()];
        let n = describe::last_turn_len(played);
        played[played.len() - n..]
            .iter()
            .flat_map(|p| {
                let victims = p.mv.kills.iter().map(|k| self.cell(k));
                [self.cell(p.mv.from), self.cell(p.mv.to)]
                    .into_iter()
                    .chain(victims)
            })
            .collect()
    }

    /// The squares inside the board's rectangle that are not part of it.
    pub fn holes(&self) -> Vec<Cell> {
        let g = self.variant().geometry;
        g.holes.iter().map(|sq| self.cell(sq)).collect()
    }

    pub fn check(&self) -> Option<Cell> {
        describe::checked_royal(self.shown()).map(|sq| self.cell(sq))
    }

    /// A suggested move in coordinate form, as the board's arrow and words.
    pub fn hint(&self, mv: &str) -> Result<((Cell, Cell), String), String> {
        let pos = self.game.position();
        let m = notation::parse_coordinate(pos, mv).map_err(|e| e.to_string())?;
        Ok((
            (self.cell(m.from), self.cell(m.to)),
            format!("Hint: {}", describe::describe(pos, m)),
        ))
    }

    /// What the board asked to say, in words.
    pub fn say(&self, say: Say) -> String {
        let square = |cell| describe::square(self.shown(), self.square(cell));
        let side = |colour| if colour == WHITE { "White" } else { "Black" };
        match say {
            Say::Square { cell, destination } => {
                let mut text = square(cell);
                if destination {
                    text.push_str(", a destination");
                }
                text
            }
            Say::PickedUp { cell, destinations } => {
                format!("Picked up {}; {destinations} destinations", square(cell))
            }
            Say::PutDown => "Put down".into(),
            Say::NothingSelected => "Nothing selected".into(),
            Say::NotMovable(cell) => format!("{}: not a piece that can move", square(cell)),
            Say::Choice { piece_type, colour } => {
                let name = &self.variant().types[piece_type].name;
                format!("{} {name}", side(colour))
            }
            Say::ChoosePromotion => "Promotion: choose with the arrow keys, then Enter".into(),
            Say::Hand { slot, count } => self.hand_name(slot, count),
            Say::PickedUpHand { slot, destinations } => {
                let name = &self.variant().types[slot.piece_type].name;
                format!(
                    "Picked up a {name} from {}'s hand; {destinations} destinations",
                    side(slot.colour)
                )
            }
            Say::HandNotMovable(slot) => {
                let count = self.hand_count(slot);
                format!("{}: not a piece that can move", self.hand_name(slot, count))
            }
        }
    }
}

impl Session {
    /// A hand's piece, for screen readers: "White's hand: pawn, 2".
    pub fn hand_name(&self, slot: HandSlot, count: u32) -> String {
        let side = if slot.colour == WHITE {
            "White"
        } else {
            "Black"
        };
        let name = &self.variant().types[slot.piece_type].name;
        format!("{side}'s hand: {name}, {count}")
    }

    fn hand_count(&self, slot: HandSlot) -> u32 {
        u32::from(self.shown().in_hand(slot.colour, slot.piece_type))
    }
}

#[cfg(test)]
mod tests;
