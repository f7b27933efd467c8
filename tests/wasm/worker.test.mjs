// worker.js + azurite.wasm in real headless Chromium, served by a plain static
// server (no COOP/COEP; strict CSP) from a sub-path.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './static-server.mjs';
import { launch, CAPPED_MEMORY } from './browser.mjs';
import { isLegal } from './legal.mjs';
import { DIST, KIWIPETE, requireBuild, median } from './paths.mjs';
import path from 'node:path';

const HERE = path.dirname(new URL(import.meta.url).pathname);
let server, browser, page;
const pageErrors = [];

before(async () => {
  requireBuild();
  server = await serve({ mounts: { '/sub/app/': DIST, '/tests/': HERE } });
  browser = await launch(CAPPED_MEMORY); // the out-of-memory tests need a device that cannot hold the Hash maximum
  page = await browser.ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !/404/.test(m.text())) pageErrors.push(m.text()); });
  await page.goto(server.url + '/sub/app/blank.html');
});
after(async () => {
  await browser?.close();
  await server?.close();
});

// inPage runs fn(arg) inside the page (fn imports the page helpers itself:
// the page's CSP forbids eval, so functions travel as Playwright serialises them).
const inPage = (fn, arg) => page.evaluate(fn, arg);

test('loads from a sub-path with no special headers; uci -> uciok (strings)', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = h.open('/sub/app/worker.js');
    window.eng = e;
    e.send('uci');
    const ok = await e.wait(h.isLine('uciok'), 60000);
    const t = e.send('isready');
    const rd = await e.wait(h.isLine('readyok'));
    return {
      isolated: self.crossOriginIsolated,
      sab: typeof SharedArrayBuffer,
      lines: e.log.map((x) => x.data),
      uciokMs: ok.t - e.created,
      readyMs: rd.t - t,
    };
  });
  assert.equal(r.isolated, false, 'the test page must not be cross-origin isolated');
  assert.match(r.lines[0], /^id name Azurite\b/);
  assert.ok(r.lines.some((l) => l === 'option name Hash type spin default 16 min 1 max 3584'), r.lines.join('\n'));
  assert.ok(r.lines.some((l) => l === 'option name Threads type spin default 1 min 1 max 1'), r.lines.join('\n'));
  assert.ok(r.lines.every((l) => typeof l === 'string'), 'string in -> strings out only (no loaded event)');
  console.log(`new Worker -> uciok ${r.uciokMs.toFixed(0)} ms`);
  const reqs = server.requests.filter((u) => u.startsWith('/sub/app/'));
  assert.ok(reqs.includes('/sub/app/wasm_exec.js') && reqs.includes('/sub/app/azurite.wasm'), reqs.join(' '));
});

test('position + go depth 8 -> a legal bestmove (strings)', async () => {
  for (const tc of [{ fen: null, moves: ['d2d4', 'g8f6'] }, { fen: KIWIPETE, moves: [] }]) {
    const pos = (tc.fen ? 'position fen ' + tc.fen : 'position startpos') + (tc.moves.length ? ' moves ' + tc.moves.join(' ') : '');
    const r = await inPage(async (pos) => {
    const h = await import('/tests/page-helpers.js');
      const e = window.eng;
      const m = e.mark();
      e.send(pos);
      e.send('go depth 8');
      const b = await e.wait(h.isLine('bestmove'), 120000, m);
      return { best: b.data, infos: e.log.slice(m).map((x) => x.data).filter((l) => l.startsWith('info depth')) };
    }, pos);
    const move = r.best.split(' ')[1];
    assert.ok(isLegal(tc.fen, tc.moves, move), `${r.best} not legal after ${pos}`);
    assert.match(r.infos.at(-1), /^info depth 8 seldepth \d+ multipv 1 score (cp|mate) -?\d+ .*pv /);
  }
});

