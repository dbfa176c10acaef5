//! The computer player's Web Worker, page side: it starts the worker, posts it the policy's
//! [`Job`]s and hands its replies back (the policy itself is [`crate::ui::computer`]). The
//! worker (`www/ai-worker.js`) runs this same wasm module's [`super::AiEngine`], so the page
//! stays responsive while it searches. Positions go out as a start FEN and coordinate moves,
//! moves come back as coordinate text: no rules here. A search is stopped at once by
//! terminating the worker and starting a fresh one; replies from an old worker are dropped.
//!
//! Protocol (see `www/ai-worker.js`): `init {jsUrl, wasmUrl, module}` → `ready`;
//! `variant {id, variant}` → `values {id, values}`; `search {id, fen, moves, timeMs, depth,
//! nodes}` → `info {id, line}`* then `bestmove {id, move}`; failures → `error {id, message}`.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, ErrorEvent, Event, HtmlLinkElement, MessageEvent, Url, Window, Worker, WorkerOptions,
    WorkerType,
};

use crate::ui::computer::{Job, Reply};

use super::js;
use super::read::Value;

/// Messages to the worker: `{type: 'variant', id, variant}` or `{type: 'search', id, fen,
/// moves, timeMs, depth, nodes}`.
#[derive(serde::Serialize)]
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

/// Messages from the worker, as they come.
#[derive(Debug)]
pub enum WireReply {
    /// `{type: 'ready'}`
    Ready,
    /// `{type: 'values', values: [string]}`
    Values { values: Vec<String> },
    /// `{type: 'info', id, line}`
    Info { id: u32, line: String },
    /// `{type: 'bestmove', id, move}`
    Bestmove { id: u32, mv: String },
    /// `{type: 'error', id?, message}` (`id` missing or null when not about a request).
    Error { id: Option<u32>, message: String },
    /// The worker could not be loaded or failed outside a message (an `error` event).
    Broken(String),
}

