// Unit tests of the review's verdicts (web/judge.js) and explanations (web/explain.js)
// on hand-made positions and engine lines: lichess's thresholds (5/10/15 points of
// winning chances) and mate verdicts, and sentences that name only what the lines show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeMove, winningChances, mateCreated, mateLost } from '../../web/judge.js';
import { explain, walk, formatLine, settle, trade, balance } from '../../web/explain.js';

const cp = (v) => ({ cp: v, mate: null });
const mate = (n) => ({ cp: null, mate: n });

test('cp verdicts at lichess thresholds: 0.1/0.2/0.3 of winning chances, i.e. 5/10/15 points', () => {
  // winningChances(cp) is lichess's curve: 0 at 0, about ±0.946 at the ±1000 cp clamp.
  assert.equal(winningChances(0), 0);
  assert.equal(winningChances(5000), winningChances(1000));
  // Find the cp drop from 0 that crosses each threshold, and check both sides of it.
  const rows = [
    { name: 'fine', after: -50, want: null }, // 0.092 of -1..+1: 4.6 points
    { name: 'inaccuracy', after: -60, want: '?!' }, // 5.5 points
    { name: 'inaccuracy-high', after: -110, want: '?!' }, // 9.99 points
    { name: 'mistake', after: -111, want: '?' }, // 10.03 points
    { name: 'blunder', after: -170, want: '??' },
  ];
  for (const r of rows) {
    const v = judgeMove('w', cp(0), cp(r.after));
    assert.equal(v ? v.symbol : null, r.want, r.name);
  }
  // Black's view: White's score rising is Black's loss.
  assert.equal(judgeMove('b', cp(0), cp(170)).label, 'Blunder');
  // A drop at +9 matters little: 900 -> 700 stays under 5 points.
  assert.equal(judgeMove('w', cp(900), cp(700)), null);
  assert.ok(Math.abs(judgeMove('w', cp(0), cp(-60)).drop - 50 * (0 - winningChances(-60))) < 1e-9);
});

test('mate verdicts are worded and graded as lichess does', () => {
  const rows = [
    { name: 'allows mate from equal', mover: 'b', before: cp(30), after: mate(2), kind: 'mate-created', lead: mateCreated(), symbol: '??' },
    { name: 'allows mate when 8 down', mover: 'w', before: cp(-800), after: mate(-3), kind: 'mate-created', symbol: '?' },
    { name: 'allows mate when 11 down', mover: 'w', before: cp(-1100), after: mate(-3), kind: 'mate-created', symbol: '?!' },
    { name: 'gives up mate for +1', mover: 'w', before: mate(3), after: cp(100), kind: 'mate-lost', lead: mateLost(), symbol: '??' },
    { name: 'gives up mate for +8', mover: 'w', before: mate(3), after: cp(800), kind: 'mate-lost', symbol: '?' },
    { name: 'gives up mate for +12', mover: 'b', before: mate(-3), after: cp(-1200), kind: 'mate-lost', symbol: '?!' },
    { name: 'own mate becomes theirs', mover: 'w', before: mate(2), after: mate(-1), kind: 'mate-lost', symbol: '??' },
    { name: 'slower mate is no error', mover: 'w', before: mate(2), after: mate(5), kind: null },
    { name: 'already mated', mover: 'w', before: mate(-4), after: mate(-2), kind: null },
  ];
  for (const r of rows) {
    const v = judgeMove(r.mover, r.before, r.after);
    assert.equal(v ? v.kind : null, r.kind, r.name);
    if (r.symbol) assert.equal(v.symbol, r.symbol, r.name);
    if (r.lead) assert.equal(v.lead, r.lead, r.name);
  }
  assert.equal(judgeMove('w', mate(1), cp(10000), { afterMated: true }), null, 'the mate itself');
});

// 1.e4 e5 2.Bc4 Nc6 3.Qh5, Black to move.
const SCHOLAR = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3';

test('a move that allows mate names the mating line and the better move', () => {
  const text = explain(SCHOLAR, 'g8f6', { score: cp(40), pv: ['g7g6', 'h5f3'] }, { score: mate(1), pv: ['h5f7'] });
  assert.equal(text, 'Allows mate in 1: 4.Qxf7#. 3...g6 was best.');
  // A mating line the engine cut short is not passed off as complete.
  const cut = explain(SCHOLAR, 'g8f6', { score: cp(40), pv: ['g7g6'] }, { score: mate(2), pv: ['h5f7'] });
  assert.equal(cut, 'Allows mate in 2: 4.Qxf7# …. 3...g6 was best.');
});

