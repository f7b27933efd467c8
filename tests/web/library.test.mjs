// The library (IndexedDB): games played here are kept as they go, imported games are
// listed with their errors reported, the list searches, filters, deletes with undo and
// exports; the quota, two tabs and an unavailable IndexedDB are handled.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { startServer, withPage, gotoApp, waitEngine, startGame, clickMove, screenshot } from './harness.mjs';
import { makeGames } from './library-data.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());

const libraryReady = (page) => page.waitForSelector('body[data-library="ready"]', { timeout: 30000 });

// rows returns the list's rows as {id, players, result, facts}.
function rows(page) {
  return page.evaluate(() => [...document.querySelectorAll('#lib-list li')].map((li) => ({
    id: li.dataset.id,
    players: li.querySelector('.lib-players').textContent,
    result: li.querySelector('.lib-result').textContent,
    facts: li.querySelector('.lib-facts').textContent,
  })));
}

// importText imports text as a file named name through the file input.
async function importText(page, name, text) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-lib-')), name);
  fs.writeFileSync(file, text);
  await page.setInputFiles('#lib-file', file);
}

test('import a database with broken games: the good ones listed, each broken one reported', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await libraryReady(page);
    await page.click('#tab-library');
    const { text, games } = makeGames(300, { seed: 3, broken: [5, 77, 150] });
    await importText(page, 'club.pgn', text);
    await page.waitForSelector('#lib-report:not([hidden])', { timeout: 120000 });
    assert.equal(await page.textContent('#lib-report-text'), 'Imported 297 of 300 games from club.pgn. 3 could not be read:');
    const errs = await page.$$eval('#lib-report-list li', (l) => l.map((x) => x.textContent));
    assert.equal(errs.length, 3);
    assert.match(errs[0], /^Game 6 \(line \d+, column \d+\): move 1\. Ke2: illegal move \(White to play\)\.$/);
    assert.match(errs[1], /^Game 78 \(line \d+, column \d+\): this tag value is not closed/);
    assert.match(errs[2], /^Game 151 \(line \d+, column 1\): the FEN tag is invalid/);
    // The line named is where the error is in the file.
    const lines = text.split('\n');
    const [, l1] = /line (\d+)/.exec(errs[0]);
    assert.match(lines[Number(l1) - 1], /Ke2/);
    assert.equal(await page.textContent('#lib-count'), '297 games');
    // The newest first: the file's last game heads the list.
    const first = (await rows(page))[0];
    const last = games[299];
    assert.equal(first.players, `${last.white} – ${last.black}`);
    await screenshot(page, 'library-desktop');
  }, 'library-import');
});

// stored reads every record of the library database straight from IndexedDB:
// [{summary, pgn}] in the order the list would not care about.
function stored(page) {
  return page.evaluate(() => new Promise((resolve, reject) => {
    const req = indexedDB.open('azurite-library');
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction(['summaries', 'bodies'], 'readonly');
      const a = tx.objectStore('summaries').getAll();
      const b = tx.objectStore('bodies').getAll();
      tx.oncomplete = () => {
        const bodies = new Map(b.result.map((x) => [x.id, x]));
        resolve(a.result.map((s) => ({ summary: s, pgn: bodies.get(s.id).pgn, review: bodies.get(s.id).review })));
        db.close();
      };
    };
  }));
}

// waitStored polls the stored records until ok(records) holds, and returns them.
async function waitStored(page, ok, timeoutMs = 10000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const recs = await stored(page);
    if (ok(recs)) return recs;
    if (Date.now() > end) throw new Error(`the library did not reach the expected state: ${JSON.stringify(recs.map((r) => r.summary))}`);
    await page.waitForTimeout(100);
  }
}

