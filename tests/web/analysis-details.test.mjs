// Browser tests of analysis details from issue 31 ("Analysis and play for everyone"):
// the eval bar says when the engine is off and shows a finished game's result, the
// whole row of a marked move in the review list is a link to it, and the embed's
// analyse mode clears the last position's lines and arrow when a move mates. Against
// dist/ served by build.go with the production CSP; every test ends with no CSP
// violation and no page error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, gotoApp, waitEngine, loadText, screenshot, RESULTS, withPage, loadMateReview, startPausedTimedGame } from './harness.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());


// bar reads the eval bar: shown, its state class, label, fill and accessible text.
const bar = (page) => page.evaluate(() => {
  const e = document.getElementById('evalbar');
  const fill = document.getElementById('evalbar-fill');
  return {
    shown: !e.hidden && e.getBoundingClientRect().height > 0,
    off: e.classList.contains('off'),
    text: document.getElementById('evalbar-text').textContent,
    fill: fill.getBoundingClientRect().height / e.getBoundingClientRect().height,
    label: e.getAttribute('aria-valuetext'),
  };
});

// After 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#: Black is mated.
const MATED = 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4';

test('eval bar: neutral and labelled "off" while the engine is off; a mate shows the result, not "–"', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await page.click('#tab-analysis');
    let b = await bar(page);
    assert.equal(b.shown, true);
    assert.equal(b.off, true, 'the bar says the engine is off');
    assert.equal(b.text, 'off');
    assert.equal(b.label, 'Engine off');
    assert.ok(b.fill < 0.01, `no half-filled bar that reads as "equal": ${b.fill}`);
    await screenshot(page, 'evalbar-off');
    await page.click('#btn-engine');
    await page.waitForFunction(() => /^-?\d+(\.\d)?$|^#-?\d+$/.test(document.getElementById('evalbar-text').textContent), null, { timeout: 30000 });
    b = await bar(page);
    assert.equal(b.off, false);
    assert.match(b.label, /^Evaluation /);
    await page.click('#btn-engine');
    b = await bar(page);
    assert.deepEqual([b.off, b.text], [true, 'off'], 'stopped: off again');

    await loadText(page, MATED);
    b = await bar(page);
    assert.deepEqual([b.off, b.text, b.label], [false, '1-0', 'Checkmate: White wins'], 'a mate shows the result with the engine off');
    assert.ok(b.fill > 0.99, `all White: ${b.fill}`);
    await page.click('#btn-engine');
    await page.waitForSelector('#pv-lines .pv-final');
    await page.waitForTimeout(300);
    b = await bar(page);
    assert.deepEqual([b.text, b.label], ['1-0', 'Checkmate: White wins'], 'and with the engine on');
    await screenshot(page, 'evalbar-mate');
    // Stalemate: a draw, half and half.
    await loadText(page, '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
    await page.waitForTimeout(300);
    b = await bar(page);
    assert.deepEqual([b.text, b.label], ['½-½', 'Draw: stalemate'], 'a stalemate');
  }, 'evalbar');
});

test('review: the whole row of a marked move goes to it, its explanation included', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadMateReview(page);
    await page.keyboard.press('Home');
    assert.equal(await page.evaluate(() => window.azurite.game.current.ply), 0);
    const text = page.locator('#review-marks li .mark-text');
    assert.equal(await text.count(), 1);
    assert.match(await text.textContent(), /Allows mate in 1/);
    await screenshot(page, 'review-marks-row');
    await text.click();
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'Nc6', 'a click on the explanation goes to the move');
    await page.keyboard.press('Home');
    // The row is one button, so the keyboard reaches it too.
    await page.locator('#review-marks li button').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'Nc6');
  }, 'review-row');
});

