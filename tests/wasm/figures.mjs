#!/usr/bin/env node
// figures.mjs measures, side by side in one run, what docs/protocol.md and the
// issue ask for (make wasm-figures; not part of make test):
//   - search speed (nps) of the native binary, the wasm build under node and in
//     headless Chromium, each wasm also built without yields (the yield cost);
//   - time from `new Worker` to readyok in Chromium;
//   - stop -> bestmove latency over TRIALS trials (Chromium and node);
//   - .wasm size raw/gzip/brotli.
// Every workload is the same UCI text: for each position, ucinewgame, position,
// go depth DEPTH. Two speeds are printed: wall nps (total nodes / total time
// of the last info lines) and CPU nps (nodes per second of CPU time of the
// threads that search, read from /proc), which holds up better on a shared,
// overloaded machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { UCIProcess } from './uci-process.mjs';
import { serve } from './static-server.mjs';
import { launch } from './browser.mjs';
import { DIST, ROOT, RUNNER, requireBuild, median } from './paths.mjs';

const DEPTH = Number(process.env.DEPTH || 10);
const ROUNDS = Number(process.env.ROUNDS || 3);
const TRIALS = Number(process.env.TRIALS || 20);
const POSITIONS = [
  'position startpos',
  'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8',
];

requireBuild();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-figures-'));
const native = path.join(tmp, 'azurite');
execFileSync('go', ['build', '-trimpath', '-o', native, './cmd/azurite'], { cwd: ROOT });
for (const f of ['worker.js', 'wasm_exec.js', 'azurite.wasm']) fs.copyFileSync(path.join(DIST, f), path.join(tmp, f));
execFileSync('go', ['build', '-trimpath', '-ldflags=-s -X main.yieldMode=off', '-o', path.join(tmp, 'azurite-noyield.wasm'), './wasm'],
  { cwd: ROOT, env: { ...process.env, GOOS: 'js', GOARCH: 'wasm' } });

// myChromiumPids lists the Chromium processes started by this node process
// (other programs on the machine may run their own browsers).
function myChromiumPids() {
  const parent = new Map();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try { parent.set(pid, fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]); } catch { /* gone */ }
  }
  const mine = (pid) => { for (let p = pid, i = 0; p && p !== '0' && i < 50; p = parent.get(p), i++) if (p === String(process.pid)) return true; return false; };
  return [...parent.keys()].filter((pid) => pid !== String(process.pid) && mine(pid));
}

