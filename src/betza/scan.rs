//! A Betza string cut into its moves as the Interactive Diagram's script scans it, before any
//! move is read: each unit is one move (its modifiers, its atom and what follows the atom) or
//! one bracket, as the characters it holds and, for each, its offset in the string.
//!
//! What the script passes over is left out here, so the readers after see only what they
//! read: a prime `'` (which only separates moves, `vmW'fkF'fmnD` is `vmW fkF fmnD`), and,
//! each with a note for a warning, a lower-case letter that is no modifier (`t`, `w`), a
//! character where an atom should stand that is none (`%`, `E`, a digit: the script skips it
//! and goes on looking for the atom), modifiers with no atom after them. Betza's `t` before a
//! bracket (`t[FR]`, "then") is what the bracket says already and is left out without a note.
//! Parentheses (a group of modifiers repeated, [`super::group`]) are kept, with the count
//! after them.

use super::BetzaError;
use super::legs::error;

/// One move of the string: its characters and each one's offset in the string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub chars: Vec<char>,
    pub at: Vec<usize>,
}

impl Unit {
    /// Is it a bracket (`[F?R]`)?
    pub fn bracket(&self) -> bool {
        self.chars.first() == Some(&'[')
    }

    /// The offset in the string of the unit's character `i` (its end for one past the last).
    pub fn offset(&self, i: usize) -> usize {
        match self.at.get(i) {
            Some(&o) => o,
            None => self.at.last().map_or(0, |&o| o + 1),
        }
    }

    /// `e` with its offset in the unit turned into the offset in the string.
    pub fn local(&self, e: BetzaError) -> BetzaError {
        BetzaError {
            offset: self.offset(e.offset),
            message: e.message,
        }
    }

    fn push(&mut self, c: char, at: usize) {
        self.chars.push(c);
        self.at.push(at);
    }
}

/// The modifiers the script reads.
pub const MODIFIERS: &str = "fblrvshmcepgyinjxdkzqoua";

/// The atoms the script reads (`I`, `U` and `@` among them, which fairylab does not play).
pub const ATOMS: &str = "ABCDFGHIJKLNOQRWZU@";

/// The units of `chars`, and a note for each character left out that the script reads as
/// nothing (with a message for its status line).
pub fn units(chars: &[char]) -> (Vec<Unit>, Vec<BetzaError>) {
    let mut out = Vec::new();
    let mut notes = Vec::new();
    let mut unit = Unit {
        chars: Vec::new(),
        at: Vec::new(),
    };
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        if c == '[' || (c == 't' && chars.get(k + 1) == Some(&'[')) {
            if c == 't' {
                k += 1;
            }
            if !unit.chars.is_empty() {
                notes.push(error(
                    unit.at[0],
                    "ignored: modifiers before '[' (in the bracket notation each leg takes its \
                     own, '[mF?cR]', not 'mc[F?R]')",
                ));
                unit = Unit {
                    chars: Vec::new(),
                    at: Vec::new(),
                };
            }
            let end = (k..chars.len())
                .find(|&j| chars[j] == ']')
                .map_or(chars.len(), |j| j + 1);
            let mut b = Unit {
                chars: Vec::new(),
                at: Vec::new(),
            };
            for (j, &c) in chars.iter().enumerate().take(end).skip(k) {
                b.push(c, j);
            }
            out.push(b);
            k = end;
            continue;
        }
        k += 1;
        match c {
            '\'' => {}
            '(' => {
                // A group of modifiers is kept for [`super::group`]; one that holds anything
                // else (an atom: `m(W)N`) has no meaning the notation's author gives it, and
                // is read as repeated no time.
                let close = (k..chars.len()).find(|&j| chars[j] == ')');
                let odd = close
                    .map(|e| (k..e).find(|&j| !MODIFIERS.contains(chars[j]) && chars[j] != '('));
                match (close, odd) {
                    (Some(e), Some(Some(_))) => {
                        let mut after = e + 1;
                        while chars.get(after).is_some_and(|d| d.is_ascii_digit()) {
                            after += 1;
                        }
                        let group: String = chars[k - 1..after].iter().collect();
                        notes.push(error(
                            k - 1,
                            &format!(
                                "not played: '{group}', a group holding more than modifiers \
                                 (read as repeated no time)"
                            ),
                        ));
                        k = after;
                    }
                    _ => unit.push(c, k - 1),
                }
            }
            ')' => {
                unit.push(c, k - 1);
                while let Some(&d) = chars.get(k).filter(|d| d.is_ascii_digit()) {
                    unit.push(d, k);
                    k += 1;
                }
            }
            c if c.is_ascii_lowercase() && MODIFIERS.contains(c) => unit.push(c, k - 1),
            'w' => notes.push(error(
                k - 1,
                "ignored: 'w' means nothing in XBetza (the Diagram's script says so and passes \
                 over it)",
            )),
            'O' if matches!(chars.get(k), Some('0' | '*')) => {
                // A castling of no distance or of a '*' range: the script ignores the move.
                notes.push(error(
                    k - 1,
                    &format!(
                        "ignored: 'O{}' (castling of no set distance), as the Diagram's script \
                         ignores it",
                        chars[k]
                    ),
                ));
                k += 1;
                while chars.get(k).is_some_and(|d| d.is_ascii_digit()) {
                    k += 1;
                }
                unit = Unit {
                    chars: Vec::new(),
                    at: Vec::new(),
                };
            }
            c if ATOMS.contains(c) => {
                unit.push(c, k - 1);
                k = suffix(chars, k, c, &mut unit);
                out.push(std::mem::replace(
                    &mut unit,
                    Unit {
                        chars: Vec::new(),
                        at: Vec::new(),
                    },
                ));
            }
            c if c.is_ascii_lowercase() => notes.push(error(
                k - 1,
                &format!(
                    "ignored: '{c}' is no XBetza modifier; the Diagram's script passes over it{}",
                    if c == 't' {
                        " (Betza's own 't', 'then', is written with brackets in XBetza: [F?R])"
                    } else {
                        ""
                    }
                ),
            )),
            _ => {
                // A run of such characters is one note.
                let from = k - 1;
                while chars.get(k).is_some_and(|&d| skipped(d)) {
                    k += 1;
                }
                let run: String = chars[from..k].iter().collect();
                notes.push(error(
                    from,
                    &format!(
                        "ignored: '{run}' is no Betza atom; the Diagram's script skips it and \
                         reads on"
                    ),
                ));
            }
        }
    }
    if let Some(&at) = unit.at.first() {
        notes.push(error(
            at,
            "ignored: modifiers without an atom after them (the Diagram's script reads no move \
             there)",
        ));
    }
    (out, notes)
}

