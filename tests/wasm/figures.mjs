#!/usr/bin/env node
// figures.mjs measures, side by side in one run, what docs/protocol-figures.md and the
// issue ask for (make wasm-figures; not part of make test):
//
//   - the cost of the search's event-loop turns, in one engine instance per
//     host (node runner, Chromium worker): the same positions searched to the
//     same fixed depth (a fixed node count) with turns off and with each
//     setting. For each position every setting runs twice in mirrored order
//     (off A B B A off), so a drift (load, tier-up, the neighbours) cancels,
//     and the order rotates from one position to the next so no setting
//     keeps the same slot; per round a setting's cost is its runs against
//     the round's "off" runs, and the report gives the median of the rounds
//     with the quartiles and the extremes. WARMUP untimed rounds
//     come first (V8 compiles wasm lazily and tiers hot functions up in the
//     background; the first rounds also meet a cold table and a growing Go
//     heap). Ratios: engine nps (nodes / the engine's own `time`), wall time
//     (go sent -> bestmove seen by the client), CPU time of the thread that
//     runs the engine (node: the main thread; Chromium: the DedicatedWorker
//     thread), and the engine's own count of turns and of the time spent in
//     them ("yield stats"), which is the direct cost without the noise;
//   - search speed of the native binary vs the wasm build in node and Chromium
//     (the same workload; native alternates with the wasm runs);
//   - new Worker -> readyok in Chromium (3 loads);
//   - stop -> bestmove latency over TRIALS trials (Chromium and node), for
//     every config but off;
//   - .wasm size raw/gzip/brotli.
//
// The yield settings come from a measurement build (-X main.yieldMode=switch)
// that understands "yield off|on|<ms>|task|channel|floor <n>|stats";
// otherwise it is the shipped code. CONFIGS (comma-separated; each item is a
// space-separated list of those arguments, "off" first) chooses what is
// compared, e.g. CONFIGS='off,on,10,20' or CONFIGS='off,channel 5,task 5' or
// CONFIGS='off,10 floor 8'. A "#tag" suffix makes a second copy of a setting
// ("off,off#2,on": off#2 against off is an A/A control of the method).
// Environment: DEPTH, ROUNDS, WARMUP, TRIALS, HOSTS (node,chromium), NATIVE
// (0: no native speed runs), STOP (0: no stop-latency trials), TURNS (turns
// per turn bench, 0: none), STEPS (thousands of computing steps between the
// turns of the second turn bench).
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
const WARMUP = Number(process.env.WARMUP ?? 1);
const TRIALS = Number(process.env.TRIALS || 20);
const NATIVE = process.env.NATIVE !== '0';
const STOP = process.env.STOP !== '0';
const TURNS = Number(process.env.TURNS ?? 500);
const STEPS = Number(process.env.STEPS ?? 1000);
const CONFIGS = (process.env.CONFIGS || 'off,on').split(',').map((s) => s.trim());
const HOSTS = (process.env.HOSTS || 'node,chromium').split(',');
const POSITIONS = [
  'position startpos',
  'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8',
];
if (CONFIGS[0] !== 'off') throw new Error('CONFIGS must start with off (the baseline)');
if (new Set(CONFIGS).size !== CONFIGS.length) throw new Error('CONFIGS has duplicates; tell copies apart with #tag');

const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(`start ${new Date().toISOString()}, load average ${load()}, ${os.cpus().length} cores; ${POSITIONS.length} positions x go depth ${DEPTH}, ${WARMUP} warm-up + ${ROUNDS} rounds, configs ${JSON.stringify(CONFIGS)}`);

requireBuild();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-figures-'));
const native = path.join(tmp, 'azurite');
execFileSync('go', ['build', '-trimpath', '-o', native, './cmd/azurite'], { cwd: ROOT });
for (const f of ['worker.js', 'wasm_exec.js', 'azurite.wasm']) fs.copyFileSync(path.join(DIST, f), path.join(tmp, f));
// The same build step as dist/azurite.wasm (internal/wasmbuild: compile, then the rewrite).
execFileSync('go', ['run', './tools/wasmbuild', '-o', path.join(tmp, 'azurite-switch.wasm'), './wasm',
  'build', '-trimpath', '-ldflags=-s -X main.yieldMode=switch'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });

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

