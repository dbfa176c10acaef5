// End-to-end tests of the piece legend and the setup editor beyond designer.test.mjs: bad
// input to pieceMoves, the piece under the mouse, a second click closing a diagram, a legend
// sprite dragged onto the board in the setup editor, the exports, and leaving without playing.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, clickSquare, drawn, load, nextFrames, open, openDesigner, squareCentre } from './helpers.mjs';

const entry = (letter, colour) => `.fairylab-legend [data-letter="${letter}"][data-colour="${colour}"]`;

describe('piece legend and setup editor', { timeout: 120_000 }, () => {
  let session;
  let page;

  before(async () => {
    session = await open();
    page = session.page;
    await load(page, session.url);
    await call(page, 'setMode', 'human');
    await call(page, 'setVariant', 'chess');
    await openDesigner(page);
  });

  after(async () => {
    await session?.close();
  });

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
    assert.match(await error(['NN', 'white']), /^true "NN" is not a piece letter/);
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
});
