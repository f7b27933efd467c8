// score.js: engine scores as people read them. Pure functions, no DOM.
//
// Scores arrive from the engine relative to the side to move (UCI convention); the
// player shows them from White's point of view. Win probability uses a logistic curve
// on centipawns (the constant is the one Lichess publishes for its accuracy figures),
// so a 300 cp drop at +8 matters less than at 0.

/** MATE_CP is the centipawn value used for a mate score in graphs and averages. */
export const MATE_CP = 10000;

/** whiteScore converts an engine info (scoreCp/scoreMate, side to move) to White's view: {cp, mate}. */
export function whiteScore(info, turn) {
  const sign = turn === 'w' ? 1 : -1;
  if (info.scoreMate !== undefined && info.scoreMate !== null) return { cp: null, mate: sign * info.scoreMate };
  if (info.scoreCp !== undefined && info.scoreCp !== null) return { cp: sign * info.scoreCp, mate: null };
  return null;
}

/** toCp gives a single number for a score (mates as ±MATE_CP, closer mates larger). */
export function toCp(score) {
  if (!score) return 0;
  if (score.mate !== null && score.mate !== undefined) {
    if (score.mate === 0) return 0;
    return Math.sign(score.mate) * (MATE_CP - Math.abs(score.mate));
  }
  return score.cp;
}

/** formatScore writes +1.25, -0.40, 0.00, #3 or #-2 (White's view). */
export function formatScore(score) {
  if (!score) return '…';
  if (score.mate !== null && score.mate !== undefined) return `#${score.mate}`;
  const v = score.cp / 100;
  return `${v > 0 ? '+' : ''}${v.toFixed(2)}`;
}

/** winPercent maps centipawns (White's view) to White's winning chances, 0..100. */
export function winPercent(cp) {
  const c = Math.max(-1000, Math.min(1000, cp));
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * c)) - 1);
}

/** moveAccuracy is the accuracy (0..100) of a move that dropped the mover's win% by drop. */
export function moveAccuracy(drop) {
  const a = 103.1668 * Math.exp(-0.04354 * Math.max(0, drop)) - 3.1669;
  return Math.max(0, Math.min(100, a));
}

/**
 * gameAccuracy averages move accuracies as the mean of the arithmetic and harmonic
 * means, so a single blunder pulls the figure down more than a plain average would.
 */
export function gameAccuracy(list) {
  if (!list.length) return null;
  const arith = list.reduce((a, b) => a + b, 0) / list.length;
  const harm = list.length / list.reduce((a, b) => a + 1 / Math.max(1, b), 0);
  return (arith + harm) / 2;
}

/** evalBarFraction is the share of the bar White gets, 0..1. */
export function evalBarFraction(score) {
  if (!score) return 0.5;
  return winPercent(toCp(score)) / 100;
}