test('typed: loaded, id/option/uciok events, go depth 8 -> typed info and a legal bestmove', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = h.open('/sub/app/worker.js');
    window.typed = e;
    await e.wait((d) => d && d.type === 'loaded', 60000);
    e.send({ type: 'uci' });
    await e.wait((d) => d && d.type === 'uciok');
    e.send({ type: 'position', fen: 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3', moves: ['f1b5'] });
    e.send({ type: 'go', depth: 8 });
    const b = await e.wait((d) => d && d.type === 'bestmove', 120000);
    return e.log.map((x) => x.data);
  });
  assert.deepEqual(r[0], { type: 'loaded', simd: true }, 'Chromium has wasm SIMD: the SIMD build');
  const id = r.find((d) => d.type === 'id');
  assert.match(id.name, /^Azurite/);
  assert.equal(id.author, 'the Azurite developers');
  const hash = r.find((d) => d.type === 'option' && d.name === 'Hash');
  assert.deepEqual(hash, { type: 'option', name: 'Hash', kind: 'spin', default: 16, min: 1, max: 3584 });
  assert.ok(r.some((d) => d.type === 'option' && d.name === 'Clear Hash' && d.kind === 'button'));
  const infos = r.filter((d) => d.type === 'info' && d.pv);
  const last = infos.at(-1);
  assert.equal(last.depth, 8);
  assert.equal(typeof last.nodes, 'number');
  assert.ok(Array.isArray(last.pv) && last.pv.length > 0);
  assert.ok(('scoreCp' in last) !== ('scoreMate' in last), JSON.stringify(last));
  const best = r.find((d) => d.type === 'bestmove');
  assert.ok(isLegal('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3', ['f1b5'], best.move), JSON.stringify(best));
});

test('go infinite, stop after 500 ms -> bestmove within 50 ms (median of 9)', async () => {
  const lat = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = window.eng;
    const out = [];
    for (let i = 0; i < 9; i++) {
      const m = e.mark();
      e.send(i % 2 ? 'position startpos' : 'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
      e.send('go infinite');
      await h.sleep(500);
      const t = e.send('stop');
      const b = await e.wait(h.isLine('bestmove'), 10000, m);
      out.push(b.t - t);
    }
    return out;
  });
  console.log(`Chromium stop -> bestmove ms: ${lat.map((x) => x.toFixed(1)).join(', ')}`);
  assert.ok(median(lat) <= 50, `median stop latency ${median(lat).toFixed(1)} ms`);
});

test('isready during a search is answered within 50 ms (median of 9)', async () => {
  const lat = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = window.eng;
    const m = e.mark();
    e.send('position startpos');
    e.send('go infinite');
    const out = [];
    for (let i = 0; i < 9; i++) {
      await h.sleep(150);
      const k = e.mark();
      const t = e.send('isready');
      out.push((await e.wait(h.isLine('readyok'), 10000, k)).t - t);
    }
    const running = !e.log.slice(m).some((x) => String(x.data).startsWith('bestmove'));
    e.send('stop');
    await e.wait(h.isLine('bestmove'), 10000, m);
    return { out, running };
  });
  console.log(`Chromium isready during search ms: ${lat.out.map((x) => x.toFixed(1)).join(', ')}`);
  assert.ok(lat.running, 'isready ended the search');
  assert.ok(median(lat.out) <= 50, `median readyok latency ${median(lat.out).toFixed(1)} ms`);
});

