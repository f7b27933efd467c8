// play-options.test.mjs: play mode's options. Without a browser: time controls
// (offered, custom, refused with the reason, their ids and PGN tag, a 0-minute game's
// start time), auto-queen, and the premove queue's positions. In Chromium (1280x860
// and 390x844): a custom time control by keyboard (refused input said and marked, the
// game started at 90+30 and 0+1 with the right clocks and tag, kept across a reload);
// move confirmation (the move waits, no clock pressed and no search until Confirm;
// Escape takes it back; Enter confirms); auto-queen on and off; draw offer and resign
// each confirmed by a second press, by keyboard; several premoves queued, drawn, cut
// by Backspace and played in order, and dropped with a message when one fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, gotoApp, waitEngine, startGame, clickMove, square, screenshot, withPage, startPausedTimedGame, waitThinking, holdReplies, releaseReplies } from './harness.mjs';
import { TIME_CONTROLS, MESSAGES, customTimeControl, timeControlById, timeControlTag, startMs, MIN_START_MS } from '../../web/time-control.js';
import { newGameHeaders } from '../../web/play-rules.js';
import { moveTimes, parseTimeControl, withClock } from '../../web/clk.js';
import { Game } from '../../web/game.js';
import { autoQueens, AUTO_QUEEN } from '../../web/settings.js';
import { premoveChain } from '../../web/premove.js';

test('custom time control: accepted forms, each with its id, label and tag', () => {
  const cases = [
    // name, minutes, increment, id, initialMs, incMs, tag
    ['bullet-increment-only', '0', '1', '0+1', 0, 1000, '0+1'],
    ['classical', '90', '30', '90+30', 5400000, 30000, '5400+30'],
    ['an-offered-one', '5', '3', '5+3', 300000, 3000, '300+3'],
    ['half-minute', '0.5', '0', '0.5+0', 30000, 0, '30+0'],
    ['decimal-comma', '1,5', '2', '1.5+2', 90000, 2000, '90+2'],
    ['spaces', ' 3 ', ' 0 ', '3+0', 180000, 0, '180+0'],
    ['the-bounds', '180', '180', '180+180', 10800000, 180000, '10800+180'],
  ];
  for (const [name, min, inc, id, initialMs, incMs, tag] of cases) {
    const r = customTimeControl(min, inc);
    assert.equal(r.error, undefined, name);
    assert.equal(r.tc.id, id, name);
    assert.equal(r.tc.initialMs, initialMs, name);
    assert.equal(r.tc.incMs, incMs, name);
    assert.equal(timeControlTag(r.tc), tag, name);
    assert.deepEqual(timeControlById(id), r.tc, `${name}: the id names it again`);
  }
  assert.equal(customTimeControl('5', '3').tc.label, TIME_CONTROLS.find((t) => t.id === '5+3').label, 'an offered one keeps its label');
  assert.equal(customTimeControl('90', '30').tc.label, '90 + 30');
});

test('custom time control: refused with the reason and the field', () => {
  const cases = [
    ['empty', '', '2', MESSAGES.minutes, 'minutes'],
    ['words', 'five', '2', MESSAGES.minutes, 'minutes'],
    ['negative', '-1', '2', MESSAGES.minutes, 'minutes'],
    ['too-long', '181', '0', MESSAGES.minutesRange, 'minutes'],
    ['part-seconds', '0.01', '0', MESSAGES.minutesSeconds, 'minutes'],
    ['inc-empty', '5', '', MESSAGES.inc, 'inc'],
    ['inc-fraction', '5', '1.5', MESSAGES.inc, 'inc'],
    ['inc-too-big', '5', '181', MESSAGES.inc, 'inc'],
    ['no-clock', '0', '0', MESSAGES.none, 'minutes'],
  ];
  for (const [name, min, inc, error, field] of cases) assert.deepEqual(customTimeControl(min, inc), { error, field }, name);
  for (const id of ['', 'custom', '0+0', '181+0', '5+', '+3', '5+1.5', null, undefined]) assert.equal(timeControlById(id), null, String(id));
  assert.equal(timeControlById('none').initialMs, null);
  assert.equal(timeControlTag(timeControlById('none')), '-');
});

