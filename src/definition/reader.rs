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
    /// A reader over `params`; known keys given twice are reported here, at the later one.
    pub fn new(params: &'a [Param], report: &mut Report) -> KeyReader<'a> {
        for (i, p) in params.iter().enumerate() {
            let k = p.key.text.as_str();
            if keys::kind(k).is_some()
                && !keys::REPEATABLE.contains(&k)
                && params[..i].iter().any(|q| q.key.text == k)
            {
                report.error(&p.key, format!("'{k}' given twice"));
            }
        }
        KeyReader {
            params,
            read: vec![false; params.len()],
        }
    }

    /// The parameter `key` (its first occurrence), now marked as read. `key` must be one of
    /// [`keys::KEYS`]: a key is declared where it is read.
    pub fn get(&mut self, key: &str) -> Option<&'a Param> {
        debug_assert!(keys::kind(key).is_some(), "'{key}' is not in keys::KEYS");
        let mut first = None;
        for (i, p) in self.params.iter().enumerate() {
            if p.key.text == key {
                self.read[i] = true;
                first.get_or_insert(p);
            }
        }
        first
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

    /// The parameter `key`, without marking it read.
    pub fn peek(&self, key: &str) -> Option<&'a Param> {
        self.params.iter().find(|p| p.key.text == key)
    }

    /// A whole number from `lo` to `hi`, `default` when the key is not given; out of range or
    /// not a number is an error at the value.
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
                Some(KeyKind::Display(what)) => report.warning(
                    &p.key,
                    format!(
                        "'{k}' only changes how the Interactive Diagram draws ({what}); ignored"
                    ),
                ),
                Some(KeyKind::PageScript(what)) => {
                    if p.value.text.trim() != "0" {
                        report.warning(
                            &p.key,
                            format!(
                                "'{k}' asks for the page's own script ({what}), which fairylab \
                                 cannot run; played without it, as the Diagram plays on a page \
                                 that lacks it"
                            ),
                        );
                    }
                }
                // Validation reads every key it plays; one left here is fairylab's mistake.
                Some(KeyKind::Rule | KeyKind::Colour) => report.warning(
                    &p.key,
                    format!("'{k}' was not read (a fairylab bug: please report it)"),
                ),
            }
        }
    }
}
