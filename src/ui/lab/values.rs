//! A piece value measurement's report as the lab shows it: one row per imbalance (the
//! calibration first), with its games, the score of the side with the piece and the value in
//! pawns with its 95% interval: `3.25 (2.50–4.00)`.

use super::{Row, RowKind, row};
use crate::decimal::fixed;

/// One imbalance of a measurement so far (the worker's `fairylab::values::Measured`).
#[derive(Clone, Debug, PartialEq)]
pub struct PieceRow {
    /// The type measured, or the pawn for the calibration.
    pub name: String,
    /// The imbalance in words: `knight vs 3 pawns`.
    pub imbalance: String,
    pub games: u32,
    /// The mean score of the side with the piece (in the calibration, with the pawns more).
    pub score: Option<f64>,
    /// The value in pawns and its 95% interval.
    pub value: Option<(f64, f64, f64)>,
}

/// The table: headings, then a row per imbalance labelled with the type.
pub(super) fn rows(title: &str, pieces: &[PieceRow]) -> Vec<Row> {
    let headings = [title, "games", "score", "pawns (95%)"];
    let mut rows = vec![row(
        RowKind::Heading,
        "",
        headings.iter().map(|h| h.to_string()).collect(),
    )];
    for p in pieces {
        let value = match p.value {
            Some((v, lo, hi)) => format!("{} ({}–{})", fixed(v, 2), fixed(lo, 2), fixed(hi, 2)),
            None if p.imbalance.ends_with("odds") => "1 (unit)".to_string(),
            None => "–".to_string(),
        };
        let score = p.score.map_or("–".to_string(), |s| fixed(s, 3));
        let cells = vec![p.imbalance.clone(), p.games.to_string(), score, value];
        rows.push(row(RowKind::Value, &p.name, cells));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::super::{JobKind, Lab, LabEffect, Report, RunState, Settings};
    use super::*;

    fn piece(name: &str, imbalance: &str, games: u32, value: Option<(f64, f64, f64)>) -> PieceRow {
        PieceRow {
            name: name.into(),
            imbalance: imbalance.into(),
            games,
            score: (games > 0).then_some(0.625),
            value,
        }
    }

    /// A measurement starts as a job of its own kind (rules A only, games per imbalance times
    /// the imbalances), shows its rows as they come, and a stop settles its caller saying what
    /// was stopped.
    #[test]
    fn a_measurement_runs_shows_its_values_and_stops() {
        let mut lab = Lab::default();
        let mut fx = Vec::new();
        let settings = Settings::new(3.0, 20.0, 0.0).unwrap();
        lab.start_values("chess text".into(), "chess", 5, settings, Some(4), &mut fx)
            .unwrap();
        let job = match fx.as_slice() {
            [LabEffect::Start(job), LabEffect::Show] => job.clone(),
            other => panic!("unexpected effects {other:?}"),
        };
        assert_eq!(
            (job.kind, job.a.as_str(), job.b.as_str()),
            (JobKind::Values, "chess text", "")
        );
        assert_eq!(lab.progress(), (0, 15));
        // A second start, of either kind, is refused while it goes.
        let again = lab.start(("x".into(), None), "x", settings, None, &mut fx);
        assert_eq!(
            again.unwrap_err(),
            "a piece value measurement is already going: stop it first"
        );

        fx.clear();
        let report = Report {
            done: 2,
            total: 15,
            pieces: Some(vec![
                piece("pawn", "2 pawns odds", 1, None),
                piece("knight", "knight vs 3 pawns", 1, Some((3.25, 2.5, 4.0))),
                piece("rook", "rook vs knight + 2 pawns", 0, None),
            ]),
            ..Report::default()
        };
        lab.progress_report(job.id, report, &mut fx);
        assert_eq!(lab.progress(), (2, 15));
        let rows = lab.rows();
        assert_eq!(rows[0].kind, RowKind::Heading);
        assert_eq!(rows[0].cells, ["A: chess", "games", "score", "pawns (95%)"]);
        let cells = |label: &str| {
            rows.iter()
                .find(|r| r.label == label)
                .unwrap()
                .cells
                .clone()
        };
        assert_eq!(cells("pawn"), ["2 pawns odds", "1", "0.625", "1 (unit)"]);
        assert_eq!(
            cells("knight"),
            ["knight vs 3 pawns", "1", "0.625", "3.25 (2.50–4.00)"]
        );
        assert_eq!(cells("rook"), ["rook vs knight + 2 pawns", "0", "–", "–"]);

        fx.clear();
        assert!(lab.stop(&mut fx));
        assert_eq!(lab.state, RunState::Stopped { done: 2, total: 15 });
        let settled = fx.iter().find_map(|e| match e {
            LabEffect::Settle { caller, result } => Some((*caller, result.clone())),
            _ => None,
        });
        assert_eq!(
            settled,
            Some((
                4,
                Err("the piece value measurement was stopped after 2 of 15 games".into())
            ))
        );
        // The rows of a stopped measurement stay.
        assert_eq!(lab.rows().len(), 4);
    }
}
