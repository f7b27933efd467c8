// judge.js: the verdict on one move, calibrated as lichess's game review (its
// Advice.scala): winning chances on the logistic curve of score.js, with an
// inaccuracy, a mistake and a blunder at 0.1 / 0.2 / 0.3 lost on lichess's -1..+1
// scale, which is 5 / 10 / 15 points of winPercent's 0..100; and the two mate
// verdicts, "Checkmate is now unavoidable" (a move that lets the opponent force
// mate) and "Lost forced checkmate sequence" (a move that gives a forced mate away).
// Pure functions, no DOM: node tests call them on hand-made evaluations.

import { t } from './i18n.js';

/** Thresholds in points of the mover's winning chances (0..100) lost by a move. */
export const THRESHOLDS = { inaccuracy: 5, mistake: 10, blunder: 15 };

// A verdict's label is its words in the current language; its class, the key of
// VERDICT, names it in CSS and in the graph's marks whatever the language.
const VERDICT = {
  blunder: { nag: 4, class: 'blunder', get label() { return t('judge.blunder'); }, symbol: '??' },
  mistake: { nag: 2, class: 'mistake', get label() { return t('judge.mistake'); }, symbol: '?' },
  inaccuracy: { nag: 6, class: 'inaccuracy', get label() { return t('judge.inaccuracy'); }, symbol: '?!' },
};

/** mateCreated and mateLost are the two mate verdicts' words, as lichess writes them. */
export const mateCreated = () => t('judge.mateCreated');
export const mateLost = () => t('judge.mateLost');

/** winningChances maps centipawns (any side's view) to -1..+1, clamped at ±1000 cp as lichess does. */
export function winningChances(cp) {
  const c = Math.max(-1000, Math.min(1000, cp));
  return 2 / (1 + Math.exp(-0.00368208 * c)) - 1;
}

/**
 * chancesLost is what a move cost its mover (sign 1 for White, -1 for Black) in
 * lichess's points of winning chances (0..100; negative when it gained), from
 * before to after, White's centipawns.
 */
export function chancesLost(sign, before, after) {
  return 50 * (winningChances(sign * before) - winningChances(sign * after));
}

/**
 * judgeMove returns the verdict on a move by mover ('w' or 'b') from before, White's
 * score ({cp, mate}) in the position before the move, to after, White's score after
 * it, or null for a move that loses less than an inaccuracy. afterMated says the move
 * checkmated (never judged). The verdict is {nag, label, symbol, kind, drop}: kind
 * 'cp' (drop is the lost winning chances in points, 0..100), 'mate-created' or
 * 'mate-lost' (lead is then the mate wording; drop is null).
 *
 * Mate verdicts follow lichess: a move after which the opponent mates by force, from a
 * position without a mate against the mover, is a blunder, or only a mistake when the
 * mover was already 7 pawns down, an inaccuracy at 10; a move that gives up a forced
 * mate (none after, or the opponent's) is a blunder, or a mistake when the mover is
 * still 7 pawns up, an inaccuracy at 10.
 */
export function judgeMove(mover, before, after, { afterMated = false } = {}) {
  if (afterMated) return null;
  const sign = mover === 'w' ? 1 : -1;
  const pm = isMate(before) ? sign * before.mate : null;
  const nm = isMate(after) ? sign * after.mate : null;
  if (pm === null && nm === null) {
    const drop = chancesLost(sign, before.cp, after.cp);
    const v = drop >= THRESHOLDS.blunder ? VERDICT.blunder : drop >= THRESHOLDS.mistake ? VERDICT.mistake : drop >= THRESHOLDS.inaccuracy ? VERDICT.inaccuracy : null;
    return v && { ...v, label: v.label, kind: 'cp', lead: v.label, drop };
  }
  const prevCp = pm === null ? sign * before.cp : 0;
  const nextCp = nm === null ? sign * after.cp : 0;
  if (pm === null && nm < 0) {
    const v = prevCp < -999 ? VERDICT.inaccuracy : prevCp < -700 ? VERDICT.mistake : VERDICT.blunder;
    return { ...v, label: v.label, kind: 'mate-created', lead: mateCreated(), drop: null };
  }
  if (pm > 0 && (nm === null || nm < 0)) {
    const v = nextCp > 999 ? VERDICT.inaccuracy : nextCp > 700 ? VERDICT.mistake : VERDICT.blunder;
    return { ...v, label: v.label, kind: 'mate-lost', lead: mateLost(), drop: null };
  }
  return null;
}

/** isMate says score ({cp, mate}) is a forced mate for either side. */
export function isMate(score) {
  return score.mate !== null && score.mate !== undefined && score.mate !== 0;
}
