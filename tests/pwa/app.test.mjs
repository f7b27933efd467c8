// app.test.mjs: the installable offline app, from the release build served under a
// sub-path (/sub/) with the strict CSP: manifest and installability, first and repeat
// visit bytes, offline reload that still plays and analyses, an update that replaces
// the cache and shows the notice; and build.go serve's headers for sw.js.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server.mjs';
import { openBrowser, screenshot, figure, ROOT } from './browser.mjs';

const DIST = path.join(ROOT, 'dist');
// Without a book in the build, the player's request for it is the one expected 404.
const NO_BOOK = !fs.existsSync(path.join(DIST, 'book.bin'));
const expected404 = (r) => NO_BOOK && r.path === '/sub/book.bin';
let server;
let b;
let page;

before(async () => {
  server = await startServer({ root: DIST, prefix: '/sub/' });
  b = await openBrowser();
  page = b.page;
});

after(async () => {
  if (b) await b.close();
  if (server) await server.close();
});

// settle waits until the server has seen no request for quietMs.
async function settle(quietMs = 800) {
  let n = -1;
  while (n !== server.stats.requests.length) {
    n = server.stats.requests.length;
    await new Promise((r) => setTimeout(r, quietMs));
  }
}

// firstEngineMove: after load, time (ms since navigation start) until the engine has
// answered `go depth 1` from the start position, through the player's engine client.
async function firstEngineMove() {
  return page.evaluate(async () => {
    await window.azurite.engineLoaded;
    if (!window.azurite.engineReady) throw new Error('engine not ready');
    const e = window.azurite.engine;
    e.position(null, []);
    const best = await e.go({ depth: 1 });
    return { ms: Math.round(performance.now()), move: best.move };
  });
}

// poll retries fn (which may throw while the page navigates) until it returns true.
async function poll(fn, what, timeoutMs = 30000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await fn()) return;
    } catch {
      // the page is between documents
    }
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// controllerVersion asks the service worker controlling the page for its build version.
function controllerVersion() {
  return page.evaluate(
    () => new Promise((resolve) => {
      const c = navigator.serviceWorker.controller;
      if (!c) return resolve(null);
      navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data && e.data.version), { once: true });
      c.postMessage({ type: 'version' });
    }),
  );
}

async function cspClean() {
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'CSP violations reported by the page');
  assert.deepEqual(b.problems.csp, [], 'CSP violations in the console');
}

test('first visit: service worker installs, manifest is valid and Chromium finds it installable', async () => {
  server.resetStats();
  // ?test publishes the shell as window.azurite (firstEngineMove reads it); the
  // service worker answers the page whatever its query.
  await page.goto(`${server.url}?test`);
  await page.waitForSelector('body[data-ready="true"]');
  const cold = await firstEngineMove();
  assert.match(cold.move, /^[a-h][1-8][a-h][1-8][qrbn]?$/);
  figure('time to first engine move, cold (go depth 1 answered, ms after navigation)', cold.ms, 'ms');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => document.documentElement.dataset.pwa === 'offline-ready');
  await settle();
  figure('bytes from the network, first visit (page + service worker precache)', server.stats.bytes, 'bytes');
  const failed = server.stats.requests.filter((r) => r.status >= 400 && !expected404(r));
  assert.deepEqual(failed, [], 'failed requests');
  // Chromium has wasm SIMD: the scalar engine is neither loaded nor precached.
  const scalar = server.stats.requests.filter((r) => /azurite-scalar\.[0-9a-f]+\.wasm/.test(r.path ?? r.url ?? ''));
  assert.deepEqual(scalar, [], 'the scalar fallback was downloaded on a SIMD browser');

  const cdp = await b.context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, []);
  const man = await cdp.send('Page.getAppManifest');
  assert.deepEqual(man.errors, []);
  assert.equal(man.url, `${server.url}manifest.webmanifest`);
  const m = JSON.parse(man.data);
  assert.equal(new URL(m.start_url, man.url).href, server.url, 'start_url is the sub-path');
  assert.equal(new URL(m.scope, man.url).href, server.url, 'scope is the sub-path');
  assert.equal(m.display, 'standalone');
  for (const want of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]) {
    const ic = m.icons.find((i) => i.sizes === want[0] && i.purpose === want[1]);
    assert.ok(ic, `icon ${want}`);
    const res = await fetch(new URL(ic.src, man.url));
    assert.equal(res.status, 200);
    const png = Buffer.from(await res.arrayBuffer());
    const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    assert.equal(`${w}x${h}`, want[0], `${ic.src} has the size it claims`);
  }
  await screenshot(page, 'pwa-app-first-visit');
  await cspClean();
});

