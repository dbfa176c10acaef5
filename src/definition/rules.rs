//! The rules that tie a definition's pieces together, read after the piece lines: royalty
//! (`royal=`, `baring=`, and the capture rules `iron=`, `protected=`, `counterStrike=`), promotion (`promoPieces=`,
//! `maxPromote=`, `promoChoice=` with its marks, `promoOffset=`), Symmetric Chess's
//! `conversion=` (`conversion.rs`), and the hands (`holdingsType=`, pieces in hand at the start).

use super::diagnostic::Report;
use super::idlist;
use super::reader::KeyReader;
use super::{CaptureTo, ChoiceRule, ConversionSpec, Holdings, Param, PieceLine, PieceSpec};
use crate::piece::PieceId;

/// What the rules decide beyond the pieces' own flags.
pub(super) struct Rules {
    pub promo_choice: Vec<usize>,
    pub promo_rules: Vec<ChoiceRule>,
    pub promo_offset: usize,
    pub holdings: Holdings,
    pub conversion: Option<ConversionSpec>,
    pub trade_threshold: Option<usize>,
}

/// The most pieces of one type a hand may hold at the start (a piece line's sixth field).
pub const MAX_IN_HAND: u32 = crate::hands::MAX_IN_HAND as u32;

pub(super) fn read(
    keys: &mut KeyReader,
    lines: &[&PieceLine],
    pieces: &mut [PieceSpec],
    ids: &[PieceId],
    promo_zone: u8,
    report: &mut Report,
) -> Rules {
    royal(keys, pieces, ids, report);
    baring(keys, pieces, ids, report);
    anti_trade(keys, lines, pieces, report);
    let trade_threshold = trade_threshold(keys, pieces, ids, report);
    for key in ["iron", "protected", "counterStrike"] {
        for t in types_of(keys, key, pieces.len(), ids, report) {
            let p = &mut pieces[t];
            match key {
                "iron" => p.iron = true,
                "protected" => p.protected = true,
                _ => p.counter_strike = true,
            }
        }
    }
    let holdings = holdings(keys, lines, pieces, report);
    let offset = keys.int("promoOffset", 0, 0, super::MAX_PIECE_TYPES as i64, report) as usize;
    let (promo_choice, promo_rules) =
        super::promotion::read(keys, lines, pieces, ids, promo_zone, offset, report);
    let promo_offset = promo_offset(keys, offset, pieces, report);
    let conversion = super::conversion::read(keys, pieces, ids, report);
    Rules {
        promo_choice,
        promo_rules,
        promo_offset,
        holdings,
        conversion,
        trade_threshold,
    }
}

/// `antiTrade`, read where it stands, as the Diagram's script reads it: before the piece lines
/// `antiTrade=N` puts piece number N in the first group; after a piece line `antiTrade=G`
/// puts that piece in group G (0 to 3). Pieces of one group never take each other. (The
/// script's second form also wipes the piece's other capture rules, which reads as an
/// accident; fairylab adds the group to them.)
fn anti_trade(
    keys: &mut KeyReader,
    lines: &[&PieceLine],
    pieces: &mut [PieceSpec],
    report: &mut Report,
) {
    for p in keys.all("antiTrade") {
        let at = (p.key.pos.line, p.key.pos.col);
        let before = lines
            .iter()
            .filter(|l| (l.name.pos.line, l.name.pos.col) < at)
            .count();
        let n: Option<usize> = p.value.text.trim().parse().ok();
        match (before, n) {
            (0, Some(k)) if (1..=pieces.len()).contains(&k) => pieces[k - 1].anti_trade |= 1,
            (0, _) => report.warning(
                &p.value,
                format!(
                    "antiTrade before the piece lines names a piece number (1 to {}), not '{}'; \
                     ignored",
                    pieces.len(),
                    p.value.text
                ),
            ),
            (_, Some(g @ 0..=3)) => pieces[before - 1].anti_trade |= 1 << (1 + g),
            (_, _) => report.warning(
                &p.value,
                format!(
                    "antiTrade after a piece line puts it in a group, 0 to 3, not '{}'; ignored",
                    p.value.text
                ),
            ),
        }
    }
}

/// `tradeThreshold`: a piece number or ID; 0 (the default) for none.
fn trade_threshold(
    keys: &mut KeyReader,
    pieces: &[PieceSpec],
    ids: &[PieceId],
    report: &mut Report,
) -> Option<usize> {
    let p = keys.get("tradeThreshold")?;
    let text = p.value.text.trim();
    match text.parse::<usize>() {
        Ok(0) => None,
        Ok(k) if k <= pieces.len() => Some(k - 1),
        _ => match idlist::exact(text, ids) {
            Some(t) => Some(t),
            None => {
                report.warning(
                    &p.value,
                    format!(
                        "tradeThreshold names a piece (a number from 1 to {}, or an ID), not \
                             '{text}'; ignored",
                        pieces.len()
                    ),
                );
                None
            }
        },
    }
}

/// Royal pieces: `royal=` lines, each a 1-based piece number (the Diagram's form) or IDs,
/// adding up; by default the last piece line. A side may have several (see
/// [`super::Spec::extinction`] for what losing one means).
fn royal(keys: &mut KeyReader, pieces: &mut [PieceSpec], ids: &[PieceId], report: &mut Report) {
    let given = types_of(keys, "royal", pieces.len(), ids, report);
    if keys.peek("royal").is_none()
        && let Some(last) = pieces.last_mut()
    {
        last.royal = true;
    }
    for t in given {
        pieces[t].royal = true;
    }
}

