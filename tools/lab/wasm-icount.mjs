#!/usr/bin/env node
// wasm-icount.mjs runs a GOOS=js GOARCH=wasm test binary with a counter on
// every straight-line run of wasm instructions and prints how many
// instructions each function executed: a measure of a wasm change that,
// unlike the clock, does not depend on the machine's load. Per search node
// when the output has "Nodes searched: N", per perft node when it has a
// "BenchmarkPerft/ROW … N nodes/op" line, else in total. The rows count
// what ran after start-up (package initialisation, up to the program's first
// output); the first line gives both.
//   node tools/lab/wasm-icount.mjs X.wasm [test flags…]      (`make wasm-icount`)
//   node tools/lab/wasm-icount.mjs board-wasm.test -test.run '^$' \
//     -test.bench '^BenchmarkPerft$/^kiwipete-d4-bulk$' -test.benchtime 1x -test.v
// (-test.v makes the test binary write before the benchmark runs rather than
// after it, so that "after start-up" leaves out only package initialisation.)
// ICOUNT_RUNS=REGEX adds a profile of the hottest straight-line runs of the
// functions whose names match, each with its line in the disassembly (kept
// as ICOUNT_WAT). ICOUNT_TOP sets the number of rows. It needs wasm2wat and
// wat2wasm (Debian package wabt). A run is about as slow as the plain binary
// under node, times 2 to 4.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const [bin, ...args] = process.argv.slice(2);
if (!bin) {
  console.error('usage: node tools/lab/wasm-icount.mjs X.wasm [test flags…]');
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'icount-'));
execFileSync('wasm2wat', [bin, '-o', path.join(dir, 'in.wat')]);

// A run ends at every control instruction, so each run is entered only at its
// start and one counter update per run counts its instructions exactly.
const control = new Set(['block', 'loop', 'if', 'else', 'end', 'br', 'br_if', 'br_table',
  'return', 'call', 'call_indirect', 'unreachable']);
// block, else and end only mark structure and compile to no machine code;
// counting them made a jump in a function with many resume points look as
// dear as hundreds of instructions (a taken branch in Go's wasm re-enters
// the function's loop, then passes one block opener per resume point on the
// way to its br_table: 330 in negamax).
const structural = new Set(['block', 'else', 'end']);
const names = [];
const out = [];
let body = null;
let bodyStart = 0; // in.wat line number (from 1) of body[0]
// ICOUNT_RUNS=REGEX also counts each straight-line run of the functions whose
// names match, and prints the hottest runs with their line in the
// disassembly, which it keeps (ICOUNT_WAT names the copy; default in.wat
// under the temporary directory, printed).
const runsRe = process.env.ICOUNT_RUNS ? new RegExp(process.env.ICOUNT_RUNS) : null;
const runs = []; // [function index, in.wat line of the run's first instruction, instructions]
const flush = (lines, fn) => {
  const perRun = runsRe && runsRe.test(names[fn]);
  let run = [];
  let start = bodyStart;
  const emit = (next) => {
    const n = run.filter((l) => l.trim() !== '' && !structural.has(l.trim().split(/\s+/)[0])).length;
    if (n) out.push(`global.get $__ic${fn}`, `i64.const ${n}`, 'i64.add', `global.set $__ic${fn}`);
    if (run.length && run[run.length - 1].trim().startsWith('br_table')) {
      out.push(`global.get $__bt${fn}`, 'i64.const 1', 'i64.add', `global.set $__bt${fn}`);
    }
    if (n && perRun) {
      const g = `$__run${runs.length}`;
      runs.push([fn, start, n]);
      out.push(`global.get ${g}`, 'i64.const 1', 'i64.add', `global.set ${g}`);
    }
    out.push(...run);
    run = [];
    start = next;
  };
  lines.forEach((l, i) => {
    run.push(l);
    if (control.has(l.trim().split(/\s+/)[0])) emit(bodyStart + i + 1);
  });
  emit(0);
};
const count = (s, c) => s.split(c).length - 1;
let declared = false;
let lineNo = 0;
for (const line of fs.readFileSync(path.join(dir, 'in.wat'), 'utf8').split('\n')) {
  lineNo++;
  if (body !== null) {
    const t = line.trim();
    if (body.length === 0 && /^\((local|param|result)/.test(t)) { out.push(line); continue; }
    if (body.length === 0) bodyStart = lineNo;
    if (count(line, '(') < count(line, ')')) { // the last instruction, with the function's ')'
      body.push(line.replace(/\)\s*$/, ''));
      flush(body, names.length - 1);
      body = null;
      out.push('  )');
      continue;
    }
    body.push(line);
    continue;
  }
  if (line.startsWith('  (func ')) {
    names.push(line.trim().split(/\s+/)[1]);
    out.push(line);
    if (count(line, '(') > count(line, ')')) body = [];
    continue;
  }
  if (line.startsWith('  (export') && !declared) { // after the module's own globals
    declared = true;
    names.forEach((_, i) => out.push(`  (global $__ic${i} (mut i64) (i64.const 0))`));
    names.forEach((_, i) => out.push(`  (export "__ic${i}" (global $__ic${i}))`));
    names.forEach((_, i) => out.push(`  (global $__bt${i} (mut i64) (i64.const 0))`,
      `  (export "__bt${i}" (global $__bt${i}))`));
    runs.forEach((_, i) => out.push(`  (global $__run${i} (mut i64) (i64.const 0))`,
      `  (export "__run${i}" (global $__run${i}))`));
  }
  out.push(line);
}
fs.writeFileSync(path.join(dir, 'out.wat'), out.join('\n'));
execFileSync('wat2wasm', [path.join(dir, 'out.wat'), '-o', path.join(dir, 'out.wasm')]);

