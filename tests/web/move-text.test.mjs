// Unit tests of the typed move input's parser (web/move-text.js), no browser: SAN and
// UCI against hand-made positions, table-driven: ambiguity (by file, by rank, the
// lower-case b), promotion (with and without "=", lower case, missing piece),
// castling (O-O, 0-0, o-o, long, without the right), check and mate suffixes right
// or wrong, captures written without "x", and bad input with its exact message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMoveText, orList } from '../../web/move-text.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_E4_D5 = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
// Knights on b1 and f3, d2 empty: Nd2 needs its file.
const TWO_KNIGHTS = 'rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3';
// Rooks on a1 and a5: Ra3 needs its rank.
const TWO_ROOKS = '4k3/8/8/R7/8/8/8/R3K3 w - - 0 1';
const PROMOTE = '3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1';
const CASTLE = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
const CASTLE_BLACK = 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1';
const NO_RIGHTS = 'r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1';
// Before 4.Qxf7#.
const MATE_IN_ONE = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';
// A b-pawn and a bishop can both take on c3.
const PAWN_OR_BISHOP = '4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1';
const EN_PASSANT = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3';
const MATED = 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4';

test('legal moves in SAN and UCI, leniently written', () => {
  const rows = [
    { name: 'san-knight', fen: START, text: 'Nf3', uci: 'g1f3', san: 'Nf3' },
    { name: 'lower-case-knight', fen: START, text: 'nf3', uci: 'g1f3' },
    { name: 'uci', fen: START, text: 'g1f3', uci: 'g1f3' },
    { name: 'long-san', fen: START, text: 'Ng1f3', uci: 'g1f3' },
    { name: 'long-san-dash', fen: START, text: 'Ng1-f3', uci: 'g1f3' },
    { name: 'figurine', fen: START, text: '♘f3', uci: 'g1f3' },
    { name: 'spaces', fen: START, text: '  N f3 ', uci: 'g1f3' },
    { name: 'pawn-push', fen: START, text: 'e4', uci: 'e2e4' },
    { name: 'pawn-letter', fen: START, text: 'Pe4', uci: 'e2e4' },
    { name: 'uci-dash', fen: START, text: 'e2-e4', uci: 'e2e4' },
    { name: 'pawn-capture', fen: AFTER_E4_D5, text: 'exd5', uci: 'e4d5', san: 'exd5' },
    { name: 'pawn-capture-no-x', fen: AFTER_E4_D5, text: 'ed5', uci: 'e4d5' },
    { name: 'pawn-capture-colon', fen: AFTER_E4_D5, text: 'e:d5', uci: 'e4d5' },
    { name: 'en-passant', fen: EN_PASSANT, text: 'exd6', uci: 'e5d6', san: 'exd6' },
    { name: 'en-passant-suffix', fen: EN_PASSANT, text: 'exd6 e.p.', error: 'syntax' },
    { name: 'file-disambiguation', fen: TWO_KNIGHTS, text: 'Nbd2', uci: 'b1d2', san: 'Nbd2' },
    { name: 'file-disambiguation-f', fen: TWO_KNIGHTS, text: 'Nfd2', uci: 'f3d2' },
    { name: 'square-disambiguation', fen: TWO_KNIGHTS, text: 'Nf3d2', uci: 'f3d2' },
    { name: 'rank-disambiguation', fen: TWO_ROOKS, text: 'R1a3', uci: 'a1a3', san: 'R1a3' },
    { name: 'lower-b-pawn', fen: AFTER_E4_E5, text: 'b3', uci: 'b2b3' },
    { name: 'lower-b-bishop', fen: AFTER_E4_E5, text: 'bc4', uci: 'f1c4', san: 'Bc4' },
    { name: 'lower-b-bishop-b-file', fen: AFTER_E4_E5, text: 'bb5', uci: 'f1b5', san: 'Bb5' },
    { name: 'upper-b-bishop', fen: PAWN_OR_BISHOP, text: 'Bxc3', uci: 'd2c3' },
    { name: 'lower-b-with-x-pawn-only', fen: '4k3/8/8/8/8/2n5/1P6/4K3 w - - 0 1', text: 'bxc3', uci: 'b2c3' },
    { name: 'lower-queen', fen: MATE_IN_ONE, text: 'qxf7', uci: 'h5f7', san: 'Qxf7#' },
  ];
  for (const r of rows) {
    const got = parseMoveText(r.fen, r.text);
    if (r.error) {
      assert.equal(got.error, r.error, r.name);
      continue;
    }
    assert.equal(got.error, undefined, `${r.name}: ${got.message}`);
    assert.equal(got.move.from + got.move.to + (got.move.promotion || ''), r.uci, r.name);
    if (r.san) assert.equal(got.san, r.san, r.name);
  }
});

