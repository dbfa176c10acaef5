// fairylab's embed script. In any page:
//
//   <div class="fairylab" data-variant="morphing-chess"></div>
//   <div class="fairylab">files=8 ranks=8 ... (an Interactive Diagram definition)</div>
//   <script src="fairylab/fairylab.js"></script>
//
// turns every element with class "fairylab" (and the Interactive Diagram's own markup: class
// "idiagram", or id "diagram") into a board. This script finds the module's files next to
// itself (fairylab-core.js, fairylab-core_bg.wasm, ai-worker.js), loads the module once for
// every board of the page and hands over to it (src/web/embed.rs); each board then starts as
// it comes into view. Load it as a classic script (not type="module"), anywhere in the page.
//
// The single-file build (scripts/standalone.mjs) replaces the `null` below with the module's
// JavaScript, the worker's and the wasm (base64), so that the page needs no other file and
// plays when opened from disk.
(function () {
  'use strict';
  const inline = /* fairylab:inline */ null;
  const script = document.currentScript;
  const base = (script && script.src) || document.baseURI;

  async function load() {
    // Everything is fetched once, here, and runs from memory after: the boards' workers get
    // the module as text and as compiled code, so nothing more is requested after the load,
    // even when the computer first plays.
    let sources, wasm;
    if (inline) {
      sources = [inline.core, inline.worker];
      const bytes = Uint8Array.from(atob(inline.wasm), (c) => c.charCodeAt(0));
      wasm = WebAssembly.compile(bytes);
    } else {
      const text = async (name) => {
        const url = new URL(name, base);
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        return response.text();
      };
      sources = Promise.all([text('fairylab-core.js'), text('ai-worker.js')]);
      // Compiled while it downloads.
      const url = new URL('fairylab-core_bg.wasm', base);
      wasm = fetch(url).then((response) => {
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        // A server that does not say application/wasm: compile the bytes instead.
        return WebAssembly.compileStreaming(response.clone()).catch(async () =>
          WebAssembly.compile(await response.arrayBuffer()));
      });
    }
    const [[jsSource, workerSource], module] = await Promise.all([sources, wasm]);
    const blob = (text) => URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
    const js = blob(jsSource);
    const worker = blob(workerSource);
    const core = await import(js);
    await core.default({ module_or_path: module });
    const start = () => core.embed({ worker, js, jsSource });
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', start, { once: true });
    } else {
      start();
    }
  }

  load().catch((err) => console.error('fairylab: the boards could not load:', err));
})();
