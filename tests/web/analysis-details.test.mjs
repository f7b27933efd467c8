// Browser tests of analysis details from issue 31 ("Analysis and play for everyone"):
// the eval bar says when the engine is off and shows a finished game's result, the
// whole row of a marked move in the review list is a link to it, and the embed's
// analyse mode clears the last position's lines and arrow when a move mates. Against
// dist/ served by build.go with the production CSP; every test ends with no CSP
// violation and no page error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, openBrowser, screenshot, RESULTS } from './harness.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());

async function withPage(opts, fn, name) {
  const b = await openBrowser(opts);
  try {
    try {
      await fn(b.page, b);
    } catch (e) {
      await screenshot(b.page, `failure-${name}`).catch(() => {});
      throw e;
    }
    assert.deepEqual(await b.cspViolations(), [], 'CSP violations');
    assert.deepEqual(b.problems.errors, [], 'page errors');
  } finally {
    await b.close();
  }
}

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
