//! The piece set's paths: each glyph a few SVG path strings on a 100 x 100 box (y down,
//! pieces standing on y = 90), the project's own art. `sprites.rs` paints them.

use crate::ui::art::Glyph;

/// How a path is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// Filled with the body colour and outlined.
    Body,
    /// A line in the detail colour (dark on White, light on Black), not filled.
    Line,
    /// Filled with the detail colour (eyes, nostrils).
    Ink,
}

/// One layer of a glyph.
pub struct Layer {
    pub paint: Paint,
    pub d: &'static str,
}

const fn body(d: &'static str) -> Layer {
    Layer {
        paint: Paint::Body,
        d,
    }
}

const fn line(d: &'static str) -> Layer {
    Layer {
        paint: Paint::Line,
        d,
    }
}

const fn ink(d: &'static str) -> Layer {
    Layer {
        paint: Paint::Ink,
        d,
    }
}

/// The slab every piece stands on.
pub const BASE: &[Layer] = &[body(
    "M22 90 L78 90 Q82 90 82 86 Q82 81 77 81 L23 81 Q18 81 18 86 Q18 90 22 90 Z",
)];

/// The wider slab of a compound's two pieces.
pub const WIDE_BASE: &[Layer] = &[body(
    "M16 90 L86 90 Q90 90 90 86 Q90 81 85 81 L17 81 Q12 81 12 86 Q12 90 16 90 Z",
)];

const PAWN: &[Layer] = &[body(
    "M50 17 C57 17 62 22 62 29 C62 34 59 38 55 40 L60 42 Q63 44 62 47 L57 48 \
     C57 60 63 71 72 81 L28 81 C37 71 43 60 43 48 L38 47 Q37 44 40 42 L45 40 \
     C41 38 38 34 38 29 C38 22 43 17 50 17 Z",
)];

const SPEEDPAWN: &[Layer] = &[
    body(
        "M50 12 L62 26 C62 33 59 38 55 40 L60 42 Q63 44 62 47 L57 48 \
         C57 60 63 71 72 81 L28 81 C37 71 43 60 43 48 L38 47 Q37 44 40 42 L45 40 \
         C41 38 38 33 38 26 Z",
    ),
    line("M43 66 L50 60 L57 66 M42 75 L50 68 L58 75"),
];

const KNIGHT: &[Layer] = &[
    body(
        "M27 81 C27 69 33 61 42 55 C35 56 29 60 23 60 C17 60 13 56 14 51 \
         C16 43 21 35 28 29 L32 20 L38 9 L45 18 C61 20 73 32 77 48 \
         C80 60 79 71 77 81 Z",
    ),
    line("M46 19 C59 23 68 33 72 47 C74 57 74 69 73 77"),
    line("M21 59 L27 56"),
    ink("M36 31 m-3.2 0 a3.2 3.2 0 1 0 6.4 0 a3.2 3.2 0 1 0 -6.4 0 Z"),
    ink("M19 51 m-2 0 a2 2 0 1 0 4 0 a2 2 0 1 0 -4 0 Z"),
];

const BISHOP: &[Layer] = &[
    body(
        "M40 73 L60 73 C62 76 67 79 74 81 L26 81 C33 79 38 76 40 73 Z \
         M38 65 L62 65 Q65 65 65 69 Q65 73 62 73 L38 73 Q35 73 35 69 Q35 65 38 65 Z",
    ),
    body(
        "M50 21 C40 29 33 39 33 49 C33 57 38 62 42 65 L58 65 C62 62 67 57 67 49 C67 39 60 29 50 21 Z",
    ),
    body("M56 15 A6 6 0 1 1 44 15 A6 6 0 1 1 56 15 Z"),
    line("M56 36 L46 49"),
];

const DRAGON_WINGS: &[Layer] = &[
    body(
        "M36 50 C25 50 15 43 9 30 C16 34 21 35 25 33 C21 39 24 42 28 40 \
         C26 45 30 47 35 45 Z",
    ),
    body(
        "M64 50 C75 50 85 43 91 30 C84 34 79 35 75 33 C79 39 76 42 72 40 \
         C74 45 70 47 65 45 Z",
    ),
];

