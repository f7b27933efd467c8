// Unit tests of the drawn shapes in comments (web/shapes.js) and the opening lookup
// (web/openings.js) on a hand-made table in internal/eco.Module's layout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseShapes, withShapes, toggleShape, setWords } from '../../web/shapes.js';
import { createOpenings, hashKey, positionKey } from '../../web/openings.js';
import { Game } from '../../web/game.js';

test('shapes: [%cal]/[%csl] read, written beside the words and toggled', () => {
  const c = '[%clk 0:05:00] [%cal Gd2d4,Rf3e5] Good. [%csl Yd4,Xe4,Gz9]';
  assert.deepEqual(parseShapes(c), { arrows: [{ color: 'G', from: 'd2', to: 'd4' }, { color: 'R', from: 'f3', to: 'e5' }], circles: [{ color: 'Y', square: 'd4' }] }, 'bad colours and squares are skipped');
  assert.equal(withShapes(c, { arrows: [], circles: [] }), '[%clk 0:05:00] Good.', 'other commands and words stay');
  assert.equal(withShapes('Good.', { arrows: [{ color: 'B', from: 'a1', to: 'h8' }], circles: [{ color: 'G', square: 'e4' }] }), '[%cal Ba1h8] [%csl Ge4] Good.');
  let s = { arrows: [], circles: [] };
  s = toggleShape(s, { from: 'e2', to: 'e4', color: 'G' });
  s = toggleShape(s, { square: 'e4', color: 'R' });
  assert.deepEqual(s, { arrows: [{ from: 'e2', to: 'e4', color: 'G' }], circles: [{ square: 'e4', color: 'R' }] });
  s = toggleShape(s, { from: 'e2', to: 'e4', color: 'B' });
  assert.deepEqual(s.arrows, [{ from: 'e2', to: 'e4', color: 'B' }], 'another colour replaces');
  s = toggleShape(toggleShape(s, { from: 'e2', to: 'e4', color: 'B' }), { square: 'e4', color: 'R' });
  assert.deepEqual(s, { arrows: [], circles: [] }, 'the same shape again removes it');
  assert.equal(setWords('[%cal Gd2d4] old words', '  new\n words '), '[%cal Gd2d4] new words');
  assert.equal(setWords('[%csl Gd4]', ''), '[%csl Gd4]');
});

test('openings: the last named position on the way names the move, by position', () => {
  // internal/eco's Hash of the start position's key (pinned in eco_test.go too).
  assert.equal(hashKey('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq'), 1709598787);
  const g = new Game();
  for (const m of ['c4', 'e6', 'Nc3', 'd5', 'd4']) g.play(m);
  const [c4, e6, nc3, , d4] = g.mainlineNodes();
  const key = (n) => hashKey(positionKey(n.fen)).toString(36);
  const table = {
    MAX_PLY: 5,
    FAMILIES: ['English Opening', "Queen's Gambit Declined"],
    HASHES: [key(c4), key(e6), key(d4)].join(','),
    ECO: 'A10A13D31',
    FAMILY: '0,0,1',
    REST: ['', 'Agincourt Defense', "Queen's Knight Variation"].join('\n'),
  };
  const { lookup } = createOpenings(table);
  assert.equal(lookup(g.root), null);
  assert.deepEqual(lookup(c4), { eco: 'A10', name: 'English Opening' });
  assert.deepEqual(lookup(nc3), { eco: 'A13', name: 'English Opening: Agincourt Defense' }, 'an unnamed position keeps the last name');
  assert.deepEqual(lookup(d4), { eco: 'D31', name: "Queen's Gambit Declined: Queen's Knight Variation" });
  // The en-passant field is not part of the key: 1.c4 e6 2.Nc3 d5 wrote d6 or not.
  assert.equal(positionKey('8/8/8/8/8/8/8/8 w - d6 0 1'), '8/8/8/8/8/8/8/8 w -');
});