test('repeat visit: nearly nothing from the network, engine warm', async () => {
  server.resetStats();
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  const warm = await firstEngineMove();
  figure('time to first engine move, warm (service worker cache)', warm.ms, 'ms');
  await settle();
  figure('bytes from the network, repeat visit', server.stats.bytes, 'bytes');
  const paths = server.stats.requests.filter((r) => !expected404(r)).map((r) => r.path);
  // At most the update check of sw.js reaches the server (the browser may skip a check
  // made moments after the previous one).
  assert.ok(paths.every((p) => p === '/sub/sw.js'), `repeat visit requested ${paths}`);
});

test('offline: with the network gone, a reload still plays a move against the engine and analyses', async () => {
  server.setDown(true);
  await b.context.setOffline(true);
  try {
    server.resetStats();
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('body[data-engine="ready"]', { timeout: 60000 });
    // Play: a fresh game as White, 1.e4, and the engine answers.
    await page.click('#tab-play');
    await page.check('input[name="color"][value="w"]');
    await page.click('#btn-new');
    await page.locator('#board [data-square="e2"]').first().click();
    await page.locator('#board [data-square="e4"]').first().click();
    await page.waitForFunction(() => window.azurite.game.mainlineNodes().length === 2, null, { timeout: 60000 });
    const reply = await page.evaluate(() => window.azurite.game.mainlineNodes()[1].san);
    assert.ok(reply, 'the engine replied');
    // Analyse the position: engine lines appear.
    await page.click('#tab-analysis');
    if ((await page.getAttribute('#btn-engine', 'aria-pressed')) !== 'true') await page.click('#btn-engine');
    await page.waitForFunction(() => document.querySelectorAll('#pv-lines li').length >= 1, null, { timeout: 60000 });
    await screenshot(page, 'pwa-app-offline-analysis');
    // Links open offline: a position and a game (the fragment never reaches a server).
    const fen = '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1';
    await page.goto(`${server.url}?test#fen=${encodeURIComponent(fen)}`);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.evaluate(() => window.azurite.game.current.fen), fen);
    await page.goto(`${server.url}?test#g=AAE&w=Offline`); // 1. a3 a6 in the link encoding (web/links.js)
    await page.waitForSelector('body[data-ready="true"]');
    assert.deepEqual(await page.evaluate(() => [window.azurite.game.mainlineNodes().map((n) => n.san), window.azurite.game.headers.White]), [['a3', 'a6'], 'Offline']);
    // The embed demo page is precached too: its boards play and analyse offline.
    await page.goto(`${server.url}embed.html`);
    await page.waitForFunction(() => document.querySelector('#black').position.split(' ')[1] === 'b', null, { timeout: 60000 });
    await page.waitForFunction(() => document.querySelector('#analyse').shadowRoot.querySelectorAll('.pv .line').length === 3, null, { timeout: 60000 });
    await page.locator('#play [data-square="d2"]').first().click();
    await page.locator('#play [data-square="d4"]').first().click();
    await page.waitForFunction(() => document.querySelector('#play').position.split(' ')[1] === 'w' && document.querySelector('#play').position.includes('3P4'), null, { timeout: 60000 });
    await screenshot(page, 'pwa-embed-demo-offline');
    assert.equal(server.stats.requests.length, 0, 'nothing reached the server');
    await cspClean();
  } finally {
    await b.context.setOffline(false);
    server.setDown(false);
  }
});

// makeUpdate copies dist to a new folder and changes index.html, as a release would,
// with sw.js carrying the new revision and version.
function makeUpdate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-v2-'));
  fs.cpSync(DIST, dir, { recursive: true });
  fs.appendFileSync(path.join(dir, 'index.html'), '<!-- release v2 -->\n');
  const swPath = path.join(dir, 'sw.js');
  const sw = fs.readFileSync(swPath, 'utf8');
  const m = /^self\.AZURITE_BUILD = (.*);$/m.exec(sw);
  assert.ok(m, 'sw.js starts with the build info');
  const info = JSON.parse(m[1]);
  const oldVersion = info.version;
  info.files['./'] = `v2${info.files['./'].slice(2)}`;
  info.version = `v2${info.version.slice(2)}`;
  fs.writeFileSync(swPath, sw.replace(m[0], `self.AZURITE_BUILD = ${JSON.stringify(info)};`));
  return { dir, oldVersion, newVersion: info.version };
}

