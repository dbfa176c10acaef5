//! What the pieces whose reach does not depend on the board reach, tabled when the evaluator
//! is made: per (colour, type, square) the squares their plain moves go to when empty and
//! those they take on, as [`Variant::ray_reach`] reports them. The evaluation reads an entry
//! where it would otherwise follow the rays (plain leapers: kings, knights, Shogi's golds,
//! and a pawn's steps and captures, whose double step counts for nothing there).
//!
//! A type is tabled for a colour when, on every square, the squares its rays report with a
//! quiet move or a capture are the same whether every square is taken (each ray stops at its
//! first step) or none is (each ray is followed to its end), and no square is reported twice.
//! `ray_reach` stops each ray at its first taken square, so on any board it reports a prefix
//! of each ray, between those two: the same squares. A lame leaper (the Xiangqi horse, the
//! Mao), whose first step allows nothing and whose leap does, is not tabled, nor is any rider.
//! Hops and moves of several legs are no part of `ray_reach`, nor of the table.
//!
//! For every other type it also says whether its rays report no square twice (from any
//! square, on an empty board and so on any board): then what a piece of it reaches may be
//! gathered as two sets and counted as a table's entry is (riders; not a piece whose two
//! routes reach one square).

use crate::geometry::{Square, SquareSet};
use crate::piece::{Colour, PieceType};
use crate::variant::Variant;

/// Boards of more words than this (more than 16x16 squares) get no table: it would be large,
/// and the rays are followed as before.
pub(super) const MAX_WORDS: usize = 4;

/// How the evaluation gathers what a piece of a type reaches ([`Leaps::reach`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reach {
    /// From the table.
    Table,
    /// By following the rays into two sets, counted as a table's entry is.
    Sets,
    /// As `Sets`, the rays' squares read from their masks (`lines.rs`).
    Lines,
    /// By following the rays, square by square.
    Rays,
}

/// The table of the types whose reach does not depend on the board.
#[derive(Debug, Clone)]
pub(super) struct Leaps {
    /// The 64-bit words of a set (the board's).
    words: usize,
    nt: usize,
    nsq: usize,
    /// Per `colour * types + type`: its reach is tabled.
    tabled: Vec<bool>,
    /// The same: its rays report no square twice with a quiet move or a capture, on any board
    /// and from any square (on a board of at most `MAX_WORDS` words).
    distinct: Vec<bool>,
    /// From `((colour * types + type) * squares + square) * 2 * words`: the squares its quiet
    /// moves go to (when empty), then the squares it takes on (when an enemy stands there),
    /// each `words` words.
    sets: Vec<u64>,
}

/// The squares the rays of a `colour` piece of type `t` on `sq` report with a quiet move or
/// a capture, in order, every square taken or none: (square, quiet, capture).
fn reported(v: &Variant, colour: Colour, t: PieceType, sq: Square, taken: bool) -> Vec<Reported> {
    let mut out = Vec::new();
    v.ray_reach(
        colour,
        t,
        sq,
        |_| taken,
        |to, u| {
            if u.quiet || u.capture {
                out.push((to, u.quiet, u.capture));
            }
        },
    );
    out
}

type Reported = (Square, bool, bool);

/// Whether no square is reported twice.
fn distinct(reported: &[Reported]) -> bool {
    let mut seen = SquareSet::EMPTY;
    reported.iter().all(|&(to, _, _)| {
        let new = !seen.contains(to);
        seen.insert(to);
        new
    })
}

impl Leaps {
    /// The table for `v`: the types that qualify (see the module's comment), for each colour.
    pub fn new(v: &Variant) -> Leaps {
        let (nt, nsq, words) = (v.types.len(), v.geometry.len(), v.geometry.words());
        let mut leaps = Leaps {
            words,
            nt,
            nsq,
            tabled: vec![false; 2 * nt],
            distinct: vec![false; 2 * nt],
            sets: Vec::new(),
        };
        if words > MAX_WORDS {
            return leaps;
        }
        leaps.sets = vec![0; 2 * nt * nsq * 2 * words];
        for colour in Colour::ALL {
            for t in v.piece_types() {
                let squares = 0..nsq as Square;
                leaps.distinct[colour.index() * nt + t.index()] = squares
                    .map(|sq| reported(v, colour, t, sq, false))
                    .all(|r| distinct(&r));
                let mut fixed = true;
                let mut entries = Vec::with_capacity(nsq);
                for sq in 0..nsq as Square {
                    let short = reported(v, colour, t, sq, true);
                    if !distinct(&short) || short != reported(v, colour, t, sq, false) {
                        fixed = false;
                        break;
                    }
                    entries.push(short);
                }
                if !fixed {
                    continue;
                }
                leaps.tabled[colour.index() * nt + t.index()] = true;
                for (sq, entry) in entries.iter().enumerate() {
                    let at = leaps.at(colour, t, sq as Square);
                    for &(to, quiet, capture) in entry {
                        let (w, bit) = (to as usize / 64, 1u64 << (to % 64));
                        if quiet {
                            leaps.sets[at + w] |= bit;
                        }
                        if capture {
                            leaps.sets[at + words + w] |= bit;
                        }
                    }
                }
            }
        }
        leaps
    }

