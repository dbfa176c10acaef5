//! URL-safe base64 (RFC 4648 §5: `-` and `_` for `+` and `/`) for share links: written without
//! `=` padding, read with or without it. Ours rather than the `base64` crate's generic engine
//! (now the test reference, a dev-dependency) for the embed build's size budget: 2 KB of
//! compressed wasm for two functions this short.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in URL-safe base64, unpadded.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Why a text is not base64, with the offset of the character at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Base64Error {
    pub offset: usize,
    pub message: &'static str,
}

impl std::fmt::Display for Base64Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at offset {}", self.message, self.offset)
    }
}

fn value(c: u8) -> Option<u32> {
    Some(u32::from(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    }))
}

/// The bytes of URL-safe base64 `text`, unpadded or with one or two `=` after a short last
/// group. Bits left over past the last byte must be zero (one text per bytes).
pub fn decode(text: &str) -> Result<Vec<u8>, Base64Error> {
    let bytes = text.as_bytes();
    let data = bytes.len() - bytes.iter().rev().take_while(|&&c| c == b'=').count();
    let err = |offset, message| Err(Base64Error { offset, message });
    // Padding, as the crate's lenient mode reads it: one or two `=` after a short last group,
    // not past a multiple of four.
    let pad = bytes.len() - data;
    if pad > 0 && (data.is_multiple_of(4) || data % 4 + pad > 4) {
        return err(data, "padding that does not end a short last group");
    }
    if data % 4 == 1 {
        return err(data - 1, "a last group of one character");
    }
    let mut out = Vec::with_capacity(data / 4 * 3 + 2);
    for (g, group) in bytes[..data].chunks(4).enumerate() {
        let mut n = 0u32;
        for (i, &c) in group.iter().enumerate() {
            let Some(v) = value(c) else {
                return err(g * 4 + i, "a character outside URL-safe base64");
            };
            n |= v << (18 - 6 * i);
        }
        let len = group.len() - 1;
        if n & (0xff_ffff >> (8 * len)) != 0 {
            return err(g * 4 + len, "bits left over after the last byte");
        }
        out.extend_from_slice(&n.to_be_bytes()[1..=len]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;
    use base64::engine::DecodePaddingMode;
    use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
    use proptest::prelude::*;

    const REFERENCE: GeneralPurpose = GeneralPurpose::new(
        &base64::alphabet::URL_SAFE,
        GeneralPurposeConfig::new()
            .with_encode_padding(false)
            .with_decode_padding_mode(DecodePaddingMode::Indifferent),
    );

    /// RFC 4648's test vectors (§10), in the URL-safe alphabet and unpadded.
    #[test]
    fn rfc_vectors() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(encode(plain.as_bytes()), coded);
            assert_eq!(decode(coded).unwrap(), plain.as_bytes());
        }
        assert_eq!(decode("Zm8=").unwrap(), b"fo");
        assert_eq!(decode("-_8").unwrap(), [0xfb, 0xff]);
        assert_eq!(decode("Zm9v+").unwrap_err().offset, 4);
        assert_eq!(decode("Zh").unwrap_err().offset, 1);
        assert!(decode("Zm8==").is_err() && decode("Z").is_err());
    }

    proptest! {
        /// The same text as the `base64` crate writes, for any bytes.
        #[test]
        fn encodes_as_the_crate(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            prop_assert_eq!(encode(&bytes), REFERENCE.encode(&bytes));
            prop_assert_eq!(decode(&encode(&bytes)).unwrap(), bytes);
        }

        /// Accepts exactly what the crate accepts (padded or not), with the same bytes.
        #[test]
        fn decodes_as_the_crate(text in "[A-Za-z0-9_=+-]{0,12}") {
            let ours = decode(&text).ok();
            let theirs = REFERENCE.decode(&text).ok();
            prop_assert_eq!(ours, theirs, "{}", text);
        }
    }
}
