// embed.test.mjs: <azurite-board> in real Chromium, served from a sub-path with the
// strict CSP: one engine worker for two boards, event payloads, game over, bad
// attributes shown inside the element, host CSS kept out, no CSP violations.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { Chess } from 'chess.js';
import { startServer } from './server.mjs';
import { openBrowser, screenshot, figure, ROOT } from './browser.mjs';

let server;
let b;

before(async () => {
  server = await startServer({ root: path.join(ROOT, 'dist'), prefix: '/sub/', fixtures: path.join(ROOT, 'tests/pwa/fixtures') });
  b = await openBrowser();
});

after(async () => {
  if (b) await b.close();
  if (server) await server.close();
});

async function open(name) {
  const page = await b.context.newPage();
  await page.goto(`${server.origin}/fixtures/${name}`);
  await page.waitForFunction(() => customElements.get('azurite-board') !== undefined);
  return page;
}

async function cspClean(page) {
  const inPage = await page.evaluate(() => window.__csp);
  assert.deepEqual(inPage, [], 'CSP violations reported by the page');
  assert.deepEqual(b.problems.csp, [], 'CSP violations in the console');
}

function events(page, type, id) {
  return page.evaluate(([t, i]) => window.__events.filter((e) => e.type === t && e.id === i), [type, id]);
}

test('embed where the engine moves first: time to its first move, cold then warm', async () => {
  // First in this file, so the profile is fresh: nothing cached yet.
  const page = await open('engine-first.html');
  const firstMove = () => page.waitForFunction(() => {
    const e = window.__events.find((x) => x.type === 'move' && x.detail.by === 'engine');
    return e ? Math.round(e.t) : false;
  }, null, { timeout: 60000 }).then((h) => h.jsonValue());
  const cold = await firstMove();
  await page.reload();
  await page.waitForFunction(() => customElements.get('azurite-board') !== undefined);
  const warm = await firstMove();
  figure('embed: engine first move, cold (ms after navigation, level beginner: 400 ms search)', cold, 'ms');
  figure('embed: engine first move, warm (HTTP cache revalidated)', warm, 'ms');
  const [mv] = await events(page, 'move', 'e');
  assert.equal(mv.detail.color, 'w');
  assert.equal(mv.detail.ply, 1);
  await cspClean(page);
  await page.close();
});

test('two boards share one engine worker; move and eval events carry correct payloads', async () => {
  const page = await open('two-boards.html');
  // The analyse board finds the back-rank mate Rd8#.
  await page.waitForFunction(() => window.__events.some((e) => e.type === 'eval' && e.id === 'a' && e.detail.scoreMate === 1), null, { timeout: 60000 });
  const evals = await events(page, 'eval', 'a');
  const fen = '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1';
  for (const e of evals) {
    const d = e.detail;
    assert.equal(d.fen, fen);
    assert.ok(Number.isInteger(d.depth) && d.depth >= 1, `depth ${d.depth}`);
    assert.ok((typeof d.scoreCp === 'number') !== (typeof d.scoreMate === 'number'), 'exactly one of scoreCp/scoreMate');
    assert.ok(Array.isArray(d.pv) && d.pv.length >= 1);
    assert.equal(d.bestmove, d.pv[0]);
    const c = new Chess(fen);
    const m = c.move({ from: d.pv[0].slice(0, 2), to: d.pv[0].slice(2, 4), promotion: d.pv[0][4] });
    assert.equal(d.san[0], m.san, 'san[0] is pv[0] in SAN');
  }
  const mate = evals.find((e) => e.detail.scoreMate === 1).detail;
  assert.equal(mate.bestmove, 'd1d8');
  assert.equal(mate.san[0], 'Rd8#');

  // Play on the other board: the user's move, then the engine's reply.
  await page.locator('#p [data-square="e2"]').first().click();
  await page.locator('#p [data-square="e4"]').first().click();
  await page.waitForFunction(() => window.__events.some((e) => e.type === 'move' && e.id === 'p' && e.detail.by === 'engine'), null, { timeout: 60000 });
  const moves = await events(page, 'move', 'p');
  assert.equal(moves.length, 2);
  assert.deepEqual(moves[0].detail, {
    san: 'e4', uci: 'e2e4', from: 'e2', to: 'e4', promotion: null, color: 'w', ply: 1, by: 'user',
    fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
  });
  const reply = moves[1].detail;
  const c = new Chess(moves[0].detail.fen);
  const legal = c.move({ from: reply.from, to: reply.to, promotion: reply.promotion || undefined });
  assert.equal(reply.san, legal.san);
  assert.equal(reply.fen, c.fen());
  assert.equal(reply.color, 'b');
  assert.equal(reply.ply, 2);
  assert.equal(await page.locator('#p').evaluate((el) => el.position), c.fen(), 'board.position is the FEN after the reply');

  assert.equal(page.workers().length, 1, `engine workers on the page: ${page.workers().map((w) => w.url())}`);
  await screenshot(page, 'pwa-embed-two-boards');
  await cspClean(page);
  await page.close();
});

