// Browser tests of play mode that issue 21 asked for: clocks across reloads (the
// user's and the engine's), the live game untouched by the Analyse tab, timed games
// that keep their clocks and the engine on every tab, the board
// in view on phones, premoves, settings across reloads, PGN tags kept as imported,
// and a development build that precaches each file once. Against dist/ served by
// build.go with the production CSP; every test ends with no CSP violation and no
// page error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, gotoApp, testUrl, waitEngine, startGame, startPausedTimedGame, clickMove, square, loadText, screenshot, withPage, loadMateReview, waitThinking, holdReplies, releaseReplies } from './harness.mjs';
import { ROOT } from './repo.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());


const plies = (page) => page.evaluate(() => window.azurite.playGame.mainlineNodes().length);
const waitPlies = (page, n, timeout = 30000) => page.waitForFunction((k) => window.azurite.playGame.mainlineNodes().length >= k, n, { timeout });

// clockSeconds reads "m:ss" (or "0:0s.t") from a clock as seconds.
function clockSeconds(text) {
  const m = /^(\d+):(\d\d)(?:\.(\d))?$/.exec(text.trim());
  assert.ok(m, `clock text ${JSON.stringify(text)}`);
  return Number(m[1]) * 60 + Number(m[2]) + (m[3] ? Number(m[3]) / 10 : 0);
}

const clockState = (page) => page.evaluate(() => {
  const c = window.azurite.controllers.play.state.clock;
  return { running: c.running, since: c.since, remaining: { ...c.remaining }, now: Date.now() };
});

test('clock: a reload 5 s into a timed game shows 5 s less on the clock', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    // The user plays Black: the engine's first move (from the book) starts Black's clock.
    await startGame(page, { color: 'b', tc: '5+3' });
    await waitPlies(page, 1);
    const before = await clockState(page);
    assert.equal(before.running, 'b');
    assert.equal(before.remaining.b, 300000);
    await page.waitForTimeout(5000);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    const after = await clockState(page);
    assert.equal(after.running, 'b', 'the clock still runs for Black');
    assert.equal(after.since, before.since, 'from the same moment');
    const shown = clockSeconds(await page.textContent('#clock-bottom'));
    const elapsed = (after.now - before.since) / 1000;
    assert.ok(elapsed >= 5, `elapsed ${elapsed}`);
    // The display rounds up to the second; it must show the elapsed time charged.
    assert.ok(shown <= 300 - 5 && shown >= 300 - elapsed - 1, `shown ${shown} s after ${elapsed} s`);
    // Before White's first move no clock runs; a new game as White shows the cue.
    await startGame(page, { color: 'w', tc: '5+3' });
    assert.equal((await clockState(page)).running, null);
    assert.equal(await page.textContent('#turn-cue'), 'Your move · clock starts');
    await page.waitForTimeout(300);
    assert.equal(await page.textContent('#clock-bottom'), '5:00');
  }, 'clock-reload');
});

test('clock: a reload while the engine thinks resumes its move with its clock charged', async () => {
  await withPage({}, async (page) => {
    // Without the book the engine searches its first reply (about 2 s of its minute).
    await page.context().route('**/book.bin', (r) => r.fulfill({ status: 404, body: '' }));
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page, { color: 'w', level: 'full', tc: '1+0' });
    await clickMove(page, 'e2', 'e4');
    await waitThinking(page, 1);
    const before = await clockState(page);
    assert.equal(before.running, 'b');
    await page.waitForTimeout(700);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    // The engine's search starts again with what is left on its clock.
    await page.waitForFunction(() => window.azurite.controllers.play.state.lastGo !== null, null, { timeout: 30000 });
    const go = await page.evaluate(() => window.azurite.controllers.play.state.lastGo);
    const charged = go.at - before.since;
    assert.ok(charged >= 700, `charged ${charged} ms`);
    assert.ok(Math.abs(go.params.btime - (60000 - charged)) <= 2, `btime ${go.params.btime} after ${charged} ms`);
    assert.equal(go.params.wtime, 60000, "White's clock is not touched");
    await waitPlies(page, 2);
    const after = await clockState(page);
    assert.equal(after.running, 'w');
    assert.ok(after.remaining.b < 60000 - charged, `Black has ${after.remaining.b} ms`);
  }, 'clock-engine');
});