impl WireReply {
    /// A message from the worker (other properties are ignored); what does not fit is
    /// refused, saying which field and why.
    pub fn from_js(value: &JsValue) -> Result<WireReply, String> {
        let o = Value::root(value.clone());
        let kind = o.get("type")?;
        Ok(match kind.string()?.as_str() {
            "ready" => WireReply::Ready,
            "values" => WireReply::Values {
                values: o.get("values")?.each(Value::string)?,
            },
            "info" => WireReply::Info {
                id: o.get("id")?.u32()?,
                line: o.get("line")?.string()?,
            },
            "bestmove" => WireReply::Bestmove {
                id: o.get("id")?.u32()?,
                mv: o.get("move")?.string()?,
            },
            "error" => WireReply::Error {
                id: o.or("id", None, |v| v.u32().map(Some))?,
                message: o.get("message")?.string()?,
            },
            _ => return Err(kind.error(r#""ready", "values", "info", "bestmove" or "error""#)),
        })
    }

    /// The reply in the policy's terms.
    pub fn into_reply(self) -> Reply {
        match self {
            WireReply::Ready => Reply::Ready,
            WireReply::Values { values } => Reply::Values(values),
            WireReply::Info { id, line } => Reply::Info { id, line },
            WireReply::Bestmove { id, mv } => Reply::Bestmove { id, mv },
            WireReply::Error { id, message } => Reply::Error { id, message },
            WireReply::Broken(message) => Reply::Error { id: None, message },
        }
    }
}

/// Where the worker and the wasm module it loads are, resolved from the page's own module
/// (Trunk's `<link rel="modulepreload">` and `<link rel="preload" as="fetch">`), so the page
/// works under any path.
#[derive(Clone, Debug)]
pub struct Urls {
    pub worker: String,
    pub js: String,
    pub wasm: String,
    /// The module's JavaScript itself (embedded boards: the embed script has it in memory,
    /// and a worker may not import the page's `blob:` addresses when the page was opened
    /// from disk): the worker is then a classic one and imports this text from an address of
    /// its own.
    pub js_source: Option<String>,
}

thread_local! {
    /// Where the embed script (`web/embed.rs`) says the module is, for pages without Trunk's
    /// preload links.
    static GIVEN: std::cell::RefCell<Option<Urls>> = const { std::cell::RefCell::new(None) };
}

impl Urls {
    /// Says where the module and the worker are, instead of the page's links.
    pub fn give(urls: Urls) {
        GIVEN.with(|given| *given.borrow_mut() = Some(urls));
    }

    pub fn find(document: &Document) -> Result<Urls, String> {
        if let Some(urls) = GIVEN.with(|given| given.borrow().clone()) {
            return Ok(urls);
        }
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
        Ok(Urls {
            worker,
            js,
            wasm,
            js_source: None,
        })
    }
}

/// A module worker running `ai-worker.js`, given this page's own compiled module (it only
/// instantiates it), and the listeners that hear it; terminated when dropped. Its replies are
/// decoded as `R` by `decode`; an unreadable reply or a failing worker comes back as `broken(why)`.
pub(super) struct ModuleWorker {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

impl ModuleWorker {
    /// Starts the worker (`name` shows in the browser's tools) and sends it `init`.
    pub(super) fn spawn<R: 'static>(
        urls: &Urls,
        name: &str,
        decode: fn(&JsValue) -> Result<R, String>,
        broken: fn(String) -> R,
        on_reply: Rc<dyn Fn(R)>,
    ) -> Result<ModuleWorker, JsValue> {
        let options = WorkerOptions::new();
        if urls.js_source.is_none() {
            options.set_type(WorkerType::Module);
        }
        options.set_name(name);
        let worker = Worker::new_with_options(&urls.worker, &options)?;
        let f = on_reply.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let reply = decode(&e.data())
                .unwrap_or_else(|err| broken(format!("an unreadable reply: {err}")));
            f(reply);
        });
        let load_failed = format!("the worker {name} failed to load");
        let on_error = Closure::<dyn FnMut(Event)>::new(move |e: Event| {
            e.prevent_default();
            let message = e
                .dyn_ref::<ErrorEvent>()
                .map(|e| e.message())
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| load_failed.clone());
            on_reply(broken(message));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        worker.set_onmessageerror(Some(on_error.as_ref().unchecked_ref()));

        let init = js_sys::Object::new();
        js_sys::Reflect::set(&init, &"type".into(), &"init".into())?;
        js_sys::Reflect::set(&init, &"jsUrl".into(), &urls.js.as_str().into())?;
        js_sys::Reflect::set(&init, &"wasmUrl".into(), &urls.wasm.as_str().into())?;
        js_sys::Reflect::set(&init, &"module".into(), &wasm_bindgen::module())?;
        if let Some(source) = &urls.js_source {
            js_sys::Reflect::set(&init, &"jsSource".into(), &source.as_str().into())?;
        }
        worker.post_message(&init)?;
        Ok(ModuleWorker {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    pub(super) fn post(&self, message: &JsValue) -> Result<(), JsValue> {
        self.worker.post_message(message)
    }
}

impl Drop for ModuleWorker {
    fn drop(&mut self) {
        self.worker.terminate();
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.set_onmessageerror(None);
    }
}

/// The computer's running worker.
struct Engine(ModuleWorker);

impl Engine {
    /// Starts the worker; its replies go to `on_reply` with `generation`.
    fn spawn(
        urls: &Urls,
        generation: u32,
        on_reply: &Rc<dyn Fn(u32, WireReply)>,
    ) -> Result<Engine, JsValue> {
        let f = on_reply.clone();
        let on_reply: Rc<dyn Fn(WireReply)> = Rc::new(move |reply| f(generation, reply));
        let decode = WireReply::from_js;
        ModuleWorker::spawn(urls, "fairylab-ai", decode, WireReply::Broken, on_reply).map(Engine)
    }

    fn post(&self, message: &ToWorker<'_>) -> Result<(), JsValue> {
        self.0.post(&js::to_js(message)?)
    }
}

/// One applet's worker: the running one (if any), its generation, and the pause timer.
pub struct WorkerHost {
    urls: Option<Urls>,
    engine: Option<Engine>,
    generation: u32,
    on_reply: Rc<dyn Fn(u32, WireReply)>,
    timer: Option<i32>,
    on_timer: Closure<dyn FnMut()>,
}

impl WorkerHost {
    /// Finds where the page says its module is, or says why the computer player cannot play
    /// here; the worker itself starts with the policy's first `Job::Restart`.
    pub fn new(
        document: &Document,
        on_reply: Rc<dyn Fn(u32, WireReply)>,
        on_timer: Closure<dyn FnMut()>,
    ) -> (WorkerHost, Option<String>) {
        let (urls, problem) = match Urls::find(document) {
            Ok(urls) => (Some(urls), None),
            Err(e) => (
                None,
                Some(format!("The computer player is not available: {e}.")),
            ),
        };
        let host = WorkerHost {
            urls,
            engine: None,
            generation: 0,
            on_reply,
            timer: None,
            on_timer,
        };
        // The worker starts when the policy first asks for it (`Job::Restart`).
        (host, problem)
    }

    fn spawn(&mut self) -> Result<(), String> {
        self.generation += 1;
        self.engine = None;
        let Some(urls) = &self.urls else {
            return Ok(());
        };
        match Engine::spawn(urls, self.generation, &self.on_reply) {
            Ok(engine) => {
                self.engine = Some(engine);
                Ok(())
            }
            Err(e) => self.broken(super::read::error_text(&e)),
        }
    }

    fn broken(&mut self, why: String) -> Result<(), String> {
        self.engine = None;
        self.urls = None;
        Err(why)
    }

    /// Is a reply of `generation` from the worker running now?
    pub fn is_current(&self, generation: u32) -> bool {
        generation == self.generation && self.engine.is_some()
    }

    /// Does a job; an error means the worker is broken (say why to the policy).
    pub fn apply(&mut self, window: &Window, job: Job) -> Result<(), String> {
        let post = |engine: Option<&Engine>, message: &ToWorker<'_>| match engine {
            Some(engine) => engine
                .post(message)
                .map_err(|e| super::read::error_text(&e)),
            None => Ok(()),
        };
        let result = match job {
            Job::Restart => return self.spawn(),
            Job::Variant(variant) => post(
                self.engine.as_ref(),
                &ToWorker::Variant {
                    id: 0,
                    variant: &variant,
                },
            ),
            Job::Search {
                id,
                fen,
                moves,
                time_ms,
                depth,
            } => post(
                self.engine.as_ref(),
                &ToWorker::Search {
                    id,
                    fen: &fen,
                    moves: &moves,
                    time_ms,
                    depth,
                    nodes: 0.0,
                },
            ),
            Job::StartTimer(ms) => {
                match window.set_timeout_with_callback_and_timeout_and_arguments_0(
                    self.on_timer.as_ref().unchecked_ref(),
                    ms,
                ) {
                    Ok(id) => self.timer = Some(id),
                    Err(e) => web_sys::console::error_1(&e),
                }
                Ok(())
            }
            Job::CancelTimer => {
                self.cancel_timer();
                Ok(())
            }
        };
        result.or_else(|why| self.broken(why))
    }

    /// The timer fired: it is no longer pending.
    pub fn timer_fired(&mut self) {
        self.timer = None;
    }

    fn cancel_timer(&mut self) {
        if let Some(id) = self.timer.take()
            && let Some(window) = web_sys::window()
        {
            window.clear_timeout_with_handle(id);
        }
    }
}

impl Drop for WorkerHost {
    fn drop(&mut self) {
        self.cancel_timer();
    }
}
