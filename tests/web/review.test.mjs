// Unit tests of game review's verdicts (web/review.js judgeMoves): the marks a PGN's
// author wrote ("e5?", "Nf3!!", "$6") survive a review, a second review and a reload,
// and reach the exported PGN; only the review's own marks are replaced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game } from '../../web/game.js';
import { parseGameText, exportPgn } from '../../web/pgn.js';
import { judgeMoves, exactLine } from '../../web/review.js';

const AUTHOR = '[White "Ann"]\n[Black "Bob"]\n\n1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $1 Nf6 $2 5. O-O $3 Be7 $4 6. Re1 $5 b5 $6 7. Bb3 d6 8. c3 {fine} O-O *';
// The author's NAGs by ply; the last four moves carry none.
const AUTHOR_NAGS = [[1], [2], [3], [4], [5], [6], [1], [2], [3], [4], [5], [6], [], [], [], []];

function mainNodes(game) {
  return [game.root, ...game.mainlineNodes()];
}

// Every move throws the game away (White's view swings ±6 pawns), so a review wants
// to mark each one ??; best is never the move played.
// pv names no legal move, so the comments hold the verdict and scores only.
function blunderEvals(n) {
  return Array.from({ length: n }, (_, i) => ({ score: { cp: i === 0 ? 0 : i % 2 ? -600 : 600, mate: null }, pv: ['a1a1'] }));
}

// Every move is the engine's choice: nothing to mark.
function fineEvals(nodes) {
  return nodes.map((_, i) => ({ score: { cp: 20, mate: null }, pv: nodes[i + 1] ? [nodes[i + 1].uci] : [] }));
}

const nagsOf = (game) => game.mainlineNodes().map((n) => n.nags);

test('review keeps the author\'s move marks and marks only unannotated moves', () => {
  const { game } = parseGameText(AUTHOR);
  assert.deepEqual(nagsOf(game), AUTHOR_NAGS, 'import keeps ! ? !! ?? !? ?! and $1-$6');
  const nodes = mainNodes(game);
  const r = judgeMoves(nodes, blunderEvals(nodes.length));
  assert.equal(r.marks.length, 16, 'every move is judged a blunder');
  assert.equal(r.counts.w[4] + r.counts.b[4], 16);
  assert.deepEqual(nagsOf(game), [...AUTHOR_NAGS.slice(0, 12), [4], [4], [4], [4]], 'author glyphs stay alone; the rest get ??');
  const c3 = game.mainlineNodes()[14];
  assert.equal(c3.comment, 'fine', 'an author\'s comment is not replaced');
  assert.equal(game.mainlineNodes()[1].comment, 'Blunder (-6.00 → +6.00).');
  // The export carries both, and reads back to the same marks.
  const pgn = exportPgn(game);
  assert.match(pgn.replace(/\s+/g, ' '), /1\. e4 \$1 \{Blunder .*\} 1\.\.\. e5 \$2 \{Blunder .*\} 2\. Nf3 \$3 /);
  assert.match(pgn.replace(/\s+/g, ' '), /6\. Re1 \$5 \{Blunder .*\} 6\.\.\. b5 \$6 \{Blunder .*\} 7\. Bb3 \$4 /);
  const back = parseGameText(pgn).game;
  assert.deepEqual(nagsOf(back), nagsOf(game), 'import → export → import keeps every NAG');
  assert.equal(exportPgn(back), pgn, 'and the same text');
});

test('a second review replaces only the first review\'s marks, also after a reload', () => {
  const { game } = parseGameText(AUTHOR);
  let nodes = mainNodes(game);
  judgeMoves(nodes, blunderEvals(nodes.length));
  // The saved form (localStorage) remembers which marks the review wrote.
  const saved = Game.fromJSON(JSON.parse(JSON.stringify(game.toJSON())));
  assert.deepEqual(nagsOf(saved), nagsOf(game));
  nodes = mainNodes(saved);
  const r = judgeMoves(nodes, fineEvals(nodes));
  assert.equal(r.marks.length, 0);
  assert.deepEqual(nagsOf(saved), AUTHOR_NAGS, 'the review\'s ?? are gone, the author\'s marks stay');
  assert.deepEqual(saved.mainlineNodes().map((n) => n.comment), [...Array(14).fill(''), 'fine', ''], 'review comments gone, the author\'s stays');
  const pgn = exportPgn(saved).split('\n\n')[1].replace(/\s+/g, ' ').trim();
  assert.equal(pgn, '1. e4 $1 e5 $2 2. Nf3 $3 Nc6 $4 3. Bb5 $5 a6 $6 4. Ba4 $1 Nf6 $2 5. O-O $3 Be7 $4 6. Re1 $5 b5 $6 7. Bb3 d6 8. c3 {fine} 8... O-O *');
});