test('moves on the Analyse tab leave the live game unchanged; "Analyse game" carries it over', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page);
    await clickMove(page, 'e2', 'e4');
    await waitPlies(page, 2);
    const live = await page.evaluate(() => window.azurite.playGame.uciMoves(window.azurite.playGame.mainlineNodes().pop()));
    await page.click('#tab-analysis');
    assert.deepEqual(await page.evaluate(() => window.azurite.game.uciMoves()), live, 'the Analyse tab starts from a copy');
    // Moves for both sides on the Analyse board.
    await clickMove(page, 'd2', 'd4');
    const replies = await page.evaluate(() => window.azurite.game.chess().moves({ verbose: true }).map((m) => m.from + m.to));
    await clickMove(page, replies[0].slice(0, 2), replies[0].slice(2, 4));
    await page.waitForFunction((n) => window.azurite.game.mainlineNodes().length === n, live.length + 2);
    assert.deepEqual(await page.evaluate(() => window.azurite.playGame.uciMoves(window.azurite.playGame.mainlineNodes().pop())), live, 'the live game has not moved');
    await page.click('#tab-play');
    assert.deepEqual(await page.evaluate(() => window.azurite.game.uciMoves()), live, 'Play shows the live game');
    assert.equal(await page.evaluate(() => window.azurite.movable()), 'w', 'and it is still the user to move');
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('azurite.v1')));
    assert.equal(saved.game.tree[0].k[0].k, undefined, 'the saved live game has two moves');
    // "Analyse game" copies the live game again, over what was analysed.
    await page.click('#btn-analyse-game');
    assert.equal(await page.getAttribute('#tab-analysis', 'aria-selected'), 'true');
    assert.deepEqual(await page.evaluate(() => window.azurite.game.uciMoves()), live);
  }, 'analyse-copy');
});

// inView reports whether the whole board and the given elements lie in the viewport.
async function inView(page, ids) {
  return page.evaluate((list) => list.map((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return { id, ok: r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth && r.height > 0, top: Math.round(r.top), bottom: Math.round(r.bottom) };
  }).filter((x) => !x.ok), ids);
}

const PLAY_VIEW = ['board', 'clock-top', 'clock-bottom', 'status', 'engine-state'];

