// threat.js: the position threat mode searches. "What does the opponent threaten?" is
// the engine's best move if the side to move could pass: a null move, the same pieces
// with the other side to move and no en-passant square (the pawn that just moved two
// squares can no longer be taken en passant after a pass).

import { Chess } from 'chess.js';
import { t } from './i18n.js';

/**
 * nullMoveFen returns {fen} for the position after a pass by the side to move in fen,
 * or {error} when there is none: a side in check cannot pass (the king would be left
 * in check, so the other side could take it). The move counters advance as after a
 * move: the halfmove clock by one, the fullmove number after Black's pass.
 */
export function nullMoveFen(fen) {
  const c = new Chess(fen);
  const turn = c.turn();
  if (c.inCheck()) return { error: t(`threat.inCheck.${turn}`) };
  const [placement, , castling, , half = '0', full = '1'] = fen.trim().split(/\s+/);
  const other = turn === 'w' ? 'b' : 'w';
  const next = `${placement} ${other} ${castling} - ${Number(half) + 1} ${Number(full) + (turn === 'b' ? 1 : 0)}`;
  // chess.js normalises the FEN (and refuses a broken one, which a legal position
  // never gives).
  return { fen: new Chess(next).fen() };
}
