// review-time.mjs: how long a review of a 40-move game takes in headless Chromium at
// each quality (figures, not a test: docs/web.md keeps them). Each quality is run
// with an empty review cache, then once more to time the cached review.
//
//   go run build.go && node tests/web/review-time.mjs [runs]
//
// QUALITIES (comma-separated, default quick,normal,deep) picks the qualities timed.
import fs from 'node:fs';
import path from 'node:path';
import { startServer, openBrowser, gotoApp, waitEngine, loadText } from './harness.mjs';
import { QUALITY } from '../../web/review.js';

const here = path.dirname(new URL(import.meta.url).pathname);
const PGN = fs.readFileSync(path.join(here, 'testdata', 'forty.pgn'), 'utf8');
const runs = Number(process.argv[2]) || 1;

const server = await startServer();
const b = await openBrowser();
const page = b.page;
try {
  await gotoApp(page, server.url);
  await waitEngine(page);
  await loadText(page, PGN);
  await page.click('#tab-review');
  const plies = await page.evaluate(() => window.azurite.game.mainlineNodes().length);
  for (const q of (process.env.QUALITIES || 'quick,normal,deep').split(',')) {
    await page.selectOption('#review-quality', q);
    const times = [];
    const rates = [];
    let marks = '';
    for (let r = 0; r < runs; r++) {
      await page.evaluate(() => window.azurite.controllers.review.clearCache());
      const ms = await review(page);
      times.push(ms);
      // Engine speed over the review: positions searched × the quality's nodes / time.
      rates.push((await page.evaluate(() => window.azurite.controllers.review.state.searched)) * QUALITY[q] / ms);
      const m = await page.locator('#review-marks li .mark-move').allTextContents();
      if (r > 0 && m.join(' ') !== marks) throw new Error(`${q}: run ${r + 1} gave other marks`);
      marks = m.join(' ');
    }
    const cached = await review(page);
    const med = (a) => {
      const b = a.slice().sort((x, y) => x - y);
      return b.length % 2 ? b[b.length >> 1] : (b[b.length / 2 - 1] + b[b.length / 2]) / 2;
    };
    console.log(`${q}: ${plies} half-moves, review ${(med(times) / 1000).toFixed(1)} s (median of ${runs}: ${times.map((t) => (t / 1000).toFixed(1)).join(', ')}), ${Math.round(med(rates))} kn/s, cached ${(cached / 1000).toFixed(2)} s; marks ${marks}`);
  }
} finally {
  await b.close();
  server.stop();
}

// review runs one review and returns the time the page measured for it (ms).
async function review(p) {
  await p.evaluate(() => { document.getElementById('status').textContent = ''; });
  await p.click('#btn-review');
  await p.waitForFunction(() => /^Review done/.test(document.getElementById('status').textContent), null, { timeout: 600000 });
  return p.evaluate(() => window.azurite.controllers.review.state.ms);
}
