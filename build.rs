//! Writes `OUT_DIR/applet.min.css`: the applet's stylesheet (www/applet.css) without comments,
//! runs of white space and the rules for parts embedded boards do not have, for src/web/embed.rs to carry into every embedded board's shadow
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
    fs::write(out, without_page_parts(&minify(&css))).expect("OUT_DIR is writable");

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

/// The rules whose every selector is for a part only the page's boards have (the rules editor,
/// the start-position editor, the balance lab: src/web/widgets/designer.rs), dropped: the
/// embedded boards, which this copy is for, have none of them. Top-level rules only; `@`
/// blocks stay whole.
fn without_page_parts(css: &str) -> String {
    let page_only = |selector: &str| {
        ["fairylab-editor", "fairylab-setup", "fairylab-lab"]
            .iter()
            .any(|class| selector.contains(class))
    };
    let mut out = String::with_capacity(css.len());
    let (mut depth, mut start) = (0, 0);
    for (i, c) in css.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    let rule = &css[start..=i];
                    let selectors = rule.split('{').next().unwrap_or("");
                    if selectors.starts_with('@') || !selectors.split(',').all(page_only) {
                        out.push_str(rule);
                    }
                    start = i + 1;
                }
            }
            _ => {}
        }
    }
    out.push_str(&css[start..]);
    out
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