    /// The index of an entry in `sets`.
    #[inline]
    fn at(&self, colour: Colour, t: PieceType, sq: Square) -> usize {
        ((colour.index() * self.nt + t.index()) * self.nsq + sq as usize) * 2 * self.words
    }

    /// Whether the reach of a `colour` piece of type `t` is tabled.
    #[inline]
    pub fn tabled(&self, colour: Colour, t: PieceType) -> bool {
        self.tabled[colour.index() * self.nt + t.index()]
    }

    /// Whether the rays of a `colour` piece of type `t` report no square twice (with a quiet
    /// move or a capture) from any square on any board: its reach may be gathered as sets.
    #[inline]
    pub fn distinct(&self, colour: Colour, t: PieceType) -> bool {
        self.distinct[colour.index() * self.nt + t.index()]
    }

    /// How the reach of a `colour` piece of type `t` is gathered.
    pub fn reach(&self, colour: Colour, t: PieceType) -> Reach {
        if self.tabled(colour, t) {
            Reach::Table
        } else if self.distinct(colour, t) {
            Reach::Sets
        } else {
            Reach::Rays
        }
    }

    /// For a tabled type: the squares a `colour` piece of type `t` on `sq` moves to when they
    /// are empty, and those it takes on, `words` words each.
    #[inline]
    pub fn get(&self, colour: Colour, t: PieceType, sq: Square) -> (&[u64], &[u64]) {
        debug_assert!(self.tabled(colour, t));
        let at = self.at(colour, t, sq);
        self.sets[at..at + 2 * self.words].split_at(self.words)
    }
}

#[cfg(test)]
mod tests {
    use super::super::lines::Lines;
    use super::*;
    use crate::bundled;
    use crate::position::{Move, Position};
    use crate::splitmix::SplitMix;
    use std::sync::Arc;

