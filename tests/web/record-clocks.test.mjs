// The clocks in the record: a timed game played here writes each move's remaining
// time as [%clk] (lichess's form), the export carries it, and outside Play the rows
// show the recorded clocks while stepping through the game, with a move-time chart
// under the review's evaluation graph.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, withPage, startPausedTimedGame, clickMove, screenshot } from './harness.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());

const clockText = (page) => page.evaluate(() => ['top', 'bottom'].map((at) => {
  const el = document.getElementById(`clock-${at}`);
  return el.hidden ? null : el.textContent;
}));

test('a timed game records every clock and shows them in review', async () => {
  await withPage({}, async (page) => {
    await startPausedTimedGame(page, server.url); // 1+0, the user Black: the engine moves first
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 1, null, { timeout: 60000 });
    await page.clock.runFor(5000);
    await clickMove(page, 'g8', 'f6');
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 3, null, { timeout: 60000 });
    await page.clock.runFor(12000);
    await clickMove(page, 'b8', 'c6');
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 5, null, { timeout: 60000 });
    const clk = await page.evaluate(() => window.azurite.playGame.mainlineNodes().map((n) => n.comment));
    // White's clock starts with its first move and the fake time stands still while
    // the engine thinks; Black spent 5 s, then 12 s.
    assert.deepEqual(clk, ['[%clk 0:01:00]', '[%clk 0:00:55]', '[%clk 0:01:00]', '[%clk 0:00:43]', '[%clk 0:01:00]']);
    const pgn = await page.evaluate(() => window.azurite.exportPgn());
    assert.match(pgn, /\{ ?\[%clk 0:00:55\] ?\}/);
    assert.match(pgn, /\[TimeControl "60\+0"\]/);

    // Resign (two presses), then step through the game on the Review tab.
    await page.click('#btn-resign');
    await page.click('#btn-resign');
    await page.click('#tab-review');
    await page.waitForSelector('#review-times:not([hidden]) .t-bar');
    // The user (Black) sits at the bottom; at the end both clocks show.
    assert.deepEqual(await clockText(page), ['1:00', '0:43']);
    assert.equal(await page.locator('#review-times .t-bar').count(), 5);
    assert.equal(await page.locator('#review-times .t-bar.black').count(), 2);
    await page.click('#nav-first');
    assert.deepEqual(await clockText(page), [null, null], 'no clock before the first move');
    await page.click('#nav-next');
    await page.click('#nav-next');
    assert.deepEqual(await clockText(page), ['1:00', '0:55']);
    await screenshot(page, 'record-clocks-review');
    // Clicking the chart picks a half-move.
    const box = await page.locator('#review-times svg').boundingBox();
    await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
    assert.equal(await page.evaluate(() => window.azurite.game.current.ply), 5);
  }, 'record-clocks');
});
