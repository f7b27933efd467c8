// Browser tests of play-mode details from issue 31 ("Analysis and play for everyone"):
// the names follow a flip (on Play and Analyse, and across a reload), a move or a
// premove clicked while the last move still glides is kept, the Play status after a
// refused analysis, resigning asks for a confirmation, and the phone's top bar shows
// the whole engine state. Against dist/ served by build.go with the production CSP;
// every test ends with no CSP violation and no page error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, gotoApp, waitEngine, startGame, clickMove, square, loadText, screenshot, withPage } from './harness.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());


const plies = (page) => page.evaluate(() => window.azurite.playGame.mainlineNodes().length);
const waitPlies = (page, n, timeout = 30000) => page.waitForFunction((k) => window.azurite.playGame.mainlineNodes().length >= k, n, { timeout, polling: 5 });

// rows reads the names and the clocks' owners above and below the board.
const rows = (page) => page.evaluate(() => ({
  orientation: window.azurite.view.orientation,
  top: document.getElementById('name-top').textContent,
  bottom: document.getElementById('name-bottom').textContent,
  clockTop: document.getElementById('clock-top').getAttribute('aria-label'),
  clockBottom: document.getElementById('clock-bottom').getAttribute('aria-label'),
  cue: document.getElementById('turn-cue').hidden ? null : document.getElementById('turn-cue').closest('.player-row').id,
}));

async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
}

test('flip: the names turn with the board and the clocks, on Play and Analyse, and after a reload', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await startGame(page, { color: 'w', tc: '5+3' });
    const engine = /^Azurite · /;
    let r = await rows(page);
    assert.equal(r.bottom, 'You');
    assert.match(r.top, engine);
    for (const [bottom, clock] of [['b', 'Black clock'], ['w', 'White clock'], ['b', 'Black clock']]) {
      await page.click('#btn-flip');
      await page.waitForTimeout(250); // a clock tick (100 ms)
      r = await rows(page);
      assert.equal(r.orientation, bottom);
      assert.equal(r.clockBottom, clock, 'the clock below is the side below');
      if (bottom === 'b') {
        assert.match(r.bottom, engine, `after a flip to ${bottom}, the engine's name is below, beside its clock`);
        assert.equal(r.top, 'You');
        assert.equal(r.cue, 'row-top', '"Your move" stays in the player\'s row');
      } else {
        assert.equal(r.bottom, 'You', 'flipped back, the player is below again');
        assert.match(r.top, engine);
        assert.equal(r.cue, 'row-bottom');
      }
    }
    await screenshot(page, 'flip-play');
    await reload(page);
    await page.waitForTimeout(250);
    r = await rows(page);
    assert.equal(r.orientation, 'b', 'the flip is kept');
    assert.match(r.bottom, engine);
    assert.equal(r.top, 'You');
    assert.equal(r.clockBottom, 'Black clock');

    // Analyse: the game's players by colour.
    await loadText(page, '[White "Ann"]\n[Black "Bob"]\n\n1. e4 e5 *');
    r = await rows(page);
    assert.deepEqual([r.orientation, r.top, r.bottom], ['b', 'Ann', 'Bob']);
    await page.click('#btn-flip');
    r = await rows(page);
    assert.deepEqual([r.orientation, r.top, r.bottom], ['w', 'Bob', 'Ann'], 'White below after the flip');
    await reload(page);
    r = await rows(page);
    assert.deepEqual([r.orientation, r.top, r.bottom], ['w', 'Bob', 'Ann'], 'and after a reload');
  }, 'flip-names');
});

// centre returns the page coordinates of a square's centre.
async function centre(page, sq) {
  const r = await square(page, sq).boundingBox();
  return [r.x + r.width / 2, r.y + r.height / 2];
}

// clickNow plays from-to by two clicks at once, without waiting for the board to settle.
async function clickNow(page, from, to) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.click(...a);
  await page.mouse.click(...b);
}

// Slow animation (350 ms): a move's glide outlasts the engine's book reply, so the
// next click comes while the last move still glides, as it does for a quick player.
const SLOW = () => localStorage.setItem('azurite.settings.v1', JSON.stringify({ animation: 'slow' }));

