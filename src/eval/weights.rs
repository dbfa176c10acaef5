//! The evaluation's weights: what each term of `docs/eval.md` is worth. The terms come from
//! the definition; their weights are data, so `fairylab tune` can fit them to a teacher's
//! scores. [`Weights::default`] is the set the engine plays with.
//!
//! A weight is a whole number; pairs are (middlegame, endgame). The text form is one
//! `name value` line a weight (`#` starts a comment), pairs as `name.mg` and `name.eg`.

/// A (middlegame, endgame) pair of weights.
pub type Pair = (i32, i32);

/// Every weight of the evaluation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// A piece's value from its mobility `m` on random boards is `material_linear / 10 · m`
    /// plus `material_square / 100 · m²` centipawns (68.9 m + 1.6 m²: FIDE N 345, B 361,
    /// R 504, Q 987), at least 100 for a type that promotes.
    pub material_linear: i32,
    /// See `material_linear`.
    pub material_square: i32,
    /// The least a type that promotes is worth (a pawn), in centipawns.
    pub promoter_value: i32,
    /// Centralisation of the pieces besides royal ones, in tenths of a centipawn per square
    /// reached on an empty board beyond the type's average (at most 10 squares either way).
    pub centre: Pair,
    /// The same for royal pieces.
    pub royal_centre: Pair,
    /// Centipawns per unit of a piece's mobility beyond its type's average, the mobility
    /// counted as four times the square root of the squares it reaches (one unit a square
    /// near four squares).
    pub mobility: Pair,
    /// Centipawns per rank a piece that promotes has advanced.
    pub promoter_advance: Pair,
    /// A passed pawn, per rank squared.
    pub passed_per_rank2: Pair,
    /// A doubled pawn's cost.
    pub doubled: Pair,
    /// An isolated pawn's cost.
    pub isolated: Pair,
    /// A passed pawn in the endgame, per rank past the middle: per step of the enemy royal
    /// piece's distance from the square ahead (up to 5).
    pub passed_enemy_royal: i32,
    /// The same, less per step of its own royal piece's distance.
    pub passed_own_royal: i32,
    /// The same, when the square ahead is empty and unattacked.
    pub passed_free: i32,
    /// The royal piece in the middlegame: per own pawn in front of it.
    pub shield: i32,
    /// The royal piece in the middlegame: the cost per rank it left home (up to 3).
    pub royal_advance: i32,
    /// The royal piece in the middlegame: the cost of each file by it (its own and the next)
    /// without an own pawn ahead of it.
    pub shelter_open: i32,
    /// The same: per own pawn two ranks ahead on those files (one ahead is `shield`).
    pub shelter_second: i32,
    /// The same: the nearest enemy pawn on those files, two to four ranks ahead, costs
    /// this three, two and one times (a pawn storm).
    pub storm: i32,
    /// The royal piece's danger: the attacks on its neighbourhood squared, times
    /// `danger_scale / 16` (middlegame only).
    pub danger_scale: i32,
    /// The most a royal piece's danger costs, in centipawns.
    pub danger_cap: i32,
    /// Added to the danger (before it is squared) per enemy type with a safe check.
    pub safe_check: i32,
    /// A piece an enemy pawn attacks loses this many 60ths of its value.
    pub threat_by_pawn: Pair,
    /// A piece an enemy attacks and no friend guards loses this many 60ths of its value.
    pub hanging: Pair,
    /// A piece riding along its file, on a file without pawns.
    pub open_file: Pair,
    /// The same on a file without its own pawns, with enemy ones.
    pub half_open_file: Pair,
    /// Pieces that keep to one colour of squares, on both colours.
    pub colourbound_pair: Pair,
    /// The side to move's bonus.
    pub tempo: i32,
    /// In the middlegame: the cost of each minor piece (see `eval/opening.rs`) still on a
    /// square its type starts on.
    pub undeveloped: i32,
    /// In the middlegame: an expensive piece off its start squares, per own minor piece
    /// still at home (a queen out before the knights and bishops).
    pub early_sortie: i32,
    /// In the middlegame, for a royal piece that castles: per castling it may still make.
    pub castling_right: i32,
    /// The same, standing where a castling would have brought it (castled).
    pub castled: i32,
    /// The same, with every castling right lost, not castled: a cost.
    pub castling_lost: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            material_linear: 689,
            material_square: 160,
            promoter_value: 100,
            centre: (95, 15),
            royal_centre: (-55, 105),
            mobility: (7, 6),
            promoter_advance: (5, -5),
            passed_per_rank2: (-1, 4),
            doubled: (27, 5),
            isolated: (3, 17),
            passed_enemy_royal: 17,
            passed_own_royal: 11,
            passed_free: 49,
            shield: 11,
            royal_advance: 36,
            shelter_open: 20,
            shelter_second: 10,
            storm: 10,
            danger_scale: 41,
            danger_cap: 214,
            safe_check: 4,
            threat_by_pawn: (11, 4),
            hanging: (5, 7),
            open_file: (3, 40),
            half_open_file: (-5, 42),
            colourbound_pair: (68, 4),
            tempo: 10,
            undeveloped: -6,
            early_sortie: 13,
            castling_right: -5,
            castled: 20,
            castling_lost: 31,
        }
    }
}

