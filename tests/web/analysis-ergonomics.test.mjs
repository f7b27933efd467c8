// Browser tests of the Analyse tab's ergonomics (issue 31, item 2): threat mode by key
// and button (refused in check), the preview board on hover, keyboard focus and a long
// press, ↑/↓ and Shift+← through variations, Space for the engine's move, the ? help
// sheet, the search limit with "Go deeper", the hash size and eval bar settings, and
// the evaluation cache (shown in the same task on returning to a position, and after a
// reload from IndexedDB). Against dist/ served by build.go with the production CSP;
// every test ends with no CSP violation and no page error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chess.js';
import { startServer, gotoApp, waitEngine, loadText, screenshot, withPage, startPausedTimedGame } from './harness.mjs';
import { KEYS } from '../../web/keys.js';
import { hashChoices } from '../../web/analysis-settings.js';

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());

const PHONE = { width: 390, height: 844 };
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// recordWorker keeps every message the page posts to the engine worker in window.__sent.
async function recordWorker(page) {
  await page.addInitScript(() => {
    window.__sent = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (msg, ...rest) {
      if (msg && typeof msg === 'object' && (msg.type === 'go' || msg.type === 'setoption')) window.__sent.push({ ...msg });
      return post.call(this, msg, ...rest);
    };
  });
}
const sent = (page, type) => page.evaluate((t) => window.__sent.filter((m) => m.type === t), type);

async function startAnalysis(page) {
  await gotoApp(page, server.url);
  await waitEngine(page);
  await page.click('#tab-analysis');
  await page.click('#btn-engine');
  await page.waitForSelector('#pv-lines .pv-line', { timeout: 30000 });
}

// lines reads what the engine lines show.
const lines = (page) => page.evaluate(() => {
  const l = document.getElementById('pv-lines');
  return { fen: l.dataset.fen, depth: Number(l.dataset.depth || 0), cached: l.dataset.cached, threat: l.classList.contains('threat'), first: (l.querySelector('.pv-move') || {}).dataset?.uci, text: l.textContent };
});
const arrows = (page) => page.evaluate(() => [...document.querySelectorAll('#board .arrow')].map((a) => a.getAttribute('class')));

