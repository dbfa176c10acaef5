// End-to-end tests of the built page (dist/, from `trunk build --release`) in headless Debian
// Chromium through playwright-core. Run with `node --test tests/e2e/` (scripts/test.sh does).
// Leaves a screenshot for people in dist/screenshots/first-page.png.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const SCREENSHOT = join(DIST, 'screenshots', 'first-page.png');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SCALE = 2; // devicePixelRatio: the canvas must draw at device resolution.

// Board colours from src/web/render.rs (Theme::DEFAULT).
const LIGHT = [240, 217, 181];
const DARK = [181, 136, 99];
// The highlight, rgba(20, 85, 30, 0.5), laid over a dark square.
const HIGHLIGHT_ON_DARK = DARK.map((c, i) => (c + [20, 85, 30][i]) / 2);

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A static file server for dist/ on a free loopback port. */
async function serveDist() {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    const file = normalize(join(DIST, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(DIST.endsWith(sep) ? DIST : DIST + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Centre of a square in page coordinates, from the canvas's bounding box. */
function squareCentre(box, files, ranks, name) {
  const file = name.charCodeAt(0) - 'a'.charCodeAt(0);
  const rank = Number(name.slice(1)) - 1;
  return {
    x: box.x + ((file + 0.5) * box.width) / files,
    y: box.y + ((ranks - 1 - rank + 0.5) * box.height) / ranks,
  };
}

/** RGB at the centre of every square, keyed by name, read from the canvas's device pixels. */
async function squareColours(page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('canvas[data-fairylab]');
    const app = window.fairylab.app;
    const files = app.files();
    const ranks = app.ranks();
    const { data, width } = canvas
      .getContext('2d')
      .getImageData(0, 0, canvas.width, canvas.height);
    const colours = {};
    for (let rank = 0; rank < ranks; rank++) {
      for (let file = 0; file < files; file++) {
        const x = Math.floor(((file + 0.5) * canvas.width) / files);
        const y = Math.floor(((ranks - 1 - rank + 0.5) * canvas.height) / ranks);
        const i = 4 * (y * width + x);
        colours[String.fromCharCode(97 + file) + (rank + 1)] = [data[i], data[i + 1], data[i + 2]];
      }
    }
    return colours;
  });
}

/** Resolves after the page has painted twice, so a scheduled redraw has happened. */
function nextFrames(page) {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

function assertColour(actual, expected, what) {
  const close = actual.every((c, i) => Math.abs(c - expected[i]) <= 3);
  assert.ok(close, `${what}: got rgb(${actual}), expected about rgb(${expected.map(Math.round)})`);
}

describe('first page', { timeout: 60_000 }, () => {
  let server;
  let context;
  let page;
  let profile;
  const problems = [];

  before(async () => {
    await stat(join(DIST, 'index.html')).catch(() => {
      throw new Error(`no ${DIST}index.html: run \`trunk build --release\` first`);
    });
    server = await serveDist();
    profile = await mkdtemp(join(tmpdir(), 'fairylab-e2e-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 800, height: 900 },
      deviceScaleFactor: SCALE,
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()}`));
    page.on('request', (req) => {
      if (!req.url().startsWith(`http://127.0.0.1:${server.address().port}/`)) {
        problems.push(`request off the local server: ${req.url()}`);
      }
    });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.fairylab?.ready === true, null, { timeout: 20_000 });
  });

  after(async () => {
    await context?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('draws an empty 9x9 board at device resolution, a1 dark', async () => {
    const state = await page.evaluate(() => window.fairylab.app.snapshot());
    assert.equal(state.files, 9);
    assert.equal(state.ranks, 9);
    assert.equal(state.highlighted, undefined);
    assert.equal(state.devicePixelRatio, SCALE);
    assert.ok(state.cssWidth > 100, `canvas is ${state.cssWidth} CSS px wide`);
    assert.equal(state.cssHeight, state.cssWidth, 'a square board');
    assert.equal(state.pixelWidth, Math.round(state.cssWidth * SCALE));
    assert.equal(state.pixelHeight, Math.round(state.cssHeight * SCALE));

    const colours = await squareColours(page);
    assert.equal(Object.keys(colours).length, 81);
    assertColour(colours.a1, DARK, 'a1');
    assertColour(colours.b1, LIGHT, 'b1');
    assertColour(colours.i9, DARK, 'i9');
    assertColour(colours.e5, DARK, 'e5');
    assertColour(colours.e4, LIGHT, 'e4');
  });

  it('highlights the clicked square, and only that square', async () => {
    const before = await squareColours(page);
    const canvas = page.locator('canvas[data-fairylab]');
    const box = await canvas.boundingBox();
    const e5 = squareCentre(box, 9, 9, 'e5');
    await page.mouse.click(e5.x, e5.y);
    assert.equal(await page.evaluate(() => window.fairylab.app.highlighted()), 'e5');

    await nextFrames(page);
    const after = await squareColours(page);
    const changed = Object.keys(after).filter((sq) => after[sq].some((c, i) => c !== before[sq][i]));
    assert.deepEqual(changed, ['e5']);
    assertColour(after.e5, HIGHLIGHT_ON_DARK, 'highlighted e5');

    await mkdir(join(DIST, 'screenshots'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
  });

  it('moves the highlight to another clicked square, and clears it on a second click', async () => {
    const canvas = page.locator('canvas[data-fairylab]');
    const box = await canvas.boundingBox();
    const c3 = squareCentre(box, 9, 9, 'c3');
    await page.mouse.click(c3.x, c3.y);
    assert.equal(await page.evaluate(() => window.fairylab.app.highlighted()), 'c3');
    await nextFrames(page);
    let colours = await squareColours(page);
    assertColour(colours.e5, DARK, 'e5 after the highlight moved');
    assertColour(colours.c3, HIGHLIGHT_ON_DARK, 'highlighted c3');

    await page.mouse.click(c3.x, c3.y);
    assert.equal(await page.evaluate(() => window.fairylab.app.highlighted()), undefined);
    await nextFrames(page);
    colours = await squareColours(page);
    assertColour(colours.c3, DARK, 'c3 after the second click');
  });

  it('redraws at the new size when the window is resized', async () => {
    const canvas = page.locator('canvas[data-fairylab]');
    let box = await canvas.boundingBox();
    const g7 = squareCentre(box, 9, 9, 'g7');
    await page.mouse.click(g7.x, g7.y);
    await page.setViewportSize({ width: 420, height: 700 });
    await page.waitForFunction(() => {
      const { cssWidth, pixelWidth } = window.fairylab.app.snapshot();
      return cssWidth < 400 && pixelWidth === Math.round(cssWidth * devicePixelRatio);
    });
    await nextFrames(page);
    box = await canvas.boundingBox();
    assert.ok(box.width < 400, `canvas shrank to ${box.width} CSS px`);
    const colours = await squareColours(page);
    assertColour(colours.g7, HIGHLIGHT_ON_DARK, 'g7 still highlighted after the resize');
    assertColour(colours.a1, DARK, 'a1 after the resize');
    await page.setViewportSize({ width: 800, height: 900 });
  });

  it('logs no errors and fetches nothing off the local server', () => {
    assert.deepEqual(problems, []);
  });
});
