//! A line diff of two definition texts, for the balance lab's rules A vs B: every line of
//! either text once, in reading order, as the same in both, added in B or removed from A.
//!
//! The lines both texts start and end with are the same; between them, a longest common
//! subsequence of lines (a table of the middle's lines, at most [`MAX_TABLE`] cells; a bigger
//! middle, far more than an edit of rules makes, is shown removed then added). Written here
//! rather than with a diff crate: `similar` was a tenth of the embedded applet's wasm, over
//! its size budget, for texts of a few dozen lines. Lines are compared
//! without their line ends, so `\n` and `\r\n` texts, or a text with and one without a final
//! line end, differ only where their lines do. Where a block changes, its removed lines come
//! before the lines that replace them.

/// The most cells of the middle's table (a thousand lines against a thousand).
pub const MAX_TABLE: usize = 1_000_000;

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
    let old: Vec<&str> = a.lines().collect();
    let new: Vec<&str> = b.lines().collect();
    let prefix = old.iter().zip(&new).take_while(|(x, y)| x == y).count();
    let suffix = (old[prefix..].iter().rev())
        .zip(new[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (mid_old, mid_new) = (
        &old[prefix..old.len() - suffix],
        &new[prefix..new.len() - suffix],
    );
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
    out.extend((0..prefix).map(|i| same(i, i)));
    // Pairs of middle lines kept, in order.
    let kept = common_lines(mid_old, mid_new);
    let (mut i, mut j) = (0, 0);
    for &(ki, kj) in kept.iter().chain([(mid_old.len(), mid_new.len())].iter()) {
        out.extend((i..ki).map(|i| removed(prefix + i)));
        out.extend((j..kj).map(|j| added(prefix + j)));
        if ki < mid_old.len() {
            out.push(same(prefix + ki, prefix + kj));
        }
        (i, j) = (ki + 1, kj + 1);
    }
    let (o, n) = (old.len() - suffix, new.len() - suffix);
    out.extend((0..suffix).map(|k| same(o + k, n + k)));
    out
}

/// A longest common subsequence of `a` and `b`, as index pairs in order; none when the table
/// would pass [`MAX_TABLE`] cells.
fn common_lines(a: &[&str], b: &[&str]) -> Vec<(usize, usize)> {
    let (n, m) = (a.len(), b.len());
    if n == 0 || m == 0 || n.saturating_mul(m) > MAX_TABLE {
        return Vec::new();
    }
    // len[i][j]: the longest common subsequence of a[i..] and b[j..].
    let width = m + 1;
    let mut len = vec![0u32; (n + 1) * width];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            len[i * width + j] = if a[i] == b[j] {
                len[(i + 1) * width + j + 1] + 1
            } else {
                len[(i + 1) * width + j].max(len[i * width + j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < n && j < m {
        if a[i] == b[j] {
            out.push((i, j));
            (i, j) = (i + 1, j + 1);
        } else if len[(i + 1) * width + j] >= len[i * width + j + 1] {
            i += 1;
        } else {
            j += 1;
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
    fn a_middle_past_the_table_is_removed_then_added() {
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