test('a missed mate names the mate it missed', () => {
  const fen = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';
  const text = explain(fen, 'd2d3', { score: mate(1), pv: ['h5f7'] }, { score: cp(-100), pv: ['f6h5', 'g1f3'] });
  assert.equal(text, 'Loses the queen after 4...Nxh5. Misses mate in 1: 4.Qxf7#.');
  const quiet = explain(fen, 'h5e2', { score: mate(1), pv: ['h5f7'] }, { score: cp(100), pv: ['f8c5'] });
  assert.equal(quiet, 'Misses mate in 1: 4.Qxf7#.');
});

test('material lost along the refutation and won along the best line', () => {
  // White's knight walks into the pawn's capture; Nxd5 won a pawn instead.
  const fen = '4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1';
  const text = explain(fen, 'c3e4', { score: cp(120), pv: ['c3d5', 'e8d7'] }, { score: cp(-250), pv: ['d5e4', 'e1d2'] });
  assert.equal(text, 'Loses a knight after 1...dxe4. Misses 1.Nxd5, winning a pawn.');
  // A capture that is recaptured: Nxd5 exd5 loses the knight for a pawn.
  const guarded = '4k3/8/4p3/3p4/8/2N5/8/4K3 w - - 0 1';
  assert.equal(explain(guarded, 'c3d5', { score: cp(0), pv: ['e1d2'] }, { score: cp(-200), pv: ['e6d5', 'e1d2'] }),
    'Loses a knight for a pawn after 1...exd5. 1.Kd2 was best.');
});

test('material is counted where the line is quiet, and trades are worded', () => {
  const plies = walk('4k3/8/4p3/3p4/8/2N5/8/4K3 w - - 0 1', ['c3d5', 'e6d5']);
  assert.equal(formatLine(plies), '1.Nxd5 exd5');
  assert.equal(settle(plies), -1, 'a line that ends in a capture may be cut before the recapture');
  // The line stops at an illegal move instead of guessing.
  assert.equal(walk('4k3/8/8/8/8/8/8/4K3 w - - 0 1', ['e1e2', 'a1a2']).length, 1);
  // The next ply captures: the quiet point is before the exchange.
  assert.equal(settle([{ capture: false }, { capture: true }, { capture: false }]), 2);
  assert.equal(settle([{ capture: false }, { capture: true }, { capture: true }]), -1);
  assert.equal(settle([{ capture: false }, { capture: true, mate: true }]), 1, 'a capture that mates ends the line');
  assert.equal(settle([{ capture: true }, { capture: true }, { capture: false }, { capture: true }, { capture: false }]), 4);
  const z = { p: 0, n: 0, b: 0, r: 0, q: 0 };
  assert.equal(trade({ ...z, r: 1 }, { ...z, b: 1 }), 'the exchange');
  assert.equal(trade({ ...z, q: 1 }, { ...z, r: 1 }), 'the queen for a rook');
  assert.equal(trade({ ...z, n: 1, p: 2 }, z), 'a knight and two pawns');
  assert.equal(trade({ ...z, n: 1 }, { ...z, n: 1 }), null, 'an even trade is no loss');
  assert.equal(trade({ ...z, p: 1, q: -1 }, z), null, 'a promotion is not described by counts');
  assert.deepEqual(balance('4k3/8/8/8/8/8/8/R3K3 w - - 0 1', '4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'w').net, 5);
});

test('a loss is named at the first quiet point where it is complete', () => {
  // 3...Bg4 of the Opera Game: the engine line goes on for eight plies, but the pawn
  // is gone after 4.dxe5 (the later bishop-for-knight trade is even).
  const fen = 'rn1qkbnr/ppp2ppp/3p4/4p3/3PP1b1/5N2/PPP2PPP/RNBQKB1R w KQkq - 1 4';
  const before = 'rnbqkbnr/ppp2ppp/3p4/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3';
  assert.equal(walk(before, ['c8g4'])[0].fen, fen);
  const text = explain(before, 'c8g4', { score: cp(29), pv: ['e5d4'] },
    { score: cp(89), pv: ['d4e5', 'b8c6', 'e5d6', 'd8d6', 'd1d6', 'f8d6', 'h2h3', 'g4f3', 'g2f3'] });
  assert.equal(text, 'Loses a pawn after 4.dxe5. 3...exd4 was best.');
  const z = { p: 0, n: 0, b: 0, r: 0, q: 0 };
  assert.equal(trade({ ...z, b: 1, p: 1 }, { ...z, n: 1 }), 'a pawn');
});
