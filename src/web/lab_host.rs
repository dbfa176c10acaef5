//! The balance lab, page side: its own Web Worker (separate from the computer player's, so
//! the computer keeps playing and the page stays responsive while a run goes), the worker's
//! messages, and the lab's state in an applet ([`LabHost`]). The effects of the lab's model
//! ([`crate::ui::lab`]) are applied in `lab_panel.rs`, with the lab's listeners and its
//! JavaScript interface (`balance`, `stopBalance`, `balanceState`).
//!
//! A run starts a fresh worker (`www/ai-worker.js`, the same module as the computer's), waits
//! for its `ready`, then posts `{type: 'balance', id, a, b, games, timeMs, nodes}`; each
//! `progress` report updates the table, `balanced` ends the run and terminates the worker.
//! Stop terminates the worker at once; whatever it had in flight is dropped.
//!
//! `balance()` while a run is going is refused (its promise rejects, saying to stop the first
//! run), as is Run in the panel: Run is disabled while a run goes.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::ui::lab::{Lab, LabJob, Report, SideReport};

use super::computer::{ModuleWorker, Urls};
use super::js;
use super::lab::{Report as WireReport, Summary};
use super::widgets::lab::LabControls;

/// Messages from the lab's worker.
#[derive(serde::Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum WireReply {
    /// `{type: 'ready'}`
    Ready,
    /// `{type: 'progress', report}`
    Progress { report: WireReport },
    /// `{type: 'balanced', report}`
    Balanced { report: WireReport },
    /// `{type: 'error', message}`
    Error { message: String },
    /// An unreadable message or an `error` event.
    #[serde(skip)]
    Broken(String),
}

impl WireReply {
    /// A message from the worker (other properties, such as the run's `id`, are ignored).
    fn from_js(value: &JsValue) -> Result<WireReply, String> {
        js::from_js(value.clone())
    }
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

pub(super) fn to_js(report: &Report) -> Result<JsValue, JsValue> {
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
        let message = js::to_js(&WireJob {
            id: job.id,
            a: &job.a,
            b: &job.b,
            games: job.settings.games,
            time_ms: job.settings.time_ms,
            nodes: job.settings.nodes,
        })?;
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
