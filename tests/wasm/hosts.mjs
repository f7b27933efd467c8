#!/usr/bin/env node
// hosts.mjs measures how fast the same azurite.wasm runs on each JavaScript
// engine it meets, against the native binary, side by side in one run (make
// wasm-hosts; a figure, not a test): the UCI `bench` (51 positions, fixed
// depth, so every host searches the same nodes) in the native binary, under
// every node binary in NODES through tools/azurite-uci.mjs, and in a
// Chromium worker through worker.js (the shipped page's path, with its
// event-loop turns). Hosts take turns within a round, and the order rotates
// from round to round so that none keeps the same slot. It prints each run
// and, per host, the median of the engine's own nodes per second and its
// ratio to the native median.
//
// Environment: ROUNDS (default 5), NODES (comma-separated node binaries,
// default the node running this script), CHROMIUM=0 (no browser host),
// EVALS (comma-separated, default hce: `nnue` runs every host a second time
// with Use NNUE on, and the summary gives each host's nnue/hce ratio),
// SCALAR=1 (a second Chromium host on the scalar build, worker.js?simd=0),
// BEFORE=DIR (a Chromium host on the worker.js, wasm_exec.js and
// azurite.wasm of another build's dist/, e.g. an older commit's).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { serve } from './static-server.mjs';
import { launch, CHROMIUM } from './browser.mjs';
import { DIST, ROOT, RUNNER, requireBuild, median } from './paths.mjs';

const ROUNDS = Number(process.env.ROUNDS || 5);
const NODES = (process.env.NODES || process.execPath).split(',').filter(Boolean);
const WITH_CHROMIUM = process.env.CHROMIUM !== '0';
const EVALS = (process.env.EVALS || 'hce').split(',').filter(Boolean);
for (const e of EVALS) if (e !== 'hce' && e !== 'nnue') throw new Error(`EVALS: unknown evaluation ${e} (hce or nnue)`);
// setup is the UCI lines sent before `bench` for an evaluation.
const setup = (ev) => (ev === 'nnue' ? ['setoption name Use NNUE value true'] : ['setoption name Use NNUE value false']);

requireBuild();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-hosts-'));
const native = path.join(tmp, 'azurite');
execFileSync('go', ['build', '-trimpath', '-o', native, './cmd/azurite'], { cwd: ROOT });
for (const f of ['worker.js', 'wasm_exec.js', 'azurite.wasm', 'azurite-scalar.wasm']) fs.copyFileSync(path.join(DIST, f), path.join(tmp, f));
const WORKERS = [['', '/e/worker.js']];
if (process.env.SCALAR === '1') WORKERS.push([' scalar', '/e/worker.js?simd=0']);
if (process.env.BEFORE) {
  fs.mkdirSync(path.join(tmp, 'before'));
  for (const f of ['worker.js', 'wasm_exec.js', 'azurite.wasm']) fs.copyFileSync(path.join(process.env.BEFORE, f), path.join(tmp, 'before', f));
  WORKERS.push([' before', '/e/before/worker.js']);
}

// parse reads the bench summary; a missing line is an error, not a zero.
function parse(name, out) {
  const nodes = out.match(/Nodes searched: (\d+)/);
  const nps = out.match(/Nodes\/second: (\d+)/);
  if (!nodes || !nps) throw new Error(`${name}: no bench summary in its output: ${out.slice(-300)}`);
  return { nodes: Number(nodes[1]), nps: Number(nps[1]) };
}

