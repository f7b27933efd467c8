// position-setup.js: the board editor's rules, pure functions with no DOM: a
// position as {placement, turn, castling, ep}, the castling rights and en-passant
// squares it allows, the FEN it makes, and why it is impossible (chess.js's FEN
// check, then game.js's positionProblem, then the few rules neither knows).

import { Chess, validateFen } from 'chess.js';
import { positionProblem } from './game.js';
import { t } from './i18n.js';

export const START_PLACEMENT = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
export const EMPTY_PLACEMENT = '8/8/8/8/8/8/8/8';

const FILES = 'abcdefgh';

/** boardOf turns a FEN placement into a map square → piece ('wK'-style: colour + upper-case type). */
export function boardOf(placement) {
  const out = new Map();
  const rows = placement.split('/');
  rows.forEach((row, r) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += Number(ch);
      else {
        out.set(`${FILES[f]}${8 - r}`, `${ch === ch.toUpperCase() ? 'w' : 'b'}${ch.toUpperCase()}`);
        f++;
      }
    }
  });
  return out;
}

/** placementOf is boardOf's inverse. */
export function placementOf(board) {
  const rows = [];
  for (let r = 8; r >= 1; r--) {
    let row = '';
    let empty = 0;
    for (const f of FILES) {
      const p = board.get(`${f}${r}`);
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      row += p[0] === 'w' ? p[1] : p[1].toLowerCase();
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join('/');
}

/** parseSetup reads a FEN (4 to 6 fields) into {placement, turn, castling, ep}. */
export function parseSetup(fen) {
  const [placement, turn = 'w', castling = '-', ep = '-'] = String(fen).trim().split(/\s+/);
  return { placement, turn: turn === 'b' ? 'b' : 'w', castling: castling === '-' ? '' : castling, ep: ep === '-' ? '' : ep };
}

/**
 * castlingAllowed returns the castling letters ('KQkq' subset) the placement allows:
 * the king and that rook on their starting squares.
 */
export function castlingAllowed(placement) {
  const b = boardOf(placement);
  let out = '';
  if (b.get('e1') === 'wK') {
    if (b.get('h1') === 'wR') out += 'K';
    if (b.get('a1') === 'wR') out += 'Q';
  }
  if (b.get('e8') === 'bK') {
    if (b.get('h8') === 'bR') out += 'k';
    if (b.get('a8') === 'bR') out += 'q';
  }
  return out;
}

/**
 * epSquares returns the en-passant squares possible with turn to move: behind a pawn
 * of the other side that could just have moved two squares (its start and middle
 * squares empty).
 */
export function epSquares(placement, turn) {
  const b = boardOf(placement);
  const out = [];
  const them = turn === 'w' ? 'b' : 'w';
  const rank = turn === 'w' ? 5 : 4; // where their pawn stands
  const behind = turn === 'w' ? 6 : 3;
  const start = turn === 'w' ? 7 : 2;
  for (const f of FILES) {
    if (b.get(`${f}${rank}`) !== `${them}P`) continue;
    if (b.get(`${f}${behind}`) || b.get(`${f}${start}`)) continue;
    out.push(`${f}${behind}`);
  }
  return out;
}

/** setupFen writes the position as a full FEN (move counters 0 1). */
export function setupFen({ placement, turn, castling, ep }) {
  const allowed = castlingAllowed(placement);
  const c = 'KQkq'.split('').filter((x) => castling.includes(x) && allowed.includes(x)).join('');
  const e = ep && epSquares(placement, turn).includes(ep) ? ep : '-';
  return `${placement} ${turn} ${c || '-'} ${e} 0 1`;
}

/**
 * setupProblem returns why the position cannot be played from ('' when it can),
 * in words a person setting up a board understands.
 */
export function setupProblem(setup) {
  const b = boardOf(setup.placement);
  const count = (p) => [...b.values()].filter((x) => x === p).length;
  for (const c of ['w', 'b']) {
    const k = count(`${c}K`);
    if (k === 0) return t(`setup.noKing.${c}`);
    if (k > 1) return t(`setup.kings.${c}`, { count: k });
  }
  for (const [sq, p] of b) {
    if (p[1] === 'P' && (sq[1] === '1' || sq[1] === '8')) return t('setup.pawnRank', { square: sq });
  }
  const fen = setupFen(setup);
  const v = validateFen(fen);
  if (!v.ok) return String(v.error).replace(/^Invalid FEN:\s*/i, '');
  let chess;
  try {
    chess = new Chess(fen);
  } catch (e) {
    return String(e.message).replace(/^Invalid FEN:\s*/i, '');
  }
  return positionProblem(chess, fen) || '';
}
