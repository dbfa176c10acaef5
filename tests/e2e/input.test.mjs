// Board input in the built page: mouse drag and drop (an illegal drop snaps back), touch (a
// touch on a piece moves it, a touch that starts off a piece scrolls the page), the keyboard
// (cursor, pick up, put down, the promotion chooser), and the flipped board.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  SCREENSHOTS,
  call,
  clickMove,
  clickSquare,
  dragSquare,
  drawn,
  nextFrames,
  ready,
  squareCentre,
  usePage,
} from './helpers.mjs';

describe('mouse and keyboard', { timeout: 120_000 }, () => {
  const { session, page } = usePage();

  it('drags a piece to a destination; an illegal drop snaps back', async () => {
    await call(page, 'setVariant', 'chess');
    await dragSquare(page, 'g1', 'f3');
    assert.deepEqual(await call(page, 'history'), ['g1f3']);
    let d = await drawn(page);
    assert.ok(d.pieces.includes('f3 white knight'));
    assert.equal(d.selected, undefined);

    await dragSquare(page, 'b8', 'b5');
    assert.deepEqual(await call(page, 'history'), ['g1f3'], 'b5 is no knight move');
    d = await drawn(page);
    assert.ok(d.pieces.includes('b8 black knight'), 'back on b8');
    assert.equal(d.selected, undefined);

    // A piece dragged off and back onto its square stays selected, as after a click.
    await dragSquare(page, 'b8', 'b8');
    await dragSquare(page, 'b8', 'a6');
    assert.deepEqual(await call(page, 'history'), ['g1f3', 'b8a6']);
  });

  it('plays from the keyboard and says what happens', async () => {
    await call(page, 'setVariant', 'morphing-chess');
    await page.focus('canvas[data-fairylab]');
    // The cursor starts on the middle of the first rank: e1.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    let d = await drawn(page);
    assert.equal(d.cursor, 'b1');
    assert.equal(await call(page, 'announcement'), 'b1, white knight');
    await page.keyboard.press('Enter');
    assert.equal(await call(page, 'selected'), 'b1');
    assert.match(await call(page, 'announcement'), /^Picked up b1, white knight; 3 destinations/);
    await page.keyboard.press('Escape');
    assert.equal(await call(page, 'selected'), undefined);
    await page.keyboard.press('Space');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp']) {
      await page.keyboard.press(key);
    }
    assert.equal(await call(page, 'announcement'), 'd5, empty, a destination');
    await page.keyboard.press('Enter');
    assert.deepEqual(await call(page, 'history'), ['b1d5']);
    assert.equal(await call(page, 'announcement'), 'White knight b1 to d5, becomes chancellor');
    const live = page.locator('.fairylab-live');
    assert.equal(await live.getAttribute('aria-live'), 'polite');
    assert.equal(await live.textContent(), 'White knight b1 to d5, becomes chancellor');

    // A promotion from the keyboard: the chooser takes the arrows.
    await call(page, 'setVariant', 'morphomania');
    await call(page, 'setFen', 'k7r/4P4/9/9/9/9/9/9/K8 w - - 0 1');
    await page.focus('canvas[data-fairylab]');
    for (const key of Array(7).fill('ArrowUp')) await page.keyboard.press(key);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    d = await drawn(page);
    assert.equal(d.chooser.length, 4, 'the chooser is open');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await call(page, 'announcement'), 'White amazon');
    await page.keyboard.press('Enter');
    assert.deepEqual(await call(page, 'history'), ['e8e9q']);
    d = await drawn(page);
    assert.ok(d.pieces.includes('e9 white amazon'));
  });

  it('enters a move of two legs by two clicks: a lion takes on d5 and steps on to e6', async () => {
    const text = 'files=8 ranks=8\nlion:L:KNADcaKcabKmabK:lion:d1\nking:K:K:king:e1';
    const loaded = await call(page, 'setDefinition', text);
    assert.equal(loaded.ok, true, JSON.stringify(loaded));
    await call(page, 'setFen', 'k7/8/8/3l4/3L4/8/8/7K w - - 0 1');
    await clickSquare(page, 'd4');
    let d = await drawn(page);
    assert.deepEqual(d.legs, ['d5'], 'd5 starts a second leg');
    await clickSquare(page, 'd5');
    d = await drawn(page);
    assert.deepEqual(d.legs, []);
    assert.ok(d.dots.includes('e6') && d.rings.includes('d5'), JSON.stringify(d));
    assert.deepEqual(await call(page, 'history'), [], 'no move yet');
    await page.screenshot({ path: join(SCREENSHOTS, 'two-legs.png') });
    await clickSquare(page, 'e6');
    assert.deepEqual(await call(page, 'history'), ['d4d5e6']);
    d = await drawn(page);
    assert.ok(d.lastMove.includes('d5'), 'the victim\'s square is part of the last move');
    assert.ok(d.pieces.includes('e6 white lion') && !d.pieces.some((p) => p.startsWith('d5')));
    assert.match(await page.locator('.fairylab-moves').innerText(), /L d4-d5-e6/);
  });

  it('moves a griffon written in brackets ([F?R]): its ferz steps and bent rides are dots', async () => {
    const text = 'files=8 ranks=8 promoZone=0\ngriffon:G:[F?R]:griffon:d1\nking:K:K:king:e1';
    const loaded = await call(page, 'setDefinition', text);
    assert.equal(loaded.ok, true, JSON.stringify(loaded));
    await call(page, 'setFen', 'k7/8/8/4g3/3G4/8/8/7K w - - 0 1');
    await clickSquare(page, 'd4');
    const d = await drawn(page);
    // The black griffon on e5 is taken there and ends that way; the other three ferz steps go on.
    const quiet = ['c3', 'c5', 'e3', 'c6', 'c7', 'c8', 'b5', 'a5', 'c2', 'c1', 'b3', 'a3',
      'e2', 'e1', 'f3', 'g3', 'h3'];
    assert.deepEqual([...d.dots].sort(), quiet.sort(), JSON.stringify(d));
    assert.deepEqual(d.rings, ['e5']);
    await page.screenshot({ path: join(SCREENSHOTS, 'griffon.png') });
    await clickSquare(page, 'g3');
    assert.deepEqual(await call(page, 'history'), ['d4g3']);
    assert.match(await page.locator('.fairylab-moves').innerText(), /G d4-g3/);
  });

  it('swaps by two clicks: a swapper (udW) changes places with the rook beside it', async () => {
    const text = 'files=8 ranks=8\nswapper:S:KudW:swapper:d1\nrook:R:R:rook:a1\nking:K:K:king:e1';
    const loaded = await call(page, 'setDefinition', text);
    assert.equal(loaded.ok, true, JSON.stringify(loaded));
    await call(page, 'setFen', 'k7/8/8/3R4/3S4/8/8/7K w - - 0 1');
    await clickSquare(page, 'd4');
    let d = await drawn(page);
    assert.ok(d.dots.includes('d5'), JSON.stringify(d));
    await clickSquare(page, 'd5');
    assert.deepEqual(await call(page, 'history'), ['d4d4d5']);
    d = await drawn(page);
    assert.ok(d.pieces.includes('d5 white swapper') && d.pieces.includes('d4 white rook'));
    assert.match(await page.locator('.fairylab-moves').innerText(), /S d4-d5; R-d4/);
    await page.screenshot({ path: join(SCREENSHOTS, 'swap.png') });
  });

  it('flips the board, and plays on it the same way', async () => {
    await call(page, 'setVariant', 'chess');
    await call(page, 'play', 'e2e4');
    await page.click('.fairylab-flip');
    const d = await drawn(page);
    assert.equal(d.flipped, true);
    assert.equal(await call(page, 'squareAt', 1, 1), 'h1');
    await clickMove(page, 'e7e5');
    await page.screenshot({ path: join(SCREENSHOTS, 'flipped.png') });
    await page.reload();
    await ready(page);
    assert.equal(await call(page, 'flipped'), true, 'the orientation is kept too');
    await page.click('.fairylab-flip');
    assert.equal(await call(page, 'flipped'), false);
  });

  it('logs no errors', () => {
    assert.deepEqual(session.problems, []);
  });
});

