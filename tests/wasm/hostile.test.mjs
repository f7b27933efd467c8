// Hostile worker messages, handed straight to the bridge in this node
// process (tests/wasm/inprocess.mjs): each gets one error event naming the
// field, and the engine keeps answering. Regression (issue 22): 10n,
// {type:'go', depth:5n} and {type:1n} ended the engine for good ("panic:
// bad type flag", then "Go program has already exited"); {type:'position',
// moves:{length:1e7}} blocked it for 4.5 s and then played from the start
// position.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { startEngine, isEvent, isLine } from './inprocess.mjs';
import { requireBuild } from './paths.mjs';
import { isLegal } from './legal.mjs';

let e;
before(async () => {
  requireBuild();
  e = await startEngine();
});

// deep returns an object nested n levels.
const deep = (n) => { let o = {}; for (let i = 0; i < n; i++) o = { o }; return o; };
const revoked = () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; };
const throwing = (name, what) => Object.defineProperty({ type: 'go' }, name, { get() { throw what; }, enumerable: true });

const cases = [
  ['bigint', () => 10n, undefined],
  ['symbol', () => Symbol('go'), undefined],
  ['function', () => () => 1, undefined],
  ['undefined', () => undefined, undefined],
  ['null', () => null, undefined],
  ['array', () => ['go'], undefined],
  ['type-bigint', () => ({ type: 1n }), 'type'],
  ['type-symbol', () => ({ type: Symbol('go') }), 'type'],
  ['type-number', () => ({ type: 1 }), 'type'],
  ['type-throws-error', () => Object.defineProperty({}, 'type', { get() { throw new Error('boom'); } }), 'type'],
  ['type-throws-bigint', () => Object.defineProperty({}, 'type', { get() { throw 1n; } }), 'type'],
  ['type-throws-error-with-throwing-message', () => Object.defineProperty({}, 'type', {
    get() { throw Object.defineProperty({}, 'message', { get() { throw 2n; } }); },
  }), 'type'],
  ['proxy-throws', () => new Proxy({}, { get() { throw new TypeError('trap'); } }), 'type'],
  ['revoked-proxy', revoked, 'type'],
  ['go-depth-bigint', () => ({ type: 'go', depth: 5n }), 'go.depth'],
  ['go-nodes-symbol', () => ({ type: 'go', nodes: Symbol('n') }), 'go.nodes'],
  ['go-depth-object-valueOf', () => ({ type: 'go', depth: { valueOf() { return 3; } } }), 'go.depth'],
  ['go-wtime-throws', () => throwing('wtime', new Error('x')), 'go.wtime'],
  ['go-infinite-bigint', () => ({ type: 'go', infinite: 1n }), 'go.infinite'],
  ['go-searchmoves-fake-length', () => ({ type: 'go', searchmoves: { length: 1e8 } }), 'go.searchmoves'],
  ['position-moves-fake-length-1e7', () => ({ type: 'position', moves: { length: 1e7 } }), 'position.moves'],
  ['position-moves-fake-length-1e8', () => ({ type: 'position', moves: { length: 1e8 } }), 'position.moves'],
  ['position-moves-sparse-1e7', () => ({ type: 'position', moves: new Array(1e7) }), 'position.moves'],
  ['position-moves-10001', () => ({ type: 'position', moves: new Array(10001).fill('g1f3') }), 'position.moves'],
  ['position-moves-length-getter-throws', () => ({ type: 'position', moves: new Proxy([], { get() { throw 3n; } }) }), 'position.moves'],
  ['position-moves-bigint-entry', () => ({ type: 'position', moves: ['e7e5', 5n] }), 'position.moves[1]'],
  ['position-fen-object', () => ({ type: 'position', fen: { toString() { throw new Error('no'); } } }), 'position.fen'],
  ['setoption-value-deep', () => ({ type: 'setoption', name: 'Hash', value: deep(100000) }), 'setoption.value'],
  ['setoption-value-bigint', () => ({ type: 'setoption', name: 'Hash', value: 64n }), 'setoption.value'],
  ['setoption-name-bigint', () => ({ type: 'setoption', name: 1n }), 'setoption.name'],
  ['book-fake-uint8array', () => ({ type: 'book', data: Object.create(Uint8Array.prototype) }), 'book.data'],
  ['book-fake-arraybuffer', () => ({ type: 'book', data: Object.create(ArrayBuffer.prototype, { byteLength: { value: 1e9 } }) }), 'book.data'],
  ['book-too-big', () => ({ type: 'book', data: new ArrayBuffer(64 * 1024 * 1024 + 16) }), 'book.data'],
  ['stopflag-bigint', () => ({ type: 'stopflag', buffer: 1n }), 'stopflag.buffer'],
  ['unknown-type-1mb', () => ({ type: 'x'.repeat(1 << 20) }), 'type'],
];

test('every hostile message gets one error event naming the field; the engine keeps answering', async () => {
  // A position to keep: a refused position message must not replace it.
  e.send({ type: 'position', moves: ['e2e4'] });
  for (const [name, make, where] of cases) {
    const m = e.mark();
    const t = e.send(make());
    e.send({ type: 'isready' });
    await e.wait(isEvent('readyok'), 10000, m);
    const out = e.since(m);
    const errors = out.filter(isEvent('error'));
    assert.equal(errors.length, 1, `${name}: ${JSON.stringify(out).slice(0, 400)}`);
    const err = errors[0].event;
    assert.equal(err.source, 'message', name);
    assert.equal(err.where, where, `${name}: ${err.message}`);
    assert.ok(err.message.length <= 400, `${name}: error of ${err.message.length} characters`);
    assert.ok(errors[0].t - t < 1000, `${name}: answered after ${(errors[0].t - t).toFixed(0)} ms`);
    assert.equal(e.exited, false, `${name}: the Go program exited`);
    assert.ok(!out.some((r) => r.event && r.event.type !== 'error' && r.event.type !== 'readyok'), `${name}: ${JSON.stringify(out)}`);
  }
  // The position set before is intact and the engine searches it.
  const m = e.mark();
  e.send({ type: 'go', depth: 3 });
  const b = await e.wait(isEvent('bestmove'), 30000, m);
  assert.ok(isLegal(null, ['e2e4'], b.event.move), `bestmove ${b.event.move} is not a move for black after e2e4`);
});

test('a 16 MB unknown command is quoted in at most about 200 characters', async () => {
  // Since issue 32 the bridge refuses a string over 8 MiB before copying
  // it; an unknown command under the limit is quoted by the handler.
  const m = e.mark();
  e.send('x'.repeat(16 << 20));
  e.send('x'.repeat(8 << 20));
  e.send('isready');
  await e.wait(isLine('readyok'), 10000, m);
  const errs = e.since(m).filter(isLine('info string error: '));
  assert.equal(errs.length, 2, JSON.stringify(e.since(m)).slice(0, 300));
  for (const err of errs) assert.ok(err.line.length < 400, `error line of ${err.line.length} characters`);
  assert.match(errs[0].line, /a UCI string of 16777216 characters, at most 8388608 allowed; it starts "x{200}"; it was skipped$/);
  assert.match(errs[1].line, /unknown command "x{200}… \(8388608 bytes\)"$/);
});