// libraryRows returns the Library tab's rows (players and facts), once the library is open.
async function libraryRows() {
  await page.waitForSelector('body[data-library="ready"]', { timeout: 30000 });
  return page.evaluate(() => [...document.querySelectorAll('#lib-list li')].map((li) => `${li.querySelector('.lib-players').textContent} | ${li.querySelector('.lib-facts').textContent}`));
}

test('a new build replaces the cache: update notice, reload, old cache gone, unchanged files reused', async () => {
  // A game imported into the library before the update is still there after it.
  const pgnDir = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-lib-'));
  const pgnFile = path.join(pgnDir, 'kept.pgn');
  fs.writeFileSync(pgnFile, '[Event "Before the update"]\n[White "Anna"]\n[Black "Boris"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n');
  await page.goto(server.url);
  await page.waitForSelector('body[data-library="ready"]', { timeout: 30000 });
  await page.click('#tab-library');
  await page.setInputFiles('#lib-file', pgnFile);
  await page.waitForSelector('#lib-report:not([hidden])');
  const kept = await libraryRows();
  assert.ok(kept.includes('Anna – Boris | Before the update · C20 King\'s Pawn Game: Wayward Queen Attack · 4 moves'), kept.join('\n'));
  const before = await page.evaluate(() => caches.keys());
  const { dir, oldVersion, newVersion } = makeUpdate();
  assert.deepEqual(before, [`azurite:/sub/:${oldVersion}`]);
  try {
    server.setRoot(dir);
    server.resetStats();
    await page.goto(server.url);
    await page.waitForFunction(() => document.documentElement.dataset.pwa === 'update-ready', null, { timeout: 30000 });
    const toast = page.locator('.azurite-pwa-notice .toast');
    await toast.waitFor();
    assert.match(await toast.textContent(), /A new version of Azurite is ready\./);
    await screenshot(page, 'pwa-app-update-notice');
    // The update downloaded only what changed: sw.js and the shell.
    const fetched = [...new Set(server.stats.requests.filter((r) => !expected404(r)).map((r) => r.path))].sort();
    assert.deepEqual(fetched, ['/sub/', '/sub/sw.js']);
    await page.evaluate(() => {
      window.__beforeUpdate = true;
    });
    await toast.locator('button.action').click();
    // The page reloads itself once the new worker has taken over.
    await poll(() => page.evaluate(() => !window.__beforeUpdate && document.body.dataset.ready === 'true'), 'page reloaded');
    await poll(async () => (await controllerVersion()) === newVersion, 'new worker in control');
    assert.deepEqual(await page.evaluate(() => caches.keys()), [`azurite:/sub/:${newVersion}`]);
    const html = await page.evaluate(async () => (await fetch('./')).text());
    assert.match(html, /<!-- release v2 -->/, 'the page now comes from the new cache');
    await page.click('#tab-library');
    assert.deepEqual(await libraryRows(), kept, 'the library survived the update');
    await cspClean();
  } finally {
    server.setRoot(DIST);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('build.go serve sends sw.js with Cache-Control: no-cache and the strict CSP', async () => {
  // detached: its own process group, so the server binary that `go run` starts (and
  // does not pass SIGTERM on to) is stopped with it below.
  const proc = spawn('go', ['run', 'build.go', 'serve', '-addr', '127.0.0.1:0', '-dir', 'dist'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      const t = setTimeout(() => reject(new Error('serve did not start')), 120000);
      proc.stdout.on('data', (d) => {
        out += d;
        const m = /serving (http:\/\/\S+\/)/.exec(out);
        if (m) {
          clearTimeout(t);
          resolve(m[1]);
        }
      });
    });
    const sw = await fetch(`${url}sw.js`);
    assert.equal(sw.status, 200);
    assert.equal(sw.headers.get('cache-control'), 'no-cache');
    assert.match(sw.headers.get('content-type'), /^text\/javascript/);
    assert.equal(sw.headers.get('content-security-policy'), "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'");
    const man = await fetch(`${url}manifest.webmanifest`);
    assert.equal(man.headers.get('content-type'), 'application/manifest+json');
  } finally {
    process.kill(-proc.pid, 'SIGTERM');
  }
});
