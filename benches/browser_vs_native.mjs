// The engine in the browser against the native build, side by side on the same searches: the
// page's own worker (dist/ai-worker.js and the release wasm, as the applet runs them) in
// headless Chromium, and the native `search` bench (benches/search.rs), both with a 2^18
// table. Each round runs the native searches, then the same ones in the browser, so that a
// machine's drift hits both; the medians over the rounds are printed with the ratio.
//
//   1. N nodes from each variant's start: the same tree in both builds, so the ratio of the
//      times is the ratio of the speeds (nodes a second);
//   2. 1 s from Morphing Chess's start: the depth reached.
//
// Usage: node benches/browser_vs_native.mjs NATIVE_BENCH [ROUNDS] [NODES]
// (scripts/bench-browser.sh builds both and runs this). Prints figures; asserts nothing.
// FAIRYLAB_BENCH_BUILDS=a,b also measures other builds of the page's module in the same
// rounds against the same native runs: each a folder under dist/ holding a build's
// fairylab-*.js, fairylab-*_bg.wasm and ai-worker.js (to compare wasm-opt levels, say).

import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, load, open } from '../tests/e2e/helpers.mjs';

const [native, rounds = '3', nodes = '200000'] = process.argv.slice(2);
if (!native) throw new Error('usage: node benches/browser_vs_native.mjs NATIVE_BENCH [ROUNDS] [NODES]');
const variants = ['chess', 'morphing-chess', 'morphomania', 'symmetric-chess', 'marseillais'];
const depthVariant = 'morphing-chess';
const depthMs = 1000;
/** The builds measured: the page's own (dist/), then each folder FAIRYLAB_BENCH_BUILDS names. */
const builds = ['dist'];
const extra = (process.env.FAIRYLAB_BENCH_BUILDS || '').split(',').filter(Boolean);
/** Each extra build's module and wasm, relative to the page: {name: {js, wasm}}. */
const extraFiles = Object.fromEntries(extra.map((name) => {
  const files = readdirSync(join(DIST, name));
  const pick = (re) => {
    const f = files.find((x) => re.test(x));
    if (!f) throw new Error(`dist/${name}/ has no file matching ${re}`);
    return `${name}/${f}`;
  };
  builds.push(name);
  return [name, { js: pick(/^fairylab-[^_]*\.js$/), wasm: pick(/_bg\.wasm$/) }];
}));

