//! The computer player, page side: its Web Worker (the policy's types are in
//! [`crate::ui::player`]). The worker (`www/ai-worker.js`) runs this same wasm
//! module's [`super::AiEngine`], so the page stays responsive while it searches. Positions
//! go out as a start FEN and coordinate moves, moves come back as coordinate text: no rules
//! here. Every search has an id, and a reply whose id is not the search asked for is ignored;
//! a search is stopped at once by terminating the worker and starting a fresh one.
//!
//! Protocol (see `www/ai-worker.js`): `init {jsUrl, wasmUrl, module}` → `ready`;
//! `variant {id, variant}` → `values {id, values}`; `search {id, fen, moves, timeMs, depth,
//! nodes}` → `info {id, line}`* then `bestmove {id, move}`; failures → `error {id, message}`.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, ErrorEvent, Event, HtmlLinkElement, MessageEvent, Url, Window, Worker, WorkerOptions,
    WorkerType,
};

use crate::position::Colour;
use crate::ui::player::{Level, Mode};

/// Messages to the worker.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum ToWorker<'a> {
    Variant {
        id: u32,
        variant: &'a str,
    },
    Search {
        id: u32,
        fen: &'a str,
        moves: &'a str,
        #[serde(rename = "timeMs")]
        time_ms: f64,
        depth: u32,
        nodes: f64,
    },
}

/// Messages from the worker.
#[derive(Deserialize, Debug)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Reply {
    Ready,
    Values {
        values: Vec<String>,
    },
    Info {
        id: u32,
        line: String,
    },
    Bestmove {
        id: u32,
        #[serde(rename = "move")]
        mv: String,
    },
    Error {
        #[serde(default)]
        id: Option<u32>,
        message: String,
    },
    /// The worker could not be loaded or failed outside a message (an `error` event).
    #[serde(skip)]
    Broken(String),
}

/// Where the worker and the wasm module it loads are, resolved from the page's own module
/// (Trunk's `<link rel="modulepreload">` and `<link rel="preload" as="fetch">`), so the page
/// works under any path.
#[derive(Clone, Debug)]
pub struct Urls {
    pub worker: String,
    pub js: String,
    pub wasm: String,
}

