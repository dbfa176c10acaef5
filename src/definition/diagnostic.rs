//! What reading a definition has to say about it: [`Diagnostic`]s, each an error or a warning
//! with the stretch of text it is about, collected in text order by a [`Report`].
//!
//! An error stops the definition from loading; a warning does not (an unknown key, a key that
//! only changes how the Interactive Diagram draws, a piece the Diagram gives no moves). Both
//! print as `LINE:COL: error: message` / `LINE:COL: warning: message`.

use super::{DefinitionError, Field, Pos};
use std::fmt;

/// How much a [`Diagnostic`] matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The definition loads; this deserves a word.
    Warning,
    /// The definition does not load.
    Error,
}

impl Severity {
    /// `"warning"` or `"error"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One thing said about a definition: where (1-based line, column in characters, and `end`,
/// the column just past the text it is about on that line) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// A warning (it loads) or an error (it does not).
    pub severity: Severity,
    /// The line, from 1.
    pub line: u32,
    /// The column in characters, from 1.
    pub col: u32,
    /// The column just past the stretch of text meant; at least `col + 1`.
    pub end: u32,
    /// What is said.
    pub message: String,
}

impl Diagnostic {
    /// Where it starts.
    pub fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    /// The same position and message in the older error type (no severity, no end).
    pub fn to_error(&self) -> DefinitionError {
        DefinitionError {
            pos: self.pos(),
            message: self.message.clone(),
        }
    }

    /// An error from the older type, covering one character.
    pub fn from_error(e: &DefinitionError) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            line: e.pos.line,
            col: e.pos.col,
            end: e.pos.col + 1,
            message: e.message.clone(),
        }
    }
}

impl fmt::Display for Diagnostic {
    /// `LINE:COL: warning: message` or `LINE:COL: error: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.line,
            self.col,
            self.severity.as_str(),
            self.message
        )
    }
}

/// The stretch a diagnostic covers: a position and a length in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Span {
    pub pos: Pos,
    pub len: u32,
}

impl From<Pos> for Span {
    fn from(pos: Pos) -> Span {
        Span { pos, len: 1 }
    }
}

impl From<&Field> for Span {
    fn from(f: &Field) -> Span {
        Span {
            pos: f.pos,
            len: f.text.chars().count() as u32,
        }
    }
}

/// Diagnostics as they are found; sorted into text order when taken.
#[derive(Debug, Default)]
pub(super) struct Report {
    items: Vec<Diagnostic>,
}

impl Report {
    pub fn push(&mut self, severity: Severity, at: impl Into<Span>, message: impl Into<String>) {
        let at = at.into();
        self.items.push(Diagnostic {
            severity,
            line: at.pos.line,
            col: at.pos.col,
            end: at.pos.col + at.len.max(1),
            message: message.into(),
        });
    }

    pub fn error(&mut self, at: impl Into<Span>, message: impl Into<String>) {
        self.push(Severity::Error, at, message);
    }

    pub fn warning(&mut self, at: impl Into<Span>, message: impl Into<String>) {
        self.push(Severity::Warning, at, message);
    }

    pub fn has_errors(&self) -> bool {
        self.items.iter().any(|d| d.severity == Severity::Error)
    }

    /// Everything said, in text order (stable: same position keeps the order found).
    pub fn into_sorted(mut self) -> Vec<Diagnostic> {
        // The crate's one shared sort (crate::keyed), stable.
        fn by_position(d: &Diagnostic) -> u64 {
            (u64::from(d.line) << 32) | u64::from(d.col)
        }
        crate::keyed::sort_keyed(&mut self.items, by_position);
        self.items
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostics_print_with_severity_and_sort_by_position() {
        let mut r = Report::default();
        let field = Field {
            text: "promozone".into(),
            pos: Pos { line: 2, col: 17 },
        };
        r.warning(&field, "unknown key");
        r.error(Pos { line: 1, col: 4 }, "bad");
        assert!(r.has_errors());
        let d = r.into_sorted();
        assert_eq!(d[0].to_string(), "1:4: error: bad");
        assert_eq!((d[0].col, d[0].end), (4, 5));
        assert_eq!(d[1].to_string(), "2:17: warning: unknown key");
        assert_eq!(d[1].end, 26, "just past 'promozone'");
        assert_eq!(d[1].to_error().to_string(), "2:17: unknown key");
    }
}