test('check and mate suffixes are accepted, right or wrong, and so are !/? glyphs', () => {
  for (const text of ['Qxf7#', 'Qxf7', 'Qxf7+', 'Qxf7++', 'Qf7', 'Qxf7!!', 'Qxf7#?!', 'h5f7']) {
    const got = parseMoveText(MATE_IN_ONE, text);
    assert.equal(got.san, 'Qxf7#', text);
  }
  // A suffix on a quiet move changes nothing either.
  assert.equal(parseMoveText(START, 'Nf3+').san, 'Nf3');
  assert.equal(parseMoveText(START, 'e4#').san, 'e4');
});

test('castling: O-O, 0-0, o-o and the long forms, for both sides; refused without the right', () => {
  const rows = [
    { fen: CASTLE, text: 'O-O', uci: 'e1g1', san: 'O-O' },
    { fen: CASTLE, text: '0-0', uci: 'e1g1' },
    { fen: CASTLE, text: 'o-o', uci: 'e1g1' },
    { fen: CASTLE, text: 'OO', uci: 'e1g1' },
    { fen: CASTLE, text: 'O-O+', uci: 'e1g1' },
    { fen: CASTLE, text: 'e1g1', uci: 'e1g1', san: 'O-O' },
    { fen: CASTLE, text: 'O-O-O', uci: 'e1c1', san: 'O-O-O' },
    { fen: CASTLE, text: '0-0-0', uci: 'e1c1' },
    { fen: CASTLE, text: 'o-o-o', uci: 'e1c1' },
    { fen: CASTLE_BLACK, text: 'O-O', uci: 'e8g8' },
    { fen: CASTLE_BLACK, text: 'O-O-O', uci: 'e8c8' },
  ];
  for (const r of rows) {
    const got = parseMoveText(r.fen, r.text);
    assert.equal(got.error, undefined, `${r.text}: ${got.message}`);
    assert.equal(got.move.from + got.move.to, r.uci, r.text);
    if (r.san) assert.equal(got.san, r.san);
  }
  assert.deepEqual(parseMoveText(NO_RIGHTS, 'O-O'), { error: 'illegal', message: 'O-O is not legal here.' });
  assert.deepEqual(parseMoveText(NO_RIGHTS, '0-0-0'), { error: 'illegal', message: '0-0-0 is not legal here.' });
  assert.deepEqual(parseMoveText(START, 'O-O'), { error: 'illegal', message: 'O-O is not legal here.' });
});

test('promotion: =Q, Q, lower case, UCI, a capture; a missing piece is asked for', () => {
  const rows = [
    { text: 'e8=Q', uci: 'e7e8q', san: 'e8=Q' },
    { text: 'e8Q', uci: 'e7e8q' },
    { text: 'e8=q', uci: 'e7e8q' },
    { text: 'e8q', uci: 'e7e8q' },
    { text: 'e8=N', uci: 'e7e8n', san: 'e8=N' },
    { text: 'e8=R+', uci: 'e7e8r' },
    { text: 'e7e8q', uci: 'e7e8q' },
    { text: 'e7e8Q', uci: 'e7e8q' },
    { text: 'e7e8b', uci: 'e7e8b' },
    { text: 'exd8=Q', uci: 'e7d8q', san: 'exd8=Q' },
    { text: 'exd8n', uci: 'e7d8n' },
  ];
  for (const r of rows) {
    const got = parseMoveText(PROMOTE, r.text);
    assert.equal(got.error, undefined, `${r.text}: ${got.message}`);
    assert.equal(got.move.from + got.move.to + got.move.promotion, r.uci, r.text);
    if (r.san) assert.equal(got.san, r.san);
  }
  assert.deepEqual(parseMoveText(PROMOTE, 'e8'), { error: 'promotion', message: 'e8 needs a piece to promote to, for example e8=Q.' });
  assert.deepEqual(parseMoveText(PROMOTE, 'exd8'), { error: 'promotion', message: 'exd8 needs a piece to promote to, for example exd8=Q.' });
  assert.deepEqual(parseMoveText(PROMOTE, 'e7e8'), { error: 'promotion', message: 'e7e8 needs a piece to promote to, for example e7e8q.' });
  assert.equal(parseMoveText(PROMOTE, 'e8=K').error, 'syntax', 'no promotion to a king');
  assert.deepEqual(parseMoveText(START, 'e4=Q'), { error: 'syntax', message: '"e4=Q" is not a move: type it as Nf3, exd5, O-O, e8=Q or g1f3.' });
  assert.deepEqual(parseMoveText(START, 'e2e4q'), { error: 'illegal', message: 'e2e4q is not legal here.' }, 'a promotion piece on a move that does not promote');
});

