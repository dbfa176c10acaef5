//! A small deflate compressor (RFC 1951) for the definitions in share links: LZ77 matches
//! found over hash chains (each put off by a byte when the next place has a longer one),
//! written as one block with Huffman codes fitted to it, or the fixed codes when those come
//! out shorter. Links are read by `miniz_oxide`'s inflate, as before.
//!
//! Why not miniz's compressor: it adds about 20 KB to the wasm, and the embed script's size
//! budget cannot spare it. For definitions (a few kilobytes, one block) this one writes what
//! miniz's best level writes, within a byte or two; the tests check that on every bundled
//! definition.

/// The farthest back a match may reach.
const WINDOW: usize = 32 * 1024;
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
/// How many earlier places with the same three bytes are tried for a match.
const MAX_CHAIN: usize = 256;
const HASH_BITS: u32 = 14;
const NONE: usize = usize::MAX;

/// Lengths 3..=258: the first length of each length code (257 + index) and its extra bits.
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// Distances 1..=32768: the first distance of each distance code and its extra bits.
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// `data` as a raw deflate stream (no zlib header): one block, with its own Huffman codes or
/// the fixed ones, whichever is shorter.
pub fn compress(data: &[u8]) -> Vec<u8> {
    let tokens = matches(data);
    let own = block(&tokens, Some(Codes::fitted(&tokens)));
    let fixed = block(&tokens, None);
    if own.len() < fixed.len() { own } else { fixed }
}

/// A literal byte, or a match: the `len` bytes found `distance` back.
#[derive(Clone, Copy)]
enum Token {
    Literal(u8),
    Match { len: usize, distance: usize },
}

impl Token {
    /// The literal/length symbol (0..=285) and, for a match, the distance symbol (0..=29).
    fn symbols(self) -> (usize, Option<usize>) {
        match self {
            Token::Literal(b) => (usize::from(b), None),
            Token::Match { len, distance } => (
                257 + bucket(&LENGTH_BASE, len),
                Some(bucket(&DISTANCE_BASE, distance)),
            ),
        }
    }
}

/// The index of the code whose range holds `value`.
fn bucket(bases: &[u16], value: usize) -> usize {
    bases
        .iter()
        .rposition(|&b| usize::from(b) <= value)
        .unwrap_or(0)
}

/// LZ77: greedy matches, each put off by one byte when the next place has a longer one.
fn matches(data: &[u8]) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chains = Chains::new(data.len());
    let mut i = 0;
    while i < data.len() {
        let found = chains.longest(data, i);
        chains.insert(data, i);
        let better_next = |chains: &Chains, len| {
            chains
                .longest(data, i + 1)
                .is_some_and(|(next, _)| next > len)
        };
        match found {
            Some((len, distance)) if !better_next(&chains, len) => {
                tokens.push(Token::Match { len, distance });
                for p in i + 1..i + len {
                    chains.insert(data, p);
                }
                i += len;
            }
            _ => {
                tokens.push(Token::Literal(data[i]));
                i += 1;
            }
        }
    }
    tokens
}

/// The final block holding `tokens`, with `codes` (written in its header) or the fixed codes.
fn block(tokens: &[Token], codes: Option<Codes>) -> Vec<u8> {
    let mut out = Bits::default();
    out.put(1, 1); // the last block
    let codes = match codes {
        Some(codes) => {
            out.put(2, 2); // with its own codes
            codes.write_header(&mut out);
            codes
        }
        None => {
            out.put(1, 2); // with the fixed codes
            Codes::fixed()
        }
    };
    for &t in tokens {
        let (symbol, distance) = t.symbols();
        out.code(codes.literal[symbol]);
        if let (Token::Match { len, distance: d }, Some(ds)) = (t, distance) {
            let lc = symbol - 257;
            out.put(
                (len - usize::from(LENGTH_BASE[lc])) as u32,
                LENGTH_EXTRA[lc].into(),
            );
            out.code(codes.distance[ds]);
            out.put(
                (d - usize::from(DISTANCE_BASE[ds])) as u32,
                DISTANCE_EXTRA[ds].into(),
            );
        }
    }
    out.code(codes.literal[256]); // end of block
    out.finish()
}

/// A Huffman code: its bits (high bit first) and its length.
#[derive(Clone, Copy, Default)]
struct Code {
    bits: u32,
    len: u32,
}

/// The codes of a block: literals/lengths (0..=285) and distances (0..=29), with the code
/// lengths they were made from.
struct Codes {
    literal: Vec<Code>,
    distance: Vec<Code>,
}

/// The order the code-length code's lengths are written in.
const LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

impl Codes {
    fn fixed() -> Codes {
        let lens: Vec<u8> = (0..288)
            .map(|s| match s {
                0..=143 => 8,
                144..=255 => 9,
                256..=279 => 7,
                _ => 8,
            })
            .collect();
        Codes {
            literal: canonical(&lens),
            distance: canonical(&[5; 30]),
        }
    }