test('bench in the worker: isready answered at once, stop ends it with "bench stopped" and no summary', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = window.eng;
    const m = e.mark();
    e.send('bench 30'); // depth 30 would take hours: only stop ends it
    // The first isready (untimed) may meet the bench still clearing its
    // 16 MB table, which does not yield; the timed ones meet it searching.
    e.send('isready');
    await e.wait(h.isLine('readyok'), 60000, m);
    const lat = [];
    for (let i = 0; i < 3; i++) {
      await h.sleep(150);
      const k = e.mark();
      const t = e.send('isready');
      lat.push((await e.wait(h.isLine('readyok'), 60000, k)).t - t);
    }
    const t = e.send('stop');
    const s = await e.wait((d) => typeof d === 'string' && d.startsWith('info string bench stopped'), 60000, m);
    const k = e.mark();
    e.send('position startpos');
    e.send('go depth 4');
    const b = await e.wait(h.isLine('bestmove'), 30000, k);
    return { lat, stopMs: s.t - t, out: e.log.slice(m, k).map((x) => x.data).filter((d) => d !== 'readyok'), best: b.data };
  });
  console.log(`Chromium during bench: readyok ms ${r.lat.map((x) => x.toFixed(1)).join(', ')}; stop -> "${r.out.at(-1)}" ${r.stopMs.toFixed(1)} ms`);
  assert.ok(median(r.lat) <= 50, `median readyok latency during bench ${median(r.lat).toFixed(1)} ms`);
  assert.match(r.out.at(-1), /^info string bench stopped after [01] of \d+ positions$/);
  assert.ok(r.out.length === 1 || (r.out.length === 2 && /^Position 1\/\d+: /.test(r.out[0])), JSON.stringify(r.out));
  assert.ok(isLegal(null, [], r.best.split(' ')[1]), r.best);
});

test('the page stays responsive during a 5 s search (requestAnimationFrame keeps firing)', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = window.eng;
    const m = e.mark();
    e.send('position startpos');
    e.send('go infinite');
    const frames = [];
    const t0 = performance.now();
    await new Promise((resolve) => {
      const tick = (t) => { frames.push(t); if (performance.now() - t0 < 5000) requestAnimationFrame(tick); else resolve(); };
      requestAnimationFrame(tick);
    });
    e.send('stop');
    const b = await e.wait(h.isLine('bestmove'), 20000, m);
    let maxGap = 0;
    for (let i = 1; i < frames.length; i++) maxGap = Math.max(maxGap, frames[i] - frames[i - 1]);
    return { frames: frames.length, maxGap, searchMs: b.t - t0 };
  });
  console.log(`rAF during a 5 s search: ${r.frames} frames, longest gap ${r.maxGap.toFixed(1)} ms; bestmove after ${r.searchMs.toFixed(0)} ms`);
  assert.ok(r.frames >= 100, `only ${r.frames} animation frames in 5 s`);
  assert.ok(r.maxGap < 1000, `a ${r.maxGap.toFixed(0)} ms gap between frames`);
});

test('bad messages -> error events, and the worker keeps working', async () => {
  const bad = [
    { msg: { type: 'nope' }, where: 'type' },
    { msg: { type: 'go', depth: 'deep' }, where: 'go.depth' },
    { msg: { type: 'go', depth: 2.5 }, where: 'go.depth' },
    { msg: { type: 'go', searchmoves: 'e2e4' }, where: 'go.searchmoves' },
    { msg: { type: 'position', moves: 'e2e4' }, where: 'position.moves' },
    { msg: { type: 'position', moves: ['e2e4\nquit'] }, where: 'position.moves[0]' },
    { msg: { type: 'position', fen: 42 }, where: 'position.fen' },
    { msg: { type: 'setoption', name: 5 }, where: 'setoption.name' },
    { msg: { type: 'setoption', name: 'Hash', value: { mb: 1 } }, where: 'setoption.value' },
    { msg: { type: 'book', data: 'not bytes' }, where: 'book.data' },
    { msg: { fen: 'no type' }, where: 'type' },
    { msg: [1, 2, 3] },
    { msg: 42 },
    { msg: null },
    { msg: { type: 'position', fen: 'this is not a fen' }, engine: true },
    { msg: { type: 'setoption', name: 'Hash', value: 999999 }, engine: true },
  ];
  const r = await inPage(async (bad) => {
    const h = await import('/tests/page-helpers.js');
    const e = window.typed;
    const res = [];
    for (const b of bad) {
      const m = e.mark();
      e.send(b.msg);
      e.send({ type: 'isready' });
      await e.wait((d) => d && d.type === 'readyok', 10000, m);
      res.push(e.log.slice(m).map((x) => x.data));
    }
    const m = e.mark();
    e.send('gibberish');
    e.send('isready');
    await e.wait(h.isLine('readyok'), 10000, m);
    const str = e.log.slice(m).map((x) => x.data);
    const k = e.mark();
    e.send({ type: 'position', moves: ['e2e4'] });
    e.send({ type: 'go', depth: 5 });
    const best = await e.wait((d) => d && d.type === 'bestmove', 60000, k);
    return { res, str, best: best.data, errors: e.log.filter((x) => x.data && x.data.workerError) };
  }, bad);
  r.res.forEach((events, i) => {
    const errs = events.filter((d) => d && d.type === 'error');
    assert.equal(errs.length, 1, `${JSON.stringify(bad[i].msg)} -> ${JSON.stringify(events)}`);
    assert.equal(errs[0].source, bad[i].engine ? 'engine' : 'message', JSON.stringify(errs[0]));
    if (bad[i].where) assert.equal(errs[0].where, bad[i].where, JSON.stringify(errs[0]));
    assert.ok(errs[0].message.length > 10 && !errs[0].fatal, JSON.stringify(errs[0]));
  });
  assert.equal(r.str.filter((l) => typeof l === 'string' && l.startsWith('info string error: ')).length, 1, JSON.stringify(r.str));
  assert.ok(isLegal(null, ['e2e4'], r.best.move), JSON.stringify(r.best));
  assert.deepEqual(r.errors, []);
});

