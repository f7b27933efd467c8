// units.test.mjs: the embed's DOM-free parts under node: attribute parsing and the
// shared engine pool's scheduling (with a fake engine client).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAttributes } from '../../web/embed/attributes.js';
import { EnginePool } from '../../web/embed/engine-pool.js';

test('parseAttributes: values, aliases and a message per bad attribute', () => {
  const rows = [
    { name: 'defaults', attrs: {}, config: { mode: 'view', level: 'casual', orientation: 'w', lines: 1 }, errors: [] },
    { name: 'play-black-level-number', attrs: { mode: 'play', orientation: 'Black', level: '2' }, config: { mode: 'play', orientation: 'b', level: 'beginner' }, errors: [] },
    { name: 'analyze-alias', attrs: { mode: 'analyze', lines: '3' }, config: { mode: 'analyse', lines: 3 }, errors: [] },
    { name: 'unknown-mode', attrs: { mode: 'blitz' }, config: { mode: 'view' }, errors: ['Unknown mode "blitz": use play, analyse or view.'] },
    { name: 'bad-level', attrs: { level: '13' }, config: { level: 'casual' }, errors: [/^Unknown level "13": use 1 to 12 or one of absolute, beginner, /] },
    { name: 'bad-orientation', attrs: { orientation: 'up' }, config: { orientation: 'w' }, errors: ['Unknown orientation "up": use white or black.'] },
    { name: 'bad-lines', attrs: { lines: '0' }, config: { lines: 1 }, errors: ['Bad lines "0": use a whole number from 1 to 5.'] },
    { name: 'fen-and-pgn', attrs: { fen: '8/8/8/8/8/8/8/K6k w - - 0 1', 'pgn-src': 'a.pgn' }, config: {}, errors: ['Both fen and pgn-src are set: use one of them.'] },
    { name: 'look-defaults', attrs: {}, config: { board: null, pieces: 'standard', coordinates: true }, errors: [] },
    { name: 'look-set', attrs: { board: 'Green', pieces: 'azurite', coordinates: 'off' }, config: { board: 'green', pieces: 'azurite', coordinates: false }, errors: [] },
    { name: 'look-bad', attrs: { board: 'pink', pieces: 'merida', coordinates: 'maybe' }, config: { board: null, pieces: 'standard', coordinates: true }, errors: ['Unknown board "pink": use blue, green, brown, grey.', 'Unknown pieces "merida": use standard or azurite.', 'Bad coordinates "maybe": use on or off.'] },
    { name: 'huge-value-clipped', attrs: { mode: 'x'.repeat(500) }, config: {}, errors: [/^Unknown mode "x{60}…": /] },
  ];
  for (const r of rows) {
    const { config, errors } = parseAttributes((n) => (n in r.attrs ? r.attrs[n] : null));
    for (const [k, v] of Object.entries(r.config)) assert.equal(config[k], v, `${r.name}: ${k}`);
    assert.equal(errors.length, r.errors.length, `${r.name}: ${errors}`);
    r.errors.forEach((want, i) => (typeof want === 'string' ? assert.equal(errors[i], want, r.name) : assert.match(errors[i], want, r.name)));
  }
});

// FakeClient follows web/engine-client.js: go() resolves after movetime or on stop().
class FakeClient {
  constructor(log) {
    this.log = log;
    this.cur = null;
  }
  on() {}
  async ready() {}
  async setOption(name, value) {
    this.log.push(`setoption ${name}=${value}`);
  }
  async newGame() {}
  async loadBook() {}
  position(fen) {
    this.fen = fen;
  }
  go(params, onInfo) {
    this.log.push(`go ${this.fen} ${params.movetime}`);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.cur = null;
        resolve({ move: 'e2e4' });
      };
      const t = setTimeout(done, params.movetime);
      this.cur = done;
      onInfo({ type: 'info', depth: 1, pv: ['e2e4'] });
    });
  }
  async stop() {
    if (this.cur) this.cur();
  }
}

test('EnginePool: one engine, play first, analysis preempted and resumed, cancel', async () => {
  const log = [];
  const pool = new EnginePool(() => new FakeClient(log));
  const A = {};
  const B = {};
  const C = {};
  const infosA = [];
  const a = pool.search(A, { kind: 'analysis', fen: 'A', params: { movetime: 600 }, options: { MultiPV: 3 }, onInfo: (i) => infosA.push(i) });
  await new Promise((r) => setTimeout(r, 100));
  // B's analysis preempts A's; C's play job jumps ahead of A's remainder.
  const b = pool.search(B, { kind: 'analysis', fen: 'B', params: { movetime: 300 }, options: { MultiPV: 3 } });
  const c = pool.search(C, { kind: 'play', fen: 'C', params: { movetime: 50 }, options: { MultiPV: 1 } });
  const [ra, rb, rc] = await Promise.all([a, b, c]);
  assert.deepEqual([ra.move, rb.move, rc.move], ['e2e4', 'e2e4', 'e2e4']);
  const gos = log.filter((l) => l.startsWith('go'));
  assert.equal(gos[0], 'go A 600');
  assert.equal(gos[1], 'go C 50', 'the play job runs before the waiting analysis');
  assert.equal(gos[2], 'go B 300');
  // A ran about 100 ms before B preempted it; under load the timer may fire
  // late, so only require a budget that is left over, not a fresh 600.
  const left = Number(gos[3].match(/^go A (\d+)$/)?.[1]);
  assert.ok(left > 0 && left < 600, `A resumes with the budget it had left: ${gos[3]}`);
  // MultiPV is set only when it changes.
  assert.deepEqual(log.filter((l) => l.startsWith('setoption')), ['setoption MultiPV=3', 'setoption MultiPV=1', 'setoption MultiPV=3']);
  assert.ok(infosA.length >= 2);

  // Cancel: the owner's running job resolves null at once; a new job of the same owner replaces the old.
  const d = pool.search(A, { kind: 'analysis', fen: 'D', params: { movetime: 5000 }, options: {} });
  await new Promise((r) => setTimeout(r, 20));
  const e = pool.search(A, { kind: 'analysis', fen: 'E', params: { movetime: 30 }, options: {} });
  assert.equal(await d, null);
  assert.equal((await e).move, 'e2e4');
  const f = pool.search(B, { kind: 'analysis', fen: 'F', params: { movetime: 5000 }, options: {} });
  await new Promise((r) => setTimeout(r, 20));
  pool.cancel(B);
  assert.equal(await f, null);
  assert.equal(pool.busyWith(B), false);
});
