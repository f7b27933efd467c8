// Protocol tests of the wasm engine under node (tools/azurite-uci.mjs): the
// same azurite.wasm the worker loads, driven as a stdin/stdout UCI engine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { UCIProcess } from './uci-process.mjs';
import { isLegal } from './legal.mjs';
import { DIST, RUNNER, KIWIPETE, requireBuild, median } from './paths.mjs';
import path from 'node:path';

let e;
const start = () => new UCIProcess(process.execPath, [RUNNER, '--wasm', path.join(DIST, 'azurite.wasm')]);

before(() => {
  requireBuild();
  e = start();
});
after(async () => {
  const { code } = await e.quit();
  assert.equal(code, 0, 'runner exit status after quit');
});

test('uci lists id, every option and ends with uciok; browser defaults Hash 16, Threads 1', async () => {
  const m = e.mark();
  e.send('uci');
  await e.wait(/^uciok$/, 60000, m);
  const out = e.since(m);
  assert.match(out[0], /^id name Azurite\b/);
  assert.ok(out.includes('id author the Azurite developers'), out.join('\n'));
  const hash = out.find((l) => l.startsWith('option name Hash '));
  assert.match(hash, /^option name Hash type spin default 16 min 1 max \d+$/);
  assert.match(out.find((l) => l.startsWith('option name Threads ')), /default 1 /);
  assert.equal(out.at(-1), 'uciok');
  for (const l of out.slice(2, -1)) assert.match(l, /^option name .+ type (spin|check|combo|button|string)/);
});

for (const tc of [
  { name: 'startpos-moves', fen: null, moves: ['e2e4', 'e7e5', 'g1f3'] },
  { name: 'kiwipete', fen: KIWIPETE, moves: [] },
  { name: 'promotion', fen: '8/P6k/8/8/8/8/6K1/8 w - - 0 1', moves: [] },
]) {
  test(`position + go depth 8 gives a legal bestmove (${tc.name})`, async () => {
    const pos = (tc.fen ? `position fen ${tc.fen}` : 'position startpos') + (tc.moves.length ? ' moves ' + tc.moves.join(' ') : '');
    const m = e.mark();
    e.send(pos);
    e.send('go depth 8');
    const b = await e.wait(/^bestmove /, 120000, m);
    const move = b.line.split(' ')[1];
    assert.ok(isLegal(tc.fen, tc.moves, move), `bestmove ${move} is not legal in ${pos}`);
    const infos = e.since(m).filter((l) => l.startsWith('info depth'));
    assert.match(infos.at(-1), /^info depth 8 /);
  });
}

test('stop during go infinite gives a bestmove promptly (median of 3)', async () => {
  const lat = [];
  for (let i = 0; i < 3; i++) {
    const m = e.mark();
    e.send('position startpos');
    e.send('go infinite');
    await e.wait(/^info depth/, 30000, m);
    await new Promise((r) => setTimeout(r, 300));
    const t = e.send('stop');
    const b = await e.wait(/^bestmove /, 5000, m);
    lat.push(b.t - t);
    assert.ok(isLegal(null, [], b.line.split(' ')[1]));
  }
  console.log(`node runner stop -> bestmove latency ms: ${lat.map((x) => x.toFixed(1)).join(', ')}`);
  assert.ok(median(lat) <= 50, `median stop latency ${median(lat).toFixed(1)} ms > 50 ms`);
});

test('isready during a search is answered at once and the search goes on (median of 3)', async () => {
  const m = e.mark();
  e.send('position fen ' + KIWIPETE);
  e.send('go infinite');
  await e.wait(/^info depth/, 30000, m);
  const lat = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const r = e.mark();
    const t = e.send('isready');
    const ok = await e.wait(/^readyok$/, 5000, r);
    lat.push(ok.t - t);
  }
  assert.ok(!e.since(m).some((l) => l.startsWith('bestmove')), 'isready must not end the search');
  e.send('stop');
  await e.wait(/^bestmove /, 5000, m);
  console.log(`node runner isready during search ms: ${lat.map((x) => x.toFixed(1)).join(', ')}`);
  assert.ok(median(lat) <= 50, `median readyok latency ${median(lat).toFixed(1)} ms > 50 ms`);
});

