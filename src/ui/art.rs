//! Which sprite a piece type gets, read from its definition data (`image`, `name`, `id`),
//! never from its ID letter alone: a glyph of the piece set, a king with the badge of the
//! power a royal form has taken, or a lettered token for an image the set does not have. The
//! rules never look at any of this; the browser shell paints it (`web/sprites.rs`).

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
    Queen,
    Archbishop,
    Chancellor,
    Amazon,
    King,
}

/// What a piece type looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Art {
    Glyph(Glyph),
    /// The king's outline with a badge showing the power it has (a royal morph).
    Royal(Glyph),
    /// An unknown image: the type's ID in a circle.
    Letter(PieceId),
}

impl Glyph {
    /// The glyph an image name or a piece name stands for (case and a file extension ignored).
    pub fn from_name(name: &str) -> Option<Glyph> {
        let name = name.trim().to_ascii_lowercase();
        let stem = name.rsplit('/').next().unwrap_or(&name);
        let stem = stem.split('.').next().unwrap_or(stem);
        let compact: String = stem.chars().filter(|c| c.is_ascii_alphabetic()).collect();
        Some(match compact.as_str() {
            "pawn" => Glyph::Pawn,
            "speedpawn" => Glyph::Speedpawn,
            "knight" => Glyph::Knight,
            "bishop" => Glyph::Bishop,
            "dragonhorse" => Glyph::DragonHorse,
            "rook" => Glyph::Rook,
            "queen" => Glyph::Queen,
            "cardinal" | "archbishop" | "princess" => Glyph::Archbishop,
            "chancellor" | "marshall" | "marshal" | "empress" => Glyph::Chancellor,
            "amazon" => Glyph::Amazon,
            "king" => Glyph::King,
            _ => return None,
        })
    }
}

impl Art {
    /// The art for a piece type from its definition: its image, and for a royal type drawn as
    /// a king, the power its name gives (`royal chancellor` is the king with a chancellor mark).
    pub fn for_piece(image: &str, name: &str, id: impl Into<PieceId>) -> Art {
        match Glyph::from_name(image) {
            Some(Glyph::King) => {
                let lower = name.trim().to_ascii_lowercase();
                match lower.strip_prefix("royal") {
                    Some(rest) => match Glyph::from_name(rest) {
                        Some(Glyph::King) | None => Art::Glyph(Glyph::King),
                        Some(mark) => Art::Royal(mark),
                    },
                    None => Art::Glyph(Glyph::King),
                }
            }
            Some(glyph) => Art::Glyph(glyph),
            None => Art::Letter(id.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_from_definition_data() {
        assert_eq!(
            Art::for_piece("knight", "knight", 'N'),
            Art::Glyph(Glyph::Knight)
        );
        assert_eq!(
            Art::for_piece("cardinal", "archbishop", 'A'),
            Art::Glyph(Glyph::Archbishop)
        );
        assert_eq!(
            Art::for_piece("dragonhorse", "dragon horse", 'H'),
            Art::Glyph(Glyph::DragonHorse)
        );
        assert_eq!(Art::for_piece("king", "king", 'K'), Art::Glyph(Glyph::King));
        // Royal forms: the mark comes from the name, whatever the letter.
        assert_eq!(
            Art::for_piece("king", "royal pawn", 'T'),
            Art::Royal(Glyph::Pawn)
        );
        assert_eq!(
            Art::for_piece("king", "royal queen", 'J'),
            Art::Royal(Glyph::Queen)
        );
        assert_eq!(
            Art::for_piece("king", "royal archbishop", 'L'),
            Art::Royal(Glyph::Archbishop)
        );
        assert_eq!(
            Art::for_piece("king", "royal chancellor", 'M'),
            Art::Royal(Glyph::Chancellor)
        );
        assert_eq!(
            Art::for_piece("king", "royal amazon", 'O'),
            Art::Royal(Glyph::Amazon)
        );
        assert_eq!(Art::for_piece("", "wazir", 'W'), Art::Letter('W'.into()));
        assert_eq!(
            Art::for_piece("elephant", "elephant", 'E'),
            Art::Letter('E'.into())
        );
    }
}
