// The engine in the browser against the native build, side by side on the same searches: the
// page's own worker (dist/ai-worker.js and the release wasm, as the applet runs them) in
// headless Chromium, and the native `search` bench (benches/search.rs), both with a 2^18
// table. Each round runs the native searches, then the same ones in the browser, so that a
// machine's drift hits both; every round counts, and the lowest figures are printed beside
// the medians (issue 27 asks for its figures every time, not in the median).
//
//   1. N nodes from each variant's start: the same tree in both builds, so the ratio of the
//      times is the ratio of the speeds (nodes a second). Two ratios: by the wall clock, and
//      by the time each search's thread spent on a processor (Linux's schedstat of the native
//      bench's thread and of the browser's worker thread), which other processes' load on a
//      shared machine moves far less;
//   2. 1 s from Morphing Chess's start: the depth reached, when the browser finished each
//      depth, and how much of that second its worker thread had a processor.
//
// Usage: node benches/browser_vs_native.mjs NATIVE_BENCH [ROUNDS] [NODES]
// (scripts/bench-browser.sh builds both and runs this). Prints figures; asserts nothing.
// FAIRYLAB_BENCH_BUILDS=a,b also measures other builds of the page's module in the same
// rounds against the same native runs: each a folder under dist/ holding a build's
// fairylab-*.js, fairylab-*_bg.wasm and ai-worker.js (to compare wasm-opt levels, say).

import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DIST, load, open } from '../tests/e2e/helpers.mjs';

const [native, rounds = '5', nodes = '200000'] = process.argv.slice(2);
if (!native) throw new Error('usage: node benches/browser_vs_native.mjs NATIVE_BENCH [ROUNDS] [NODES]');
const variants = ['chess', 'morphing-chess', 'morphomania', 'symmetric-chess', 'marseillais'];
const depthVariant = 'morphing-chess';
const depthMs = 1000;
const depthWanted = 10;
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