test('a review mark on a move the author left alone is replaced by the next verdict', () => {
  const { game } = parseGameText('1. e4 e5 2. Qh5 Nc6 *');
  const nodes = mainNodes(game);
  judgeMoves(nodes, blunderEvals(nodes.length));
  assert.deepEqual(nagsOf(game), [[4], [4], [4], [4]]);
  // Milder drops: 0 → -0.80 for White is about 7 points of winning chances (?!).
  const mild = nodes.map((_, i) => ({ score: { cp: i % 2 ? -80 : 0, mate: null }, pv: ['a2a3'] }));
  judgeMoves(nodes, mild);
  assert.deepEqual(nagsOf(game), [[6], [6], [6], [6]], 'one verdict per move, not ?? and ?!');
  assert.match(game.mainlineNodes()[0].comment, /^Inaccuracy /);
});

test('judgeMoves writes lichess verdicts with the engine lines into the game', () => {
  // 3...Nf6?? allows Qxf7#; 4.Qf3? walks past it. Hand-made evaluations (White's view).
  const { game } = parseGameText('1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qf3 *');
  const nodes = mainNodes(game);
  const ev = (cp, mate, pv) => ({ score: { cp, mate }, pv });
  const evals = [
    ev(30, null, ['e2e4']), ev(30, null, ['e7e5']), ev(30, null, ['g1f3']), ev(20, null, ['b8c6']),
    ev(30, null, ['d2d3']), ev(40, null, ['g7g6', 'h5f3']), ev(null, 1, ['h5f7']), ev(-20, null, ['c6d4', 'f3d1']),
  ];
  const r = judgeMoves(nodes, evals);
  assert.deepEqual(r.marks.map((m) => `${m.node.san} ${m.judged.symbol} ${m.judged.kind}`), ['Nf6 ?? mate-created', 'Qf3 ?? mate-lost']);
  assert.deepEqual(r.counts, { w: { 6: 0, 2: 0, 4: 1 }, b: { 6: 0, 2: 0, 4: 1 } });
  assert.equal(nodes[6].comment, 'Checkmate is now unavoidable (+0.40 → #1). Allows mate in 1: 4.Qxf7#. 3...g6 was best.');
  assert.equal(nodes[7].comment, 'Lost forced checkmate sequence (#1 → -0.20). Misses mate in 1: 4.Qxf7#.');
  assert.deepEqual(nodes[7].nags, [4]);
  assert.equal(r.marks[1].best, 'h5f7');
  assert.equal(r.marks[1].bestSan, 'Qxf7#');
});

test('exactLine takes exact first-line scores only: bound lines depend on the clock', () => {
  const pv = ['e2e4', 'e7e5'];
  assert.deepEqual(exactLine({ depth: 9, scoreCp: 30, pv }, 'b'), { score: { cp: -30, mate: null }, pv });
  assert.deepEqual(exactLine({ depth: 9, scoreMate: 2, pv, multipv: 1 }, 'w'), { score: { cp: null, mate: 2 }, pv });
  assert.equal(exactLine({ depth: 10, scoreCp: 80, bound: 'lower', pv }, 'w'), null, 'an aspiration fail-high');
  assert.equal(exactLine({ depth: 10, scoreCp: 10, bound: 'upper', pv }, 'w'), null, 'an aspiration fail-low');
  assert.equal(exactLine({ depth: 10, scoreCp: 10, multipv: 2, pv }, 'w'), null, 'another line');
  assert.equal(exactLine({ depth: 10, scoreCp: 10, pv: [] }, 'w'), null, 'no pv');
  assert.equal(exactLine({ depth: 10, pv }, 'w'), null, 'no score');
});
