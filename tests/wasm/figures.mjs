#!/usr/bin/env node
// figures.mjs measures, side by side in one run, what docs/protocol.md and the
// issue ask for (make wasm-figures; not part of make test):
//
//   - the cost of the search's event-loop turns, in one engine instance per
//     host (node runner, Chromium worker): the same positions searched to the
//     same fixed depth (a fixed node count) with turns off and on, interleaved A B B A … over
//     ROUNDS rounds; per round the ratio against the "off" run next to it,
//     then the median of those ratios. Two ratios: engine nps (nodes / the
//     engine's own `time`) and wall time (go sent -> bestmove seen by the
//     client), plus CPU time of the engine's process(es) for reference;
//   - search speed of the native binary vs the wasm build in node and Chromium
//     (the same workload; native alternates with the wasm runs);
//   - new Worker -> readyok in Chromium (3 loads);
//   - stop -> bestmove latency over TRIALS trials (Chromium and node), for
//     every config but off;
//   - .wasm size raw/gzip/brotli.
//
// The yield settings come from a measurement build (-X main.yieldMode=switch)
// that understands "yield off|on|<ms>|task|channel"; otherwise it is the
// shipped code. CONFIGS (comma-separated; each item is a space-separated list
// of those arguments, "off" first) chooses what is compared, e.g.
//   CONFIGS='off,on,5,10' or CONFIGS='off,channel 5,task 5'.
// Environment: DEPTH, ROUNDS, TRIALS, HOSTS (node,chromium).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { UCIProcess } from './uci-process.mjs';
import { serve } from './static-server.mjs';
import { launch } from './browser.mjs';
import { DIST, ROOT, RUNNER, requireBuild, median } from './paths.mjs';

const DEPTH = Number(process.env.DEPTH || 13);
const ROUNDS = Number(process.env.ROUNDS || 5);
const TRIALS = Number(process.env.TRIALS || 20);
const CONFIGS = (process.env.CONFIGS || 'off,on').split(',').map((s) => s.trim());
const HOSTS = (process.env.HOSTS || 'node,chromium').split(',');
const POSITIONS = [
  'position startpos',
  'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8',
];
if (CONFIGS[0] !== 'off') throw new Error('CONFIGS must start with off (the baseline)');

const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(`start ${new Date().toISOString()}, load average ${load()}; ${POSITIONS.length} positions x go depth ${DEPTH}, ${ROUNDS} rounds, configs ${JSON.stringify(CONFIGS)}`);

requireBuild();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-figures-'));
const native = path.join(tmp, 'azurite');
execFileSync('go', ['build', '-trimpath', '-o', native, './cmd/azurite'], { cwd: ROOT });
for (const f of ['worker.js', 'wasm_exec.js', 'azurite.wasm']) fs.copyFileSync(path.join(DIST, f), path.join(tmp, f));
execFileSync('go', ['build', '-trimpath', '-ldflags=-s -X main.yieldMode=switch', '-o', path.join(tmp, 'azurite-switch.wasm'), './wasm'],
  { cwd: ROOT, env: { ...process.env, GOOS: 'js', GOARCH: 'wasm' } });

// ---- CPU time from /proc -------------------------------------------------

function threadTicks(pid, tid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch { return 0; }
}

// myDescendants lists the processes started (transitively) by this node
// process: other programs on the machine may run their own browsers.
function myDescendants() {
  const parent = new Map();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try { parent.set(pid, fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]); } catch { /* gone */ }
  }
  const mine = (pid) => { for (let p = pid, i = 0; p && p !== '0' && i < 50; p = parent.get(p), i++) if (p === String(process.pid)) return true; return false; };
  return [...parent.keys()].filter((pid) => pid !== String(process.pid) && mine(pid));
}