test('a move clicked right after the engine\'s book reply lands is played, not dropped', async () => {
  await withPage({}, async (page) => {
    await page.addInitScript(SLOW);
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page, { color: 'w', level: 'beginner' });
    await page.waitForFunction(() => window.azurite.movable() === 'w');
    await clickNow(page, 'e2', 'e4');
    for (let i = 1; i <= 3; i++) {
      await waitPlies(page, 2 * i);
      // The first quiet move of a pawn or knight (legal whatever the book replied).
      const [from, to] = await page.evaluate(() => {
        const g = window.azurite.playGame;
        const m = g.chess(g.mainlineNodes().pop()).moves({ verbose: true }).find((x) => !x.captured && (x.piece === 'p' || x.piece === 'n'));
        return [m.from, m.to];
      });
      await clickNow(page, from, to);
      await page.waitForTimeout(100);
      const line = await page.evaluate(() => window.azurite.playGame.mainlineNodes().map((n) => n.uci));
      assert.equal(line[2 * i], from + to, `move ${i + 1} clicked as the reply landed is played: ${line.join(' ')}`);
    }
  }, 'move-after-reply');
});

test('a premove clicked while the player\'s own move still glides is queued; the thinking mark turns with the board', async () => {
  await withPage({}, async (page) => {
    await page.addInitScript(SLOW);
    // Without the book the engine thinks its 3 s per move.
    await page.context().route('**/book.bin', (r) => r.fulfill({ status: 404, body: '' }));
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page, { color: 'w', level: 'full' });
    await page.waitForFunction(() => window.azurite.movable() === 'w');
    await clickNow(page, 'e2', 'e4');
    await clickNow(page, 'g1', 'f3');
    assert.equal(await plies(page), 1, 'the engine has not moved yet');
    assert.deepEqual(await page.evaluate(() => window.azurite.controllers.play.state.premoves), [{ from: 'g1', to: 'f3' }]);
    // Flipped, the engine's row (now below) is the one marked as thinking.
    const thinking = () => page.evaluate(() => ['row-top', 'row-bottom'].filter((id) => document.getElementById(id).classList.contains('thinking')));
    assert.deepEqual(await thinking(), ['row-top']);
    await page.click('#btn-flip');
    assert.deepEqual(await thinking(), ['row-bottom']);
    await waitPlies(page, 3);
    assert.equal(await page.evaluate(() => window.azurite.playGame.mainlineNodes()[2].uci), 'g1f3', 'played when the engine moved');
  }, 'premove-in-glide');
});

// SLOW_SETUP holds every readyok the engine sends back for 300 ms once
// window.__slowReady is set, so a new game's set-up (stop, newgame, the level's
// options) outlasts the player's first click; and it logs what the page sends.
const SLOW_SETUP = () => {
  window.__sent = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (msg, ...rest) {
    if (msg && typeof msg === 'object') window.__sent.push(msg.type === 'setoption' ? `setoption ${msg.name}=${msg.value}` : msg.type);
    return post.call(this, msg, ...rest);
  };
  const on = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
  Object.defineProperty(Worker.prototype, 'onmessage', {
    get() { return on.get.call(this); },
    set(fn) { on.set.call(this, (e) => (window.__slowReady && e.data && e.data.type === 'readyok' ? setTimeout(() => fn(e), 300) : fn(e))); },
  });
};

test('a move made while a new game is being set up is searched after its level\'s options, and not cut short', async () => {
  await withPage({}, async (page) => {
    await page.addInitScript(SLOW_SETUP);
    await gotoApp(page, server.url);
    await waitEngine(page);
    await page.evaluate(() => { window.__slowReady = true; });
    await startGame(page, { color: 'w', level: 'beginner' });
    await clickNow(page, 'e2', 'e4');
    assert.equal(await plies(page), 1, 'e4 is played at once');
    await waitPlies(page, 2);
    const sent = await page.evaluate(() => window.__sent);
    const newgame = sent.lastIndexOf('newgame');
    const level = sent.lastIndexOf('setoption UCI_Elo=750');
    const go = sent.indexOf('go', newgame);
    assert.ok(newgame >= 0 && level > newgame && go > level, `newgame, the level, then go: ${sent.slice(Math.max(0, newgame - 2)).join(', ')}`);
    assert.equal(sent.indexOf('stop', go), -1, `nothing stops the search: ${sent.slice(go).join(', ')}`);
  }, 'move-during-setup');
});