test('0-minute games start at the increment, at least 3 s; the tag keeps the 0', () => {
  assert.equal(startMs(0, 1000), MIN_START_MS);
  assert.equal(startMs(0, 5000), 5000);
  assert.equal(startMs(60000, 0), 60000);
  const h = newGameHeaders('w', { name: 'Club' }, timeControlById('0+1'), new Date(2026, 0, 2));
  assert.equal(h.TimeControl, '0+1');
  assert.equal(newGameHeaders('w', { name: 'Club' }, timeControlById('90+30'), new Date(2026, 0, 2)).TimeControl, '5400+30');
  assert.equal(newGameHeaders('w', { name: 'Club' }, timeControlById('none'), new Date(2026, 0, 2)).TimeControl, '-');
  // A 0+1 game's first moves are measured from the 3 s start, not from 0.
  const g = new Game();
  g.play('e2e4').comment = withClock('', 3000);
  g.play('e7e5').comment = withClock('', 2000);
  const nodes = [g.root, ...g.mainlineNodes()];
  assert.deepEqual(moveTimes(nodes, parseTimeControl('0+1')).map((m) => m.ms), [1000, 2000]);
});

test('auto-queen: on always, premoves only, off never', () => {
  assert.deepEqual(AUTO_QUEEN.map((a) => a.id), ['premoves', 'on', 'off']);
  const table = [['on', false, true], ['on', true, true], ['premoves', false, false], ['premoves', true, true], ['off', false, false], ['off', true, false]];
  for (const [id, premove, want] of table) assert.equal(autoQueens(id, premove), want, `${id} ${premove}`);
});

test('premove queue: each move from the position after the ones before it', () => {
  // 1. e4 e5 2. Nf3: the engine (Black) to move; the user (White) queues moves.
  const g = new Game();
  for (const m of ['e2e4', 'e7e5', 'g1f3']) g.play(m);
  const fen = g.current.fen;
  const chain = premoveChain(fen, [{ from: 'f1', to: 'c4' }, { from: 'e1', to: 'g1' }, { from: 'f3', to: 'g5' }]);
  assert.deepEqual(chain.map((c) => c.san), ['Bc4', 'O-O', 'Ng5']);
  // Each position has the engine to move, the user's pieces where the queue puts them.
  assert.equal(chain[1].fen.split(' ')[0], 'rnbqkbnr/pppp1ppp/8/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1');
  assert.equal(chain[2].fen.split(' ')[1], 'b');
  // Castling is only a premove once the bishop has gone: the queue stops at the first
  // move that is no premove after the ones before it.
  assert.deepEqual(premoveChain(fen, [{ from: 'e1', to: 'g1' }, { from: 'f1', to: 'c4' }]).length, 0);
  assert.deepEqual(premoveChain(fen, [{ from: 'f1', to: 'c4' }, { from: 'c4', to: 'c5' }, { from: 'e1', to: 'g1' }]).map((c) => c.san), ['Bc4']);
  // The same piece twice: d2-d4, then d4-d5.
  assert.deepEqual(premoveChain(fen, [{ from: 'd2', to: 'd4' }, { from: 'd4', to: 'd5' }]).map((c) => c.san), ['d4', 'd5']);
  // A promotion premove carries its piece.
  const promo = premoveChain('7k/P7/8/8/8/8/8/K7 b - - 0 1', [{ from: 'a7', to: 'a8', promotion: 'n' }]);
  assert.deepEqual(promo.map((c) => c.san), ['a8=N']);
});

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());

