// Browser tests of issue 31's accessibility item: the typed move input (SAN and UCI,
// with its feedback) on Play and Analyse, the screen-reader mode (moves announced in
// words for both sides, the position and the clocks read by button, key and typed
// command), prefers-reduced-motion, every control reached by Tab with a visible focus
// indicator, and axe-core's audit on every tab at desktop size and 390x844. Every path
// is driven from the keyboard where a person could. Against dist/ served by build.go
// with the production CSP; every test ends with no CSP violation and no page error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, gotoApp, waitEngine, startGame, loadText, screenshot, RESULTS, withPage, audit } from './harness.mjs';

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());


const waitPlies = (page, n, timeout = 30000) => page.waitForFunction((k) => window.azurite.playGame.mainlineNodes().length >= k, n, { timeout });
const feedback = (page) => page.textContent('#move-msg');
// spoken is the screen-reader log's entries, oldest first.
const spoken = (page) => page.$$eval('#sr-log > *', (els) => els.map((e) => e.textContent));
const lastSpoken = async (page) => (await spoken(page)).pop() || '';

// shot saves the whole page as test-results/NAME.png (the move box and the log sit
// below the board, under the fold on a desktop screen).
async function shot(page, name) {
  fs.mkdirSync(RESULTS, { recursive: true });
  // Steps queued by quick key presses glide one after the other on a loaded machine:
  // let the board catch up with the game before the picture.
  await page.waitForTimeout(1000);
  await page.screenshot({ path: path.join(RESULTS, `${name}.png`), fullPage: true });
}