    /// Every bundled variant and every definition of tests/perft/fsf/defs.
    fn variants() -> Vec<Arc<Variant>> {
        let mut out: Vec<Arc<Variant>> = bundled::names().filter_map(bundled::load).collect();
        let dir = format!("{}/tests/perft/fsf/defs", env!("CARGO_MANIFEST_DIR"));
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            out.push(bundled::compile(&name, &text).unwrap());
        }
        out
    }

    /// The words of `set`, as many as the table's.
    fn words(set: &SquareSet, n: usize) -> Vec<u64> {
        set.0[..n].to_vec()
    }

    /// The table's entry of a `colour` piece of type `t` on `sq` is what `ray_reach` reports
    /// on the board whose occupied squares are `taken`: the same squares to move to and take
    /// on; and for a type said to be distinct (every tabled one is), no square is reported
    /// twice. Returns whether the type is tabled or distinct.
    fn agrees(
        v: &Variant,
        (l, lines): (&Leaps, &Lines),
        colour: Colour,
        t: PieceType,
        sq: Square,
        taken: &SquareSet,
    ) -> bool {
        if !l.distinct(colour, t) {
            assert!(!l.tabled(colour, t));
            return false;
        }
        let (mut goes, mut takes, mut seen) = (SquareSet::EMPTY, SquareSet::EMPTY, Vec::new());
        v.ray_reach(
            colour,
            t,
            sq,
            |to| taken.contains(to),
            |to, u| {
                if u.quiet || u.capture {
                    seen.push(to);
                }
                goes.set(to, goes.contains(to) || u.quiet);
                takes.set(to, takes.contains(to) || u.capture);
            },
        );
        let n = seen.len();
        seen.sort();
        seen.dedup();
        assert_eq!(
            seen.len(),
            n,
            "{}: type {} on {sq}: a square twice",
            v.name,
            t.index()
        );
        let what = format!("{}: {colour:?} type {} on {sq}", v.name, t.index());
        if lines.masked(colour, t) {
            let (mut g, mut k) = ([0; MAX_WORDS], [0; MAX_WORDS]);
            lines.reach(colour, t, sq, taken, &mut g, &mut k);
            assert_eq!(
                g[..l.words],
                words(&goes, l.words),
                "{what}: masks' quiet moves"
            );
            assert_eq!(
                k[..l.words],
                words(&takes, l.words),
                "{what}: masks' captures"
            );
        }
        if !l.tabled(colour, t) {
            return true;
        }
        let (g, k) = l.get(colour, t, sq);
        assert_eq!(g, words(&goes, l.words), "{what}: quiet moves");
        assert_eq!(k, words(&takes, l.words), "{what}: captures");
        true
    }

    /// On random boards (a third of the squares taken) and on the positions of random games
    /// of every bundled variant and every FSF definition, every tabled type's entry is what
    /// `ray_reach` reports, and so is what a masked type's masks reach (`lines.rs`); and a
    /// distinct type's rays report no square twice.
    #[test]
    fn the_table_and_the_masks_are_what_the_rays_report() {
        let mut rng = SplitMix(7);
        let mut checked = 0;
        for v in variants() {
            let l = Leaps::new(&v);
            let lines = Lines::new(&v, |c, t| l.reach(c, t) == Reach::Sets);
            let l = (&l, &lines);
            let nsq = v.geometry.len() as Square;
            for _ in 0..20 {
                let mut taken = SquareSet::EMPTY;
                for sq in 0..nsq {
                    taken.set(sq, rng.next().is_multiple_of(3));
                }
                for colour in Colour::ALL {
                    for t in v.piece_types() {
                        for sq in 0..nsq {
                            checked += agrees(&v, l, colour, t, sq, &taken) as usize;
                        }
                    }
                }
            }
            for _ in 0..4 {
                let mut pos = Position::start(&v);
                let mut moves: Vec<Move> = Vec::new();
                for _ in 0..80 {
                    let taken = {
                        let mut all = pos.occupied(Colour::ALL[0]);
                        let other = pos.occupied(Colour::ALL[1]);
                        for (a, b) in all.0.iter_mut().zip(other.0) {
                            *a |= b;
                        }
                        all
                    };
                    for sq in taken.iter() {
                        let p = pos.piece_at(sq).unwrap();
                        checked += agrees(&v, l, p.colour, p.piece_type, sq, &taken) as usize;
                    }
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[(rng.next() % moves.len() as u64) as usize];
                    pos.make(m);
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// The letters of the types tabled for White, in the definition's order.
    fn tabled(text: &str) -> String {
        let v = bundled::compile("leaps", text).unwrap();
        let l = Leaps::new(&v);
        let white = Colour::ALL[0];
        (v.piece_types().filter(|&t| l.tabled(white, t)))
            .map(|t| v.types[t].id.to_string())
            .collect()
    }

    /// Plain leapers and pawns are tabled; riders, lame leapers (the Mao `nN`, `nD`) and a
    /// leaper with a rider's move in one direction are not; a hopper's moves are no part of
    /// the rays, so its (empty) reach there is tabled. In chess and Shogi.
    #[test]
    fn leapers_are_tabled_riders_and_lame_leapers_are_not() {
        let v = bundled::load("chess").unwrap();
        let l = Leaps::new(&v);
        for colour in Colour::ALL {
            let letters: String = (v.piece_types().filter(|&t| l.tabled(colour, t)))
                .map(|t| v.types[t].id.to_string())
                .collect();
            let mut sorted: Vec<char> = letters.chars().collect();
            sorted.sort();
            assert_eq!(sorted, ['K', 'N', 'P'], "{colour:?}");
            assert!(v.piece_types().all(|t| l.distinct(colour, t)));
        }
        let text = "files=8 ranks=8\n\
            piece:A:N:piece:a1\npiece:B:nN:piece:b1\npiece:C:nD:piece:c1\n\
            piece:D:WfR:piece:d1\npiece:E:gQ:piece:f1\npiece:F:FfmnD:piece:g1\n\
            king:K:K:king:e1";
        assert_eq!(tabled(text), "AEK");
        // Shogi: the pawn, knight, silver, gold, king and the gold movers; not the lance,
        // bishop, rook, horse or dragon.
        let shogi = format!(
            "{}/tests/perft/fsf/defs/shogi.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(shogi).unwrap();
        assert_eq!(tabled(&text), "PNSGKTMOV");
    }
}