const SIZES = [['desktop', { width: 1280, height: 860 }], ['phone', { width: 390, height: 844 }]];
const noBook = (page) => page.context().route('**/book.bin', (r) => r.fulfill({ status: 404, body: '' }));
const plies = (page) => page.evaluate(() => window.azurite.playGame.mainlineNodes().length);
const statusText = (page) => page.locator('#status').textContent();
// inView says whether the element's box lies within the viewport.
const inView = (page, sel) => page.locator(sel).evaluate((el) => {
  const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
});

// clickNow plays from-to by two clicks once the board takes input, without waiting.
async function clickNow(page, from, to) {
  await page.waitForFunction(() => window.azurite.movable() !== null, null, { timeout: 30000 });
  await square(page, from).click();
  await square(page, to).click();
}

// setSetting opens the settings dialog and changes one control by keyboard.
async function setSetting(page, id, value, shot = '') {
  await page.click('#btn-settings');
  if (shot) await screenshot(page, shot);
  await page.focus(`#${id}`);
  if (typeof value === 'boolean') {
    if ((await page.isChecked(`#${id}`)) !== value) await page.keyboard.press('Space');
  } else {
    await page.selectOption(`#${id}`, value);
  }
  await page.keyboard.press('Escape');
}

for (const [size, viewport] of SIZES) {
  test(`custom time control by keyboard: refused with the reason, then 90+30 and 0+1 (${size})`, async () => {
    await withPage({ viewport }, async (page) => {
      await gotoApp(page, server.url);
      await waitEngine(page);
      await page.click('#tab-play');
      await page.focus('#tc');
      await page.selectOption('#tc', 'custom');
      assert.equal(await page.isVisible('#tc-minutes'), true, 'the custom fields show');
      await page.focus('#tc-minutes');
      await page.keyboard.type('five');
      await page.focus('#tc-inc');
      await page.keyboard.type('30');
      await page.keyboard.press('Enter');
      assert.equal(await page.locator('#tc-error').textContent(), 'Minutes: type a number from 0 to 180, such as 5 or 0.5.');
      assert.equal(await page.getAttribute('#tc-minutes', 'aria-invalid'), 'true');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'tc-minutes', 'focus on the field to fix');
      assert.equal(await page.evaluate(() => window.azurite.controllers.play.state.tcId), 'none', 'no game started');
      await screenshot(page, `tc-custom-error-${size}`);
      await page.fill('#tc-minutes', '0');
      await page.fill('#tc-inc', '0');
      await page.keyboard.press('Enter');
      assert.equal(await page.locator('#tc-error').textContent(), '0 minutes and 0 seconds is no clock: give minutes, an increment or both.');
      await page.fill('#tc-minutes', '90');
      assert.equal(await page.locator('#tc-error').textContent(), '', 'typing clears the message');
      assert.equal(await page.getAttribute('#tc-minutes', 'aria-invalid'), null);
      await page.fill('#tc-inc', '30');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.azurite.controllers.play.state.tcId === '90+30');
      assert.equal(await page.locator('#clock-bottom').textContent(), '1:30:00');
      assert.equal(await page.evaluate(() => window.azurite.playGame.headers.TimeControl), '5400+30');
      await clickMove(page, 'e2', 'e4');
      await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length >= 2, null, { timeout: 60000 });
      // Saved and restored: the game's clock and the form's custom fields.
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      assert.equal(await page.locator('#tc').inputValue(), 'custom');
      assert.equal(await page.locator('#tc-minutes').inputValue(), '90');
      assert.equal(await page.locator('#tc-inc').inputValue(), '30');
      assert.match(await page.locator('#clock-top').textContent(), /^1:30:\d\d$/);
      assert.match(await page.evaluate(() => window.azurite.exportPgn()), /\[TimeControl "5400\+30"\]/);
      // 0+1: each clock starts at 3 s (lichess's rule), the tag keeps 0+1.
      await page.click('#btn-resign');
      await page.click('#btn-resign');
      await page.click('#banner-close');
      await page.fill('#tc-minutes', '0');
      await page.fill('#tc-inc', '1');
      await page.click('#btn-new');
      await page.waitForFunction(() => window.azurite.controllers.play.state.tcId === '0+1');
      assert.equal(await page.locator('#clock-bottom').textContent(), '0:03.0');
      assert.equal(await page.evaluate(() => window.azurite.playGame.headers.TimeControl), '0+1');
      assert.equal(await page.evaluate(() => window.azurite.controllers.play.clocks().w), 3000);
    }, `tc-custom-${size}`);
  });
}