// processRun runs `bench` in a fresh process and reads its user CPU time.
function processRun(name, cmd, args, ev) {
  const input = [...setup(ev), 'bench', 'quit', ''].join('\n');
  const r = spawnSync('/usr/bin/time', ['-f', 'cpu %U', cmd, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${name}: exit ${r.status}: ${r.stderr.slice(-300)}`);
  const cpu = r.stderr.match(/cpu ([\d.]+)/);
  return { ...parse(name, r.stdout), cpu: cpu ? Number(cpu[1]) : NaN };
}

const hosts = [];
const tag = (base, ev) => (EVALS.length > 1 || ev !== 'hce' ? `${base} [${ev}]` : base);
for (const ev of EVALS) hosts.push({ name: tag('native', ev), base: 'native', ev, run: () => processRun('native', native, [], ev) });
for (const [i, n] of NODES.entries()) {
  const v = execFileSync(n, ['-p', 'process.versions.node + " (V8 " + process.versions.v8 + ")"'], { encoding: 'utf8' }).trim();
  // Two binaries of one version would share a name, and so their runs.
  const base = `node ${v}` + (hosts.some((h) => h.base === `node ${v}`) ? ` #${i + 1}` : '');
  for (const ev of EVALS) {
    const name = tag(base, ev);
    hosts.push({ name, base, ev, run: () => processRun(name, n, [RUNNER, '--wasm', path.join(tmp, 'azurite.wasm'), '--exec', path.join(tmp, 'wasm_exec.js')], ev) });
  }
}
let server, browser;
if (WITH_CHROMIUM) {
  server = await serve({ mounts: { '/e/': tmp, '/tests/': path.dirname(new URL(import.meta.url).pathname) } });
  browser = await launch();
  const page = await browser.ctx.newPage();
  await page.goto(server.url + '/e/blank.html');
  let version = '?';
  try {
    version = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).match(/[\d.]+/)?.[0] ?? '?';
  } catch { /* the name stays without a version */ }
  for (const [suffix, workerURL] of WORKERS) {
  const base = `chromium ${version}${suffix}`;
  for (const ev of EVALS) {
  const name = tag(base, ev);
  hosts.push({
    name,
    base,
    ev,
    // A new worker per run, as a page that starts the engine would have.
    run: async () => ({
      ...parse(name, await page.evaluate(async ([lines, url]) => {
        const h = await import('/tests/page-helpers.js');
        const fe = h.open(url);
        try {
          fe.send('uci');
          await fe.wait(h.isLine('uciok'), 120000);
          for (const l of lines) fe.send(l);
          const m = fe.mark();
          fe.send('bench');
          await fe.wait((d) => typeof d === 'string' && d.startsWith('Nodes/second'), 600000, m);
          return fe.log.slice(m).map((x) => x.data).filter((l) => typeof l === 'string').join('\n');
        } finally {
          fe.w.terminate();
        }
      }, [setup(ev), workerURL])),
      cpu: NaN,
    }),
  });
  }
  }
}

const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(`start ${new Date().toISOString()}, load average ${load()}, ${os.cpus().length} cores, ${ROUNDS} rounds`);
const runs = Object.fromEntries(hosts.map((h) => [h.name, []]));
for (let r = 0; r < ROUNDS; r++) {
  const k = r % hosts.length;
  for (const h of [...hosts.slice(k), ...hosts.slice(0, k)]) {
    const w = await h.run();
    runs[h.name].push(w);
    console.log(`round ${r + 1} ${h.name}: ${w.nps} nps, ${w.nodes} nodes${Number.isNaN(w.cpu) ? '' : `, cpu ${w.cpu.toFixed(2)} s`} (load ${load()})`);
  }
}
for (const ev of EVALS) {
  const counts = new Set(hosts.filter((h) => h.ev === ev).flatMap((h) => runs[h.name].map((w) => w.nodes)));
  if (counts.size !== 1) console.log(`WARNING: the hosts searched different node counts with ${ev}: ${[...counts].join(', ')}`);
}
for (const [name, ws] of Object.entries(runs)) {
  const host = hosts.find((h) => h.name === name);
  const natRuns = runs[tag('native', host.ev)];
  const nat = median(natRuns.map((w) => w.nps));
  const natCpu = median(natRuns.map((w) => w.nodes / w.cpu));
  const m = median(ws.map((w) => w.nps));
  let line = `${name}: median ${m} nps, ${(m / nat).toFixed(3)} x native (runs ${ws.map((w) => w.nps).join(' ')})`;
  if (ws.every((w) => !Number.isNaN(w.cpu))) {
    // Nodes per CPU second, the user time of all the process's threads: for
    // node that includes V8's background compilation and GC, so it
    // understates node against native; wall nps is the figure on an idle box.
    const c = median(ws.map((w) => w.nodes / w.cpu));
    line += `; per CPU second ${Math.round(c)}, ${(c / natCpu).toFixed(3)} x native`;
  }
  console.log(line);
}
if (EVALS.length > 1) {
  for (const base of [...new Set(hosts.map((h) => h.base))]) {
    const m = (ev) => median(runs[tag(base, ev)].map((w) => w.nps));
    console.log(`${base}: nnue/hce nps ${(m('nnue') / m('hce')).toFixed(3)}`);
  }
}
await browser?.close();
await server?.close();
fs.rmSync(tmp, { recursive: true, force: true });