impl Weights {
    /// Every weight by name, in a fixed order, for a tuner to change one at a time.
    pub fn named(&mut self) -> Vec<(&'static str, &mut i32)> {
        let Weights {
            material_linear,
            material_square,
            promoter_value,
            centre,
            royal_centre,
            mobility,
            promoter_advance,
            passed_per_rank2,
            doubled,
            isolated,
            passed_enemy_royal,
            passed_own_royal,
            passed_free,
            shield,
            royal_advance,
            shelter_open,
            shelter_second,
            storm,
            danger_scale,
            danger_cap,
            safe_check,
            threat_by_pawn,
            hanging,
            open_file,
            half_open_file,
            colourbound_pair,
            tempo,
            undeveloped,
            early_sortie,
            castling_right,
            castled,
            castling_lost,
        } = self;
        // Each name written once: the field's own, a pair's halves as `.mg` and `.eg`.
        macro_rules! one {
            ($($f:ident),*) => { [$((stringify!($f), $f)),*] };
        }
        macro_rules! pair {
            ($($f:ident),*) => {
                [$(
                    (concat!(stringify!($f), ".mg"), &mut $f.0),
                    (concat!(stringify!($f), ".eg"), &mut $f.1),
                )*]
            };
        }
        let mut out = Vec::new();
        out.extend(one!(material_linear, material_square, promoter_value));
        out.extend(pair!(
            centre,
            royal_centre,
            mobility,
            promoter_advance,
            passed_per_rank2,
            doubled,
            isolated,
            threat_by_pawn,
            hanging,
            open_file,
            half_open_file,
            colourbound_pair
        ));
        out.extend(one!(
            passed_enemy_royal,
            passed_own_royal,
            passed_free,
            shield,
            royal_advance,
            shelter_open,
            shelter_second,
            storm,
            danger_scale,
            danger_cap,
            safe_check,
            tempo,
            undeveloped,
            early_sortie,
            castling_right,
            castled,
            castling_lost
        ));
        out
    }

    /// The text form: one `name value` line a weight.
    pub fn to_text(&self) -> String {
        let mut w = self.clone();
        w.named()
            .into_iter()
            .map(|(name, value)| format!("{name} {value}\n"))
            .collect()
    }

    /// Weights from their text form: the lines given change the defaults. An error names
    /// the line and what is wrong with it.
    pub fn from_text(text: &str) -> Result<Weights, String> {
        let mut w = Weights::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let at = |msg: String| format!("line {}: {msg}: '{line}'", i + 1);
            let mut words = line.split_whitespace();
            let (Some(name), Some(value), None) = (words.next(), words.next(), words.next()) else {
                return Err(at("expected a name and a whole number".into()));
            };
            let value: i32 = value
                .parse()
                .map_err(|_| at(format!("'{value}' is not a whole number")))?;
            let mut named = w.named();
            let Some((_, slot)) = named.iter_mut().find(|(n, _)| *n == name) else {
                return Err(at(format!("no weight is called '{name}'")));
            };
            **slot = value;
        }
        if w.danger_scale < 0 || w.material_linear < 0 || w.promoter_value < 1 {
            return Err(
                "danger_scale and material_linear must not be negative, promoter_value at least 1"
                    .into(),
            );
        }
        Ok(w)
    }
}

#[cfg(test)]
mod tests {
    use super::Weights;

    /// Every weight has a name of its own: weights all different survive the text form, and
    /// a pair's halves are named `.mg` and `.eg`.
    #[test]
    fn the_text_form_names_each_weight_once() {
        let mut w = Weights::default();
        for (i, (_, value)) in w.named().into_iter().enumerate() {
            *value = 1000 + i as i32;
        }
        let text = w.to_text();
        assert_eq!(text.lines().count(), 44);
        assert!(text.starts_with("material_linear 1000\nmaterial_square 1001\n"));
        assert!(text.contains("\ncentre.mg 1003\ncentre.eg 1004\n"));
        assert!(text.ends_with("castled 1042\ncastling_lost 1043\n"));
        assert_eq!(Weights::from_text(&text), Ok(w));
    }
}
