// A definition's game (`moveList`, as the Interactive Diagram shows one): on the page and in a
// board embedded in a host page, the game starts at the start with its moves ahead, and is
// stepped through by clicking the step buttons, a move in the list and the keyboard; the board
// follows (pieces drawn where the moves put them), the move shown is marked in the list and
// its comment shown beside it; a move of one's own mid-game branches, and New game brings the
// list's moves back ahead; a move that cannot be played is warned with its place in the
// definition.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST, SCREENSHOTS, call, clickMove, drawn, usePage } from './helpers.mjs';

const CHESS = readFileSync(new URL('../../variants/chess.txt', import.meta.url), 'utf8');
// Pawn e2-e4, e7-e5, knight g1-f3, b8-c6, bishop f1-b5: worked out by hand.
const GAME = '1. e4 {The king\'s pawn.} e5 2. Nf3 {It attacks e5.} Nc6 3. Bb5 {The Spanish game.}';
const WITH_GAME = `${CHESS}moveList=${GAME}\n`;

/** Clicks step `name` (start, back, forward, end) of the board under `root`. */
async function step(page, root, name) {
  await page.locator(`${root} .fairylab-step[data-step="${name}"]`).click();
}

/** The move list's marked move (its text), the comment shown (or null), and the moves ahead. */
function listed(page, root) {
  return page.evaluate((root) => {
    const el = document.querySelector(root);
    const scope = el.shadowRoot ?? el.closest('.fairylab') ?? document;
    const current = scope.querySelector('.fairylab-move[aria-current]');
    const comment = scope.querySelector('.fairylab-comment');
    return {
      current: current ? `${current.dataset.ply} ${current.textContent}` : null,
      comment: comment.hidden ? null : comment.textContent,
      ahead: scope.querySelectorAll('.fairylab-ahead').length,
    };
  }, root);
}

