// sw.js: Azurite's service worker (a classic script; the build prepends
// self.AZURITE_BUILD = {version, files}, the precache list, to this file).
//
// - install: every listed file goes into the cache "azurite:<scope path>:<version>".
//   Files whose revision is unchanged since an older cache of the same scope are copied
//   from it instead of downloaded, so an update fetches only what changed.
// - The new worker then WAITS: the page shows "update ready" and sends {type:
//   'skip-waiting'} when the user accepts, so a running game is never swapped under
//   the user's feet. With no older worker (first visit) it activates at once.
// - activate: caches of older versions of this scope are deleted; other scopes on the
//   same origin (another copy of the app in another folder) are left alone.
// - fetch: listed files are answered from the cache, navigations to the app folder get
//   the cached shell, everything else (e.g. a PGN an embed loads) goes to the network.
// - BUILD.fallback (the scalar engine, azurite-scalar.wasm) is precached only where the
//   browser has no wasm SIMD, the one place worker.js loads it; a SIMD browser never
//   downloads it.
/* global self, caches */
'use strict';

const BUILD = self.AZURITE_BUILD;
const SCOPE = new URL(self.registration.scope);
const PREFIX = `azurite:${SCOPE.pathname}:`;
const CACHE = PREFIX + BUILD.version;
// META is a cache entry holding the build info of that cache, read by the next install.
const META = new URL('__azurite-build.json', SCOPE).href;
// The same probe as worker.js: a module returning i8x16.splat(0) validates only
// where the browser has wasm SIMD.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11]);
let hasSIMD = false;
try {
  hasSIMD = WebAssembly.validate(SIMD_PROBE);
} catch {
  // no WebAssembly.validate: treat as no SIMD
}
// FILES is what this browser precaches and answers from the cache.
const FILES = { ...BUILD.files, ...(hasSIMD ? {} : BUILD.fallback || {}) };

function urlOf(rel) {
  return new URL(rel, SCOPE).href;
}

// relOf returns the path of url relative to the scope, or null outside it.
function relOf(url) {
  const u = new URL(url);
  if (u.origin !== SCOPE.origin || !u.pathname.startsWith(SCOPE.pathname)) return null;
  const rel = u.pathname.slice(SCOPE.pathname.length);
  return rel === '' || rel === 'index.html' ? './' : decodeURIComponent(rel);
}

// clean drops the "redirected" flag (Go's file server answers /index.html with a
// redirect): a redirected response may not answer a navigation.
async function clean(res) {
  if (!res.redirected) return res;
  const body = await res.blob();
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

// reusable returns the cached responses of older caches of this scope whose revision
// equals the one in this build: rel -> Response.
async function reusable() {
  const out = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    const meta = await old.match(META);
    if (!meta) continue;
    let info;
    try {
      info = await meta.json();
    } catch {
      continue;
    }
    const had = { ...(info.files || {}), ...(info.fallback || {}) };
    for (const [rel, rev] of Object.entries(FILES)) {
      if (out.has(rel) || had[rel] !== rev) continue;
      const res = await old.match(urlOf(rel));
      if (res) out.set(rel, res);
    }
  }
  return out;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const reuse = await reusable();
  await Promise.all(
    Object.keys(FILES).map(async (rel) => {
      const url = urlOf(rel);
      let res = reuse.get(rel);
      if (!res) {
        // no-cache: revalidate with the server, never take a stale HTTP-cached copy.
        res = await fetch(new Request(url, { cache: 'no-cache', credentials: 'same-origin' }));
        if (!res.ok) throw new Error(`precache ${rel}: HTTP ${res.status}`);
        res = await clean(res);
      }
      await cache.put(url, res);
    }),
  );
  // Written last: a cache without its META is never reused by a later install.
  await cache.put(META, new Response(JSON.stringify(BUILD), { headers: { 'Content-Type': 'application/json' } }));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const msg = event.data;
  if (!msg || typeof msg !== 'object') return;
  if (msg.type === 'skip-waiting') self.skipWaiting();
  else if (msg.type === 'version' && event.source) event.source.postMessage({ type: 'version', version: BUILD.version, cache: CACHE });
});

async function fromCache(rel, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(urlOf(rel));
  if (hit) return hit;
  // The cache was evicted or damaged: fall back to the network rather than fail.
  return fetch(request);
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const rel = relOf(req.url);
  if (rel === null) return;
  if (Object.prototype.hasOwnProperty.call(FILES, rel)) {
    event.respondWith(fromCache(rel, req));
  }
});
