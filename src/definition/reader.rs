//! A key reader that remembers what it read: validation asks it for the keys whose rules it
//! plays (marking them read), and when it is done, every parameter nobody read is reported by
//! its kind ([`super::keys::KeyKind`]): an unknown key is a warning with a suggestion, a key
//! that only changes how the Interactive Diagram draws is a warning saying so, and so is a
//! rule the Diagram leaves to the host page's own script. (Every rule key of the Diagram's is
//! played.) A known key given twice is an error, but for the
//! [`super::keys::REPEATABLE`] ones, whose lines add up.

use super::Param;
use super::diagnostic::Report;
use super::keys::{self, KeyKind};

pub(super) struct KeyReader<'a> {
    params: &'a [Param],
    read: Vec<bool>,
}

impl<'a> KeyReader<'a> {
    /// A reader over `params`; a known key given twice is a warning at the earlier one: the
    /// Diagram reads its lines in order, so the later value is the one played (but for the
    /// [`keys::REPEATABLE`] keys, whose lines add up).
    pub fn new(params: &'a [Param], report: &mut Report) -> KeyReader<'a> {
        for (i, p) in params.iter().enumerate() {
            let k = p.key.text.as_str();
            if keys::kind(k).is_some()
                && !keys::REPEATABLE.contains(&k)
                && let Some(later) = params[i + 1..].iter().find(|q| q.key.text == k)
            {
                report.warning(
                    &p.key,
                    format!(
                        "'{k}' given again at {}:{}; the later value is played, as in the Diagram",
                        later.key.pos.line, later.key.pos.col
                    ),
                );
            }
        }
        KeyReader {
            params,
            read: vec![false; params.len()],
        }
    }

    /// The parameter `key` (its last occurrence: the one the Diagram plays), now marked as read. `key` must be one of
    /// [`keys::KEYS`]: a key is declared where it is read.
    pub fn get(&mut self, key: &str) -> Option<&'a Param> {
        debug_assert!(keys::kind(key).is_some(), "'{key}' is not in keys::KEYS");
        let mut last = None;
        for (i, p) in self.params.iter().enumerate() {
            if p.key.text == key {
                self.read[i] = true;
                last = Some(p);
            }
        }
        last
    }

    /// Every occurrence of a [`keys::REPEATABLE`] key, in text order, now marked as read.
    pub fn all(&mut self, key: &str) -> Vec<&'a Param> {
        debug_assert!(keys::REPEATABLE.contains(&key), "'{key}' is not repeatable");
        let mut out = Vec::new();
        for (i, p) in self.params.iter().enumerate() {
            if p.key.text == key {
                self.read[i] = true;
                out.push(p);
            }
        }
        out
    }

    /// The parameter `key` (its last occurrence), without marking it read.
    pub fn peek(&self, key: &str) -> Option<&'a Param> {
        self.params.iter().rev().find(|p| p.key.text == key)
    }

    /// A whole number from `lo` to `hi`, `default` when the key is not given; out of range or
    /// not a number is an error at the value (for the keys whose values the Diagram could not
    /// draw a board with, or fairylab's own keys; see [`KeyReader::int_or`] for the others).
    pub fn int(&mut self, key: &str, default: i64, lo: i64, hi: i64, report: &mut Report) -> i64 {
        let Some(p) = self.get(key) else {
            return default;
        };
        match p.value.text.parse::<i64>() {
            Ok(v) if (lo..=hi).contains(&v) => v,
            _ => {
                report.error(
                    &p.value,
                    format!(
                        "{key} must be a whole number from {lo} to {hi}, not '{}'",
                        p.value.text
                    ),
                );
                default
            }
        }
    }

    /// A whole number for a key whose odd values the Diagram still plays: not a number is a
    /// warning and `default` (the Diagram's `parseInt` gives no number, which its rules take
    /// as off), a number outside `lo..=hi` a warning and the nearest bound.
    pub fn int_or(
        &mut self,
        key: &str,
        default: i64,
        lo: i64,
        hi: i64,
        report: &mut Report,
    ) -> i64 {
        let Some(p) = self.get(key) else {
            return default;
        };
        match leading_int(&p.value.text) {
            Some(v) if (lo..=hi).contains(&v) => v,
            Some(v) => {
                let near = v.clamp(lo, hi);
                report.warning(
                    &p.value,
                    format!("{key}={v} is played as {key}={near} (it takes {lo} to {hi})"),
                );
                near
            }
            None => {
                report.warning(
                    &p.value,
                    format!(
                        "{key}: '{}' is not a number; played as {key}={default}",
                        p.value.text
                    ),
                );
                default
            }
        }
    }

    /// Report every parameter nobody read, by the kind of its key.
    pub fn finish(self, report: &mut Report) {
        for (p, _) in self
            .params
            .iter()
            .zip(&self.read)
            .filter(|(_, read)| !**read)
        {
            let k = p.key.text.as_str();
            match keys::kind(k) {
                None => report.warning(
                    &p.key,
                    match keys::suggestion(k) {
                        Some(s) => format!("unknown key '{k}', did you mean '{s}'? (ignored)"),
                        None => format!("unknown key '{k}' (ignored)"),
                    },
                ),
                Some(KeyKind::Page(_) | KeyKind::Layout(_)) => {}
                Some(KeyKind::PageScript(what)) => {
                    if p.value.text.trim() != "0" {
                        report.warning(
                            &p.key,
                            format!(
                                "not played: '{k}' asks for the page's own script ({what}), which \
                                 fairylab cannot run; played without it (on a page that lacks \
                                 it the Diagram's script fails as soon as it generates a move)"
                            ),
                        );
                    }
                }
                Some(KeyKind::NotPlayed(what, instead)) => report.warning(
                    &p.key,
                    format!(
                        "not played: '{k}' ({what}, a rule of later versions of the Diagram's \
                         script; no script or page fairylab could read says what its values \
                         mean): {instead}, and the rest of the game is played"
                    ),
                ),
                // Validation reads every key it plays; one left here is fairylab's mistake.
                Some(KeyKind::Rule | KeyKind::Colour) => report.warning(
                    &p.key,
                    format!("'{k}' was not read (a fairylab bug: please report it)"),
                ),
            }
        }
    }
}

/// The number at the start of `text`, as JavaScript's `parseInt` reads it (`12abc` is 12);
/// `None` when it starts with no digit.
pub(super) fn leading_int(text: &str) -> Option<i64> {
    let t = text.trim_start();
    let (sign, digits) = match t.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, t.strip_prefix('+').unwrap_or(t)),
    };
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    let n: i64 = digits[..end.min(12)].parse().ok()?;
    Some(sign * n)
}