describe('touch', { timeout: 60_000 }, () => {
  const { session, page } = usePage({
    options: { viewport: { width: 400, height: 640 }, hasTouch: true, isMobile: true },
  });
  let cdp;

  before(async () => {
    cdp = await session.context.newCDPSession(session.page);
  });

  /** A one-finger swipe from one point to another, in steps, as the touchscreen sends it. */
  async function swipe(from, to) {
    const point = (p) => [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
    for (let i = 1; i <= 8; i++) {
      const p = { x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(p) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  it('moves a piece touched on the board, and scrolls for a touch off the pieces', async () => {
    await call(page, 'setVariant', 'chess');
    const scroll = () => page.evaluate(() => window.scrollY);
    assert.equal(await scroll(), 0);

    // On a piece: the piece moves, the page stays.
    const e2 = await squareCentre(page, 'e2');
    const e4 = await squareCentre(page, 'e4');
    await swipe(e2, e4);
    assert.deepEqual(await call(page, 'history'), ['e2e4']);
    assert.equal(await scroll(), 0, 'a touch on a piece does not scroll');

    // Off the pieces: the page scrolls.
    const d5 = await squareCentre(page, 'd5');
    await swipe(d5, { x: d5.x, y: d5.y - 200 });
    await page.waitForFunction(() => window.scrollY > 50, null, { timeout: 5_000 });
    assert.deepEqual(await call(page, 'history'), ['e2e4'], 'and plays nothing');

    // The board moved on the screen; a tap reads its bounds anew and hits the right square.
    // (Once the fling has settled, the board's top edge is brought back to the top of the
    // window: the page below the board is long enough to scroll the black pieces off it.)
    await page.waitForFunction(
      () =>
        new Promise((resolve) => {
          const y = window.scrollY;
          setTimeout(() => resolve(window.scrollY === y), 150);
        }),
      null,
      { timeout: 5_000 },
    );
    await page.evaluate(() => document.querySelector('canvas[data-fairylab]').scrollIntoView());
    assert.ok((await scroll()) > 0, 'the page stays scrolled');
    const tap = async (name) => {
      const p = await squareCentre(page, name);
      await page.touchscreen.tap(p.x, p.y);
    };
    await tap('d7');
    assert.equal(await call(page, 'selected'), 'd7');
    await tap('d5');
    assert.deepEqual(await call(page, 'history'), ['e2e4', 'd7d5']);
    await clickSquare(page, 'e4');
    assert.equal(await call(page, 'selected'), 'e4', 'and so does a click');
  });

  it('plays a 16x16 board on a 360 px phone, coordinates beside the board', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const pieces = [
      'rook:R:R:rook:a1,p1',
      'knight:N:N:knight:b1,o1',
      'bishop:B:B:bishop:c1,n1',
      'queen:Q:Q:queen:h1',
      'cannon:C:mRcpR:cannon:d1,m1',
      'lion:L:KNADcaKcabKmabK:lion:e1',
      'pawn:P:ifmnDfmWfceF:pawn:a2-p2',
      'king:K:K:king:i1',
    ];
    await call(page, 'setVariant', `files=16 ranks=16 promoZone=1 promoChoice=QRBN\n${pieces.join('\n')}\n`);
    await nextFrames(page);
    const canvas = await page.locator('canvas[data-fairylab]').boundingBox();
    const [ax, ay, size] = await call(page, 'squareBox', 'a1');
    const [px] = await call(page, 'squareBox', 'p1');
    // No sideways scrolling; squares of at least 19 CSS px, the last file inside the canvas.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));
    assert.ok(size >= 19, `squares of ${size} px`);
    assert.ok(px + size <= canvas.width + 0.5);
    // The coordinates take a strip left of and below the board, not the corners of squares.
    assert.ok(ax >= 12, `a1 starts ${ax} px in`);
    assert.ok(ay + size <= canvas.height - 12, `a1 ends ${canvas.height - ay - size} px above the bottom`);
    await page.evaluate(() => document.querySelector('canvas[data-fairylab]').scrollIntoView());
    const tap = async (name) => {
      const p = await squareCentre(page, name);
      await page.touchscreen.tap(p.x, p.y);
    };
    await tap('i2');
    await tap('i4');
    await tap('o16');
    await tap('n14');
    assert.deepEqual(await call(page, 'history'), ['i2i4', 'o16n14']);
    await page.locator('canvas[data-fairylab]').screenshot({ path: join(SCREENSHOTS, 'phone-16x16.png') });
  });

  it('logs no errors', () => {
    assert.deepEqual(session.problems, []);
  });
});
