// The review agreement benchmark's pieces (tools/review-agreement/agreement.mjs):
// UCI info lines read into the form the review's exactLine takes, and marked moves
// scored against a reference. The benchmark itself (make review-agreement) is not a test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './repo.mjs';
import { parseInfo, score, scaled, moveLosses, disagreements, backwardEvals } from '../../tools/review-agreement/agreement.mjs';
import { exactLine, terminalEval } from '../../web/review.js';
import { readGames, buildGame } from '../../web/pgn.js';

test('info lines: exact lines are taken, bounds and other lines are not', () => {
  const exact = parseInfo('info depth 12 seldepth 18 multipv 1 score cp -35 nodes 120000 nps 900000 time 130 pv e7e5 g1f3 b8c6');
  assert.deepEqual(exact, { depth: 12, multipv: 1, scoreCp: -35, nodes: 120000, pv: ['e7e5', 'g1f3', 'b8c6'] });
  assert.deepEqual(exactLine(exact, 'b'), { score: { cp: 35, mate: null }, pv: ['e7e5', 'g1f3', 'b8c6'] }, 'White\'s view');
  const bound = parseInfo('info depth 13 score cp 40 lowerbound nodes 200000 pv e2e4');
  assert.equal(bound.bound, 'lowerbound');
  assert.equal(exactLine(bound, 'w'), null);
  assert.deepEqual(exactLine(parseInfo('info depth 9 score mate -2 pv h5f7'), 'w'), { score: { cp: null, mate: -2 }, pv: ['h5f7'] });
  assert.equal(parseInfo('bestmove e2e4'), null);
  assert.equal(exactLine(parseInfo('info depth 5 multipv 2 score cp 10 pv d2d4'), 'w'), null, 'only the first line');
});

test('marks are scored by ply, and by class for mistakes and blunders', () => {
  const ref = new Map([[3, 6], [10, 4], [21, 2]]);
  const t = new Map([[3, 2], [10, 4], [15, 6]]);
  assert.deepEqual(score(t, ref), { test: 3, ref: 3, hit: 2 });
  assert.deepEqual(score(t, ref, (nag) => nag === 2 || nag === 4), { test: 2, ref: 2, hit: 1 });
  assert.deepEqual(score(new Map(), ref), { test: 0, ref: 3, hit: 0 });
});

test('--scale multiplies centipawns only, and leaves the evaluation it was given alone', () => {
  const ev = { score: { cp: 35, mate: null }, pv: ['e2e4'] };
  assert.deepEqual(scaled(ev, 1.4), { score: { cp: 49, mate: null }, pv: ['e2e4'] });
  assert.deepEqual(scaled(ev, 1.5), { score: { cp: 53, mate: null }, pv: ['e2e4'] }, 'rounded');
  assert.deepEqual(ev.score, { cp: 35, mate: null }, 'not changed in place');
  const mate = { score: { cp: null, mate: -2 }, pv: ['h5f7'] };
  assert.equal(scaled(mate, 2), mate);
  assert.equal(scaled(ev, 1), ev);
});

test('the benchmark games: 20, each replayed legally to its end', () => {
  const games = readGames(fs.readFileSync(path.join(ROOT, 'tools', 'review-agreement', 'games.pgn'), 'utf8'));
  assert.equal(games.length, 20);
  let plies = 0;
  for (const sg of games) {
    const g = buildGame(sg);
    assert.equal(g.dropped ? g.dropped.length : 0, 0, `${sg.tags.White} – ${sg.tags.Black}`);
    plies += g.mainlineNodes().length;
  }
  assert.equal(plies, 1022);
});

