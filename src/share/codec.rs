//! Raw deflate for share links' definitions (`d=`), by miniz_oxide: compressed as short as
//! miniz writes it, inflated with a size limit.

use miniz_oxide::deflate::core::{
    CompressionStrategy, CompressorOxide, TDEFLFlush, TDEFLStatus, compress_to_output,
    create_comp_flags_from_zip_params,
};
use miniz_oxide::inflate::{TINFLStatus, decompress_to_vec_with_limit};

/// miniz's best level.
const BEST: u8 = 9;

/// `bytes` as raw deflate, as short as miniz writes them: at its best level, or with the
/// fixed Huffman codes when those are shorter (a short text, which the best level would store
/// as it is: 48 bytes instead of 63 for a 5x5 board's 58).
pub fn deflate(bytes: &[u8]) -> Vec<u8> {
    let best = miniz_oxide::deflate::compress_to_vec(bytes, BEST);
    // Raw deflate (negative window bits), as `compress_to_vec` writes it.
    let fixed_codes = CompressionStrategy::Fixed as i32;
    let flags = create_comp_flags_from_zip_params(BEST.into(), -15, fixed_codes);
    let mut fixed = Vec::with_capacity(best.len());
    let mut compressor = CompressorOxide::new(flags);
    let (status, _) = compress_to_output(&mut compressor, bytes, TDEFLFlush::Finish, |out| {
        fixed.extend_from_slice(out);
        true
    });
    if status == TDEFLStatus::Done && fixed.len() < best.len() {
        fixed
    } else {
        best
    }
}

/// Why raw deflate data did not inflate.
#[derive(Debug, PartialEq, Eq)]
pub enum Inflate {
    /// It inflates past the limit (inflating stops there).
    TooLong,
    /// It is not deflate data: why.
    Broken(&'static str),
}

/// `packed` inflated, at most `limit` bytes of it.
pub fn inflate(packed: &[u8], limit: usize) -> Result<Vec<u8>, Inflate> {
    decompress_to_vec_with_limit(packed, limit).map_err(|e| match e.status {
        TINFLStatus::HasMoreOutput => Inflate::TooLong,
        TINFLStatus::NeedsMoreInput | TINFLStatus::FailedCannotMakeProgress => {
            Inflate::Broken("it ends too soon")
        }
        _ => Inflate::Broken("it is not a deflate stream"),
    })
}