    /// Codes fitted to how often each symbol occurs in `tokens`.
    fn fitted(tokens: &[Token]) -> Codes {
        let mut literal = vec![0u32; 286];
        let mut distance = vec![0u32; 30];
        literal[256] = 1;
        for &t in tokens {
            let (s, d) = t.symbols();
            literal[s] += 1;
            if let Some(d) = d {
                distance[d] += 1;
            }
        }
        Codes {
            literal: canonical(&lengths(&literal, 15)),
            distance: canonical(&lengths(&distance, 15)),
        }
    }

    /// The block header after its type: the code lengths, themselves run-length coded and
    /// Huffman coded (RFC 1951, 3.2.7).
    fn write_header(&self, out: &mut Bits) {
        let used = |codes: &[Code], least: usize| {
            codes
                .iter()
                .rposition(|c| c.len > 0)
                .map_or(least, |last| (last + 1).max(least))
        };
        let (nlit, ndist) = (used(&self.literal, 257), used(&self.distance, 1));
        let lens: Vec<u32> = (self.literal[..nlit].iter())
            .chain(&self.distance[..ndist])
            .map(|c| c.len)
            .collect();
        let runs = runs(&lens);
        let mut freq = [0u32; 19];
        for &(symbol, _) in &runs {
            freq[symbol] += 1;
        }
        let meta = canonical(&lengths(&freq, 7));
        let nmeta =
            (LENGTH_ORDER.iter().rposition(|&s| meta[s].len > 0)).map_or(4, |i| (i + 1).max(4));
        out.put((nlit - 257) as u32, 5);
        out.put((ndist - 1) as u32, 5);
        out.put((nmeta - 4) as u32, 4);
        for &s in &LENGTH_ORDER[..nmeta] {
            out.put(meta[s].len, 3);
        }
        for (symbol, extra) in runs {
            out.code(meta[symbol]);
            match symbol {
                16 => out.put(extra, 2),
                17 => out.put(extra, 3),
                18 => out.put(extra, 7),
                _ => {}
            }
        }
    }
}

/// Code lengths as code-length symbols with their extra bits: 0..=15 a length, 16 the previous
/// length 3–6 times more, 17 3–10 zeros, 18 11–138 zeros.
fn runs(lens: &[u32]) -> Vec<(usize, u32)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lens.len() {
        let len = lens[i];
        let run = lens[i..].iter().take_while(|&&l| l == len).count();
        match (len, run) {
            (0, 11..) => {
                let n = run.min(138);
                out.push((18, (n - 11) as u32));
                i += n;
            }
            (0, 3..) => {
                out.push((17, (run - 3) as u32));
                i += run;
            }
            (_, 4..) => {
                out.push((len as usize, 0));
                let n = (run - 1).min(6);
                out.push((16, (n - 3) as u32));
                i += 1 + n;
            }
            _ => {
                out.push((len as usize, 0));
                i += 1;
            }
        }
    }
    out
}

/// Huffman code lengths for symbols occurring `freq` times, none longer than `limit`: when
/// the tree is too deep, the counts are halved (rounding up, so none drops to zero) and it is
/// built again. At least two symbols get a code, so that the code is complete.
fn lengths(freq: &[u32], limit: u32) -> Vec<u8> {
    let mut freq = freq.to_vec();
    for s in 0..freq.len() {
        if freq.iter().filter(|&&f| f > 0).count() >= 2 {
            break;
        }
        if freq[s] == 0 {
            freq[s] = 1;
        }
    }
    loop {
        let lens = tree_depths(&freq);
        if lens.iter().all(|&l| u32::from(l) <= limit) {
            return lens;
        }
        for f in freq.iter_mut().filter(|f| **f > 0) {
            *f = f.div_ceil(2);
        }
    }
}

/// Each symbol's depth in a Huffman tree over its count (0 for symbols that do not occur).
fn tree_depths(freq: &[u32]) -> Vec<u8> {
    // Nodes: the leaves, then one per merge; each with its weight and parent.
    let mut weight: Vec<u64> = freq.iter().map(|&f| u64::from(f)).collect();
    let mut parent = vec![usize::MAX; freq.len()];
    let mut open: Vec<usize> = (0..freq.len()).filter(|&s| freq[s] > 0).collect();
    // The two lightest open nodes, found by a linear search (a few hundred symbols at most).
    let lightest = |open: &mut Vec<usize>, weight: &[u64]| {
        let i = (0..open.len())
            .min_by_key(|&i| weight[open[i]])
            .unwrap_or(0);
        open.swap_remove(i)
    };
    while open.len() > 1 {
        let a = lightest(&mut open, &weight);
        let b = lightest(&mut open, &weight);
        let node = weight.len();
        weight.push(weight[a] + weight[b]);
        parent.push(usize::MAX);
        parent[a] = node;
        parent[b] = node;
        open.push(node);
    }
    (0..freq.len())
        .map(|s| {
            let mut depth = 0;
            let mut n = s;
            while freq[s] > 0 && parent[n] != usize::MAX {
                n = parent[n];
                depth += 1;
            }
            depth
        })
        .collect()
}

