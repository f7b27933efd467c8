// The review's cache keys (web/review-cache.js): a review's search of a position is
// named by the position and the moves after it, since the review searches a line
// backwards with the hash kept; practice's single searches by the position alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cacheKey, lineKeys, createReviewCache } from '../../web/review-cache.js';
import { readGames, buildGame } from '../../web/pgn.js';

const line = (pgn) => {
  const g = buildGame(readGames(`[Event "t"]\n\n${pgn}\n`)[0]);
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