// workerThreads lists the "pid/tid" of the threads named DedicatedWorker among
// pids: the thread that runs the engine in Chromium (this run opens one
// engine worker at a time).
function workerThreads(pids) {
  const out = [];
  for (const pid of pids) {
    let tids = [];
    try { tids = fs.readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tids) {
      try { if (fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith('DedicatedWorker')) out.push([pid, tid]); } catch { /* gone */ }
    }
  }
  return out;
}
// threadCPU sums the CPU time of threads in seconds, from schedstat (ns; the
// stat file counts 10 ms ticks).
const threadCPU = (threads) => threads.reduce((s, [pid, tid]) => {
  try { return s + Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e9; } catch { return s; }
}, 0);
// ctxSwitches sums the voluntary (the thread slept) and involuntary (it was
// preempted) context switches of threads.
function ctxSwitches(threads) {
  let vol = 0, inv = 0;
  for (const [pid, tid] of threads) {
    try {
      const st = fs.readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      vol += Number(st.match(/^voluntary_ctxt_switches:\s+(\d+)/m)[1]);
      inv += Number(st.match(/^nonvoluntary_ctxt_switches:\s+(\d+)/m)[1]);
    } catch { /* gone */ }
  }
  return { vol, inv };
}

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
    threads: () => [[String(p.proc.pid), String(p.proc.pid)]],
    async setup(lines) {
      const m = p.mark();
      for (const l of lines) p.send(l);
      p.send('isready');
      await p.wait(/^readyok$/, 60000, m);
      const err = p.since(m).find((l) => l.startsWith('info string error'));
      if (err) throw new Error(`${name}: ${err}`);
      return p.since(m);
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
    threads: () => workerThreads(myDescendants()),
    setup: (lines) => page.evaluate(async (lines) => {
      const h = await import('/tests/page-helpers.js');
      const m = window.fe.mark();
      for (const l of lines) window.fe.send(l);
      window.fe.send('isready');
      await window.fe.wait(h.isLine('readyok'), 60000, m);
      const out = window.fe.log.slice(m).map((x) => x.data).filter((l) => typeof l === 'string');
      const err = out.find((l) => l.startsWith('info string error'));
      if (err) throw new Error('chromium: ' + err);
      return out;
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

// measure runs positions (all by default) and sums nodes, engine time, wall
// time, CPU time of host.pids() and of the engine thread, and (withStats)
// the engine's count of event-loop turns and of the time spent in them.
async function workload(host, withStats = false, positions = POSITIONS) {
  const pids = host.pids();
  const threads = host.threads();
  const stats = async () => {
    const l = (await host.setup(['yield stats'])).find((x) => x.startsWith('info string yield stats '));
    const m = l.match(/turns (\d+) us (\d+) gc (\d+) alloc (\d+) loop_us (\d+) resume_us (\d+)/);
    return { turns: Number(m[1]), turnMs: Number(m[2]) / 1000, gc: Number(m[3]), alloc: Number(m[4]), loopMs: Number(m[5]) / 1000, resumeMs: Number(m[6]) / 1000 };
  };
  const s0 = withStats ? await stats() : null;
  const c0 = cpuSnapshot(pids);
  const t0 = threadCPU(threads);
  const x0 = ctxSwitches(threads);
  let nodes = 0, time = 0, wall = 0;
  for (const pos of positions) {
    const r = await host.search(pos, `go depth ${DEPTH}`);
    nodes += r.nodes; time += r.time; wall += r.wall;
  }
  const x1 = ctxSwitches(threads);
  const w = { nodes, time, wall, cpu: cpuSince(c0, cpuSnapshot(pids)), tcpu: threadCPU(threads) - t0, vol: x1.vol - x0.vol, inv: x1.inv - x0.inv, turns: 0, turnMs: 0, gc: 0, alloc: 0, loopMs: 0, resumeMs: 0 };
  if (withStats) {
    const s1 = await stats();
    w.turns = s1.turns; w.turnMs = s1.turnMs; w.gc = s1.gc - s0.gc; w.alloc = s1.alloc - s0.alloc; w.loopMs = s1.loopMs; w.resumeMs = s1.resumeMs;
  }
  return w;
}

// settings turns a config into yield commands, after resetting every
// setting to the shipped one; node has one wake-up path (setImmediate), so
// "task" and "channel" are for Chromium only. "#tag" suffixes are labels.
function settings(cfg, hostName) {
  const words = cfg.replace(/#.*$/, '').trim().split(/\s+/);
  const cmds = ['yield on', 'yield floor 0'];
  if (hostName !== 'node') cmds.push('yield task');
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 'floor') { cmds.push(`yield floor ${words[++i]}`); continue; }
    if (hostName === 'node' && ['task', 'channel'].includes(words[i])) continue;
    cmds.push(`yield ${words[i]}`);
  }
  return cmds;
}
const fmtPct = (x) => (x >= 0 ? '+' : '') + (x * 100).toFixed(1) + ' %';
const sum = (a, f) => a.reduce((s, x) => s + f(x), 0);
// merge adds up the runs of one setting within a round.
const merge = (runs) => Object.fromEntries(Object.keys(runs[0]).map((k) => [k, sum(runs, (r) => r[k])]));

// ---- the runs --------------------------------------------------------------

const nodeMain = (p) => [String(p.proc.pid)];
const results = {};        // host -> config -> [merged runs of one round] per round
const nativeRuns = [];
const stopLat = {};
const turnBench = [];
const blocks = {};          // host -> [config -> merged twin runs of one position] per block
for (const hostName of HOSTS) {
  const host = hostName === 'node'
    ? await processHost('node', process.execPath, [RUNNER, '--wasm', path.join(tmp, 'azurite-switch.wasm')], nodeMain)
    : await chromiumHost('azurite-switch.wasm');
  if (hostName === 'chromium' && host.threads().length !== 1) console.log(`warning: ${host.threads().length} DedicatedWorker threads; the thread CPU column sums them`);
  // The cost of one turn alone, per wake-up path: TURNS turns back to back,
  // then TURNS turns each after STEPS thousand steps of plain computing
  // against the same computing without turns ("yield burn"): wall time (the
  // engine's clock), CPU time of the engine thread, and the event loop's
  // part of a turn (from posting the wake-up to its callback).
  const cmdCost = async (cmd) => {
    const th = host.threads();
    const c0 = threadCPU(th);
    const l = (await host.setup([cmd])).find((x) => x.startsWith('info string yield ' + cmd.split(' ')[1]));
    return { us: Number(l.match(/ us (\d+)/)[1]), loop: Number(l.match(/ loop_us (\d+)/)[1]), cpu: (threadCPU(th) - c0) * 1e6 };
  };
  for (let i = 0; i < 3 && TURNS > 0; i++) {
    for (const p of hostName === 'node' ? ['on'] : ['task', 'channel']) {
      await host.setup([`yield ${p}`]);
      const b0 = await cmdCost(`yield bench ${TURNS}`);
      const bk = await cmdCost(`yield bench ${TURNS} ${STEPS}`);
      const nk = await cmdCost(`yield burn ${TURNS} ${STEPS}`);
      const per = (x) => (x / TURNS).toFixed(1);
      turnBench.push(`${hostName} ${p}: back to back ${per(b0.us)} us wall, ${per(b0.cpu)} us cpu, event loop ${per(b0.loop)} us per turn; ` +
        `after ${per(nk.cpu)} us of computing: +${per(bk.us - nk.us)} us wall, +${per(bk.cpu - nk.cpu)} us cpu, event loop ${per(bk.loop)} us per turn (load ${load()})`);
      console.log(turnBench.at(-1));
    }
  }
  results[hostName] = Object.fromEntries(CONFIGS.map((c) => [c, []]));
  blocks[hostName] = [];
  // Per position, every setting runs twice in mirrored order (A B C C B A),
  // which cancels a linear drift; the order is rotated from one position to
  // the next (B C A A C B, …), so every setting takes every slot equally
  // often: an A/A control with "off" always in the outer slots showed the
  // outer slots 18 % faster in wall time and 5 % in CPU time at load 10.
  let rot = 0;
  for (let r = -WARMUP; r < ROUNDS; r++) {
    const byCfg = Object.fromEntries(CONFIGS.map((c) => [c, []]));
    for (const pos of POSITIONS) {
      const k = rot++ % CONFIGS.length;
      const base = [...CONFIGS.slice(k), ...CONFIGS.slice(0, k)];
      const block = Object.fromEntries(CONFIGS.map((c) => [c, []]));
      for (const cfg of [...base, ...[...base].reverse()]) {
        await host.setup(settings(cfg, hostName));
        const w = await workload(host, true, [pos]);
        byCfg[cfg].push(w);
        block[cfg].push(w);
      }
      if (r >= 0) blocks[hostName].push(Object.fromEntries(CONFIGS.map((c) => [c, merge(block[c])])));
    }
    const row = [];
    for (const cfg of CONFIGS) {
      const w = merge(byCfg[cfg]);
      if (r >= 0) results[hostName][cfg].push(w);
      row.push(`${cfg}: ${Math.round(w.nodes / w.time * 1000)} nps, wall ${w.wall.toFixed(0)} ms, thread cpu ${w.tcpu.toFixed(3)} s, ctx switches ${w.vol} vol ${w.inv} invol, ${w.turns} turns ${w.turnMs.toFixed(1)} ms (event loop ${w.loopMs.toFixed(1)}, Go ${w.resumeMs.toFixed(1)}), ${w.gc} GCs, ${(w.alloc / 1024).toFixed(0)} KiB`);
    }
    if (hostName === 'node' && NATIVE && r >= 0) {
      // Native runs between the node rounds, under the same load.
      const n = await processHost('native', native, [], (p) => [String(p.proc.pid)]);
      const w = await workload(n);
      await n.close();
      nativeRuns.push(w);
      row.push(`native: ${Math.round(w.nodes / w.time * 1000)} nps, cpu ${w.cpu.toFixed(2)} s`);
    }
    console.log(`${hostName} ${r < 0 ? 'warm-up' : 'round ' + (r + 1)} (load ${load()}): ${row.join('; ')}`);
  }
  // Stop latency for every setting but "off" (the first is the shipped one).
  if (STOP) {
    for (const cfg of CONFIGS.slice(1).filter((c) => !c.startsWith('off'))) {
      await host.setup(settings(cfg, hostName));
      stopLat[`${hostName} [${cfg}]`] = await host.stopTrials(TRIALS);
    }
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
const nodeCounts = new Set(Object.values(results).flatMap((h) => Object.values(h).flat().map((w) => w.nodes / 2 / POSITIONS.length * POSITIONS.length)).concat(nativeRuns.map((w) => w.nodes)));
console.log(`nodes per workload: ${[...nodeCounts].join(', ')} (one value: every run did the same work)`);
// spread gives the median, the quartiles and the extremes of per-round values.
const quart = (a, q) => { const s = [...a].sort((x, y) => x - y); const i = (s.length - 1) * q; return s[Math.floor(i)] + (s[Math.ceil(i)] - s[Math.floor(i)]) * (i - Math.floor(i)); };
const spread = (a) => `${fmtPct(quart(a, 0.5))} [IQR ${fmtPct(quart(a, 0.25))} .. ${fmtPct(quart(a, 0.75))}; ${fmtPct(Math.min(...a))} .. ${fmtPct(Math.max(...a))}]`;
for (const [hostName, byCfg] of Object.entries(results)) {
  const base = byCfg.off;
  console.log(`yield cost, ${hostName}, ${ROUNDS} rounds (each: 2 runs of a setting vs the round's 2 off runs), median [quartiles; extremes]:`);
  for (const cfg of CONFIGS.slice(1)) {
    const runs = byCfg[cfg];
    // Per round: cost against the baseline runs of the same round.
    const npsCost = runs.map((w, i) => 1 - nps(w) / nps(base[i]));
    const wallCost = runs.map((w, i) => w.wall / base[i].wall - 1);
    const cpuCost = runs.map((w, i) => w.tcpu / base[i].tcpu - 1);
    const turnShare = runs.map((w) => w.turnMs / w.time);
    const perSec = runs.map((w) => w.turns / w.time * 1000);
    const usPerTurn = runs.map((w) => w.turns ? w.turnMs * 1000 / w.turns : 0);
    console.log(`  [${cfg}] nps ${spread(npsCost)}\n` +
      `     wall ${spread(wallCost)}\n` +
      `     engine-thread cpu ${spread(cpuCost)}\n` +
      `     time in turns ${spread(turnShare)} of engine time; ${quart(perSec, 0.5).toFixed(0)} turns/s, ${quart(usPerTurn, 0.5).toFixed(0)} us/turn (medians)\n` +
      `     nps per round: ${npsCost.map(fmtPct).join(' ')}`);
  }
  // The same per position block (a setting's two runs against the two off
  // runs beside them): shorter comparisons, more of them, so the median is
  // less at the mercy of a neighbour's burst.
  const bl = blocks[hostName];
  console.log(`yield cost, ${hostName}, per position block (${bl.length} blocks), median [quartiles; extremes]:`);
  for (const cfg of CONFIGS.slice(1)) {
    const npsCost = bl.map((b) => 1 - nps(b[cfg]) / nps(b.off));
    const cpuCost = bl.map((b) => b[cfg].tcpu / b.off.tcpu - 1);
    console.log(`  [${cfg}] nps ${spread(npsCost)}; engine-thread cpu ${spread(cpuCost)}`);
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
for (const l of turnBench) console.log('turn bench, ' + l);
const pct = (a) => { const s = [...a].sort((x, y) => x - y); const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))]; return `min ${s[0].toFixed(1)}, median ${q(0.5).toFixed(1)}, p90 ${q(0.9).toFixed(1)}, max ${s.at(-1).toFixed(1)} ms`; };
for (const [hostName, lat] of Object.entries(stopLat)) {
  console.log(`stop -> bestmove, ${hostName}, ${lat.length} trials: ${pct(lat)}  [${lat.map((x) => x.toFixed(1)).join(' ')}]`);
}
if (ready.length) console.log(`new Worker -> readyok (Chromium, shipped azurite.wasm, 3 loads): ${ready.map((x) => x.toFixed(0)).join(', ')} ms`);
const wasm = fs.readFileSync(path.join(DIST, 'azurite.wasm'));
const kib = (n) => (n / 1024).toFixed(1) + ' KiB';
console.log(`azurite.wasm: raw ${kib(wasm.length)}, gzip -9 ${kib(zlib.gzipSync(wasm, { level: 9 }).length)}, brotli 11 ${kib(zlib.brotliCompressSync(wasm, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length)}`);
fs.rmSync(tmp, { recursive: true, force: true });
