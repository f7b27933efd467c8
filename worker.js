// Azurite engine worker: runs azurite.wasm (Go, GOOS=js GOARCH=wasm) in a
// dedicated, classic Web Worker and speaks UCI over postMessage.
//
//   const w = new Worker('worker.js');          // classic worker, not {type:'module'}
//   w.onmessage = (e) => console.log(e.data);
//   w.postMessage('uci');                        // strings in -> UCI lines out (stockfish.js style)
//   w.postMessage({ type: 'go', depth: 12 });    // objects in -> typed events out
//
// The protocol is documented in docs/protocol.md. wasm_exec.js and
// azurite.wasm are resolved relative to this file's own URL, so the engine
// works from any sub-path of a static host; `worker.js?wasm=other.wasm`
// picks another engine file (also resolved relative to this file).
// azurite.wasm uses wasm SIMD; a browser without it (Safari before 16.4)
// gets azurite-scalar.wasm, fetched only there. `worker.js?simd=0` forces
// the scalar build (tests, comparisons).
//
// Messages that arrive before the engine has started are queued and
// delivered in order. Load failures are reported both as a typed event
// {type:'error', source:'load', message} and as an "info string error: …"
// line, and every later message is answered with the same error, so neither
// kind of client waits forever.
'use strict';

(() => {
  const here = self.location.href;
  const params = new URL(here).searchParams;
  // A module of one function returning i8x16.splat(0): it validates only
  // where the browser has wasm SIMD.
  const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11]);
  let simd = false;
  try {
    simd = params.get('simd') !== '0' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    // no WebAssembly.validate: the scalar build
  }
  const wasmURL = new URL(params.get('wasm') || (simd ? 'azurite.wasm' : 'azurite-scalar.wasm'), here).href;
  const execURL = new URL('wasm_exec.js', here).href;

  let api = null;            // {send} once the Go side is ready
  let failure = null;        // the load or crash error message, once known
  let quitting = false;      // "quit" was sent: the worker closes after the last bestmove
  let stringSeen = false;    // a string message came first: stay silent about 'loaded'
  const queue = [];          // messages received before the engine was ready
  let stderr = '';           // the last lines Go wrote to fd 2 (runtime panics, out of memory)

  const post = (m) => self.postMessage(m);

  // reportError posts a fatal error: the engine is not running (fatal: true).
  function reportError(source, message) {
    post({ type: 'error', source, message, fatal: true });
    post('info string error: ' + message);
  }

  self.onmessage = (e) => {
    const m = e.data;
    if (typeof m === 'string') { if (!api) stringSeen = true; }
    if (failure) { reportError(failure.source, failure.message); return; }
    if (!api) { queue.push(m); return; }
    deliver(m);
  };

  function deliver(m) {
    let quit = false;
    try {
      quit = m === 'quit' || (m && typeof m === 'object' && m.type === 'quit') ||
        (typeof m === 'string' && /(^|\n)\s*quit\s*($|\n)/.test(m));
    } catch {
      // a value whose type cannot be read is no quit; the engine reports it
    }
    if (quit) quitting = true;
    try {
      api.send(m);
    } catch (err) {
      // The Go program has exited (a crash): say so instead of dying silently.
      fail('engine', 'engine stopped: ' + describe(err));
    }
  }

  // goWhy picks the Go runtime's own explanation out of what it wrote to
  // stderr ("runtime: out of memory: …", "fatal error: …", "panic: …").
  function goWhy() {
    const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
    const key = lines.filter((l) => /^(runtime: out of memory|fatal error:|panic:)/.test(l));
    return (key.length ? key.slice(0, 2) : lines.slice(-2)).join(' | ');
  }

  function describe(err) {
    const tail = goWhy();
    const base = err && err.message ? err.message : String(err);
    return tail ? base + ' (' + tail + ')' : base;
  }

  function fail(source, message) {
    if (failure) return;
    failure = { source, message };
    api = null;
    reportError(source, message);
    queue.length = 0; // nothing will answer them; the error above does
  }

  // The host object the Go side looks for (see wasm/main.go).
  self.azuriteHost = {
    line(text) { post(text); },
    event(obj) { post(obj); },
    ready(a) {
      api = a;
      if (!stringSeen) post({ type: 'loaded', simd });
      for (const m of queue.splice(0)) deliver(m);
    },
    quit() { quitting = true; },
  };

  async function instantiate(go) {
    let resp;
    try {
      resp = await fetch(wasmURL);
    } catch (err) {
      throw new Error('cannot fetch ' + wasmURL + ': ' + describe(err));
    }
    if (!resp.ok) throw new Error('cannot fetch ' + wasmURL + ': HTTP ' + resp.status);
    if (WebAssembly.instantiateStreaming) {
      try {
        return (await WebAssembly.instantiateStreaming(resp.clone(), go.importObject)).instance;
      } catch (err) {
        // A server that does not send application/wasm makes streaming
        // compilation fail with a TypeError: compile from the bytes instead.
        if (!(err instanceof TypeError)) throw err;
      }
    }
    const bytes = await resp.arrayBuffer();
    return (await WebAssembly.instantiate(bytes, go.importObject)).instance;
  }

  async function start() {
    try {
      importScripts(execURL);
    } catch (err) {
      fail('load', 'cannot load ' + execURL + ': ' + describe(err));
      return;
    }
    // Capture what the Go runtime writes to stderr (a fatal "out of memory",
    // a panic) so the error event can say why the engine stopped.
    const fs = self.fs;
    const decoder = new TextDecoder();
    const writeSync = fs.writeSync.bind(fs);
    fs.writeSync = (fd, buf) => {
      // Keep the start (where Go says why) and the end of a long trace.
      if (fd === 2) stderr = stderr.length < 4000 ? stderr + decoder.decode(buf) : stderr.slice(0, 2000) + stderr.slice(-2000) + decoder.decode(buf);
      return writeSync(fd, buf);
    };
    const go = new Go();
    let exitCode = null;
    go.exit = (code) => { exitCode = code; };
    let instance;
    try {
      instance = await instantiate(go);
    } catch (err) {
      fail('load', 'cannot start the engine: ' + describe(err));
      return;
    }
    try {
      await go.run(instance);
    } catch (err) {
      // A trap (for example memory that cannot grow) rejects run().
      fail('engine', 'engine stopped: ' + describe(err));
      return;
    }
    if (quitting) {
      self.close();
      return;
    }
    fail('engine', 'engine stopped unexpectedly (exit code ' + exitCode + ')' + (stderr ? ': ' + goWhy() : ''));
  }

  // A trap inside a Go callback (for example from the yield's MessagePort)
  // surfaces here rather than in deliver.
  self.addEventListener('error', (e) => {
    if (api) fail('engine', 'engine stopped: ' + describe(e.error || e.message));
  });

  start();
})();