const ROOK: &[Layer] = &[
    body(
        "M26 81 L74 81 L70 73 L66 70 L64 42 L70 37 L70 19 L61 19 L61 26 L55 26 L55 19 \
         L45 19 L45 26 L39 26 L39 19 L30 19 L30 37 L36 42 L34 70 L30 73 Z",
    ),
    line("M36 42 L64 42 M34 70 L66 70"),
];

const QUEEN: &[Layer] = &[
    body("M28 71 L22 34 L36 54 L38 28 L46 52 L50 23 L54 52 L62 28 L64 54 L78 34 L72 71 Z"),
    body("M28 71 C40 67 60 67 72 71 L75 81 L25 81 Z"),
    body("M26 34 A4.5 4.5 0 1 1 17 34 A4.5 4.5 0 1 1 26 34 Z"),
    body("M42.5 27 A4.5 4.5 0 1 1 33.5 27 A4.5 4.5 0 1 1 42.5 27 Z"),
    body("M54.5 22 A4.5 4.5 0 1 1 45.5 22 A4.5 4.5 0 1 1 54.5 22 Z"),
    body("M66.5 27 A4.5 4.5 0 1 1 57.5 27 A4.5 4.5 0 1 1 66.5 27 Z"),
    body("M83 34 A4.5 4.5 0 1 1 74 34 A4.5 4.5 0 1 1 83 34 Z"),
    line("M29 76 C42 72 58 72 71 76"),
];

const KING: &[Layer] = &[
    body("M47 5 L53 5 L53 11 L59 11 L59 17 L53 17 L53 26 L47 26 L47 17 L41 17 L41 11 L47 11 Z"),
    body(
        "M50 28 C45 28 43 33 45.5 39 C39 33 27 33 23 42 C18 54 25 63 30 70 L70 70 \
         C75 63 82 54 77 42 C73 33 61 33 54.5 39 C57 33 55 28 50 28 Z",
    ),
    body("M30 70 L70 70 L74 81 L26 81 Z"),
    line("M50 40 L50 70 M31 75 C44 72 56 72 69 75"),
];

const COMMONER: &[Layer] = &[
    body("M30 81 C30 64 38 56 50 56 C62 56 70 64 70 81 Z"),
    body("M63 38 A13 13 0 1 1 37 38 A13 13 0 1 1 63 38 Z"),
    line("M42 60 L50 68 L58 60"),
];

/// The stand under an emblem (the wazir's and the ferz's).
const STAND: Layer = body("M36 81 L64 81 L58 62 L42 62 Z");

const WAZIR: &[Layer] = &[
    STAND,
    body("M44 18 L56 18 L56 34 L72 34 L72 46 L56 46 L56 62 L44 62 L44 46 L28 46 L28 34 L44 34 Z"),
];

const FERZ: &[Layer] = &[
    STAND,
    body("M61 20 L70 29 L58 40 L70 51 L61 60 L50 48 L39 60 L30 51 L42 40 L30 29 L39 20 L50 32 Z"),
];

const ELEPHANT: &[Layer] = &[
    body(
        "M62 81 L66 60 C74 54 76 40 70 30 C64 20 48 18 38 24 C30 29 28 38 30 46 \
         C31 54 28 62 24 68 C22 72 26 75 30 72 C36 66 40 58 42 52 C44 60 44 70 40 81 Z",
    ),
    body("M58 30 C70 26 80 36 78 50 C76 60 68 62 62 58 C64 50 62 38 58 30 Z"),
    line("M41 50 C39 56 35 59 31 59"),
    ink("M44 36 m-2.8 0 a2.8 2.8 0 1 0 5.6 0 a2.8 2.8 0 1 0 -5.6 0 Z"),
];

