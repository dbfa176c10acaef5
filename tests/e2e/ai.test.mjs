// End-to-end tests of the computer player (src/web/computer.rs, www/ai-worker.js): the human
// plays by clicking the board against a search running in a Web Worker; the computer's moves
// are checked against legalMoves() of the position before them; Marseillais turns of two
// moves on both sides; the thinking readout; a page that stays responsive while a search
// runs at the slowest level, and Stop, Undo and Go; the computer against itself; hints; the
// players and level kept over a reload. Screenshots dist/screenshots/ai-*.png.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, call, clickMove, drawn, load, nextFrames, usePage } from './helpers.mjs';

const INFO =
  /^info depth \d+ score (cp|mate) -?\d+ nodes \d+ nps \d+ pv( [a-z]\d+[a-z]\d+[a-z]?)+$/;
const SUMMARY =
  /^depth \d+ · ([+-]\d+\.\d\d|(White|Black) mates in \d+) · [\d.]+[kM]? nodes( · [\d.]+ [kM]?N\/s)?$/;
// (The speed is left out of a search too short to measure it: a mate found at once.)

/**
 * A Marseillais start where only the kings can move, behind locked pawns that no king can reach
 * (every square beside them is guarded): no check, mate or capture ever, so every turn has its
 * two moves. (From the full start the human's first-of-sorted moves were sometimes mated, and
 * from kings and all the pawns a pawn's check sometimes ended a turn after one move.)
 */
const LOCKED = '4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1';

/** Waits until the computer has nothing to search and `n` moves are played. */
function waitForMoves(page, n, timeout = 20_000) {
  return page.waitForFunction(
    (n) => {
      const app = window.fairylab.app;
      return app.history().length >= n && !app.searching();
    },
    n,
    { timeout },
  );
}

/**
 * Replays the game from the variant's start (or from `fen`) in a scratch applet, checking that
 * every move was among legalMoves() of the position before it.
 */
async function assertLegalGame(page, fen = null) {
  const problem = await page.evaluate((fen) => {
    const app = window.fairylab.app;
    const canvas = document.createElement('canvas');
    const scratch = new window.wasmBindings.App(canvas, app.variant());
    if (fen) scratch.setFen(fen);
    try {
      for (const [i, move] of app.history().entries()) {
        const legal = scratch.legalMoves();
        if (!legal.includes(move)) return `move ${i + 1}, ${move}, is not in ${legal.join(' ')}`;
        scratch.play(move);
      }
      return null;
    } finally {
      scratch.element().remove();
      scratch.free();
    }
  }, fen);
  assert.equal(problem, null);
}

/** The side to move from the FEN. */
async function sideToMove(page) {
  return (await call(page, 'fen')).split(' ')[1];
}

/** A quiet legal move for the human, by a fixed rule: the first of the sorted list. */
async function firstMove(page) {
  const legal = await call(page, 'legalMoves');
  if (legal.length === 0) {
    const state = [await call(page, 'status'), await call(page, 'fen'), await call(page, 'history')];
    assert.fail(`the human has a move: ${JSON.stringify(state)}`);
  }
  return legal[0];
}

/** Starts a clean game between the human and the computer. */
async function fresh(page, variant, mode, level) {
  await call(page, 'setMode', 'human');
  if (await call(page, 'flipped')) await call(page, 'flip');
  await call(page, 'setVariant', variant);
  await call(page, 'setLevel', level);
  await call(page, 'setMode', mode);
}

