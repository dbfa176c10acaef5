// End-to-end tests of the piece legend and the setup editor beyond designer.test.mjs: bad
// input to pieceMoves, the piece under the mouse, a second click closing a diagram, a legend
// sprite dragged onto the board in the setup editor, the exports, and leaving without playing;
// a cannon's diagram with its captures over a screen (screenshot legend-cannon.png in
// dist/screenshots/, the pointer on e8 showing where the screen may stand); Morphing Chess's
// knight showing its own moves with the squares where it would morph tinted
// (legend-morphing-knight.png).

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  DARK,
  LIGHT,
  SCREENSHOTS,
  assertColour,
  call,
  clickSquare,
  designerOn,
  drawn,
  nextFrames,
  over,
  squareCentre,
  squarePixel,
  usePage,
} from './helpers.mjs';

// The diagram's colour for what needs a piece to jump over (src/web/marks.rs, HOP).
const HOP = [123, 31, 162, 0.9];
// Where the screen of the square pointed at may stand (SCREEN).
const SCREEN = [70, 70, 70, 0.5];
// The way to the square pointed at (FOCUS): its line, and an unload's arrow.
const FOCUS = [61, 139, 253, 0.9];
// Where the piece would morph into the first type it becomes (MORPH_COLOURS[0] in
// src/ui/legend.rs, painted at alpha 0.45 by src/web/marks.rs where no mark is).
const MORPH_TINT = [186, 104, 200, 0.55 * 0.45];

const entry = (letter, colour) => `.fairylab-legend [data-letter="${letter}"][data-colour="${colour}"]`;

