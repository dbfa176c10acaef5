// End-to-end tests of designer mode in headless Chromium: the live rules editor (typing into
// it changes the board at once, keeps the game or stops it at the first move no longer legal,
// shows errors at their line and column while the board stays playable), A/B and the share
// link, the piece legend's move diagrams against the rules core, the start-position editor,
// and the balance lab. Screenshots: designer-error.png, designer-diagram.png,
// designer-balance.png in dist/screenshots/.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  SCREENSHOTS,
  call,
  clickMove,
  clickSquare,
  designerOn,
  drawn,
  load,
  nextFrames,
  ready,
  usePage,
} from './helpers.mjs';

const EDITOR = '.fairylab-editor-text';

/** Replaces the editor's whole text the way a person does: select all, type. */
async function typeText(page, text) {
  const editor = page.locator(EDITOR).first();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await editor.fill(text);
}

/** Waits until the page's definition is `text` (the debounced rebuild has happened). */
function waitForDefinition(page, text) {
  return page.waitForFunction((t) => window.fairylab.app.definition() === t, text, {
    timeout: 5_000,
  });
}

describe('designer mode', { timeout: 240_000 }, () => {
  const { session, page } = usePage();

  before(() => designerOn(page, 'morphing-chess'));

  it('shows the variant text; N2 to N in the editor changes the knight at once', async () => {
    const text = await call(page, 'definition');
    assert.match(text, /knight:N:N2:knight/);
    // The editor is filled as the designer's panel draws: wait for it, then compare.
    await page
      .waitForFunction(([sel, t]) => document.querySelector(sel)?.value === t, [EDITOR, text], {
        timeout: 5_000,
      })
      .catch(() => {});
    assert.equal(await page.locator(EDITOR).first().inputValue(), text);
    // Before any edit the bar says what the text does, not "Rules A" with no B beside it.
    const bar = page.locator('.fairylab-editor-rules').first();
    assert.equal(await bar.textContent(), 'Edit the text: the board follows as you type');
    const before = await call(page, 'destinations', 'b1');
    // b1 as a two-step nightrider (N2) also reaches d5 over c3 (empty at the start).
    assert.ok(before.includes('d5'), `N2 reaches d5: ${before}`);
    const edited = text.replace('knight:N:N2:knight', 'knight:N:N:knight');
    const t0 = Date.now();
    await typeText(page, edited);
    await waitForDefinition(page, edited);
    const elapsed = Date.now() - t0;
    assert.equal(await bar.textContent(), 'Rules B (edited) in play');
    const after = await call(page, 'destinations', 'b1');
    assert.deepEqual(after.sort(), ['a3', 'c3', 'd2'].filter((s) => before.includes(s)).sort());
    await clickSquare(page, 'b1');
    const { dots } = await drawn(page);
    assert.ok(!dots.includes('d5'), `no dot on d5 any more: ${dots}`);
    await clickSquare(page, 'b1');
    const figure = await page.evaluate(() => window.fairylab.app.editTime());
    console.log(`edit to board: ${figure.toFixed(1)} ms after the last keystroke (${elapsed} ms with typing)`);
    assert.ok(figure >= 0);
  });

  it('keeps the game when an edit leaves every move legal', async () => {
    await call(page, 'setVariant', 'morphing-chess');
    for (const m of ['e2e3', 'e8e7', 'b1c3']) await call(page, 'play', m);
    const fen = await call(page, 'fen');
    const text = await call(page, 'definition');
    const result = await call(page, 'setDefinition', text.replace('knight:N:N2:knight', 'knight:N:N:knight'));
    assert.deepEqual(result, { ok: true, replayed: 3, stoppedAt: null, errors: [] });
    assert.equal(await call(page, 'fen'), fen);
    assert.deepEqual(await call(page, 'history'), ['e2e3', 'e8e7', 'b1c3']);
  });

  it('stops the replay at the first move the edit makes illegal, and undo brings it back', async () => {
    await call(page, 'setVariant', 'morphing-chess');
    const original = await call(page, 'definition');
    // b1d5 is a two-step nightrider move: legal with N2, not with N.
    for (const m of ['e2e3', 'e8e7', 'b1d5']) await call(page, 'play', m);
    const edited = original.replace('knight:N:N2:knight', 'knight:N:N:knight');
    const result = await call(page, 'setDefinition', edited);
    assert.equal(result.ok, true);
    assert.equal(result.replayed, 2);
    assert.equal(result.stoppedAt, 2);
    assert.deepEqual(await call(page, 'history'), ['e2e3', 'e8e7']);
    const note = await page.locator('.fairylab-replay-note').first().textContent();
    assert.match(note, /b1-d5 is no longer legal: the knight now moves as N/);
    // Undo: the old rules and the whole old game.
    await page.locator('.fairylab-replay-undo').first().click();
    assert.equal(await call(page, 'definition'), original);
    assert.deepEqual(await call(page, 'history'), ['e2e3', 'e8e7', 'b1d5']);
  });

  it('shows a malformed line at its line and column, and the board stays playable', async () => {
    await call(page, 'setVariant', 'chess');
    const text = await call(page, 'definition');
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('knight:'));
    assert.ok(at >= 0, 'the chess text has a knight line');
    // An ID that is no letter: refused (a Betza fairylab cannot read is only a warning).
    lines[at] = lines[at].replace(/:N:/, ':1:');
    await typeText(page, lines.join('\n'));
    // Wait for this text's mark: the editor emptied by typeText may be read first, on a loaded
    // machine, and marked at line 1 until the typed text's rebuild replaces it.
    const expected = page.locator(`.fairylab-gutter-error[data-line="${at + 1}"]`);
    await expected.first().waitFor({ timeout: 5_000 });
    const mark = page.locator('.fairylab-gutter-error').first();
    assert.equal(await mark.getAttribute('data-line'), String(at + 1));
    const message = await page.locator('.fairylab-editor-errors li').first().textContent();
    assert.match(message, new RegExp(`^${at + 1}:\\d+: `));
    const col = Number(message.split(':')[1]);
    assert.equal(col, 'knight:'.length + 1, `the column points at the ID: ${message}`);
    // The last valid rules stay in play.
    assert.equal(await call(page, 'definition'), text);
    await clickMove(page, 'e2e4');
    await page.screenshot({ path: join(SCREENSHOTS, 'designer-error.png'), fullPage: true });
    const bad = await call(page, 'setDefinition', 'files=8 ranks=8\nknight:1:N:knight:b1,,b8');
    assert.equal(bad.ok, false);
    assert.ok(bad.errors.length > 0 && bad.errors[0].line >= 1 && bad.errors[0].col >= 1);
    assert.deepEqual(await call(page, 'history'), ['e2e4']);
    await typeText(page, text);
    await waitForDefinition(page, text);
    assert.equal(await page.locator('.fairylab-gutter-error').count(), 0);
  });

  it('loads a text with an unknown key, and shows the warning with a suggestion', async () => {
    await call(page, 'setVariant', 'chess');
    const text = await call(page, 'definition');
    const edited = text.replace('files=8', 'files=8 promozone=1');
    const result = await call(page, 'setDefinition', edited);
    assert.equal(result.ok, true);
    assert.equal(await call(page, 'definition'), edited);
    const warning = await page.locator('.fairylab-editor-warning').first().textContent();
    assert.match(warning, /^\d+:\d+: warning: unknown key 'promozone', did you mean 'promoZone'\?/);
    await call(page, 'setVariant', 'chess');
    assert.equal(await page.locator('.fairylab-editor-warning').count(), 0);
  });

  it('draws a legend entry exactly as the rules core gives its moves', async () => {
    await call(page, 'setVariant', 'morphing-chess');
    for (const [letter, colour] of [['N', 'white'], ['P', 'black'], ['Q', 'white']]) {
      const core = await call(page, 'pieceMoves', letter, colour);
      assert.ok(core.length > 0, `${letter} has moves`);
      await page.locator(`.fairylab-legend [data-letter="${letter}"][data-colour="${colour}"]`).first().click();
      await nextFrames(page);
      const shown = await call(page, 'diagramShown');
      assert.deepEqual(
        shown.map((m) => `${m.square}:${m.kind}`).sort(),
        core.map((m) => `${m.square}:${m.kind}`).sort(),
        `${colour} ${letter}`,
      );
      if (letter === 'Q') {
        await page.screenshot({ path: join(SCREENSHOTS, 'designer-diagram.png'), fullPage: true });
      }
      await page.keyboard.press('Escape');
      assert.equal(await call(page, 'diagramShown'), null);
    }
  });

  it('refuses a set-up position without a king', async () => {
    await call(page, 'setVariant', 'chess');
    await page.locator('.fairylab-setup-open').first().click();
    await page.locator('.fairylab-setup-clear').first().click();
    await page.locator('.fairylab-legend [data-letter="K"][data-colour="white"]').first().click();
    await clickSquare(page, 'e1');
    await page.locator('.fairylab-setup-play').first().click();
    const why = await page.locator('.fairylab-setup-problem').first().textContent();
    assert.match(why, /Black has no king/i);
    await page.locator('.fairylab-legend [data-letter="K"][data-colour="black"]').first().click();
    await clickSquare(page, 'e8');
    await page.locator('.fairylab-setup-play').first().click();
    assert.equal((await call(page, 'fen')).split(' ')[0], '4k3/8/8/8/8/8/8/4K3');
  });

  it('reopens the edited variant and its game from a share link', async () => {
    await call(page, 'setVariant', 'morphing-chess');
    const edited = (await call(page, 'definition')).replace('knight:N:N2:knight', 'knight:N:N:knight');
    assert.equal((await call(page, 'setDefinition', edited)).ok, true);
    for (const m of ['e2e3', 'e8e7']) await call(page, 'play', m);
    const fen = await call(page, 'fen');
    const link = await call(page, 'shareLink');
    assert.match(link, /#/);
    const other = await session.context.newPage();
    await other.goto(link);
    await other.waitForFunction(() => window.fairylab?.ready === true);
    assert.equal(await other.evaluate(() => window.fairylab.app.definition()), edited);
    assert.equal(await other.evaluate(() => window.fairylab.app.fen()), fen);
    // The link's game is now the saved game: the fragment leaves the address, and a move
    // played after opening it survives a reload.
    assert.equal(new URL(other.url()).hash, '');
    await other.evaluate(() => window.fairylab.app.play('d2d3'));
    const played = await other.evaluate(() => window.fairylab.app.fen());
    await other.reload();
    await other.waitForFunction(() => window.fairylab?.ready === true);
    assert.equal(await other.evaluate(() => window.fairylab.app.fen()), played);
    assert.equal(await other.evaluate(() => window.fairylab.app.definition()), edited);
    await other.close();
  });

  it('says which game it shows when a share link does not open', async () => {
    const broken = `${session.url}#not-a-share-link`;
    const other = await session.context.newPage();
    const message = () => other.locator('.fairylab-message').first().textContent();
    // The tests before left a saved game: it is the one shown.
    await load(other, broken);
    assert.match(await message(), /^The link's game could not be opened \(.+\); here is the saved game\.$/);
    // A saved game that does not read (set before the page's own scripts run): a new game,
    // and the message says so rather than calling it the saved game.
    await other.addInitScript(() => localStorage.setItem('fairylab:board', '{not JSON'));
    await other.reload();
    await ready(other);
    const text = await message();
    assert.doesNotMatch(text, /here is the saved game/);
    assert.match(text, /; the saved game could not be restored either \(it is not JSON\): here is a new game\.$/);
    await other.close();
  });

  it('runs a balance lab of 4 games whose counts add up to 4', async () => {
    await call(page, 'setVariant', 'chess');
    const result = await page.evaluate(() => window.fairylab.app.balance(4, { timeMs: 5 }));
    const sum = (r) => r.whiteWins + r.blackWins + r.draws;
    assert.equal(sum(result.a), 4);
    assert.equal(result.b, null);
    assert.ok(result.a.averagePlies > 0);
    const edited = (await call(page, 'definition')).replace(/knight:N:[^:]*:/, 'knight:N:NW:');
    assert.equal((await call(page, 'setDefinition', edited)).ok, true);
    const both = await page.evaluate(() => window.fairylab.app.balance(4, { timeMs: 5 }));
    assert.equal(sum(both.a), 4);
    assert.equal(sum(both.b), 4);
    await page.locator('.fairylab-lab-table').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'designer-balance.png'), fullPage: true });
  });
});
