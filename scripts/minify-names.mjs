// Short import and export names for the embed build's module: wasm-bindgen names each
// JavaScript function the wasm imports `__wbg_<name>_<16 hex digits>`, several hundred of them,
// written twice (in the wasm's import section and in the JavaScript that supplies them), and hex
// digits barely compress; each of its exports (`app_balanceState`, `__wbindgen_malloc`, ...)
// is named in the wasm's export section and read as `wasm.NAME` in the JavaScript, the
// allocator's forty times over. This renames every import of the module's own JavaScript to a
// short name (`a0`, `a1`, ...) and every export to another (`b0`, `b1`, ...), in both files,
// the same way. Run on wasm-bindgen's output, before wasm-opt.
// It also renames the functions in the name section for wasm-opt's
// --reorder-functions-by-name (scripts/embed.sh): `path::to::f::h<16 hex digits>` becomes
// `path::to::f::<its size here, 7 digits>h<the same digits>`, so that the instantiations of
// one generic function come out in the order of their sizes, similar ones side by side (1.1 KB
// gzipped less than in the order of their hashes). wasm-opt strips the name section after.
//   node scripts/minify-names.mjs DIR NAME   (DIR/NAME.js and DIR/NAME_bg.wasm, in place)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, name] = process.argv.slice(2);
const wasmPath = join(dir, `${name}_bg.wasm`);
const jsPath = join(dir, `${name}.js`);
const wasm = readFileSync(wasmPath);
let js = readFileSync(jsPath, 'utf8');
const glueModule = `./${name}_bg.js`;

/** A reader over the wasm's bytes. */
let at = 0;
const byte = () => wasm[at++];
function leb() {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = byte();
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return value;
  }
}
function encodeLeb(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return Buffer.from(out);
}
const text = (s) => Buffer.concat([encodeLeb(Buffer.byteLength(s)), Buffer.from(s)]);
function string() {
  const n = leb();
  const s = wasm.subarray(at, at + n).toString('utf8');
  at += n;
  return s;
}
/** Skips an import's description: its kind, then the rest by kind. Gives the kind. */
function skipDescription() {
  const kind = byte();
  const limits = () => {
    const flags = byte();
    leb();
    if (flags & 1) leb();
  };
  if (kind === 0) leb(); // a function: its type
  else if (kind === 1) { byte(); limits(); } // a table: its element type, limits
  else if (kind === 2) limits(); // a memory
  else if (kind === 3) { byte(); byte(); } // a global: its type, mutability
  else if (kind === 4) { byte(); leb(); } // a tag
  else throw new Error(`import kind ${kind} unknown`);
  return kind;
}

/** The export section, each export renamed `b0`, `b1`, ... (in `exported`), up to `end`. */
const exported = new Map();
function exportSection(end) {
  const count = leb();
  const entries = [encodeLeb(count)];
  for (let i = 0; i < count; i++) {
    const name = string();
    const description = at;
    byte(); // its kind
    leb(); // its index
    const short = `b${exported.size.toString(36)}`;
    exported.set(name, short);
    entries.push(text(short), wasm.subarray(description, at));
  }
  if (at !== end) throw new Error('the export section did not read to its end');
  const payload = Buffer.concat(entries);
  return Buffer.concat([Buffer.from([7]), encodeLeb(payload.length), payload]);
}

/** The functions' sizes in bytes, by function index (imports first, of size 0). */
const sizes = [];
/** The name section with each function's hash suffix led by its size (above), up to `end`. */
function nameSection(end) {
  const subsections = [text('name')];
  while (at < end) {
    const from = at;
    const id = byte();
    const size = leb();
    if (id !== 1) {
      at += size;
      subsections.push(wasm.subarray(from, at));
      continue;
    }
    const count = leb();
    const entries = [encodeLeb(count)];
    for (let i = 0; i < count; i++) {
      const index = leb();
      const name = string().replace(/::(h[0-9a-f]{16})$/, (_, hash) =>
        `::${String(sizes[index] ?? 0).padStart(7, '0')}${hash}`);
      entries.push(encodeLeb(index), text(name));
    }
    const payload = Buffer.concat(entries);
    subsections.push(Buffer.from([1]), encodeLeb(payload.length), payload);
  }
  if (at !== end) throw new Error('the name section did not read to its end');
  const payload = Buffer.concat(subsections);
  return Buffer.concat([Buffer.from([0]), encodeLeb(payload.length), payload]);
}

if (wasm.readUInt32LE(0) !== 0x6d736100) throw new Error(`${wasmPath} is not wasm`);
at = 8;
const parts = [wasm.subarray(0, 8)];
const renamed = new Map();
while (at < wasm.length) {
  const start = at;
  const id = byte();
  const size = leb();
  const end = at + size;
  if (id === 7) {
    parts.push(exportSection(end));
    continue;
  }
  if (id === 10) {
    for (let count = leb(), i = 0; i < count; i++) {
      const size = leb();
      sizes.push(size);
      at += size;
    }
  }
  if (id === 0 && string() === 'name') {
    parts.push(nameSection(end));
    continue;
  }
  if (id !== 2) {
    parts.push(wasm.subarray(start, end));
    at = end;
    continue;
  }
  const count = leb();
  const entries = [encodeLeb(count)];
  for (let i = 0; i < count; i++) {
    const module = string();
    const field = string();
    const description = at;
    if (skipDescription() === 0) sizes.push(0);
    let newField = field;
    if (module === glueModule) {
      newField = `a${renamed.size.toString(36)}`;
      renamed.set(field, newField);
    }
    entries.push(text(module), text(newField), wasm.subarray(description, at));
  }
  if (at !== end) throw new Error('the import section did not read to its end');
  const payload = Buffer.concat(entries);
  parts.push(Buffer.from([2]), encodeLeb(payload.length), payload);
}

// Rename in the JavaScript: each name is a key of the imports object, and found nowhere else
// but as that whole word.
for (const [old, short] of renamed) {
  const word = new RegExp(`\\b${old}\\b`, 'g');
  const found = js.match(word)?.length ?? 0;
  if (found !== 1) throw new Error(`${old} is in ${jsPath} ${found} times, not once`);
  js = js.replace(word, short);
}
// Each export is read as `wasm.NAME` (`wasm` is the instance's exports). The raw exports that
// the loader's init function returns are no one's business: www/embed.js and the worker use
// the module's JavaScript exports only.
js = js.replace(/\bwasm\.(\w+)/g, (whole, name) => {
  const short = exported.get(name);
  if (!short) throw new Error(`${jsPath} reads wasm.${name}, which the module does not export`);
  return `wasm.${short}`;
});
writeFileSync(wasmPath, Buffer.concat(parts));
writeFileSync(jsPath, js);
console.log(`minify-names: ${renamed.size} imports and ${exported.size} exports renamed`);