test('300 random messages (seeded) never kill the worker; it still searches afterwards', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = h.open('/sub/app/worker.js');
    await e.wait((d) => d && d.type === 'loaded', 60000);
    let seed = 12345;
    const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const pick = (a) => a[rnd(a.length)];
    const values = () => [undefined, null, 0, -1, 2.5, 1e300, NaN, '', 'e2e4', 'x\ny', 'a1a1', '8/8/8/8/8/8/8/8 w - - 0 1',
      true, [], ['e2e4', 5], { a: 1 }, new Uint8Array(7), 'go depth 2', 'stop'];
    const types = ['uci', 'isready', 'newgame', 'setoption', 'position', 'go', 'stop', 'ponderhit', 'book', 'stopflag', 'quitx', 42, null];
    const fields = ['name', 'value', 'fen', 'moves', 'depth', 'nodes', 'movetime', 'wtime', 'infinite', 'searchmoves', 'data', 'buffer'];
    for (let i = 0; i < 300; i++) {
      const k = rnd(4);
      if (k === 0) { e.send(pick(['', ' ', 'go', 'position', 'setoption name', 'd', 'go depth x', 'position fen', '\u0000', 'isready\nstop', 'go nodes 200'])); continue; }
      const m = { type: pick(types) };
      for (let j = rnd(4); j > 0; j--) m[pick(fields)] = pick(values());
      if (m.type === 'go' && !m.depth && !m.nodes) m.nodes = 300; // keep searches short
      e.send(k === 1 ? pick(values()) ?? m : m);
    }
    // A search the random messages started may still be unwinding after
    // "stop": its bestmove can follow readyok (isready is answered at once).
    // "ucinewgame" waits for it, as a GUI's ucinewgame + isready sync does,
    // so the next bestmove is the new search's.
    e.send({ type: 'stop' });
    e.send({ type: 'newgame' });
    e.send({ type: 'isready' });
    await e.wait((d) => d && d.type === 'readyok', 60000, e.log.length);
    const fatal = e.log.filter((x) => x.data && (x.data.fatal || x.data.workerError));
    const m = e.mark();
    e.send({ type: 'position', moves: ['e2e4', 'e7e5'] });
    e.send({ type: 'go', depth: 4 });
    const best = await e.wait((d) => d && d.type === 'bestmove', 60000, m);
    e.w.terminate();
    return { fatal: fatal.map((x) => x.data), best: best.data, errors: e.log.filter((x) => (x.data && x.data.type === 'error') || (typeof x.data === 'string' && x.data.startsWith('info string error:'))).length };
  });
  assert.deepEqual(r.fatal, []);
  assert.ok(r.errors > 100, `only ${r.errors} errors reported for 300 random messages`);
  console.log(`random messages: ${r.errors} errors reported, none fatal`);
  assert.ok(isLegal(null, ['e2e4', 'e7e5'], r.best.move), JSON.stringify(r.best));
});

