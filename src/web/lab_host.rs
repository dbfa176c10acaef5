//! The balance lab, page side: its own Web Worker (separate from the computer player's, so
//! the computer keeps playing and the page stays responsive while a run goes), the worker's
//! messages, and the lab's state in an applet ([`LabHost`]). The effects of the lab's model
//! ([`crate::ui::lab`]) are applied in `lab_panel.rs`, with the lab's listeners and its
//! JavaScript interface (`balance`, `stopBalance`, `balanceState`).
//!
//! A run starts a fresh worker (`www/ai-worker.js`, the same module as the computer's), waits
//! for its `ready`, then posts `{type: 'balance', id, a, b, games, timeMs, nodes}`; each
//! `progress` report updates the table, `balanced` ends the run and terminates the worker.
//! A piece value measurement likewise posts `{type: 'measure', id, a, games, timeMs, nodes}`
//! and hears `measuring` reports, then `measured`.
//! Stop terminates the worker at once; whatever it had in flight is dropped.
//!
//! `balance()` while a run is going is refused (its promise rejects, saying to stop the first
//! run), as is Run in the panel: Run is disabled while a run goes.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

#[cfg(feature = "page")]
use crate::ui::lab::PieceRow;
use crate::ui::lab::{JobKind, Lab, LabJob, Report, SideReport};

use super::computer::{ModuleWorker, Urls};
use super::js;
#[cfg(feature = "page")]
use super::lab::{Piece, ValuesReport};
use super::lab::{Report as WireReport, Summary};
use super::read::Value;
use super::widgets::lab::LabControls;

/// Messages from the lab's worker.
pub enum WireReply {
    /// `{type: 'ready'}`
    Ready,
    /// `{type: 'progress', report}`
    Progress { report: WireReport },
    /// `{type: 'balanced', report}`
    Balanced { report: WireReport },
    /// `{type: 'measuring', report}`: a measurement's report before the first game and after
    /// each.
    #[cfg(feature = "page")]
    Measuring { report: ValuesReport },
    /// `{type: 'measured', report}`
    #[cfg(feature = "page")]
    Measured { report: ValuesReport },
    /// `{type: 'error', message}`
    Error { message: String },
    /// An unreadable message or an `error` event.
    Broken(String),
}

impl WireReply {
    /// A message from the worker (other properties, such as the run's `id`, are ignored);
    /// what does not fit is refused, saying which field and why.
    pub(super) fn from_js(value: &JsValue) -> Result<WireReply, String> {
        let o = Value::root(value.clone());
        let kind = o.get("type")?;
        let report = || o.get("report");
        Ok(match kind.string()?.as_str() {
            "ready" => WireReply::Ready,
            "progress" => WireReply::Progress {
                report: read_report(&report()?)?,
            },
            "balanced" => WireReply::Balanced {
                report: read_report(&report()?)?,
            },
            #[cfg(feature = "page")]
            "measuring" => WireReply::Measuring {
                report: read_values(&report()?)?,
            },
            #[cfg(feature = "page")]
            "measured" => WireReply::Measured {
                report: read_values(&report()?)?,
            },
            "error" => WireReply::Error {
                message: o.get("message")?.string()?,
            },
            _ => return Err(kind.error(TYPES)),
        })
    }
}

/// The lab worker's message types, for the error of an unknown one.
#[cfg(feature = "page")]
const TYPES: &str = r#""ready", "progress", "balanced", "measuring", "measured" or "error""#;
#[cfg(not(feature = "page"))]
const TYPES: &str = r#""ready", "progress", "balanced" or "error""#;

/// A balance run's report (`super::lab::Report`'s shape).
fn read_report(o: &Value) -> Result<WireReport, String> {
    Ok(WireReport {
        done: o.get("done")?.u32()?,
        total: o.get("total")?.u32()?,
        a: read_summary(&o.get("a")?)?,
        b: o.or("b", None, |b| read_summary(b).map(Some))?,
        table: o.get("table")?.string()?,
    })
}

/// One rule set's results (`super::lab::Summary`'s shape).
fn read_summary(o: &Value) -> Result<Summary, String> {
    Ok(Summary {
        games: o.get("games")?.u32()?,
        white_wins: o.get("whiteWins")?.u32()?,
        black_wins: o.get("blackWins")?.u32()?,
        draws: o.get("draws")?.u32()?,
        average_plies: o.get("averagePlies")?.number()?,
        white_score: o.or("whiteScore", None, |v| v.number().map(Some))?,
        interval: o.or("interval", None, |v| {
            let [lo, hi] = v.tuple()?;
            Ok(Some([lo.number()?, hi.number()?]))
        })?,
        endings: o.get("endings")?.each(|e| {
            let [label, count] = e.tuple()?;
            Ok((label.string()?, count.u32()?))
        })?,
        values: o.get("values")?.each(|e| {
            let [name, value, royal] = e.tuple()?;
            Ok((name.string()?, value.i32()?, royal.bool()?))
        })?,
    })
}