const CAMEL: &[Layer] = &[
    body(
        "M30 81 C32 70 36 60 38 50 L36 40 C34 34 28 34 22 36 C16 37 14 31 18 28 \
         C24 22 34 20 42 22 C48 24 50 30 50 38 C52 46 54 52 60 52 C62 40 70 36 76 42 \
         C80 48 80 60 74 70 L72 81 Z",
    ),
    ink("M31 27 m-2.5 0 a2.5 2.5 0 1 0 5 0 a2.5 2.5 0 1 0 -5 0 Z"),
    line("M18 32 L21 31"),
];

const ZEBRA_STRIPES: &[Layer] = &[line(
    "M54 23 L47 35 M63 29 L55 43 M71 39 L61 53 M75 53 L63 63 M76 66 L64 75 M40 58 L48 68",
)];

const GIRAFFE: &[Layer] = &[
    body(
        "M34 81 C38 66 44 50 48 36 L44 32 C38 32 30 30 28 26 C28 22 32 18 38 18 L44 16 \
         L44 8 L48 8 L48 15 L53 14 L53 7 L57 7 L57 15 C62 18 64 24 62 32 C60 46 60 62 66 81 Z",
    ),
    ink("M46 22 m-2 0 a2 2 0 1 0 4 0 a2 2 0 1 0 -4 0 Z"),
    ink(
        "M52 44 m-3 0 a3 3 0 1 0 6 0 a3 3 0 1 0 -6 0 Z M50 60 m-3 0 a3 3 0 1 0 6 0 a3 3 0 1 0 -6 0 Z \
         M58 70 m-3 0 a3 3 0 1 0 6 0 a3 3 0 1 0 -6 0 Z M56 53 m-2.5 0 a2.5 2.5 0 1 0 5 0 a2.5 2.5 0 1 0 -5 0 Z",
    ),
];

const HORN: &[Layer] = &[
    body("M29 27 L13 4 L37 21 Z"),
    line("M19 11 L27 15 M23 18 L31 21"),
];

const MOON: &[Layer] = &[body("M88 6 A13 13 0 1 0 88 32 A10 10 0 1 1 88 6 Z")];

const GRIFFON: &[Layer] = &[
    body("M56 64 C66 50 80 40 92 36 C88 46 86 52 80 56 C86 56 88 58 86 62 C80 66 72 68 64 70 Z"),
    body(
        "M30 81 C32 68 38 58 44 52 C38 50 34 46 34 40 C28 40 22 42 18 46 C18 38 24 30 32 26 \
         C40 18 54 16 62 24 C70 32 70 44 64 54 C60 62 60 72 64 81 Z",
    ),
    line("M44 40 C50 44 56 44 61 39"),
    ink("M42 31 m-3 0 a3 3 0 1 0 6 0 a3 3 0 1 0 -6 0 Z"),
];

const LION: &[Layer] = &[
    body("M38 81 L62 81 L58 70 L42 70 Z"),
    body(
        "M50 14 L55 21 L62 16 L64 24 L73 23 L71 31 L80 32 L75 39 L82 44 L75 49 L80 56 L71 57 \
         L73 65 L64 64 L62 72 L55 67 L50 74 L45 67 L38 72 L36 64 L27 65 L29 57 L20 56 L25 49 \
         L18 44 L25 39 L20 32 L29 31 L27 23 L36 24 L38 16 L45 21 Z",
    ),
    body("M68 45 A18 18 0 1 1 32 45 A18 18 0 1 1 68 45 Z"),
    ink(
        "M43 41 m-2.5 0 a2.5 2.5 0 1 0 5 0 a2.5 2.5 0 1 0 -5 0 Z M57 41 m-2.5 0 a2.5 2.5 0 1 0 5 0 a2.5 2.5 0 1 0 -5 0 Z",
    ),
    line("M46 50 L50 53 L54 50 M50 53 L50 57"),
];

const CANNON: &[Layer] = &[
    body("M22 58 L74 26 L84 42 L32 72 Z"),
    line("M70 28 L79 44"),
    body("M54 66 A14 14 0 1 1 26 66 A14 14 0 1 1 54 66 Z"),
    line("M40 54 L40 78 M28 66 L52 66"),
    ink("M40 66 m-3.5 0 a3.5 3.5 0 1 0 7 0 a3.5 3.5 0 1 0 -7 0 Z"),
];