test('a game played here is kept with every move and clock, through reloads and a closed tab', async () => {
  await withPage({}, async (page, browser) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await libraryReady(page);
    await startGame(page, { color: 'w', level: 'beginner', tc: '3+2' });
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 2, null, { timeout: 60000 });
    // Reload mid-game, at once: localStorage has the moves; the library gets them on start.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await libraryReady(page);
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 2);
    let recs = await stored(page);
    assert.equal(recs.length, 1);
    assert.equal(recs[0].summary.source, 'played');
    assert.equal(recs[0].summary.plies, 2);
    // White's clock starts with its first move (no increment for it); Black's reply
    // took what the engine took (more on a loaded machine) and gained the 2 s.
    assert.match(recs[0].pgn, /1\. e4 \{\[%clk 0:03:00\]\} 1\.\.\. \S+ \{\[%clk 0:0[23]:\d\d\]\}/);
    await clickMove(page, 'd2', 'd3');
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 4, null, { timeout: 60000 });
    await page.click('#btn-resign');
    await page.click('#btn-resign');
    await waitStored(page, (recs) => recs.length === 1 && recs[0].summary.result === '0-1' && recs[0].summary.plies === 4);
    // Leave the app (the tab goes to a blank page) and open it again in a new tab.
    await page.goto('about:blank');
    const page2 = await browser.context.newPage();
    await gotoApp(page2, server.url);
    await libraryReady(page2);
    await page2.click('#tab-library');
    await page2.waitForSelector('#lib-list li');
    const list = await rows(page2);
    assert.equal(list.length, 1);
    assert.equal(list[0].players, 'You – Azurite (Beginner)');
    assert.equal(list[0].result, '0–1');
    recs = await stored(page2);
    const clocks = recs[0].pgn.match(/\[%clk [0-9:]+\]/g);
    assert.equal(clocks.length, 4, 'every move has its clock');
    // Opening it from the list shows it on Analyse with every move.
    await page2.click('#lib-list li .lib-open');
    await page2.waitForFunction(() => document.body.dataset.mode === 'analysis');
    assert.equal(await page2.evaluate(() => window.azurite.game.mainlineNodes().length), 4);
  }, 'library-played');
});

