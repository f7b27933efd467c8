// Browser runs of the player in each of its languages (web/i18n.js): the browser's
// language picks the catalogue, every tab is walked (a game against the engine, the
// engine's lines, a review, the library, the settings), and at each step the page may
// hold no English sentence that its language words differently, and axe-core finds no
// serious violation. The language picker saves the choice, reloads, and keeps the
// game. Desktop and 390x844. Against dist/ served by build.go with the production CSP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, gotoApp, waitEngine, startGame, clickMove, loadText, withPage, audit, screenshot } from './harness.mjs';
import { CATALOGUES, LANGUAGES } from '../../web/i18n.js';

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
const en = CATALOGUES.en;

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());

// englishOnly lists, for language id, the English texts that must not show on its
// page: each English message's literal parts (split at its placeholders) of at least
// two words and 12 characters that the language's message does not contain itself.
function englishOnly(id) {
  const cat = CATALOGUES[id];
  const out = new Set();
  for (const [k, v] of Object.entries(en)) {
    const forms = typeof v === 'object' ? Object.values(v) : [v];
    const theirs = JSON.stringify(cat[k]);
    for (const f of forms) {
      for (const part of f.split(/\{\w+\}/)) {
        const s = part.trim();
        if (s.length >= 12 && /[A-Za-z]+\s+[A-Za-z]+/.test(s) && !theirs.includes(s)) out.add(s);
      }
    }
  }
  return [...out];
}

// pageText is everything on the page a person reads or hears: the text of the body
// (the screen-reader log and hidden panels included) and the labelling attributes.
function pageText(page) {
  return page.evaluate(() => {
    const attrs = ['aria-label', 'title', 'placeholder', 'aria-valuetext'];
    const parts = [document.title, document.body.innerText, document.getElementById('sr-log').textContent, document.getElementById('status').textContent];
    for (const el of document.querySelectorAll('*')) for (const a of attrs) if (el.hasAttribute(a)) parts.push(el.getAttribute(a));
    return parts.join('\n');
  });
}

for (const { id, name } of LANGUAGES.filter((l) => l.id !== 'en')) {
  test(`${name} (${id}): every tab in ${id}, no English sentence left, no axe violation, desktop and phone`, async () => {
    const cat = CATALOGUES[id];
    const english = englishOnly(id);
    assert.ok(english.length > 300, `${english.length} English phrases to look for`);
    for (const viewport of [DESKTOP, PHONE]) {
      await withPage({ viewport, locale: `${id}-${id === 'en' ? 'US' : id.toUpperCase()}` }, async (page) => {
        const check = async (what) => {
          const text = await pageText(page);
          const left = english.filter((s) => text.includes(s));
          assert.deepEqual(left, [], `${what}: English left on the ${id} page`);
          assert.deepEqual(await audit(page), [], `${what}: axe`);
        };
        await gotoApp(page, server.url);
        assert.equal(await page.evaluate(() => document.documentElement.lang), id);
        assert.equal(await page.title(), cat['html.title']);
        assert.equal((await page.textContent('#tab-play')).trim(), cat['html.tabPlay']);
        await waitEngine(page);
        await check('Play, first visit');
        await startGame(page, { color: 'w', level: 'beginner', tc: 'none' });
        await clickMove(page, 'e2', 'e4');
        await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length >= 2 && window.azurite.movable() === 'w', null, { timeout: 60000 });
        await check('Play, after the engine\'s reply');
        await page.click('#tab-analysis');
        await page.click('#btn-engine');
        await page.waitForSelector('#pv-lines .pv-line');
        await check('Analyse, engine lines');
        await page.click('#btn-engine');
        await page.click('#tab-play');
        await page.click('#btn-resign');
        await page.click('#btn-resign');
        await page.waitForSelector('#banner:not([hidden])');
        await check('Play, game over');
        await page.click('#banner-close');
        await loadText(page, '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
        await page.click('#tab-review');
        await page.selectOption('#review-quality', 'quick');
        await page.click('#btn-review');
        await page.waitForSelector('#review-marks li', { timeout: 120000 });
        await page.waitForSelector('#review-progress-row[hidden]', { state: 'attached', timeout: 120000 });
        await check('Review, marks');
        await page.click('#tab-library');
        await page.waitForSelector('body[data-library="ready"]');
        await page.waitForSelector('#lib-list li');
        await check('Library, games kept');
        await page.click('#btn-settings');
        await check('Settings');
        await screenshot(page, `language-${id}-${viewport.width}`);
        await page.keyboard.press('Escape');
      }, `language-${id}-${viewport.width}`);
    }
  });
}

