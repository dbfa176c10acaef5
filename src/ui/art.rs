//! Which sprite a piece type gets, read from its definition data (image, name, moves), never
//! from its ID letter alone: a glyph of the piece set, picked by the image's name, else the
//! piece's name, else its moves (the Betza string of a well-known piece); a king with the
//! badge of the power a royal form has taken; a shogi piece's promoted form (`+P`, "promoted
//! silver", "tokin") as its unpromoted glyph with the promotion mark; a lettered token where
//! nothing fits. Plain data matching, no rules: the browser shell paints it
//! (`web/sprites.rs`).

use crate::piece::PieceId;

/// A drawn piece shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    Pawn,
    Speedpawn,
    Knight,
    Bishop,
    DragonHorse,
    Rook,
    DragonKing,
    Queen,
    Archbishop,
    Chancellor,
    Amazon,
    King,
    Commoner,
    Wazir,
    Ferz,
    Elephant,
    Camel,
    Zebra,
    Giraffe,
    Unicorn,
    Nightrider,
    Griffon,
    Lion,
    Cannon,
    Grasshopper,
    Gold,
    Silver,
    Lance,
}

/// What a piece type looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Art {
    Glyph(Glyph),
    /// The king's outline with a badge showing the power it has (a royal morph).
    Royal(Glyph),
    /// A promoted form (shogi's): the glyph with the promotion mark.
    Promoted(Glyph),
    /// An unknown image: the type's ID in a circle.
    Letter(PieceId),
    /// The host page's own image, loaded: its number among the page's images (the browser
    /// shell's, `web/pictures.rs`; see [`super::pictures`]).
    Picture(u16),
}

/// Names (letters only, lower case) and the glyph each stands for.
const NAMES: &[(&[&str], Glyph)] = &[
    (&["pawn", "soldier", "foot"], Glyph::Pawn),
    (&["speedpawn"], Glyph::Speedpawn),
    (&["knight", "horse"], Glyph::Knight),
    (&["bishop"], Glyph::Bishop),
    (&["dragonhorse", "horsedragon"], Glyph::DragonHorse),
    (&["rook", "chariot", "castle", "tower"], Glyph::Rook),
    (&["dragonking", "dragon", "kingdragon"], Glyph::DragonKing),
    (&["queen"], Glyph::Queen),
    (
        &["cardinal", "archbishop", "princess", "janus", "paladin"],
        Glyph::Archbishop,
    ),
    (
        &["chancellor", "marshall", "marshal", "empress"],
        Glyph::Chancellor,
    ),
    (&["amazon"], Glyph::Amazon),
    (&["king"], Glyph::King),
    (
        &["commoner", "man", "mann", "guard", "prince", "centaur"],
        Glyph::Commoner,
    ),
    (&["wazir", "vizir", "vizier"], Glyph::Wazir),
    (&["ferz", "fers", "met", "advisor", "mandarin"], Glyph::Ferz),
    (&["elephant", "alfil", "bishopelephant"], Glyph::Elephant),
    (&["camel"], Glyph::Camel),
    (&["zebra"], Glyph::Zebra),
    (&["giraffe"], Glyph::Giraffe),
    (&["unicorn"], Glyph::Unicorn),
    (&["nightrider"], Glyph::Nightrider),
    (&["griffon", "gryphon", "griffin"], Glyph::Griffon),
    (&["lion"], Glyph::Lion),
    (&["cannon", "pao", "warengine"], Glyph::Cannon),
    (&["grasshopper"], Glyph::Grasshopper),
    (&["gold", "goldgeneral"], Glyph::Gold),
    (&["silver", "silvergeneral"], Glyph::Silver),
    (&["lance", "spear"], Glyph::Lance),
];

/// Moves of well-known pieces, each in the orders texts write them, and the glyph.
const MOVES: &[(&[&str], Glyph)] = &[
    (&["N"], Glyph::Knight),
    (&["B"], Glyph::Bishop),
    (&["R"], Glyph::Rook),
    (&["Q"], Glyph::Queen),
    (&["BN", "NB"], Glyph::Archbishop),
    (&["RN", "NR"], Glyph::Chancellor),
    (&["QN", "NQ"], Glyph::Amazon),
    (&["K"], Glyph::Commoner),
    (&["W"], Glyph::Wazir),
    (&["F"], Glyph::Ferz),
    (&["A", "FA", "AF"], Glyph::Elephant),
    (&["C"], Glyph::Camel),
    (&["Z"], Glyph::Zebra),
    (&["NN", "N0"], Glyph::Nightrider),
    (&["RF", "FR"], Glyph::DragonKing),
    (&["BW", "WB"], Glyph::DragonHorse),
    (&["mRcpR", "cpRmR"], Glyph::Cannon),
    (&["gQ"], Glyph::Grasshopper),
    (&["WfF", "fFW"], Glyph::Gold),
    (&["FfW", "fWF"], Glyph::Silver),
    (&["fR"], Glyph::Lance),
    (&["yafsF"], Glyph::Griffon),
    (&["KNAD"], Glyph::Lion),
];