test('search, filter, delete with undo, export a selection and import it back unchanged', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await libraryReady(page);
    await page.click('#tab-library');
    const { text, games } = makeGames(60, { seed: 11 });
    await importText(page, 'sixty.pgn', text);
    await page.waitForSelector('#lib-report:not([hidden])', { timeout: 60000 });
    assert.equal(await page.textContent('#lib-count'), '60 games');
    // Text search: every word must match some field.
    const carlsen = games.filter((g) => g.white === 'Carlsen' || g.black === 'Carlsen');
    await page.fill('#lib-search', 'carlsen');
    assert.equal(await page.textContent('#lib-count'), `${carlsen.length} of 60 games match`);
    const both = games.filter((g) => (g.white === 'Carlsen' || g.black === 'Carlsen') && g.event === 'Blitz Arena');
    await page.fill('#lib-search', 'carlsen blitz');
    assert.equal((await rows(page)).length, both.length);
    await page.fill('#lib-search', '');
    // Filters: White wins by a player, then a date range.
    await page.click('#lib-filters summary');
    await page.fill('#lib-player', 'Ding');
    await page.selectOption('#lib-result', 'white');
    const dingWins = games.filter((g) => (g.white === 'Ding' || g.black === 'Ding') && g.result === '1-0');
    assert.equal((await rows(page)).length, dingWins.length);
    assert.ok((await rows(page)).every((r) => r.result === '1–0' && r.players.includes('Ding')));
    await page.fill('#lib-player', '');
    await page.selectOption('#lib-result', '');
    await page.fill('#lib-from', '2015-01-01');
    await page.fill('#lib-to', '2016-12-31');
    const inRange = games.filter((g) => g.date >= '2015.01.01' && g.date <= '2016.12.31');
    assert.equal((await rows(page)).length, inRange.length);
    await page.fill('#lib-from', '');
    await page.fill('#lib-to', '');
    // Sort by length, shortest first.
    await page.selectOption('#lib-sort', 'plies');
    await page.selectOption('#lib-order', 'asc');
    const shortest = Math.min(...games.map((g) => g.plies));
    const moves = Math.ceil(shortest / 2);
    assert.match((await rows(page))[0].facts, new RegExp(`· ${moves} ${moves === 1 ? 'move' : 'moves'}$`));
    await page.selectOption('#lib-sort', 'added');
    await page.selectOption('#lib-order', 'desc');

    // Delete two games, undo, delete again.
    const before = await rows(page);
    await page.locator('#lib-list li .lib-check').nth(0).check();
    await page.locator('#lib-list li .lib-check').nth(1).check();
    assert.equal(await page.textContent('#lib-selection'), '2 selected');
    await page.click('#lib-delete');
    await page.waitForSelector('#lib-undo:not([hidden])');
    assert.equal(await page.textContent('#lib-undo-text'), 'Deleted 2 games.');
    await page.waitForFunction(() => document.getElementById('lib-count').textContent === '58 games');
    await page.click('#lib-undo-btn');
    await page.waitForFunction(() => document.getElementById('lib-count').textContent === '60 games');
    assert.deepEqual((await rows(page)).map((r) => r.id), before.map((r) => r.id), 'the same games back, in place');

    // Star one, filter on stars.
    await page.locator('#lib-list li .lib-star').nth(2).click();
    await page.waitForFunction(() => document.querySelectorAll('#lib-list .lib-star[aria-pressed="true"]').length === 1);
    await page.check('#lib-starred');
    assert.equal((await rows(page)).length, 1);
    await page.uncheck('#lib-starred');

    // Export three, import the file back: the same PGN, game for game.
    const pick = (await rows(page)).slice(3, 6).map((r) => r.id);
    for (let i = 3; i < 6; i++) await page.locator('#lib-list li .lib-check').nth(i).check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#lib-export-selected')]);
    const exported = fs.readFileSync(await download.path(), 'utf8');
    assert.equal((exported.match(/^\[Event /gm) || []).length, 3);
    const originals = (await stored(page)).filter((r) => pick.includes(r.summary.id));
    await importText(page, 'again.pgn', exported);
    await page.waitForFunction(() => document.getElementById('lib-count').textContent === '63 games');
    const again = (await stored(page)).filter((r) => r.summary.file === 'again.pgn');
    assert.deepEqual(again.map((r) => r.pgn).sort(), originals.map((r) => r.pgn).sort());
    const strip = (s) => ({ ...s, id: 0, file: 0, added: 0, updated: 0, search: 0, starred: 0, rev: 0 });
    assert.deepEqual(again.map((r) => strip(r.summary)).sort((a, b) => a.plies - b.plies || a.white.localeCompare(b.white)),
      originals.map((r) => strip(r.summary)).sort((a, b) => a.plies - b.plies || a.white.localeCompare(b.white)));
  }, 'library-list');
});

test('cancelling an import keeps the games imported so far', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await libraryReady(page);
    await page.click('#tab-library');
    const { text } = makeGames(4000, { seed: 5, maxPlies: 40 });
    await importText(page, 'big.pgn', text);
    await page.waitForFunction(() => Number(document.getElementById('lib-import-progress').value) >= 400, null, { timeout: 60000 });
    // The count the list shows at the moment the report appears, before any later
    // read of the library could bring it up to date.
    await page.evaluate(() => {
      const rep = document.getElementById('lib-report');
      window.countAtReport = null;
      new MutationObserver((_, obs) => {
        if (rep.hidden) return;
        window.countAtReport = document.getElementById('lib-count').textContent;
        obs.disconnect();
      }).observe(rep, { attributes: true, attributeFilter: ['hidden'] });
    });
    await page.click('#lib-import-cancel');
    await page.waitForSelector('#lib-report:not([hidden])', { timeout: 60000 });
    const msg = await page.textContent('#lib-report-text');
    const m = /^Import of big\.pgn cancelled: the ([\d,]+) games imported so far are kept\.$/.exec(msg);
    assert.ok(m, msg);
    const kept = Number(m[1].replace(/,/g, ''));
    assert.ok(kept >= 400 && kept < 4000, `${kept} kept`);
    assert.equal(await page.evaluate(() => window.countAtReport), `${kept.toLocaleString('en')} games`, 'the count agrees with the report as it appears');
    assert.equal(await page.textContent('#lib-count'), `${kept.toLocaleString('en')} games`);
    assert.equal((await stored(page)).length, kept);
  }, 'library-cancel');
});

