// web/engine-client.js in headless Chromium against the real worker: the
// promise API, command ordering, error attribution, and the watchdog that
// respawns a hung or crashed worker and restores its options.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve } from './static-server.mjs';
import { launch, CAPPED_MEMORY } from './browser.mjs';
import { isLegal } from './legal.mjs';
import { DIST, ROOT, requireBuild } from './paths.mjs';

const HERE = path.dirname(new URL(import.meta.url).pathname);
let server, browser, page;
const pageErrors = [];

before(async () => {
  requireBuild();
  server = await serve({ mounts: { '/sub/app/': DIST, '/tests/': HERE, '/web/': path.join(ROOT, 'web'), '/book/': path.join(ROOT, 'cmd', 'azurite') } });
  browser = await launch(CAPPED_MEMORY); // the out-of-memory tests need a device that cannot hold the Hash maximum
  page = await browser.ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(server.url + '/sub/app/blank.html');
  await page.evaluate(async () => {
    const { EngineClient } = await import('/web/engine-client.js');
    window.engine = new EngineClient({ workerUrl: '/sub/app/worker.js', watchdogMs: 4000 });
    await window.engine.ready();
  });
});
after(async () => {
  await page?.evaluate(() => window.engine.terminate());
  await browser?.close();
  await server?.close();
});

test('ready: id and options from the handshake', async () => {
  const r = await page.evaluate(() => ({ id: window.engine.id, hash: window.engine.options.find((o) => o.name === 'Hash') }));
  assert.match(r.id.name, /^Azurite/);
  assert.deepEqual(r.hash, { type: 'option', name: 'Hash', kind: 'spin', default: 16, min: 1, max: 3584 });
});

test('setOption + position + go: MultiPV lines through onInfo, a legal bestmove', async () => {
  const r = await page.evaluate(async () => {
    const e = window.engine;
    await e.setOption('MultiPV', 2);
    e.position(null, ['e2e4', 'c7c5']);
    const infos = [];
    const best = await e.go({ depth: 6 }, (i) => infos.push(i));
    await e.setOption('MultiPV', 1);
    return { best, multipv: [...new Set(infos.filter((i) => i.pv).map((i) => i.multipv))] };
  });
  assert.ok(isLegal(null, ['e2e4', 'c7c5'], r.best.move), JSON.stringify(r.best));
  assert.deepEqual(r.multipv.sort(), [1, 2]);
});

test('errors reject the command that caused them; the previous position stays', async () => {
  const r = await page.evaluate(async () => {
    const e = window.engine;
    const res = {};
    const grab = (p) => p.then(() => 'resolved', (err) => `${err.name}: ${err.message}`);
    res.hash = await grab(e.setOption('Hash', 999999));
    res.unknown = await grab(e.setOption('No Such Option', 1));
    res.badType = await grab(e.setOption('Hash', { mb: 3 }));
    res.fen = await grab(e.position('8/8/8/8/8/8/8/8 w - - 0 1'));
    res.goAfterBadFen = await grab(e.go({ depth: 2 }));
    res.pos = await grab(e.position(null, ['g1f3']));
    res.best = await e.go({ depth: 3 });
    return res;
  });
  assert.match(r.hash, /^EngineError: .*Hash.*out of range/);
  assert.match(r.unknown, /^EngineError: .*No Such Option/);
  assert.match(r.badType, /^EngineError: bad message: setoption.value/);
  assert.match(r.fen, /^EngineError: /);
  assert.match(r.goAfterBadFen, /^EngineError: no valid position/);
  assert.equal(r.pos, 'resolved');
  assert.ok(isLegal(null, ['g1f3'], r.best.move));
});

// The watchdog pings with isready when the worker is silent; a ping posted after a
// command that the engine refuses must not take the command's error away from it.
test('an error still rejects its command when a watchdog ping was posted after it', async () => {
  const r = await page.evaluate(async () => {
    const e = window.engine;
    await e.isReady();
    const grab = (p) => p.then(() => 'resolved', (err) => `${err.name}: ${err.message}`);
    // What setOption does, then what the watchdog does, in one task.
    const refused = grab(e._enqueue(() => {
      const p = e._command([{ type: 'setoption', name: 'Hash', value: 999999 }]);
      e._worker.postMessage({ type: 'isready' });
      e._barriers.push({ resolve() {}, reject() {}, errors: [] });
      return p;
    }));
    return { refused: await refused, after: await grab(e.isReady()) };
  });
  assert.match(r.refused, /^EngineError: .*Hash.*out of range/);
  assert.equal(r.after, 'resolved');
});

