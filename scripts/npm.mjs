// The npm package `fairylab`, made from a release build's embed files (scripts/embed.sh runs
// it last): OUT/npm/ with
//   package.json                 name, the crate's version, license, files, exports, types
//   README.md                    npm/README.md (the package's page on npm and the CDNs)
//   index.d.ts                   npm/index.d.ts: the JavaScript interface's types
//   embed/                       the embed script, its module, wasm and worker (OUT/embed/)
//   fairylab-standalone.html     the single-file page
//   LICENSE-MIT, LICENSE-APACHE
// `npm pack` in OUT/npm makes the tarball (tests/e2e/npm.test.mjs installs and plays it).
//   node scripts/npm.mjs OUT
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = process.argv[2] || 'dist';
const pkg = join(out, 'npm');

/** The `[package]` table's `key = "value"` of Cargo.toml: the crate and the package agree. */
function cargo(key) {
  const toml = readFileSync(join(root, 'Cargo.toml'), 'utf8');
  const table = toml.split(/^\[/m).find((t) => t.startsWith('package]'));
  const found = table && table.match(new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, 'm'));
  if (!found) throw new Error(`npm: no ${key} in Cargo.toml's [package]`);
  return found[1];
}

const manifest = {
  name: 'fairylab',
  version: cargo('version'),
  description:
    'Chess variants on any web page with one script tag: Interactive Diagram definitions, ' +
    'Betza moves, boards with a computer player and a designer, compiled from Rust to WebAssembly',
  license: cargo('license'),
  keywords: ['chess', 'chess-variants', 'fairy-chess', 'betza', 'interactive-diagram', 'webassembly'],
  // The files a CDN serves for the package's bare address (cdn.jsdelivr.net/npm/fairylab@V).
  browser: './embed/fairylab.js',
  unpkg: './embed/fairylab.js',
  jsdelivr: './embed/fairylab.js',
  types: './index.d.ts',
  files: ['embed/', 'fairylab-standalone.html', 'index.d.ts', 'LICENSE-MIT', 'LICENSE-APACHE'],
  exports: {
    '.': { types: './index.d.ts', default: './embed/fairylab.js' },
    './embed/*': './embed/*',
    './fairylab-standalone.html': './fairylab-standalone.html',
    './package.json': './package.json',
  },
  sideEffects: true,
};

rmSync(pkg, { recursive: true, force: true });
mkdirSync(pkg, { recursive: true });
cpSync(join(out, 'embed'), join(pkg, 'embed'), { recursive: true });
for (const [from, to] of [
  [join(out, 'fairylab-standalone.html'), 'fairylab-standalone.html'],
  [join(root, 'npm', 'index.d.ts'), 'index.d.ts'],
  [join(root, 'LICENSE-MIT'), 'LICENSE-MIT'],
  [join(root, 'LICENSE-APACHE'), 'LICENSE-APACHE'],
]) {
  cpSync(from, join(pkg, to));
}
// The README's CDN address names this very version.
const readme = readFileSync(join(root, 'npm', 'README.md'), 'utf8');
writeFileSync(join(pkg, 'README.md'), readme.replaceAll('fairylab@VERSION', `fairylab@${manifest.version}`));
writeFileSync(join(pkg, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`npm: ${pkg}/ (fairylab ${manifest.version}; \`npm pack\` there makes the tarball)`);
