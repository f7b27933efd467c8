// Unit tests of the player's DOM-free modules: game tree, clock, scores and saved
// state (PGN and FEN input and output are in pgn.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, START_FEN } from '../../web/game.js';
import { Clock, formatClock } from '../../web/clock.js';
import { winPercent, whiteScore, formatScore, toCp, gameAccuracy } from '../../web/score.js';
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
  assert.deepEqual(mate.status(), { over: true, result: '0-1', reason: 'White is checkmated', code: 'checkmate' });
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

test('clock: saved running, read back later, charges the time that passed', () => {
  const c = new Clock(300000, 3000);
  c.start('b', 1_000_000); // White's first move started Black's clock at wall time 1e6
  const saved = JSON.parse(JSON.stringify(c.toJSON()));
  assert.deepEqual(saved, { initialMs: 300000, incMs: 3000, w: 300000, b: 300000, running: 'b', since: 1_000_000 });
  assert.deepEqual(c.toJSON(), saved, 'toJSON does not depend on when it is called');
  const back = Clock.fromJSON(saved);
  assert.equal(back.left('b', 1_005_000), 295000, '5 s after the start: 5 s less');
  assert.equal(back.left('w', 1_005_000), 300000);
  assert.equal(back.left('b', 999_000), 300000, 'a wall clock set back charges nothing');
  assert.equal(back.flagged(1_000_000 + 300000), 'b', 'a flag that fell while the page was closed');
  // The older saved form (no running side) reads back as a stopped clock.
  const old = Clock.fromJSON({ initialMs: 60000, incMs: 0, w: 50000, b: 40000 });
  assert.equal(old.running, null);
  assert.equal(old.left('b', 1e12), 40000);
  for (const bad of [{ ...saved, running: 'x' }, { ...saved, since: null }, { ...saved, since: -1 }]) {
    assert.throws(() => Clock.fromJSON(bad), /bad (running clock|clock start time)/, JSON.stringify(bad));
  }
});

test('settings: each field is checked on its own', async () => {
  const { normalize, loadSettings, saveSettings, DEFAULT_SETTINGS, SETTINGS_KEY } = await import('../../web/settings.js');
  assert.deepEqual(normalize(null), { ...DEFAULT_SETTINGS });
  assert.deepEqual(normalize({ board: 'green', pieces: 'nope', coords: 'yes', animation: 'off', sound: false, screenReader: 1, confirmMove: 'yes', autoQueen: 'always' }), { board: 'green', pieces: 'standard', coords: true, animation: 'off', sound: false, screenReader: false, confirmMove: false, autoQueen: 'premoves' });
  assert.deepEqual(normalize({ confirmMove: true, autoQueen: 'off' }), { ...DEFAULT_SETTINGS, confirmMove: true, autoQueen: 'off' });
  assert.equal(DEFAULT_SETTINGS.confirmMove, false, 'move confirmation is off by default');
  // 'normal' saved before the screen-reader field existed was the old default, not a
  // choice: it follows the system's reduced motion ('auto'); saved since, it is kept.
  assert.equal(normalize({ animation: 'normal', sound: false }).animation, 'auto');
  assert.equal(normalize({ animation: 'normal', screenReader: false }).animation, 'normal');
  const map = new Map();
  const storage = { getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => map.set(k, v) };
  assert.equal(saveSettings({ board: 'brown', pieces: 'azurite', coords: false, animation: 'slow', sound: false, screenReader: true, confirmMove: true, autoQueen: 'on' }, storage), null);
  assert.deepEqual(loadSettings(storage), { board: 'brown', pieces: 'azurite', coords: false, animation: 'slow', sound: false, screenReader: true, confirmMove: true, autoQueen: 'on' });
  assert.equal(saveSettings({ ...DEFAULT_SETTINGS, animation: 'normal' }, storage), null);
  assert.equal(loadSettings(storage).animation, 'normal', 'Normal chosen now stays Normal after a reload');
  map.set(SETTINGS_KEY, '{not json');
  assert.deepEqual(loadSettings(storage), { ...DEFAULT_SETTINGS }, 'unreadable: defaults');
  const { animationMs } = await import('../../web/settings.js');
  assert.deepEqual(['auto', 'off', 'fast', 'normal', 'slow'].map((id) => [animationMs(id), animationMs(id, true)]), [[180, 0], [0, 0], [100, 100], [180, 180], [350, 350]], 'reduced motion turns off auto alone');
});