test('wrong MIME type for .wasm: falls back to WebAssembly.instantiate', async () => {
  const s2 = await serve({ mounts: { '/tests/': HERE, '/': DIST }, wasmType: 'application/octet-stream' });
  try {
    const p2 = await browser.ctx.newPage();
    await p2.goto(s2.url + '/blank.html');
    const r = await p2.evaluate(async () => {
      const h = await import('/tests/page-helpers.js');
      const e = h.open('/worker.js');
      e.send('isready');
      return (await e.wait((d) => d === 'readyok' || (d && d.type === 'error'), 60000)).data;
    });
    await p2.close();
    assert.equal(r, 'readyok');
  } finally {
    await s2.close();
  }
});

test('load failure -> typed error event and an info string error line, repeated for later messages', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = h.open('/sub/app/worker.js?wasm=missing.wasm');
    const err = await e.wait((d) => d && d.type === 'error', 30000);
    const line = await e.wait((d) => typeof d === 'string' && d.startsWith('info string error:'), 5000);
    const m = e.mark();
    e.send('uci');
    const again = await e.wait((d) => typeof d === 'string' && d.startsWith('info string error:'), 5000, m);
    e.w.terminate();
    return { err: err.data, line: line.data, again: again.data };
  });
  assert.equal(r.err.source, 'load');
  assert.equal(r.err.fatal, true);
  assert.match(r.err.message, /missing\.wasm.*HTTP 404/);
  assert.match(r.line, /^info string error: cannot start the engine: .*missing\.wasm/);
  assert.equal(r.again, r.line);
});

test('hostile messages through postMessage: one error event each, the engine keeps answering (issue 22)', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = h.open('/sub/app/worker.js');
    await e.wait((d) => d && d.type === 'loaded', 60000);
    const out = [];
    for (const bad of [10n, { type: 'go', depth: 5n }, { type: 1n }, { type: 'position', moves: { length: 1e7 } },
      { type: 'position', moves: { length: 1e8 } }, { type: 'go', searchmoves: new Array(20000).fill('e2e4') }]) {
      const m = e.mark();
      const t = performance.now();
      e.send(bad);
      e.send({ type: 'isready' });
      await e.wait((d) => d && d.type === 'readyok', 10000, m);
      out.push({ ms: performance.now() - t, got: e.log.slice(m).map((x) => x.data) });
    }
    const m = e.mark();
    e.send({ type: 'position', moves: ['e2e4'] });
    e.send({ type: 'go', depth: 3 });
    const b = await e.wait((d) => d && d.type === 'bestmove', 30000, m);
    e.w.terminate();
    return { out, best: b.data.move };
  });
  const wheres = ['', 'go.depth', 'type', 'position.moves', 'position.moves', 'go.searchmoves'];
  r.out.forEach((o, i) => {
    const errs = o.got.filter((d) => d && d.type === 'error');
    assert.equal(errs.length, 1, JSON.stringify(o.got));
    assert.equal(errs[0].where ?? '', wheres[i], JSON.stringify(errs[0]));
    assert.notEqual(errs[0].fatal, true, JSON.stringify(errs[0]));
    assert.ok(o.ms < 2000, `answered after ${o.ms.toFixed(0)} ms`);
  });
  assert.ok(isLegal(null, ['e2e4'], r.best), r.best);
});

