//! Betza strings → `betza::parse`: an error's offset lies inside the string; parsed
//! components start inside it, in order (an atom like K that expands to several shares one
//! offset), and their vectors are computed without panic.
#![no_main]

use fairylab::betza;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let chars = text.chars().count();
    match betza::parse(text) {
        Err(e) => {
            assert!(
                e.offset < chars.max(1),
                "error offset {} outside a {chars}-character string: {e}",
                e.offset
            );
            assert!(!e.message.is_empty());
        }
        Ok(components) => {
            assert!(!components.is_empty(), "a parse without components");
            let mut last = None;
            for c in &components {
                assert!(c.offset < chars, "component offset {} of {chars}", c.offset);
                if let Some(l) = last {
                    assert!(c.offset >= l, "components out of order");
                }
                last = Some(c.offset);
                if let Err(e) = c.vectors() {
                    assert!(e.offset < chars.max(1), "vector error offset {}", e.offset);
                }
            }
        }
    }
});