describe('piece legend and setup editor', { timeout: 120_000 }, () => {
  const { session, page } = usePage();

  before(() => designerOn(page, 'chess'));

  it('throws a clear Error for a letter or colour the variant does not have', async () => {
    const error = (args) =>
      page.evaluate((a) => {
        try {
          window.fairylab.app.pieceMoves(...a);
          return null;
        } catch (e) {
          return `${e instanceof Error} ${e.message}`;
        }
      }, args);
    assert.equal(await error(['Z', 'white']), "true 'Z' is not a piece of this variant");
    assert.match(await error(['N', 'red']), /^true "red" is not a colour: white or black/);
    // An ID of several letters is a piece ID (the Diagram's `GB`), here of no piece.
    assert.equal(await error(['NN', 'white']), "true 'NN' is not a piece of this variant");
    assert.match(await error(['N-N', 'white']), /^true "N-N" is not a piece letter/);
    assert.equal(await call(page, 'diagramShown'), null);
  });

  it('shows a diagram with its key, and a second click returns to the game', async () => {
    await page.locator(entry('N', 'black')).first().click();
    await nextFrames(page);
    const shown = await call(page, 'diagramShown');
    assert.equal(shown.length, 8);
    assert.ok(shown.every((m) => m.kind === 'both'));
    const key = page.locator('.fairylab-diagram-key').first();
    assert.match(await key.textContent(), /Black knight \(N\) from e4.*move or capture/);
    assert.equal(await page.locator(entry('N', 'black')).first().getAttribute('aria-pressed'), 'true');
    await page.locator(entry('N', 'black')).first().click();
    assert.equal(await call(page, 'diagramShown'), null);
    assert.equal(await key.isHidden(), true);
    assert.equal((await drawn(page)).pieces.length, 32);
  });

  it('says what the piece under the mouse attacks and where it may move', async () => {
    const { x, y } = await squareCentre(page, 'g1');
    await page.mouse.move(x, y);
    const line = page.locator('.fairylab-inspect').first();
    await line.waitFor({ state: 'visible', timeout: 5_000 });
    assert.equal(
      await line.textContent(),
      'White knight on g1: moves as N. It attacks 2 squares and may move to 2 squares now.',
    );
    await page.mouse.move(1, 1);
    await line.waitFor({ state: 'hidden', timeout: 5_000 });
  });

  it('places a dragged legend sprite, exports the position, and leaves without playing', async () => {
    const fen = await call(page, 'fen');
    await page.locator('.fairylab-setup-open').first().click();
    await page.locator('.fairylab-setup-clear').first().click();
    await page.locator(entry('K', 'white')).first().click();
    await clickSquare(page, 'e1');
    const canvas = page.locator('canvas[data-fairylab]').first();
    const box = await canvas.boundingBox();
    const e8 = await squareCentre(page, 'e8');
    await page
      .locator(entry('K', 'black'))
      .first()
      .dragTo(canvas, { targetPosition: { x: e8.x - box.x, y: e8.y - box.y } });
    await nextFrames(page);
    assert.deepEqual((await drawn(page)).pieces.sort(), ['e1 white king', 'e8 black king']);
    assert.equal(await page.locator('.fairylab-setup-fen').first().inputValue(), '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    const text = await page.locator('.fairylab-setup-definition').first().inputValue();
    // Black's king is the mirror of White's, so the list names e1 only.
    assert.match(text, /^king:K:[^:]*:king:e1$/m);
    // Black to move: a definition cannot say so, and the editor tells why.
    await page.locator('.fairylab-setup-side').first().selectOption('black');
    assert.match(await page.locator('.fairylab-setup-note').nth(1).textContent(), /Black is to move/);
    await page.locator('.fairylab-setup-leave').first().click();
    assert.equal(await call(page, 'fen'), fen);
    assert.equal((await drawn(page)).pieces.length, 32);
  });

  it('shows where a swapper puts the piece it takes, with an arrow on the square pointed at', async () => {
    const text = 'files=8 ranks=8\nswapper:S:KudW:swapper:a1\nking:K:K:king:e1';
    assert.equal((await call(page, 'setDefinition', text)).ok, true);
    const moves = await call(page, 'pieceMoves', 'S', 'white');
    // From e4: the king's steps; onto a friend a step away orthogonally it swaps (the piece
    // taken goes to e4).
    const swaps = moves.filter((m) => m.unload.length > 0);
    assert.deepEqual(swaps.map((m) => m.square).sort(), ['d4', 'e3', 'e5', 'f4']);
    assert.ok(swaps.every((m) => m.unload.join() === 'e4'));
    await page.locator(entry('S', 'white')).first().click();
    await nextFrames(page);
    const { x, y } = await squareCentre(page, 'e5');
    await page.mouse.move(x, y);
    const line = page.locator('.fairylab-inspect').first();
    await line.waitFor({ state: 'visible', timeout: 5_000 });
    assert.match(await line.textContent(), /^e5 \(a piece taken there can go to e4\)/);
    await nextFrames(page);
    // The arrow's shaft from e5's centre down towards e4, inside e5's capture ring (on the
    // dark square).
    const shaft = await squarePixel(page, 'e5', 0.5, 0.7);
    assertColour(shaft, over(FOCUS, DARK), 'the arrow leaving e5');
    await page.screenshot({ path: join(SCREENSHOTS, 'legend-swapper.png'), fullPage: true });
    await page.mouse.move(1, 1);
    await line.waitFor({ state: 'hidden', timeout: 5_000 });
    await page.keyboard.press('Escape');
    await call(page, 'setVariant', 'chess');
  });

  it("shows a cannon's captures over a screen, and where the screen may stand", async () => {
    const text = 'files=8 ranks=8\ncannon:C:mRcpR:cannon:a1\nking:K:K:king:e1';
    assert.equal((await call(page, 'setDefinition', text)).ok, true);
    const moves = await call(page, 'pieceMoves', 'C', 'white');
    // From e4: a quiet move along every rook line; a capture on every square beyond the first
    // of each line, over a screen on some square between.
    const hops = moves.filter((m) => m.captureHop).map((m) => m.square);
    assert.deepEqual(hops.sort(), ['a4', 'b4', 'c4', 'e1', 'e2', 'e6', 'e7', 'e8', 'g4', 'h4']);
    assert.ok(moves.filter((m) => m.captureHop).every((m) => m.kind === 'both' && !m.quietHop && m.hop));
    assert.deepEqual(moves.filter((m) => !m.hop).map((m) => `${m.square}:${m.kind}`).sort(), [
      'd4:move',
      'e3:move',
      'e5:move',
      'f4:move',
    ]);
    const e8 = moves.find((m) => m.square === 'e8');
    assert.deepEqual(e8.screens, ['e5', 'e6', 'e7']);
    assert.deepEqual([e8.via, e8.locust, e8.route, e8.locustOnly], [[], [], [], false]);

    await page.locator(entry('C', 'white')).first().click();
    await nextFrames(page);
    assert.deepEqual(await call(page, 'diagramShown'), moves);
    // The capture ring on e6 (a light square) is drawn in the hop colour: its left side.
    assertColour(await squarePixel(page, 'e6', 0.2, 0.5), over(HOP, LIGHT), 'the hop ring on e6');
    const key = page.locator('.fairylab-diagram-key').first();
    assert.match(await key.textContent(), /purple ring: captures by jumping over a piece/);
    // The squares in words, in square order: e1 first, so its group comes first.
    const words = await page.locator('.fairylab-diagram-squares').first().textContent();
    assert.match(
      words,
      /^Moves, or captures by jumping over a piece: e1 \(over e2 or e3\), e2 \(over e3\), a4 \(over b4, c4 or d4\), /,
    );
    assert.match(words, / Moves only: e3, d4, f4, e5\.$/);
    // The pointer on e8: the line says how the cannon gets there, the board where the screen
    // may stand (grey on e5, e6 and e7).
    const { x, y } = await squareCentre(page, 'e8');
    await page.mouse.move(x, y);
    const line = page.locator('.fairylab-inspect').first();
    await line.waitFor({ state: 'visible', timeout: 5_000 });
    assert.equal(await line.textContent(), 'e8 (over e5, e6 or e7): moves, or captures by jumping over a piece');
    await nextFrames(page);
    // Between e6's move dot and its ring: the stone, on the light square.
    assertColour(await squarePixel(page, 'e6', 0.7, 0.5), over(SCREEN, LIGHT), 'a screen on e6');
    await page.screenshot({ path: join(SCREENSHOTS, 'legend-cannon.png'), fullPage: true });
    await page.mouse.move(1, 1);
    await line.waitFor({ state: 'hidden', timeout: 5_000 });
    await page.keyboard.press('Escape');
    assert.equal(await call(page, 'diagramShown'), null);
    await call(page, 'setVariant', 'chess');
  });

  it("shows a morphing piece's own moves, and where it would morph", async () => {
    // Morphing Chess: on e5, the centre, a knight would be an amazon; the diagram is the
    // knight's own (N2: 16 squares from e5), with rank 5 tinted and named.
    await call(page, 'setVariant', 'morphing-chess');
    const moves = await call(page, 'pieceMoves', 'N', 'white');
    assert.equal(moves.length, 16);
    assert.ok(moves.every((m) => m.kind === 'both'), 'no knight square lies on rank 5');
    assert.deepEqual(
      moves.map((m) => m.square).sort(),
      ['a3', 'a7', 'c1', 'c4', 'c6', 'c9', 'd3', 'd7', 'f3', 'f7', 'g1', 'g4', 'g6', 'g9', 'i3', 'i7'],
    );
    await page.locator(entry('N', 'white')).first().click();
    await nextFrames(page);
    const shown = await call(page, 'diagramShown');
    assert.equal(shown.length, 16);
    assert.deepEqual(shown, moves);
    assert.deepEqual((await drawn(page)).pieces, ['e5 white knight']);
    const caption = await page.locator('.fairylab-diagram-caption').first().textContent();
    assert.equal(
      caption,
      'White knight (N) from e5. It would become a pawn on a5, b5, h5 or i5, an archbishop on ' +
        'c5 or g5, a chancellor on d5 or f5 and an amazon on e5 (the tinted squares). Escape or ' +
        'a second click returns to the game.',
    );
    const key = await page.locator('.fairylab-diagram-key').first().textContent();
    for (const name of ['pawn', 'archbishop', 'chancellor', 'amazon']) {
      assert.ok(key.includes(`becomes ${name}`), `the key names ${name}: ${key}`);
    }
    // a5 (dark, no mark): the pawn's tint; a4 (light, no mark): the board's own colour.
    assertColour(await squarePixel(page, 'a5'), over(MORPH_TINT, DARK), 'the morph tint on a5');
    assertColour(await squarePixel(page, 'a4'), LIGHT, 'a4 untouched');
    await page.screenshot({ path: join(SCREENSHOTS, 'legend-morphing-knight.png'), fullPage: true });
    await page.keyboard.press('Escape');
    assert.equal(await call(page, 'diagramShown'), null);
    await call(page, 'setVariant', 'chess');
  });
});