test('bad input gives one error line each and the engine keeps working', async () => {
  for (const bad of ['gibberish', 'position fen 8/8/8/8 w - - 0 1', 'position startpos moves e2e5',
    'setoption name Hash value lots', 'setoption name NoSuchOption value 1', 'go depth -3', '\u0000\u00ff', 'go wtime x']) {
    const m = e.mark();
    e.send(bad);
    e.send('isready');
    await e.wait(/^readyok$/, 10000, m);
    const out = e.since(m);
    assert.equal(out.filter((l) => l.startsWith('info string error: ')).length, 1, `${JSON.stringify(bad)} -> ${JSON.stringify(out)}`);
    assert.equal(out.filter((l) => l.startsWith('bestmove')).length, 0, `${JSON.stringify(bad)} -> ${JSON.stringify(out)}`);
  }
  const m = e.mark();
  e.send('position startpos moves e2e4');
  e.send('go depth 3');
  const b = await e.wait(/^bestmove /, 30000, m);
  assert.ok(isLegal(null, ['e2e4'], b.line.split(' ')[1]));
});

test('races: stop with nothing running, go right after bestmove', async () => {
  let m = e.mark();
  e.send('stop');
  e.send('isready');
  await e.wait(/^readyok$/, 5000, m);
  assert.deepEqual(e.since(m), ['readyok'], 'stop with no search prints nothing');
  m = e.mark();
  e.send('position startpos');
  e.send('go depth 4');
  await e.wait(/^bestmove /, 30000, m);
  const m2 = e.mark();
  e.send('position startpos moves e2e4');
  e.send('go depth 4');
  const b = await e.wait(/^bestmove /, 30000, m2);
  assert.ok(isLegal(null, ['e2e4'], b.line.split(' ')[1]), b.line);
});

test('quit during a search ends the process', async () => {
  const p = start();
  p.send('position startpos');
  p.send('go infinite');
  await p.wait(/^info depth/, 60000);
  const t = performance.now();
  p.send('quit');
  const { code } = await p.exited;
  assert.equal(code, 0, p.stderr);
  assert.ok(performance.now() - t < 2000, 'quit took too long');
});

test('end of input acts as quit', async () => {
  const p = start();
  p.send('isready');
  await p.wait(/^readyok$/, 60000);
  p.proc.stdin.end();
  const { code } = await p.exited;
  assert.equal(code, 0, p.stderr);
});

test('a closed output ends the runner with one line on stderr, not a stack trace', async () => {
  const p = start();
  p.send('position startpos');
  p.send('go infinite');
  await p.wait(/^info depth/, 60000);
  p.proc.stdout.destroy();
  const { code } = await p.exited;
  assert.equal(code, 1, p.stderr);
  assert.equal(p.stderr, 'azurite-uci: output closed (EPIPE): the reader went away\n');
});