test('--list: each move\'s loss, the search\'s own choices, and the moves the two disagree on', () => {
  const g = buildGame(readGames('[Event "t"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 *\n')[0]);
  const line = [g.root, ...g.mainlineNodes()];
  const ev = (cp, pv, mate = null) => ({ score: { cp, mate }, pv });
  const evals = [ev(20, ['e2e4']), ev(20, ['c7c5']), ev(30, ['g1f3']), ev(-60, ['b8c6']), ev(-50, ['f1c4']), ev(null, [], -3)];
  const losses = moveLosses(line, evals);
  const got = [...losses].map(([ply, l]) => [ply, l.drop.toFixed(3), l.mate, l.chosen]);
  assert.deepEqual(got, [
    [1, '0.000', false, true],
    [2, '0.919', false, false],
    [3, '8.260', false, false],
    [4, '0.911', false, true],
    [5, '42.955', true, true],
  ]);
  const test = new Map([[3, 6], [2, 6]]);
  test.losses = losses;
  test.moves = new Map(line.slice(1).map((n, i) => [n.ply, ['1.e4', '1...e5', '2.Qh5', '2...Nc6', '3.Bc4'][i]]));
  const ref = new Map([[3, 2], [4, 6], [5, 4]]);
  ref.losses = new Map([...losses].map(([p, l]) => [p, { ...l, chosen: false }]));
  ref.losses.set(2, { drop: 3.5, mate: false, chosen: false });
  ref.moves = test.moves;
  const d = disagreements('A – B', test, ref);
  assert.deepEqual(d.rows, [
    '| A – B | 1...e5 | – 3.5 | ?! 0.9 |',
    '| A – B | 2...Nc6 | ?! 0.9 | – 0.9 (its choice) |',
    '| A – B | 3.Bc4 | ?? 43.0 (a mate score) | – 43.0 (a mate score) (its choice) |',
  ]);
  assert.deepEqual(d.tally, { missed: 2, chosen: 2, missedNear: 0, extra: 1, extraNear: 1 });
  assert.deepEqual(disagreements('A – B', test, ref, 5).tally, { missed: 2, chosen: 2, missedNear: 0, extra: 1, extraNear: 1 });
  test.losses = new Map([...losses].map(([p, l]) => [p, { ...l, chosen: false }]));
  assert.deepEqual(disagreements('A – B', test, ref).tally, { missed: 2, chosen: 0, missedNear: 1, extra: 1, extraNear: 1 }, 'a 43-point loss the test did not mark is near');
});

test('the player\'s backward review: last position first, the hash cleared once, a game cached whole or searched again whole', async () => {
  const g = buildGame(readGames('[Event "t"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n')[0]);
  const line = [g.root, ...g.mainlineNodes()];
  const calls = [];
  const engine = { evaluate: async (fen, nodes, raw, keep) => { calls.push([line.findIndex((n) => n.fen === fen), nodes, raw, keep]); return { score: { cp: calls.length, mate: null }, pv: [] }; } };
  const store = new Map();
  const cache = { get: (k) => store.get(k), set: (k, v) => store.set(k, v) };
  let searched = 0;
  const evals = await backwardEvals(g, line, engine, 1000, cache, () => searched++);
  // The mate after 2...Qh4# is the rules' verdict: never searched.
  assert.deepEqual(calls, [[3, 1000, false, false], [2, 1000, false, true], [1, 1000, false, true], [0, 1000, false, true]]);
  assert.equal(searched, 4);
  assert.deepEqual(evals.slice(0, 4).map((e) => e.score.cp), [4, 3, 2, 1]);
  assert.deepEqual(evals[4], terminalEval(g, line[4]));
  assert.equal(evals[4].mated, true);
  assert.equal(store.size, 4);
  assert.ok([...store.keys()].every((k) => / /.test(k) && !line.some((n) => n.fen === k)), 'keyed by the game as well as the FEN');
  calls.length = 0;
  assert.deepEqual((await backwardEvals(g, line, engine, 1000, cache, () => searched++)).map((e) => e.score), evals.map((e) => e.score));
  assert.equal(calls.length, 0, 'all cached: nothing searched');
  store.delete([...store.keys()][1]);
  await backwardEvals(g, line, engine, 1000, cache, () => searched++);
  assert.deepEqual(calls.map((c) => c[0]), [3, 2, 1, 0], 'one position missing: the whole game again, from a cleared hash');
  assert.equal(calls[0][3], false);
});