test('go while a search runs stops it first; both promises resolve; stop with nothing running resolves', async () => {
  const r = await page.evaluate(async () => {
    const e = window.engine;
    e.position(null, []);
    const first = e.go({ infinite: true });
    await new Promise((res) => setTimeout(res, 300));
    e.position(null, ['d2d4']);
    const second = e.go({ depth: 4 });
    const [a, b] = await Promise.all([first, second]);
    const t = performance.now();
    await e.stop();
    return { a, b, idleStop: performance.now() - t };
  });
  assert.ok(isLegal(null, [], r.a.move), JSON.stringify(r.a));
  assert.ok(isLegal(null, ['d2d4'], r.b.move), JSON.stringify(r.b));
  assert.equal(r.a.stopped, true, 'the search the second go stopped says so');
  assert.equal(r.b.stopped, undefined, 'a search that reached its depth was not stopped');
  assert.ok(r.idleStop < 1000);
});

// The analysis board's race on a slow machine: a second position and go come while the
// first go still waits in the queue behind a stopping search. The queued go must be
// stopped too, or, being infinite, it runs for ever and everything after it waits.
test('a go still queued when another position and go come is stopped as it starts; the last search runs', async () => {
  const r = await page.evaluate(async () => {
    const e = window.engine;
    e.position(null, []);
    const a = e.go({ infinite: true });
    await new Promise((res) => setTimeout(res, 300));
    // In one task: nothing the worker answers can come in between.
    e.position(null, ['e2e4']);
    const b = e.go({ infinite: true });
    e.position(null, ['e2e4', 'e7e5']);
    const cInfos = [];
    const c = e.go({ infinite: true }, (i) => cInfos.push(i));
    const hung = new Promise((res) => setTimeout(() => res('hung'), 10000));
    const ab = await Promise.race([Promise.all([a, b]), hung]);
    if (ab === 'hung') return { hung: 'a or b' };
    const seen = await Promise.race([new Promise((res) => {
      const t = setInterval(() => { if (cInfos.some((i) => i.pv)) { clearInterval(t); res('info'); } }, 20);
    }), hung]);
    if (seen === 'hung') return { hung: 'c gave no line' };
    e.stop();
    const cBest = await Promise.race([c, hung]);
    return { a: ab[0], b: ab[1], c: cBest, cPv: cInfos.find((i) => i.pv).pv[0] };
  });
  assert.equal(r.hung, undefined, JSON.stringify(r));
  assert.ok(isLegal(null, [], r.a.move), JSON.stringify(r.a));
  assert.ok(isLegal(null, ['e2e4'], r.b.move), JSON.stringify(r.b));
  assert.ok(isLegal(null, ['e2e4', 'e7e5'], r.c.move), JSON.stringify(r.c));
  assert.ok(isLegal(null, ['e2e4', 'e7e5'], r.cPv), r.cPv);
});

// stop() ends a queued infinite go (nothing else would) but lets a queued timed one
// run to its limit, as it would have had it started before the stop.
test('stop with a go still queued: an infinite one is stopped as it starts, a depth-limited one completes', async () => {
  const r = await page.evaluate(async () => {
    const e = window.engine;
    const hung = () => new Promise((res) => setTimeout(() => res('hung'), 10000));
    const run = async (limits) => {
      e.position(null, []);
      const a = e.go({ infinite: true });
      await new Promise((res) => setTimeout(res, 300));
      e.position(null, ['d2d4']);
      const depths = [];
      const b = e.go(limits, (i) => { if (i.pv) depths.push(i.depth); });
      const stopped = e.stop();
      const all = await Promise.race([Promise.all([a, b, stopped]), hung()]);
      return all === 'hung' ? { hung: true } : { b: all[1], depth: Math.max(0, ...depths) };
    };
    return { infinite: await run({ infinite: true }), depth: await run({ depth: 7 }) };
  });
  assert.equal(r.infinite.hung, undefined, 'the queued infinite go was never stopped');
  assert.ok(isLegal(null, ['d2d4'], r.infinite.b.move), JSON.stringify(r.infinite));
  assert.equal(r.depth.hung, undefined);
  assert.equal(r.depth.depth, 7, 'the depth-limited go reached its depth');
  assert.ok(isLegal(null, ['d2d4'], r.depth.b.move), JSON.stringify(r.depth));
});

test('loadBook hands the compact book over; a truncated book is refused', async () => {
  const size = fs.statSync(path.join(ROOT, 'cmd', 'azurite', 'book.bin')).size;
  const r = await page.evaluate(async () => {
    const e = window.engine;
    const buf = await (await fetch('/book/book.bin')).arrayBuffer();
    const ok = await e.loadBook(buf);
    const bad = await e.loadBook(buf.slice(0, 1000 * 16 + 5)).then(() => 'resolved', (err) => err.message);
    return { ok, bad };
  });
  assert.deepEqual(r.ok, { entries: size / 16 });
  assert.match(r.bad, /book/);
});

