#!/usr/bin/env node
// ready-time.mjs measures, in Chromium, the time from `new Worker` to the
// engine's `readyok` (the page sends `uci` and `isready` at once), for fresh
// workers of each build side by side (make wasm-ready; a figure, not a test):
// the shipped SIMD build, the scalar fallback (worker.js?simd=0) and, with
// BEFORE=DIR, another build's dist/ (worker.js, wasm_exec.js, azurite.wasm).
// Builds take turns, TRIALS (default 5) each; it prints every time and the
// medians.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from './static-server.mjs';
import { launch } from './browser.mjs';
import { DIST, requireBuild, median } from './paths.mjs';

const TRIALS = Number(process.env.TRIALS || 5);
requireBuild();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-ready-'));
for (const f of ['worker.js', 'wasm_exec.js', 'azurite.wasm', 'azurite-scalar.wasm']) fs.copyFileSync(path.join(DIST, f), path.join(tmp, f));
const builds = [['simd', '/e/worker.js'], ['scalar', '/e/worker.js?simd=0']];
if (process.env.BEFORE) {
  fs.mkdirSync(path.join(tmp, 'before'));
  for (const f of ['worker.js', 'wasm_exec.js', 'azurite.wasm']) fs.copyFileSync(path.join(process.env.BEFORE, f), path.join(tmp, 'before', f));
  builds.push(['before', '/e/before/worker.js']);
}
const server = await serve({ mounts: { '/e/': tmp, '/tests/': path.dirname(new URL(import.meta.url).pathname) } });
const browser = await launch();
const page = await browser.ctx.newPage();
await page.goto(server.url + '/e/blank.html');
const times = Object.fromEntries(builds.map(([name]) => [name, []]));
console.log(`start ${new Date().toISOString()}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (let i = 0; i < TRIALS; i++) {
  for (const [name, url] of i % 2 ? [...builds].reverse() : builds) {
    const ms = await page.evaluate(async (u) => {
      const h = await import('/tests/page-helpers.js');
      const e = h.open(u);
      e.send('uci');
      e.send('isready');
      const t = (await e.wait(h.isLine('readyok'), 120000)).t - e.created;
      e.w.terminate();
      return t;
    }, url);
    times[name].push(Math.round(ms));
    console.log(`trial ${i + 1} ${name}: new Worker -> readyok ${Math.round(ms)} ms`);
  }
}
for (const [name, ts] of Object.entries(times)) console.log(`${name}: median ${median(ts)} ms (${ts.join(', ')})`);
await browser.close();
await server.close();