// tabTo presses Tab until selector has the focus (a person's path to it), at most max times.
async function tabTo(page, selector, { max = 80, shift = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement && document.activeElement.matches(s), selector)) return;
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${selector} not reached in ${max} presses of Tab`);
}

// typeMove focuses the move box by keyboard, types text and presses Enter.
async function typeMove(page, text) {
  await tabTo(page, '#move-text');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

// loadFen loads a position on the Analyse tab and gives the focus back to the page.
async function loadFen(page, fen) {
  await loadText(page, fen);
  await page.waitForFunction((f) => window.azurite.game.current.fen === f, fen);
  await page.evaluate(() => document.activeElement.blur());
}

test('typed moves: SAN and UCI on Play and Analyse, with feedback on illegal, ambiguous and promotion moves', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const tag = viewport === DESKTOP ? 'desktop' : 'phone';
    await withPage({ viewport, touch: viewport === PHONE }, async (page) => {
      await gotoApp(page, server.url);
      await waitEngine(page);
      await startGame(page, { color: 'w', level: 'beginner' });
      await page.waitForFunction(() => window.azurite.movable() === 'w');
      // Play: an illegal move is refused with the reason; the text stays to be fixed.
      await typeMove(page, 'Nf6');
      assert.equal(await feedback(page), 'Nf6 is not legal here.');
      assert.equal(await page.getAttribute('#move-text', 'aria-invalid'), 'true');
      assert.equal(await page.inputValue('#move-text'), 'Nf6');
      assert.equal(await page.evaluate(() => window.azurite.playGame.mainlineNodes().length), 0);
      await shot(page, `move-input-illegal-${tag}`);
      await typeMove(page, 'e4');
      await waitPlies(page, 1);
      assert.equal(await page.evaluate(() => window.azurite.playGame.mainlineNodes()[0].uci), 'e2e4');
      assert.equal(await page.inputValue('#move-text'), '', 'the box is emptied for the next move');
      assert.equal(await page.getAttribute('#move-text', 'aria-invalid'), null);
      assert.equal(await feedback(page), '', 'no message beside the box: the status line tells the move');
      // The engine's reply, then a UCI move; the focus stays in the box throughout.
      await waitPlies(page, 2);
      await page.waitForFunction(() => window.azurite.movable() === 'w');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'move-text');
      await page.keyboard.type('g1f3');
      await page.keyboard.press('Enter');
      await waitPlies(page, 3);
      assert.equal((await page.evaluate(() => window.azurite.playGame.mainlineNodes()[2].uci)), 'g1f3');

      // Analyse: ambiguity names the candidates; the disambiguated move is played.
      await loadFen(page, 'rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3');
      await typeMove(page, 'Nd2');
      assert.equal(await feedback(page), 'Nd2 is ambiguous: Nbd2 or Nfd2.');
      await shot(page, `move-input-ambiguous-${tag}`);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Nbd2');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.azurite.game.current.uci === 'b1d2');
      // Black's move on the Analyse board (either side may move there).
      await page.keyboard.type('c5');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.azurite.game.current.uci === 'c7c5');
      // Promotion: the piece is asked for, then taken with or without "=".
      await loadFen(page, '3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1');
      await typeMove(page, 'e8');
      assert.equal(await feedback(page), 'e8 needs a piece to promote to, for example e8=Q.');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('exd8=N+');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.azurite.game.current.uci === 'e7d8n');
      // Castling in both spellings.
      await loadFen(page, 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
      await typeMove(page, '0-0');
      await page.waitForFunction(() => window.azurite.game.current.uci === 'e1g1');
      await page.keyboard.type('O-O-O');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.azurite.game.current.uci === 'e8c8');
      // Garbage is named as such.
      await page.keyboard.type('hello');
      await page.keyboard.press('Enter');
      assert.equal(await feedback(page), '"hello" is not a move: type it as Nf3, exd5, O-O, e8=Q or g1f3.');
    }, `move-input-${tag}`);
  }
});

test('typed moves: a move typed while the engine thinks is a premove; none when no game runs', async () => {
  await withPage({}, async (page) => {
    // Without the book the engine thinks its 3 s per move: time to premove.
    await page.context().route('**/book.bin', (r) => r.fulfill({ status: 404, body: '' }));
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page, { color: 'w', level: 'full' });
    await page.waitForFunction(() => window.azurite.movable() === 'w');
    await typeMove(page, 'd4');
    await page.waitForFunction(() => window.azurite.controllers.play.premoving());
    await page.keyboard.type('c4');
    await page.keyboard.press('Enter');
    assert.equal(await feedback(page), '');
    assert.match(await page.textContent('#status'), /^Premove c4 queued/);
    assert.equal(await page.locator('#board .marker-premove').count(), 2, 'drawn as a premove made on the board');
    await waitPlies(page, 3, 60000);
    assert.equal(await page.evaluate(() => window.azurite.playGame.mainlineNodes()[2].uci), 'c2c4');
    // After resigning no move may be typed on Play.
    await page.click('#btn-resign');
    await page.click('#btn-resign');
    await page.waitForSelector('#banner:not([hidden])');
    await page.click('#banner-close');
    await typeMove(page, 'Nf3');
    assert.equal(await feedback(page), 'No move can be played on the board now.');
  }, 'move-input-premove');
});

test('screen-reader mode: off by default; on, it announces both sides\' moves and reads the position and clocks', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const tag = viewport === DESKTOP ? 'desktop' : 'phone';
    await withPage({ viewport, touch: viewport === PHONE }, async (page) => {
      await gotoApp(page, server.url);
      await waitEngine(page);
      // Off by default: no tools shown, nothing spoken for a move.
      assert.equal(await page.isVisible('#sr-tools'), false);
      await loadFen(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
      await typeMove(page, 'e4');
      await page.waitForFunction(() => window.azurite.game.current.uci === 'e2e4');
      assert.deepEqual(await spoken(page), []);
      // Turned on from the settings dialog, by keyboard alone.
      await tabTo(page, '#btn-settings');
      await page.keyboard.press('Enter');
      await tabTo(page, '#set-sr');
      await page.keyboard.press('Space');
      await page.keyboard.press('Escape');
      assert.equal(await page.isVisible('#settings-dialog'), false);
      assert.equal(await page.isVisible('#sr-tools'), true);
      // A timed game: each side's move is announced in words.
      await startGame(page, { color: 'w', level: 'beginner', tc: '5+3' });
      await page.waitForFunction(() => window.azurite.movable() === 'w');
      await typeMove(page, 'Nf3');
      await page.waitForFunction(() => [...document.querySelectorAll('#sr-log > *')].some((e) => e.textContent === 'White: Knight to f3.'));
      await waitPlies(page, 2);
      await page.waitForFunction(() => /^Black: /.test([...document.querySelectorAll('#sr-log > *')].pop().textContent));
      const reply = await page.evaluate(() => window.azurite.playGame.current.san);
      assert.match(await lastSpoken(page), new RegExp(`^Black: (Pawn|Knight) (from [a-h] )?(to|takes) [a-h][1-8]\\.$`), `reply ${reply}`);
      // The position, by the key p (focus outside any field) and by the button.
      await page.evaluate(() => document.activeElement.blur());
      await page.keyboard.press('p');
      assert.match(await lastSpoken(page), /^White: king e1, queen d1, rooks a1 and h1, bishops c1 and f1, knights b1 and f3, pawns a2, .* Black: king e8, .*\. White to move\.$/);
      await page.keyboard.press('c');
      assert.match(await lastSpoken(page), /^White [45] minutes( \d+ seconds?)?, Black 5 minutes( \d+ seconds?)?\. White's clock is running\.$/);
      await page.$$eval('#sr-log > *', (els) => els.forEach((e) => e.classList.add('old')));
      await tabTo(page, '#sr-read-position');
      await page.keyboard.press('Enter');
      assert.equal(await page.$eval('#sr-log > :last-child', (e) => e.classList.contains('old')), false, 'the same words again are a new entry, spoken again');
      assert.match(await lastSpoken(page), /^White: king e1/);
      await tabTo(page, '#sr-read-clocks');
      await page.keyboard.press('Space');
      assert.match(await lastSpoken(page), /^White \d minutes/);
      // Commands typed in the move box, where a screen reader passes every key.
      await typeMove(page, 'p');
      assert.match(await lastSpoken(page), /^White: king e1/);
      assert.equal(await feedback(page), '');
      await shot(page, `screen-reader-${tag}`);
      // Analyse: a king's capture, castling, a promotion with a capture, and stepping
      // back through the game is spoken too.
      await loadText(page, '[FEN "r3k2r/1P6/8/8/8/8/4q3/R3K2R w Kk - 0 1"]\n\n1. Kxe2 O-O 2. bxa8=Q *');
      await page.evaluate(() => document.activeElement.blur());
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      assert.equal(await lastSpoken(page), 'White: King takes e2.');
      await page.keyboard.press('ArrowRight');
      assert.equal(await lastSpoken(page), 'Black castles kingside.');
      await page.keyboard.press('ArrowRight');
      assert.equal(await lastSpoken(page), 'White: Pawn from b takes a8, promotes to queen.');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await lastSpoken(page), 'After move 1, Black castles kingside.');
      await page.keyboard.press('Home');
      assert.equal(await lastSpoken(page), 'Start position.');
      await loadFen(page, '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
      await typeMove(page, 'Ra8#');
      await page.waitForFunction(() => window.azurite.game.current.uci === 'a1a8');
      assert.equal(await lastSpoken(page), 'White: Rook to a8, checkmate.');
      // The live game's clocks, read from another tab.
      await typeMove(page, 'c');
      assert.match(await lastSpoken(page), /^White [45] minutes( \d+ seconds?)?, Black [45] minutes( \d+ seconds?)?\. White's clock is running\.$/);
      await shot(page, `screen-reader-analysis-${tag}`);
      // The setting survives a reload.
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      assert.equal(await page.isVisible('#sr-tools'), true);
    }, `screen-reader-${tag}`);
  }
});

// glide counts the positions the pieces pass through between squares while → steps
// one move forward: 0 when the board does not animate. It first waits until the board
// has stood still for three frames, so that a step before it (Home) is not counted.
async function glide(page) {
  return page.evaluate(async () => {
    const at = () => [...document.querySelectorAll('#board .pieces g')].map((g) => g.getAttribute('transform')).sort().join(';');
    for (let i = 0, same = 0, last = at(); i < 120 && same < 3; i++) {
      await new Promise(requestAnimationFrame);
      const now = at();
      same = now === last ? same + 1 : 0;
      last = now;
    }
    const seen = new Set();
    const sample = () => {
      for (const g of document.querySelectorAll('#board .pieces g')) {
        const t = g.transform.baseVal;
        if (t.numberOfItems) seen.add(`${t.getItem(0).matrix.e.toFixed(1)},${t.getItem(0).matrix.f.toFixed(1)}`);
      }
    };
    sample();
    const start = new Set(seen);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    const t0 = performance.now();
    while (performance.now() - t0 < 600) {
      await new Promise(requestAnimationFrame);
      sample();
    }
    const end = new Set();
    for (const g of document.querySelectorAll('#board .pieces g')) {
      const t = g.transform.baseVal;
      if (t.numberOfItems) end.add(`${t.getItem(0).matrix.e.toFixed(1)},${t.getItem(0).matrix.f.toFixed(1)}`);
    }
    return [...seen].filter((p) => !start.has(p) && !end.has(p)).length;
  });
}

test('prefers-reduced-motion: no board animation, unless an animation speed was chosen', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, '1. e4 e5 2. Nf3 Nc6 *');
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('Home');
    assert.ok(await glide(page) > 0, 'without the preference the pieces glide');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    assert.equal(await glide(page), 0, 'reduced motion: no glide, at once');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.keyboard.press('Home');
    assert.equal(await glide(page), 0, 'reduced motion: no glide after a reload');
    // An animation speed chosen in the settings wins over the preference.
    await tabTo(page, '#btn-settings');
    await page.keyboard.press('Enter');
    await page.selectOption('#set-animation', 'slow');
    await page.keyboard.press('Escape');
    assert.ok(await glide(page) > 0, 'an explicit speed animates');
  }, 'reduced-motion');
});

// focusables lists the controls on screen that Tab should reach (radio groups by
// their checked radio; tabindex="-1" controls have their own keys), each by a key that
// survives a redraw (the engine's lines are redrawn with every report): its id, its
// line and move, its move-tree node, or its tag and text.
function focusables(page, scope = 'body') {
  return page.evaluate((sel) => {
    const key = (el) => (el.id ? `#${el.id}` : el.dataset && el.dataset.line !== undefined ? `${el.className} ${el.dataset.line}/${el.dataset.upto}` : el.dataset && el.dataset.node !== undefined ? `node ${el.dataset.node}` : `${el.localName}[${el.textContent.trim().slice(0, 24)}]`);
    const root = document.querySelector(sel);
    const all = root.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]');
    const out = [];
    for (const el of all) {
      if (el.disabled || el.getAttribute('tabindex') === '-1' || el.closest('[inert]')) continue;
      if (el.type === 'radio' && !el.checked) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      if (el.closest('dialog') && !el.closest('dialog').open) continue;
      out.push(key(el));
    }
    return out;
  }, scope);
}

