// fairylab's AI worker: a dedicated module worker that loads the applet's own wasm module and
// searches off the main thread, so the page stays responsive while the AI thinks.
//
// The page (src/web/computer.rs) starts it as a module worker next to its own module
// (Trunk copies this file into dist/), one per applet, and waits for 'ready' before any work.
//
// Messages in:  {type: 'init', jsUrl, wasmUrl, module?, jsSource?}   -> {type: 'ready'}
//               (module: the page's compiled WebAssembly.Module, so the worker only
//               instantiates it; without it the worker fetches wasmUrl. jsSource: the
//               module's JavaScript as text, from embedded boards (www/embed.js), whose
//               worker is a classic one started from a blob: address (a worker of a page
//               opened from disk may not import the page's blob: addresses); it imports the
//               text from an address of its own)
//               {type: 'variant', id, variant}            -> {type: 'values', id, values}
//               {type: 'search', id, fen, moves, timeMs, depth, nodes}
//                                                         -> {type: 'info', id, line}* then
//                                                            {type: 'bestmove', id, move}
//               {type: 'balance', id, a, b, games, timeMs, nodes}
//                                                         -> {type: 'progress', id, report}* then
//                                                            {type: 'balanced', id, report}
//               (a balance lab run, src/web/lab.rs: one report after each game)
//               {type: 'measure', id, a, games, timeMs, nodes}
//                                                         -> {type: 'measuring', id, report}* then
//                                                            {type: 'measured', id, report}
//               (the lab's piece value measurement of rules a, src/web/lab.rs: a report
//               before the first game and after each)
// Errors come back as {type: 'error', id, message}. To stop a search at once, the page
// terminates this worker and starts a new one.
let wasm = null;
let engine = null;

self.onmessage = async (event) => {
  const msg = event.data;
  try {
    if (msg.type === 'init') {
      const url = msg.jsSource
        ? URL.createObjectURL(new Blob([msg.jsSource], { type: 'text/javascript' }))
        : msg.jsUrl;
      wasm = await import(url);
      await wasm.default({ module_or_path: msg.module || msg.wasmUrl });
      self.postMessage({ type: 'ready' });
    } else if (msg.type === 'variant') {
      if (engine) engine.free();
      engine = new wasm.AiEngine(msg.variant);
      self.postMessage({ type: 'values', id: msg.id, values: engine.values() });
    } else if (msg.type === 'search') {
      if (!engine) throw new Error('no variant loaded');
      const best = engine.search(msg.fen || '', msg.moves || '', msg.timeMs || 0, msg.depth || 0,
        msg.nodes || 0, (line) => self.postMessage({ type: 'info', id: msg.id, line }));
      self.postMessage({ type: 'bestmove', id: msg.id, move: best });
    } else if (msg.type === 'balance') {
      const lab = new wasm.BalanceLab(msg.a, msg.b || '', msg.games, msg.timeMs || 0, msg.nodes || 0);
      await run(lab, msg.id, 'progress', 'balanced');
    } else if (msg.type === 'measure') {
      const lab = new wasm.ValuesLab(msg.a, msg.games, msg.timeMs || 0, msg.nodes || 0);
      self.postMessage({ type: 'measuring', id: msg.id, report: lab.report() });
      await run(lab, msg.id, 'measuring', 'measured');
    } else if (msg.type === 'clear') {
      if (engine) engine.clear();
    }
  } catch (err) {
    self.postMessage({ type: 'error', id: msg.id, message: String((err && err.message) || err) });
  }
};

/** Plays a lab's games one at a time, reporting after each, then its final report. */
async function run(lab, id, progress, done) {
  try {
    while (lab.step()) {
      self.postMessage({ type: progress, id, report: lab.report() });
      // Let a message in between games (the page stops a run by terminating the worker).
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    self.postMessage({ type: done, id, report: lab.report() });
  } finally {
    lab.free();
  }
}
