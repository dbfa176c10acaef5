//! The balance lab's page glue: the effects of the lab's model ([`crate::ui::lab`]) applied
//! (a run's worker started or stopped, the panel shown, a `balance()` promise settled), the
//! worker's messages heard, Run, Measure values and Stop in the panel, and the JavaScript
//! interface (`balance`, `measureValues`, `stopBalance`, `balanceState`). The worker and the
//! lab's state are `lab_host.rs`'s.

use std::rc::Rc;

use js_sys::{Promise, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::ui::lab::{Lab, LabEffect, RunState, Settings};
use crate::ui::names::listed;

use super::app::{App, Shared};
use super::computer::Urls;
use super::js::report;
use super::lab_host::{LabWorker, WireReply, to_js};

impl Shared {
    /// Runs a handler of the lab's model, then applies the effects it returned.
    pub fn dispatch_lab<R>(&self, f: impl FnOnce(&mut Lab, &mut Vec<LabEffect>) -> R) -> R {
        let mut effects = Vec::new();
        let result = f(&mut self.lab.model.borrow_mut(), &mut effects);
        self.apply_lab(effects);
        result
    }

    fn apply_lab(&self, effects: Vec<LabEffect>) {
        for effect in effects {
            match effect {
                LabEffect::Start(job) => {
                    let id = job.id;
                    let started = Urls::find(&self.document).and_then(|urls| {
                        LabWorker::spawn(&urls, job, &self.lab.on_reply)
                            .map_err(|e| super::read::error_text(&e))
                    });
                    match started {
                        Ok(worker) => *self.lab.worker.borrow_mut() = Some(worker),
                        Err(why) => self.dispatch_lab(|lab, fx| lab.failed(id, &why, fx)),
                    }
                }
                LabEffect::Terminate => drop(self.lab.worker.borrow_mut().take()),
                LabEffect::Show => {
                    // The embed build has no lab panel: known when compiling, so that the
                    // panel's drawing (and the table's rows) drop out of its wasm.
                    let controls = self.lab.controls.as_ref();
                    if let Some(c) = controls.filter(|_| cfg!(feature = "page")) {
                        report(c.show(&self.document, &self.lab.model.borrow()));
                    }
                }
                LabEffect::Settle { caller, result } => {
                    let Some((resolve, reject)) = self.lab.callers.borrow_mut().take(caller) else {
                        continue;
                    };
                    let answer = match result {
                        Ok(r) => to_js(&r).and_then(|r| resolve.call1(&JsValue::NULL, &r)),
                        Err(why) => reject.call1(&JsValue::NULL, &JsError::new(&why).into()),
                    };
                    report(answer.map(|_| ()));
                }
            }
        }
    }

    /// A message from run `id`'s worker.
    pub(super) fn lab_reply(&self, id: u32, reply: WireReply) {
        match reply {
            WireReply::Ready => {
                let posted = match self.lab.worker.borrow().as_ref() {
                    Some(worker) if worker.job.id == id => worker.post_job(),
                    _ => Ok(()),
                };
                if let Err(e) = posted {
                    let why = super::read::error_text(&e);
                    self.dispatch_lab(|lab, fx| lab.failed(id, &why, fx));
                }
            }
            WireReply::Progress { report } => {
                self.dispatch_lab(|lab, fx| lab.progress_report(id, report.into(), fx))
            }
            WireReply::Balanced { report } => {
                self.dispatch_lab(|lab, fx| lab.finished(id, report.into(), fx))
            }
            #[cfg(feature = "page")]
            WireReply::Measuring { report } => {
                self.dispatch_lab(|lab, fx| lab.progress_report(id, report.into(), fx))
            }
            #[cfg(feature = "page")]
            WireReply::Measured { report } => {
                self.dispatch_lab(|lab, fx| lab.finished(id, report.into(), fx))
            }
            WireReply::Error { message } | WireReply::Broken(message) => {
                self.dispatch_lab(|lab, fx| lab.failed(id, &message, fx))
            }
        }
    }

    /// Starts a run of this applet's rules A (and B, when edited); `caller` is a promise
    /// waiting for it.
    fn start_lab(&self, settings: Settings, caller: Option<u32>) -> Result<(), String> {
        let (rules, name) = {
            let applet = self.model.borrow();
            let rules = applet.rules_texts();
            // Rules A's own name (the variant in play may be the edited B).
            let name = crate::describe::load_variant(&rules.0)
                .map_or_else(|_| listed(applet.session.variant()), |v| listed(&v));
            (rules, name)
        };
        self.dispatch_lab(|lab, fx| lab.start(rules, &name, settings, caller, fx))
    }

    /// Starts measuring the piece values of this applet's rules A (the rules the game was
    /// started with), `settings.games` games per imbalance; `caller` is a promise waiting.
    /// Refused in the embed build (its worker has no measurement).
    fn start_values(&self, settings: Settings, caller: Option<u32>) -> Result<(), String> {
        if !cfg!(feature = "page") {
            return Err(
                "piece values are measured in the page's lab, not in an embedded board".into(),
            );
        }
        let rules = self.model.borrow().rules_texts().0;
        let v = crate::describe::load_variant(&rules).map_err(|e| format!("rules A: {e}"))?;
        let (_, list) = crate::values::plan(&v, &crate::eval::Evaluator::new(&v))
            .ok_or_else(|| format!("{}: no piece type both sides have to measure", listed(&v)))?;
        let (n, name) = (list.len() as u32, listed(&v));
        self.dispatch_lab(|lab, fx| lab.start_values(rules, &name, n, settings, caller, fx))
    }

    /// Run (or Measure values, with `values`) in the panel: the fields' games and time per
    /// move.
    fn run_lab_from_panel(&self, values: bool) {
        let Some(c) = &self.lab.controls else {
            return;
        };
        let started = Settings::parse(&c.games.value(), &c.time_ms.value()).and_then(|settings| {
            if values {
                self.start_values(settings, None)
            } else {
                self.start_lab(settings, None)
            }
        });
        if let Err(why) = started {
            self.dispatch_lab(|lab, fx| lab.refuse(&why, fx));
        }
    }

    /// The lab's listeners: Run, Stop, and Enter in its fields.
    pub fn listen_lab(self: &Rc<Self>) -> Result<(), JsValue> {
        let Some(c) = &self.lab.controls else {
            return Ok(());
        };
        self.on(&c.run, "click", None, |s, _| {
            s.run_lab_from_panel(false);
            Ok(())
        })?;
        self.on(&c.measure, "click", None, |s, _| {
            s.run_lab_from_panel(true);
            Ok(())
        })?;
        self.on(&c.stop, "click", None, |s, _| {
            s.dispatch_lab(|lab, fx| lab.stop(fx));
            Ok(())
        })?;
        for field in [&c.games, &c.time_ms] {
            self.on(field, "keydown", None, |s, e| {
                let e: &web_sys::KeyboardEvent = e.unchecked_ref();
                if e.key() == "Enter" && !s.lab.model.borrow().running() {
                    e.prevent_default();
                    s.run_lab_from_panel(false);
                }
                Ok(())
            })?;
        }
        Ok(())
    }
}

/// A number from JavaScript; anything else is NaN (refused by [`Settings::new`]).
fn number(value: &JsValue) -> f64 {
    value.as_f64().unwrap_or(f64::NAN)
}

/// `{timeMs, nodes?}`'s numbers (a missing one is 0).
fn limits(options: &JsValue) -> Result<(f64, f64), String> {
    if !options.is_object() {
        return Err("balance(games, {timeMs, nodes?}): give the time per move".to_string());
    }
    let field = |name: &str| -> f64 {
        match Reflect::get(options, &name.into()) {
            Ok(v) if v.is_undefined() || v.is_null() => 0.0,
            Ok(v) => number(&v),
            Err(_) => f64::NAN,
        }
    };
    Ok((field("timeMs"), field("nodes")))
}

#[wasm_bindgen]
impl App {
    /// Runs the balance lab in the designer panel (its progress bar and table follow it):
    /// `games` engine games of rules A (the rules the game was started with) and as many of
    /// the edited rules B, if any, at `{timeMs, nodes?}` a move. Resolves to `{done, total, a,
    /// b}`, each side `{games, whiteWins, blackWins, draws, averagePlies, whiteScore,
    /// interval: [lo, hi], endings: {label: count}, values: [{name, value, royal}]}`, `b` null
    /// without edited rules. Rejects with an Error for bad arguments (games not a whole number
    /// from 1 to 10000, a negative or missing time), when a run is already going (stop it
    /// first: `stopBalance()`), when the run is stopped, or when it fails.
    pub fn balance(&self, games: JsValue, options: JsValue) -> Promise {
        self.start_run(games, options, false)
    }

    /// Measures the piece values of rules A (the rules the game was started with) by play, as
    /// `fairylab values` does, in the lab's worker (the panel's progress bar and table follow
    /// it): `games` games for each imbalance at `{timeMs, nodes?}` a move. Resolves to `{done,
    /// total, pieces: [{name, imbalance, games, score, value, low, high}]}` (values in pawns,
    /// the pawn's row first: the calibration; null where nothing is known yet). Rejects as
    /// `balance()` does; `stopBalance()` stops it and `balanceState()` follows it.
    #[wasm_bindgen(js_name = measureValues)]
    pub fn measure_values(&self, games: JsValue, options: JsValue) -> Promise {
        self.start_run(games, options, true)
    }

    /// Stops the balance run going (its `balance()` promise rejects); false if none was.
    #[wasm_bindgen(js_name = stopBalance)]
    pub fn stop_balance(&self) -> bool {
        self.shared.dispatch_lab(|lab, fx| lab.stop(fx))
    }
}

impl App {
    /// `balance()` or (with `values`) `measureValues()`.
    fn start_run(&self, games: JsValue, options: JsValue, values: bool) -> Promise {
        let shared = &self.shared;
        Promise::new(&mut |resolve, reject| {
            let settings = limits(&options)
                .and_then(|(time_ms, nodes)| Settings::new(number(&games), time_ms, nodes));
            let id = { shared.lab.callers.borrow_mut().add(resolve, reject.clone()) };
            let started = settings.and_then(|settings| {
                if let Some(c) = &shared.lab.controls {
                    c.games.set_value(&settings.games.to_string());
                    if settings.time_ms > 0.0 {
                        c.time_ms
                            .set_value(&crate::decimal::plain(settings.time_ms));
                    }
                }
                if values {
                    shared.start_values(settings, Some(id))
                } else {
                    shared.start_lab(settings, Some(id))
                }
            });
            if let Err(why) = started {
                shared.lab.callers.borrow_mut().take(id);
                let _ = reject.call1(&JsValue::NULL, &JsError::new(&why).into());
            }
        })
    }
}

#[wasm_bindgen]
impl App {
    /// The lab's state: `{state: "idle" | "running" | "stopped" | "done" | "failed", done,
    /// total, status}` (status: the line the panel shows).
    #[wasm_bindgen(js_name = balanceState)]
    pub fn balance_state(&self) -> Result<JsValue, JsValue> {
        let lab = self.shared.lab.model.borrow();
        let state = match lab.state {
            RunState::Idle => "idle",
            RunState::Running { .. } => "running",
            RunState::Stopped { .. } => "stopped",
            RunState::Done { .. } => "done",
            RunState::Failed(_) => "failed",
        };
        let (done, total) = lab.progress();
        let status = lab.status();
        super::js::to_js(&WireState {
            state,
            done,
            total,
            status: &status,
        })
    }
}

/// `balanceState()`'s answer.
#[derive(serde::Serialize)]
struct WireState<'a> {
    state: &'static str,
    done: u32,
    total: u32,
    status: &'a str,
}
