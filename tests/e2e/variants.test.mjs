// Every bundled variant played in the built page (dist/) by clicking canvas squares, as a
// person would: the variant picked from the picker, a scripted game with what the variant has
// (morph, royal morph, castling, promotion through the chooser, conversion, two-move turns,
// en passant), the destination dots checked against the core's destinations (by the applet's
// record of what it drew, and by pixels), undo and redo by the buttons, a reload that restores
// the game, and a game end with its result banner. Screenshots: dist/screenshots/<variant>.png
// and <variant>-end.png. Move sequences were found with `fairylab moves <variant> --moves ...`.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  DARK,
  DOT,
  HIGHLIGHT,
  LIGHT,
  SCREENSHOTS,
  assertColour,
  call,
  clickMove,
  clickSquare,
  drawn,
  isDark,
  over,
  ready,
  squarePixel,
  usePage,
} from './helpers.mjs';

const has = (d, piece) => d.pieces.includes(piece);

const VARIANTS = [
  {
    name: 'chess',
    size: [8, 8],
    first: 'g1',
    moves: 'e2e4 a7a6 e4e5 d7d5 e5d6 a6a5 g1f3 a5a4 f1e2 b7b6 e1g1',
    checks: {
      e5d6: (d, said) => {
        assert.ok(!has(d, 'd5 black pawn'), 'the pawn taken en passant is gone');
        assert.match(said, /takes black pawn on d5 en passant/);
      },
      e1g1: (d, said) => {
        assert.ok(has(d, 'g1 white king') && has(d, 'f1 white rook'), 'castled');
        assert.match(said, /castles/);
      },
    },
    select: 'c8',
    end: { fen: '2k5/4R3/p6R/r4p2/5P1P/8/5P2/5K2 w - - 2 48', move: 'h6h8' },
  },
  {
    name: 'morphing-chess',
    size: [9, 9],
    first: 'b1',
    moves: 'c1g5 e8e7 f1f3 e9e8 h1g3 e8d7 g1e3 d7d6 e1h1 d6e5',
    checks: {
      c1g5: (d, said) => {
        assert.ok(has(d, 'g5 white archbishop'), 'the bishop became an archbishop on g5');
        assert.equal(d.glow, 'g5', 'the morph is marked');
        assert.equal(said, 'White bishop c1 to g5, becomes archbishop');
      },
      e1h1: (d) => assert.ok(has(d, 'h1 white king') && has(d, 'g1 white rook'), 'castled'),
      d6e5: (d, said) => {
        assert.ok(has(d, 'e5 black royal amazon'), 'the king became the royal amazon');
        assert.equal(d.glow, 'e5');
        assert.match(said, /^Black king d6 to e5, becomes royal amazon/);
      },
    },
    select: 'g5',
    end: { fen: '4k4/5p3/9/1pp3p1P/4z4/9/9/9/1K7 b - - 1 47', move: 'e5c3' },
  },
  {
    name: 'morphing-chess-3',
    size: [9, 9],
    first: 'a2',
    moves: 'g1e3 e9e8 f1f3 e8e7 h1g3 e7e6 e1h1 e6e5',
    checks: {
      g1e3: (d) => {
        assert.ok(has(d, 'e3 white archbishop'), 'the bishop became an archbishop on e3');
        assert.equal(d.glow, 'e3');
      },
      e1h1: (d) => assert.ok(has(d, 'h1 white king') && has(d, 'g1 white rook'), 'castled'),
      e6e5: (d, said) => {
        assert.ok(has(d, 'e5 black royal pawn'), 'the king became the royal pawn');
        assert.equal(said, 'Black king e6 to e5, becomes royal pawn');
      },
    },
    select: 'e3',
    end: { fen: '6k2/3p4T/9/5q1P1/9/9/9/5P3/9 b - - 0 71', move: 'f6h8' },
  },
  {
    name: 'morphomania',
    size: [9, 9],
    first: 'b1',
    moves: 'a2a3 a8a7 b1c3 b9c7 h1i3 h9i7 h2h3 h8h7 g1h2 g9h8 g2g3 g8g7 f1g2 f9g8 e1h1',
    checks: {
      a2a3: (d) => assert.ok(has(d, 'a3 white speedpawn') && d.glow === 'a3', 'P to S'),
      b1c3: (d) => assert.ok(has(d, 'c3 white archbishop'), 'N to A on a dark square'),
      g1h2: (d) => assert.ok(has(d, 'h2 white dragon horse'), 'B to H on rank 2'),
      e1h1: (d) => assert.ok(has(d, 'h1 white king') && has(d, 'g1 white rook'), 'castled'),
    },
    select: 'c7',
    // The promotion: a pawn on e8 promotes on e9, a dark square, where a queen is an amazon.
    promotion: {
      fen: 'k7r/4P4/9/9/9/9/9/9/K8 w - - 0 1',
      from: 'e8',
      to: 'e9',
      move: 'e8e9q',
      shows: { e8e9q: 'amazon', e8e9n: 'archbishop', e8e9r: 'rook', e8e9b: 'bishop' },
      result: 'e9 white amazon',
    },
    end: {
      fen: '1n4b1r/3k1s2C/2sp2a2/9/r8/4q4/9/1SPS2P2/1NBQ1K1C1 b - - 0 20',
      move: 'e4e3',
    },
  },
  {
    name: 'symmetric-chess',
    size: [9, 8],
    first: 'e2',
    moves:
      'c2c4 a7a6 c1c2 a6a5 e2e4 a5a4 e4e5 d7d5 e5d6 b7b6 h2h3 b6b5 g1h2 b5b4 h1g3 h7h6 f1e2 h6h5 e1h1',
    before: {
      // The conversion step is an ordinary destination of the unmoved bishop.
      c1c2: async (page) => {
        await clickSquare(page, 'c1');
        const d = await drawn(page);
        assert.ok(d.dots.includes('c2'), `c2 is a destination of the bishop (${d.dots})`);
        assert.deepEqual([...d.dots, ...d.rings].sort(), await call(page, 'destinations', 'c1'));
        await clickSquare(page, 'c1');
      },
    },
    checks: {
      c1c2: (d, said) => {
        assert.ok(has(d, 'c2 white bishop'), 'the bishop converted onto c2');
        assert.equal(said, 'White bishop c1 to c2');
      },
      e5d6: (d) => assert.ok(!has(d, 'd5 black pawn'), 'en passant'),
      e1h1: (d) => assert.ok(has(d, 'h1 white king') && has(d, 'g1 white rook'), 'castled'),
    },
    select: 'd8',
    end: { fen: '9/6p2/1k3q3/3ppb3/9/4K4/r8/9 b - - 2 75', move: 'f6i3' },
  },
  {
    name: 'marseillais',
    size: [8, 8],
    first: 'e2',
    moves: 'e2e4 a7a6 a6a5 e4e5 g1f3 d7d5 h7h6 e5d6 f1e2 a5a4 b7b6 e2b5 c7c6 g8f6 e1g1 d6d7',
    status: {
      // The balanced start: White's first turn is one move.
      e2e4: 'Black to move, move 1 of 2',
      a7a6: 'Black to move, move 2 of 2',
      a6a5: 'White to move, move 1 of 2',
      e4e5: 'White to move, move 2 of 2',
      // A check ends the turn after its first move.
      e2b5: 'Black to move, move 1 of 2',
      e1g1: 'White to move, move 2 of 2',
    },
    checks: {
      a6a5: (d) => assert.deepEqual(d.lastMove, ['a7', 'a6', 'a6', 'a5'], 'both moves shown'),
      e5d6: (d) => assert.ok(!has(d, 'd5 black pawn'), 'en passant as the first move'),
      e2b5: (d) => assert.equal(d.lastMove.length, 2, 'a one-move turn'),
      e1g1: (d) => assert.ok(has(d, 'g1 white king') && has(d, 'f1 white rook'), 'castled'),
    },
    select: 'e8',
    end: { fen: '8/2k5/1R4pr/3P4/8/8/5r2/2K5 b - - 0 19', move: 'h6h1' },
  },
  {
    name: 'marseillais-original',
    size: [8, 8],
    first: 'e2',
    moves: 'e2e4 g1f3 a7a6 a6a5 e4e5 f1e2 d7d5 h7h6 e5d6 e1g1 a5a4 b7b6',
    status: {
      // The original rule: White's first turn is two moves too.
      e2e4: 'White to move, move 2 of 2',
      g1f3: 'Black to move, move 1 of 2',
    },
    checks: {
      g1f3: (d) => assert.deepEqual(d.lastMove, ['e2', 'e4', 'g1', 'f3']),
      e5d6: (d) => assert.ok(!has(d, 'd5 black pawn'), 'en passant'),
      e1g1: (d) => assert.ok(has(d, 'g1 white king') && has(d, 'f1 white rook'), 'castled'),
    },
    select: 'f3',
    end: { fen: '8/2k5/1R4pr/3P4/8/8/5r2/2K5 b - - 0 19', move: 'h6h1' },
  },
];

