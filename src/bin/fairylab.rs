//! The `fairylab` command-line tool.
fn main() {}
