// Browser tests of annotation on the Analyse tab (issue 31, item 3): move and position
// glyphs added and removed by the buttons under the move list and by keys, kept
// through export → import; "Promote one level" beside "Make main line"; "Copy line"
// (the clipboard holds the line's PGN); variations collapsed and expanded by their
// toggles and by v, and opened again when the cursor goes into one. At 1280×860 and
// 390×844. Against dist/ served by build.go with the production CSP; every test ends
// with no CSP violation and no page error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, gotoApp, loadText, screenshot, withPage } from './harness.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());

const PGN = '[White "Ann"]\n[Black "Bob"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 Nc6 *';

// go selects the move whose button reads san (the first one in document order).
async function go(page, san) {
  await page.locator('#movelist .mv', { hasText: new RegExp(`^${san.replace(/[+?!]/g, '\\$&')}`) }).first().click();
}
const current = (page) => page.evaluate(() => ({ san: window.azurite.game.current.san, nags: window.azurite.game.current.nags.slice() }));
const exported = (page) => page.evaluate(() => window.azurite.exportPgn());
const pressed = (page) => page.$$eval('#annotate .glyph-btn[aria-pressed="true"]', (bs) => bs.map((b) => b.textContent));

for (const [size, viewport] of [['desktop', { width: 1280, height: 860 }], ['phone', { width: 390, height: 844 }]]) {
  test(`glyphs (${size}): by button and by key, shown in the list, kept through export → import`, async () => {
    await withPage({ viewport }, async (page) => {
      await gotoApp(page, server.url);
      await loadText(page, PGN);
      await go(page, 'e4');
      // No glyph button sits outside the screen.
      const off = await page.$$eval('#annotate .glyph-btn', (bs) => bs.filter((b) => { const r = b.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth; }).length);
      assert.equal(off, 0);
      await page.click('#annotate .glyph-btn[data-nag="1"]');
      await page.click('#annotate .glyph-btn[data-nag="16"]');
      assert.deepEqual(await current(page), { san: 'e4', nags: [1, 16] });
      assert.deepEqual(await pressed(page), ['!', '±']);
      assert.equal(await page.textContent('#movelist .mv.current'), 'e4!±');
      await page.locator('#annotate').scrollIntoViewIfNeeded();
      await screenshot(page, `annotate-${size}`);
      // Keys, with the focus on the move list: 4 is ??, replacing !; Shift+1 is =,
      // replacing ±; the same key again removes its glyph; 0 removes them all.
      await page.focus('#movelist');
      await page.keyboard.press('4');
      await page.keyboard.press('Shift+Digit1');
      assert.deepEqual((await current(page)).nags, [4, 10]);
      assert.equal(await page.textContent('#status'), 'e4: Equal position (=).');
      await page.keyboard.press('Shift+Digit1');
      assert.deepEqual((await current(page)).nags, [4]);
      await page.keyboard.press('0');
      assert.deepEqual((await current(page)).nags, []);
      // Glyphs on a move of a variation, then export → import.
      await page.keyboard.press('Shift+Digit5');
      await go(page, 'c3');
      await page.keyboard.press('5');
      await go(page, 'Nc6');
      await page.click('#annotate .glyph-btn[data-nag="6"]');
      await page.click('#annotate .glyph-btn[data-nag="14"]');
      const pgn = await exported(page);
      assert.match(pgn, /^1\. e4 \$16 e5 \(1\.\.\. c5 2\. Nf3 \(2\. c3 \$5 d5\) 2\.\.\. d6\) 2\. Nf3 Nc6 \$6 \$14 \*$/m);
      await loadText(page, pgn);
      assert.equal(await exported(page), pgn, 'the same glyphs after import');
      assert.deepEqual(await page.$$eval('#movelist .glyph', (gs) => gs.map((g) => g.textContent)), ['±', '!?', '?!⩲']);
      // The start position has no move to annotate.
      await page.keyboard.press('Home');
      assert.equal(await page.isDisabled('#annotate .glyph-btn[data-nag="1"]'), true);
    }, `glyphs-${size}`);
  });
}