/// Is `c` a character the script skips where an atom should stand (no letter, bracket,
/// parenthesis or prime)?
fn skipped(c: char) -> bool {
    !c.is_ascii_lowercase() && !ATOMS.contains(c) && !matches!(c, '[' | '(' | ')' | '\'')
}

/// What follows the atom `letter` (its characters from `k`), pushed onto `unit`: a doubled
/// letter (a rider), `X` and `Y` extensions, a `*` range, digits; returns where the next
/// unit starts.
fn suffix(chars: &[char], mut k: usize, letter: char, unit: &mut Unit) -> usize {
    let take = |k: &mut usize, unit: &mut Unit| {
        unit.push(chars[*k], *k);
        *k += 1;
    };
    if letter == 'O' {
        while chars.get(k).is_some_and(|d| d.is_ascii_digit()) {
            take(&mut k, unit);
        }
        return k;
    }
    if chars.get(k) == Some(&letter) && !matches!(letter, 'K' | 'Q' | 'R' | 'B') {
        take(&mut k, unit);
    } else {
        while matches!(chars.get(k), Some('X' | 'Y')) {
            take(&mut k, unit);
        }
    }
    if chars.get(k) == Some(&'*') {
        take(&mut k, unit);
    }
    while chars.get(k).is_some_and(|d| d.is_ascii_digit()) {
        take(&mut k, unit);
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> (Vec<String>, usize) {
        let chars: Vec<char> = s.chars().collect();
        let (u, n) = units(&chars);
        (
            u.iter().map(|u| u.chars.iter().collect()).collect(),
            n.len(),
        )
    }

    #[test]
    fn primes_separate_moves_and_are_read_as_nothing() {
        assert_eq!(
            texts("vmW'fkF'fmnD"),
            (vec!["vmW".into(), "fkF".into(), "fmnD".into()], 0)
        );
        assert_eq!(texts("W'W"), (vec!["W".into(), "W".into()], 0));
    }

    #[test]
    fn what_the_script_passes_over_is_left_out_with_a_note() {
        assert_eq!(texts("fmEW"), (vec!["fmW".into()], 1));
        assert_eq!(texts("WtR"), (vec!["W".into(), "R".into()], 1));
        assert_eq!(texts("NfmO0K"), (vec!["N".into(), "K".into()], 1));
        assert_eq!(texts("Nfm"), (vec!["N".into()], 1));
        assert_eq!(texts("W%$~-F"), (vec!["W".into(), "F".into()], 1));
        assert_eq!(texts("t[F?R]W"), (vec!["[F?R]".into(), "W".into()], 0));
        assert_eq!(texts("x(ya)2zAA3"), (vec!["x(ya)2zAA3".into()], 0));
        assert_eq!(texts("m(W)N"), (vec!["mN".into()], 1));
    }
}
