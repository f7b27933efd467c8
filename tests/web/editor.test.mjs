// The board editor: pieces placed from the palette (click and drag), moved and removed
// on its board, impossible positions refused with their reason, and a position
// analysed or played against the engine from it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, withPage, gotoApp, waitEngine, screenshot } from './harness.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());

const sq = (page, s) => page.locator(`#editor-board [data-square="${s}"]`).first();
const problem = (page) => page.textContent('#editor-problem');
const fen = (page) => page.inputValue('#editor-fen');

async function place(page, piece, square) {
  await page.click(`#editor-palette [data-piece="${piece}"]`);
  await sq(page, square).click();
}

async function dragFromPalette(page, piece, square) {
  const a = await page.locator(`#editor-palette [data-piece="${piece}"]`).boundingBox();
  const b = await sq(page, square).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 30, a.y - 30, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

for (const [size, viewport] of [['desktop', { width: 1280, height: 860 }], ['phone', { width: 390, height: 844 }]]) {
  test(`editor (${size}): set up a position, refuse impossible ones, analyse and play it`, async () => {
    await withPage({ viewport }, async (page) => {
      await gotoApp(page, server.url);
      await page.click('#tab-analysis');
      await page.click('#btn-setup');
      await page.waitForSelector('#editor-board [data-square="e1"]');
      assert.equal(await fen(page), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
      await page.click('#editor-clear');
      assert.equal(await problem(page), 'Impossible position: White has no king.');
      assert.equal(await page.isDisabled('#editor-analyse'), true);
      await place(page, 'wK', 'e1');
      assert.equal(await problem(page), 'Impossible position: Black has no king.');
      await dragFromPalette(page, 'bK', 'e8');
      assert.equal(await fen(page), '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
      assert.equal(await problem(page), '');
      // A pawn on the last rank is refused; a right click removes it.
      await place(page, 'wP', 'a8');
      assert.equal(await problem(page), 'Impossible position: A pawn stands on a8: pawns cannot be on the first or last rank.');
      await sq(page, 'a8').click({ button: 'right' });
      assert.equal(await problem(page), '');
      // A rook checking the side not to move.
      await place(page, 'wR', 'e4');
      assert.equal(await problem(page), 'Impossible position: Black is in check, but it is White\'s move.');
      await page.check('#editor-turn-b');
      assert.equal(await problem(page), '');
      assert.equal(await fen(page), '4k3/8/8/8/4R3/8/8/4K3 b - - 0 1');
      // Castling is offered only with the king and rook at home.
      assert.equal(await page.isDisabled('#editor-castle-wk'), true);
      await place(page, 'wR', 'h1');
      assert.equal(await page.isDisabled('#editor-castle-wk'), false);
      await page.check('#editor-castle-wk');
      assert.equal(await fen(page), '4k3/8/8/8/4R3/8/8/4K2R b K - 0 1');
      await screenshot(page, `editor-${size}`);
      // The eraser, then a drag off the board: both remove.
      await place(page, 'erase', 'h1');
      assert.equal(await fen(page), '4k3/8/8/8/4R3/8/8/4K3 b - - 0 1');
      // A pasted FEN.
      await page.fill('#editor-fen', '4k3/8/8/8/8/8/8/3QK3 w - - 0 1');
      await page.press('#editor-fen', 'Enter');
      assert.equal(await problem(page), '');
      await page.click('#editor-analyse');
      await page.waitForFunction(() => document.body.dataset.mode === 'analysis');
      assert.equal(await page.evaluate(() => window.azurite.game.startFen), '4k3/8/8/8/8/8/8/3QK3 w - - 0 1');
      assert.equal(await page.evaluate(() => document.getElementById('editor-dialog').open), false);

      // Play from here: the user takes Black, so the engine (White) moves first.
      await waitEngine(page);
      await page.click('#btn-play-here');
      await page.selectOption('#editor-color', 'b');
      await page.selectOption('#editor-level', 'beginner');
      await page.click('#editor-play');
      await page.waitForFunction(() => document.body.dataset.mode === 'play');
      assert.equal(await page.evaluate(() => window.azurite.playGame.startFen), '4k3/8/8/8/8/8/8/3QK3 w - - 0 1');
      await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 1, null, { timeout: 60000 });
      const first = await page.evaluate(() => window.azurite.playGame.mainlineNodes()[0]);
      assert.equal(first.color, 'w', 'the engine played White');
      assert.equal(await page.evaluate(() => window.azurite.view.orientation), 'b');
      const pgn = await page.evaluate(() => window.azurite.exportPgn());
      assert.match(pgn, /\[SetUp "1"\]\n\[FEN "4k3\/8\/8\/8\/8\/8\/8\/3QK3 w - - 0 1"\]/);
    }, `editor-${size}`);
  });
}

test('editor: a piece dragged off the board is removed', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await page.click('#btn-setup');
    await page.waitForSelector('#editor-board [data-square="e1"]');
    const a = await sq(page, 'd1').boundingBox();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
    await page.mouse.move(a.x + a.width / 2, a.y + a.height * 3, { steps: 8 });
    await page.mouse.up();
    assert.equal(await fen(page), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1');
    // A drag onto another square moves the piece.
    const b = await sq(page, 'e2').boundingBox();
    const c = await sq(page, 'e4').boundingBox();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2 + 5, b.y + 5, { steps: 3 });
    await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2, { steps: 6 });
    await page.mouse.up();
    assert.equal(await fen(page), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1');
  }, 'editor-drag-off');
});
