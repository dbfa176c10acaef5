//! Numbers as text in integer arithmetic: a number with a fixed count of decimals, and a plain
//! decimal read back. The wasm build then carries none of the standard library's float
//! formatting and parsing (Grisu, Dragon, Eisel-Lemire: about 35 KB of code and tables that
//! barely compress), which the embed script's size budget cannot spare.

/// `x` rounded to `places` decimals (at most 9), as `{x:.places$}` writes it for the numbers
/// the page shows (but a half rounds away from zero, and a zero has no minus sign):
/// `fixed(0.4567, 3)` is `"0.457"`, `fixed(-2.0, 1)` is `"-2.0"`. Not a
/// number is `"NaN"`; infinities and numbers past 10^18 are `"inf"`/`"-inf"`.
pub fn fixed(x: f64, places: u32) -> String {
    if x.is_nan() {
        return "NaN".to_string();
    }
    let places = places.min(9);
    let scale = 10u64.pow(places);
    let scaled = (x.abs() * scale as f64).round();
    let sign = if x < 0.0 && scaled > 0.0 { "-" } else { "" };
    if scaled >= 1e18 {
        return format!("{sign}inf");
    }
    let n = scaled as u64;
    let (whole, frac) = (n / scale, n % scale);
    match places {
        0 => format!("{sign}{whole}"),
        p => format!("{sign}{whole}.{frac:0width$}", width = p as usize),
    }
}

/// `x` with up to three decimals, trailing zeros left out: `plain(20.0)` is `"20"`,
/// `plain(0.25)` is `"0.25"` (what `x.to_string()` writes for such numbers).
pub fn plain(x: f64) -> String {
    let text = fixed(x, 3);
    match text.contains('.') {
        true => text.trim_end_matches('0').trim_end_matches('.').to_string(),
        false => text,
    }
}

/// A plain decimal: digits, at most one `.` with digits on at least one side, an optional
/// leading `-`; no exponent, no spaces. Exact to 15 significant digits.
pub fn parse(text: &str) -> Option<f64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let ok = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty()) || !ok(whole) || !ok(frac) || whole.len() > 15 {
        return None;
    }
    let mut value = if whole.is_empty() {
        0.0
    } else {
        whole.parse::<u64>().ok()? as f64
    };
    let frac = &frac[..frac.len().min(15)];
    if !frac.is_empty() {
        value += frac.parse::<u64>().ok()? as f64 / 10u64.pow(frac.len() as u32) as f64;
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_writes_what_format_writes() {
        for &x in &[
            0.0,
            0.4567,
            1.0,
            -2.0,
            12.345,
            99.95,
            0.0004,
            -0.0004,
            1234567.891,
            0.5,
        ] {
            for places in 0..=4 {
                // Halves aside (format! rounds half to even, `fixed` away from zero).
                let scaled = x * 10f64.powi(places as i32);
                // And a negative number that rounds to zero: format! writes "-0".
                if (scaled.abs().fract() - 0.5).abs() < 1e-9 || (x < 0.0 && scaled.abs() < 0.5) {
                    continue;
                }
                assert_eq!(
                    fixed(x, places),
                    format!("{x:.p$}", p = places as usize),
                    "{x} {places}"
                );
            }
        }
        assert_eq!(fixed(f64::NAN, 2), "NaN");
        assert_eq!(fixed(f64::INFINITY, 2), "inf");
        assert_eq!(fixed(f64::NEG_INFINITY, 0), "-inf");
        assert_eq!(fixed(-0.0001, 2), "0.00", "no minus sign on a zero");
    }

    #[test]
    fn plain_leaves_out_trailing_zeros() {
        for x in [20.0, 0.25, 1.5, 100.125, 0.0, -3.0] {
            assert_eq!(plain(x), x.to_string());
        }
        assert_eq!(plain(1.0004), "1");
    }

    #[test]
    fn parse_reads_plain_decimals_only() {
        assert_eq!(parse("20"), Some(20.0));
        assert_eq!(parse("0.25"), Some(0.25));
        assert_eq!(parse(".5"), Some(0.5));
        assert_eq!(parse("3."), Some(3.0));
        assert_eq!(parse("-1.5"), Some(-1.5));
        for bad in [
            "",
            ".",
            "-",
            "1e3",
            "1.2.3",
            " 1",
            "x",
            "1,5",
            "--1",
            "1234567890123456",
        ] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }
}
