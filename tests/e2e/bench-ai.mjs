// AI speed in the browser: the page's own worker (www/ai-worker.js, the built dist/) in
// headless Chromium, searching 1 s (FAIRYLAB_BENCH_MS) from each bundled variant's start
// position, as `cargo bench --bench search` does natively and scripts/bench-wasm.sh in Node.
// Prints the depth reached and nodes per second. Not a test: run it by hand,
// `scripts/bench-ai-browser.sh` (which builds dist/ first) or `node tests/e2e/bench-ai.mjs`.

import { load, open } from './helpers.mjs';

const ms = Number(process.env.FAIRYLAB_BENCH_MS || 1000);
const variants = ['chess', 'morphing-chess', 'morphing-chess-3', 'morphomania',
  'symmetric-chess', 'marseillais', 'marseillais-original'];

const session = await open();
try {
  const { page } = session;
  await load(page, session.url);
  const browser = await page.evaluate(() => navigator.userAgent.match(/Chrom\S+/)?.[0]);
  const rows = await page.evaluate(
    async ([variants, ms]) => {
      // The worker as the applet starts it: next to the page's module, given that module.
      const js = document.querySelector('link[rel="modulepreload"][href$=".js"]').href;
      const wasm = document.querySelector('link[rel="preload"][href$="_bg.wasm"]').href;
      const worker = new Worker(new URL('ai-worker.js', js), { type: 'module' });
      const next = (type) =>
        new Promise((resolve, reject) => {
          worker.onmessage = (e) => {
            if (e.data.type === 'error') reject(new Error(e.data.message));
            else if (e.data.type === type) resolve(e.data);
            else if (e.data.type === 'info') lines.push(e.data.line);
          };
        });
      let lines = [];
      const module = await WebAssembly.compileStreaming(fetch(wasm));
      const t0 = performance.now();
      worker.postMessage({ type: 'init', jsUrl: js, wasmUrl: wasm, module });
      await next('ready');
      const ready = performance.now() - t0;
      const rows = [];
      for (const [id, variant] of variants.entries()) {
        worker.postMessage({ type: 'variant', id, variant });
        await next('values');
        lines = [];
        const start = performance.now();
        const search = { type: 'search', id, fen: '', moves: '', timeMs: ms, depth: 0, nodes: 0 };
        worker.postMessage(search);
        const { move } = await next('bestmove');
        const took = performance.now() - start;
        const words = lines.at(-1).split(' ');
        const field = (name) => words[words.indexOf(name) + 1];
        const [depth, nodes, nps] = ['depth', 'nodes', 'nps'].map(field);
        rows.push({ variant, depth, nodes, nps, took, move });
      }
      worker.terminate();
      return { ready, rows };
    },
    [variants, ms],
  );
  console.log(`wasm search in a Web Worker (${browser}, headless), ${ms} ms per position`);
  console.log(`worker ready ${rows.ready.toFixed(0)} ms after it was started`);
  console.log('variant'.padEnd(22), 'depth'.padStart(5), 'nodes'.padStart(12),
    'nodes/s'.padStart(12), 'took ms'.padStart(8), ' best');
  for (const r of rows.rows) {
    console.log(r.variant.padEnd(22), r.depth.padStart(5), r.nodes.padStart(12),
      r.nps.padStart(12), r.took.toFixed(0).padStart(8), ` ${r.move}`);
  }
} finally {
  await session.close();
}
