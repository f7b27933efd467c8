// long-game.mjs: a long legal game for benchmarks, the same on every run and machine:
// a fixed pseudo-random choice among the legal moves that do not end the game.
import { Chess } from 'chess.js';

// A small LCG: the same game on every run and machine.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** longGame returns plies UCI moves from the start position. */
export function longGame(plies) {
  const rand = rng(12345);
  const c = new Chess();
  const ucis = [];
  while (ucis.length < plies) {
    const moves = c.moves({ verbose: true });
    // Prefer moves that keep the game going; captures are rarer so it lasts longer.
    const quiet = moves.filter((m) => !m.captured);
    const pool = quiet.length && rand() < 0.85 ? quiet : moves;
    let m = null;
    for (let tries = 0; tries < 20 && !m; tries++) {
      const cand = pool[Math.floor(rand() * pool.length)];
      c.move(cand);
      if (c.isGameOver()) c.undo();
      else m = cand;
    }
    if (!m) throw new Error(`stuck after ${ucis.length} plies`);
    ucis.push(m.from + m.to + (m.promotion || ''));
  }
  return ucis;
}