test('phones: the whole board, clocks, status and engine state stay in view (390x844, 360x640, landscape)', async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 640 }, { width: 844, height: 390 }]) {
    const size = `${viewport.width}x${viewport.height}`;
    await withPage({ viewport, touch: true }, async (page) => {
      await page.goto(testUrl(server.url));
      await page.waitForSelector('body[data-ready="true"]');
      assert.deepEqual(await inView(page, ['board']), [], `${size}: board at first paint`);
      await waitEngine(page);
      await page.locator('#tc').selectOption('3+2');
      await page.locator('#btn-new').tap();
      assert.deepEqual(await inView(page, PLAY_VIEW), [], `${size}: after Start game`);
      const moves = viewport.width === 390 ? [['e2', 'e4'], ['d2', 'd4'], ['g1', 'f3']] : [['e2', 'e4']];
      for (const [i, [from, to]] of moves.entries()) {
        await page.waitForFunction(() => window.azurite.movable() === 'w');
        const legal = await page.evaluate((f) => window.azurite.playGame.chess(window.azurite.playGame.current).moves({ square: f, verbose: true }).map((m) => m.to), from);
        const dest = legal.includes(to) ? to : legal[0];
        await square(page, from).tap();
        await square(page, dest).tap();
        await waitPlies(page, 2 * (i + 1));
        await page.waitForTimeout(250);
        assert.deepEqual(await inView(page, PLAY_VIEW), [], `${size}: after move ${i + 1}`);
      }
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${size}: no sideways scrolling`);
    }, `phone-${size}`);
  }
});

test('phones: promotion by touch, the chooser within the screen', async () => {
  await withPage({ viewport: { width: 360, height: 640 }, touch: true }, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, '8/P6k/8/8/8/8/8/K7 w - - 0 1');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => window.azurite.movable() === 'both');
    await square(page, 'a7').tap();
    await square(page, 'a8').tap();
    const knight = page.locator('#board .promotion-dialog-button-group[data-piece="wn"]');
    await knight.waitFor();
    const box = await knight.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 640, `chooser button in view: ${JSON.stringify(box)}`);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => window.azurite.game.current.san === 'a8=N');
    assert.equal(await page.evaluate(() => window.azurite.game.current.fen.split(' ')[0]), 'N7/7k/8/8/8/8/8/K7');
  }, 'touch-promotion');
});

test('premove: drawn, cancellable, and played at once when the engine moves', async () => {
  await withPage({}, async (page) => {
    // Without the book the engine thinks its 3 s per move: time to premove.
    await page.context().route('**/book.bin', (r) => r.fulfill({ status: 404, body: '' }));
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page, { level: 'full' });
    // The engine's reply is held until the premove is queued: 3 s of thought is
    // less than a loaded machine's clicks can take.
    await holdReplies(page);
    await clickMove(page, 'e2', 'e4');
    await waitThinking(page, 1);
    await clickMove(page, 'a2', 'a3');
    assert.equal(await page.locator('#board .marker-premove').count(), 2, 'the premove is drawn');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#board .marker-premove').count(), 0, 'Escape cancels it');
    assert.deepEqual(await page.evaluate(() => window.azurite.controllers.play.state.premoves), []);
    await clickMove(page, 'g1', 'f3');
    assert.deepEqual(await page.evaluate(() => window.azurite.controllers.play.state.premoves), [{ from: 'g1', to: 'f3' }]);
    assert.equal(await plies(page), 1, 'the reply is held');
    await releaseReplies(page);
    // The premove lands in the same task as the engine's move: whoever sees the
    // engine's reply sees the premove after it.
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length >= 2, null, { timeout: 30000 });
    const line = await page.evaluate(() => window.azurite.playGame.mainlineNodes().map((n) => n.uci));
    assert.equal(line.length >= 3, true, `premove played with the engine's move: ${line}`);
    assert.equal(line[2], 'g1f3');
    assert.equal(await page.locator('#board .marker-premove').count(), 0);
    await waitThinking(page, 3);
  }, 'premove');
});

test('settings survive a reload and reach the board; sounds follow the mute switch', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, '1. e4 *');
    await page.keyboard.press('End');
    const played = () => page.evaluate(() => ({ ...window.azurite.sound.played }));
    await clickMove(page, 'e7', 'e5');
    assert.equal((await played()).move, 1, 'a move sounds');
    await clickMove(page, 'd2', 'd4');
    await clickMove(page, 'e5', 'd4');
    assert.equal((await played()).capture, 1, 'a capture sounds');
    await page.click('#btn-settings');
    await page.selectOption('#set-board', 'green');
    await page.selectOption('#set-pieces', 'azurite');
    await page.selectOption('#set-animation', 'off');
    await page.uncheck('#set-coords');
    await page.click('#settings-close');
    await page.click('#btn-mute');
    assert.equal(await page.getAttribute('#btn-mute', 'aria-pressed'), 'true');
    await clickMove(page, 'd1', 'd4');
    assert.deepEqual(await played(), { move: 2, capture: 1, check: 0, end: 0, lowtime: 0 }, 'muted: no sound');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.evaluate(() => document.body.dataset.board), 'green');
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('#board .square.black')).fill), 'rgb(118, 150, 86)');
    assert.match(await page.getAttribute('#board .pieces use', 'href'), /pieces\/azurite\.svg#/);
    assert.equal(await page.locator('#board .coordinates .coordinate').count(), 0, 'no coordinates');
    assert.equal(await page.getAttribute('#btn-mute', 'aria-pressed'), 'true');
    assert.equal(await page.evaluate(() => window.azurite.sound.enabled), false);
    await page.click('#btn-settings');
    assert.equal(await page.inputValue('#set-pieces'), 'azurite');
    assert.equal(await page.inputValue('#set-animation'), 'off');
    assert.equal(await page.isChecked('#set-coords'), false);
    await page.click('#settings-close');
    await screenshot(page, 'settings-green-azurite-desktop');
  }, 'settings');
});

