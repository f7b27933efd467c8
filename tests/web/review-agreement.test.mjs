// The review agreement benchmark's pieces (tools/review-agreement/agreement.mjs):
// UCI info lines read into the form the review's exactLine takes, and marked moves
// scored against a reference. The benchmark itself (make review-agreement) is not a test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './repo.mjs';
import { parseInfo, score, scaled } from '../../tools/review-agreement/agreement.mjs';
import { exactLine } from '../../web/review.js';
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
