// fairylab's AI worker: a dedicated module worker that loads the applet's own wasm module and
// searches off the main thread, so the page stays responsive while the AI thinks.
//
// Messages in:  {type: 'init', jsUrl, wasmUrl}            -> {type: 'ready'}
//               {type: 'variant', id, variant}            -> {type: 'values', id, values}
//               {type: 'search', id, fen, moves, timeMs, depth, nodes}
//                                                         -> {type: 'info', id, line}* then
//                                                            {type: 'bestmove', id, move}
// Errors come back as {type: 'error', id, message}. To stop a search at once, the page
// terminates this worker and starts a new one.
let wasm = null;
let engine = null;

self.onmessage = async (event) => {
  const msg = event.data;
  try {
    if (msg.type === 'init') {
      wasm = await import(msg.jsUrl);
      await wasm.default({ module_or_path: msg.wasmUrl });
      self.postMessage({ type: 'ready' });
    } else if (msg.type === 'variant') {
      if (engine) engine.free();
      engine = new wasm.AiEngine(msg.variant);
      self.postMessage({ type: 'values', id: msg.id, values: engine.values() });
    } else if (msg.type === 'search') {
      const best = engine.search(msg.fen || '', msg.moves || '', msg.timeMs || 0, msg.depth || 0,
        msg.nodes || 0, (line) => self.postMessage({ type: 'info', id: msg.id, line }));
      self.postMessage({ type: 'bestmove', id: msg.id, move: best });
    } else if (msg.type === 'clear') {
      if (engine) engine.clear();
    }
  } catch (err) {
    self.postMessage({ type: 'error', id: msg.id, message: String((err && err.message) || err) });
  }
};