test('PGN export gives back the imported tags as they were; a game played here gets real ones', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    const tags = ['[Event "?"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]', '[White "Ann"]', '[Black "?"]', '[Result "*"]', '[ECO "C20"]'];
    await loadText(page, `${tags.join('\n')}\n\n1. e4 e5 *`);
    const pgn = await page.evaluate(() => window.azurite.exportPgn());
    assert.deepEqual(pgn.split('\n\n')[0].split('\n'), tags);
    assert.equal(await page.textContent('#name-top'), 'Black', 'an unknown player is named by colour');
    await startGame(page);
    const played = await page.evaluate(() => window.azurite.exportPgn());
    const head = played.split('\n\n')[0];
    assert.match(head, /^\[Event "Casual game"\]\n\[Site "Azurite"\]\n\[Date "\d{4}\.\d\d\.\d\d"\]\n\[Round "-"\]\n\[White "You"\]\n\[Black "Azurite \(Beginner\)"\]\n\[Result "\*"\]/);
    // A game that ends before its first move says so apart from its result.
    await page.click('#btn-resign'); // arms it: "Confirm resign"
    await page.click('#btn-resign');
    await page.waitForSelector('#banner:not([hidden])');
    assert.equal(await page.textContent('#movelist'), 'No moves were played. 0-1');
  }, 'pgn-tags');
});

test('phones: the review graph draws round dots', async () => {
  await withPage({ viewport: { width: 390, height: 844 } }, async (page) => {
    await gotoApp(page, server.url);
    await loadMateReview(page);
    const dots = await page.evaluate(() => [...document.querySelectorAll('#review-graph circle.g-dot')].map((c) => {
      const r = c.getBoundingClientRect();
      return [Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
    }));
    assert.equal(dots.length, 1, 'one marked move');
    const [w, h] = dots[0];
    assert.ok(w > 6 && Math.abs(w - h) < 0.5, `dot ${w}x${h} px is round`);
  }, 'graph-dots');
});

test('a tab switch closes the promotion chooser', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, '8/P6k/8/8/8/8/8/K7 w - - 0 1');
    await clickMove(page, 'a7', 'a8');
    await page.waitForSelector('#board .promotion-dialog-button-group[data-piece="wq"]');
    await page.click('#tab-review');
    assert.equal(await page.locator('#board .promotion-dialog-button-group').count(), 0);
    assert.equal(await page.evaluate(() => window.azurite.view.board.isPromotionDialogShown()), false);
    assert.equal(await page.evaluate(() => window.azurite.game.current.fen.split(' ')[0]), '8/P6k/8/8/8/8/8/K7', 'no move was made');
  }, 'promotion-tab');
});

test('the development build precaches each file once, every one of them present', () => {
  const sw = fs.readFileSync(path.join(ROOT, 'dist', 'sw.js'), 'utf8');
  const m = /^self\.AZURITE_BUILD = (\{.*\});$/m.exec(sw);
  assert.ok(m, 'sw.js starts with its precache list');
  const files = Object.keys(JSON.parse(m[1]).files);
  // A release build's content-hashed copy (name.0123456789.ext) beside the plain
  // name is the same file twice.
  const plain = files.map((f) => f.replace(/\.[0-9a-f]{10}(\.[a-z]+)$/, '$1'));
  assert.deepEqual(plain, files, 'no content-hashed names in a development build');
  assert.equal(new Set(plain).size, files.length);
  for (const f of files) assert.ok(fs.existsSync(path.join(ROOT, 'dist', f === './' ? 'index.html' : f)), `${f} exists`);
  assert.ok(files.includes('assets/pieces/azurite.svg') && files.includes('assets/pieces/standard.svg'), 'both piece sets');
});

