// Unit tests of the player's DOM-free modules: game tree, PGN/FEN input and output,
// clock, scores and saved state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, START_FEN } from '../../web/game.js';
import { parseGameText, exportPgn, InputError, MAX_TEXT } from '../../web/pgn.js';
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

test('PGN/FEN input errors point at the problem', () => {
  const rows = [
    { name: 'illegal-move', text: '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ba4 Qxa4', want: /Illegal move 4\.\.\. Qxa4 for Black \(line 4, column 18\)/ },
    { name: 'syntax', text: '1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Nf9', want: /line 2, column 16/ },
    { name: 'variant', text: '[Variant "Crazyhouse"]\n\n1. e4 *', want: /Line 1: the variant "Crazyhouse" is not supported/ },
    { name: 'bad-fen-tag', text: '[SetUp "1"]\n[FEN "8/8/8 w - - 0 1"]\n\n1. e4 *', want: /Line 2: the FEN tag is invalid/ },
    { name: 'fen-two-kings', text: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1', want: /Invalid FEN/ },
    { name: 'empty', text: '   ', want: /Nothing to load/ },
    { name: 'huge', text: 'e4 '.repeat(MAX_TEXT / 3 + 10), want: /limit is 1 MB/ },
  ];
  for (const r of rows) {
    assert.throws(() => parseGameText(r.text), (e) => e instanceof InputError && r.want.test(e.message), r.name);
  }
});

test('PGN input: headers, comments, FEN start, several games', () => {
  const { game, note } = parseGameText('[White "<img src=x onerror=alert(1)>"]\n[Result "1-0"]\n\n1. e4 {best by test} e5 1-0\n\n[Event "2"]\n\n1. d4 *');
  assert.equal(game.headers.White, '<img src=x onerror=alert(1)>', 'tags are kept as plain text');
  assert.equal(game.result, '1-0');
  assert.equal(game.root.children[0].comment, 'best by test');
  assert.match(note, /first of 2 games/);
  const f = parseGameText('8/8/8/4k3/8/8/4P3/4K3 w - - 0 1').game;
  assert.equal(f.startFen, '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1');
  const four = parseGameText('8/8/8/4k3/8/8/4P3/4K3 b - -').game;
  assert.equal(four.startFen.split(' ')[1], 'b');
});

test('PGN export: variations, NAGs, comments, FEN start; re-import keeps the main line', () => {
  const g = new Game();
  for (const m of ['e4', 'c5', 'Nf3']) g.play(m);
  g.back();
  g.play('Nc3');
  g.play('Nc6');
  const n = g.root.children[0].children[0].children[0];
  n.nags.push(4);
  n.comment = 'Mistake } with brace';
  g.headers.White = 'A "quoted" name';
  const pgn = exportPgn(g);
  assert.match(pgn, /\[White "A \\"quoted\\" name"\]/);
  assert.match(pgn, /1\. e4 c5 2\. Nf3 \$4 \{Mistake \) with brace\} \(2\. Nc3 Nc6\) \*/);
  const back = parseGameText(pgn).game;
  assert.deepEqual(back.mainlineNodes().map((x) => x.san), ['e4', 'c5', 'Nf3']);
  const b = new Game('4k3/8/8/8/8/8/4P3/4K3 b - - 0 30');
  b.play('Kd7');
  b.play('e4');
  assert.match(exportPgn(b), /\[SetUp "1"\]\n\[FEN "4k3\/8\/8\/8\/8\/8\/4P3\/4K3 b - - 0 30"\]\n\n30\.\.\. Kd7 31\. e4 \*/);
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
