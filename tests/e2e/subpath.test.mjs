// The built page is relocatable: dist/ served unchanged under a sub-folder of a plain static
// server (as a project site or a variant site's subfolder is), with every asset, the worker and
// the worker's wasm found relative to the page. The human plays a move by clicking and the
// computer answers from its worker; nothing is requested outside the sub-folder.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, call, clickMove, load, usePage } from './helpers.mjs';

const FOLDER = '/games/fairylab/';

describe('the page under a sub-folder', { timeout: 120_000 }, () => {
  const { session, page } = usePage({ prefix: FOLDER, load: false });
  const requests = [];

  before(async () => {
    page.on('request', (req) => requests.push(new URL(req.url()).pathname));
    page.context().on('request', (req) => requests.push(new URL(req.url()).pathname));
  });

  it(`loads at ${FOLDER}index.html and plays a move against the computer`, async () => {
    await load(page, `${session.url}index.html`);
    await call(page, 'setVariant', 'chess');
    // Level 3 thinks for about 0.3 s, so the human's move is seen on its own first.
    await call(page, 'setLevel', 3);
    await call(page, 'setMode', 'white');
    await clickMove(page, 'e2e4');
    await page.waitForFunction(
      () => window.fairylab.app.history().length === 2 && !window.fairylab.app.searching(),
      null,
      { timeout: 20_000 },
    );
    const [, reply] = await call(page, 'history');
    assert.match(reply, /^[a-h][1-8][a-h][1-8]$/, `the computer replied: ${reply}`);
    assert.equal((await call(page, 'fen')).split(' ')[1], 'w');
    assert.deepEqual(session.problems, []);
    // The script, the wasm, the stylesheet, the icon and the worker all came from the folder.
    const outside = requests.filter((path) => !path.startsWith(FOLDER));
    assert.deepEqual(outside, [], 'no request outside the sub-folder');
    for (const kind of [/\.js$/, /_bg\.wasm$/, /ai-worker\.js$/, /\.css$/]) {
      assert.ok(
        requests.some((path) => kind.test(path)),
        `${kind} was requested: ${requests.join(' ')}`,
      );
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'subfolder.png') });
  });

  it(`reloads at the bare folder address ${FOLDER} with the saved game`, async () => {
    await call(page, 'setMode', 'human');
    const fen = await call(page, 'fen');
    await load(page, session.url);
    assert.equal(await call(page, 'variant'), 'chess');
    assert.equal(await call(page, 'fen'), fen);
    assert.deepEqual(session.problems, []);
  });
});