test('gameover fires with result and reason when the user mates', async () => {
  const page = await open('mate.html');
  await page.waitForFunction(() => document.querySelector('#m').dataset.state === 'ready');
  await page.locator('#m [data-square="d1"]').first().click();
  await page.locator('#m [data-square="d8"]').first().click();
  await page.waitForFunction(() => window.__events.some((e) => e.type === 'gameover'));
  const [over] = await events(page, 'gameover', 'm');
  assert.equal(over.detail.result, '1-0');
  assert.equal(over.detail.reason, 'checkmate');
  assert.equal(over.detail.fen, '3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1');
  assert.match(over.detail.pgn, /Rd8# 1-0/);
  const [mv] = await events(page, 'move', 'm');
  assert.equal(mv.detail.san, 'Rd8#');
  await cspClean(page);
  await page.close();
});

test('bad attributes show a message inside the element; the host page keeps working', async () => {
  const page = await open('bad.html');
  const msg = (id) => page.locator(`#${id} .error`);
  await page.waitForFunction(() => ['fen', 'mode', 'src', 'pgn'].every((id) => document.getElementById(id).dataset.state === 'error'));
  await assert.doesNotReject(msg('fen').waitFor({ state: 'visible' }));
  assert.match(await msg('fen').textContent(), /^Invalid fen "rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNX.*": /);
  assert.doesNotMatch(await msg('fen').textContent(), /Invalid FEN/, 'the reason is not prefixed twice');
  assert.match(await msg('mode').textContent(), /^Unknown mode "blitz": use play, analyse or view\.$/);
  assert.match(await msg('src').textContent(), /^Could not load pgn-src "missing\/game\.pgn": HTTP 404/);
  assert.match(await msg('pgn').textContent(), /^pgn-src "bad\.pgn": Line 3, column 13, move 2\. Ke3: illegal move/);
  // The message is inside the shadow root, not in the page's DOM.
  assert.equal(await page.evaluate(() => document.querySelectorAll('.error').length), 0);
  await page.click('#host-button');
  await page.click('#host-button');
  assert.equal(await page.textContent('#host-count'), '2');
  // Fixing the attribute recovers the element.
  await page.locator('#mode').evaluate((el) => el.setAttribute('mode', 'view'));
  await page.waitForFunction(() => document.getElementById('mode').dataset.state === 'ready');
  assert.equal(await msg('mode').isVisible(), false);
  // The JS API refuses a bad FEN with an exception and keeps the position.
  const err = await page.locator('#mode').evaluate((el) => {
    try {
      el.position = '8/8/8/8 w - - 0 1';
      return null;
    } catch (e) {
      return `${e.name}: ${e.message} | ${el.position}`;
    }
  });
  assert.match(err, /^InputError: Invalid FEN: .* \| rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1$/);
  await screenshot(page, 'pwa-embed-bad-attributes');
  assert.deepEqual(b.problems.errors.filter((e) => e.startsWith('pageerror')), []);
  await cspClean(page);
  await page.close();
});

test('link: a game or position from the player\'s Copy link, and a damaged one', async () => {
  const page = await open('link.html');
  await page.waitForFunction(() => ['game', 'pos'].every((id) => document.getElementById(id).dataset.state === 'ready')
    && ['broken', 'both'].every((id) => document.getElementById(id).dataset.state === 'error'));
  // 1. a3 a6, shown at ply 1 (after 1. a3).
  assert.equal(await page.locator('#game').evaluate((el) => el.position), 'rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - 0 1');
  assert.match(await page.locator('#game').evaluate((el) => el.pgn), /\[White "Anna"\][\s\S]*1\. a3 a6/);
  assert.equal(await page.locator('#pos').evaluate((el) => el.position), '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
  const msg = (id) => page.locator(`#${id} .error`).textContent();
  assert.match(await msg('broken'), /^Bad link "#g=AA__": damaged: move \d of the link is not a legal move; the moves before it are shown\.$/);
  assert.equal(await msg('both'), 'Both fen and link are set: use one of them.');
  await cspClean(page);
  await page.close();
});

// styleProbe reads the computed styles and sizes that matter inside the element.
function styleProbe(page) {
  return page.locator('#v').evaluate((host) => {
    const r = host.shadowRoot;
    const pick = (sel) => {
      const e = r.querySelector(sel);
      const cs = getComputedStyle(e);
      const box = e.getBoundingClientRect();
      const keys = ['display', 'color', 'fontFamily', 'fontSize', 'fontStyle', 'letterSpacing', 'lineHeight', 'textTransform', 'textShadow', 'borderTopWidth', 'paddingTop', 'marginTop', 'backgroundColor', 'boxSizing', 'visibility'];
      return { sel, w: Math.round(box.width), h: Math.round(box.height), ...Object.fromEntries(keys.map((k) => [k, cs[k]])) };
    };
    return ['.az', '.board', '.status', 'button.next', '.cm-chessboard', 'svg', '[data-square="e4"]', 'use'].map(pick);
  });
}

test('host page CSS does not change the embed', async () => {
  const clean = await open('clean.html');
  await clean.waitForFunction(() => document.querySelector('#v').dataset.state === 'ready');
  const hostile = await open('hostile.html');
  await hostile.waitForFunction(() => document.querySelector('#v').dataset.state === 'ready');
  // Both at the same element width (the hostile page's padding sits outside it).
  assert.equal(await hostile.locator('#v').evaluate((e) => e.getBoundingClientRect().width), 360);
  const a = await styleProbe(clean);
  const h = await styleProbe(hostile);
  assert.deepEqual(h, a);
  await screenshot(clean.locator('#v'), 'pwa-embed-clean-host');
  await screenshot(hostile.locator('#v'), 'pwa-embed-hostile-host');
  // And nothing of ours leaks out: no document-level stylesheet was added.
  assert.deepEqual(await clean.evaluate(() => [document.styleSheets.length, document.adoptedStyleSheets.length]), [1, 0]);
  await cspClean(clean);
  await cspClean(hostile);
  await clean.close();
  await hostile.close();
});

test('inside the shadow root: drag moves and the promotion chooser work', async () => {
  const page = await open('input.html');
  await page.waitForFunction(() => ['q', 'd'].every((id) => document.getElementById(id).dataset.state === 'ready'));
  // Drag e2 to e4 (cm-chessboard tracks the pointer on window: the shadow-root fix).
  const a = await page.locator('#d [data-square="e2"]').first().boundingBox();
  const z = await page.locator('#d [data-square="e4"]').first().boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 - 8, { steps: 3 });
  // The dragged piece hangs on document.body, outside the shadow root's stylesheet:
  // board-patches.js positions it through the CSSOM and keeps it above the host page.
  const dragged = await page.evaluate(() => [...document.querySelectorAll('body > svg.cm-chessboard-draggable-piece')].map((el) => ({ z: el.style.zIndex, position: el.style.position })));
  assert.deepEqual(dragged, [{ z: '2147483000', position: 'absolute' }]);
  await page.mouse.move(z.x + z.width / 2, z.y + z.height / 2, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => window.__events.some((e) => e.type === 'move' && e.id === 'd'));
  const [drag] = await events(page, 'move', 'd');
  assert.equal(drag.detail.san, 'e4');
  // Promotion: a7-a8 opens the chooser; pick the knight.
  await page.locator('#q [data-square="a7"]').first().click();
  await page.locator('#q [data-square="a8"]').first().click();
  await page.locator('#q .promotion-dialog-button[data-piece="wn"]').click();
  await page.waitForFunction(() => window.__events.some((e) => e.type === 'move' && e.id === 'q'));
  const [promo] = await events(page, 'move', 'q');
  assert.equal(promo.detail.san, 'a8=N');
  assert.equal(promo.detail.promotion, 'n');
  assert.equal(await page.locator('#q').evaluate((el) => el.position.split(' ')[0]), 'N7/7k/8/8/8/8/8/K7');
  await screenshot(page, 'pwa-embed-input');
  await cspClean(page);
  await page.close();
});

test('the embed page loads without console warnings (cm-chessboard "without parentNode")', async () => {
  const page = await b.context.newPage();
  const warnings = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto(`${server.origin}/sub/embed.html`);
  await page.waitForFunction(() => customElements.get('azurite-board') !== undefined);
  const n = await page.evaluate(() => document.querySelectorAll('azurite-board').length);
  assert.ok(n >= 1, 'the page shows boards');
  // Every board has drawn its pieces (the warnings came while boards were set up).
  await page.waitForFunction(() => [...document.querySelectorAll('azurite-board')].every((el) => el.shadowRoot && el.shadowRoot.querySelector('.pieces g')), null, { timeout: 30000 });
  await page.waitForTimeout(500);
  assert.deepEqual(warnings, []);
  await page.close();
});

test('board, pieces and coordinates attributes restyle the embed without restarting it', async () => {
  const page = await open('look.html');
  const look = () => page.evaluate(() => {
    const root = document.getElementById('look').shadowRoot;
    const sq = root.querySelector('.square.black');
    const use = root.querySelector('.pieces use');
    return {
      fill: sq ? getComputedStyle(sq).fill : null,
      // The release build gives the sprites content-hashed names: compare without.
      sprite: use ? use.getAttribute('href').replace(/^.*\/(pieces\/[^#]+)#.*$/, '$1').replace(/\.[0-9a-f]{10}\.svg$/, '.svg') : null,
      coords: root.querySelectorAll('.coordinates .coordinate').length,
    };
  });
  await page.waitForFunction(() => document.getElementById('look').shadowRoot.querySelector('.pieces use'));
  assert.deepEqual(await look(), { fill: 'rgb(118, 150, 86)', sprite: 'pieces/azurite.svg', coords: 0 });
  await page.evaluate(() => {
    const el = document.getElementById('look');
    el.position = '8/8/8/4k3/8/8/8/4K3 w - - 0 1';
    el.removeAttribute('board');
    el.setAttribute('pieces', 'standard');
    el.setAttribute('coordinates', 'on');
  });
  assert.deepEqual(await look(), { fill: 'rgb(138, 162, 191)', sprite: 'pieces/standard.svg', coords: 16 });
  assert.equal(await page.evaluate(() => document.getElementById('look').position), '8/8/8/4k3/8/8/8/4K3 w - - 0 1', 'the position stays');
  await cspClean(page);
  await page.close();
});