test('ambiguity names every candidate, in SAN', () => {
  assert.deepEqual(parseMoveText(TWO_KNIGHTS, 'Nd2'), { error: 'ambiguous', message: 'Nd2 is ambiguous: Nbd2 or Nfd2.', candidates: ['Nbd2', 'Nfd2'] });
  assert.deepEqual(parseMoveText(TWO_ROOKS, 'Ra3'), { error: 'ambiguous', message: 'Ra3 is ambiguous: R1a3 or R5a3.', candidates: ['R1a3', 'R5a3'] });
  // A lower-case b that is both a pawn capture and a bishop move is not guessed.
  assert.deepEqual(parseMoveText(PAWN_OR_BISHOP, 'bxc3'), { error: 'ambiguous', message: 'bxc3 is ambiguous: bxc3 or Bxc3.', candidates: ['bxc3', 'Bxc3'] });
  assert.equal(orList(['a', 'b', 'c']), 'a, b or c');
  assert.equal(orList(['a']), 'a');
});

test('illegal moves and bad input get their exact message', () => {
  const rows = [
    { fen: START, text: 'Nf6', error: 'illegal', message: 'Nf6 is not legal here.' },
    { fen: START, text: 'e5', error: 'illegal', message: 'e5 is not legal here.' },
    { fen: START, text: 'Ke2', error: 'illegal', message: 'Ke2 is not legal here.' },
    { fen: START, text: 'a1a1', error: 'illegal', message: 'a1a1 is not legal here.' },
    { fen: START, text: 'Nxf3', error: 'illegal', message: 'Nxf3 is not legal here.' },
    { fen: AFTER_E4_D5, text: 'd5', error: 'illegal', message: 'd5 is not legal here.' },
    { fen: AFTER_E4_D5, text: 'exe5', error: 'illegal', message: 'exe5 is not legal here.' },
    { fen: MATED, text: 'e6', error: 'illegal', message: 'e6 is not legal here.' },
    { fen: START, text: '', error: 'empty', message: 'Type a move, for example Nf3, exd5, O-O, e8=Q or g1f3.' },
    { fen: START, text: '   ', error: 'empty' },
    { fen: START, text: 'hello', error: 'syntax', message: '"hello" is not a move: type it as Nf3, exd5, O-O, e8=Q or g1f3.' },
    { fen: START, text: 'e9', error: 'syntax' },
    { fen: START, text: 'Nz3', error: 'syntax' },
    { fen: START, text: 'Kxx', error: 'syntax' },
    { fen: START, text: 'e2e9', error: 'syntax' },
    { fen: START, text: 'E4', error: 'syntax', message: '"E4" is not a move: type it as Nf3, exd5, O-O, e8=Q or g1f3.' },
    { fen: START, text: '<img src=x>', error: 'syntax' },
    { fen: START, text: 'O-O-O-O', error: 'syntax' },
    { fen: START, text: 'N'.repeat(40), error: 'syntax', message: `"${'N'.repeat(24)}…" is not a move: type it as Nf3, exd5, O-O, e8=Q or g1f3.` },
    { fen: 'not a fen', text: 'e4', error: 'position', message: 'There is no position to play a move in.' },
    { fen: START, text: null, error: 'empty' },
  ];
  for (const r of rows) {
    const got = parseMoveText(r.fen, r.text);
    assert.equal(got.error, r.error, `${r.text}: ${got.message}`);
    if (r.message) assert.equal(got.message, r.message, String(r.text));
    assert.equal(got.move, undefined);
  }
});