/// A measurement's report (`super::lab::ValuesReport`'s shape).
#[cfg(feature = "page")]
fn read_values(o: &Value) -> Result<ValuesReport, String> {
    Ok(ValuesReport {
        done: o.get("done")?.u32()?,
        total: o.get("total")?.u32()?,
        pieces: o.get("pieces")?.each(|p| {
            Ok(Piece {
                name: p.get("name")?.string()?,
                imbalance: p.get("imbalance")?.string()?,
                games: p.get("games")?.u32()?,
                score: p.or("score", None, |v| v.number().map(Some))?,
                value: p.or("value", None, |v| {
                    let [value, lo, hi] = v.tuple()?;
                    Ok(Some([value.number()?, lo.number()?, hi.number()?]))
                })?,
            })
        })?,
    })
}

/// The balance run posted to the worker: `{type: 'balance', id, a, b, games, timeMs, nodes}`.
#[derive(serde::Serialize)]
#[serde(tag = "type", rename = "balance", rename_all = "camelCase")]
struct WireJob<'a> {
    id: u32,
    a: &'a str,
    b: &'a str,
    games: u32,
    time_ms: f64,
    nodes: f64,
}

#[cfg(feature = "page")]
/// The measurement posted to the worker: `{type: 'measure', id, a, games, timeMs, nodes}`.
#[derive(serde::Serialize)]
#[serde(tag = "type", rename = "measure", rename_all = "camelCase")]
struct WireMeasure<'a> {
    id: u32,
    a: &'a str,
    games: u32,
    time_ms: f64,
    nodes: f64,
}

#[cfg(feature = "page")]
impl From<ValuesReport> for Report {
    fn from(w: ValuesReport) -> Report {
        let pieces = (w.pieces.into_iter())
            .map(|p| PieceRow {
                name: p.name,
                imbalance: p.imbalance,
                games: p.games,
                score: p.score,
                value: p.value.map(|[v, lo, hi]| (v, lo, hi)),
            })
            .collect();
        Report {
            done: w.done,
            total: w.total,
            pieces: Some(pieces),
            ..Report::default()
        }
    }
}

impl From<Summary> for SideReport {
    fn from(w: Summary) -> SideReport {
        SideReport {
            games: w.games,
            white_wins: w.white_wins,
            black_wins: w.black_wins,
            draws: w.draws,
            average_plies: w.average_plies,
            white_score: w.white_score,
            interval: w.interval.map(|[lo, hi]| (lo, hi)),
            endings: w.endings,
            values: w.values,
        }
    }
}

impl From<WireReport> for Report {
    fn from(w: WireReport) -> Report {
        Report {
            done: w.done,
            total: w.total,
            a: w.a.into(),
            b: w.b.map(Into::into),
            pieces: None,
        }
    }
}

/// One rule set in `balance()`'s answer: `{games, whiteWins, blackWins, draws, averagePlies,
/// whiteScore, interval: [lo, hi], endings: {label: count}, values: [{name, value, royal}]}`,
/// `whiteScore` and `interval` null when there are none yet.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct WireSide<'a> {
    games: u32,
    white_wins: u32,
    black_wins: u32,
    draws: u32,
    average_plies: f64,
    white_score: Option<f64>,
    interval: Option<(f64, f64)>,
    endings: Endings<'a>,
    values: Vec<WireValue<'a>>,
}

/// The endings as an object, `{label: count}`, in the order the lab counts them.
struct Endings<'a>(&'a [(String, u32)]);

impl serde::Serialize for Endings<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(label, n)| (label, n)))
    }
}

/// A piece value: `{name, value, royal}`.
#[derive(serde::Serialize)]
struct WireValue<'a> {
    name: &'a str,
    value: i32,
    royal: bool,
}

impl<'a> From<&'a SideReport> for WireSide<'a> {
    fn from(s: &'a SideReport) -> WireSide<'a> {
        WireSide {
            games: s.games,
            white_wins: s.white_wins,
            black_wins: s.black_wins,
            draws: s.draws,
            average_plies: s.average_plies,
            white_score: s.white_score,
            interval: s.interval,
            endings: Endings(&s.endings),
            values: (s.values.iter())
                .map(|(name, value, royal)| WireValue {
                    name,
                    value: *value,
                    royal: *royal,
                })
                .collect(),
        }
    }
}

