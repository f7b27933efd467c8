// Unit tests of the screen-reader mode's words (web/speech.js), no browser: moves from
// SAN (captures, checks, castling, promotion, en passant, disambiguation), a position
// read piece by piece, and the clocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveWords, sideMoveWords, isEnPassant, positionWords, clockWords, durationWords } from '../../web/speech.js';

test('moves in words', () => {
  const rows = [
    { san: 'Nxd5+', color: 'b', want: 'Knight takes d5, check' },
    { san: 'O-O', color: 'w', want: 'White castles kingside' },
    { san: 'O-O-O+', color: 'b', want: 'Black castles queenside, check' },
    { san: 'e8=Q#', color: 'w', want: 'Pawn to e8, promotes to queen, checkmate' },
    { san: 'exd8=N', color: 'w', want: 'Pawn from e takes d8, promotes to knight' },
    { san: 'e4', color: 'w', want: 'Pawn to e4' },
    { san: 'Nbd2', color: 'w', want: 'Knight from b to d2' },
    { san: 'R1a3', color: 'w', want: 'Rook from 1 to a3' },
    { san: 'Qh4xe1#', color: 'b', want: 'Queen from h4 takes e1, checkmate' },
    { san: 'Kf1', color: 'w', want: 'King to f1' },
    { san: 'Bb5!?', color: 'w', want: 'Bishop to b5' },
  ];
  for (const r of rows) assert.equal(moveWords(r.san, r.color), r.want, r.san);
  assert.equal(moveWords('exd6', 'w', { enPassant: true }), 'Pawn from e takes d6, en passant');
  assert.equal(moveWords('--', 'w'), '--', 'what it cannot read comes back as it is');
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  assert.equal(sideMoveWords('Nf3', 'w', start), 'White: Knight to f3');
  assert.equal(sideMoveWords('O-O', 'b', start), 'Black castles kingside', 'castling names the side already');
  assert.equal(sideMoveWords('exd6', 'w', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3'), 'White: Pawn from e takes d6, en passant');
});

test('en passant is told from the position before the move', () => {
  const before = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3';
  assert.equal(isEnPassant('exd6', before), true);
  assert.equal(isEnPassant('exf6', before), true);
  assert.equal(isEnPassant('Nf3', before), false);
  assert.equal(isEnPassant('exd5', 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'), false);
});

test('a position read piece by piece, White first', () => {
  assert.equal(
    positionWords('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'),
    'White: king e1, queen d1, rooks a1 and h1, bishops c1 and f1, knights b1 and g1, pawns a2, b2, c2, d2, e2, f2, g2 and h2. '
    + 'Black: king e8, queen d8, rooks a8 and h8, bishops c8 and f8, knights b8 and g8, pawns a7, b7, c7, d7, e7, f7, g7 and h7. White to move.',
  );
  assert.equal(positionWords('6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1'), 'White: king g1, rook a1. Black: king g8, pawns f7, g7 and h7. Black to move.');
});

test('clocks in words', () => {
  assert.equal(clockWords(null), 'This game has no clock.');
  assert.equal(clockWords({ w: 272000, b: 300000, running: 'w' }), 'White 4 minutes 32 seconds, Black 5 minutes. White\'s clock is running.');
  assert.equal(clockWords({ w: 180000, b: 180000, running: null, started: false }), 'White 3 minutes, Black 3 minutes. The clocks start with White\'s first move.');
  assert.equal(clockWords({ w: 9900, b: 61000, running: null }), 'White 9 seconds, Black 1 minute 1 second.');
  assert.equal(durationWords(3_900_000), '1 hour 5 minutes');
  assert.equal(durationWords(0), '0 seconds');
  assert.equal(durationWords(-5), '0 seconds');
});
