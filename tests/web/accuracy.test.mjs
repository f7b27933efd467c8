// Accuracy and ACPL as lichess computes them (web/score.js gameStats). The expected
// figures were worked out from lichess's published method step by step (win% of each
// position, each move's accuracy from the mover's drop, window weights, weighted and
// harmonic means), not by running this code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gameStats, moveAccuracy, gameAccuracy, MATE_CP } from '../../web/score.js';

const close = (got, want, what) => assert.ok(Math.abs(got - want) < 5e-4, `${what}: got ${got}, want ${want}`);

test('move accuracy: lichess curve with its one-point bonus', () => {
  assert.equal(moveAccuracy(0), 100);
  assert.equal(moveAccuracy(-3), 100, 'a gain is a perfect move');
  close(moveAccuracy(9.1026), 67.2397, 'a 100 cp drop from equality');
  assert.equal(moveAccuracy(100), 0);
});

test('game stats: worked examples', () => {
  const cases = [
    // White drops 100 cp from equality; one move each, so the weights do not matter.
    { name: 'one loss', cps: [0, -100, -100], acc: { w: 67.2397, b: 100 }, acpl: { w: 100, b: 0 } },
    // White gains, then blunders 500 cp: weights 11.6362 and 12 (window of 2, stddev
    // of the win% pair); weighted mean 56.2235, harmonic 24.4311.
    { name: 'gain then blunder', cps: [20, 300, 300, -200, -200], acc: { w: 40.3273, b: 100 }, acpl: { w: 250, b: 0 } },
    // A mate counts as the 1000 cp cap for ACPL and win%.
    { name: 'mate allowed', cps: [0, 50, -400, -380, MATE_CP - 3, MATE_CP - 3], acc: { w: 100, b: 26.6403 }, acpl: { w: 0, b: 690 } },
    // 40 plies: window of 4, the first two windows repeat the first full one.
    { name: 'forty plies', cps: Array.from({ length: 41 }, (_, i) => ((i * 37) % 200) - 100 + (i === 25 ? 300 : 0)), acc: { w: 90.2292, b: 90.7388 } },
  ];
  for (const c of cases) {
    const got = gameStats(c.cps, 'w');
    for (const side of ['w', 'b']) close(got.accuracy[side], c.acc[side], `${c.name} accuracy ${side}`);
    if (c.acpl) assert.deepEqual(got.acpl, c.acpl, `${c.name} acpl`);
  }
});

test('game stats: a game that starts with Black to move', () => {
  // Black's first move loses 100 cp (White's view rises from 0 to 100).
  const got = gameStats([0, 100, 100], 'b');
  close(got.accuracy.b, 67.2397, 'black');
  assert.equal(got.accuracy.w, 100);
  assert.deepEqual(got.acpl, { w: 0, b: 100 });
});

test('game stats: no moves, and the unweighted mean', () => {
  assert.deepEqual(gameStats([15]), { accuracy: { w: null, b: null }, acpl: { w: null, b: null } });
  assert.equal(gameAccuracy([]), null);
  // mean 70, harmonic 3/(1/100+1/100+1/10) = 25: (70+25)/2.
  close(gameAccuracy([100, 100, 10]), 47.5, 'unweighted');
});