impl Urls {
    pub fn find(document: &Document) -> Result<Urls, String> {
        let link = |selector: &str| -> Option<String> {
            let el = document.query_selector(selector).ok()??;
            Some(el.dyn_into::<HtmlLinkElement>().ok()?.href())
        };
        let wasm = link(r#"link[rel="preload"][href$="_bg.wasm"]"#)
            .ok_or("the page does not say where its wasm module is")?;
        let js = link(r#"link[rel="modulepreload"][href$=".js"]"#)
            .unwrap_or_else(|| format!("{}.js", wasm.trim_end_matches("_bg.wasm")));
        let worker = Url::new_with_base("ai-worker.js", &js)
            .map_err(|_| format!("no worker address next to {js}"))?
            .href();
        Ok(Urls { worker, js, wasm })
    }
}

/// One search asked of the worker.
pub struct Request {
    pub id: u32,
    pub purpose: Purpose,
    /// The start FEN and the moves played, as sent: the reply is for this game only.
    pub fen: String,
    pub moves: String,
    /// The side to move (scores are from its point of view).
    pub side: Colour,
    /// Sent to the worker yet (it may still be starting).
    sent: bool,
}

impl Request {
    pub fn is_for(&self, fen: &str, moves: &str) -> bool {
        self.fen == fen && self.moves == moves
    }
}

/// Why a search runs. A hint keeps the promises waiting for it (resolve, reject).
pub enum Purpose {
    Move,
    Hint(Vec<(js_sys::Function, js_sys::Function)>),
}

/// What a reply from the worker means for the applet.
pub enum Heard {
    /// Stale, or nothing to do.
    Nothing,
    /// The worker is up.
    Ready,
    /// New piece values.
    Values,
    /// A finished iteration of the search in progress ([`Computer::line`]).
    Info,
    /// The search's best move (empty when there is none).
    Best(Request, String),
    /// The search failed, or the worker did.
    Failed(Option<Request>, String),
}

/// A running worker and the listeners that hear it.
struct Engine {
    worker: Worker,
    ready: bool,
    /// The variant (its name) the worker's engine was last given.
    variant: Option<String>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

impl Engine {
    /// Starts the worker; its replies go to `on_reply` with `generation`.
    fn spawn(
        urls: &Urls,
        generation: u32,
        on_reply: &Rc<dyn Fn(u32, Reply)>,
    ) -> Result<Engine, JsValue> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        options.set_name("fairylab-ai");
        let worker = Worker::new_with_options(&urls.worker, &options)?;
        let f = on_reply.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let reply = serde_wasm_bindgen::from_value(e.data())
                .unwrap_or_else(|err| Reply::Broken(format!("an unreadable reply: {err}")));
            f(generation, reply);
        });
        let f = on_reply.clone();
        let on_error = Closure::<dyn FnMut(Event)>::new(move |e: Event| {
            e.prevent_default();
            let message = e
                .dyn_ref::<ErrorEvent>()
                .map(|e| e.message())
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| "the worker failed to load".into());
            f(generation, Reply::Broken(message));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        worker.set_onmessageerror(Some(on_error.as_ref().unchecked_ref()));

        let init = js_sys::Object::new();
        js_sys::Reflect::set(&init, &"type".into(), &"init".into())?;
        js_sys::Reflect::set(&init, &"jsUrl".into(), &urls.js.as_str().into())?;
        js_sys::Reflect::set(&init, &"wasmUrl".into(), &urls.wasm.as_str().into())?;
        // The module this page already compiled: the worker only instantiates it.
        js_sys::Reflect::set(&init, &"module".into(), &wasm_bindgen::module())?;
        worker.post_message(&init)?;
        Ok(Engine {
            worker,
            ready: false,
            variant: None,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    fn post(&self, message: &ToWorker<'_>) -> Result<(), JsValue> {
        self.worker
            .post_message(&serde_wasm_bindgen::to_value(message)?)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.worker.terminate();
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.set_onmessageerror(None);
    }
}

/// The computer player of one applet.
pub struct Computer {
    pub mode: Mode,
    pub level: Level,
    /// Stopped (the Stop button, an undo or redo): it does not move until the human moves,
    /// presses Go, or changes the mode or the game.
    pub paused: bool,
    /// The search in progress, if any.
    pub request: Option<Request>,
    /// The latest `info` line of the current or last search, and the side it searched for.
    pub line: Option<String>,
    pub line_side: Colour,
    /// The engine's piece values, `ID name value` each.
    pub values: Vec<String>,
    /// Why the computer cannot play here, if it cannot.
    pub problem: Option<String>,
    /// The variant the game plays: (name, what the worker loads: a bundled name or the text).
    variant: (String, String),
    urls: Option<Urls>,
    engine: Option<Engine>,
    generation: u32,
    next_id: u32,
    on_reply: Rc<dyn Fn(u32, Reply)>,
    /// A move to start after a pause (computer against computer), and its callback.
    timer: Option<i32>,
    on_timer: Closure<dyn FnMut()>,
}

impl Computer {
    /// The computer player; its worker starts at once when the page says where its module is.
    pub fn new(
        document: &Document,
        mode: Mode,
        level: Level,
        on_reply: Rc<dyn Fn(u32, Reply)>,
        on_timer: Closure<dyn FnMut()>,
    ) -> Computer {
        let (urls, problem) = match Urls::find(document) {
            Ok(urls) => (Some(urls), None),
            Err(e) => (
                None,
                Some(format!("The computer player is not available: {e}.")),
            ),
        };
        let mut computer = Computer {
            mode,
            level,
            paused: false,
            request: None,
            line: None,
            line_side: 0,
            values: Vec::new(),
            problem,
            variant: Default::default(),
            urls,
            engine: None,
            generation: 0,
            next_id: 1,
            on_reply,
            timer: None,
            on_timer,
        };
        computer.spawn();
        computer
    }

    fn spawn(&mut self) {
        self.generation += 1;
        self.engine = None;
        let Some(urls) = &self.urls else {
            return;
        };
        match Engine::spawn(urls, self.generation, &self.on_reply) {
            Ok(engine) => self.engine = Some(engine),
            Err(e) => self.broken(&format!("{e:?}")),
        }
    }

    fn broken(&mut self, why: &str) {
        self.engine = None;
        self.urls = None;
        self.problem = Some(format!("The computer player stopped working: {why}"));
    }

    pub fn available(&self) -> bool {
        self.urls.is_some()
    }

    /// The worker is up and has answered `ready`.
    pub fn ready(&self) -> bool {
        self.engine.as_ref().is_some_and(|e| e.ready)
    }

    /// Is a search running (or waiting for the worker to start)?
    pub fn searching(&self) -> bool {
        self.request.is_some()
    }

    /// The game's variant: its name, and the bundled name or text the worker loads.
    pub fn set_variant(&mut self, name: &str, source: &str) {
        if self.variant.0 != name {
            self.variant = (name.to_string(), source.to_string());
            self.values.clear();
        }
    }

    /// Stops the search in progress at once (a fresh worker replaces the busy one) and
    /// returns it, so its hint promises can be told.
    pub fn cancel(&mut self) -> Option<Request> {
        self.cancel_timer();
        let request = self.request.take()?;
        if request.sent {
            self.spawn();
        }
        Some(request)
    }

    /// Asks for a search of the game `fen` + `moves` (sent when the worker is ready).
    pub fn start(&mut self, purpose: Purpose, fen: String, moves: String, side: Colour) {
        self.cancel_timer();
        let id = self.next_id;
        self.next_id += 1;
        self.line = None;
        self.line_side = side;
        self.request = Some(Request {
            id,
            purpose,
            fen,
            moves,
            side,
            sent: false,
        });
        self.flush();
    }

    /// Sends the worker what it lacks: the variant, then the search asked for.
    pub fn flush(&mut self) {
        let Some(engine) = self.engine.as_mut().filter(|e| e.ready) else {
            return;
        };
        let mut result = Ok(());
        if engine.variant.as_deref() != Some(self.variant.0.as_str()) && !self.variant.0.is_empty()
        {
            engine.variant = Some(self.variant.0.clone());
            result = engine.post(&ToWorker::Variant {
                id: 0,
                variant: &self.variant.1,
            });
        }
        if let Some(request) = self.request.as_mut().filter(|r| !r.sent) {
            request.sent = true;
            let (time_ms, depth) = self.level.limits();
            result = result.and(engine.post(&ToWorker::Search {
                id: request.id,
                fen: &request.fen,
                moves: &request.moves,
                time_ms,
                depth,
                nodes: 0.0,
            }));
        }
        if let Err(e) = result {
            self.broken(&format!("{e:?}"));
        }
    }

    /// A reply from the worker of `generation`, with what the applet must act on; a reply
    /// from an older worker or to another search changes nothing.
    pub fn accept(&mut self, generation: u32, reply: Reply) -> Heard {
        if generation != self.generation || self.engine.is_none() {
            return Heard::Nothing;
        }
        let current = self.request.as_ref().map(|r| r.id);
        match reply {
            Reply::Ready => {
                if let Some(engine) = self.engine.as_mut() {
                    engine.ready = true;
                }
                self.flush();
                Heard::Ready
            }
            Reply::Values { values } => {
                self.values = values;
                Heard::Values
            }
            Reply::Info { id, line } if Some(id) == current => {
                self.line = Some(line);
                Heard::Info
            }
            Reply::Bestmove { id, mv } if Some(id) == current => match self.request.take() {
                Some(request) => Heard::Best(request, mv),
                None => Heard::Nothing,
            },
            Reply::Error {
                id: Some(id),
                message,
            } if Some(id) == current => Heard::Failed(self.request.take(), message),
            Reply::Error { id: None, message } | Reply::Broken(message) => {
                self.broken(&message);
                Heard::Failed(self.request.take(), message)
            }
            _ => Heard::Nothing,
        }
    }

    /// Starts the computer's next move after `ms` (so a game between computers can be
    /// watched), unless one is already due.
    pub fn start_later(&mut self, window: &Window, ms: i32) -> Result<(), JsValue> {
        if self.timer.is_none() {
            self.timer = Some(
                window.set_timeout_with_callback_and_timeout_and_arguments_0(
                    self.on_timer.as_ref().unchecked_ref(),
                    ms,
                )?,
            );
        }
        Ok(())
    }

    pub fn timer_due(&self) -> bool {
        self.timer.is_some()
    }

    /// The timer fired.
    pub fn timer_fired(&mut self) {
        self.timer = None;
    }

    pub fn cancel_timer(&mut self) {
        if let Some(id) = self.timer.take()
            && let Some(window) = web_sys::window()
        {
            window.clear_timeout_with_handle(id);
        }
    }
}

impl Drop for Computer {
    fn drop(&mut self) {
        self.cancel_timer();
    }
}