// countGos makes the page count every go message posted to an engine worker.
async function countGos(page) {
  await page.addInitScript(() => {
    window.__gos = 0;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (msg, ...rest) {
      if (msg && msg.type === 'go') window.__gos++;
      return post.call(this, msg, ...rest);
    };
  });
}
const gos = (page) => page.evaluate(() => window.__gos);

test('timed game: 20 s on the Analyse tab are charged to the player\'s clock; the flag falls on any tab', async () => {
  await withPage({}, async (page) => {
    await startPausedTimedGame(page, server.url);
    await waitPlies(page, 1);
    await page.clock.runFor(200);
    assert.equal(await page.textContent('#clock-bottom'), '1:00');
    await page.click('#tab-analysis');
    await page.clock.fastForward('00:20');
    await page.click('#tab-play');
    await page.clock.runFor(200);
    assert.equal((await clockState(page)).running, 'b', "Black's clock never stopped");
    assert.equal(await page.textContent('#clock-bottom'), '0:40');
    // The flag falls on another tab too, and the game ends there.
    await page.click('#tab-review');
    await page.clock.fastForward('00:41');
    await page.waitForSelector('#banner:not([hidden])');
    assert.match(await page.textContent('#banner-reason'), /Black ran out of time/);
    assert.equal(await page.evaluate(() => [window.azurite.mode, window.azurite.playGame.result].join(' ')), 'review 1-0');
    await screenshot(page, 'flag-on-review-tab');
  }, 'clock-away');
});

test('timed game: the other tabs get no engine, the engine\'s move lands while away, and the end frees it', async () => {
  await withPage({}, async (page) => {
    // Without the book the engine searches its first reply (about 2 s of its minute).
    await page.context().route('**/book.bin', (r) => r.fulfill({ status: 404, body: '' }));
    await countGos(page);
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page, { color: 'w', level: 'full', tc: '1+0' });
    await clickMove(page, 'e2', 'e4');
    await waitThinking(page, 1);
    await page.waitForFunction(() => window.__gos === 1);
    const sent = 1;
    const sounds = () => page.evaluate(() => window.azurite.sound.played.move + window.azurite.sound.played.capture);
    const heard = await sounds();
    await page.click('#tab-analysis');
    assert.equal(await plies(page), 1, 'the engine is still thinking when the player leaves');
    await page.click('#btn-engine');
    const refused = 'Engine analysis is off during a timed game: finish or resign it first.';
    assert.equal(await page.textContent('#pv-lines'), refused);
    assert.equal(await page.textContent('#btn-engine'), 'Start engine');
    assert.equal(await page.textContent('#status'), refused);
    await screenshot(page, 'analysis-refused-timed-game');
    // Moves on the copy are still allowed.
    await clickMove(page, 'd7', 'd5');
    await page.click('#tab-review');
    await page.click('#btn-review');
    assert.equal(await page.textContent('#notice-text'), refused);
    // The engine's move reaches the live game while the Review tab is shown.
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 2, null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => window.azurite.mode), 'review');
    assert.equal(await gos(page), sent, 'no go but the live game\'s');
    assert.equal((await clockState(page)).running, 'w', 'the clock switched to the player');
    assert.equal(await page.textContent('#engine-state'), 'engine kept for the live game');
    assert.equal(await sounds(), heard + 2, 'the move on the copy and the engine\'s move sounded');
    await page.click('#tab-play');
    assert.equal(await page.evaluate(() => window.azurite.game.mainlineNodes().length), 2);
    assert.equal(await page.evaluate(() => window.azurite.movable()), 'w');
    // Resigning frees the engine: the Analyse tab's engine starts.
    await page.click('#btn-resign'); // arms it: "Confirm resign"
    await page.click('#btn-resign');
    await page.click('#banner-close');
    await page.click('#tab-analysis');
    await page.click('#btn-engine');
    await page.waitForSelector('#pv-lines .pv-line', { timeout: 30000 });
    assert.equal(await gos(page), sent + 1);
  }, 'engine-away');
});
