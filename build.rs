//! Writes `OUT_DIR/applet.min.css`: the applet's stylesheet (www/applet.css) without comments
//! and runs of white space, for src/web/embed.rs to carry into every embedded board's shadow
//! root (the wasm holds it, and the embed script's size budget counts it). The page links the
//! file itself.
//!
//! Also `OUT_DIR/variants/*.txt`: the bundled definitions without their comment lines, which
//! the embed build (no `page` feature) carries instead of the commented files, for the same
//! budget (src/bundled.rs).

use std::{env, fs, path::Path};

fn main() {
    let source = "www/applet.css";
    println!("cargo::rerun-if-changed={source}");
    let css = fs::read_to_string(source).expect("www/applet.css is readable");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("applet.min.css");
    fs::write(out, minify(&css)).expect("OUT_DIR is writable");

    println!("cargo::rerun-if-changed=variants");
    let dir = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("variants");
    fs::create_dir_all(&dir).expect("OUT_DIR is writable");
    for entry in fs::read_dir("variants").expect("variants/ is readable") {
        let path = entry.expect("a directory entry").path();
        let text = fs::read_to_string(&path).expect("a bundled definition is readable");
        let kept: String = (text.lines())
            .filter(|l| !l.trim_start().starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        let name = path.file_name().expect("a file name");
        fs::write(dir.join(name), kept).expect("OUT_DIR is writable");
    }
}

/// Comments out, white space collapsed to one space and dropped beside `{ } ; , >`. The
/// stylesheet has no strings or URLs holding `/*` or significant runs of spaces.
fn minify(css: &str) -> String {
    let mut text = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        text.push_str(&rest[..start]);
        rest = rest[start + 2..]
            .find("*/")
            .map_or("", |end| &rest[start + 2 + end + 2..]);
    }
    text.push_str(rest);
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        let tight = |c: char| matches!(c, '{' | '}' | ';' | ',' | '>');
        if space && !out.is_empty() && !tight(c) && !out.ends_with(tight) {
            out.push(' ');
        }
        space = false;
        out.push(c);
    }
    out
}
