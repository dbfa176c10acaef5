//! A line diff of two definition texts, for the balance lab's rules A vs B: every line of
//! either text once, in reading order, as the same in both, added in B or removed from A.
//!
//! The diff is the `similar` crate's Myers diff of the texts' lines, called directly with one
//! capture hook (its `TextDiff` front end instantiates every algorithm for several hooks and
//! was a sixth of the applet's wasm). Lines are compared
//! without their line ends, so `\n` and `\r\n` texts, or a text with and one without a final
//! line end, differ only where their lines do. Where a block changes, its removed lines come
//! before the lines that replace them.

use similar::ChangeTag;
use similar::algorithms::{Capture, Replace, myers};

/// How a line differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// In both texts.
    Same,
    /// Only in B.
    Added,
    /// Only in A.
    Removed,
}

/// One line of the diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub change: Change,
    /// The line's text, without its line end.
    pub text: String,
    /// Its line number (from 1) in A, unless added.
    pub old_line: Option<usize>,
    /// Its line number (from 1) in B, unless removed.
    pub new_line: Option<usize>,
}

/// The line diff of text `a` (the old rules) against text `b` (the new).
pub fn diff(a: &str, b: &str) -> Vec<Line> {
    let old: Vec<&str> = a.lines().collect();
    let new: Vec<&str> = b.lines().collect();
    // Replace turns a deletion next to an insertion into one replacement (old lines first).
    let mut hook = Replace::new(Capture::new());
    // Capture's error type is `Infallible`.
    let Ok(()) = myers::diff(&mut hook, &old[..], 0..old.len(), &new[..], 0..new.len());
    hook.into_inner()
        .into_ops()
        .iter()
        .flat_map(|op| op.iter_changes(&old[..], &new[..]))
        .map(|c| Line {
            change: match c.tag() {
                ChangeTag::Equal => Change::Same,
                ChangeTag::Insert => Change::Added,
                ChangeTag::Delete => Change::Removed,
            },
            text: c.value().to_string(),
            old_line: c.old_index().map(|i| i + 1),
            new_line: c.new_index().map(|i| i + 1),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;

    /// The diff as "  line", "+ line", "- line".
    fn show(lines: &[Line]) -> Vec<String> {
        lines
            .iter()
            .map(|l| {
                let sign = match l.change {
                    Change::Same => ' ',
                    Change::Added => '+',
                    Change::Removed => '-',
                };
                format!("{sign} {}", l.text)
            })
            .collect()
    }

    #[test]
    fn changed_added_and_removed_lines() {
        let d = diff("a\nb\nc\n", "a\nc\nd\n");
        assert_eq!(show(&d), ["  a", "- b", "  c", "+ d"]);
        assert_eq!(
            d.iter()
                .map(|l| (l.old_line, l.new_line))
                .collect::<Vec<_>>(),
            [
                (Some(1), Some(1)),
                (Some(2), None),
                (Some(3), Some(2)),
                (None, Some(3))
            ]
        );
        // A changed line: the old one goes, then the new one comes.
        assert_eq!(
            show(&diff(
                "x\nknight:N:N:knight:b1\ny",
                "x\nknight:N:NW:knight:b1\ny"
            )),
            [
                "  x",
                "- knight:N:N:knight:b1",
                "+ knight:N:NW:knight:b1",
                "  y"
            ]
        );
    }

    #[test]
    fn line_ends_do_not_count() {
        assert_eq!(show(&diff("a\r\nb\r\n", "a\nb")), ["  a", "  b"]);
        assert!(diff("", "").is_empty());
        assert_eq!(show(&diff("", "a\n")), ["+ a"]);
        assert_eq!(show(&diff("a", "")), ["- a"]);
    }

    #[test]
    fn two_bundled_variants() {
        // Marseillais differs from chess in its comments and the movesPerTurn line; the
        // board and piece lines are the same.
        let chess = bundled::text("chess").unwrap();
        let marseillais = bundled::text("marseillais").unwrap();
        let d = diff(chess, marseillais);
        let same: Vec<&str> = d
            .iter()
            .filter(|l| l.change == Change::Same)
            .map(|l| l.text.as_str())
            .collect();
        assert_eq!(
            same,
            [
                "files=8 ranks=8",
                "promoZone=1 promoChoice=QRBN",
                "pawn:P:ifmnDfmWfceF:pawn:a2-h2",
                "knight:N:N:knight:b1,g1",
                "bishop:B:B:bishop:c1,f1",
                "rook:R:R:rook:a1,h1",
                "queen:Q:Q:queen:d1",
                "king:K:KisO2:king:e1"
            ]
        );
        let added: Vec<&str> = d
            .iter()
            .filter(|l| l.change == Change::Added)
            .map(|l| l.text.as_str())
            .collect();
        assert_eq!(
            added,
            [
                "# Marseillais Chess, balanced: every turn is two moves, White's first turn one.",
                "# movesPerTurn= and firstTurnMoves= are fairylab extensions.",
                "movesPerTurn=2 firstTurnMoves=1"
            ]
        );
        let removed: Vec<&str> = d
            .iter()
            .filter(|l| l.change == Change::Removed)
            .map(|l| l.text.as_str())
            .collect();
        assert_eq!(
            removed,
            ["# FIDE chess, the reference variant, in Interactive Diagram text."]
        );
        // Every line of each text appears once, in order.
        let a: Vec<&str> = d
            .iter()
            .filter(|l| l.old_line.is_some())
            .map(|l| l.text.as_str())
            .collect();
        assert_eq!(a, chess.lines().collect::<Vec<_>>());
    }
}