// Run it as go_js_wasm_exec does, watching the output for the node count.
const goroot = process.env.GOROOT || execFileSync('go', ['env', 'GOROOT']).toString().trim();
const require = createRequire(import.meta.url);
globalThis.require = require;
globalThis.fs = fs;
globalThis.path = path;
globalThis.crypto ??= require('node:crypto');
require(path.join(goroot, 'lib', 'wasm', 'wasm_exec.js'));
// Go's os.Stdout goes through fs.write, the runtime's own prints through
// fs.writeSync.
let text = '';
// start holds each function's instructions when the program first writes,
// i.e. once package initialisation (tables, bitbases) is done: the "after
// start-up" figures leave that out, and nothing else.
let start = null;
const see = (fd, buf) => {
  if (fd !== 1 && fd !== 2) return;
  start ??= names.map((_, i) => Number(instance.exports[`__ic${i}`].value));
  text += Buffer.from(buf).toString();
};
const { write, writeSync } = fs;
fs.write = (fd, buf, ...rest) => { see(fd, buf); return write(fd, buf, ...rest); };
fs.writeSync = (fd, buf, ...rest) => { see(fd, buf); return writeSync(fd, buf, ...rest); };
const go = new globalThis.Go();
go.argv = [bin, ...args];
go.env = { TMPDIR: os.tmpdir(), ...process.env };
go.exit = process.exit;
const { instance } = await WebAssembly.instantiate(fs.readFileSync(path.join(dir, 'out.wasm')), go.importObject);
process.on('exit', () => {
  const rows = names.map((n, i) => [Number(instance.exports[`__ic${i}`].value) - (start?.[i] ?? 0), n,
    Number(instance.exports[`__bt${i}`].value)]).filter((r) => r[0] > 0);
  rows.sort((a, b) => b[0] - a[0]);
  let per = 1;
  let unit = 'in total';
  const m = text.match(/Nodes searched: (\d+)/);
  const pm = text.match(/^(BenchmarkPerft\/\S+).*?\s(\d+) nodes\/op/m);
  if (m) { per = Number(m[1]); unit = `per search node (${per} nodes)`; }
  else if (pm) { per = Number(pm[2]); unit = `per perft node of ${pm[1]} (${per} nodes)`; }
  const total = rows.reduce((s, r) => s + r[0], 0) + (start ?? []).reduce((s, c) => s + c, 0);
  const once = (start ?? []).reduce((s, c) => s + c, 0);
  console.log(`wasm instructions ${unit}: ${(total / per).toFixed(0)}; after start-up (package init, up to the first output): ${((total - once) / per).toFixed(0)}`);
  console.log('instructions, dispatches (br_table: function entries and jumps that are not fall-throughs), function');
  for (const [c, n, bt] of rows.slice(0, Number(process.env.ICOUNT_TOP || 25))) {
    console.log((c / per).toFixed(0).padStart(10) + (bt / per).toFixed(2).padStart(9) + ' ' + n.replace(/^\$github\.com_azurite_chess_azurite_engine_/, ''));
  }
  if (runsRe) {
    const wat = process.env.ICOUNT_WAT || path.join(dir, 'in.wat');
    if (wat !== path.join(dir, 'in.wat')) fs.copyFileSync(path.join(dir, 'in.wat'), wat);
    console.log(`hottest runs (instructions per unit, times entered per unit, function, line in ${wat}):`);
    const hot = runs.map(([fn, line, n], i) => {
      const k = Number(instance.exports[`__run${i}`].value);
      return [k * n, k, fn, line];
    }).filter((r) => r[0] > 0).sort((a, b) => b[0] - a[0]);
    for (const [c, k, fn, line] of hot.slice(0, Number(process.env.ICOUNT_TOP || 25))) {
      console.log(`${(c / per).toFixed(1).padStart(10)} ${(k / per).toFixed(3).padStart(8)} ${names[fn].replace(/^\$github\.com_azurite_chess_azurite_engine_/, '')}:${line}`);
    }
    if (wat !== path.join(dir, 'in.wat')) fs.rmSync(dir, { recursive: true, force: true });
    return;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});
await go.run(instance);
