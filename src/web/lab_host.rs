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

use js_sys::Reflect;
use wasm_bindgen::prelude::*;

use crate::ui::lab::{Lab, LabJob, Report, SideReport};

use super::computer::{ModuleWorker, Urls};
use super::js;
use super::lab::{Report as WireReport, Summary};
use super::widgets::lab::LabControls;

/// Messages from the lab's worker.
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
    Broken(String),
}

impl WireReply {
    /// A message from the worker (other properties, such as the run's `id`, are ignored).
    fn from_js(value: &JsValue) -> Result<WireReply, String> {
        let report = |v: &JsValue| js::field(v, "report", WireReport::from_js);
        Ok(match js::field(value, "type", js::string)?.as_str() {
            "ready" => WireReply::Ready,
            "progress" => WireReply::Progress {
                report: report(value)?,
            },
            "balanced" => WireReply::Balanced {
                report: report(value)?,
            },
            "error" => WireReply::Error {
                message: js::field(value, "message", js::string)?,
            },
            other => return Err(format!("unknown message type '{other}'")),
        })
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
        }
    }
}

/// One rule set in `balance()`'s answer: `{games, whiteWins, blackWins, draws, averagePlies,
/// whiteScore, interval: [lo, hi], endings: {label: count}, values: [{name, value, royal}]}`,
/// `whiteScore` and `interval` null when there are none yet.
fn side_to_js(s: &SideReport) -> JsValue {
    let endings = js::object();
    let endings = (s.endings.iter()).fold(endings, |o, (label, n)| o.set(label, *n));
    let values = s.values.iter().map(|(name, value, royal)| {
        js::object()
            .set("name", name)
            .set("value", *value)
            .set("royal", *royal)
    });
    js::object()
        .set("games", s.games)
        .set("whiteWins", s.white_wins)
        .set("blackWins", s.black_wins)
        .set("draws", s.draws)
        .set("averagePlies", s.average_plies)
        .set("whiteScore", js::or_null(s.white_score))
        .set(
            "interval",
            js::or_null(s.interval.map(|(lo, hi)| js::array([lo, hi]))),
        )
        .set("endings", endings)
        .set("values", js::array(values))
        .into()
}

/// `balance()`'s answer: `{done, total, a, b}`, `b` null without edited rules.
pub(super) fn to_js(report: &Report) -> JsValue {
    js::object()
        .set("done", report.done)
        .set("total", report.total)
        .set("a", side_to_js(&report.a))
        .set("b", js::or_null(report.b.as_ref().map(side_to_js)))
        .into()
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
        let message = js_sys::Object::new();
        Reflect::set(&message, &"type".into(), &"balance".into())?;
        Reflect::set(&message, &"id".into(), &job.id.into())?;
        Reflect::set(&message, &"a".into(), &job.a.as_str().into())?;
        Reflect::set(&message, &"b".into(), &job.b.as_str().into())?;
        Reflect::set(&message, &"games".into(), &job.settings.games.into())?;
        Reflect::set(&message, &"timeMs".into(), &job.settings.time_ms.into())?;
        Reflect::set(&message, &"nodes".into(), &job.settings.nodes.into())?;
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
