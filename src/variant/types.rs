//! The piece types a variant compiles: the definition's, then the hidden ones the rules add
//! (Symmetric Chess's undecided and must-convert bishops, `autoGate`'s twins waiting at a
//! gate), each with the Betza components its tables are built from and its castlings.

use super::*;

/// The types of a variant under construction, with what the rest of the compiler reads.
pub(super) struct TypeList {
    /// Every type, the definition's first.
    pub types: Vec<TypeInfo>,
    /// Per type, its components, each marked true when it is a conversion move.
    pub comps: Vec<Vec<(Component, bool)>>,
    /// Symmetric Chess's conversion, if any.
    pub conversion: Option<Conversion>,
    /// `autoGate`'s ranks and twins, if any.
    pub gate: Option<Gate>,
}

impl TypeList {
    /// The definition's types, then the conversion's and the gate's hidden ones; castlings read.
    pub fn build(spec: &Spec) -> TypeList {
        let mut list = TypeList {
            types: visible(spec),
            comps: (spec.pieces.iter())
                .map(|p| p.moves.iter().cloned().map(|c| (c, false)).collect())
                .collect(),
            conversion: None,
            gate: None,
        };
        list.conversion = list.add_conversion(spec);
        list.gate = spec.auto_gate.then(|| list.add_gate(spec));
        list.read_castlings();
        list
    }

    /// The types of the gate's twins, as [`PieceType::bit`]s.
    pub fn twins(&self) -> u64 {
        (self.gate.iter().flat_map(|g| g.parked.iter().flatten())).fold(0, |m, t| m | t.bit())
    }

    /// Symmetric Chess: the undecided type (its base's moves and the conversion's) and the
    /// one that must convert (the conversion's only).
    fn add_conversion(&mut self, spec: &Spec) -> Option<Conversion> {
        let c = spec.conversion.as_ref()?;
        let base = c.piece;
        let undecided = self.types.len();
        let mut u = self.types[base].clone();
        u.hidden = true;
        u.promotes = false;
        u.betza = format!("{}+{}", u.betza, c.betza_text);
        let mut o = u.clone();
        o.betza = c.betza_text.clone();
        self.types.push(u);
        self.types.push(o);
        let converting = || c.moves.iter().cloned().map(|m| (m, true));
        let mut uc = self.comps[base].clone();
        uc.extend(converting());
        self.comps.push(uc);
        self.comps.push(converting().collect());
        Some(Conversion {
            base: PieceType::new(base),
            undecided: PieceType::new(undecided),
            obligated: PieceType::new(undecided + 1),
        })
    }

    /// `autoGate`: a hidden twin with no moves for each type that starts at a gate.
    fn add_gate(&mut self, spec: &Spec) -> Gate {
        let g = spec.geometry;
        let ranks = [0, g.ranks - 1];
        let mut parked = vec![None; spec.pieces.len()];
        for (t, p) in spec.pieces.iter().enumerate() {
            let at_gate = |sq: &Square| ranks.contains(&g.rank(*sq));
            if p.white.iter().chain(&p.black).any(at_gate) {
                let mut twin = self.types[t].clone();
                twin.hidden = true;
                twin.promotes = false;
                twin.betza = String::new();
                twin.castles.clear();
                parked[t] = Some(PieceType::new(self.types.len()));
                self.types.push(twin);
                self.comps.push(Vec::new());
            }
        }
        Gate::new(g, parked)
    }

    /// Each type's castlings (`O` components) as White's moves say them.
    fn read_castlings(&mut self) {
        for (ty, cs) in self.types.iter_mut().zip(&self.comps) {
            for (c, _) in cs {
                let Some((distance, sides)) = c.castling() else {
                    continue;
                };
                for d in sides {
                    if !ty.castles.contains(&(d, distance)) {
                        ty.castles.push((d, distance));
                    }
                }
            }
        }
    }
}

/// The definition's own types, as it writes them (unmoved state worked out later).
fn visible(spec: &Spec) -> Vec<TypeInfo> {
    let homes = crate::shuffle::homes(spec);
    (spec.pieces.iter().zip(homes).enumerate())
        .map(|(i, (p, home))| TypeInfo {
            name: p.name.clone(),
            id: p.id,
            betza: p.betza_text.clone(),
            image: p.image.clone(),
            royal: p.royal,
            bares: p.bares,
            promotes: p.promotes,
            is_pawn: p.name.to_ascii_lowercase().ends_with("pawn"),
            uses_unmoved: false,
            initial: false,
            hidden: false,
            base: PieceType::new(i),
            castles: Vec::new(),
            castle_inner: p.castle_inner,
            start: [p.white.clone(), p.black.clone()],
            home,
        })
        .collect()
}
