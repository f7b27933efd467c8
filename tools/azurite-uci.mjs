#!/usr/bin/env node
// azurite-uci.mjs runs the browser build of Azurite (azurite.wasm, the same
// file the Web Worker loads) as a UCI engine on stdin/stdout, so the wasm
// build can play matches under fastchess/cutechess and be compared with the
// native binary:
//
//   node tools/azurite-uci.mjs [--wasm dist/azurite.wasm] [--exec wasm_exec.js]
//
// wasm_exec.js is taken from beside the .wasm file (the build copies it from
// the same Go toolchain) or, failing that, from `go env GOROOT`/lib/wasm.
// End of input acts as "quit". Exit status: 0 after quit, 1 if the engine
// could not start, stopped unexpectedly, or its output was closed (the reader
// went away without "quit": one line on stderr, as a native engine that
// dies of SIGPIPE says nothing).
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const opts = { wasm: path.join(root, 'dist', 'azurite.wasm'), exec: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if ((a === '--wasm' || a === '--exec') && i + 1 < argv.length) opts[a.slice(2)] = argv[++i];
    else if (a === '-h' || a === '--help') {
      process.stdout.write('usage: node tools/azurite-uci.mjs [--wasm FILE] [--exec wasm_exec.js]\n');
      process.exit(0);
    } else {
      process.stderr.write(`azurite-uci: unknown argument ${JSON.stringify(a)}\n`);
      process.exit(2);
    }
  }
  return opts;
}

function findExec(opts) {
  if (opts.exec) return opts.exec;
  const beside = path.join(path.dirname(opts.wasm), 'wasm_exec.js');
  if (fs.existsSync(beside)) return beside;
  const env = { ...process.env, GOTOOLCHAIN: process.env.GOTOOLCHAIN || 'go1.27.3' }; // the project's Go
  const goroot = execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8', env }).trim();
  return path.join(goroot, 'lib', 'wasm', 'wasm_exec.js');
}

const fail = (msg) => {
  process.stderr.write(`azurite-uci: ${msg}\n`);
  process.exit(1);
};

const opts = parseArgs(process.argv.slice(2));
let bytes;
try {
  bytes = fs.readFileSync(opts.wasm);
} catch (err) {
  fail(`cannot read ${opts.wasm}: ${err.message} (run \`make wasm\` first)`);
}
// Go's runtime writes panics to fd 2 through globalThis.fs.
globalThis.fs ??= fs;
try {
  vm.runInThisContext(fs.readFileSync(findExec(opts), 'utf8'), { filename: 'wasm_exec.js' });
} catch (err) {
  fail(`cannot load wasm_exec.js: ${err.message}`);
}

// Output: one UCI line per call (typed events only appear for objects, which
// this runner never sends).
const writeLine = (line) => process.stdout.write(line + '\n');
process.stdout.on('error', (err) => fail(err.code === 'EPIPE' ? 'output closed (EPIPE): the reader went away' : `cannot write output: ${err.message}`));

let api = null;
let quitting = false;
const pending = [];
globalThis.azuriteHost = {
  line: writeLine,
  event: (e) => writeLine('info string ' + JSON.stringify(e)),
  ready(a) {
    api = a;
    for (const l of pending.splice(0)) {
      if (typeof l === 'function') l(); else api.send(l);
    }
  },
  quit() { quitting = true; },
};

const send = (line) => {
  if (/^\s*quit\s*$/.test(line)) quitting = true;
  if (api) api.send(line); else pending.push(line);
};

// Input lines are split here, holding at most MAX_LINE bytes of one line
// (uci.MaxLineBytes, as the native engine reads): a longer line is counted,
// not kept, and reported through the engine (refuseLine) with its size and
// start, in order with the lines around it.
const MAX_LINE = 8 << 20;
const QUOTE = 200;
let parts = [];
let held = 0; // bytes in parts
let size = 0; // bytes of the current line so far
let start = null; // the first bytes of a line found too long

const refuse = (n, s) => {
  const str = s.toString('utf8');
  if (api) api.refuseLine(n, str); else pending.push(() => api.refuseLine(n, str));
};
const endLine = () => {
  if (start) refuse(size, start);
  else {
    const line = Buffer.concat(parts, held).toString('utf8').replace(/[\r\n]+$/, '');
    if (line.trim() !== '') send(line);
  }
  parts = []; held = 0; size = 0; start = null;
};
const take = (chunk) => {
  size += chunk.length;
  if (start) return;
  if (held + chunk.length > MAX_LINE + 2) {
    start = Buffer.concat([...parts, chunk], Math.min(QUOTE, held + chunk.length));
    parts = []; held = 0;
    return;
  }
  parts.push(chunk); held += chunk.length;
};
process.stdin.on('data', (buf) => {
  let from = 0;
  for (let nl = buf.indexOf(10, from); nl >= 0; nl = buf.indexOf(10, from)) {
    take(buf.subarray(from, nl + 1));
    endLine();
    from = nl + 1;
  }
  if (from < buf.length) take(buf.subarray(from));
});
process.stdin.on('end', () => {
  if (size > 0) endLine();
  if (!quitting) send('quit');
});

const go = new Go();
let exitCode = 0;
go.exit = (code) => { exitCode = code; };
const { instance } = await WebAssembly.instantiate(bytes, go.importObject).catch((err) => fail(`cannot instantiate ${opts.wasm}: ${err.message}`));
await go.run(instance);
if (!quitting || exitCode !== 0) fail(`engine stopped unexpectedly (exit code ${exitCode})`);
process.exit(0);