test('bench signature: the wasm build under node counts the same nodes as the native binary', async () => {
  const { execFileSync } = await import('node:child_process');
  const os = await import('node:os');
  const { ROOT } = await import('./paths.mjs');
  const bin = path.join(os.tmpdir(), `azurite-native-${process.pid}`);
  execFileSync('go', ['build', '-o', bin, './cmd/azurite'], { cwd: ROOT });
  const depth = '5';
  const native = execFileSync(bin, ['bench', depth], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  (await import('node:fs')).rmSync(bin, { force: true });
  const m = e.mark();
  e.send('bench ' + depth);
  const w = await e.wait(/^Nodes searched: \d+$/, 300000, m);
  // Nodes/second is the bench's last line: wait for it too, so it cannot land
  // inside the next test's window.
  await e.wait(/^Nodes\/second: \d+$/, 60000, m);
  const n = native.match(/^Nodes searched: \d+$/m)?.[0];
  console.log(`bench ${depth}: native "${n}", wasm under node "${w.line}"`);
  assert.ok(n, native);
  assert.equal(w.line, n);
});

test('bench keeps answering: isready at once, stop ends it without a summary', async () => {
  const m = e.mark();
  e.send('bench 30'); // depth 30 would take hours: only stop ends it
  // The first isready (untimed) may meet the bench still clearing its 16 MB
  // table, which does not yield; the timed ones meet it searching.
  e.send('isready');
  await e.wait(/^readyok$/, 60000, m);
  const lat = [];
  for (let i = 0; i < 3; i++) {
    const r = e.mark();
    const t = e.send('isready');
    lat.push((await e.wait(/^readyok$/, 60000, r)).t - t);
    await new Promise((res) => setTimeout(res, 100));
  }
  const t = e.send('stop');
  const s = await e.wait(/^info string bench stopped after [01] of \d+ positions$/, 60000, m);
  console.log(`node runner during bench: readyok ms ${lat.map((x) => x.toFixed(1)).join(', ')}; stop -> "${s.line}" ${(s.t - t).toFixed(1)} ms`);
  assert.ok(median(lat) <= 50, `median readyok latency during bench ${median(lat).toFixed(1)} ms > 50 ms`);
  const out = e.since(m).filter((l) => l !== 'readyok');
  assert.ok(out.length <= 2 && out.at(-1) === s.line && (out.length === 1 || /^Position 1\/\d+: /.test(out[0])), JSON.stringify(out));
  // The engine is idle and intact afterwards.
  const m2 = e.mark();
  e.send('position startpos');
  e.send('go depth 4');
  const b = await e.wait(/^bestmove /, 30000, m2);
  assert.ok(isLegal(null, [], b.line.split(' ')[1]), b.line);
});

test('perft keeps answering: isready at once, stop ends it (issue 22)', async () => {
  for (const cmd of ['perft 9', 'go perft 9']) {
    const m0 = e.mark();
    e.send('position startpos');
    e.send('isready'); // untimed: the first command after start-up may meet the warm-up's reset
    await e.wait(/^readyok$/, 60000, m0);
    const m = e.mark();
    e.send(cmd); // hours at wasm speed: only stop ends it
    await new Promise((res) => setTimeout(res, 100));
    const r = e.mark();
    const t = e.send('isready');
    const ok = await e.wait(/^readyok$/, 2000, r);
    const ts = e.send('stop');
    const s = await e.wait(/^info string perft stopped after \d+ of 20 moves$/, 5000, m);
    console.log(`node runner during ${cmd}: readyok ${(ok.t - t).toFixed(1)} ms; stop -> "${s.line}" ${(s.t - ts).toFixed(1)} ms`);
    const m2 = e.mark();
    e.send('go depth 3');
    const b = await e.wait(/^bestmove /, 30000, m2);
    assert.ok(isLegal(null, [], b.line.split(' ')[1]), b.line);
  }
});

test('the advertised Hash maximum can really be allocated (issue 22: 4095 died with "cannot allocate")', async () => {
  const m = e.mark();
  e.send('uci');
  await e.wait(/^uciok$/, 10000, m);
  const max = Number(e.since(m).find((l) => l.startsWith('option name Hash ')).match(/ max (\d+)$/)[1]);
  const m2 = e.mark();
  e.send(`setoption name Hash value ${max}`);
  e.send('position startpos');
  e.send('go depth 4');
  const b = await e.wait(/^bestmove /, 60000, m2);
  assert.ok(isLegal(null, [], b.line.split(' ')[1]), b.line);
  assert.ok(!e.since(m2).some((l) => l.startsWith('info string error')), e.since(m2).join('\n'));
  const m3 = e.mark();
  e.send('setoption name Hash value 16');
  e.send('isready');
  await e.wait(/^readyok$/, 60000, m3);
});
