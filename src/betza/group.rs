//! Parentheses in XBetza: a group of modifiers the move may repeat, any number of times or,
//! with a count after the `)`, up to that many (none included). As H. G. Muller describes the
//! notation of the Interactive Diagram (comments on chessvariants.com, 2024): `(a)2K` is
//! `K`, `aK` and `aaK` (KaKaaK); `(a)N` is the ubi-ubi (as many knight's moves as it likes,
//! over empty squares); `c(ac)2K` takes on every step. `x(y)zA` stands for `xzA`, `xyzA`,
//! `xyyzA`, and so on.
//!
//! A unit is read as each of the moves its groups stand for, one by one. A group with no
//! count is repeated as often as a move can go on the largest board ([`MAX_REPEAT`]) when
//! it holds an `a` (each time a leg more), else at most twice (repeating direction or mode
//! letters adds nothing after that). Groups may nest; at most [`MAX_VARIANTS`] moves in all.

use super::BetzaError;
use super::legs::error;
use super::scan::Unit;

/// The most times a group with no count and an `a` is repeated: a leg more each time, so as
/// many as the squares a line crosses on the largest board.
pub const MAX_REPEAT: usize = 15;

/// The most moves the groups of one unit may stand for.
pub const MAX_VARIANTS: usize = 256;

/// The moves `unit` stands for, with each group repeated each number of times it may be, in
/// order (fewer repetitions first).
pub fn expand(unit: &Unit) -> Result<Vec<Unit>, BetzaError> {
    let mut out = Vec::new();
    grow(unit, &mut out)?;
    Ok(out)
}

fn grow(unit: &Unit, out: &mut Vec<Unit>) -> Result<(), BetzaError> {
    let c = &unit.chars;
    let Some(open) = c.iter().position(|&x| x == '(' || x == ')') else {
        if out.len() >= MAX_VARIANTS {
            return Err(error(
                unit.offset(0),
                &format!(
                    "parentheses standing for more than {MAX_VARIANTS} moves are more than \
                     fairylab follows"
                ),
            ));
        }
        out.push(unit.clone());
        return Ok(());
    };
    if c[open] == ')' {
        return Err(error(unit.offset(open), "')' without its '('"));
    }
    let mut depth = 0;
    let close = (open..c.len()).find(|&j| {
        match c[j] {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        depth == 0
    });
    let Some(close) = close else {
        return Err(error(unit.offset(open), "'(' without its ')'"));
    };
    let mut after = close + 1;
    while c.get(after).is_some_and(|d| d.is_ascii_digit()) {
        after += 1;
    }
    let count: usize = c[close + 1..after].iter().fold(0usize, |n, d| {
        n.saturating_mul(10)
            .saturating_add(*d as usize - '0' as usize)
    });
    let inner = &c[open + 1..close];
    let most = match count {
        0 if inner.contains(&'a') => MAX_REPEAT,
        0 => 2,
        n => n.min(MAX_REPEAT),
    };
    for k in 0..=most {
        let mut v = Unit {
            chars: c[..open].to_vec(),
            at: unit.at[..open].to_vec(),
        };
        for _ in 0..k {
            v.chars.extend_from_slice(inner);
            v.at.extend_from_slice(&unit.at[open + 1..close]);
        }
        v.chars.extend_from_slice(&c[after..]);
        v.at.extend_from_slice(&unit.at[after..]);
        grow(&v, out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> Vec<String> {
        let unit = Unit {
            chars: s.chars().collect(),
            at: (0..s.chars().count()).collect(),
        };
        expand(&unit)
            .unwrap()
            .iter()
            .map(|u| u.chars.iter().collect())
            .collect()
    }

    #[test]
    fn a_group_repeats_none_to_its_count_times() {
        assert_eq!(texts("(a)2K"), ["K", "aK", "aaK"]);
        assert_eq!(texts("c(ac)2K"), ["cK", "cacK", "cacacK"]);
        assert_eq!(texts("x(y)zA"), ["xzA", "xyzA", "xyyzA"]);
        assert_eq!(texts("(a)N").len(), MAX_REPEAT + 1);
        assert_eq!(texts("((a)1b)1W"), ["W", "bW", "abW"]);
    }

    #[test]
    fn unmatched_parentheses_are_errors_at_their_offset() {
        let unit = |s: &str| Unit {
            chars: s.chars().collect(),
            at: (0..s.chars().count()).collect(),
        };
        assert_eq!(expand(&unit("f(aW")).unwrap_err().offset, 1);
        assert_eq!(expand(&unit("fa)W")).unwrap_err().offset, 2);
    }
}
