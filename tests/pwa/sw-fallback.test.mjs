// The service worker of the release build (dist/sw.js) precaches the scalar
// engine (BUILD.fallback, azurite-scalar.<rev>.wasm) only where the browser
// has no wasm SIMD, and then answers its fetch from the cache, so the
// offline app works on such a browser too. Chromium always has SIMD, so the
// worker runs here in a node vm with the browser's parts stubbed:
// WebAssembly.validate says no (or yes), caches and fetch are in memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { ROOT } from './browser.mjs';

const DIST = path.join(ROOT, 'dist');

function runWorker(simd) {
  const SCOPE = 'https://example.test/app/';
  const stores = new Map(); // cache name -> Map(url -> body)
  const fetched = [];
  const listeners = {};
  const caches = {
    async open(name) {
      if (!stores.has(name)) stores.set(name, new Map());
      const m = stores.get(name);
      return {
        async match(url) { return m.has(url) ? new Response(m.get(url)) : undefined; },
        async put(url, res) { m.set(typeof url === 'string' ? url : url.url, await res.text()); },
      };
    },
    async keys() { return [...stores.keys()]; },
    async delete(name) { return stores.delete(name); },
  };
  const self = {
    registration: { scope: SCOPE },
    addEventListener: (type, fn) => { listeners[type] = fn; },
    skipWaiting() {},
    clients: { claim: async () => {} },
  };
  const ctx = vm.createContext({
    self, caches, URL, Request, Response, JSON, Object, Promise, Map, Error, Uint8Array, console,
    WebAssembly: { validate: () => simd },
    fetch: async (req) => { const url = typeof req === 'string' ? req : req.url; fetched.push(url); return new Response('body of ' + url); },
  });
  vm.runInContext(fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8'), ctx, { filename: 'sw.js' });
  const build = vm.runInContext('self.AZURITE_BUILD', ctx);
  return { listeners, stores, fetched, build, SCOPE };
}

for (const simd of [false, true]) {
  test(`service worker install ${simd ? 'with' : 'without'} wasm SIMD: the scalar engine is ${simd ? 'not ' : ''}precached`, async () => {
    const w = runWorker(simd);
    const fallback = Object.keys(w.build.fallback || {});
    assert.equal(fallback.length, 1, `BUILD.fallback lists the scalar engine: ${JSON.stringify(w.build.fallback)}`);
    assert.match(fallback[0], /^azurite-scalar(\.[0-9a-f]{10})?\.wasm$/); // hashed in a release build
    assert.ok(!Object.keys(w.build.files).some((f) => f.startsWith('azurite-scalar')), 'not in the plain precache list');
    let done;
    w.listeners.install({ waitUntil: (p) => { done = p; } });
    await done;
    const url = w.SCOPE + fallback[0];
    assert.equal(w.fetched.includes(url), !simd, `fetched on install: ${simd ? 'no' : 'yes'}`);
    // Offline: a request for the scalar engine is answered from the cache without SIMD.
    let answered = null;
    w.fetched.length = 0;
    w.listeners.fetch({ request: new Request(url), respondWith: (p) => { answered = p; } });
    if (simd) {
      assert.equal(answered, null, 'a SIMD browser leaves it to the network');
    } else {
      const res = await answered;
      assert.equal(await res.text(), 'body of ' + url);
      assert.deepEqual(w.fetched, [], 'answered from the cache');
    }
  });
}