const GRASSHOPPER: &[Layer] = &[
    line("M34 60 L28 80 M44 62 L42 80 M18 44 C14 32 20 22 30 14 M22 42 C22 30 30 22 40 16"),
    body("M26 52 C26 44 38 40 54 42 C70 44 84 50 84 56 C84 62 70 65 54 63 C38 62 26 60 26 52 Z"),
    body("M31 50 A9 9 0 1 1 13 50 A9 9 0 1 1 31 50 Z"),
    body("M56 48 L71 22 L78 25 L65 52 Z"),
    line("M76 25 L88 80"),
    ink("M19 48 m-2 0 a2 2 0 1 0 4 0 a2 2 0 1 0 -4 0 Z"),
];

/// The shogi piece's five-sided tile, under the gold's, silver's and lance's emblems.
const TILE: Layer = body("M50 12 L74 24 L80 81 L20 81 L26 24 Z");

const GOLD: &[Layer] = &[
    TILE,
    ink("M50 39 L54 49 L64 49 L56 56 L59 66 L50 60 L41 66 L44 56 L36 49 L46 49 Z"),
];

const SILVER: &[Layer] = &[
    TILE,
    line("M50 36 L64 52 L50 68 L36 52 Z"),
    ink("M50 46 L56 52 L50 58 L44 52 Z"),
];

const LANCE: &[Layer] = &[
    TILE,
    ink("M50 28 L59 44 L53 44 L53 74 L47 74 L47 44 L41 44 Z"),
];

/// A glyph's own layers, for the glyphs drawn from paths of their own.
pub fn layers(glyph: Glyph) -> &'static [Layer] {
    match glyph {
        Glyph::Pawn => PAWN,
        Glyph::Speedpawn => SPEEDPAWN,
        Glyph::Knight | Glyph::Zebra | Glyph::Unicorn | Glyph::Nightrider => KNIGHT,
        Glyph::Bishop | Glyph::DragonHorse => BISHOP,
        Glyph::Rook | Glyph::DragonKing => ROOK,
        Glyph::Queen => QUEEN,
        Glyph::King => KING,
        Glyph::Commoner => COMMONER,
        Glyph::Wazir => WAZIR,
        Glyph::Ferz => FERZ,
        Glyph::Elephant => ELEPHANT,
        Glyph::Camel => CAMEL,
        Glyph::Giraffe => GIRAFFE,
        Glyph::Griffon => GRIFFON,
        Glyph::Lion => LION,
        Glyph::Cannon => CANNON,
        Glyph::Grasshopper => GRASSHOPPER,
        Glyph::Gold => GOLD,
        Glyph::Silver => SILVER,
        Glyph::Lance => LANCE,
        // Compounds are drawn from their parts.
        Glyph::Archbishop | Glyph::Chancellor | Glyph::Amazon => &[],
    }
}

/// What goes behind a glyph's own layers (a dragon's wings), and what on top of them (the
/// knight family's marks: stripes, horn, moon).
pub fn wings(glyph: Glyph) -> (&'static [Layer], &'static [Layer]) {
    match glyph {
        Glyph::DragonHorse | Glyph::DragonKing => (DRAGON_WINGS, &[]),
        Glyph::Zebra => (&[], ZEBRA_STRIPES),
        Glyph::Unicorn => (&[], HORN),
        Glyph::Nightrider => (&[], MOON),
        _ => (&[], &[]),
    }
}

/// The rider a compound glyph stands beside its knight.
pub fn compound_partner(glyph: Glyph) -> Option<Glyph> {
    match glyph {
        Glyph::Archbishop => Some(Glyph::Bishop),
        Glyph::Chancellor => Some(Glyph::Rook),
        Glyph::Amazon => Some(Glyph::Queen),
        _ => None,
    }
}
