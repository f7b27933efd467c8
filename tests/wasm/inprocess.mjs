// The wasm engine loaded into this node process, so a test can hand the
// bridge any JavaScript value (BigInt, Proxy, throwing getters): what a
// Web Worker's postMessage delivers and more. One engine per process.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { DIST } from './paths.mjs';

/**
 * startEngine loads dist/azurite.wasm and resolves once it accepts
 * messages. The result records every output ({t, line} or {t, event}) and
 * whether the Go program exited.
 */
export async function startEngine() {
  globalThis.fs ??= fs; // Go writes panics to fd 2 through globalThis.fs
  vm.runInThisContext(fs.readFileSync(path.join(DIST, 'wasm_exec.js'), 'utf8'), { filename: 'wasm_exec.js' });
  const out = [];
  const waiters = [];
  let api = null;
  let onReady;
  const ready = new Promise((r) => { onReady = r; });
  const push = (rec) => {
    out.push(rec);
    for (const w of waiters.slice()) {
      if (out.length - 1 >= w.from && w.pred(rec)) {
        waiters.splice(waiters.indexOf(w), 1);
        clearTimeout(w.timer);
        w.resolve(rec);
      }
    }
  };
  globalThis.azuriteHost = {
    line(line) { push({ t: performance.now(), line }); },
    event(event) { push({ t: performance.now(), event }); },
    ready(a) { api = a; onReady(); },
    quit() {},
  };
  const go = new Go();
  const eng = { out, exitCode: null, exited: false };
  go.exit = (code) => { eng.exited = true; eng.exitCode = code; };
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(path.join(DIST, 'azurite.wasm')), go.importObject);
  eng.done = go.run(instance).then(() => { eng.exited = true; });
  await ready;
  /** send hands one message to the bridge, as worker.js does. */
  eng.send = (m) => { api.send(m); return performance.now(); };
  eng.mark = () => out.length;
  /** memoryBytes is the size of the engine's wasm memory now. */
  eng.memoryBytes = () => instance.exports.mem.buffer.byteLength;
  eng.since = (from) => out.slice(from);
  /** wait resolves with the first output at or after from that pred accepts. */
  eng.wait = (pred, ms = 10000, from = out.length) => new Promise((resolve, reject) => {
    const hit = out.slice(from).find(pred);
    if (hit) { resolve(hit); return; }
    const w = { pred, from, resolve };
    w.timer = setTimeout(() => {
      waiters.splice(waiters.indexOf(w), 1);
      reject(new Error(`no matching output within ${ms} ms; since mark: ${JSON.stringify(out.slice(from).slice(-8))}`));
    }, ms);
    waiters.push(w);
  });
  return eng;
}

export const isEvent = (type) => (r) => r.event && r.event.type === type;
export const isLine = (prefix) => (r) => typeof r.line === 'string' && r.line.startsWith(prefix);
