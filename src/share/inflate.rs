//! A small deflate decoder (RFC 1951) for the definitions in share links: stored, fixed and
//! dynamic Huffman blocks, codes decoded a bit at a time from their counts per length (slow
//! for large data, and definitions are at most 64 KiB), the output capped.
//!
//! Why not miniz's: it is about 10 KB of the wasm, which the embed script's size budget
//! cannot spare. The tests inflate what miniz's compressor writes at every level, and what
//! ours writes, and refuse broken streams.

use std::fmt;

/// Why a stream did not inflate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InflateError {
    /// It inflates to more than the cap.
    TooLong,
    /// It is not deflate data (or is cut short).
    Broken(&'static str),
}

impl fmt::Display for InflateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InflateError::TooLong => f.write_str("too long"),
            InflateError::Broken(why) => f.write_str(why),
        }
    }
}

/// Lengths 3..=258 and distances 1..=32768: each code's first value and extra bits.
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order the code-length code's lengths come in.
const LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// `data`, a raw deflate stream, inflated; more than `cap` bytes is an error.
pub fn inflate(data: &[u8], cap: usize) -> Result<Vec<u8>, InflateError> {
    let mut input = Bits { data, at: 0 };
    let mut out = Vec::new();
    loop {
        let last = input.take(1)? == 1;
        match input.take(2)? {
            0 => stored(&mut input, &mut out, cap)?,
            1 => {
                let mut lengths = [8u8; 288];
                lengths[144..256].fill(9);
                lengths[256..280].fill(7);
                let literals = Code::new(&lengths)?;
                let distances = Code::new(&[5; 30])?;
                codes(&mut input, &mut out, cap, &literals, &distances)?;
            }
            2 => {
                let (literals, distances) = dynamic_codes(&mut input)?;
                codes(&mut input, &mut out, cap, &literals, &distances)?;
            }
            _ => return Err(InflateError::Broken("a block of an unknown type")),
        }
        if last {
            return Ok(out);
        }
    }
}

/// The input, read a bit at a time from the low end of each byte.
struct Bits<'a> {
    data: &'a [u8],
    /// The next bit's index.
    at: usize,
}

impl Bits<'_> {
    fn bit(&mut self) -> Result<u32, InflateError> {
        let byte = self
            .data
            .get(self.at / 8)
            .ok_or(InflateError::Broken("cut short"))?;
        let bit = u32::from(byte >> (self.at % 8) & 1);
        self.at += 1;
        Ok(bit)
    }

    /// `n` bits, the first the lowest.
    fn take(&mut self, n: u32) -> Result<u32, InflateError> {
        (0..n).try_fold(0, |v, i| Ok(v | self.bit()? << i))
    }
}

fn stored(input: &mut Bits, out: &mut Vec<u8>, cap: usize) -> Result<(), InflateError> {
    input.at = input.at.div_ceil(8) * 8;
    let len = input.take(16)? as usize;
    if input.take(16)? as usize != !len & 0xffff {
        return Err(InflateError::Broken(
            "a stored block's length does not check",
        ));
    }
    let start = input.at / 8;
    let bytes = input
        .data
        .get(start..start + len)
        .ok_or(InflateError::Broken("cut short"))?;
    if out.len() + len > cap {
        return Err(InflateError::TooLong);
    }
    out.extend_from_slice(bytes);
    input.at += len * 8;
    Ok(())
}

/// A canonical Huffman code: how many codes of each length, and the symbols in code order.
struct Code {
    counts: [u16; 16],
    symbols: Vec<u16>,
}

impl Code {
    fn new(lengths: &[u8]) -> Result<Code, InflateError> {
        let mut counts = [0u16; 16];
        for &l in lengths {
            counts[usize::from(l)] += 1;
        }
        counts[0] = 0;
        // No length may have more codes than are left for it.
        let mut left = 1i32;
        for &c in &counts[1..] {
            left = left * 2 - i32::from(c);
            if left < 0 {
                return Err(InflateError::Broken("a Huffman code with too many codes"));
            }
        }
        let mut symbols = Vec::new();
        for len in 1..16u8 {
            symbols.extend((0..lengths.len() as u16).filter(|&s| lengths[usize::from(s)] == len));
        }
        Ok(Code { counts, symbols })
    }

