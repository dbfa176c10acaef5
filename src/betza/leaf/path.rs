//! A move of several legs, a hop or a curve read into a path: its modifiers hold `a`, `p`,
//! `g`, `d`, `z`, `q`, `o`, `j`, `k`, `u` or `x` ([`crate::betza::legs`] reads them), its atom
//! is lengthened by `X` and `Y` as the Diagram's script does, and a range may follow.

use crate::betza::legs;
use crate::betza::{BetzaError, Component};

/// The component at `i` when it is a path (its modifiers hold `a`, `p`, `g`, `d`, `z`, `q`,
/// `o`, `j`, `k`, `u` or `x`), and where the next one starts.
pub(super) fn component(
    chars: &[char],
    i: usize,
) -> Result<Option<(Vec<Component>, usize)>, BetzaError> {
    let atom_at = (i..chars.len()).find(|&j| !chars[j].is_ascii_lowercase());
    let Some(atom_at) = atom_at else {
        return Ok(None);
    };
    let mods = &chars[i..atom_at];
    if !mods.iter().any(|c| {
        matches!(
            c,
            'a' | 'p' | 'g' | 'd' | 'z' | 'q' | 'o' | 'j' | 'k' | 'u' | 'x'
        )
    }) {
        return Ok(None);
    }
    let letter = chars[atom_at];
    if matches!(letter, '(' | '[' | '{') {
        return Err(super::bracket(atom_at, letter));
    }
    if letter == 'O'
        && let Some(j) = mods.iter().position(|&c| c == 'j')
    {
        return Err(BetzaError {
            offset: i + j,
            message: "'j' on castling (with the piece next to the corner) is not supported by \
                      fairylab yet"
                .into(),
        });
    }
    let Some((step, symmetry, mut range)) = legs::atom(letter) else {
        return Err(BetzaError {
            offset: atom_at,
            message: format!("'{letter}' is not an atom a move of several legs or a hop can take"),
        });
    };
    // The atom's own range, before a doubled letter or a count (the script's `origRange`).
    let own = range;
    let mut next = atom_at + 1;
    if letter == '@' {
        let curved = mods.iter().position(|c| matches!(c, 'z' | 'q' | 'j'));
        let longer = matches!(chars.get(next), Some('X' | 'Y')).then_some(next - i);
        if let Some(k) = curved.or(longer) {
            return Err(BetzaError {
                offset: i + k,
                message: format!(
                    "'{}' with the atom '@' in a move of several legs, a hop or a curve is not \
                     supported by fairylab (its legs are; crooked, circular, jumping and \
                     lengthened '@' paths are not followed)",
                    chars[i + k]
                ),
            });
        }
    }
    let (mut step, mut symmetry) = (step, symmetry);
    if chars.get(next) == Some(&letter) && range == 1 && !matches!(letter, 'K') {
        range = 0;
        next += 1;
    } else if !matches!(letter, 'K' | 'Q' | 'R' | 'B') {
        // X and Y lengthen the atom as the Diagram's script does, on its step at angle 0:
        // X three squares further forward (a diagonal one becomes oblique, F into (1,4)),
        // Y two further both ways (an orthogonal one becomes oblique, W into (2,3); a
        // diagonal one stays diagonal, F into G).
        while let Some(&c) = chars.get(next).filter(|c| matches!(c, 'X' | 'Y')) {
            use legs::Symmetry::{Diagonal, Oblique};
            (step, symmetry) = match (c, symmetry) {
                ('X', Diagonal) => ((step.1, step.1 + 3), Oblique),
                ('X', sym) => ((step.0, step.1 + 3), sym),
                (_, Diagonal) => ((step.0, step.1 + 2), Diagonal),
                (_, _) => ((step.0 + 2, step.1 + 2), Oblique),
            };
            next += 1;
            if step.1 >= crate::geometry::MAX_SIDE as i8 {
                let mut end = next;
                while matches!(chars.get(end), Some('X' | 'Y')) {
                    end += 1;
                }
                return Err(super::atom::lands_nowhere(atom_at, &chars[atom_at..end]));
            }
        }
    }
    // `*`: the first leg rides as far as the last rank of the mover's half of the board (the
    // script's range -1), the later legs keep the atom's own range.
    let half = chars.get(next) == Some(&'*');
    if half {
        let last = mods.rsplit(|&c| c == 'a').next().unwrap_or(mods);
        if mods.iter().any(|c| matches!(c, 'z' | 'q' | 'j'))
            || !mods.contains(&'a')
            || last.iter().any(|c| matches!(c, 'p' | 'g'))
        {
            return Err(BetzaError {
                offset: next,
                message: "'*' after the atom of a hop, a crooked, circular or jumping move is \
                          not supported by fairylab (on a move of several legs it is)"
                    .into(),
            });
        }
        range = 0;
        next += 1;
    }
    if let Some(&c) = chars.get(next).filter(|c| matches!(c, 'X' | 'Y')) {
        return Err(BetzaError {
            offset: next,
            message: format!(
                "'{c}' after the atom '{letter}' of a move of several legs here is not \
                 supported by fairylab"
            ),
        });
    }
    if let Some((n, after)) = super::atom::read_range(chars, next) {
        range = n;
        next = after;
    }
    let legs::Parsed {
        path,
        more,
        initial,
        mut notes,
    } = legs::parse(mods, i, step, symmetry, (range, own))?;
    let mut paths: Vec<_> = std::iter::once(path).chain(more).collect();
    if half {
        for p in &mut paths {
            p.legs[0].half = true;
        }
        let text: String = chars[i..next].iter().collect();
        notes.push(BetzaError {
            offset: next - 1,
            message: format!(
                "{}the en passant rights '{text}' leaves on the squares its first leg passes \
                 (the Diagram's script lets an enemy with 'e' take the piece there; fairylab \
                 plays the move without them)",
                crate::betza::NOT_PLAYED
            ),
        });
    }
    // The notes go with the first of the paths the component stands for.
    let out = (paths.into_iter().enumerate())
        .map(|(k, p)| {
            let notes = if k == 0 {
                std::mem::take(&mut notes)
            } else {
                Vec::new()
            };
            Component::path(p, initial, i, notes)
        })
        .collect();
    Ok(Some((out, next)))
}
