// End-to-end tests of the built page (dist/, from `trunk build --release`) in headless Debian
// Chromium through playwright-core. Run with `node --test tests/e2e/` (scripts/test.sh does).
// This file: the page and the applet's JavaScript interface, its speed (printed), the sprite
// set (screenshots at several sizes), FEN copy and paste, the move list, resizing, and two
// applets on one page. Screenshots in dist/screenshots/.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  DARK,
  DIST,
  LIGHT,
  SCALE,
  SCREENSHOTS,
  assertColour,
  call,
  clickMove,
  clickSquare,
  drawn,
  errorOf,
  load,
  nextFrames,
  squarePixel,
  usePage,
} from './helpers.mjs';

// Every sprite, White and Black: the glyphs on ranks 1 and 4, the king's royal forms, a wazir
// (by its name), an elephant (by its image) and a lettered token (nothing fits: no known name,
// image or move) on ranks 2 and 3. One royal type a side, as fairylab requires; the forms' art
// comes from their names, like a real royal morph's.
const SPRITES = `files=11 ranks=4 promoZone=0
pawn:P:fW:pawn:a1,,a4
speedpawn:S:fW:speedpawn:b1,,b4
knight:N:N:knight:c1,,c4
bishop:B:B:bishop:d1,,d4
dragon horse:H:BW:dragonhorse:e1,,e4
rook:R:R:rook:f1,,f4
queen:Q:Q:queen:g1,,g4
archbishop:A:BN:cardinal:h1,,h4
chancellor:C:RN:chancellor:i1,,i4
amazon:Z:QN:amazon:j1,,j4
king:K:K:king:k1,,k4
royal pawn:T:fW:king:a2,,a3
royal queen:J:WFDA:king:b2,,b3
royal archbishop:L:BN:king:c2,,c3
royal chancellor:M:RN:king:d2,,d3
royal amazon:O:QN:king:e2,,e3
wazir:W:W::f2,,f3
elephant:E:FA:elephant:g2,,g3
wizard:X:FC::h2,,h3
royal=K
`;

// The common fairy pieces' sprites, picked by name (ranks 1 and 4) or by move alone (rank 2 and
// 3: names nobody knows), and shogi's promoted forms with their mark (j2, k2, j3, k3).
const FAIRY = `files=11 ranks=4 promoZone=0
dragon king:D:RF::a1,,a4
commoner:M:K::b1,,b4
ferz:F:F::c1,,c4
camel:C:C::d1,,d4
zebra:Z:Z::e1,,e4
giraffe:G:C::f1,,f4
unicorn:U:BN::g1,,g4
nightrider:N:NN::h1,,h4
griffon:Y:[F?R]::i1,,i4
lion:L:KNAD::j1,,j4
grasshopper:H:gQ::k1,,k4
war engine:O:mRcpR::a2,,a3
one:A:WfF::b2,,b3
two:S:FfW::c2,,c3
three:I:fR::d2,,d3
four:E:A::e2,,e3
five:W:W::f2,,f3
six:V:BW::g2,,g3
seven:B:NR::h2,,h3
eight:Q:NQ::i2,,i3
tokin:T:WfF::j2,,j3
promoted silver:P:WfF::k2,,k3
royal=M
`;