/** Clicks a panel button by its class. */
async function press(page, name) {
  await page.click(`.fairylab-${name}`);
}

describe('every bundled variant, played by clicks', { timeout: 300_000 }, () => {
  const { session, page } = usePage();

  for (const v of VARIANTS) {
    it(v.name, async () => {
      // Pick it, and start afresh.
      await page.selectOption('.fairylab-variant', v.name);
      await press(page, 'new');
      assert.equal(await call(page, 'variant'), v.name);
      assert.deepEqual([await call(page, 'files'), await call(page, 'ranks')], v.size);
      assert.deepEqual(await call(page, 'history'), []);

      // Dots on the first piece's destinations: the applet's record and the pixels.
      await clickSquare(page, v.first);
      let d = await drawn(page);
      const destinations = await call(page, 'destinations', v.first);
      assert.ok(destinations.length > 0, `${v.first} has moves`);
      assert.equal(d.selected, v.first);
      assert.deepEqual([...d.dots, ...d.rings].sort(), [...destinations].sort());
      assert.deepEqual(d.rings, [], 'nothing to take at the start');
      for (const sq of d.dots) {
        const base = isDark(sq) ? DARK : LIGHT;
        assertColour(await squarePixel(page, sq), over(DOT, base), `dot on ${sq}`);
        assertColour(await squarePixel(page, sq, 0.8, 0.5), base, `around the dot on ${sq}`);
      }
      const base = isDark(v.first) ? DARK : LIGHT;
      assertColour(
        await squarePixel(page, v.first, 0.97, 0.5),
        over(HIGHLIGHT, base),
        `${v.first} highlighted`,
      );
      await clickSquare(page, v.first);
      assert.equal(await call(page, 'selected'), undefined, 'a second click puts it down');

      // The scripted game.
      for (const move of v.moves.split(' ')) {
        await v.before?.[move]?.(page);
        d = await clickMove(page, move);
        const said = await call(page, 'announcement');
        await v.checks?.[move]?.(d, said);
        if (v.status?.[move]) assert.equal(await call(page, 'status'), v.status[move], move);
        assert.equal(await call(page, 'result'), null, `the game goes on after ${move}`);
      }
      const courier = await call(page, 'courier');
      const listed = await page.locator('.fairylab-move').allTextContents();
      assert.deepEqual(listed, courier, 'the move list shows the moves in Game Courier notation');

      // A piece selected for the screenshot, its destinations as the core gives them.
      await clickSquare(page, v.select);
      d = await drawn(page);
      const targets = await call(page, 'destinations', v.select);
      assert.ok(targets.length > 0, `${v.select} has moves`);
      assert.deepEqual([...d.dots, ...d.rings].sort(), [...targets].sort());
      await page.screenshot({ path: join(SCREENSHOTS, `${v.name}.png`) });

      // Undo and redo, one move at a time, by the buttons.
      const history = await call(page, 'history');
      const fen = await call(page, 'fen');
      await press(page, 'undo');
      assert.deepEqual(await call(page, 'history'), history.slice(0, -1));
      await press(page, 'undo');
      assert.deepEqual(await call(page, 'history'), history.slice(0, -2));
      await press(page, 'redo');
      await press(page, 'redo');
      assert.deepEqual(await call(page, 'history'), history);
      assert.equal(await call(page, 'fen'), fen);

      // A reload restores the game.
      await press(page, 'undo');
      await page.reload();
      await ready(page);
      assert.equal(await call(page, 'variant'), v.name);
      assert.deepEqual(await call(page, 'history'), history.slice(0, -1));
      await press(page, 'redo');
      assert.equal(await call(page, 'fen'), fen, 'the redo survived the reload too');

      if (v.promotion) {
        const p = v.promotion;
        await call(page, 'setFen', p.fen);
        await clickSquare(page, p.from);
        await clickSquare(page, p.to);
        d = await drawn(page);
        const shown = Object.fromEntries(d.chooser.map(([, m, piece]) => [m, piece]));
        assert.deepEqual(shown, p.shows, 'the chooser shows the pieces that will result');
        await page.screenshot({ path: join(SCREENSHOTS, `${v.name}-promotion.png`) });
        const [square] = d.chooser.find(([, m]) => m === p.move);
        await clickSquare(page, square);
        d = await drawn(page);
        assert.deepEqual(await call(page, 'history'), [p.move]);
        assert.ok(has(d, p.result), `${p.result} (${d.pieces})`);
        assert.equal(d.glow, p.to, 'the morph on arrival is marked');
      }

      // A game end, set up through the FEN box and finished by a click.
      await page.fill('.fairylab-fen-in', v.end.fen);
      await press(page, 'load-fen');
      assert.equal(await call(page, 'fen'), v.end.fen);
      await clickMove(page, v.end.move);
      const result = await call(page, 'result');
      assert.match(result, /^(1-0|0-1|1\/2-1\/2) /, `a result after ${v.end.move}`);
      const banner = page.locator('.fairylab-banner');
      assert.ok(await banner.isVisible(), 'the result banner shows');
      assert.equal(await banner.textContent(), result);
      if (/checkmate/.test(result)) {
        d = await drawn(page);
        assert.ok(d.check, 'the mated royal piece is marked');
      }
      assert.match(await call(page, 'announcement'), new RegExp(`${result}$`.replace(/[/]/g, '.')));
      await page.screenshot({ path: join(SCREENSHOTS, `${v.name}-end.png`) });
      await press(page, 'undo');
      assert.equal(await call(page, 'result'), null);
      assert.ok(!(await banner.isVisible()), 'no banner after the undo');
      await press(page, 'redo');
      assert.equal(await call(page, 'result'), result);
    });
  }

  it('logs no errors and fetches nothing off the local server', () => {
    assert.deepEqual(session.problems, []);
  });
});