// focusRing describes the focused element's focus indicator, or why it has none
// that can be seen: no outline or shadow, too small, or clipped by a scrolling box.
function focusRing(page) {
  return page.evaluate(() => {
    const key = (el) => (el.id ? `#${el.id}` : el.dataset && el.dataset.line !== undefined ? `${el.className} ${el.dataset.line}/${el.dataset.upto}` : el.dataset && el.dataset.node !== undefined ? `node ${el.dataset.node}` : `${el.localName}[${el.textContent.trim().slice(0, 24)}]`);
    const focused = document.activeElement;
    const name = key(focused);
    if (focused === document.body) return { name, problem: '' };
    // A control hidden behind its label (the file input) shows its focus there.
    const box = focused.getBoundingClientRect();
    const el = (box.width < 8 || box.height < 8) && focused.labels && focused.labels.length ? focused.labels[0] : focused;
    const cs = getComputedStyle(el);
    const ow = parseFloat(cs.outlineWidth) || 0;
    const outline = cs.outlineStyle !== 'none' && ow >= 2 && !/rgba\(.*, 0\)$|transparent/.test(cs.outlineColor);
    const shadow = cs.boxShadow && cs.boxShadow !== 'none';
    if (!outline && !shadow) return { name, problem: 'no outline or box-shadow' };
    const r = el.getBoundingClientRect();
    if (r.width < 8 || r.height < 8) return { name, problem: `only ${r.width}x${r.height} px` };
    const grow = outline ? Math.max(0, ow + (parseFloat(cs.outlineOffset) || 0)) : 0;
    const ring = { left: r.left - grow, top: r.top - grow, right: r.right + grow, bottom: r.bottom + grow };
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const ps = getComputedStyle(p);
      if (ps.overflowX === 'visible' && ps.overflowY === 'visible') continue;
      const b = p.getBoundingClientRect();
      const c = { left: b.left + p.clientLeft, top: b.top + p.clientTop, right: b.left + p.clientLeft + p.clientWidth, bottom: b.top + p.clientTop + p.clientHeight };
      if (ring.left < c.left - 0.5 || ring.top < c.top - 0.5 || ring.right > c.right + 0.5 || ring.bottom > c.bottom + 0.5) {
        return { name, problem: `ring clipped by ${p.id ? `#${p.id}` : `${p.localName}.${p.className}`}` };
      }
    }
    return { name, problem: '' };
  });
}