/** Runs the native bench: {variant: {depth, nodes, nps, ms, cpu}}. */
function nativeRun(env) {
  const r = spawnSync(native, [], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${native}: ${r.stderr}`);
  const rows = {};
  for (const line of r.stdout.split('\n').slice(2)) {
    const [variant, depth, n, nps, ms, cpu] = line.trim().split(/\s+/);
    if (variant) rows[variant] = { depth: +depth, nodes: +n, nps: +nps, ms: +ms, cpu: +cpu };
  }
  return rows;
}

/** The threads of this process's descendants (Chromium's) named `comm`, as /proc paths. */
function threads(comm) {
  const parent = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      // The parent is the 4th field of /proc/PID/stat, after the parenthesised name.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      // The process ended meanwhile.
    }
  }
  const mine = (pid) => {
    for (let p = pid; p && p !== '0' && p !== '1'; p = parent.get(p)) {
      if (p === String(process.pid)) return true;
    }
    return false;
  };
  const found = [];
  for (const pid of [...parent.keys()].filter(mine)) {
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const path = `/proc/${pid}/task/${tid}`;
        if (readFileSync(`${path}/comm`, 'utf8').trim() === comm) found.push(path);
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/** A thread's time on a processor so far, in ms (schedstat's first field, in ns). */
const cpuMs = (path) => (path ? Number(readFileSync(`${path}/schedstat`, 'utf8').split(' ')[0]) / 1e6 : NaN);

/** Loads `variant` into a build's worker. */
const setVariant = (page, build, variant) =>
  page.evaluate(([build, variant]) => new Promise((resolve, reject) => {
    const worker = window.benchWorkers[build];
    worker.onmessage = (e) => {
      if (e.data.type === 'error') reject(new Error(e.data.message));
      else if (e.data.type === 'values') resolve();
    };
    worker.postMessage({ type: 'variant', id: 0, variant });
  }), [build, variant]);

/** The worker thread whose processor time `window.benchCpu()` reads (the one searching). */
let searching = null;

/**
 * One search in a build's worker: {depth, nodes, nps, ms, cpu, done}, `cpu` the worker thread's
 * time on a processor, `done` by depth: the first line of that depth (an iteration the clock
 * cuts short repeats the depth last finished), with the ms after the start, the nodes, and the
 * worker's processor time then (read when the line reaches the page: a few ms late at most).
 */
async function browserSearch(page, build, thread, variant, limit) {
  await setVariant(page, build, variant);
  searching = thread;
  const cpu0 = cpuMs(thread);
  const row = await page.evaluate(([build, limit]) => new Promise((resolve, reject) => {
    const worker = window.benchWorkers[build];
    const lines = [];
    const start = performance.now();
    worker.onmessage = (e) => {
      if (e.data.type === 'error') reject(new Error(e.data.message));
      else if (e.data.type === 'info') {
        lines.push([e.data.line, performance.now() - start, window.benchCpu()]);
      } else if (e.data.type === 'bestmove') {
        const ms = performance.now() - start;
        const field = (line, name) => {
          const words = line.split(' ');
          return Number(words[words.indexOf(name) + 1]);
        };
        Promise.all(lines.map((l) => l[2])).then((cpus) => {
          const done = {};
          for (const [i, [line, at]] of lines.entries()) {
            done[field(line, 'depth')] ??= { ms: Math.round(at), nodes: field(line, 'nodes'), cpu: cpus[i] };
          }
          const last = lines.at(-1)[0];
          // Under a node limit the search stops at exactly that many nodes; under a time
          // limit the last line's count is near enough (its depth's end or the clock's).
          const n = limit.nodes || field(last, 'nodes');
          resolve({ depth: field(last, 'depth'), nodes: n, nps: Math.round((n / ms) * 1000), ms, done });
        }, reject);
      }
    };
    worker.postMessage({ type: 'search', id: 0, fen: '', moves: '', depth: 0, ...limit });
  }), [build, limit]);
  const cpu = cpuMs(thread) - cpu0;
  for (const d of Object.values(row.done)) d.cpu = Math.round(d.cpu - cpu0);
  return { ...row, cpu };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const min = (xs) => Math.min(...xs);
const load1 = () => loadavg()[0].toFixed(1);

const session = await open();
try {
  const { page } = session;
  await page.exposeFunction('benchCpu', () => cpuMs(searching));
  await load(page, session.url);
  const browser = await page.evaluate(() => navigator.userAgent.match(/Chrom\S+/)?.[0]);
  // The worker as the applet starts it: next to the page's module, given that module; each
  // build's worker thread found as the one that appeared when it started.
  const workerThread = {};
  for (const b of builds) {
    const before = new Set(threads('DedicatedWorker'));
    await page.evaluate(async ([name, f]) => {
      const js = f ? new URL(f.js, location.href).href
        : document.querySelector('link[rel="modulepreload"][href$=".js"]').href;
      const wasm = f ? new URL(f.wasm, location.href).href
        : document.querySelector('link[rel="preload"][href$="_bg.wasm"]').href;
      const worker = new Worker(new URL('ai-worker.js', js), { type: 'module' });
      const module = await WebAssembly.compileStreaming(fetch(wasm));
      const ready = new Promise((resolve) => {
        worker.onmessage = (e) => e.data.type === 'ready' && resolve();
      });
      worker.postMessage({ type: 'init', jsUrl: js, wasmUrl: wasm, module });
      await ready;
      window.benchWorkers = { ...window.benchWorkers, [name]: worker };
    }, [b, extraFiles[b]]);
    const fresh = threads('DedicatedWorker').filter((t) => !before.has(t));
    workerThread[b] = fresh.length === 1 ? fresh[0] : null;
  }
  // Warm-up: let the browser tier the hot functions up before measuring.
  for (const b of builds) await browserSearch(page, b, workerThread[b], 'chess', { timeMs: 500, nodes: 0 });
  const runs = { native: [], nativeDepth: [], wasm: {}, wasmDepth: {}, load: [load1()] };
  for (const b of builds) [runs.wasm[b], runs.wasmDepth[b]] = [[], []];
  for (let r = 0; r < Number(rounds); r++) {
    const env = { FAIRYLAB_BENCH_NODES: nodes, FAIRYLAB_BENCH_VARIANTS: variants.join(',') };
    runs.native.push(nativeRun(env));
    // The builds in turn, each round starting one further on, so a drift hits none most.
    const turn = builds.map((_, i) => builds[(i + r) % builds.length]);
    for (const b of turn) {
      const row = {};
      for (const v of variants) {
        row[v] = await browserSearch(page, b, workerThread[b], v, { timeMs: 0, nodes: Number(nodes) });
      }
      runs.wasm[b].push(row);
    }
    const timed = { FAIRYLAB_BENCH_MS: String(depthMs), FAIRYLAB_BENCH_VARIANTS: depthVariant };
    runs.nativeDepth.push(nativeRun(timed)[depthVariant]);
    for (const b of turn) {
      runs.wasmDepth[b].push(await browserSearch(page, b, workerThread[b], depthVariant,
        { timeMs: depthMs, nodes: 0 }));
    }
    runs.load.push(load1());
  }
  console.log(`wasm in a Web Worker (${browser}, headless) against native, side by side;`);
  console.log(`${rounds} alternating rounds, ${nodes} nodes from each start position;`
    + ` load average (1 min) ${runs.load.join(', ')} (at the start and after each round)`);
  console.log('wall: nodes a second by the wall clock; cpu: by the time the search\'s thread had a'
    + ' processor (schedstat)');
  const ratios = (b, v, key) => runs.native.map((x, i) => x[v][key] / runs.wasm[b][i][v][key]);
  const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '-');
  const cols = (xs) => xs.map((x, i) => String(x).padStart(i < 2 ? 11 : 8)).join(' ');
  for (const b of builds) {
    if (builds.length > 1) console.log(`\nbuild ${b === 'dist' ? "dist/ (the page's)" : `dist/${b}/`}`);
    if (!workerThread[b]) console.log('(the worker\'s thread was not found: no cpu figures)');
    console.log('variant'.padEnd(16), cols(['native nps', 'wasm nps', 'wall med', 'wall low',
      'cpu med', 'cpu low']));
    const all = { wall: [], cpu: [], wallMed: [], cpuMed: [] };
    for (const v of variants) {
      // The time ratio native/wasm of one tree is the speed ratio wasm/native.
      const wall = ratios(b, v, 'ms');
      const cpu = ratios(b, v, 'cpu');
      all.wall.push(...wall);
      all.cpu.push(...cpu);
      all.wallMed.push(median(wall));
      all.cpuMed.push(median(cpu));
      console.log(v.padEnd(16), cols([median(runs.native.map((x) => x[v].nps)),
        median(runs.wasm[b].map((x) => x[v].nps)), f2(median(wall)), f2(min(wall)),
        f2(median(cpu)), f2(min(cpu))]));
    }
    console.log('all variants'.padEnd(16), cols(['', '', f2(median(all.wallMed)), f2(min(all.wall)),
      f2(median(all.cpuMed)), f2(min(all.cpu))]), '(median of the medians; lowest of every run)');
    const nd = runs.nativeDepth.map((x) => x.depth);
    const wd = runs.wasmDepth[b].map((x) => x.depth);
    console.log(`${depthVariant}, ${depthMs} ms from the start: depth native ${nd.join(', ')}`
      + ` (lowest ${min(nd)}); browser ${wd.join(', ')} (lowest ${min(wd)})`);
    const had = runs.wasmDepth[b].map((x) => Math.round(x.cpu));
    console.log(`  the browser's worker had a processor ${had.join(', ')} ms of the ${depthMs}`
      + ` (the machine's load); by the processor time it had, from the ${nodes}-node searches:`);
    const deep = runs.wasm[b].map((x) => x[depthVariant].done);
    for (const d of [depthWanted, depthWanted + 1]) {
      const cpu = deep.map((x) => x[d]?.cpu ?? '-');
      const n = deep.map((x) => x[d]?.nodes).find(Boolean) ?? '-';
      console.log(`  depth ${d} finished after ${cpu.join(', ')} ms (highest ${Math.max(...cpu.map(Number))});`
        + ` ${n} nodes`);
    }
  }
} finally {
  await session.close();
}