test('move confirmation: the move waits for Confirm; no clock is pressed and no search starts meanwhile', async () => {
  for (const [size, viewport] of SIZES) {
    await withPage({ viewport }, async (page) => {
      await page.addInitScript(() => localStorage.setItem('azurite.settings.v1', JSON.stringify({ confirmMove: true, animation: 'off' })));
      // Engine as White, 1+0, fake time stopped: the engine's book move starts Black's clock.
      await startPausedTimedGame(page, server.url);
      await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 1 && window.azurite.movable() === 'b', null, { timeout: 60000 });
      const gos = () => page.evaluate(() => window.azurite.controllers.play.state.lastGo && window.azurite.controllers.play.state.lastGo.at);
      const firstGo = await gos();
      await clickNow(page, 'e7', 'e5');
      await page.waitForSelector('#confirm-move:not([hidden])');
      assert.equal(await page.locator('#confirm-move-text').textContent(), 'Play e5?');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'confirm-move-ok', 'focus on Confirm');
      assert.equal(await inView(page, '#confirm-move'), true, `${size}: the bar is in view`);
      assert.equal(await plies(page), 1, 'not played yet');
      // The board shows the position after it (rank 5: a pawn on e5; rank 7 without e7).
      const ranks = (await page.evaluate(() => window.azurite.view.fen)).split(' ')[0].split('/');
      assert.deepEqual([ranks[1], ranks[3]], ['pppp1ppp', '4p3'], 'the board shows the move');
      assert.equal(await page.evaluate(() => window.azurite.movable()), null, 'no other move meanwhile');
      await screenshot(page, `confirm-move-${size}`);
      // Five seconds pass: Black's clock runs on, White's is not started, no go is sent.
      await page.clock.runFor(5000);
      assert.equal(await page.locator('#clock-bottom').textContent(), '0:55');
      assert.equal(await page.evaluate(() => window.azurite.controllers.play.clocks().running), 'b');
      assert.equal(await gos(), firstGo, 'the engine waits');
      // Escape takes it back.
      await page.keyboard.press('Escape');
      await page.waitForSelector('#confirm-move', { state: 'hidden' });
      assert.equal(await plies(page), 1);
      assert.equal(await page.evaluate(() => window.azurite.movable()), 'b');
      assert.equal(await statusText(page), 'Move taken back: your move.');
      // Again, and Enter on the focused Confirm plays it: the clock is pressed then.
      await clickNow(page, 'g8', 'f6');
      await page.waitForSelector('#confirm-move:not([hidden])');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length >= 2);
      assert.equal(await page.evaluate(() => window.azurite.playGame.mainlineNodes()[1].san), 'Nf6');
      // Pressed on Confirm: Black's move carries the 55 s left then.
      assert.match(await page.evaluate(() => window.azurite.playGame.mainlineNodes()[1].comment), /\[%clk 0:00:55\]/);
      assert.notEqual(await gos(), firstGo, 'the engine searches now');
      assert.equal(await page.isHidden('#confirm-move'), true);
    }, `confirm-move-${size}`);
  }
});

