// The npm package (dist/npm/, scripts/npm.mjs) as a web developer meets it: `npm pack` makes
// the tarball; `npm install ./fairylab-<version>.tgz` puts it into an empty site's folder
// (offline: the tarball is all it needs); a page of that site loads
// node_modules/fairylab/embed/fairylab.js from another folder than its own and a move is
// played on the board by clicking it; and a TypeScript file using the interface through the
// package's index.d.ts compiles (`tsc --noEmit`), while misuses of it are errors.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, SCREENSHOTS, open } from './helpers.mjs';

const PACKAGE = join(DIST, 'npm');
/** The site: a folder of dist/ so that the test server serves it (dist/npm-site/). */
const SITE = join(DIST, 'npm-site');
const TSC = new URL('../../node_modules/.bin/tsc', import.meta.url).pathname;
const VERSION = readFileSync(new URL('../../Cargo.toml', import.meta.url), 'utf8')
  .match(/^version = "([^"]+)"/m)[1];

const npm = (args, cwd) =>
  execFileSync('npm', [...args, '--offline', '--no-audit', '--no-fund'], { cwd, encoding: 'utf8' });

const HOST = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A page of a site with fairylab installed</title>
<link rel="icon" href="data:,"></head>
<body>
<h1>Chess</h1>
<div class="fairylab" id="board" data-variant="chess"></div>
<script src="../node_modules/fairylab/embed/fairylab.js"></script>
</body>
</html>
`;

// Uses the whole surface once; each @ts-expect-error must be an error, so the declarations
// are checked to be real types and not `any`.
const USE = `/// <reference types="fairylab" />
import type { FairylabApp, MoveDetail, DefinitionResult, BalanceReport, DiagramMark } from "fairylab";

const element = document.querySelector<HTMLElement>(".fairylab")!;
element.addEventListener("fairylab:move", (e) => {
  const detail: MoveDetail = e.detail;
  const text: string = detail.move + detail.ply.toFixed(0) + detail.fen;
  console.log(text);
});
element.addEventListener("fairylab:end", (e) => console.log(e.detail.result.length));
const state: string | undefined = element.dataset.fairylabState;
const app: FairylabApp | null | undefined = element.fairylab;
if (app) {
  const moves: string[] = app.legalMoves();
  app.play(moves[0]);
  const result: DefinitionResult = app.setDefinition(app.definition());
  if (!result.ok) console.log(result.errors.map((e) => \`\${e.line}:\${e.col}: \${e.message}\`));
  app.setMode("white");
  app.setLevel(3);
  app.hint().then((m: string) => console.log(m));
  const marks: DiagramMark[] = app.pieceMoves("N", "white");
  console.log(marks.map((m) => m.square + m.kind), app.hands(), app.seed(), state);
  app.balance(10, { timeMs: 20 }).then((r: BalanceReport) => console.log(r.a.whiteWins, r.b?.draws));
  const [x, y, size] = app.squareBox("e2");
  console.log(x + y + size, app.drawn().pieces, app.snapshot().devicePixelRatio);
  // @ts-expect-error a mode the interface does not have
  app.setMode("computer");
  // @ts-expect-error legalMoves takes no argument and returns strings
  const wrong: number[] = app.legalMoves();
  // @ts-expect-error exportGame's formats are "gc" and "pgn"
  app.exportGame("sgf");
  console.log(wrong);
}
const page = window.fairylab;
if (page?.ready) console.log(page.app.fen(), page.apps.length);
`;

describe('the npm package', { timeout: 180_000 }, () => {
  let packed;
  let session;

  before(() => {
    rmSync(SITE, { recursive: true, force: true });
    mkdirSync(join(SITE, 'pages'), { recursive: true });
    // A package.json of its own, so npm installs here and not into an enclosing project.
    writeFileSync(join(SITE, 'package.json'), '{ "name": "host-site", "private": true }\n');
  });

  after(async () => {
    await session?.close();
    rmSync(SITE, { recursive: true, force: true });
  });

  it('packs as fairylab at the crate version, with the embed files, page and types', () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));
    assert.equal(manifest.name, 'fairylab');
    assert.equal(manifest.version, VERSION);
    assert.equal(manifest.license, 'MIT OR Apache-2.0');
    assert.equal(manifest.types, './index.d.ts');
    [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', SITE], PACKAGE));
    assert.equal(packed.filename, `fairylab-${VERSION}.tgz`);
    const files = packed.files.map((f) => f.path).sort();
    assert.deepEqual(files, [
      'LICENSE-APACHE', 'LICENSE-MIT', 'README.md',
      'embed/ai-worker.js', 'embed/fairylab-core.js', 'embed/fairylab-core_bg.wasm', 'embed/fairylab.js',
      'fairylab-standalone.html', 'index.d.ts', 'package.json',
    ]);
    console.log(
      `# npm package ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked; ` +
        packed.files.map((f) => `${f.path} ${f.size}`).join(', '),
    );
    assert.match(readFileSync(join(PACKAGE, 'README.md'), 'utf8'), new RegExp(`fairylab@${VERSION}/embed/fairylab\\.js`));
  });

  it('installs from the tarball, offline, into an empty site', () => {
    npm(['install', `./fairylab-${VERSION}.tgz`], SITE);
    const installed = JSON.parse(readFileSync(join(SITE, 'node_modules/fairylab/package.json'), 'utf8'));
    assert.equal(installed.version, VERSION);
  });

  it('plays a move on a board of a page loading the script from node_modules', async () => {
    writeFileSync(join(SITE, 'pages', 'board.html'), HOST);
    session = await open();
    const { page, problems } = session;
    await page.goto(`${session.url}npm-site/pages/board.html`);
    await page.evaluate(() => {
      window.moves = [];
      document.getElementById('board').addEventListener('fairylab:move', (e) => window.moves.push(e.detail));
    });
    await page.waitForFunction(() => document.getElementById('board').dataset.fairylabState === 'running',
      null, { timeout: 20_000 });
    const canvas = page.locator('#board .fairylab-board canvas');
    for (const square of ['e2', 'e4']) {
      const box = await canvas.boundingBox();
      const [x, y, size] = await page.evaluate((s) => document.getElementById('board').fairylab.squareBox(s), square);
      await page.mouse.click(box.x + x + size / 2, box.y + y + size / 2);
    }
    assert.deepEqual(await page.evaluate(() => document.getElementById('board').fairylab.history()), ['e2e4']);
    const [moved] = await page.evaluate(() => window.moves);
    assert.deepEqual([moved.move, moved.ply], ['e2e4', 1]);
    await page.screenshot({ path: join(SCREENSHOTS, 'npm-board.png') });
    assert.deepEqual(problems, []);
  });

  it('declares the interface for TypeScript (tsc --noEmit on a file using it)', () => {
    writeFileSync(join(SITE, 'use.ts'), USE);
    writeFileSync(join(SITE, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, target: 'es2022', lib: ['es2022', 'dom'],
        module: 'esnext', moduleResolution: 'bundler', types: [],
      },
      files: ['use.ts'],
    }));
    // Throws, with tsc's messages, when the file does not compile.
    try {
      execFileSync(TSC, ['--noEmit', '-p', SITE], { encoding: 'utf8' });
    } catch (e) {
      assert.fail(`tsc: ${e.stdout}${e.stderr}`);
    }
  });
});
