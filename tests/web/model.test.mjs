// Unit tests of the player's DOM-free modules: game tree, clock, scores and saved
// state (PGN and FEN input and output are in pgn.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, START_FEN } from '../../web/game.js';
import { Clock, formatClock } from '../../web/clock.js';
import { classify, winPercent, whiteScore, formatScore, toCp, gameAccuracy } from '../../web/score.js';
import { Store } from '../../web/storage.js';

test('game tree: moves, variations, navigation, JSON round trip', () => {
  const g = new Game();
  for (const m of ['e4', 'e5', 'Nf3']) assert.ok(g.play(m));
  g.back();
  const alt = g.play('Bc4');
  assert.equal(alt.san, 'Bc4');
  assert.equal(alt.parent.children.length, 2, 'a second move at the same node is a variation');
  assert.equal(alt.parent.children[0].san, 'Nf3', 'the main line stays first');
  assert.equal(g.play('e2e4'), null, 'illegal UCI move refused');
  assert.equal(g.play('--'), null, 'a null move (chess.js plays "--") is refused');
  assert.ok(g.play('d7d6'), 'UCI input accepted');
  assert.deepEqual(g.uciMoves(), ['e2e4', 'e7e5', 'f1c4', 'd7d6']);
  const back = Game.fromJSON(JSON.parse(JSON.stringify(g.toJSON())));
  assert.equal(back.current.fen, g.current.fen, 'cursor restored');
  assert.equal(back.root.children[0].children[0].children.length, 2);
  g.promote(alt);
  assert.equal(alt.parent.children[0], alt);
});

test('game tree: fromJSON rejects corrupt data', () => {
  const rows = [
    ['not an object', 42],
    ['bad fen', { fen: 'xx', tree: [] }],
    ['illegal move', { fen: START_FEN, tree: [{ m: 'e2e5' }] }],
    ['bad entry', { fen: START_FEN, tree: [{ x: 1 }] }],
  ];
  for (const [name, o] of rows) assert.throws(() => Game.fromJSON(o), Error, name);
});

test('game status: mate, stalemate, repetition, insufficient material', () => {
  const mate = new Game();
  for (const m of ['f3', 'e5', 'g4', 'Qh4#']) mate.play(m);
  assert.deepEqual(mate.status(), { over: true, result: '0-1', reason: 'White is checkmated' });
  assert.equal(new Game('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1').status().reason, 'Stalemate');
  assert.equal(new Game('8/8/4k3/8/8/3NK3/8/8 w - - 0 1').status().reason, 'Insufficient material');
  const rep = new Game();
  for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']) rep.play(m);
  assert.equal(rep.status().reason, 'Threefold repetition');
});

test('clock: increment, running side, flag', () => {
  const c = new Clock(60000, 2000);
  c.start('w', 0);
  c.press(10000); // White used 10 s, gets 2 s back
  assert.equal(c.left('w', 10000), 52000);
  assert.equal(c.left('b', 15000), 55000);
  assert.equal(c.flagged(70000), 'b');
  assert.equal(formatClock(52000), '0:52');
  assert.equal(formatClock(9400), '0:09.4');
  assert.equal(formatClock(3723000), '1:02:03');
  assert.equal(new Clock(null).flagged(1e9), null, 'untimed never flags');
  assert.throws(() => Clock.fromJSON({ initialMs: -5, w: 1, b: 1 }));
});

test('scores: side to move to White, formatting, judgement thresholds', () => {
  assert.deepEqual(whiteScore({ scoreCp: 50 }, 'b'), { cp: -50, mate: null });
  assert.deepEqual(whiteScore({ scoreMate: 3 }, 'b'), { cp: null, mate: -3 });
  assert.equal(formatScore({ cp: 125, mate: null }), '+1.25');
  assert.equal(formatScore({ cp: null, mate: -2 }), '#-2');
  assert.ok(toCp({ cp: null, mate: 1 }) > toCp({ cp: null, mate: 5 }));
  assert.equal(winPercent(0), 50);
  assert.equal(classify(5), null);
  assert.equal(classify(12).symbol, '?!');
  assert.equal(classify(22).symbol, '?');
  assert.equal(classify(45).symbol, '??');
  assert.ok(gameAccuracy([100, 100, 10]) < (210 / 3));
});

test('storage: corrupt saved state is discarded with a message', () => {
  const mem = new Map();
  const fake = { getItem: (k) => (mem.has(k) ? mem.get(k) : null), setItem: (k, v) => mem.set(k, v), removeItem: (k) => mem.delete(k) };
  const s = new Store(fake);
  assert.deepEqual(s.load(() => 1), { state: null });
  s.save({ game: new Game().toJSON() });
  assert.ok(s.load((o) => Game.fromJSON(o.game)).state instanceof Game);
  for (const bad of ['{not json', '{"version":1,"game":{"fen":"x"}}', '{"version":7}', 'null']) {
    mem.set('azurite.v1', bad);
    const r = s.load((o) => Game.fromJSON(o.game));
    assert.equal(r.state, null);
    assert.match(r.error, /discarded/);
    assert.equal(mem.size, 0, 'corrupt state removed');
  }
});