const REFUSED = 'Engine analysis is off during a timed game: finish or resign it first.';

test('back on Play after a refused analysis, the status tells the game\'s state', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page, { color: 'w', tc: '1+0' });
    await clickMove(page, 'e2', 'e4');
    await waitPlies(page, 2);
    await page.click('#tab-analysis');
    await page.click('#btn-engine');
    assert.equal(await page.textContent('#status'), REFUSED);
    await page.click('#tab-play');
    const status = await page.textContent('#status');
    assert.notEqual(status, REFUSED);
    assert.match(status, /Your move/);
    await screenshot(page, 'play-status-after-analyse');
  }, 'play-status');
});

test('resign asks for a confirmation: one click arms it, a second resigns; Escape or waiting disarms it', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page, { color: 'w' });
    const active = () => page.evaluate(() => window.azurite.controllers.play.state.active);
    await page.click('#btn-resign');
    assert.equal(await active(), true, 'one click does not resign');
    assert.equal(await page.textContent('#btn-resign'), 'Confirm resign');
    assert.equal(await page.locator('#banner').isHidden(), true);
    await screenshot(page, 'resign-confirm');
    await page.keyboard.press('Escape');
    assert.equal(await page.textContent('#btn-resign'), 'Resign', 'Escape disarms it');
    await page.click('#btn-resign');
    await page.waitForFunction(() => document.getElementById('btn-resign').textContent === 'Resign', null, { timeout: 8000 });
    assert.equal(await active(), true, 'left alone, it disarms');
    await page.click('#btn-resign');
    await page.click('#btn-resign');
    await page.waitForSelector('#banner:not([hidden])');
    assert.equal(await active(), false);
    assert.match(await page.textContent('#banner-reason'), /White resigned/);
    assert.equal(await page.textContent('#btn-resign'), 'Resign');
  }, 'resign-confirm');
});

test('phones: the top bar shows the whole engine state (390x844, 360x640)', async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 640 }]) {
    const size = `${viewport.width}x${viewport.height}`;
    await withPage({ viewport, touch: true }, async (page) => {
      await gotoApp(page, server.url);
      await waitEngine(page);
      await startGame(page, { color: 'w', tc: '1+0' });
      await page.click('#tab-analysis');
      assert.equal(await page.textContent('#engine-state'), 'engine kept for the live game');
      const barHeight = () => page.evaluate(() => Math.round(document.querySelector('.topbar').getBoundingClientRect().height));
      await page.evaluate(() => window.azurite.showEngineState('engine ready'));
      const oneRow = await barHeight();
      for (const text of ['engine kept for the live game', 'Azurite thinking (live game)…', 'engine loading…']) {
        await page.evaluate((t) => window.azurite.showEngineState(t), text);
        const fit = await page.evaluate(() => {
          const e = document.getElementById('engine-state');
          const r = e.getBoundingClientRect();
          const bar = document.querySelector('.topbar').getBoundingClientRect();
          return { cut: e.scrollWidth > e.clientWidth + 1, inside: r.left >= 0 && r.right <= window.innerWidth, bar: Math.round(bar.height), wide: document.documentElement.scrollWidth <= window.innerWidth };
        });
        assert.equal(fit.cut, false, `${size}: "${text}" is not cut`);
        assert.ok(fit.inside && fit.wide, `${size}: "${text}" within the screen: ${JSON.stringify(fit)}`);
        assert.equal(fit.bar, oneRow, `${size}: the top bar is as high as with "engine ready"`);
        if (text.startsWith('engine kept')) await screenshot(page, `topbar-${size}`);
      }
    }, `topbar-${size}`);
  }
});
