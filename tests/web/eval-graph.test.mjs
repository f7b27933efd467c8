// The review graph's scored stretch (web/eval-graph.js scoredFrom): a review in
// progress scores from the end, so the area covers the scored half-moves at the end
// and what comes before them is shaded as pending, even where a position the rules
// decided was scored alone earlier in the line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scoredFrom } from '../../web/eval-graph.js';

const p = { score: { cp: 0, mate: null } };

test('scoredFrom: the first half-move of the scored stretch at the end', () => {
  const cases = [
    { name: 'all scored', points: [p, p, p, p], want: 0 },
    { name: 'none scored', points: [null, null, null], want: 3 },
    { name: 'the end scored', points: [null, null, p, p], want: 2 },
    { name: 'the last not scored yet', points: [p, p, null], want: 3 },
    { name: 'a decided position alone before the stretch', points: [null, p, null, null, p, p], want: 4 },
    { name: 'empty', points: [], want: 0 },
  ];
  for (const c of cases) assert.equal(scoredFrom(c.points), c.want, c.name);
});