describe('the page and its JavaScript interface', { timeout: 120_000 }, () => {
  const { session, page } = usePage();
  let coldFirstDraw;

  before(async () => {
    coldFirstDraw = await page.evaluate(
      () => performance.getEntriesByName('fairylab-first-draw')[0]?.startTime,
    );
  });

  it('draws the first board fast, from a small wasm (figures printed)', async () => {
    // Time from navigation to the first board drawn: on the very first load (nothing cached)
    // and on a second one (the browser's cache warm, as on a return visit).
    assert.equal(typeof coldFirstDraw, 'number', 'the page sets the fairylab-first-draw mark');
    await page.goto('about:blank');
    await load(page, session.url);
    const firstDraw = await page.evaluate(
      () => performance.getEntriesByName('fairylab-first-draw')[0]?.startTime,
    );
    assert.equal(typeof firstDraw, 'number');
    const wasm = (await readdir(DIST)).find((f) => f.endsWith('.wasm'));
    const bytes = await readFile(join(DIST, wasm));
    const gzipped = gzipSync(bytes, { level: 9 }).length;
    console.log(
      `# speed: first board drawn ${coldFirstDraw.toFixed(0)} ms after navigation ` +
        `(${firstDraw.toFixed(0)} ms cached; target 300); ` +
        `${wasm} ${(bytes.length / 1024).toFixed(0)} KB, ` +
        `${(gzipped / 1024).toFixed(0)} KB gzipped (target 250)`,
    );
  });

  it('draws the board at device resolution, a1 dark', async () => {
    const state = await call(page, 'snapshot');
    assert.equal(state.devicePixelRatio, SCALE);
    assert.ok(state.cssWidth > 100, `canvas is ${state.cssWidth} CSS px wide`);
    assert.equal(state.pixelWidth, Math.round(state.cssWidth * SCALE));
    assert.equal(state.pixelHeight, Math.round(state.cssHeight * SCALE));
    assert.equal(await call(page, 'variant'), 'morphing-chess', 'the page default');
    assert.equal(state.cssHeight, state.cssWidth, 'a square board');
    // Corners of squares, away from pieces and coordinates.
    assertColour(await squarePixel(page, 'a1', 0.95, 0.4), DARK, 'a1');
    assertColour(await squarePixel(page, 'b1', 0.95, 0.4), LIGHT, 'b1');
    assertColour(await squarePixel(page, 'e5', 0.5, 0.5), DARK, 'e5, empty');
    assertColour(await squarePixel(page, 'e4', 0.5, 0.5), LIGHT, 'e4, empty');
    const d = await drawn(page);
    assert.equal(d.pieces.length, 36);
    assert.ok(d.pieces.includes('e1 white king') && d.pieces.includes('e9 black king'));
  });

  it('keeps the JavaScript interface', async () => {
    await call(page, 'setVariant', 'chess');
    assert.equal(await call(page, 'variant'), 'chess');
    assert.equal(await call(page, 'fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    const legal = await call(page, 'legalMoves');
    assert.equal(legal.length, 20);
    assert.deepEqual(legal, [...legal].sort(), 'sorted');
    assert.ok(legal.includes('g1f3') && legal.includes('e2e4'));
    assert.deepEqual(await call(page, 'destinations', 'g1'), ['f3', 'h3']);
    assert.deepEqual(await call(page, 'destinations', 'e4'), []);
    assert.equal(await call(page, 'result'), null);

    assert.equal(await call(page, 'play', 'e2e4'), true);
    assert.equal(await call(page, 'play', 'p e7-e5'), true, 'Game Courier, Black lower case');
    assert.equal(await call(page, 'play', 'N g1-f3'), true);
    assert.match(await errorOf(page, 'play', 'e2e4'), /no piece on e2|not/);
    assert.match(await errorOf(page, 'play', 'zz'), /./);
    assert.deepEqual(await call(page, 'history'), ['e2e4', 'e7e5', 'g1f3']);
    assert.equal(await call(page, 'undo'), 'g1f3');
    assert.equal(await call(page, 'redo'), 'g1f3');
    assert.equal(await call(page, 'redo'), null, 'nothing more to redo');

    // Castling as the king's move; a promotion with its letter.
    await call(page, 'setVariant', 'morphing-chess');
    for (const m of ['h1g3', 'a8a7', 'g1e3', 'a7a6', 'f1f3', 'a6a5']) await call(page, 'play', m);
    assert.equal(await call(page, 'play', 'e1h1'), true);
    assert.ok((await drawn(page)).pieces.includes('g1 white rook'));
    await call(page, 'setVariant', 'chess');
    await call(page, 'setFen', 'k7/4P3/8/8/8/8/8/K7 w - - 0 1');
    assert.match(await errorOf(page, 'play', 'e7e8'), /promotion/);
    assert.equal(await call(page, 'play', 'e7e8q'), true);

    // Results: fool's mate.
    await call(page, 'newGame');
    for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) await call(page, 'play', m);
    assert.equal(await call(page, 'result'), '0-1 Black wins by checkmate');
    assert.equal(
      await errorOf(page, 'play', 'a2a3'),
      'the game is over: 0-1 Black wins by checkmate',
    );
  });

  it('refuses a bad definition or FEN with a clear error, and keeps the game', async () => {
    await call(page, 'setVariant', 'symmetric-chess');
    await call(page, 'play', 'e2e4');
    const fen = await call(page, 'fen');
    // A board of no squares: a text the Diagram cannot show either (a Betza it cannot read
    // is a warning, the rest played).
    const bad = 'files=0 ranks=8\nking:K:K:king:e1\npawn:P:fW:pawn:a2';
    const message = await errorOf(page, 'setVariant', bad);
    assert.match(message, /^\d+:\d+: /, `LINE:COL: first: ${message}`);
    assert.match(await errorOf(page, 'setVariant', 'no-such-variant'), /^1:1: /);
    assert.equal(await call(page, 'variant'), 'symmetric-chess');
    assert.equal(await call(page, 'fen'), fen);
    assert.deepEqual(await call(page, 'history'), ['e2e4']);

    // Through the controls: the message shows, the game stays.
    await page.locator('.fairylab-definition summary').click();
    await page.fill('.fairylab-definition textarea', bad);
    await page.click('.fairylab-load-definition');
    const shown = await page.locator('.fairylab-message').textContent();
    assert.match(shown, /^\d+:\d+: /);
    assert.ok(await page.locator('.fairylab-message').isVisible());
    assert.equal(await call(page, 'fen'), fen);
    await page.fill('.fairylab-fen-in', 'rnbqkbnr/pppppppp/8 w');
    await page.click('.fairylab-load-fen');
    assert.match(await page.locator('.fairylab-message').textContent(), /FEN/);
    assert.equal(await call(page, 'fen'), fen);

    // A good definition of one's own plays, under a stable name.
    const mine = 'files=6 ranks=6\nrook:R:R:rook:a1,f1\npawn:P:fW:pawn:a2-f2\nking:K:K:king:c1\n';
    await page.fill('.fairylab-definition textarea', mine);
    await page.click('.fairylab-load-definition');
    assert.ok(!(await page.locator('.fairylab-message').isVisible()), 'the message is cleared');
    const name = await call(page, 'variant');
    assert.match(name, /^custom-[0-9a-f]{8}$/);
    await call(page, 'setVariant', 'chess');
    await call(page, 'setVariant', mine);
    assert.equal(await call(page, 'variant'), name, 'the same name for the same text');
    assert.deepEqual([await call(page, 'files'), await call(page, 'ranks')], [6, 6]);
    // Listed by what it is (docs/names.md), never by the hash.
    const picked = page.locator('.fairylab-variant option:checked');
    assert.equal(await picked.textContent(), '6x6: rook, pawn, king (definition)');
  });

  it('lists a definition by a name from its own text, never a hash', async () => {
    const kings = 'king:K:K:king:e1,,e8';
    const picked = page.locator('.fairylab-variant option:checked');
    const listed = async (text) => {
      await call(page, 'setVariant', text);
      assert.match(await call(page, 'variant'), /^custom-[0-9a-f]{8}$/, 'the interface keeps the stable name');
      return picked.textContent();
    };
    // The game= or title= key first: to its line's end, or to the next key or piece line.
    assert.equal(
      await listed(`# Mine: only kings\nfiles=8 ranks=8\ngame=Lone   Kings\n${kings}\n`),
      'Lone Kings (definition)',
    );
    assert.equal(
      await listed(`files=8 title=Two Kings ranks=8 ${kings} satellite=kk`),
      'Two Kings (definition)',
    );
    // Then the first comment line's first clause.
    assert.equal(
      await listed(`# Kings only: nothing else on the board.\nfiles=8 ranks=8 satellite=kk\n${kings}\n`),
      'Kings only (definition)',
    );
    // Then the Diagram's satellite= key, as a real flattened text has it.
    assert.equal(
      await listed(`files=8 ranks=8 useMarkers=1 satellite=wildebeest symmetry=rotate ${kings}`),
      'wildebeest (definition)',
    );
    // Else the board and its pieces; the New game message says the same name.
    const named = await listed(`files=8 ranks=8\nqueen:Q:Q:queen:d1,,d8\n${kings}\n`);
    assert.equal(named, '8x8: queen, king (definition)');
    await page.click('.fairylab-new');
    assert.match(await call(page, 'announcement'), /^New game of 8x8: queen, king\. /);
    await page.locator('.fairylab-variant').screenshot({ path: join(SCREENSHOTS, 'definition-name.png') });
    await page.screenshot({ path: join(SCREENSHOTS, 'definition-name-page.png') });
    await call(page, 'setVariant', 'chess');
  });

  it('copies and pastes FEN through the controls', async () => {
    await call(page, 'setVariant', 'chess');
    await call(page, 'play', 'd2d4');
    const fen = await call(page, 'fen');
    assert.equal(await page.locator('.fairylab-fen-out').inputValue(), fen);
    await page.click('.fairylab-copy');
    assert.equal(await call(page, 'announcement'), 'FEN copied');
    await call(page, 'newGame');
    await page.fill('.fairylab-fen-in', fen);
    await page.press('.fairylab-fen-in', 'Enter');
    assert.equal(await call(page, 'fen'), fen);
    assert.deepEqual(await call(page, 'history'), [], 'a new game from that position');
  });

  it('shows a past position when a move in the list is clicked', async () => {
    await call(page, 'setVariant', 'chess');
    for (const m of ['e2e4', 'e7e5', 'g1f3']) await call(page, 'play', m);
    const live = await call(page, 'fen');
    await page.locator('.fairylab-move').nth(0).click();
    let d = await drawn(page);
    assert.ok(d.pieces.includes('e4 white pawn') && d.pieces.includes('e7 black pawn'));
    assert.deepEqual(d.lastMove, ['e2', 'e4']);
    assert.match(await call(page, 'status'), /^Move 1 of 3/);
    assert.ok(await page.locator('.fairylab-viewing').isVisible());
    assert.equal(await page.locator('.fairylab-move[aria-current]').textContent(), 'P e2-e4');
    // The board is for looking only while a past position shows.
    await clickSquare(page, 'd2');
    assert.equal(await call(page, 'selected'), undefined);
    assert.equal(await call(page, 'fen'), live, 'the game is untouched');
    await page.click('.fairylab-back');
    d = await drawn(page);
    assert.ok(d.pieces.includes('f3 white knight'));
    assert.ok(!(await page.locator('.fairylab-viewing').isVisible()));
    await clickMove(page, 'b8c6');
  });

  for (const [set, text, count] of [['sprites', SPRITES, 38], ['fairy-sprites', FAIRY, 44]]) it(`draws every sprite (${set}), at several sizes`, async () => {
    await call(page, 'setVariant', text);
    const d = await drawn(page);
    assert.equal(d.pieces.length, count);
    for (const [width, name] of [
      [1600, 'large'],
      [560, 'medium'],
      [380, 'small'],
    ]) {
      await page.setViewportSize({ width, height: 900 });
      await nextFrames(page);
      await page
        .locator('canvas[data-fairylab]')
        .screenshot({ path: join(SCREENSHOTS, `${set}-${name}.png`) });
    }
    await page.setViewportSize({ width: 1100, height: 900 });
    // Every square with a piece differs from the bare square somewhere near its centre.
    for (const piece of d.pieces) {
      const square = piece.split(' ')[0];
      const [x, y, size] = await call(page, 'squareBox', square);
      const pixels = await page.evaluate(
        ([x, y, size]) => {
          const canvas = document.querySelector('canvas[data-fairylab]');
          const scale = canvas.width / canvas.getBoundingClientRect().width;
          const s = Math.floor(size * scale * 0.5);
          const data = canvas
            .getContext('2d')
            .getImageData(
              Math.floor((x + size * 0.25) * scale),
              Math.floor((y + size * 0.25) * scale),
              s,
              s,
            ).data;
          let ink = 0;
          for (let i = 0; i < data.length; i += 4) {
            const sum = data[i] + data[i + 1] + data[i + 2];
            // Near-black outline or near-white body: neither board colour.
            if (sum < 150 || sum > 700) ink++;
          }
          return ink / (s * s);
        },
        [x, y, size],
      );
      assert.ok(pixels > 0.05, `${piece} is drawn (${(pixels * 100).toFixed(1)}% ink)`);
    }
  });

  it('redraws at the new size when the window is resized', async () => {
    await call(page, 'setVariant', 'symmetric-chess');
    await clickSquare(page, 'g1');
    await page.setViewportSize({ width: 420, height: 800 });
    await page.waitForFunction(() => {
      const { cssWidth, pixelWidth } = window.fairylab.app.snapshot();
      return cssWidth < 400 && pixelWidth === Math.round(cssWidth * devicePixelRatio);
    });
    const state = await call(page, 'snapshot');
    assert.ok(
      Math.abs(state.cssHeight - (state.cssWidth * 8) / 9) < 1,
      'a 9x8 board keeps its shape',
    );
    await nextFrames(page);
    assertColour(await squarePixel(page, 'a1', 0.95, 0.4), DARK, 'a1 after the resize');
    const d = await drawn(page);
    assert.equal(d.selected, 'g1', 'the selection stays');
    await page.screenshot({ path: join(SCREENSHOTS, 'narrow.png'), fullPage: true });
    await page.setViewportSize({ width: 1100, height: 900 });
  });

  it('lets several applets live on one page, each with its own game', async () => {
    await call(page, 'setVariant', 'chess');
    const fen = await call(page, 'fen');
    const second = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.style.width = '300px';
      document.body.append(canvas);
      const app = new window.wasmBindings.App(canvas, 'marseillais');
      app.play('d2d4');
      const result = [app.variant(), app.history(), window.fairylab.app.history()];
      app.element().remove();
      app.free();
      return result;
    });
    assert.deepEqual(second, ['marseillais', ['d2d4'], []]);
    assert.equal(await call(page, 'fen'), fen, 'the first applet is untouched');
    const globals = await page.evaluate(() => Object.keys(window.fairylab).sort());
    assert.deepEqual(globals, ['app', 'apps', 'ready']);
  });

  it('logs no errors and fetches nothing off the local server', () => {
    assert.deepEqual(session.problems, []);
  });
});
