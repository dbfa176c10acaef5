// Perft in WebAssembly under Node: leaves and leaves per second for positions with hands, the
// same ones `fairylab perft` counts natively. Usage: node benches/wasm_perft.mjs <out dir>
// With cases after the directory (`NAME:DEPTH:TIMES`, a bundled variant from its start), it
// runs those instead, each once untimed and then TIMES over, and prints one line for each:
// the leaves and the CPU seconds of this process over the timed perftCount calls (the variant
// read by the untimed one is cached; Node's start and the module's load are not in them),
// for scripts/bench-movegen.sh.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = resolve(process.argv[2]);
const wasm = await import(pathToFileURL(join(dir, 'fairylab.js')));
await wasm.default({ module_or_path: readFileSync(join(dir, 'fairylab_bg.wasm')) });
if (process.argv.length > 3) {
  for (const c of process.argv.slice(3)) {
    const [name, depth, times] = c.split(':');
    // Warm-up, untimed: the same count once, so that V8's optimising tier has compiled the
    // hot code (its baseline tier runs a short first count several times slower).
    wasm.perftCount(name, '', Number(depth));
    const t = process.cpuUsage();
    let n = 0;
    for (let i = 0; i < Number(times || 1); i++) n = wasm.perftCount(name, '', Number(depth));
    const u = process.cpuUsage(t);
    console.log(`${n} ${((u.user + u.system) / 1e6).toFixed(3)}`);
  }
  process.exit(0);
}
const defs = join(dir, '../../tests/perft/fsf/defs');
const cases = [
  ['shogi', '', 4],
  ['shogi', 'lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL[Bb] w 0 1', 3],
  ['shogi', '4k4/9/9/9/9/9/9/9/4K4[RBGGSSNNLLPPPPrbggssnnllpppp] w 0 1', 2],
  ['crazyhouse', '2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1', 3],
];
console.log(`wasm perft (Node ${process.version})`);
for (const [name, fen, depth] of cases) {
  const text = readFileSync(join(defs, `${name}.txt`), 'utf8');
  wasm.perftCount(text, fen, 1); // warm-up
  const t = performance.now();
  const n = wasm.perftCount(text, fen, depth);
  const s = (performance.now() - t) / 1000;
  console.log(`${name} d${depth} ${fen || 'start'}: ${n} leaves, ${s.toFixed(3)} s, ${Math.round(n / s)} leaves/s`);
}
