// A shuffled start (the Interactive Diagram's `shuffle` key) in the built page: a share link
// with `seed=` opens the array that seed deals, shown with its FEN above the move list; a move
// is played by clicks; a reload keeps the array and its seed; New game deals another from a
// new seed, and the link then carries that one. The definition is tests/shuffle/, a
// Chess960-like game of our own; seed 42's array was checked by hand (src/shuffle.rs SAMPLES).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { SCREENSHOTS, call, clickMove, load, usePage } from './helpers.mjs';

const DEFINITION = await readFile(
  new URL('../shuffle/shuffle-chess.txt', import.meta.url),
  'utf8',
);
const SEED_42 = 'brqkrbnn/pppppppp/8/8/8/8/PPPPPPPP/BRQKRBNN w KQkq - 0 1';

/** Rank 1 of a FEN keeps the constraints: bishops on both shades, the king between rooks. */
function assertChess960(fen) {
  const rank = fen.split(' ')[0].split('/')[7];
  assert.equal([...rank].sort().join(''), 'BBKNNQRR', fen);
  const at = (p) => [...rank].flatMap((c, f) => (c === p ? [f] : []));
  const [b1, b2] = at('B');
  assert.notEqual(b1 % 2, b2 % 2, `${fen}: bishops on one shade`);
  const [r1, r2] = at('R');
  const [k] = at('K');
  assert.ok(r1 < k && k < r2, `${fen}: the king between the rooks`);
}

describe('a shuffled start from a share link', { timeout: 120_000 }, () => {
  const { session, page } = usePage({ load: false });

  it('opens the array of seed=, plays a move by clicks, and keeps both over a reload', async () => {
    const d = deflateRawSync(Buffer.from(DEFINITION)).toString('base64url');
    await load(page, `${session.url}#f=2&d=${d}&seed=42`);
    assert.equal(await call(page, 'fen'), SEED_42);
    assert.equal(await call(page, 'seed'), '42');
    const start = page.locator('.fairylab-start').first();
    assert.equal(await start.textContent(), `Start, seed 42: ${SEED_42}`);
    assert.ok(await start.isVisible());

    // The knight on g1 to f3, by clicks.
    const drawn = await clickMove(page, 'g1f3');
    assert.ok(drawn.pieces.includes('f3 white knight'));
    assert.deepEqual(await call(page, 'history'), ['g1f3']);
    assert.equal(await start.textContent(), `Start, seed 42: ${SEED_42}`, 'the start stays');
    await page.screenshot({ path: join(SCREENSHOTS, 'shuffle.png') });

    await page.reload();
    await page.waitForFunction(() => window.fairylab?.ready === true);
    assert.equal(await call(page, 'seed'), '42');
    assert.deepEqual(await call(page, 'history'), ['g1f3']);
    assert.equal(
      await call(page, 'fen'),
      'brqkrbnn/pppppppp/8/8/8/5N2/PPPPPPPP/BRQKRB1N b KQkq - 1 1',
    );
  });

  it('deals a new array from a new seed on New game, and shares it', async () => {
    await page.locator('.fairylab-new').first().click();
    const seed = await call(page, 'seed');
    assert.match(seed, /^\d+$/);
    assert.notEqual(seed, '42');
    const fen = await call(page, 'fen');
    assertChess960(fen);
    assert.deepEqual(await call(page, 'history'), []);
    assert.equal(
      await page.locator('.fairylab-start').first().textContent(),
      `Start, seed ${seed}: ${fen}`,
    );
    const link = await call(page, 'link');
    assert.match(link, new RegExp(`#f=2&d=[^&]+&seed=${seed}&`));
    // The same seed through the interface deals the same array.
    await call(page, 'newGame', '42');
    assert.equal(await call(page, 'fen'), SEED_42);
    await call(page, 'newGame', Number(seed));
    assert.equal(await call(page, 'fen'), fen);
    assert.deepEqual(session.problems, []);
  });
});