// cpuSnapshot maps every thread of pids to its CPU ticks; cpuSince sums the
// growth (threads that vanished in between are ignored).
function cpuSnapshot(pids) {
  const m = new Map();
  for (const pid of pids) {
    let tids = [];
    try { tids = fs.readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tids) m.set(`${pid}/${tid}`, threadTicks(pid, tid));
  }
  return m;
}
const cpuSince = (before, after) => { let d = 0; for (const [k, v] of after) d += v - (before.get(k) ?? 0); return d / 100; };

// ---- hosts ---------------------------------------------------------------
// Each host runs one engine and offers run(lines) -> per-position results and
// stopTrials(n). The workload of one config: settings lines, then for every
// position ucinewgame, position, go depth DEPTH: a fixed amount of work
// (the search is deterministic with one thread, so every build and setting
// searches the same nodes; the report checks it). The last info line comes
// when the last iteration completes, right before bestmove.

const lastInfo = (lines) => {
  const l = lines.filter((x) => / nodes \d+ /.test(x) && / time \d+/.test(x)).at(-1);
  return { nodes: Number(l.match(/ nodes (\d+)/)[1]), time: Number(l.match(/ time (\d+)/)[1]) };
};

async function processHost(name, cmd, args, cpuPids) {
  const p = new UCIProcess(cmd, args);
  p.send('uci');
  await p.wait(/^uciok$/, 120000);
  return {
    name,
    pids: () => cpuPids(p),
    async setup(lines) {
      const m = p.mark();
      for (const l of lines) p.send(l);
      p.send('isready');
      await p.wait(/^readyok$/, 60000, m);
      const err = p.since(m).find((l) => l.startsWith('info string error'));
      if (err) throw new Error(`${name}: ${err}`);
    },
    async search(pos, go) {
      const m = p.mark();
      p.send('ucinewgame');
      p.send(pos);
      const t = p.send(go);
      const b = await p.wait(/^bestmove /, 600000, m);
      return { ...lastInfo(p.since(m)), wall: b.t - t };
    },
    async stopTrials(n) {
      const lat = [];
      for (let i = 0; i < n; i++) {
        const m = p.mark();
        p.send(POSITIONS[i % POSITIONS.length]);
        p.send('go infinite');
        await new Promise((r) => setTimeout(r, 200 + (i * 37) % 500));
        const t = p.send('stop');
        lat.push((await p.wait(/^bestmove /, 10000, m)).t - t);
      }
      return lat;
    },
    close: () => p.quit(),
  };
}

let server, browser, page;
async function chromiumHost(wasm) {
  server ??= await serve({ mounts: { '/e/': tmp, '/tests/': path.dirname(new URL(import.meta.url).pathname) } });
  if (!browser) {
    browser = await launch();
    page = await browser.ctx.newPage();
    await page.goto(server.url + '/e/blank.html');
  }
  await page.evaluate(async (wasm) => {
    const h = await import('/tests/page-helpers.js');
    window.fe = h.open('/e/worker.js?wasm=' + wasm);
    window.fe.send('uci');
    await window.fe.wait(h.isLine('uciok'), 120000);
  }, wasm);
  return {
    name: 'chromium',
    pids: () => myDescendants(),
    setup: (lines) => page.evaluate(async (lines) => {
      const h = await import('/tests/page-helpers.js');
      const m = window.fe.mark();
      for (const l of lines) window.fe.send(l);
      window.fe.send('isready');
      await window.fe.wait(h.isLine('readyok'), 60000, m);
      const err = window.fe.log.slice(m).map((x) => x.data).find((l) => typeof l === 'string' && l.startsWith('info string error'));
      if (err) throw new Error('chromium: ' + err);
    }, lines),
    search: (pos, go) => page.evaluate(async ({ pos, go }) => {
      const h = await import('/tests/page-helpers.js');
      const e = window.fe;
      const m = e.mark();
      e.send('ucinewgame'); e.send(pos);
      const t = e.send(go);
      const b = await e.wait(h.isLine('bestmove'), 600000, m);
      const l = e.log.slice(m).map((x) => x.data).filter((x) => / nodes \d+ /.test(x) && / time \d+/.test(x)).at(-1);
      return { nodes: Number(l.match(/ nodes (\d+)/)[1]), time: Number(l.match(/ time (\d+)/)[1]), wall: b.t - t };
    }, { pos, go }),
    stopTrials: (n) => page.evaluate(async ({ n, POSITIONS }) => {
      const h = await import('/tests/page-helpers.js');
      const e = window.fe;
      const lat = [];
      for (let i = 0; i < n; i++) {
        const m = e.mark();
        e.send(POSITIONS[i % POSITIONS.length]);
        e.send('go infinite');
        await h.sleep(200 + (i * 37) % 500);
        const t = e.send('stop');
        lat.push((await e.wait(h.isLine('bestmove'), 10000, m)).t - t);
      }
      return lat;
    }, { n, POSITIONS }),
    close: () => page.evaluate(() => window.fe.w.terminate()),
  };
}

