// Links in the page: #fen= and game links open on the Analyse tab, Copy link gives a
// link that opens the same game, and the board image is a PNG of the position.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startServer, withPage, testUrl, screenshot, RESULTS, loadText } from './harness.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());

const FEN = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';

for (const [size, viewport] of [['desktop', { width: 1280, height: 860 }], ['phone', { width: 390, height: 844 }]]) {
  test(`links (${size}): a #fen= link and a game link open on Analyse; Copy link round trips`, async () => {
    await withPage({ viewport }, async (page, browser) => {
      await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(`${testUrl(server.url)}#fen=${encodeURIComponent(FEN)}`);
      await page.waitForSelector('body[data-ready="true"]');
      assert.equal(await page.evaluate(() => document.body.dataset.mode), 'analysis');
      assert.equal(await page.evaluate(() => window.azurite.game.current.fen), FEN);
      assert.equal(await page.evaluate(() => location.hash), '', 'the fragment is taken off the address');
      // A game: load a PGN, step back two moves, copy its link.
      await loadText(page, '[White "Anna"]\n[Black "Boris"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0');
      await page.click('#nav-last');
      await page.click('#nav-prev');
      await page.click('#nav-prev');
      await page.click('#btn-copy-link');
      const link = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(link, /#g=[A-Za-z0-9_-]+&ply=5&w=Anna&b=Boris&r=1-0$/);
      // A fresh tab opens the link: the same moves, at the same move.
      const other = await browser.context.newPage();
      await other.goto(link);
      await other.waitForSelector('body[data-ready="true"]');
      const got = await other.evaluate(() => ({ sans: window.azurite.game.mainlineNodes().map((n) => n.san), ply: window.azurite.game.current.ply, mode: document.body.dataset.mode, white: window.azurite.game.headers.White }));
      assert.deepEqual(got, { sans: ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#'], ply: 5, mode: 'analysis', white: 'Anna' });
      await screenshot(other, `link-game-${size}`);
      // A damaged link says so and keeps what it can.
      await other.goto(`${testUrl(server.url)}#g=AAA__`);
      await other.waitForSelector('body[data-ready="true"]');
      assert.match(await other.textContent('#notice-text'), /^The link is damaged: move \d of the link is not a legal move; the moves before it are shown\.$/);
      await other.close();
    }, `links-${size}`);
  });
}

test('the board image is a PNG of the position', async () => {
  await withPage({}, async (page) => {
    await page.goto(`${testUrl(server.url)}#fen=${encodeURIComponent(FEN)}`);
    await page.waitForSelector('body[data-ready="true"]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-board-png')]);
    assert.match(download.suggestedFilename(), /^azurite-board-\d{4}-\d{2}-\d{2}\.png$/);
    const png = fs.readFileSync(await download.path());
    assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'PNG signature');
    assert.equal(png.readUInt32BE(16), 480, 'width');
    assert.equal(png.readUInt32BE(20), 480, 'height');
    fs.writeFileSync(`${RESULTS}/board-image.png`, png);
    // The queen on h5 is drawn: the square's centre is not the square colour.
    const px = await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const c = document.createElement('canvas');
      c.width = 480;
      c.height = 480;
      const ctx = c.getContext('2d');
      ctx.drawImage(bmp, 0, 0);
      const at = (x, y) => [...ctx.getImageData(x, y, 1, 1).data].slice(0, 3).join(',');
      // h5: file 7, rank 5 → x 7*60+30, y (8-5)*60+ (the queen's body is low in the square)
      return { queen: at(7 * 60 + 30, 3 * 60 + 40), empty: at(7 * 60 + 30, 4 * 60 + 30), emptyDark: at(6 * 60 + 30, 4 * 60 + 30) };
    }, png.toString('base64'));
    assert.notEqual(px.queen, px.emptyDark, 'a piece on h5');
    assert.notEqual(px.empty, px.emptyDark, 'light and dark squares differ');
  }, 'board-image');
});