test('a full quota: a clear message, and nothing stored before is lost', async () => {
  await withPage({}, async (page, browser) => {
    await gotoApp(page, server.url);
    await libraryReady(page);
    await page.click('#tab-library');
    await importText(page, 'first.pgn', makeGames(100, { seed: 21 }).text);
    await page.waitForFunction(() => document.getElementById('lib-count').textContent === '100 games', null, { timeout: 60000 });
    const first = await stored(page);
    // Leave a little room over what the origin uses now.
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage);
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(server.url).origin, quotaSize: usage + 200 * 1024 });
    await importText(page, 'second.pgn', makeGames(5000, { seed: 22, maxPlies: 80 }).text);
    // The first import's report stays until the second one's replaces it.
    await page.waitForFunction(() => !document.getElementById('lib-report').hidden && document.getElementById('lib-report-text').textContent.includes('second.pgn'), null, { timeout: 120000 });
    const msg = await page.textContent('#lib-report-text');
    assert.match(msg, /^Storage is full: [\d,]+ games could not be saved\. Everything stored before is kept; delete games or free space in the browser\. [\d,]+ games from second\.pgn were imported before that\.$/);
    const after = await stored(page);
    const kept = new Map(after.map((r) => [r.summary.id, r.pgn]));
    for (const r of first) assert.equal(kept.get(r.summary.id), r.pgn, 'an earlier game is intact');
    assert.ok(after.length < 5100);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(server.url).origin });
  }, 'library-quota');
});

test('two tabs: a game finished in one is listed in the other without a reload', async () => {
  await withPage({}, async (page, browser) => {
    await gotoApp(page, server.url);
    await libraryReady(page);
    const other = await browser.context.newPage();
    await gotoApp(other, server.url);
    await libraryReady(other);
    await other.click('#tab-library');
    assert.equal(await other.textContent('#lib-count'), 'No games yet: games you play here are kept automatically, and you can import PGN files.');
    await waitEngine(page);
    await startGame(page, { color: 'w', level: 'beginner' });
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 2, null, { timeout: 60000 });
    await page.click('#btn-resign');
    await page.click('#btn-resign');
    await other.waitForFunction(() => {
      const li = document.querySelector('#lib-list li .lib-result');
      return li && li.textContent === '0–1';
    }, null, { timeout: 10000 });
    assert.equal((await rows(other)).length, 1);
    assert.equal((await rows(other))[0].players, 'You – Azurite (Beginner)');
    await other.close();
  }, 'library-tabs');
});

test('without IndexedDB the app says so and keeps saving the game as before', async () => {
  await withPage({}, async (page) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { get: () => ({ open() { throw new DOMException('The user denied permission.', 'InvalidStateError'); } }) });
    });
    await gotoApp(page, server.url);
    await page.waitForSelector('body[data-library="unavailable"]');
    await page.click('#tab-library');
    assert.equal(await page.textContent('#lib-unavailable'), 'The library is unavailable in this browser (IndexedDB is turned off, as in some private modes): games cannot be kept in a list here. The current game is still saved, as before.');
    assert.equal(await page.isVisible('#lib-tools'), false);
    await waitEngine(page);
    await startGame(page, { color: 'w', level: 'beginner' });
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length === 2, null, { timeout: 60000 });
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.evaluate(() => window.azurite.playGame.mainlineNodes().length), 2);
  }, 'library-unavailable');
});