/** Runs the native bench: {variant: {depth, nodes, nps, ms}}. */
function nativeRun(env) {
  const r = spawnSync(native, [], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${native}: ${r.stderr}`);
  const rows = {};
  for (const line of r.stdout.split('\n').slice(2)) {
    const [variant, depth, n, nps, ms] = line.trim().split(/\s+/);
    if (variant) rows[variant] = { depth: +depth, nodes: +n, nps: +nps, ms: +ms };
  }
  return rows;
}

/** Runs the same searches in the page's worker: {variant: {depth, nodes, nps, ms}}. */
function browserRun(page, build, list, limit) {
  return page.evaluate(
    async ([build, list, limit]) => {
      const worker = window.benchWorkers[build];
      const next = (type, lines) =>
        new Promise((resolve, reject) => {
          worker.onmessage = (e) => {
            if (e.data.type === 'error') reject(new Error(e.data.message));
            else if (e.data.type === type) resolve(e.data);
            else if (e.data.type === 'info') lines.push(e.data.line);
          };
        });
      const rows = {};
      for (const [id, variant] of list.entries()) {
        worker.postMessage({ type: 'variant', id, variant });
        await next('values', []);
        const lines = [];
        const start = performance.now();
        worker.postMessage({ type: 'search', id, fen: '', moves: '', depth: 0, ...limit });
        await next('bestmove', lines);
        const ms = performance.now() - start;
        const words = lines.at(-1).split(' ');
        const field = (name) => Number(words[words.indexOf(name) + 1]);
        // Under a node limit the search stops at exactly that many nodes.
        const n = limit.nodes || field('nodes');
        rows[variant] = { depth: field('depth'), nodes: n, nps: Math.round((n / ms) * 1000), ms };
      }
      return rows;
    },
    [build, list, limit],
  );
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const session = await open();
try {
  const { page } = session;
  await load(page, session.url);
  const browser = await page.evaluate(() => navigator.userAgent.match(/Chrom\S+/)?.[0]);
  // The worker as the applet starts it: next to the page's module, given that module.
  await page.evaluate(async (extraFiles) => {
    const page = {
      js: document.querySelector('link[rel="modulepreload"][href$=".js"]').href,
      wasm: document.querySelector('link[rel="preload"][href$="_bg.wasm"]').href,
    };
    const all = { dist: page };
    for (const [name, f] of Object.entries(extraFiles)) {
      all[name] = { js: new URL(f.js, location.href).href, wasm: new URL(f.wasm, location.href).href };
    }
    window.benchWorkers = {};
    for (const [name, { js, wasm }] of Object.entries(all)) {
      const worker = new Worker(new URL('ai-worker.js', js), { type: 'module' });
      const module = await WebAssembly.compileStreaming(fetch(wasm));
      const ready = new Promise((resolve) => {
        worker.onmessage = (e) => e.data.type === 'ready' && resolve();
      });
      worker.postMessage({ type: 'init', jsUrl: js, wasmUrl: wasm, module });
      await ready;
      window.benchWorkers[name] = worker;
    }
  }, extraFiles);
  // Warm-up: let the browser tier the hot functions up before measuring.
  for (const b of builds) await browserRun(page, b, ['chess'], { timeMs: 500, nodes: 0 });
  const runs = { native: [], nativeDepth: [], wasm: {}, wasmDepth: {} };
  for (const b of builds) [runs.wasm[b], runs.wasmDepth[b]] = [[], []];
  for (let r = 0; r < Number(rounds); r++) {
    const env = { FAIRYLAB_BENCH_NODES: nodes, FAIRYLAB_BENCH_VARIANTS: variants.join(',') };
    runs.native.push(nativeRun(env));
    // The builds in turn, each round starting one further on, so a drift hits none most.
    const turn = builds.map((_, i) => builds[(i + r) % builds.length]);
    for (const b of turn) {
      runs.wasm[b].push(await browserRun(page, b, variants, { timeMs: 0, nodes: Number(nodes) }));
    }
    const timed = { FAIRYLAB_BENCH_MS: String(depthMs), FAIRYLAB_BENCH_VARIANTS: depthVariant };
    runs.nativeDepth.push(nativeRun(timed)[depthVariant]);
    for (const b of turn) {
      const row = await browserRun(page, b, [depthVariant], { timeMs: depthMs, nodes: 0 });
      runs.wasmDepth[b].push(row[depthVariant]);
    }
  }
  console.log(`wasm in a Web Worker (${browser}, headless) against native, side by side;`);
  console.log(`medians of ${rounds} alternating rounds, ${nodes} nodes from each start position`);
  const depths = (xs) => xs.map((x) => x.depth).join(', ');
  for (const b of builds) {
    if (builds.length > 1) console.log(`\nbuild ${b === 'dist' ? "dist/ (the page's)" : `dist/${b}/`}`);
    console.log('variant'.padEnd(18), 'native nps'.padStart(11), 'wasm nps'.padStart(11),
      'wasm/native'.padStart(12));
    const ratios = [];
    for (const v of variants) {
      const n = median(runs.native.map((x) => x[v].nps));
      const w = median(runs.wasm[b].map((x) => x[v].nps));
      const ratio = median(runs.native.map((x, i) => runs.wasm[b][i][v].nps / x[v].nps));
      ratios.push(ratio);
      console.log(v.padEnd(18), String(n).padStart(11), String(w).padStart(11),
        ratio.toFixed(2).padStart(12));
    }
    console.log('all (median of the ratios)'.padEnd(41), median(ratios).toFixed(2).padStart(12));
    console.log(`${depthVariant}, ${depthMs} ms from the start: depth native ${depths(runs.nativeDepth)};`
      + ` browser ${depths(runs.wasmDepth[b])} (nps browser ${median(runs.wasmDepth[b].map((x) => x.nps))})`);
  }
} finally {
  await session.close();
}
