// library-bench.mjs: the library's figures in Chromium, for docs/web.md: importing a
// PGN database of N games (default 10 000, made by library-data.mjs from a seed),
// the JS heap after it, opening the Library tab on a reload, and a text search. Each
// figure is the median of RUNS fresh browser profiles.
//
//   node tests/web/library-bench.mjs [games] [runs]     (make bench-library)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, openBrowser, gotoApp } from './harness.mjs';
import { makeGames } from './library-data.mjs';

const N = Number(process.argv[2] || 10000);
const RUNS = Number(process.argv[3] || 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { text } = makeGames(N, { seed: 2026, maxPlies: 100 });
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-bench-')), 'bench.pgn');
fs.writeFileSync(file, text);
const server = await startServer();
const out = { import: [], heap: [], open: [], search: [] };
try {
  for (let run = 0; run < RUNS; run++) {
    const b = await openBrowser({});
    const { page } = b;
    await gotoApp(page, server.url);
    await page.waitForSelector('body[data-library="ready"]');
    await page.click('#tab-library');
    await page.setInputFiles('#lib-file', file);
    await page.waitForSelector('#lib-report:not([hidden])', { timeout: 600000 });
    out.import.push(Number(await page.getAttribute('#lib-report', 'data-ms')));
    const cdp = await b.context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    out.heap.push(usedSize / 1024 / 1024);
    // Open: a reload on the Library tab until the list shows N games.
    await page.reload();
    const t0 = Date.now();
    await page.waitForFunction((n) => document.getElementById('lib-count').textContent === `${n} games`, N.toLocaleString('en'), { timeout: 60000 });
    out.open.push(Date.now() - t0);
    // Search: type a word, time until the count changes.
    const took = await page.evaluate(() => {
      const box = document.getElementById('lib-search');
      const t = performance.now();
      box.value = 'carlsen rapid';
      box.dispatchEvent(new Event('input'));
      return performance.now() - t;
    });
    out.search.push(took);
    console.log(`run ${run + 1}: import ${out.import[run]} ms, heap ${out.heap[run].toFixed(1)} MB, open ${out.open[run]} ms, search ${took.toFixed(1)} ms`);
    await b.close();
  }
} finally {
  server.stop();
}
console.log(`${N} games (${(text.length / 1e6).toFixed(1)} MB PGN), median of ${RUNS}: import ${median(out.import)} ms, JS heap after import ${median(out.heap).toFixed(1)} MB, open list ${median(out.open)} ms, search ${median(out.search).toFixed(1)} ms`);