test('issue 32 in a worker: xboard first, a 20 MB position message and a 100 MB field refused', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = h.open('/sub/app/worker.js');
    await e.wait((d) => d && d.type === 'loaded', 60000);
    const lines = (m) => e.log.slice(m).map((x) => x.data).filter((d) => typeof d === 'string');
    // xboard chosen by the user's first command, not by the warm-up.
    for (const l of ['xboard', 'protover 2', 'new', 'st 1', 'sd 3', 'go']) e.send(l);
    const mv = await e.wait((d) => typeof d === 'string' && d.startsWith('move '), 30000, 0);
    const xb = lines(0);
    // A 20 MB position line and a 100 MB typed field are refused.
    let m = e.mark();
    e.send('position startpos moves' + ' e2e4'.repeat(4 << 20));
    e.send({ type: 'setoption', name: 'a '.repeat(5e7) });
    e.send('ping 1');
    await e.wait((d) => d === 'pong 1', 20000, m);
    const refused = e.log.slice(m).map((x) => x.data);
    e.w.terminate();
    return { move: mv.data, xb, refused };
  });
  assert.ok(isLegal(null, [], r.move.split(' ')[1]), r.move);
  assert.ok(!r.xb.some((l) => /unknown command|^bestmove|^info /.test(l)), JSON.stringify(r.xb));
  const errs = r.refused.filter((d) => (typeof d === 'string' && d.startsWith('Error')) || (d && d.type === 'error'));
  assert.equal(errs.length, 2, JSON.stringify(r.refused).slice(0, 600));
  assert.match(JSON.stringify(errs[0]), /a UCI string of 20971543 characters, at most 8388608 allowed/);
  assert.equal(errs[1].where, 'setoption.name', JSON.stringify(errs[1]));
  assert.match(errs[1].message, /100000000 characters, at most 4096 allowed/);
});

test('a million-ply game in a worker: a legal bestmove (wasm memory: tests/wasm/hardening.test.mjs)', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = h.open('/sub/app/worker.js');
    await e.wait((d) => d && d.type === 'loaded', 60000);
    const m = e.mark();
    e.send('position startpos moves' + ' g1f3 g8f6 f3g1 f6g8'.repeat(250000));
    e.send('go depth 5');
    const b = await e.wait((d) => typeof d === 'string' && d.startsWith('bestmove '), 60000, m);
    e.w.terminate();
    return { best: b.data, errors: e.log.slice(m).map((x) => x.data).filter((d) => typeof d === 'string' && d.startsWith('info string error')) };
  });
  assert.deepEqual(r.errors, []);
  assert.ok(isLegal(null, [], r.best.split(' ')[1]), r.best);
});

test('the scalar build (worker.js?simd=0, as a browser without wasm SIMD gets) plays a game of legal moves with the net', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = h.open('/sub/app/worker.js?simd=0');
    const loaded = await e.wait((d) => d && d.type === 'loaded', 60000);
    const moves = [];
    for (let ply = 0; ply < 24; ply++) {
      const m = e.mark();
      e.send({ type: 'position', moves });
      e.send({ type: 'go', depth: 5 });
      const b = await e.wait((d) => d && d.type === 'bestmove', 60000, m);
      if (!b.data.move || b.data.move === '0000') break;
      moves.push(b.data.move);
    }
    e.w.terminate();
    return { loaded: loaded.data, moves };
  });
  assert.deepEqual(r.loaded, { type: 'loaded', simd: false });
  assert.equal(r.moves.length, 24, JSON.stringify(r.moves));
  for (let i = 0; i < r.moves.length; i++) assert.ok(isLegal(null, r.moves.slice(0, i), r.moves[i]), `ply ${i + 1}: ${r.moves[i]} after ${r.moves.slice(0, i).join(' ')}`);
});

test('memory that cannot grow -> a fatal error event naming it, not a silent death', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = h.open('/sub/app/worker.js');
    await e.wait((d) => d && d.type === 'loaded', 60000);
    e.send({ type: 'setoption', name: 'Hash', value: 3584 });
    const err = await e.wait((d) => d && d.type === 'error', 60000);
    const m = e.mark();
    e.send({ type: 'isready' });
    const again = await e.wait((d) => d && d.type === 'error', 5000, m);
    e.w.terminate();
    return { err: err.data, again: again.data };
  });
  assert.equal(r.err.fatal, true, JSON.stringify(r.err));
  assert.equal(r.err.source, 'engine');
  assert.match(r.err.message, /out of memory/);
  assert.equal(r.again.fatal, true);
});

