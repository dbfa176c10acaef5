// End-to-end tests of the balance lab in the designer panel, in headless Chromium: Run with 2
// games shows progress and a table whose counts add up; Stop during a longer run terminates
// the lab's worker while the page (animation frames, the rules core, the computer player's
// own worker) keeps answering; bad arguments to balance() reject with an Error; the piece
// value measurement (measureValues(), and Measure values in the panel) reports a row per type,
// shows progress and stops.
// Screenshots: dist/screenshots/lab-panel.png (the lab's section after a run from its Run
// button), lab-values.png (after a measurement stopped).
// With FAIRYLAB_LAB_BENCH=1 it also times chess at 20 ms a move, 10 games, and prints games a
// minute.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, call, designerOn, usePage } from './helpers.mjs';

const LAB = '.fairylab-designer-lab';

/** The lab table's cells of the row labelled `label` (one per rule set). */
async function tableRow(page, label) {
  return page.evaluate(
    ([sel, label]) => {
      const rows = [...document.querySelectorAll(`${sel} .fairylab-lab-table tr`)];
      const row = rows.find((r) => r.firstElementChild?.textContent === label);
      return row ? [...row.querySelectorAll('td')].map((td) => td.textContent) : null;
    },
    [LAB, label],
  );
}

/** Waits until the lab's state is `state`. */
function waitForState(page, state, timeout = 60_000) {
  return page.waitForFunction((s) => window.fairylab.app.balanceState().state === s, state, {
    timeout,
  });
}

