// Runs the AI in WebAssembly under Node: depth reached and nodes per second in N ms from each
// variant's start position. Usage: node benches/wasm_search.mjs <wasm-bindgen out dir> [ms]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = resolve(process.argv[2]);
const ms = Number(process.argv[3] || 1000);
const wasm = await import(pathToFileURL(join(dir, 'fairylab.js')));
await wasm.default({ module_or_path: readFileSync(join(dir, 'fairylab_bg.wasm')) });
const variants = ['chess', 'morphing-chess', 'morphing-chess-3', 'morphomania',
  'symmetric-chess', 'marseillais', 'marseillais-original'];
// Warm-up: let the engine tier the hot functions up to optimised code before measuring
// (a page's first search pays this once).
{
  const warm = new wasm.AiEngine('chess');
  warm.search('', '', 500, 0, 0, () => {});
  warm.free();
}
console.log(`wasm search (Node ${process.version}), ${ms} ms per position, after a 0.5 s warm-up`);
console.log('variant'.padEnd(22), 'depth'.padStart(5), 'nodes'.padStart(12), 'nodes/s'.padStart(12));
for (const name of variants) {
  const engine = new wasm.AiEngine(name);
  let last = '';
  const best = engine.search('', '', ms, 0, 0, (line) => { last = line; });
  const f = Object.fromEntries(last.split(' ').reduce((acc, w, i, a) =>
    (['depth', 'nodes', 'nps'].includes(w) ? [...acc, [w, a[i + 1]]] : acc), []));
  if (!best) throw new Error(`${name}: no move`);
  console.log(name.padEnd(22), f.depth.padStart(5), f.nodes.padStart(12), f.nps.padStart(12));
  engine.free();
}