test('auto-queen: Always promotes without the chooser; Never asks even for a premove; the default asks for a move only', async () => {
  await withPage({}, async (page) => {
    await noBook(page);
    await gotoApp(page, server.url);
    await waitEngine(page);
    const start = (fen, level = 'beginner') => page.evaluate(({ fen, level }) => window.azurite.controllers.play.startFrom(fen, { color: 'w', levelId: level, tcId: 'none' }), { fen, level });
    // Default (when premoving): a move asks.
    await start('7k/P7/8/8/8/8/8/K7 w - - 0 1');
    await clickMove(page, 'a7', 'a8');
    await page.locator('#board .promotion-dialog-button-group[data-piece="wr"]').click();
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes()[0]?.san === 'a8=R+');
    // Always: no chooser, a queen.
    await setSetting(page, 'set-autoqueen', 'on', 'settings-play-options');
    await start('7k/P7/8/8/8/8/8/K7 w - - 0 1');
    await clickMove(page, 'a7', 'a8');
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes()[0]?.san === 'a8=Q+');
    assert.equal(await page.locator('#board .promotion-dialog-button-group').count(), 0);
    // Never: a premove opens the chooser too; the knight chosen is played when the
    // engine has moved. The engine (full strength, 3 s) moves its king first.
    await setSetting(page, 'set-autoqueen', 'off');
    await start('7k/P7/8/8/8/8/8/K7 b - - 0 1', 'full');
    await waitThinking(page, 0);
    await clickNow(page, 'a7', 'a8');
    await page.locator('#board .promotion-dialog-button-group[data-piece="wn"]').click();
    assert.deepEqual(await page.evaluate(() => window.azurite.controllers.play.state.premoves), [{ from: 'a7', to: 'a8', promotion: 'n' }]);
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length >= 2, null, { timeout: 30000 });
    assert.match(await page.evaluate(() => window.azurite.playGame.mainlineNodes()[1].san), /^a8=N/);
  }, 'auto-queen');
});

test('draw offer and resign: each asks for a second press, by keyboard, one at a time', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page, { level: 'beginner' });
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length >= 2, null, { timeout: 30000 });
    await page.focus('#btn-draw');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#btn-draw').textContent(), 'Confirm draw offer');
    assert.equal(await statusText(page), 'Press Confirm draw offer to offer a draw, or Escape to keep playing.');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#btn-draw').textContent(), 'Offer draw', 'Escape disarms');
    assert.equal(await page.evaluate(() => window.azurite.controllers.play.state.active), true);
    // Armed draw, then Resign: the draw disarms, Resign arms.
    await page.keyboard.press('Enter');
    await page.click('#btn-resign');
    assert.equal(await page.locator('#btn-draw').textContent(), 'Offer draw');
    assert.equal(await page.locator('#btn-resign').textContent(), 'Confirm resign');
    await page.focus('#btn-draw');
    assert.equal(await page.locator('#btn-resign').textContent(), 'Resign', 'focus left Resign');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    assert.match(await statusText(page), /^Azurite declines the draw/);
    assert.equal(await page.locator('#btn-draw').textContent(), 'Offer draw');
    await page.focus('#btn-resign');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => window.azurite.controllers.play.state.active), true, 'one press resigns nothing');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.azurite.playGame.result === '0-1');
  }, 'draw-confirm');
});

