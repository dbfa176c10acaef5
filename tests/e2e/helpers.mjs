// Shared by the end-to-end tests: a static server for dist/, Debian's headless Chromium through
// playwright-core, and helpers that act on the board the way a person does (mouse clicks on
// canvas squares) and read back what was drawn.

import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
export const SCREENSHOTS = join(DIST, 'screenshots');
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
/** devicePixelRatio: the canvas must draw at device resolution. */
export const SCALE = 2;

// Board colours from src/web/render.rs (Theme::DEFAULT).
export const LIGHT = [240, 217, 181];
export const DARK = [181, 136, 99];
/** rgba(r, g, b, a) laid over an opaque colour. */
export const over = (rgba, base) => base.map((c, i) => c * (1 - rgba[3]) + rgba[i] * rgba[3]);
export const HIGHLIGHT = [20, 85, 30, 0.5];
export const DOT = [20, 85, 30, 0.5];

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * A plain static file server for dist/ on a free loopback port, serving it at `prefix` (the
 * server's root by default, or a sub-folder such as `/games/fairylab/`): any other path is 404.
 */
export async function serveDist(prefix = '/') {
  await stat(join(DIST, 'index.html')).catch(() => {
    throw new Error(`no ${DIST}index.html: run \`trunk build --release\` first`);
  });
  const server = createServer(async (req, res) => {
    const full = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    if (!full.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    const path = `/${full.slice(prefix.length)}`;
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

/**
 * A fresh browser profile with one page on the served dist/. `problems` collects console
 * errors, page errors, failed requests and requests off the local server.
 */
export async function open(options = {}, prefix = '/') {
  const server = await serveDist(prefix);
  const profile = await mkdtemp(join(tmpdir(), 'fairylab-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 900 },
    deviceScaleFactor: SCALE,
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const url = `http://127.0.0.1:${server.address().port}${prefix}`;
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (req) => {
    // A navigation cancels what the page was still fetching: not a problem of the page.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') {
      problems.push(`request failed: ${req.url()}: ${req.failure()?.errorText}`);
    }
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.on('request', (req) => {
    // blob: and data: addresses are the page's own memory (embedded boards start their
    // worker from one), not requests.
    const local = req.url().startsWith(url) || /^(blob|data):/.test(req.url());
    if (!local) problems.push(`request off the local server: ${req.url()}`);
  });
  await mkdir(SCREENSHOTS, { recursive: true });
  const close = async () => {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
    await rm(profile, { recursive: true, force: true });
  };
  return { server, context, page, url, problems, close };
}

/**
 * The browser of one `describe`: opened (`open`) before its first test and closed after its last.
 * Call it in the `describe`'s body. With `load` (the default) the page at the server's root is
 * loaded and ready before the first test; `options` and `prefix` are `open`'s.
 *
 * Returns the `session` (`open`'s object, filled in when the browser opens: `url`, `problems`,
 * `context`, `page`) and `page`, a stand-in for the session's page that the `describe`'s tests
 * and hooks use as the page itself: each property is read from the page once it is open. Pass
 * `session.page` where Playwright itself wants a Page (`newCDPSession`).
 */
export function usePage({ options = {}, prefix = '/', load: loaded = true } = {}) {
  const session = {};
  before(async () => {
    Object.assign(session, await open(options, prefix));
    if (loaded) await load(session.page, session.url);
  });
  after(async () => {
    await session.close?.();
  });
  const page = new Proxy(
    {},
    {
      get(_, key) {
        const real = session.page;
        if (!real) throw new Error(`page.${String(key)} read before the browser opened`);
        const value = Reflect.get(real, key, real);
        return typeof value === 'function' ? value.bind(real) : value;
      },
    },
  );
  return { session, page };
}

/** Loads the page and waits for the applets. */
export async function load(page, url) {
  await page.goto(url);
  await ready(page);
}

export async function ready(page) {
  await page.waitForFunction(() => window.fairylab?.ready === true, null, { timeout: 20_000 });
}

/** Resolves after the page has painted twice, so a scheduled redraw has happened. */
export function nextFrames(page) {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Calls a method of the first applet. */
export function call(page, method, ...args) {
  return page.evaluate(([m, a]) => window.fairylab.app[m](...a), [method, args]);
}

/** What the last frame drew (app.drawn()), after the next frames. */
export async function drawn(page) {
  await nextFrames(page);
  return call(page, 'drawn');
}

/** Centre of a square in page coordinates (flipped or not), from the applet's own layout. */
export async function squareCentre(page, name) {
  const box = await page.locator('canvas[data-fairylab]').first().boundingBox();
  const [x, y, size] = await call(page, 'squareBox', name);
  return { x: box.x + x + size / 2, y: box.y + y + size / 2, size };
}

/** Clicks a square with the mouse. */
export async function clickSquare(page, name) {
  const { x, y } = await squareCentre(page, name);
  await page.mouse.click(x, y);
}

/** Drags with the mouse from one square to another. */
export async function dragSquare(page, from, to) {
  const a = await squareCentre(page, from);
  const b = await squareCentre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/**
 * Plays a coordinate move by clicking its two squares; a promotion picks the chooser's square
 * for that move. Returns what was drawn after it.
 */
export async function clickMove(page, move) {
  const from = move.match(/^[a-z]\d+/)[0];
  const rest = move.slice(from.length);
  const to = rest.match(/^[a-z]\d+/)[0];
  const before = (await call(page, 'history')).length;
  await clickSquare(page, from);
  assert.equal(await call(page, 'selected'), from, `${move}: ${from} is selected`);
  await clickSquare(page, to);
  if (rest.length > to.length) {
    const { chooser } = await drawn(page);
    const choice = chooser.find(([, m]) => m === move);
    assert.ok(choice, `${move}: the chooser offers it (${JSON.stringify(chooser)})`);
    await clickSquare(page, choice[0]);
  }
  // The move is the next one in the history. A computer opponent may already have answered
  // by the time the history is read (a loaded machine delays the read past a fast search).
  const history = await call(page, 'history');
  assert.ok(history.length > before, `${move} was played`);
  assert.equal(history[before], move);
  return drawn(page);
}

/** RGB of the canvas at a point in CSS pixels from its top-left corner. */
export function canvasPixel(page, x, y) {
  return page.evaluate(
    ([x, y]) => {
      const canvas = document.querySelector('canvas[data-fairylab]');
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      const d = canvas
        .getContext('2d')
        .getImageData(Math.floor(x * scale), Math.floor(y * scale), 1, 1).data;
      return [d[0], d[1], d[2]];
    },
    [x, y],
  );
}

/** RGB at a square's centre, or at a fraction (fx, fy) of it from its top-left corner. */
export async function squarePixel(page, name, fx = 0.5, fy = 0.5) {
  const [x, y, size] = await call(page, 'squareBox', name);
  return canvasPixel(page, x + size * fx, y + size * fy);
}

/** Is square `name` dark? (a1 is.) */
export function isDark(name) {
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  return (file + rank) % 2 === 0;
}

export function assertColour(actual, expected, what) {
  const close = actual.every((c, i) => Math.abs(c - expected[i]) <= 3);
  assert.ok(close, `${what}: got rgb(${actual}), expected about rgb(${expected.map(Math.round)})`);
}

/** Runs a JS call and returns the message of the Error it throws, or null. */
export function errorOf(page, method, ...args) {
  return page.evaluate(
    ([m, a]) => {
      try {
        window.fairylab.app[m](...a);
        return null;
      } catch (e) {
        return e instanceof Error ? e.message : `not an Error: ${e}`;
      }
    },
    [method, args],
  );
}

/** Opens the applet's Designer panel (a `<details>`) if it is closed. */
export async function openDesigner(page) {
  const panel = page.locator('.fairylab-designer').first();
  if (!(await panel.evaluate((el) => el.open))) {
    await page.locator('.fairylab-designer > summary').first().click();
  }
}

/** Sets `variant` for a human playing both sides and opens the Designer panel on it. */
export async function designerOn(page, variant) {
  await call(page, 'setMode', 'human');
  await call(page, 'setVariant', variant);
  await openDesigner(page);
}