/// The types the lines of a repeatable key name, each a 1-based piece number (the Diagram's
/// form) or IDs, in the order written.
fn types_of(
    keys: &mut KeyReader,
    key: &str,
    n: usize,
    ids: &[PieceId],
    report: &mut Report,
) -> Vec<usize> {
    let mut out = Vec::new();
    for p in keys.all(key) {
        if let Ok(k) = p.value.text.parse::<usize>() {
            if k >= 1 && k <= n {
                out.push(k - 1);
            } else {
                report.warning(
                    &p.value,
                    format!("{key}={k}: there is no piece number {k}; ignored, as in the Diagram"),
                );
            }
            continue;
        }
        if p.value.text.is_empty() {
            report.warning(p.value.pos, format!("{key}= is empty; ignored"));
        }
        out.extend(id_list(p, key, ids, report));
    }
    out
}

/// `baring`, read after the royal types: `0` makes every non-royal type count, a piece number
/// or IDs that type, `off` (or `-1`) none; lines add up. A side with royal pieces and none of
/// the counted types left is bare ([`crate::game::baring`]).
fn baring(keys: &mut KeyReader, pieces: &mut [PieceSpec], ids: &[PieceId], report: &mut Report) {
    for p in keys.all("baring") {
        let mut named = Vec::new();
        match p.value.text.trim() {
            "0" => (pieces.iter_mut())
                .filter(|p| !p.royal)
                .for_each(|p| p.bares = true),
            "off" | "-1" => {}
            text => match text.parse::<usize>() {
                Ok(k) if (1..=pieces.len()).contains(&k) => named.push(k - 1),
                Ok(k) => report.warning(
                    &p.value,
                    format!("baring={k}: there is no piece number {k}; ignored"),
                ),
                Err(_) if text.chars().all(|c| c.is_ascii_alphabetic() || c == '+') => {
                    named = id_list(p, "baring", ids, report);
                }
                Err(_) => report.warning(
                    &p.value,
                    format!(
                        "baring is 0 (a side left with only royal pieces loses), a piece number, \
                         IDs or off, not '{text}'; ignored"
                    ),
                ),
            },
        }
        for t in named {
            if pieces[t].royal {
                report.warning(
                    &p.value,
                    format!(
                        "baring: '{}' is royal, and a side is bare without its other pieces; \
                         ignored for it",
                        pieces[t].name
                    ),
                );
                continue;
            }
            pieces[t].bares = true;
        }
    }
}

/// `holdingsType` (0: captured pieces leave the game; negative: they go to the capturer's
/// hand, and with -1 a promoted one as the type it promoted from; positive: to their owner's
/// hand) and the pieces in hand at the start, at most [`MAX_IN_HAND`] of a type. Pieces in
/// hand may be dropped when captures go to the capturer, or when they go nowhere and the hands
/// start with pieces (the Diagram's example of a piece that starts in hand); a hand that only
/// gathers a side's own pieces is the reserve `promoChoice`'s `*` takes from.
fn holdings(
    keys: &mut KeyReader,
    lines: &[&PieceLine],
    pieces: &mut [PieceSpec],
    report: &mut Report,
) -> Holdings {
    let kind = keys.int_or("holdingsType", 0, -99, 99, report);
    let capture = match kind {
        0 => CaptureTo::Nowhere,
        -1 => CaptureTo::Capturer { demote: true },
        k if k < 0 => CaptureTo::Capturer { demote: false },
        _ => CaptureTo::Owner,
    };
    let mut in_hand = false;
    for (line, piece) in lines.iter().zip(pieces.iter_mut()) {
        let (Some(field), [w, b]) = (&line.hand, piece.hand) else {
            continue;
        };
        if w > MAX_IN_HAND || b > MAX_IN_HAND {
            report.error(
                field,
                format!(
                    "pieces in hand: at most {MAX_IN_HAND} of a type, not {}",
                    w.max(b)
                ),
            );
        }
        in_hand |= w > 0 || b > 0;
    }
    let drops = match capture {
        CaptureTo::Capturer { .. } => true,
        CaptureTo::Nowhere => in_hand,
        CaptureTo::Owner => false,
    };
    Holdings { capture, drops }
}

/// `promoOffset=N`: a promoting type becomes the type N places down the piece list (the
/// Diagram's Shogi promotion), or the type just past the offset when there is none that far.
fn promo_offset(
    keys: &KeyReader,
    offset: usize,
    pieces: &mut [PieceSpec],
    report: &mut Report,
) -> usize {
    let n = pieces.len();
    if offset == 0 {
        return 0;
    }
    if offset >= n {
        if let Some(p) = keys.peek("promoOffset") {
            report.warning(
                &p.value,
                format!(
                    "not played: promoOffset={offset} promotes to a type past the {n} of the \
                     list, which the Diagram cannot show either; nothing promotes by offset"
                ),
            );
        }
        return 0;
    }
    for (i, piece) in pieces.iter_mut().enumerate().filter(|(_, p)| p.promotes) {
        piece.promoted = Some(if i + offset < n { i + offset } else { offset });
    }
    offset
}

/// The types whose IDs a key's value lists ([`idlist::tokens`]: the stored script reads
/// piece numbers there, so no reading of its is copied).
pub(super) fn id_list(p: &Param, what: &str, ids: &[PieceId], report: &mut Report) -> Vec<usize> {
    idlist::tokens(what, &p.value.text, p.value.pos, ids, report)
}
