//! A line diff of two definition texts, for the balance lab's rules A vs B: every line of
//! either text once, in reading order, as the same in both, added in B or removed from A.
//!
//! The lines kept are a longest common subsequence, found by Myers' algorithm (the `similar`
//! crate), which needs no table of the two texts' lines, however long they are. Lines are
//! compared without their line ends, so `\n` and `\r\n` texts, or a text with and one without
//! a final line end, differ only where their lines do. Where a block changes, its removed
//! lines come before the lines that replace them.

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
    /// Whether the line is in both texts, only in A, or only in B.
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
    use similar::{Algorithm, DiffOp, capture_diff_slices};
    let old: Vec<&str> = a.lines().collect();
    let new: Vec<&str> = b.lines().collect();
    let mut out = Vec::with_capacity(old.len() + new.len());
    let same = |i: usize, j: usize| Line {
        change: Change::Same,
        text: old[i].to_string(),
        old_line: Some(i + 1),
        new_line: Some(j + 1),
    };
    let removed = |i: usize| Line {
        change: Change::Removed,
        text: old[i].to_string(),
        old_line: Some(i + 1),
        new_line: None,
    };
    let added = |j: usize| Line {
        change: Change::Added,
        text: new[j].to_string(),
        old_line: None,
        new_line: Some(j + 1),
    };
    for op in capture_diff_slices(Algorithm::Myers, &old, &new) {
        match op {
            DiffOp::Equal {
                old_index,
                new_index,
                len,
            } => out.extend((0..len).map(|k| same(old_index + k, new_index + k))),
            DiffOp::Delete {
                old_index, old_len, ..
            } => out.extend((old_index..old_index + old_len).map(removed)),
            DiffOp::Insert {
                new_index, new_len, ..
            } => out.extend((new_index..new_index + new_len).map(added)),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                out.extend((old_index..old_index + old_len).map(removed));
                out.extend((new_index..new_index + new_len).map(added));
            }
        }
    }
    out
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
    fn a_rewritten_middle_is_removed_then_added() {
        let a: String = (0..1200).map(|i| format!("a{i}\n")).collect();
        let b: String = (0..1200).map(|i| format!("b{i}\n")).collect();
        let d = diff(&format!("x\n{a}y\n"), &format!("x\n{b}y\n"));
        assert_eq!(d.len(), 2 + 2400);
        assert_eq!(d[1].change, Change::Removed);
        assert_eq!(d[1201].change, Change::Added);
        assert_eq!(
            (d[2401].change, d[2401].old_line, d[2401].new_line),
            (Change::Same, Some(1202), Some(1202))
        );
    }

    #[test]
    fn every_line_once_in_order_against_an_edit_distance() {
        // Small random texts over a few lines: each text's lines appear in order, and the
        // lines kept are a longest common subsequence (checked by brute force).
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for _ in 0..300 {
            let a: Vec<String> = (0..next() % 7)
                .map(|_| format!("l{}", next() % 4))
                .collect();
            let b: Vec<String> = (0..next() % 7)
                .map(|_| format!("l{}", next() % 4))
                .collect();
            let d = diff(&a.join("\n"), &b.join("\n"));
            let olds: Vec<&str> = d
                .iter()
                .filter(|l| l.old_line.is_some())
                .map(|l| l.text.as_str())
                .collect();
            let news: Vec<&str> = d
                .iter()
                .filter(|l| l.new_line.is_some())
                .map(|l| l.text.as_str())
                .collect();
            assert_eq!(olds, a);
            assert_eq!(news, b);
            let kept = d.iter().filter(|l| l.change == Change::Same).count();
            assert_eq!(kept, lcs(&a, &b), "{a:?} {b:?}");
        }
    }

    fn lcs(a: &[String], b: &[String]) -> usize {
        match (a.split_first(), b.split_first()) {
            (Some((x, ra)), Some((y, rb))) if x == y => 1 + lcs(ra, rb),
            (Some((_, ra)), Some((_, rb))) => lcs(ra, b).max(lcs(a, rb)),
            _ => 0,
        }
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