test('threat mode: x and the button search the position after a pass and draw the threat; refused in check', async () => {
  await withPage({}, async (page) => {
    await startAnalysis(page);
    // 1. e4 e5 2. Qh5: White threatens Qxe5+ and, after 2... Nc6 3. Bc4, Qxf7#.
    await loadText(page, 'rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2');
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('x');
    const after = 'rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3';
    await page.waitForFunction((f) => document.getElementById('pv-lines').dataset.fen === f, after, { timeout: 30000 });
    assert.equal(await page.getAttribute('#btn-threat', 'aria-pressed'), 'true');
    assert.match(await page.textContent('#pv-lines .pv-threat-head'), /what White would play if it were White's move/);
    await page.waitForFunction(() => document.querySelectorAll('#board .arrow-engine-threat').length === 1, null, { timeout: 10000 });
    assert.equal((await arrows(page)).length, 1, 'one arrow: the threat');
    // The threat's first move is legal for White in the position after the pass.
    const first = (await lines(page)).first;
    assert.ok(new Chess(after).move({ from: first.slice(0, 2), to: first.slice(2, 4), promotion: first[4] }));
    // A threat line is not a move here: a click plays nothing.
    await page.click('#pv-lines .pv-move');
    assert.equal(await page.evaluate(() => window.azurite.game.current.ply), 0);
    await screenshot(page, 'threat-desktop');
    // The button turns it off: the lines are the board's position again.
    await page.click('#btn-threat');
    assert.equal(await page.getAttribute('#btn-threat', 'aria-pressed'), 'false');
    await page.waitForFunction((f) => document.getElementById('pv-lines').dataset.fen === f, 'rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2', { timeout: 30000 });
    assert.equal((await lines(page)).threat, false);
    // In check there is no pass: refused, with the reason, and threat mode stays off.
    await loadText(page, 'rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3');
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('x');
    assert.equal(await page.textContent('#status'), 'No threat to show: Black is in check.');
    assert.equal(await page.getAttribute('#btn-threat', 'aria-pressed'), 'false');
  }, 'threat');
});

test('threat mode on a phone: the arrow and the line in view', async () => {
  await withPage({ viewport: PHONE, touch: true }, async (page) => {
    await startAnalysis(page);
    await page.tap('#btn-threat');
    await page.waitForFunction(() => document.querySelectorAll('#board .arrow-engine-threat').length === 1 && document.querySelector('#pv-lines .pv-line'), null, { timeout: 30000 });
    assert.equal((await lines(page)).fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1');
    await page.locator('#pv-lines').scrollIntoViewIfNeeded();
    await screenshot(page, 'threat-phone');
  }, 'threat-phone');
});

// previewState reads the preview box and its board's pieces.
const previewState = (page) => page.evaluate(() => {
  const box = document.getElementById('pv-preview');
  const r = box.getBoundingClientRect();
  return {
    shown: !box.hidden && r.width > 0,
    fen: box.dataset.fen,
    caption: box.querySelector('.pv-preview-caption').textContent,
    pieces: [...box.querySelectorAll('.pieces [data-piece]')].map((p) => `${p.dataset.piece}@${p.dataset.square}`).sort(),
    inView: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
  };
});

// expectedAfter plays the first upto moves of the shown line's buttons from the lines' FEN.
async function expectedAfter(page, line, upto) {
  const { fen, ucis } = await page.evaluate(([l, u]) => ({
    fen: document.getElementById('pv-lines').dataset.fen,
    ucis: [...document.querySelectorAll(`#pv-lines .pv-move[data-line="${l}"]`)].slice(0, u).map((b) => b.dataset.uci),
  }), [line, upto]);
  const c = new Chess(fen);
  for (const u of ucis) c.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
  const pieces = [];
  for (const row of c.board()) for (const p of row) if (p) pieces.push(`${p.color}${p.type}@${p.square}`);
  return { fen: c.fen(), pieces: pieces.sort() };
}

test('preview board: hover a line\'s move, walk it by keyboard; the lines hold still under it', async () => {
  await withPage({}, async (page) => {
    await startAnalysis(page);
    await page.waitForFunction(() => document.querySelectorAll('#pv-lines .pv-line[data-multipv="1"] .pv-move').length >= 4, null, { timeout: 30000 });
    const target = '#pv-lines .pv-move[data-line="0"][data-upto="3"]';
    await page.hover(target);
    await page.waitForFunction(() => document.getElementById('pv-preview').dataset.fen);
    const want = await expectedAfter(page, 0, 3);
    let p = await previewState(page);
    assert.equal(p.shown, true);
    assert.equal(p.fen, want.fen);
    assert.deepEqual(p.pieces, want.pieces, 'the small board shows that position');
    assert.match(p.caption, /^After 2\. \S+$/);
    assert.equal(p.inView, true);
    const held = (await lines(page)).text;
    await page.waitForTimeout(800);
    assert.equal((await lines(page)).text, held, 'the lines do not change under the pointer');
    await screenshot(page, 'preview-desktop');
    await page.mouse.move(5, 5);
    await page.waitForFunction(() => document.getElementById('pv-preview').hidden);
    // Keyboard: the first line's score, then → to its first moves, each previewed.
    await page.focus('#pv-lines .pv-score[data-line="0"]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => !document.getElementById('pv-preview').hidden);
    p = await previewState(page);
    assert.equal(p.fen, (await expectedAfter(page, 0, 2)).fen);
    await page.keyboard.press('Escape');
    assert.equal((await previewState(page)).shown, false, 'Escape closes it');
  }, 'preview');
});

test('preview board on a phone: a long press shows it, lifting the finger plays nothing', async () => {
  await withPage({ viewport: PHONE, touch: true }, async (page) => {
    await startAnalysis(page);
    await page.waitForFunction(() => document.querySelectorAll('#pv-lines .pv-line[data-multipv="1"] .pv-move').length >= 3, null, { timeout: 30000 });
    const btn = page.locator('#pv-lines .pv-move[data-line="0"][data-upto="2"]');
    await page.evaluate(() => document.getElementById('pv-lines').scrollIntoView({ block: 'center' }));
    const b = await page.evaluate(() => {
      const r = document.querySelector('#pv-lines .pv-move[data-line="0"][data-upto="2"]').getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    const cdp = await page.context().newCDPSession(page);
    const point = [{ x: b.x + b.width / 2, y: b.y + b.height / 2 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point });
    await page.waitForFunction(() => !document.getElementById('pv-preview').hidden, null, { timeout: 3000 });
    const p = await previewState(page);
    assert.equal(p.inView, true, 'the preview fits the phone screen');
    await screenshot(page, 'preview-phone');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForFunction(() => document.getElementById('pv-preview').hidden);
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.azurite.game.current.ply), 0, 'the long press played no move');
    // A short tap still plays up to the move.
    await btn.tap();
    await page.waitForFunction(() => window.azurite.game.current.ply === 2);
  }, 'preview-phone');
});

test('keys: ↑/↓ choose at a branch, Shift+← leaves a variation, Space plays the engine\'s move, ? lists the keys', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    // 1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) (1... e6) 2. Nf3
    await loadText(page, '1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) (1... e6) 2. Nf3 *');
    await page.evaluate(() => document.activeElement.blur());
    const san = () => page.evaluate(() => window.azurite.game.current.san);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await san(), 'e5');
    await page.keyboard.press('ArrowDown');
    assert.equal(await san(), 'c5');
    await page.keyboard.press('ArrowDown');
    assert.equal(await san(), 'e6');
    await page.keyboard.press('ArrowDown');
    assert.equal(await san(), 'e5', 'round again');
    await page.keyboard.press('ArrowUp');
    assert.equal(await san(), 'e6');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    assert.equal(await san(), 'c3', 'a branch inside the variation');
    await page.keyboard.press('Shift+ArrowLeft');
    assert.equal(await page.evaluate(() => window.azurite.game.current.fen.split(' ')[0]), 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR', 'back where 2. c3 branches off');
    await page.keyboard.press('Shift+ArrowLeft');
    assert.equal(await san(), 'e4', 'then where 1... c5 branches off');
    await page.keyboard.press('Shift+ArrowLeft');
    assert.equal(await page.textContent('#status'), 'The current move is on the main line.');
    assert.equal(await san(), 'e4', 'Shift+← on the main line does not step back');
    // Space: the engine's best move, as its first line shows it.
    await page.keyboard.press('End');
    await page.keyboard.press('Space');
    assert.equal(await page.textContent('#status'), 'No engine move to play: start the engine first.');
    // A depth limit, so the lines hold still between reading the best move and Space
    // (an unlimited search may change its first line in between).
    await page.click('#engine-settings summary');
    await page.selectOption('#an-limit', 'depth');
    await page.fill('#an-depth', '8');
    await page.press('#an-depth', 'Enter');
    await page.click('#btn-engine');
    await page.waitForFunction(() => /done/.test(document.getElementById('engine-stats').textContent), null, { timeout: 30000 });
    await page.evaluate(() => document.activeElement.blur());
    const best = (await lines(page)).first;
    const ply = await page.evaluate(() => window.azurite.game.current.ply);
    await page.keyboard.press('Space');
    assert.equal(await page.evaluate(() => window.azurite.game.current.ply), ply + 1);
    assert.equal(await page.evaluate(() => window.azurite.game.current.uci), best);
    // ? opens the list of every key.
    await page.keyboard.press('?');
    assert.equal(await page.evaluate(() => document.getElementById('keys-dialog').open), true);
    const rows = await page.$$eval('#keys-list tr', (trs) => trs.map((tr) => tr.textContent));
    assert.equal(rows.length, KEYS.length);
    for (const k of ['Threat mode', 'Play the engine\'s best move', 'Leave the variation', 'Move glyphs', 'Collapse']) assert.ok(rows.some((r) => r.includes(k)), k);
    await screenshot(page, 'keys-help-desktop');
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.getElementById('keys-dialog').open), false);
    // The ? button opens it too, and on a phone it fits.
    await page.setViewportSize(PHONE);
    await page.click('#btn-keys');
    const r = await page.evaluate(() => { const b = document.getElementById('keys-dialog').getBoundingClientRect(); return b.left >= 0 && b.right <= innerWidth; });
    assert.equal(r, true);
    await screenshot(page, 'keys-help-phone');
    await page.click('#keys-close');
  }, 'keys');
});