/// A name's letters, lower case, its folder and file type dropped (`/img/wKnight.gif` →
/// `wknight`).
fn letters(name: &str) -> String {
    let name = name.trim();
    let stem = name.rsplit('/').next().unwrap_or(name);
    let stem = stem.split('.').next().unwrap_or(stem);
    stem.chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

impl Glyph {
    /// The glyph an image name or a piece name stands for (case, spaces, a folder and a file
    /// extension ignored).
    pub fn from_name(name: &str) -> Option<Glyph> {
        let compact = letters(name);
        let known = |word: &str| {
            NAMES
                .iter()
                .find(|(names, _)| names.contains(&word))
                .map(|&(_, g)| g)
        };
        known(&compact).or_else(|| {
            // An image name with a side's prefix of one letter (`wknight`, `bGold`).
            let rest = compact.strip_prefix(['w', 'b'])?;
            (rest.len() > 2).then(|| known(rest)).flatten()
        })
    }

    /// The glyph of a well-known piece with these moves.
    pub fn from_moves(betza: &str) -> Option<Glyph> {
        let betza = betza.trim();
        (MOVES.iter())
            .find(|(forms, _)| forms.contains(&betza))
            .map(|&(_, g)| g)
    }
}

impl Art {
    /// The art for a piece type from its definition: its image, name, moves (Betza) and ID.
    /// A promoted form (a name "tokin", "promoted …" or `+…`, or an ID `+…`) is the glyph of
    /// what it was (else of how it moves) with the promotion mark. A royal type drawn as a
    /// king carries the power its name gives (`royal chancellor` is the king with a
    /// chancellor mark).
    pub fn for_piece(image: &str, name: &str, betza: &str, id: PieceId) -> Art {
        let compact = letters(name);
        let base = match compact.as_str() {
            "tokin" => Some("pawn"),
            other => other.strip_prefix("promoted"),
        };
        if base.is_some() || name.trim_start().starts_with('+') || id.starts_with('+') {
            let glyph = Glyph::from_name(base.unwrap_or(name)).or_else(|| Glyph::from_moves(betza));
            if let Some(glyph) = glyph {
                return Art::Promoted(glyph);
            }
        }
        let glyph = (Glyph::from_name(image))
            .or_else(|| Glyph::from_name(name))
            .or_else(|| Glyph::from_moves(betza));
        match glyph {
            Some(Glyph::King) => match compact.strip_prefix("royal").map(Glyph::from_name) {
                Some(Some(mark)) if mark != Glyph::King => Art::Royal(mark),
                _ => Art::Glyph(Glyph::King),
            },
            Some(glyph) => Art::Glyph(glyph),
            None => Art::Letter(id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn art(image: &str, name: &str, betza: &str) -> Art {
        Art::for_piece(image, name, betza, PieceId::from('X'))
    }

    #[test]
    fn art_from_definition_data() {
        assert_eq!(art("knight", "knight", "N"), Art::Glyph(Glyph::Knight));
        assert_eq!(
            art("cardinal", "archbishop", "BN"),
            Art::Glyph(Glyph::Archbishop)
        );
        assert_eq!(
            art("dragonhorse", "dragon horse", "BW"),
            Art::Glyph(Glyph::DragonHorse)
        );
        assert_eq!(art("king", "king", "K"), Art::Glyph(Glyph::King));
        // Royal forms: the mark comes from the name, whatever the letter.
        assert_eq!(art("king", "royal pawn", "K"), Art::Royal(Glyph::Pawn));
        assert_eq!(art("king", "royal queen", "Q"), Art::Royal(Glyph::Queen));
        assert_eq!(
            art("king", "royal archbishop", "K"),
            Art::Royal(Glyph::Archbishop)
        );
        assert_eq!(
            art("king", "royal chancellor", "K"),
            Art::Royal(Glyph::Chancellor)
        );
        assert_eq!(art("king", "royal amazon", "K"), Art::Royal(Glyph::Amazon));
        assert_eq!(art("king", "royal nobody", "K"), Art::Glyph(Glyph::King));
    }

    #[test]
    fn by_image_then_name_then_moves() {
        // The image decides first, with its folder, prefix and file type.
        assert_eq!(
            art("/g/wGriffon.png", "bird", "Q"),
            Art::Glyph(Glyph::Griffon)
        );
        assert_eq!(art("Marshall", "", "RN"), Art::Glyph(Glyph::Chancellor));
        // An image nobody knows: the name.
        assert_eq!(art("admiral", "wazir", "K"), Art::Glyph(Glyph::Wazir));
        assert_eq!(art("", "Silver General", "FfW"), Art::Glyph(Glyph::Silver));
        assert_eq!(art("", "Dragon King", "RF"), Art::Glyph(Glyph::DragonKing));
        // Names nobody knows: the moves, in the orders texts write them.
        for (betza, glyph) in [
            ("K", Glyph::Commoner),
            ("W", Glyph::Wazir),
            ("F", Glyph::Ferz),
            ("A", Glyph::Elephant),
            ("AF", Glyph::Elephant),
            ("C", Glyph::Camel),
            ("Z", Glyph::Zebra),
            ("NN", Glyph::Nightrider),
            ("N0", Glyph::Nightrider),
            ("NB", Glyph::Archbishop),
            ("NR", Glyph::Chancellor),
            ("NQ", Glyph::Amazon),
            ("FR", Glyph::DragonKing),
            ("WB", Glyph::DragonHorse),
            ("cpRmR", Glyph::Cannon),
            ("mRcpR", Glyph::Cannon),
            ("gQ", Glyph::Grasshopper),
            ("fFW", Glyph::Gold),
            ("fWF", Glyph::Silver),
            ("fR", Glyph::Lance),
            ("yafsF", Glyph::Griffon),
        ] {
            assert_eq!(art("dwarf", "dwarf", betza), Art::Glyph(glyph), "{betza}");
        }
        // Nothing fits: the letter disc.
        assert_eq!(art("", "wizard", "FC"), Art::Letter(PieceId::from('X')));
        assert_eq!(art("", "legs", "[W?F]"), Art::Letter(PieceId::from('X')));
        let plus_q = PieceId::new("+Q").unwrap();
        assert_eq!(Art::for_piece("", "", "FC", plus_q), Art::Letter(plus_q));
    }

    #[test]
    fn names_of_the_common_fairy_pieces() {
        for (name, glyph) in [
            ("Camel", Glyph::Camel),
            ("zebra", Glyph::Zebra),
            ("giraffe", Glyph::Giraffe),
            ("elephant", Glyph::Elephant),
            ("alfil", Glyph::Elephant),
            ("ferz", Glyph::Ferz),
            ("wazir", Glyph::Wazir),
            ("commoner", Glyph::Commoner),
            ("mann", Glyph::Commoner),
            ("cannon", Glyph::Cannon),
            ("lion", Glyph::Lion),
            ("gryphon", Glyph::Griffon),
            ("unicorn", Glyph::Unicorn),
            ("nightrider", Glyph::Nightrider),
            ("grasshopper", Glyph::Grasshopper),
            ("gold general", Glyph::Gold),
            ("silver", Glyph::Silver),
            ("lance", Glyph::Lance),
            ("dragon king", Glyph::DragonKing),
            ("dragon horse", Glyph::DragonHorse),
            ("war engine", Glyph::Cannon),
        ] {
            assert_eq!(Glyph::from_name(name), Some(glyph), "{name}");
        }
        assert_eq!(Glyph::from_name("wizard"), None);
        assert_eq!(Glyph::from_name("bw"), None, "a bare prefix is no name");
    }

    #[test]
    fn promoted_forms_carry_the_mark_on_what_they_were() {
        assert_eq!(art("", "tokin", "WfF"), Art::Promoted(Glyph::Pawn));
        assert_eq!(
            art("", "promoted silver", "WfF"),
            Art::Promoted(Glyph::Silver)
        );
        assert_eq!(art("", "+lance", "WfF"), Art::Promoted(Glyph::Lance));
        // By its ID with a `+`, the glyph of how it moves.
        assert_eq!(
            Art::for_piece("", "x", "WfF", PieceId::new("+S").unwrap()),
            Art::Promoted(Glyph::Gold)
        );
        // A promoted form whose base nothing names keeps the ordinary choice.
        assert_eq!(
            art("", "promoted thing", "[W?F]"),
            Art::Letter(PieceId::from('X'))
        );
    }
}