/** Animation frames the page paints in `ms`. */
function framesIn(page, ms) {
  return page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        let frames = 0;
        const t0 = performance.now();
        const tick = () => {
          frames += 1;
          if (performance.now() - t0 < ms) requestAnimationFrame(tick);
          else resolve(frames);
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
}

/** The message of the Error a promise of the app rejects with, or null if it resolves. */
function rejection(page, script) {
  return page.evaluate(
    (script) =>
      new Function('app', `return ${script}`)(window.fairylab.app).then(
        () => null,
        (e) => (e instanceof Error ? e.message : `not an Error: ${e}`),
      ),
    script,
  );
}

describe('balance lab', { timeout: 240_000 }, () => {
  const { session, page } = usePage();

  before(() => designerOn(page, 'chess'));

  it('runs 2 games from the panel, with progress and a table that adds up', async () => {
    const lab = page.locator(LAB).first();
    assert.equal(await call(page, 'balanceState').then((s) => s.state), 'idle');
    assert.equal(await lab.locator('.fairylab-lab-table').isVisible(), false);
    await lab.locator('.fairylab-lab-games').fill('2');
    await lab.locator('.fairylab-lab-time').fill('20');
    await lab.locator('.fairylab-lab-run').click();
    assert.equal(await lab.locator('.fairylab-lab-run').isDisabled(), true);
    assert.equal(await lab.locator('.fairylab-lab-stop').isDisabled(), false);
    // Progress: the bar fills game by game.
    await page.waitForFunction(
      (sel) => Number(document.querySelector(`${sel} progress`).value) >= 1,
      LAB,
      { timeout: 60_000 },
    );
    await waitForState(page, 'done');
    const progress = await lab.locator('progress').evaluate((p) => [p.value, p.max]);
    assert.deepEqual(progress, [2, 2]);
    assert.match(await lab.locator('.fairylab-lab-status').textContent(), /^Done: 2 games$/);
    const head = await page.evaluate(
      (sel) => [...document.querySelectorAll(`${sel} .fairylab-lab-table tr:first-child th`)]
        .map((th) => th.textContent),
      LAB,
    );
    assert.deepEqual(head, ['', 'A: chess']);
    const count = async (label) => Number((await tableRow(page, label))[0]);
    const sum = (await count('White wins')) + (await count('Black wins')) + (await count('draws'));
    assert.equal(sum, 2);
    assert.equal(await count('games'), 2);
    assert.match((await tableRow(page, 'White score (95%)'))[0], /^\d\.\d{3} \(\d\.\d{3}–\d\.\d{3}\)$/);
    assert.ok((await count('average length (plies)')) > 0);
    let ended = 0;
    for (const label of ['checkmate', 'stalemate', 'bare king', 'counter-baring', 'repetition',
      '50-move rule', 'ply limit']) {
      ended += await count(label);
    }
    assert.equal(ended, 2, 'every game ended one way');
    assert.deepEqual(await tableRow(page, 'king'), ['royal']);
    assert.ok((await count('queen')) > (await count('knight')), 'a queen is worth more than a knight');
    assert.equal(await lab.locator('.fairylab-lab-run').isDisabled(), false);
    await lab.screenshot({ path: join(SCREENSHOTS, 'lab-panel.png') });
  });

  it('stops a longer run at once while the page and the computer keep answering', async () => {
    const lab = page.locator(LAB).first();
    await lab.locator('.fairylab-lab-games').fill('500');
    await lab.locator('.fairylab-lab-time').fill('30');
    await lab.locator('.fairylab-lab-run').click();
    await waitForState(page, 'running');
    // Responsive: frames keep coming, the rules core answers, the computer gives a hint
    // from its own worker while the lab's works.
    const frames = await framesIn(page, 1000);
    console.log(`animation frames during a lab run: ${frames} in 1 s`);
    assert.ok(frames >= 20, `animation frames keep firing: ${frames} in 1 s`);
    assert.equal((await call(page, 'legalMoves')).length, 20);
    await call(page, 'setLevel', 1);
    const hint = await call(page, 'hint');
    assert.match(hint, /^[a-h][1-8][a-h][1-8]/);
    assert.equal((await call(page, 'balanceState')).state, 'running', 'the hint left the run alone');
    // A second run while one goes is refused.
    const again = await rejection(page, 'app.balance(2, { timeMs: 5 })');
    assert.match(again ?? '', /already going/);

    await lab.locator('.fairylab-lab-stop').click();
    const stopped = await call(page, 'balanceState');
    assert.equal(stopped.state, 'stopped');
    assert.ok(stopped.done < 500);
    assert.match(await lab.locator('.fairylab-lab-status').textContent(), /^Stopped after \d+ of 500 games$/);
    assert.equal(await lab.locator('.fairylab-lab-run').isDisabled(), false);
    assert.equal(await lab.locator('.fairylab-lab-stop').isDisabled(), true);
    // Nothing more arrives from the terminated worker.
    await page.waitForTimeout(1500);
    assert.deepEqual(await call(page, 'balanceState'), stopped);
    assert.deepEqual(session.problems, []);
  });

  it('rejects bad arguments with an Error, and a stopped run rejects its promise', async () => {
    for (const [script, pattern] of [
      ['app.balance(0, { timeMs: 5 })', /games must be a whole number from 1 to 10000/],
      ['app.balance(1e9, { timeMs: 5 })', /games must be/],
      ['app.balance(2.5, { timeMs: 5 })', /games must be/],
      ['app.balance("many", { timeMs: 5 })', /games must be/],
      ['app.balance(2, { timeMs: -1 })', /time per move/],
      ['app.balance(2, {})', /time per move \(ms\) or a node limit/],
      ['app.balance(2)', /give the time per move/],
      ['app.balance(2, { timeMs: 5, nodes: -3 })', /nodes per move/],
    ]) {
      assert.match((await rejection(page, script)) ?? 'resolved', pattern, script);
    }
    const stopped = page.evaluate(() =>
      window.fairylab.app.balance(500, { timeMs: 30 }).then(
        () => 'resolved',
        (e) => e.message,
      ),
    );
    await waitForState(page, 'running');
    assert.equal(await call(page, 'stopBalance'), true);
    assert.match(await stopped, /stopped after \d+ of 500 games/);
    assert.equal(await call(page, 'stopBalance'), false);
  });

  it('measures piece values by play: a short measurement resolves with a row per type', async () => {
    // Chess: the calibration (2 pawns odds) and knight, bishop, rook and queen, one game each
    // at 300 nodes a move.
    const result = await page.evaluate(() => window.fairylab.app.measureValues(1, { nodes: 300 }));
    assert.equal(result.done, 5);
    assert.equal(result.total, 5);
    assert.deepEqual(result.pieces.map((p) => p.name), ['pawn', 'knight', 'bishop', 'rook', 'queen']);
    assert.deepEqual(result.pieces.map((p) => p.imbalance),
      ['2 pawns odds', 'knight vs 3 pawns', 'bishop vs knight', 'rook vs bishop + 1 pawn',
        'queen vs rook + rook']);
    for (const p of result.pieces) {
      assert.equal(p.games, 1, p.name);
      assert.ok([0, 0.5, 1].includes(p.score), `${p.name}: a game's score, ${p.score}`);
      // A value needs a calibration that favours the pawns' side; with one game it may not.
      if (p.value !== null) assert.ok(p.low <= p.value && p.value <= p.high, p.name);
    }
    assert.equal((await call(page, 'balanceState')).state, 'done');
  });

  it('measures piece values from the panel, with progress, and stops', async () => {
    const lab = page.locator(LAB).first();
    await lab.locator('.fairylab-lab-games').fill('50');
    await lab.locator('.fairylab-lab-time').fill('20');
    await lab.locator('.fairylab-lab-measure').click();
    await waitForState(page, 'running');
    assert.equal(await lab.locator('.fairylab-lab-measure').isDisabled(), true);
    assert.equal(await lab.locator('.fairylab-lab-run').isDisabled(), true);
    // 50 games for each of chess's 5 imbalances; the table lists them before the first game.
    assert.equal((await call(page, 'balanceState')).total, 250);
    await page.waitForFunction(
      (sel) => document.querySelector(`${sel} .fairylab-lab-table`)?.textContent.includes('queen vs rook + rook'),
      LAB,
    );
    // Progress: the bar moves as games end.
    await page.waitForFunction(
      (sel) => Number(document.querySelector(`${sel} progress`).value) >= 1,
      LAB,
      { timeout: 90_000 },
    );
    const again = await rejection(page, 'app.balance(2, { timeMs: 5 })');
    assert.match(again ?? '', /piece value measurement is already going/);
    await lab.locator('.fairylab-lab-stop').click();
    const stopped = await call(page, 'balanceState');
    assert.equal(stopped.state, 'stopped');
    assert.ok(stopped.done >= 1 && stopped.done < 250);
    assert.match(await lab.locator('.fairylab-lab-status').textContent(), /^Stopped after \d+ of 250 games$/);
    const head = await page.evaluate(
      (sel) => [...document.querySelectorAll(`${sel} .fairylab-lab-table tr:first-child th`)]
        .map((th) => th.textContent),
      LAB,
    );
    assert.deepEqual(head, ['', 'A: chess', 'games', 'score', 'pawns (95%)']);
    const knight = await tableRow(page, 'knight');
    assert.equal(knight[0], 'knight vs 3 pawns');
    const played = (await Promise.all(['pawn', 'knight', 'bishop', 'rook', 'queen']
      .map((name) => tableRow(page, name).then((r) => Number(r[1]))))).reduce((a, b) => a + b);
    assert.ok(played <= stopped.done && played >= stopped.done - 1,
      `the rows count the games reported: ${played} of ${stopped.done}`);
    await lab.screenshot({ path: join(SCREENSHOTS, 'lab-values.png') });
    // Nothing more arrives from the terminated worker.
    await page.waitForTimeout(1500);
    assert.deepEqual(await call(page, 'balanceState'), stopped);
    assert.deepEqual(session.problems, []);
  });

  it('times chess at 20 ms a move, 10 games (FAIRYLAB_LAB_BENCH=1)', async (t) => {
    if (!process.env.FAIRYLAB_LAB_BENCH) {
      t.skip('set FAIRYLAB_LAB_BENCH=1 to time it');
      return;
    }
    const t0 = Date.now();
    const result = await page.evaluate(() => window.fairylab.app.balance(10, { timeMs: 20 }));
    const seconds = (Date.now() - t0) / 1000;
    const a = result.a;
    assert.equal(a.whiteWins + a.blackWins + a.draws, 10);
    console.log(
      `page lab: chess, 10 games at 20 ms a move in ${seconds.toFixed(1)} s = ` +
        `${((10 * 60) / seconds).toFixed(1)} games/min, ${a.averagePlies.toFixed(1)} plies a game; ` +
        `W ${a.whiteWins} B ${a.blackWins} D ${a.draws} ${JSON.stringify(a.endings)}`,
    );
  });
});