test('search limit: a depth, then "Go deeper"; a time, then longer; hash and eval bar settings', async () => {
  await withPage({}, async (page) => {
    await recordWorker(page);
    await gotoApp(page, server.url);
    await waitEngine(page);
    await page.click('#tab-analysis');
    await page.click('#engine-settings summary');
    // The hash sizes are those the engine's advertised maximum allows.
    const max = await page.evaluate(() => window.azurite.engine.options.find((o) => o.name === 'Hash').max);
    assert.deepEqual(await page.$$eval('#an-hash option', (os) => os.map((o) => Number(o.value))), hashChoices(max));
    await page.selectOption('#an-hash', '64');
    await page.selectOption('#an-limit', 'depth');
    assert.equal(await page.isDisabled('#an-seconds'), true);
    await page.fill('#an-depth', '6');
    await page.press('#an-depth', 'Enter');
    await page.click('#btn-engine');
    await page.waitForFunction(() => /done/.test(document.getElementById('engine-stats').textContent), null, { timeout: 30000 });
    assert.match(await page.textContent('#engine-stats'), /^depth \d+( \(stored\))? · done$/);
    let gos = await sent(page, 'go');
    assert.deepEqual(gos.map((g) => g.depth), [6]);
    assert.deepEqual((await sent(page, 'setoption')).filter((o) => o.name === 'Hash').map((o) => o.value), [64]);
    await screenshot(page, 'search-limit-done');
    await page.click('#btn-deeper');
    await page.waitForFunction(() => window.__sent.filter((m) => m.type === 'go').length === 2);
    await page.waitForFunction(() => /done/.test(document.getElementById('engine-stats').textContent), null, { timeout: 60000 });
    gos = await sent(page, 'go');
    assert.deepEqual(gos.map((g) => g.depth), [6, 16]);
    assert.ok((await lines(page)).depth >= 16);
    // A time limit (the default 10 s as soon as it is chosen, then 1 s), then twice as long.
    await page.selectOption('#an-limit', 'time');
    await page.fill('#an-seconds', '1');
    await page.press('#an-seconds', 'Enter');
    await page.waitForFunction(() => window.__sent.filter((m) => m.type === 'go').length === 4);
    await page.waitForFunction(() => /done/.test(document.getElementById('engine-stats').textContent) && !document.getElementById('btn-deeper').hidden, null, { timeout: 30000 });
    await page.click('#btn-deeper');
    await page.waitForFunction(() => window.__sent.filter((m) => m.type === 'go').length === 5);
    gos = await sent(page, 'go');
    assert.deepEqual(gos.slice(2).map((g) => g.movetime), [10000, 1000, 2000]);
    // Without limit there is nothing to go deeper into.
    await page.selectOption('#an-limit', 'infinite');
    await page.waitForFunction(() => window.__sent.filter((m) => m.type === 'go').length === 6);
    assert.equal((await sent(page, 'go'))[5].infinite, true);
    assert.equal(await page.isHidden('#btn-deeper'), true);
    // The eval bar setting hides the bar, and a reload keeps the settings.
    await page.uncheck('#an-evalbar');
    assert.equal(await page.isHidden('#evalbar'), true);
    // Leaving the tab gives the other tabs the default hash back.
    await page.click('#tab-play');
    await page.waitForFunction(() => window.__sent.filter((m) => m.type === 'setoption' && m.name === 'Hash').length === 2);
    assert.deepEqual((await sent(page, 'setoption')).filter((o) => o.name === 'Hash').map((o) => o.value), [64, 16]);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('#tab-analysis');
    assert.equal(await page.isHidden('#evalbar'), true);
    assert.deepEqual(await page.evaluate(() => ['an-limit', 'an-hash', 'an-depth', 'an-seconds'].map((id) => document.getElementById(id).value)), ['infinite', '64', '6', '1']);
  }, 'search-limit');
});

