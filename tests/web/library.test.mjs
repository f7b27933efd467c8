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
