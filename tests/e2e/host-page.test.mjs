// A variant author's page as the Interactive Diagram's script knows it, played by the embed
// script: its own piece images drawn (graphicsDir, whitePrefix, blackPrefix, graphicsType, a
// piece line's image with `%`, squareSize), a missing image falling back to fairylab's own
// sprite, `data-sprites` and `setSprites()` choosing fairylab's sprites, and each board named
// from the page (data-name, the heading before it, the title) rather than a hash.
// The images are the project's own test fixtures (tests/e2e/fixtures/pictures/).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cp, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST, SCREENSHOTS, usePage } from './helpers.mjs';

const FIXTURES = new URL('./fixtures/pictures/', import.meta.url).pathname;
const IMAGES = join(DIST, 'host-pictures');
const HOST = join(DIST, 'host-page.html');

// King images for both sides, a white rook by a `%` address, no knight images, no black rook.
const TEXT = `files=4 ranks=4 symmetry=none graphicsDir=host-pictures/ whitePrefix=w blackPrefix=b
graphicsType=svg squareSize=60
king:K:K:king:a1,,d4
rook:R:R:host-pictures/%rook:d1,,a4
knight:N:N:knight:b1,,c4`;

const hostPage = () => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Host page title</title><link rel="icon" href="data:,"></head>
<body>
<div class="idiagram" id="titled">files=4 ranks=4 symmetry=none
king:K:K:king:a1,,d4</div>
<h1>An author's variant</h1>
<h2>Four by four</h2>
<p>The rules, with the page's own pieces:</p>
<div class="idiagram" id="pictures">${TEXT}</div>
<div class="fairylab" id="own" data-sprites="fairylab" data-name="  Own
  sprites board ">${TEXT}</div>
