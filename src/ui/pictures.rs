//! The host page's own piece images, found as the Interactive Diagram's script finds them
//! (its `MakeImage`): a piece type's image name (the piece line's fourth field, else its name
//! as written) with `.` and `graphicsType` after it, the side's prefix (`whitePrefix`,
//! `blackPrefix`) before it, in the folder `graphicsDir`; an image name holding `%` is an
//! address of its own, the prefix standing for the `%`. The addresses are relative to the
//! page (the browser resolves them). Plain data: the browser shell loads them
//! (`web/pictures.rs`) and a type whose image does not load keeps fairylab's own sprite.
//!
//! A text asks for its images when it names any of `graphicsDir`, `graphicsType`,
//! `whitePrefix`, `blackPrefix`, or gives an image with `%`; a text that names none keeps
//! fairylab's sprites (the Diagram would look in its own site's folder, which another page
//! does not have). `squareSize`, the size the Diagram draws its squares at, caps the board's
//! width where the images are drawn ([`square_size`]).

use crate::variant::Variant;

/// The Diagram's folder when `graphicsDir` is not given.
const DEFAULT_DIR: &str = "/membergraphics/MSinteractive-diagrams/";

/// The keys that name images.
const IMAGE_KEYS: [&str; 4] = ["graphicsDir", "graphicsType", "whitePrefix", "blackPrefix"];

/// The value of display key `key`, as written.
fn display<'a>(v: &'a Variant, key: &str) -> Option<&'a str> {
    (v.spec.display.iter())
        .find(|(k, _)| k == key)
        .map(|(_, value)| value.as_str())
}

/// Each piece type's image addresses, `[white, black]`, indexed as [`Variant::types`] (`None`
/// for a type with no image name); `None` when the text names no images.
pub fn addresses(v: &Variant) -> Option<Vec<Option<[String; 2]>>> {
    let asks = IMAGE_KEYS.iter().any(|k| display(v, k).is_some())
        || v.types.iter().any(|t| t.image.contains('%'));
    if !asks {
        return None;
    }
    let dir = display(v, "graphicsDir").unwrap_or(DEFAULT_DIR);
    let kind = display(v, "graphicsType").unwrap_or("png");
    let prefixes = [
        display(v, "whitePrefix").unwrap_or("w"),
        display(v, "blackPrefix").unwrap_or("b"),
    ];
    let address = |image: &str, prefix: &str| {
        let file = match kind {
            "" => image.to_string(),
            kind => format!("{image}.{kind}"),
        };
        match file.split_once('%') {
            // The Diagram keeps what lies between the first `%` and any second one.
            Some((before, after)) => {
                format!("{before}{prefix}{}", after.split('%').next().unwrap_or(""))
            }
            None => format!("{dir}{prefix}{file}"),
        }
    };
    Some(
        (v.types.iter())
            .map(|t| {
                let image = match t.image.trim() {
                    "" => t.name.trim(),
                    image => image,
                };
                (!image.is_empty()).then(|| prefixes.map(|prefix| address(image, prefix)))
            })
            .collect(),
    )
}

/// `squareSize` in CSS pixels, if the text gives a sensible one (8 to 400).
pub fn square_size(v: &Variant) -> Option<u32> {
    display(v, "squareSize")
        .and_then(|s| s.trim().parse().ok())
        .filter(|s| (8..=400).contains(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;

    fn of(text: &str) -> Option<Vec<Option<[String; 2]>>> {
        addresses(&bundled::compile("t", text).unwrap())
    }

    fn pair(w: &str, b: &str) -> Option<[String; 2]> {
        Some([w.to_string(), b.to_string()])
    }

    #[test]
    fn folder_prefix_name_and_type_as_the_diagram_joins_them() {
        let a = of(
            "files=8 ranks=8 graphicsDir=/img/set/ whitePrefix=w blackPrefix=b \
                    graphicsType=png\nknight:N:::b1,,b8\nking:K:K:Monarch:e1,,e8",
        )
        .unwrap();
        // The image is the name as written when the field is empty.
        assert_eq!(a[0], pair("/img/set/wknight.png", "/img/set/bknight.png"));
        assert_eq!(a[1], pair("/img/set/wMonarch.png", "/img/set/bMonarch.png"));
        // Relative to the page, case kept, an empty folder and another type.
        let a = of("files=8 ranks=8 graphicsDir= whitePrefix=W blackPrefix=B \
                    graphicsType=gif\nPawn (P)::fmWfcF:Pawn:b3\nking:K:K::e1")
        .unwrap();
        assert_eq!(a[0], pair("WPawn.gif", "BPawn.gif"));
        assert_eq!(a[1], pair("Wking.gif", "Bking.gif"));
    }

    #[test]
    fn defaults_for_the_keys_not_given() {
        let a = of("files=8 ranks=8 graphicsType=svg\nking:K:K:king:e1").unwrap();
        assert_eq!(
            a[0],
            pair(
                "/membergraphics/MSinteractive-diagrams/wking.svg",
                "/membergraphics/MSinteractive-diagrams/bking.svg"
            )
        );
        let a = of("files=8 ranks=8 graphicsDir=g/ graphicsType=\nking:K:K:king:e1").unwrap();
        assert_eq!(a[0], pair("g/wking", "g/bking"));
    }

    #[test]
    fn a_percent_image_is_its_own_address() {
        let a = of("files=8 ranks=8\nking:K:K://x.org/p/%King:e1\nrook:R:R:rook:a1").unwrap();
        assert_eq!(a[0], pair("//x.org/p/wKing.png", "//x.org/p/bKing.png"));
        // The other types follow the folder rule.
        assert_eq!(
            a[1],
            pair(
                "/membergraphics/MSinteractive-diagrams/wrook.png",
                "/membergraphics/MSinteractive-diagrams/brook.png"
            )
        );
    }

    #[test]
    fn a_text_naming_no_images_keeps_the_sprites() {
        assert_eq!(of("files=8 ranks=8 squareSize=40\nking:K:K:king:e1"), None);
        assert_eq!(of("files=8 ranks=8\nking:K:K:king:e1"), None);
    }

    #[test]
    fn square_size_is_read_when_sensible() {
        let size = |text: &str| square_size(&bundled::compile("t", text).unwrap());
        assert_eq!(
            size("files=8 ranks=8 squareSize=35\nking:K:K:king:e1"),
            Some(35)
        );
        assert_eq!(size("files=8 ranks=8 squareSize=4\nking:K:K:king:e1"), None);
        assert_eq!(
            size("files=8 ranks=8 squareSize=big\nking:K:K:king:e1"),
            None
        );
        assert_eq!(size("files=8 ranks=8\nking:K:K:king:e1"), None);
    }
}
