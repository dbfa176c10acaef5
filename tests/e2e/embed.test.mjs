// Boards embedded in a variant author's page with the embed script (dist/embed/fairylab.js):
// ten of them in one host page — by bundled name, by the flattened definition of seed 002
// pasted as it is, in the Interactive Diagram's own markup, a hostile one, and six more with
// positions, games, orientation and the computer — each playable on its own by clicks and
// through `element.fairylab`; the hostile one refused in its place with no script run; the
// page's styles and the boards' kept apart; the boards below the fold started when scrolled
// to; a share link and a pasted Game Courier game restoring the same position; a PNG of the
// board's size; and the single-file build opened from disk playing against the computer.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { DIST, SCREENSHOTS, usePage } from './helpers.mjs';

/** The definition line of seed 002 (Morphing Chess) as its page holds it, flattened on one line. */
function seed002() {
  for (const dir of [new URL('../../../shared/seeds/', import.meta.url).pathname, '/work/shared/seeds/']) {
    if (!existsSync(dir)) continue;
    const file = readdirSync(dir).find((f) => f.startsWith('002_'));
    if (!file) continue;
    const line = readFileSync(join(dir, file), 'utf8').split('\n').find((l) => l.startsWith('files='));
    if (line) return line;
  }
  // The seeds are not part of the repository: without them, the bundled Morphing Chess text
  // flattened to one line the same way.
  console.log('# embed: seed 002 not found beside the repository; using variants/morphing-chess.txt flattened');
  const own = readFileSync(new URL('../../variants/morphing-chess.txt', import.meta.url), 'utf8');
  return own.split('\n').filter((l) => l.trim() && !l.startsWith('#')).join(' ');
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// A small variant in the Interactive Diagram's markup: one key or piece a line, <br> line ends.
const DIAGRAM = `files=6<br>
ranks=6<br>
promoZone=1<br>
promoChoice=QR<br>
pawn:P:fmWfcF:pawn:a2-f2<br>
rook:R:R:rook:a1,f1<br>
queen:Q:Q:queen:d1<br>
king:K:K:king:c1<br>`;

// A variant that loads, with a piece whose name is markup (no "=": a line with one is a key):
// shown as text in the legend, never run.
const MARKUP_NAME = `files=6 ranks=6
<script>alert(1)</script>:K:K:king:c1,,c6`;

const HOSTILE = `files=1000 ranks=1000
<img src=x onerror="window.__xss = 1">:K:K:king:e1,,e8`;

function hostPage() {
  const spacer = '<div style="height: 2600px">(the article goes on)</div>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A variant author's page</title>
<link rel="icon" href="data:,">
<style>
  /* The page's styles must not reach the boards, nor theirs the page. */
  body { font: 30px serif; color: rgb(200, 0, 0); background: white; }
  canvas { border: 9px solid rgb(0, 255, 0); }
  button { font-size: 40px; }
</style>
</head>
<body>
<h1>Embedded boards</h1>
<p class="fairylab-row" id="page-row">A paragraph of the page with one of fairylab's class names.</p>
<div class="fairylab" id="named" data-variant="chess"></div>
<!-- The seed names the images of its own site (graphicsDir), which this page lacks. -->
<div class="fairylab" id="seed" data-sprites="fairylab">${escape(seed002())}</div>
<div class="idiagram" id="diagram-markup">
${DIAGRAM}
</div>
<div class="fairylab" id="hostile">${escape(HOSTILE)}</div>
<div class="fairylab" id="fen" data-variant="chess" data-fen="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"></div>
<div class="fairylab" id="game" data-variant="chess" data-moves="1. P e2-e4 p e7-e5 2. N g1-f3"
     data-orientation="black"></div>
${spacer}
<div class="fairylab" id="computer" data-variant="chess" data-ai="black" data-level="1"></div>
<div class="fairylab" id="marseillais" data-variant="marseillais"></div>
${spacer}
<div class="fairylab" id="markup-name">${escape(MARKUP_NAME)}</div>
<div class="fairylab" id="morphomania" data-variant="morphomania"></div>
<script src="embed/fairylab.js"></script>
</body>
</html>
`;
}

const HOST = join(DIST, 'embed-host.html');
const BOARDS = ['named', 'seed', 'diagram-markup', 'fen', 'game', 'computer', 'marseillais',
  'markup-name', 'morphomania'];

/** The state an embedded board's element says. */
const state = (page, id) => page.evaluate((id) => document.getElementById(id).dataset.fairylabState, id);

/** Calls `element.fairylab[method](...args)` of board `id`. */
const on = (page, id, method, ...args) =>
  page.evaluate(([id, m, a]) => document.getElementById(id).fairylab[m](...a), [id, method, args]);

/** Plays a coordinate move on board `id` by clicking its two squares. */
async function clickMove(page, id, move) {
  const [from, to] = move.match(/[a-z]\d+/g);
  const canvas = page.locator(`#${id} .fairylab-board canvas`);
  await canvas.scrollIntoViewIfNeeded();
  for (const square of [from, to]) {
    const box = await canvas.boundingBox();
    const [x, y, size] = await on(page, id, 'squareBox', square);
    await page.mouse.click(box.x + x + size / 2, box.y + y + size / 2);
  }
}

async function waitRunning(page, id) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (id) => document.getElementById(id).dataset.fairylabState === 'running',
    id,
    { timeout: 20_000 },
  );
}

