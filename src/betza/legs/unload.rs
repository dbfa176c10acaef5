//! `u` (unload) as the Interactive Diagram's script plays it: a `u` leg marks the square it
//! starts from. When the move is made, each marked square that is empty (the mover's own
//! square counts as empty) gets the piece taken on the destination, a copy on each (two `u`
//! legs put two pieces down); a marked square that holds a piece, the square a hop or a
//! capture before the `u` leg ended on, has that piece taken, whatever its colour, like a
//! locust victim. Nothing is put down when the destination is empty.
//!
//! Whether a `u` leg starts on a piece depends only on how the leg before it ends, so a move
//! is laid out in one path per way those legs end ([`ways`]): on an empty square (`m`: the
//! `u` stays) or on a piece (`p`, `g`: the piece hopped is taken, the hop becomes `cd`; `c`,
//! `d`, `k`: the piece is taken anyway; the `u` goes).

use super::{Leg, Path, Segment, check, error};
use crate::betza::{BetzaError, MAX_LOCUST, NOT_PLAYED};

/// The legs of a move laid out for each way the legs before its `u` legs may end (the legs
/// themselves when no leg but the first has `u`).
pub(super) fn ways(legs: Vec<Leg>) -> Vec<Vec<Leg>> {
    let mut out = vec![legs];
    for i in 1..out[0].len() {
        if !out[0][i].modes.unload {
            continue;
        }
        let before = out[0][i - 1].modes;
        let on_empty = before.quiet;
        let on_piece =
            before.hop || before.capture || before.destroy || before.royal || before.relay;
        let mut next = Vec::new();
        for legs in out {
            if on_empty {
                let mut l = legs.clone();
                let m = &mut l[i - 1].modes;
                (m.hop, m.capture, m.destroy, m.royal, m.relay) =
                    (false, false, false, false, false);
                next.push(l);
            }
            if on_piece {
                let mut l = legs;
                let m = &mut l[i - 1].modes;
                m.quiet = false;
                if m.hop {
                    // The piece hopped is where the `u` leg starts: taken, friend or foe.
                    (m.hop, m.capture, m.destroy) = (false, true, true);
                }
                l[i].modes.unload = false;
                next.push(l);
            }
        }
        out = next;
    }
    out
}

/// The paths a move of `legs` (read from `segments`, the modifiers `mods` of the component at
/// `offset`, stepping by `step`) stands for ([`ways`]), each within the limits of a move
/// ([`check`], [`playable`]); a way fairylab cannot play is a note in `notes`, and when none
/// can be played the first's refusal is the error.
pub(super) fn paths(
    legs: Vec<Leg>,
    segments: &[Segment],
    (step, offset, mods): ((i8, i8), usize, &[char]),
    notes: &mut Vec<BetzaError>,
) -> Result<Vec<Path>, BetzaError> {
    for s in segments {
        if let Some(at) = s.pos('u')
            && s.chars.iter().filter(|&&c| c == 'u').count() > 1
        {
            let why = "ignored: a second 'u' on one leg (the script reads one)";
            notes.push(error(at, why));
        }
    }
    let mut paths = Vec::new();
    let mut first_refusal = None;
    for legs in ways(legs) {
        match check(&legs, offset).and_then(|victims| playable(&legs, segments, victims)) {
            Ok(()) => paths.push(Path {
                step,
                legs,
                curve: None,
            }),
            Err(e) => {
                first_refusal.get_or_insert(e);
            }
        }
    }
    match first_refusal {
        Some(e) if paths.is_empty() => Err(e),
        Some(e) => {
            let mods: String = mods.iter().collect();
            let why = format!(
                "{NOT_PLAYED}one way of the move with modifiers '{mods}': {}",
                e.message
            );
            notes.push(error(e.offset, &why));
            Ok(paths)
        }
        None => Ok(paths),
    }
}

/// Whether fairylab plays a move of `legs` (read from `segments`) that takes `victims` pieces
/// on the way: its `u` squares and its victims are not both held by one move, and it puts at
/// most [`MAX_LOCUST`] pieces down.
pub(super) fn playable(
    legs: &[Leg],
    segments: &[Segment],
    victims: usize,
) -> Result<(), BetzaError> {
    let unloads: Vec<usize> = (0..legs.len()).filter(|&i| legs[i].modes.unload).collect();
    let Some(&first) = unloads.first() else {
        return Ok(());
    };
    let at = |i: usize| segments.get(i).and_then(|s| s.pos('u')).unwrap_or(0);
    if victims > 0 {
        return Err(error(
            at(first),
            "'u' in a move that also takes a piece on the way: the Diagram's script takes that \
             piece and puts the one taken on the destination down where the 'u' leg starts, \
             which one fairylab move does not hold (it takes on its way or puts pieces down, \
             not both)",
        ));
    }
    if unloads.len() > MAX_LOCUST {
        return Err(error(
            at(unloads[MAX_LOCUST]),
            &format!(
                "'u' on {} legs of one move: the Diagram's script puts a copy of the piece taken \
                 down on each leg's start square, more than the {MAX_LOCUST} a fairylab move \
                 holds",
                unloads.len()
            ),
        ));
    }
    Ok(())
}
