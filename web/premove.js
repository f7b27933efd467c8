// premove.js: which premoves the board offers. While the engine thinks, the user may
// queue moves of their own pieces, one after the other. Each is checked against the
// position after the ones before it with the user to move (the engine's replies are
// not known yet): the moves chess.js allows there. Whether a premove is still legal is
// decided when the engine's move has landed (play.js plays it then, or drops it and
// every one after it).

import { Chess } from 'chess.js';

/**
 * userToMove returns fen with the other side to move and no en-passant square (the
 * square belonged to the side that just moved), or null when chess.js refuses that
 * position (the user's side would be giving check, for instance).
 */
export function userToMove(fen) {
  const f = fen.split(' ');
  f[1] = f[1] === 'w' ? 'b' : 'w';
  f[3] = '-';
  const flipped = f.join(' ');
  try {
    new Chess(flipped);
    return flipped;
  } catch {
    return null;
  }
}

/** premoveDests returns the premoves from square in fen (the engine to move), as chess.js verbose moves. */
export function premoveDests(fen, square) {
  const f = userToMove(fen);
  if (!f) return [];
  try {
    return new Chess(f).moves({ square, verbose: true });
  } catch {
    return [];
  }
}

/** premoveLegal reports whether {from, to, promotion} is a premove offered in fen. */
export function premoveLegal(fen, move) {
  return premoveDests(fen, move.from).some((m) => m.to === move.to && (!m.promotion || !move.promotion || m.promotion === move.promotion));
}

/**
 * premoveChain plays the queued premoves moves ({from, to, promotion}) in order from
 * fen (the engine to move), each with the user to move, and returns the positions
 * after each ({fen, san}, the engine to move in fen) as far as they go: a move that
 * is no premove there ends the list, so a shorter list than moves says which one
 * failed.
 */
export function premoveChain(fen, moves) {
  const out = [];
  let cur = fen;
  for (const m of moves) {
    const f = userToMove(cur);
    if (!f) break;
    try {
      const c = new Chess(f);
      const r = c.move({ from: m.from, to: m.to, promotion: m.promotion });
      cur = c.fen();
      out.push({ fen: cur, san: r.san });
    } catch {
      break;
    }
  }
  return out;
}