// cpuOf sums utime+stime (seconds) of the threads of pid whose name matches re
// (all threads if re is null).
function cpuOf(pid, re = null) {
  let ticks = 0;
  let tids = [];
  try { tids = fs.readdirSync(`/proc/${pid}/task`); } catch { return 0; }
  for (const tid of tids) {
    try {
      if (re && !re.test(fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8'))) continue;
      const f = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch { /* thread ended */ }
  }
  return ticks / 100;
}

function cpuOfThread(pid, tid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch { return 0; }
}

// chromiumWorkerCPU maps every thread of every Chromium process to its CPU
// ticks (the worker's thread is not reliably named, and the cost of a yield
// is partly paid on other threads, e.g. message routing); workerDelta is the
// CPU seconds spent between two maps (threads of terminated workers may
// vanish in between, so only growth counts). The page is idle meanwhile.
function chromiumWorkerCPU() {
  const m = new Map();
  for (const pid of myChromiumPids()) {
    try {
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        m.set(`${pid}/${tid}`, cpuOfThread(pid, tid) * 100);
      }
    } catch { /* process or thread ended */ }
  }
  return m;
}

function workerDelta(before, after) {
  let d = 0;
  for (const [k, v] of after) d += v - (before.get(k) ?? 0);
  return d / 100;
}

const lastInfo = (lines) => {
  const l = lines.filter((x) => / nodes \d+ /.test(x) && / time \d+/.test(x)).at(-1);
  return { nodes: Number(l.match(/ nodes (\d+)/)[1]), time: Number(l.match(/ time (\d+)/)[1]) };
};

// warmLines is an untimed pass first, so every build is measured with its
// code compiled (V8 compiles wasm lazily and tiers up in the background).
const warmLines = [POSITIONS[3], `go depth ${DEPTH - 2}`];

// For node only the main thread runs the engine (its other threads compile
// and collect garbage); native Go may run the search on any of its threads.
async function workloadProcess(cmd, args, mainThreadOnly) {
  const p = new UCIProcess(cmd, args);
  p.send('uci');
  await p.wait(/^uciok$/, 120000);
  const w = p.mark();
  for (const l of warmLines) p.send(l);
  await p.wait(/^bestmove /, 600000, w);
  const cpuNow = () => (mainThreadOnly ? cpuOfThread(p.proc.pid, p.proc.pid) : cpuOf(p.proc.pid));
  let nodes = 0, time = 0;
  const cpu0 = cpuNow();
  for (const pos of POSITIONS) {
    const m = p.mark();
    p.send('ucinewgame');
    p.send(pos);
    p.send(`go depth ${DEPTH}`);
    await p.wait(/^bestmove /, 600000, m);
    const r = lastInfo(p.since(m));
    nodes += r.nodes; time += r.time;
  }
  const cpu = cpuNow() - cpu0;
  await p.quit();
  return { nodes, nps: Math.round(nodes / time * 1000), cpuNps: Math.round(nodes / cpu) };
}

async function stopLatencyProcess(cmd, args, trials) {
  const p = new UCIProcess(cmd, args);
  p.send('uci');
  await p.wait(/^uciok$/, 120000);
  const lat = [];
  for (let i = 0; i < trials; i++) {
    const m = p.mark();
    p.send(POSITIONS[i % POSITIONS.length]);
    p.send('go infinite');
    await new Promise((r) => setTimeout(r, 200 + (i * 37) % 500));
    const t = p.send('stop');
    lat.push((await p.wait(/^bestmove /, 10000, m)).t - t);
  }
  await p.quit();
  return lat;
}

const server = await serve({ mounts: { '/e/': tmp, '/tests/': path.dirname(new URL(import.meta.url).pathname) } });
const browser = await launch();
const page = await browser.ctx.newPage();
await page.goto(server.url + '/e/blank.html');

async function workloadChromium(wasm) {
  await page.evaluate(async ({ wasm, warmLines }) => {
    const h = await import('/tests/page-helpers.js');
    window.fe = h.open('/e/worker.js?wasm=' + wasm);
    window.fe.send('uci');
    await window.fe.wait(h.isLine('uciok'), 120000);
    const m = window.fe.mark();
    for (const l of warmLines) window.fe.send(l);
    await window.fe.wait(h.isLine('bestmove'), 600000, m);
  }, { wasm, warmLines });
  const cpu0 = chromiumWorkerCPU();
  const r = await page.evaluate(async ({ POSITIONS, DEPTH }) => {
    const h = await import('/tests/page-helpers.js');
    const e = window.fe;
    let nodes = 0, time = 0;
    for (const pos of POSITIONS) {
      const m = e.mark();
      e.send('ucinewgame'); e.send(pos); e.send(`go depth ${DEPTH}`);
      await e.wait(h.isLine('bestmove'), 600000, m);
      const l = e.log.slice(m).map((x) => x.data).filter((x) => / nodes \d+ /.test(x) && / time \d+/.test(x)).at(-1);
      nodes += Number(l.match(/ nodes (\d+)/)[1]); time += Number(l.match(/ time (\d+)/)[1]);
    }
    return { nodes, nps: Math.round(nodes / time * 1000) };
  }, { POSITIONS, DEPTH });
  r.cpuNps = Math.round(r.nodes / workerDelta(cpu0, chromiumWorkerCPU()));
  await page.evaluate(() => window.fe.w.terminate());
  return r;
}

async function chromiumLoadAndStop(trials) {
  return page.evaluate(async ({ trials, POSITIONS }) => {
    const h = await import('/tests/page-helpers.js');
    const e = h.open('/e/worker.js');
    const t0 = e.created;
    e.send('isready');
    const ready = (await e.wait(h.isLine('readyok'), 120000)).t - t0;
    const lat = [];
    for (let i = 0; i < trials; i++) {
      const m = e.mark();
      e.send(POSITIONS[i % POSITIONS.length]);
      e.send('go infinite');
      await h.sleep(200 + (i * 37) % 500);
      const t = e.send('stop');
      lat.push((await e.wait(h.isLine('bestmove'), 10000, m)).t - t);
    }
    e.w.terminate();
    return { ready, lat };
  }, { trials, POSITIONS });
}

const runs = { native: [], node: [], nodeNoYield: [], chromium: [], chromiumNoYield: [] };
const cpuRuns = { native: [], node: [], nodeNoYield: [], chromium: [], chromiumNoYield: [] };
let nodesCheck = null;
for (let r = 0; r < ROUNDS; r++) {
  const row = {
    native: await workloadProcess(native, [], false),
    node: await workloadProcess(process.execPath, [RUNNER, '--wasm', path.join(tmp, 'azurite.wasm')], true),
    nodeNoYield: await workloadProcess(process.execPath, [RUNNER, '--wasm', path.join(tmp, 'azurite-noyield.wasm')], true),
    chromium: await workloadChromium('azurite.wasm'),
    chromiumNoYield: await workloadChromium('azurite-noyield.wasm'),
  };
  for (const [k, v] of Object.entries(row)) { runs[k].push(v.nps); cpuRuns[k].push(v.cpuNps); }
  const counts = Object.values(row).map((v) => v.nodes);
  nodesCheck ??= counts[0];
  console.log(`round ${r + 1}: ` + Object.entries(row).map(([k, v]) => `${k} ${v.nps} wall / ${v.cpuNps} cpu nps (${v.nodes} nodes)`).join(', '));
  if (new Set(counts).size !== 1) console.log('  note: node counts differ between builds: ' + counts.join(' '));
}
const med = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, median(v)]));
const cmed = Object.fromEntries(Object.entries(cpuRuns).map(([k, v]) => [k, median(v)]));
const ld = [];
let chromiumLat = [];
for (let i = 0; i < 3; i++) {
  const r = await chromiumLoadAndStop(i === 0 ? TRIALS : 0);
  ld.push(r.ready);
  if (i === 0) chromiumLat = r.lat;
}
const nodeLat = await stopLatencyProcess(process.execPath, [RUNNER, '--wasm', path.join(tmp, 'azurite.wasm')], TRIALS);
await browser.close();
await server.close();

