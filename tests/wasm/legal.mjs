// Legal-move checks for the tests, by chess.js (independent of the engine).
import { Chess } from 'chess.js';

/** isLegal reports whether uci (e2e4, e7e8q) is legal after fen (null = start) and moves. */
export function isLegal(fen, moves, uci) {
  const g = fen ? new Chess(fen) : new Chess();
  for (const m of moves) g.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
  return g.moves({ verbose: true }).some((m) => m.from + m.to + (m.promotion || '') === uci);
}