test('quit during a search: bestmove, then the worker closes', async () => {
  const r = await inPage(async () => {
    const h = await import('/tests/page-helpers.js');
    const e = h.open('/sub/app/worker.js');
    e.send({ type: 'position' });
    e.send({ type: 'go', infinite: true });
    await e.wait((d) => d && d.type === 'info', 60000);
    e.send({ type: 'quit' });
    const b = await e.wait((d) => d && d.type === 'bestmove', 5000);
    await h.sleep(300);
    const m = e.mark();
    e.send({ type: 'isready' });
    await h.sleep(700);
    return { best: b.data, after: e.log.slice(m).map((x) => x.data) };
  });
  assert.ok(isLegal(null, [], r.best.move));
  assert.deepEqual(r.after, [], 'a closed worker answers nothing');
});

test('stopflag needs a cross-origin isolated page: refused here with an error event', async () => {
  const r = await inPage(async () => {
    const e = window.typed;
    const m = e.mark();
    e.send({ type: 'stopflag', buffer: new ArrayBuffer(4) });
    e.send({ type: 'isready' });
    await e.wait((d) => d && d.type === 'readyok', 10000, m);
    return e.log.slice(m).map((x) => x.data);
  });
  assert.equal(r[0].type, 'error');
  assert.equal(r[0].where, 'stopflag.buffer');
});

test('cross-origin isolated page: a shared stop flag ends the search without a stop message (median of 9), numbered searches', async () => {
  const iso = await serve({
    mounts: { '/tests/': HERE, '/': DIST },
    headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
  });
  try {
    const p2 = await browser.ctx.newPage();
    await p2.goto(iso.url + '/blank.html');
    const r = await p2.evaluate(async () => {
      const h = await import('/tests/page-helpers.js');
      const e = h.open('/worker.js');
      const flag = new Int32Array(new SharedArrayBuffer(4));
      e.send({ type: 'stopflag', buffer: flag.buffer });
      await e.wait((d) => d && d.type === 'stopflag', 60000);
      // The searches started after the flag are numbered 1, 2, …; storing
      // n stops search n (and any earlier one).
      let n = 0;
      const lat = [];
      for (let i = 0; i < 9; i++) {
        const m = e.mark();
        e.send({ type: 'position' });
        e.send({ type: 'go', infinite: true });
        n++;
        await e.wait((d) => d && d.type === 'info', 30000, m);
        await h.sleep(500);
        const t = performance.now();
        Atomics.store(flag, 0, n); // no stop message
        lat.push((await e.wait((d) => d && d.type === 'bestmove', 5000, m)).t - t);
      }
      // A stop stored right after posting the go, before the worker has
      // processed it (regression: the engine reset the flag at go and this
      // search never ended).
      let m = e.mark();
      e.send({ type: 'go', infinite: true });
      Atomics.store(flag, 0, ++n);
      const early = await e.wait((d) => d && d.type === 'bestmove', 10000, m).then(() => true, () => false);
      // The stops so far do not touch the next search.
      m = e.mark();
      e.send({ type: 'go', depth: 3 });
      n++;
      await e.wait((d) => d && d.type === 'bestmove', 30000, m);
      const infos = e.log.slice(m).filter((x) => x.data.type === 'info' && x.data.depth === 3).length;
      e.w.terminate();
      return { isolated: crossOriginIsolated, lat, early, infos };
    });
    await p2.close();
    console.log(`Chromium shared-flag stop -> bestmove ms: ${r.lat.map((x) => x.toFixed(1)).join(', ')}`);
    assert.equal(r.isolated, true);
    assert.ok(median(r.lat) <= 50, `median ${median(r.lat)} ms`);
    assert.equal(r.early, true, 'a stop stored before the worker processed its go ended that search');
    assert.ok(r.infos > 0, 'the next search ran to depth 3 (earlier stops do not apply to it)');
  } finally {
    await iso.close();
  }
});

test('no uncaught errors in the page', () => {
  assert.deepEqual(pageErrors, []);
});