<div class="fairylab" id="unplayed">files=4 ranks=4 symmetry=none
king:K:K:king:a1,,d4
knight:N:NWnNX:knight:b1,,c4</div>
<script src="embed/fairylab.js"></script>
</body>
</html>
`;

const on = (page, id, method, ...args) =>
  page.evaluate(([id, m, a]) => document.getElementById(id).fairylab[m](...a), [id, method, args]);

/** The pixels of `square` on board `id`, in device pixels, as [r, g, b, a] arrays. */
const pixels = (page, id, square) =>
  page.evaluate(([id, square]) => {
    const element = document.getElementById(id);
    const canvas = element.shadowRoot.querySelector('canvas');
    const [x, y, size] = element.fairylab.squareBox(square);
    const k = canvas.width / canvas.getBoundingClientRect().width;
    const n = Math.floor(size * k);
    const data = canvas.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), n, n).data;
    const out = [];
    for (let i = 0; i < data.length; i += 4) out.push([data[i], data[i + 1], data[i + 2], data[i + 3]]);
    return out;
  }, [id, square]);

/** The pixel at the middle of `square`. */
async function centre(page, id, square) {
  const all = await pixels(page, id, square);
  const n = Math.sqrt(all.length);
  return all[Math.floor(n / 2) * n + Math.floor(n / 2)];
}

const near = (a, b) => a.slice(0, 3).every((c, i) => Math.abs(c - b[i]) <= 12);
const MAGENTA = [255, 0, 255];
const CYAN = [0, 255, 255];
const AMBER = [255, 200, 0];

/** How much of `square` is near white and how much near black: a sprite has both. */
async function spriteInks(page, id, square) {
  const all = await pixels(page, id, square);
  const share = (f) => all.filter(f).length / all.length;
  return {
    light: share(([r, g, b]) => r > 225 && g > 220 && b > 210),
    dark: share(([r, g, b]) => r < 60 && g < 60 && b < 60),
  };
}

describe('a host page with its own piece images', { timeout: 180_000 }, () => {
  const { session, page } = usePage({
    options: { viewport: { width: 1000, height: 900 } },
    load: false,
  });
  const asked = [];

  before(async () => {
    await cp(FIXTURES, IMAGES, { recursive: true });
    await writeFile(HOST, hostPage());
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.includes('host-pictures/')) asked.push(path.split('/').pop());
    });
    await page.goto(`${session.url}host-page.html`);
    for (const id of ['titled', 'pictures', 'own', 'unplayed']) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (id) => document.getElementById(id).dataset.fairylabState === 'running',
        id,
        { timeout: 20_000 },
      );
    }
  });

  after(async () => {
    await unlink(HOST).catch(() => {});
    await rm(IMAGES, { recursive: true, force: true });
  });

  it('draws the images the text names, found as the Diagram finds them', async () => {
    const magenta = async () => near(await centre(page, 'pictures', 'a1'), MAGENTA);
    for (let i = 0; i < 100 && !(await magenta()); i++) await page.waitForTimeout(100);
    assert.ok(await magenta(), `White's king is the page's image: ${await centre(page, 'pictures', 'a1')}`);
    assert.ok(near(await centre(page, 'pictures', 'd4'), CYAN), "Black's king, its own image");
    assert.ok(near(await centre(page, 'pictures', 'd1'), AMBER), "the rook's `%` address");
    await page.screenshot({ path: join(SCREENSHOTS, 'host-page-pictures.png'), fullPage: true });
    assert.equal(await on(page, 'pictures', 'sprites'), 'page');
    // Each address once, relative to the page; the missing ones asked for and not found.
    assert.deepEqual(
      [...new Set(asked)].sort(),
      ['bking.svg', 'bknight.svg', 'brook.svg', 'wking.svg', 'wknight.svg', 'wrook.svg'],
    );
  });

  it('falls back to its own sprite for an image that does not load, never a broken picture', async () => {
    for (const [square, colour] of [['b1', 'white'], ['c4', 'black'], ['a4', 'black']]) {
      const inks = await spriteInks(page, 'pictures', square);
      const ink = colour === 'white' ? inks.light : inks.dark;
      assert.ok(ink > 0.05 && inks.dark > 0.01, `${square}: a ${colour} sprite (${JSON.stringify(inks)})`);
    }
    const drawn = await on(page, 'pictures', 'drawn');
    assert.ok(drawn.pieces.includes('b1 white knight'), drawn.pieces.join(', '));
  });

  it('keeps fairylab sprites where data-sprites says so, and setSprites() switches', async () => {
    assert.equal(await on(page, 'own', 'sprites'), 'fairylab');
    assert.ok(!near(await centre(page, 'own', 'a1'), MAGENTA), 'no page image on the sprites board');
    assert.ok((await spriteInks(page, 'own', 'a1')).light > 0.05, 'the white king sprite');
    // squareSize caps the board drawn with the page's images (4 files of 60 px).
    const width = async (id) => (await on(page, id, 'snapshot')).cssWidth;
    assert.ok(Math.abs((await width('pictures')) - 240) < 1, `${await width('pictures')}`);
    assert.ok((await width('own')) > 300, `${await width('own')}`);
    await on(page, 'pictures', 'setSprites', 'fairylab');
    assert.equal(await on(page, 'pictures', 'sprites'), 'fairylab');
    assert.ok(!near(await centre(page, 'pictures', 'a1'), MAGENTA));
    await on(page, 'pictures', 'setSprites', 'page');
    assert.ok(near(await centre(page, 'pictures', 'a1'), MAGENTA));
    const error = await page.evaluate(() => {
      try {
        document.getElementById('own').fairylab.setSprites('alfaerie');
        return null;
      } catch (e) {
        return e.message;
      }
    });
    assert.match(error, /'alfaerie' is not "page" or "fairylab"/);
  });

  it("says on the board what its rules leave unplayed, and nothing where nothing is", async () => {
    const notice = (id) => page.locator(`#${id} .fairylab-notice`);
    await notice('unplayed').scrollIntoViewIfNeeded();
    assert.ok(await notice('unplayed').isVisible(), 'the notice is shown');
    assert.equal(await notice('unplayed').getAttribute('role'), 'note');
    const text = await notice('unplayed').textContent();
    assert.match(text, /3:13: not played: 'nNX' of 'knight' \(Betza 'NWnNX'\)/);
    // The knight still plays the rest of its moves.
    assert.ok((await on(page, 'unplayed', 'destinations', 'b1')).includes('c1'));
    await page.screenshot({ path: join(SCREENSHOTS, 'host-page-not-played.png') });
    for (const id of ['titled', 'pictures', 'own']) {
      assert.ok(!(await notice(id).isVisible()), `${id}: no notice`);
    }
  });

  it('keeps a squareSize board at the top of its box as the page scrolls past it', async () => {
    // The board (4 squares of 60 px) is shorter than its panel; scrolled 200 px past the
    // box's top, it stays where it is, at the top, unless the designer is open (then it
    // stays in view beside the panel).
    const offset = () =>
      page.evaluate(() => {
        const root = document.getElementById('pictures').shadowRoot;
        const top = (sel) => root.querySelector(sel).getBoundingClientRect().top;
        return Math.round(top('.fairylab-main') - top('.fairylab'));
      });
    const panel = await page.evaluate(() => {
      const root = document.getElementById('pictures').shadowRoot;
      const height = (sel) => root.querySelector(sel).getBoundingClientRect().height;
      return height('.fairylab-panel') - height('.fairylab-main');
    });
    assert.ok(panel > 200, `the panel is ${panel} px taller than the board`);
    await page.evaluate(() => {
      const box = document.getElementById('pictures').getBoundingClientRect();
      window.scrollBy(0, box.top + 200);
    });
    assert.equal(await offset(), 0, 'the board at the top of its box');
    await page.locator('#pictures').screenshot({ path: join(SCREENSHOTS, 'host-page-scrolled.png') });
    await page.locator('#pictures .fairylab-designer > summary').click();
    await page.evaluate(() => {
      const box = document.getElementById('pictures').getBoundingClientRect();
      window.scrollBy(0, box.top + 200);
    });
    assert.ok((await offset()) > 150, 'with the designer open, the board stays in view');
    await page.locator('#pictures .fairylab-designer > summary').click();
  });

  it('names each board from the page, never a hash', async () => {
    assert.equal(await on(page, 'pictures', 'variant'), 'Four by four', 'the heading before it');
    assert.equal(await on(page, 'own', 'variant'), 'Own sprites board', 'data-name');
    assert.equal(await on(page, 'titled', 'variant'), 'Host page title', "the page's title");
    const pgn = await on(page, 'pictures', 'exportGame', 'pgn');
    assert.match(pgn, /\[Variant "Four by four"\]/);
  });
});