    /// The next symbol: its code read a bit at a time, high bit first.
    fn decode(&self, input: &mut Bits) -> Result<u16, InflateError> {
        let (mut code, mut first, mut index) = (0i32, 0i32, 0i32);
        for &count in &self.counts[1..] {
            code |= input.bit()? as i32;
            let count = i32::from(count);
            if code - first < count {
                return Ok(self.symbols[(index + code - first) as usize]);
            }
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        Err(InflateError::Broken(
            "a code that is not in the block's Huffman code",
        ))
    }
}

fn dynamic_codes(input: &mut Bits) -> Result<(Code, Code), InflateError> {
    let literals = input.take(5)? as usize + 257;
    let distances = input.take(5)? as usize + 1;
    let metas = input.take(4)? as usize + 4;
    if literals > 286 || distances > 30 {
        return Err(InflateError::Broken("too many codes in a block's header"));
    }
    let mut meta = [0u8; 19];
    for &s in &LENGTH_ORDER[..metas] {
        meta[s] = input.take(3)? as u8;
    }
    let meta = Code::new(&meta)?;
    let mut lengths = Vec::with_capacity(literals + distances);
    while lengths.len() < literals + distances {
        let (value, repeat) = match meta.decode(input)? {
            s @ 0..=15 => (s as u8, 1),
            16 => {
                let last = *lengths
                    .last()
                    .ok_or(InflateError::Broken("a repeat with nothing before it"))?;
                (last, 3 + input.take(2)?)
            }
            17 => (0, 3 + input.take(3)?),
            _ => (0, 11 + input.take(7)?),
        };
        lengths.extend(std::iter::repeat_n(value, repeat as usize));
    }
    if lengths.len() > literals + distances {
        return Err(InflateError::Broken(
            "code lengths run past the header's count",
        ));
    }
    if lengths[256] == 0 {
        return Err(InflateError::Broken("a block with no end code"));
    }
    Ok((
        Code::new(&lengths[..literals])?,
        Code::new(&lengths[literals..])?,
    ))
}

/// The literals and matches of one block with these codes.
fn codes(
    input: &mut Bits,
    out: &mut Vec<u8>,
    cap: usize,
    literals: &Code,
    distances: &Code,
) -> Result<(), InflateError> {
    loop {
        let symbol = usize::from(literals.decode(input)?);
        if symbol < 256 {
            if out.len() >= cap {
                return Err(InflateError::TooLong);
            }
            out.push(symbol as u8);
            continue;
        }
        if symbol == 256 {
            return Ok(());
        }
        let code = symbol - 257;
        let (Some(&base), Some(&extra)) = (LENGTH_BASE.get(code), LENGTH_EXTRA.get(code)) else {
            return Err(InflateError::Broken("a length code out of range"));
        };
        let len = usize::from(base) + input.take(u32::from(extra))? as usize;
        let code = usize::from(distances.decode(input)?);
        let (Some(&base), Some(&extra)) = (DISTANCE_BASE.get(code), DISTANCE_EXTRA.get(code))
        else {
            return Err(InflateError::Broken("a distance code out of range"));
        };
        let distance = usize::from(base) + input.take(u32::from(extra))? as usize;
        if distance > out.len() {
            return Err(InflateError::Broken("a distance back past the start"));
        }
        if out.len() + len > cap {
            return Err(InflateError::TooLong);
        }
        for _ in 0..len {
            out.push(out[out.len() - distance]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{InflateError, inflate};
    use miniz_oxide::deflate::compress_to_vec;
    use proptest::prelude::*;

    #[test]
    fn what_miniz_writes_at_every_level_inflates() {
        for name in crate::bundled::names() {
            let text = crate::bundled::text(name).unwrap().as_bytes();
            for level in 0..=10 {
                let packed = compress_to_vec(text, level);
                assert_eq!(
                    inflate(&packed, 1 << 16),
                    Ok(text.to_vec()),
                    "{name} level {level}"
                );
            }
            let ours = super::super::deflate::compress(text);
            assert_eq!(inflate(&ours, 1 << 16), Ok(text.to_vec()), "{name}, ours");
        }
    }

    #[test]
    fn broken_and_oversize_streams_are_refused() {
        let text = crate::bundled::text("morphomania").unwrap().as_bytes();
        let packed = compress_to_vec(text, 9);
        assert_eq!(inflate(&packed, 100), Err(InflateError::TooLong));
        assert!(matches!(
            inflate(&packed[..packed.len() / 2], 1 << 16),
            Err(InflateError::Broken(_))
        ));
        assert_eq!(
            inflate(&[0b111], 10),
            Err(InflateError::Broken("a block of an unknown type"))
        );
        assert!(inflate(&[], 10).is_err());
        // A stored block whose length does not match its complement.
        assert!(matches!(
            inflate(&[1, 5, 0, 0, 0, b'a'], 10),
            Err(InflateError::Broken(_))
        ));
    }

    proptest! {
        #[test]
        fn any_bytes_round_trip_through_miniz(data in proptest::collection::vec(any::<u8>(), 0..2000), level in 0u8..=10) {
            prop_assert_eq!(inflate(&compress_to_vec(&data, level), 1 << 16), Ok(data));
        }

        #[test]
        fn garbage_never_panics(data in proptest::collection::vec(any::<u8>(), 0..300)) {
            let _ = inflate(&data, 1 << 16);
        }
    }
}