test('first start with a library: the saved live game and Analyse game move in, nothing lost', async () => {
  await withPage({}, async (page) => {
    // A page of the same origin that is not the app, to write a state saved by a build
    // without the library (the library's database does not exist yet).
    await page.goto(`${server.url}THIRD-PARTY-LICENSES.txt`);
    const live = { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', headers: { White: 'You', Black: 'Azurite (Casual)', Event: 'Casual game' }, result: '*', tree: [{ m: 'e2e4', k: [{ m: 'c7c5' }] }], cursor: [0, 0] };
    const work = { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', headers: { White: 'Study', Black: 'Notes' }, result: '*', tree: [{ m: 'd2d4', k: [{ m: 'd7d5', k: [{ m: 'c2c4' }] }] }], cursor: [] };
    await page.evaluate(([g, w]) => localStorage.setItem('azurite.v1', JSON.stringify({ version: 1, savedAt: Date.now(), mode: 'analysis', game: g, work: w })), [live, work]);
    await gotoApp(page, server.url);
    await libraryReady(page);
    const recs = (await stored(page)).sort((a, b) => a.summary.plies - b.summary.plies);
    assert.deepEqual(recs.map((r) => [r.summary.source, r.summary.white, r.summary.plies]), [['played', 'You', 2], ['analysis', 'Study', 3]]);
    assert.match(recs[1].pgn, /1\. d4 d5 2\. c4 \*/);
    // The saved state is still there, and the games now name their records.
    assert.equal(await page.evaluate(() => window.azurite.workGame.mainlineNodes().length), 3);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('azurite.v1')));
    assert.equal(saved.game.lib.id, recs[0].summary.id);
    assert.equal(saved.work.lib.id, recs[1].summary.id);
    // A second start adds nothing.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await libraryReady(page);
    assert.equal((await stored(page)).length, 2);
  }, 'library-migrate');
});

test('two tabs editing one game: neither overwrites the other, the later is kept as a copy', async () => {
  await withPage({}, async (page, browser) => {
    await gotoApp(page, server.url);
    await libraryReady(page);
    await page.click('#tab-library');
    await importText(page, 'one.pgn', '[White "Anna"]\n[Black "Boris"]\n\n1. e4 e5 *\n');
    await page.waitForFunction(() => document.getElementById('lib-count').textContent === '1 game');
    const other = await browser.context.newPage();
    await gotoApp(other, server.url);
    await libraryReady(other);
    for (const p of [page, other]) {
      await p.click('#tab-library');
      await p.waitForSelector('#lib-list li .lib-open');
      await p.click('#lib-list li .lib-open');
      await p.waitForFunction(() => document.body.dataset.mode === 'analysis');
    }
    // Tab one adds 2. Nf3 and it is written; tab two then adds 2. Bc4 to its older copy.
    await page.evaluate(() => {
      window.azurite.game.play('g1f3');
      window.azurite.refresh();
    });
    await page.waitForFunction(async () => (await window.azurite.librarySync.flush(), true));
    await waitStored(page, (recs) => recs.length === 1 && recs[0].pgn.includes('2. Nf3'));
    await other.evaluate(() => {
      window.azurite.game.play('f1c4');
      window.azurite.refresh();
    });
    await other.waitForFunction(() => /changed in another tab; this tab's changes were not written over it\. It was kept as a separate game in the library\./.test(document.getElementById('notice-text').textContent), null, { timeout: 10000 });
    const recs = await stored(page);
    assert.equal(recs.length, 2);
    assert.equal(recs.filter((r) => r.pgn.includes('2. Nf3')).length, 1, 'tab one\'s edit kept');
    assert.equal(recs.filter((r) => r.pgn.includes('2. Bc4')).length, 1, 'tab two\'s edit kept as a copy');
    // Both lists show both games without a reload.
    await page.click('#tab-library');
    await page.waitForFunction(() => document.getElementById('lib-count').textContent === '2 games');
    await other.close();
  }, 'library-conflict');
});

test('a review is kept with the game: reopening it shows the marks at once', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await libraryReady(page);
    await page.click('#tab-library');
    await importText(page, 'mate.pgn', '[White "Anna"]\n[Black "Boris"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n');
    await page.waitForSelector('#lib-list li .lib-open');
    await page.click('#lib-list li .lib-open');
    await page.click('#tab-review');
    await page.selectOption('#review-quality', 'quick');
    await page.click('#btn-review');
    await page.waitForSelector('#review-summary table', { timeout: 120000 });
    const marks = await page.$$eval('#review-marks li', (l) => l.map((x) => x.textContent));
    assert.ok(marks.some((m) => m.includes('Nf6')), marks.join('\n'));
    await waitStored(page, (recs) => recs.length === 1 && recs[0].summary.reviewed);
    // Load something else on the Analyse tab, reload, and open the game again.
    await page.click('#tab-analysis');
    await page.evaluate(() => window.azurite.setGame(new (window.azurite.workGame.constructor)(), 'work'));
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await libraryReady(page);
    await page.click('#tab-library');
    assert.equal(await page.textContent('#lib-list li .lib-badge.reviewed'), 'reviewed');
    await page.click('#lib-list li .lib-open');
    await page.waitForFunction(() => document.body.dataset.mode === 'review');
    // At once: no engine search runs.
    assert.equal(await page.isVisible('#review-progress-row'), false);
    assert.deepEqual(await page.$$eval('#review-marks li', (l) => l.map((x) => x.textContent)), marks);
    assert.ok(await page.isVisible('#review-summary table'));
  }, 'library-review');
});