test('evaluation cache: back at a position its deepest lines show in the same task, and after a reload', async () => {
  await withPage({}, async (page) => {
    await startAnalysis(page);
    await page.waitForFunction(() => Number(document.getElementById('pv-lines').dataset.depth) >= 12, null, { timeout: 60000 });
    // Give the cache one more complete depth and its IndexedDB flush time.
    await page.waitForTimeout(1500);
    const seen = await lines(page);
    // Play e4 and come back, reading the lines in the same task as the step back.
    await page.evaluate(() => window.azurite.game.play('e2e4') && window.azurite.refresh());
    const back = await page.evaluate(() => {
      window.azurite.navigate(() => window.azurite.game.back());
      const l = document.getElementById('pv-lines');
      return { fen: l.dataset.fen, depth: Number(l.dataset.depth), cached: l.dataset.cached, n: l.querySelectorAll('.pv-line').length };
    });
    assert.equal(back.fen, START);
    assert.equal(back.cached, 'true', 'stored lines, before the engine said anything about this position');
    assert.ok(back.depth >= seen.depth, `depth ${back.depth} >= ${seen.depth}`);
    assert.equal(back.n, 3);
    assert.match(await page.textContent('#engine-stats'), /\(stored\)/);
    await screenshot(page, 'eval-cache-back');
    // After a reload the stored lines come from IndexedDB, before the engine is ready.
    await page.waitForTimeout(1000);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => document.getElementById('pv-lines').dataset.cached === 'true', null, { timeout: 10000 });
    const again = await lines(page);
    assert.equal(again.fen, START);
    assert.ok(again.depth >= seen.depth, `depth ${again.depth} after the reload`);
  }, 'eval-cache');
});