// A phone's top bar holds the four tabs and both buttons on one row in every language,
// at 390 px and at the narrowest common width, 360 px: the engine state alone has the
// row below (the German names needed a smaller face, app.css).
test('every language: the tabs and both buttons share the top row on a phone', async () => {
  for (const width of [390, 360]) {
    for (const { id } of LANGUAGES) {
      await withPage({ viewport: { width, height: 800 }, touch: true, locale: id }, async (page) => {
        await gotoApp(page, server.url);
        const rows = await page.evaluate(() => {
          const mid = (el) => { const r = el.getBoundingClientRect(); return Math.round(r.top + r.height / 2); };
          return { tabs: [...document.querySelectorAll('.tabs [role="tab"]')].map(mid), mute: mid(document.getElementById('btn-mute')), gear: mid(document.getElementById('btn-settings')), state: mid(document.getElementById('engine-state')), lang: document.documentElement.lang };
        });
        assert.equal(rows.lang, id);
        const row = rows.tabs[0];
        assert.deepEqual(rows.tabs, [row, row, row, row], `${id} at ${width} px: the tabs on one row`);
        assert.ok(Math.abs(rows.mute - row) <= 4 && Math.abs(rows.gear - row) <= 4, `${id} at ${width} px: the buttons beside the tabs (tabs ${row}, mute ${rows.mute}, settings ${rows.gear})`);
        assert.ok(rows.state > row + 10, `${id} at ${width} px: the engine state on its own row below`);
      }, `top-row-${id}-${width}`);
    }
  }
});

test('the language picker: the choice is saved, the page reloads in it, the game stays', async () => {
  await withPage({ viewport: DESKTOP, locale: 'en-US' }, async (page) => {
    await gotoApp(page, server.url);
    assert.equal((await page.textContent('#tab-play')).trim(), 'Play');
    await startGame(page, { color: 'w', level: 'beginner', tc: 'none' });
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => window.azurite.playGame.mainlineNodes().length >= 1);
    const moves = await page.evaluate(() => window.azurite.playGame.uciMoves().slice(0, 1));
    const ids = await page.$$eval('#set-language option', (os) => os.map((o) => [o.value, o.textContent, o.lang]));
    assert.deepEqual(ids, LANGUAGES.map((l) => [l.id, l.name, l.id]), 'each language named in itself');
    for (const { id } of LANGUAGES.filter((l) => l.id !== 'en')) {
      await page.click('#btn-settings');
      await Promise.all([page.waitForEvent('load'), page.selectOption('#set-language', id)]);
      await page.waitForSelector('body[data-ready="true"]');
      assert.equal(await page.evaluate(() => document.documentElement.lang), id);
      assert.equal((await page.textContent('#tab-play')).trim(), CATALOGUES[id]['html.tabPlay']);
      assert.equal(await page.$eval('#set-language', (s) => s.value), id);
      assert.deepEqual(await page.evaluate(() => window.azurite.playGame.uciMoves().slice(0, 1)), moves, 'the game survives the reload');
    }
    await page.click('#btn-settings');
    await Promise.all([page.waitForEvent('load'), page.selectOption('#set-language', 'en')]);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal((await page.textContent('#tab-play')).trim(), 'Play');
    assert.equal(await page.evaluate(() => localStorage.getItem('azurite.language.v1')), 'en');
  }, 'language-picker');
});
