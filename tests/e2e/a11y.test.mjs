// Accessibility audit (axe-core, WCAG 2 A and AA rules) of the page with every panel open, with
// a move diagram of hops and legs shown (its key, the line on the square under the keyboard
// cursor), and of an embedded board in its shadow root: no serious or critical violation. The
// board can be played without a mouse: the keyboard cursor names each square it reaches.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST, call, load, openDesigner, usePage } from './helpers.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Runs axe on the page; returns the violations as `impact rule: target (help)`. */
async function audit(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  const lines = result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.impact} ${v.id}: ${JSON.stringify(n.target)} (${v.help})`),
  );
  return { lines, passes: result.passes.length, violations: result.violations };
}

const serious = (lines) => lines.filter((l) => /^(serious|critical) /.test(l));

describe('accessibility', { timeout: 120_000 }, () => {
  const { session, page } = usePage({ load: false });

  after(async () => {
    await unlink(join(DIST, 'a11y-host.html')).catch(() => {});
  });

  it('the page, every panel open, has no serious violation', async () => {
    await load(page, session.url);
    await call(page, 'setVariant', 'chess');
    await call(page, 'play', 'e2e4');
    await openDesigner(page);
    await page.evaluate(() => {
      for (const d of document.querySelectorAll('details')) d.open = true;
    });
    const { lines, passes } = await audit(page);
    console.log(`# axe, the page: ${passes} rules pass, ${lines.length} violations: ${lines.join('; ')}`);
    assert.deepEqual(serious(lines), []);
  });

  it('a move diagram of hops and legs, its key and the square pointed at, has none', async () => {
    await load(page, session.url);
    const text = 'files=8 ranks=8\ncannon:C:mRcpR:cannon:a1\nlion:L:KNADcaKcabKmabK:lion:d1\nking:K:K:king:e1';
    assert.equal((await call(page, 'setDefinition', text)).ok, true);
    await openDesigner(page);
    await page.locator('.fairylab-legend [data-letter="L"][data-colour="white"]').first().click();
    await page.locator('canvas[data-fairylab]').first().focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    // The cursor starts on the lion's square, then goes up to e5.
    assert.equal(
      await page.locator('.fairylab-inspect').first().textContent(),
      'e5 (or taking on d4, f4, d5 or f5 first): moves or captures',
    );
    const { lines, passes } = await audit(page);
    console.log(`# axe, a lion's diagram: ${passes} rules pass, ${lines.length} violations: ${lines.join('; ')}`);
    assert.deepEqual(serious(lines), []);
  });

  it('an embedded board has no serious violation', async () => {
    await writeFile(
      join(DIST, 'a11y-host.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<link rel="icon" href="data:,"></head><body><main><h1>A variant</h1>
<div class="fairylab" id="b" data-variant="morphing-chess"></div></main>
<script src="embed/fairylab.js"></script></body></html>`,
    );
    await page.goto(`${session.url}a11y-host.html`);
    await page.waitForFunction(() => document.getElementById('b').dataset.fairylabState === 'running');
    const { lines, passes } = await audit(page);
    console.log(`# axe, an embedded board: ${passes} rules pass, ${lines.length} violations: ${lines.join('; ')}`);
    assert.deepEqual(serious(lines), []);
  });

  it('the keyboard cursor names the squares it reaches', async () => {
    await load(page, session.url);
    await call(page, 'setVariant', 'chess');
    await page.locator('canvas[data-fairylab]').focus();
    await page.keyboard.press('ArrowUp');
    const said = await call(page, 'announcement');
    assert.match(said, /\b[a-h][1-8]\b/, `a square is named: "${said}"`);
  });
});