/// The canonical codes for these lengths (RFC 1951, 3.2.2).
fn canonical(lens: &[u8]) -> Vec<Code> {
    let mut count = [0u32; 16];
    for &l in lens {
        count[usize::from(l)] += 1;
    }
    count[0] = 0;
    let mut next = [0u32; 16];
    for bits in 1..16 {
        next[bits] = (next[bits - 1] + count[bits - 1]) << 1;
    }
    lens.iter()
        .map(|&l| {
            let len = u32::from(l);
            let bits = if len > 0 { next[l as usize] } else { 0 };
            if len > 0 {
                next[l as usize] += 1;
            }
            Code { bits, len }
        })
        .collect()
}

/// For every place, the previous place whose next three bytes hash the same.
struct Chains {
    head: Vec<usize>,
    prev: Vec<usize>,
}

impl Chains {
    fn new(len: usize) -> Chains {
        Chains {
            head: vec![NONE; 1 << HASH_BITS],
            prev: vec![NONE; len],
        }
    }

    fn hash(data: &[u8], i: usize) -> Option<usize> {
        let b = data.get(i..i + MIN_MATCH)?;
        let word = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        Some((word.wrapping_mul(2_654_435_761) >> (32 - HASH_BITS)) as usize)
    }

    fn insert(&mut self, data: &[u8], i: usize) {
        if let Some(h) = Chains::hash(data, i) {
            self.prev[i] = self.head[h];
            self.head[h] = i;
        }
    }

    /// The longest earlier match for the bytes at `i` (from places already inserted), as
    /// (length, distance); the nearest of equal ones.
    fn longest(&self, data: &[u8], i: usize) -> Option<(usize, usize)> {
        let h = Chains::hash(data, i)?;
        let max = (data.len() - i).min(MAX_MATCH);
        let mut best = (0, 0);
        let mut at = self.head[h];
        for _ in 0..MAX_CHAIN {
            if at == NONE || i - at > WINDOW {
                break;
            }
            let len = (0..max)
                .take_while(|&k| data[at + k] == data[i + k])
                .count();
            if len > best.0 {
                best = (len, i - at);
                if len == max {
                    break;
                }
            }
            at = self.prev[at];
        }
        (best.0 >= MIN_MATCH).then_some(best)
    }
}

/// Bits packed from the low end of each byte, as deflate reads them.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    pending: u32,
    count: u32,
}

impl Bits {
    /// The low `n` bits of `value`, low bit first (header fields and extra bits).
    fn put(&mut self, value: u32, n: u32) {
        self.pending |= value << self.count;
        self.count += n;
        while self.count >= 8 {
            self.bytes.push(self.pending as u8);
            self.pending >>= 8;
            self.count -= 8;
        }
    }

    /// A Huffman code, high bit first.
    fn code(&mut self, code: Code) {
        if code.len > 0 {
            self.put(code.bits.reverse_bits() >> (32 - code.len), code.len);
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.count > 0 {
            self.bytes.push(self.pending as u8);
        }
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::compress;
    use miniz_oxide::inflate::decompress_to_vec;
    use proptest::prelude::*;

    fn round_trip(data: &[u8]) {
        let packed = compress(data);
        assert_eq!(decompress_to_vec(&packed).expect("inflates"), data);
    }

    #[test]
    fn edge_cases_inflate_to_themselves() {
        round_trip(b"");
        round_trip(b"a");
        round_trip(b"ab");
        round_trip(&[b'a'; 1000]); // matches overlapping their source, at distance 1
        round_trip(&[0xff; 300]);
        let every: Vec<u8> = (0..=255).collect();
        round_trip(&every.repeat(200)); // a distance of 256, and matches of the longest length
    }

    #[test]
    fn far_matches_stay_inside_the_window() {
        // A 40 KB stretch with no repeats between two copies of the same text: the second copy
        // is too far from the first to refer to it.
        let text = b"files=8 ranks=8 promoZone=1 promoChoice=QRBN".repeat(3);
        let mut data = text.clone();
        let mut x: u32 = 1;
        data.extend((0..40_000).map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as u8
        }));
        data.extend_from_slice(&text);
        round_trip(&data);
    }

    #[test]
    fn bundled_definitions_compress_about_as_well_as_miniz_best() {
        for name in crate::bundled::names() {
            let text = crate::bundled::text(name).expect("bundled").as_bytes();
            round_trip(text);
            let ours = compress(text).len();
            let miniz = miniz_oxide::deflate::compress_to_vec(text, 9).len();
            assert!(
                ours <= miniz + miniz / 50 + 2,
                "{name}: {ours} bytes, miniz {miniz}"
            );
        }
    }

    proptest! {
        #[test]
        fn any_bytes_inflate_to_themselves(data in proptest::collection::vec(any::<u8>(), 0..3000)) {
            round_trip(&data);
        }

        #[test]
        fn repetitive_text_inflates_to_itself(
            words in proptest::collection::vec(
                proptest::sample::select(vec!["K", "Q", "WF", "mfW", "=", "\n", "files=8", "pawn:P:"]),
                0..2000,
            ),
        ) {
            round_trip(words.concat().as_bytes());
        }
    }
}
