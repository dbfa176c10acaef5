//! Definition text → `definition::load`; when it loads, compile it and play a few plies from
//! the start position. Errors must point inside the text; loaded variants must keep the
//! position invariants (see common.rs).
#![no_main]

mod common;

use fairylab::definition;
use fairylab::position::Position;
use fairylab::variant::Variant;
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let (picks, text) = common::split(data, 4);
    match definition::load(&text) {
        Err(errors) => common::check_error_positions(&text, &errors),
        Ok(spec) => {
            let v = Arc::new(Variant::compile("fuzz", &text, spec));
            let mut pos = Position::start(&v);
            common::exercise_position(&v, &mut pos, picks);
        }
    }
});
