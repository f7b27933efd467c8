// Unit tests of the analysis tools' DOM-free parts (issue 31): the evaluation cache
// (keys, deepest kept, the memory level's bound; IndexedDB is checked in Chromium by
// analysis-ergonomics.test.mjs), threat mode's null move, the search limit and
// engine settings rules, and the annotation rules (glyph groups, promote one level,
// the line copied as PGN) through export → import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EvalCache, cacheKey, better, validEntry } from '../../web/eval-cache.js';
import { nullMoveFen } from '../../web/threat.js';
import { normalizeSettings, goLimits, canGoDeeper, hashChoices, defaultSettings } from '../../web/analysis-settings.js';
import { toggleGlyph, clearGlyphs, glyphForKey, lineGame, linePgn } from '../../web/annotate.js';
import { Game, START_FEN } from '../../web/game.js';
import { parseGameText, exportPgn } from '../../web/pgn.js';

const line = (cp, pv, depth) => ({ score: { cp, mate: null }, pv, depth });
const entry = (depth, n = 1) => ({ depth, lines: Array.from({ length: n }, (_, i) => line(10 * i, ['e2e4', 'e7e5'], depth)) });

test('eval cache: keyed without move counters; the deepest result is kept', () => {
  assert.equal(cacheKey('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -');
  const c = new EvalCache({ indexedDB: null });
  const fen = `${START_FEN}`;
  const sameOtherCounters = START_FEN.replace(/ 0 1$/, ' 7 40');
  assert.equal(c.peek(fen), null);
  assert.equal(c.put(fen, entry(12)), true);
  assert.equal(c.peek(sameOtherCounters).depth, 12, 'the move counters are not part of the key');
  assert.equal(c.put(fen, entry(10, 3)), false, 'a shallower result never replaces a deeper one');
  assert.equal(c.put(fen, entry(12)), false, 'as deep with as many lines: kept as it was');
  assert.equal(c.put(fen, entry(12, 2)), true, 'as deep with more lines replaces');
  assert.equal(c.put(sameOtherCounters, entry(20)), true);
  assert.deepEqual([c.peek(fen).depth, c.peek(fen).lines.length], [20, 1]);
  assert.equal(c.put('8/8/8/8/8/8/8/8 w - - 0 1', { depth: 3, lines: [{ score: { cp: 1, mate: null }, pv: ['zz'], depth: 3 }] }), false, 'a damaged entry is refused');
  c.flush();
});

test('eval cache: the memory level keeps the most recently used entries within its bound', async () => {
  const c = new EvalCache({ indexedDB: null, memoryMax: 3 });
  const fens = ['8/8/8/8/8/8/8/K6k w - -', '8/8/8/8/8/8/8/K5k1 w - -', '8/8/8/8/8/8/8/K4k2 w - -', '8/8/8/8/8/8/8/K3k3 w - -'];
  fens.slice(0, 3).forEach((f, i) => c.put(f, entry(i + 1)));
  assert.equal(c.peek(fens[0]).depth, 1, 'used: now the most recent');
  c.put(fens[3], entry(9));
  assert.equal(c.memory.size, 3);
  assert.equal(c.peek(fens[1]), null, 'the least recently used went');
  assert.deepEqual([fens[0], fens[2], fens[3]].map((f) => c.peek(f).depth), [1, 3, 9]);
  assert.equal(await c.lookup(fens[1]), null, 'without IndexedDB a lookup is the memory alone');
  assert.equal(await c.persistent(), false);
  await c.flush();
});

test('eval cache: better and validEntry', () => {
  assert.equal(better(null, entry(1)), true);
  assert.equal(better(entry(5), entry(4, 5)), false);
  assert.equal(better(entry(5, 1), entry(5, 2)), true);
  assert.equal(validEntry({ depth: 0, lines: entry(1).lines }), null);
  assert.equal(validEntry({ depth: 4, lines: [] }), null);
  assert.equal(validEntry({ depth: 4, lines: [{ score: { cp: 1.5, mate: null }, pv: ['e2e4'], depth: 4 }] }), null);
  assert.deepEqual(validEntry({ depth: 4, extra: 1, lines: [{ score: { cp: null, mate: -3 }, pv: ['e7e8q'], depth: 4, bound: 'lower' }] }), { depth: 4, lines: [{ score: { cp: null, mate: -3 }, pv: ['e7e8q'], depth: 4 }] });
});

test('threat: the null move flips the side, clears en passant, and is refused in check', () => {
  const cases = [
    ['start', START_FEN, { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1' }],
    ['black passes: the move number grows', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', { fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2' }],
    ['en passant square cleared', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', { fen: 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3' }],
    ['in check', 'rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3', { error: 'No threat to show: Black is in check.' }],
  ];
  for (const [name, fen, want] of cases) assert.deepEqual(nullMoveFen(fen), want, name);
  // The position after a pass is one a game accepts (the engine's checks are game.js's).
  assert.ok(new Game(nullMoveFen(START_FEN).fen));
});

test('search limit: go parameters, "Go deeper" and the settings read back', () => {
  const s = (o) => normalizeSettings({ ...defaultSettings(), ...o });
  assert.deepEqual(goLimits(s({ limit: 'infinite' }), 3), { infinite: true });
  assert.deepEqual([0, 1, 2].map((d) => goLimits(s({ limit: 'depth', depth: 18 }), d)), [{ depth: 18 }, { depth: 28 }, { depth: 38 }]);
  assert.deepEqual(goLimits(s({ limit: 'depth', depth: 95 }), 1), { depth: 99 }, 'never past the deepest depth offered');
  assert.equal(canGoDeeper(s({ limit: 'depth', depth: 95 }), 1), false);
  assert.equal(canGoDeeper(s({ limit: 'depth', depth: 95 }), 0), true);
  assert.deepEqual([0, 1, 2].map((d) => goLimits(s({ limit: 'time', seconds: 5 }), d)), [{ movetime: 5000 }, { movetime: 10000 }, { movetime: 15000 }]);
  assert.equal(canGoDeeper(s({ limit: 'infinite' })), false);
  assert.deepEqual(normalizeSettings({ limit: 'forever', depth: 0, seconds: 1e6, hash: 'big', evalbar: 'yes' }), defaultSettings());
  assert.deepEqual(normalizeSettings(null), defaultSettings());
});

test('engine settings: hash sizes within the engine\'s advertised maximum', () => {
  assert.deepEqual(hashChoices(3584), [16, 32, 64, 128, 256, 512, 1024]);
  assert.deepEqual(hashChoices(100), [16, 32, 64]);
  assert.deepEqual(hashChoices(8), [8], 'an engine whose maximum is below every size offers its maximum');
  assert.deepEqual(hashChoices(Infinity), [16, 32, 64, 128, 256, 512, 1024]);
  assert.equal(normalizeSettings({ hash: 512 }, 100).hash, 64, 'a saved hash above the maximum: the largest one allowed');
  assert.equal(normalizeSettings({ hash: 256 }, 3584).hash, 256);
  assert.equal(normalizeSettings({ hash: 100 }, 3584).hash, 64, 'a size not offered: the largest offered below it');
});

test('glyphs: one move glyph and one position glyph per move, toggled; keys by code', () => {
  const g = new Game();
  const n = g.play('e4');
  n.nags = [146];
  assert.equal(toggleGlyph(n, 1), true);
  assert.equal(toggleGlyph(n, 16), true);
  assert.deepEqual(n.nags, [1, 16, 146]);
  assert.equal(toggleGlyph(n, 4), true, 'another move glyph replaces the first');
  assert.deepEqual(n.nags, [4, 16, 146]);
  assert.equal(toggleGlyph(n, 18), true);
  assert.deepEqual(n.nags, [4, 18, 146]);
  assert.equal(toggleGlyph(n, 4), false, 'the same glyph again removes it');
  assert.deepEqual(n.nags, [18, 146]);
  // A review's mark replaced by the person's is theirs now.
  n.nags = [6];
  n.reviewNag = 6;
  toggleGlyph(n, 5);
  assert.deepEqual([n.nags, n.reviewNag], [[5], 0]);
  n.nags = [2, 14, 146];
  n.reviewNag = 2;
  assert.equal(clearGlyphs(n), 2);
  assert.deepEqual([n.nags, n.reviewNag], [[146], 0]);
  assert.deepEqual([glyphForKey({ code: 'Digit3', shiftKey: false }).glyph, glyphForKey({ code: 'Digit5', shiftKey: true }).glyph, glyphForKey({ code: 'Digit9', shiftKey: false })], ['!!', '±', null]);
});

// A game with a variation inside a variation:
// 1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 Nc6
function branched() {
  const g = new Game();
  g.play('e4');
  const e5 = g.play('e5');
  g.play('Nf3');
  g.play('Nc6');
  g.goTo(e5.parent);
  g.play('c5');
  const nf3 = g.play('Nf3');
  g.play('d6');
  g.goTo(nf3.parent);
  g.play('c3');
  const d5 = g.play('d5');
  return { g, d5 };
}
const mainSan = (g) => g.mainlineNodes().map((n) => n.san).join(' ');

test('promote one level: the nearest branch only; make main line: every level', () => {
  const { g, d5 } = branched();
  assert.equal(g.variationStart(d5).san, 'c3');
  assert.equal(g.variationStart(g.root.children[0]), null);
  const moved = g.promoteOne(d5);
  assert.equal(moved.san, 'c3');
  assert.equal(mainSan(g), 'e4 e5 Nf3 Nc6', 'one level: the main line is unchanged');
  assert.deepEqual(moved.parent.children.map((c) => c.san), ['c3', 'Nf3'], 'c3 leads the 1... c5 line now');
  assert.equal(g.promoteOne(d5).san, 'c5');
  assert.equal(mainSan(g), 'e4 c5 c3 d5', 'a second level: the main line');
  assert.equal(g.promoteOne(d5), null, 'on the main line nothing moves');
  const b = branched();
  b.g.promote(b.d5);
  assert.equal(mainSan(b.g), 'e4 c5 c3 d5');
});

test('copy line: the line through a move as PGN, glyphs and comments kept; it reads back', () => {
  const { g, d5 } = branched();
  g.headers = { White: 'Ann', Black: 'Bob', Result: '1-0' };
  g.result = '1-0';
  const c3 = d5.parent;
  c3.nags = [5];
  c3.comment = 'the Alapin';
  const copied = lineGame(g, c3);
  assert.equal(mainSan(copied), 'e4 c5 c3 d5', 'to the move, then its line to the end');
  assert.equal(copied.root.children[0].children.length, 1, 'no variations');
  const pgn = linePgn(g, c3);
  assert.match(pgn, /\[White "Ann"\]/);
  assert.match(pgn, /\[Result "\*"\]/, 'the line is not the game: no result');
  assert.match(pgn, /^1\. e4 c5 2\. c3 \$5 \{the Alapin\} 2\.\.\. d5 \*$/m);
  const back = parseGameText(pgn).game;
  assert.equal(mainSan(back), 'e4 c5 c3 d5');
  assert.deepEqual(back.mainlineNodes()[2].nags, [5]);
  assert.equal(exportPgn(back), pgn, 'export → import → export gives the same text');
});

test('glyphs added by hand survive export → import', () => {
  const { g } = branched();
  const [e4, e5] = g.mainlineNodes();
  toggleGlyph(e4, 3);
  toggleGlyph(e4, 14);
  toggleGlyph(e5, 6);
  toggleGlyph(e5.parent.children[1], 2);
  const pgn = exportPgn(g);
  const back = parseGameText(pgn).game;
  const [be4, be5] = back.mainlineNodes();
  assert.deepEqual([be4.nags, be5.nags, be5.parent.children[1].nags], [[3, 14], [6], [2]]);
  assert.equal(exportPgn(back), pgn);
});