/** The embed script and its wasm, gzipped, against the budget: 300 KB from issue 29, raised as
 * docs/embed-size.md records (330,000, then 340,000), back to 330,000 when the values read
 * back from JavaScript no longer went through serde (no float formatting in the wasm), 331,000
 * for the evaluation's safe checks, 333,000 for its riders' masks (the AI 8-11% faster). */
const BUDGET = 333_000;

it('keeps the embed script and its wasm within the budget gzipped (figures printed)', () => {
  const gz = (name) => gzipSync(readFileSync(join(DIST, 'embed', name)), { level: 9 }).length;
  const files = ['fairylab.js', 'fairylab-core.js', 'fairylab-core_bg.wasm'];
  const sizes = files.map(gz);
  const total = sizes.reduce((a, b) => a + b, 0);
  console.log(
    `# embed size: ${files.map((f, i) => `${f} ${sizes[i]}`).join(', ')} bytes gzipped; ` +
      `total ${total} of ${BUDGET} (the worker, ai-worker.js, ${gz('ai-worker.js')} more)`,
  );
  assert.ok(total <= BUDGET, `${total} bytes gzipped, over the budget of ${BUDGET}`);
});

describe('boards embedded in a page', { timeout: 240_000 }, () => {
  const { session, page } = usePage({
    options: { viewport: { width: 1000, height: 800 } },
    load: false,
  });
  const requests = [];
  let loaded = 0;
  const dialogs = [];

  before(async () => {
    await writeFile(HOST, hostPage());
    page.context().on('request', (req) => {
      if (!req.url().startsWith('blob:')) requests.push(new URL(req.url()).pathname);
    });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      dialog.dismiss();
    });
  });

  after(async () => {
    await unlink(HOST).catch(() => {});
  });

  it('starts the boards in view, quickly, with one module and no worker yet', async () => {
    await page.goto(`${session.url}embed-host.html`);
    await waitRunning(page, 'named');
    const [firstDraw, loadEvent] = await page.evaluate(() => {
      const mark = performance.getEntriesByName('fairylab-first-draw')[0];
      const nav = performance.getEntriesByType('navigation')[0];
      return [mark ? mark.startTime : null, nav.loadEventStart];
    });
    assert.ok(firstDraw !== null, 'the first board set its mark');
    console.log(
      `# embed: first of 10 boards drawn ${Math.round(firstDraw)} ms after navigation ` +
        `(the page's load event at ${Math.round(loadEvent)} ms)`,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'embed-top.png') });
    // Far below the fold: not started.
    assert.equal(await state(page, 'markup-name'), 'waiting');
    for (const id of ['named', 'seed', 'diagram-markup', 'fen', 'game']) {
      await waitRunning(page, id);
    }
    assert.equal(requests.filter((p) => p.endsWith('_bg.wasm')).length, 1, 'the wasm loads once');
    assert.equal(requests.filter((p) => p.endsWith('ai-worker.js')).length, 1, 'the worker script once');
    assert.equal(await on(page, 'named', 'thinking'), null, 'no worker before a search');
    loaded = requests.length;
    assert.equal(await page.evaluate(() => typeof window.fairylab), 'undefined', 'no global');
  });

  it('reads each board as its element says', async () => {
    assert.equal(await on(page, 'named', 'variant'), 'chess');
    assert.equal((await on(page, 'named', 'legalMoves')).length, 20);
    // The flattened seed: Morphing Chess, 9x9.
    assert.deepEqual([await on(page, 'seed', 'files'), await on(page, 'seed', 'ranks')], [9, 9]);
    assert.deepEqual([await on(page, 'diagram-markup', 'files'), await on(page, 'diagram-markup', 'ranks')], [6, 6]);
    assert.equal(await on(page, 'fen', 'fen'), '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    assert.deepEqual(await on(page, 'game', 'history'), ['e2e4', 'e7e5', 'g1f3']);
    assert.equal(await on(page, 'game', 'flipped'), true);
  });

  it('refuses the hostile board in its place, running nothing of its text', async () => {
    await page.locator('#hostile').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('hostile').dataset.fairylabState === 'refused');
    const message = await page.locator('#hostile .fairylab-refused').textContent();
    assert.match(message, /^This board could not start: the definition: /);
    assert.equal(await page.evaluate(() => window.__xss), undefined, 'no script of the text ran');
    assert.equal(await page.locator('#hostile img').count(), 0, 'no element made from the text');
    assert.equal(await page.evaluate(() => document.getElementById('hostile').fairylab), null);
    // A piece named with markup: the board plays, and its legend shows the name as text.
    await waitRunning(page, 'markup-name');
    await page.locator('#markup-name .fairylab-designer > summary').click();
    const legend = await page.locator('#markup-name .fairylab-legend').textContent();
    assert.ok(legend.includes('<script>alert(1)</script>'), legend);
    assert.equal(await page.locator('#markup-name .fairylab-legend script').count(), 0);
    assert.deepEqual(dialogs, [], 'no script of the name ran');
  });

  it('keeps the page\'s styles and the boards\' apart', async () => {
    const inside = await page.evaluate(() => {
      const root = document.getElementById('named').shadowRoot;
      const button = root.querySelector('button');
      const canvas = root.querySelector('canvas');
      return {
        button: getComputedStyle(button).fontSize,
        border: getComputedStyle(canvas).borderTopWidth,
        colour: getComputedStyle(root.querySelector('.fairylab-panel')).color,
      };
    });
    assert.notEqual(inside.button, '40px', 'the page\'s button size stays out');
    assert.notEqual(inside.border, '9px', 'the page\'s canvas border stays out');
    assert.notEqual(inside.colour, 'rgb(200, 0, 0)', 'the page\'s text colour is not inherited');
    const row = await page.evaluate(() => getComputedStyle(document.getElementById('page-row')).display);
    assert.equal(row, 'block', 'the boards\' styles stay in');
  });

  it('plays each board by clicks, on its own, and tells the page', async () => {
    await page.evaluate(() => {
      window.__events = [];
      for (const kind of ['fairylab:move', 'fairylab:end']) {
        document.addEventListener(kind, (e) => window.__events.push([e.target.id, kind, e.detail]));
      }
    });
    await clickMove(page, 'named', 'e2e4');
    assert.deepEqual(await on(page, 'named', 'history'), ['e2e4']);
    assert.deepEqual(await on(page, 'fen', 'history'), [], 'the other boards are untouched');
    const events = await page.evaluate(() => window.__events);
    assert.equal(events.length, 1);
    assert.equal(events[0][0], 'named');
    assert.equal(events[0][2].move, 'e2e4');
    assert.equal(events[0][2].fen, await on(page, 'named', 'fen'));
    await clickMove(page, 'seed', 'e2e3');
    assert.deepEqual(await on(page, 'seed', 'history'), ['e2e3']);
    await clickMove(page, 'diagram-markup', 'a2a3');
    assert.deepEqual(await on(page, 'diagram-markup', 'history'), ['a2a3']);
    await clickMove(page, 'fen', 'e2e4');
    // A game to its end: the fool's mate on the named board.
    for (const m of ['f7f6', 'd2d4', 'g7g5', 'd1h5']) await on(page, 'named', 'play', m);
    const ends = (await page.evaluate(() => window.__events)).filter(([, kind]) => kind === 'fairylab:end');
    assert.equal(ends.length, 1);
    assert.match(ends[0][2].result, /^1-0 /);
    // The rest, through the interface.
    for (const id of BOARDS) {
      await waitRunning(page, id);
      const moves = await on(page, id, 'legalMoves');
      if (moves.length > 0 && (await on(page, id, 'result')) === null) {
        assert.ok(await on(page, id, 'play', moves[0]), `${id} plays ${moves[0]}`);
      }
    }
  });

  it('starts the boards below when they are scrolled to, and plays the computer', async () => {
    await page.evaluate(() => {
      window.__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__long.push(e.duration);
      }).observe({ type: 'longtask' });
    });
    await page.locator('#computer').scrollIntoViewIfNeeded();
    await waitRunning(page, 'computer');
    await page.locator('#morphomania').scrollIntoViewIfNeeded();
    await waitRunning(page, 'morphomania');
    await waitRunning(page, 'markup-name');
    await on(page, 'computer', 'newGame');
    await clickMove(page, 'computer', 'e2e4');
    await page.waitForFunction(
      () => document.getElementById('computer').fairylab.history().length === 2,
      null,
      { timeout: 20_000 },
    );
    assert.deepEqual(requests.slice(loaded), [], 'nothing requested after the load, worker included');
    // Responsiveness while boards start and the computer thinks: the main thread's long tasks
    // (over 50 ms), printed, not asserted (a shared machine's timings are noise).
    const long = await page.evaluate(() => window.__long);
    console.log(
      `# embed: ${long.length} long tasks while 4 boards started and the computer played, ` +
        `longest ${Math.round(Math.max(0, ...long))} ms`,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'embed-computer.png') });
  });

  it('restores a shared link and a pasted Game Courier game to the same position', async () => {
    const fen = await on(page, 'game', 'fen');
    const link = await on(page, 'game', 'link');
    assert.match(link, /embed-host\.html#.*b=game/);
    const gc = await on(page, 'game', 'exportGame', 'gc');
    assert.match(gc, /N g1-f3/);
    const pgn = await on(page, 'game', 'exportGame', 'pgn');
    assert.match(pgn, /\[Variant "chess"\]/);
    // Pasted into another board of the same variant.
    await on(page, 'fen', 'setVariant', 'chess');
    assert.deepEqual(await on(page, 'fen', 'importGame', gc), { ok: true, played: 4, error: null });
    assert.equal(await on(page, 'fen', 'fen'), fen);
    const bad = await on(page, 'fen', 'importGame', '1. P e2-e4 p e7-e5 2. K e1-e3');
    assert.equal(bad.ok, false);
    assert.equal(bad.played, 2);
    assert.match(bad.error, /^move 2 \(K e1-e3\)/);
    // The link opens the host page with that board's game.
    await page.goto('about:blank');
    await page.goto(link);
    await waitRunning(page, 'game');
    assert.equal(await on(page, 'game', 'fen'), fen);
    assert.deepEqual(await on(page, 'named', 'history'), [], 'the other boards start as written');
  });

  it('exports the board as a PNG of its size', async () => {
    const size = await page.evaluate(async () => {
      const el = document.getElementById('named');
      const url = await el.fairylab.png();
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = el.shadowRoot.querySelector('canvas');
      return [url.slice(0, 22), img.naturalWidth, img.naturalHeight, canvas.width, canvas.height];
    });
    assert.equal(size[0], 'data:image/png;base64,');
    assert.deepEqual(size.slice(1, 3), size.slice(3, 5));
    assert.ok(size[1] > 100);
    assert.deepEqual(session.problems, []);
  });
});

describe('the single-file page opened from disk', { timeout: 120_000 }, () => {
  const { page } = usePage({ load: false });

  it('plays a move against the computer from file://', async () => {
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    const file = join(DIST, 'fairylab-standalone.html');
    assert.ok(existsSync(file), `${file} is built`);
    await page.goto(pathToFileURL(file).href);
    await waitRunning(page, 'board');
    await on(page, 'board', 'setLevel', 1);
    await on(page, 'board', 'setMode', 'white');
    await clickMove(page, 'board', 'e2e3');
    await page.waitForFunction(
      () => document.getElementById('board').fairylab.history().length === 2,
      null,
      { timeout: 20_000 },
    );
    assert.deepEqual(problems, []);
    await page.screenshot({ path: join(SCREENSHOTS, 'standalone.png') });
  });
});