test('premoves: the player\'s moves in the position with the player to move', async () => {
  const { premoveLegal, premoveDests } = await import('../../web/premove.js');
  const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'; // engine (Black) to move
  assert.equal(premoveLegal(afterE4, { from: 'g1', to: 'f3' }), true);
  assert.equal(premoveLegal(afterE4, { from: 'e4', to: 'e5' }), true);
  assert.equal(premoveLegal(afterE4, { from: 'g8', to: 'f6' }), false, "not the engine's pieces");
  assert.equal(premoveLegal(afterE4, { from: 'e1', to: 'e3' }), false);
  assert.deepEqual(premoveDests(afterE4, 'b1').map((m) => m.to).sort(), ['a3', 'c3']);
});

test('scores: side to move to White, formatting, judgement thresholds', () => {
  assert.deepEqual(whiteScore({ scoreCp: 50 }, 'b'), { cp: -50, mate: null });
  assert.deepEqual(whiteScore({ scoreMate: 3 }, 'b'), { cp: null, mate: -3 });
  assert.equal(formatScore({ cp: 125, mate: null }), '+1.25');
  assert.equal(formatScore({ cp: null, mate: -2 }), '#-2');
  assert.ok(toCp({ cp: null, mate: 1 }) > toCp({ cp: null, mate: 5 }));
  assert.equal(winPercent(0), 50);
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
    assert.equal(mem.has('azurite.v1'), false, 'corrupt state removed');
    assert.equal(mem.get('azurite.v1.discarded'), bad, 'and kept as it was under azurite.v1.discarded');
  }
});

test('storage: a second corrupt state never overwrites the first copy kept aside (the last 3 are kept)', () => {
  const mem = new Map();
  const fake = { getItem: (k) => (mem.has(k) ? mem.get(k) : null), setItem: (k, v) => mem.set(k, v), removeItem: (k) => mem.delete(k) };
  const s = new Store(fake);
  const kept = () => ['azurite.v1.discarded', 'azurite.v1.discarded.1', 'azurite.v1.discarded.2', 'azurite.v1.discarded.3'].map((k) => mem.get(k) ?? null);
  const corrupt = (raw) => { mem.set('azurite.v1', raw); assert.match(s.load(() => { throw new Error('bad'); }).error, /discarded/); };
  corrupt('{first');
  corrupt('{second');
  assert.deepEqual(kept(), ['{second', '{first', null, null]);
  corrupt('{second'); // the same text again: not kept twice
  assert.deepEqual(kept(), ['{second', '{first', null, null]);
  corrupt('{third');
  corrupt('{fourth');
  assert.deepEqual(kept(), ['{fourth', '{third', '{second', null], 'bounded: the oldest drops out');
  // Storage that refuses the new text anywhere: the older copies all stay as they
  // were (a failed try is undone), and the message says no copy could be kept.
  // Storage at its quota is tests/web/storage.test.mjs.
  const full = { ...fake, setItem: (k, v) => { if (v === '{fifth') throw new Error('QuotaExceededError'); mem.set(k, v); } };
  const s2 = new Store(full);
  mem.set('azurite.v1', '{fifth');
  assert.match(s2.load(() => { throw new Error('bad'); }).error, /discarded: storage refused to keep any copy/);
  assert.deepEqual(kept(), ['{fourth', '{third', '{second', null]);
});

