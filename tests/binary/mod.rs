//! Running the built `fairylab` binary, for the command-line tests (declare the module only
//! where the `cli` feature builds the binary).

#![allow(dead_code)]

use std::ffi::OsStr;
use std::process::{Command, Output};

/// The binary's output for `args` (texts or paths), run from the crate's directory (where
/// `tests/defs` are).
pub fn fairylab<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairylab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}
