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

/**
 * moveAccuracy is the accuracy (0..100) of a move that dropped the mover's win% by
 * drop, on lichess's curve: 103.1668·e^(−0.04354·drop) − 3.1669, plus the one point
 * lichess adds for the evaluations' own imprecision. A move that loses nothing scores
 * 100.
 */
export function moveAccuracy(drop) {
  if (drop <= 0) return 100;
  const a = 103.1668100711649 * Math.exp(-0.04354415386753951 * drop) - 3.166924740191411 + 1;
  return Math.max(0, Math.min(100, a));
}

/**
 * gameAccuracy is lichess's mean of a list of move accuracies when no positional
 * weights are known: the mean of the arithmetic and harmonic means, so one blunder
 * pulls the figure down more than a plain average would. Accuracies under 1 count as
 * 1 in the harmonic mean (a 0 would make it 0 whatever else was played).
 */
export function gameAccuracy(list) {
  return weightedGameAccuracy(list.map((a) => ({ accuracy: a, weight: 1 })));
}

// weightedGameAccuracy averages [{accuracy, weight}] as lichess does: the mean of the
// volatility-weighted mean and the harmonic mean.
function weightedGameAccuracy(list) {
  if (!list.length) return null;
  const wsum = list.reduce((a, x) => a + x.weight, 0);
  const weighted = list.reduce((a, x) => a + x.accuracy * x.weight, 0) / wsum;
  const harm = list.length / list.reduce((a, x) => a + 1 / Math.max(1, x.accuracy), 0);
  return (weighted + harm) / 2;
}

// stdDev is the population standard deviation of xs.
function stdDev(xs) {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
}

/** ACPL_CAP is the centipawn bound each evaluation is clamped to before losses are summed (mates count as the bound). */
export const ACPL_CAP = 1000;

/**
 * gameStats computes both sides' accuracy and average centipawn loss the way lichess
 * does, from the evaluations of every position of a game (cps[0] the start position,
 * cps[i] after the i-th move, each White's view in centipawns, mates as ±MATE_CP) and
 * the colour that made the first move.
 *
 * Accuracy: each position's White win% (winPercent); each move's accuracy from the
 * mover's win% drop (moveAccuracy); each move weighted by how volatile the game was
 * around it: the standard deviation of the win% in a window of
 * clamp(moves/10, 2, 8) positions, bounded to [0.5, 12] (the first windows repeat the
 * first full one, so every move has a window); per side, the mean of the weighted mean
 * and the harmonic mean.
 *
 * ACPL: per side, the mean of max(0, before − after) from the mover's view with both
 * evaluations clamped to ±ACPL_CAP, rounded to a whole centipawn.
 *
 * It returns {accuracy: {w, b}, acpl: {w, b}}; a side without a move gets null.
 */
export function gameStats(cps, firstMover = 'w') {
  const wins = cps.map((cp) => winPercent(cp));
  const moves = cps.length - 1;
  const out = { accuracy: { w: null, b: null }, acpl: { w: null, b: null } };
  if (moves < 1) return out;
  const size = Math.max(2, Math.min(8, Math.floor(moves / 10)));
  const windows = [];
  const first = wins.slice(0, size);
  for (let i = 0; i < size - 2; i++) windows.push(first);
  for (let i = 0; i + size <= wins.length; i++) windows.push(wins.slice(i, i + size));
  const weights = windows.map((w) => Math.max(0.5, Math.min(12, stdDev(w))));
  const acc = { w: [], b: [] };
  const loss = { w: [], b: [] };
  const cap = (cp) => Math.max(-ACPL_CAP, Math.min(ACPL_CAP, cp));
  for (let i = 1; i <= moves; i++) {
    const mover = (i % 2 === 1) === (firstMover === 'w') ? 'w' : 'b';
    const sign = mover === 'w' ? 1 : -1;
    const drop = mover === 'w' ? wins[i - 1] - wins[i] : wins[i] - wins[i - 1];
    acc[mover].push({ accuracy: moveAccuracy(drop), weight: weights[Math.min(i - 1, weights.length - 1)] });
    loss[mover].push(Math.max(0, sign * (cap(cps[i - 1]) - cap(cps[i]))));
  }
  for (const c of ['w', 'b']) {
    out.accuracy[c] = weightedGameAccuracy(acc[c]);
    out.acpl[c] = loss[c].length ? Math.round(loss[c].reduce((a, b) => a + b, 0) / loss[c].length) : null;
  }
  return out;
}

/** evalBarFraction is the share of the bar White gets, 0..1. */
export function evalBarFraction(score) {
  if (!score) return 0.5;
  return winPercent(toCp(score)) / 100;
}