test('saved state: a damaged move list keeps the moves before the damage', () => {
  const g = new Game();
  for (const m of ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']) g.play(m);
  g.goTo(g.mainlineNodes()[1]);
  assert.ok(g.play('Bc4'), 'a variation at move 3');
  g.goTo(g.mainlineNodes()[4]);
  const rows = [
    // name, damage to the saved tree, moves kept on the main line, what dropped names
    ['illegal-move-in-main-line', (t) => { t[0].k[0].k[0].k[0].m = 'e8e2'; }, ['e2e4', 'e7e5', 'g1f3'], /illegal move e8e2 after ply 3/],
    ['entry-not-an-object', (t) => { t[0].k[0].k[0] = 42; }, ['e2e4', 'e7e5', 'f1c4'], /bad move entry after ply 2/],
    ['move-not-a-string', (t) => { t[0].k[0].m = ['e7e5']; }, ['e2e4'], /bad move entry after ply 1/],
    ['continuation-not-a-list', (t) => { t[0].k = 'e7e5'; }, ['e2e4'], /bad move list after ply 1/],
  ];
  for (const [name, damage, kept, why] of rows) {
    const o = JSON.parse(JSON.stringify(g.toJSON()));
    damage(o.tree);
    assert.throws(() => Game.fromJSON(o), Error, `${name}: strict rebuild refuses it`);
    const back = Game.fromJSON(o, { salvage: true });
    assert.deepEqual(back.mainlineNodes().map((n) => n.uci), kept, name);
    assert.equal(back.dropped.length, 1, name);
    assert.match(back.dropped[0], why, name);
  }
  const clean = Game.fromJSON(JSON.parse(JSON.stringify(g.toJSON())), { salvage: true });
  assert.deepEqual(clean.dropped, [], 'nothing dropped from an intact game');
  assert.equal(clean.current.uci, g.current.uci, 'cursor restored');
});

// replayStatus is the reference: status as chess.js sees it after replaying the whole
// line from the start (what Game.status did before it stopped replaying).
function replayStatus(game, node) {
  const c = Game.prototype.chess.call(game, node);
  const mover = c.turn() === 'w' ? 'White' : 'Black';
  if (c.isCheckmate()) return { over: true, result: c.turn() === 'w' ? '0-1' : '1-0', reason: `${mover} is checkmated`, code: 'checkmate' };
  if (c.isStalemate()) return { over: true, result: '1/2-1/2', reason: 'Stalemate', code: 'stalemate' };
  if (c.isInsufficientMaterial()) return { over: true, result: '1/2-1/2', reason: 'Insufficient material', code: 'insufficient-material' };
  if (c.isThreefoldRepetition()) return { over: true, result: '1/2-1/2', reason: 'Threefold repetition', code: 'threefold-repetition' };
  if (c.isDrawByFiftyMoves()) return { over: true, result: '1/2-1/2', reason: 'Fifty-move rule', code: 'fifty-move-rule' };
  return { over: false, inCheck: c.inCheck(), turn: c.turn() };
}

function allNodes(game) {
  const out = [];
  const stack = [game.root];
  while (stack.length) {
    const n = stack.pop();
    out.push(n);
    stack.push(...n.children);
  }
  return out;
}

test('game status without replay agrees with a full chess.js replay at every node', () => {
  // Lines that reach each ending, with branches that share and leave the repeated positions.
  const rows = [
    { name: 'threefold-by-knights', fen: undefined, line: 'Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3', want: 'Threefold repetition', at: 8 },
    { name: 'twice-is-not-threefold', fen: undefined, line: 'Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1', want: null },
    { name: 'threefold-counting-the-position-right-after-a-pawn-move', fen: undefined, line: 'Nf3 Nf6 Ng1 Ng8 e3 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1', want: 'Threefold repetition', at: 13 },
    { name: 'pawn-move-ends-the-count', fen: undefined, line: 'Nf3 Nf6 Ng1 Ng8 e4 Nf6 Nf3 Ng8 Ng1', want: null },
    { name: 'threefold-castling-rights-differ', fen: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', line: 'Ke2 Kd8 Ke1 Ke8 Ke2 Kd8 Ke1 Ke8 Ke2 Kd8', want: 'Threefold repetition', at: 10 },
    { name: 'threefold-ep-square-first-time', fen: '4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1', line: 'e4 Kd7 Ke2 Ke8 Ke1 Kd7 Ke2 Ke8 Ke1 Kd7 Ke2 Ke8 Ke1', want: 'Threefold repetition', at: 13 },
    { name: 'fifty-moves', fen: '4k3/8/8/8/8/8/8/R3K3 w - - 97 80', line: 'Ra2 Kd8 Ra3', want: 'Fifty-move rule', at: 3 },
    { name: 'mate', fen: undefined, line: 'f3 e5 g4 Qh4#', want: 'White is checkmated', at: 4 },
    { name: 'stalemate', fen: '7k/8/6Q1/8/8/8/8/6K1 w - - 0 1', line: 'Qf7', want: 'Stalemate', at: 1 },
    { name: 'insufficient', fen: '8/8/4k3/8/8/3NK3/8/8 w - - 0 1', line: 'Kd4', want: 'Insufficient material', at: 0 },
  ];
  for (const tc of rows) {
    const g = new Game(tc.fen);
    const nodes = [g.root];
    for (const san of tc.line.split(' ')) {
      const n = g.play(san);
      assert.ok(n, `${tc.name}: ${san} is legal`);
      nodes.push(n);
    }
    if (tc.want) assert.equal(g.status(nodes[tc.at]).reason, tc.want, tc.name);
    else assert.equal(g.status().over, false, tc.name);
    // Undo, branch off and redo: every node of the tree still agrees with the replay.
    g.goTo(nodes[Math.floor(nodes.length / 2)]);
    const before = g.current;
    for (const n of g.position().moves({ verbose: true }).slice(0, 3)) {
      g.goTo(before);
      g.play(n.san);
      g.back();
      g.forward();
    }
    for (const n of allNodes(g)) assert.deepEqual(g.status(n), replayStatus(g, n), `${tc.name} at ${g.uciMoves(n).join(' ')}`);
  }
});

test('game status agrees with the replay on long pseudo-random games with variations', () => {
  let seed = 7;
  const rand = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  for (let game = 0; game < 6; game++) {
    const g = new Game();
    // Mostly knight and king shuffles so repetitions happen, with branches at random.
    for (let ply = 0; ply < 120 && !g.status().over; ply++) {
      const moves = g.position().moves({ verbose: true });
      const shuffles = moves.filter((m) => (m.piece === 'n' || m.piece === 'k') && !m.captured);
      const pool = shuffles.length && rand() < 0.8 ? shuffles : moves;
      g.play(pool[Math.floor(rand() * pool.length)].san);
      if (rand() < 0.1 && g.current.ply > 4) g.goTo(g.current.parent.parent); // take back two, play on from there
    }
    const nodes = allNodes(g);
    // status() must not replay the game from the start (that made every move O(plies)).
    g.chess = () => assert.fail('status() replayed the whole game');
    const fresh = Game.fromJSON(g.toJSON());
    fresh.chess = g.chess;
    for (const n of allNodes(fresh)) fresh.status(n);
    for (const n of nodes) assert.deepEqual(g.status(n), replayStatus(g, n), `game ${game} at ${g.uciMoves(n).join(' ')}`);
    // Removing and promoting lines does not change what a node's position is.
    const leaf = nodes.find((n) => n.children.length === 0 && !g.isMainline(n));
    if (leaf) {
      g.promote(leaf);
      for (const n of allNodes(g)) assert.deepEqual(g.status(n), replayStatus(g, n), `game ${game} after promote`);
    }
  }
});