const pct = (a) => { const s = [...a].sort((x, y) => x - y); const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))]; return `min ${s[0].toFixed(1)}, median ${q(0.5).toFixed(1)}, p90 ${q(0.9).toFixed(1)}, max ${s.at(-1).toFixed(1)} ms`; };
const wasm = fs.readFileSync(path.join(DIST, 'azurite.wasm'));
const kib = (n) => (n / 1024).toFixed(1) + ' KiB';
console.log(`\nworkload: ${POSITIONS.length} positions, go depth ${DEPTH}, ${ROUNDS} rounds (medians); load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`nps native ${med.native}; wasm node ${med.node} (${(med.node / med.native).toFixed(2)}x native), Chromium ${med.chromium} (${(med.chromium / med.native).toFixed(2)}x native)`);
console.log(`CPU nps native ${cmed.native}; wasm node ${cmed.node} (${(cmed.node / cmed.native).toFixed(2)}x native), Chromium ${cmed.chromium} (${(cmed.chromium / cmed.native).toFixed(2)}x native)`);
console.log(`yield cost (CPU nps): node ${((1 - cmed.node / cmed.nodeNoYield) * 100).toFixed(1)} % (no-yield ${cmed.nodeNoYield}), Chromium ${((1 - cmed.chromium / cmed.chromiumNoYield) * 100).toFixed(1)} % (no-yield ${cmed.chromiumNoYield})`);
console.log(`yield cost (wall nps): node ${((1 - med.node / med.nodeNoYield) * 100).toFixed(1)} % (no-yield build ${med.nodeNoYield}), Chromium ${((1 - med.chromium / med.chromiumNoYield) * 100).toFixed(1)} % (no-yield build ${med.chromiumNoYield})`);
console.log(`new Worker -> readyok (Chromium, 3 loads): ${ld.map((x) => x.toFixed(0)).join(', ')} ms`);
console.log(`stop -> bestmove, Chromium, ${TRIALS} trials: ${pct(chromiumLat)}  [${chromiumLat.map((x) => x.toFixed(1)).join(' ')}]`);
console.log(`stop -> bestmove, node runner, ${TRIALS} trials: ${pct(nodeLat)}  [${nodeLat.map((x) => x.toFixed(1)).join(' ')}]`);
console.log(`azurite.wasm: raw ${kib(wasm.length)}, gzip -9 ${kib(zlib.gzipSync(wasm, { level: 9 }).length)}, brotli 11 ${kib(zlib.brotliCompressSync(wasm, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length)}`);
fs.rmSync(tmp, { recursive: true, force: true });