test('premoves: several queued and drawn, the last cut by Backspace, played in order', async () => {
  await withPage({}, async (page) => {
    await noBook(page);
    await gotoApp(page, server.url);
    await waitEngine(page);
    // 3+2 at full strength: the engine thinks for seconds, time to queue.
    await startGame(page, { level: 'full', tc: '3+2' });
    await clickMove(page, 'e2', 'e4');
    await waitThinking(page, 1);
    await clickNow(page, 'g1', 'f3');
    await clickNow(page, 'b1', 'c3');
    // The knight is drawn on f3 already: the third premove starts there.
    await clickNow(page, 'f3', 'g5');
    assert.deepEqual(await page.evaluate(() => window.azurite.controllers.play.state.premoves), [{ from: 'g1', to: 'f3' }, { from: 'b1', to: 'c3' }, { from: 'f3', to: 'g5' }]);
    assert.equal(await page.locator('#board .marker-premove').count(), 2, 'the first premove strongest');
    assert.equal(await page.locator('#board .marker-premove-later').count(), 4);
    assert.equal(await page.locator('#board .arrow-premove, #board .arrow-premove-later').count(), 3, 'an arrow each');
    assert.equal(await page.locator('#premove-list').textContent(), 'Premoves: 1. Nf3  2. Nc3  3. Ng5');
    assert.equal(await page.evaluate(() => window.azurite.view.fen.split(' ')[0]), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR', 'the position itself is unchanged');
    // cm-chessboard draws a position in its animation queue, a task or more
    // after setPosition: wait for the knight rather than read the board at once.
    await page.waitForSelector('#board [data-piece="wn"][data-square="g5"]', { timeout: 5000 });
    assert.equal(await page.locator('#board [data-piece="wn"][data-square="g5"]').count(), 1, 'the knight drawn where the queue puts it');
    assert.equal(await page.locator('#board [data-piece="wn"][data-square="g1"]').count(), 0);
    await screenshot(page, 'premoves-queued');
    await page.keyboard.press('Backspace');
    assert.deepEqual(await page.evaluate(() => window.azurite.controllers.play.state.premoves), [{ from: 'g1', to: 'f3' }, { from: 'b1', to: 'c3' }]);
    assert.equal(await page.locator('#premove-list').textContent(), 'Premoves: 1. Nf3  2. Nc3');
    // The engine's reply: Nf3 at once, Nc3 still queued, then played after the next.
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length >= 3, null, { timeout: 60000 });
    assert.equal(await page.evaluate(() => window.azurite.playGame.mainlineNodes()[2].uci), 'g1f3');
    assert.deepEqual(await page.evaluate(() => window.azurite.controllers.play.state.premoves), [{ from: 'b1', to: 'c3' }]);
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length >= 5, null, { timeout: 60000 });
    assert.equal(await page.evaluate(() => window.azurite.playGame.mainlineNodes()[4].uci), 'b1c3');
    assert.deepEqual(await page.evaluate(() => window.azurite.controllers.play.state.premoves), []);
    assert.equal(await page.isHidden('#premove-bar'), true);
  }, 'premoves-queue');
});

test('premoves: one made impossible drops it and the rest, with a message; a tap on an empty square cancels all', async () => {
  await withPage({ viewport: { width: 390, height: 844 } }, async (page) => {
    await noBook(page);
    await gotoApp(page, server.url);
    await waitEngine(page);
    // The queen goes where a pawn takes it; the premoves that use it cannot be.
    await page.evaluate(() => window.azurite.controllers.play.startFrom('4k3/8/8/3p4/7Q/8/8/4K3 w - - 0 1', { color: 'w', levelId: 'full', tcId: 'none' }));
    // The engine's reply is held until the queue is checked: without a clock it
    // thinks about a second, which a loaded machine's clicks can outlast.
    await holdReplies(page);
    await clickMove(page, 'h4', 'e4');
    await waitThinking(page, 1);
    // A tap on an empty square where no premove starts cancels the queue.
    await clickNow(page, 'e1', 'e2');
    await square(page, 'h5').click();
    assert.deepEqual(await page.evaluate(() => window.azurite.controllers.play.state.premoves), []);
    await clickNow(page, 'e4', 'h7');
    await clickNow(page, 'e1', 'd2');
    assert.equal(await page.evaluate(() => window.azurite.controllers.play.state.premoves.length), 2);
    await screenshot(page, 'premoves-queued-phone');
    assert.equal(await inView(page, '#premove-bar'), true, 'the premove bar is in view');
    assert.equal(await plies(page), 1, 'the reply is held');
    await releaseReplies(page);
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length >= 2, null, { timeout: 60000 });
    assert.equal(await page.evaluate(() => window.azurite.playGame.mainlineNodes()[1].san), 'dxe4');
    assert.equal(await plies(page), 2, 'no premove played');
    assert.deepEqual(await page.evaluate(() => window.azurite.controllers.play.state.premoves), []);
    assert.equal(await statusText(page), 'Azurite played dxe4. The premove Qh7 was not legal any more. The 1 premove after it was dropped too. Your move.');
  }, 'premoves-dropped');
});