test('during a timed game x, Space and the settings use no engine: the reason is said', async () => {
  await withPage({}, async (page) => {
    await recordWorker(page);
    await startPausedTimedGame(page, server.url);
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 1, null, { timeout: 30000 });
    const before = (await sent(page, 'go')).length;
    const options = (await sent(page, 'setoption')).length;
    await page.click('#tab-analysis');
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('x');
    const refused = 'Engine analysis is off during a timed game: finish or resign it first.';
    assert.equal(await page.textContent('#status'), refused);
    assert.equal(await page.getAttribute('#btn-threat', 'aria-pressed'), 'false');
    await page.keyboard.press('Space');
    await page.click('#engine-settings summary');
    await page.selectOption('#an-hash', '128');
    await page.selectOption('#an-limit', 'depth');
    await page.click('#tab-review');
    await page.click('#tab-analysis');
    await page.clock.runFor(500);
    assert.equal((await sent(page, 'go')).length, before, 'no go but the live game\'s');
    assert.equal((await sent(page, 'setoption')).length, options, 'no option sent');
    assert.equal(await page.evaluate(() => window.azurite.game.current.ply), 1, 'Space played nothing');
  }, 'reserved');
});

test('evaluation cache without IndexedDB: the memory alone serves, and nothing fails', async () => {
  await withPage({}, async (page) => {
    // As a browser that refuses storage (private mode): every open throws.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { get: () => ({ open() { throw new DOMException('The user denied permission.', 'InvalidStateError'); } }) });
    });
    await startAnalysis(page);
    await page.waitForFunction(() => Number(document.getElementById('pv-lines').dataset.depth) >= 8, null, { timeout: 60000 });
    await page.waitForTimeout(1000);
    await page.evaluate(() => window.azurite.game.play('e2e4') && window.azurite.refresh());
    const back = await page.evaluate(() => {
      window.azurite.navigate(() => window.azurite.game.back());
      return document.getElementById('pv-lines').dataset.cached;
    });
    assert.equal(back, 'true');
    assert.equal(await page.evaluate(() => window.azurite.controllers.analysis.cache.persistent()), false);
  }, 'eval-cache-no-idb');
});
