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
// could not start or stopped unexpectedly.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
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
  const goroot = execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
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

let api = null;
let quitting = false;
const pending = [];
globalThis.azuriteHost = {
  line: writeLine,
  event: (e) => writeLine('info string ' + JSON.stringify(e)),
  ready(a) {
    api = a;
    for (const l of pending.splice(0)) api.send(l);
  },
  quit() { quitting = true; },
};

const send = (line) => {
  if (/^\s*quit\s*$/.test(line)) quitting = true;
  if (api) api.send(line); else pending.push(line);
};

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => { if (line.trim() !== '') send(line); });
rl.on('close', () => { if (!quitting) send('quit'); });

const go = new Go();
let exitCode = 0;
go.exit = (code) => { exitCode = code; };
const { instance } = await WebAssembly.instantiate(bytes, go.importObject).catch((err) => fail(`cannot instantiate ${opts.wasm}: ${err.message}`));
await go.run(instance);
if (!quitting || exitCode !== 0) fail(`engine stopped unexpectedly (exit code ${exitCode})`);
process.exit(0);