describe('the computer player', { timeout: 300_000 }, () => {
  const { session, page } = usePage();

  before(async () => {
    // No worker runs until the computer is asked for a move (a page of many boards runs
    // none); the first search starts it.
    assert.equal(await call(page, 'thinking'), null);
  });

  it('plays Black against a human clicking in Morphing Chess, with a readout', async () => {
    await fresh(page, 'morphing-chess', 'white', 3);
    assert.equal(await call(page, 'mode'), 'white');
    assert.equal(await call(page, 'level'), 3);
    assert.equal(await page.locator('.fairylab-ai-mode').inputValue(), 'white');
    assert.equal(await page.locator('.fairylab-ai-level').inputValue(), '3');
    for (let turn = 0; turn < 3; turn++) {
      await clickMove(page, await firstMove(page));
      // The reply is checked against legalMoves() when the game is replayed below: reading them
      // here would race a fast reply on a loaded machine.
      await waitForMoves(page, 2 * turn + 2);
      const history = await call(page, 'history');
      assert.equal(history.length, 2 * turn + 2, 'one reply');
      assert.equal(await sideToMove(page), 'w');
      const line = await call(page, 'thinking');
      assert.match(line, INFO);
      assert.ok(line.includes(` pv ${history.at(-1)}`), `the PV starts with the move: ${line}`);
    }
    await assertLegalGame(page);
    const summary = await page.locator('.fairylab-ai-summary').textContent();
    assert.match(summary, SUMMARY);
    const pv = await page.locator('.fairylab-ai-pv').textContent();
    assert.match(pv, /^[a-z]\d+[a-z]\d+/);
    const d = await drawn(page);
    const last = (await call(page, 'history')).at(-1);
    assert.deepEqual(d.lastMove, [last.slice(0, 2), last.slice(2, 4)], 'the reply is marked');
    assert.match(
      await page.locator('.fairylab-ai-values').textContent(),
      /^Piece values: pawn 1\.00 · knight \d+\.\d\d/,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-morphing-chess.png') });
  });

  it('moves twice in its Marseillais turn, and lets the human move twice', async () => {
    await fresh(page, 'marseillais', 'white', 3);
    await call(page, 'setFen', LOCKED);
    // White's first turn is one move; then Black, the computer, makes two.
    await clickMove(page, 'e1e2');
    await waitForMoves(page, 3);
    let history = await call(page, 'history');
    assert.equal(history.length, 3, `two replies: ${history.join(' ')}`);
    assert.equal(await sideToMove(page), 'w');
    assert.match(await call(page, 'status'), /^White to move, move 1 of 2$/);
    for (let turn = 0; turn < 2; turn++) {
      const n = (await call(page, 'history')).length;
      await clickMove(page, await firstMove(page));
      // Still the human's turn: the computer does not move.
      assert.equal(await call(page, 'searching'), false);
      assert.match(await call(page, 'status'), /^White to move, move 2 of 2$/);
      await nextFrames(page);
      assert.equal((await call(page, 'history')).length, n + 1);
      await clickMove(page, await firstMove(page));
      await waitForMoves(page, n + 4);
      history = await call(page, 'history');
      assert.equal(history.length, n + 4, `two moves each: ${history.join(' ')}`);
      assert.equal(await sideToMove(page), 'w');
      // Both moves of the computer's turn are marked.
      assert.equal((await drawn(page)).lastMove.length, 4);
    }
    await assertLegalGame(page, LOCKED);
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-marseillais.png') });
  });

  it('keeps the page responsive while it thinks at the slowest level; Stop, Undo, Go', async () => {
    await fresh(page, 'chess', 'white', 5);
    await clickMove(page, 'e2e4');
    assert.equal(await call(page, 'searching'), true);
    // The readout follows the iterations.
    await page.waitForFunction(() => window.fairylab.app.thinking() !== null);
    assert.match(await page.locator('.fairylab-ai-status').textContent(), /^Black is thinking/);
    assert.match(await page.locator('.fairylab-ai-summary').textContent(), /^depth \d+/);

    // Animation frames keep coming during the search (it runs for at least 1.5 s).
    const frames = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const times = [];
          const step = (t) => {
            times.push(t);
            if (t - times[0] < 600) requestAnimationFrame(step);
            else resolve(times);
          };
          requestAnimationFrame(step);
        }),
    );
    const gaps = frames.slice(1).map((t, i) => t - frames[i]);
    const worst = Math.max(...gaps);
    console.log(
      `# responsiveness: ${frames.length} frames in 0.6 s of search, ` +
        `longest gap ${worst.toFixed(0)} ms`,
    );
    assert.ok(worst < 100, `longest gap between frames ${worst.toFixed(0)} ms`);
    assert.equal(await call(page, 'searching'), true, 'still thinking');

    // A click is handled at once: from the event to its handler.
    await page.evaluate(() => {
      window.clickDelay = null;
      document.querySelector('.fairylab-flip').addEventListener(
        'click',
        (e) => (window.clickDelay = performance.now() - e.timeStamp),
        { once: true },
      );
    });
    await page.click('.fairylab-flip');
    const delay = await page.evaluate(() => window.clickDelay);
    assert.ok(delay !== null && delay < 100, `click handled after ${delay} ms`);
    assert.equal(await call(page, 'flipped'), true);
    await call(page, 'flip');
    await waitForMoves(page, 2);

    // Stop ends the search at once; the computer then waits.
    await clickMove(page, await firstMove(page));
    assert.equal(await call(page, 'searching'), true);
    const t0 = Date.now();
    await page.click('.fairylab-ai-stop');
    assert.equal(await call(page, 'searching'), false);
    assert.ok(Date.now() - t0 < 500, 'stopped at once');
    assert.match(await page.locator('.fairylab-ai-status').textContent(), /^Stopped/);
    assert.ok(await page.locator('.fairylab-ai-go').isEnabled());
    assert.ok(await page.locator('.fairylab-ai-stop').isDisabled());
    await page.waitForTimeout(3200);
    assert.equal((await call(page, 'history')).length, 3, 'no move after Stop');

    // Go: it moves (quickly at level 1).
    await page.selectOption('.fairylab-ai-level', '1');
    await page.click('.fairylab-ai-go');
    await waitForMoves(page, 4);
    assert.equal((await call(page, 'history')).length, 4);

    // Undo while it thinks stops it, and it does not move again by itself.
    await page.selectOption('.fairylab-ai-level', '5');
    await clickMove(page, await firstMove(page));
    assert.equal(await call(page, 'searching'), true);
    const start = Date.now();
    await page.click('.fairylab-undo');
    assert.equal(await call(page, 'searching'), false);
    assert.ok(Date.now() - start < 500);
    assert.equal((await call(page, 'history')).length, 4);
    await page.waitForTimeout(3200);
    assert.equal((await call(page, 'history')).length, 4, 'no move after Undo');
    await assertLegalGame(page);
  });

  it('ignores a reply to a changed game, and stops for another variant or position', async () => {
    await fresh(page, 'chess', 'white', 4);
    await call(page, 'play', 'e2e4');
    assert.equal(await call(page, 'searching'), true);
    // Taken back and replaced while the computer thinks about the first position.
    await call(page, 'undo');
    await call(page, 'play', 'd2d4');
    await waitForMoves(page, 2);
    const history = await call(page, 'history');
    assert.equal(history[0], 'd2d4');
    assert.equal(history.length, 2);
    await assertLegalGame(page);

    // Another variant, or a position set up, stops the search; no reply comes.
    await call(page, 'play', await firstMove(page));
    assert.equal(await call(page, 'searching'), true);
    await call(page, 'setVariant', 'morphing-chess');
    assert.equal(await call(page, 'searching'), false);
    await call(page, 'play', await firstMove(page));
    assert.equal(await call(page, 'searching'), true);
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1';
    await call(page, 'setVariant', 'chess');
    await call(page, 'play', 'e2e4');
    await call(page, 'setFen', fen);
    assert.equal(await call(page, 'searching'), false);
    await page.waitForTimeout(1200);
    assert.deepEqual(await call(page, 'history'), []);
    assert.equal(await call(page, 'fen'), fen);
  });

  it('never plays in a finished game', async () => {
    await fresh(page, 'chess', 'human', 1);
    // Fool's mate: White to move, checkmated; the computer would play White.
    await call(page, 'setFen', 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    await call(page, 'setMode', 'black');
    assert.equal(await call(page, 'result'), '0-1 Black wins by checkmate');
    assert.equal(await call(page, 'searching'), false);
    await page.waitForTimeout(300);
    assert.deepEqual(await call(page, 'history'), []);
    await assert.rejects(page.evaluate(() => window.fairylab.app.hint()), /the game is over/);
    assert.ok(await page.locator('.fairylab-ai-hint').isDisabled());
  });

  it('suggests a legal move as a hint, drawn as an arrow', async () => {
    await fresh(page, 'symmetric-chess', 'human', 2);
    await call(page, 'play', await firstMove(page));
    const legal = await call(page, 'legalMoves');
    const hint = await page.evaluate(() => window.fairylab.app.hint());
    assert.ok(legal.includes(hint), `${hint} in ${legal.join(' ')}`);
    const d = await drawn(page);
    const [, from, to] = hint.match(/^([a-z]\d+)([a-z]\d+)/);
    assert.deepEqual(d.hint, [from, to]);
    assert.match(await call(page, 'announcement'), /^Hint: Black /);
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-hint.png') });
    // The button does the same; a move clears the arrow.
    await page.click('.fairylab-ai-hint');
    await page.waitForFunction(() => !window.fairylab.app.searching());
    assert.equal((await drawn(page)).hint.length, 2);
    await call(page, 'play', hint);
    assert.deepEqual((await drawn(page)).hint, []);
    // No hint while the computer is to move.
    await call(page, 'setLevel', 5);
    await call(page, 'setMode', 'black');
    await assert.rejects(page.evaluate(() => window.fairylab.app.hint()), /computer is to move/);
    await call(page, 'setMode', 'human');
  });

  it('plays against itself, in several variants, with no errors', async () => {
    for (const variant of ['morphomania', 'marseillais-original', 'morphing-chess-3']) {
      await fresh(page, variant, 'human', 1);
      await call(page, 'setMode', 'ai');
      await page.waitForFunction(
        () => window.fairylab.app.history().length >= 8 || window.fairylab.app.result() !== null,
        null,
        { timeout: 30_000 },
      );
      await call(page, 'setMode', 'human');
      assert.equal(await call(page, 'searching'), false);
      const n = (await call(page, 'history')).length;
      await page.waitForTimeout(400);
      assert.equal((await call(page, 'history')).length, n, 'it stops when the players change');
      await assertLegalGame(page);
      assert.ok((await call(page, 'values')).length > 0, `${variant}: piece values`);
    }
    await call(page, 'setMode', 'ai');
    await page.waitForFunction(() => window.fairylab.app.history().length >= 10, null, {
      timeout: 30_000,
    });
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-vs-ai.png') });
    await call(page, 'setMode', 'human');
  });

  it('keeps the players and the level over a reload', async () => {
    await fresh(page, 'morphing-chess', 'human', 1);
    await page.selectOption('.fairylab-ai-level', '4');
    await page.selectOption('.fairylab-ai-mode', 'black');
    assert.equal(await call(page, 'flipped'), true, 'Black at the bottom');
    // The computer, White, opens.
    await waitForMoves(page, 1);
    await load(page, session.url);
    assert.equal(await call(page, 'mode'), 'black');
    assert.equal(await call(page, 'level'), 4);
    assert.equal(await page.locator('.fairylab-ai-mode').inputValue(), 'black');
    assert.equal(await page.locator('.fairylab-ai-level').inputValue(), '4');
    assert.equal(await call(page, 'flipped'), true);
    assert.equal((await call(page, 'history')).length, 1);
    // The human, Black, moves by clicking the flipped board; the computer answers.
    await clickMove(page, await firstMove(page));
    await waitForMoves(page, 3);
    await assertLegalGame(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'ai-black.png') });
    await call(page, 'setMode', 'human');
  });

  it('refuses an unknown mode or level', async () => {
    await assert.rejects(page.evaluate(() => window.fairylab.app.setMode('robot')), /not a mode/);
    await assert.rejects(page.evaluate(() => window.fairylab.app.setLevel(6)), /not a level/);
    await assert.rejects(page.evaluate(() => window.fairylab.app.setLevel(0)), /not a level/);
    assert.equal(await call(page, 'mode'), 'human');
  });

  it('logs no errors and fetches nothing off the local server', () => {
    assert.deepEqual(session.problems, []);
  });
});