test('editing a game\'s headers and tags: stored, listed, and on the open copy', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await libraryReady(page);
    await page.click('#tab-library');
    await importText(page, 'one.pgn', '[White "Anna"]\n[Black "Boris"]\n[Result "*"]\n\n1. e4 e5 *\n');
    await page.waitForSelector('#lib-list li .lib-open');
    // Open it on Analyse, come back, and edit it: the open copy follows.
    await page.click('#lib-list li .lib-open');
    await page.waitForFunction(() => document.body.dataset.mode === 'analysis');
    await page.click('#tab-library');
    await page.locator('#lib-list li .lib-check').first().check();
    await page.click('#lib-edit');
    await page.waitForSelector('#lib-editor:not([hidden])');
    assert.equal(await page.inputValue('#lib-h-white'), 'Anna');
    await page.fill('#lib-h-white', 'Anne');
    await page.fill('#lib-h-result', '1-0');
    await page.fill('#lib-h-tags', 'study, #miniature');
    await page.click('#lib-edit-save');
    await page.waitForFunction(() => document.getElementById('lib-status').textContent === 'Saved.');
    const recs = await stored(page);
    assert.equal(recs.length, 1);
    assert.match(recs[0].pgn, /\[White "Anne"\]/);
    assert.match(recs[0].pgn, /\[Result "1-0"\]/);
    assert.deepEqual([recs[0].summary.white, recs[0].summary.result, recs[0].summary.tags], ['Anne', '1-0', ['study', 'miniature']]);
    assert.equal((await rows(page))[0].players, 'Anne – Boris');
    assert.deepEqual(await page.$$eval('#lib-list .lib-badge.tag', (l) => l.map((x) => x.textContent)), ['#study', '#miniature']);
    assert.deepEqual(await page.evaluate(() => [window.azurite.workGame.headers.White, window.azurite.workGame.result]), ['Anne', '1-0']);
    // A bad result is refused and nothing changes.
    await page.click('#lib-edit');
    await page.waitForSelector('#lib-editor:not([hidden])');
    await page.fill('#lib-h-result', '2-0');
    await page.click('#lib-edit-save');
    assert.equal(await page.textContent('#lib-status'), 'The result must be 1-0, 0-1, 1/2-1/2 or *.');
    assert.equal((await stored(page))[0].pgn, recs[0].pgn);
    // The open copy's next write does not clash with the edit: still one game.
    await page.click('#tab-analysis');
    await page.evaluate(() => {
      window.azurite.game.play('g1f3');
      window.azurite.refresh();
    });
    const after = await waitStored(page, (r) => r.length === 1 && r[0].pgn.includes('2. Nf3'));
    assert.match(after[0].pgn, /\[White "Anne"\]/);
  }, 'library-edit');
});