test('watchdog: a hung worker is replaced, its options restored, and restarted is emitted', async () => {
  const r = await page.evaluate(async () => {
    const { EngineClient } = await import('/web/engine-client.js');
    const sent = [];
    let spawned = 0;
    const c = new EngineClient({
      watchdogMs: 1000,
      createWorker: () => {
        spawned++;
        const w = new Worker(spawned === 1 ? '/tests/fixtures/hang-worker.js' : '/sub/app/worker.js');
        const post = w.postMessage.bind(w);
        w.postMessage = (m) => { sent.push({ worker: spawned, m }); post(m); };
        return w;
      },
    });
    const events = [];
    c.on('restarted', (x) => events.push(['restarted', x.reason]));
    await c.ready();
    await c.setOption('Move Overhead', 77);
    await c.position(null, ['e2e4']);
    const t = performance.now();
    const hung = await c.go({ depth: 5 }).then(() => 'resolved', (err) => ({ message: err.message, restarted: err.restarted }));
    const detectMs = performance.now() - t;
    await new Promise((res) => { if (events.length) res(); else c.on('restarted', res); });
    const best = await c.go({ depth: 4 });
    c.terminate();
    return { hung, detectMs, events, spawned, best, replay: sent.filter((s) => s.worker === 2).map((s) => s.m) };
  });
  assert.equal(r.spawned, 2);
  assert.equal(r.hung.restarted, true, JSON.stringify(r.hung));
  assert.match(r.hung.message, /engine restarted: no answer for \d+ ms/);
  assert.ok(r.detectMs < 5000, `hang detected after ${r.detectMs} ms`);
  assert.equal(r.events.length, 1);
  assert.ok(r.replay.some((m) => m.type === 'setoption' && m.name === 'Move Overhead' && m.value === 77), JSON.stringify(r.replay));
  assert.ok(r.replay.some((m) => m.type === 'position' && m.moves.join() === 'e2e4'), JSON.stringify(r.replay));
  assert.ok(isLegal(null, ['e2e4'], r.best.move), JSON.stringify(r.best));
});

test('watchdog: an engine that dies (memory cannot grow) is restarted without the fatal option', async () => {
  const r = await page.evaluate(async () => {
    const { EngineClient } = await import('/web/engine-client.js');
    const c = new EngineClient({ workerUrl: '/sub/app/worker.js', watchdogMs: 4000 });
    const events = [];
    c.on('restarted', (x) => events.push(x.reason));
    await c.ready();
    await c.setOption('MultiPV', 3);
    const err = await c.setOption('Hash', 3584).then(() => null, (e) => ({ message: e.message, restarted: e.restarted }));
    await new Promise((res) => { if (events.length) res(); else c.on('restarted', res); });
    const infos = [];
    await c.position(null, []);
    const best = await c.go({ depth: 4 }, (i) => infos.push(i));
    c.terminate();
    return { err, events, best, multipv: Math.max(...infos.filter((i) => i.pv).map((i) => i.multipv)) };
  });
  assert.equal(r.err.restarted, true, JSON.stringify(r.err));
  assert.match(r.events[0], /out of memory/);
  assert.equal(r.multipv, 3, 'MultiPV 3 restored after the restart');
  assert.ok(isLegal(null, [], r.best.move));
});

test('cross-origin isolated page: the client stops each search through the shared flag alone (stop messages dropped)', async () => {
  const iso = await serve({
    mounts: { '/sub/app/': DIST, '/tests/': HERE, '/web/': path.join(ROOT, 'web') },
    headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
  });
  try {
    const p2 = await browser.ctx.newPage();
    p2.on('pageerror', (e) => pageErrors.push(e.message));
    await p2.goto(iso.url + '/sub/app/blank.html');
    const r = await p2.evaluate(async () => {
      const { EngineClient } = await import('/web/engine-client.js');
      // A worker whose stop messages never arrive: only the shared flag
      // can end a search (regression: the client stored 1 for every
      // search, which the engine now reads as "stop search 1").
      const createWorker = (url) => {
        const w = new Worker(url);
        const post = w.postMessage.bind(w);
        w.postMessage = (m, ...rest) => { if (!(m && m.type === 'stop')) post(m, ...rest); };
        return w;
      };
      const e = new EngineClient({ workerUrl: '/sub/app/worker.js', watchdogMs: 0, createWorker });
      await e.ready();
      const timeout = (ms) => new Promise((_, rej) => setTimeout(() => rej(new Error('no bestmove ' + ms + ' ms after stop')), ms));
      const out = { isolated: crossOriginIsolated, flags: [], moves: [] };
      e.send('go depth 1'); // a raw go counts too (search 1)
      await e.isReady();
      for (let i = 0; i < 3; i++) {
        let infos = 0;
        const p = e.go({ infinite: true }, () => { infos++; });
        while (infos === 0) await new Promise((res) => setTimeout(res, 20));
        const stopped = e.stop();
        out.flags.push(e._flag[0]);
        out.moves.push((await Promise.race([p, timeout(10000)])).move);
        await stopped;
      }
      e.terminate();
      return out;
    });
    await p2.close();
    assert.equal(r.isolated, true);
    assert.deepEqual(r.flags, [2, 3, 4]);
    for (const m of r.moves) assert.ok(isLegal(null, [], m), m);
  } finally {
    await iso.close();
  }
});

test('no uncaught errors in the page', () => {
  assert.deepEqual(pageErrors, []);
});
