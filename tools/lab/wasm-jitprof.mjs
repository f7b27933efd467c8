#!/usr/bin/env node
// wasm-jitprof.mjs counts the machine instructions V8's compiled code spends
// in each Go function of a GOOS=js GOARCH=wasm test binary, with valgrind:
// where wasm-icount.mjs counts wasm instructions, this counts what the CPU
// runs, so it sees what a wasm count cannot (a memory.copy is one wasm
// instruction and a call out of the compiled code; a br_table jump is one
// instruction and eight machine ones). Per search node when the output has
// "Nodes searched: N", else in total.
//
//   node tools/lab/wasm-jitprof.mjs X.wasm [test flags…]        (`make wasm-jitprof`)
//
// node runs with --no-liftoff (only optimised code, see instr-per-node.sh)
// and --perf-basic-prof, whose /tmp/perf-PID.map names each compiled
// function's address range; callgrind counts instructions per address, and
// the two together give each function's count. The code of a function is
// the same from run to run, so unlike instr-per-node.sh's totals (about
// 1.5 % spread) the per-function figures of the engine's packages repeat
// exactly for one binary: a change of a few instructions per node shows.
// Rows: the top functions (JITPROF_TOP, default 30), then the engine's
// packages, the Go runtime and standard library, and the C memset/memcpy
// that memory.fill and memory.copy call (mostly start-up: the table clear).
// Needs valgrind. A bench depth of 6 takes a few minutes.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [bin, ...args] = process.argv.slice(2);
if (!bin) {
  console.error('usage: node tools/lab/wasm-jitprof.mjs X.wasm [test flags…]');
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jitprof-'));
const cgOut = path.join(dir, 'callgrind.out');
const goroot = execFileSync('go', ['env', 'GOROOT']).toString().trim();
const child = spawn('valgrind', ['--tool=callgrind', '--dump-instr=yes', '--compress-pos=no',
  '--compress-strings=no', `--callgrind-out-file=${cgOut}`, 'node', '--no-liftoff',
  '--perf-basic-prof', path.join(goroot, 'lib', 'wasm', 'wasm_exec_node.js'), bin, ...args]);
let text = '';
child.stdout.on('data', (d) => { text += d; });
child.stderr.on('data', (d) => { text += d; });
// The map is copied while the program runs: it is written as code is
// compiled, and a stale /tmp/perf-*.map may be cleaned up by others.
const mapCopy = path.join(dir, 'perf.map');
const copyMap = () => {
  const m = text.match(/^==(\d+)==/m);
  const src = m && `/tmp/perf-${m[1]}.map`;
  if (src && fs.existsSync(src)) fs.copyFileSync(src, mapCopy);
};
const timer = setInterval(copyMap, 2000);
const code = await new Promise((resolve) => child.on('close', resolve));
clearInterval(timer);
copyMap();
if (code !== 0 || !fs.existsSync(mapCopy)) {
  console.error(text);
  console.error(`wasm-jitprof: valgrind exited with ${code}${fs.existsSync(mapCopy) ? '' : ', no perf map'}`);
  process.exit(1);
}

const ranges = fs.readFileSync(mapCopy, 'utf8').trim().split('\n').map((l) => {
  const [a, size, ...name] = l.split(' ');
  return [parseInt(a, 16), parseInt(size, 16), name.join(' ')];
}).sort((x, y) => x[0] - y[0]);
const find = (a) => {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid][0] <= a) lo = mid + 1; else hi = mid - 1;
  }
  return hi >= 0 && a < ranges[hi][0] + ranges[hi][1] ? ranges[hi][2] : null;
};
// callgrind's format with --dump-instr=yes and no compression: "fn=NAME"
// starts a function, "0xADDR LINE COST" is an instruction's own cost, and
// the line after "calls=…" is a call's inclusive cost (skipped).
const perFn = new Map();
const groups = new Map();
const add = (m, k, c) => m.set(k, (m.get(k) ?? 0) + c);
let fn = '';
let skip = false;
for (const l of fs.readFileSync(cgOut, 'utf8').split('\n')) {
  if (skip) { skip = false; continue; }
  if (l.startsWith('calls=')) { skip = true; continue; }
  if (l.startsWith('fn=')) { fn = l.slice(3); continue; }
  if (!l.startsWith('0x')) continue;
  const parts = l.split(' ');
  const cost = Number(parts[parts.length - 1]);
  const name = find(parseInt(parts[0], 16));
  if (name?.startsWith('JS:') && name.endsWith('-turbofan')) {
    const go = name.slice(3).replace(/-\d+-turbofan$/, '');
    add(perFn, go, cost);
    const pkg = go.match(/^github\.com_azurite_chess_azurite_engine_([a-z]+)\./);
    add(groups, pkg ? `engine/${pkg[1]}` : 'Go runtime and std', cost);
  } else if (!name && /mem(set|cpy|move)/.test(fn)) {
    add(groups, 'C memset/memcpy', cost);
  }
}
fs.rmSync(dir, { recursive: true, force: true });

const m = text.match(/Nodes searched: (\d+)/);
const per = m ? Number(m[1]) : 1;
console.log(`V8 machine instructions ${m ? `per search node (${per} nodes)` : 'in total'}, by function:`);
const fmt = (c) => (c / per).toFixed(1).padStart(12);
[...perFn].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.JITPROF_TOP || 30))
  .forEach(([n, c]) => console.log(fmt(c) + ' ' + n.replace(/^github\.com_azurite_chess_azurite_engine_/, '')));
console.log('by package:');
let engine = 0;
for (const [k, c] of [...groups].sort()) {
  console.log(fmt(c) + ' ' + k);
  if (k.startsWith('engine/')) engine += c;
}
console.log(fmt(engine) + ' engine packages together');