test('promote one level, make main line, and copy the line as PGN', async () => {
  await withPage({}, async (page) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoApp(page, server.url);
    await loadText(page, PGN);
    await go(page, 'd5');
    const main = () => page.evaluate(() => window.azurite.game.mainlineNodes().map((n) => n.san).join(' '));
    await page.click('#btn-tree-up');
    assert.equal(await page.textContent('#status'), 'c3\'s line moved up one level; it is still a variation of c5.');
    assert.equal(await main(), 'e4 e5 Nf3 Nc6');
    assert.match(await exported(page), /\(1\.\.\. c5 2\. c3 \(2\. Nf3 d6\) 2\.\.\. d5\)/);
    await page.click('#btn-tree-copy');
    // The clipboard answers asynchronously.
    await page.waitForFunction(() => document.getElementById('status').textContent === 'The line was copied as PGN.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /\[White "Ann"\]/);
    assert.match(copied, /\n\n1\. e4 c5 2\. c3 d5 \*\n$/);
    await page.click('#btn-tree-up');
    assert.equal(await main(), 'e4 c5 c3 d5');
    assert.equal(await page.textContent('#status'), 'c5\'s line is now the main line.');
    await page.click('#btn-tree-up');
    assert.equal(await page.textContent('#status'), 'd5 is already on the main line.');
    // Make main line: every level at once.
    await go(page, 'Nc6');
    await page.click('#btn-tree-promote');
    assert.equal(await main(), 'e4 e5 Nf3 Nc6');
    // The copied line reads back as that line.
    await loadText(page, copied);
    assert.equal(await main(), 'e4 c5 c3 d5');
  }, 'promote-copy');
});

for (const [size, viewport] of [['desktop', { width: 1280, height: 860 }], ['phone', { width: 390, height: 844 }]]) {
  test(`collapse (${size}): a variation's toggle, v for all, and going into one opens it`, async () => {
    await withPage({ viewport }, async (page) => {
      await gotoApp(page, server.url);
      await loadText(page, PGN);
      await page.keyboard.press('Home');
      const shownMoves = () => page.$$eval('#movelist .mv', (bs) => bs.map((b) => b.textContent).join(' '));
      assert.equal(await shownMoves(), 'e4 e5 c5 Nf3 c3 d5 d6 Nf3 Nc6');
      await page.click('#movelist .var-toggle[aria-label="Collapse the variation c5"]');
      assert.equal(await shownMoves(), 'e4 e5 c5 Nf3 Nc6', 'the variation shows its first move only');
      assert.equal(await page.textContent('#movelist .variation.collapsed .var-more'), '… 4 more');
      assert.equal(await page.getAttribute('#movelist .var-toggle', 'aria-expanded'), 'false');
      await page.locator('#movelist').scrollIntoViewIfNeeded();
      await screenshot(page, `collapsed-${size}`);
      await page.click('#movelist .var-toggle[aria-label="Expand the variation c5"]');
      assert.equal(await shownMoves(), 'e4 e5 c5 Nf3 c3 d5 d6 Nf3 Nc6');
      // v collapses every variation, and again expands them.
      await page.focus('#movelist');
      await page.keyboard.press('v');
      assert.equal(await shownMoves(), 'e4 e5 c5 Nf3 Nc6');
      assert.equal(await page.getAttribute('#btn-tree-collapse', 'aria-pressed'), 'true');
      await page.keyboard.press('v');
      assert.equal(await shownMoves(), 'e4 e5 c5 Nf3 c3 d5 d6 Nf3 Nc6');
      // Going into a collapsed variation opens it.
      await page.click('#btn-tree-collapse');
      await go(page, 'c5');
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'Nf3');
      assert.equal(await shownMoves(), 'e4 e5 c5 Nf3 c3 d6 Nf3 Nc6', 'c5\'s variation opens; the one inside it stays shut');
      // Collapsing does not change the game.
      assert.match(await exported(page), /\(1\.\.\. c5 2\. Nf3 \(2\. c3 d5\) 2\.\.\. d6\)/);
    }, `collapse-${size}`);
  });
}