// workload runs every position once and sums nodes, engine time, wall time
// and CPU time of host.pids().
async function workload(host) {
  const pids = host.pids();
  const c0 = cpuSnapshot(pids);
  let nodes = 0, time = 0, wall = 0;
  for (const pos of POSITIONS) {
    const r = await host.search(pos, `go depth ${DEPTH}`);
    nodes += r.nodes; time += r.time; wall += r.wall;
  }
  return { nodes, time, wall, cpu: cpuSince(c0, cpuSnapshot(pids)) };
}

// settings turns a config into yield commands; node has one wake-up path
// (setImmediate), so "task" and "channel" are for Chromium only.
const settings = (cfg, hostName) => cfg.split(/\s+/).filter((a) => hostName !== 'node' || !['task', 'channel'].includes(a)).map((a) => `yield ${a}`);
const fmtPct = (x) => (x >= 0 ? '+' : '') + (x * 100).toFixed(1) + ' %';

// ---- the runs --------------------------------------------------------------

const nodeMain = (p) => [String(p.proc.pid)];
const results = {};        // host -> config -> [{nodes,time,wall,cpu}] per round
const nativeRuns = [];
const stopLat = {};
for (const hostName of HOSTS) {
  const host = hostName === 'node'
    ? await processHost('node', process.execPath, [RUNNER, '--wasm', path.join(tmp, 'azurite-switch.wasm')], nodeMain)
    : await chromiumHost('azurite-switch.wasm');
  // An untimed pass first: V8 compiles wasm lazily and tiers up in the background.
  await host.setup(settings('on', hostName));
  await workload(host);
  results[hostName] = Object.fromEntries(CONFIGS.map((c) => [c, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? CONFIGS : [...CONFIGS].reverse();
    const row = [];
    for (const cfg of order) {
      await host.setup(settings(`on task ${cfg}`, hostName));
      const w = await workload(host);
      results[hostName][cfg].push(w);
      row.push(`${cfg}: ${Math.round(w.nodes / w.time * 1000)} nps, wall ${w.wall.toFixed(0)} ms, cpu ${w.cpu.toFixed(2)} s`);
    }
    if (hostName === 'node') {
      // Native runs between the node rounds, under the same load.
      const n = await processHost('native', native, [], (p) => [String(p.proc.pid)]);
      const w = await workload(n);
      await n.close();
      nativeRuns.push(w);
      row.push(`native: ${Math.round(w.nodes / w.time * 1000)} nps, cpu ${w.cpu.toFixed(2)} s`);
    }
    console.log(`${hostName} round ${r + 1} (load ${load()}): ${row.join('; ')}`);
  }
  // Stop latency for every setting but "off" (the first is the shipped one).
  for (const cfg of CONFIGS.slice(1)) {
    await host.setup(settings(`on task ${cfg}`, hostName));
    stopLat[`${hostName} [${cfg}]`] = await host.stopTrials(TRIALS);
  }
  await host.close();
}

// Load times use the shipped azurite.wasm.
const ready = [];
if (HOSTS.includes('chromium')) {
  for (let i = 0; i < 3; i++) {
    ready.push(await page.evaluate(async () => {
      const h = await import('/tests/page-helpers.js');
      const e = h.open('/e/worker.js');
      e.send('isready');
      const t = (await e.wait(h.isLine('readyok'), 120000)).t - e.created;
      e.w.terminate();
      return t;
    }));
  }
}
await browser?.close();
await server?.close();

// ---- report ------------------------------------------------------------------

console.log(`\nend ${new Date().toISOString()}, load average ${load()}`);
const nps = (w) => w.nodes / w.time * 1000;
const cpuNps = (w) => w.nodes / w.cpu;
const nodeCounts = new Set(Object.values(results).flatMap((h) => Object.values(h).flat().map((w) => w.nodes)).concat(nativeRuns.map((w) => w.nodes)));
console.log(`nodes per workload: ${[...nodeCounts].join(', ')} (one value: every run did the same work)`);
for (const [hostName, byCfg] of Object.entries(results)) {
  const base = byCfg.off;
  for (const cfg of CONFIGS.slice(1)) {
    const runs = byCfg[cfg];
    // Per round: cost against the baseline run of the same round.
    const npsCost = runs.map((w, i) => 1 - nps(w) / nps(base[i]));
    const wallCost = runs.map((w, i) => w.wall / base[i].wall - 1);
    const cpuCost = runs.map((w, i) => w.cpu / base[i].cpu - 1);
    console.log(`yield cost ${hostName} [${cfg}] vs off, median of ${ROUNDS} paired rounds: nps ${fmtPct(median(npsCost))}, wall ${fmtPct(median(wallCost))}, cpu ${fmtPct(median(cpuCost))}` +
      `   (nps per round ${npsCost.map(fmtPct).join(' ')}; wall ${wallCost.map(fmtPct).join(' ')})`);
  }
}
const medNps = (runs) => Math.round(median(runs.map(nps)));
const medCpuNps = (runs) => Math.round(median(runs.map(cpuNps)));
if (nativeRuns.length) {
  const nat = medNps(nativeRuns);
  const natCpu = medCpuNps(nativeRuns);
  const on = CONFIGS[1];
  let line = `speed (medians, turns ${on}): native ${nat} nps (cpu ${natCpu})`;
  for (const [hostName, byCfg] of Object.entries(results)) {
    const runs = byCfg[on];
    line += `; wasm ${hostName} ${medNps(runs)} nps = ${(medNps(runs) / nat).toFixed(2)}x (cpu ${medCpuNps(runs)} = ${(medCpuNps(runs) / natCpu).toFixed(2)}x)`;
  }
  console.log(line);
}
const pct = (a) => { const s = [...a].sort((x, y) => x - y); const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))]; return `min ${s[0].toFixed(1)}, median ${q(0.5).toFixed(1)}, p90 ${q(0.9).toFixed(1)}, max ${s.at(-1).toFixed(1)} ms`; };
for (const [hostName, lat] of Object.entries(stopLat)) {
  console.log(`stop -> bestmove, ${hostName}, ${lat.length} trials: ${pct(lat)}  [${lat.map((x) => x.toFixed(1)).join(' ')}]`);
}
if (ready.length) console.log(`new Worker -> readyok (Chromium, shipped azurite.wasm, 3 loads): ${ready.map((x) => x.toFixed(0)).join(', ')} ms`);
const wasm = fs.readFileSync(path.join(DIST, 'azurite.wasm'));
const kib = (n) => (n / 1024).toFixed(1) + ' KiB';
console.log(`azurite.wasm: raw ${kib(wasm.length)}, gzip -9 ${kib(zlib.gzipSync(wasm, { level: 9 }).length)}, brotli 11 ${kib(zlib.brotliCompressSync(wasm, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length)}`);
fs.rmSync(tmp, { recursive: true, force: true });
