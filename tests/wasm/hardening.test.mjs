// Issue 32 under node: xboard in the wasm build, a finished game's result
// line, and memory bounded by the search, not by the input (the node
// runner and the bridge itself). Each test fails on the build before the
// fix: xboard got "unknown command" (the warm-up's setoption had chosen
// UCI), the runner held a 100 MB line whole, and a million-ply game kept
// 1.4 GB of wasm memory.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { UCIProcess } from './uci-process.mjs';
import { startEngine, isEvent, isLine } from './inprocess.mjs';
import { DIST, RUNNER, requireBuild } from './paths.mjs';
import { isLegal } from './legal.mjs';

const start = () => new UCIProcess(process.execPath, [RUNNER, '--wasm', path.join(DIST, 'azurite.wasm')]);
const peakKB = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

let e;
before(async () => {
  requireBuild();
  e = await startEngine();
});

test('runner: xboard plays a move, and go on a finished game prints its result', async () => {
  const p = start();
  try {
    for (const l of ['xboard', 'protover 2', 'new', 'st 1', 'sd 3', 'go']) p.send(l);
    const mv = await p.wait(/^move /, 30000);
    assert.ok(isLegal(null, [], mv.line.split(' ')[1]), mv.line);
    const out = p.since(0);
    assert.ok(out.some((l) => l.startsWith('feature ') && l.endsWith('done=1')), JSON.stringify(out));
    assert.ok(!out.some((l) => /unknown command|^bestmove|^info /.test(l)), JSON.stringify(out));
    for (const [fen, want] of [
      ['rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3', '0-1 {Black mates}'],
      ['7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', '1/2-1/2 {Stalemate}'],
      ['8/8/4k3/8/8/3K4/8/8 w - - 0 1', '1/2-1/2 {Insufficient material}'],
    ]) {
      const m = p.mark();
      p.send('setboard ' + fen);
      p.send('go');
      p.send('ping 9');
      await p.wait(/^pong 9$/, 10000, m);
      assert.deepEqual(p.since(m), [want, 'pong 9'], fen);
    }
  } finally {
    p.send('quit');
    await p.exited;
  }
});

test('runner: a 100 MB line is refused with its size and start, in under 300 MB', async (t) => {
  const p = start();
  try {
    p.send('isready');
    await p.wait(/^readyok$/, 60000);
    const m = p.mark();
    const chunk = 'a '.repeat(1 << 19);
    for (let i = 0; i < 100; i++) p.proc.stdin.write(chunk); // 100 MiB, one line
    p.send('');
    p.send('isready');
    await p.wait(/^readyok$/, 60000, m);
    const out = p.since(m);
    assert.equal(out.length, 2, JSON.stringify(out).slice(0, 500));
    assert.match(out[0], /^info string error: input line too long: 104857601 bytes, at most 8388608 are read; it starts "(a ){100}" and was skipped$/);
    const kb = peakKB(p.proc.pid);
    t.diagnostic(`runner peak resident size ${kb >> 10} MB`);
    assert.ok(kb < 300 << 10, `runner peak ${kb >> 10} MB`);
  } finally {
    p.send('quit');
    await p.exited;
  }
});

test('bridge: a million-ply game keeps wasm memory small and searches', async (t) => {
  const moves = ' g1f3 g8f6 f3g1 f6g8'.repeat(250000);
  const m = e.mark();
  e.send('position startpos moves' + moves);
  e.send('go depth 5');
  const b = await e.wait(isLine('bestmove '), 60000, m);
  assert.ok(isLegal(null, [], b.line.split(' ')[1]), b.line);
  const mb = e.memoryBytes() / (1 << 20);
  t.diagnostic(`wasm memory after a million-ply game and go depth 5: ${mb.toFixed(0)} MB`);
  assert.ok(mb < 300, `wasm memory ${mb.toFixed(0)} MB after a million-ply game`);
});

test('bridge: a 20 MB string message is refused before it is copied', async () => {
  const m = e.mark();
  e.send('position startpos moves' + ' e2e4'.repeat(4 << 20));
  e.send('isready');
  await e.wait(isLine('readyok'), 10000, m);
  const errs = e.since(m).filter(isLine('info string error: '));
  assert.equal(errs.length, 1, JSON.stringify(e.since(m)).slice(0, 300));
  assert.match(errs[0].line, /^info string error: bad message: a UCI string of 20971543 characters, at most 8388608 allowed; it starts "position startpos moves e2e4/);
  assert.ok(e.memoryBytes() < 300 << 20, `wasm memory ${e.memoryBytes() >> 20} MB`);
});

const fieldCases = [
  // [name, message, where, message must match]
  ['position-fen-with-moves', { type: 'position', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5' },
    'position.fen', /holds the word "moves"/],
  ['setoption-value-nbsp', { type: 'setoption', name: 'UCI_Opponent', value: '\u00a0' }, 'setoption.value', /only white space/],
  ['setoption-name-100MB', { type: 'setoption', name: 'a '.repeat(5e7) }, 'setoption.name', /^bad message: setoption.name: 100000000 characters, at most 4096 allowed; it starts "(a ){100}"$/],
  ['position-fen-1MB', { type: 'position', fen: 'x'.repeat(1 << 20) }, 'position.fen', /1048576 characters/],
  ['position-moves-16MB-entry', { type: 'position', moves: ['e2e4', 'e'.repeat(1 << 24)] }, 'position.moves[1]', /16777216 characters/],
];

test('bridge: typed fields are checked for size and meaning before use', async () => {
  e.send({ type: 'position', moves: ['d2d4'] });
  for (const [name, msg, where, re] of fieldCases) {
    const m = e.mark();
    const t = e.send(msg);
    e.send({ type: 'isready' });
    await e.wait(isEvent('readyok'), 10000, m);
    const errs = e.since(m).filter(isEvent('error'));
    assert.equal(errs.length, 1, `${name}: ${JSON.stringify(e.since(m)).slice(0, 300)}`);
    assert.equal(errs[0].event.where, where, name);
    assert.match(errs[0].event.message, re, name);
    assert.ok(errs[0].t - t < 1000, `${name}: answered after ${(errs[0].t - t).toFixed(0)} ms`);
  }
  const m = e.mark();
  e.send({ type: 'go', depth: 3 });
  const b = await e.wait(isEvent('bestmove'), 30000, m);
  assert.ok(isLegal(null, ['d2d4'], b.event.move), `the refused messages changed the position: ${b.event.move}`);
});
