// The board editor's rules (web/position-setup.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardOf, placementOf, parseSetup, castlingAllowed, epSquares, setupFen, setupProblem, START_PLACEMENT } from '../../web/position-setup.js';

test('placement round trip', () => {
  for (const p of [START_PLACEMENT, '8/8/8/8/8/8/8/8', 'r3k2r/8/8/3pP3/8/8/8/R3K2R']) assert.equal(placementOf(boardOf(p)), p);
  assert.equal(boardOf(START_PLACEMENT).get('e1'), 'wK');
  assert.equal(boardOf(START_PLACEMENT).get('d8'), 'bQ');
});

test('castling rights and en-passant squares the placement allows', () => {
  assert.equal(castlingAllowed(START_PLACEMENT), 'KQkq');
  assert.equal(castlingAllowed('r3k3/8/8/8/8/8/8/4K2R'), 'Kq');
  assert.equal(castlingAllowed('4k3/8/8/8/8/8/8/R4K1R'), '');
  // White to move: Black's pawn on d5 with d6 and d7 empty.
  assert.deepEqual(epSquares('4k3/8/8/3pP3/8/8/8/4K3', 'w'), ['d6']);
  assert.deepEqual(epSquares('4k3/3p4/8/3pP3/8/8/8/4K3', 'w'), [], 'd7 occupied: d5 was not a double step');
  assert.deepEqual(epSquares('4k3/8/8/8/2P5/8/8/4K3', 'b'), ['c3']);
  // The FEN keeps only what is possible.
  assert.equal(setupFen({ placement: '4k3/8/8/8/8/8/8/4K2R', turn: 'w', castling: 'KQkq', ep: 'e3' }), '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  assert.deepEqual(parseSetup('8/8/8/8/8/8/8/8 b - -'), { placement: '8/8/8/8/8/8/8/8', turn: 'b', castling: '', ep: '' });
});

test('impossible positions are refused with their reason', () => {
  const cases = [
    ['8/8/8/8/8/8/8/8 w - - 0 1', 'White has no king.'],
    ['4k3/8/8/8/8/8/8/8 w - - 0 1', 'White has no king.'],
    ['4k3/8/8/8/8/8/8/K6K w - - 0 1', 'White has 2 kings; there must be exactly one.'],
    ['4k3/8/8/8/8/8/8/4K2P w - - 0 1', 'A pawn stands on h1: pawns cannot be on the first or last rank.'],
    ['P3k3/8/8/8/8/8/8/4K3 w - - 0 1', 'A pawn stands on a8: pawns cannot be on the first or last rank.'],
    ['4k3/8/8/8/8/8/8/4R1K1 w - - 0 1', 'Black is in check, but it is White\'s move.'],
    ['4k3/8/8/8/8/8/PPPPPPPP/PPPPK3 w - - 0 1', 'A pawn stands on a1: pawns cannot be on the first or last rank.'],
  ];
  for (const [fen, why] of cases) assert.equal(setupProblem(parseSetup(fen)), why, fen);
  assert.equal(setupProblem(parseSetup('4k3/8/8/8/8/8/8/4K3 w - - 0 1')), '');
  assert.equal(setupProblem(parseSetup(`${START_PLACEMENT} w KQkq - 0 1`)), '');
  assert.match(setupProblem(parseSetup('4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1')), /9 pawns/);
});
