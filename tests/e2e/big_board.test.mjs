// Boards over 16x16 in the built page (issue 25): a 25x25 text loads, is drawn scaled to fit the
// canvas, and plays by clicks; a 30-file text names its files past `z` as the Interactive
// Diagram's script does (`{`, `|`, `}`, `~`) and plays a piece there; a game on those files is
// shown from the text's moveList, written as PGN and replayed from the game text field.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, call, clickSquare, drawn, nextFrames, usePage } from './helpers.mjs';

describe('boards over 16x16', { timeout: 120_000 }, () => {
  const { session, page } = usePage();

  /** Clicks `from` then `to`, and returns the history. */
  async function clicks(from, to) {
    await clickSquare(page, from);
    assert.equal(await call(page, 'selected'), from, `${from} is selected`);
    await clickSquare(page, to);
    return call(page, 'history');
  }

  it('draws a 25x25 board inside the canvas and plays on it', async () => {
    const pieces = [
      'knight:N:N:knight:a1,y1',
      'rook:R:R:rook:b1,x1',
      'bishop:B:B:bishop:c2,w2',
      'lion:L:KNAD:lion:l1',
      'king:K:K:king:m1',
    ];
    await call(page, 'setVariant', `files=25 ranks=25 promoZone=0\n${pieces.join('\n')}\n`);
    await nextFrames(page);
    const canvas = await page.locator('canvas[data-fairylab]').boundingBox();
    const [ax, , size] = await call(page, 'squareBox', 'a1');
    const [yx, yy] = await call(page, 'squareBox', 'y25');
    // Every square inside the canvas, the board scaled down to fit.
    assert.ok(ax >= 0 && yy >= 0, `a1 at x ${ax}, y25 at y ${yy}`);
    assert.ok(yx + size <= canvas.width + 0.5, `y25 ends at ${yx + size} of ${canvas.width}`);
    const d = await drawn(page);
    assert.ok(d.pieces.includes('y25 black knight'), JSON.stringify(d.pieces.slice(0, 12)));
    assert.ok(d.pieces.includes('m25 black king'));
    assert.deepEqual(await clicks('b1', 'b20'), ['b1b20']);
    assert.deepEqual(await clicks('w24', 'a2'), ['b1b20', 'w24a2']);
    await page.locator('canvas[data-fairylab]').screenshot({ path: join(SCREENSHOTS, 'board-25x25.png') });
  });

  it('names files past z as the Diagram does and plays there', async () => {
    const pieces = ['rook:R:R:rook:a1,~1', 'knight:N:N:knight:{1,b1', 'king:K:K:king:o1'];
    await call(page, 'setVariant', `files=30 ranks=10 promoZone=0\n${pieces.join('\n')}\n`);
    const d = await drawn(page);
    assert.ok(d.pieces.includes('{1 white knight'), JSON.stringify(d.pieces));
    assert.ok(d.pieces.includes('~10 black rook'));
    assert.deepEqual(await clicks('{1', '|3'), ['{1|3']);
    await page.locator('canvas[data-fairylab]').screenshot({ path: join(SCREENSHOTS, 'board-30x10.png') });
  });

  it('writes a game past z as PGN and replays it from the game text field', async () => {
    const pieces = ['pawn:P:fmWfcF:pawn:{2,~2', 'knight:N:N:knight:{1,}1', 'king:K:K:king:o1'];
    // The Diagram's notation on files past z, comments between the moves.
    const list = 'moveList=1. {3 {the pawn} N{|8 {the knight on file {} 2. N}|3';
    await call(page, 'setVariant', `files=30 ranks=10 promoZone=1\n${pieces.join('\n')}\n${list}\n`);
    const game = await call(page, 'moveList');
    assert.deepEqual(game.moves, ['{2{3', '{10|8', '}1|3']);
    assert.deepEqual(game.comments, [null, 'the pawn', 'the knight on file {', null]);
    assert.equal(game.warning, null);
    await call(page, 'step', 'end');
    await clickSquare(page, '|8');
    await clickSquare(page, '}6');
    const played = ['{2{3', '{10|8', '}1|3', '|8}6'];
    assert.deepEqual(await call(page, 'history'), played);
    const panel = page.locator('.fairylab-gametext').first();
    await panel.locator('summary').click();
    await panel.locator('.fairylab-export-pgn').click();
    const pgn = await panel.locator('.fairylab-gametext-text').inputValue();
    assert.match(pgn, /\n1\. \{2\{3 \{10\|8 2\. \}1\|3 \|8\}6 \*\n$/);
    await call(page, 'newGame');
    await panel.locator('.fairylab-gametext-text').fill(`${pgn}`.replace(' *', ' {a comment} *'));
    await panel.locator('.fairylab-import').click();
    assert.deepEqual(await call(page, 'history'), played);
  });

  it('logs no errors', () => {
    assert.deepEqual(session.problems, []);
  });
});
