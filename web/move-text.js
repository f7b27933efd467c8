// move-text.js: a move typed as text, in SAN (Nf3, exd5, O-O, e8=Q, with or without
// +/#) or UCI (g1f3, e7e8q), read against a position. chess.js decides what is legal;
// this file only matches the text to one of chess.js's legal moves, and says why
// when it cannot: not a move, not legal here, ambiguous (naming the candidates), or
// a promotion without its piece. No DOM: move-input.js shows the result.
//
// Lenient where nothing is lost: the check and mate marks and trailing !/? are
// ignored (right or wrong), 0-0 and o-o are castling, "x" and "-" may be left out
// (Nd5 for a knight that captures there, ed5 for exd5, e2-e4), a from-square may be
// given in full (Ng1f3), the promotion's "=" may be left out and its piece written
// in lower case, figurines (♘f3) read as letters. A piece letter in lower case is
// read as that piece where no file has the letter (k, q, r, n); "b" is the b-file,
// and the bishop only when the pawn reading is not a legal move (bc4 with no b-pawn
// capture there), so "bxc3" with both legal is ambiguous, not a guess. A pawn move
// without a from-file is a push: "d5" never means exd5.

import { Chess } from 'chess.js';
import { t as tr } from './i18n.js';

/** MESSAGES are the texts this file returns, from the catalogue (web/i18n). */
export const MESSAGES = {
  empty: () => tr('move.empty'),
  syntax: (t) => tr('move.syntax', { text: t }),
  illegal: (t) => tr('move.illegal', { move: t }),
  ambiguous: (t, sans) => tr('move.ambiguous', { move: t, moves: orList(sans) }),
  promotion: (t, example) => tr('move.promotion', { move: t, example }),
  position: () => tr('move.noPosition'),
};

// MAX_TEXT: longer text is no move (the longest SAN, Qa1xb2=Q+ style, is far shorter).
const MAX_TEXT = 24;

const FIGURINES = { '♔': 'K', '♕': 'Q', '♖': 'R', '♗': 'B', '♘': 'N', '♙': 'P', '♚': 'K', '♛': 'Q', '♜': 'R', '♝': 'B', '♞': 'N', '♟': 'P' };

// SAN without its promotion piece: piece, from-file, from-rank, capture or dash, to-square.
const SAN_RE = /^([KQRBNP])?([a-h])?([1-8])?([x:-])?([a-h][1-8])$/;
const CASTLE_RE = /^([O0])-?\1(-?\1)?$/;

/**
 * parseMoveText reads text as a move in the position fen. It returns
 *   {move: {from, to, promotion?}, san, color}  for exactly one legal move, or
 *   {error, message}                            error one of 'empty', 'syntax',
 *                                               'illegal', 'ambiguous' (also
 *                                               candidates: their SANs), 'promotion',
 *                                               'position'
 * message is a sentence for the player, naming the text as typed.
 */
