// The review's cache keys (web/review-cache.js): a review's search of a position is
// named by the position and the moves after it, since the review searches a line
// backwards with the hash kept; practice's single searches by the position alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cacheKey, lineKeys, createReviewCache } from '../../web/review-cache.js';
import { readGames, buildGame } from '../../web/pgn.js';

const gameOf = (pgn) => buildGame(readGames(`[Event "t"]\n\n${pgn}\n`)[0]);
const line = (pgn) => {
  const g = gameOf(pgn);
  return [g.root, ...g.mainlineNodes()];
};

test('line keys: the position, then how many moves follow and a hash of them', () => {
  const a = line('1. e4 e5 2. Nf3 Nc6 *');
  const keys = lineKeys('Azurite#x', 'normal', a);
  assert.equal(keys.length, 5);
  assert.equal(new Set(keys).size, 5);
  keys.forEach((k, i) => {
    assert.ok(k.startsWith(`${cacheKey('Azurite#x', 'normal', a[i].fen)}|${4 - i}:`), k);
    assert.match(k.slice(cacheKey('Azurite#x', 'normal', a[i].fen).length), /^\|\d+:[0-9a-z]+:[0-9a-z]+$/);
  });
  assert.deepEqual(lineKeys('Azurite#x', 'normal', line('1. e4 e5 2. Nf3 Nc6 *')), keys, 'the same line, the same keys');
  // The same positions with other moves after them are other searches.
  const b = line('1. e4 e5 2. Nf3 Nf6 *');
  const kb = lineKeys('Azurite#x', 'normal', b);
  assert.equal(a[3].fen, b[3].fen);
  for (let i = 0; i < 4; i++) assert.notEqual(kb[i], keys[i], `position ${i}`);
  // A move added at the end changes every position's key; the last position's key
  // has nothing after it.
  const c = lineKeys('Azurite#x', 'normal', line('1. e4 e5 2. Nf3 Nc6 3. Bb5 *'));
  for (let i = 0; i < 5; i++) assert.notEqual(c[i], keys[i]);
  assert.ok(keys[4].endsWith(`|0:${keys[4].split(':').slice(-2).join(':')}`));
  assert.notEqual(lineKeys('Azurite#x', 'deep', a)[0], keys[0], 'the quality');
  assert.notEqual(lineKeys('Azurite#y', 'normal', a)[0], keys[0], 'the build');
});

test('line keys name the later positions the rules end, which depend on the game before', () => {
  // The same position (4th move, White to move) and the same moves after it: in A
  // 4...Ng8 repeats the first position a third time, so the review does not search it
  // and the search before it finds another hash; in B the first position has come
  // once before.
  const ga = gameOf('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 *');
  const gb = gameOf('1. Nc3 Nf6 2. Nb1 Nc6 3. Nf3 Nb8 4. Ng1 Ng8 5. e4 e5 *');
  const a = [ga.root, ...ga.mainlineNodes()];
  const b = [gb.root, ...gb.mainlineNodes()];
  assert.equal(a[6].fen, b[6].fen);
  const ea = a.map((n) => ga.status(n).over);
  const eb = b.map((n) => gb.status(n).over);
  assert.deepEqual(ea.map((e, i) => (e ? i : -1)).filter((i) => i >= 0), [8], 'A: the threefold at 4...Ng8');
  assert.deepEqual(eb.filter(Boolean), [], 'B: no position ended');
  const ka = lineKeys('Azurite#x', 'normal', a, ea);
  const kb = lineKeys('Azurite#x', 'normal', b, eb);
  assert.ok(ka[6].endsWith('|e:2'), ka[6]);
  assert.notEqual(ka[6], kb[6], 'one search skips a position the other searches');
  assert.equal(ka[9], kb[9], 'after the repetition the two lines are one');
  assert.equal(kb[6], lineKeys('Azurite#x', 'normal', b)[6], 'no ended position, no suffix');
});

test('the cache keeps valid entries across a reload and drops damaged ones', () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) };
  store.set('azurite.review-cache.v1', JSON.stringify([
    ['a', { cp: 12, mate: null, pv: ['e2e4'] }],
    ['b', { cp: 12, mate: 3, pv: [] }],
    ['c', { cp: null, mate: -2, pv: ['e7e8x'] }],
    ['d', { cp: null, mate: -2, pv: ['h5f7'] }],
    [7, { cp: 1, mate: null, pv: [] }],
  ]));
  const cache = createReviewCache(storage);
  assert.equal(cache.size, 2);
  assert.deepEqual(cache.get('a'), { cp: 12, mate: null, pv: ['e2e4'] });
  assert.deepEqual(cache.get('d'), { cp: null, mate: -2, pv: ['h5f7'] });
  assert.equal(cache.get('b'), undefined, 'a score and a mate at once');
  assert.equal(cache.get('c'), undefined, 'not a UCI move');
  store.set('azurite.review-cache.v1', '{not json');
  assert.equal(createReviewCache(storage).size, 0, 'a damaged cache starts empty');
  cache.clear();
  assert.equal(cache.size, 0);
  assert.equal(store.has('azurite.review-cache.v1'), false);
});