describe('the definition\'s game on the page', { timeout: 120_000 }, () => {
  const { session, page } = usePage();

  before(async () => {
    await call(page, 'setVariant', WITH_GAME);
  });

  it('starts at the start with the game ahead, read from the Diagram\'s notation', async () => {
    const list = await call(page, 'moveList');
    assert.deepEqual(list.moves, ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5']);
    assert.deepEqual(list.texts, ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    assert.deepEqual(list.comments, [null, "The king's pawn.", null, 'It attacks e5.', null, 'The Spanish game.']);
    assert.equal(list.warning, null);
    assert.deepEqual(await call(page, 'history'), []);
    assert.deepEqual(await listed(page, '.fairylab'), { current: null, comment: null, ahead: 5 });
  });

  it('steps forward, to the end, back and to the start by clicking, the board following', async () => {
    await step(page, '.fairylab', 'forward');
    let d = await drawn(page);
    assert.ok(d.pieces.includes('e4 white pawn'), d.pieces.join(', '));
    assert.ok(!d.pieces.includes('e2 white pawn'));
    assert.deepEqual(await listed(page, '.fairylab'), {
      current: '1 P e2-e4',
      comment: "The king's pawn.",
      ahead: 4,
    });
    await step(page, '.fairylab', 'end');
    d = await drawn(page);
    for (const p of ['e5 black pawn', 'f3 white knight', 'c6 black knight', 'b5 white bishop']) {
      assert.ok(d.pieces.includes(p), `${p}: ${d.pieces.join(', ')}`);
    }
    assert.deepEqual(await listed(page, '.fairylab'), {
      current: '5 B f1-b5',
      comment: 'The Spanish game.',
      ahead: 0,
    });
    await step(page, '.fairylab', 'back');
    await step(page, '.fairylab', 'back');
    assert.deepEqual(await listed(page, '.fairylab'), {
      current: '3 N g1-f3',
      comment: 'It attacks e5.',
      ahead: 2,
    });
    await page.screenshot({ path: join(SCREENSHOTS, 'move-list-page.png') });
    await step(page, '.fairylab', 'start');
    d = await drawn(page);
    assert.ok(d.pieces.includes('g1 white knight') && d.pieces.includes('e2 white pawn'));
    assert.deepEqual(await listed(page, '.fairylab'), { current: null, comment: null, ahead: 5 });
  });

  it('goes to a move ahead clicked in the list, and steps by the keyboard there', async () => {
    await page.locator('.fairylab-move[data-ply="4"]').click();
    assert.equal((await call(page, 'history')).length, 4);
    assert.deepEqual(await listed(page, '.fairylab'), { current: '4 n b8-c6', comment: null, ahead: 1 });
    await page.locator('.fairylab-step[data-step="back"]').focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await call(page, 'comment'), 'The Spanish game.');
    await page.keyboard.press('Home');
    assert.deepEqual(await call(page, 'history'), []);
    assert.equal(
      await page.locator('.fairylab-step[data-step="back"]').getAttribute('aria-disabled'),
      'true',
      'nothing before the start',
    );
    await page.keyboard.press('End');
    assert.equal((await call(page, 'history')).length, 5);
    // In the list itself the focus follows the move shown, so the keys go on working.
    await page.locator('.fairylab-move[data-ply="5"]').focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal((await call(page, 'history')).length, 3);
    const focused = await page.evaluate(() => document.activeElement?.dataset.ply);
    assert.equal(focused, '3');
    await page.keyboard.press('End');
  });

  it('branches on a move of one\'s own mid-game, the comments before it kept', async () => {
    assert.equal(await call(page, 'seek', 2), 2);
    await clickMove(page, 'b1c3');
    assert.deepEqual(await call(page, 'history'), ['e2e4', 'e7e5', 'b1c3']);
    assert.equal((await call(page, 'moveList')).agreeing, 2);
    assert.deepEqual(await listed(page, '.fairylab'), { current: '3 N b1-c3', comment: null, ahead: 0 });
    assert.equal(await call(page, 'step', 'start'), 0);
    assert.equal(await call(page, 'step', 'forward'), 1);
    assert.equal(await call(page, 'comment'), "The king's pawn.");
    await assert.rejects(() => call(page, 'step', 'sideways'), /'sideways' is not a step/);
  });

  it('goes back to the start with the game ahead again on New game after a branch', async () => {
    // The game branched above (b1c3 for Nf3): the list's last three moves are gone from it.
    assert.equal((await call(page, 'moveList')).agreeing, 2);
    await page.locator('.fairylab-new').click();
    assert.deepEqual(await call(page, 'history'), []);
    assert.equal((await call(page, 'moveList')).agreeing, 5);
    assert.deepEqual(await listed(page, '.fairylab'), { current: null, comment: null, ahead: 5 });
    await page.screenshot({ path: join(SCREENSHOTS, 'move-list-new-game.png') });
    await step(page, '.fairylab', 'end');
    assert.deepEqual(await call(page, 'history'), ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5']);
    assert.deepEqual(await listed(page, '.fairylab'), {
      current: '5 B f1-b5',
      comment: 'The Spanish game.',
      ahead: 0,
    });
  });

  it('warns of a move it cannot play with its place in the definition, and keeps those before', async () => {
    // The moveList is the tenth line; `Ke3` is at column 33 (`moveList=` and `1. e4 e5 2. Nf3 Nc6 3. `).
    await call(page, 'setVariant', `${CHESS}moveList=1. e4 e5 2. Nf3 Nc6 3. Ke3 Ke6\n`);
    const list = await call(page, 'moveList');
    assert.deepEqual(list.moves, ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
    const expected =
      '10:33: moveList stops at move 3 (Ke3): no king (K) can go to e3; the moves before it are shown';
    assert.equal(list.warning, expected);
    const shown = await page.locator('.fairylab-game-warning').textContent();
    assert.equal(shown, expected);
    assert.ok(await page.locator('.fairylab-game-warning').isVisible());
    assert.deepEqual(session.problems, []);
  });
});

const HOST = join(DIST, 'move-list-host.html');
// The definition as a variant page holds it, in the Diagram's markup with <br> line ends.
const DIAGRAM = WITH_GAME.split('\n').filter((l) => l && !l.startsWith('#')).join('<br>\n');

describe('the definition\'s game in an embedded board', { timeout: 120_000 }, () => {
  const { session, page } = usePage({
    options: { viewport: { width: 1000, height: 900 } },
    load: false,
  });

  before(async () => {
    await writeFile(
      HOST,
      `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A game shown</title><link rel="icon" href="data:,"></head>
<body>
<h1>The Spanish game</h1>
<div class="idiagram" id="game">${DIAGRAM}</div>
<script src="embed/fairylab.js"></script>
</body>
</html>
`,
    );
    await page.goto(`${session.url}move-list-host.html`);
    await page.waitForFunction(
      () => document.getElementById('game').dataset.fairylabState === 'running',
      null,
      { timeout: 20_000 },
    );
  });

  after(async () => {
    await unlink(HOST).catch(() => {});
  });

  const on = (method, ...args) =>
    page.evaluate(([m, a]) => document.getElementById('game').fairylab[m](...a), [method, args]);

  it('steps through the game by clicks inside the board, its comments beside the list', async () => {
    assert.deepEqual(await on('history'), []);
    assert.deepEqual(await listed(page, '#game'), { current: null, comment: null, ahead: 5 });
    await step(page, '#game', 'forward');
    await step(page, '#game', 'forward');
    await step(page, '#game', 'forward');
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const d = await on('drawn');
    assert.ok(d.pieces.includes('f3 white knight') && d.pieces.includes('e5 black pawn'), d.pieces.join(', '));
    assert.ok(!d.pieces.includes('g1 white knight'));
    assert.deepEqual(await listed(page, '#game'), {
      current: '3 N g1-f3',
      comment: 'It attacks e5.',
      ahead: 2,
    });
    const comment = page.locator('#game .fairylab-comment');
    assert.ok(await comment.isVisible());
    await page.locator('#game').screenshot({ path: join(SCREENSHOTS, 'move-list-embed.png') });
    await step(page, '#game', 'back');
    assert.deepEqual(await listed(page, '#game'), { current: '2 p e7-e5', comment: null, ahead: 3 });
    assert.deepEqual(session.problems, []);
  });
});