test('embed, analyse mode: a mate on the board clears the last position\'s lines and arrow', async () => {
  await withPage({}, async (page) => {
    // The demo's analyse board: 1. e4 e5 2. Bc4 Nc6 3. Qf3, where Qxf7 mates.
    await page.goto(`${server.url}embed.html`);
    const inBoard = (sel) => page.locator(`#analyse ${sel}`);
    await page.waitForFunction(() => {
      const r = document.querySelector('#analyse').shadowRoot;
      return r && [...r.querySelectorAll('.pv .line')].some((l) => l.textContent.includes('Qxf7#'));
    }, null, { timeout: 60000 });
    assert.ok(await inBoard('.arrow').count() >= 1, 'the best move\'s arrow is drawn');
    await inBoard('rect[data-square="f3"]').click();
    await inBoard('rect[data-square="f7"]').click();
    await page.waitForFunction(() => document.querySelector('#analyse').shadowRoot.querySelector('.status').textContent === 'Checkmate: White wins.');
    // Past a few of the old search's info lines, had it gone on.
    await page.waitForTimeout(700);
    assert.equal(await inBoard('.pv .line').count(), 0, 'no line of the position before the mate');
    assert.equal(await inBoard('.arrow').count(), 0, 'no arrow');
    assert.equal(await inBoard('.evalbar').getAttribute('aria-valuetext'), 'Checkmate: White wins');
    await inBoard('.az').screenshot({ path: path.join(RESULTS, 'embed-analyse-mate.png') });
    assert.equal(await page.evaluate(() => document.querySelector('#analyse').position), 'r1bqkbnr/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 3');
  }, 'embed-mate');
});

// clockView reads the two clocks around the board: shown, text, running, marked as the
// live game's, and inside the viewport.
const clockView = (page) => page.evaluate(() => Object.fromEntries(['top', 'bottom'].map((at) => {
  const c = document.getElementById(`clock-${at}`);
  const r = c.getBoundingClientRect();
  return [at, {
    shown: !c.hidden && r.height > 0,
    text: c.textContent,
    running: c.classList.contains('running'),
    live: c.classList.contains('live-game'),
    label: c.getAttribute('aria-label'),
    inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
  }];
})));

for (const [size, viewport] of [['desktop', { width: 1280, height: 860 }], ['phone', { width: 390, height: 844 }]]) {
  test(`timed game (${size}): the Analyse and Review tabs show the live game's clocks running, read-only`, async () => {
    await withPage({ viewport }, async (page) => {
      // As Black at 1+0 on a stopped fake clock: the engine's book move starts Black's clock.
      await startPausedTimedGame(page, server.url);
      await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 1, null, { timeout: 30000 });
      await page.clock.runFor(200);
      await page.click('#tab-analysis');
      await page.clock.runFor(200);
      let c = await clockView(page);
      assert.deepEqual(c.bottom, { shown: true, text: '1:00', running: true, live: true, label: 'Black clock in the live game', inView: true });
      assert.deepEqual(c.top, { shown: true, text: '1:00', running: false, live: true, label: 'White clock in the live game', inView: true });
      await page.clock.fastForward('00:05');
      await page.clock.runFor(200);
      c = await clockView(page);
      assert.equal(c.bottom.text, '0:55', 'the time runs on the Analyse tab');
      await screenshot(page, `live-clocks-analysis-${size}`);
      await page.click('#tab-review');
      await page.clock.fastForward('00:05');
      await page.clock.runFor(200);
      c = await clockView(page);
      assert.deepEqual([c.bottom.shown, c.bottom.text, c.bottom.running, c.top.text], [true, '0:50', true, '1:00'], 'and on the Review tab');
      // Back on Play they are Play's own clocks again.
      await page.click('#tab-play');
      await page.clock.runFor(200);
      c = await clockView(page);
      assert.deepEqual([c.bottom.running, c.bottom.live, c.bottom.label], [true, false, 'Black clock']);
      // After the game the other tabs show the clocks recorded in the game ([%clk]),
      // standing: White's after its move; Black had not moved.
      await page.click('#btn-resign');
      await page.click('#btn-resign');
      await page.click('#banner-close');
      await page.click('#tab-analysis');
      await page.clock.runFor(200);
      c = await clockView(page);
      assert.deepEqual([c.top.shown, c.top.text, c.top.running, c.top.live, c.bottom.shown], [true, '1:00', false, false, false]);
    }, `live-clocks-${size}`);
  });
}