export function parseMoveText(fen, text) {
  const typed = String(text ?? '').trim();
  if (!typed) return fail('empty', MESSAGES.empty());
  if (typed.length > MAX_TEXT) return fail('syntax', MESSAGES.syntax(`${typed.slice(0, MAX_TEXT)}…`));
  let legal;
  try {
    legal = new Chess(fen).moves({ verbose: true });
  } catch {
    return fail('position', MESSAGES.position());
  }
  const t = [...typed.replace(/\s+/g, '')].map((c) => FIGURINES[c] || c).join('').replace(/(?:[+#]|!|\?)+$/, '');

  const castle = CASTLE_RE.exec(t.toUpperCase());
  if (castle) {
    const flag = castle[2] ? 'q' : 'k';
    return decide(typed, legal.filter((m) => m.flags.includes(flag)), null);
  }

  const uci = /^([a-h][1-8])-?([a-h][1-8])=?([qrbnQRBN])?$/.exec(t);
  if (uci) {
    const [, from, to, promo] = uci;
    return decide(typed, legal.filter((m) => m.from === from && m.to === to), promo ? promo.toLowerCase() : null);
  }

  // A promotion piece at the end (e8=Q, e8q, exd8=n) is read apart from the move.
  const promoted = /^(.*[a-h][18])=?([QRBNqrbn])$/.exec(t);
  const base = promoted ? promoted[1] : t;
  const promo = promoted ? promoted[2].toLowerCase() : null;
  const readings = sanReadings(base);
  if (!readings.length) return fail('syntax', MESSAGES.syntax(typed));
  const [pawnOrPiece, bishop] = readings.map((r) => legal.filter((m) => sanMatches(m, r, promo)));
  // A lower-case "b" reads as the bishop only when the b-file reading finds nothing;
  // when both find moves the text is ambiguous between them.
  let cands = pawnOrPiece;
  if (bishop && bishop.length) cands = pawnOrPiece.length ? pawnOrPiece.concat(bishop) : bishop;
  return decide(typed, cands, promo);
}

// sanReadings returns the ways t (SAN without its promotion piece) can be read:
// {piece, file, rank, capture, to}, a lower-case b's b-file reading first and its
// bishop reading second. A lower-case k, q, r, n or p is that piece (no file has
// the letter).
function sanReadings(t) {
  const out = [];
  const read = (s) => {
    const m = SAN_RE.exec(s);
    if (!m) return;
    const [, piece, file, rank, mark, to] = m;
    out.push({ piece: (piece || 'P').toLowerCase(), file, rank, capture: mark === 'x' || mark === ':', to });
  };
  const first = t[0];
  read('kqrnp'.includes(first) ? first.toUpperCase() + t.slice(1) : t);
  if (first === 'b' && t.length > 2) read(`B${t.slice(1)}`);
  return out;
}

// sanMatches says whether chess.js's verbose move m is what reading r names (promo:
// the promotion piece the text named, if any).
function sanMatches(m, r, promo) {
  if (m.piece !== r.piece || m.to !== r.to) return false;
  if (r.file && m.from[0] !== r.file) return false;
  if (r.rank && m.from[1] !== r.rank) return false;
  if (r.capture && !m.captured) return false;
  // A pawn move written without its file is a push (d5), never a capture.
  if (r.piece === 'p' && !r.file && m.from[0] !== m.to[0]) return false;
  if (promo && !m.promotion) return false;
  return true;
}

// decide turns the candidate moves for the text into the answer; promo is the
// promotion piece the text named (null: none).
function decide(typed, cands, promo) {
  let list = cands;
  if (list.some((m) => m.promotion)) {
    if (!promo) {
      const m = list[0];
      const example = /^[a-h][1-8]-?[a-h][1-8]$/.test(typed) ? `${m.from}${m.to}q` : `${sanStem(m.san).replace(/=[QRBN]$/, '')}=Q`;
      // Several pawns (or a pawn that can push or take) promoting: name them first.
      const squares = new Set(list.map((x) => x.from + x.to));
      if (squares.size > 1) return ambiguous(typed, [...new Set(list.map((x) => sanStem(x.san).replace(/=[QRBN]$/, '=Q')))]);
      return fail('promotion', MESSAGES.promotion(typed, example));
    }
    list = list.filter((m) => m.promotion === promo);
  } else if (promo) {
    list = [];
  }
  if (!list.length) return fail('illegal', MESSAGES.illegal(typed));
  // Candidates in board order (by from-square: file, then rank), so Nbd2 comes first.
  if (list.length > 1) return ambiguous(typed, list.slice().sort((a, b) => (a.from < b.from ? -1 : 1)).map((m) => sanStem(m.san)));
  const [m] = list;
  const move = { from: m.from, to: m.to };
  if (m.promotion) move.promotion = m.promotion;
  return { move, san: m.san, color: m.color };
}

function ambiguous(typed, sans) {
  const r = fail('ambiguous', MESSAGES.ambiguous(typed, sans));
  r.candidates = sans;
  return r;
}

function fail(error, message) {
  return { error, message };
}

// sanStem is a SAN without its check or mate mark.
function sanStem(san) {
  return san.replace(/[+#]$/, '');
}

/** orList joins words as "a or b", "a, b or c". */
export function orList(words) {
  if (words.length <= 1) return words.join('');
  return tr('pgn.or', { a: words.slice(0, -1).join(tr('list.comma')), b: words[words.length - 1] });
}
