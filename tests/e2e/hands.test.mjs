// Hands and drops in the built page (Minishogi): a capture played by clicks puts the pawn in
// White's hand, drawn below the board with its count; a click on it marks its drop squares,
// a click on one drops it (the FEN and the move list follow); a drag from the hand drops too;
// the keyboard's cursor goes into a hand and names its pieces; a 360 px phone shows both
// hands and the board without sideways scrolling. Screenshots dist/screenshots/hands-*.png.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  SCREENSHOTS,
  call,
  clickMove,
  clickSquare,
  drawn,
  errorOf,
  nextFrames,
  squareCentre,
  usePage,
} from './helpers.mjs';

const MINISHOGI = readFileSync(new URL('../perft/fsf/defs/minishogi.txt', import.meta.url), 'utf8');
/** White's rook takes the pawn on e3; Black's gold blocks the check. */
const CAPTURE = ['a2a3', 'e4e3', 'e1e3', 'd5e4'];
/** Where White's pawn may be dropped then (the CLI's `moves` list: no second pawn on a). */
const DROPS = ['b2', 'b3', 'b4', 'c2', 'c3', 'c4', 'd2', 'd3', 'd4', 'e1', 'e2'];

/** Centre of a hand's piece (by FEN letter) in page coordinates. */
async function handCentre(page, letter) {
  const box = await page.locator('canvas[data-fairylab]').first().boundingBox();
  const [x, y, size] = await call(page, 'handBox', letter);
  return { x: box.x + x + size / 2, y: box.y + y + size / 2, size };
}

async function clickHand(page, letter) {
  const { x, y } = await handCentre(page, letter);
  await page.mouse.click(x, y);
}

describe('hands and drops', { timeout: 120_000 }, () => {
  const { session, page } = usePage();

  it('plays a capture and a drop by clicks in Minishogi', async () => {
    await call(page, 'setVariant', MINISHOGI);
    let d = await drawn(page);
    assert.deepEqual(d.hands, [], 'empty hands at the start');
    assert.equal(await call(page, 'hands'), '[]');
    for (const move of CAPTURE) await clickMove(page, move);
    d = await drawn(page);
    assert.deepEqual(d.hands, ['white pawn 1'], 'the pawn taken, in White\'s hand');
    assert.equal(await call(page, 'hands'), '[P]');
    // White's hand is below the board.
    const [, handY] = await call(page, 'handBox', 'P');
    const [, a1Y, size] = await call(page, 'squareBox', 'a1');
    assert.ok(handY > a1Y + size, `the hand (y ${handY}) is below the board`);

    await clickHand(page, 'P');
    d = await drawn(page);
    assert.equal(d.handSelected, 'white pawn');
    assert.deepEqual([...d.dots].sort(), DROPS);
    await page.screenshot({ path: join(SCREENSHOTS, 'hands-minishogi.png') });

    await clickSquare(page, 'c3');
    assert.deepEqual(await call(page, 'history'), [...CAPTURE, 'P@c3']);
    assert.equal((await call(page, 'courier')).at(-1), 'P*c3', 'the move list form');
    const fen = await call(page, 'fen');
    assert.ok(fen.startsWith('rbs1k/4g/P1P1R/5/KGSB1[] b '), fen);
    d = await drawn(page);
    assert.deepEqual(d.hands, []);
    assert.equal(d.handSelected, undefined);
    assert.ok(d.pieces.includes('c3 white pawn'));
    assert.ok(d.lastMove.includes('c3'), 'the drop square is marked');
    const moves = await page.locator('.fairylab-move').allTextContents();
    assert.equal(moves.at(-1), 'P*c3');
  });

  it('drops a piece dragged from the hand', async () => {
    await call(page, 'setVariant', MINISHOGI);
    for (const move of CAPTURE) await call(page, 'play', move);
    await nextFrames(page);
    const a = await handCentre(page, 'P');
    const b = await squareCentre(page, 'd3');
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
    assert.equal((await call(page, 'history')).at(-1), 'P@d3');
    // A drop given as text is played too, and one of a piece not in hand refused.
    await call(page, 'play', 'e4e3');
    assert.equal(await call(page, 'hands'), '[r]', 'Black took the rook');
    assert.match(await errorOf(page, 'play', 'P@e4'), /in hand/);
    await call(page, 'play', 'a3a4');
    await call(page, 'play', 'R@e4');
    assert.equal((await call(page, 'history')).at(-1), 'R@e4');
    assert.match((await call(page, 'courier')).at(-1), /^[rR]\*e4$/);
    assert.equal(await call(page, 'hands'), '[]');
  });

  it('drops from the keyboard, naming the hand\'s pieces', async () => {
    await call(page, 'setVariant', MINISHOGI);
    for (const move of CAPTURE) await call(page, 'play', move);
    await page.focus('canvas[data-fairylab]');
    // The cursor starts on c1, the bottom row; down goes into White's hand below it.
    await page.keyboard.press('ArrowDown');
    assert.equal(await call(page, 'announcement'), "White's hand: pawn, 1");
    assert.equal((await drawn(page)).handCursor, 'white pawn');
    await page.keyboard.press('Enter');
    assert.equal(await call(page, 'announcement'), "Picked up a pawn from White's hand; 11 destinations");
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.equal(await call(page, 'announcement'), 'c2, empty, a destination');
    await page.keyboard.press('Enter');
    assert.equal((await call(page, 'history')).at(-1), 'P@c2');
    assert.equal(await call(page, 'announcement'), 'White pawn dropped on c2');
  });

  it('shows both hands on a 360 px phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await call(page, 'setVariant', MINISHOGI);
    for (const move of [...CAPTURE, 'a3a4', 'e4e3']) await call(page, 'play', move);
    await nextFrames(page);
    const d = await drawn(page);
    assert.deepEqual(d.hands, ['white pawn 1', 'black rook 1'], JSON.stringify(d.hands));
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));
    const canvas = await page.locator('canvas[data-fairylab]').boundingBox();
    for (const letter of ['P', 'r']) {
      const [x, y, size] = await call(page, 'handBox', letter);
      assert.ok(x >= 0 && y >= 0 && x + size <= canvas.width + 0.5 && y + size <= canvas.height + 0.5);
      assert.ok(size >= 40, `hand pieces of ${size} px`);
    }
    await page.evaluate(() => document.querySelector('canvas[data-fairylab]').scrollIntoView());
    await clickHand(page, 'P');
    assert.equal((await drawn(page)).handSelected, 'white pawn');
    await page.locator('canvas[data-fairylab]').screenshot({ path: join(SCREENSHOTS, 'hands-phone.png') });
    await page.setViewportSize({ width: 1100, height: 900 });
  });

  it('logs no errors', () => {
    assert.deepEqual(session.problems, []);
  });
});