/// `balance()`'s answer: `{done, total, a, b}`, `b` null without edited rules.
#[derive(serde::Serialize)]
struct WireAnswer<'a> {
    done: u32,
    total: u32,
    a: WireSide<'a>,
    b: Option<WireSide<'a>>,
}

#[cfg(feature = "page")]
/// `measureValues()`'s answer: `{done, total, pieces: [{name, imbalance, games, score, value,
/// low, high}]}` (values in pawns; score, value, low and high null when there are none).
#[derive(serde::Serialize)]
struct WireValues<'a> {
    done: u32,
    total: u32,
    pieces: Vec<WirePiece<'a>>,
}

#[cfg(feature = "page")]
#[derive(serde::Serialize)]
struct WirePiece<'a> {
    name: &'a str,
    imbalance: &'a str,
    games: u32,
    score: Option<f64>,
    value: Option<f64>,
    low: Option<f64>,
    high: Option<f64>,
}

pub(super) fn to_js(report: &Report) -> Result<JsValue, JsValue> {
    #[cfg(feature = "page")]
    if let Some(pieces) = &report.pieces {
        let pieces = (pieces.iter())
            .map(|p| WirePiece {
                name: &p.name,
                imbalance: &p.imbalance,
                games: p.games,
                score: p.score,
                value: p.value.map(|v| v.0),
                low: p.value.map(|v| v.1),
                high: p.value.map(|v| v.2),
            })
            .collect();
        return js::to_js_null(&WireValues {
            done: report.done,
            total: report.total,
            pieces,
        });
    }
    js::to_js_null(&WireAnswer {
        done: report.done,
        total: report.total,
        a: (&report.a).into(),
        b: report.b.as_ref().map(Into::into),
    })
}

/// The lab's running worker (terminated when dropped) and the run it is for.
pub(super) struct LabWorker {
    worker: ModuleWorker,
    /// The run, posted once the worker is ready.
    pub job: LabJob,
}

impl LabWorker {
    /// Starts a worker for `job`; its replies go to the applet's lab, tagged with the run.
    pub fn spawn(urls: &Urls, job: LabJob, on_reply: &OnReply) -> Result<LabWorker, JsValue> {
        let (id, on_reply) = (job.id, on_reply.clone());
        let on_reply: Rc<dyn Fn(WireReply)> = Rc::new(move |reply| on_reply(id, reply));
        let decode = WireReply::from_js;
        let worker =
            ModuleWorker::spawn(urls, "fairylab-lab", decode, WireReply::Broken, on_reply)?;
        Ok(LabWorker { worker, job })
    }

    /// Posts the run (after `ready`).
    pub fn post_job(&self) -> Result<(), JsValue> {
        let job = &self.job;
        let (games, time_ms, nodes) =
            (job.settings.games, job.settings.time_ms, job.settings.nodes);
        let message = match job.kind {
            JobKind::Balance => js::to_js(&WireJob {
                id: job.id,
                a: &job.a,
                b: &job.b,
                games,
                time_ms,
                nodes,
            }),
            #[cfg(feature = "page")]
            JobKind::Values => js::to_js(&WireMeasure {
                id: job.id,
                a: &job.a,
                games,
                time_ms,
                nodes,
            }),
            // The embed build refuses a measurement before it gets here.
            #[cfg(not(feature = "page"))]
            JobKind::Values => Err(JsValue::from_str("no piece value measurement here")),
        }?;
        self.worker.post(&message)
    }
}

/// One applet's balance lab: its controls (none in the embed build, which has no lab panel),
/// its model, its worker while a run goes, and the promises waiting.
pub struct LabHost {
    pub controls: Option<LabControls>,
    pub model: RefCell<Lab>,
    pub worker: RefCell<Option<LabWorker>>,
    pub callers: RefCell<super::js::Pending>,
    /// Where a run's worker's messages go, with the run's id.
    pub on_reply: OnReply,
}

/// What hears a lab worker's messages: the run's id and the message.
pub type OnReply = Rc<dyn Fn(u32, WireReply)>;

impl LabHost {
    pub fn new(controls: Option<LabControls>, on_reply: OnReply) -> LabHost {
        LabHost {
            controls,
            model: RefCell::default(),
            worker: RefCell::default(),
            callers: RefCell::default(),
            on_reply,
        }
    }
}