// tabAround presses Tab until the focus comes back to where it started, and returns
// the keys reached and the focus problems seen on the way.
async function tabAround(page, max = 120) {
  const reached = new Set();
  const problems = [];
  let first = null;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    if (first === null) first = ring.name;
    else if (ring.name === first) break;
    reached.add(ring.name);
    if (ring.problem) problems.push(`${ring.name}: ${ring.problem}`);
  }
  return { reached, problems: [...new Set(problems)] };
}

test('keyboard: Tab reaches every control on every tab and in the settings, each with a visible focus ring', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    await withPage({ viewport }, async (page) => {
      await gotoApp(page, server.url);
      await waitEngine(page);
      // A reviewed game: its marks list and practice controls are on screen.
      await loadText(page, '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
      await page.click('#tab-review');
      await page.selectOption('#review-quality', 'quick');
      await page.click('#btn-review');
      await page.waitForFunction(() => /^Review done/.test(document.getElementById('status').textContent), null, { timeout: 120000 });
      await page.keyboard.press('Home');
      for (const tab of ['play', 'analysis', 'review']) {
        await page.click(`#tab-${tab}`);
        if (tab === 'analysis') {
          // The load box open and the engine's lines shown: their controls are on screen.
          await page.click('#load-box summary');
          await page.click('#btn-engine');
          await page.waitForSelector('#pv-lines .pv-line');
        }
        const want = await focusables(page);
        await page.evaluate(() => document.activeElement.blur());
        const { reached, problems } = await tabAround(page);
        const missed = want.filter((w) => !reached.has(w));
        assert.deepEqual(missed, [], `${tab} at ${viewport.width}px: not reached by Tab`);
        assert.deepEqual(problems, [], `${tab} at ${viewport.width}px: focus rings`);
        if (tab === 'analysis') await page.click('#btn-engine');
      }
      // The settings dialog keeps the focus inside it while open.
      await tabTo(page, '#btn-settings');
      await page.keyboard.press('Enter');
      const want = await focusables(page, '#settings-dialog');
      const { reached, problems } = await tabAround(page, 30);
      assert.deepEqual(want.filter((w) => !reached.has(w)), [], 'settings: not reached by Tab');
      assert.deepEqual(problems, [], 'settings: focus rings');
      await page.keyboard.press('Escape');
    }, `keyboard-${viewport.width}`);
  }
});

