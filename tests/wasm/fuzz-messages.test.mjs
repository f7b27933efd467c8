// Fuzz target: random JavaScript values handed to the wasm bridge in this
// node process (the worker's message conversion, wasm/message.go and
// wasm/jsread.go). Values mix the message shapes of docs/protocol.md with
// BigInts, Symbols, functions, Proxies, throwing getters, invented lengths,
// deep nesting and long strings (fields and whole UCI strings around the
// size limits of issue 32). The invariants: the Go program never exits, every
// message is answered (an isready after it gets its readyok), and every
// error event names its field briefly. FUZZ_MS (default 3000) sets the
// duration, FUZZ_SEED the seed (printed, so a failure can be replayed).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { startEngine, isEvent } from './inprocess.mjs';
import { requireBuild } from './paths.mjs';
import { rng } from '../rng.mjs';

const DURATION = Number(process.env.FUZZ_MS || 3000);
const SEED = Number(process.env.FUZZ_SEED || Date.now() % 2 ** 31);


const TYPES = ['uci', 'isready', 'newgame', 'stop', 'ponderhit', 'setoption', 'position', 'go', 'book', 'stopflag', 'fly', '', 'GO'];
const FIELDS = ['type', 'name', 'value', 'fen', 'moves', 'searchmoves', 'wtime', 'btime', 'winc', 'binc', 'movestogo',
  'depth', 'nodes', 'mate', 'movetime', 'infinite', 'ponder', 'data', 'buffer', 'length'];
// Options that are safe to set to anything (Hash would allocate what it is told).
const OPTIONS = ['MultiPV', 'Move Overhead', 'Skill Level', 'UCI_ShowWDL', 'Ponder', 'Clear Hash', 'NoSuch', 'BookFile'];

// Long strings, made once: a field over the 4096-character limit, UCI
// strings just under and over the 8 MiB one, a long position line.
const LONG = ['x'.repeat(5000), 'a '.repeat(1 << 20), 'y'.repeat((8 << 20) - 1), 'z'.repeat((8 << 20) + 1),
  'position startpos moves' + ' g1f3 g8f6 f3g1 f6g8'.repeat(50000), 'e2e4 '.repeat(2 << 20)];

function makeValue(r, depth = 0) {
  const pick = (a) => a[Math.floor(r() * a.length)];
  const k = Math.floor(r() * 24);
  switch (k) {
    case 0: return BigInt(Math.floor(r() * 1e6)) * (r() < 0.5 ? -1n : 1n);
    case 1: return Symbol(pick(TYPES));
    case 2: return () => 1;
    case 3: return undefined;
    case 4: return null;
    case 5: return r() < 0.5;
    case 6: return pick([0, -1, 1, 3, 0.5, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 60, 1e300, -0]);
    case 7: return pick(['e2e4', 'e7e8q', 'g1f3', 'e2e5', '', ' ', 'a\nquit', 'startpos', 'quit', '\u0000', 'x'.repeat(1000)]);
    case 8: return { length: pick([0, 1, 1e7, 1e8, -1, 2 ** 32, NaN]) };
    case 9: return new Array(pick([0, 1, 3, 10001, 1e6])).fill(pick(['e2e4', 'g1f3', 1n, undefined]));
    case 10: return Object.defineProperty({}, pick(FIELDS), { get() { throw pick([new Error('getter'), 1n, Symbol('s'), 'str', null]); }, enumerable: true });
    case 11: return new Proxy({}, { get() { throw new TypeError('trap'); } });
    case 12: { const p = Proxy.revocable([], {}); p.revoke(); return p.proxy; }
    case 13: { let o = {}; for (let i = 0, n = Math.floor(r() * 5000); i < n; i++) o = { o }; return o; }
    case 14: return pick([new Uint8Array(16), new ArrayBuffer(32), new DataView(new ArrayBuffer(16)), new Int32Array(4),
      Object.create(Uint8Array.prototype), Object.create(ArrayBuffer.prototype), new Float64Array(2)]);
    case 15: return new Date(0);
    case 16: return depth < 3 ? [makeValue(r, depth + 1), makeValue(r, depth + 1)] : 'e2e4';
    case 17: return pick(LONG);
    case 18: return new Array(pick([1, 2, 50])).fill(pick(LONG));
    default: {
      // A typed message, some fields right, some not.
      const m = { type: r() < 0.9 ? pick(TYPES) : makeValue(r, depth + 1) };
      if (m.type === 'quit') m.type = 'quiz'; // {type: 'quit'} ends the engine by design
      if (m.type === 'setoption') m.name = r() < 0.8 ? pick(OPTIONS) : makeValue(r, depth + 1);
      for (let i = 0, n = Math.floor(r() * 4); i < n; i++) {
        const f = pick(FIELDS);
        if (f !== 'type' && depth < 3) m[f] = makeValue(r, depth + 1);
      }
      if (m.type === 'go' && r() < 0.7) m.depth = 1; // keep real searches short
      if (m.type === 'setoption' && m.name === 'BookFile') m.value = '';
      return m;
    }
  }
}

let e;
before(async () => {
  requireBuild();
  e = await startEngine();
});

test(`random JavaScript values never stop the engine (seed ${SEED}, ${DURATION} ms)`, async () => {
  const r = rng(SEED);
  const end = performance.now() + DURATION;
  let n = 0;
  let errors = 0;
  while (performance.now() < end) {
    let v = makeValue(r);
    if (typeof v === 'string' && /quit/.test(v)) v = v.replace(/quit/g, 'quiz'); // quit ends the engine by design
    const m = e.mark();
    try {
      e.send(v);
      e.send({ type: 'stop' }); // ends a search the value may have started
      e.send({ type: 'isready' });
    } catch (err) {
      assert.fail(`message ${n} (seed ${SEED}): send threw ${err}`);
    }
    await e.wait(isEvent('readyok'), 10000, m).catch((err) => assert.fail(`message ${n} (seed ${SEED}): ${err.message}`));
    assert.equal(e.exited, false, `message ${n} (seed ${SEED}): the Go program exited`);
    for (const o of e.since(m)) {
      if (o.event && o.event.type === 'error') {
        errors++;
        assert.equal(typeof o.event.message, 'string');
        assert.ok(o.event.message.length <= 1100, `message ${n} (seed ${SEED}): error of ${o.event.message.length} characters`);
        assert.ok(o.event.fatal !== true, `message ${n}: fatal error ${o.event.message}`);
      }
    }
    n++;
  }
  console.log(`fuzz-messages: ${n} messages, ${errors} error events, seed ${SEED}`);
  assert.ok(n > 20, `only ${n} messages in ${DURATION} ms`);
});