test('axe-core: no serious or critical violation on any tab, at desktop size and 390x844', async () => {
  const report = [];
  for (const viewport of [DESKTOP, PHONE]) {
    await withPage({ viewport }, async (page) => {
      await gotoApp(page, server.url);
      await waitEngine(page);
      const check = async (what) => {
        const found = await audit(page);
        report.push(`${viewport.width}px ${what}: ${found.length ? found.join('; ') : 'none'}`);
        assert.deepEqual(found, [], `${what} at ${viewport.width}px`);
      };
      await check('Play, first visit');
      await startGame(page, { color: 'w', level: 'beginner', tc: '5+3' });
      await page.waitForFunction(() => window.azurite.movable() === 'w');
      await typeMove(page, 'Nf6');
      await check('Play, timed game, move feedback');
      await page.click('#btn-resign');
      await page.click('#btn-resign');
      await page.waitForSelector('#banner:not([hidden])');
      await check('Play, game over banner');
      await page.click('#banner-close');
      await page.click('#tab-analysis');
      await check('Analyse, engine off');
      await page.click('#load-box summary');
      await page.click('#btn-engine');
      await page.waitForSelector('#pv-lines .pv-line');
      await check('Analyse, engine lines, load box open');
      await page.click('#btn-engine');
      await loadText(page, '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
      await page.click('#tab-review');
      await check('Review, before a review');
      await page.selectOption('#review-quality', 'quick');
      await page.click('#btn-review');
      await page.waitForFunction(() => /^Review done/.test(document.getElementById('status').textContent), null, { timeout: 120000 });
      await check('Review, marks and practice');
      await page.click('#btn-settings');
      await page.check('#set-sr');
      await check('Settings dialog, screen-reader mode on');
      await page.keyboard.press('Escape');
      await page.keyboard.press('p');
      for (const tab of ['play', 'analysis']) {
        await page.click(`#tab-${tab}`);
        await check(`${tab === 'play' ? 'Play' : 'Analyse'}, screen-reader mode`);
      }
    }, `axe-${viewport.width}`);
  }
  console.log(report.join('\n'));
});
